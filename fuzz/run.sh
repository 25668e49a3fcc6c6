#!/usr/bin/env bash
# Time-boxed fuzzing of the rules engine (not part of the CI gate; see README.md).
# Usage: bash fuzz/run.sh [seconds per target, default 60]
# Needs cargo-fuzz (`cargo install cargo-fuzz`); runs on stable with `-s none`.
# A crash leaves its input in fuzz/artifacts/<target>/: copy it into fuzz/regressions/<target>/,
# where tests/it/fuzz_regressions.rs replays every file under cargo test.
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-60}"
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
for target in notation check_solve; do
  echo "fuzzing $target for ${secs}s"
  cargo fuzz run -s none "$target" -- -max_total_time="$secs" -max_len=512
done
