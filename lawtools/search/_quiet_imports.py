"""Import Whoosh without the modules it never uses on our path (measured: a third of a cold search).

whoosh.compat imports urllib.request (and with it http.client, ssl, email) for one download helper, and
whoosh.reading imports the `cached_property` package, which imports asyncio. While Whoosh is imported,
`urllib.request` is a stand-in whose `urlretrieve` imports the real module when called, and
`cached_property` is functools' own, and `whoosh.lang.morph_en` (English word variations, a large table of
regular expressions compiled at import, for a query type we never build) imports itself when first called;
the stand-ins leave sys.modules afterwards, so any later import gets the real modules. `snowball_stemmer`
loads one of Whoosh's Snowball ports without the package __init__ that imports all fourteen.
"""

from __future__ import annotations

import contextlib
import functools
import sys
import types


def _variations(word):
    sys.modules.pop("whoosh.lang.morph_en", None)
    from whoosh.lang.morph_en import variations

    return variations(word)


def _urlretrieve(*args, **kwargs):
    import urllib.request

    return urllib.request.urlretrieve(*args, **kwargs)


@contextlib.contextmanager
def whoosh_without_network():
    """Inside: `import whoosh...` skips urllib.request and asyncio."""
    stand_ins = {}
    if "urllib.request" not in sys.modules:
        module = types.ModuleType("urllib.request")
        module.urlretrieve = _urlretrieve
        stand_ins["urllib.request"] = module
    if "cached_property" not in sys.modules:
        module = types.ModuleType("cached_property")
        module.cached_property = functools.cached_property
        stand_ins["cached_property"] = module
    if "whoosh.lang.morph_en" not in sys.modules:
        module = types.ModuleType("whoosh.lang.morph_en")
        module.variations = _variations
        stand_ins["whoosh.lang.morph_en"] = module
    sys.modules.update(stand_ins)
    try:
        yield
    finally:
        for name, module in stand_ins.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]


# Whoosh's Snowball modules by the two-letter names its `stemmer_for_language` knows
SNOWBALL = {"da": ("danish", "DanishStemmer"), "nl": ("dutch", "DutchStemmer"), "en": ("english", "EnglishStemmer"),
            "fi": ("finnish", "FinnishStemmer"), "fr": ("french", "FrenchStemmer"), "de": ("german", "GermanStemmer"),
            "hu": ("hungarian", "HungarianStemmer"), "it": ("italian", "ItalianStemmer"),
            "no": ("norwegian", "NorwegianStemmer"), "pt": ("portugese", "PortugueseStemmer"),
            "ro": ("romanian", "RomanianStemmer"), "ru": ("russian", "RussianStemmer"),
            "es": ("spanish", "SpanishStemmer"), "sv": ("swedish", "SwedishStemmer")}


def snowball_stemmer(name: str):
    """The stem function of Whoosh's Snowball port for a two-letter name, or None when Whoosh has none."""
    if name not in SNOWBALL:
        return None
    module_name, class_name = SNOWBALL[name]
    package = "whoosh.lang.snowball"
    if package not in sys.modules:
        import importlib
        import importlib.util

        with whoosh_without_network():
            importlib.import_module("whoosh.lang")
        spec = importlib.util.find_spec(package)
        if spec is None:
            return None
        bare = importlib.util.module_from_spec(spec)  # the package without running its __init__
        sys.modules[package] = bare
        try:
            with whoosh_without_network():
                module = importlib.import_module(f"{package}.{module_name}")
        finally:
            if sys.modules.get(package) is bare:
                del sys.modules[package]
    else:
        import importlib

        module = importlib.import_module(f"{package}.{module_name}")
    return getattr(module, class_name)().stem
