"""Which Laws the rules follow: an edition id ("sv-2007") or a year ("2007") -> the year of the Laws.

The executable rules differ by the year of the Laws, not by language; the mapping from edition ids to
years comes from corpus/editions.yaml (via lawtools.manifest). Years the rules know are LAW_YEARS.
"""

from __future__ import annotations

from ..errors import ManifestError, NotFound
from ..manifest import Manifest, default_manifest_path, load_manifest

LAW_YEARS = (1997, 2007, 2017)
LATEST = 2017


def resolve_year(edition: str | int, manifest: Manifest | None = None) -> int:
    """The year of the Laws an edition id or year names; NotFound lists the valid values."""
    text = str(edition).strip()
    if text.isascii() and text.isdigit():  # a year needs no corpus (replay works outside a project)
        year = int(text)
        if year not in LAW_YEARS:
            raise NotFound(f"no rules for the {year} Laws; known years: {', '.join(map(str, LAW_YEARS))}")
        return year
    if manifest is None:
        try:
            path = default_manifest_path()
        except ManifestError:  # no project here: only a year can be told
            raise NotFound(f"unknown edition {text!r}; give an edition id inside a project (a directory holding "
                           f"corpus/editions.yaml) or a year ({', '.join(map(str, LAW_YEARS))})") from None
        manifest = load_manifest(path)
    try:
        year = manifest.get(text).year
    except NotFound:
        raise NotFound(f"unknown edition {text!r}; give an edition id ({', '.join(manifest.ids())}) "
                       f"or a year ({', '.join(map(str, LAW_YEARS))})") from None
    if year not in LAW_YEARS:
        raise NotFound(f"edition {text} translates the {year} Laws, for which there are no rules")
    return year


def edition_ids(year: int, manifest: Manifest | None = None) -> list[str]:
    """The corpus editions that translate the Laws of this year, in manifest order."""
    manifest = manifest or load_manifest(default_manifest_path())
    return [e.id for e in manifest.editions if e.year == year]
