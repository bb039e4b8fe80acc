"""Live pages as a browser uses them: many tabs at once, a server that restarts, and no script."""

import time

from conftest import eventually, open_home

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

    page.locator("#list li a").first.click()
    page.wait_for_selector("#person h1")
    page.click("#move button")
    page.wait_for_selector("#move .failure")
    assert page.inner_text("#move .failure") == "Cannot walk."
