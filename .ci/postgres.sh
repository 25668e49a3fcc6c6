#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for the storage tests on PostgreSQL (issue "Past one machine").
#
#   bash .ci/postgres.sh start DIR   installs Debian's postgresql when missing, creates a cluster
#                                    in DIR (a new, empty directory), starts it on a free
#                                    loopback port and prints its URL (postgres://…) on stdout
#   bash .ci/postgres.sh stop DIR    stops it (DIR may then be removed)
#
# The cluster trusts loopback connections of its one user `kontrakt` and lives only in DIR: no
# system service, no files outside DIR. PostgreSQL refuses to run as root, so under root the
# server runs as the unprivileged `postgres` user (created by Debian's package), or `nobody`.
# Under CI=true a PostgreSQL that cannot be installed or started fails the run; otherwise the
# script says so loudly and exits 3, and the PostgreSQL tests are skipped.
set -euo pipefail

cmd=${1:-}
dir=${2:-}
if [ -z "$cmd" ] || [ -z "$dir" ]; then
    echo "usage: $0 start|stop DIR" >&2
    exit 2
fi

fail() {
    if [ "${CI:-}" = "true" ]; then
        echo "postgres: $1 (CI=true: the PostgreSQL tests need it)" >&2
        exit 1
    fi
    echo "postgres: WARNING: $1; the PostgreSQL tests will be SKIPPED" >&2
    exit 3
}

# The newest installed server's bin directory, or nothing.
pg_bin() {
    local d
    d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [ -n "$d" ] && [ -x "$d/initdb" ]; then
        echo "$d"
    fi
}

# Runs a server program as the cluster's owner.
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u "$owner" -- "$@"
    else
        "$@"
    fi
}

if [ "$(id -u)" -eq 0 ]; then
    if id postgres >/dev/null 2>&1; then owner=postgres; else owner=nobody; fi
else
    owner=$(id -un)
fi

case "$cmd" in
stop)
    bin=$(pg_bin)
    if [ -n "$bin" ] && [ -f "$dir/data/postmaster.pid" ]; then
        as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    exit 0
    ;;
start) ;;
*)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac

bin=$(pg_bin)
if [ -z "$bin" ]; then
    if [ "$(id -u)" -eq 0 ]; then
        as_root=()
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        as_root=(sudo -n)
    else
        fail "PostgreSQL is not installed and cannot be: needs root or password-less sudo"
    fi
    command -v apt-get >/dev/null 2>&1 || fail "PostgreSQL is not installed and there is no apt-get"
    echo "postgres: installing Debian's postgresql" >&2
    export DEBIAN_FRONTEND=noninteractive
    # The package would start a system cluster; the tests never use it, so stop it again.
    "${as_root[@]}" apt-get update -q </dev/null >&2 || fail "apt-get update failed"
    "${as_root[@]}" apt-get install -y -q --no-install-recommends postgresql \
        </dev/null >&2 || fail "apt-get install postgresql failed"
    bin=$(pg_bin)
    [ -n "$bin" ] || fail "postgresql was installed but no initdb was found"
    if id postgres >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then owner=postgres; fi
fi

mkdir -p "$dir"
if [ -n "$(ls -A "$dir" 2>/dev/null)" ]; then
    echo "postgres: $dir is not empty" >&2
    exit 2
fi
# The owner must reach DIR through its parents (a root-only temp directory would stop it).
if [ "$(id -u)" -eq 0 ]; then
    chown "$owner" "$dir"
    chmod 0700 "$dir"
    p=$(dirname "$(readlink -f "$dir")")
    while [ "$p" != "/" ]; do
        chmod o+x "$p" 2>/dev/null || true
        p=$(dirname "$p")
    done
fi

# A free loopback port: ask the kernel for one.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')

as_owner "$bin/initdb" -D "$dir/data" -U kontrakt --auth=trust -E UTF8 --locale=C.UTF-8 \
    >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    fail "initdb failed"
}
# Durable like production (fsync on), small and quiet: the tests open few connections.
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/data/server.log" -w -t 60 start -o \
    "-h 127.0.0.1 -p $port -k $dir/data -c max_connections=200 -c shared_buffers=32MB" \
    >/dev/null 2>&1 || {
    cat "$dir/data/server.log" >&2 || true
    fail "the server did not start"
}
as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U kontrakt kontrakt >&2 ||
    fail "createdb failed"
echo "postgres://kontrakt@127.0.0.1:$port/kontrakt"
