#!/usr/bin/env bash
# Builds and runs the libFuzzer target for the vCard reader (Linux, this toolchain's swiftc).
#   scripts/fuzz.sh [SECONDS] [extra libFuzzer flags…]     default 600 seconds
#   scripts/fuzz.sh --check      only type-checks the fuzz module (a test runs this, so that a file
#                                missing from the list below fails the suite, not the next fuzz run)
# FUZZ_OUT names the work folder (default fuzz-out).
# The OhanaVCard sources and the Ohana model, provider and text sources are compiled as one module with
# Fuzz/VCardFuzz.swift; the corpus (../shared/corpus/vcards) seeds it. Crashes land in fuzz-out/crashes/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"; shift || true
work="${FUZZ_OUT:-fuzz-out}"
mkdir -p "$work/src" "$work/corpus" "$work/crashes"
rm -f "$work/src/"*.swift
# One module: drop the cross-module imports.
for f in Sources/Ohana/Model/*.swift Sources/Ohana/Providers/*.swift Sources/Ohana/Support/Parallel*.swift Sources/Ohana/Support/String+Whitespace.swift Sources/Ohana/Text/*.swift $(find Sources/OhanaVCard -name '*.swift') Fuzz/VCardFuzz.swift; do
  sed -e '/^import Ohana$/d' -e '/^@testable import/d' "$f" > "$work/src/$(echo "$f" | tr '/' '_')"
done
if [ "$seconds" = "--check" ]; then
  exec swiftc -typecheck -parse-as-library -module-name OhanaVCardFuzz -package-name Ohana "$work"/src/*.swift
fi
swiftc -O -g -sanitize=fuzzer,address -parse-as-library -module-name OhanaVCardFuzz -package-name Ohana \
  "$work"/src/*.swift -o "$work/vcard-fuzz"
# Seeds: every corpus file (flattened), plus what earlier runs kept.
if [ -d ../shared/corpus/vcards ]; then
  find ../shared/corpus/vcards -name '*.vcf' | while read -r f; do cp "$f" "$work/corpus/$(echo "$f" | tr '/' '_')"; done
fi
exec "$work/vcard-fuzz" "$work/corpus" -max_total_time="$seconds" -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix="$work/crashes/" -print_final_stats=1 "$@"
