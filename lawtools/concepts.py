"""How termbase concepts relate (lawtools/data/concepts.yaml): what a concept implies, which ones matter most."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from .yamlio import package_data


@cache
def concept_relations() -> dict:
    """The relations from lawtools/data/concepts.yaml."""
    return package_data("concepts.yaml")


def with_implied(concepts: Iterable[str]) -> set[str]:
    """The concepts and every concept they imply ('major-penalty-card' brings 'penalty-card')."""
    implies = concept_relations()["implies"]
    found = set(concepts)
    for concept in list(found):
        found.update(implies.get(concept, ()))
    return found


def salient() -> frozenset[str]:
    """Concepts whose absence from an aligned provision is worth a warning."""
    return frozenset(concept_relations()["salient"])
