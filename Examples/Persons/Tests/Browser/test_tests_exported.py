"""A session recorded in the inspector becomes a test: exported with its data, dropped into the
app's recorded tests, it compiles and passes; with its first call given another argument than
the one recorded, it fails naming the step and the place. It builds the app's tests in the release folder the test
command built (`PURE_BIN`'s), where only the recorded tests' module is compiled again; the app's
binaries the other tests run are left as they are. It adds a file to the app's tests while it
runs, and takes it away."""

import os
import re
import subprocess
from urllib.parse import unquote, urlparse

from conftest import ROOT, address, eventually, open_home

RECORDED = ROOT / "Tests" / "Recorded"
CALLED = "try await raft.applyRegionAction(false)\n"
CHANGED = "try await raft.applyRegionAction(true)\n"


def swift_test(binaries, name):
    """Builds the app's tests in release in the folder `binaries` were built in, as the test
    command did (the app's own modules build for @testable there: see its Package.swift), then
    runs the test `name`; the exit status and what was printed. Built by `swift build`: `swift
    test` building would build every module again, dependencies too, with other flags."""
    scratch = ["-c", "release", "--scratch-path", binaries.parents[1]]
    # A fixed hash seed, as scripts/test builds with: SwiftPM 6.3 orders traits' flags by the
    # seed, and another order builds Hummingbird and the whole app again.
    planned = {**os.environ, "SWIFT_DETERMINISTIC_HASHING": "1"}
    build = subprocess.run(["swift", "build", "--build-tests", *scratch], cwd=ROOT, env=planned, capture_output=True,
                           text=True)
    if build.returncode != 0:
        return build.returncode, build.stdout + build.stderr
    run = subprocess.run(["swift", "test", "--skip-build", *scratch, "--filter", name],
                         cwd=ROOT, capture_output=True, text=True)
    return run.returncode, run.stdout + run.stderr


def test_a_recorded_session_exports_as_a_test_that_passes_then_fails_on_a_changed_call(
    context, start_app, binaries, tmp_path
):
    app = start_app("seed=4", "--inspector")
    home = open_home(context, app)
    home.click("#switches button[name=isRegion]")
    eventually(lambda: home.locator("#list h2").count() == 0)
    home.fill("#search input", "ad")
    home.click("#search-options button[type=submit]")
    eventually(lambda: "q=ad" in address(home))
    home.locator("#list li a").first.click()
    home.wait_for_selector("#person h1")

    inspector = context.new_page()
    # The person opened is read from the page that opened, not from the link before the click:
    # the search's rows may replace the list between the two, and the click then opens another.
    opened = unquote(urlparse(address(home)).path.rsplit("/", 1)[1])
    titles = []

    def journaled():
        # The journal is written as the app goes on: the inspector is asked again until the
        # person's page is in it.
        inspector.goto(app.url + "/inspector")
        titles[:] = inspector.locator("select[name=from] option").all_inner_texts()
        return any("openPersonAction(" in t and opened in t for t in titles)

    eventually(journaled, timeout=60)
    first = next(t for t in titles if "applyRegionAction(false)" in t)
    last = [t for t in titles if "openPersonAction(" in t and opened in t][-1]
    start, end = (re.match(r"#(\d+) ", t).group(1) for t in (first, last))
    assert any('openListAction(ListCriteria(search: "ad"))' in t for t in titles)
    inspector.select_option("select[name=from]", start)
    inspector.select_option("select[name=to]", end)
    with inspector.expect_download() as download:
        inspector.click("form.export button:not([formaction])")
    exported = tmp_path / download.value.suggested_filename
    download.value.save_as(exported)
    source = exported.read_text()
    with inspector.expect_download() as download:
        inspector.click("form.export button[formaction]")
    assert download.value.suggested_filename == exported.stem + ".json"
    kept = tmp_path / download.value.suggested_filename
    download.value.save_as(kept)
    data = kept.read_text()
    function = re.search(r"@Test func (\w+)\(\)", source).group(1)

    # `pure export-test` gives the same test from the journal file the inspector downloads.
    journal = tmp_path / "journal.jsonl"
    journal.write_bytes(inspector.request.get(app.url + "/inspector/journal.jsonl").body())
    again = tmp_path / "again.swift"
    subprocess.run([binaries / "pure", "export-test", journal, "--from", start, "--to", end, "--output", again],
                   check=True)
    assert again.read_text() == source
    assert (tmp_path / "again.json").read_text() == data

    dropped = RECORDED / exported.name
    beside = RECORDED / kept.name
    assert not dropped.exists() and not beside.exists()
    try:
        beside.write_text(data)
        dropped.write_text(source)
        status, output = swift_test(binaries, function)
        assert status == 0, output
        assert f"Test {function}() passed" in output

        # The same session with the region switched on where it was switched off: the use case
        # changes nothing, and the test says which step and which place.
        assert source.count(CALLED) == 1
        dropped.write_text(source.replace(CALLED, CHANGED))
        status, output = swift_test(binaries, function)
        assert status != 0
        assert f"{start}. applyRegionAction(false): the state differs from the recorded one" in output, output
        assert "field.isRegion: recorded false, now true" in output, output
    finally:
        dropped.unlink(missing_ok=True)
        beside.unlink(missing_ok=True)
