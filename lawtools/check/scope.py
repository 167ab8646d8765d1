"""What a check run of one edition reads, so that a caller can keep its findings until those inputs change.

The findings of an edition (`run_checks_with_notes(corpus, [edition])`) read: all of that edition's records
(its vocabulary, its renderings of each concept and its repeated sentences are edition-wide); the edition
information of every edition (language, year, laws, partial laws); of the laws it has or cites, which provisions
every other edition has and whether in part (a reference to a law it lacks is looked up there); and what its
pairing (check.pairs) reads of the others: the records of its provisions' counterparts and of the editions asked
to find them, the concordance links asked, the pair statistics, and every record of an edition whose usage a check
weighed (`Pairing.read_edition`: a number two editions disagree on, held against how each writes it elsewhere,
check.number_usage; a citation two editions disagree on, held against what each clause fits in its edition,
check.citation_fit). Which those are is known when the pairs need no content (`Pairing.id_partners`); otherwise
the check run says afterwards (`Pairing.reads`). Besides records: the
termbase, lawtools/data and the check code. `lawtools build` keys each edition's findings by these
(lawtools.pipeline.checks).
"""

from __future__ import annotations

from ..citation import Citation
from ..records import Corpus

# The families whose findings of an edition read its own records, which provisions the others have (ids, whether
# with text, partial flags), their edition information and, of its counterparts, only what they cite (a citation a
# counterpart makes too is confirmed) and the ordinals they state (an ordinal-phrase tie), and the concordance's
# links of the laws it has (a provision another year lacks by id: structure): their findings are kept apart from
# the others' (terminology and counterparts, which also weigh the pair statistics), so a moved statistic does not
# recheck them. What the pairing read for them is recorded with the run's reads (Pairing.reads) and keys both units.
# A family not named here is counted among the others (the safe side).
WITHIN_EDITION = ("structure", "references", "orthography", "footnotes")


def laws_read(corpus: Corpus, edition: str) -> tuple[set[str], set[str]]:
    """(the laws it has, the laws it only cites): of both, the checks of `edition` read which provisions every other
    edition has (see the module docstring); of the laws it has, its pairing reads its counterparts' records."""
    texts = set(corpus.edition_info[edition]["laws"])
    cited = set()
    for article in corpus.articles(edition).values():
        for ref in article.refs:
            target = Citation.try_parse(ref.target)
            if target is not None:
                cited.add(target.law)
    return texts, cited - texts
