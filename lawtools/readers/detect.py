"""Which layout and options read a text best: the encoding, the heading form, inline labels, pages.

`decode()` finds the encoding (a byte-order mark, strict UTF-8, else charset-normalizer). `detect()`
lists candidate grammars from what the lines themselves start with (a heading word or sign from
`lawtools/data/languages.yaml` followed by a number, or a bare `N.` before an ALL-CAPS title), reads
the text with each, and scores the readings: laws and provisions found, minus the structure anomalies
they needed. The best reading wins; what it was chosen on (the heading lines, the furniture, the
runner-up) is kept as evidence for the manifest and the report.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace

from ..errors import LawtoolsError, SourceError
from ..manifest import Edition
from ..text import language_data, language_words
from .base import SourceText, is_all_caps, source_from_text
from .furniture import is_paged
from .grammar import reads_as_label
from .wordstream import BULLETS

STRUCTURE_CODES = ("unexpected-label", "numbering-gap", "law-out-of-sequence", "missing-law")
NUMBER = re.compile(r"^(?:[1-9]\d{0,2})[.:]?$")


@dataclass
class Decoded:
    """A source's text and how it was decoded."""

    text: str
    encoding: str
    evidence: str
    confident: bool = True


WESTERN_LANGUAGES = ("sv", "nb", "nn", "no", "da", "de", "nl", "en", "fr", "it", "es", "pt", "fi", "is")


def decode(data: bytes, label: str, encoding: str | None = None, language: str = "") -> Decoded:
    """Decode a source's bytes: the given encoding, else BOM, strict UTF-8, else charset-normalizer's best."""
    if encoding:
        from .base import decode_declared

        return Decoded(decode_declared(data, label, encoding), encoding, "given with --encoding")
    if data.startswith(b"\xef\xbb\xbf"):
        return Decoded(data[3:].decode("utf-8", errors="strict"), "utf-8-sig", "UTF-8 byte-order mark")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        from .base import decode_declared

        return Decoded(decode_declared(data, label, "utf-16"), "utf-16", "UTF-16 byte-order mark")
    if not data.strip():
        raise SourceError(label, None, "source file is empty")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        if "\r" in text:  # declared utf-8-sig: the lenient reading of a declared encoding turns CRLF into LF
            return Decoded(_lf(text), "utf-8-sig", "valid UTF-8 with Windows (CRLF) line endings")
        return Decoded(text, "utf-8", "valid UTF-8 throughout")
    from charset_normalizer import from_bytes

    best = from_bytes(data).best()
    # a single-byte text in a language written with Western European letters: the Windows Western code page
    # whenever it reads the bytes (charset-normalizer ranks cp1250 or mac_roman alike for such text, which
    # read 'å' as 'ĺ' and 'ö' as 'ˆ')
    if language in WESTERN_LANGUAGES and (best is None or _single_byte(best.encoding)):
        try:
            text = data.decode("cp1252")
        except UnicodeDecodeError:
            pass
        else:
            return Decoded(_lf(text), "cp1252", f"not UTF-8; Windows Western (cp1252) reads every byte, the usual "
                                                f"code page for {language} text (charset-normalizer's own guess: "
                                                f"{best.encoding if best else 'none'})")
    if best is None:
        raise SourceError(label, None, "cannot tell the text encoding (not UTF-8, UTF-16 or a single-byte "
                                       "encoding charset-normalizer knows); give it with --encoding")
    name = best.encoding.replace("_", "-")
    if name in ("latin-1", "iso8859-1", "iso-8859-1") and any(0x80 <= b <= 0x9f for b in data):
        name = "cp1252"  # C1 bytes are Windows punctuation (quotes, dashes), not control characters
    text = _lf(data.decode(name))
    return Decoded(text, name, f"charset-normalizer: {name}, {best.language or 'unknown language'} "
                               f"(chaos {best.chaos:.2f})", confident=best.chaos < 0.2)


def _single_byte(encoding: str) -> bool:
    import codecs

    try:
        return len("é".encode(encoding)) == 1
    except (UnicodeEncodeError, LookupError):
        return codecs.lookup(encoding).name not in ("utf-16", "utf-32", "utf-8")


def _lf(text: str) -> str:
    return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def heading_words() -> list[str]:
    """Every heading word of every language, as written and in capitals, and the § sign."""
    return list(dict.fromkeys(["§", *(form for word in language_words("law_words") for form in (word, word.upper()))]))


@dataclass
class Candidate:
    """One grammar tried on the text, with its score and what it read."""

    options: dict
    score: float = float("-inf")
    laws: int = 0
    provisions: int = 0
    anomalies: int = 0
    error: str = ""
    result: object = None
    exception: LawtoolsError | None = None


@dataclass
class Detection:
    """The chosen grammar, the evidence for it and the alternatives."""

    options: dict
    evidence: list[str] = field(default_factory=list)
    unsure: list[str] = field(default_factory=list)
    candidates: list[Candidate] = field(default_factory=list)
    best: Candidate | None = None


def heading_counts(source: SourceText, paged: bool) -> Counter:
    """(prefix, title position) -> how many lines (or page words) start a heading that way."""
    known = set(heading_words())
    counts: Counter = Counter()
    unknown: dict[tuple[str, str], list[int]] = defaultdict(list)
    for line in source.lines:
        words = line.text.split()
        starts = range(len(words)) if paged else range(min(1, len(words)))
        for k in starts:
            word = words[k]
            if paged and k and not words[k - 1].endswith((".", ":", ";", "!", "?")):
                continue
            rest = words[k + 1:]
            if word in known and rest and NUMBER.match(rest[0]):
                counts[(word, "next" if len(rest) == 1 else "same")] += 1
            elif not paged and rest and NUMBER.match(rest[0]) and word.isalpha() and word[:1].isupper():
                # a heading word no language data names ("KALU 64 ..."): tried after the known ones
                unknown[(word, "next" if len(rest) == 1 else "same")].append(int(rest[0].rstrip(".:")))
            elif word[:1] == "§" and NUMBER.match(word[1:] or "x"):
                counts[("§", "next" if not rest else "same")] += 1
            elif re.fullmatch(r"[1-9]\d{0,2}\.", word):
                if rest and is_all_caps(rest[0]) and len(rest[0]) > 1:
                    counts[("", "same")] += 1
                elif not rest:
                    counts[("", "next")] += 1
    for key, numbers in unknown.items():
        if numbers == sorted(set(numbers)) and key not in counts:  # each number once, in ascending order
            counts[key] = len(numbers) - 0.5
    return counts


def candidates(source: SourceText, language: str) -> list[dict]:
    """The option sets worth trying on this text, most promising first."""
    paged = is_paged(source.lines)
    counts = heading_counts(source, paged)
    own = {w for w in (language_data().get(language, {}) or {}).get("law_words", []) or []}
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0][0] not in own and kv[0][0].title() not in own))
    parts = list((language_data().get(language, {}) or {}).get("part_words", []) or [])
    content = [line.text.split() for line in source.lines if line.text.strip()]
    bullets = sum(1 for words in content if len(words) > 1 and words[0] in BULLETS) \
        >= 0.2 * max(1, len(content))
    starts = Counter(words[0] for words in content if len(words) > 1)
    starts.update(words[1] for words in content if len(words) > 2 and words[0] in BULLETS)
    forms = {form: sum(n for w, n in starts.items() if re.fullmatch(pattern, w)) for form, pattern in
             (("1.", r"[1-9]\d?\."), ("1)", r"[1-9]\d?\)"), ("(a)", r"\(?[a-z]\)"), ("a.", r"[a-z]\."),
              ("A.", r"[A-H]\."), ("A)", r"[A-H]\)"))}
    label_forms = {}
    if forms["A)"] >= 3 and forms["A)"] > forms["A."]:
        label_forms["section_form"] = "A)"
    if forms["1)"] >= 3 and forms["1)"] > forms["1."]:
        label_forms["item_form"] = "1)"
    if forms["a."] >= 3 and forms["a."] > forms["(a)"]:
        label_forms["subitem_form"] = "a."
    options = []
    for (prefix, title), _ in ranked[:4]:
        for case in ("upper", "any") if prefix else ("upper",):
            for inline in (False, True) if not paged else (True,):
                option = {"law_prefix": prefix, "law_title": title, "law_case": case}
                if inline:
                    option["inline"] = True
                if paged:
                    option["paged"] = True
                if bullets:
                    option["bullets"] = True
                option.update(label_forms)
                if parts:
                    option["part_words"] = parts
                options.append(option)
    return options


def evaluate(edition: Edition, source: SourceText, options: dict) -> Candidate:
    """Read the text with one option set and score the reading (see the module docstring)."""
    from ..ingest import build_document

    candidate = Candidate(options)
    try:
        result = build_document(replace(edition, layout="grammar", options=options), source)
    except LawtoolsError as error:
        candidate.error = str(error).splitlines()[0]
        candidate.exception = error
        return candidate
    except (ValueError, IndexError, KeyError, TypeError, RecursionError) as error:
        # a reading that breaks on this text is one candidate less, never a traceback for the user
        candidate.error = f"the reading with {_describe(options)} failed ({type(error).__name__}: {error})"
        return candidate
    articles = result.document.articles
    structural = sum(1 for a in articles for x in a.anomalies if x.code in STRUCTURE_CODES)
    candidate.laws = len(articles)
    candidate.provisions = sum(len(a.node_ids()) for a in articles)
    candidate.anomalies = structural
    candidate.score = 5 * candidate.laws + candidate.provisions - 3 * structural
    candidate.result = result
    return candidate


def detect(edition: Edition, source: SourceText) -> Detection:
    """The best grammar for this text; SourceError (from the most promising reading) when none reads it."""
    tried = [evaluate(edition, source, options) for options in candidates(source, edition.language)]
    readable = [c for c in tried if c.result is not None]
    without_contents = False
    if tried and not readable:  # every heading-like line may have been taken for a table of contents entry
        again = [evaluate(edition, source, {**c.options, "contents": False}) for c in tried]
        readable = [c for c in again if c.result is not None]
        without_contents = bool(readable)
    if not readable:
        if tried:
            error = tried[0].exception
            if isinstance(error, SourceError):
                raise SourceError(error.file, error.line, f"cannot be read as an edition of the Laws: {error.message}",
                                  error.text)
            raise SourceError(edition.source_label, None, f"cannot be read as an edition of the Laws: {tried[0].error}")
        first = next((line for line in source.lines if line.text.strip()), None)
        raise SourceError(edition.source_label, first.number if first else None,
                          "cannot be read as an edition of the Laws: expected law headings such as '§ 12', "
                          "'LAW 12', 'Lov 12', 'Artikel 12' or '12. ALL-CAPS TITLE' at the start of lines, and no "
                          "line starts like one (heading words per language: lawtools/data/languages.yaml)",
                          first.text if first else None)
    readable.sort(key=lambda c: -c.score)
    best = readable[0]
    detection = Detection(best.options, candidates=tried, best=best)
    document = best.result.document
    heads = [(a.source["lines"][0], a.heading) for a in document.articles if a.heading][:3]
    prefix = best.options["law_prefix"]
    form = (f"'{prefix} N'" if prefix else "'N.'") + (" with the title on the next line"
                                                       if best.options["law_title"] == "next" else " and title")
    if best.options["law_case"] == "upper":
        form += " in capitals"
    detection.evidence.append(f"law headings {form}: " + "; ".join(f"line {n}: {h!r}" for n, h in heads))
    if without_contents:
        detection.evidence.append("no table of contents: law headings whose titles end in a number are headings "
                                  "(read with contents: false; with a table of contents no heading was found)")
    if best.options.get("paged"):
        detection.evidence.append("one line per printed page (most lines are whole pages)")
    for name in ("section_form", "item_form", "subitem_form"):
        if name in best.options:
            detection.evidence.append(f"{name.replace('_', ' ')} {best.options[name]!r} (most labelled lines start so)")
    if best.options.get("bullets"):
        detection.evidence.append("paragraphs open with bullets; unnumbered bullets in runs are inferred items")
    if best.options.get("inline"):
        detection.evidence.append("sections and items run inline (labels after sentence ends)")
    furniture = Counter(f.kind for f in document.furniture)
    if furniture:
        detection.evidence.append("page furniture removed: " + ", ".join(f"{n} {k}" for k, n in furniture.items()))
    if prefix and prefix not in heading_words():
        detection.unsure.append(f"the heading word {prefix!r} is not in lawtools/data/languages.yaml (law_words); "
                                "it was taken from the text because its numbers run in order")
    unread = unread_labels(source, best.options)
    if unread:
        shape, lines = max(unread.items(), key=lambda kv: len(kv[1]))
        detection.unsure.append(
            f"{len(lines)} lines open with a label like {shape!r} that this layout does not read as a label (first: "
            f"line {lines[0]}): their text is not a provision of its own")
    ids = _ids(best)
    close = [c for c in readable[1:] if c.score >= best.score - 2 and _ids(c) != ids]
    if close:
        detection.unsure.append(f"another reading scored almost as well ({_describe(close[0].options)}: "
                                f"{close[0].provisions} provisions against {best.provisions})")
    return detection


# A word that looks like a provision's label: a letter, a number or both, then '.', ')' or ':', perhaps in brackets.
LABEL_LIKE = re.compile(r"^\(?(?:[A-Za-z]|[1-9]\d?|[1-9]\d?[A-Za-z])[.):]\)?$")


def _shape(word: str) -> str:
    return re.sub(r"\d+", "1", re.sub(r"[a-z]", "a", re.sub(r"[A-Z]", "A", word)))


def unread_labels(source: SourceText, options: dict) -> dict[str, list[int]]:
    """Label-like line starts in a form the options read as no label ('(1)', 'A:'), three or more of a form:
    shape -> line numbers. Text after such a label is kept, but in the provision before it."""
    found: dict[str, list[int]] = defaultdict(list)
    for line in source.lines:
        words = line.text.split()
        if len(words) > 1 and LABEL_LIKE.match(words[0]) and not reads_as_label(words[0], options):
            found[_shape(words[0])].append(line.number)
    return {shape: lines for shape, lines in found.items() if len(lines) >= 3}


def _ids(candidate: Candidate) -> list[tuple[str, list[str]]]:
    return [(a.law, a.node_ids()) for a in candidate.result.document.articles]


def _describe(options: dict) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in options.items() if k != "part_words")


def source_text(decoded: Decoded, label: str, sha256: str) -> SourceText:
    """The decoded text as the readers see it."""
    return source_from_text(decoded.text, label, sha256)
