"""Cross-references in running text ("se lag 47E2", "siehe § 45 C 4 b)", "zie artikel 47E1", "se 12C1b)").

Each language's citation words live in `lawtools/data/citations.yaml` (the comments there say what each
entry means); this module turns them into two patterns per language and every accepted match into
`Ref`s whose targets are node ids:

- **absolute** citations name a law: after a keyword ("lag", "§", "artikel"), after a word that needs
  no keyword ("se 26B"), after "( " where the Norwegian PDF lost the § sign, or (Norwegian) a law
  number glued to a section letter anywhere ("16C gjelder");
- **relative** citations name a provision of the citing law ("se E nedan", "vorstehend a)",
  "B2 hierboven") and are resolved against the citing provision: a section letter in its law, a bare
  item number in its section, a sub-item in its item. They carry `relative: true`.

Both allow lists ("lag 20F2 och 20F3", "§§ 69, 70 und 71", "i A1 eller A2") and ranges ("A bis E").
When matches overlap, the earliest and then longest wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache

from .citation import Citation
from .model import Article, Ref
from .yamlio import package_data

SUB = r"(?:\([a-z]\)|[a-z]\))"                      # sub-item: "(b)" or "b)"
# An absolute citation: law number, then optionally section letter, item number and sub-item, with the
# spacing of any edition ("45C4(b)", "45 C 4 b)", "12C1b)", "86 B").
ABSOLUTE = rf"""
    [1-9]\d?                                         # law number 1-99
    (?:\s?[A-H]                                      # section letter
       (?:\s?[1-9]\d?                                # item number
          (?:\s?{SUB})?                              # sub-item
       )?
    )?"""
# The same glued together, as Norwegian writes it without any keyword: "16C", "65B3", "12C2a)".
COMPACT = re.compile(rf"[1-9]\d?[A-H](?:[1-9]\d?{SUB}?)?")
# A relative citation element: a section with item and sub-item ("B1(a)", "A 1", "C1d)"), a bare item
# number ("1 ovan"), or a bare sub-item ("(a)", "a)").
RELATIVE = rf"""
    (?:[A-H](?:\s?[1-9]\d?(?:\s?{SUB})?)?            # section-led: E, A1, B1(a), B 1 a), C1d)
      |[1-9]\d?(?:\s?{SUB})?                         # item: 1, 2 (only with a relative_after word)
      |{SUB}                                         # sub-item: (a), a)
      {{letters}}                                    # bare letter 'a' (languages with relative_letters)
    )(?![^\W_])"""
LABELS = re.compile(r"(?P<section>[A-H])?\s?(?P<item>[1-9]\d?)?\s?\(?(?P<sub>[a-z])?\)?")


@cache
def citation_data() -> dict:
    """Per-language citation words from lawtools/data/citations.yaml."""
    return package_data("citations.yaml")


def _words(fragments: list[str]) -> str:
    """An alternation of regex fragments, or a pattern that never matches when there are none."""
    return "|".join(f"(?:{f})" for f in fragments) if fragments else r"(?!x)x"


@dataclass(frozen=True)
class Rules:
    """One language's compiled citation patterns."""

    language: str
    absolute: re.Pattern
    relative: re.Pattern
    separator: re.Pattern
    ranges: re.Pattern
    compact: bool
    bare_after: re.Pattern
    item_before: re.Pattern


@cache
def rules(language: str) -> Rules:
    """The compiled patterns for `language` (KeyError when the language has no citation data)."""
    data = citation_data()[language]
    joiners = _words([re.escape(j) for j in data.get("joiners", [])] + list(data.get("ranges", [])))
    separator = rf"\s*(?:,|(?i:{joiners})(?![^\W_]))\s*"
    # after a citation: not a letter or digit (a joiner glued on is fine: "lagarna 70och 71"), not "%",
    # not a decimal point
    end = rf"(?=(?i:{joiners})(?![^\W_])|[^\w%]|$)(?!\.\d)"
    absolute = re.compile(
        rf"""(?<![^\W_])
        (?: (?P<keyword>(?i:{data['keyword']}))\s*
          | (?P<bare>(?i:{_words(data.get('bare_before', []))}))\s+
          | (?P<weak>(?i:{_words(data.get('bare_weak', []))}))\s+
          | (?P<paren>{r'[(]' if data.get('paren_space') else r'(?!x)x'})\s+
        )?
        (?P<list>{ABSOLUTE}{end}(?:{separator}{ABSOLUTE}{end})*)""",
        re.VERBOSE,
    )
    element = RELATIVE.replace("{letters}", r"|[a-h](?!\))" if data.get("relative_letters") else "")
    relative = re.compile(
        rf"""(?<![^\W_])
        (?:(?P<before>(?i:{_words(data.get('relative_before', []))}))\s+)?
        (?P<list>{element}(?:{separator}{element})*)
        (?:\s*(?P<after>{_words(data.get('relative_after', []))})(?![^\W_]))?""",
        re.VERBOSE,
    )
    return Rules(language, absolute, relative, re.compile(separator),
                 re.compile(rf"\s*(?i:{_words(list(data.get('ranges', [])))})\s*"), bool(data.get("compact")),
                 re.compile(rf"\s+(?i:{_words(data.get('bare_after', []))})(?![^\W_])"),
                 re.compile(rf"(?i:{_words(data.get('relative_item_before', []))})"))


def extract_refs(article: Article) -> list[Ref]:
    """Every cross-reference in the article's intro, provisions and footnotes, in document order."""
    refs: list[Ref] = []
    places = [(article.law, article.intro)] + [(node.id, node.text) for node in article.walk()]
    places += [(note.node or article.law, note.text) for note in article.footnotes]
    for node_id, text in places:
        refs.extend(find_refs(text, article.language, node_id))
    return refs


def find_refs(text: str, language: str, node_id: str) -> list[Ref]:
    """The references in one passage of text in `language`, made in provision `node_id`."""
    return [ref for _, _, made in citations(text, language, node_id) for ref in made]


def citations(text: str, language: str, node_id: str) -> list[tuple[int, int, list[Ref]]]:
    """Each citation of the passage, in order, as (start, end, the references it makes): a list such as
    'lagarna 69, 70 och 71' is one citation making three; of candidates that overlap, the first and longest."""
    if language not in citation_data():
        return []
    language_rules = rules(language)
    found = _absolute(text, language_rules, node_id) + _relative(text, language_rules, node_id)
    found.sort(key=lambda match: (match[0], -match[1]))
    chosen, reached = [], -1
    for start, end, made in found:
        if start >= reached:
            chosen.append((start, end, made))
            reached = end
    return chosen


_Match = tuple[int, int, list[Ref]]
_CLOSES = re.compile(r"\s*[.,;:)\]]")  # matched in place (no slice of the rest of the text: linear)


def _absolute(text: str, language_rules: Rules, node_id: str) -> list[_Match]:
    matches = []
    for match in language_rules.absolute.finditer(text):
        pieces = _pieces(match, language_rules)
        first = pieces[0][0]
        if match["weak"] and not re.search(r"[A-H]", first):
            if not _CLOSES.match(text, match.end()) and len(pieces) == 1:
                continue
        if not (match["keyword"] or match["bare"] or match["weak"] or match["paren"]):
            compact = language_rules.compact and COMPACT.fullmatch(first)
            if not (compact or language_rules.bare_after.match(text, match.end())):
                continue
        refs = []
        for index, (raw, joined_by_range) in enumerate(pieces):
            citation = Citation.try_parse(raw)
            if citation is None:
                break
            if joined_by_range and refs:
                refs.extend(_range(Citation.parse(refs[-1].target), citation, match["list"].strip(), node_id,
                                   relative=False))
            refs.append(Ref(raw=raw if index else f"{_trigger(match)}{raw}".strip(), target=str(citation),
                            node=node_id))
        if refs:
            matches.append((match.start(), match.end(), refs))
    return matches


def _relative(text: str, language_rules: Rules, node_id: str) -> list[_Match]:
    base = Citation.try_parse(node_id)
    if base is None:
        return []
    matches = []
    for match in language_rules.relative.finditer(text):
        pieces = _pieces(match, language_rules)
        kind = _kind(pieces[0][0])
        before, after = bool(match["before"]), bool(match["after"])
        item_before = before and language_rules.item_before.fullmatch(match["before"])
        if not ((kind == "section" and (before or after)) or (kind == "item" and (after or item_before))
                or (kind == "sub" and (before or after)) or (kind == "letter" and before)):
            continue
        refs: list[Ref] = []
        for index, (raw, joined_by_range) in enumerate(pieces):
            citation = _resolve(base, raw)
            if citation is None:
                break
            if index == 0 and match["before"]:
                raw = f"{match['before']} {raw}"
            if index == len(pieces) - 1 and match["after"]:
                raw = f"{raw} {match['after']}"
            if joined_by_range and refs:
                refs.extend(_range(Citation.parse(refs[-1].target), citation, match["list"].strip(), node_id,
                                   relative=True))
            refs.append(Ref(raw=raw, target=str(citation), node=node_id, relative=True))
        if refs:
            matches.append((match.start(), match.end(), refs))
    return matches


def _pieces(match: re.Match, language_rules: Rules) -> list[tuple[str, bool]]:
    """Split a matched list into (citation text, joined to the previous one by a range word)."""
    listed = match["list"]
    pieces, position, by_range = [], 0, False
    for separator in language_rules.separator.finditer(listed):
        pieces.append((listed[position:separator.start()].strip(), by_range))
        by_range = bool(language_rules.ranges.fullmatch(separator.group(0)))
        position = separator.end()
    pieces.append((listed[position:].strip(), by_range))
    return [(piece, joined) for piece, joined in pieces if piece]


def _trigger(match: re.Match) -> str:
    for name in ("keyword", "bare", "weak", "paren"):
        if match[name]:
            return "" if name == "paren" else match[name] + " "
    return ""


def _kind(label: str) -> str:
    if label[0] in "ABCDEFGH":
        return "section"
    if label[0].isdigit():
        return "item"
    if ")" in label:
        return "sub"
    return "letter"


def _resolve(base: Citation, label: str) -> Citation | None:
    """The provision a relative label names, seen from provision `base`."""
    parts = LABELS.fullmatch(label)
    if parts is None:
        return None
    section, item, sub = parts["section"] or "", parts["item"] or "", parts["sub"] or ""
    if section:
        if sub and not item:
            return None
        return Citation(base.law, section, item, sub)
    if item:
        return Citation(base.law, base.section, item, sub)
    if not base.item:
        return None
    return Citation(base.law, base.section, base.item, sub)


def _range(start: Citation, end: Citation, raw: str, node_id: str, *, relative: bool) -> list[Ref]:
    """The provisions strictly between two ends of a range with the same parent ("A bis E" -> B, C, D)."""
    if start.parent != end.parent or start.subsubitem or end.subsubitem:
        return []
    field = next((name for name in ("subitem", "item", "section") if getattr(start, name)), None)
    if field is None or not getattr(end, field):
        return []
    low, high = getattr(start, field), getattr(end, field)
    if field == "item":
        values = [str(n) for n in range(int(low) + 1, int(high))]
    else:
        values = [chr(c) for c in range(ord(low) + 1, ord(high))]
    return [Ref(raw=raw, target=str(replace(start, **{field: value})), node=node_id, relative=relative)
            for value in values]
