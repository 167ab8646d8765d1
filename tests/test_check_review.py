"""Precision on the real corpus: every finding of `lawtools check` on the unmutated sources has been read and
classified in tests/data/check_review.yaml (actionable, true-nothing-to-fix or false), and false alarms
stay few. A finding of an edition the review does not cover yet (a newly added edition) is not judged here."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from lawtools.check import run_checks

REVIEW = Path(__file__).parent / "data" / "check_review.yaml"
VERDICTS = ("actionable", "true-nothing-to-fix", "false")


@pytest.fixture(scope="module")
def review():
    return yaml.safe_load(REVIEW.read_text(encoding="utf-8"))["findings"]


@pytest.fixture(scope="module")
def findings(corpus):
    return run_checks(corpus)


def _covered(finding, editions: set[str]) -> bool:
    """A finding of a reviewed edition whose counterpart (if any) is a reviewed edition too."""
    compared = finding.compared.split(" ", 1)[0] if finding.compared else ""
    return finding.edition in editions and (not compared or compared in editions)


def test_every_finding_is_classified(review, findings):
    editions = {entry["edition"] for entry in review}
    seen = Counter((f.edition, f.node, f.code) for f in findings if _covered(f, editions))
    listed = Counter((e["edition"], e["node"], e["code"]) for e in review)
    assert seen - listed == Counter(), "findings nobody has classified (add them to tests/data/check_review.yaml)"
    assert listed - seen == Counter(), "classified findings that are no longer reported (remove them)"


def test_entries_have_a_verdict_and_a_reason(review):
    assert all(entry["verdict"] in VERDICTS and entry["reason"] for entry in review)


def test_false_alarms_stay_few(review):
    assert sum(entry["verdict"] == "false" for entry in review) <= 5
