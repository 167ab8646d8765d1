"""Replaying recorded boards: auction (Laws 17-22), play (Law 44), revokes (Laws 61-64), result and score (77).

`replay_game` takes one parsed PBN game and returns a `BoardReplay`: the contract and declarer the auction
yields, declarer's tricks (counted from a complete play, after any revoke adjustment; from [Result] when
play ended in a claim), the Law 77 score, and every finding with the provisions that decide it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from ..errors import NotationError
from .cards import Contract, Deal, Seat, Side
from .findings import MARKS, BoardReplay, Finding
from .law02_boards import Vulnerability
from .law02_boards import dealer as law2_dealer
from .law02_boards import vulnerability as law2_vulnerability
from .law17_22_auction import replay_auction
from .law77_scoring import score as law77_score
from .pbn import Game, auction_tokens, parse_pbn, read_pbn  # noqa: F401 (parse_pbn: EXAMPLE)
from .registry import implements
from .replay_play import replay_play

T = TypeVar("T")


def replay_file(path: Path, year: int) -> list[BoardReplay]:
    """Replay every game of a PBN (or LIN) file that has a deal, an auction or a contract."""
    if path.suffix.lower() == ".lin":
        from .lin import read_lin

        games = read_lin(path)
    else:
        games = read_pbn(path)
    return [replay_game(g, year) for g in games if any(g.get(t) for t in ("Deal", "Auction", "Contract"))]


# 35 bids, each followed by double, redouble and passes, after three initial passes: 3 + 35 * 9 + 3 = 321;
# with the closing passes no legal auction is longer, so anything beyond is refused unread.
MAX_AUCTION_CALLS = 321

EXAMPLE = """[Board "1"] [Dealer "N"] [Vulnerable "None"] [Contract "3NT"] [Declarer "S"] [Result "9"]
[Deal "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"] [Auction "N"] P P 1NT P 3NT AP"""


@implements("2", "17B", "19D", "22", "41A", "44B", "53A", "54", "62A", "62D1", "77",
            example="replay_game(parse_pbn(EXAMPLE)[0], 2017).score")
def replay_game(game: Game, year: int) -> BoardReplay:
    """Replay one game under the Laws of `year`; NotationError for notation that cannot be read."""
    out = BoardReplay(game.file, game.board, None, None, None, None,
                      {"Result": game.get("Result"), "Score": game.get("Score")}, room=game.get("Room"))
    number = int(game.board) if _is_number(game.board) and len(game.board) <= 9 else None
    dealer = _dealer(game, number, out)
    vul = _vulnerability(game, number, out)
    deal = _parse_tag(game, "Deal", game.tags["Deal"], Deal.parse) if game.get("Deal") else None
    contract, known = _contract(game, dealer, out)
    if known and contract is None:
        out.score = 0  # a passed-out board scores nothing (22B)
        _check_score(game, out, None, vul)
        return out
    if contract is None:
        return out
    out.contract, out.declarer = str(contract), str(contract.declarer) if contract.declarer is not None else None
    tricks = None
    if deal is not None and (game.get("Play") or "PlaySequence" in game.sections) and contract.declarer is not None:
        tricks = replay_play(game, deal, contract, year, out)
    tagged = _tagged_tricks(game, contract, out)
    claim = game.get("Claim")
    if tricks is None and claim is not None and _is_number(claim):  # LIN mc: declarer's total after a claim
        tricks = _trick_count(game, out, int(claim[:6]), "Claim")
    if tricks is None and tagged is not None:
        tricks = tagged
    elif tricks is not None and tagged is not None and tricks != tagged:
        out.findings.append(_result_mismatch(out, tricks, tagged, game))
    out.tricks = tricks
    if tricks is not None and contract.declarer is not None:
        out.score = law77_score(contract, tricks, vul.is_vulnerable(contract.declarer.side))
        _check_score(game, out, contract, vul)
    return out


def _dealer(game: Game, number: int | None, out: BoardReplay) -> Seat:
    by_law = law2_dealer(number) if number else None
    tag = game.get("Dealer")
    if tag is None:
        if by_law is not None:
            return by_law
        if game.get("Auction"):
            return auction_tokens(game)[0]  # PBN: the auction's first column is the dealer's
        return Seat.NORTH  # not used: without an auction nothing depends on the dealer
    seat = _parse_tag(game, "Dealer", tag, Seat.parse)
    if by_law is not None and seat is not by_law:
        out.findings.append(Finding("dealer-differs", "info", ("2",), f"the file names {seat.name.title()} as "
                                    f"dealer; Law 2 gives {by_law.name.title()} on board {number} (the board's "
                                    "markings apply)", game.tag_lines.get("Dealer")))
    return seat


def _parse_tag(game: Game, tag: str, text: str, parse: Callable[[str], T]) -> T:
    """`parse(text)` for the value of `tag`; a NotationError names the tag and its line."""
    try:
        return parse(text)
    except NotationError as error:
        raise game.error(f"[{tag}]: {error.message}", tag) from None


def _vulnerability(game: Game, number: int | None, out: BoardReplay) -> Vulnerability:
    by_law = law2_vulnerability(number) if number else None
    tag = game.tags.get("Vulnerable")
    if tag is None:
        return by_law or Vulnerability.NONE
    vul = _parse_tag(game, "Vulnerable", tag, Vulnerability.parse)
    if by_law is not None and vul is not by_law:
        out.findings.append(Finding("vulnerability-differs", "info", ("2",), f"the file gives vulnerability {vul}; "
                                    f"Law 2 gives {by_law} on board {number} (the board's markings apply)",
                                    game.tag_lines.get("Vulnerable")))
    return vul


def _contract(game: Game, dealer: Seat, out: BoardReplay) -> tuple[Contract | None, bool]:
    """The contract (from the auction when there is one, else from the tags), and whether it is known."""
    tagged, tag_known = _tagged_contract(game, out)
    if not game.get("Auction"):
        return tagged, tag_known
    first, marked = auction_tokens(game, MAX_AUCTION_CALLS)
    if len(marked) > MAX_AUCTION_CALLS:
        out.findings.append(Finding("auction-too-long", "error", ("22A",), f"the auction has more than "
                                    f"{MAX_AUCTION_CALLS} calls, more than any auction can have (it ends after "
                                    "three passes), so it is not checked", game.tag_lines.get("Auction")))
        return tagged, tag_known
    lead_in = 0
    while lead_in < len(marked) and marked[lead_in].value is None:
        lead_in += 1
    calls = marked[lead_in:]
    if any(m.value is None for m in calls):
        out.findings.append(Finding("auction-unknown-call", "warning", (), "the auction has an unknown call ('-'); "
                                    "its legality cannot be checked", game.tag_lines.get("Auction")))
        return tagged, tag_known
    for m in marked:
        for mark in m.marks:
            out.findings.append(Finding("marked-irregularity", "info", (), f"the file marks {m.value or '-'} with "
                                        f"{mark} ({MARKS.get(mark, 'irregularity')})", m.line))
    if calls and first.after(lead_in) is not dealer:
        out.findings.append(Finding("first-call-not-dealer", "error", ("17B",), f"the first call is made by "
                                    f"{first.after(lead_in).name.title()}, not by the dealer "
                                    f"{dealer.name.title()}", calls[0].line))
    result = replay_auction(first.after(lead_in), [m.value for m in calls])  # type: ignore[misc]
    for index, problem in result.problems:
        seat = first.after(lead_in + index)
        out.findings.append(Finding(problem.code, "error", problem.provisions,
                                    f"{seat.name.title()}: {problem.message}", calls[index].line))
    if not result.ended:
        out.findings.append(Finding("auction-unfinished", "warning", ("22A",), "the auction has not ended",
                                    game.tag_lines.get("Auction")))
        return tagged, tag_known
    auction_contract = result.contract
    if tag_known:
        _compare_contract(game, out, auction_contract, tagged)
    return auction_contract, True


def _tagged_contract(game: Game, out: BoardReplay) -> tuple[Contract | None, bool]:
    text = (game.get("Contract") or "").lstrip("^")
    if not text:
        return None, False
    if text.upper() in ("PASS", "P", "AP"):
        return None, True
    declarer_text = (game.get("Declarer") or "").lstrip("^")
    try:
        return Contract.parse(text, declarer_text or None), True
    except NotationError as error:
        raise game.error(f"[Contract]/[Declarer]: {error.message}", "Contract") from None


def _compare_contract(game: Game, out: BoardReplay, auction: Contract | None, tagged: Contract | None) -> None:
    if (auction is None) != (tagged is None) or (auction and tagged and (
            auction.level, auction.denomination, auction.doubling) != (tagged.level, tagged.denomination,
                                                                       tagged.doubling)):
        out.findings.append(Finding("contract-mismatch", "error", ("22", "19D"),
                                    f"the auction ends in {auction or 'a pass-out'}, the [Contract] tag says "
                                    f"{tagged or 'Pass'}", game.tag_lines.get("Contract")))
    elif auction and tagged and tagged.declarer is not None and tagged.declarer is not auction.declarer:
        # PBN marks an irregular declarer (the wrong hand played it) with '^': recorded, so not a disagreement
        marked = (game.get("Declarer") or "").startswith("^")
        out.findings.append(Finding("declarer-mismatch", "warning" if marked else "error", ("22",),
                                    f"the auction makes {auction.declarer.name.title()} declarer, the [Declarer] "
                                    f"tag says {tagged.declarer.name.title()}"
                                    + (" (marked irregular with ^)" if marked else ""), game.tag_lines.get("Declarer")))


def _is_number(text: str) -> bool:
    return bool(re.fullmatch(r"[0-9]+", text))


def _trick_count(game: Game, out: BoardReplay, tricks: int, tag: str) -> int | None:
    """A trick count from a tag, or None with an error finding when it is not 0-13."""
    if 0 <= tricks <= 13:
        return tricks
    out.findings.append(Finding("impossible-result", "error", ("77",),
                                f"[{tag}] gives declarer {tricks} tricks; a board has 13 tricks, so it cannot be "
                                "scored", game.tag_lines.get(tag)))
    return None


def _tagged_tricks(game: Game, contract: Contract, out: BoardReplay | None = None) -> int | None:
    text = (game.get("Result") or "").lstrip("^")
    if not text:
        return None
    pairs = dict(re.findall(r"(NS|EW)\s+([0-9]{1,6})", text.upper()))
    side = contract.declarer.side.value if contract.declarer is not None else None
    value = int(text[:6]) if _is_number(text) else int(pairs[side]) if side in pairs else None
    if value is not None:
        if out is None:
            return value if 0 <= value <= 13 else None
        return _trick_count(game, out, value, "Result")
    raise game.error(f"[Result] {text!r} is not a trick count (expected like 9 or 'NS 9 EW 4')", "Result")


def _result_mismatch(out: BoardReplay, tricks: int, tagged: int, game: Game) -> Finding:
    provisions = ("44E", "44F", "44G")
    revoked = [f for f in out.findings if f.code == "revoke"]
    if revoked:
        provisions += tuple(p for f in revoked for p in f.provisions if p.startswith("64"))
    note = "; the revoke adjustment may not have been applied in the file" if revoked else ""
    return Finding("result-mismatch", "error", tuple(dict.fromkeys(provisions)),
                   f"the play gives declarer {tricks} tricks, [Result] says {tagged}{note}",
                   game.tag_lines.get("Result"))


def _check_score(game: Game, out: BoardReplay, contract: Contract | None, vul: Vulnerability) -> None:
    text = out.tags.get("Score")
    if not text or out.score is None:
        return
    tagged = _tagged_score(text, contract, game)
    if tagged is not None and tagged != out.score:
        side = contract.declarer.side.value if contract and contract.declarer is not None else "NS"
        out.findings.append(Finding("score-mismatch", "error", ("77",),
                                    f"Law 77 gives declarer's side ({side}) {out.score}, [Score] says {text!r}",
                                    game.tag_lines.get("Score")))


def _tagged_score(text: str, contract: Contract | None, game: Game) -> int | None:
    """The [Score] tag as a score for declarer's side ('NS 420', 'EW -50'; a bare number is declarer's)."""
    pairs = dict(re.findall(r"(NS|EW)\s+(-?[0-9]{1,7})", text.upper()))
    side = contract.declarer.side if contract and contract.declarer is not None else Side.NS
    if side.value in pairs:
        return int(pairs[side.value])
    if side.other.value in pairs:
        return -int(pairs[side.other.value])
    if re.fullmatch(r"-?[0-9]{1,7}", text.strip()):
        return int(text)
    raise game.error(f"[Score] {text!r} is not a score (expected like 'NS 420' or 'EW -50')", "Score")
