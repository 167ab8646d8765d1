"""Law 77: the duplicate bridge scoring table (in none of the four corpus sources; see data/rules_absent.yaml).

The table is the same in the 1997, 2007 and 2017 Laws. Scores are for declarer's side: positive when the
contract is made, negative when it is defeated.
"""

from __future__ import annotations

from .cards import Contract, Denomination, Doubling
from .registry import implements

_MULTIPLIER = {Doubling.UNDOUBLED: 1, Doubling.DOUBLED: 2, Doubling.REDOUBLED: 4}


def _check(contract: Contract, tricks: int) -> None:
    if not 0 <= tricks <= 13:
        raise ValueError(f"declarer wins 0 to 13 tricks, not {tricks}")


def _trick_value(denomination: Denomination) -> int:
    """Undoubled points for one trick: 20 in a minor, else 30 (notrump's first bid trick, 40, is trick_score's)."""
    return 20 if denomination <= Denomination.DIAMONDS else 30


@implements("77", example="trick_score(Contract.parse('3NT'))")
def trick_score(contract: Contract) -> int:
    """Trick points for the tricks bid: 20 a trick in minors, 30 in majors, 40 then 30 at notrump; x2, x4."""
    if contract.denomination is Denomination.NOTRUMP:
        points = 40 + 30 * (contract.level - 1)
    else:
        points = _trick_value(contract.denomination) * contract.level
    return points * _MULTIPLIER[contract.doubling]


@implements("77", example="undertrick_penalty(Contract.parse('4SX'), 4, vulnerable=False)")
def undertrick_penalty(contract: Contract, down: int, vulnerable: bool) -> int:
    """The penalty for `down` undertricks (a positive number, scored by the defenders)."""
    if down <= 0:
        return 0
    if contract.doubling is Doubling.UNDOUBLED:
        return (100 if vulnerable else 50) * down
    if vulnerable:
        doubled = 200 + 300 * (down - 1)
    else:
        doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled * (2 if contract.doubling is Doubling.REDOUBLED else 1)


@implements("77", example="score(Contract.parse('4SX'), 11, vulnerable=True)")
def score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """The score of declarer's side for a contract and the tricks declarer won."""
    _check(contract, tricks)
    needed = contract.tricks_needed
    if tricks < needed:
        return -undertrick_penalty(contract, needed - tricks, vulnerable)
    points = trick_score(contract)
    total = points + ((500 if vulnerable else 300) if points >= 100 else 50)
    if contract.level == 6:
        total += 750 if vulnerable else 500
    elif contract.level == 7:
        total += 1500 if vulnerable else 1000
    total += {Doubling.UNDOUBLED: 0, Doubling.DOUBLED: 50, Doubling.REDOUBLED: 100}[contract.doubling]
    over = tricks - needed
    if contract.doubling is Doubling.UNDOUBLED:
        per = _trick_value(contract.denomination)
    else:
        per = (200 if vulnerable else 100) * (2 if contract.doubling is Doubling.REDOUBLED else 1)
    return total + over * per
