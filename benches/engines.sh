#!/usr/bin/env bash
# The same load on both storage engines (BENCHMARKS.md "SQLite and PostgreSQL"), in one run:
# the game page (GET /games/{id}) and durable round submissions (a new round or an undo, in
# turn, on games of their own), each with wrk -c64 -t2 -d10s --latency, against
#   1. SQLite, one server (the default set-up),
#   2. PostgreSQL, one server,
#   3. PostgreSQL, two servers on the same database, the connections split between them
#      (two wrk runs at once, their figures added; p99 is the worse of the two).
# PostgreSQL is a throw-away cluster from .ci/postgres.sh (installed when missing, in a
# temporary directory, on a loopback port, removed at the end).
#
# Usage: bash benches/engines.sh   (env: DURATION=10s CONNECTIONS=64 LOAD_DIR=/var/tmp;
#                                   KONTRAKT_BIN=path/to/kontrakt benchmarks that prebuilt
#                                   server instead of building target/release/kontrakt)
# Installs wrk with apt-get when it is missing (needs root).
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
LOAD_DIR=${LOAD_DIR:-/var/tmp}

if ! command -v wrk >/dev/null; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "wrk is missing: install it (apt-get install wrk) or run this as root" >&2
        exit 2
    fi
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi
if [ -n "${KONTRAKT_BIN:-}" ]; then
    SERVER_BIN=$KONTRAKT_BIN
else
    SERVER_BIN="${CARGO_TARGET_DIR:-target}/release/kontrakt"
    echo "building the release server..." >&2
    cargo build --release --quiet --bin kontrakt
fi

WORK=$(mktemp -d -p "$LOAD_DIR" kontrakt-engines.XXXXXX)
SERVERS=()
cleanup() {
    for pid in "${SERVERS[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    bash .ci/postgres.sh stop "$WORK/pg" >/dev/null 2>&1 || true
    rm -rf "$WORK"
}
trap cleanup EXIT

PG_URL=$(bash .ci/postgres.sh start "$WORK/pg")

# start_server DB: a server on a free port for DB; its base URL in BASE.
start_server() {
    local log
    log="$WORK/server-${#SERVERS[@]}.log"
    KONTRAKT_MAX_CONNECTIONS_PER_CLIENT=1000000 \
    RUST_LOG=warn,kontrakt=info "$SERVER_BIN" serve --addr 127.0.0.1:0 --db "$1" \
        --write-burst 4294967295 --write-rate 1000000000 >/dev/null 2>"$log" &
    SERVERS+=($!)
    local addr=""
    for _ in $(seq 1 300); do
        addr=$(sed -n 's/.*serving http:\/\/\([^ ]*\).*/\1/p' "$log" | head -n 1)
        [ -n "$addr" ] && curl -fsS "http://$addr/healthz" >/dev/null 2>&1 && break
        sleep 0.1
    done
    [ -n "$addr" ] || { echo "the server did not start:" >&2; cat "$log" >&2; exit 2; }
    BASE="http://$addr"
}
stop_servers() {
    for pid in "${SERVERS[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    SERVERS=()
}

json() { python3 -c "import json, sys; print(json.load(sys.stdin)$1)"; }
post() { curl -fsS -H 'content-type: application/json' -d "$3" "$1$2"; }
new_game() {
    local id
    id=$(post "$1" /api/v1/games '{"rules": "liverpool", "players": ["Ann", "Ben", "Cy", "Di"]}' | json '["id"]')
    post "$1" "/api/v1/games/$id/rounds" '{"went_out": "Ann", "points": {"Ben": 35, "Cy": 15, "Di": 20}}' >/dev/null
    post "$1" "/api/v1/games/$id/rounds" '{"went_out": "Ben", "points": {"Ann": 20, "Cy": 5, "Di": 60}}' >/dev/null
    echo "$id"
}
# write_lua FILE GAMES...: a wrk script writing a new round or an undo, in turn, to each game.
write_lua() {
    local file=$1
    shift
    {
        printf 'local games = {'
        printf '"%s",' "$@"
        echo '}'
        cat <<'EOF'
-- Each wrk thread writes to its own half of the games (as in load.sh), so two requests for
-- one game are a whole round of the thread's connections apart and never race: a new round
-- computed from a state another request is about to change would be an honest 409.
local threads = 0
function setup(thread)
    thread:set("first", threads)
    threads = threads + 1
end
local n = 0
request = function()
    n = n + 1
    local share = math.floor(#games / 2)
    local game = games[first * share + (n % share) + 1]
    local headers = {["Content-Type"] = "application/json"}
    if math.floor(n / share) % 2 == 0 then
        local body = string.format(
            '{"went_out": "Ann", "points": {"Ben": %d, "Cy": %d, "Di": %d}}',
            5 + (n % 19) * 5, 5 + ((n * 7) % 19) * 5, 5 + ((n * 13) % 19) * 5)
        return wrk.format("POST", "/api/v1/games/" .. game .. "/rounds", headers, body)
    end
    return wrk.format("POST", "/api/v1/games/" .. game .. "/undo", headers, "{}")
end
EOF
    } >"$file"
}
to_ms() {
    awk -v v="$1" 'BEGIN {
        if (v ~ /us$/) { sub(/us$/, "", v); printf "%.2f", v / 1000 }
        else if (v ~ /ms$/) { sub(/ms$/, "", v); printf "%.2f", v }
        else if (v ~ /s$/) { sub(/s$/, "", v); printf "%.2f", v * 1000 }
        else { printf "%s", v } }'
}
# load NAME CONNS URL [wrk args]: one wrk run in the background, its report in $WORK/NAME.txt;
# `wait "${WRKS[@]}"` waits for them.
WRKS=()
load() {
    local name=$1 conns=$2 url=$3
    shift 3
    wrk -t2 -c"$conns" -d"$DURATION" --latency "$@" "$url" >"$WORK/$name.txt" &
    WRKS+=($!)
}
# summary NAME...: added req/s, worst p99, errors over the reports.
summary() {
    local rps=0 p99=0 errors=0 r p e
    for name in "$@"; do
        r=$(awk '/^Requests\/sec:/ { printf "%.0f", $2 }' "$WORK/$name.txt")
        p=$(to_ms "$(awk '$1 == "99%" { print $2 }' "$WORK/$name.txt")")
        e=$(awk '/Non-2xx or 3xx responses:/ { n += $5 } /Socket errors:/ { gsub(",", ""); n += $4 + $6 + $8 + $10 } END { print n + 0 }' "$WORK/$name.txt")
        rps=$(( rps + r ))
        p99=$(awk -v a="$p99" -v b="$p" 'BEGIN { print (b > a) ? b : a }')
        errors=$(( errors + e ))
    done
    printf '%8s req/s  p99 %7s ms  errors %s' "$rps" "$p99" "$errors"
}

# bench LABEL DB SERVERS
bench() {
    local label=$1 db=$2 count=$3 bases=() i
    for _ in $(seq 1 "$count"); do
        start_server "$db"
        bases+=("$BASE")
    done
    local game
    game=$(new_game "${bases[0]}")
    local per=$(( CONNECTIONS / count )) names=()
    for i in "${!bases[@]}"; do
        load "page-$i" "$per" "${bases[$i]}/games/$game"
        names+=("page-$i")
    done
    wait "${WRKS[@]}"
    WRKS=()
    local page
    page=$(summary "${names[@]}")
    names=()
    for i in "${!bases[@]}"; do
        local games=() g
        for _ in $(seq 1 $(( per * 4 ))); do games+=("$(new_game "${bases[$i]}")"); done
        write_lua "$WORK/write-$i.lua" "${games[@]}"
    done
    for i in "${!bases[@]}"; do
        load "write-$i" "$per" "${bases[$i]}" -s "$WORK/write-$i.lua"
        names+=("write-$i")
    done
    wait "${WRKS[@]}"
    WRKS=()
    printf '%-28s page %s   durable writes %s\n' "$label" "$page" "$(summary "${names[@]}")"
    stop_servers
}

echo "wrk -t2 -c$CONNECTIONS -d$DURATION --latency per engine ($(nproc) cores; server: $SERVER_BIN)"
bench "SQLite, one server" "$WORK/load.db" 1
bench "PostgreSQL, one server" "$PG_URL" 1
bench "PostgreSQL, two servers" "$PG_URL" 2
