#!/usr/bin/env bash
# Builds the binary people download: `cargo build --profile dist` (Cargo.toml: release without
# debug info, stripped, fat LTO, one codegen unit) for one target, and prints the binary's path
# as its LAST line of output (everything else goes to stderr). Every packaging path calls it:
# the release workflow, the container image, and .ci/test (the empty-root test).
#
# Usage: bash deploy/dist.sh [TARGET]   (default: this machine's target)
# On Linux with glibc the binary is linked statically (`-C target-feature=+crt-static`): it
# needs no library at all, so it runs on any Linux of its architecture, even in an empty root.
# On Windows (msvc) the C runtime is linked statically too; macOS has no static libc and the
# binary links only the system's libSystem. The output goes to target/dist (or
# $CARGO_TARGET_DIR) so it never disturbs the ordinary release build.
set -euo pipefail
cd "$(dirname "$0")/.."

host=$(rustc -vV | sed -n 's/^host: //p')
target="${1:-$host}"
target_dir="${CARGO_TARGET_DIR:-target/dist}"

case "$target" in
    *-linux-gnu* | *-windows-msvc)
        # Only the target's own code gets the flag: with --target, build scripts and proc
        # macros are built for the host without RUSTFLAGS.
        export RUSTFLAGS="${RUSTFLAGS:-} -C target-feature=+crt-static"
        ;;
esac

echo "dist.sh: building kontrakt for $target (profile dist) into $target_dir" >&2
cargo build --locked --profile dist --bin kontrakt --target "$target" --target-dir "$target_dir" >&2

exe=""
[[ "$target" == *windows* ]] && exe=".exe"
binary="$target_dir/$target/dist/kontrakt$exe"
if [[ ! -f "$binary" ]]; then
    echo "dist.sh: the build finished but $binary is not there" >&2
    exit 1
fi
echo "dist.sh: built $binary ($(wc -c <"$binary") bytes)" >&2
echo "$binary"
