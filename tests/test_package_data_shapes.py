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
