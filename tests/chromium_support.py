"""Helpers for driving the built site in headless Chromium: a thread-based static server and a driver factory.

Not a test module; imported by tests/test_site_browser.py and by screenshot scripts.
"""

from __future__ import annotations

import contextlib
import functools
import shutil
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync")


def chromium_paths() -> tuple[str, str] | None:
    """(chromium binary, chromedriver) when both are installed, else None."""
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    return (binary, driver) if binary and driver else None


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - signature fixed by http.server
        pass


class _QuietServer(ThreadingHTTPServer):
    def handle_error(self, request, client_address):  # a browser closing a connection early is no error here
        pass


@contextlib.contextmanager
def serve_directory(root: Path):
    """Serve a directory on 127.0.0.1 (a free port) in a background thread; yields the base URL."""
    server = _QuietServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def chromium(width: int = 1366, height: int = 900):
    """A headless Chromium driven by selenium, with a fresh profile removed afterwards."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    binary, driver_path = chromium_paths()
    profile = tempfile.mkdtemp(prefix="lawtools-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
