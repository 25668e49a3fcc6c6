//! Properties the fuzz targets (`fuzz/`) and their regression tests
//! (`tests/it/fuzz_regressions.rs`) share: one body each, so a crash found by fuzzing replays
//! exactly as a unit test. Pure: std only. Each function panics when its property fails; that
//! is the point.

use super::cards::{format_cards, parse_cards, parse_melds};
use super::check::check;
use super::presets::PRESET_IDS;
use super::ruleset::RuleSet;
use super::solver::solve;

/// Any text either parses or gives an error sentence; whatever parses prints canonically and
/// parses back to the same cards; parsed melds are never empty.
pub fn notation(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse_cards(text) {
        Ok(cards) => {
            let printed = format_cards(&cards);
            assert_eq!(parse_cards(&printed).expect("canonical text parses"), cards);
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    if let Ok(melds) = parse_melds(text) {
        assert!(melds.iter().all(|m| !m.is_empty()));
    }
}

/// Byte 0 picks a preset, byte 1 a round, the rest is melds / a hand: checking never panics
/// and agrees with itself, and every solver answer passes the checker.
pub fn check_solve(data: &[u8]) {
    let [preset, round, rest @ ..] = data else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let rs = RuleSet::preset(PRESET_IDS[*preset as usize % PRESET_IDS.len()]).expect("preset");
    let round = (*round as usize % (rs.rounds.len() + 2)).max(1);
    let round = rs.opening_points.is_none().then_some(round);
    let Ok(spec) = rs.round_for_check(round) else {
        return;
    };
    if let Ok(melds) = parse_melds(text) {
        let verdict = check(&rs, &spec, &melds);
        assert_eq!(verdict.ok, verdict.problems.is_empty());
    }
    if let Ok(hand) = parse_cards(&text.replace(['|', ';', '\n'], " "))
        && let Ok(Some(answer)) = solve(&rs, &spec, &hand)
    {
        assert!(
            super::check::check_pinned(&rs, &spec, &answer.melds, &answer.pins).ok,
            "solver answer fails the checker"
        );
    }
}
