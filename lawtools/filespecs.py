"""The shapes of the hand-kept corpus files lawtools reads back, checked on load by `yamlio.read_checked`.

A damaged value (a list where a term belongs, a number where a reason belongs, `occurs: maybe`) is one line naming
`file:line:column` and the key path, before any code trips over it. These specs check types only; what a value
means (a known language, an edition that exists, a relation) stays with the module that reads the file, which
says it in its own words. The package's own data files have recorded shapes instead (lawtools/shapes.py).
The manifest (corpus/editions.yaml) has its own model in lawtools/manifest.py, records theirs in records.py,
and the concordance pair files theirs in concordance/links.py.
"""

from __future__ import annotations

from .schema import Bool, Either, Int, List, Map, Nullable, Str

_TEXT = Nullable(Str(max_length=100_000))
_NAME = Either((Str(max_length=200), Int()))  # a node id, an edition or a law: `node: 43` is a number in YAML
_NODE = Nullable(_NAME)

_TERM = Either((Str(max_length=500), Map({
    "term": Str(max_length=500), "forms": List(Str(max_length=500)), "status": Str(max_length=40),
    "editions": List(Str(max_length=40)), "note": _TEXT, "occurs": Bool(),
}, open=True)))

# corpus/terms.yaml (lawtools/termbase.py)
TERMBASE = Map({"concepts": List(Map({
    "id": Str(max_length=200), "en": Str(max_length=500), "aliases": List(Str(max_length=500)), "note": _TEXT,
    "terms": Nullable(Map(open=True, values=Nullable(List(_TERM)))),
}, open=True), nullable=False)}, required=("concepts",), open=True)

# corpus/check-baseline.yaml (lawtools/check/baseline.py)
BASELINE = Nullable(Map({"accepted": List(Map({
    "edition": _NODE, "node": _NODE, "code": _NODE, "reason": _TEXT, "match": _TEXT,
}, open=True))}, open=True))

# corpus/concordance/overrides.yaml (lawtools/concordance/store.py)
OVERRIDES = Nullable(Map({"overrides": List(Map({
    "pair": List(_NAME, max_items=2, nullable=False), "from": _NODE, "to": _NODE, "relation": Str(max_length=40),
    "reason": _TEXT,
}, open=True))}, open=True))

# corpus/concordance/plan.yaml (lawtools/concordance/plan.py; generated, but a hand or a merge may damage it)
PLAN = Map({
    "rule": Str(max_length=40),
    "editions": List(Map({"id": _NAME, "language": Str(max_length=40), "year": Int(), "provisions": Int(minimum=0),
                          "laws": List(_NAME, nullable=False)}, required=("id", "language", "year", "provisions",
                                                                          "laws")), nullable=False),
    "references": Nullable(Map(open=True, text_keys=False, values=Nullable(Map(open=True, values=List(_NAME))))),
    "computed": List(List(_NAME, max_items=2, nullable=False)),
}, required=("editions",))

# corpus/site.yaml (lawtools/site/settings.py)
SITE = Nullable(Map({"site": Nullable(Map({
    "name": _TEXT, "url": _TEXT, "description": _TEXT, "logo": _TEXT, "notice": _TEXT, "disclaimer": _TEXT,
    "editions": List(Str(max_length=40)), "languages": List(Str(max_length=40)),
}, open=True))}, open=True))
