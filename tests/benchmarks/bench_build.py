"""Benchmark: the main job (`lawtools build`) on enlarged corpora, against `mkdocs build` of the same pages.

Run: PYTHONPATH=. python tests/benchmarks/bench_build.py [--scales 1,20,100] [--no-change] [--keep] [--json F]
     [--skip STAGE]
     PYTHONPATH=. python tests/benchmarks/bench_build.py --fit x1-20.json x100.json   (fit runs made apart)

For each scale S a temporary project is made with every edition of corpus/editions.yaml cloned S times under
new ids (`sv-3001`, ...; same language, year and source text), then, each as a separate process:

- cold: `lawtools build` with no records, index, cache or site;
- warm: `lawtools build` again, nothing changed;
- baseline: `mkdocs build` of exactly the pages the build generated (written out as Markdown files, same theme,
  plugins and navigation, no lawtools hook), measured in the same run;
- one record (unless --no-change): one word of one law of one edition's source changed (that edition has its
  own copy of the source), then `lawtools build`.

Printed per run: each stage's time (as the build reports it), the total wall time, the peak RSS of the process
(os.wait4), and both as a ratio to the baseline. The machine these numbers come from is shared: prefer the
ratios, which are measured minutes apart on the same load. Last, the growth exponent k in time ~ editions^k
(least squares over the scales, and between consecutive scales) for cold, warm and one-record builds and their
peak memory, and for each stage of the cold and the one-record build, so a super-linear stage shows itself.
The search stage's encoder cache is the checkout's (build/search-cache): passages it has encoded before are not
encoded again, in every scale alike (the first run on a fresh checkout pays for them in its first scale).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
STAGE = re.compile(r"^==> (?P<name>[\w ]+?)(?::|\s{2,}|$)")
SECONDS = re.compile(r"\((?P<s>\d+(?:\.\d+)?) s\)\s*$")
DETAIL = re.compile(r"^==> \S+\s+\w+\s+[^:]*: (?P<detail>.*) \(\d+(?:\.\d+)? s\)\s*$")  # after the reason
SUBSTAGE = re.compile(r"^\s+(?P<what>[\w ]+): \d+ in (?P<s>\d+(?:\.\d+)?) s$")
STAGE_NAMES = {"search index": "index", "search": "index"}
CHANGED_EDITION = "sv-2007"  # the edition whose source the one-record change edits


@dataclass
class Run:
    """One process: wall time, peak RSS, and the stage times it printed."""

    seconds: float
    rss_mb: float
    stages: dict[str, float] = field(default_factory=dict)
    statuses: dict[str, str] = field(default_factory=dict)
    details: dict[str, str] = field(default_factory=dict)  # stage -> what it did (its line after the reason)
    output: str = ""


def clone_ids(entries: list[dict], scale: int) -> list[tuple[dict, str]]:
    """(entry, id) for `scale` copies of every edition: copy 0 keeps its id, the others get unused ids of the
    manifest's form <language>-<4 digits> (`sv-3001`, ...), keeping language and year."""
    taken = {e["id"] for e in entries}
    numbers: dict[str, int] = {}
    copies = []
    for entry in entries:
        copies.append((entry, entry["id"]))
        for _ in range(1, scale):
            language = entry["language"]
            numbers[language] = numbers.get(language, 3000) + 1
            while f"{language}-{numbers[language]}" in taken:
                numbers[language] += 1
            taken.add(f"{language}-{numbers[language]}")
            copies.append((entry, f"{language}-{numbers[language]}"))
    return copies


def make_project(scale: int, where: Path) -> Path:
    """A project (mkdocs.yml, site/, corpus/ without records) with every edition cloned `scale` times."""
    where.mkdir(parents=True)
    shutil.copytree(ROOT / "site", where / "site")
    corpus = where / "corpus"
    (corpus / "sources").mkdir(parents=True)
    for name in ("terms.yaml", "check-baseline.yaml"):
        if (ROOT / "corpus" / name).exists():
            shutil.copy2(ROOT / "corpus" / name, corpus / name)
    manifest = yaml.safe_load((ROOT / "corpus" / "editions.yaml").read_text(encoding="utf-8"))
    for entry in manifest["editions"]:
        shutil.copy2(ROOT / "corpus" / entry["source"], corpus / entry["source"])
    entries = [{**entry, "id": new_id} for entry, new_id in clone_ids(manifest["editions"], scale)]
    # the edited edition gets a source of its own, so that one change touches one edition only
    for entry in entries:
        if entry["id"] == CHANGED_EDITION:
            own = f"sources/{CHANGED_EDITION}-own.txt"
            shutil.copy2(corpus / entry["source"], corpus / own)
            entry["source"] = own
    # written without YAML aliases (the clones share their lists): a manifest as a user writes it, and the loader
    # refuses more than 1,000 alias uses (an x100 manifest has more)
    (corpus / "editions.yaml").write_text(yaml.dump({"editions": entries}, Dumper=_NoAliases, allow_unicode=True,
                                                    sort_keys=False), encoding="utf-8")
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config = config.replace("- lawtools/site/hooks.py", f"- {ROOT / 'lawtools' / 'site' / 'hooks.py'}")
    config = re.sub(r"(?m)^watch:\n(?:  - .*\n)+", "", config)
    (where / "mkdocs.yml").write_text(config, encoding="utf-8")
    return where


class _NoAliases(yaml.SafeDumper):
    """A safe dumper that writes a value shared by several entries out in full each time."""

    def ignore_aliases(self, data) -> bool:
        return True


def change_one_record(project: Path) -> str:
    """Change one word of one law in the edited edition's own source; returns what changed."""
    path = project / "corpus" / "sources" / f"{CHANGED_EDITION}-own.txt"
    lines = path.read_text(encoding="utf-8").split("\n")
    middle = len(lines) // 2
    for number in range(middle, len(lines)):
        words = lines[number].split()
        if len(words) > 6 and words[3].isalpha():
            old = words[3]
            words[3] = old + "x"
            lines[number] = " ".join(words)
            path.write_text("\n".join(lines), encoding="utf-8")
            return f"{path.name}:{number + 1}: {old!r} -> {old + 'x'!r}"
    raise SystemExit("no line to change")


def measure(command: list[str], cwd: Path) -> Run:
    """Run a command to completion: wall time, peak RSS (this process and the children it waited for)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CI": "true"}
    started = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.perf_counter() - started
        out.seek(0)
        output = out.read().decode("utf-8", "replace")
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({process.returncode}):\n{output[-3000:]}")
    run = Run(seconds, usage.ru_maxrss / 1024, output=output)
    parse_stages(output, run)
    return run


def parse_stages(output: str, run: Run) -> None:
    """Stage times from the build's output: `==> stage ...` headers, each with a `(T s)` line."""
    stage = None
    for line in output.splitlines():
        match = STAGE.match(line)
        if match:
            name = match["name"].strip()
            stage = STAGE_NAMES.get(name, name.split()[0])
            run.statuses[stage] = "skipped" if " skipped" in line else "ran"
            said = DETAIL.search(line)
            run.details[stage] = said["detail"] if said else ""
        if stage is None:
            continue
        seconds = SECONDS.search(line)
        if seconds and (line.startswith("==>") or line.startswith("    ") and not line.startswith("     ")):
            run.stages[stage] = float(seconds["s"])
        sub = SUBSTAGE.match(line)
        if sub and stage == "site" and sub["what"].startswith("differences"):
            run.stages["site:diffs"] = float(sub["s"])


def export_pages(project: Path, where: Path) -> Path:
    """The pages the build generated, written as files with a mkdocs.yml that builds them without the hook."""
    sys.path.insert(0, str(ROOT))
    from lawtools.records import load_corpus
    from lawtools.site.pages import plan_site

    config = yaml.safe_load((project / "mkdocs.yml").read_text(encoding="utf-8"))
    plan = plan_site(load_corpus(project / "corpus" / "editions.yaml"), cache_dir=project / "build" / "cache")
    docs = where / "docs"
    shutil.copytree(project / "site", docs)
    for src in plan.pages:
        target = docs / src
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(plan.document(src), encoding="utf-8")
    config.pop("hooks", None)
    config.pop("watch", None)
    config["extra"] = {k: v for k, v in (config.get("extra") or {}).items() if not k.startswith("lawtools")}
    config.update(docs_dir=str(docs), site_dir=str(where / "out"), strict=False,
                  nav=plan.nav + list(config.get("nav") or []))
    path = where / "mkdocs.yml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


SKIP: list[str] = []  # stages left out of every build (--skip)


def build_command() -> list[str]:
    return [PYTHON, "-m", "lawtools", "build", *(f"--skip={stage}" for stage in SKIP)]


def exponent(points: list[tuple[int, float]]) -> float:
    """Least-squares slope of log(time) on log(editions)."""
    xs = [math.log(e) for e, _ in points]
    ys = [math.log(max(t, 1e-3)) for _, t in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum((x - mx) ** 2 for x in xs)


def report(label: str, run: Run, baseline: Run) -> None:
    stages = "  ".join(f"{name} {seconds:.1f}s{'' if run.statuses.get(name, 'ran') == 'ran' else ' (skipped)'}"
                       for name, seconds in run.stages.items())
    print(f"  {label:<11} {run.seconds:7.1f} s = {run.seconds / baseline.seconds:5.2f}x mkdocs   "
          f"peak {run.rss_mb:7.0f} MB = {run.rss_mb / baseline.rss_mb:5.2f}x mkdocs")
    print(f"  {'':<11} stages: {stages}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scales", default="1,20,100", help="comma-separated enlargements (default 1,20,100)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary projects")
    parser.add_argument("--json", type=Path, help="also write the measurements to this file")
    parser.add_argument("--no-change", action="store_true", help="leave out the one-record change")
    parser.add_argument("--skip", action="append", default=[], metavar="STAGE",
                        help="leave a stage out of every build (`lawtools build --skip`), e.g. concordance, whose "
                             "pairs of editions grow with their square")
    parser.add_argument("--export", nargs=2, type=Path, metavar=("PROJECT", "WHERE"), help=argparse.SUPPRESS)
    parser.add_argument("--fit", nargs="+", type=Path, metavar="JSON",
                        help="measure nothing: print and fit the runs saved with --json (one file per scale is fine)")
    args = parser.parse_args()
    if args.fit:
        fit_files(args.fit)
        return
    if args.export:
        export_pages(*args.export)
        return
    scales = [int(s) for s in args.scales.split(",")]
    SKIP.extend(args.skip)
    editions_per_copy = len(yaml.safe_load((ROOT / "corpus" / "editions.yaml").read_text())["editions"])
    tmp = Path(tempfile.mkdtemp(prefix="bench-build-"))
    print(f"lawtools build vs mkdocs build of the same pages; {os.cpu_count()} CPUs, load "
          f"{os.getloadavg()[0]:.1f} (the machine is shared: read the ratios)\n")
    results: dict[int, dict[str, Run]] = {}
    try:
        for scale in scales:
            editions = scale * editions_per_copy
            project = make_project(scale, tmp / f"x{scale}")
            print(f"x{scale}: {editions} editions", flush=True)
            runs = {"cold": measure(build_command(), project), "warm": measure(build_command(), project)}
            # the baseline right after the warm build (same pages), so that a run cut short still has ratios
            baseline_config = tmp / f"x{scale}-mkdocs" / "mkdocs.yml"
            subprocess.run([PYTHON, __file__, "--export", str(project), str(baseline_config.parent)], check=True,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})  # in a child: this process stays small
            base = runs["mkdocs"] = measure([PYTHON, "-m", "mkdocs", "build", "-q", "-f", str(baseline_config)],
                                            project)
            pages = sum(1 for _ in (project / "build" / "site").rglob("index.html"))
            cache = sum(p.stat().st_size for p in (project / "build" / "cache").rglob("*") if p.is_file())
            print(f"  {pages} pages; analyses cache {cache / 2**20:.1f} MiB")
            print(f"  {'mkdocs':<11} {base.seconds:7.1f} s = 1.00x          peak {base.rss_mb:7.0f} MB = 1.00x")
            for label in ("cold", "warm"):
                report(label, runs[label], base)
            if not args.no_change:
                changed = change_one_record(project)
                runs["one record"] = measure(build_command(), project)
                report("one record", runs["one record"], base)
                print(f"  {'':<11} changed {changed}")
                for stage in ("checks", "diffs", "site"):  # what the change recomputed
                    if runs["one record"].statuses.get(stage) == "ran":
                        print(f"  {'':<11} {stage}: {runs['one record'].details.get(stage, '')}")
            results[scale] = runs
            print()
            if not args.keep:
                shutil.rmtree(project, ignore_errors=True)
                shutil.rmtree(tmp / f"x{scale}-mkdocs", ignore_errors=True)
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            print(f"projects kept in {tmp}")
    if len(scales) > 1:
        fit(results, {s: s * editions_per_copy for s in scales})
    if args.json:
        args.json.write_text(json.dumps({str(s): {"editions": s * editions_per_copy,
                                                  **{k: {"seconds": r.seconds, "rss_mb": r.rss_mb, "stages": r.stages,
                                                         "statuses": r.statuses} for k, r in runs.items()}}
                                         for s, runs in results.items()}, indent=2), encoding="utf-8")


def fit(results: dict[int, dict[str, Run]], editions: dict[int, int]) -> None:
    """The growth exponents: of each build's total time and peak memory, then of each stage of each build
    (a stage's own exponent shows where the growth comes from; stages under 0.05 s at some scale, or skipped,
    are left out, as their time is noise)."""
    scales = sorted(results)
    print("growth exponent k (time ~ editions^k):")
    for label in ("cold", "warm", "one record", "mkdocs"):
        if any(label not in results[s] for s in scales):
            continue
        points = [(editions[s], results[s][label].seconds) for s in scales]
        memory = [(editions[s], results[s][label].rss_mb) for s in scales]
        print(f"  {label:<11} k = {exponent(points):.2f} ({_steps(scales, points)}); peak memory k = "
              f"{exponent(memory):.2f} ({_steps(scales, memory)})")
    for label in ("cold", "one record"):
        if any(label not in results[s] for s in scales):
            continue
        print(f"per stage, {label} build:")
        for stage in results[scales[0]][label].stages:
            points = [(editions[s], results[s][label].stages.get(stage)) for s in scales]
            ran = all(results[s][label].statuses.get(stage.split(":")[0], "ran") == "ran" for s in scales)
            if ran and all(t is not None and t >= 0.05 for _, t in points):
                times = ", ".join(f"x{s} {t:.1f}s" for s, (_, t) in zip(scales, points, strict=True))
                print(f"  {stage:<11} k = {exponent(points):.2f} ({_steps(scales, points)}; {times})")


def _steps(scales: list[int], points: list[tuple[int, float]]) -> str:
    return ", ".join(f"x{a}->x{b} {exponent([points[i], points[i + 1]]):.2f}"
                     for i, (a, b) in enumerate(zip(scales, scales[1:], strict=False)))


def fit_files(paths: list[Path]) -> None:
    """Fit the exponents over the scales of several runs' --json files (one run per scale, e.g. x100 alone)."""
    per_copy = len(yaml.safe_load((ROOT / "corpus" / "editions.yaml").read_text())["editions"])
    results: dict[int, dict[str, Run]] = {}
    editions: dict[int, int] = {}
    for path in paths:
        for scale, runs in json.loads(path.read_text(encoding="utf-8")).items():
            editions[int(scale)] = runs.pop("editions", int(scale) * per_copy)
            results[int(scale)] = {label: Run(r["seconds"], r["rss_mb"], r["stages"], r.get("statuses", {}))
                                   for label, r in runs.items()}
    for scale in sorted(results):
        runs, base = results[scale], results[scale].get("mkdocs")
        print(f"x{scale}: {editions[scale]} editions")
        if base is not None:
            print(f"  {'mkdocs':<11} {base.seconds:7.1f} s = 1.00x          peak {base.rss_mb:7.0f} MB = 1.00x")
            for label in ("cold", "warm", "one record"):
                if label in runs:
                    report(label, runs[label], base)
    if len(results) > 1:
        fit(results, editions)

if __name__ == "__main__":
    main()
