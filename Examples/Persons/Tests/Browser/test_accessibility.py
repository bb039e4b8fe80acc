"""Every kind of page the app serves, checked by axe-core (axe-playwright-python, a checker
nobody here wrote) with both switches on and then off: no violation of any rule axe runs."""

from axe_playwright_python.sync_playwright import Axe

from conftest import every_kind_of_page, open_home


def test_every_kind_of_page_passes_axe_with_the_switches_on_and_off(browser, start_app):
    app = start_app("seed=4", "--inspector")
    # axe is put into the page by a script, which the pages' Content Security Policy refuses:
    # this context alone lets it in.
    context = browser.new_context(viewport={"width": 900, "height": 1100}, bypass_csp=True)
    axe = Axe()
    home = open_home(context, app)
    pages = every_kind_of_page(home)
    # The page just after a delete, which says who went, with Undo: the second person listed.
    deleting = context.new_page()
    deleting.goto(app.url + home.locator("#list li a").nth(1).get_attribute("href") + "/delete")
    deleting.click("main.confirm button")
    deleting.wait_for_selector(".notice")
    pages["the page after a delete"] = deleting.evaluate("location.pathname + location.search")
    deleting.close()
    checked = []
    for switches in ("on", "off"):
        if switches == "off":
            for name in ("isRegion", "isUsername"):
                home.click(f"#switches button[name={name}]")
                home.wait_for_selector(f"#switches button[name={name}][aria-pressed=false]")
        for kind, path in pages.items():
            page = context.new_page()
            page.goto(app.url + path)
            page.wait_for_load_state("networkidle")
            results = axe.run(page)
            found = [f"{v['id']} ({v['impact']}): {v['help']} at {v['nodes'][0]['target']}"
                     for v in results.response["violations"]]
            assert not found, f"{kind} ({path}), switches {switches}: {found}"
            checked.append(kind)
            page.close()
    assert len(checked) == 2 * len(pages)
    context.close()
