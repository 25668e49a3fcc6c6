#!/usr/bin/env bash
# Load test of the release server on loopback, in one run (BENCHMARKS.md "HTTP load"):
#   1. a static file (the ceiling), plain and as phones ask for it (brotli, gzip: the
#      precompressed copies),
#   2. a game's JSON (GET /api/v1/games/{id}),
#   3. the game page (GET /games/{id}), plain, brotli and gzip; a group's page and its
#      standings (GET /groups/{id}, /groups/{id}/standings), brotli and gzip,
#   4. durable round submissions (a new round or an undo, in turn, on one game per
#      connection: each a BEGIN IMMEDIATE transaction committed with synchronous=FULL),
#   5. solve requests (an adversarial hand) from one client (6 connections: the server's
#      per-client computation queue),
# each with wrk -c64 -t2 -d10s --latency, and the raw single-row SQLite WAL+FULL commit rate
# on the same disk (benches/raw_commit.py: SQLite itself through Python's sqlite3, one
# connection, one transaction per commit; `cargo bench --bench raw_commit` is the same through
# rusqlite). Prints throughput and p50/p99, then checks the targets: game
# page >= 1/2 of the static file's throughput with p99 < 10 ms, plain and in each encoding
# against the static file in the same encoding (so too the group page and the standings);
# durable submissions >= 1.0x the raw commit rate; no errors. Exit status 1 if a target is
# missed.
#
# Usage: bash benches/load.sh        (env: DURATION=10s CONNECTIONS=64 THREADS=2
#                                     LOAD_DIR=/var/tmp, where the databases go;
#                                     KONTRAKT_BIN=path/to/kontrakt benchmarks that prebuilt
#                                     server instead of building target/release/kontrakt;
#                                     RAW_COMMIT=skip does not run the raw commit
#                                     benchmark, and leaves its target unchecked: for
#                                     comparing the server's own figures between binaries;
#                                     PERF_RECORD=file records the server with perf during
#                                     the durable submissions)
# Installs wrk with apt-get when it is missing (needs root).
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
LOAD_DIR=${LOAD_DIR:-/var/tmp}
TARGET_DIR=${CARGO_TARGET_DIR:-target}

if ! command -v wrk >/dev/null; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "wrk is missing: install it (apt-get install wrk) or run this as root" >&2
        exit 2
    fi
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi

if [ -n "${KONTRAKT_BIN:-}" ]; then
    # A prebuilt server (e.g. a copy of an earlier version, to compare): benchmark it as it is.
    [ -x "$KONTRAKT_BIN" ] || { echo "KONTRAKT_BIN=$KONTRAKT_BIN is not an executable" >&2; exit 2; }
    SERVER_BIN=$KONTRAKT_BIN
    echo "server: $SERVER_BIN, not rebuilt" >&2
else
    SERVER_BIN="$TARGET_DIR/release/kontrakt"
    echo "building the release server..." >&2
    cargo build --release --quiet --bin kontrakt
fi
RAW_COMMIT=${RAW_COMMIT:-run}

WORK=$(mktemp -d -p "$LOAD_DIR" kontrakt-load.XXXXXX)
SERVER=""
cleanup() {
    if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

# The server on a free port chosen by the system; its log names the port. A write limit no
# benchmark reaches (the real default is 30 writes at once, then 3 per second per address),
# and a per-address connection cap no CONNECTIONS reaches (the default is 128; set through
# the environment, which a prebuilt server older than the cap ignores).
KONTRAKT_MAX_CONNECTIONS_PER_CLIENT=1000000 \
RUST_LOG=warn,kontrakt=info "$SERVER_BIN" serve --addr 127.0.0.1:0 \
    --db "$WORK/load.db" --write-burst 4294967295 --write-rate 1000000000 \
    2>"$WORK/server.log" &
SERVER=$!
ADDR=""
for _ in $(seq 1 300); do
    ADDR=$(sed -n 's/.*serving http:\/\/\([^ ]*\).*/\1/p' "$WORK/server.log" | head -n 1)
    [ -n "$ADDR" ] && curl -fsS "http://$ADDR/healthz" >/dev/null 2>&1 && break
    sleep 0.1
done
[ -n "$ADDR" ] || { echo "the server did not start:" >&2; cat "$WORK/server.log" >&2; exit 2; }
BASE="http://$ADDR"

json() { python3 -c "import json, sys; print(json.load(sys.stdin)$1)"; }
post() { curl -fsS -H 'content-type: application/json' -d "$2" "$BASE$1"; }

# A Liverpool game of four with three rounds entered (to read, and to write to).
new_game() {
    local id
    id=$(post /api/v1/games '{"rules": "liverpool", "players": ["Ann", "Ben", "Cy", "Di"]}' | json '["id"]')
    post "/api/v1/games/$id/rounds" \
        '{"went_out": "Ann", "points": {"Ben": 35, "Cy": 15}, "cards": {"Di": "AS JK 10H"}, "cut_bonus": true}' >/dev/null
    post "/api/v1/games/$id/rounds" '{"went_out": "Ben", "points": {"Ann": 20, "Cy": 5, "Di": 60}}' >/dev/null
    post "/api/v1/games/$id/rounds" '{"went_out": "Cy", "points": {"Ann": 15, "Ben": 30, "Di": 45}}' >/dev/null
    echo "$id"
}
GAME=$(new_game)
# A group of four with two finished games and one under way (its page and its standings).
GROUP=$(post /api/v1/groups '{"name": "Friday", "players": ["Ann", "Ben", "Cy", "Di"]}' | json '["id"]')
for finished in 1 2 3; do
    gid=$(post "/api/v1/groups/$GROUP/games" '{"rules": "liverpool", "players": ["Ann", "Ben", "Cy", "Di"]}' | json '["id"]')
    post "/api/v1/games/$gid/rounds" '{"went_out": "Ann", "points": {"Ben": 35, "Cy": 15, "Di": 60}}' >/dev/null
    post "/api/v1/games/$gid/rounds" '{"went_out": "Ben", "points": {"Ann": 20, "Cy": 5, "Di": 60}}' >/dev/null
    [ "$finished" = 3 ] || post "/api/v1/games/$gid/end" '{}' >/dev/null
done
# Games to write to, four per connection: each write enters a new round (no version needed)
# or undoes the last one, in turn, so every request is a durable write with its history row.
# Two requests for one game are about 2 x CONNECTIONS requests apart, so neither reads a state
# the other is changing (that would be an honest 409). (Correcting an entered round needs its
# version since issue 14, so 64 connections correcting one round would mostly get 409s.)
WRITE_GAMES=()
for _ in $(seq 1 $(( CONNECTIONS * 4 ))); do WRITE_GAMES+=("$(new_game)"); done
{
    echo "-- New rounds and undos, in turn, on ${#WRITE_GAMES[@]} games: every request is a durable write."
    printf 'local games = {'
    printf '"%s",' "${WRITE_GAMES[@]}"
    echo '}'
    echo "THREADS = $THREADS"
    cat <<'EOF'
-- Each wrk thread writes to its own share of the games, so two requests for one game are a
-- whole round of the thread's connections apart (a new round computed from a state another
-- request is about to change would be a 409).
local threads = 0
function setup(thread)
    thread:set("first", threads)
    threads = threads + 1
end
local n = 0
request = function()
    n = n + 1
    local share = math.floor(#games / THREADS)
    local game = games[first * share + (n % share) + 1]
    local headers = {["Content-Type"] = "application/json"}
    -- Points a Liverpool hand can hold (multiples of 5, never 0 for a player who did not go
    -- out): the plausibility check refuses others since issue 11.
    if math.floor(n / share) % 2 == 0 then
        local body = string.format(
            '{"went_out": "Ann", "points": {"Ben": %d, "Cy": %d, "Di": %d}}',
            5 + (n % 19) * 5, 5 + ((n * 7) % 19) * 5, 5 + ((n * 13) % 19) * 5)
        return wrk.format("POST", "/api/v1/games/" .. game .. "/rounds", headers, body)
    end
    return wrk.format("POST", "/api/v1/games/" .. game .. "/undo", headers, "{}")
end
EOF
} >"$WORK/write.lua"
cat >"$WORK/solve.lua" <<'EOF'
-- The slowest hand of the engine benchmarks: Shanghai (Kolsov) round 9, 20 cards, 6 jokers, no.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"rules": "shanghai-kolsov", "round": 9, "hand": "5C 6D 9S 10H KD QS 3H 4H 6H 8H 2D 8C JC QD JK JK JK JK JK JK"}'
EOF

# run NAME URL [wrk args...]: runs wrk, keeps its report, prints one line of figures.
declare -A RPS P50 P99 ERRORS TOTAL
to_ms() {
    # wrk prints 1.23ms, 456.00us, 1.02s
    awk -v v="$1" 'BEGIN {
        if (v ~ /us$/) { sub(/us$/, "", v); printf "%.3f", v / 1000 }
        else if (v ~ /ms$/) { sub(/ms$/, "", v); printf "%.3f", v }
        else if (v ~ /s$/) { sub(/s$/, "", v); printf "%.3f", v * 1000 }
        else { printf "%s", v } }'
}
run() {
    local name=$1 url=$2
    shift 2
    local report="$WORK/$name.txt"
    wrk -t"$THREADS" -c"${CONNS:-$CONNECTIONS}" -d"$DURATION" --latency "$@" "$url" >"$report"
    RPS[$name]=$(awk '/^Requests\/sec:/ { printf "%.0f", $2 }' "$report")
    P50[$name]=$(to_ms "$(awk '$1 == "50%" { print $2 }' "$report")")
    P99[$name]=$(to_ms "$(awk '$1 == "99%" { print $2 }' "$report")")
    local non2xx socket
    non2xx=$(awk '/Non-2xx or 3xx responses:/ { print $5 }' "$report")
    socket=$(awk '/Socket errors:/ { gsub(",", ""); print $4 + $6 + $8 + $10 }' "$report")
    ERRORS[$name]=$(( ${non2xx:-0} + ${socket:-0} ))
    TOTAL[$name]=$(awk '/requests in/ { print $1 }' "$report")
    printf '%-22s %9s req/s   p50 %8s ms   p99 %8s ms   errors %s\n' \
        "$name" "${RPS[$name]}" "${P50[$name]}" "${P99[$name]}" "${ERRORS[$name]}"
}

echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION --latency against $BASE ($(nproc) cores)"
run static "$BASE/static/app.css"
run game_json "$BASE/api/v1/games/$GAME"
BR=(-H 'Accept-Encoding: br')
GZ=(-H 'Accept-Encoding: gzip')
run static_br "$BASE/static/app.css" "${BR[@]}"
run static_gzip "$BASE/static/app.css" "${GZ[@]}"
run game_page "$BASE/games/$GAME"
# What a phone gets: the kept page's compressed body (web::kept).
run game_page_br "$BASE/games/$GAME" "${BR[@]}"
run game_page_gzip "$BASE/games/$GAME" "${GZ[@]}"
run group_page_br "$BASE/groups/$GROUP" "${BR[@]}"
run group_page_gzip "$BASE/groups/$GROUP" "${GZ[@]}"
run standings_br "$BASE/groups/$GROUP/standings" "${BR[@]}"
run standings_gzip "$BASE/groups/$GROUP/standings" "${GZ[@]}"
if [ "$RAW_COMMIT" != skip ]; then
    # SQLite itself, no build needed (the same as `cargo bench --bench raw_commit`).
    RAW=$(python3 benches/raw_commit.py "$WORK" | sed -n 's/^raw_commits_per_second=//p')
    printf '%-22s %9s commits/s (SQLite itself: one-row transactions, WAL + synchronous=FULL, same disk)\n' \
        raw_commit "$RAW"
else
    RAW=""
    echo "raw_commit             skipped (RAW_COMMIT=skip)"
fi
if [ -n "${PERF_RECORD:-}" ]; then
    # The server's profile during the durable submissions (perf report -i "$PERF_RECORD").
    perf record -F 999 -g -o "$PERF_RECORD" -p "$SERVER" -- sleep "${DURATION%s}" 2>/dev/null &
    PERF=$!
fi
run submit_durable "$BASE" -s "$WORK/write.lua"
if [ -n "${PERF_RECORD:-}" ]; then wait "$PERF" || true; fi
# One client's solves: the server runs at most 2 computations per client address and queues 4
# more (a 429 beyond that), so one client keeps 6 requests in flight.
CONNS=6 run solve "$BASE/api/v1/solve" -s "$WORK/solve.lua"

# Every answered write was stored: the history holds one row per write (3 entered rounds per
# game before the run).
HISTORY=0
for game in "${WRITE_GAMES[@]}"; do
    HISTORY=$(( HISTORY + $(curl -fsS "$BASE/api/v1/games/$game/history" | json '["count"]') ))
done
WRITES=$(( TOTAL[submit_durable] - ERRORS[submit_durable] ))
ADDED=$(( HISTORY - 3 * ${#WRITE_GAMES[@]} ))
echo "history rows written during the run: $ADDED; writes answered 2xx: $WRITES"

echo
echo "targets:"
MISSED=0
check() { # check DESCRIPTION CONDITION(awk expression)
    if awk "BEGIN { exit !($2) }"; then echo "  ok      $1"; else echo "  MISSED  $1"; MISSED=1; fi
}
check "game page ${RPS[game_page]} req/s >= half of static ${RPS[static]}" \
    "${RPS[game_page]} * 2 >= ${RPS[static]}"
check "game page p99 ${P99[game_page]} ms < 10 ms" "${P99[game_page]} < 10"
for page in game_page group_page standings; do
    for coding in br gzip; do
        row=${page}_$coding
        check "$row ${RPS[$row]} req/s >= half of static_$coding ${RPS[static_$coding]}" \
            "${RPS[$row]} * 2 >= ${RPS[static_$coding]}"
        check "$row p99 ${P99[$row]} ms < 10 ms" "${P99[$row]} < 10"
    done
done
if [ -n "$RAW" ]; then
    check "durable submissions ${RPS[submit_durable]}/s >= 1.0x raw commits $RAW/s" \
        "${RPS[submit_durable]} >= $RAW"
else
    echo "  skipped durable submissions >= 1.0x raw commits (RAW_COMMIT=skip)"
fi
# (A write still in flight when wrk stops is stored but not counted as answered.)
check "every answered write is in the history ($ADDED rows, $WRITES answers)" "$ADDED >= $WRITES"
TOTAL_ERRORS=0
for name in "${!ERRORS[@]}"; do TOTAL_ERRORS=$(( TOTAL_ERRORS + ERRORS[$name] )); done
check "no errors (non-2xx or socket errors: $TOTAL_ERRORS)" "$TOTAL_ERRORS == 0"
exit $MISSED
