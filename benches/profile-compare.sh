#!/usr/bin/env bash
# What the `dist` profile (Cargo.toml: fat LTO, one codegen unit, no debug info) costs or
# gains on the solver against `release`: the solve cases of benches/engine.rs (SOLVE_CASES,
# copied at run time) timed under each profile, in a scratch crate under target/ that
# depends on crates/kontrakt-engine only (a full `cargo bench` per profile would rebuild
# the whole app and criterion twice, a quarter of an hour on 2 cores). Each case: the
# median of 21 batches of ~50 ms; the runs alternate between the two binaries, RUNS times
# (default 3). Usage: bash benches/profile-compare.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
dir=target/profile-bench
mkdir -p "$dir/src"
{
    echo '[package]'
    echo 'name = "profile-bench"'
    echo 'version = "0.0.0"'
    echo 'edition = "2024"'
    echo 'publish = false'
    echo '[workspace]'
    echo '[dependencies]'
    echo "kontrakt-engine = { path = \"$root/crates/kontrakt-engine\" }"
    # The two profiles as Cargo.toml has them.
    sed -n '/^\[profile\.release\]/,/^$/p; /^\[profile\.dist\]/,/^$/p' Cargo.toml
} >"$dir/Cargo.toml"
python3 - "$dir/src/main.rs" <<'PY'
import sys
src = open("benches/engine.rs").read()
start = src.index("const SOLVE_CASES")
cases = src[start:src.index("];", start) + 2]
open(sys.argv[1], "w").write("""//! Scratch (benches/profile-compare.sh): the solve cases timed under one profile.
use kontrakt_engine::rules::cards::parse_cards;
use kontrakt_engine::rules::ruleset::RuleSet;
use kontrakt_engine::rules::solver::solve;
use std::hint::black_box;
use std::time::Instant;

""" + cases + """

fn main() {
    let mut sum = 0.0;
    for &(name, rules, round, hand, expected) in SOLVE_CASES {
        let rs = RuleSet::preset(rules).unwrap();
        let spec = rs.round_for_check(round).unwrap();
        let cards = parse_cards(hand).unwrap();
        assert_eq!(solve(&rs, &spec, &cards).unwrap().is_some(), expected, "{name}");
        let batch = |n: u32| {
            let t = Instant::now();
            for _ in 0..n {
                black_box(solve(black_box(&rs), black_box(&spec), black_box(&cards)).unwrap());
            }
            t.elapsed()
        };
        let mut n = 1u32;
        while batch(n).as_millis() < 50 {
            n *= 2;
        }
        let mut per: Vec<f64> = (0..21)
            .map(|_| batch(n).as_secs_f64() * 1e6 / f64::from(n))
            .collect();
        per.sort_by(f64::total_cmp);
        println!("{:>10.2} us  {name}", per[10]);
        sum += per[10];
    }
    println!("{sum:>10.2} us  sum of medians");
}
""")
PY
for profile in release dist; do
    cargo build --quiet --manifest-path "$dir/Cargo.toml" --profile "$profile" \
        --target-dir target/profile-bench-target
done
for run in $(seq "${RUNS:-3}"); do
    for profile in release dist; do
        echo "run $run, $profile: $(target/profile-bench-target/$profile/profile-bench | tail -n 1)"
    done
done
