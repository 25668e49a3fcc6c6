#!/usr/bin/env bash
# Prerequisites of the browser tests (tests/it/browser.rs): Debian's chromium and chromium-driver
# (their versions always match), poppler-utils (pdftotext, for the print view) and fonts with
# the suit symbols (DejaVu; Liberation is what Chromium recommends).
# Installs them only when missing; uses sudo when not root.
# Under CI=true a browser that cannot be installed fails the run; otherwise the browser tests
# skip with a loud message.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

fail() {
    if [ "${CI:-}" = "true" ]; then
        echo "browser-deps: $1 (CI=true: the browser tests need them)" >&2
        exit 1
    fi
    echo "browser-deps: WARNING: $1; the browser tests will be SKIPPED" >&2
    exit 0
}

if [ "$(id -u)" -eq 0 ]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    as_root=(sudo -n)
else
    fail "cannot install ${missing[*]}: needs root or password-less sudo"
fi
if ! command -v apt-get >/dev/null 2>&1; then
    fail "cannot install ${missing[*]}: no apt-get (install them by hand)"
fi

packages=(chromium chromium-driver poppler-utils fonts-dejavu-core fonts-liberation)
echo "browser-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -q </dev/null >&2 || fail "apt-get update failed"
"${as_root[@]}" apt-get install -y -q --no-install-recommends "${packages[@]}" \
    </dev/null >&2 || fail "apt-get install ${packages[*]} failed"
