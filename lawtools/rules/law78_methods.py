"""Law 78: methods of scoring: matchpoints (78A) and the international match point scale (78B).

Law 78 is in none of the four corpus sources (see data/rules_absent.yaml).
"""

from __future__ import annotations

from collections.abc import Sequence

from .registry import implements

# 78B: the upper bound of each difference band, in points, for 0 .. 23 IMPs; 4000 or more is 24.
IMP_BANDS = (10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290, 1490, 1740,
             1990, 2240, 2490, 2990, 3490, 3990)


@implements("78B", example="imps(620 - 170)")
def imps(difference: int) -> int:
    """International match points for a difference in points (the sign follows the difference)."""
    size = abs(difference)
    result = next((i for i, top in enumerate(IMP_BANDS) if size <= top), 24)
    return result if difference >= 0 else -result


@implements("78A", example="matchpoints([420, 420, 450, -50])")
def matchpoints(scores: Sequence[int]) -> list[float]:
    """Each score's matchpoints against the others: one for each lower score, a half for each equal one."""
    return [sum(1.0 if other < mine else 0.5 if other == mine else 0.0 for other in scores) - 0.5
            for mine in scores]
