"""Layout readers: one module per source layout, each exposing `read(source, edition) -> Document`.

A new edition in a known layout needs only a manifest entry; a new layout needs one new module here
and one line in `LAYOUTS`. A reader declares its manifest options as a module-level
`OPTIONS = {name: spec}` (specs from `lawtools.schema`); they are checked, with the manifest's
file:line:column, before the reader runs, and an option not declared there is refused.
"""

from __future__ import annotations

import importlib

from ..errors import ManifestError
from ..manifest import Edition, check_options
from .base import Document, SourceText, load_source

LAYOUTS = {
    "plain": "lawtools.readers.plain",          # plain lines, ALL-CAPS law headings (sv-2007)
    "pdfpages": "lawtools.readers.pdfpages",    # one line per printed page with running headers (nb-2017)
    "paragraphs": "lawtools.readers.paragraphs",  # HTML-derived '§ N: Title' lines (de-1997)
    "bulleted": "lawtools.readers.bulleted",    # '- ' bullets under 'ARTIKEL N' headings (nl-2017)
}


def read_edition(edition: Edition) -> tuple[SourceText, Document]:
    """Load an edition's source and parse it with the reader its layout names."""
    module_name = LAYOUTS.get(edition.layout)
    if module_name is None:
        raise ManifestError(
            f"edition {edition.id}: unknown layout {edition.layout!r}; known layouts: {', '.join(LAYOUTS)}"
        )
    reader = importlib.import_module(module_name)
    spec = getattr(reader, "OPTIONS", None)
    if isinstance(spec, dict):  # a reader declares its manifest options as OPTIONS = {name: schema spec}
        check_options(edition, spec)
    source = load_source(edition.source, edition.source_label)
    return source, reader.read(source, edition)
