"""The site's search page (search/?q=) in headless Chromium, through the contract of DESIGN.md: results best
first in #search-results, each with data-edition, data-law and a link to the provision anchor, grouped by
law, data-state="done" when finished; one query per corpus language and citations; front matter never
outranks a law; Enter in the header box leads there; and the site's relevance on the held-out test set."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from chromium_support import chromium, chromium_paths, serve_directory
from site_support import REAL_MANIFEST, build, real_records_exist

sys.path.insert(0, str(Path(__file__).with_name("relevance")))
from evaluate import ROUND4, ROUND6, SETS, load_queries, load_set, report_of  # noqa: E402
from evaluate_site import evaluate_site, site_search  # noqa: E402

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(chromium_paths() is None, reason="chromium and chromedriver are not installed"),
    pytest.mark.skipif(not real_records_exist(), reason="no records under corpus/records yet"),
]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return build(REAL_MANIFEST, tmp_path_factory.mktemp("search-site"))


@pytest.fixture(scope="module")
def site(built):
    with serve_directory(built.site_dir) as base, chromium() as driver:
        yield base, driver


@pytest.mark.parametrize("query,law,edition", [
    ("straffkortet", "50", "sv-2007"), ("utilstrekkelige bud", "18", "nb-2017"),
    ("Hauptstrafkarte", "50", "de-1997"), ("voldongen verzaking", "63", "nl-2017"),
    ("penalty card", "50", None), ("trakarlen", "42 43", "sv-2007"),
], ids=["sv", "nb", "de", "nl", "en", "typo"])
def test_each_language_finds_its_law_and_its_own_edition_first(site, query, law, edition):
    # "trakarlen" (dummy): Law 42 or 43, dummy's rights or limitations. Law 46 (a card called from dummy) may lead:
    # the page once counted a term several sources name several times, which happened to favour Law 42
    base, driver = site
    found = site_search(driver, base, query)
    assert set(law.split()) & set(found.laws[:2]), found.laws
    first = [r for r in found.results if r["law"] == found.laws[0]]
    if edition and any(r["edition"] == edition for r in first):
        assert first[0]["edition"] == edition
    for r in found.results:
        assert r["edition"] and r["law"] and r["href"]


@pytest.mark.parametrize("query,law,language", [("revokestick", "62", "sv"), ("straffkortsutspel", "50", "sv"),
                                                ("Tischkartenbezeichnung", "46", "de")])
def test_a_compound_no_text_has_is_found_by_its_parts(site, query, law, language):
    # as in the CLI: the parts are corpus words; in the text they stand apart, in either order
    base, driver = site
    found = site_search(driver, base, query)
    assert law in found.laws[:3], found.laws
    assert found.results[0]["edition"].startswith(language + "-")


@pytest.mark.parametrize("query,node", [("Law 64 B 2", "64B2"), ("§ 61 B", "61B"), ("artikel 62 C 2", "62C2"),
                                        ("Lov 12", "12"), ("lag 45 C 4", "45C4"), ("64", "64"), ("§ 71.1", "71.1"),
                                        ("61B2a", "61B2(a)")])
def test_citations_link_to_the_provision_anchor(site, query, node):
    base, driver = site
    found = site_search(driver, base, query)
    law = "".join(ch for ch in node[:2] if ch.isdigit())
    assert found.laws == [law]
    anchor = "" if node == law else f"#{node}"
    assert all(r["href"].endswith(f"/laws/{law}/{anchor}") for r in found.results)


def test_results_are_grouped_by_law(site):
    base, driver = site
    found = site_search(driver, base, "revoke")
    seen, previous = set(), None
    for r in found.results:
        if r["law"] != previous:
            assert r["law"] not in seen
            seen.add(r["law"])
            previous = r["law"]
    assert len(seen) >= 3


def test_front_matter_never_outranks_a_law(site):
    base, driver = site
    for query in ("blindemann", "definisjoner spillefører", "makker"):
        laws = site_search(driver, base, query).laws
        numeric = [law.isdigit() for law in laws]
        assert numeric == sorted(numeric, reverse=True), (query, laws)


def test_the_header_search_box_leads_to_the_search_page(site):
    base, driver = site
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(base + "laws/64/")
    driver.execute_script("document.querySelector('label[for=__search]') && "
                          "document.querySelector('label[for=__search]').click();")
    box = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, "input.md-search__input"))
    driver.execute_script("arguments[0].focus();", box)
    box.send_keys("straffkort")
    box.send_keys(Keys.ENTER)
    WebDriverWait(driver, 10).until(lambda d: "/search/?q=straffkort" in d.current_url)
    WebDriverWait(driver, 20).until(
        lambda d: d.find_element(By.ID, "search-results").get_attribute("data-state") == "done")
    assert driver.find_elements(By.CSS_SELECTOR, "#search-results [data-law='50']")


def test_site_relevance_on_the_held_out_test_set(site, capsys):
    base, driver = site
    report = evaluate_site(driver, base, load_queries(SETS["test"]))
    with capsys.disabled():
        print("\n[site test] " + report_of("test", report))
    assert report.mrr >= 0.80 and report.hit5 >= 0.90


def test_an_english_question_reaches_the_laws_through_the_glossary(site):
    # "asking" and "means" are in no edition, no termbase term and no English title: the glossary's words
    # (fråga, spørre, fragen, vragen; betydning ...) carry them, as in the CLI
    base, driver = site
    found = site_search(driver, base, "asking the opponents what a bid means")
    assert "20" in found.laws[:5], found.laws


def test_a_term_is_read_with_the_stop_words_it_is_written_with(site):
    # "at once" and "same time" are glossary terms (simultaneous: Law 58) written with stop words, "at once" with
    # nothing else; the page once dropped their stop words before reading terms, and broke on a term left empty
    base, driver = site
    assert "58" in site_search(driver, base, "two cards played at once").laws[:3]
    assert "58" in site_search(driver, base, "at the same time").laws[:1]


def test_too_few_laws_with_every_word_are_followed_by_laws_with_some(site):
    # only Law 69 (de-1997 69B: a concession withdrawn) has both words; the page lists it first and then further
    # laws with one of them (Law 71, "Aufgehobene Konzession", among them), no longer Law 69 alone
    base, driver = site
    found = site_search(driver, base, "Konzession zurücknehmen").laws
    assert found[0] == "69" and len(found) >= 3, found


def test_every_concept_the_words_name_counts(site):
    # "bid" names the bid (nb bud: Law 18, Bids) and, through "bidding", the auction; the page once kept only
    # the first concept it met and never reached Law 18
    base, driver = site
    assert "18" in site_search(driver, base, "bid").laws[:2]


def test_a_term_several_sources_name_counts_once(site):
    # "motspelarna" names the defender through its stem and through each form of the concept's Swedish term: the
    # page once summed the same alternative six times, and Law 49 (a defender's cards, "motspelare" throughout)
    # outranked Law 61 (may defenders ask about a revoke), where the CLI puts it first
    base, driver = site
    assert site_search(driver, base, "motspelarna frågar om revoke").laws[0] == "61"


def test_a_common_word_of_a_query_language_is_not_corrected(site):
    # "makes" is an English word no corpus or termbase word spells; it was "corrected" to Dutch "maken"
    base, driver = site
    site_search(driver, base, "what makes a bid sufficient")
    summary = driver.find_element("id", "search-summary").text
    assert "'makes'" not in summary, summary


def test_a_compound_whose_parts_never_stand_together_is_found_by_one_part(site):
    # as in the CLI: "revokestraff" has no provision with both parts; the revoke laws answer it
    base, driver = site
    found = site_search(driver, base, "revokestraff").laws
    assert found and set(found[:3]) <= {"61", "62", "63", "64"}, found


def test_a_lookup_in_another_language_keeps_to_that_language(site):
    # a Norwegian word looked up in Swedish: Swedish provisions only; Norwegian lacks Laws 42-43, so the
    # query language's laws (fused in, as in the CLI) take nothing from them
    base, driver = site
    found = site_search(driver, base, "blindemann", lang="sv")
    assert found.laws[:2] == ["43", "42"], found.laws
    assert {r["edition"] for r in found.results} == {"sv-2007"}


def test_a_separable_verb_split_by_the_clause_is_read_as_one_word(site):
    # as in the CLI (query.py _join_particle): 'komt ... uit' is the Laws' 'uitkomt', the opening lead out of turn
    base, driver = site
    found = site_search(driver, base, "komt uit").laws  # unjoined, 'komt' and 'uit' find nothing
    assert found and found[0] == "54", found
    assert "as 'uitkomt'" in driver.execute_script("return document.body.innerText")  # the page says how it read it


@pytest.mark.parametrize("query,said", [
    ("Law 64Z", "No law of the Laws has a section Z"), ("lag 999", "No law of the Laws has the number 999"),
    ("Law 94", "No edition on this site has 94"),
    ("64B2(a)(i)", "No edition on this site has 64B2(a)(i); showing 64B2, which contains it"),
    ("(((", "The query has no words to search for"),
])
def test_a_citation_no_edition_can_answer_or_no_words_say_so(site, query, said):
    # searched as words, 'law' and the label found whatever mentions a law; a citation no edition has showed an empty
    # page without a word
    from selenium.webdriver.common.by import By

    base, driver = site
    found = site_search(driver, base, query)
    assert said in driver.find_element(By.ID, "search-summary").text
    assert [r["node"] for r in found.results] == (["64B2"] * len(found.results) if "showing" in said else [])


def test_hostile_queries_never_break_the_page(site):
    # the CLI's hostile list (test_search_hostile.py) and citations with a slip: "Law 64Z" once threw a TypeError in
    # the page's citation reader and left "Search failed" where the results go
    from selenium.webdriver.common.by import By
    from test_search_hostile import HOSTILE

    base, driver = site
    queries = [q for q in HOSTILE if len(q) < 2000] + ["Law 64Z", "lag 64 z 3", "64z(b)", "§ 99 K", "Law 64B99(x)(i)"]
    broken = []
    for query in queries:
        site_search(driver, base, query)
        shown = driver.find_element(By.ID, "search-results").get_attribute("textContent")
        if "Search failed" in shown:
            broken.append((query, shown[:100]))
    assert broken == []


# ---------------------------------------------------------------------------------------------- by meaning
@pytest.mark.parametrize("query,laws", [("two cards played at once", {"58"}),
                                        ("claim contested by defender", {"68", "69", "70"})])
def test_the_issues_english_questions_find_their_laws(site, query, laws):
    base, driver = site
    assert site_search(driver, base, query).laws[0] in laws


def test_the_page_ranks_by_meaning_as_the_cli_does(site):
    # the English questions of the dev set, which the CLI fuses with the passages nearest in meaning: the page
    # encodes them in the browser (e5.wasm, the pruned model) and fuses the same three rankings; its word
    # ranking differs from the CLI's in places, so the law it puts first, not the whole list, is compared
    # (measured over the four tunable sets: 99 of 103 alike)
    from search_support import real_corpus

    from lawtools.search.api import Searcher

    searcher = Searcher(real_corpus())
    base, driver = site
    alike = total = 0
    for q in load_queries(SETS["dev"]):
        cli = searcher.search(q["query"], lang=q.get("lang"))
        if not cli.semantic:
            continue
        total += 1
        alike += site_search(driver, base, q["query"], q.get("lang")).laws[:1] == cli.laws[:1]
    searcher.close()
    assert total >= 10 and alike >= 0.9 * total, (alike, total)


@pytest.mark.parametrize("query,lang", [
    ("what if play last lose", None),  # English 'last' is a German corpus word too: no glossary reading of it
    ("spillperioden", "sv"),  # a Norwegian compound whose Swedish part ('period') Swedish provisions have
    ("Falle", None),  # a German word that only stems like a Swedish and a Norwegian one: German first
], ids=["stem-in-another-language", "part-in-another-language", "language-evidence"])
def test_the_page_reads_words_as_the_cli_does(site, query, lang):
    # the page has no stemmer: the site build ships each word's readings and language evidence as the CLI's parser
    # has them (site/search_words.py); these once ranked another law first on the page
    from search_support import real_corpus

    from lawtools.search.api import Searcher

    searcher = Searcher(real_corpus())
    cli = searcher.search(query, lang=lang)
    searcher.close()
    base, driver = site
    assert site_search(driver, base, query, lang).laws[:3] == cli.laws[:3]


@pytest.mark.parametrize("query", ["courtesy", "general principles"])
def test_english_words_no_provision_has_are_ranked_by_meaning(site, query):
    # English words neither the texts nor the glossary have (the page once stopped at "No provision has ..."
    # and listed nothing, where the CLI answers by meaning alone): the CLI's first law first
    from search_support import real_corpus

    from lawtools.search.api import Searcher

    searcher = Searcher(real_corpus())
    cli = searcher.search(query)
    searcher.close()
    assert cli.semantic and cli.laws
    base, driver = site
    found = site_search(driver, base, query)
    assert found.laws[:1] == cli.laws[:1], (found.laws, cli.laws)
    summary = driver.find_element("id", "search-summary").text
    assert "close in meaning" in summary, summary


def test_the_sites_model_segments_the_relevance_queries_as_the_full_model(built):
    # every query of every relevance set, as the browser would encode it: the pruned model keeps the pieces of
    # the corpus's, the termbase's and the general lexicon's words (measured: 470 of 473 alike; the others a
    # typo, a rare compound and a quoted phrase, which the CLI does not encode)
    from lawtools.search.e5_model import E5Model, bundled_model_path

    full = E5Model.read(bundled_model_path())
    pruned = E5Model.read(built.site_dir / "search" / "e5-model.bin")
    queries = [q["query"] for path in [*SETS.values(), ROUND4, ROUND6] for q in load_queries(path)]
    alike = sum([pruned.pieces[i] for i in pruned.tokenize("query: " + q)] ==
                [full.pieces[i] for i in full.tokenize("query: " + q)] for q in queries)
    assert alike >= 0.98 * len(queries), (alike, len(queries))
    assert (built.site_dir / "search" / "e5-model.bin").stat().st_size < 30_000_000


def test_the_shipped_vectors_rank_laws_by_meaning_as_the_cli_does(built):
    # the fusion's near ties are ~1e-4 apart: vectors rounded harder (int8 rows with a scale each) changed the
    # five laws nearest in meaning for 17% of the queries; half precision for under 1%
    import json

    import numpy as np
    from search_support import real_corpus

    from lawtools.search.api import Searcher
    from lawtools.search.meaning import by_meaning

    search = built.site_dir / "search"
    index = json.loads((search / "index.json").read_text(encoding="utf-8"))
    docs, meaning = index["docs"], index["meaning"]
    shipped = np.frombuffer((search / "vectors.bin").read_bytes(), "<f2").astype(np.float32)
    shipped = shipped.reshape(-1, meaning["dim"])[:meaning["passages"]]
    keys = [{"edition": d[0], "language": d[1], "law": d[2], "node": d[3]} for d in docs]
    searcher = Searcher(real_corpus())
    vectors = searcher.vectors
    queries = [q["query"] for name in ("dev", "r4dev") for q in load_set(name)]
    alike = 0
    for query in queries:
        vector = vectors.query_vector(query)
        cli = list(by_meaning(vectors.nearest(query, limit=None), 5))
        similarity = shipped @ vector
        page = [(keys[i], float(similarity[i])) for i in np.argsort(-similarity, kind="stable")]
        alike += list(by_meaning(page, 5)) == cli
    searcher.close()
    assert alike >= 0.95 * len(queries), (alike, len(queries))


def test_a_reader_saving_data_is_not_sent_the_encoder(site):
    # navigator.connection.saveData (the browser's data saver): the words rank alone, nothing of meaning is fetched
    base, driver = site

    def fetched(query):
        site_search(driver, base, query)
        return driver.execute_script(
            "return performance.getEntriesByType('resource').map(e => e.name.split('/').pop());")

    assert "e5-model.bin" in fetched("claim contested by defender")
    script = "Object.defineProperty(navigator, 'connection', {get: () => ({saveData: true})});"
    added = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script})
    try:
        names = fetched("claim contested by defender")
        assert "e5-model.bin" not in names and "lawmeaning.js" not in names, names
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": added["identifier"]})


def test_without_the_encoder_the_page_ranks_by_words(built, tmp_path):
    # a host that dropped the encoder's model (a 404): the word ranking stands, and the page says it is done
    import shutil

    copy = tmp_path / "site"
    shutil.copytree(built.site_dir, copy)
    (copy / "search" / "e5-model.bin").unlink()
    with serve_directory(copy) as base, chromium() as driver:
        found = site_search(driver, base, "claim contested by defender")
        assert found.laws and found.laws[0] in {"68", "69", "70"}, found.laws


def test_the_page_splits_compounds_no_text_has_as_the_cli_does(built, site):
    # a compound no word table of the page has is split in the browser (lawquery.js splitUnknown) as the CLI's
    # analyzer splits it: into two corpus words where two will do, else three ('Tisch-karten-bezeichnung');
    # compounds made of corpus words of each compounding language, with and without a linking letter
    import json
    import random

    from search_support import real_corpus

    from lawtools.search.api import Searcher

    index = json.loads((built.site_dir / "search" / "index.json").read_text(encoding="utf-8"))
    searcher = Searcher(real_corpus())
    rng, cases = random.Random(2712), []
    for lang in index["compounds"]:
        analyzer = searcher.parser.analyzers[lang]
        vocabulary = sorted(w for w in analyzer.vocabulary.counts if len(w) >= analyzer.min_part and w.isalpha())
        for parts in [2] * 40 + [3] * 40:
            chosen = [rng.choice(vocabulary) for _ in range(parts)]
            word = "".join(w + rng.choice(["", "", analyzer.linking[-1]]) for w in chosen[:-1]) + chosen[-1]
            split = analyzer.split_compound(word)
            if word not in index["surface"] and split:
                cases.append([word, lang, list(split)])
    searcher.close()
    assert sum(len(c[2]) == 3 for c in cases) >= 20 and len(cases) >= 60, len(cases)
    base, driver = site
    driver.get(f"{base}search/")
    found = driver.execute_async_script("""
        var cases = arguments[0], done = arguments[arguments.length - 1];
        fetch("index.json").then(function (r) { return r.json(); }).then(function (data) {
          var parser = window.lawtoolsQuery(data);
          done(cases.map(function (c) {
            var unit = parser.plan(c[0], [c[1]]).units[0], forms = unit && unit.forms[c[1]];
            return forms ? forms.split : null;
          }));
        });""", cases)
    differ = [(c[0], c[2], got) for c, got in zip(cases, found, strict=True) if got != c[2]]
    # what is left is known: the CLI also takes a string that is only the stem of a corpus word as a part
    # ('mang' of 'mange-foreslå', 'placer' of 'placera-säga'), which the page, knowing words, not stems, does not
    # (4 of 286 when this was written)
    assert len(differ) <= 0.03 * len(cases), (len(differ), len(cases), differ)
