"""Replaying the play of a board: cards in order (PBN columns or LIN sequence), Law 44, revokes (Laws 61-64)."""

from __future__ import annotations

from .cards import Card, Contract, Deal, Seat, Trick
from .findings import BoardReplay, Finding, Revoke
from .law44_play import trick_winner
from .law61_64_revoke import RevokeCase, adjust_declarer_tricks, established_by, is_revoke, revoke_adjustment
from .pbn import Game, play_rows


def replay_play(game: Game, deal: Deal, contract: Contract, year: int, out: BoardReplay) -> int | None:
    """Play the recorded cards; declarer's tricks after revoke adjustment when play is complete, else None."""
    declarer = contract.declarer
    assert declarer is not None
    trump = contract.denomination.trump
    first, feed = _play_feed(game, declarer)
    if first is not declarer.lho:
        out.findings.append(Finding("opening-lead-out-of-turn", "warning", ("41A", "54"),
                                    f"the opening lead is from {first.name.title()}, not from declarer's left "
                                    f"({declarer.lho.name.title()})", game.tag_lines.get("Play")))
    hands = {seat: set(deal.hands[seat]) for seat in Seat}
    leader, winners, tricks = first, [], []
    for number in range(1, 14):
        by_seat = feed(number, leader)
        if by_seat is None or any(m.value is None for m in by_seat.values()):
            break
        out_of_turn = [s for s, m in by_seat.items() if "^L" in m.marks]
        if out_of_turn and out_of_turn[0] is not leader:
            out.findings.append(Finding("lead-out-of-turn", "info", ("53A",), f"trick {number}: "
                                        f"{out_of_turn[0].name.title()} leads out of turn instead of "
                                        f"{leader.name.title()}; the file marks the lead as accepted (^L)",
                                        by_seat[out_of_turn[0]].line))
            leader = out_of_turn[0]
        order = [leader.after(i) for i in range(4)]
        trick = Trick(leader)
        for seat in order:
            marked = by_seat[seat]
            card: Card = marked.value  # type: ignore[assignment]
            if seat not in deal.unknown and card not in hands[seat]:
                holder = deal.holder(card)
                why = "was already played" if holder is seat else \
                    f"belongs to {holder.name.title()}" if holder is not None else "is not in the deal"
                out.findings.append(Finding("illegal-card", "error", ("44B",), f"trick {number}: "
                                            f"{seat.name.title()} plays {card}, which {why}", marked.line))
                return None
            if seat not in deal.unknown and is_revoke(hands[seat], card, trick.led_suit):
                out.revokes.append(Revoke(seat, number, card, trick.cards[0], marked.line))
            hands[seat].discard(card)
            trick = trick.add(card)
        winning = trick_winner(trick, trump)
        leader = next(s for s, c in trick.plays() if c == winning)
        winners.append((leader, winning))
        tricks.append(trick)
        out.play.extend(str(c) for c in trick.cards)
    out.tricks_played = len(tricks)
    out.play_complete = len(tricks) == 13
    raw = sum(1 for seat, _ in winners if seat.side is declarer.side)
    adjustments = _revokes(out, declarer, winners, tricks, year)
    if not out.play_complete:
        return None
    return adjust_declarer_tricks(raw, declarer, adjustments)


def _play_feed(game: Game, declarer: Seat):
    """The opening leader and a function (trick number, leader) -> {seat: card} or None when play stops.

    PBN [Play] rows are fixed seat columns from the opening leader; LIN gives the cards in played order.
    """
    if "PlaySequence" in game.sections:
        from .lin import play_sequence

        sequence = play_sequence(game)

        def in_order(number: int, leader: Seat):
            chunk = sequence[4 * (number - 1):4 * number]
            return {leader.after(i): m for i, m in enumerate(chunk)} if len(chunk) == 4 else None

        return declarer.lho, in_order
    first, rows = play_rows(game)

    def in_columns(number: int, leader: Seat):
        if number > len(rows) or len(rows[number - 1]) < 4:
            return None
        return {first.after(i): m for i, m in enumerate(rows[number - 1])}

    return first, in_columns


def _revokes(out: BoardReplay, declarer: Seat, winners: list, tricks: list[Trick], year: int) -> list:
    adjustments = []
    for index, revoke in enumerate(out.revokes):
        offender, number = revoke.offender, revoke.trick
        suit = revoke.led.suit
        provisions = ["44C", "61A"]
        next_trick_played = number < len(tricks)
        established = established_by(next_trick_played, claimed=not next_trick_played and not out.play_complete,
                                     edition=year)
        base = (f"trick {number}: {offender.name.title()} plays {revoke.card} on {revoke.led} while holding "
                f"a {suit.name.lower()[:-1]}")
        if established is None:
            out.findings.append(Finding("revoke", "warning", tuple(provisions + ["62A"]),
                                        base + "; the revoke is not established and must be corrected (62A)",
                                        revoke.line))
            continue
        provisions.append(established)
        earlier = out.revokes[:index]
        other_side = [r for r in out.revokes if r.offender.side is not offender.side]
        later = winners[number:]
        case = RevokeCase(
            offender=offender, declarer=declarer, trick=number, revoke_trick_winner=winners[number - 1][0],
            later_winners=tuple(seat for seat, _ in later),
            later_wins_with_revoke_suit=sum(1 for seat, card in later if seat is offender and card.suit is suit),
            repeated_same_suit=any(r.offender is offender and r.led.suit is suit for r in earlier),
            failed_to_play="dummy-card" if offender is declarer.partner else None,
            other_side_revoke="established" if other_side else None,
        )
        adjustment = revoke_adjustment(case, year)
        provisions += [p for p in adjustment.provisions if p not in provisions]
        if number == 12:
            provisions.append("62D1")
        out.findings.append(Finding("revoke", "warning", tuple(provisions), f"{base}; established ({established}); "
                                    f"{adjustment.explanation} [{year} Laws]", revoke.line))
        responsible = declarer if offender is declarer.partner else offender
        adjustments.append((responsible, adjustment.transferred))
    return adjustments


