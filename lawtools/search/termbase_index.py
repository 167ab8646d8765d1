"""The termbase compiled for queries: every term variant analysed into per-word normal forms.

Compiled at index time and stored as terms.json beside the index, so a query never parses YAML or
stems the whole termbase. English labels and aliases are compiled with the English Snowball stemmer.

Beside the termbase's concepts it compiles the English glossary (lawtools/data/english.yaml: everyday English
words of the Laws with their words in each corpus language) into query-only concepts marked `glossary: true`;
a query uses them only when it is English (query.py), the checks never see them. The number words of
lawtools/data/numbers.yaml are compiled the same way (`compile_numbers`), and the English forms the stemmer does not
join to the English words a query can name ('dealt': deal) are kept beside the concepts (`english_lemmas`).
"""

from __future__ import annotations

from pathlib import Path

from ..errors import PackageDataError
from ..termbase import load_termbase
from .analysis import Analyzer, words
from .tables import GLOSSARY


def compile_termbase(path: Path, analyzers: dict[str, Analyzer]) -> dict:
    """{"concepts": [{"id", "en", "note", "entries": [{"language", "term", "variant", "status", "occurs",
    "words": [[normal forms of word 1], ...], "surface", "gaps", "stops", "written"?}]}]} for every concept of the
    termbase file and of the English glossary. A term of stop words alone ("at once") is kept for `written`
    matching; one of no words at all is left out."""
    termbase = load_termbase(path)
    english = Analyzer("en")
    analyzers = dict(analyzers)  # a termbase language no edition of this corpus has: analysed without a vocabulary
    concepts = []
    for concept in termbase.concepts:
        entries = []
        for label in concept.english:
            entries.append(_entry("en", label, label, "preferred", True, english))
        for term in concept.all_terms():
            for variant in term.variants:
                entries.append(_entry(term.language, term.term, variant, term.status, term.occurs,
                                      analyzers.setdefault(term.language, Analyzer(term.language))))
        concepts.append({"id": concept.id, "en": concept.en, "note": concept.note,
                         "entries": [e for e in entries if e["words"] or len(e["stops"]) > 1]})
    concepts.extend(compile_glossary(glossary_entries(), analyzers, english))
    concepts.extend(compile_numbers(analyzers, english))
    _mark_written(concepts)
    words = {*analyzers.get("en", english).vocabulary.counts,
             *(w.lower() for c in concepts for e in c["entries"] if e["language"] == "en" for w in e["surface"])}
    return {"concepts": concepts, "english_lemmas": english_lemmas(words, english)}


def english_lemmas(words: set[str], english: Analyzer) -> dict[str, str]:
    """{form: word}: the forms of the English words a query can name (the law titles', the terms' and the
    glossary's) that the stemmer does not join to them, mostly irregular ones ('dealt': deal, 'led': lead,
    'kept': keep), from spaCy's English lookup table (spacy-lookups-data). Read at index time and stored with
    the compiled termbase, so a query never loads spaCy; empty when the table is not installed."""
    from ..lemma_tables import lookup_table

    try:
        table = lookup_table("en") or {}
    except ImportError:  # spaCy is not installed where the index is built: no irregular forms
        table = {}
    found = {}
    for form, lemma in table.items():
        form, lemma = form.lower(), lemma.lower()
        if (lemma in words and form.isalpha() and form != lemma and not english.is_stopword(lemma)
                and english.stem(form) != english.stem(lemma)):
            found[form] = lemma
    return dict(sorted(found.items()))


def compile_numbers(analyzers: dict[str, Analyzer], english: Analyzer) -> list[dict]:
    """Query-only concepts of the numbers (lawtools/data/numbers.yaml): each cardinal ({"id": "number:<n>"}) and
    ordinal ("ordinal:<n>") with its words in every language that has an analyzer and, for a cardinal, its digits
    in each corpus language, so that 'thirteen cards' finds 'tretton kort', 'dreizehn Karten' and '13 kaarten'.
    A word that is also another word in its language (`ambiguous`, `needs_unit`: 'andra', 'acht') is left out.
    Marked `number: true`; a law's concepts (`law_concepts`) leave them out."""
    from ..numbers import number_data

    data = number_data()
    words: dict[tuple[str, int], dict[str, list[str]]] = {}
    for language, table in data.items():
        if not isinstance(table, dict) or (language not in analyzers and language != "en"):
            continue
        unsure = {*table.get("ambiguous", ()), *table.get("needs_unit", ())}
        for kind in ("cardinals", "ordinals"):
            for word, value in (table.get(kind) or {}).items():
                if word not in unsure:
                    words.setdefault((kind, value), {}).setdefault(language, []).append(word)
    concepts = []
    for (kind, value), by_language in sorted(words.items()):
        english_words = by_language.get("en", [])
        entries = [_entry(language, word, word, "preferred", True, english if language == "en" else analyzers[language])
                   for language, found in by_language.items() for word in found]
        if kind == "cardinals":
            entries += [_entry(language, str(value), str(value), "preferred", True, analyzers[language])
                        for language in analyzers if language != "en"]
        name = "number" if kind == "cardinals" else "ordinal"
        concepts.append({"id": f"{name}:{value}", "en": english_words[0] if english_words else str(value), "note": "",
                         "number": True, "entries": [e for e in entries if e["words"]]})
    return concepts


def _mark_written(concepts: list[dict]) -> None:
    """Mark `written` the terms a query must write as they stand, stop words included: those whose stop words
    tell them from another concept's term ("face up" / "face down" both read "face" without them; "out of turn" /
    "turn over"; "allowed" / "not allowed"), and those of stop words alone ("at once"). The others still match
    by their other words, whatever stop words the query has between them ("lead out of turn")."""
    readings: dict[tuple, set[str]] = {}
    for concept in concepts:
        for entry in concept["entries"]:
            readings.setdefault(_reading(entry), set()).add(concept["id"])
    for concept in concepts:
        for entry in concept["entries"]:
            if any(entry["stops"]) and (not entry["words"] or len(readings[_reading(entry)]) > 1):
                entry["written"] = True


def _reading(entry: dict) -> tuple:
    """What a term reads as without its stop words: its language and the normal forms of its other words."""
    return (entry["language"], *(frozenset(forms) for forms in entry["words"]))


def glossary_entries() -> list[dict]:
    """The entries of lawtools/data/english.yaml: {"en": [English words], <language>: [its words]} each."""
    from .tables import package_table

    entries = (package_table(GLOSSARY) or {}).get("entries") or []
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, dict) or not entry.get("en") or not all(
                isinstance(v, list) and all(isinstance(w, str) and w.strip() for w in v) for v in entry.values()):
            raise PackageDataError(f"lawtools/data/{GLOSSARY}: entry {number} needs an 'en' list and lists of words "
                                   "per language")
    return entries


def compile_glossary(entries: list[dict], analyzers: dict[str, Analyzer], english: Analyzer) -> list[dict]:
    """Query-only concepts ({"id": "en:<word>", "glossary": True, ...}) of the English glossary entries; a
    language with no analyzer (no edition in it) is left out."""
    concepts = []
    for entry in entries:
        label = entry["en"][0]
        found = [_entry("en", word, word, "preferred", True, english) for word in entry["en"]]
        for language, terms in entry.items():
            if language == "en" or language not in analyzers:
                continue
            found.extend(_entry(language, term, term, "preferred", True, analyzers[language]) for term in terms)
        concepts.append({"id": f"en:{label}", "en": label, "note": "", "glossary": True,
                         "entries": [e for e in found if e["words"] or len(e["stops"]) > 1]})
    return concepts


def _entry(language: str, term: str, variant: str, status: str, occurs: bool, analyzer: Analyzer) -> dict:
    found = words(variant)
    forms = [analyzer.query_forms(word.surface) for word in found]
    # stops: the term word by word, a stop word as itself and any other word as "" (its forms are in `words`)
    return {"language": language, "term": term, "variant": variant, "status": status, "occurs": occurs,
            "words": [f for f in forms if f], "surface": [w.surface for w, f in zip(found, forms, strict=True) if f],
            "gaps": sum(1 for f in forms if not f),
            "stops": [w.surface.lower() if not f else "" for w, f in zip(found, forms, strict=True)]}


def law_concepts(documents, token_sets, concepts: list[dict], top: int) -> dict[str, list[str]]:
    """{law: English labels of the termbase concepts most particular to the law}, at most `top` a law: a
    concept counts where all its words stand in a provision of the law (`token_sets`: each document's text
    terms, in `documents` order), weighted by how many provisions have it and how few laws do (tf-idf over
    laws). The glossary's concepts are left out."""
    import math

    by_law: dict[str, dict[str, list[set[str]]]] = {}
    for doc, terms in zip(documents, token_sets, strict=True):
        by_law.setdefault(doc.law, {}).setdefault(doc.language, []).append(terms)
    counts: dict[str, dict[str, int]] = {}
    for concept in concepts:
        if concept.get("glossary") or concept.get("number"):
            continue
        for law, languages in by_law.items():
            n = sum(1 for entry in concept["entries"] if entry["words"] and entry["language"] in languages
                    for terms in languages[entry["language"]] if all(set(w) & terms for w in entry["words"]))
            if n:
                counts.setdefault(concept["id"], {})[law] = n
    label = {c["id"]: c["en"] for c in concepts}
    laws = len(by_law)
    found = {}
    for law in by_law:
        weighted = sorted(((n * math.log(laws / len(counts[cid])), label[cid]) for cid in counts
                           for other, n in counts[cid].items() if other == law), reverse=True)
        found[law] = [name for _, name in weighted[:top]]
    return found

