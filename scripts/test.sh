#!/usr/bin/env bash
# The whole test suite, from a fresh clone on Debian with only the Swift toolchain:
# installs what is missing (libphonenumber-dev, Radicale, headless Chromium), builds with
# warnings reported, and runs every test target.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
echo "== build (debug, all targets and tests)"
swift build --build-tests 2>&1 | tee .build-warnings.log | grep -v '^\[' || true
if grep -E "^/.*(Sources|Tests|Examples)/.*: warning:" .build-warnings.log | grep -v "/\.build" >/dev/null; then
  echo "build produced warnings in the project's own code:" >&2
  grep -E "^/.*(Sources|Tests|Examples)/.*: warning:" .build-warnings.log | sort -u >&2
  exit 1
fi
if grep -E ": error:" .build-warnings.log >/dev/null; then exit 1; fi
rm -f .build-warnings.log
echo "== tests"
swift test --skip-build
