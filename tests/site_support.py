"""Shared by the site tests: build a site from a corpus into a directory, and a corpus full of hostile text."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = Path(__file__).parent / "fixtures" / "site_corpus"
REAL_MANIFEST = ROOT / "corpus" / "editions.yaml"

# Source text that must stay text: markup, Markdown, pymdownx snippets and Jinja-like braces.
HOSTILE = ('<script>window.__pwned = 1</script> <img src=x onerror="window.__pwned = 2"> **bold** _em_ '
           '[link](javascript:alert(1)) `code` {{ config.site_name }} {% raw %} {# c #} ${x} ==mark== '
           '--8<-- "mkdocs.yml"')


def write_mkdocs_config(where: Path) -> None:
    """This checkout's mkdocs.yml for a project at `where`: its hook named by absolute path, no `watch:` list
    (the watched folders are this checkout's)."""
    import re

    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config = config.replace("- lawtools/site/hooks.py", f"- {ROOT / 'lawtools' / 'site' / 'hooks.py'}")
    config = re.sub(r"(?m)^watch:\n(?:  - .*\n)+", "", config)
    (where / "mkdocs.yml").write_text(config, encoding="utf-8")


def real_records_exist() -> bool:
    """True when corpus/records holds at least one edition."""
    return any((ROOT / "corpus" / "records").glob("*/edition.json"))


def build(manifest: Path, site_dir: Path):
    """Build the site from a corpus with the project's mkdocs.yml (strict, no analyses cache: tests may
    replace the analyses); returns the BuildResult."""
    from lawtools.site.build import build_site

    return build_site(ROOT / "mkdocs.yml", manifest=manifest, site_dir=site_dir, strict=True, cache=False)


def _edit(path: Path, change) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")


def hostile_corpus(directory: Path) -> Path:
    """A copy of the fixture corpus whose record texts hold HOSTILE everywhere text reaches a page."""
    shutil.copytree(FIXTURE, directory)
    records = directory / "records"

    def law64(data):
        data["title"] = HOSTILE
        data["intro"] = HOSTILE
        section = data["nodes"][0]
        section["title"] = HOSTILE
        section["children"][0]["text"] = HOSTILE + " Lag 64C"
        data["footnotes"][0]["text"] = HOSTILE
        data["refs"].append({"raw": "Lag 64C", "target": "64C", "node": "64A1"})
        data["anomalies"] = [{"code": "x<b>y</b>", "node": "64A1", "message": HOSTILE}]

    def front(data):
        data["title"] = HOSTILE
        data["paragraphs"] = [HOSTILE]

    def definitions(data):
        data["entries"].append({"term": HOSTILE, "definition": HOSTILE})

    def edition(data):
        data["title"] = HOSTILE
        data["provenance"] = HOSTILE
        data["headings"] = [{"kind": "part", "title": HOSTILE, "line": 1, "laws": ["64"]}]

    _edit(records / "sv-2007" / "64.json", law64)
    _edit(records / "nb-2017" / "foreword.json", front)
    _edit(records / "nb-2017" / "definitions.json", definitions)
    _edit(records / "sv-2007" / "edition.json", edition)
    return directory / "editions.yaml"
