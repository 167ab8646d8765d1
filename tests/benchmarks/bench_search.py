"""Search benchmark, one run, every figure against a baseline measured in the same run.

Reports:
- cold CLI latency of `lawtools search straffkort --json` (fresh processes), against `python -c pass`;
- warm per-query latency (p50/p95) of the whole API (parse, search, group, snippets) and of the engine alone,
  on the real corpus and on a synthetic enlargement (every edition copied SCALE times, default 100);
- the same parsed queries on SQLite FTS5 (tokens analysed the same way: the index's own analysis) and on a
  plain scan of the raw text, as ratios to Whoosh.

    PYTHONPATH=. python tests/benchmarks/bench_search.py [--scale 100] [--repeat 5]

Where the time goes (cProfile and -X importtime, fourth round, on the shared 2-core machine under load; the
fastest of several runs where a figure is a time):
- Warm API, tantivy x1: the engine is 0.2-0.3 ms of a query; the rest was building results. Before this round,
  grouping read the stored fields of every fetched hit (57 reads a query on average, up to 200) to learn its law
  and edition, and each shown hit parsed its spans from JSON. Now grouping reads the document table (ids by
  order, from tantivy's fast field / Whoosh's docnum) and only the ~31 shown hits a query read their fields, with
  spans stored decoded. What is left: per shown hit ~10 us reading the document (tantivy doc + marshal), ~10 us
  highlighting and explaining it (`Grouper.hit`: Spans.find per plan alternative, snippet); parsing 0.2 ms (1 ms
  for a typo query: the correction search). The slowest queries are those with ~60 hits shown (10 laws x several
  editions x 3 provisions), ~2.5-3 ms even idle: the JSON has those hits, so they are built.
- Warm API, tantivy x20: ~160 hits shown a query (every copy of an edition is an edition with its 3 provisions),
  so the cost is ~160 x (read + build); grouping no longer reads the other ~40 fetched hits.
- Whoosh: the engine itself is 80-90% of a warm query (matcher construction: `ArrayUnionMatcher` pre-reads and
  scores every posting of every alternative in Python, 6.1 of 6.6 profiled s over the 70 queries). Whoosh's
  binary union tree (`Or.matcher_type = DEFAULT_MATCHER`) is no faster and changes tie order; its split and
  array matchers are broken in Whoosh 2.7.4 (AttributeError). Its result building is the same as tantivy's.
- Index build x20, tantivy (before: ~1.9 s of 2.9-4.2 s reading and validating 2,700 record files): the
  documents are now cached by the records' content hash (documents.DocumentsCache); what is left is the content
  hash itself (reading 2,700 files, ~0.3-0.6 s), the analysis cache lookups and building tantivy documents
  (~90 us a document: ids, token fields, the stored blob; texts that documents share marshalled once) and the
  tantivy writer. Writer settings, measured on the same analysed corpus: heap 50 MB vs 200 MB no difference;
  2 threads 1.35 s vs 1 thread 2.10 s (best of 3), but two segments break the engine's tie order (documents with
  equal scores, common between editions sharing a text, come back in another order, and the cut at the fetch
  limit can keep others), so the writer stays single-threaded: the JSON must not change.
- Before/after, tantivy, `--clock cpu` (this process's CPU time: the machine ran at load 13-18 on 2 cores, so
  wall-clock figures of the same code varied 2-3x between runs), main c7f7442 vs this round, two rounds each:
  x1 API p50 2.11/2.06 -> 2.03-2.19 ms, p95 4.89/4.89 -> 4.32-4.62 ms; x20 API p50 8.77/8.13 -> 9.52-11.88 ms,
  p95 12.35/11.12 -> 13.22-17.63 ms. So at x1 reading only the shown hits gains ~5-10% at p95, and at x20, where
  ~160 of the 200 fetched hits are shown anyway, it gains nothing and the per-hit bookkeeping (orders from the
  fast field, brief rows) costs ~0.5-0.7 ms of the engine call: result building is per shown hit, and at x20 the
  JSON shows ~160 of them. The index build at x20 (CPU) is 2.1-2.3 s before and 2.5-2.9 s after when the records
  are read (the documents cache then written); a build whose records an earlier build read skips ~1-2 s of it.
- Cold CLI (whoosh, no bytecode cache): click 42 ms, Whoosh's index/query/fields modules 45 ms, lawtools' query
  path 40-60 ms compiling, the venv's editable-install finder 24 ms (also in `python -c pass`), the file-system
  helpers 10-20 ms (now not imported by a query: `secrets`/`hmac`/`ctypes`), then opening the index (vocabulary,
  termbase, stemmers) and one search.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from lawtools.manifest import load_manifest  # noqa: E402
from lawtools.records import Corpus  # noqa: E402
from lawtools.search.analysis import LANGUAGES  # noqa: E402
from lawtools.search.api import Searcher  # noqa: E402
from lawtools.search.plan import Filters, Plan  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def queries() -> list[str]:
    data = yaml.safe_load((ROOT / "tests" / "relevance" / "queries.yaml").read_text(encoding="utf-8"))
    return [q["query"] for q in data["queries"] if q.get("kind") != "citation"]


SCAN_SCRIPT = """
import pathlib, re, sys, json
root = pathlib.Path("corpus/sources")
word = sys.argv[1].lower()
hits = []
for path in sorted(root.glob("*.txt")):
    for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
        if word in line.lower():
            hits.append({"file": path.name, "line": number, "text": line.strip()[:200]})
print(json.dumps({"query": word, "results": hits}))
"""


def cold_cli(project: Path, repeat: int, bytecode: Path | None) -> tuple[float, float, float]:
    """Median wall time of a fresh `lawtools search straffkort --json`, of a 10-line Python scan of the raw
    sources for the same word, and of `python -c pass`. With `bytecode` (a directory), the processes keep
    their compiled modules there, as an installed package does; without, every process compiles lawtools'
    sources again (what PYTHONDONTWRITEBYTECODE=1 does to a source checkout)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if bytecode is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(bytecode)
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)

    def timed(args):
        started = time.perf_counter()
        subprocess.run([sys.executable, *args], cwd=project, env=env, capture_output=True, check=True)
        return time.perf_counter() - started

    timed(["-m", "lawtools", "index"])
    timed(["-m", "lawtools", "search", "straffkort", "--json"])  # the bytecode cache filled (when there is one)
    base = statistics.median(timed(["-c", "pass"]) for _ in range(repeat))
    scan = statistics.median(timed(["-c", SCAN_SCRIPT, "straffkort"]) for _ in range(repeat))
    cli = statistics.median(timed(["-m", "lawtools", "search", "straffkort", "--json"]) for _ in range(repeat))
    return cli, scan, base


class Fts5:
    """The index's documents in SQLite FTS5, one table per language with the same analysed tokens."""

    def __init__(self, searcher: Searcher):
        self.db = sqlite3.connect(":memory:")
        for lang in LANGUAGES:
            self.db.execute(f"CREATE VIRTUAL TABLE fts_{lang} USING fts5(key UNINDEXED, text, parts, context, "
                            "tokenize='unicode61 remove_diacritics 0')")
        analyzers = searcher.analyzers
        rows: dict[str, list] = {lang: [] for lang in LANGUAGES}
        lemmas: dict[str, list[str]] = {}
        for doc in searcher.index.all_documents():
            lang = doc["language"]
            a = analyzers[lang]
            tokens = a.tokens(doc.get("title", "")) + a.tokens(doc.get("text", ""))
            lemmas = [item.rsplit(":", 1)[1] for item in doc.get("lemmas", "").split()]
            text = " ".join([t.term for t in tokens if t.field == "text"] + lemmas)
            parts = " ".join(t.term for t in tokens if t.field == "parts")
            context = " ".join(t.term for t in a.tokens(doc.get("law_title", ""), with_parts=False))
            rows[lang].append((doc["key"], text, parts, context))
        for lang, items in rows.items():
            self.db.executemany(f"INSERT INTO fts_{lang} VALUES (?, ?, ?, ?)", items)
        self.db.commit()

    def search(self, plan: Plan, limit: int = 400) -> list[tuple[str, float]]:
        hits = []
        for lang in LANGUAGES:
            clauses = []
            for clause in plan.clauses:
                alts = []
                for alt in clause.alternatives:
                    if alt.language != lang:
                        continue
                    terms = " ".join(f'"{t}"' for t in alt.terms)
                    alts.append(f"{alt.field} : NEAR({terms}, {alt.slop})" if alt.phrase else
                                f"{alt.field} : ({terms})")  # FTS5: terms side by side mean AND
                if not alts and plan.require_all:
                    clauses = []
                    break
                if alts:
                    clauses.append("(" + " OR ".join(alts) + ")")
            if not clauses:
                continue
            match = (" AND " if plan.require_all else " OR ").join(clauses)
            hits.extend(self.db.execute(
                f"SELECT key, bm25(fts_{lang}, 0, 1.0, 0.5, 0.5) FROM fts_{lang} WHERE fts_{lang} MATCH ? "
                f"ORDER BY bm25(fts_{lang}, 0, 1.0, 0.5, 0.5) LIMIT ?", (match, limit)).fetchall())
        return sorted(hits, key=lambda h: h[1])[:limit]


class Scan:
    """No index at all: lowercase substring search of every query word in the raw text of every provision."""

    def __init__(self, searcher: Searcher):
        self.docs = [(d["key"], f"{d.get('title', '')} {d.get('text', '')}".lower())
                     for d in searcher.index.all_documents()]

    def search(self, query: str) -> list[str]:
        words = [w for w in re.findall(r"[^\W_]+", query.lower())]
        return [key for key, text in self.docs if all(w in text for w in words)]


CLOCK = time.perf_counter  # of the warm figures and the builds (--clock cpu: time.process_time)


def measure(fn, items, repeat: int) -> list[float]:
    """Each item's time: the fastest of `repeat` runs (after one warm-up run of every item). On a shared
    machine a single run is often preempted, and a percentile of single runs then measures the scheduler; the
    fastest of a few runs is the item's own cost. Every engine and baseline is measured the same way."""
    for item in items:  # warm caches
        fn(item)
    best = [float("inf")] * len(items)
    for _ in range(repeat):
        for i, item in enumerate(items):
            started = CLOCK()
            fn(item)
            best[i] = min(best[i], CLOCK() - started)
    return best


def enlarge(corpus: Corpus, scale: int, where: Path) -> Corpus:
    """A corpus with every edition copied `scale` times (ids <lang>-<3000+n>): the same records, each naming
    its copy."""
    entries = []
    manifest = yaml.safe_load(corpus.manifest.path.read_text(encoding="utf-8"))
    by_id = {e["id"]: e for e in manifest["editions"]}
    for number, edition in enumerate(corpus.editions()):
        language = corpus.language(edition)
        for i in range(scale):  # two editions of one language get distinct ids
            new_id = f"{language}-{3000 + number * scale + i}"
            target = where / "records" / new_id
            shutil.copytree(corpus.root / edition, target)
            for path in target.glob("*.json"):  # records say which edition they belong to
                text = path.read_text(encoding="utf-8")
                path.write_text(text.replace(f'"edition": "{edition}"', f'"edition": "{new_id}"', 1),
                                encoding="utf-8")
            entries.append({**by_id[edition], "id": new_id})
    (where / "editions.yaml").write_text(yaml.safe_dump({"editions": entries}), encoding="utf-8")
    manifest = load_manifest(where / "editions.yaml")
    return Corpus(where / "records", manifest)


def report_engines(label: str, searcher: Searcher, texts: list[str], repeat: int, build_seconds: float) -> dict:
    """Warm latencies of the API, the engine, FTS5 on the same tokens and a scan, with their ratios."""
    plans = []
    for text in texts:
        parsed = searcher.parser.parse(text)
        if parsed.plan is not None:
            plans.append(parsed.plan)
    filters = Filters()
    api = measure(lambda q: searcher.search(q), texts, repeat)
    engine = measure(lambda p: searcher.index.search(p, filters, 400), plans, repeat)
    fts = Fts5(searcher)
    fts5 = measure(fts.search, plans, repeat)
    scan = Scan(searcher)
    scanned = measure(scan.search, texts, repeat)
    f95, s95 = percentile(fts5, 0.95), percentile(scanned, 0.95)
    backend = searcher.index.backend
    print(f"\n[{label}, {backend}] {searcher.index.meta.get('documents')} provisions, {len(texts)} queries, "
          f"each the fastest of {repeat} runs; index built in {build_seconds:.1f} s")
    rows = [("API (parse+search+group+snippets)", api), (f"{backend} engine (plan -> hits)", engine),
            ("SQLite FTS5, same tokens", fts5), ("plain scan of raw text", scanned)]
    for name, values in rows:
        p50, p95 = percentile(values, 0.5), percentile(values, 0.95)
        print(f"  {name:36} p50 {p50 * 1000:7.2f} ms  p95 {p95 * 1000:7.2f} ms  "
              f"p95 = {p95 / f95:6.2f}x FTS5, {p95 / s95:6.2f}x scan")
    return {"api95": percentile(api, 0.95), "engine95": percentile(engine, 0.95), "fts95": f95, "scan95": s95}


def build_searcher(corpus: Corpus, index_dir: Path, backend: str) -> tuple[Searcher, float]:
    os.environ["LAWTOOLS_SEARCH_BACKEND"] = backend
    started = CLOCK()
    searcher = Searcher(corpus, index_dir)
    return searcher, CLOCK() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scales", default="1,20,100", help="corpus enlargements to measure (1 = the corpus)")
    parser.add_argument("--backends", default="whoosh,tantivy")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--no-cold", action="store_true", help="skip the cold CLI measurement")
    parser.add_argument("--clock", choices=["wall", "cpu"], default="wall",
                        help="cpu: this process's CPU time (all threads) for the warm figures and the builds, which "
                             "a loaded machine's preemption does not inflate (the cold CLI stays wall time)")
    args = parser.parse_args()
    if args.clock == "cpu":
        global CLOCK
        CLOCK = time.process_time
    from search_support import real_corpus

    # the engines are compared on words: passage vectors (an English question loads the encoder) are
    # measured by tests/relevance, not here
    os.environ["LAWTOOLS_SEMANTIC"] = "never"
    corpus = real_corpus()
    texts = queries()
    with tempfile.TemporaryDirectory(prefix="lawtools-bench-") as tmp:
        tmp = Path(tmp)
        project = Path(corpus.manifest.path).parent.parent
        if not args.no_cold:
            for label, bytecode in (("compiled modules cached", tmp / "pycache"), ("no bytecode cache", None)):
                cli, scan, base = cold_cli(project, args.repeat, bytecode)
                print(f"cold CLI `lawtools search straffkort --json` ({label}): {cli * 1000:.0f} ms median; "
                      f"10-line Python scan of the sources {scan * 1000:.0f} ms: ratio {cli / scan:.1f}x "
                      f"(python -c pass {base * 1000:.0f} ms)")
        for scale in [int(x) for x in args.scales.split(",")]:
            big = corpus if scale == 1 else enlarge(corpus, scale, tmp / f"big{scale}")
            for backend in args.backends.split(","):
                searcher, seconds = build_searcher(big, tmp / f"index-{scale}-{backend}", backend)
                report_engines(f"x{scale}", searcher, texts, max(2, args.repeat // (1 if scale == 1 else 2)),
                               seconds)
                searcher.close()


if __name__ == "__main__":
    main()
