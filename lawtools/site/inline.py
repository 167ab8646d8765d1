"""Running text of one provision as inert HTML, with its cross-references linked and footnote markers placed."""

from __future__ import annotations

from dataclasses import dataclass

from .escape import attr, text


@dataclass(frozen=True)
class Link:
    """A cross-reference to link: the words as printed and where they point (None: leave as text)."""

    raw: str
    href: str | None
    target: str


@dataclass(frozen=True)
class Marker:
    """A footnote marker: where it goes in the text (None: after the text), the HTML it becomes, and how many
    characters of the text it stands for (the printed mark, when the text keeps it; 0 to insert)."""

    offset: int | None
    html: str
    length: int = 0


def link_spans(value: str, links: list[Link]) -> list[tuple[int, int, Link]]:
    """Where each reference's words occur in the text, in reference order, never overlapping."""
    spans: list[tuple[int, int, Link]] = []
    cursor = 0
    for link in links:
        if not link.raw:
            continue
        start = value.find(link.raw, cursor)
        if start < 0:
            start = value.find(link.raw)
        end = start + len(link.raw)
        if start < 0 or any(s < end and start < e for s, e, _ in spans):
            continue
        spans.append((start, end, link))
        cursor = end
    return sorted(spans, key=lambda span: span[0])


def render_inline(value: str, links: list[Link] = (), markers: list[Marker] = ()) -> str:
    """The text escaped, references as <a> (when they have a target page), markers inserted at their offsets."""
    spans = link_spans(value, list(links))
    points: list[tuple[int, str, int]] = []
    for marker in markers:
        at = len(value) if marker.offset is None else max(0, min(marker.offset, len(value)))
        length = marker.length
        for start, end, _ in spans:  # a marker never splits a link: move it after the link (inserted there)
            if start < at < end or (length and start < at + length and at < end):
                at, length = end, 0
        points.append((at, marker.html, length))
    out: list[str] = []
    cursor = 0
    events = sorted([(s, 1, e, link) for s, e, link in spans] + [(at, 0, at + n, html) for at, html, n in points],
                    key=lambda event: event[:2])
    for start, kind, end, payload in events:
        out.append(_paragraphs(value[cursor:start]) if start > cursor else "")
        if kind == 0:
            out.append(payload)
            cursor = end  # past the printed mark the marker stands for, if any
            continue
        words = _paragraphs(value[start:end])
        if payload.href:
            out.append(f'<a class="lt-ref" href="{attr(payload.href)}" title="{attr(payload.target)}">{words}</a>')
        else:
            out.append(f'<span class="lt-ref lt-ref-missing" title="{attr(payload.target)}">{words}</span>')
        cursor = end
    out.append(_paragraphs(value[cursor:]))
    return "".join(out)


def _paragraphs(value: str) -> str:
    """Escaped text whose paragraph breaks (a newline in a record's text) show as line breaks."""
    return text(value).replace("\n", "<br>")
