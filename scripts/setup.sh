#!/usr/bin/env bash
# Installs what Ohana for Swift needs on Debian (idempotent; root or sudo). Used by the README's commands.
#   scripts/setup.sh          what building and running `ohana` needs (libphonenumber, mimalloc)
#   scripts/setup.sh --test   also what the test suite needs (Radicale, headless Chromium, PostgreSQL)
set -euo pipefail
cd "$(dirname "$0")/.."

want_tests=0
[ "${1:-}" = "--test" ] && want_tests=1

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
need_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed" || missing+=("$1"); }

# Building: Google's libphonenumber (C++) for OhanaPhoneNumbers.
need_pkg libphonenumber-dev
need_pkg pkg-config
# The executables' allocator (see Sources/OhanaProcessAllocator).
need_pkg libmimalloc-dev
if [ "$want_tests" = 1 ]; then
  # CardDAV tests: Radicale and Xandikos from PyPI into .venv (python3-venv to make it).
  need_pkg python3-venv
  # Web UI tests (`ohana serve`): headless Chromium and its driver (selenium goes into .venv below),
  # and fonts for the scripts of the generated names (CJK; Noto for Devanagari and the rest) so the
  # screenshots show names, not boxes.
  need_pkg chromium
  need_pkg chromium-driver
  need_pkg fonts-wqy-zenhei
  need_pkg fonts-noto-core
  # Store tests on the PostgreSQL backend: Debian's server; each test run starts a private cluster.
  need_pkg postgresql
  # `ohana serve --metrics` is scraped by a real Prometheus in the tests.
  need_pkg prometheus
fi

if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ "$want_tests" = 1 ]; then
  # vobject: the JSContact CLI test reads ohana's vCard output with it (Radicale uses it too).
  if [ ! -x .venv/bin/radicale ] || [ ! -x .venv/bin/xandikos ] || ! .venv/bin/python -c "import selenium, vobject" 2>/dev/null; then
    echo "setup: installing Radicale, Xandikos, vobject and selenium into .venv" >&2
    [ -x .venv/bin/python ] || python3 -m venv .venv
    .venv/bin/pip install -q --disable-pip-version-check "radicale>=3.2,<4" "xandikos>=0.2.10,<1" "vobject>=0.9.6" "selenium>=4.15,<5"
  fi
fi
