"""Property tests: random deals and random legal plays, written as PBN, replay cleanly and count right."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lawtools.rules.cards import Contract, Deal, Denomination, Doubling, Hand, Seat, full_deck
from lawtools.rules.law77_scoring import score
from lawtools.rules.pbn import parse_pbn
from lawtools.rules.replay import replay_game


@settings(max_examples=40, deadline=None)
@given(deck=st.permutations(full_deck()), level=st.integers(1, 7), denomination=st.sampled_from(list(Denomination)),
       declarer=st.sampled_from(list(Seat)), data=st.data())
def test_random_legal_play_replays_without_findings(deck, level, denomination, declarer, data):
    hands = {seat: set(deck[13 * seat:13 * seat + 13]) for seat in Seat}
    deal = Deal(tuple(frozenset(hands[s]) for s in Seat))  # type: ignore[arg-type]
    trump = denomination.trump
    first = leader = declarer.lho
    rows, declarer_tricks = [], 0
    for _ in range(13):
        played = {}
        for seat in (leader.after(i) for i in range(4)):
            led = played[leader].suit if played else None
            following = sorted(c for c in hands[seat] if led is not None and c.suit is led)
            legal = following or sorted(hands[seat])
            card = data.draw(st.sampled_from(legal))
            hands[seat].discard(card)
            played[seat] = card
        # the winner, worked out here independently of law44_play
        led = played[leader].suit
        trumps = {s: c for s, c in played.items() if trump is not None and c.suit is trump}
        pool = trumps or {s: c for s, c in played.items() if c.suit is led}
        leader = max(pool, key=lambda s: pool[s].rank)
        declarer_tricks += leader.side is declarer.side
        rows.append(" ".join(str(played[first.after(i)]) for i in range(4)))
    contract = Contract(level, denomination, Doubling.UNDOUBLED, declarer)
    text = (f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal.to_pbn(Seat.WEST)}"]\n'
            f'[Contract "{contract}"]\n[Declarer "{declarer}"]\n[Play "{first}"]\n' + "\n".join(rows) + "\n*\n")
    board = replay_game(parse_pbn(text)[0], 2017)
    assert board.findings == []
    assert board.play_complete and board.tricks_played == 13
    assert board.tricks == declarer_tricks
    assert board.score == score(contract, declarer_tricks, vulnerable=False)


@given(st.permutations(full_deck()))
def test_deal_strings_round_trip(deck):
    deal = Deal(tuple(frozenset(deck[13 * i:13 * i + 13]) for i in range(4)))  # type: ignore[arg-type]
    for seat in Seat:
        assert Deal.parse(deal.to_pbn(seat)) == deal
    assert all(len(Hand(h)) == 13 for h in deal.hands)
