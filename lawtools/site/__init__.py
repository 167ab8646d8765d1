"""The published site: pure renderers (records -> Markdown/HTML) and a thin mkdocs hook that adds the pages.

`render*` modules turn records and results into page text and never import mkdocs; `pages` decides which
pages exist (a section whose module is absent is simply not generated); `hooks` hands them to mkdocs;
`build` runs mkdocs for the `lawtools site` command.
"""
