# Sourced by scripts/main.sh and scripts/test.sh: make .venv with lawtools and its dependencies installed.
# Needs only Python 3.11+ and access to the package index. Extras: the test tools and endplay, the
# independent implementation the scoring and board tests cross-check against (LAWTOOLS_EXTRAS overrides).
# Re-running is cheap: the install is skipped while pyproject.toml is unchanged.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

find_python() {
  for candidate in "${PYTHON:-}" python3.11 python3.12 python3.13 python3; do
    [ -n "$candidate" ] || continue
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null; then
      echo "$candidate"; return 0
    fi
  done
  echo "lawtools needs Python 3.11 or newer (set PYTHON=/path/to/python3.11)" >&2
  return 1
}

VENV=.venv
if [ ! -x "$VENV/bin/python" ]; then
  echo "==> creating $VENV"
  "$(find_python)" -m venv "$VENV"
fi
stamp="$VENV/.installed-$(sha256sum pyproject.toml | cut -c1-16)-${LAWTOOLS_EXTRAS:-test,crosscheck}"
if [ ! -f "$stamp" ]; then
  echo "==> installing lawtools and its dependencies into $VENV (first run takes a few minutes)"
  "$VENV/bin/python" -m pip install --quiet --upgrade pip
  "$VENV/bin/python" -m pip install --quiet -e ".[${LAWTOOLS_EXTRAS:-test,crosscheck}]"
  rm -f "$VENV"/.installed-*
  touch "$stamp"
fi
