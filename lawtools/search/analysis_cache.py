"""Analysed documents and lemmas kept between index builds, so a build analyses only texts it has not seen.

Two files in the search cache (vectors.cache_dir(): build/search-cache, owned by lawtools), both marshal:
- `analysis-<language>.marshal`: {"fingerprint": ..., "entries": {text key: (lemmas, title_lemmas, tokens, spans)}},
  with the vocabulary it was analysed against beside it (`.vocab`). A document's analysis depends on its
  texts and on its language's analyzer: the analysis code, search.yaml, stopwords.yaml and the lemma table
  make the fingerprint (a file whose fingerprint differs is not read); the corpus vocabulary matters only
  inside the document's own words (see DocumentCache). A text key hashes the document's own texts, so every
  copy of a text (an edition and its clones, an unchanged record) is analysed once.
- `lemmas-<language>.marshal`: {"fingerprint": ..., "lemmas": {word: lemma or ""}}: the lookup lemmas of the
  words seen so far, so a build whose texts are all known never loads spaCy and its tables, even when the
  vocabulary changed.
Each build rewrites the analyses with exactly the entries it used (nothing grows without bound; the lemmas
keep every word seen, bounded by the languages' vocabularies). A damaged or
foreign file is ignored (the build then analyses everything), never trusted: it is only a shortcut.
"""

from __future__ import annotations

import hashlib
import marshal
from collections.abc import Callable
from pathlib import Path

from ..fsutil import atomic_write_bytes

CACHE_VERSION = 2
_CODE = ("analysis.py", "analyzed.py", "analysis_cache.py", "highlight.py", "lemmas.py", "stemmers.py",
         "documents.py")
_DATA = ("search.yaml", "stopwords.yaml", "citations.yaml")
_PACKAGE = ("refs.py",)  # citations are not indexed as words (analyzed.cited_words)


def code_fingerprint() -> str:
    """A hash of the analysis code and data files (a change to any of them empties the cache)."""
    here = Path(__file__).parent
    digest = hashlib.sha1(f"v{CACHE_VERSION}".encode())
    for path in [*(here / name for name in _CODE), *(here.parent / "data" / name for name in _DATA),
                 *(here.parent / name for name in _PACKAGE)]:
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"-")
    return digest.hexdigest()


def lemma_fingerprint(language: str) -> str:
    """Which lemma table the lemmas come from (the spacy-lookups-data release)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        release = version("spacy-lookups-data")
    except PackageNotFoundError:
        release = "-"
    return f"{language} {release} {code_fingerprint()}"


def vocabulary_fingerprint(words) -> str:
    """A hash of a vocabulary's words (their counts do not change any analysis)."""
    return hashlib.sha1("\n".join(sorted(words)).encode()).hexdigest()


def text_key(*texts: str) -> str:
    """The key of one document's texts."""
    return hashlib.sha1("\0".join(texts).encode()).hexdigest()


def _read(path: Path, fingerprint: str, what: str) -> dict:
    try:
        data = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not isinstance(data, dict) or data.get("fingerprint") != fingerprint or not isinstance(data.get(what), dict):
        return {}
    return data[what]


def _write(path: Path, fingerprint: str, what: str, entries: dict) -> None:
    try:
        atomic_write_bytes(path, marshal.dumps({"fingerprint": fingerprint, what: entries}))
    except (OSError, ValueError):
        pass  # only a shortcut: a read-only cache means the next build analyses again


MAX_DELTA = 500  # vocabulary changes beyond this many strings: check nothing, analyse everything again


def _strings(vocabulary) -> set[str]:
    return set(vocabulary.counts) | set(vocabulary.stems)


class DocumentCache:
    """The analyses of one language's documents: read at the start of a build, written at its end.

    An analysis depends on the vocabulary only through the membership of strings found inside the
    document's words and their lemmas (an inflection's base, a compound's head and tail): so when the
    vocabulary changed, a cached analysis is reused unless one of the added or removed words or stems
    occurs inside the document's text or lemmas."""

    def __init__(self, directory: Path | None, language: str, fingerprint: str, vocabulary, english):
        self.path = directory / f"analysis-{language}.marshal" if directory else None
        self.fingerprint = fingerprint
        self._vocab = sorted(_strings(vocabulary)), sorted(_strings(english))
        self._old: dict = {}
        self.delta: frozenset[str] = frozenset()
        found = _read(self.path, fingerprint, "entries") if self.path else {}
        if found:
            try:
                old_vocab = marshal.loads(self.path.with_suffix(".vocab").read_bytes())
                delta = set(_symmetric(old_vocab[0], self._vocab[0])) | set(_symmetric(old_vocab[1], self._vocab[1]))
            except (OSError, EOFError, ValueError, TypeError, IndexError):
                delta = None
            if delta is not None and len(delta) <= MAX_DELTA:
                self._old, self.delta = found, frozenset(delta)
        self.used: dict[str, tuple] = {}
        self.hits = self.misses = 0

    def get(self, key: str, compute: Callable[[], tuple], strings: Callable[[], str]) -> tuple:
        """The analysis of the texts with this key, computed only when no build has seen them (or the
        vocabulary changed inside them: `strings` gives the document's words and lemmas, lowercase)."""
        found = self.used.get(key)
        if found is not None:
            self.hits += 1  # another document with the same texts, in this build
        else:
            found = self._old.get(key)
            if isinstance(found, tuple) and len(found) == 4 and self.delta:
                inside = strings()
                if any(d in inside for d in self.delta):
                    found = None
            if isinstance(found, tuple) and len(found) == 4:
                self.hits += 1
            else:
                found = compute()
                self.misses += 1
            self.used[key] = found
        return found

    def save(self) -> None:
        """Keep what this build used (when anything was new or something old went unused)."""
        if self.path is not None and (self.misses or self.delta or len(self.used) != len(self._old)):
            _write(self.path, self.fingerprint, "entries", self.used)
            try:
                atomic_write_bytes(self.path.with_suffix(".vocab"), marshal.dumps(self._vocab))
            except (OSError, ValueError):
                pass


def _symmetric(old, new) -> set[str]:
    if not isinstance(old, list):
        raise TypeError("not a vocabulary")
    return set(old) ^ set(new)


class CachedLemmas:
    """A lemmatizer that answers from the words seen in earlier builds and loads the lemma table (spaCy)
    only for a word it has not seen."""

    def __init__(self, directory: Path | None, language: str, load: Callable[[], Callable[[str], str | None] | None]):
        self.path = directory / f"lemmas-{language}.marshal" if directory else None
        self.fingerprint = lemma_fingerprint(language)
        self._known: dict[str, str] = _read(self.path, self.fingerprint, "lemmas") if self.path else {}
        self._load = load
        self._table: Callable[[str], str | None] | None = None
        self._loaded = False
        self._new = 0

    def __call__(self, word: str) -> str | None:
        found = self._known.get(word)
        if found is None:
            if not self._loaded:
                self._table, self._loaded = self._load(), True
            found = (self._table(word) if self._table else None) or ""
            self._known[word] = found
            self._new += 1
        return found or None

    @property
    def loaded(self) -> bool:
        """True when the lemma table had to be read (some word was new)."""
        return self._loaded

    def save(self) -> None:
        """Keep the lemmas of every word seen (when some were new)."""
        if self.path is not None and self._new:
            _write(self.path, self.fingerprint, "lemmas", self._known)
