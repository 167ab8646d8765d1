"""The published site: pure renderers (records -> Markdown/HTML) and a thin mkdocs hook that adds the pages.

`render*` modules turn records and results into page text and never import mkdocs; `pairing` decides which
provisions of a law share a row (by id, or by the concordance); `pages` decides which pages exist (a section
whose module is absent is simply not generated); `settings` reads the publisher's corpus/site.yaml; `hooks`
hands the pages and settings to mkdocs; `build` runs mkdocs for the `lawtools site` command. The reader's
script and stylesheet are site/assets/javascripts/lawtools.js and site/assets/stylesheets/lawtools.css.
"""
