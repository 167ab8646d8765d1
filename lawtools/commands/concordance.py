"""The concordance command: list the stored links, check they are current, or recompute them."""

from __future__ import annotations

import click

from . import emit, output_options


@click.command()
@click.option("--edition", metavar="E", help="Only links touching this edition.")
@click.option("--law", metavar="N", help="Only links touching this law.")
@click.option("--check", "check_only", is_flag=True, help="Exit 1 unless the stored concordance is current.")
@click.option("--update", is_flag=True, help="Recompute the pairs whose records, overrides or code changed.")
@click.option("--force", is_flag=True, help="With --update: recompute every pair.")
@click.option("--no-encoder", is_flag=True, help="With --update: lexical and structural evidence only.")
@output_options
def concordance(edition: str | None, law: str | None, check_only: bool, update: bool, force: bool,
                no_encoder: bool, as_json: bool) -> None:
    """Counterpart provisions across editions and Laws years (stored in corpus/concordance/)."""
    from ..records import load_corpus

    corpus = load_corpus()
    if check_only or update:
        from ..concordance import store

        if update:
            from ..fsutil import lock
            from ..ingest import lock_path

            with lock(lock_path(corpus.manifest), "lawtools concordance --update"):  # one writer of corpus/concordance
                report = store.update(corpus, "lexical" if no_encoder else "encoder", force=force)
            click.echo(f"concordance ({report.mode}): {len(report.written)} pair(s) written, "
                       f"{len(report.kept)} current, {len(report.removed)} removed; "
                       f"{report.encoded} text(s) encoded", err=True)
        store.require_current(corpus)
        if check_only:
            click.echo("concordance is current", err=True)
            return
        if not (edition or law or as_json):
            return
    from ..concordance import load_concordance
    from ..concordance.render import render_links

    if edition:
        corpus.check_edition(edition)
    if law:
        law = corpus.check_law(law)
    links = load_concordance(corpus.manifest.corpus_dir).select(edition, law)
    emit({"links": [k.to_dict() for k in links]}, as_json, lambda _: render_links(links))
