#!/usr/bin/env bash
# Benchmarks Ohana for Swift next to the peer tools users would otherwise pick (../shared/bench:
# Python vobject and phonenumbers, KDE KContacts, Google's libphonenumber in C++), in one run, on
# the same generated address book. Prints one table; raw JSON lines go to bench-out/.
#   scripts/bench.sh [COUNT...]      default: 10000 100000
set -euo pipefail
cd "$(dirname "$0")/.."
counts=("$@"); [ ${#counts[@]} -gt 0 ] || counts=(10000 100000)
peers=../shared/bench
bash scripts/setup.sh
if [ -d "$peers" ]; then bash "$peers/setup.sh" >/dev/null; else echo "no $peers: peers skipped" >&2; fi
swift build -c release --product ohana >/dev/null
swift build -c release --product ohana-bench >/dev/null
bin="$(swift build -c release --show-bin-path)"
mkdir -p bench-out

# ---- store benchmark (issue #16) ------------------------------------------------------------
# `ohana-bench store` next to the raw sqlite3 peer (scripts/bench-store-peer.py: the same contacts
# as JSON documents with a name index and FTS5, in one transaction).
store_bench() {
  local n="$1" book="$2"
  run "$bin/ohana-bench" store --count "$n" --export-json "$book.store.json"
  run python3 scripts/bench-store-peer.py "$book.store.json"
}
# ---- end of the store benchmark -------------------------------------------------------------
out=bench-out/results.jsonl; : > "$out"
run() { "$@" 2>>bench-out/stderr.log | grep '^{' >> "$out" || echo "failed: $*" >&2; }
for n in "${counts[@]}"; do
  book=bench-out/book-$n
  "$bin/ohana" generate --count "$n" --seed 1 --format vcard -o "$book.vcf" --quiet 2>/dev/null || "$bin/ohana" generate --count "$n" --seed 1 --format vcard -o "$book.vcf"
  "$bin/ohana" generate --count "$n" --seed 1 -o "$book.json" 2>/dev/null
  "$bin/ohana" convert "$book.vcf" --to csv -o "$book.csv" 2>/dev/null || true
  echo "== $n contacts" >&2
  run "$bin/ohana-bench" vcard "$book.vcf"
  run "$bin/ohana-bench" phones "$book.json"
  [ -f "$book.csv" ] && run "$bin/ohana-bench" csv "$book.csv"
  run "$bin/ohana-bench" pipeline --counts "$n"
  run "$bin/ohana-bench" dedupe --count "$n"
  store_bench "$n" "$book"
  if [ -d "$peers/build" ]; then
    run "$peers/build/c_naive_split" "$book.vcf"
    run "$peers/build/cpp_kcontacts_parse" "$book.vcf"
    run "$peers/build/cpp_libphonenumber_format" "$book.vcf"
    run "$peers/.venv/bin/python" "$peers/peers/py_vobject_parse.py" "$book.vcf"
    run "$peers/.venv/bin/python" "$peers/peers/py_phonenumbers_format.py" "$book.vcf"
    run "$peers/.venv/bin/python" "$peers/peers/py_pipeline.py" "$book.vcf" --out "$book.py.json"
    [ -f "$book.csv" ] && run "$peers/.venv/bin/python" "$peers/peers/py_csv_parse.py" "$book.csv"
  fi
done
python3 - "$out" <<'PY'
import json, sys
rows = []
for line in open(sys.argv[1]):
    try: r = json.loads(line)
    except ValueError: continue
    tool = r.get("tool") or r.get("peer", "?")
    cps = r.get("contactsPerSecond", r.get("contacts_per_s", 0)) or 0
    mem = r.get("peakMiB", r.get("peak_rss_mb", 0)) or 0
    rows.append((tool, r.get("stage", "?"), r.get("contacts", 0), r.get("seconds", 0), cps, mem))
print(f"{'tool':<16} {'stage':<58} {'contacts':>9} {'seconds':>9} {'contacts/s':>12} {'peak MiB':>9}")
for t, s, n, sec, cps, mem in rows:
    print(f"{t:<16} {s[:58]:<58} {n:>9} {sec:>9.3f} {cps:>12,.0f} {mem:>9.1f}")
PY
