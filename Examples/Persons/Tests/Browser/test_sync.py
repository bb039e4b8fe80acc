"""`pure sync` and `pure serve` against a directory that keeps randomuser.me's rules: pages of at
most 5,000 people, a killed sync that resumes, and photos that stay when the directory goes."""

import pathlib
import signal
import sqlite3
import subprocess
import time

from conftest import App, eventually, spawn


def sync(binaries, database, api, count):
    return subprocess.run(
        [binaries / "pure", "sync", "--count", str(count), "--db", str(database), "--api", api],
        capture_output=True, text=True, timeout=300)


def pages_stored(database):
    """How many pages of the newest sync are stored, read from the database file."""
    try:
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=1) as db:
            row = db.execute("SELECT pagesStored FROM sync_plan").fetchone()
            return row[0] if row else 0
    except sqlite3.Error:
        return 0


def test_a_sync_of_12000_people_asks_in_pages_of_5000_and_stores_them_all(binaries, own_directory, tmp_path):
    outcome = sync(binaries, tmp_path / "persons.sqlite", own_directory.url, 12_000)
    assert outcome.returncode == 0, outcome.stderr
    assert "Stored 12000 people (12000 new, 0 updated)." in outcome.stdout
    pages = own_directory.pages()
    assert sorted(page for page, _, _ in pages) == [1, 2, 3]
    assert {results for _, results, _ in pages} == {5_000}
    assert len({seed for _, _, seed in pages}) == 1


def test_a_sync_killed_after_two_pages_asks_only_for_the_pages_it_lacks(binaries, own_directory, tmp_path):
    database = tmp_path / "persons.sqlite"
    # Page 3 takes its time, so that the sync is killed with two pages stored.
    api = own_directory.url + "?delay=5000&onPage=3"
    process = spawn(
        [binaries / "pure", "sync", "--count", "20000", "--db", str(database), "--api", api],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        eventually(lambda: pages_stored(database) == 2, timeout=60)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    # The killed sync had asked for page 3 too: its answer is logged once the delay is over.
    eventually(lambda: sorted(page for page, _, _ in own_directory.pages()) == [1, 2, 3], timeout=15)
    asked_before = len(own_directory.pages())

    outcome = sync(binaries, database, api, 20_000)
    assert outcome.returncode == 0, outcome.stderr
    assert "Resumed at page 3 of 4. Stored 10000 people (10000 new, 0 updated)." in outcome.stdout
    again = own_directory.pages()[asked_before:]
    assert sorted(page for page, _, _ in again) == [3, 4]
    assert len({seed for _, _, seed in own_directory.pages()}) == 1
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT COUNT(*) FROM person").fetchone()[0] == 20_000


def test_with_the_directory_gone_a_person_shows_the_photo_from_the_apps_own_address(
        binaries, own_directory, context):
    app = App(binaries, own_directory.url + "?seed=8", [])
    try:
        page = context.new_page()
        page.goto(app.url + "/")
        page.wait_for_selector("#list li")
        # The first launch's sync is over once its progress is gone: its photos are kept by then.
        eventually(lambda: page.locator("#sync progress").count() == 0, timeout=60)
        assert len(list(pathlib.Path(app.folder.name, "photos").iterdir())) > 50
        own_directory.stop()

        # The first people with a photo (every 11th record of the directory has none).
        for link in page.locator("#list li a").all()[:3]:
            person = context.new_page()
            person.goto(app.url + link.get_attribute("href"))
            if person.locator("#person img").count() == 0:
                person.close()
                continue
            source = person.get_attribute("#person img", "src")
            assert source.startswith("/photos/")
            eventually(lambda: person.evaluate("document.querySelector('#person img').naturalWidth") > 0)
            return
        raise AssertionError("no person with a photo among the first three")
    finally:
        app.stop()
