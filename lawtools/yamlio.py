"""One way to read YAML: a safe loader with limits, positions for messages, and package data by file name.

Every YAML file lawtools reads goes through `load_yaml` / `read_yaml`: libyaml's safe loader when
present, after the composed node tree has been checked against limits (nesting depth, number of
aliases, the size the document would have with every alias expanded, no recursive aliases), so an
alias bomb or a recursive alias is one clear `YAMLLimitError` instead of a MemoryError or a hang.
`load_yaml_with_marks` also returns where each key path sits in the file (line and column), so a
validation error can say `corpus/editions.yaml:12:11: editions[0].year: ...`.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_BYTES = 8 * 1024 * 1024     # a YAML file larger than this is refused before parsing
MAX_DEPTH = 64                   # nesting of mappings and sequences
MAX_ALIASES = 1_000              # alias uses (*name) in one document
MAX_NODES = 2_000_000            # nodes of the document with every alias expanded

KeyPath = tuple[Any, ...]


class YAMLLimitError(yaml.YAMLError):
    """A YAML document over one of the loader's limits (depth, aliases, expanded size, recursion)."""

    def __init__(self, problem: str, mark=None):
        super().__init__(problem)
        self.problem, self.problem_mark = problem, mark


def _check_limits(root: yaml.Node) -> None:
    """Walk the node graph once; raise YAMLLimitError on recursion, depth, alias count or expanded size."""
    sizes: dict[int, int] = {}
    seen_ids: set[int] = set()
    aliases = 0

    def children(node: yaml.Node) -> list[yaml.Node]:
        if isinstance(node, yaml.SequenceNode):
            return list(node.value)
        if isinstance(node, yaml.MappingNode):
            return [part for pair in node.value for part in pair]
        return []

    # iterative post-order walk so a deep document cannot exhaust Python's stack
    stack: list[tuple[yaml.Node, int, bool]] = [(root, 1, False)]
    on_path: set[int] = set()
    while stack:
        node, depth, expanded = stack.pop()
        key = id(node)
        if expanded:
            on_path.discard(key)
            own = 1 + len(node.value) // 100 if isinstance(node, yaml.ScalarNode) else 1
            total = own + sum(sizes[id(child)] for child in children(node))
            if total > MAX_NODES:
                raise YAMLLimitError(f"the document would expand to more than {MAX_NODES:,} values "
                                     "(an alias bomb?)", node.start_mark)
            sizes[key] = total
            continue
        if key in on_path:
            raise YAMLLimitError("a recursive alias (a value that contains itself)", node.start_mark)
        if key in sizes:
            aliases += 1
            if aliases > MAX_ALIASES:
                raise YAMLLimitError(f"more than {MAX_ALIASES:,} alias uses", node.start_mark)
            continue
        if key in seen_ids:  # reached again while still being walked: only possible through recursion
            raise YAMLLimitError("a recursive alias (a value that contains itself)", node.start_mark)
        seen_ids.add(key)
        if depth > MAX_DEPTH:
            raise YAMLLimitError(f"nested more than {MAX_DEPTH} levels deep", node.start_mark)
        on_path.add(key)
        stack.append((node, depth, True))
        for child in children(node):
            stack.append((child, depth + 1, False))


def _compose(text: str) -> tuple[Any, yaml.Node | None]:
    if len(text) > MAX_BYTES:
        raise YAMLLimitError(f"the document is larger than {MAX_BYTES:,} characters")
    loader = _LOADER(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, None
        _check_limits(node)
        return loader.construct_document(node), node
    finally:
        loader.dispose()


def load_yaml(text: str) -> Any:
    """Parse YAML text safely within the limits (raises yaml.YAMLError on bad input)."""
    return _compose(text)[0]


def load_yaml_with_marks(text: str) -> tuple[Any, dict[KeyPath, tuple[int, int]]]:
    """Parse YAML text; also return (line, column), both 1-based, of the value at every key path."""
    data, node = _compose(text)
    marks: dict[KeyPath, tuple[int, int]] = {}
    if node is None:
        return data, marks
    stack: list[tuple[yaml.Node, KeyPath]] = [(node, ())]
    visited: set[int] = set()
    while stack:
        current, path = stack.pop()
        marks.setdefault(path, (current.start_mark.line + 1, current.start_mark.column + 1))
        if id(current) in visited:
            continue
        visited.add(id(current))
        if isinstance(current, yaml.SequenceNode):
            stack.extend((child, (*path, index)) for index, child in enumerate(current.value))
        elif isinstance(current, yaml.MappingNode):
            for key_node, value_node in current.value:
                key = key_node.value if isinstance(key_node, yaml.ScalarNode) else repr(key_node.value)
                stack.append((value_node, (*path, key)))
    return data, marks


def read_text_limited(path: Path, limit: int = MAX_BYTES) -> str:
    """The UTF-8 text of a regular file of at most `limit` bytes (OSError / UnicodeDecodeError otherwise)."""
    import os
    import stat

    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise IsADirectoryError(21, "not a regular file", str(path))
    if info.st_size > limit:
        raise YAMLLimitError(f"the file is larger than {limit:,} bytes")
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise YAMLLimitError(f"the file is larger than {limit:,} bytes")
    return data.decode("utf-8")


def read_yaml(path: Path) -> Any:
    """Parse a UTF-8 YAML file within the limits."""
    return load_yaml(read_text_limited(Path(path)))


def read_yaml_with_marks(path: Path) -> tuple[Any, dict[KeyPath, tuple[int, int]]]:
    """Parse a UTF-8 YAML file; also the (line, column) of every key path (see load_yaml_with_marks)."""
    return load_yaml_with_marks(read_text_limited(Path(path)))


def describe_error(path: Path, error: Exception) -> str:
    """One line for a YAML file that cannot be read: `path:line:column: not valid YAML: problem`, or not UTF-8."""
    if isinstance(error, UnicodeDecodeError):
        return f"{path}: not UTF-8 text (byte {error.start})"
    if isinstance(error, OSError):
        return f"{path}: cannot read: {error.strerror or error}"
    mark = getattr(error, "problem_mark", None)
    where = f"{path}:{mark.line + 1}:{mark.column + 1}" if mark is not None else str(path)
    return f"{where}: not valid YAML: {getattr(error, 'problem', None) or 'cannot parse'}"


def format_key_path(path: KeyPath) -> str:
    """('editions', 0, 'year') -> 'editions[0].year'."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(top level)"


def locate(text: str, path: KeyPath) -> tuple[int, int]:
    """(line, column) of the value at a key path in YAML (or JSON) text; (0, 0) when it cannot be placed."""
    try:
        marks = load_yaml_with_marks(text)[1]
    except yaml.YAMLError:
        return 0, 0
    while path and path not in marks:  # a key that is missing: point at the mapping that lacks it
        path = path[:-1]
    return marks.get(path, (0, 0))


def violation_line(where: str, text: str, violation) -> str:
    """`where:line:column: key.path: message` for a schema violation in a file's text."""
    line, column = locate(text, violation.path)
    at = f"{where}:{line}:{column}" if line else where
    return f"{at}: {format_key_path(violation.path)}: {violation.message}"


def read_checked(path: Path, spec, error: type[Exception], fix: str, *, label: str | None = None) -> Any:
    """A YAML (or JSON) file read within the limits and checked against a schema spec (lawtools.schema).

    Anything wrong is one `error` naming the file, the line and column, and the key path, then `fix` (what to
    run or do): `corpus/terms.yaml:41:15: concepts[3].terms.sv: expected a list of ..., found text ('x'); fix`.
    Returns the data as parsed (the spec only checks it); an empty file is null, which the spec may accept."""
    from .schema import SchemaViolation

    where = label or str(path)
    try:
        text = read_text_limited(Path(path))
        data = load_yaml(text)
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as problem:
        raise error(f"{describe_error(Path(where), problem)}; {fix}") from None
    try:
        spec.check(data)
    except SchemaViolation as violation:
        raise error(f"{violation_line(where, text, violation)}; {fix}") from None
    return data


@cache
def package_data(name: str) -> Any:
    """A YAML file shipped in lawtools/data, parsed once per process (PackageDataError when it is damaged)."""
    from .errors import PackageDataError

    where = f"lawtools/data/{name}"
    try:
        text = resources.files("lawtools.data").joinpath(name).read_text(encoding="utf-8")
        data = load_yaml(text)
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        raise PackageDataError(f"{describe_error(Path(where), error)}; lawtools' own data is damaged: restore it "
                               "from git or reinstall lawtools") from None
    shape = resources.files("lawtools.data").joinpath(Path(name).stem + ".shape.json")
    if shape.is_file():  # the types the code expects, recorded from the shipped file (schema.shape_of)
        import json

        from .schema import SchemaViolation, spec_for_shape

        try:
            spec_for_shape(json.loads(shape.read_text(encoding="utf-8"))).check(data)
        except SchemaViolation as violation:
            raise PackageDataError(f"{violation_line(where, text, violation)}; lawtools' own data is damaged: "
                                   f"restore it from git or reinstall lawtools (after changing its keys on purpose: "
                                   f"python -m lawtools.shapes {name})") from None
    return data
