"""Termbase concepts in a query: the runs of query words that name a concept (longest first), read through the
compiled termbase (termbase_index.py) by each term's first word.

A word names a term's word when it has one of the word's normal forms and is spelled like it (`_resembles`: the same
stem is not enough); a term written with stop words ('face down', 'at once') also matches as written, its stop
words included. The glossary's query-only concepts (data/english.yaml) serve only words nothing else knows.
"""

from __future__ import annotations

from .parsed import ConceptMatch, ParsedQuery, Unit

MIN_SHARED = 0.6  # see _resembles
GLOSSARY_NATIVE = True  # the glossary also for a word of the query's own corpus language that no provision has


class QueryTerms:
    """The compiled termbase's terms by their first word, matched against query words with one parser's analyzers.

    `known_in(language, word)`: whether the glossary must leave a word alone in that language (QueryParser.known_in).
    """

    def __init__(self, termbase: list[dict], analyzers: dict, languages: list[str], known_in):
        self.termbase = termbase
        self.analyzers = analyzers
        self.languages = languages  # the query languages: the corpus languages and English
        self.known_in = known_in
        self._first: dict[tuple[str, str], list[tuple[dict, dict]]] = {}  # (language, first-word form) -> entries
        self._written: dict[tuple[str, str], list[tuple[dict, dict]]] = {}  # (language, first word) -> entries
        for concept in termbase:
            for entry in concept["entries"]:
                if not entry.get("written"):  # (termbase_index._mark_written)
                    for form in entry["words"][0]:
                        self._first.setdefault((entry["language"], form), []).append((concept, entry))
                if any(entry.get("stops", ())):  # any term with stop words also matches as written
                    first = entry["stops"][0] or entry["surface"][0].lower()
                    self._written.setdefault((entry["language"], first), []).append((concept, entry))

    def match(self, units: list[Unit], parsed: ParsedQuery, longest: int) -> list[Unit]:
        """Find runs of query words that name a concept (longest runs first) and merge them into units; stop
        words are passed over, except in a term matched as written (its stop words included: 'face down', 'at
        once'), and left out where no term took them."""
        forms = {lang: [set() if u.stop else set(self.analyzers[lang].query_forms(w)) for u in units for w in u.words]
                 for lang in self.languages}
        flat = [(ui, w) for ui, u in enumerate(units) for w in u.words]
        stops = [units[ui].stop for ui, _ in flat]
        # the glossary serves words nothing else knows (it fills gaps, never competes): English words of an
        # English query, and (GLOSSARY_NATIVE) everyday words of the query's own languages that no provision has
        # ("titta": look, where the Laws write "se")
        own = {*("en",), *(parsed.languages.native if GLOSSARY_NATIVE else ())} \
            if "en" in parsed.languages.languages else set(parsed.languages.native if GLOSSARY_NATIVE else ())
        spans: dict[tuple[int, int], list[tuple[dict, dict]]] = {}
        written: set[tuple[int, int]] = set()  # spans that are a term as written, stop words included
        for lang, seq in forms.items():
            positions = [i for i, f in enumerate(seq) if f]
            for k, start in enumerate(positions):
                candidates = {id(e): (c, e) for form in seq[start] for c, e in self._first.get((lang, form), ())
                              if not c.get("glossary") or (lang in own and not self.known_in(lang, flat[start][1]))}
                for concept, entry in candidates.values():
                    size = len(entry["words"])
                    window = positions[k:k + size]
                    if size > longest or len(window) < size:
                        continue
                    if all(set(entry["words"][j]) & seq[window[j]]
                           and self.spelled_like(flat[window[j]][1], entry["surface"][j]) for j in range(size)):
                        spans.setdefault((window[0], window[-1] + 1), []).append((concept, entry))
            for start, (_, word) in enumerate(flat):  # terms as written, stop words included
                for concept, entry in self._written.get((lang, word.lower()), ()):
                    if concept.get("glossary") and lang not in own:
                        continue
                    end = start + len(entry["stops"])
                    if len(entry["words"]) <= longest and end <= len(flat) and _as_written(
                            entry, [w for _, w in flat[start:end]], seq[start:end], self.spelled_like):
                        spans.setdefault((start, end), []).append((concept, entry))
                        written.add((start, end))
        for span, pairs in spans.items():  # the glossary fills the termbase's gaps, never competes with a term
            terms = [(c, e) for c, e in pairs if not c.get("glossary")]
            spans[span] = terms or pairs
        taken: set[int] = set()
        chosen: list[tuple[int, int]] = []
        glossary = {span for span, pairs in spans.items() if all(c.get("glossary") for c, _ in pairs)}
        # a term as written (stop words included) is read whole before the words of it any term has alone
        for span in sorted(spans, key=lambda s: (s in glossary and s not in written, -(s[1] - s[0]), s[0])):
            covered = set(range(*span))
            units_in = {flat[i][0] for i in covered}
            quoted = [units[u] for u in units_in if units[u].quoted]
            if covered & taken or (quoted and (len(units_in) > 1 or len(covered) != len(quoted[0].words))):
                continue
            taken |= covered
            chosen.append(span)
        result: list[Unit] = []
        i = 0
        by_start = {s[0]: s for s in chosen}
        while i < len(flat):
            if i in by_start:
                start, end = by_start[i]
                unit = Unit([flat[j][1] for j in range(start, end) if (start, end) in written or not stops[j]],
                             quoted=units[flat[i][0]].quoted, concepts=_dedupe(spans[(start, end)]))
                result.append(unit)
                self._report(unit, parsed)
                i = end
                continue
            ui = flat[i][0]
            unit = units[ui]
            if unit.quoted:
                result.append(unit)
                i += len(unit.words)
            else:
                if not unit.stop:
                    result.append(Unit([flat[i][1]]))
                i += 1
        return result

    def spelled_like(self, word: str, term_word: str) -> bool:
        """`_resembles`, or the word is an English form of the term word that shares no beginning with it
        ('kept': keep, 'led': lead; termbase_index.english_lemmas)."""
        return _resembles(word, term_word) or self.analyzers["en"].query_lemmas.get(word.lower()) == term_word.lower()

    def _report(self, unit: Unit, parsed: ParsedQuery) -> None:
        seen = set()
        for concept, entry in unit.concepts:
            if concept["id"] in seen or concept.get("glossary"):
                continue
            seen.add(concept["id"])
            terms: dict[str, list[str]] = {}
            for e in concept["entries"]:
                if (e["language"] != "en" and e["occurs"] and e["status"] != "deprecated"
                        and e["term"] not in terms.get(e["language"], [])):
                    terms.setdefault(e["language"], []).append(e["term"])
            parsed.concepts.append(ConceptMatch(" ".join(unit.words), concept["id"], concept["en"],
                                                entry["language"], entry["term"], terms, concept.get("note", "")))


def _as_written(entry: dict, typed: list[str], forms: list[set[str]], resembles) -> bool:
    """True when the query words `typed` (with their normal forms) are the term as written: its stop words
    themselves, its other words by their forms (and `resembles`, QueryTerms.spelled_like)."""
    content = iter(zip(entry["words"], entry["surface"], strict=True))
    for word, stop, found in zip(typed, entry["stops"], forms, strict=True):
        if stop:
            if word.lower() != stop:
                return False
            continue
        term_forms, surface = next(content)
        if not (set(term_forms) & found and resembles(word, surface)):
            return False
    return True


def _resembles(word: str, term_word: str) -> bool:
    """Same stem is not enough for a concept: the word must also share most of the term word's beginning
    ("feil" stems like "feilende", offender, but is another word)."""
    shared = 0
    for a, b in zip(word, term_word, strict=False):
        if a != b:
            break
        shared += 1
    return shared >= MIN_SHARED * len(term_word)


def _dedupe(pairs: list[tuple[dict, dict]]) -> list[tuple[dict, dict]]:
    seen, result = set(), []
    for concept, entry in pairs:
        key = (concept["id"], entry["language"], entry["variant"])
        if key not in seen:
            seen.add(key)
            result.append((concept, entry))
    return result
