#!/usr/bin/env bash
# Set everything up and run the main job: ingest the sources, build the search index, run the
# consistency checks and build the documentation site (build/site/).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
exec "$VENV/bin/lawtools" build "$@"
