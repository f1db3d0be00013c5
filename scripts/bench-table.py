#!/usr/bin/env python3
"""Prints the figures of one scripts/bench.sh run: every stage, then the ratios of issue #13.

    python3 scripts/bench-table.py bench-out/results.jsonl

Each input line is one stage's JSON figure, from ohana-bench (`tool`), `ohana` timed as a user runs
it (`tool: ohana-cli`) or a peer in ../shared/bench (`peer`). To add a ratio, add a row to RATIOS.
"""
import json
import re
import sys

# (work, Ohana stage, peer stage or None, goal): a stage is (tool, regular expression on the stage
# name); the goal is a minimum ratio of contacts/s, or for rows without a peer a peak memory in MiB
# that Ohana must stay under ("peak<300") or at most reach ("peak<=64"), a rate it must reach
# ("rate>=100000") or a time it must stay within ("secs<=8"); None prints the ratio without a goal;
# "mem<=0.25" compares peak memory instead: Ohana's peak ÷ the peer's, at most 0.25.
# A stage whose third element is STREAMED is found at the size of the largest streaming read
# (bench.sh streams 1,000,000 cards apart from the table's size), printed in every table; `{streamed}`
# in a row's work names that size. A row with a fifth element, a count, is printed only at that size
# (issue #34's goals are for 1,000,000 contacts).
STREAMED = "streamed"
RATIOS = [
    ("read vCard, all held (library)", ("ohana-swift", r"^vcard\.read$"), ("cpp-kcontacts", r"^parse$"), 5.0),
    ("read vCard, all held: peak memory (library)", ("ohana-swift", r"^vcard\.read$"), ("cpp-kcontacts", r"^parse$"), "mem<=0.25"),
    ("streaming {streamed} cards vs holding the same file (library)", ("ohana-swift", r"^vcard\.stream$", STREAMED),
     ("ohana-swift", r"^vcard\.read$", STREAMED), 0.8),
    ("streaming {streamed} cards: peak memory (library)", ("ohana-swift", r"^vcard\.stream$", STREAMED), None, "peak<=64"),
    ("streaming {streamed} cards vs the all-held read above", ("ohana-swift", r"^vcard\.stream$", STREAMED),
     ("ohana-swift", r"^vcard\.read$"), None),
    ("read vCard as `ohana convert --to json`", ("ohana-cli", r"convert vcard→json"), ("cpp-kcontacts", r"^parse$"), 5.0),
    ("read Google CSV (library)", ("ohana-swift", r"^csv\.read$"), ("py-csv", r"^parse$"), 2.0),
    ("pipeline: `ohana process` require phone → E.164 → sort → JSON", ("ohana-cli", r"process vcard"),
     ("py-pipeline", r"parse\+e164\+sort\+json"), 15.0),
    # The tool with JSON in against the same tool with vCard in, both writing the same JSON out; and
    # against the library's all-held vCard read (a whole tool run, start to exit, against a stage).
    ("JSON in → JSON out vs vCard in → JSON out (`ohana`, start to exit)", ("ohana-cli", r"process json→json"),
     ("ohana-cli", r"convert vcard→json"), 1.0),
    ("JSON in → JSON out (`ohana process book.json --output json`)", ("ohana-cli", r"process json→json"),
     ("ohana-swift", r"^vcard\.read$"), None),
    ("JSON in → compact JSON out (`… --output json --compact`)", ("ohana-cli", r"process json→compact json"),
     ("ohana-swift", r"^vcard\.read$"), None),
    ("JSON provider read (library: split + decode on every core)", ("ohana-swift", r"^pipeline\.\d+\.json\.decode$"),
     ("ohana-swift", r"^vcard\.read$"), 1.0),
    ("JSON write (library: encode on every core)", ("ohana-swift", r"^pipeline\.\d+\.json\.encode$"),
     ("ohana-swift", r"^vcard\.read$"), 1.0),
    ("JSON out peak memory (`ohana convert --to json`)", ("ohana-cli", r"convert vcard→json"), None, "peak<300"),
    ("JSON in + out peak memory (`ohana process book.json`)", ("ohana-cli", r"process json→json"), None, "peak<300"),
    ("store import (library) vs raw sqlite3 insert", ("ohana-swift", r"^store\.import$"), ("py-sqlite3", r"^store\.import"), 0.5),
    ("store re-import of unchanged contacts vs first import", ("ohana-swift", r"^store\.reimport$"), ("ohana-swift", r"^store\.import$"), 5.0),
    ("store read back (library)", ("ohana-swift", r"^store\.read$"), None, "rate>=100000"),
    # PostgreSQL (issue #16): printed beside SQLite, no goal.
    ("PostgreSQL store import vs SQLite store import", ("ohana-swift", r"^store\.postgres\.import$"), ("ohana-swift", r"^store\.import$"), None),
    ("PostgreSQL store re-import unchanged vs its first import", ("ohana-swift", r"^store\.postgres\.reimport$"), ("ohana-swift", r"^store\.postgres\.import$"), None),
    ("PostgreSQL store read back vs SQLite store read back", ("ohana-swift", r"^store\.postgres\.read$"), ("ohana-swift", r"^store\.read$"), None),
    # Today's against BENCH_BASELINE's, taking turns (issue #33: phones within 20 %; issue #40: the
    # pipeline, no tracker registered and metrics off, within 3 %).
    ("phones: parse + format four ways vs baseline", ("ohana-swift", r"^phones\.format4$"), ("ohana-baseline", r"^phones\.format4$"), 0.8),
    ("phones: formatting post processor (weighed evidence) vs baseline", ("ohana-swift", r"^phones\.postprocess$"),
     ("ohana-baseline", r"^phones\.postprocess$"), 0.8),
    ("pipeline: in-memory load (events, no tracker) vs baseline", ("ohana-swift", r"^pipeline\.\d+\.load"),
     ("ohana-baseline", r"^pipeline\.\d+\.load"), 0.97),
    ("pipeline: require phone → E.164 → sort (no tracker) vs baseline", ("ohana-swift", r"^pipeline\.\d+\.full"),
     ("ohana-baseline", r"^pipeline\.\d+\.full"), 0.97),
    # Issue #34: duplicates at a million contacts (`ohana-bench dedupe`, the generated book held; its
    # peak includes the book), and the tool as a user runs it against `ohana validate` on the file.
    ("dedupe: detect + merge (library, `dedupe.process`)", ("ohana-swift", r"^dedupe\.process$"), None, "secs<=8", 1_000_000),
    ("dedupe: detect + merge, peak memory", ("ohana-swift", r"^dedupe\.process$"), None, "peak<=1536", 1_000_000),
    ("dedupe: analysis with explanations (library, `dedupe.analyze`)", ("ohana-swift", r"^dedupe\.analyze$"), None, "secs<=10", 1_000_000),
    ("dedupe: analysis, peak memory", ("ohana-swift", r"^dedupe\.analyze$"), None, "peak<=1536", 1_000_000),
    # The same on mimalloc, the tool's allocator (bench.sh preloads it): what glibc's malloc costs.
    ("dedupe: detect + merge, on mimalloc", ("ohana-mimalloc", r"^dedupe\.process$"), None, "secs<=8", 1_000_000),
    ("dedupe: analysis with explanations, on mimalloc", ("ohana-mimalloc", r"^dedupe\.analyze$"), None, "secs<=10", 1_000_000),
    ("`ohana dedupe FILE --output json` vs `ohana validate FILE`", ("ohana-cli", r"dedupe vcard→json"),
     ("ohana-cli", r"validate vcard"), 0.5),
    ("`ohana dedupe FILE --output json`: peak memory", ("ohana-cli", r"dedupe vcard→json"), None, "peak<=2048"),
]


def load(path):
    """The stages in the order first seen. A stage run several times (bench.sh repeats the ones
    issue #13 compares, ours and the peers' alike) keeps its fastest run's time and rate, the
    highest peak memory of its runs, and how many runs there were."""
    rows, seen = [], {}
    for line in open(path, encoding="utf-8"):
        try:
            r = json.loads(line)
        except ValueError:
            continue
        row = {
            "tool": r.get("tool") or r.get("peer", "?"),
            "stage": r.get("stage", "?"),
            "contacts": r.get("contacts", 0) or 0,
            "seconds": r.get("seconds", 0) or 0,
            "cps": r.get("contactsPerSecond", r.get("contacts_per_s", 0)) or 0,
            "mib": r.get("peakMiB", r.get("peak_rss_mb", 0)) or 0,
            "runs": 1,
        }
        key = (row["tool"], row["stage"], row["contacts"])
        if key not in seen:
            seen[key] = row
            rows.append(row)
            continue
        kept = seen[key]
        kept["runs"] += 1
        kept["mib"] = max(kept["mib"], row["mib"])
        if row["cps"] > kept["cps"]:
            kept["seconds"], kept["cps"] = row["seconds"], row["cps"]
    return rows


def streamed_size(rows):
    """The size of the largest streaming read (`vcard.stream`), or 0."""
    return max((r["contacts"] for r in rows if r["stage"] == "vcard.stream"), default=0)


def find(rows, stage, contacts):
    """The row of `stage` (tool, pattern[, STREAMED]) at `contacts`, or at the streamed size."""
    tool, pattern = stage[0], stage[1]
    if len(stage) > 2:
        contacts = streamed_size(rows)
    for r in rows:
        if r["tool"] == tool and r["contacts"] == contacts and re.search(pattern, r["stage"]):
            return r
    return None


def main(path):
    rows = load(path)
    print(f"{'tool':<16} {'stage':<62} {'contacts':>9} {'seconds':>9} {'contacts/s':>12} {'peak MiB':>9} {'runs':>4}")
    for r in rows:
        if r["contacts"]:
            print(f"{r['tool']:<16} {r['stage'][:62]:<62} {r['contacts']:>9} {r['seconds']:>9.3f} {r['cps']:>12,.0f} {r['mib']:>9.1f} {r['runs']:>4}")
    sizes = sorted({r["contacts"] for r in rows if r["tool"] == "ohana-cli"}
                   or {r["contacts"] for r in rows if r["tool"] == "ohana-baseline" and r["stage"].startswith("pipeline.")})
    for n in sizes:
        print(f"\nissues #13, #34 and #37 at {n:,} contacts (ratio = Ohana contacts/s ÷ peer contacts/s, same file, same run;"
              " each side's fastest of its runs)")
        print(f"| {'work':<66} | {'Ohana':>21} | {'peer':>32} | {'ratio':>7} | {'goal':>9} | {'met':<3} |")
        print(f"| {'-' * 66} | {'-' * 20}: | {'-' * 31}: | {'-' * 6}: | {'-' * 8}: | --- |")
        for work, ours, peer, goal, *only in RATIOS:
            if only and only[0] != n:
                continue
            work = work.format(streamed=format(streamed_size(rows), ","))
            o = find(rows, ours, n)
            if o is None:
                continue
            ohana = f"{o['cps']:,.0f} /s, {o['mib']:,.0f} MiB"
            if peer is None and goal.startswith("secs<="):
                limit = float(goal.split("<=")[1])
                met = "yes" if o["seconds"] <= limit else "no"
                shown = f"{o['seconds']:,.1f} s, {o['mib']:,.0f} MiB"
                print(f"| {work:<66} | {shown:>21} | {'':>32} | {'':>7} | {'≤ ' + format(limit, 'g') + ' s':>9} | {met:<3} |")
                continue
            if peer is None and goal.startswith("rate>="):
                floor = float(goal.split(">=")[1])
                met = "yes" if o["cps"] >= floor else "no"
                print(f"| {work:<66} | {ohana:>21} | {'':>32} | {'':>7} | {'≥ ' + format(int(floor), ',') + '/s':>9} | {met:<3} |")
                continue
            if peer is None:
                at_most = "<=" in goal  # "peak<=64": at most; "peak<300": under
                limit = float(re.split("<=?", goal)[1])
                met = "yes" if (o["mib"] <= limit if at_most else o["mib"] < limit) else "no"
                shown = ("≤ " if at_most else "< ") + str(int(limit)) + " MiB"
                print(f"| {work:<66} | {ohana:>21} | {'':>32} | {'':>7} | {shown:>9} | {met:<3} |")
                continue
            p = find(rows, peer, n)
            if p is None or not p["cps"]:
                print(f"| {work:<66} | {ohana:>21} | {'(peer missing)':>32} | {'':>7} | {'≥ ' + format(goal, 'g') + '×':>9} | ?   |")
                continue
            label = f"{p['tool']} {p['cps']:,.0f} /s, {p['mib']:,.0f} MiB"
            if isinstance(goal, str) and goal.startswith("mem<="):
                limit = float(goal.split("<=")[1])
                ratio = o["mib"] / p["mib"] if p["mib"] else float("inf")
                met = "yes" if ratio <= limit else "no"
                print(f"| {work:<66} | {ohana:>21} | {label:>32} | {ratio:>6.2f}× | {'≤ ' + format(limit, 'g') + '×':>9} | {met:<3} |")
                continue
            ratio = o["cps"] / p["cps"]
            if goal is None:
                print(f"| {work:<66} | {ohana:>21} | {label:>32} | {ratio:>6.2f}× | {'—':>9} | {'':<3} |")
                continue
            met = "yes" if ratio >= goal else "no"
            print(f"| {work:<66} | {ohana:>21} | {label:>32} | {ratio:>6.2f}× | {'≥ ' + format(goal, 'g') + '×':>9} | {met:<3} |")
        # Issue #37: each search as a user runs it; under 2 s on a store of 1,000,000 contacts.
        for r in rows:
            if r["tool"] == "ohana-cli" and r["contacts"] == n and re.search(r"\.search ", r["stage"]):
                query = r["stage"].split(".search ", 1)[1]
                work = f"`ohana search {query!r} --limit 20` (SQLite store)"
                shown = f"{r['seconds']:,.2f} s, {r['mib']:,.0f} MiB"
                if n == 1_000_000:
                    print(f"| {work:<66} | {shown:>21} | {'':>32} | {'':>7} | {'≤ 2 s':>9} | {'yes' if r['seconds'] <= 2 else 'no':<3} |")
                else:
                    print(f"| {work:<66} | {shown:>21} | {'':>32} | {'':>7} | {'—':>9} |     |")


if __name__ == "__main__":
    main(sys.argv[1])
