"""The synthetic renumberings of tests/benchmarks/bench_renumbering.py: each edit renames exactly what a
revision of the Laws would, and the gold links follow the content, not the id."""

from __future__ import annotations

import sys
from pathlib import Path

from lawtools.concordance.evaluate import Gold
from lawtools.model import Article, Node, Ref

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))
import renumbering  # noqa: E402  (beside the benchmark that uses it)

Case = renumbering.Case


def _article() -> Article:
    items = [Node(f"57A{k}", "item", str(k), text=f"item {k}") for k in (1, 2, 3)]
    items[1].children = [Node("57A2(a)", "subitem", "a", text="sub a"), Node("57A2(b)", "subitem", "b", text="sub b")]
    return Article("nl-2017", "nl", "57", "Voortijdig", nodes=[
        Node("57A", "section", "A", text="section A", children=items),
        Node("57B", "section", "B", text="section B")],
        refs=[Ref("artikel 16", "16", "57A2(a)"), Ref("artikel 45", "45", "57A3")])


GOLD = Gold("sv-2007", "nl-2017", {"57": ("dev", [
    ("57A", "57A"), ("57A1", "57A1"), ("57A2", "57A2"), ("57A2(a)", "57A2(a)"), ("57A2(b)", "57A2(b)"),
    ("57A3", "57A3"), ("57B", "57B")])})


def _case(op: str, position: int, group: str = "57A") -> Case:
    return Case(GOLD, "57", "to", op, group, position)


def test_a_drop_removes_the_provision_and_moves_the_later_siblings_and_their_items_up_one_label():
    case = _case("drop", 0)
    edited, mapping = renumbering.renumbered(_article(), case)
    assert [n.id for n in edited.walk()] == ["57A", "57A1", "57A1(a)", "57A1(b)", "57A2", "57B"]
    assert [n.text for n in edited.walk()][1:3] == ["item 2", "sub a"]
    assert mapping == {"57A1": None, "57A2": "57A1", "57A2(a)": "57A1(a)", "57A2(b)": "57A1(b)", "57A3": "57A2"}
    assert {(r.target, r.node) for r in edited.refs} == {("16", "57A1(a)"), ("45", "57A2")}
    gold = renumbering.mapped_gold(case, mapping).links()
    assert ("57A1", None) in gold and ("57A2", "57A1") in gold and ("57A3", "57A2") in gold
    assert ("57A2(a)", "57A1(a)") in gold and ("57A1", "57A1") not in gold


def test_a_swap_exchanges_two_siblings_places_and_the_gold_follows_their_text():
    case = _case("swap", 1)
    edited, mapping = renumbering.renumbered(_article(), case)
    assert [(n.id, n.text) for n in edited.walk()][2:5] == [
        ("57A2", "item 3"), ("57A3", "item 2"), ("57A3(a)", "sub a")]
    gold = renumbering.mapped_gold(case, mapping).links()
    assert ("57A2", "57A3") in gold and ("57A3", "57A2") in gold and ("57A2(b)", "57A3(b)") in gold
    assert ("57A1", "57A1") in gold and ("57B", "57B") in gold


def test_an_insert_puts_a_provision_without_counterpart_before_a_sibling_and_moves_the_rest_down():
    case = _case("insert", 1)
    edited, mapping = renumbering.renumbered(_article(), case, donor=Node("80A", "item", "A", text="elsewhere"))
    assert [(n.id, n.text) for n in edited.walk()][2:6] == [
        ("57A2", "elsewhere"), ("57A3", "item 2"), ("57A3(a)", "sub a"), ("57A3(b)", "sub b")]
    assert [n.id for n in edited.walk()][-2:] == ["57A4", "57B"]
    gold = renumbering.mapped_gold(case, mapping, "57A2").links()
    assert (None, "57A2") in gold and ("57A2", "57A3") in gold and ("57A3", "57A4") in gold


def test_a_move_appends_the_rule_to_another_provision_and_reuses_its_id_for_a_new_rule():
    case = _case("move", 0)
    article = _article()
    edited, mapping = renumbering.renumbered(article, case, donor=Node("80A", "item", "A", text="elsewhere"))
    assert mapping == {} and [n.id for n in edited.walk()] == [n.id for n in article.walk()]
    receiver = renumbering._receiver(article, article.nodes[0].children[0], case)
    texts = {n.id: n.text for n in edited.walk()}
    assert texts["57A1"] == "elsewhere" and texts[receiver.id].endswith(" item 1")
    assert receiver.id not in ("57A1", "57A") and not receiver.children
    gold = renumbering.moved_gold(case, "57A1", receiver.id).links()
    assert (None, "57A1") in gold and ("57A1", receiver.id) in gold and ("57A1", "57A1") not in gold
    assert ("57B", "57B") in gold and ("57A3", "57A3") in gold


def _leaves() -> Article:
    items = [Node("57A1", "item", "1", text="Rule one. It has a second sentence."),
             Node("57A2", "item", "2", text="rule two"), Node("57A3", "item", "3", text="rule three")]
    stem = Node("57A", "section", "A", text="stem", children=items)
    return Article("nl-2017", "nl", "57", "Voortijdig", nodes=[stem], refs=[Ref("artikel 16", "16", "57A3")])


LEAVES_GOLD = Gold("sv-2007", "nl-2017", {"57": ("dev", [("57A", "57A"), ("57A1", "57A1"), ("57A2", "57A2"),
                                                          ("57A3", "57A3")])})


def test_a_merge_joins_a_leaf_and_the_next_and_moves_the_later_siblings_up():
    case = Case(LEAVES_GOLD, "57", "to", "merge", "57A", 1)
    edited, mapping = renumbering.renumbered(_leaves(), case)
    assert [(n.id, n.text) for n in edited.walk()][1:] == [("57A1", "Rule one. It has a second sentence."),
                                                         ("57A2", "rule two rule three")]
    assert mapping == {"57A3": "57A2"} and edited.refs[0].node == "57A2"
    gold = renumbering.mapped_gold(case, mapping).links()
    assert ("57A2", "57A2") in gold and ("57A3", "57A2") in gold and ("57A1", "57A1") in gold


def test_a_split_cuts_a_leaf_between_sentences_and_its_counterparts_link_both_halves():
    assert renumbering.halves("Rule one. It has a second sentence.") == ("Rule one.", "It has a second sentence.")
    assert renumbering.halves("one sentence only") is None
    case = Case(LEAVES_GOLD, "57", "to", "split", "57A", 0)
    edited, mapping = renumbering.renumbered(_leaves(), case)
    assert [(n.id, n.text) for n in edited.walk()][1:3] == [("57A1", "Rule one."),
                                                          ("57A2", "It has a second sentence.")]
    assert mapping == {"57A2": "57A3", "57A3": "57A4"} and edited.refs[0].node == "57A4"
    gold = renumbering.split_gold(case, mapping, "57A1", "57A2").links()
    assert {("57A1", "57A1"), ("57A1", "57A2"), ("57A2", "57A3"), ("57A3", "57A4")} <= gold
    assert ("57A2", "57A2") not in gold


def test_sections_move_too_and_labels_run_on_past_the_last():
    assert renumbering.successor("57A3", "57A") == "57A4"
    assert renumbering.successor("57B", "57") == "57C"
    assert renumbering.successor("61B2(a)", "61B2") == "61B2(b)"
    edited, mapping = renumbering.renumbered(_article(), _case("insert", 0, group="57"),
                                             donor=Node("80A", "section", "A", text="elsewhere"))
    assert [n.id for n in edited.nodes] == ["57A", "57B", "57C"] and mapping["57A2(b)"] == "57B2(b)"


def test_cases_are_fixed_by_hash_and_split_like_their_gold_law():
    from lawtools.concordance.evaluate import gold_files
    from lawtools.concordance.tune import usable
    from lawtools.records import load_corpus

    corpus = load_corpus(ROOT / "corpus" / "editions.yaml")
    golds = usable(corpus, gold_files(ROOT / "tests" / "data" / "concordance"))
    cases = renumbering.cases_for(corpus, golds)
    assert cases == renumbering.cases_for(corpus, golds)
    assert {c.op for c in cases} == set(renumbering.OPS) and {c.split for c in cases} == {"dev", "test"}
    for case in cases[:40]:
        donor = Node("x", "item", "1", text="donor") if case.op in ("insert", "move") else None
        edited, mapping = renumbering.renumbered(corpus.articles(case.edition)[case.law], case, donor)
        ids = [n.id for n in edited.walk()]
        before = {n.id for n in corpus.articles(case.edition)[case.law].walk()}
        assert len(ids) == len(set(ids)) and set(mapping) <= before
