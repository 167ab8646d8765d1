"""From the engine's ranked provisions to law groups: a law's score from its provisions, the editions within a
law in the order a reader wants them, and each hit with its snippet and the reasons it matched.

The engine (engine_whoosh.py, engine_tantivy.py) ranks provisions; a reader looks for a law. A law's score is its
best provision plus a decaying share of the next ones, raised when its title answers the whole query; within a
law, the query language's editions come first, then those where the query's own words matched, then those found
through the termbase.
"""

from __future__ import annotations

import json

from .highlight import Spans, lemma_tokens, snippet, token_spans, why
from .plan import Clause, Plan
from .results import Hit, LawGroup, Matched

PER_EDITION = 3  # provisions shown per edition inside one law group ...
PER_EDITION_ONE_LAW = 30  # ... and when the search is narrowed to one law
GROUP_DECAY, GROUP_DEPTH = 0.3, 6  # see group_score
TITLE_WEIGHT = 0.5  # a law titled by the query (see Grouper.titled); dev: 0 -> 0.888, 0.5 -> 0.913, 1.0 -> 0.913


class Grouper:
    """Builds law groups and hits for one open index (its analyzers and the English law titles), caching each
    law title's terms and each plan's alternatives per language."""

    def __init__(self, analyzers: dict, titles_en: dict[str, str]):
        self.analyzers = analyzers
        self.titles_en = titles_en
        self._titles: dict[tuple[str, str], set[str]] = {}
        self._plans: dict[int, tuple[Plan, dict]] = {}

    def group(self, raw, plan: Plan, limit: int, languages: set[str], one_law: bool = False,
              native: tuple[str, ...] = ()) -> list[LawGroup]:
        """The engine's hits as law groups, best law first, at most `limit` laws."""
        per_edition = PER_EDITION_ONE_LAW if one_law else PER_EDITION
        by_law: dict[str, list] = {}
        for hit in raw:  # the hits' ids (the index's document table): only the hits shown read their fields
            by_law.setdefault(hit.brief["law"], []).append(hit)
        scored = []
        for law, hits in by_law.items():
            score = group_score(sorted((h.score for h in hits), reverse=True))
            if TITLE_WEIGHT and self.titled(law, hits, plan):
                score *= 1 + TITLE_WEIGHT
            scored.append((score, law, hits))
        scored.sort(key=lambda item: -item[0])
        groups = []
        for score, law, hits in scored[:limit]:
            by_edition: dict[str, list] = {}
            for h in hits:
                by_edition.setdefault(h.brief["edition"], []).append(h)
            built = {e: [self.hit(h, plan) for h in ranked[:per_edition]] for e, ranked in by_edition.items()}
            # editions in the query's language first; then those where the query's own words matched; then
            # those found through the termbase
            editions = sorted(by_edition, key=lambda e: (built[e][0].language not in native,
                                                         not (direct(built[e]) or built[e][0].language in languages),
                                                         -by_edition[e][0].score))
            shown, more = [], 0
            for edition in editions:
                shown.extend(built[edition])
                more += max(0, len(by_edition[edition]) - per_edition)
            groups.append(LawGroup(law, score, shown, more))
        return groups

    def titled(self, law: str, hits, plan: Plan) -> bool:
        """True when the law's title (in an edition that matched, or in English) answers every clause."""
        titles: dict[str, set[str]] = {}
        for hit in hits:
            language = hit.brief["language"]
            if language not in titles:
                titles[language] = self.title_terms(language, hit.brief.get("law_title", ""))
        english = self.titles_en.get(law, "")
        titles["en"] = self.title_terms("en", english) if english else set()

        def answered(clause) -> bool:
            return any(alt.field in ("text", "context") and alt.terms
                       and set(alt.terms) <= titles.get(alt.language, set()) for alt in clause.alternatives)

        return bool(plan.clauses) and all(answered(c) for c in plan.clauses)

    def hit(self, raw, plan: Plan) -> Hit:
        """One engine hit as shown: its snippet with the matched words marked, and why each matched."""
        f = raw.fields
        language = f["language"]
        text, title = f.get("text", ""), f.get("title", "")
        text_spans, title_spans_of = self._spans(f, plan)
        context_terms = self.title_terms(language, f.get("law_title", ""))
        spans, title_spans, matched = [], [], {}
        for clause, alternatives in self._by_language(plan, language):
            for alt in alternatives:
                if alt.language == "en":  # only the English title of the law (see _by_language)
                    title_en = self.titles_en.get(f["law"], "")
                    if title_en and set(alt.terms) <= self.title_terms("en", title_en):
                        key = (title_en, clause.text, "law title")
                        matched.setdefault(key, Matched(title_en, clause.text, "law title", language="en",
                                                        why=f"{clause.text!r} in the English title of the law"))
                    continue
                if alt.field == "context":
                    if alt.terms[0] in context_terms:
                        key = (f.get("law_title", ""), clause.text, "law title")
                        matched.setdefault(key, Matched(f.get("law_title", ""), clause.text, "law title",
                                                        why=f"{clause.text!r} in the title of the law"))
                    continue
                in_text = text_spans.find(alt.field, alt.terms)
                in_title = title_spans_of.find(alt.field, alt.terms)
                found = in_text or in_title
                if not found:
                    continue
                source, where = (text, text_spans) if in_text else (title, title_spans_of)
                spans.extend(in_text)
                title_spans.extend(in_title)
                surface = " ".join(source[s:e] for s, e in where.first_of_each(alt.field, alt.terms))
                how = where.how_matched(alt, found)
                reason = alt.reason
                key = (surface.lower(), clause.text, reason.concept)
                if key not in matched:
                    matched[key] = Matched(surface, clause.text, how, reason.concept, language, why(how, reason))
        return Hit(f["edition"], language, f["law"], f["node"], f.get("heading") or title or f.get("law_title", ""),
                   raw.score,
                   snippet(text, spans) if text else snippet(title, title_spans), f.get("law_title", ""),
                   _widest(list(matched.values())))

    def _by_language(self, plan: Plan, language: str) -> list[tuple[Clause, list]]:
        """The clauses (and the law-title bonus) with the alternatives a hit in the language can show: its
        own language's, and the English law title's; worked out once per plan and language."""
        cache = self._plans.get(id(plan))
        if cache is None or cache[0] is not plan:
            cache = self._plans[id(plan)] = (plan, {})
            if len(self._plans) > 8:  # plans of earlier searches
                for key in [k for k in self._plans if k != id(plan)]:
                    del self._plans[key]
        found = cache[1].get(language)
        if found is None:
            titles = [Clause(b.reason.query, [b]) for b in plan.bonus if b.field == "context"]
            found = cache[1][language] = [
                (clause, [a for a in clause.alternatives if a.language == language
                          or (a.language == "en" and a.field == "context")])
                for clause in [*plan.clauses, *titles]]
        return found

    def _spans(self, f: dict, plan: Plan) -> tuple[Spans, Spans]:
        """Where the terms are in a hit's text and title: stored with the document at index time (an index
        without them: the text analysed again, only the words that can carry the plan's terms)."""
        stored = f.get("spans")
        if stored:
            try:  # decoded at build time (index.stored_spans); JSON in an index built before
                found = stored if isinstance(stored, dict) else json.loads(stored)
                return Spans(found["x"]), Spans(found["t"])
            except (ValueError, KeyError, TypeError):
                pass
        language = f["language"]
        analyzer = self.analyzers[language]
        parts = frozenset(t for c in plan.clauses for a in c.alternatives
                          if a.field == "parts" and a.language == language for t in a.terms)
        starts = frozenset(t[:2] for c in plan.clauses for a in c.alternatives if a.language == language
                           for t in a.terms)
        text_tokens = (analyzer.tokens(f.get("text", ""), parts_for=parts, starts=starts)
                       + lemma_tokens(f.get("lemmas", "")))
        title_tokens = (analyzer.tokens(f.get("title", ""), parts_for=parts, starts=starts)
                        + lemma_tokens(f.get("title_lemmas", "")))
        return Spans(token_spans(text_tokens)), Spans(token_spans(title_tokens))

    def title_terms(self, language: str, title: str) -> set[str]:
        """The terms of a law's title (each distinct title analysed once)."""
        key = (language, title)
        found = self._titles.get(key)
        if found is None:
            if language == "en":
                found = {t.term for t in self.analyzers["en"].tokens(title, with_parts=False) if t.field == "text"}
            else:
                found = {t.term for t in self.analyzers[language].tokens(title, with_parts=False)}
            self._titles[key] = found
        return found


def _widest(matched: list[Matched]) -> list[Matched]:
    """The reasons without those another reason of the same query words and concept already shows with more words
    ('sichtbar gemacht' beside 'Karten sichtbar gemacht', two terms of one concept)."""
    def words(m: Matched) -> set[str]:
        return set(m.term.lower().split())

    return [m for m in matched if not any(o is not m and o.query == m.query and o.concept == m.concept
                                          and o.how == m.how and words(m) < words(o) for o in matched)]


def group_score(scores: list[float]) -> float:
    """A law's score: its best provision, plus a decaying share of the next ones (a law that treats the
    subject in several provisions outranks one that mentions it once)."""
    return sum(score * GROUP_DECAY ** i for i, score in enumerate(scores[:GROUP_DEPTH]))


def direct(hits: list[Hit]) -> bool:
    """True when some hit matched the query's own words (not only the termbase or the law's title)."""
    return any(m.how not in ("termbase", "law title") for hit in hits for m in hit.matched)
