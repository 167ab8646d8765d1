"""From a parsed query's units to the engine's plan: each unit a clause of alternatives (its words in every corpus
language, as a whole and as compound parts, in the laws' titles and the English titles, and its termbase concepts'
terms in every language), each weighted by how directly it answers the unit; and the optional phrase bonus.

An alternative no provision has is left out of the clause (a clause left empty is a word in no provision). The
weights were chosen on the dev query sets (tests/relevance/RESULTS.md); the site's search page reads the same
ones (site/search_page.py).
"""

from __future__ import annotations

from .analysis import Analyzer
from .language import Guess
from .parsed import Unit
from .plan import Alternative, Clause, Reason

PART_BOOST = 0.5  # a word found inside a compound counts half as much as the word itself
CONTEXT_BOOST = 1.0  # a word of the law's title answers a clause in every provision of the law
EXPANSION_BOOST = 0.9  # the same concept in another language
FOREIGN_BOOST = 0.5  # a query word matching in a language the query is not written in (shared or look-alike words)
COMPOUND_QUERY_BOOST = 0.7  # a compound query word the corpus lacks, found as its parts ("revokestick")
PART_ALONE_BOOST = 0.5  # ... and by one part alone, against both parts together
TITLE_EN_BOOST = 0.6  # an English query word in the English title of the law
PHRASE_BONUS = 1.0  # the query's words standing together (text or law title) add to a provision's score
SCATTERED_BOOST = 0.4  # a multi-word term's words apart in the provision, against standing together
STATUS_BOOST = {"preferred": 1.0, "variant": 0.9, "deprecated": 0.7}
# an English word no term, title or corpus text knows, by its everyday words in the corpus languages
# (data/english.yaml), against a termbase term; dev (old dev / round-4 dev): off 0.904 / 0.691, 0.4 0.894 / 0.698,
# 0.7 0.894 / 0.716, 1.0 0.894 / 0.712; for every English word, not only unknown ones: 0.888 / 0.684
GLOSSARY_BOOST = 0.7


class ClauseBuilder:
    """Builds clauses against one open index, with a parser's analyzers and its compound splitting:
    `split_compound(analyzer, word)` (parts the corpus writes) and `half_split(analyzer, word)` (the corpus side
    of a compound whose other side is only a word of the language)."""

    def __init__(self, index, analyzers: dict, languages: list[str], split_compound, half_split):
        self.index = index
        self.analyzers = analyzers
        self.languages = languages  # the corpus languages
        self.split_compound = split_compound
        self.half_split = half_split

    def bonus(self, units: list[Unit]) -> list[Alternative]:
        """Optional score: the unquoted query words standing together (as a phrase, in the text or the law's
        title). Never required, so they do not widen the matches."""
        bonus: list[Alternative] = []
        typed = [w for u in units if not u.quoted for w in u.words]
        if len(typed) < 2 or len(units) < 2:  # one unit: its own alternatives already hold the phrase
            return bonus
        for lang in self.languages:
            seq = [self.analyzers[lang].query_forms(w) for w in typed]
            present = [f[0] for f in seq if f]
            if len(present) >= 2 and all(self.index.has_term(lang, "text", term) for term in present):
                reason = Reason(" ".join(typed), term=" ".join(typed), language=lang, how="phrase")
                slop = 2 + len(seq) - len(present)
                bonus.append(Alternative(lang, "text", tuple(present), PHRASE_BONUS, slop=slop, reason=reason))
                bonus.append(Alternative(lang, "context", tuple(present), PHRASE_BONUS, slop=slop, reason=reason))
        return bonus

    def clause(self, unit: Unit, languages: Guess | None = None) -> Clause:
        """The clause of one unit: its alternatives in every corpus language (the query's own languages at full
        weight, others at FOREIGN_BOOST), in the English law titles, and through its concepts' terms."""
        languages = languages or Guess()
        text = " ".join(unit.words)
        native = languages.native
        clause = Clause(text)
        alternatives: dict[tuple, Alternative] = {}

        def add(alt: Alternative) -> None:
            if not all(self.index.has_term(alt.language, alt.field, term) for term in alt.terms):
                return  # no provision has the term (or one of the phrase's terms): leave it out of the query
            key = (alt.language, alt.field, alt.terms, alt.ordered)
            if key not in alternatives or alternatives[key].boost < alt.boost:
                alternatives[key] = alt

        how = "phrase" if len(unit.words) > 1 else "word"
        for lang in self.languages:
            analyzer = self.analyzers[lang]
            own = 1.0 if not native or lang in native else FOREIGN_BOOST
            seq = [analyzer.query_forms(w) for w in unit.words]
            present = [f for f in seq if f]
            if not present:
                continue
            reason = Reason(text, term=text, language=lang, how=how)
            if len(present) == 1:
                for form in present[0]:
                    add(Alternative(lang, "text", (form,), own, reason=reason))
                    if not unit.quoted:
                        add(Alternative(lang, "parts", (form,), own * PART_BOOST,
                                        reason=Reason(text, term=text, language=lang, how="compound")))
                if len(unit.words) == 1 and not any(self.index.has_term(lang, "text", f) for f in present[0]):
                    split = self.split_compound(analyzer, unit.words[0])
                    compound = Reason(text, term=text, language=lang, how="compound")
                    if split:
                        add(Alternative(lang, "text", split, own * COMPOUND_QUERY_BOOST, slop=2, reason=compound))
                        # the parts as separate words stand in any order ("revokestick": "the trick of the
                        # revoke", "stick ... revoken"): anywhere in the provision counts too, for less
                        add(Alternative(lang, "text", split, own * COMPOUND_QUERY_BOOST * SCATTERED_BOOST,
                                        ordered=False, reason=compound))
                    if not unit.quoted:
                        # a compound the corpus never writes whose parts it does not write together either
                        # ("revokestraff"): its corpus-word part alone answers it, for less
                        for part in split or self.half_split(analyzer, unit.words[0]):
                            add(Alternative(lang, "text", (part,), own * COMPOUND_QUERY_BOOST * PART_ALONE_BOOST,
                                            reason=compound))
            else:
                gaps = len(seq) - len(present)
                add(Alternative(lang, "text", tuple(f[0] for f in present), own, slop=1 + gaps, reason=reason))
        if "en" in languages.languages or not languages.languages:
            seq = [self.analyzers["en"].query_forms(w) for w in unit.words]
            present = [f[0] for f in seq if f]
            if present:
                add(Alternative("en", "context", tuple(present), TITLE_EN_BOOST, slop=1 + len(seq) - len(present),
                                reason=Reason(text, term=text, language="en", how="law title")))
        matched_languages = {entry["language"] for _, entry in unit.concepts}
        for concept, _ in unit.concepts:
            for entry in concept["entries"]:
                lang = entry["language"]
                if (lang == "en" and "en" not in self.languages) or not entry["occurs"] or not entry["words"]:
                    continue  # English labels reach an English edition's text; without one they only name concepts
                boost = STATUS_BOOST.get(entry["status"], 1.0) * (GLOSSARY_BOOST if concept.get("glossary") else 1.0)
                if native and lang not in native:
                    boost *= EXPANSION_BOOST  # a native query finds its own edition first, the counterparts after
                elif not native and not (lang in matched_languages or "en" in matched_languages):
                    boost *= EXPANSION_BOOST
                reason = Reason(text, concept["id"], entry["term"], lang, "termbase")
                if len(entry["words"]) == 1:
                    for form in entry["words"][0][:2]:
                        add(Alternative(lang, "text", (form,), boost, reason=reason))
                        add(Alternative(lang, "parts", (form,), boost * PART_BOOST, reason=reason))
                else:
                    terms = tuple(w[0] for w in entry["words"])
                    add(Alternative(lang, "text", terms, boost, slop=2 + entry.get("gaps", 0), reason=reason))
                    # word order varies (German verb-final clauses, "upplysningar ... är otillåtna"):
                    # the words anywhere in the provision count too, for less
                    add(Alternative(lang, "text", terms, boost * SCATTERED_BOOST, ordered=False, reason=reason))
        # a provision is read under its law's title: a word of the title answers the clause in every provision
        # of the law ("förtida motspelare": the Swedish Law 57 says "i förtid" only in its title)
        for alt in list(alternatives.values()):
            if alt.field == "text" and len(alt.terms) == 1:
                add(Alternative(alt.language, "context", alt.terms, alt.boost * CONTEXT_BOOST, reason=alt.reason))
        clause.alternatives = list(alternatives.values())
        return clause


def half_split_parts(analyzer: Analyzer, word: str, common) -> tuple[str, ...]:
    """The stem of the corpus-word side of a compound whose other side is a word of the language but not of
    the corpus (`common(side)`: a common word of the language, lexicon.py): "verzakingsregels" -> verzak;
    the longest corpus side first, () for no such split."""
    if not analyzer.compounds or len(word) < 2 * analyzer.min_part - 1:
        return ()
    best: tuple[int, str] | None = None
    for cut in range(analyzer.min_part, len(word) - analyzer.min_part + 1):
        head, rest = word[:cut], word[cut:]
        for link in analyzer.linking:
            tail = rest[len(link):] if rest.startswith(link) else ""
            if len(tail) < analyzer.min_part:
                continue
            for side, whole, other in ((head, analyzer.head_word(head), tail),
                                       (tail, tail if analyzer.known(tail) else None, head)):
                if whole and common(other) and (best is None or len(side) > best[0]):
                    best = (len(side), analyzer.stem(whole))
    return (best[1],) if best else ()
