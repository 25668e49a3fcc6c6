//! Worst-case sweep of the solver: random hands of 20 cards with 8 wild cards for every round
//! of every preset (issue 2: worst under 10 ms). Deterministic (fixed seed), no criterion: it
//! times each solve once and prints the median, the 99th percentile and the maximum.
//!
//! Run: `cargo bench --bench worst_case`.

use kontrakt::rules::cards::{Card, Rank, Suit, format_cards};
use kontrakt::rules::presets::PRESET_IDS;
use kontrakt::rules::ruleset::RuleSet;
use kontrakt::rules::solver::solve;
use std::time::{Duration, Instant};

/// A small linear congruential generator: reproducible without extra crates.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

fn main() {
    // `cargo bench` passes --bench; under `cargo test --all-targets` this is a quick smoke run.
    let full = std::env::args().any(|a| a == "--bench");
    let hands_per_round: usize = std::env::var("HANDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if full { 40 } else { 1 });
    let mut rng = Lcg(0x5eed);
    let mut times: Vec<(Duration, String)> = Vec::new();
    for id in PRESET_IDS {
        let rs = RuleSet::preset(id).unwrap();
        let rounds: Vec<Option<usize>> = if rs.opening_points.is_some() {
            vec![None]
        } else {
            (1..=rs.rounds.len()).map(Some).collect()
        };
        for round in rounds {
            let spec = rs.round_for_check(round).unwrap();
            let size = spec.total_cards.map_or(20, |t| t as usize);
            for _ in 0..hands_per_round {
                let wild = if id == "continental" { 4 } else { 8 };
                let mut hand: Vec<Card> = vec![Card::Joker; wild];
                // Two to three suits, as hands that come close to a contract do.
                let suits = 2 + rng.next(2) as usize;
                while hand.len() < size {
                    let rank = Rank::new(3 + rng.next(11) as u8).unwrap();
                    let suit = Suit::ALL[rng.next(suits as u64) as usize];
                    hand.push(Card::new(rank, suit));
                }
                let start = Instant::now();
                let answer = solve(&rs, &spec, &hand);
                let took = start.elapsed();
                assert!(answer.is_ok(), "{id} {round:?}: {answer:?}");
                times.push((
                    took,
                    format!("{id} round {round:?}: {}", format_cards(&hand)),
                ));
            }
        }
    }
    times.sort_by_key(|t| t.0);
    let n = times.len();
    let pct = |p: f64| times[((n as f64 * p) as usize).min(n - 1)].0;
    println!("solves: {n}");
    println!("median: {:?}", pct(0.5));
    println!("p99:    {:?}", pct(0.99));
    println!("max:    {:?}  ({})", times[n - 1].0, times[n - 1].1);
}
