"""How long Radicale itself takes to answer a sync-collection REPORT on an address book of N
cards, with no app involved: what bounds the address book's pulls in PersonsBenchmark.

    .venv/bin/python Benchmarks/scripts/radicale-sync-report.py 10000

The cards are written straight into a new Radicale folder (a PUT each would take most of an
hour at 10,000), Radicale is started on a free loopback port, and the report is asked from no
token, then from its token with nothing changed, then after 10 cards changed.
"""
import json
import pathlib
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

AUTHORIZATION = {"Authorization": "Basic bWU6YW55"}  # me:any; Radicale runs without authentication


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def card(index, name):
    return f"BEGIN:VCARD\r\nVERSION:3.0\r\nUID:p{index}\r\nFN:{name} {index}\r\nN:{index};{name};;;\r\nEND:VCARD\r\n"


def report(url, token):
    """Radicale's answer to a sync-collection REPORT from `token`: seconds, next token, cards named."""
    body = ('<?xml version="1.0"?><sync-collection xmlns="DAV:"><sync-token>%s</sync-token>'
            '<sync-level>1</sync-level><prop><getetag/></prop></sync-collection>' % (token or "")).encode()
    request = urllib.request.Request(url, body, {"Content-Type": "application/xml", **AUTHORIZATION}, method="REPORT")
    start = time.monotonic()
    with urllib.request.urlopen(request) as response:
        text = response.read().decode()
    return time.monotonic() - start, re.search(r"sync-token>([^<]*)<", text).group(1), text.count(".vcf<")


def main(count):
    with tempfile.TemporaryDirectory() as folder:
        book = pathlib.Path(folder) / "collection-root" / "me" / "book"
        book.mkdir(parents=True)
        (book / ".Radicale.props").write_text(json.dumps({"tag": "VADDRESSBOOK"}))
        for index in range(count):
            (book / f"p{index}.vcf").write_text(card(index, "Person"))
        port = free_port()
        radicale = pathlib.Path(sys.executable).parent / "radicale"
        server = subprocess.Popen([radicale, "--config", "", "--server-hosts", f"127.0.0.1:{port}", "--auth-type",
                                   "none", "--storage-filesystem-folder", folder, "--logging-level", "error"])
        try:
            url = f"http://127.0.0.1:{port}/me/book/"
            for _ in range(100):
                try:
                    socket.create_connection(("127.0.0.1", port)).close()
                    break
                except OSError:
                    time.sleep(0.1)
            seconds, token, named = report(url, None)
            print(f"| from no token, first time (Radicale builds its cache) | {seconds:.3f} | {named} |")
            seconds, token, named = report(url, None)
            print(f"| from no token, again | {seconds:.3f} | {named} |")
            for _ in range(3):
                seconds, token, named = report(url, token)
                print(f"| from its token, nothing changed | {seconds:.3f} | {named} |")
            for index in range(0, count, max(count // 10, 1)):
                urllib.request.urlopen(urllib.request.Request(
                    f"{url}p{index}.vcf", card(index, "Changed").encode(),
                    {"Content-Type": "text/vcard", **AUTHORIZATION}, method="PUT")).read()
            seconds, token, named = report(url, token)
            print(f"| from its token, 10 cards changed | {seconds:.3f} | {named} |")
        finally:
            server.kill()
            server.wait()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
