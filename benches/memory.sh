#!/usr/bin/env bash
# Memory of the release server under the two loads of BENCHMARKS.md "Memory budgets":
#   1. imports: one client (one address, one device cookie) for DURATION seconds makes a group
#      and imports a paper sheet of 200 seven-round games into it, again and again, at the
#      default write limits, ignoring every 429: the server's peak RSS (VmHWM) must stay under
#      300 MB;
#   2. a big group after a start: a database with one group of GAMES (5,000) games of seven
#      rounds (made with `kontrakt export`, copied, `kontrakt import`), the server started on
#      it and the group's JSON read once: its peak RSS must stay under 200 MB.
# RSS is read from /proc/PID/status (VmHWM, the peak resident set; VmRSS at the end too).
# Prints both and exits 1 if a target is missed.
#
# Usage: bash benches/memory.sh       (env: KONTRAKT_BIN=path/to/kontrakt, else
#                                      target/release/kontrakt is built; DURATION=25;
#                                      GAMES=5000; MEMORY_DIR=/var/tmp, where the databases
#                                      go; SERVER_ARGS, extra flags of `kontrakt serve`, e.g.
#                                      "--cache-mb 16")
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-25}
GAMES=${GAMES:-5000}
MEMORY_DIR=${MEMORY_DIR:-/var/tmp}
SERVER_ARGS=${SERVER_ARGS:-}
if [ -z "${KONTRAKT_BIN:-}" ]; then
    cargo build --release --bin kontrakt >&2
    KONTRAKT_BIN=${CARGO_TARGET_DIR:-target}/release/kontrakt
fi
work=$(mktemp -d "$MEMORY_DIR/kontrakt-memory.XXXXXX")
server=""
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# start DB PORT: the server on DB, waiting until it answers.
start() {
    # shellcheck disable=SC2086
    "$KONTRAKT_BIN" serve --db "$1" --addr "127.0.0.1:$2" $SERVER_ARGS \
        >"$work/server.log" 2>&1 &
    server=$!
    for _ in $(seq 1 200); do
        if curl -fsS "http://127.0.0.1:$2/healthz" >/dev/null 2>&1; then return; fi
        sleep 0.05
    done
    echo "the server did not start:" >&2
    cat "$work/server.log" >&2
    exit 2
}

stop() {
    kill "$server"
    wait "$server" 2>/dev/null || true
    server=""
}

kb() { awk -v k="$1" '$1 == k":" {print $2}' "/proc/$server/status"; }

# ---- 1. imports from one client ----
port=$(free_port)
start "$work/imports.db" "$port"
python3 - "$port" "$DURATION" >"$work/imports.out" <<'EOF'
import http.client, json, sys, time
port, duration = int(sys.argv[1]), float(sys.argv[2])
rows = ["date,rules,game,player,r1,r2,r3,r4,r5,r6,r7"]
hands = [("Ann", "0,15,30,0,5,20,10"), ("Ben", "20,0,5,35,0,25,0"), ("Cy", "10,25,0,15,40,0,30")]
for game in range(1, 201):
    for name, points in hands:
        rows.append(f"2026-11-20,liverpool,{game},{name},{points}")
sheet = "\n".join(rows) + "\n"
conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
cookie = None
def post(path, body):
    # A refused write is answered before its body is read, and the server then closes the
    # connection: a new one for the next request.
    global cookie, conn
    headers = {"content-type": "application/json", "origin": f"http://127.0.0.1:{port}"}
    if cookie:
        headers["cookie"] = cookie
    try:
        conn.request("POST", path, json.dumps(body), headers)
        r = conn.getresponse()
        data = r.read()
    except (http.client.HTTPException, OSError):
        conn.close()
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        return 0, b""
    if r.getheader("connection", "").lower() == "close":
        conn.close()
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    set_cookie = r.getheader("set-cookie")
    if set_cookie and set_cookie.startswith("kontrakt_device="):
        cookie = set_cookie.split(";")[0]
    return r.status, data
end = time.time() + duration
counts = {}
games = 0
while time.time() < end:
    status, data = post("/api/v1/groups", {"name": "Club", "players": ["Ann", "Ben", "Cy"]})
    counts[("group", status)] = counts.get(("group", status), 0) + 1
    if status != 201:
        continue
    group = json.loads(data)["id"]
    status, data = post(f"/api/v1/groups/{group}/import", {"csv": sheet})
    counts[("import", status)] = counts.get(("import", status), 0) + 1
    if status == 201:
        games += len(json.loads(data)["games"])
    # A reader polls the group, as a phone at the table does.
    try:
        conn.request("GET", f"/api/v1/groups/{group}")
        conn.getresponse().read()
    except (http.client.HTTPException, OSError):
        conn.close()
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
print(json.dumps({"games": games, "answers": {f"{k[0]} {k[1]}": v for k, v in counts.items()}}))
EOF
imports_hwm=$(kb VmHWM)
imports_rss=$(kb VmRSS)
stop
db_mb=$(du -m "$work/imports.db" | cut -f1)
echo "imports for ${DURATION}s: $(cat "$work/imports.out"); database ${db_mb} MB;" \
    "peak RSS $((imports_hwm / 1024)) MB, at the end $((imports_rss / 1024)) MB"

# ---- 2. one read of a big group after a start ----
port=$(free_port)
start "$work/seed.db" "$port"
python3 - "$port" >"$work/seed.out" <<'EOF'
import http.client, json, sys
port = int(sys.argv[1])
conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
def call(method, path, body=None):
    conn.request(method, path, json.dumps(body) if body is not None else None,
                 {"content-type": "application/json", "origin": f"http://127.0.0.1:{port}"})
    r = conn.getresponse()
    return r.status, json.loads(r.read() or b"null")
status, group = call("POST", "/api/v1/groups", {"name": "Club", "players": ["Ann", "Ben", "Cy", "Dee"]})
assert status == 201, group
status, game = call("POST", f"/api/v1/groups/{group['id']}/games",
                    {"rules": "liverpool", "players": ["Ann", "Ben", "Cy", "Dee"]})
assert status == 201, game
for _ in range(7):
    status, body = call("POST", f"/api/v1/games/{game['id']}/rounds",
                        {"went_out": "Ann", "points": {"Ben": 25, "Cy": 40, "Dee": 15}})
    assert status == 200, body
print(group["id"])
EOF
stop
group=$(cat "$work/seed.out")
"$KONTRAKT_BIN" export --db "$work/seed.db" --out "$work/seed.json" >/dev/null
python3 - "$work/seed.json" "$work/big.json" "$GAMES" <<'EOF'
import json, secrets, sys
src, dst, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
export = json.load(open(src))
game = export["games"][0]
games = []
for _ in range(n):
    copy = dict(game)
    copy["id"] = secrets.token_hex(16)
    copy["view_token"] = secrets.token_hex(16)
    games.append(copy)
export["games"] = games
json.dump(export, open(dst, "w"))
EOF
"$KONTRAKT_BIN" import "$work/big.json" --db "$work/big.db" >/dev/null
port=$(free_port)
start "$work/big.db" "$port"
before=$(kb VmHWM)
bytes=$(curl -fsS "http://127.0.0.1:$port/api/v1/groups/$group" | wc -c)
group_hwm=$(kb VmHWM)
group_rss=$(kb VmRSS)
stop
echo "one read of a ${GAMES}-game group after a start (${bytes} bytes of JSON):" \
    "peak RSS $((group_hwm / 1024)) MB (at the start $((before / 1024)) MB), at the end" \
    "$((group_rss / 1024)) MB"

status=0
if [ "$imports_hwm" -ge $((300 * 1024)) ]; then
    echo "MISSED: imports took the server to $((imports_hwm / 1024)) MB (target: under 300 MB)"
    status=1
fi
if [ "$group_hwm" -ge $((200 * 1024)) ]; then
    echo "MISSED: the big group's read took the server to $((group_hwm / 1024)) MB (target: under 200 MB)"
    status=1
fi
exit $status
