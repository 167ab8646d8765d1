"""Replaying the real files in ../shared/bridge-data (skipped when absent), mutated boards, and bad input."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from lawtools.cli import main
from lawtools.rules.cards import Card, Contract, Deal, Seat
from lawtools.rules.pbn import Token, auction_tokens, parse_pbn, play_rows, read_pbn
from lawtools.rules.replay import replay_game

DATA = "bridge-data"
CLEAN = ["realbridge-2021-qualifier.pbn", "bridgebots-sample.pbn", "pbn-verifier-correct_10.pbn"]


def games(shared_dir: Path, name: str):
    return read_pbn(shared_dir / DATA / name)


def unmarked(game) -> bool:
    """Games the PBN verifier file marks as irregular on purpose (^I, ^S, ^R, ^L, ^ in tags) are checked apart."""
    return not any(t.text.startswith("^") for ts in game.sections.values() for t in ts) and not any(
        v.startswith("^") for v in game.tags.values())


@pytest.mark.parametrize("name", CLEAN)
def test_real_auctions_are_legal_and_yield_the_tagged_contract(shared_dir, name):
    checked = 0
    for game in filter(unmarked, games(shared_dir, name)):
        if not game.get("Auction"):
            continue
        board = replay_game(game, 2017)
        bad = [f for f in board.findings if f.severity == "error" or f.code.startswith("auction")]
        assert bad == [], (game.board, game.line)
        tagged = game.get("Contract")
        if tagged and tagged.upper() != "PASS":
            assert board.contract == str(Contract.parse(tagged)), (game.board, game.line)
            assert board.declarer == game.get("Declarer"), (game.board, game.line)
        elif tagged:
            assert board.contract is None and board.score == 0
        checked += 1
    assert checked == {"realbridge-2021-qualifier.pbn": 279, "bridgebots-sample.pbn": 3}.get(name, 4)


@pytest.mark.parametrize("name", CLEAN)
def test_real_plays_are_legal_and_results_and_scores_agree(shared_dir, name):
    complete = scored = 0
    for game in filter(unmarked, games(shared_dir, name)):
        board = replay_game(game, 2017)
        assert [f for f in board.findings if f.code in ("illegal-card", "revoke")] == [], (game.board, game.line)
        if board.play_complete:
            complete += 1
            assert board.tricks == int(game.get("Result")), (game.board, game.line)
        if game.get("Score") and board.score is not None:
            assert not [f for f in board.findings if f.code == "score-mismatch"], (game.board, game.line)
            scored += 1
    if name == "realbridge-2021-qualifier.pbn":
        assert complete == 64 and scored == 279


def test_the_irregular_verifier_game_is_reported_with_its_provisions(shared_dir):
    game = next(g for g in games(shared_dir, "pbn-verifier-correct_10.pbn") if g.tags.get("Event") == "Test illegals")
    board = replay_game(game, 2017)
    insufficient = [f for f in board.findings if f.code == "insufficient-bid"]
    assert [f.provisions for f in insufficient] == [("18D", "27"), ("18D", "27")]
    revokes = [f for f in board.findings if f.code == "revoke"]
    assert len(revokes) == 2 and all({"61A", "44C"} <= set(f.provisions) for f in revokes)


def _complete_play_game(shared_dir):
    return next(g for g in games(shared_dir, "realbridge-2021-qualifier.pbn")
                if replay_game(g, 2017).play_complete and replay_game(g, 2017).contract)


def test_a_card_mutated_into_a_revoke_is_detected_with_law_61a(shared_dir):
    game = _complete_play_game(shared_dir)
    contract = Contract.parse(game.tags["Contract"], game.tags["Declarer"])
    mutated, seat, number = _make_revoke(game, contract)
    board = replay_game(mutated, 2017)
    revokes = [f for f in board.findings if f.code == "revoke"]
    assert revokes, "no revoke found"
    first = revokes[0]
    assert f"trick {number}: {seat.name.title()}" in first.message
    assert {"44C", "61A"} <= set(first.provisions)
    assert any(p.startswith("64") for p in first.provisions)


def _make_revoke(game, contract):
    """Swap a followed card with a later card of another suit from the same hand: the first play becomes a revoke."""
    first, rows = play_rows(game)
    deal = Deal.parse(game.tags["Deal"])
    tokens = game.sections["Play"]
    positions = [i for i, t in enumerate(tokens) if not t.text.startswith(("=", "$", "*", "^"))]
    from lawtools.rules.cards import Trick
    from lawtools.rules.law44_play import trick_winner

    leader = first
    for number, row in enumerate(rows, 1):
        trick = Trick(leader)
        order = [leader.after(i) for i in range(4)]
        by_seat = {first.after(i): m.value for i, m in enumerate(row)}
        for seat in order:
            card = by_seat[seat]
            if trick.cards and card.suit is trick.led_suit:
                column = (seat - first) % 4
                for later in range(number, len(rows)):
                    other = rows[later][column].value
                    if other.suit is not trick.led_suit and other in deal.hands[seat]:
                        i, j = positions[(number - 1) * 4 + column], positions[later * 4 + column]
                        new = list(tokens)
                        new[i], new[j] = Token(str(other), tokens[i].line), Token(str(card), tokens[j].line)
                        return replace(game, sections={**game.sections, "Play": new}), seat, number
            trick = trick.add(card)
        winning = trick_winner(trick, contract.denomination.trump)
        leader = next(s for s, c in trick.plays() if c == winning)
    raise AssertionError("no card to mutate")


def test_a_call_mutated_into_an_insufficient_bid_is_detected_with_law_18d(shared_dir):
    def bids(game):
        return [i for i, t in enumerate(game.sections.get("Auction", [])) if t.text not in ("AP", "Pass", "X", "XX")
                and not t.text.startswith(("=", "$", "!"))]

    game = next(g for g in games(shared_dir, "realbridge-2021-qualifier.pbn") if len(bids(g)) >= 2)
    tokens = game.sections["Auction"]
    second = bids(game)[1]
    new = list(tokens)
    new[second] = Token("1C", tokens[second].line)  # no bid is below 1C, so after any bid it is insufficient
    board = replay_game(replace(game, sections={**game.sections, "Auction": new}), 2017)
    found = [f for f in board.findings if f.code == "insufficient-bid"]
    assert len(found) == 1 and found[0].provisions == ("18D", "27") and found[0].line == tokens[second].line
    assert "1C is insufficient" in found[0].message


def test_auction_tokens_expand_all_pass_and_skip_notes():
    game = parse_pbn('[Dealer "N"]\n[Auction "N"]\n1D =1= 1S ! 3H $2 AP\n')[0]
    seat, calls = auction_tokens(game)
    assert seat is Seat.NORTH and [str(c.value) for c in calls] == ["1D", "1S", "3H", "Pass", "Pass", "Pass"]
    passed = parse_pbn('[Auction "S"]\nPass AP\n')[0]
    assert [str(c.value) for c in auction_tokens(passed)[1]] == ["Pass"] * 4


def test_play_rows_are_fixed_seat_columns_from_the_opening_leader():
    game = parse_pbn('[Play "W"]\nSK H3 S4 S3\nC5 C2 C6 CK\n- - - H2\n*\n')[0]
    seat, rows = play_rows(game)
    assert seat is Seat.WEST and [str(m.value) for m in rows[1]] == ["C5", "C2", "C6", "CK"]
    assert rows[2][0].value is None and rows[2][3].value == Card.parse("H2")


GOOD = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"]
[Contract "1NT"]
[Declarer "N"]
[Result "7"]
[Auction "N"]
1NT AP
[Score "NS 90"]
"""


@pytest.mark.parametrize(("text", "message"), [
    (GOOD.replace("KT8.A96.A95.7542", "KT8.A96.A95.75423"), "board 1: [Deal]: impossible deal: North's hand"),
    (GOOD.replace("KT8.A96.A95.7542", "KT8.A96.A95.7542Q"), "board 1: [Deal]: impossible deal: North's hand"),
    (GOOD.replace("Q5.KJ52", "K5.KJ52"), "board 1: [Deal]: impossible deal: SK is dealt to both"),
    (GOOD.replace("1NT AP", "1NT 1Z AP"), ":9 board 1: [Auction]: not a call: '1Z'"),
    (GOOD.replace('[Contract "1NT"]', '[Contract "1NTQ"]'), ":5 board 1: [Contract]/[Declarer]: not a contract"),
    (GOOD.replace('[Dealer "N"]', '[Dealer "Q"]'), ":2 board 1: [Dealer]: unknown seat 'Q'"),
    (GOOD.replace('[Board "1"]', '[Board "1"'), ":2: malformed tag"),
    (GOOD.replace('[Score "NS 90"]', '[Score "ninety"]'), ":10 board 1: [Score] 'ninety' is not a score"),
    (GOOD + '[Play "E"]\nSQ SZ\n', ":12 board 1: [Play]: not a card: 'SZ'"),
    (GOOD.replace('[Vulnerable "None"]', '[Vulnerable "Sometimes"]'), ":3 board 1: [Vulnerable]: unknown"),
    ("1NT 2C\n", ":1: unexpected '1NT' outside a tag"),
    ('[Event "x\n', ":1: a tag value's string is not closed"),
], ids=["14-cards", "14-cards-extra", "duplicate-card", "unknown-call", "contract", "dealer", "unclosed-tag",
        "score", "unknown-card", "vulnerability", "text-outside-tags", "unclosed-string"])
def test_bad_input_gives_one_clear_line_with_file_board_and_line(tmp_path, capsys, text, message):
    path = tmp_path / "bad.pbn"
    path.write_text(text, encoding="utf-8")
    code = main(["rules", "replay", str(path)])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith(f"lawtools: {path}") and message in err, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_good_board_replays_clean(tmp_path, capsys):
    path = tmp_path / "good.pbn"
    path.write_text(GOOD, encoding="utf-8")
    assert main(["rules", "replay", str(path), "--json"]) == 0
    board = json.loads(capsys.readouterr().out)["boards"][0]
    assert (board["contract"], board["declarer"], board["tricks"], board["score"]) == ("1NT", "N", 7, 90)
    assert board["findings"] == []


def test_replay_reports_result_and_score_disagreements(tmp_path, capsys):
    path = tmp_path / "wrong.pbn"
    path.write_text(GOOD.replace('[Score "NS 90"]', '[Score "NS 120"]'), encoding="utf-8")
    assert main(["rules", "replay", str(path), "--json"]) == 0
    finding = json.loads(capsys.readouterr().out)["boards"][0]["findings"][0]
    assert (finding["code"], finding["severity"], finding["provisions"]) == ("score-mismatch", "error", ["77"])


def test_lin_boards_replay_legally_and_agree_with_their_results(shared_dir):
    from lawtools.rules.replay import replay_file

    boards = replay_file(shared_dir / DATA / "usbf-sf-2010.lin", 2017)
    assert len(boards) == 30
    for board in boards:
        assert board.findings == [], (board.board, [f.message for f in board.findings])
        assert board.contract is not None and board.tricks == int(board.tags["Result"])
    assert sum(b.tricks_played for b in boards) > 100


@pytest.mark.parametrize(("text", "message"), [
    ("qx|o7|md|3SAKQJHAKQDAKQCAKQ,S2,S3,|\nmb|1N|mb|9Z|\n", ":2 board 7: mb: not a call: '9Z'"),
    ("qx|o7|md|3SAKQJHAKQDAKQCAKQ2,S2,S3,|\nmb|p|\n", ":1 board 7: [Deal]: impossible deal: South's hand"),
    ("qx|o7|md|7SAKQ,S2,S3,|\n", ":1 board 7: md: dealer digit '7' is not 1-4"),
], ids=["call", "14-cards", "dealer"])
def test_lin_reader_names_file_board_and_line_on_bad_input(tmp_path, capsys, text, message):
    path = tmp_path / "bad.lin"
    path.write_text(text, encoding="utf-8")
    assert main(["rules", "replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"lawtools: {path}{message}"), err


def test_replay_applies_each_editions_revoke_law(shared_dir):
    """A mutated board where both sides revoke: 1997 adjusts each revoke (64A2), 2007 and 2017 do not (64B7)."""
    for game in games(shared_dir, "realbridge-2021-qualifier.pbn"):
        if game.line != 416:  # board 11, a complete play (see test_a_card_mutated_into_a_revoke...)
            continue
        mutated, _, _ = _make_revoke(game, Contract.parse(game.tags["Contract"], game.tags["Declarer"]))
        boards = {year: replay_game(mutated, year) for year in (1997, 2007, 2017)}
        cited = {year: [f.provisions for f in b.findings if f.code == "revoke"] for year, b in boards.items()}
        both_sides = [p for p in cited[2007] if "64B7" in p]
        assert len(both_sides) == 2 and cited[2017] == cited[2007]
        assert sum("64A2" in p for p in cited[1997]) == 2
        assert boards[1997].tricks != boards[2007].tricks == boards[2017].tricks
        mismatch = {year: any(f.code == "result-mismatch" for f in b.findings) for year, b in boards.items()}
        assert boards[1997].tricks == 7 == int(game.tags["Result"])  # the file's result; 2007/2017 give 8
        assert mismatch == {1997: False, 2007: True, 2017: True}
        return
    pytest.fail("board 11 at line 416 is not in the file")


@pytest.mark.parametrize(("rows", "message"), [
    ("DK D6 D2 D5\nDQ DJ D3 HK\n", "trick 2: North plays HK, which belongs to East"),
    ("DK D6 D2 D5\nDQ D6 D3 D9\n", "trick 2: South plays D6, which was already played"),
], ids=["another-hand", "played-twice"])
def test_a_card_that_cannot_be_played_is_an_error_citing_44b(rows, message):
    board = replay_game(parse_pbn(GOOD + '[Play "E"]\n' + rows + "*\n")[0], 2017)
    illegal = [f for f in board.findings if f.code == "illegal-card"]
    assert [(f.severity, f.provisions, f.message) for f in illegal] == [("error", ("44B",), message)]


def test_play_order_from_pbn_columns_agrees_with_endplays_parser(shared_dir):
    """endplay turns the fixed [Play] columns into play order too; our order (from Law 44 winners) must match."""
    parsers = pytest.importorskip("endplay.parsers.pbn")
    path = shared_dir / DATA / "realbridge-2021-qualifier.pbn"
    with path.open(encoding="utf-8") as handle:
        theirs = parsers.load(handle)
    ours = [replay_game(g, 2017) for g in games(shared_dir, "realbridge-2021-qualifier.pbn")]
    assert len(theirs) == len(ours)
    symbols = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})
    compared = 0
    for mine, board in zip(ours, theirs, strict=True):
        played = [str(card).translate(symbols).replace("10", "T") for card in board.play]
        assert mine.play == played[:len(mine.play)], mine.board
        compared += len(mine.play)
    assert compared > 2000


@pytest.mark.parametrize(("tag", "severity"), [("N", "error"), ("^N", "warning")], ids=["plain", "marked-irregular"])
def test_declarer_tag_marked_irregular_is_a_warning_not_an_error(tag, severity):
    game = parse_pbn(f'[Dealer "S"]\n[Declarer "{tag}"]\n[Contract "1C"]\n[Auction "S"]\n1C AP\n')[0]
    found = [f for f in replay_game(game, 2017).findings if f.code == "declarer-mismatch"]
    assert [f.severity for f in found] == [severity]
    assert found[0].message.startswith("the auction makes South declarer, the [Declarer] tag says North")
