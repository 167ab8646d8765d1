"""The concordance: which provisions of two editions are counterparts, across languages and Laws years.

Ids align provisions only within one Laws year (2007 57C2 is 2017 57C3). This package owns pairing
provisions by what they say: it computes, for every pair of editions that share a law, links with a
relation (`same`, `changed`, `renumbered`, `split`, `merged`, `new`, `removed`), a score and the
evidence, and keeps them as data in `corpus/concordance/` beside the records (one YAML file per pair,
hand overrides in `overrides.yaml`). Data flows records -> concordance -> show/diff/align/TMX/checks/site.

Modules: `units` (the provisions compared), `embed` (the optional offline encoder and its cache),
`features` (evidence per pair), `scoring` (the fitted model), `align` (monotone alignment, moves,
splits), `compute` (one pair's links), `store` (files, overrides, currency check), `links` (the stored
data and its look-ups, importable without numpy or the encoder), `evaluate` and `tune` (gold scoring).

API for other parts of lawtools (reading only; never imports numpy or the encoder)::

    from lawtools.concordance import load_concordance
    conc = load_concordance(corpus.manifest.corpus_dir)     # corpus/ (the directory of editions.yaml)
    conc.links                                               # every Link of every edition pair
    conc.counterparts("sv-2007", "57C2")                     # Links to all other editions, seen from it
    conc.counterpart("sv-2007", "57C2", "nl-2017")           # the best Link to one edition, or None
    link.from_edition, link.from_node, link.to_edition, link.to_node, link.relation, link.score, link.evidence

`to_node` is None when the other edition has no counterpart (the provision is new or removed there);
`counterpart` returns None only when the concordance does not cover that provision and edition.
A node id that is a law number (`"54"`) is the law's introductory text.
"""

from __future__ import annotations

from .links import RELATIONS, Concordance, ConcordanceError, Link, StaleConcordance, load_concordance


def build_stage(corpus, force: bool = False) -> str:
    """The concordance stage of `lawtools build` (see store.build_stage); imports the computing code only then."""
    from .store import build_stage as run

    return run(corpus, force)


__all__ = ["RELATIONS", "Concordance", "ConcordanceError", "Link", "StaleConcordance", "build_stage",
           "load_concordance"]
