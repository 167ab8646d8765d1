"""Source text is text: escaping for everything that comes from records before it reaches a page.

Generated pages are Markdown whose record-derived parts sit in raw HTML blocks or in headings. Escaping
the HTML specials stops markup; turning the characters that Markdown, pymdownx and Jinja-like templates
treat as syntax into numeric character references stops them too, while browsers and the search indexer
decode the references back to the same text.

>>> text('<script>alert(1)</script> *a* {{ x }}')
'&lt;script&gt;alert(1)&lt;/script&gt; &#42;a&#42; &#123;&#123; x &#125;&#125;'
"""

from __future__ import annotations

_HTML = {ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;", ord('"'): "&quot;", ord("'"): "&#x27;"}
# Characters with a meaning in Markdown (emphasis, links, code, headings, tables, attribute lists),
# pymdownx (mark, caret, tilde, critic, arithmatex) or Jinja ({{ }}, {% %}, {# #}).
_SYNTAX = {**_HTML, **{ord(c): f"&#{ord(c)};" for c in "\\`*_{}[]#|~^=+!$%"}}
_TEMPLATE = {**_HTML, **{ord(c): f"&#{ord(c)};" for c in "{}%"}}


def text(value: str) -> str:
    """The value as inert HTML text: markup escaped, Markdown and template syntax neutralised."""
    return value.translate(_SYNTAX)


def attr(value: str) -> str:
    """The value as a double-quoted HTML attribute value (ids, hrefs, titles); Markdown never parses these."""
    return value.translate(_TEMPLATE)
