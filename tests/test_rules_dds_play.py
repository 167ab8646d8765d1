"""Law 44 against the 100 legal plays of the DDS test list (../shared/bridge-data/dds-list100.txt).

Each deal gives the trump (DDS: 0 spades, 1 hearts, 2 diamonds, 3 clubs, 4 notrump), the opening leader
(0 North .. 3 West) and a linear play. If a trick winner or next leader were wrong, the next card would not
belong to the seat our rules say is on play; if following suit were wrong, a legal card would be refused.
"""

from __future__ import annotations

import re

from lawtools.rules.cards import Card, Deal, Seat, Suit, Trick
from lawtools.rules.law44_play import legal_cards, next_leader

DDS_TRUMP = {0: Suit.SPADES, 1: Suit.HEARTS, 2: Suit.DIAMONDS, 3: Suit.CLUBS, 4: None}


def dds_deals(shared_dir):
    text = (shared_dir / "bridge-data" / "dds-list100.txt").read_text(encoding="utf-8")
    pbn = re.findall(r'^PBN (\d) (\d) (\d) (\d) "([^"]+)"', text, re.MULTILINE)
    plays = re.findall(r'^PLAY (\d+) "([^"]*)"', text, re.MULTILINE)
    assert len(pbn) == len(plays) == 100
    for (_dealer, _vul, trump, leader, deal), (count, play) in zip(pbn, plays, strict=True):
        cards = [Card.parse(play[i:i + 2]) for i in range(0, len(play), 2)]
        assert len(cards) == int(count)
        yield Deal.parse(deal), DDS_TRUMP[int(trump)], Seat(int(leader)), cards


def test_every_dds_play_is_legal_under_law_44_and_follows_its_winners(shared_dir):
    checked_cards = checked_tricks = 0
    for deal, trump, leader, cards in dds_deals(shared_dir):
        hands = {seat: set(deal.hands[seat]) for seat in Seat}
        trick = Trick(leader)
        for card in cards:
            seat = trick.next_to_play
            assert card in hands[seat], f"{card} is not in {seat.name}'s hand: the leader or winner is wrong"
            assert card in legal_cards(hands[seat], trick.led_suit), f"{card} refused for {seat.name}"
            hands[seat].discard(card)
            trick = trick.add(card)
            checked_cards += 1
            if trick.complete:
                trick = Trick(next_leader(trick, trump))
                checked_tricks += 1
    assert checked_cards > 3000 and checked_tricks > 700
