"""What the checks share: the Finding shape, severities, and the corpus seen as places of text."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from functools import cached_property

from ..citation import node_sort_key
from ..model import Article
from ..records import Corpus
from ..termbase import Termbase

SEVERITIES = ("info", "warning", "error")


def severity_rank(severity: str) -> int:
    """0 for info, 1 for warning, 2 for error."""
    return SEVERITIES.index(severity)


@dataclass(frozen=True)
class Finding:
    """One problem (or edition difference) found in one provision of one edition.

    Beyond the DESIGN.md shape: `file` and `line` where the provision stands in the source,
    `compared` the counterpart text a cross-edition finding was compared with ("sv-2007 47E1: ..."),
    `suggestion` a fix where one can be named, and `measured` the figures a finding weighed that depend on more
    than its own provision and counterparts ("68% of the usual length", a z-score against the edition's
    sentences): the message stays the same when an edit elsewhere moves them, so the finding is not new.
    """

    edition: str
    law: str
    node: str
    code: str
    severity: str
    message: str
    excerpt: str = ""
    compared: str = ""
    suggestion: str = ""
    measured: str = ""
    file: str = field(default="", compare=False)
    line: int | None = field(default=None, compare=False)

    def to_dict(self) -> dict:
        """The DESIGN.md JSON shape, plus file, line, compared, suggestion and measured."""
        return asdict(self)

    def sort_key(self) -> tuple:
        """Order by edition, then provision, then code."""
        return (self.edition, node_sort_key(self.node), self.code, self.message)


@dataclass(frozen=True)
class Place:
    """A piece of text in a record: a law's title or intro, a provision's caption or text, a footnote."""

    edition: str
    language: str
    law: str
    node: str
    field: str  # title, intro, caption, text, footnote
    text: str


@dataclass
class CheckContext:
    """The corpus, the editions being checked, and lazily built shared data (termbase, places)."""

    corpus: Corpus
    editions: list[str]
    _termbase: Termbase | None = None
    _cache: dict = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    status: Callable[[str], None] | None = None  # where a long step says what it is doing (the CLI: stderr)

    def note(self, edition: str, text: str) -> None:
        """Record that a check could not run for an edition (no data for its language), once."""
        line = f"{edition}: {text}"
        if line not in self.notes:
            self.notes.append(line)

    @property
    def termbase(self) -> Termbase:
        """The termbase given, or the one beside the corpus (see `termbase_for`)."""
        if self._termbase is None:
            from ..corpus_terms import termbase_for

            self._termbase = termbase_for(self.corpus.manifest.corpus_dir)
        return self._termbase

    @cached_property
    def all_editions(self) -> list[str]:
        """Every edition with records (cross-edition checks compare against all of them)."""
        return self.corpus.editions()

    def articles(self, edition: str) -> dict[str, Article]:
        """One edition's articles by law."""
        return self.corpus.articles(edition)

    def places(self, edition: str) -> list[Place]:
        """Every piece of law text of an edition, in document order."""
        key = ("places", edition)
        if key not in self._cache:
            language = self.corpus.language(edition)
            places = []
            for article in self.articles(edition).values():
                places.append(Place(edition, language, article.law, article.law, "title", article.title))
                if article.intro:
                    places.append(Place(edition, language, article.law, article.law, "intro", article.intro))
                for node in article.walk():
                    if node.title:
                        places.append(Place(edition, language, article.law, node.id, "caption", node.title))
                    if node.text:
                        places.append(Place(edition, language, article.law, node.id, "text", node.text))
                for note in article.footnotes:
                    places.append(Place(edition, language, article.law, note.node or article.law, "footnote",
                                        note.text))
            for front in self.corpus.front(edition):
                texts = [*front.paragraphs, *(f"{e.term} {e.definition}" for e in front.entries)]
                places.extend(Place(edition, language, front.id, front.id, "front", text) for text in texts if text)
            self._cache[key] = places
        return self._cache[key]


def excerpt(text: str, start: int, end: int, width: int = 40) -> str:
    """The matched text with some context either side, on one line, ellipses where cut."""
    left = max(0, start - width)
    right = min(len(text), end + width)
    piece = text[left:right].replace("\n", " ")
    return ("…" if left > 0 else "") + piece + ("…" if right < len(text) else "")


def finding_at(place: Place, code: str, message: str, start: int, end: int, severity: str = "warning", *,
               compared: str = "", suggestion: str = "") -> Finding:
    """A finding for a span of a place's text (the field is named when it is not running text).

    The message says what is wrong at this place; what it was weighed against elsewhere in the edition (how often
    each form occurs) goes in `compared`, so an edit elsewhere does not turn the same finding into a new one."""
    where = "" if place.field in ("text", "front") else f" (in the {place.field})"
    return Finding(place.edition, place.law, place.node, code, severity, message + where,
                   excerpt(place.text, start, end), compared=compared, suggestion=suggestion)
