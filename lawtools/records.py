"""Reading the committed records: the one way every downstream tool (show, search, diff, site) gets the corpus."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from .citation import Citation, node_sort_key
from .errors import NotFound, RecordError
from .manifest import Manifest, default_manifest_path, load_manifest
from .model import Article, FrontMatter, Node, article_from_dict, front_from_dict


def read_record(path: Path) -> dict:
    """One record file's JSON; RecordError naming the file (and line) when it is missing or not valid JSON."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RecordError(f"{path}: record missing; run `lawtools ingest` to regenerate the records") from None
    except json.JSONDecodeError as error:
        raise RecordError(f"{path}:{error.lineno}: not valid JSON ({error.msg}); "
                          "run `lawtools ingest` to regenerate it") from None
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"{path}: cannot read ({error}); run `lawtools ingest` to regenerate it") from None
    if not isinstance(data, dict):
        raise RecordError(f"{path}: not a record (expected a JSON object); run `lawtools ingest` to regenerate it")
    return data


@dataclass
class Provision:
    """One provision of one edition, with the article it belongs to."""

    article: Article
    node: Node | None  # None when the citation names the whole law

    @property
    def edition(self) -> str:
        return self.article.edition

    @property
    def id(self) -> str:
        return self.node.id if self.node else self.article.law


@dataclass
class Corpus:
    """All editions' records under one records directory, loaded lazily per edition."""

    root: Path
    manifest: Manifest
    _cache: dict[str, dict[str, Article]] = field(default_factory=dict, repr=False)

    @cached_property
    def edition_info(self) -> dict[str, dict]:
        """edition.json of every edition that has records, keyed by edition id, in manifest order."""
        info = {}
        for edition_id in self.manifest.ids():
            path = self.root / edition_id / "edition.json"
            if path.exists():
                info[edition_id] = read_record(path)
        if not info:
            raise NotFound(f"no records under {self.root}; run `lawtools ingest` first")
        return info

    def editions(self) -> list[str]:
        """Edition ids that have records, in manifest order."""
        return list(self.edition_info)

    def check_edition(self, edition_id: str) -> str:
        """The edition id itself, or NotFound listing the editions that have records."""
        if edition_id not in self.edition_info:
            raise NotFound(f"unknown edition {edition_id!r}; editions with records: {', '.join(self.editions())}")
        return edition_id

    def articles(self, edition_id: str) -> dict[str, Article]:
        """The articles of one edition keyed by law number, in law order."""
        self.check_edition(edition_id)
        if edition_id not in self._cache:
            articles = {}
            for law in self.edition_info[edition_id]["laws"]:
                path = self.root / edition_id / f"{law}.json"
                try:
                    articles[law] = article_from_dict(read_record(path))
                except (KeyError, TypeError, AttributeError, ValueError) as error:
                    raise RecordError(f"{path}: not a valid record ({type(error).__name__}: {error}); "
                                      "run `lawtools ingest` to regenerate it") from None
            self._cache[edition_id] = articles
        return self._cache[edition_id]

    def all_articles(self):
        """Every article of every edition."""
        for edition_id in self.editions():
            yield from self.articles(edition_id).values()

    def article(self, edition_id: str, law: str) -> Article | None:
        """One edition's article for a law, or None when the edition lacks it."""
        return self.articles(edition_id).get(law)

    def front(self, edition_id: str) -> list[FrontMatter]:
        """The front matter records of one edition, in source order."""
        info = self.edition_info[self.check_edition(edition_id)]
        return [front_from_dict(read_record(self.root / edition_id / f"{f}.json"))
                for f in info.get("front_matter", [])]

    def laws(self) -> list[str]:
        """Every law number present in any edition, in numeric order."""
        numbers = {law for info in self.edition_info.values() for law in info["laws"]}
        return sorted(numbers, key=int)

    def language(self, edition_id: str) -> str:
        """The language code of an edition."""
        return self.edition_info[self.check_edition(edition_id)]["language"]

    def provisions(self, citation: Citation | str, editions: list[str] | None = None) -> list[Provision]:
        """The cited provision in every (selected) edition that has it, in manifest order."""
        citation = Citation.parse(citation) if isinstance(citation, str) else citation
        found = []
        for edition_id in editions or self.editions():
            article = self.article(edition_id, citation.law)
            if article is None:
                continue
            if citation.parent is None:
                found.append(Provision(article, None))
                continue
            node = article.find(str(citation))
            if node is not None:
                found.append(Provision(article, node))
        return found

    def node_ids(self, law: str) -> dict[str, list[str]]:
        """For one law, each edition's provision ids (editions lacking the law are left out)."""
        return {e: self.articles(e)[law].node_ids() for e in self.editions() if law in self.articles(e)}

    def all_node_ids(self, law: str) -> list[str]:
        """The union of provision ids of a law across editions, in citation order."""
        ids = {i for ids in self.node_ids(law).values() for i in ids}
        return sorted(ids, key=node_sort_key)


def law_ranges(laws: list[str]) -> str:
    """Law numbers as ranges for messages: ['1', '2', '3', '41'] -> '1-3, 41'."""
    runs: list[list[int]] = []
    for number in sorted(int(law) for law in laws):
        if runs and number == runs[-1][1] + 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    return ", ".join(f"{first}-{last}" if first != last else str(first) for first, last in runs)


def load_corpus(manifest_path: Path | None = None) -> Corpus:
    """The corpus of the project this runs in (corpus/records beside corpus/editions.yaml)."""
    manifest = load_manifest(manifest_path or default_manifest_path())
    return Corpus(manifest.corpus_dir / "records", manifest)
