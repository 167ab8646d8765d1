"""What a check run of one edition reads, so that a caller can keep its findings until those inputs change.

The findings of an edition (`run_checks_with_notes(corpus, [edition])`) read: all of that edition's records
(its vocabulary, its renderings of each concept and its repeated sentences are edition-wide); the edition
information of every edition (language, year, laws, partial laws); and, of every other edition, the
records of the laws returned by `laws_read`: the laws this edition has (counterparts, missing provisions,
terminology across editions, the length ratio of two editions, learned from the ids both have) and, when the
checks pair through the concordance, the laws its provisions are linked to; of the laws it only cites, only
which provisions the other editions have and whether they have them in part (a reference to a law it lacks
is looked up there). Besides records: the termbase, lawtools/data and the
check code. `lawtools build` keys each edition's findings by these (lawtools.pipeline.checks).
"""

from __future__ import annotations

from ..citation import Citation
from ..records import Corpus
from ..yamlio import package_data

# The families whose findings of an edition read only that edition's records and, of the others, which provisions
# they have (ids, whether with text, partial flags) and their edition information, as long as the provisions are
# paired by id without comparing content (pairs.Pairing.id_partners tells): their findings are kept apart from the
# others' (terminology and counterparts, which read their counterparts' text and the pair statistics). A family
# not named here is counted among the others (the safe side).
WITHIN_EDITION = ("structure", "references", "orthography", "footnotes")


def uses_concordance() -> bool:
    """True when the checks pair provisions through the stored concordance (check.yaml pairing setting)."""
    return bool((package_data("check.yaml").get("pairing") or {}).get("use_concordance"))


def linked_laws(concordance) -> dict[str, set[str]]:
    """edition -> the laws of every stored link with an end in that edition (one pass over the links, so that
    asking for every edition does not scan every link once per edition)."""
    found: dict[str, set[str]] = {}
    for link in concordance.links if concordance is not None else ():
        for edition in {link.from_edition, link.to_edition}:
            found.setdefault(edition, set()).update(link.laws)
    return found


def laws_read(corpus: Corpus, edition: str, concordance=None,
              linked: dict[str, set[str]] | None = None) -> tuple[set[str], set[str]]:
    """(laws whose records of the other editions the checks of `edition` read, laws of which they read only the
    provision ids and partial flags): the laws it has or is linked to; the laws it only cites, whose targets are
    looked up elsewhere (see the module docstring). concordance: the stored one when the checks use it; linked:
    `linked_laws(concordance)`, when the caller asks for many editions."""
    texts = set(corpus.edition_info[edition]["laws"])
    cited = set()
    for article in corpus.articles(edition).values():
        for ref in article.refs:
            target = Citation.try_parse(ref.target)
            if target is not None:
                cited.add(target.law)
    if concordance is not None:
        texts |= (linked if linked is not None else linked_laws(concordance)).get(edition, set())
    return texts, cited - texts
