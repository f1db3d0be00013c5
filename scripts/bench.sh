#!/usr/bin/env bash
# Benchmarks Ohana for Swift next to the peer tools users would otherwise pick (../shared/bench:
# KDE KContacts, Python vobject, phonenumbers and csv, Google's libphonenumber in C++), in one run,
# on the same generated address book, and prints one table of every stage and one table of the
# ratios issue #13 asks for (scripts/bench-table.py). Raw JSON lines go to bench-out/results.jsonl.
#   scripts/bench.sh [COUNT...]      default: 100000
# BENCH_BASELINE=COMMIT (or the path of a checkout) also builds that commit's ohana-bench and runs
# its phones and pipeline stages taking turns with today's (tool `ohana-baseline` in the table): the
# "stays within N % of today's" checks of issues #33 and #40. BENCH_ONLY=baseline runs only those.
# BENCH_ONLY=dedupe runs only issue #34's: `ohana-bench dedupe` (detect and merge, then the analysis
# with explanations), on glibc's malloc and then on mimalloc, and, taking turns, `ohana dedupe FILE --output json` against `ohana validate
# FILE` on the same generated vCard file: `BENCH_ONLY=dedupe bash scripts/bench.sh 1000000`.
# BENCH_ONLY=search runs only issue #37's: `ohana search Q --store S --limit 20 --output json` as a
# user runs it, for broad and narrow queries, on a SQLite store of the generated book.
# Then BENCH_STREAM cards (default 1,000,000) are streamed, against holding the same file.
# The stages issue #13 compares run BENCH_REPEAT times (default 3), Ohana's and the peers' alike,
# each beside its peer, taking turns,
# and the table keeps each one's fastest run and highest peak memory: this 2-core VM's second core
# is shared with other guests, and one run of the same binary varies by up to half its time.
# Stages are the `stage` lines below: add a line (and, for a ratio, a row in bench-table.py).
set -euo pipefail
cd "$(dirname "$0")/.."
counts=("$@"); [ ${#counts[@]} -gt 0 ] || counts=(100000)
repeat="${BENCH_REPEAT:-3}"
peers=../shared/bench
bash scripts/setup.sh >/dev/null
if [ -n "${BENCH_ONLY:-}" ]; then :; elif [ -d "$peers" ]; then bash "$peers/setup.sh" >/dev/null; else echo "no $peers: peers skipped" >&2; fi
# Built as Swift servers are usually deployed (Vapor's template Dockerfile builds so): the Swift
# runtime and Foundation linked into the binary, not loaded as shared libraries. Calls into the
# runtime (retain, release, allocation) are then direct instead of through the PLT: about 8 % less
# CPU in every stage here, and 4 MiB less resident. Its own build folder, so that the ordinary
# release build is not rebuilt. Without the toolchain's static libraries it falls back to that one.
mkdir -p bench-out
build=(swift build -c release --static-swift-stdlib --scratch-path .build-static)
if ! "${build[@]}" --product ohana-bench >bench-out/static-build.log 2>&1; then
  echo "no static Swift runtime (see bench-out/static-build.log): measuring the shared-library build" >&2
  build=(swift build -c release)
fi
"${build[@]}" --product ohana-bench >/dev/null
if [ "${BENCH_ONLY:-}" != baseline ]; then
  "${build[@]}" --product ohana >/dev/null
  [ -n "${BENCH_ONLY:-}" ] || "${build[@]}" --product ohana-read-bench >/dev/null
fi
bin="$("${build[@]}" --show-bin-path)"
out=bench-out/results.jsonl; : > "$out"; : > bench-out/stderr.log

# ---- baseline (issues #33, #40) --------------------------------------------------------------
# The baseline commit is checked out in bench-out/baseline (a detached worktree) unless a folder is
# given, and built the same way as today's, in its own build folder.
base_bin=""
if [ -n "${BENCH_BASELINE:-}" ]; then
  base_dir="$BENCH_BASELINE"
  if [ ! -d "$base_dir" ]; then
    base_dir=bench-out/baseline
    if [ -d "$base_dir" ]; then git -C "$base_dir" checkout -q --detach "$BENCH_BASELINE"
    else git worktree add -q --detach "$base_dir" "$BENCH_BASELINE"; fi
  fi
  (cd "$base_dir" && "${build[@]}" --product ohana-bench >/dev/null)
  base_bin="$(cd "$base_dir" && "${build[@]}" --show-bin-path)/ohana-bench"
  echo "baseline: $(git -C "$base_dir" log -1 --format='%h %s')" >&2
fi
# A baseline stage's figure lines, marked as the baseline's.
based() { "$@" 2>>bench-out/stderr.log | grep '^{' | sed -E 's/"tool" *: *"ohana-swift"/"tool":"ohana-baseline"/' >> "$out" || echo "failed: $*" >&2; }

# ---- store benchmark (issue #16) ------------------------------------------------------------
# `ohana-bench store` on SQLite next to the raw sqlite3 peer (scripts/bench-store-peer.py: the same
# contacts as JSON documents with a name index and FTS5, one transaction), then on PostgreSQL in a
# private cluster (initdb + pg_ctl in a temporary folder, 127.0.0.1, a free port; as the postgres
# user when run as root), stopped afterwards.
store_bench() {
  local n="$1" book="$2"
  run "$bin/ohana-bench" store --count "$n" --export-json "$book.store.json"
  run python3 scripts/bench-store-peer.py "$book.store.json"
  local pg_bin; pg_bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
  if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then echo "no PostgreSQL: store --backend postgres skipped" >&2; return; fi
  local dir port as=()
  dir="$(mktemp -d /tmp/ohana-bench-pg-XXXXXX)"
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir"; as=(runuser -u postgres --); fi
  # Whatever fails from here on (initdb, start, the benchmark), the cluster is stopped and its folder removed.
  # shellcheck disable=SC2064  # expanded now: the function's locals are gone when the trap runs
  trap "${as[*]} $pg_bin/pg_ctl -D $dir/data -m fast stop >/dev/null 2>&1 || true; rm -rf $dir" EXIT
  "${as[@]}" "$pg_bin/initdb" -D "$dir/data" -U ohana -A trust -E UTF8 --no-locale >/dev/null
  "${as[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "-c listen_addresses=127.0.0.1 -p $port -k $dir" start >/dev/null
  "$pg_bin/createdb" -h 127.0.0.1 -p "$port" -U ohana "bench_$n"
  run "$bin/ohana-bench" store --count "$n" --backend postgres --path "postgres://ohana@127.0.0.1:$port/bench_$n"
  "${as[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null
  trap - EXIT
  rm -rf "$dir"
}
# ---- end of the store benchmark -------------------------------------------------------------
# A program that prints its own JSON figure lines (ohana-bench, the peers).
run() { "$@" 2>>bench-out/stderr.log | grep '^{' >> "$out" || echo "failed: $*" >&2; }

# Runs a stage `repeat` times (the table keeps the fastest): `repeated run ...` or `repeated cli ...`.
repeated() { local i; for ((i = 0; i < repeat; i++)); do "$@"; done; }

# Runs two stages a ratio compares `repeat` times each, taking turns (`alternating "run A ..." "run
# B ..."`): this machine's speed drifts for minutes at a time, and two stages run minutes apart each
# met a different machine.
alternating() { local i; for ((i = 0; i < repeat; i++)); do eval "$1"; eval "$2"; done; }

# A command as a user runs it: wall time from start to exit, and the process's peak memory.
cli() {  # cli STAGE CONTACTS COMMAND...
  python3 - "$@" >> "$out" <<'PY' || echo "failed: ${*:3}" >&2
import json, os, subprocess, sys, time
stage, contacts, command = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
with open("bench-out/stderr.log", "a") as log:
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
if status != 0:
    sys.exit(f"exit status {status}")
print(json.dumps({"tool": "ohana-cli", "stage": stage, "contacts": contacts, "seconds": round(seconds, 4),
                  "contactsPerSecond": round(contacts / seconds, 1), "peakMiB": round(usage.ru_maxrss / 1024, 1)}))
PY
}

# Issue #34: the library's dedupe stages, then the tool as a user runs it beside `ohana validate` on
# the same file (the ratio: at most 2× validate's time), taking turns.
# The library's stages also run on mimalloc, the allocator the `ohana` tool links, preloaded
# (`ohana-bench` links none: it measures the library on glibc's malloc, as an app that embeds it
# runs it): what glibc's malloc costs such an app, in the table as `ohana-mimalloc` rows.
mimalloc_lib="$(ls /usr/lib/*-linux-gnu/libmimalloc.so.2 2>/dev/null | head -1)"
on_mimalloc() {
  LD_PRELOAD="$mimalloc_lib" "$@" 2>>bench-out/stderr.log | grep '^{' \
    | sed -E 's/"tool" *: *"ohana-swift"/"tool":"ohana-mimalloc"/' >> "$out" || echo "failed on mimalloc: $*" >&2
}
dedupe_stages() {  # dedupe_stages COUNT VCARD-FILE
  local n="$1" vcf="$2"
  repeated run "$bin/ohana-bench" dedupe --count "$n"
  if [ -n "$mimalloc_lib" ]; then repeated on_mimalloc "$bin/ohana-bench" dedupe --count "$n"
  else echo "no libmimalloc.so.2: the dedupe stages on mimalloc skipped" >&2; fi
  alternating 'cli "cli.$n.validate vcard" "$n" "$bin/ohana" validate "$vcf"' \
    'cli "cli.$n.dedupe vcard→json" "$n" "$bin/ohana" dedupe "$vcf" --output json -o "$vcf.dedupe.json"'
}

# Issue #37: searches as a user runs them on a SQLite store of COUNT generated contacts, each query
# BENCH_REPEAT times (the table keeps the fastest and checks 2 s at 1,000,000): single letters and a
# domain nearly every contact has (the broad ones), then names with and without accents, partial
# words, phone digits, an email's local part and other scripts.
search_stages() {  # search_stages COUNT JSON-BOOK
  local n="$1" json="$2" store="bench-out/store-$1.sqlite" q
  rm -f "$store" "$store-wal" "$store-shm"
  "$bin/ohana" import "$json" --store "$store" --region US 2>>bench-out/stderr.log >/dev/null
  for q in a com gmail.com m smith müller muller "jose garcia" "kat smi" chr 415 "+1 415" 555 алекс 王; do
    repeated cli "cli.$n.search $q" "$n" "$bin/ohana" search "$q" --store "$store" --region US --limit 20 --output json
  done
}

# BENCH_ONLY=search or dedupe: only that issue's stages (search_stages, dedupe_stages), on the book
# generated as FORMAT into bench-out/book-COUNT.EXT.
only_stages() {  # only_stages NAME FORMAT EXT
  local n
  for n in "${counts[@]}"; do
    "$bin/ohana" generate --count "$n" --seed 1 --format "$2" -o "bench-out/book-$n.$3" 2>/dev/null
    echo "== $n contacts: $1" >&2
    "$1_stages" "$n" "bench-out/book-$n.$3"
  done
  python3 scripts/bench-table.py "$out"
  exit 0
}
case "${BENCH_ONLY:-}" in
  search) only_stages search json json ;;
  dedupe) only_stages dedupe vcard vcf ;;
esac

if [ "${BENCH_ONLY:-}" = baseline ]; then
  [ -n "$base_bin" ] || { echo "BENCH_ONLY=baseline needs BENCH_BASELINE" >&2; exit 2; }
  for n in "${counts[@]}"; do
    book=bench-out/book-$n
    "$bin/ohana-bench" phones "$book.json" --generate "$n" >/dev/null 2>>bench-out/stderr.log
    alternating 'run "$bin/ohana-bench" phones "$book.json"' 'based "$base_bin" phones "$book.json"'
    alternating 'run "$bin/ohana-bench" pipeline --counts "$n"' 'based "$base_bin" pipeline --counts "$n"'
  done
  python3 scripts/bench-table.py "$out"
  exit 0
fi

for n in "${counts[@]}"; do
  book=bench-out/book-$n
  "$bin/ohana" generate --count "$n" --seed 1 --format vcard -o "$book.vcf" 2>/dev/null
  "$bin/ohana" generate --count "$n" --seed 1 -o "$book.json" 2>/dev/null
  "$bin/ohana" convert "$book.vcf" --to csv -o "$book.csv" 2>/dev/null || true
  echo "== $n contacts" >&2
  # Ohana, library stages (ohana-bench) ...
  # The ratios' stages, each beside its peer (when the peers are built), taking turns. The vCard
  # read is ohana-read-bench, a program that links only the reader, as the KContacts peer links only
  # KContacts; ohana-bench vcard adds the streaming read, the write and the same read in the
  # all-modules binary (`vcard.read.in-ohana-bench`).
  run "$bin/ohana-bench" vcard "$book.vcf"
  if [ -d "$peers/build" ]; then
    alternating 'run "$bin/ohana-read-bench" "$book.vcf"' 'run "$peers/build/cpp_kcontacts_parse" "$book.vcf"'
    [ -f "$book.csv" ] && alternating 'run "$bin/ohana-bench" csv "$book.csv"' \
      'run "$peers/.venv/bin/python" "$peers/peers/py_csv_parse.py" "$book.csv"'
  else
    repeated run "$bin/ohana-read-bench" "$book.vcf"
    [ -f "$book.csv" ] && repeated run "$bin/ohana-bench" csv "$book.csv"
  fi
  # Its JSON stages are compared with the vCard read: run as often, the fastest kept. With a
  # baseline, phones and pipeline take turns with the baseline's.
  if [ -n "$base_bin" ]; then
    alternating 'run "$bin/ohana-bench" phones "$book.json"' 'based "$base_bin" phones "$book.json"'
    alternating 'run "$bin/ohana-bench" pipeline --counts "$n"' 'based "$base_bin" pipeline --counts "$n"'
  else
    run "$bin/ohana-bench" phones "$book.json"
    repeated run "$bin/ohana-bench" pipeline --counts "$n"
  fi
  dedupe_stages "$n" "$book.vcf"
  run "$bin/ohana-bench" json --count "$n"
  store_bench "$n" "$book"
  # ... and commands as a user runs them.
  repeated cli "cli.$n.convert vcard→json" "$n" "$bin/ohana" convert "$book.vcf" --to json -o "$book.out.json"
  repeated cli "cli.$n.process json→json" "$n" "$bin/ohana" process "$book.json" --output json -o "$book.out2.json" --quiet
  repeated cli "cli.$n.process json→compact json" "$n" "$bin/ohana" process "$book.json" --output json --compact -o "$book.out3.json" --quiet
  pipeline='cli "cli.$n.process vcard: require phone → E.164 → sort → json" "$n" "$bin/ohana" process "$book.vcf" --require phone --format-phones e164 --region US --sort full-name --output json -o "$book.process.json" --quiet'
  if [ -d "$peers/build" ]; then
    alternating "$pipeline" 'run "$peers/.venv/bin/python" "$peers/peers/py_pipeline.py" "$book.vcf" --out "$book.py.json"'
    run "$peers/build/c_naive_split" "$book.vcf"
    run "$peers/build/cpp_libphonenumber_format" "$book.vcf"
    run "$peers/.venv/bin/python" "$peers/peers/py_vobject_parse.py" "$book.vcf"
    run "$peers/.venv/bin/python" "$peers/peers/py_phonenumbers_format.py" "$book.vcf"
  else
    repeated eval "$pipeline"
  fi
done
# Streaming (issue #13, item 2): BENCH_STREAM cards (default 1,000,000; 0 skips this) read a batch
# at a time and none kept (`ohana-bench vcard --stream-only`), against holding every card of the same
# file (`ohana-read-bench`), taking turns. The file (300 MB) is generated first, its figures dropped:
# the generator's memory would count in the stream's peak. It is removed afterwards.
streamed="${BENCH_STREAM:-1000000}"
if [ "$streamed" -gt 0 ]; then
  big=bench-out/book-$streamed.stream.vcf
  echo "== streaming $streamed cards" >&2
  "$bin/ohana-bench" vcard "$big" --generate "$streamed" --stream-only >/dev/null 2>>bench-out/stderr.log
  alternating 'run "$bin/ohana-bench" vcard "$big" --stream-only' 'run "$bin/ohana-read-bench" "$big"'
  rm -f "$big"
fi
python3 scripts/bench-table.py "$out"
