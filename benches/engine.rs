//! Benchmarks of the rules engine: the checker and the solver, with adversarial hands
//! (issue 2: median under 1 ms for every solve case, worst under 10 ms, on 2 cores).
//!
//! Run: `cargo bench --bench engine`. Figures go to BENCHMARKS.md.

use criterion::{Criterion, criterion_group, criterion_main};
use kontrakt::rules::cards::{parse_cards, parse_melds};
use kontrakt::rules::check::check;
use kontrakt::rules::ruleset::RuleSet;
use kontrakt::rules::solver::solve;
use std::hint::black_box;

/// The adversarial search's kept hard hands, shared with `benches/adversarial.rs`.
#[path = "kept/hands.rs"]
mod kept;

/// (name, rule set, round, hand, expected answer)
const SOLVE_CASES: &[(&str, &str, Option<usize>, &str, bool)] = &[
    (
        "contract r7 api example 14 cards",
        "contract",
        Some(7),
        "3H 4H 5H 6H 7H 9S 10S JS QS KS JK 2D 3D 4D",
        true,
    ),
    (
        "contract r7 16 cards 4 jokers no",
        "contract",
        Some(7),
        "AH 4H 7H 10H KH 2S 6S 10S 3D 8D QD 5D JK JK JK JK",
        false,
    ),
    (
        "contract r7 20 cards 8 jokers no",
        "contract",
        Some(7),
        "2H 5H 9H KH 3S 7S JS AD 6D 10D QD 4D JK JK JK JK JK JK JK JK",
        false,
    ),
    (
        "contract r7 20 cards 8 jokers yes",
        "contract",
        Some(7),
        "3H 4H 6H 7H 8S 9S JS QS 2D 3D 5D 6D JK JK JK JK JK JK JK JK",
        true,
    ),
    (
        "contract r7 18 cards duplicates 6 jokers no",
        "contract",
        Some(7),
        "3H 3H 5H 5H 7H 7H 3S 5S 7S 9S 9S JS JK JK JK JK JK JK",
        false,
    ),
    (
        "contract r6 20 cards 8 jokers no naturals fit",
        "contract",
        Some(6),
        "2H 6H 10H 3S 7S JS 4D 8D QD 5C 9C KC JK JK JK JK JK JK JK JK",
        true,
    ),
    (
        "shanghai r6 20 cards 8 jokers one wild per meld no",
        "shanghai",
        Some(6),
        "2H 6H 10H 3S 7S JS 4D 8D QD 5C 9C KC JK JK JK JK JK JK JK JK",
        false,
    ),
    (
        "progressive r13 20 cards 8 wilds no",
        "progressive",
        Some(13),
        "3H 4S 5D 6C 7H 8S 9D 10C JH QS KD AC JK JK JK JK 2H 2S 2D 2C",
        false,
    ),
    (
        "progressive r12 20 cards 8 wilds",
        "progressive",
        Some(12),
        "3H 4H 6S 7S 9D 10D JC QC 8H 9H KS AD JK JK JK JK 2H 2S 2D 2C",
        true,
    ),
    (
        "kolsov r9 20 cards 6 jokers yes",
        "shanghai-kolsov",
        Some(9),
        "5C 5D 9S 9H KD KS 3H 4H 6H 7H 2D 8C JC QD JK JK JK JK JK JK",
        true,
    ),
    (
        "kolsov r9 20 cards 6 jokers no",
        "shanghai-kolsov",
        Some(9),
        "5C 6D 9S 10H KD QS 3H 4H 6H 8H 2D 8C JC QD JK JK JK JK JK JK",
        false,
    ),
    (
        "continental 15 cards 4 jokers no",
        "continental",
        Some(1),
        "AH 5H 9H KH 3S 7S JS 2D 6D 10D 4C JK JK JK JK",
        false,
    ),
    (
        "rommee opening 15 cards 3 jokers",
        "rommee",
        None,
        "QH KH AH 10S 10D 10C 4C 7D 9S 2H 5S 8C JK JK JK",
        true,
    ),
    // Issue 9's slow corners and the worst hands of the adversarial search
    // (benches/adversarial.rs), kept as regression cases.
    (
        "issue 9 rommee opening 20 cards 7 jokers",
        "rommee",
        None,
        "JK KH JH JK JK JK JK QH 8H JK 5H AH 7H 2H 4H JK 9H 10H 6H 3H",
        true,
    ),
    (
        "contract r7 30 cards one suit 10 jokers no",
        "contract",
        Some(7),
        "JK JK JK JK JK JK JK JK JK JK QC 4C AC 2C AC 7C JC 6C 7C QC 3C AC 10C 5C KC 6C 9C AC AC AC",
        false,
    ),
    (
        "liverpool r7 30 cards 12 jokers no",
        "liverpool",
        Some(7),
        "JK JK JK JK JK JK JK JK JK JK JK JK 10D QD KC JD 8D 8C JD 10D 7D 3C 10C 9C 5C 6D 7C JD JD 6C",
        false,
    ),
    (
        "hollywood r6 30 cards one suit 8 jokers no",
        "hollywood",
        Some(6),
        "JK JK JK JK JK JK JK JK 5C 2C 3C JC 2C 5C 5C 10C QC 10C 6C 3C KC AC 6C 4C 10C AC 6C 8C 7C 10C",
        false,
    ),
    (
        "kolsov r6 30 cards 8 jokers yes",
        "shanghai-kolsov",
        Some(6),
        "JK JK JK JK JK JK JK JK JC 7C 3H JD 2H 6D 5C 9D 9C KD 4C 9D 6D 2C 6H JH AD JC 10H 4H 5C 9C",
        true,
    ),
    (
        "continental 15 cards 8 jokers no",
        "continental",
        Some(1),
        "JK JK JK JK JK JK JK JK 5H KD 9H JD 9H QC 4D",
        false,
    ),
];

fn bench_solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    for &(name, rules, round, hand, expected) in SOLVE_CASES {
        let rs = RuleSet::preset(rules).unwrap();
        let spec = rs.round_for_check(round).unwrap();
        let cards = parse_cards(hand).unwrap();
        let answer = solve(&rs, &spec, &cards).unwrap();
        assert_eq!(answer.is_some(), expected, "{name}: unexpected answer");
        group.bench_function(name, |b| {
            b.iter(|| solve(black_box(&rs), black_box(&spec), black_box(&cards)))
        });
    }
    for &(name, rules, options, round, hand, expected) in kept::ADVERSARIAL_CASES {
        let rs = kept::with_options(rules, options);
        let spec = rs.round_for_check(round).unwrap();
        let cards = parse_cards(hand).unwrap();
        let answer = solve(&rs, &spec, &cards).unwrap();
        assert_eq!(answer.is_some(), expected, "{name}: unexpected answer");
        group.bench_function(name, |b| {
            b.iter(|| solve(black_box(&rs), black_box(&spec), black_box(&cards)))
        });
    }
    group.finish();
}

fn bench_check(c: &mut Criterion) {
    let cases: &[(&str, &str, usize, &str)] = &[
        (
            "contract r3 legal",
            "contract",
            3,
            "3H 4H 5H 6H | 8H 9H 10H JH",
        ),
        (
            "contract r3 contiguous",
            "contract",
            3,
            "3H 4H 5H 6H | 7H 8H 9H 10H",
        ),
        (
            "progressive r13 five wild sets",
            "progressive",
            13,
            "JK JK 2C | 2D 2H JK | 5C 5D 2S | JK 7H 7S | KD JK JK",
        ),
        (
            "contract r7 three long runs with jokers",
            "contract",
            7,
            "3H JK 5H 6H JK | 9S 10S JK QS KS | 2D JK 4D JK",
        ),
    ];
    let mut group = c.benchmark_group("check");
    for &(name, rules, round, melds) in cases {
        let rs = RuleSet::preset(rules).unwrap();
        let spec = rs.round_for_check(Some(round)).unwrap();
        let melds = parse_melds(melds).unwrap();
        group.bench_function(name, |b| {
            b.iter(|| check(black_box(&rs), black_box(&spec), black_box(&melds)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_solve, bench_check);
criterion_main!(benches);
