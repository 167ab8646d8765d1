"""The `rules` commands: score a contract, list the executable rules, replay boards, check provision drift."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import LawtoolsError, NotationError, NotFound
from . import emit, output_options


@click.group()
def rules() -> None:
    """The mechanical Laws as code: scoring, the rules registry, replaying recorded boards."""


@rules.command()
@click.argument("contract")
@click.argument("tricks", type=int)
@click.option("--vulnerable", is_flag=True, help="Declarer's side is vulnerable.")
@output_options
def score(contract: str, tricks: int, vulnerable: bool, as_json: bool) -> None:
    """Score CONTRACT (like 4SX or 3NT) when declarer wins TRICKS tricks (Law 77)."""
    from ..rules.cards import Contract
    from ..rules.law77_scoring import score as law77_score

    if not 0 <= tricks <= 13:
        raise click.BadParameter(f"declarer wins 0 to 13 tricks, not {tricks}", param_hint="TRICKS")
    parsed = Contract.parse(contract)
    result = {"contract": str(parsed), "tricks": tricks, "vulnerable": vulnerable,
              "score": law77_score(parsed, tricks, vulnerable), "provisions": ["77"]}
    emit(result, as_json, lambda r: f"{r['contract']} with {r['tricks']} tricks"
                                    f"{' vulnerable' if r['vulnerable'] else ''}: {r['score']:+d} (Law 77)")


@rules.command(name="list")
@output_options
def list_rules(as_json: bool) -> None:
    """List every executable rule with the provisions it implements and the editions it follows."""
    from ..rules.registry import absent_laws
    from ..rules.registry import rules as all_rules

    data = {"rules": [r.to_dict() for r in all_rules()],
            "absent": [{"law": a.law, "title": a.title, "reason": a.reason} for a in absent_laws().values()]}
    emit(data, as_json, _render_list)


def _render_list(data: dict) -> str:
    import textwrap

    from ..table import render_table, terminal_width

    rows = [[r["name"], " ".join(r["provisions"]), " ".join(map(str, r["editions"])),
             f"{r['example']} -> {r['result']}"] for r in data["rules"]]
    table = render_table(["rule", "provisions", "editions", "example"], rows, wrap=[1, 3])
    absent = ", ".join(f"{a['law']} ({a['title']})" for a in data["absent"])
    footer = textwrap.fill(f"{len(rows)} rules. Cited laws absent from the corpus: {absent}", terminal_width())
    return f"{table}\n\n{footer}"


@rules.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--edition", default="2017", show_default=True, metavar="E",
              help="Edition id (sv-2007, de-1997, ...) or year of the Laws to follow.")
@click.option("--quote", is_flag=True, help="Quote each cited provision from the corpus in the edition's language.")
@output_options
def replay(file: Path, edition: str, quote: bool, as_json: bool) -> None:
    """Replay each board of a PBN (or LIN) FILE: auction, play, revokes, result and score, with findings."""
    from ..rules.editions import resolve_year
    from ..rules.replay import replay_file

    if file.is_dir():
        raise NotFound(f"{file}: is a directory; give one PBN or LIN file")
    if not file.exists():
        raise NotFound(f"{file}: no such file")
    if not file.is_file():
        raise NotFound(f"{file}: not a regular file (a device, FIFO or socket); give one PBN or LIN file")
    year = resolve_year(edition)
    boards = replay_file(file, year)
    if not boards:
        raise NotationError("no boards (no [Deal], [Auction] or [Contract] tag, nor a LIN deal)", file=str(file))
    if quote:
        _add_quotes(boards, year, None if edition.isdigit() else edition)
    data = {"edition": edition, "year": year, "boards": [b.to_dict() for b in boards]}
    emit(data, as_json, _render_replay)


def _add_quotes(boards, year: int, prefer: str | None) -> None:
    from ..records import load_corpus
    from ..rules.quote import quotes

    try:
        corpus = load_corpus()
        corpus.editions()
    except LawtoolsError as error:
        raise NotFound(f"--quote needs the corpus records: {error}") from None
    cache: dict[tuple[str, ...], list] = {}
    for board in boards:
        for finding in board.findings:
            key = tuple(finding.provisions)
            if key not in cache:
                cache[key] = [q.to_dict() for q in quotes(key, year, corpus, prefer)]
            finding.quotes = cache[key]


def _clip(text: str, size: int = 240) -> str:
    return text if len(text) <= size else text[: size - 1].rstrip() + "…"


def _render_replay(data: dict) -> str:
    from ..table import render_table

    rows = []
    for b in data["boards"]:
        found = "; ".join(f"{f['severity']} {f['code']} ({' '.join(f['provisions'])}): {f['message']}"
                          for f in b["findings"] if f["severity"] != "info") or "ok"
        quotes = [f"  {q['provision']} [{q['edition'] or '-'}] {_clip(q['text'] or q.get('note', ''))}"
                  for f in b["findings"] for q in f.get("quotes", [])]
        if quotes:
            found += "\n" + "\n".join(dict.fromkeys(quotes))
        board = f"{b['board']} {b['room']}" if b.get("room") else b["board"]
        # no contract: passed out when the board has a score (0), otherwise unknown (the auction did not end)
        contract = b["contract"] or ("Pass" if b["score"] is not None else "—")
        rows.append([board, f"{contract} {b['declarer'] or ''}".strip(),
                     "" if b["tricks"] is None else b["tricks"], "" if b["score"] is None else b["score"],
                     b["tags"].get("Result") or "", b["tags"].get("Score") or "", found])
    table = render_table(["board", "contract", "tricks", "score", "[Result]", "[Score]", "findings"], rows,
                         wrap=[6], align_right=[2, 3])
    errors = sum(1 for b in data["boards"] for f in b["findings"] if f["severity"] == "error")
    boards = f"{len(rows)} board{'s' if len(rows) != 1 else ''}"
    return f"{table}\n\n{boards} replayed under the {data['year']} Laws; {errors} error finding(s)"


@rules.command()
@click.option("--update", is_flag=True, help="Record the current texts' hashes (after reviewing the rules).")
@output_options
def drift(update: bool, as_json: bool) -> None:
    """Check whether the text of any provision the rules cite has changed since it was last reviewed."""
    from ..records import load_corpus
    from ..rules.drift import HASH_FILE, check, current_hashes, write_recorded

    corpus = load_corpus()
    drifts = check(corpus)
    if update:
        write_recorded(current_hashes(corpus))
    data = {"file": HASH_FILE.name, "updated": update, "drift": [d.to_dict() for d in drifts]}
    emit(data, as_json, _render_drift)
    if drifts and not update:
        raise _Drifted(f"{len(drifts)} cited provision text(s) changed, appeared or disappeared; review the "
                       "rules citing them, then run `lawtools rules drift --update`")


class _Drifted(LawtoolsError):
    exit_code = 1


def _render_drift(data: dict) -> str:
    from ..table import render_table

    if not data["drift"]:
        return "no cited provision has changed"
    rows = [[d["provision"], d["edition"], d["change"], "\n".join(d["rules"])] for d in data["drift"]]
    note = "\n\nhashes updated" if data["updated"] else ""
    return render_table(["provision", "edition", "change", "rules citing it"], rows, wrap=[3]) + note
