"""People edited, added and deleted in a real browser: the forms, and every open tab following."""

import pathlib
import re

from axe_playwright_python.sync_playwright import Axe

from conftest import address, eventually, open_home


def open_person(context, app, href):
    """A new tab on a person's page, once its live stream is open."""
    page = context.new_page()
    page.goto(app.url + href)
    page.wait_for_selector("html[data-live=on]")
    return page


def test_an_edit_in_one_tab_shows_in_every_other_tab_of_the_person_and_in_the_list(context, app):
    home = open_home(context, app)
    href = home.locator("#list li a").first.get_attribute("href")
    watching = open_person(context, app, href)
    watching.evaluate("window.notReloaded = true")
    home.evaluate("window.notReloaded = true")

    editor = open_person(context, app, href)
    editor.click("#person a.edit")
    editor.wait_for_selector("#person-form")
    editor.fill("#field-name", "Ada Byron")
    editor.fill("#field-username", "adabyron")
    editor.fill("#field-email", "ada@example.org")
    editor.click("#person-form button[type=submit]")
    editor.wait_for_selector("#person h1")
    assert editor.inner_text("#person h1") == "Ada Byron"
    assert editor.url.endswith(href)

    eventually(lambda: watching.inner_text("#person h1") == "Ada Byron")
    assert "ada@example.org" in watching.inner_text("#person")
    eventually(lambda: "adabyron" in home.inner_text("#list"))
    assert watching.evaluate("window.notReloaded") is True
    assert home.evaluate("window.notReloaded") is True


def test_two_forms_open_on_one_person_each_save_only_the_fields_changed_in_it(context, app):
    """The rule: a save changes only the fields changed in its form; a field left as the form
    showed it keeps whatever was saved meanwhile, here from another tab."""
    home = open_home(context, app)
    href = home.locator("#list li a").first.get_attribute("href")
    first, second = context.new_page(), context.new_page()
    for page in (first, second):
        page.goto(app.url + href + "/edit")
        page.wait_for_selector("#person-form")
    first.fill("#field-email", "first@example.org")
    first.click("#person-form button[type=submit]")
    first.wait_for_selector("#person h1")
    second.fill("#field-cellphone", "010-2222-3333")
    second.click("#person-form button[type=submit]")
    second.wait_for_selector("#person h1")
    shown = second.inner_text("#person")
    assert "010-2222-3333" in shown
    assert "first@example.org" in shown, "the second form put back the email the first one saved"


def test_an_open_form_follows_a_save_elsewhere_in_the_fields_not_changed_and_keeps_what_is_typed(context, app):
    home = open_home(context, app)
    href = home.locator("#list li a").first.get_attribute("href")
    form = context.new_page()
    form.goto(app.url + href + "/edit")
    form.wait_for_selector("html[data-live=on]")
    form.evaluate("window.notReloaded = true")
    form.fill("#field-email", "typed@example.org")
    form.fill("#field-name", "Name Being Typed")

    other = context.new_page()
    other.goto(app.url + href + "/edit")
    other.fill("#field-cellphone", "010-4444-5555")
    other.fill("#field-email", "saved@example.org")
    other.click("#person-form button[type=submit]")
    other.wait_for_selector("#person h1")

    # The phone follows the save; the email and the name, changed here, keep what was typed.
    eventually(lambda: form.input_value("#field-cellphone") == "010-4444-5555")
    assert form.input_value("#field-email") == "typed@example.org"
    assert form.input_value("#field-name") == "Name Being Typed"
    assert form.evaluate("document.activeElement.id") == "field-name", "the field typed in keeps the focus"
    assert form.evaluate("window.notReloaded") is True
    form.click("#person-form button[type=submit]")
    form.wait_for_selector("#person h1")
    shown = form.inner_text("#person")
    assert "typed@example.org" in shown and "010-4444-5555" in shown
    assert form.inner_text("#person h1") == "Name Being Typed"


def test_a_refused_save_keeps_what_was_typed_and_says_what_is_wrong(context, app):
    home = open_home(context, app)
    href = home.locator("#list li a").first.get_attribute("href")
    page = context.new_page()
    page.goto(app.url + href + "/edit")
    name = page.input_value("#field-name")
    page.fill("#field-email", "not an address")
    page.fill("#field-age", "300")
    page.click("#person-form button[type=submit]")
    page.wait_for_selector("#problem-age")
    assert page.input_value("#field-email") == "not an address"
    assert page.input_value("#field-age") == "300"
    assert "Give an age from 0 to 150, or leave it empty." in page.inner_text("#problem-age")
    assert page.locator("#problem-email").count() == 1
    assert page.locator("#problem-name").count() == 0
    page.goto(app.url + href)
    assert page.inner_text("#person h1") == name


def region_counts(page):
    """How many people the region filter of `page` says each region has."""
    options = page.locator("#search-options select[name=region] option").all_inner_texts()[1:]
    return {match.group(1): int(match.group(2)) for match in (re.fullmatch(r"(\w+) \((\d+)\)", o) for o in options)}


def test_a_person_added_shows_in_the_list_and_one_deleted_leaves_it(context, app):
    home = open_home(context, app)
    home.evaluate("window.notReloaded = true")
    # A filter chosen and not sent yet: the counts beside the filters' values change, the choice stays.
    home.select_option("#search-options select[name=gender]", "female")
    before = region_counts(home)
    page = context.new_page()
    page.goto(app.url + "/")
    page.click("a.add")
    page.wait_for_selector("#person-form")
    page.fill("#field-name", "Zed Added")
    page.fill("#field-username", "zedadded")
    page.fill("#field-age", "41")
    page.fill("#field-country", "NZ")
    page.click("#person-form button[type=submit]")
    page.wait_for_selector("#person h1")
    assert page.inner_text("#person h1") == "Zed Added"
    eventually(lambda: "zedadded" in home.inner_text("#list"))
    eventually(lambda: region_counts(home).get("NZ", 0) == before.get("NZ", 0) + 1)
    assert home.locator("#search-options select[name=gender]").input_value() == "female"
    assert address(home) == app.url + "/", "the filter was not sent"

    path = page.evaluate("location.pathname")
    watching = open_person(context, app, path)
    page.click("#person a.edit")
    # A delete asks once more, and Cancel goes back with nothing deleted.
    page.click("p.delete a")
    assert page.inner_text("main h1") == "Delete Zed Added?"
    assert "kept 30 days among the recently deleted" in page.inner_text("main")
    page.click("main.confirm a")
    page.wait_for_selector("#person h1")
    assert page.inner_text("#person h1") == "Zed Added"
    page.click("#person a.edit")
    page.click("p.delete a")
    page.click("main.confirm button")
    # The page after the delete says who went, with Undo.
    page.wait_for_selector(".notice")
    assert page.inner_text(".notice p") == "Zed Added was deleted."
    eventually(lambda: "zedadded" not in home.inner_text("#list"))
    eventually(lambda: "has been deleted" in watching.inner_text("#person"))
    assert watching.locator("#person a.edit").count() == 0
    assert home.evaluate("window.notReloaded") is True
    # Undo brings them back as "Bring back" does: their page, and listed again on every open page.
    page.click(".notice button")
    page.wait_for_selector("#person h1")
    assert page.evaluate("location.pathname") == path
    eventually(lambda: "zedadded" in home.inner_text("#list"))
    # Deleted again, they are brought back from the recently deleted page too.
    page.click("#person a.edit")
    page.click("p.delete a")
    page.click("main.confirm button")
    page.wait_for_selector(".notice")
    page.click(".notice a")
    page.wait_for_selector("#list")
    page.goto(app.url + "/deleted")
    page.click("li:has-text('Zed Added') button")
    page.wait_for_selector("#person h1")
    assert page.evaluate("location.pathname") == path
    eventually(lambda: "zedadded" in home.inner_text("#list"))


def test_with_the_script_off_the_forms_still_edit(scriptless, app):
    page = scriptless.new_page()
    page.goto(app.url + "/")
    href = page.locator("#list li a").first.get_attribute("href")
    page.goto(app.url + href + "/edit")
    page.fill("#field-name", "Plain Form")
    page.click("#person-form button[type=submit]")
    page.wait_for_selector("#person h1")
    assert page.inner_text("#person h1") == "Plain Form"


def test_a_save_offline_waits_and_what_was_typed_is_kept_until_it_can_go(browser, start_app):
    app = start_app()
    # axe is put into the page by a script, which the pages' Content Security Policy refuses:
    # this context alone lets it in.
    context = browser.new_context(viewport={"width": 900, "height": 1100}, bypass_csp=True)
    axe = Axe()

    def violations(page):
        return [f"{v['id']}: {v['help']}" for v in axe.run(page).response["violations"]]

    home = open_home(context, app)
    href = home.locator("#list li a").first.get_attribute("href")
    page = open_person(context, app, href + "/edit")
    page.fill("#field-name", "Typed Offline")

    # The connection goes: Save waits, and says why; what was typed stays in the form.
    app.terminate()
    page.wait_for_selector("html[data-live=off]", timeout=10_000)
    page.wait_for_selector("#person-form button[type=submit][disabled]")
    assert "waits for the connection" in page.inner_text("#person-form .waits")
    assert page.input_value("#field-name") == "Typed Offline"
    assert not violations(page)
    app.start()

    # It comes back: Save can go, with what was typed.
    page.wait_for_selector("html[data-live=on]", timeout=20_000)
    page.wait_for_selector("#person-form button[type=submit]:not([disabled])")
    assert page.locator("#person-form .waits").count() == 0
    assert page.input_value("#field-name") == "Typed Offline"
    page.click("#person-form button[type=submit]")
    page.wait_for_selector("#person h1")
    assert page.inner_text("#person h1") == "Typed Offline"

    # A tab closed with what was typed unsaved: the form, opened again, offers it back.
    closed = open_person(context, app, href + "/edit")
    closed.fill("#field-name", "Typed Then Closed")
    closed.close(run_before_unload=True)
    again = open_person(context, app, href + "/edit")
    again.wait_for_selector("#person-form .kept")
    assert again.input_value("#field-name") == "Typed Offline"
    assert not violations(again)
    again.click("#person-form .kept button:text('Put it back')")
    assert again.input_value("#field-name") == "Typed Then Closed"
    again.click("#person-form button[type=submit]")
    again.wait_for_selector("#person h1")
    assert again.inner_text("#person h1") == "Typed Then Closed"
    # Saved, it is not offered again.
    last = open_person(context, app, href + "/edit")
    assert last.locator("#person-form .kept").count() == 0
    context.close()


def test_a_plain_post_that_fails_shows_the_form_again_as_typed_with_why(browser, context, start_app):
    """Without the script a save is a plain form post: one the app cannot store (here, its
    database file moved away while it runs) comes back as the form, with what was typed in it."""
    app = start_app()
    home = open_home(context, app)
    href = home.locator("#list li a").first.get_attribute("href")
    plain = browser.new_context(java_script_enabled=False)
    page = plain.new_page()
    page.goto(app.url + href + "/edit")
    page.fill("#field-name", "Typed Without Script")
    page.fill("#field-email", "kept@example.org")
    database = pathlib.Path(app.folder.name, "persons.sqlite")
    database.rename(database.with_name("moved-away.sqlite"))
    page.click("#person-form button[type=submit]")
    page.wait_for_selector(".problems")
    assert page.inner_text(".problems").startswith("Not saved: The database file"), page.inner_text("main")
    assert "What you typed is still here" in page.inner_text(".problems")
    assert page.input_value("#field-name") == "Typed Without Script"
    assert page.input_value("#field-email") == "kept@example.org"
    plain.close()
