#!/usr/bin/env bash
# What events and metrics cost when nobody listens (issue #40 item 4): Valgrind's callgrind counts
# the instructions of `ohana-bench pipeline` (release, no tracker registered, metrics off) and
# prints the share spent delivering events (`EventHub.send`, `EventTrackers.track`) of the share
# spent in `ContactsDataSource.load` (the data source with its post processors) and in the whole run.
# Instructions, not seconds: they repeat to the thousandth on this shared VM, where times swing.
#   scripts/bench-tracking-cost.sh [COUNT]   COUNT: contacts in the generated book, 20000
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-20000}"
bash scripts/setup.sh >/dev/null
command -v valgrind >/dev/null || { SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo; $SUDO apt-get install -y -qq valgrind >/dev/null; }
mkdir -p bench-out
build=(swift build -c release --static-swift-stdlib --scratch-path .build-static)
"${build[@]}" --product ohana-bench >bench-out/tracking-build.log 2>&1 || { tail -20 bench-out/tracking-build.log >&2; exit 1; }
# Valgrind cannot read the Swift compiler's DWARF: count on a copy without it (symbols kept).
strip --strip-debug -o bench-out/ohana-bench.tracking "$("${build[@]}" --show-bin-path 2>/dev/null)/ohana-bench"
valgrind --tool=callgrind --callgrind-out-file=bench-out/callgrind.tracking bench-out/ohana-bench.tracking pipeline \
  --counts "$count" >/dev/null 2>>bench-out/stderr.log
python3 - "$count" <<'PY'
import json, re, subprocess, sys
count = int(sys.argv[1])
out = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", "bench-out/callgrind.tracking"],
                     capture_output=True, text=True, check=True).stdout
total = int(re.search(r"([\d,]+) \(100\.0%\)\s+PROGRAM TOTALS", out).group(1).replace(",", ""))
def inclusive(pattern):
    """The largest inclusive count of the functions whose (mangled) name matches: the outermost call."""
    counts = [int(m.group(1).replace(",", "")) for line in out.splitlines()
              if re.search(pattern, line) and (m := re.match(r"\s*([\d,]+)", line))]
    return max(counts) if counts else 0
# Swift mangles EventHub.send(_:) as …8EventHubC4send…, EventTrackers.track… as …13EventTrackersC5track…,
# ContactsDataSource.load… as …18ContactsDataSourceC4load….
delivery = inclusive(r"8EventHubC4send") + inclusive(r"13EventTrackersC5track")
load = inclusive(r"18ContactsDataSourceC4load")
row = {"contacts": count, "instructions": total, "dataSourceLoad": load, "eventDelivery": delivery}
print(json.dumps(row))
if load == 0:
    sys.exit("no ContactsDataSource.load found in the profile: the symbol pattern no longer matches")
print(f"events with no tracker: {delivery:,} of {load:,} instructions in ContactsDataSource.load "
      f"({100 * delivery / load:.4f} %), {100 * delivery / total:.5f} % of the whole run")
PY
