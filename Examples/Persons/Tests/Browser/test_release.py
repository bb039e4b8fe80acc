"""The release binary, as users run it: a person's page, the one every save leads to, answers on
each fresh start with the person (the release build once crashed there, and the debug build did
not)."""

import re
import urllib.request

from conftest import eventually


def read(url):
    with urllib.request.urlopen(url) as response:
        return response.read().decode()


def test_ten_fresh_starts_each_answer_a_persons_page_with_their_name_and_fields(start_app):
    for start in range(10):
        app = start_app(f"seed={start + 10}")
        eventually(lambda: "/people/" in read(app.url + "/"), timeout=30)
        path = re.search(r'href="(/people/[^"/]+)"', read(app.url + "/")).group(1)
        page = read(app.url + path)
        name = re.search(r"<h1>([^<]+)</h1>", page).group(1)
        assert name != path.rsplit("/", 1)[1], f"start {start}: the heading is the id, not the name"
        for field in ["Nick", "Email", "Age", "Region", "Phone"]:
            assert f"<dt>{field}</dt>" in page, (start, field)
        # The name shown is the one stored: the edit form's name field holds it.
        assert f'name="name" type="text" value="{name}"' in read(app.url + path + "/edit"), (start, name)
        assert app.process.poll() is None, f"start {start}: the server stopped"
        app.stop()
