#!/usr/bin/env bash
# Prerequisites of the fault tests: Debian's fiu-utils for the fsync-failure test
# (tests/it/faults_e2e.rs: libfiu's fiu-run and fiu-ctrl, whose POSIX layer makes fsync fail on
# command) and fuse3 for the power-loss test (tests/it/powerloss.rs: its FUSE filesystem is
# mounted through /dev/fuse directly as root, through fusermount3 otherwise).
# Installs what is missing; uses sudo when not root.
# Under CI=true a package that cannot be installed fails the run; otherwise the test skips
# with a message.
set -euo pipefail

missing=()
if ! command -v fiu-run >/dev/null 2>&1 || ! command -v fiu-ctrl >/dev/null 2>&1; then
    missing+=(fiu-utils)
fi
if ! command -v fusermount3 >/dev/null 2>&1; then
    missing+=(fuse3)
fi
if [ "${#missing[@]}" -eq 0 ]; then
    exit 0
fi

fail() {
    if [ "${CI:-}" = "true" ]; then
        echo "fault-deps: $1 (CI=true: the fsync-failure and power-loss tests need it)" >&2
        exit 1
    fi
    echo "fault-deps: WARNING: $1; the fsync-failure or power-loss test will be SKIPPED" >&2
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
    fail "cannot install ${missing[*]}: no apt-get (install it by hand)"
fi

echo "fault-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -q </dev/null >&2 || fail "apt-get update failed"
"${as_root[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}" \
    </dev/null >&2 || fail "apt-get install ${missing[*]} failed"
