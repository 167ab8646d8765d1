"""A counted list broken by one number: '…knekt, 10, 9, 8…' with a number doubled, skipped or changed.

Where the text lists numbers that count up or down by one ('10, 9, 8, 7, 6' or 'a), b), c)'s numeric
cousins '1, 2, 3, 4'), a reviser sees at once a number that breaks the run: 'knekt, 9, 9, 8' (10 changed
into 9), '1, 2, 4, 4'. The check needs no counterpart, so it works in provisions no other edition has.
A run is at least `min_run` numbers (check.yaml sequences) joined by commas or the language's list words
(`languages.yaml` conjunctions), of which all steps but one are the same +1 or -1 and that one repeats a
number or steps back, or one number is out of line with both neighbours; that number is reported.
"""

from __future__ import annotations

import re

from ..yamlio import package_data
from .model import CheckContext, Finding, Place, finding_at
from .repetition import with_fix

_NUMBER = re.compile(r"(?<![\w.,])\d{1,3}(?![\w]|[.,]\d)")


def _settings() -> dict:
    return package_data("check.yaml")["sequences"]


def check_places(context: CheckContext, places: list[Place]) -> list[Finding]:
    """Every broken counted list in the places of one edition."""
    if not places:
        return []
    joiners = set(package_data("languages.yaml").get(places[0].language, {}).get("conjunctions", ()))
    found = []
    for place in places:
        for run in _runs(place.text, joiners):
            finding = _broken(place, run)
            if finding is not None:
                found.append(finding)
    return found


def _runs(text: str, joiners: set[str]) -> list[list[re.Match]]:
    """Numbers that follow one another joined only by a comma, a space or a list word."""
    runs, current = [], []
    for match in _NUMBER.finditer(text):
        if current:
            between = text[current[-1].end():match.start()].strip().lower()
            if between not in {",", ""} | joiners and between.strip(",").strip() not in joiners:
                runs.append(current)
                current = []
        current.append(match)
    runs.append(current)
    least = int(_settings()["min_run"])
    return [r for r in runs if len(r) >= least]


def _broken(place: Place, run: list[re.Match]) -> Finding | None:
    values = [int(m.group(0)) for m in run]
    steps = [b - a for a, b in zip(values, values[1:], strict=False)]
    for step in (1, -1):
        odd = [i for i, s in enumerate(steps) if s != step]
        if not odd or len(steps) - len(odd) < int(_settings()["min_run"]) - 1:
            continue
        if len(odd) == 2 and odd[1] == odd[0] + 1:
            at = odd[1]  # one number out of line breaks the steps on both sides of it
        elif len(odd) == 1 and steps[odd[0]] * step <= 0:
            # a number doubled or a step back (a gap may be a list that skips on purpose: 'laws 1, 2, 3, 5')
            at = 0 if odd[0] == 0 else odd[0] + 1
        else:
            continue
        expected = values[at + 1] - step if at == 0 else values[at - 1] + step
        if expected == values[at] or expected < 0:
            continue
        match = run[at]
        return with_fix(finding_at(place, "number-sequence", f"the numbers {', '.join(map(str, values))} count by "
                                   f"{step:+d} except {match.group(0)!r}, where {expected} belongs", match.start(),
                                   match.end()), f"{match.group(0)} → {expected}")
    return None
