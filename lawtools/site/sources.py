"""The analyses the site shows, each read from its module only when that module exists in this checkout.

Every loader returns None when its module is absent, and the site then simply has no such section.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect

from ..records import Corpus
from .render_rules import RuleDoc


def available(module: str) -> bool:
    """True when a lawtools module exists (its parent package too)."""
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def load_rules() -> list[RuleDoc] | None:
    """Every registered rule function (lawtools.rules REGISTRY), or None without lawtools.rules."""
    if not available("lawtools.rules.registry"):
        return None
    registry = importlib.import_module("lawtools.rules.registry")
    docs = []
    for info in registry.rules():
        try:
            docstring = inspect.getdoc(info.function()) or info.summary
        except AttributeError:
            docstring = info.summary
        docs.append(RuleDoc(info.name, info.qualname, tuple(info.provisions), tuple(info.editions), info.signature,
                            docstring, info.example, info.result()))
    return docs


def load_diffs(corpus: Corpus) -> dict[str, dict] | None:
    """law -> lawtools.diff result (JSON shape) for every law in more than one edition, or None without it."""
    if not available("lawtools.diff"):
        return None
    diff = importlib.import_module("lawtools.diff").diff
    results = {}
    for law in corpus.laws():
        having = [e for e in corpus.editions() if corpus.article(e, law) is not None]
        if len(having) > 1:
            results[law] = diff(corpus, law).to_dict()
    return results


def load_findings(corpus: Corpus) -> list[dict] | None:
    """Every lawtools.check finding (JSON shape), or None without lawtools.check."""
    if not available("lawtools.check"):
        return None
    run_checks = importlib.import_module("lawtools.check").run_checks
    return [finding.to_dict() for finding in run_checks(corpus)]
