"""Propose planted defects for the mutation benchmark: realistic translator slips in the real sources.

Run once to write tests/mutations/defects.yaml (seeded, so the same file comes out each time); the file
is then the evaluation set, read and kept as data. Every defect is located by words of the source,
never by line number. Half of each class and edition goes to `dev` (tune on it), half to `test`.

Run: python tests/mutations/propose.py [--per 4] [--seed 13]
"""

from __future__ import annotations

import argparse
import random
import re
from collections import Counter
from pathlib import Path

import yaml

from lawtools.manifest import load_manifest
from lawtools.numbers import number_data
from lawtools.termbase import load_termbase

ROOT = Path(__file__).resolve().parents[2]
OUT = Path(__file__).resolve().parent / "defects.yaml"

# Where the law text starts in each source (the preamble, title page and contents come before it).
START = {"sv-2007": "41. SPELETS BÖRJAN", "de-1997": "B. Strafen für Regelverletzungen",
         "nl-2017": "ARTIKEL 53", "nb-2017": "Definisjoner Alert"}

# A defined term a translator may replace by a near synonym (or a neighbouring concept's word).
SYNONYMS = {
    "sv": {"spelföraren": "deklaranten", "tävlingsledaren": "domaren", "motspelaren": "försvararen",
           "träkarlen": "dummyn", "straffkort": "bötekort", "sticket": "tricket", "utspelet": "öppningskortet"},
    "nb": {"spilleføreren": "deklaranten", "turneringslederen": "dommeren", "motspiller": "forsvarer",
           "blindemann": "dummy", "makker": "partner", "stikk": "runde", "meldingsforløpet": "budgivningen"},
    "de": {"Alleinspieler": "Hauptspieler", "Turnierleiter": "Schiedsrichter", "Gegenspieler": "Verteidiger",
           "Dummy": "Strohmann", "Strafkarte": "Bußkarte", "Stich": "Runde", "Ausspiel": "Anspiel"},
    "nl": {"leider": "speelvoerder", "wedstrijdleider": "arbiter", "tegenspeler": "verdediger",
           "blinde": "dummy", "strafkaart": "boetekaart", "slag": "trek", "verzaking": "renonce"},
}
# English words a translator may leave untranslated, by the termbase's English label.
CLASSES = ("typo", "wrong-reference", "missing-reference", "number", "wrong-ordinal", "swapped-digits",
           "sentence-dropped", "term-synonym", "term-misspelt", "unbalanced", "missing-heading",
           "punctuation", "duplicated-item", "repeated-word", "repeated-segment", "untranslated")
_WORD = re.compile(r"(?<![\w-])[^\W\d_]{2,}(?![\w-])")


class Proposer:
    def __init__(self, edition, rng: random.Random, termbase):
        self.edition = edition
        self.rng = rng
        self.text = edition.source.read_text(encoding="utf-8")
        self.start = self.text.index(START[edition.id])
        self.body = self.text[self.start:]
        self.language = edition.language
        self.termbase = termbase
        self.words = Counter(m.group(0).lower() for m in _WORD.finditer(self.body))

    # -- helpers ----------------------------------------------------------------------------------------
    def within(self, start: int, end: int) -> str:
        """The shortest run of whole words around [start, end) that occurs once in the source."""
        left, right = start, end
        for _ in range(40):
            piece = self.text[left:right]
            if self.text.count(piece) == 1 and (left, right) != (start, end) or (
                    self.text.count(piece) == 1 and len(piece) > 12):
                return piece
            left = max(self.start, self.text.rfind(" ", self.start, max(self.start, left - 1)) + 1)
            nxt = self.text.find(" ", right + 1)
            right = nxt if nxt > 0 and "\n" not in self.text[right:nxt] else right
        return ""

    def pick(self, matches: list[re.Match]) -> re.Match | None:
        self.rng.shuffle(matches)
        return matches[0] if matches else None

    def spec(self, cls: str, match_start: int, match_end: int, to: str, op: str = "replace", note: str = ""):
        find = self.text[match_start:match_end]
        within = self.within(match_start, match_end)
        if not within or within.count(find) != 1:
            return None
        entry = {"edition": self.edition.id, "class": cls, "find": find}
        if within != find:
            entry["within"] = within
        if op != "replace":
            entry["op"] = op
        if op == "replace" or to:
            entry["to"] = to
        if note:
            entry["note"] = note
        return entry

    def body_matches(self, pattern: str, flags: int = 0) -> list[re.Match]:
        return [m for m in re.finditer(pattern, self.text, flags) if m.start() >= self.start]

    # -- classes ----------------------------------------------------------------------------------------
    def typo(self):
        common = {w for w, n in self.words.items() if n >= 3 and len(w) >= 5}
        matches = [m for m in self.body_matches(_WORD.pattern) if m.group(0).lower() in common]
        m = self.pick(matches)
        word = m.group(0)
        i = self.rng.randrange(1, len(word) - 1)
        kind = self.rng.choice(("swap", "drop", "double", "replace"))
        if kind == "swap" and word[i] != word[i + 1 if i + 1 < len(word) else i - 1]:
            j = i + 1 if i + 1 < len(word) else i - 1
            a, b = sorted((i, j))
            new = word[:a] + word[b] + word[a] + word[b + 1:]
        elif kind == "drop":
            new = word[:i] + word[i + 1:]
        elif kind == "double":
            new = word[:i] + word[i] + word[i:]
        else:
            new = word[:i] + self.rng.choice("aeinrst".replace(word[i], "")) + word[i + 1:]
        return self.spec("typo", m.start(), m.end(), new, note=f"{kind}: {word} -> {new}")

    def _citations(self):
        if self.language == "de":  # '§ 45 C 4', '§ 64'
            return self.body_matches(r"(?<=§ )(\d{1,2}) ([A-H])(?: (\d))?(?![\w])")
        return self.body_matches(r"(?<![\w-])(\d{1,2})([A-H])(\d)?(?![\w])")

    def _cite(self, law: str, section: str, item: str | None) -> str:
        parts = [law, section] + ([item] if item else [])
        return " ".join(parts) if self.language == "de" else "".join(parts)

    def wrong_reference(self):
        m = self.pick(self._citations())
        law, section, item = m.groups()
        if item:
            new_item = str(int(item) + 1) if item == "1" else str(int(item) - 1)
            new = self._cite(law, section, new_item)
        else:
            new = self._cite(law, "B" if section == "A" else chr(ord(section) - 1), None)
        return self.spec("wrong-reference", m.start(), m.end(), new, note="an existing neighbouring provision")

    def missing_reference(self):
        m = self.pick(self._citations())
        law, section, item = m.groups()
        new = self._cite(law, section, str(int(item) + 5)) if item else self._cite(law, "H", None)
        return self.spec("missing-reference", m.start(), m.end(), new, note="a provision the law does not have")

    def _number_words(self, kind: str) -> dict[str, int]:
        return number_data()[self.language][kind]

    def number(self):
        words = self._number_words("cardinals")
        pattern = r"(?<![\w§])(?:" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + r")(?!\w)"
        digits = [m for m in self.body_matches(r"(?<![\w.§(])(?<!§ )\d{1,2}(?![\w.)%])")
                  if not re.search(r"(lag|lov|§|artikel|lagarna|se|ARTIKEL)\s*$", self.text[m.start() - 10:m.start()])]
        options = self.body_matches(pattern, re.IGNORECASE) + digits
        m = self.pick(options)
        token = m.group(0)
        if token.isdigit():
            new = str(int(token) + self.rng.choice((1, -1))) if int(token) > 1 else str(int(token) + 1)
        else:
            value = words[token.lower()]
            inverse = {v: w for w, v in words.items()}
            new = inverse.get(value + 1) or inverse.get(value - 1)
            new = new.capitalize() if token[0].isupper() else new
        return self.spec("number", m.start(), m.end(), new, note=f"{token} -> {new}")

    def wrong_ordinal(self):
        words = self._number_words("ordinals")
        pattern = r"(?<!\w)(?:" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + r")(?!\w)"
        m = self.pick(self.body_matches(pattern, re.IGNORECASE))
        if m is None:
            return None
        token = m.group(0)
        value = words[token.lower()]
        same_ending = [w for w, v in words.items() if v != value and w[-1] == token.lower()[-1]]
        new = min(same_ending, key=lambda w: (abs(words[w] - value), w))
        new = new.capitalize() if token[0].isupper() else new
        return self.spec("wrong-ordinal", m.start(), m.end(), new, note=f"{token} -> {new}")

    def swapped_digits(self):
        options = [m for m in self.body_matches(r"(?<![\w.])([1-9])([0-9])(?=[A-H]?\d?\b)") if m.group(1) != m.group(2)]
        m = self.pick(options)
        return self.spec("swapped-digits", m.start(), m.end(), m.group(2) + m.group(1),
                         note="two digits transposed")

    def sentence_dropped(self):
        options = self.body_matches(r"(?<=[.:;] )[A-ZÄÖÅÆØÜ][^.\n]{25,220}\. ")
        m = self.pick(options)
        return self.spec("sentence-dropped", m.start(), m.end(), "", note="a whole sentence lost")

    def term_synonym(self):
        table = SYNONYMS[self.language]
        pattern = r"(?<![\w-])(" + "|".join(map(re.escape, table)) + r")(?![\w-])"
        m = self.pick(self.body_matches(pattern))
        return self.spec("term-synonym", m.start(), m.end(), table[m.group(1)],
                         note=f"{m.group(1)} -> {table[m.group(1)]}")

    def _term_forms(self) -> list[str]:
        forms = [f for c in self.termbase.concepts for t in c.terms.get(self.language, ())
                 if t.status == "preferred" for f in t.variants if len(f) >= 6 and " " not in f]
        return sorted(set(forms))

    def term_misspelt(self):
        forms = self._term_forms()
        pattern = r"(?<![\w-])(" + "|".join(sorted(map(re.escape, forms), key=len, reverse=True)) + r")(?![\w-])"
        m = self.pick(self.body_matches(pattern))
        word = m.group(0)
        i = self.rng.randrange(2, len(word) - 1)
        new = word[:i] + word[i + 1:] if self.rng.random() < 0.5 else word[:i] + word[i + 1] + word[i] + word[i + 2:]
        if new == word:
            new = word[:i] + word[i + 1:]
        return self.spec("term-misspelt", m.start(), m.end(), new, note=f"{word} -> {new}")

    def unbalanced(self):
        options = self.body_matches(r"\([^()\n]{3,80}\)|[\"„”“«][^\"„”“«»\n]{2,60}[\"”“»]")
        m = self.pick(options)
        piece = m.group(0)
        if self.rng.random() < 0.5:
            return self.spec("unbalanced", m.start(), m.start() + 1, "", note=f"opening {piece[0]} lost")
        return self.spec("unbalanced", m.end() - 1, m.end(), "", note=f"closing {piece[-1]} lost")

    def missing_heading(self):
        if self.edition.id == "nb-2017":
            options = self.body_matches(
                r"(?<= )([B-H])\. ((?:[A-ZÆØÅ][a-zæøå]+|[a-zæøå]+)(?: [a-zæøå]+){0,5}) (?=[A-ZÆØÅ])")
            m = self.pick(options)
            return self.spec("missing-heading", m.start(2), m.end(2) + 1, "", note="section title lost")
        options = self.body_matches(r"(?m)^([B-H])\. ([^\n]{3,80})$")
        m = self.pick(options)
        if self.rng.random() < 0.5:
            return self.spec("missing-heading", m.start(0), m.end(0) + 1, "", note="section heading line lost")
        return self.spec("missing-heading", m.start(2) - 1, m.end(2), "", note="section caption lost, label kept")

    def punctuation(self):
        kind = self.rng.choice(("double", "lost"))
        if kind == "double":
            m = self.pick(self.body_matches(r"(?<=[a-zäöåæøüß])[.,;](?= [A-Za-zÄÖÅÆØÜ])"))
            return self.spec("punctuation", m.start() - 3, m.end(), self.text[m.start() - 3:m.end()] + m.group(0),
                             note=f"doubled {m.group(0)!r}")
        m = self.pick(self.body_matches(r"(?<=[a-zäöåæøüß])\.(?=\n|$| [A-ZÄÖÅÆØÜ])"))
        return self.spec("punctuation", m.start() - 4, m.end(), self.text[m.start() - 4:m.start()],
                         note="full stop lost")

    def duplicated_item(self):
        if self.edition.id == "nb-2017":
            m = self.pick(self.body_matches(r"(?<= )[2-9]\. [A-ZÆØÅ][^\n]{20,160}?[.;] (?=\d\. |[A-H]\. )"))
            return self.spec("duplicated-item", m.start(), m.end(), "", op="duplicate", note="an item twice")
        pattern = r"(?m)^(?:\d\. |\([a-z]\) )[^\n]{20,300}$"
        if self.edition.id == "nl-2017":
            pattern = r"(?m)^- [^\n]{20,300}$"
        if self.edition.id == "de-1997":
            pattern = r"(?m)^[a-z]?\d?\)? ?[^\n]{30,300}[.:]$"
        m = self.pick(self.body_matches(pattern))
        return self.spec("duplicated-item", m.start(), m.end(), "", op="duplicate-line", note="an item twice")

    def repeated_word(self):
        m = self.pick([m for m in self.body_matches(_WORD.pattern) if 2 <= len(m.group(0)) <= 6])
        return self.spec("repeated-word", m.start(), m.end(), "", op="duplicate", note="a word twice")

    def repeated_segment(self):
        m = self.pick(self.body_matches(r"(?<= )(?:[^\W\d_]+ ){3,5}[^\W\d_]+(?= )"))
        return self.spec("repeated-segment", m.start(), m.end(), "", op="duplicate", note="a phrase twice")

    def untranslated(self):
        english = {f: c.en for c in self.termbase.concepts for t in c.terms.get(self.language, ())
                   if t.status == "preferred" for f in t.variants if len(f) >= 5}
        pattern = r"(?<![\w-])(" + "|".join(sorted(map(re.escape, english), key=len, reverse=True)) + r")(?![\w-])"
        m = self.pick(self.body_matches(pattern))
        return self.spec("untranslated", m.start(), m.end(), english[m.group(1)],
                         note=f"{m.group(1)} left as English {english[m.group(1)]!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per", type=int, default=4, help="defects per class and edition")
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    manifest = load_manifest(ROOT / "corpus" / "editions.yaml")
    termbase = load_termbase(ROOT / "corpus" / "terms.yaml")
    defects = []
    for edition in manifest.editions:
        if edition.id not in START:
            continue
        rng = random.Random(f"{args.seed}-{edition.id}")
        proposer = Proposer(edition, rng, termbase)
        for cls in CLASSES:
            made, seen, tries = 0, set(), 0
            while made < args.per and tries < 60:
                tries += 1
                try:
                    entry = getattr(proposer, cls.replace("-", "_"))()
                except (ValueError, IndexError, KeyError, AttributeError, TypeError):
                    entry = None
                if not entry or entry.get("within", entry["find"]) in seen or entry.get("to") == entry["find"]:
                    continue
                seen.add(entry.get("within", entry["find"]))
                entry = {"id": f"{edition.id}-{cls}-{made + 1}", **entry, "split": "dev" if made % 2 == 0 else "test"}
                defects.append(entry)
                made += 1
    header = ("# Planted defects for the mutation benchmark (tests/benchmarks/bench_mutations.py), proposed by\n"
              "# tests/mutations/propose.py and kept as data. Format: lawtools/check/mutate.py. Tune on dev only.\n")
    OUT.write_text(header + yaml.safe_dump({"defects": defects}, allow_unicode=True, sort_keys=False, width=110),
                   encoding="utf-8")
    print(f"wrote {len(defects)} defects to {OUT}")


if __name__ == "__main__":
    main()
