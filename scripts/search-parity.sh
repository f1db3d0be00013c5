#!/usr/bin/env bash
# The issue's full comparison: `ohana search Q --store S --limit 20 --output json` and
# `GET /api/search?q=Q&limit=20` of `ohana serve --store S` on a generated store of 100,000
# contacts, on SQLite and on PostgreSQL (the test suite runs the same test on 10,000, which a debug
# build runs in CI time).
# Usage: scripts/search-parity.sh [COUNT]   (builds first unless SKIP_BUILD=1)
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-100000}"
if [ "${SKIP_BUILD:-0}" != 1 ]; then swift build --build-tests; fi
OHANA_SEARCH_PARITY_COUNT="$count" swift test --skip-build --filter SearchParityTests
