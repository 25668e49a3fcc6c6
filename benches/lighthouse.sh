#!/usr/bin/env bash
# Lighthouse on the phone (BENCHMARKS.md "On the phone"): the release server on a free
# loopback port with a seeded group (a mid-game game, a finished one), and Lighthouse's
# default configuration (the emulated mid-range phone: mobile screen, simulated slow 4G and
# 4x CPU slowdown) with Debian's Chromium against the home page, the mid-game game page, its
# round form, the checker set to the game, the finished game's settlement and the group's
# standings. Prints per page: performance score, LCP, CLS, total blocking time, bytes
# transferred and the render-blocking requests; then checks the targets: LCP < 1.0 s,
# CLS < 0.02, no render-blocking request beyond the one stylesheet, every page < 25 KB
# transferred. Exit status 1 if a target is missed.
#
# Usage: bash benches/lighthouse.sh   (env: KONTRAKT_BIN=path/to/kontrakt runs that prebuilt
#                                      server instead of building target/release/kontrakt;
#                                      CHROME_PATH=path/to/chromium; LIGHTHOUSE_DIR, where
#                                      Lighthouse is installed from npm when missing, default
#                                      target/lighthouse; RUNS=1 runs per page, the median
#                                      run by performance score is shown; REPORTS=dir keeps
#                                      Lighthouse's JSON reports there)
# Installs Lighthouse (npm, project-local) and chromium (apt-get, needs root) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

TARGET_DIR=${CARGO_TARGET_DIR:-target}
LIGHTHOUSE_DIR=${LIGHTHOUSE_DIR:-$TARGET_DIR/lighthouse}
LIGHTHOUSE_VERSION=${LIGHTHOUSE_VERSION:-12.8.2}
RUNS=${RUNS:-1}

if [ ! -x "$LIGHTHOUSE_DIR/node_modules/.bin/lighthouse" ]; then
    command -v npm >/dev/null || { echo "npm is missing: apt-get install npm" >&2; exit 2; }
    echo "installing lighthouse@$LIGHTHOUSE_VERSION into $LIGHTHOUSE_DIR..." >&2
    mkdir -p "$LIGHTHOUSE_DIR"
    npm install --silent --no-audit --no-fund --prefix "$LIGHTHOUSE_DIR" \
        "lighthouse@$LIGHTHOUSE_VERSION" >&2
fi
LIGHTHOUSE="$LIGHTHOUSE_DIR/node_modules/.bin/lighthouse"

if [ -z "${CHROME_PATH:-}" ]; then
    if ! command -v chromium >/dev/null; then
        if [ "$(id -u)" -ne 0 ]; then
            echo "chromium is missing: apt-get install chromium, or set CHROME_PATH" >&2
            exit 2
        fi
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    fi
    CHROME_PATH=$(command -v chromium)
fi
export CHROME_PATH

if [ -n "${KONTRAKT_BIN:-}" ]; then
    [ -x "$KONTRAKT_BIN" ] || { echo "KONTRAKT_BIN=$KONTRAKT_BIN is not an executable" >&2; exit 2; }
    SERVER_BIN=$KONTRAKT_BIN
else
    SERVER_BIN="$TARGET_DIR/release/kontrakt"
    echo "building the release server..." >&2
    cargo build --release --quiet --bin kontrakt
fi

WORK=$(mktemp -d -t kontrakt-lighthouse.XXXXXX)
SERVER=""
cleanup() {
    if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

RUST_LOG=warn,kontrakt=info "$SERVER_BIN" serve --addr 127.0.0.1:0 --db "$WORK/lighthouse.db" \
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

# A group of four: a finished Liverpool game of three rounds (its settlement, the standings)
# and one in its fourth round (the game page, the round form, the checker).
PLAYERS='["Ann", "Ben", "Cy", "Di"]'
GROUP=$(post /api/v1/groups "{\"name\": \"Freitagsrunde\", \"players\": $PLAYERS}" | json '["id"]')
rounds() {
    post "/api/v1/games/$1/rounds" \
        '{"went_out": "Ann", "points": {"Ben": 35, "Cy": 15}, "cards": {"Di": "AS JK 10H"}, "cut_bonus": true}' >/dev/null
    post "/api/v1/games/$1/rounds" '{"went_out": "Ben", "points": {"Ann": 20, "Cy": 5, "Di": 60}}' >/dev/null
    post "/api/v1/games/$1/rounds" '{"went_out": "Cy", "points": {"Ann": 15, "Ben": 30, "Di": 45}}' >/dev/null
}
DONE=$(post "/api/v1/groups/$GROUP/games" "{\"rules\": \"liverpool\", \"players\": $PLAYERS, \"cents_per_point\": 1}" | json '["id"]')
rounds "$DONE"
post "/api/v1/games/$DONE/end" '{}' >/dev/null
GAME=$(post "/api/v1/groups/$GROUP/games" "{\"rules\": \"liverpool\", \"players\": $PLAYERS, \"cents_per_point\": 1}" | json '["id"]')
rounds "$GAME"

PAGES=(
    "home /"
    "game /games/$GAME"
    "round_form /games/$GAME/rounds/new"
    "checker /check?game=$GAME"
    "settlement /games/$DONE/settlement"
    "standings /groups/$GROUP/standings"
)

echo "Lighthouse $("$LIGHTHOUSE" --version), default (mobile) configuration, $(basename "$CHROME_PATH") $("$CHROME_PATH" --version 2>/dev/null | awk '{print $2}'), $RUNS run(s) per page, $(nproc) cores"
printf '%-11s %5s %8s %7s %7s %9s  %s\n' page score "LCP ms" CLS "TBT ms" "bytes" "render-blocking requests"
for entry in "${PAGES[@]}"; do
    name=${entry%% *}
    path=${entry#* }
    for run in $(seq 1 "$RUNS"); do
        "$LIGHTHOUSE" "$BASE$path" --quiet --only-categories=performance \
            --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage" \
            --output=json --output-path="$WORK/$name.$run.json" >/dev/null 2>"$WORK/$name.$run.log" ||
            { echo "lighthouse failed on $path:" >&2; tail -20 "$WORK/$name.$run.log" >&2; exit 2; }
    done
    python3 - "$name" "$WORK" "$RUNS" <<'EOF' >>"$WORK/rows"
import json, sys
name, work, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
reports = [json.load(open(f"{work}/{name}.{run}.json")) for run in range(1, runs + 1)]
reports.sort(key=lambda r: r["categories"]["performance"]["score"] or 0)
r = reports[len(reports) // 2]
a = r["audits"]
blocking = a.get("render-blocking-insight") or a["render-blocking-resources"]
urls = [item["url"].split("/")[-1] for item in (blocking.get("details") or {}).get("items", [])]
print(name,
      round(100 * r["categories"]["performance"]["score"]),
      round(a["largest-contentful-paint"]["numericValue"]),
      f'{a["cumulative-layout-shift"]["numericValue"]:.3f}',
      round(a["total-blocking-time"]["numericValue"]),
      round(a["total-byte-weight"]["numericValue"]),
      len(urls),
      ",".join(urls) or "-")
EOF
    if [ -n "${REPORTS:-}" ]; then mkdir -p "$REPORTS" && cp "$WORK/$name".*.json "$REPORTS/"; fi
    tail -n 1 "$WORK/rows" | awk '{ printf "%-11s %5s %8s %7s %7s %9s  %s (%s)\n", $1, $2, $3, $4, $5, $6, $7, $8 }'
done

echo
echo "targets:"
MISSED=0
check() { # check DESCRIPTION CONDITION(awk expression)
    if awk "BEGIN { exit !($2) }"; then echo "  ok      $1"; else echo "  MISSED  $1"; MISSED=1; fi
}
while read -r name score lcp cls tbt bytes blocking urls; do
    check "$name: LCP $lcp ms < 1000 ms" "$lcp < 1000"
    check "$name: CLS $cls < 0.02" "$cls < 0.02"
    check "$name: $blocking render-blocking request(s) <= 1, a stylesheet ($urls)" \
        "$blocking <= 1 && ($blocking == 0 || \"$urls\" ~ /\\.css\$/)"
    check "$name: $bytes bytes < 25 KB transferred" "$bytes < 25600"
done <"$WORK/rows"
exit $MISSED
