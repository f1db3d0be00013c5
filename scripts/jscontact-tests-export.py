#!/usr/bin/env python3
"""Exports jmapio/jscontact-tests' test cases (Python) as JSON data for OhanaJSContactTests.

Usage: scripts/jscontact-tests-export.py <checkout of jmapio/jscontact-tests> <output.json>

Only the suite's test DATA is exported: each case's JSContact members, the vCard properties it
expects (with how each value and parameter is matched), and its skip/invalid flags. The matching
itself is done by the Swift test (ThirdPartySuiteTests). No code of the suite is copied.
"""
import json
import sys
import types

checkout, output = sys.argv[1], sys.argv[2]
sys.path.insert(0, checkout)
# The suite's backends talk HTTP (requests); the exporter only needs the error type.
stub = types.ModuleType("backends")
stub.InvalidCardError = type("InvalidCardError", (Exception,), {})
sys.modules["backends"] = stub

import vcardutil  # noqa: E402
from tests import jscontact_tests  # noqa: E402


def value(v):
    """A matcher as JSON: {"kind": ..., ...}."""
    if v is None or v is vcardutil.AnyValue or isinstance(v, vcardutil.AnyValue):
        return {"kind": "any"}
    if isinstance(v, str):
        return {"kind": "exact", "value": v}
    if isinstance(v, vcardutil.NoCaseValue):
        return {"kind": "noCase", "value": v.val}
    if isinstance(v, vcardutil.MaybeQuoted):
        return {"kind": "maybeQuoted", "value": v.val}
    if isinstance(v, vcardutil.MaybeEscaped):
        return {"kind": "maybeEscaped", "value": v.val}
    if isinstance(v, vcardutil.OneOfValue):
        return {"kind": "oneOf", "values": [value(x) for x in v.vals]}
    if isinstance(v, vcardutil.ComponentsValue):
        # A set's order is Python's hash order: sorted here, so the export is stable.
        return {"kind": "components", "components": [c if isinstance(c, str) else sorted(c) for c in v.comps]}
    if isinstance(v, vcardutil.TextJSONValue):
        return {"kind": "json", "value": v.val}
    if isinstance(v, vcardutil.TimestampValue):
        return {"kind": "timestamp", "value": v.ts.strftime("%Y%m%dT%H%M%S%z").replace("+0000", "Z")}
    raise TypeError(f"unknown matcher {v!r}")


def prop(p):
    out = {"name": p.name, "value": value(p.value), "mandatory": p.mandatory,
           "params": [{"name": q.name, "value": value(q.value), "mandatory": q.mandatory} for q in (p.params or [])]}
    if p.alt_id:
        out["altID"] = {"id": p.alt_id.id, "mandatory": p.alt_id.mandatory}
    if isinstance(p.group, vcardutil.GroupMatch):
        out["groupID"] = p.group.id
    elif p.group:
        out["group"] = p.group
    return out


def adapt(tc):
    """What changed from the draft the suite was written against to RFC 9553/9555 (see the README)."""
    if tc.id == "vCardProps":
        # vCardProps holds jCard properties (RFC 9553 section 2.15.1); jCard parameter values are
        # strings (RFC 7095 section 3.5): "pref": "1", not 1.
        tc.jprops["vCardProps"][0][1]["pref"] = "1"
    return tc


cases = []
for tc in map(adapt, jscontact_tests):
    cases.append({"id": tc.id, "card": tc.jprops, "vcard": [prop(p) for p in (tc.matches or [])],
                  "skipToVCard": tc.skip_to_vcard, "skipFromVCard": tc.skip_from_vcard,
                  "invalidMembers": tc.invalid_props or []})
defaults = [prop(p) for p in vcardutil.default_matches]
with open(output, "w", encoding="utf-8") as f:
    json.dump({"cases": cases, "defaultProperties": defaults}, f, indent=1, ensure_ascii=False, sort_keys=True)
    f.write("\n")
print(f"{len(cases)} cases written to {output}")
