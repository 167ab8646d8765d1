"""Small damage to each real source is reported (an anomaly or one clear error), never absorbed silently.

The damage is made from the committed records (tests/mutation_support.py): an item or section label
deleted, duplicated or swapped, an item, a law heading or a whole law deleted, a law duplicated.
"""

from __future__ import annotations

import pytest
from mutation_support import EDITIONS, MUTATIONS, mutate, outcome

# one-line-per-page text has no line that holds one law alone: whole-law line surgery does not apply
NOT_APPLICABLE = {("nb-2017", "duplicate-law"), ("nb-2017", "delete-law"), ("nb-2017", "swap-law-headings")}
CASES = [(e, m) for e in EDITIONS for m in MUTATIONS if (e, m) not in NOT_APPLICABLE]


@pytest.mark.parametrize(("edition", "mutation"), CASES, ids=[f"{e}-{m}" for e, m in CASES])
def test_damage_is_reported(manifest, tmp_path, edition, mutation):
    entry = manifest.get(edition)
    text = entry.source.read_text(encoding="utf-8")
    damaged = mutate(edition, mutation, text)
    assert damaged is not None and damaged != text, "the mutation found no target"
    result, detail = outcome(entry, damaged, tmp_path)
    assert result in ("error", "anomaly"), detail
