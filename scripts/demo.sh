#!/usr/bin/env bash
# The main job on the sample data that ships with the repo: installs what is missing
# (libphonenumber-dev), builds the `ohana` tool, and runs a pipeline over Samples/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build --product ohana 2>&1 | grep -E "error|warning: |Build complete" || true
bin="$(swift build --show-bin-path)/ohana"
sample=Samples/addressbook.vcf
[ -f "$sample" ] || sample=Samples/addressbook.json
set -x
"$bin" process "$sample" --dedupe --require phone --format-phones international,e164 --region US --sort last-name --trace
