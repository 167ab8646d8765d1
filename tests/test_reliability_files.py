"""Issue 9, validation on load: every hand-kept corpus file lawtools reads back (the termbase, the check baseline,
the concordance overrides, the site settings, the manifest) and the rules' provision hash table, with a value of
the wrong type, is one error naming file:line:column and the key path, never a traceback further in."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from lawtools import errors
from lawtools.yamlio import format_key_path, load_yaml_with_marks, read_yaml

ROOT = Path(__file__).resolve().parent.parent


def _load_site(path: Path):
    from lawtools.site.settings import load_settings

    return load_settings(path.parent)


def _load_overrides(path: Path):
    from lawtools.concordance.store import read_overrides

    return read_overrides(path.parent.parent)


def _load_plan(path: Path):
    from lawtools.concordance.plan import read_plan

    return read_plan(path.parent)


def _load_terms(path: Path):
    from lawtools.termbase import load_termbase

    return load_termbase(path)


def _load_baseline(path: Path):
    from lawtools.check.baseline import load_baseline

    return load_baseline(path)


def _load_manifest(path: Path):
    from lawtools.manifest import load_manifest

    return load_manifest(path)


def _load_hashes(path: Path):
    from lawtools.rules.drift import load_recorded

    return load_recorded(path)


_OVERRIDE = {"overrides": [{"pair": ["de-1997", "sv-2007"], "from": "43B", "to": "43B", "relation": "same",
                            "reason": "checked by hand"}]}

# (file under corpus/ or lawtools/data/, its loader, its error, data to start from when the shipped file has none,
#  the key path to damage, the wrong value)
CASES = {
    "terms.yaml": ("corpus/terms.yaml", _load_terms, errors.TermbaseError, None, ("concepts", 2, "en"), ["a", "b"]),
    "terms forms": ("corpus/terms.yaml", _load_terms, errors.TermbaseError, None, ("concepts", 0, "aliases"), 7),
    "check-baseline.yaml": ("corpus/check-baseline.yaml", _load_baseline, errors.BaselineError, None,
                            ("accepted", 1, "reason"), {"a": 1}),
    "overrides.yaml": ("corpus/concordance/overrides.yaml", _load_overrides, errors.ConcordanceError, _OVERRIDE,
                       ("overrides", 0, "relation"), ["same"]),
    "plan.yaml": ("corpus/concordance/plan.yaml", _load_plan, errors.ConcordanceError, None, ("editions", 2, "year"),
                  "abc"),
    "site.yaml": ("corpus/site.yaml", _load_site, errors.ManifestError, None, ("site", "editions"), "sv-2007"),
    "editions.yaml": ("corpus/editions.yaml", _load_manifest, errors.ManifestError, None, ("editions", 1, "year"),
                      "abc"),
    "rules_provisions.json": ("lawtools/data/rules_provisions.json", _load_hashes, errors.RecordError, None,
                              ("provisions",), ["64A1"]),
}


def _damage(data, path, value):
    data = copy.deepcopy(data)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_type_damaged_file_is_one_line_naming_file_line_column_and_key(tmp_path, case):
    relative, load, error, start, path, wrong = CASES[case]
    original = ROOT / relative
    data = start if start is not None else (json.loads(original.read_text(encoding="utf-8"))
                                            if original.suffix == ".json" else read_yaml(original))
    damaged = _damage(data, path, wrong)
    target = tmp_path / relative
    target.parent.mkdir(parents=True)
    text = (json.dumps(damaged, indent=2, ensure_ascii=False) if target.suffix == ".json"
            else yaml.safe_dump(damaged, allow_unicode=True, sort_keys=False, width=1000))
    target.write_text(text, encoding="utf-8")
    if relative == "corpus/editions.yaml":  # the manifest names its sources: they must be there
        (tmp_path / "corpus" / "sources").symlink_to(ROOT / "corpus" / "sources")
    (good := tmp_path / "good" / relative).parent.mkdir(parents=True)
    good.write_text(original.read_text(encoding="utf-8") if start is None else yaml.safe_dump(start),
                    encoding="utf-8")
    if relative == "corpus/editions.yaml":
        (tmp_path / "good" / "corpus" / "sources").symlink_to(ROOT / "corpus" / "sources")
    load(good)  # the undamaged file loads (so the test can tell)
    with pytest.raises(error) as raised:
        load(target)
    message = str(raised.value)
    line, column = load_yaml_with_marks(text)[1][path]
    assert f"{target}:{line}:{column}" in message, message
    assert format_key_path(path) in message and "\n" not in message, message


def test_the_cli_says_one_line_for_a_damaged_termbase(tmp_path):
    """Through a command (the TBX export reads the termbase): `lawtools: file:line:column: key: ...`, exit 2."""
    import shutil

    shutil.copytree(ROOT / "corpus", tmp_path / "corpus", ignore=shutil.ignore_patterns(".lawtools.lock"))
    terms = tmp_path / "corpus" / "terms.yaml"
    data = _damage(read_yaml(terms), ("concepts", 0, "terms"), ["not", "a", "mapping"])
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1000)
    terms.write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "lawtools", "export", "tbx", "-o", str(tmp_path / "out.tbx")],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    line, column = load_yaml_with_marks(text)[1][("concepts", 0, "terms")]
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr[-800:]
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("lawtools: "), done.stderr
    assert f"terms.yaml:{line}:{column}: concepts[0].terms: " in done.stderr, done.stderr
    assert not (tmp_path / "out.tbx").exists()
