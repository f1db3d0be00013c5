#!/usr/bin/env python3
"""The raw SQLite peer of `ohana-bench store`: what a scripting user would write with Python's sqlite3.

Reads contacts (a JSON array, as `ohana-bench store --export-json` writes them), then, timed, inserts
them into a new SQLite file in one transaction as JSON documents with a unique id, an index on the
folded name and an FTS5 index over names and field values (the same tokenizer as the store), and
reads them all back (decoding each document). Prints one JSON line per stage, like the peers in
../shared/bench.
    scripts/bench-store-peer.py CONTACTS.json [--db PATH]
"""
import argparse
import json
import os
import resource
import sqlite3
import tempfile
import time
import unicodedata

NAME_KEYS = ("namePrefix", "givenName", "middleName", "familyName", "nameSuffix", "nickname",
             "phoneticGivenName", "phoneticMiddleName", "phoneticFamilyName", "organization",
             "department", "jobTitle")


def fold(text):
    decomposed = unicodedata.normalize("NFKD", text)
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).casefold().split())


def full_name(contact):
    if contact.get("formattedName"):
        return contact["formattedName"]
    parts = [contact.get(k) for k in ("namePrefix", "givenName", "middleName", "familyName", "nameSuffix")]
    name = " ".join(p for p in parts if p)
    return name or contact.get("organization") or ""


def names_text(contact):
    return " \n ".join(v for v in [full_name(contact)] + [contact.get(k) for k in NAME_KEYS] if v)


def field_values_text(contact):
    parts = []
    for field in contact.get("fields", []):
        value = field.get("value", "")
        parts.append(value)
        if field.get("type") == "phoneNumber":
            digits = "".join(c for c in value if c.isdigit())
            if digits:
                parts.append(digits)
    for address in contact.get("postalAddresses", []):
        parts += address.get("street", [])
        parts += [address.get(k) for k in ("poBox", "extendedAddress", "city", "region", "postalCode", "country")]
    parts += contact.get("tags", [])
    parts.append(contact.get("note"))
    return " \n ".join(p for p in parts if p)


def peak_mib():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def emit(stage, count, seconds):
    print(json.dumps({"tool": "py-sqlite3", "stage": stage, "contacts": count, "seconds": round(seconds, 4),
                      "contactsPerSecond": round(count / seconds) if seconds > 0 else 0,
                      "peakMiB": round(peak_mib(), 1)}), flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("contacts")
    parser.add_argument("--db")
    args = parser.parse_args()
    with open(args.contacts, encoding="utf-8") as f:
        contacts = json.load(f)
    folder = tempfile.mkdtemp(prefix="ohana-store-peer-")
    path = args.db or os.path.join(folder, "peer.sqlite")

    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.executescript("""
        CREATE TABLE contact (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, json BLOB NOT NULL,
                              sortKey TEXT NOT NULL);
        CREATE INDEX contact_sortKey ON contact(sortKey);
        CREATE VIRTUAL TABLE contactSearch USING fts5(names, fieldValues,
                                                      tokenize = 'unicode61 remove_diacritics 2');
    """)
    start = time.perf_counter()
    db.execute("BEGIN")
    insert_contact = "INSERT INTO contact (id, json, sortKey) VALUES (?, ?, ?)"
    insert_search = "INSERT INTO contactSearch (rowid, names, fieldValues) VALUES (?, ?, ?)"
    for contact in contacts:
        document = json.dumps(contact, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()
        rowid = db.execute(insert_contact, (contact["id"], document, fold(full_name(contact)))).lastrowid
        db.execute(insert_search, (rowid, names_text(contact), field_values_text(contact)))
    db.execute("COMMIT")
    db.close()
    emit("store.import (raw sqlite3: JSON + name index + FTS5)", len(contacts), time.perf_counter() - start)

    start = time.perf_counter()
    db = sqlite3.connect(path, isolation_level=None)
    loaded = [json.loads(row[0]) for row in db.execute("SELECT json FROM contact ORDER BY rowid")]
    db.close()
    emit("store.read (raw sqlite3: decode every document)", len(loaded), time.perf_counter() - start)
    if not args.db:
        for name in os.listdir(folder):
            os.remove(os.path.join(folder, name))
        os.rmdir(folder)


if __name__ == "__main__":
    main()
