#!/usr/bin/env bash
# The JSON API against its own OpenAPI document: schemathesis (from PyPI, pinned, installed into
# target/schemathesis-venv when missing) generates requests for every operation of
# /api/v1/openapi.json of the real binary on a fresh database and fails on any 5xx, any answer
# that violates the document's schema (body, content type, headers), and any status code the
# document does not list. Bounded: SCHEMATHESIS_MAX_TIME seconds (default 150).
# Under CI=true a schemathesis that cannot be installed fails the run; otherwise it is skipped
# with a line.
set -euo pipefail
cd "$(dirname "$0")/.."

version=4.32.5
venv=target/schemathesis-venv
max_time=${SCHEMATHESIS_MAX_TIME:-150}

skip() {
    if [ "${CI:-}" = "true" ]; then
        echo "schemathesis: $1 (CI=true: the API check must run)" >&2
        exit 1
    fi
    echo "schemathesis: SKIPPED: $1" >&2
    exit 0
}

if ! "$venv/bin/schemathesis" --version 2>/dev/null | grep -q "$version"; then
    echo "schemathesis: installing schemathesis $version into $venv" >&2
    python3 -m venv "$venv" >&2 || skip "python3 -m venv failed (Debian: apt-get install python3-venv)"
    "$venv/bin/pip" install -q "schemathesis==$version" </dev/null >&2 \
        || skip "pip install schemathesis==$version failed"
fi

cargo build --bin kontrakt
dir=$(mktemp -d)
server_pid=
cleanup() {
    if [ -n "$server_pid" ]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$dir"
}
trap cleanup EXIT

# A write limit no generated request reaches: the limit has its own tests, and a 429 here
# would only hide the operations behind it.
target/debug/kontrakt serve --addr 127.0.0.1:0 --write-burst 4000000000 \
    --write-rate 1000000000 --db "$dir/api.db" 2>"$dir/server.log" &
server_pid=$!
addr=
for _ in $(seq 1 200); do
    addr=$(sed -n 's/.*serving http:\/\/\([^ ]*\).*/\1/p' "$dir/server.log" | head -n 1)
    if [ -n "$addr" ] && curl -fs "http://$addr/healthz" >/dev/null 2>&1; then
        break
    fi
    addr=
    sleep 0.1
done
if [ -z "$addr" ]; then
    cat "$dir/server.log" >&2
    echo "schemathesis: the server did not start" >&2
    exit 1
fi

status=0
"$venv/bin/schemathesis" run "http://$addr/api/v1/openapi.json" \
    --checks not_a_server_error,status_code_conformance,response_schema_conformance,content_type_conformance,response_headers_conformance \
    --max-time "$max_time" --max-examples 30 --suppress-health-check all \
    --no-color </dev/null || status=$?
if [ "$status" -ne 0 ]; then
    echo "schemathesis: the server's answers disagree with its OpenAPI document (above);" \
        "the server's log:" >&2
    tail -n 40 "$dir/server.log" >&2
fi
exit "$status"
