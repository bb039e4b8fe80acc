"""Every kind of page fits every screen from a small phone (360 px) to a wide desktop (1920 px):
nothing wider than the window, no part of the page outside it. The screenshots the docs show
(docs/home-390.png and the others) are made here, from the release binary, at a phone's 390 px
and a laptop's 1280 px (see PICTURES)."""

from conftest import PICTURES, every_kind_of_page, open_home

WIDTHS = [360, 390, 768, 1280, 1920]

# Each visible element whose box leaves the window, named by its tag, id and classes; and
# whether the page scrolls sideways. Fixed elements (the live status) place themselves.
OUTSIDE = """() => {
    const width = document.documentElement.clientWidth;
    const found = [];
    if (document.documentElement.scrollWidth > width) {
        found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    }
    for (const element of document.body.querySelectorAll("*")) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || getComputedStyle(element).position === "fixed") continue;
        if (box.left < -0.5 || box.right > width + 0.5) {
            const name = element.tagName.toLowerCase() + (element.id ? "#" + element.id : "")
                + [...element.classList].map(c => "." + c).join("");
            found.push(`${name} spans ${Math.round(box.left)}..${Math.round(box.right)}`);
        }
    }
    return found;
}"""


def test_every_kind_of_page_fits_every_width_from_360_to_1920_px(browser, start_app):
    app = start_app("seed=4", "--inspector")
    context = browser.new_context()
    home = open_home(context, app)
    pages = every_kind_of_page(home)
    page = context.new_page()
    checked = 0
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        for kind, path in pages.items():
            page.goto(app.url + path)
            page.wait_for_load_state("networkidle")
            outside = page.evaluate(OUTSIDE)
            assert outside == [], f"{kind} ({path}) at {width} px: {outside}"
            checked += 1
    assert checked == len(WIDTHS) * len(pages)
    context.close()


def test_the_screenshots_in_the_docs_are_made_from_the_release_binary(browser, start_app):
    app = start_app("seed=4")
    for width, device in ((390, "phone"), (1280, "laptop")):
        context = browser.new_context(viewport={"width": width, "height": 844 if device == "phone" else 800})
        home = open_home(context, app)
        person = home.locator("#list li a").first.get_attribute("href")
        for name, path in (("home", "/"), ("person", person)):
            page = context.new_page()
            page.goto(app.url + path)
            page.wait_for_load_state("networkidle")
            shot = PICTURES / f"{name}-{width}.png"
            page.screenshot(path=shot)
            # A PNG's width is the big-endian number at bytes 16..20 of its header.
            assert int.from_bytes(shot.read_bytes()[16:20], "big") == width, shot
            page.close()
        context.close()
