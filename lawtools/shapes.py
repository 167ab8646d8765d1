"""Record the shapes of the shipped data files: `python -m lawtools.shapes` writes lawtools/data/<name>.shape.json
for every YAML file there (or only those named: `python -m lawtools.shapes check.yaml`), which `yamlio.package_data`
checks the file against on every load (see `schema.shape_of`). Run it after adding, removing or retyping a setting
on purpose; a test fails until then. (rules_provisions.json, rewritten by `rules drift --update`, has its own
model in rules/drift.py.)"""

from __future__ import annotations

import json
import sys
from importlib import resources
from pathlib import Path

from .schema import shape_of
from .yamlio import load_yaml

SHAPED = tuple(sorted(entry.name for entry in resources.files("lawtools.data").iterdir()
                     if entry.name.endswith(".yaml")))  # the data files with a recorded shape: every YAML one


def shape_text(name: str) -> str:
    """The shape file's text for the shipped data file `name`, as it should be."""
    data = load_yaml(resources.files("lawtools.data").joinpath(name).read_text(encoding="utf-8"))
    return json.dumps(shape_of(data), indent=1, ensure_ascii=False) + "\n"


def shape_path(name: str) -> Path:
    return Path(str(resources.files("lawtools.data").joinpath(Path(name).stem + ".shape.json")))


def main(argv: list[str]) -> int:
    from .fsutil import atomic_write_text

    for name in argv or SHAPED:
        atomic_write_text(shape_path(name), shape_text(name))
        print(f"wrote {shape_path(name)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
