"""The screens in a real browser."""

import re
import urllib.parse

from playwright.sync_api import Error as PlaywrightError

from conftest import HOSTILE_NAME, PICTURES, address, eventually, open_home


def test_home_lists_people_grouped_by_region(context, app):
    page = open_home(context, app)
    regions = page.locator("#list h2").all_inner_texts()
    assert len(regions) > 3
    assert regions == sorted(regions)
    assert page.locator("#list li").count() == 100
    assert page.locator("#list .generation").first.inner_text() in {"Child", "Teen", "Young adult", "Middle-aged", "Senior"}


def test_a_switch_flipped_in_one_tab_changes_the_other(context, app):
    first = open_home(context, app)
    second = open_home(context, app)
    second.evaluate("window.notReloaded = true")
    assert second.locator("#list h2").count() > 0

    first.evaluate("window.notReloaded = true")
    first.click("#switches button[name=isRegion]")

    eventually(lambda: second.locator("#list h2").count() == 0)
    eventually(lambda: first.locator("#list h2").count() == 0)
    assert second.evaluate("window.notReloaded") is True
    assert first.evaluate("window.notReloaded") is True, "the switch reloaded the page instead of posting in place"
    assert second.get_attribute("#switches button[name=isRegion]", "aria-pressed") == "false"


def all_found(page, text):
    """Whether the list shows names and each has a word starting with `text`. The fixture's
    usernames start with colours and moods, so searches for other letters find names only."""
    names = page.locator("#list .name").all_inner_texts()
    return bool(names) and all(
        any(word.lower().startswith(text.lower()) for word in name.split()) for name in names)


def test_a_row_always_shows_the_name_and_the_username_switch_adds_the_username_beside_it(context, app):
    page = open_home(context, app)
    assert page.get_attribute("#switches button[name=isUsername]", "aria-pressed") == "true"
    rows = page.locator("#list li").count()
    assert rows > 0
    assert page.locator("#list li .name").count() == rows and page.locator("#list li .username").count() == rows
    assert all(name.strip() for name in page.locator("#list .name").all_inner_texts())
    page.click("#switches button[name=isUsername]")
    page.wait_for_selector("#switches button[name=isUsername][aria-pressed=false]")
    eventually(lambda: page.locator("#list .username").count() == 0)
    assert page.locator("#list li .name").count() == rows


def test_the_region_filter_offers_the_regions_present_with_their_counts(context, app):
    page = open_home(context, app)
    options = page.locator("#search-options select[name=region] option").all_inner_texts()
    assert options[0] == "Everyone"
    offered = [re.fullmatch(r"([A-Z]{2}) \((\d+)\)", option) for option in options[1:]]
    assert offered and all(offered), options
    everyone = int(page.inner_text("#summary .summary").split()[0])
    assert sum(int(match.group(2)) for match in offered) == everyone
    region, count = offered[0].group(1), int(offered[0].group(2))
    page.select_option("#search-options select[name=region]", region)
    page.click("#search-options button[type=submit]")
    eventually(lambda: page.inner_text("#summary .summary").split()[0] == str(count))
    assert page.locator(f"#search-options select[name=region] option[value={region}][selected]").count() == 1


def test_search_lists_people_with_a_word_starting_with_the_text(context, app):
    page = open_home(context, app)
    everyone = page.inner_text("#summary .summary")
    page.fill("#search input", "Ma")

    def listed():
        return all_found(page, "Ma")

    eventually(listed)
    assert page.inner_text("#summary .summary") != everyone
    assert page.input_value("#search input") == "Ma"


def test_the_list_jumps_by_letter_lands_at_the_top_of_the_list_and_narrows_by_a_filter(context, app):
    page = open_home(context, app)
    for name in ["isRegion", "isUsername"]:
        page.click(f"#switches button[name={name}]")
        page.wait_for_selector(f"#switches button[name={name}][aria-pressed=false]")
    page.locator("#list .jumps").scroll_into_view_if_needed()
    assert page.evaluate("window.scrollY") > 0, "the jumps are below the first screen"
    page.click("#list .jumps a:text-is('M')")
    eventually(lambda: page.locator("#list .name").first.inner_text()[:1].upper() >= "M")
    assert page.locator("#list .pages a", has_text="Previous").count() == 1
    assert address(page).endswith("/?at=from%3AM#list")
    # Landed: the first row is on the screen, and nothing (the bar) covers it.
    first_row = page.locator("#list li a").first
    box = first_row.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"], box
    assert page.evaluate("""([x, y]) => document.elementFromPoint(x, y).closest("#list li") !== null""",
                         [box["x"] + 5, box["y"] + box["height"] / 2])

    everyone = int(page.inner_text("#summary .summary").split()[0])
    page.select_option("#search-options select[name=gender]", "female")
    page.click("#search-options button[type=submit]")
    eventually(lambda: int(page.inner_text("#summary .summary").split()[0]) < everyone)
    assert page.locator("#search-options select[name=gender]").input_value() == "female"
    assert page.locator("#list .pages a", has_text="Previous").count() == 0, "a filter starts the list again"
    assert address(page).endswith("/?gender=female")


def test_a_field_being_typed_in_is_never_overwritten_by_a_live_part(context, app):
    typing = open_home(context, app)
    other = open_home(context, app)
    typing.click("#switches button[name=isUsername]")
    typing.wait_for_selector("#switches button[name=isUsername][aria-pressed=false]")

    typing.click("#search input")
    typing.keyboard.type("Ma")
    eventually(lambda: all_found(typing, "Ma"))

    # A switch flipped in another tab re-renders this tab's parts: the box being typed in keeps
    # its text, its focus and its caret.
    other.click("#switches button[name=isRegion]")
    eventually(lambda: typing.get_attribute("#switches button[name=isRegion]", "aria-pressed") == "false")
    assert typing.input_value("#search input") == "Ma"
    assert typing.evaluate("document.activeElement.name") == "q"
    assert typing.evaluate("document.activeElement.selectionStart") == 2

    # Typing goes on in the kept box, and the address follows it.
    typing.keyboard.type("r")
    assert typing.input_value("#search input") == "Mar"
    eventually(lambda: address(typing).endswith("/?q=Mar"))
    eventually(lambda: all_found(typing, "Mar"))


def test_detail_by_link_and_by_deep_link(context, app):
    page = open_home(context, app)
    first = page.locator("#list li a").first
    href = first.get_attribute("href")
    first.click()
    page.wait_for_selector("#person h1")
    assert address(page).endswith(href)
    for label in ["Name", "Nick", "Email", "Age", "Region", "Phone"]:
        assert page.locator("#person dt", has_text=label).count() == 1
    name = page.locator("#person h1").inner_text()

    deep = context.new_page()
    deep.goto(app.url + href)
    assert deep.locator("#person h1").inner_text() == name


def test_an_unknown_person_gets_a_not_found_page(context, app):
    page = context.new_page()
    response = page.goto(app.url + "/people/nobody-here")
    assert response.status == 404
    assert "There is no person with the id nobody-here." in page.inner_text("main")


def test_move_shows_the_result_or_the_error(context, app):
    page = open_home(context, app)
    page.locator("#list li a").first.click()
    page.wait_for_selector("html[data-live=on]")
    page.click("#move button")
    page.wait_for_selector("#move .result")
    assert page.inner_text("#move .result") == "LEGWING"

    page.click("#switches button[name=isRegion]")
    eventually(lambda: "Region" not in page.inner_text("#person"))
    page.click("#move button")
    page.wait_for_selector("#move .failure")
    assert page.inner_text("#move .failure") == "Cannot walk."


def test_a_failing_api_shows_the_message_and_retry_works(context, start_app):
    app = start_app("seed=5&status=500&times=1&key=browser-retry", "--attempts", "1")
    page = context.new_page()
    page.goto(app.url + "/")
    page.wait_for_selector("#sync .failure")
    assert page.inner_text("#sync .failure") == "Cannot download data from our server."
    assert page.locator("#list li").count() == 0
    page.wait_for_selector("html[data-live=on]")

    # The sync's button is on the directory's page, which the failure links to.
    assert page.locator("#sync button").count() == 0
    page.click("#sync a")
    page.wait_for_selector("html[data-live=on]")
    page.click("#sync button")
    # The sync started (its failure gone) before the page moves on: a move could cancel the post.
    eventually(lambda: page.locator("#sync .failure").count() == 0, timeout=30)
    page.goto(app.url + "/")

    page.wait_for_selector("#list li")
    assert page.locator("#sync .failure").count() == 0
    assert re.search(r"100 people", page.inner_text("#summary .summary"))


def test_a_hostile_name_renders_as_text(context, app):
    page = open_home(context, app)
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    eventually(lambda: any(name.startswith("<img") for name in page.locator("#list .name").all_inner_texts()))
    hostile = page.locator("#list .name", has_text="<img src=x").first
    assert hostile.inner_text().startswith(HOSTILE_NAME)
    assert page.locator("#list img").count() == 0
    hostile.click()
    page.wait_for_selector("#person h1")
    assert page.inner_text("#person h1").startswith(HOSTILE_NAME)
    assert dialogs == []


def test_a_quote_with_a_combining_mark_in_a_name_stays_in_the_edit_field(context, start_app):
    """`"` then U+0301 is one character: mustache's own escaping let it through, and it ended
    the attribute the name was written in, adding the attributes after it to the element."""
    app = start_app("seed=4&last0=" + urllib.parse.quote('Roe"\u0301 data-injected="1'))
    page = context.new_page()
    page.goto(app.url + "/?q=roe")
    page.locator("#list a", has_text="data-injected").first.click()
    page.wait_for_selector("#person h1")
    page.click("#person a.edit")
    page.wait_for_selector("#person-form")
    assert page.locator("[data-injected]").count() == 0
    assert page.input_value("#field-name").endswith('Roe"\u0301 data-injected="1')


def test_a_form_sent_back_to_another_site_lands_on_this_one(context, app):
    """A form's `back` is where its answer sends the browser. `//` then a variation selector is,
    to the browser's address parser, `//evil.example` (a host's name drops the selector); the
    app compared characters, saw no `//`, and sent the browser there."""
    page = open_home(context, app)
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    try:
        with page.expect_navigation():
            page.evaluate("""back => {
                const form = Object.assign(document.createElement("form"), {method: "post", action: "/switches"});
                for (const [name, value] of [["isRegion", "false"], ["back", back]]) {
                    form.append(Object.assign(document.createElement("input"), {type: "hidden", name, value}));
                }
                document.body.append(form);
                form.submit();
            }""", "//\ufe0fevil.example/")
    except PlaywrightError:
        pass  # another site's address does not resolve here: the lines below say where it went
    assert not [url for url in requested if "evil.example" in url]
    assert address(page) == app.url + "/"


def test_the_inspector_shows_each_change_live_and_restores_an_earlier_state(context, start_app):
    app = start_app("seed=4", "--inspector")
    inspector = context.new_page()
    inspector.goto(app.url + "/inspector")
    inspector.wait_for_selector("html[data-live=on]")
    inspector.evaluate("window.notReloaded = true")
    home = open_home(context, app)
    home.evaluate("window.notReloaded = true")

    home.click("#switches button[name=isRegion]")
    flip = inspector.locator("#journal li.entry", has_text="field.isRegion: true → false")
    eventually(lambda: flip.count() == 1)
    assert "ApplyRegionAction" in flip.locator(".entry-head strong").inner_text()
    eventually(lambda: home.locator("#list h2").count() == 0)

    before_flip = int(flip.get_attribute("data-sequence")) - 1
    inspector.click(f'#journal li.entry[data-sequence="{before_flip}"] button')
    eventually(lambda: home.get_attribute("#switches button[name=isRegion]", "aria-pressed") == "true")
    eventually(lambda: home.locator("#list h2").count() > 0)
    restore = inspector.locator("#journal li.entry", has_text=f"restore to #{before_flip}")
    eventually(lambda: restore.count() == 1)
    assert home.evaluate("window.notReloaded") is True
    assert inspector.evaluate("window.notReloaded") is True
    # The README's pictures, of this app as it is now.
    home.screenshot(path=str(PICTURES / "home.png"))
    inspector.screenshot(path=str(PICTURES / "inspector.png"))
