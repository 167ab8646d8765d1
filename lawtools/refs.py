"""Cross-references in running text ("se lag 47E2", "siehe § 45 C 4 b)", "zie artikel 47E1", "se 12C1b)").

Each language's citation words live in `lawtools/data/citations.yaml`; this module turns them into
patterns and every match into a `Ref` whose target is a node id.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

import yaml

from .citation import Citation
from .model import Article, Ref

# A citation after its keyword: law number, then optionally section, item and sub-item, with the
# spacing of any edition ("45C4(b)", "45 C 4 b)", "12C1b)", "43B2(b)").
CITE = r"[1-9]\d?(?:\s?[A-H](?:\s?[1-9]\d?)?(?:\s?\(?[a-z]\)(?!\w))?)?(?![\w.]\d)"


@cache
def citation_data() -> dict:
    """Per-language citation words from lawtools/data/citations.yaml."""
    return yaml.safe_load(resources.files("lawtools.data").joinpath("citations.yaml").read_text(encoding="utf-8"))


@cache
def keyword_pattern(language: str) -> re.Pattern:
    """Keyword + citation, followed by any list continuation ("lag 20F2 och 20F3")."""
    data = citation_data()[language]
    joiners = "|".join(re.escape(j) for j in data.get("joiners", []))
    return re.compile(
        rf"(?<!\w)(?P<keyword>{data['keyword']})\s*(?P<first>{CITE})"
        rf"(?P<rest>(?:\s*(?:,|{joiners})\s*{CITE})*)"
    )


def extract_refs(article: Article) -> list[Ref]:
    """Every cross-reference in the article's intro, provisions and footnotes, in document order."""
    refs: list[Ref] = []
    places = [(article.law, article.intro)] + [(node.id, node.text) for node in article.walk()]
    places += [(note.node or article.law, note.text) for note in article.footnotes]
    for node_id, text in places:
        refs.extend(find_refs(text, article.language, node_id))
    return refs


def find_refs(text: str, language: str, node_id: str) -> list[Ref]:
    """The references in one passage of text in `language`, attributed to `node_id`."""
    if language not in citation_data():
        return []
    found: list[Ref] = []
    for match in keyword_pattern(language).finditer(text):
        raw_first = match.group(0)[: match.end("first") - match.start()]
        found.extend(_make(raw_first, match.group("first"), node_id))
        for piece in re.finditer(CITE, match.group("rest")):
            found.extend(_make(piece.group(0), piece.group(0), node_id))
    return found


def _make(raw: str, cite: str, node_id: str) -> list[Ref]:
    citation = Citation.try_parse(cite)
    if citation is None:
        return []
    return [Ref(raw=raw.strip(), target=str(citation), node=node_id)]
