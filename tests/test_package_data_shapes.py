"""Shipped data files with a recorded shape (lawtools/data/<name>.shape.json) are checked against it on load:
a damaged value is one clear error naming the file, line and key, never an exception inside the checks."""

from __future__ import annotations

import pytest

from lawtools import yamlio
from lawtools.errors import PackageDataError
from lawtools.schema import shape_of, spec_for_shape
from lawtools.shapes import SHAPED, shape_path, shape_text


@pytest.mark.parametrize("name", SHAPED)
def test_the_recorded_shape_is_the_shipped_files(name):
    assert shape_path(name).read_text(encoding="utf-8") == shape_text(name), \
        f"run `python -m lawtools.shapes {name}` after changing its settings on purpose"


def test_shapes_accept_their_value_and_refuse_other_types():
    value = {"a": 1, "b": {"c": [1.5, 2], "d": "x", "e": True}, "f": [{"g": 1, "h": "y"}, {"g": 2}]}
    spec = spec_for_shape(shape_of(value))
    spec.check(value)
    spec.check({**value, "new": "a setting added later"})
    for broken in ({**value, "a": "1"}, {**value, "b": {**value["b"], "c": ["x"]}}, {"b": value["b"], "f": []},
                   {**value, "b": {**value["b"], "e": 1}}, {**value, "a": float("inf")}, {**value, "f": [{"h": "y"}]}):
        with pytest.raises(Exception) as raised:
            spec.check(broken)
        assert type(raised.value).__name__ == "SchemaViolation"


def test_a_damaged_check_yaml_names_file_line_and_key(monkeypatch, tmp_path):
    from importlib import resources

    real = resources.files("lawtools.data").joinpath("check.yaml").read_text(encoding="utf-8")
    assert "  use_concordance: true\n" in real
    damaged = real.replace("  use_concordance: true\n", "  use_concordance: 'yes please'\n", 1)
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "check.yaml").write_text(damaged, encoding="utf-8")
    (folder / "check.shape.json").write_text(shape_path("check.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(yamlio.resources, "files", lambda package: folder)
    yamlio.package_data.cache_clear()
    try:
        with pytest.raises(PackageDataError) as raised:
            yamlio.package_data("check.yaml")
    finally:
        yamlio.package_data.cache_clear()
    line = damaged.splitlines().index("  use_concordance: 'yes please'") + 1
    assert f"lawtools/data/check.yaml:{line}:" in str(raised.value)
    assert "pairing.use_concordance" in str(raised.value) and "true or false" in str(raised.value)


# ---------------------------------------------------------------------------------------------- every data file

def _leaves(data, shape, path=()):
    """(key path, value, shape) of every plain value the shape fixes a type for."""
    if isinstance(shape, dict) and isinstance(data, dict):
        for key, item in data.items():
            inner = shape.get("*", shape.get(str(key))) if set(shape) == {"*"} else shape.get(str(key))
            if inner is not None:
                yield from _leaves(item, inner, (*path, key))
    elif isinstance(shape, list) and isinstance(data, list) and shape:
        for index, item in enumerate(data):
            yield from _leaves(item, shape[0], (*path, index))
    elif shape in ("text", "number", "bool"):
        yield path, data, shape


def _set(data, path, value):
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def _damaged_package_file(monkeypatch, tmp_path, name, path, value):
    """Load lawtools/data/<name> with the value at `path` replaced; the PackageDataError's text and the new file."""
    import copy
    from importlib import resources

    import yaml

    data = copy.deepcopy(yamlio.load_yaml(resources.files("lawtools.data").joinpath(name).read_text(encoding="utf-8")))
    _set(data, path, value)
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1000)
    folder = tmp_path / "data"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    (folder / shape_path(name).name).write_text(shape_path(name).read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(yamlio.resources, "files", lambda package: folder)
    yamlio.package_data.cache_clear()
    try:
        with pytest.raises(PackageDataError) as raised:
            yamlio.package_data(name)
    finally:
        yamlio.package_data.cache_clear()
        monkeypatch.undo()  # the next damage starts from the shipped file again
    return str(raised.value), text


WRONG = {"text": 12345, "number": "twelve", "bool": "perhaps"}  # a value of another type for each shape


@pytest.mark.parametrize("name", SHAPED)
def test_a_type_damaged_data_file_is_one_line_naming_file_line_and_key(monkeypatch, tmp_path, name):
    """Every shipped data file: a value of the wrong type (three spread over the file, seeded by its name) is one
    PackageDataError naming lawtools/data/<name>:line:column, the key path and what to do."""
    import json
    import random
    from importlib import resources

    data = yamlio.load_yaml(resources.files("lawtools.data").joinpath(name).read_text(encoding="utf-8"))
    leaves = list(_leaves(data, json.loads(shape_path(name).read_text(encoding="utf-8"))))
    assert leaves, f"{name}: its recorded shape fixes no value's type"
    for path, _, shape in random.Random(name).sample(leaves, min(3, len(leaves))):
        message, text = _damaged_package_file(monkeypatch, tmp_path, name, path, WRONG[shape])
        line, column = yamlio.load_yaml_with_marks(text)[1][path]
        assert message.startswith(f"lawtools/data/{name}:{line}:{column}: {yamlio.format_key_path(path)}: "), message
        assert "\n" not in message and "restore it from git" in message


def _sectioned(name: str) -> bool:
    """Whether a file's recorded shape names its top-level keys (one keyed by data has every key optional; a
    missing shape is test_every_shipped_data_file_has_a_recorded_shape_and_loads's to report)."""
    import json

    if not shape_path(name).is_file():
        return False
    shape = json.loads(shape_path(name).read_text(encoding="utf-8"))
    return isinstance(shape, dict) and set(shape) != {"*"}


@pytest.mark.parametrize("name", [name for name in SHAPED if _sectioned(name)])
def test_a_data_file_missing_a_section_names_it(monkeypatch, tmp_path, name):
    """A top-level key the code reads, gone (a bad merge): one line naming the file and the key it lacks."""
    import json

    shape = json.loads(shape_path(name).read_text(encoding="utf-8"))
    import copy
    from importlib import resources

    import yaml

    data = copy.deepcopy(yamlio.load_yaml(resources.files("lawtools.data").joinpath(name).read_text(encoding="utf-8")))
    gone = next(iter(shape))
    del data[gone]
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / name).write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    (folder / shape_path(name).name).write_text(shape_path(name).read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(yamlio.resources, "files", lambda package: folder)
    yamlio.package_data.cache_clear()
    try:
        with pytest.raises(PackageDataError, match=rf"lawtools/data/{name}:1:1: \(top level\): lacks {gone}"):
            yamlio.package_data(name)
    finally:
        yamlio.package_data.cache_clear()


def test_every_shipped_data_file_has_a_recorded_shape_and_loads():
    from importlib import resources

    names = sorted(p.name for p in resources.files("lawtools.data").iterdir() if p.name.endswith(".yaml"))
    assert list(SHAPED) == names and len(names) >= 12
    for name in names:
        assert shape_path(name).is_file(), f"run `python -m lawtools.shapes {name}`"
        yamlio.package_data.cache_clear()
        yamlio.package_data(name)
    yamlio.package_data.cache_clear()
