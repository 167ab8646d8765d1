"""Layout readers: one module per source layout, each exposing `read(source, edition) -> Document`.

A new edition in a known layout needs only a manifest entry; a new layout needs one new module here
and one line in `LAYOUTS`. The `grammar` layout reads any edition from options (heading form, label
forms, inline labels, pages, bullets), which `detect` finds from the text for `lawtools edition add`.

Shared by the readers: `base` (loading a source, the Builder that turns events into node ids and
reports structure it cannot vouch for), `labels` (label sequences: next, gap, repeat, back),
`furniture` (page numbers and running headers), `wordstream` (the words of a source with their places),
`notes` (bracketed footnotes).

A reader declares its manifest options as a module-level `OPTIONS = {name: spec}` (specs from
`lawtools.schema`); they are checked, with the manifest's file:line:column, before the reader runs, and an
option not declared there is refused.
"""

from __future__ import annotations

import dataclasses
import importlib

from ..errors import ManifestError
from ..manifest import Edition, check_options
from .base import Document, SourceText, load_source

LAYOUTS = {
    "plain": "lawtools.readers.plain",          # plain lines, ALL-CAPS law headings (sv-2007)
    "pdfpages": "lawtools.readers.pdfpages",    # one line per printed page with running headers (nb-2017)
    "paragraphs": "lawtools.readers.paragraphs",  # HTML-derived '§ N: Title' lines (de-1997)
    "bulleted": "lawtools.readers.bulleted",    # '- ' bullets under 'ARTIKEL N' headings (nl-2017)
    "grammar": "lawtools.readers.grammar",      # any edition described by options (lawtools edition add)
}


def read_edition(edition: Edition) -> tuple[SourceText, Document]:
    """Load an edition's source and parse it with the reader its layout names."""
    reader, edition = _reader(edition)
    source = load_source(edition.source, edition.source_label, edition.encoding)
    return source, reader.read(source, edition)


def read_text(edition: Edition, source: SourceText) -> Document:
    """Parse an already-loaded source with the reader the edition's layout names."""
    reader, edition = _reader(edition)
    return reader.read(source, edition)


def _reader(edition: Edition):
    module_name = LAYOUTS.get(edition.layout)
    if module_name is None:
        raise ManifestError(
            f"edition {edition.id}: unknown layout {edition.layout!r}; known layouts: {', '.join(LAYOUTS)}"
        )
    reader = importlib.import_module(module_name)
    spec = getattr(reader, "OPTIONS", None)
    if isinstance(spec, dict):  # a reader declares its manifest options as OPTIONS = {name: schema spec}
        # the reader reads the options as checked (`hints:` left empty is an empty list, not null)
        edition = dataclasses.replace(edition, options=check_options(edition, spec))
    return reader, edition
