"""Browser tests of the Persons app: the real `pure serve` binary, the randomuser test server,
and Debian's Chromium driven by Playwright. Run by scripts/test, after `swift build`."""

import ctypes
import os
import pathlib
import signal
import socket
import subprocess
import tempfile
import time
import urllib.parse

import pytest
from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
# The README's pictures, taken by the browser tests from the running app: into the build folder,
# so that a test run leaves the working tree as it was; scripts/refresh-pictures points
# PURE_PICTURES at docs/ to refresh the README's copies.
PICTURES = pathlib.Path(os.environ.get("PURE_PICTURES") or ROOT / ".build" / "pictures")
PICTURES.mkdir(parents=True, exist_ok=True)
HOSTILE_NAME = "<img src=x onerror=alert(1)>"


def pytest_collection_modifyitems(items):
    """The exported-test check first: scripts/test runs the tests on two workers (pytest-xdist),
    and its two builds of the app's tests then share the run with the browser's tests on the
    other worker, instead of running alone at the end."""
    items.sort(key=lambda item: item.path.name != "test_tests_exported.py")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port}")


def spawn(command, **options):
    """Starts `command` as a child that gets SIGKILL when this test run ends, however it ends
    (PR_SET_PDEATHSIG): a run stopped at its time limit leaves no server behind."""
    return subprocess.Popen(command, preexec_fn=_die_with_parent, **options)


def _die_with_parent():
    ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


@pytest.fixture(scope="session")
def binaries():
    """The folder of the app's binaries as they ship: the release build scripts/test makes
    (`PURE_BIN` names another folder). Resolved, so that a symlink such as `.build/release`
    still has the build folder two levels up."""
    if os.environ.get("PURE_BIN"):
        return pathlib.Path(os.environ["PURE_BIN"]).resolve()
    path = subprocess.run(
        ["swift", "build", "-c", "release", "--scratch-path", ROOT / ".build-release", "--show-bin-path"], cwd=ROOT,
        check=True, capture_output=True, text=True
    ).stdout.strip()
    return pathlib.Path(path)


class Directory:
    """A randomuser test server of its own, whose log lists the pages of people it answered."""

    def __init__(self, binaries, folder):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log_path = pathlib.Path(folder) / "directory.log"
        self.log = open(self.log_path, "w")
        self.process = spawn(
            [binaries / "randomuser-fixture", "--port", str(self.port)], stdout=self.log, stderr=subprocess.DEVNULL)
        try:
            wait_for_port(self.port)
        except Exception:
            self.process.kill()
            raise

    def pages(self):
        """The pages of people answered so far: (page, results, seed) each."""
        self.log.flush()
        lines = [line.split() for line in self.log_path.read_text().splitlines() if line.startswith("page ")]
        return [(int(line[1]), int(line[3]), line[5]) for line in lines]

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.log.close()


@pytest.fixture
def own_directory(binaries, tmp_path):
    """A randomuser test server for this test alone (it may be stopped)."""
    directory = Directory(binaries, tmp_path)
    yield directory
    if directory.process.poll() is None:
        directory.stop()


@pytest.fixture(scope="session")
def directory(binaries):
    """The randomuser test server on 127.0.0.1; returns its base address."""
    port = free_port()
    process = spawn([binaries / "randomuser-fixture", "--port", str(port)], stdout=subprocess.DEVNULL)
    try:
        wait_for_port(port)
        yield f"http://127.0.0.1:{port}/"
    finally:
        process.terminate()
        process.wait(timeout=10)


class App:
    """A running `pure serve` on its own database."""

    def __init__(self, binaries, api, extra):
        self.folder = tempfile.TemporaryDirectory()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        # The log goes to a file: a pipe nobody reads would stop the server once it filled up.
        self.log = open(f"{self.folder.name}/pure.log", "w")
        self.command = [binaries / "pure", "serve", "--port", str(self.port), "--db",
                        f"{self.folder.name}/persons.sqlite", "--api", api, *extra]
        self.start()

    def start(self):
        self.process = spawn(self.command, stdout=self.log, stderr=subprocess.STDOUT)
        try:
            wait_for_port(self.port)
        except Exception:
            self.process.kill()
            self.process.wait(timeout=10)
            raise

    def terminate(self):
        """Stops the server as Ctrl-C would; its database and port stay, for `start`. A server
        still running 10 s later is killed, and fails the test: Ctrl-C must stop it."""
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
            pytest.fail("pure serve was still running 10 s after SIGTERM")

    def stop(self):
        self.terminate()
        self.log.close()
        self.folder.cleanup()


@pytest.fixture
def start_app(binaries, directory):
    """Starts apps on the test server's people (`query` is added to its address)."""
    apps = []

    def start(query="seed=4", *extra):
        app = App(binaries, directory + "?" + query, extra)
        apps.append(app)
        return app

    yield start
    for app in apps:
        app.stop()


@pytest.fixture
def app(start_app):
    """An app whose first launch syncs 100 generated people, one of them with a hostile name."""
    return start_app("seed=4&name0=" + urllib.parse.quote(HOSTILE_NAME))


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"]
        )
        yield chromium
        chromium.close()


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 900, "height": 1100})
    yield context
    context.close()


@pytest.fixture
def scriptless(browser):
    """A browser context with JavaScript off."""
    context = browser.new_context(viewport={"width": 900, "height": 1100}, java_script_enabled=False)
    yield context
    context.close()


def eventually(check, timeout=10):
    """Waits until `check()` is true (polled from Python: the pages' CSP forbids evaluating
    strings, so Playwright's string predicates cannot run there)."""
    deadline = time.time() + timeout
    while not check():
        if time.time() > deadline:
            raise AssertionError("timed out waiting for the page")
        time.sleep(0.05)


def address(page):
    """The page's address as its location bar has it (Playwright's `page.url` learns of a
    history push only later)."""
    return page.evaluate("location.href")


def open_home(context, app):
    """A new tab on the home page, once its list is there and its live stream is open."""
    page = context.new_page()
    page.goto(app.url + "/")
    page.wait_for_selector("#list li")
    page.wait_for_selector("html[data-live=on]")
    return page


def every_kind_of_page(home):
    """Each kind of page the app serves (an app started with --inspector), by what it is: its
    path, the person's those of the first person `home` lists."""
    person = home.locator("#list li a").first.get_attribute("href")
    return {
        "home": "/", "a search, filtered": "/?q=ad&gender=female&order=age", "a person": person,
        "a person's form": person + "/edit", "a deletion's question": person + "/delete", "the add form": "/add",
        "the recently deleted": "/deleted", "the choices waiting": "/carddav/choices", "the directory": "/directory",
        "a person nobody has": "/people/nobody", "the inspector": "/inspector",
    }
