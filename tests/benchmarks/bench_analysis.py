"""Which analysis steps help? Relevance (MRR, recall@5) of the relevance set with index-time spaCy lemmas and
compound splitting switched on and off, per language, on the real corpus, in one run.

    PYTHONPATH=. python tests/benchmarks/bench_analysis.py
"""

from __future__ import annotations

import importlib.util
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from lawtools.search.analysis import LANGUAGES  # noqa: E402
from lawtools.search.api import Searcher  # noqa: E402

spec = importlib.util.spec_from_file_location("relevance_evaluate", ROOT / "tests" / "relevance" / "evaluate.py")
evaluate = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = evaluate
spec.loader.exec_module(evaluate)

ALL = list(LANGUAGES)
VARIANTS = {
    "stems only": {"lemmas": [], "compounds": []},
    "+ compounds (all)": {"lemmas": [], "compounds": ALL},
    **{f"+ compounds {lang} only": {"lemmas": [], "compounds": [lang]} for lang in ALL},
    **{f"+ compounds, lemmas {lang}": {"lemmas": [lang], "compounds": ALL} for lang in ALL},
    "+ compounds, lemmas (all)": {"lemmas": ALL, "compounds": ALL},
}


# Word-level probes: (language, query word, regex over the provision's raw text that defines the provisions
# that should be found: the word itself, its inflections and the compounds that contain it).
PROBES = [
    ("de", "Strafkarte", r"strafkarte"), ("de", "Revoke", r"revoke"), ("de", "Stich", r"stich(?!t)"),
    ("de", "Karte", r"karte"), ("de", "gewinnen", r"\bge?w[aio]nn"), ("de", "Farbe", r"farbe"),
    ("sv", "straffkort", r"straffkort"), ("sv", "stick", r"stick"), ("sv", "spelförare", r"spelförar"),
    ("sv", "vinna", r"\b(vinn|vann|vunn)"), ("sv", "utspel", r"utspel"),
    ("nb", "melding", r"melding"), ("nb", "spillefører", r"spillefører"), ("nb", "kort", r"kort"),
    ("nl", "kaart", r"kaart"), ("nl", "verzaking", r"verza+k"), ("nl", "spelen", r"\b(ge)?spe(e)?l"),
]


def probe(searcher) -> tuple[float, float]:
    """Mean recall and precision, over PROBES, of word-only queries (no termbase) against the regex truth."""
    import re

    from lawtools.search.plan import Clause, Filters, Plan

    docs = list(searcher.index.all_documents())
    recalls, precisions = [], []
    for lang, word, pattern in PROBES:
        truth = {d["key"] for d in docs if d["language"] == lang
                 and re.search(pattern, f"{d.get('title', '')} {d.get('text', '')}".lower())}
        parsed = searcher.parser.parse(word)
        clause = parsed.plan.clauses[0]
        plain = Clause(clause.text, [a for a in clause.alternatives if not a.reason.concept and a.field != "context"])
        found = {h.fields["key"] for h in searcher.index.search(Plan([plain]), Filters((lang,)), 100000)}
        recalls.append(len(found & truth) / len(truth) if truth else 1.0)
        precisions.append(len(found & truth) / len(found) if found else 1.0)
    return sum(recalls) / len(recalls), sum(precisions) / len(precisions)


def probe_infix(searcher) -> tuple[float, float]:
    """The n-gram alternative, emulated: a provision matches when one of its words contains the query word's
    stem anywhere (what a character n-gram field finds, before its false positives are ranked down)."""
    import re

    from lawtools.search.analysis import words

    docs = list(searcher.index.all_documents())
    recalls, precisions = [], []
    for lang, word, pattern in PROBES:
        stem = searcher.analyzers[lang].stem(word.lower())
        truth, found = set(), set()
        for d in docs:
            if d["language"] != lang:
                continue
            text = f"{d.get('title', '')} {d.get('text', '')}"
            if re.search(pattern, text.lower()):
                truth.add(d["key"])
            if any(stem in w.surface for w in words(text)):
                found.add(d["key"])
        recalls.append(len(found & truth) / len(truth) if truth else 1.0)
        precisions.append(len(found & truth) / len(found) if found else 1.0)
    return sum(recalls) / len(recalls), sum(precisions) / len(precisions)


def main() -> None:
    from search_support import real_corpus

    corpus = real_corpus()
    queries = evaluate.load_queries()
    print(f"{'variant':32} {'MRR':>6} {'recall@5':>9} {'probe R':>8} {'probe P':>8}  per query language (MRR)")
    baseline = None
    with tempfile.TemporaryDirectory(prefix="lawtools-infix-") as tmp:
        searcher = Searcher(corpus, Path(tmp) / "index", settings={"lemmas": [], "compounds": []})
        recall, precision = probe_infix(searcher)
        searcher.close()
    print(f"{'infix match (n-gram field, emulated)':32} {'-':>6} {'-':>9} {recall:8.3f} {precision:8.3f}")
    with tempfile.TemporaryDirectory(prefix="lawtools-analysis-") as tmp:
        for name, settings in VARIANTS.items():
            started = time.perf_counter()
            searcher = Searcher(corpus, Path(tmp) / name.replace(" ", "_"), settings=settings)
            report = evaluate.evaluate(searcher, queries)
            recall, precision = probe(searcher)
            searcher.close()
            per_language = {}
            for q, o in zip(queries, report.outcomes, strict=True):
                per_language.setdefault(q.get("lang_of_query", "-"), []).append(o.rr)
            langs = "  ".join(f"{k} {sum(v) / len(v):.3f}" for k, v in sorted(per_language.items()))
            baseline = baseline or report.mrr
            print(f"{name:32} {report.mrr:6.3f} {report.recall5:9.3f} {recall:8.3f} {precision:8.3f}  {langs}  "
                  f"(x{report.mrr / baseline:.3f} of stems only; {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
