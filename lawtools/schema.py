"""Small declarative schemas for the data lawtools reads (the manifest, reader options, record files).

A schema is a tree of `Spec` objects; `spec.check(value, path)` returns the cleaned value or raises
`SchemaViolation(path, message)`, where `path` is the key path of the offending value
(`("editions", 0, "year")`). Callers turn the path into `file:line:column` with the YAML marks
(see `yamlio.load_yaml_with_marks`). A reader declares its options as a module-level
`OPTIONS = {"name": Str(), ...}`; adding an option is one line there.
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from dataclasses import dataclass, field
from functools import cache
from typing import Any

Path_ = tuple[Any, ...]


class SchemaViolation(Exception):
    """A value that does not fit its schema, at a key path."""

    def __init__(self, path: Path_, message: str):
        super().__init__(message)
        self.path, self.message = path, message


def _type_name(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    return {bool: "a boolean", int: "a number", float: "a number", str: "text", list: "a list",
            dict: "a mapping"}.get(type(value), type(value).__name__)


class Spec:
    """Base class: check a value at a key path and return it (possibly normalised)."""

    def check(self, value: Any, path: Path_ = ()) -> Any:  # pragma: no cover - interface
        raise NotImplementedError

    def describe(self) -> str:
        """A few words for messages: what this spec accepts."""
        return "a value"


@dataclass(frozen=True)
class AnyValue(Spec):
    """Anything (used sparingly, for free-form data checked elsewhere)."""

    def check(self, value: Any, path: Path_ = ()) -> Any:
        return value


@dataclass(frozen=True)
class Str(Spec):
    """Text, optionally non-empty, bounded in length, matching a pattern or one of fixed choices."""

    pattern: str | None = None
    max_length: int = 10_000
    nonempty: bool = False
    choices: tuple[str, ...] = ()
    hint: str = ""

    def describe(self) -> str:
        if self.choices:
            return "one of " + ", ".join(self.choices)
        return self.hint or "text"

    def check(self, value: Any, path: Path_ = ()) -> str:
        if not isinstance(value, str):
            raise SchemaViolation(path, f"expected {self.describe()}, found {_found(value)}{_boolean_hint(value)}")
        if "\x00" in value:
            raise SchemaViolation(path, "contains a NUL character")
        if self.nonempty and not value.strip():
            raise SchemaViolation(path, f"expected {self.describe()}, found an empty text")
        if len(value) > self.max_length:
            raise SchemaViolation(path, f"{len(value):,} characters is longer than the limit of {self.max_length:,}")
        if self.choices and value not in self.choices:
            name = path[-1] if path and isinstance(path[-1], str) else "value"
            raise SchemaViolation(path, f"unknown {name} {value!r}; known {name}s: {', '.join(self.choices)}")
        if self.pattern and not re.fullmatch(self.pattern, value):
            raise SchemaViolation(path, f"{_short(value)} does not look like {self.hint or self.pattern}")
        return value


@dataclass(frozen=True)
class Int(Spec):
    """A whole number (not a boolean) in [minimum, maximum]."""

    minimum: int | None = None
    maximum: int | None = None

    def describe(self) -> str:
        if self.minimum is not None and self.maximum is not None:
            return f"a whole number from {self.minimum} to {self.maximum}"
        return "a whole number"

    def check(self, value: Any, path: Path_ = ()) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise SchemaViolation(path, f"expected {self.describe()}, found {_found(value)}")
        if (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum):
            raise SchemaViolation(path, f"{value} is out of range; expected {self.describe()}")
        return value


@dataclass(frozen=True)
class Number(Spec):
    """A finite number (whole or not; not a boolean) in [minimum, maximum]."""

    minimum: float | None = None
    maximum: float | None = None

    def describe(self) -> str:
        if self.minimum is not None and self.maximum is not None:
            return f"a number from {self.minimum:g} to {self.maximum:g}"
        return "a number"

    def check(self, value: Any, path: Path_ = ()) -> float:
        import math

        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise SchemaViolation(path, f"expected {self.describe()}, found {_found(value)}")
        if (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum):
            raise SchemaViolation(path, f"{value:g} is out of range; expected {self.describe()}")
        return float(value)


@dataclass(frozen=True)
class Bool(Spec):
    """true or false."""

    def describe(self) -> str:
        return "true or false"

    def check(self, value: Any, path: Path_ = ()) -> bool:
        if not isinstance(value, bool):
            raise SchemaViolation(path, f"expected true or false, found {_found(value)}")
        return value


@dataclass(frozen=True)
class List(Spec):
    """A list of items of one spec, at most `max_items` long (null counts as empty when `nullable`)."""

    item: Spec = field(default_factory=AnyValue)
    max_items: int = 100_000
    nullable: bool = True

    def describe(self) -> str:
        return f"a list of {self.item.describe()}"

    def check(self, value: Any, path: Path_ = ()) -> list:
        if value is None and self.nullable:
            return []
        if not isinstance(value, list):
            raise SchemaViolation(path, f"expected {self.describe()}, found {_found(value)}")
        if len(value) > self.max_items:
            raise SchemaViolation(path, f"{len(value):,} entries is more than the limit of {self.max_items:,}")
        return [self.item.check(item, (*path, index)) for index, item in enumerate(value)]


@dataclass(frozen=True)
class Map(Spec):
    """A mapping with known keys, some required; unknown keys are refused unless `open`."""

    fields: dict[str, Spec] = field(default_factory=dict)
    required: tuple[str, ...] = ()
    open: bool = False
    nullable: bool = False
    values: Spec | None = None  # for open mappings: the spec of every value not in `fields`
    text_keys: bool = True  # keys must be text; when False a key is looked up as its text (YAML's 1: is "1")

    def describe(self) -> str:
        return "a mapping"

    def check(self, value: Any, path: Path_ = ()) -> dict:
        if value is None and self.nullable:
            return {}
        if not isinstance(value, dict):
            raise SchemaViolation(path, f"expected a mapping, found {_found(value)}")
        for key in value:
            if self.text_keys and not isinstance(key, str):
                raise SchemaViolation(path, f"a key must be text, found {_found(key)}{_boolean_hint(key)}")
        present = {key if self.text_keys else str(key) for key in value}
        missing = [key for key in self.required if key not in present]
        if missing:
            raise SchemaViolation(path, f"lacks {', '.join(missing)}")
        cleaned = {}
        for key, item in value.items():
            spec = self.fields.get(key if self.text_keys else str(key))
            if spec is None:
                if not self.open:
                    known = ", ".join(self.fields) or "none"
                    raise SchemaViolation((*path, key), f"unknown key {key!r}; known keys: {known}")
                spec = self.values or AnyValue()
            cleaned[key] = spec.check(item, (*path, key))
        return cleaned


@dataclass(frozen=True)
class Either(Spec):
    """The first of several specs that accepts the value."""

    options: tuple[Spec, ...] = ()

    def describe(self) -> str:
        return " or ".join(option.describe() for option in self.options)

    def check(self, value: Any, path: Path_ = ()) -> Any:
        first: SchemaViolation | None = None
        for option in self.options:
            try:
                return option.check(value, path)
            except SchemaViolation as violation:
                if violation.path != path and first is None:
                    first = violation  # a deeper problem inside a matching shape says more
        if first is not None:
            raise first
        raise SchemaViolation(path, f"expected {self.describe()}, found {_found(value)}")


def _boolean_hint(value: Any) -> str:
    """Where text was expected and YAML read a boolean: most often an unquoted 'no' (Norwegian) or 'on'."""
    return ("; YAML reads an unquoted no, yes, on or off as false or true: quote it ('no')"
            if isinstance(value, bool) else "")


def _found(value: Any) -> str:
    return "nothing (null)" if value is None else f"{_type_name(value)} ({_short(value)})"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass(frozen=True)
class Nullable(Spec):
    """null, or a value of the inner spec."""

    inner: Spec = field(default_factory=AnyValue)

    def describe(self) -> str:
        return f"{self.inner.describe()} or null"

    def check(self, value: Any, path: Path_ = ()) -> Any:
        return None if value is None else self.inner.check(value, path)


@dataclass(frozen=True)
class Record(Spec):
    """A mapping shaped like a dataclass: its fields with their annotated types, required when they lack a default.

    Nested dataclasses (a Node's children) are checked the same way, up to `max_depth` key-path levels,
    so a record nested 100,000 deep is one SchemaViolation instead of a RecursionError.
    """

    cls: type = object
    max_depth: int = 60

    def describe(self) -> str:
        return "a mapping"

    def check(self, value: Any, path: Path_ = ()) -> dict:
        if len(path) > self.max_depth:
            raise SchemaViolation(path, f"nested more than {self.max_depth} levels deep")
        return dataclass_spec(self.cls).check(value, path)


@cache
def dataclass_spec(cls: type) -> Map:
    """The Map spec of a dataclass, derived from its type hints (str, int, bool, lists, dicts, dataclasses)."""
    hints = typing.get_type_hints(cls)
    specs = {f.name: _spec_for(hints[f.name]) for f in dataclasses.fields(cls)}
    required = tuple(f.name for f in dataclasses.fields(cls)
                     if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
    return Map(specs, required)


def _spec_for(hint: Any) -> Spec:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is str:
        return Str(max_length=1_000_000)
    if hint is bool:
        return Bool()
    if hint is int:
        return Int()
    if origin in (typing.Union, types.UnionType):
        others = [a for a in args if a is not type(None)]
        inner = _spec_for(others[0]) if len(others) == 1 else AnyValue()
        return Nullable(inner) if type(None) in args else inner
    if origin is list:
        return List(_spec_for(args[0]) if args else AnyValue(), nullable=False)
    if origin is dict or hint is dict:
        return Map(open=True)
    if dataclasses.is_dataclass(hint):
        return Record(hint)
    return AnyValue()


# Shapes: the types of a shipped data file's values, recorded beside it (lawtools/data/<name>.shape.json) so a
# damaged copy is refused by key path before code trips over it. A shape is JSON: "number", "text", "bool",
# "null" or "any" for a value, [shape] for a list, {key: shape} for a mapping (its keys required, others allowed).

# A mapping with this many keys whose values share a shape is data keyed by name ({"*": shape}); one whose values are
# plain numbers or texts needs more (a section of a dozen numeric settings keeps its keys, each one required).
MANY_KEYS, MANY_SCALAR_KEYS = 8, 24


def shape_of(value: Any) -> Any:
    """The shape of a value (see above); a list's items share one shape, or 'any' when they differ. A mapping of
    many keys whose values share a shape (words by language, hashes by provision) is {"*": shape}: any keys, each
    value of that shape, so an entry added or removed is data, not a new shape."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "text"
    if value is None:
        return "null"
    if isinstance(value, dict):
        shapes = {str(key): shape_of(item) for key, item in value.items()}
        scalars = all(isinstance(s, str) for s in shapes.values())
        if len(shapes) >= (MANY_SCALAR_KEYS if scalars else MANY_KEYS):
            common = _common(list(shapes.values()))
            if common != "any" and (common != {} or all(s == {} for s in shapes.values())):  # (sections: no)
                return {"*": common}
        return shapes
    if isinstance(value, list):
        return [_common([shape_of(item) for item in value])]
    return "any"


def _common(shapes: list[Any]) -> Any:
    """The one shape of several values: the same shape, or mappings' common keys when those agree, else 'any'."""
    if shapes and all(isinstance(s, dict) for s in shapes):  # records: the keys every item has
        if all("*" in s and len(s) == 1 for s in shapes):
            inner = _common([s["*"] for s in shapes])
            return {"*": inner} if inner != "any" else "any"
        common = [k for k in shapes[0] if all(k in s for s in shapes)]
        first = {k: shapes[0][k] for k in common}
        return first if all(s[k] == first[k] for s in shapes for k in common) else "any"
    distinct = {repr(s): s for s in shapes}
    return next(iter(distinct.values())) if len(distinct) == 1 else "any"


def spec_for_shape(shape: Any) -> Spec:
    """The Spec that accepts values of a shape (mappings open: a key added later is not refused)."""
    if isinstance(shape, dict):
        if set(shape) == {"*"}:
            return Map(open=True, values=spec_for_shape(shape["*"]), text_keys=False)
        return Map({key: spec_for_shape(item) for key, item in shape.items()}, required=tuple(shape), open=True,
                   text_keys=False)
    if isinstance(shape, list):
        return List(spec_for_shape(shape[0]) if shape else AnyValue(), nullable=False)
    return {"number": Number(), "text": Str(max_length=1_000_000), "bool": Bool(), "null": AnyValue(),
            "any": AnyValue()}[shape]
