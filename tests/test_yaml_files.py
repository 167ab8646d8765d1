"""YAML files a user hands lawtools (manifest, termbase, check baseline) that cannot be read: one line naming them."""

from __future__ import annotations

import pytest

from lawtools.check.baseline import load_baseline
from lawtools.errors import BaselineError, ManifestError, TermbaseError
from lawtools.manifest import load_manifest
from lawtools.termbase import load_termbase

LOADERS = {"manifest": (load_manifest, ManifestError), "termbase": (load_termbase, TermbaseError),
           "baseline": (load_baseline, BaselineError)}
BAD = {"unclosed-flow": (b"key: [\n", r"f\.yaml:2:\d+: not valid YAML: "),
       "bad-indent": (b"a: 1\n b: 2\n", r"f\.yaml:2:\d+: not valid YAML: "),
       "latin-1": ("editions: [Växjö]\n".encode("latin-1"), r"f\.yaml: not UTF-8 text \(byte 12\)"),
       "utf-16-bom": (b"\xff\xfee\x00", r"f\.yaml: not UTF-8 text \(byte 0\)")}


@pytest.mark.parametrize("loader", LOADERS.values(), ids=LOADERS.keys())
@pytest.mark.parametrize(("content", "message"), BAD.values(), ids=BAD.keys())
def test_unreadable_yaml_is_one_line_naming_file_and_line(tmp_path, loader, content, message):
    load, error_class = loader
    path = tmp_path / "f.yaml"
    path.write_bytes(content)
    with pytest.raises(error_class, match=message) as raised:
        load(path)
    assert "\n" not in str(raised.value)


def test_site_build_into_an_unwritable_directory_is_one_line(tmp_path, capsys):
    from lawtools.cli import main

    blocker = tmp_path / "file"
    blocker.write_text("not a directory", encoding="utf-8")
    assert main(["site", "build", "-q", "--site-dir", str(blocker / "site")]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("lawtools: the site did not build: cannot write") and "Traceback" not in "".join(err)
