#!/usr/bin/env bash
# Set everything up and run the test suite. Extra arguments go to pytest (e.g. -k search).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

# The browser test drives the built site in headless Chromium; install it where we can, else it skips.
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "==> installing chromium and chromium-driver for the browser test"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver) \
      >/dev/null 2>&1 || echo "==> could not install chromium; the browser test will be skipped"
  fi
fi

set +e
"$VENV/bin/python" -m pytest "$@"
status=$?
set -e
if [ "$status" = "5" ]; then
  echo "pytest collected no tests: treating that as a failure" >&2
  exit 1
fi
exit "$status"
