"""The registry of executable rules: which function implements which provisions, for which editions.

Every public rule function is decorated with ``@implements("44C", "44E", example="...")``. The decorator
records a `RuleInfo` in `REGISTRY`, which `lawtools rules list` prints and the site renders (a provision
links to its code, the code to the provision's text in every edition).

`RuleInfo` is a stable interface; its fields:

- ``name``: the function's name (``trick_winner``);
- ``qualname``: the importable dotted path (``lawtools.rules.law44_play.trick_winner``);
- ``provisions``: node ids (``lawtools.citation.Citation`` strings) the function implements, in law order;
- ``editions``: years of the Laws the function follows (1997, 2007, 2017); a function whose behaviour
  differs by edition takes an ``edition`` argument;
- ``signature``: the call signature as text;
- ``summary``: the first line of the docstring;
- ``example``: an example call as Python source, evaluated by ``result()`` in the function's module
  (with the core types of ``lawtools.rules.cards`` in scope).

For the site: `rules()` lists every RuleInfo (all rule modules loaded), `provisions_index()` maps each
cited node id to its rules, `rules_citing("64B")` gives the rules citing a provision or anything inside
it, and `RuleInfo.to_dict()` is the JSON of `lawtools rules list --json`.

Provisions of laws that no source in the corpus contains are declared in
``lawtools/data/rules_absent.yaml`` (see `absent_laws`), never skipped silently.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from ..citation import Citation, node_sort_key
from ..yamlio import package_data
from .editions import LAW_YEARS

F = TypeVar("F", bound=Callable[..., Any])

ABSENT_FILE = Path(__file__).resolve().parent.parent / "data" / "rules_absent.yaml"


@dataclass(frozen=True)
class RuleInfo:
    """One executable rule: a function and the provisions of the Laws it implements."""

    name: str
    qualname: str
    provisions: tuple[str, ...]
    editions: tuple[int, ...]
    signature: str
    summary: str
    example: str

    @property
    def module(self) -> str:
        return self.qualname.rsplit(".", 1)[0]

    def function(self) -> Callable[..., Any]:
        """The function itself."""
        return getattr(importlib.import_module(self.module), self.name)

    def result(self) -> str:
        """The example call's result, as repr text (evaluated now, so it always matches the code)."""
        if not self.example:
            return ""
        from . import cards

        namespace = {**vars(cards), **vars(importlib.import_module(self.module))}
        return show(eval(self.example, namespace))  # noqa: S307 - our own literal example strings

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of `lawtools rules list --json`."""
        return {"name": self.name, "qualname": self.qualname, "provisions": list(self.provisions),
                "editions": list(self.editions), "signature": self.signature, "summary": self.summary,
                "example": self.example, "result": self.result()}


def show(value: Any) -> str:
    """A value as readers of the rules list expect it: Suit.SPADES, SA, 4SX by S, [1.5, 3.0] ..."""
    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value) if isinstance(value, set | frozenset) else value
        inner = ", ".join(show(v) for v in items)
        return f"[{inner}]" if isinstance(value, list) else f"({inner}{',' if len(items) == 1 else ''})"
    if hasattr(value, "__dataclass_fields__") and type(value).__str__ is not object.__str__:
        text = str(value)
        declarer = getattr(value, "declarer", None)
        return f"{text} by {declarer}" if isinstance(declarer, Enum) else text
    return repr(value)


REGISTRY: list[RuleInfo] = []


def implements(*provisions: str, editions: tuple[int | str, ...] = LAW_YEARS, example: str = "") -> Callable[[F], F]:
    """Record that the decorated function implements these provisions for these editions (years or ids)."""
    ids = tuple(sorted({str(Citation.parse(p)) for p in provisions}, key=node_sort_key))
    years = tuple(sorted({_year(e) for e in editions}))

    def decorate(function: F) -> F:
        doc = (inspect.getdoc(function) or "").strip().splitlines()
        info = RuleInfo(
            name=function.__name__, qualname=f"{function.__module__}.{function.__qualname__}", provisions=ids,
            editions=years, signature=f"{function.__name__}{inspect.signature(function)}",
            summary=doc[0] if doc else "", example=example,
        )
        REGISTRY[:] = [r for r in REGISTRY if r.qualname != info.qualname] + [info]
        function.__rule__ = info  # type: ignore[attr-defined]
        return function

    return decorate


def _year(edition: int | str) -> int:
    text = str(edition)
    year = int(text.rsplit("-", 1)[-1])  # edition ids are <language>-<year>
    if year not in LAW_YEARS:
        raise ValueError(f"no rules for the {year} Laws; known: {LAW_YEARS}")
    return year


def rules() -> list[RuleInfo]:
    """Every registered rule, with all rule modules loaded, in module then definition order."""
    from . import load_all

    load_all()
    return list(REGISTRY)


@dataclass(frozen=True)
class AbsentLaw:
    """A law the rules cite that no source in the corpus contains, with the reason it is cited."""

    law: str
    title: str
    reason: str


@cache
def absent_laws() -> dict[str, AbsentLaw]:
    """Laws declared absent from the corpus (lawtools/data/rules_absent.yaml), keyed by law number."""
    data = package_data(ABSENT_FILE.name)  # checked against its recorded shape (lawtools/shapes.py)
    return {str(e["law"]): AbsentLaw(str(e["law"]), e["title"], e["reason"]) for e in data["absent"]}


def is_absent(provision: str) -> bool:
    """True when the provision's law is declared absent from the corpus."""
    return Citation.parse(provision).law in absent_laws()


def provisions_index() -> dict[str, list[RuleInfo]]:
    """Each cited provision -> the rules that implement it (for the site's links from a law to code)."""
    index: dict[str, list[RuleInfo]] = {}
    for info in rules():
        for provision in info.provisions:
            index.setdefault(provision, []).append(info)
    return dict(sorted(index.items(), key=lambda kv: node_sort_key(kv[0])))


def rules_citing(provision: str) -> list[RuleInfo]:
    """The rules implementing this provision or one inside it (for 64B: those citing 64B, 64B1 ... 64B8)."""
    target = Citation.parse(provision)
    return [info for info in rules() if any(target.contains(Citation.parse(p)) for p in info.provisions)]
