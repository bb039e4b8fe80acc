"""A session recorded in the inspector becomes a test: exported, dropped into the app's tests, it
compiles and passes; with one use case's behaviour changed, it fails naming the step and the path.
It builds the app's tests twice, in the release folder the test command built (`PURE_BIN`'s),
and changes a source file while it runs, so it runs last (the file's name sorts after the
others), and builds the app there again from the restored source."""

import pathlib
import re
import subprocess

from conftest import ROOT, address, eventually, open_home

RECORDED = ROOT / "Tests" / "Recorded"
SWITCH = ROOT / "Sources" / "PersonsVessel" / "Usecase" / "ApplySwitch.swift"
SHOWN = "storage.update(fileID: fileID) { $0.field[name] = isOn }"
FLIPPED = "storage.update(fileID: fileID) { $0.field[name] = !isOn }"


def swift(command, binaries, *arguments):
    """Runs `swift command` in release, in the folder `binaries` were built in (the app's own
    modules build for @testable there: see its Package.swift)."""
    scratch = binaries.parents[1]
    return subprocess.run(["swift", command, "-c", "release", "--scratch-path", scratch, *arguments],
                          cwd=ROOT, capture_output=True, text=True)


def swift_test(name, binaries):
    """Runs the app's test `name`; its exit status and what it printed."""
    run = swift("test", binaries, "--filter", name)
    return run.returncode, run.stdout + run.stderr


def test_a_recorded_session_exports_as_a_test_that_passes_then_fails_on_a_changed_branch(
    context, start_app, binaries, tmp_path
):
    app = start_app("seed=4", "--inspector")
    home = open_home(context, app)
    home.click("#switches button[name=isRegion]")
    eventually(lambda: home.locator("#list h2").count() == 0)
    home.fill("#search input", "ad")
    home.click("#search button[type=submit]")
    eventually(lambda: "q=ad" in address(home))
    person = home.locator("#list li a").first
    href = person.get_attribute("href")
    person.click()
    home.wait_for_selector("#person h1")

    inspector = context.new_page()
    opened = href.rsplit("/", 1)[1]
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
        inspector.click("form.export button")
    exported = tmp_path / download.value.suggested_filename
    download.value.save_as(exported)
    source = exported.read_text()
    function = re.search(r"@Test func (\w+)\(\)", source).group(1)

    # `pure export-test` gives the same test from the journal file the inspector downloads.
    journal = tmp_path / "journal.jsonl"
    journal.write_bytes(inspector.request.get(app.url + "/inspector/journal.jsonl").body())
    again = tmp_path / "again.swift"
    subprocess.run([binaries / "pure", "export-test", journal, "--from", start, "--to", end, "--output", again],
                   check=True)
    assert again.read_text() == source

    dropped = RECORDED / f"Dropped{function}Tests.swift"
    dropped.write_text(source)
    original = SWITCH.read_text()
    try:
        status, output = swift_test(function, binaries)
        assert status == 0, output
        assert f"Test {function}() passed" in output

        assert SHOWN in original
        SWITCH.write_text(original.replace(SHOWN, FLIPPED))
        status, output = swift_test(function, binaries)
        assert status != 0
        assert f"{start}. applyRegionAction(false): state change 1 never came" in output, output
        assert "field.isRegion: true -> false" in output, output
    finally:
        SWITCH.write_text(original)
        dropped.unlink()
        # The binaries the other tests start are built from the sources as they are again.
        assert swift("build", binaries).returncode == 0
