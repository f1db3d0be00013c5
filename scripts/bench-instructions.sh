#!/usr/bin/env bash
# Instructions, not seconds: the phone formatting post processor of today's `ohana-bench` against a
# baseline commit's, counted by Valgrind's callgrind on the same generated book. On this shared
# 2-core VM wall and CPU times of one binary swing by half between runs; an instruction count
# repeats to the thousandth, so "within N % of the baseline" (issue #33 item 6) can be checked
# while other work runs. It counts work, not time: cache misses and the second core are not in it,
# so the wall-time ratio of `BENCH_BASELINE=… BENCH_ONLY=baseline scripts/bench.sh` stays the
# measure on a quiet machine, and this one the steady cross-check.
#   scripts/bench-instructions.sh BASELINE [COUNT]   BASELINE: a commit or a checkout's path; COUNT: 20000
# Prints one JSON line per binary and stage, then the ratios (baseline instructions / today's: above
# 1 is faster today).
set -euo pipefail
cd "$(dirname "$0")/.."
baseline="${1:?usage: scripts/bench-instructions.sh BASELINE [COUNT]}"
count="${2:-20000}"
bash scripts/setup.sh >/dev/null
command -v valgrind >/dev/null || { SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo; $SUDO apt-get install -y -qq valgrind >/dev/null; }
mkdir -p bench-out
build=(swift build -c release --static-swift-stdlib --scratch-path .build-static)
"${build[@]}" --product ohana-bench >bench-out/instructions-build.log 2>&1 || { tail -20 bench-out/instructions-build.log >&2; exit 1; }
base_dir="$baseline"
if [ ! -d "$base_dir" ]; then
  base_dir=bench-out/baseline
  if [ -d "$base_dir" ]; then git -C "$base_dir" checkout -q --detach "$baseline"
  else git worktree add -q --detach "$base_dir" "$baseline"; fi
fi
(cd "$base_dir" && "${build[@]}" --product ohana-bench) >>bench-out/instructions-build.log 2>&1 || { tail -20 bench-out/instructions-build.log >&2; exit 1; }
echo "baseline: $(git -C "$base_dir" log -1 --format='%h %s')" >&2
# Valgrind cannot read the Swift compiler's DWARF: count on copies without it (symbols kept).
strip --strip-debug -o bench-out/ohana-bench.today "$("${build[@]}" --show-bin-path 2>/dev/null)/ohana-bench"
strip --strip-debug -o bench-out/ohana-bench.baseline "$(cd "$base_dir" && "${build[@]}" --show-bin-path 2>/dev/null)/ohana-bench"
book=bench-out/book-$count.json
bench-out/ohana-bench.today phones "$book" --generate "$count" >/dev/null 2>&1
for which in today baseline; do
  valgrind --tool=callgrind --callgrind-out-file="bench-out/callgrind.$which" "bench-out/ohana-bench.$which" phones "$book" \
    >/dev/null 2>>bench-out/stderr.log &
done
wait
python3 - "$count" <<'PY'
import json, re, subprocess, sys
count = int(sys.argv[1])
# Inclusive instructions of: the closure PhoneNumberFormatting.process runs per contact (the
# resolution, every thread), libphonenumber's parse and its format, as the Swift wrappers call them.
stages = {
    "phones.postprocess": r"NumberFormattingV7processySay0A07ContactVGAHnYaKFyAA0bD8ResolverVz_AGztYbXEfU0_TA",
    "phones.parse": r"NumberUtilityC8rawParse_13defaultRegion8withType",
    "phones.render": r"NumberUtilityC6render_2as",
}
found = {}
for which in ("today", "baseline"):
    out = subprocess.run(["callgrind_annotate", "--inclusive=yes", f"bench-out/callgrind.{which}"],
                         capture_output=True, text=True, check=True).stdout
    for stage, pattern in stages.items():
        counts = [int(m.group(1).replace(",", "")) for line in out.splitlines()
                  if re.search(pattern, line) and (m := re.match(r"\s*([\d,]+)", line))]
        if counts:
            found[(which, stage)] = max(counts)
            print(json.dumps({"tool": "ohana-swift" if which == "today" else "ohana-baseline", "stage": stage,
                              "contacts": count, "instructions": max(counts)}))
for stage in stages:
    if ("today", stage) in found and ("baseline", stage) in found:
        ratio = found[("baseline", stage)] / found[("today", stage)]
        print(f"{stage}: today {found[('today', stage)]:,} instructions, baseline {found[('baseline', stage)]:,}: "
              f"speed ratio {ratio:.3f}")
PY
