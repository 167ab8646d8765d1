"""Laws 17-22: who calls when, sufficient and insufficient bids, doubles and redoubles, end of the auction,
the final contract and declarer.

Law 22 is in none of the corpus sources (declared in data/rules_absent.yaml); it is cited all the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import NotationError
from .cards import Call, CallKind, Contract, Doubling, Seat
from .registry import implements


@dataclass(frozen=True)
class CallProblem:
    """Why a call is not legal at its turn, with the provisions that say so."""

    code: str
    provisions: tuple[str, ...]
    message: str


@implements("18A", example="is_bid_form('8NT')")
def is_bid_form(text: str) -> bool:
    """True when `text` is a bid in correct form: a number of odd tricks from one to seven and a denomination."""
    try:
        return Call.parse(text).is_bid
    except NotationError:
        return False


@implements("17B", "17C", example="caller(Seat.EAST, 2)")
def caller(dealer: Seat, index: int) -> Seat:
    """The seat that makes call number `index` (0 = the first call, made by the dealer), clockwise."""
    return dealer.after(index)


@implements("18B", example="supersedes(Call.parse('2C'), Call.parse('1NT'))")
def supersedes(bid: Call, previous: Call) -> bool:
    """True when `bid` names more tricks, or as many in a higher-ranking denomination, than `previous`."""
    if not (bid.is_bid and previous.is_bid):
        raise ValueError("only bids supersede bids (Law 18A: pass, double and redouble are calls, not bids)")
    return (bid.level, bid.denomination) > (previous.level, previous.denomination)


def last_bid(calls: Sequence[Call]) -> tuple[int, Call] | None:
    """The index and call of the last bid so far, or None when no one has bid."""
    for index in range(len(calls) - 1, -1, -1):
        if calls[index].is_bid:
            return index, calls[index]
    return None


@implements("18C", "18D", example="is_sufficient(Call.parse('1S'), [Call.parse('1H'), Call.parse('Pass')])")
def is_sufficient(bid: Call, calls: Sequence[Call]) -> bool:
    """True when `bid` supersedes the last bid before it (every bid is sufficient when no one has bid)."""
    previous = last_bid(calls)
    return previous is None or supersedes(bid, previous[1])


@implements("19A1", example="can_double([Call.parse('1H')])")
def can_double(calls: Sequence[Call]) -> bool:
    """True when the next player may double: the last bid was an opponent's, with only passes since."""
    tail = _since_last_bid(calls)
    if tail is None:
        return False
    return all(c.kind is CallKind.PASS for c in tail) and len(tail) % 2 == 0


@implements("19B1", example="can_redouble([Call.parse('1H'), Call.parse('X')])")
def can_redouble(calls: Sequence[Call]) -> bool:
    """True when the next player may redouble: the last double was an opponent's, with only passes since."""
    tail = _since_last_bid(calls)
    doubles = [i for i, c in enumerate(tail or []) if c.kind is CallKind.DOUBLE]
    if tail is None or len(doubles) != 1:
        return False
    rest = tail[:doubles[0]] + tail[doubles[0] + 1:]
    after = tail[doubles[0] + 1:]
    return all(c.kind is CallKind.PASS for c in rest) and len(after) % 2 == 0


def _since_last_bid(calls: Sequence[Call]) -> list[Call] | None:
    previous = last_bid(calls)
    return None if previous is None else list(calls[previous[0] + 1:])


@implements("17D", "22A", "22B", example="auction_ended([Call.parse('1NT')] + [Call.parse('P')] * 3)")
def auction_ended(calls: Sequence[Call]) -> bool:
    """True when the auction is over: four passes to start, or three passes in rotation after any other call."""
    if len(calls) == 4 and all(c.kind is CallKind.PASS for c in calls):
        return True
    return len(calls) >= 4 and any(c.kind is not CallKind.PASS for c in calls) and all(
        c.kind is CallKind.PASS for c in calls[-3:])


@implements("18D", "19A1", "19B1", "22A", "27", "36", "39",
            example="check_call([Call.parse('1S')], Call.parse('1H'))")
def check_call(calls: Sequence[Call], call: Call) -> CallProblem | None:
    """Why `call` may not follow `calls` (an insufficient bid, an inadmissible double ...), or None if legal."""
    if auction_ended(calls):
        return CallProblem("call-after-auction", ("22A", "39"),
                           f"{call} is made after the auction has ended")
    if call.is_bid and not is_sufficient(call, calls):
        previous = last_bid(calls)
        assert previous is not None
        return CallProblem("insufficient-bid", ("18D", "27"),
                           f"{call} is insufficient: it does not supersede {previous[1]} (18B)")
    if call.kind is CallKind.DOUBLE and not can_double(calls):
        return CallProblem("inadmissible-double", ("19A1", "36"), _why_not_double(calls))
    if call.kind is CallKind.REDOUBLE and not can_redouble(calls):
        return CallProblem("inadmissible-redouble", ("19B1", "36"),
                           "a redouble may only follow an opponent's double with only passes since")
    return None


def _why_not_double(calls: Sequence[Call]) -> str:
    tail = _since_last_bid(calls)
    if tail is None:
        return "a double needs a bid to double; no one has bid"
    if any(c.kind is not CallKind.PASS for c in tail):
        return "the last bid has already been doubled or redoubled"
    return "a player may not double his own side's bid"


@dataclass(frozen=True)
class AuctionResult:
    """The outcome of an auction: the final contract (None when passed out or unfinished) and any problems."""

    dealer: Seat
    calls: tuple[Call, ...]
    contract: Contract | None
    ended: bool
    problems: tuple[tuple[int, CallProblem], ...] = ()

    @property
    def passed_out(self) -> bool:
        return self.ended and self.contract is None


@implements("17B", "17C", "19C", "19D", "22A", "22B", "22",
            example="final_contract(Seat.NORTH, [Call.parse(c) for c in '1S P 4S X P P P'.split()])")
def final_contract(dealer: Seat, calls: Sequence[Call]) -> Contract | None:
    """The final contract with its declarer (who first bid the denomination for the side), or None if no bid."""
    previous = last_bid(calls)
    if previous is None:
        return None
    index, bid = previous
    doubling = Doubling.UNDOUBLED
    for later in calls[index + 1:]:
        if later.kind is CallKind.DOUBLE:
            doubling = Doubling.DOUBLED
        elif later.kind is CallKind.REDOUBLE:
            doubling = Doubling.REDOUBLED
    side = caller(dealer, index).side
    declarer = next(caller(dealer, i) for i, c in enumerate(calls)
                    if c.is_bid and c.denomination is bid.denomination and caller(dealer, i).side is side)
    return Contract(bid.level, bid.denomination, doubling, declarer)  # type: ignore[arg-type]


def replay_auction(dealer: Seat, calls: Sequence[Call]) -> AuctionResult:
    """Check each call in turn and find the final contract; an inadmissible call is noted and still counted."""
    problems = []
    accepted: list[Call] = []
    for number, call in enumerate(calls):
        problem = check_call(accepted, call)
        if problem is not None:
            problems.append((number, problem))
            if problem.code in ("call-after-auction", "inadmissible-double", "inadmissible-redouble"):
                continue  # cancelled (Laws 36, 39); an insufficient bid stands as if accepted (27A)
        accepted.append(call)
    ended = auction_ended(accepted)
    contract = final_contract(dealer, accepted) if ended else None
    return AuctionResult(dealer, tuple(calls), contract, ended, tuple(problems))
