"""Consistency checks translators can act on: structure, references, terminology, orthography, spelling,
counterparts (a provision against the same provision in other editions, paired by `pairs.py`), footnotes.

`run_checks(corpus)` runs every family over the records and returns `Finding`s in the DESIGN.md shape
(plus file, line, compared text and suggestion, filled in by `locate.py`). Each family is a module with one
`check(context) -> list[Finding]`; `baseline.py` lets a user accept findings (with a reason) so that only
new ones are reported. Where the pieces are:

- `pairs.py`: which provisions of other editions a provision is compared with (the one place to change
  when the concordance lands); `features.py`: what is compared (concepts, citations, numbers, length);
- `counterparts.py`: the checks across counterparts (`ordinal_terms.py`: an ordinal bound to the term it
  counts; `footnote_numbers.py`: a footnote's numbers against its provision's); `synonyms.py`: a termbase
  term replaced by another word (run by the terminology family);
  `spelling.py`, `repetition.py`, `punctuation.py`, `sequences.py`, `ordinal_phrases.py`: monolingual
  checks the orthography family runs; `mutate.py`: planted defects for measuring recall.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ..records import Corpus
from ..termbase import Termbase
from . import encoder
from .features import HIT_MEMO
from .locate import locate
from .model import SEVERITIES, CheckContext, Finding, severity_rank

# Each family: module name under lawtools.check. Order is the order of the report.
FAMILIES = ("structure", "references", "terminology", "orthography", "counterparts", "footnotes")

__all__ = ["FAMILIES", "SEVERITIES", "Finding", "run_checks", "run_checks_with_notes", "severity_rank"]


def run_checks(corpus: Corpus, editions: list[str] | None = None, termbase: Termbase | None = None,
               families: tuple[str, ...] = FAMILIES) -> list[Finding]:
    """Every finding of the selected check families for the selected editions (all by default), sorted."""
    return run_checks_with_notes(corpus, editions, termbase, families)[0]


def run_checks_with_notes(corpus: Corpus, editions: list[str] | None = None, termbase: Termbase | None = None,
                          families: tuple[str, ...] = FAMILIES, memo: dict | None = None,
                          families_of: dict[str, tuple[str, ...]] | None = None,
                          found_by: dict | None = None, reads: dict | None = None,
                          status: Callable[[str], None] | None = None) -> tuple[list[Finding], list[str]]:
    """The findings, and notes on checks that could not run (a language with no word list, no alphabet). memo:
    term hits by text from an earlier run with the same termbase and code (features.HIT_MEMO), added to here;
    families_of: edition -> the families to run for it (all of `families` for an edition it does not name);
    found_by: filled with finding -> the family that found it (the first, when two found the same); reads: filled
    with edition -> what its checks read of the other editions (records by law, concordance links by edition pair
    and law, length ratios), as pairs.Pairing.reads tells; status: called with a line when a long step begins
    (the encoder's first texts)."""
    checked = [corpus.check_edition(e) for e in editions] if editions else corpus.editions()
    context = CheckContext(corpus, checked, termbase, status=status)
    if memo is not None:
        context._cache[HIT_MEMO] = memo
    findings: list[Finding] = []
    for family in families:
        if families_of is not None:
            context.editions = [e for e in checked if family in families_of.get(e, families)]
            if not context.editions:
                continue
        module = importlib.import_module(f"{__name__}.{family}")
        found = [f for f in module.check(context) if f.edition in context.editions]
        if found_by is not None:
            for finding in found:
                found_by.setdefault(finding, family)
        findings.extend(found)
    context.editions = checked
    encoder.save(context)
    if reads is not None:
        from .pairs import pairing

        reads.update(pairing(context).reads(checked))
    return locate(context.corpus, sorted(set(findings), key=Finding.sort_key)), context.notes
