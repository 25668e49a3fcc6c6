#!/usr/bin/env bash
# Prerequisite of the fsync-failure test (tests/it/faults_e2e.rs): Debian's fiu-utils (libfiu's
# fiu-run and fiu-ctrl, whose POSIX layer makes fsync fail on command).
# Installs it only when missing; uses sudo when not root.
# Under CI=true a fiu-utils that cannot be installed fails the run; otherwise the test skips
# with a message.
set -euo pipefail

if command -v fiu-run >/dev/null 2>&1 && command -v fiu-ctrl >/dev/null 2>&1; then
    exit 0
fi

fail() {
    if [ "${CI:-}" = "true" ]; then
        echo "fault-deps: $1 (CI=true: the fsync-failure test needs it)" >&2
        exit 1
    fi
    echo "fault-deps: WARNING: $1; the fsync-failure test will be SKIPPED" >&2
    exit 0
}

if [ "$(id -u)" -eq 0 ]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    as_root=(sudo -n)
else
    fail "cannot install fiu-utils: needs root or password-less sudo"
fi
if ! command -v apt-get >/dev/null 2>&1; then
    fail "cannot install fiu-utils: no apt-get (install it by hand)"
fi

echo "fault-deps: installing fiu-utils" >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -q </dev/null >&2 || fail "apt-get update failed"
"${as_root[@]}" apt-get install -y -q --no-install-recommends fiu-utils \
    </dev/null >&2 || fail "apt-get install fiu-utils failed"
