"""Live pages as a browser uses them: many tabs at once, a server that restarts, and no script."""

import json
import socket
import time

from conftest import address, eventually, open_home

TABS = 20


def regions_shown(page):
    return page.locator("#list h2").count()


def test_twenty_tabs_all_load_and_a_click_in_the_last_changes_all(context, app):
    # Each tab's live page is a WebSocket, not one of the browser's six HTTP/1.1 connections
    # per host: every tab loads, and a click still gets a connection.
    tabs = [open_home(context, app) for _ in range(TABS)]
    assert all(regions_shown(tab) > 0 for tab in tabs)
    for tab in tabs:
        tab.evaluate("window.notReloaded = true")

    tabs[-1].click("#switches button[name=isRegion]")

    for tab in tabs:
        eventually(lambda: regions_shown(tab) == 0)
        assert tab.get_attribute("#switches button[name=isRegion]", "aria-pressed") == "false"
        assert tab.evaluate("window.notReloaded") is True

    # And the first tab's click reaches the last: every tab still sends and follows.
    tabs[0].click("#switches button[name=isRegion]")
    for tab in tabs:
        eventually(lambda: regions_shown(tab) > 0)


def test_a_restarted_server_gets_every_page_back_by_itself(context, app):
    tabs = [open_home(context, app) for _ in range(3)]
    for tab in tabs:
        tab.evaluate("window.notReloaded = true")

    app.terminate()
    for tab in tabs:
        tab.wait_for_selector("html[data-live=off]", timeout=10_000)
        # Within a few seconds the page says that it is not live, instead of going stale in silence.
        tab.wait_for_selector("#live-status:not([hidden])", timeout=10_000)
        assert "reconnecting" in tab.inner_text("#live-status")
    time.sleep(1)
    app.start()

    for tab in tabs:
        # Back-off with jitter: at most 4 s between tries.
        tab.wait_for_selector("html[data-live=on]", timeout=20_000)
        assert "offline" in tab.inner_text("#live-status")
        assert tab.evaluate("window.notReloaded") is True

    # The pages are live again: a click in one changes every one.
    tabs[0].click("#switches button[name=isRegion]")
    for tab in tabs:
        eventually(lambda: regions_shown(tab) == 0)


def test_ctrl_c_stops_the_server_at_once_with_pages_open_and_a_connection_that_sent_nothing(context, app):
    # A browser opens spare connections before it has a request for them; one of those held
    # the server's shutdown for its 20 s headers timeout.
    page = open_home(context, app)
    spare = socket.create_connection(("127.0.0.1", app.port))
    try:
        started = time.time()
        app.terminate()
        assert time.time() - started < 5
        page.wait_for_selector("html[data-live=off]", timeout=10_000)
    finally:
        spare.close()
    app.start()


def test_a_page_whose_socket_cannot_open_says_so(context, app):
    page = open_home(context, app)
    app.terminate()
    started = time.time()
    page.wait_for_selector("#live-status:not([hidden])", timeout=10_000)
    assert time.time() - started < 5
    assert page.get_attribute("html", "data-live") in {"off", "connecting"}
    app.start()


def test_every_form_works_without_the_script(scriptless, app):
    page = scriptless.new_page()
    page.goto(app.url + "/")
    page.wait_for_selector("#list li")
    assert page.get_attribute("html", "data-live") is None
    assert regions_shown(page) > 0

    page.click("#switches button[name=isRegion]")
    page.wait_for_selector("#switches button[name=isRegion][aria-pressed=false]")
    assert regions_shown(page) == 0

    page.click("#switches button[name=isUsername]")
    page.wait_for_selector("#switches button[name=isUsername][aria-pressed=false]")
    page.fill("#search input", "Ma")
    page.press("#search input", "Enter")
    page.wait_for_selector("#search input[value=Ma]")
    names = page.locator("#list .name").all_inner_texts()
    assert names and all(any(word.lower().startswith("ma") for word in name.split()) for name in names)
    assert "?q=Ma&" in address(page), "the address shows the search"

    # The other pages of the list are links to their addresses; a switch comes back to the same one.
    page.select_option("#search-options select[name=gender]", "female")
    page.click("#search-options button[type=submit]")
    page.wait_for_selector("#search-options select[name=gender] option[value=female][selected]", state="attached")
    assert "q=Ma" in address(page) and "gender=female" in address(page)
    page.click("#switches button[name=isUsername]")
    page.wait_for_selector("#switches button[name=isUsername][aria-pressed=true]")
    assert address(page) == app.url + "/?q=Ma&gender=female", "a switch comes back to the list it was on"

    page.locator("#list li a").first.click()
    page.wait_for_selector("#person h1")
    page.click("#move button")
    page.wait_for_selector("#move .failure")
    assert page.inner_text("#move .failure") == "Cannot walk."


def search(page, text):
    """Types `text` into the search box and waits for its list and its address."""
    page.fill("#search input", text)
    eventually(lambda: address(page).endswith("/?q=" + text) and all_named(page, text))


def all_named(page, text):
    """Whether the list shows rows and each has a word starting with `text`."""
    rows = page.locator("#list li a").all_inner_texts()
    return bool(rows) and all(any(w.lower().startswith(text.lower()) for w in row.split()) for row in rows)


def test_two_tabs_keep_two_searches_and_a_switch_in_either_changes_both(context, app):
    first = open_home(context, app)
    second = open_home(context, app)
    search(first, "Ma")
    search(second, "Ja")
    assert first.input_value("#search input") == "Ma"
    assert all_named(first, "Ma"), "the other tab's search changed this one's list"

    second.click("#switches button[name=isRegion]")
    for page in (first, second):
        eventually(lambda page=page: page.locator("#list h2").count() == 0)
    assert all_named(first, "Ma") and all_named(second, "Ja")
    assert address(first).endswith("/?q=Ma") and address(second).endswith("/?q=Ja")


def test_back_returns_to_the_list_before_a_search_and_forward_to_the_search(context, app):
    page = open_home(context, app)
    page.evaluate("window.notReloaded = true")
    everyone = page.inner_text("#summary .summary")
    search(page, "Ma")
    page.go_back()
    eventually(lambda: address(page) == app.url + "/" and page.inner_text("#summary .summary") == everyone)
    assert page.input_value("#search input") == ""
    page.go_forward()
    eventually(lambda: address(page).endswith("/?q=Ma") and all_named(page, "Ma"))
    assert page.input_value("#search input") == "Ma"
    assert page.evaluate("window.notReloaded") is True, "Back and Forward stay in the page"


GENERATIONS = ["Child", "Teen", "Young adult", "Middle-aged", "Senior"]


def test_a_list_that_gains_a_person_is_sent_edits_and_shows_what_a_page_loaded_afresh_shows(context, app):
    home = context.new_page()
    received, sent = [], []

    def watch(socket):
        socket.on("framereceived", lambda payload: received.append(payload))
        socket.on("framesent", lambda payload: sent.append(payload))

    home.on("websocket", watch)
    home.goto(app.url + "/")
    home.wait_for_selector("html[data-live=on]")
    home.evaluate("window.notReloaded = true")
    page = context.new_page()
    page.goto(app.url + "/add")
    page.fill("#field-name", "Aaron Ædded 🦊")
    page.fill("#field-username", "aaronadded")
    page.fill("#field-age", "41")
    page.fill("#field-country", "NZ")
    page.click("#person-form button[type=submit]")
    page.wait_for_selector("#person h1")
    eventually(lambda: "aaronadded" in home.inner_text("#list"))
    # The same list, row for row, as a page that loads now is sent whole.
    fresh = open_home(context, app)
    eventually(lambda: home.inner_html("#list") == fresh.inner_html("#list"))
    messages = [json.loads(frame) for frame in received if isinstance(frame, str)]
    assert any(message.get("id") == "list" and "splice" in message for message in messages), "no edit of the list"
    assert sent == [], "the page asked for every part again: an edit it could not apply"
    assert home.evaluate("window.notReloaded") is True


def test_a_search_a_filter_an_order_and_back_move_the_page_over_its_one_socket(context, app):
    page = open_home(context, app)
    page.evaluate("window.notReloaded = true")
    opened = []
    page.on("websocket", lambda socket: opened.append(socket.url))
    for text in ["M", "Ma"]:
        search(page, text)
    assert opened == [], "a search opened a socket of its own"
    page.select_option("#search-options select[name=gender]", "female")
    page.click("#search-options button[type=submit]")
    eventually(lambda: address(page).endswith("/?q=Ma&gender=female") and all_named(page, "Ma"))
    page.fill("#search input", "")
    page.select_option("#search-options select[name=order]", "age")
    page.click("#search-options button[type=submit]")
    eventually(lambda: address(page).endswith("/?gender=female&order=age"))

    def by_age():
        sections = page.locator("#list section.region")
        ranks = [
            [GENERATIONS.index(label) for label in sections.nth(i).locator(".generation").all_inner_texts()]
            for i in range(sections.count())
        ]
        return bool(ranks) and all(rank == sorted(rank) for rank in ranks)

    eventually(by_age)
    eventually(lambda: page.locator("#list .jumps a").first.inner_text() in ("A", "Child"))
    page.go_back()
    eventually(lambda: address(page).endswith("/?q=Ma&gender=female") and all_named(page, "Ma"))
    assert page.locator("#search-options select[name=order]").input_value() == ""
    page.go_forward()
    eventually(lambda: address(page).endswith("/?gender=female&order=age") and by_age())
    assert opened == [], "a move opened a socket of its own"
    assert page.evaluate("window.notReloaded") is True


def reloaded(page):
    """Reloads `page`; returns its address and rows before and after."""
    before = (address(page), page.locator("#list li a").all_inner_texts())
    page.reload()
    page.wait_for_selector("#list li")
    return before, (address(page), page.locator("#list li a").all_inner_texts())


def test_a_reload_keeps_the_search_and_the_position(context, app):
    page = open_home(context, app)
    search(page, "Ma")
    before, after = reloaded(page)
    assert after == before
    assert page.input_value("#search input") == "Ma"

    # A filter and a position (the jump by letter; the sample's 100 people are one page).
    page.goto(app.url + "/?gender=female")
    page.wait_for_selector("html[data-live=on]")
    page.click("#list .jumps a:text-is('M')")
    eventually(lambda: address(page).endswith("/?gender=female&at=from%3AM#list"))
    eventually(lambda: page.locator("#list .pages a", has_text="Previous").count() == 1)
    before, after = reloaded(page)
    assert after == before
    assert page.locator("#search-options select[name=gender]").input_value() == "female"


def test_an_address_with_a_search_opened_anew_shows_it(browser, context, app):
    first = open_home(context, app)
    search(first, "Ma")
    shown = first.locator("#list li a").all_inner_texts()
    fresh = browser.new_context()
    try:
        page = fresh.new_page()
        page.goto(address(first))
        page.wait_for_selector("#list li")
        assert page.input_value("#search input") == "Ma"
        assert page.locator("#list li a").all_inner_texts() == shown
    finally:
        fresh.close()
