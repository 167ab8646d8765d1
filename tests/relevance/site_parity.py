"""Does the site's search page list the laws the CLI lists, on queries nobody tuned? Agreement, not relevance.

The queries are generated from the corpus with a fixed seed (no relevance judgement, so no held-out set is read):
words of a random provision, two of them with a typo in one, English glossary and termbase words (as a bare
phrase or after "what if"), English law titles, citations in several styles, and a termbase term looked up in
another language (&lang=). Each is run through `lawtools search` and through the built page in headless
Chromium (evaluate_site.site_search); the report gives how often the first law and the top five laws are the
same, and lists the queries whose first law differs (front matter aside: the page lists it after the laws by
design).

    PYTHONPATH=.:tests:tests/relevance python tests/relevance/site_parity.py SITE_DIR [--queries 400] [--seed 2612]

Session 26 (tests/relevance/RESULTS.md, fourteenth round), the default 400 draws (391 queries): first law alike
369 -> 380, top five alike 247 -> 283 (CLI and page as they were at the start of the session, and after).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
KINDS = ["words", "words", "word", "typo", "en", "en", "title", "cite", "cross"]
CITATIONS = ["Law {n}", "law {n} {a}", "Law {n} {a} {i}", "§ {n} {a}", "lag {n}{a}{i}", "artikel {n} {a} {i}"]


def _typo(rng: random.Random, word: str) -> str:
    i = rng.randrange(1, len(word) - 1)
    kind = rng.choice(["swap", "drop", "double"])
    if kind == "swap":
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    if kind == "drop":
        return word[:i] + word[i + 1:]
    return word[:i] + word[i] + word[i:]


def generate(corpus, count: int, seed: int) -> list[dict]:
    """`count` queries (some kinds skip a draw that does not fit: fewer may come back), each {query, kind[, lang]}."""
    rng = random.Random(seed)
    texts = {edition: [(a.law, text) for a in corpus.articles(edition).values()
                       for text in [a.intro, *(n.text for n in a.walk())] if text]
             for edition in corpus.editions()}
    concepts = yaml.safe_load((ROOT / "corpus" / "terms.yaml").read_text(encoding="utf-8"))["concepts"]
    data = ROOT / "lawtools" / "data"
    glossary = yaml.safe_load((data / "english.yaml").read_text(encoding="utf-8"))["entries"]
    titles = list(yaml.safe_load((data / "law_titles_en.yaml").read_text(encoding="utf-8"))["titles"].values())
    editions = sorted(texts)
    queries = []
    for _ in range(count):
        kind = rng.choice(KINDS)
        law, text = rng.choice(texts[rng.choice(editions)])
        words = [w for w in re.findall(r"[^\W\d_]+", text) if len(w) >= 5]
        if kind in ("words", "word", "typo") and len(words) < 3:
            continue
        if kind == "words":
            start = rng.randrange(0, len(words) - 2)
            query = " ".join(words[start:start + rng.choice([2, 3])])
        elif kind == "word":
            query = rng.choice(words)
        elif kind == "typo":
            start = rng.randrange(0, len(words) - 1)
            pair = words[start:start + 2]
            which = rng.randrange(2)
            pair[which] = _typo(rng, pair[which])
            query = " ".join(pair)
        elif kind == "en":
            picked = [rng.choice(rng.choice(glossary)["en"]) for _ in range(rng.choice([1, 2]))]
            picked.insert(rng.randrange(len(picked) + 1), rng.choice(concepts)["en"])
            query = " ".join(picked) if rng.random() < 0.5 else "what if " + " ".join(picked)
        elif kind == "title":
            query = rng.choice(titles).lower()
        elif kind == "cite":
            query = rng.choice(CITATIONS).format(n=law if law.isdigit() else "12", a=rng.choice("ABCD"),
                                                 i=rng.choice("123"))
        else:  # cross: a term of one language looked up in another
            terms = rng.choice(concepts).get("terms", {})
            if len(terms) < 2:
                continue
            own, other = rng.sample(sorted(terms), 2)
            queries.append({"query": terms[own][0]["term"], "kind": kind, "lang": other})
            continue
        queries.append({"query": query, "kind": kind})
    return queries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site", type=Path, help="a built site (lawtools build: build/site)")
    parser.add_argument("--queries", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2612)
    args = parser.parse_args()
    sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(HERE)]
    from chromium_support import chromium, serve_directory
    from evaluate_site import site_search
    from search_support import real_corpus

    from lawtools.search.api import Searcher

    corpus = real_corpus()
    queries = generate(corpus, args.queries, args.seed)
    searcher = Searcher(corpus)
    first = top = 0
    with serve_directory(args.site) as base, chromium() as driver:
        for q in queries:
            cli = searcher.search(q["query"], lang=q.get("lang"), limit=10).laws
            page = site_search(driver, base, q["query"], q.get("lang")).laws
            first += cli[:1] == page[:1]
            top += cli[:5] == page[:5]
            laws = [law for law in cli if law.isdigit()]
            if laws[:1] != [law for law in page if law.isdigit()][:1]:
                print(f"  {q['kind']:5} {q['query']!r} {q.get('lang', '')}: CLI {cli[:5]}, page {page[:5]}")
    searcher.close()
    print(f"{len(queries)} queries: first law alike {first}, top five alike {top}")


if __name__ == "__main__":
    main()
