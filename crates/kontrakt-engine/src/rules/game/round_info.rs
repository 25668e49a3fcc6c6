//! What the table needs to know before a round ([`RoundInfo`]): facts and [`Restriction`]s;
//! `text::round` says them.
//!
//! Part of `rules::game`: sees its siblings through `super`; depends on `std`, `serde` and the
//! rest of `rules` only, never on `text`, `web` or `db`.

use super::*;

/// What the table needs to know before a round (docs/RULES.md section 4): the banner of the game
/// page and the `next_round` of the JSON state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoundInfo {
    /// The round, from 1.
    pub round: usize,
    /// Rounds in the game ("round 3 of 7").
    pub of: usize,
    /// Who deals (player index).
    pub dealer: usize,
    /// Who cuts, where the rule set has a cut bonus (Liverpool).
    pub cutter: Option<usize>,
    /// The contract; `None` where there are no contracts (Rommé).
    pub contract: Option<Contract>,
    /// Cards dealt to each player.
    pub deal: u8,
    /// Liverpool: cutting exactly this many cards earns the cut bonus.
    pub cut_target: Option<u32>,
    /// Decks and jokers for this player count.
    pub decks: Decks,
    /// Buying (May I) in this round.
    pub buys: Buys,
    /// The contract is the whole hand: every card melded at once, no discard.
    pub go_out_all: bool,
    /// The contract needs more cards than are dealt (buys make it possible).
    pub needs_more_than_dealt: bool,
    /// The round may end with nobody going out.
    pub no_winner_allowed: bool,
    /// The round's special rules, in the order a banner lists them (`text` says each).
    pub restrictions: Vec<Restriction>,
}

impl RoundInfo {
    pub(super) fn new(setup: &GameSetup, round: usize, spec: &RoundSpec) -> RoundInfo {
        let rs = &setup.rules;
        // Decks are chosen for the players of the set-up; the cut target counts the cards
        // dealt to those who play this round (docs/RULES.md section 8).
        let players = setup.starting_players();
        let contract = spec.contract.clone();
        let decks = rs.decks(players);
        RoundInfo {
            round,
            of: setup.round_count(),
            dealer: setup.dealer(round),
            cutter: setup.cutter(round),
            contract,
            deal: spec.deal,
            cut_target: rs.cut_target(setup.playing_count(round), spec),
            decks,
            buys: spec.buys,
            go_out_all: spec.go_out_all,
            needs_more_than_dealt: spec.needs_more_than_dealt(rs.play.going_out),
            no_winner_allowed: rs.no_winner_allowed,
            restrictions: restrictions(rs, spec),
        }
    }
}

/// A special rule of a round, for its banner (docs/RULES.md sections 3 and 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Restriction {
    /// No contract: the first meld must be worth at least these points (Rommé).
    OpeningPoints(u32),
    /// Go out with exactly this many cards, all in runs at once.
    GoOutWithAll(u8),
    /// Go out all at once: every card melded, no discard.
    GoOutAll,
    /// The contract meld holds exactly the cards the contract asks for.
    ExactMinimum,
    /// Two runs of one suit may not join end to end.
    NoContiguousRuns,
    /// Every run in its own suit.
    RunsDifferentSuits,
    /// Two runs of one suit at least two ranks apart (`same_suit_runs` `gap-2`).
    RunsTwoApart,
    /// No two sets of the same rank.
    NoTwoSetsSameRank,
    /// The contract needs more cards than are dealt (only buying makes it possible).
    NeedsMoreThanDealt,
}

/// The special rules of a round, in banner order.
pub fn restrictions(rs: &RuleSet, spec: &RoundSpec) -> Vec<Restriction> {
    let mut out = Vec::new();
    if let Some(points) = rs.opening_points {
        out.push(Restriction::OpeningPoints(points));
    }
    match spec.total_cards {
        Some(n) => out.push(Restriction::GoOutWithAll(n)),
        None if spec.go_out_all => out.push(Restriction::GoOutAll),
        None => {}
    }
    for (on, restriction) in [
        (spec.exact_minimum, Restriction::ExactMinimum),
        (spec.no_contiguous_runs, Restriction::NoContiguousRuns),
        (spec.runs_apart >= 2, Restriction::RunsTwoApart),
        (spec.runs_different_suits, Restriction::RunsDifferentSuits),
        (spec.no_two_sets_same_rank, Restriction::NoTwoSetsSameRank),
        (
            spec.needs_more_than_dealt(rs.play.going_out),
            Restriction::NeedsMoreThanDealt,
        ),
    ] {
        if on {
            out.push(restriction);
        }
    }
    out
}
