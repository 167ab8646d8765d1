"""Import Whoosh without the modules it never uses on our path (measured: a third of a cold search).

whoosh.compat imports urllib.request (and with it http.client, ssl, email) for one download helper, and
whoosh.reading imports the `cached_property` package, which imports asyncio. While Whoosh is imported,
`urllib.request` is a stand-in whose `urlretrieve` imports the real module when called, and
`cached_property` is functools' own; both stand-ins leave sys.modules afterwards, so any later import gets
the real modules.
"""

from __future__ import annotations

import contextlib
import functools
import sys
import types


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
    sys.modules.update(stand_ins)
    try:
        yield
    finally:
        for name, module in stand_ins.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]
