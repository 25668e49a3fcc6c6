//! A meld's problems: [`Problem`], each reason a meld or an arrangement is not legal as a
//! code with its numbers, and the problem of one meld on its own ([`meld_problem`]). The
//! checker (`check`) and the declared wild cards (`pins`) both say what is wrong in these
//! terms, so neither needs the other for it.
//!
//! Pure: std and serde only, on top of `cards`, `meld` and `ruleset`; nothing from `check` or `pins`,
//! no words (the sentences are in `text`).

use super::cards::{Card, Rank, Suit};
use super::meld::{LimitBreach, MeldKind, MeldRules, Reading, WildShare};
use super::ruleset::Contract;
use serde::Serialize;

/// One reason a meld or an arrangement is not legal: a code plus its parameters; `text` says
/// it as a sentence in either language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum Problem {
    /// A joker in a game played without jokers.
    JokersNotInPlay { meld: usize },
    /// A meld of wild cards only.
    NoNatural { meld: usize },
    /// Neither one rank nor one suit.
    MixedCards { meld: usize },
    /// Two cards of different ranks where the contract asks for a pair (Progressive round 14).
    NotAPair { meld: usize },
    /// A set with two cards of one suit where suits must differ.
    SetSuitRepeats { meld: usize, suit: Suit },
    /// A set with more cards than allowed.
    SetTooBig { meld: usize, max: u8, len: usize },
    /// A run holding the same card twice.
    RunRepeatsRank { meld: usize, card: Card },
    /// A run with more gaps than wild cards.
    RunGaps {
        meld: usize,
        missing: usize,
        wilds: usize,
    },
    /// A run that needs the ace low where it only counts high.
    AceOnlyHigh { meld: usize },
    /// A run that turns the corner where that is not allowed.
    NoCorner { meld: usize },
    /// A run longer than the rank order allows.
    RunTooLong { meld: usize, max: usize, len: usize },
    /// More wild cards than a meld may hold.
    TooManyWilds { meld: usize, max: u8, wilds: usize },
    /// More of the meld wild than its share allows (`wilds_per_meld` `half`, `third`). Its
    /// code is `too_many_wilds`, as [`Problem::code`] and docs/API.md say.
    #[serde(rename = "too_many_wilds")]
    TooLargeShare {
        meld: usize,
        share: WildShare,
        wilds: usize,
        len: usize,
    },
    /// Fewer natural cards than a meld needs.
    TooFewNaturals {
        meld: usize,
        min: u8,
        naturals: usize,
    },
    /// Not exactly one meld per requirement.
    WrongMeldCount { needed: usize, given: usize },
    /// A meld of the wrong kind for its place in the contract.
    WrongKind {
        meld: usize,
        is: MeldKind,
        needs: MeldKind,
    },
    /// A meld shorter than the contract asks.
    TooShort {
        meld: usize,
        kind: MeldKind,
        min: u8,
        len: usize,
    },
    /// A meld longer than the exact minimum allows.
    TooLong {
        meld: usize,
        kind: MeldKind,
        max: u8,
        len: usize,
    },
    /// Two same-suit runs joining end to end.
    ContiguousRuns {
        /// The meld of the lower run.
        a: usize,
        /// The meld of the upper run.
        b: usize,
        suit: Suit,
        /// The lower run's first and last rank.
        first: (Rank, Rank),
        /// The upper run's first and last rank.
        second: (Rank, Rank),
        round: u8,
    },
    /// Two same-suit runs with fewer ranks between them than `gap` (`same_suit_runs`
    /// `gap-2`); the lower run's meld first.
    RunsTooClose {
        a: usize,
        b: usize,
        suit: Suit,
        gap: usize,
        round: u8,
    },
    /// Two runs of one suit where every run needs its own suit.
    SameSuitRuns { a: usize, b: usize, suit: Suit },
    /// Two sets of one rank.
    SameRankSets { a: usize, b: usize, rank: Rank },
    /// An either-or contract whose melds match none of its shapes (wrong kinds or counts):
    /// every shape is named, not just the one that came closest.
    NoAlternative { contract: Contract },
    /// The hand must have an exact number of cards.
    CardCount { needed: u8, given: usize },
    /// A round that goes out all at once, with fewer cards than a player holds after
    /// drawing: the melds must use every card (docs/RULES.md section 3).
    TooFewToGoOut { needed: usize, given: usize },
    /// Rommé: the opening meld is worth too little.
    OpeningTooLow { points: u32, needed: u32 },
    /// Going out (Rommé, `go_out_left_max`): the cards kept in hand are worth more penalty
    /// points than the rule set lets a player keep.
    TooManyLeft { points: u32, max: u32 },
    /// A 2 declared as another card in a game where 2s are not wild (docs/RULES.md
    /// section 1).
    PinOnNatural { meld: usize, card: Card },
    /// A declared wild card that does not fit the meld as declared; `needs` is what the meld
    /// could use in its place (filled when the meld has one wild card and some reading).
    PinDoesNotFit {
        meld: usize,
        card: Card,
        declared: Card,
        needs: Vec<Card>,
    },
    /// A meld of wild cards only, where the rule set allows one, with a wild card left
    /// undeclared: an all-wild meld is what its declarations make it (docs/RULES.md
    /// section 2), so every wild card of it must be declared. `undeclared` counts those left.
    AllWildUndeclared { meld: usize, undeclared: usize },
}

impl Problem {
    /// The stable code, e.g. `contiguous_runs`.
    pub fn code(&self) -> &'static str {
        match self {
            Problem::JokersNotInPlay { .. } => "jokers_not_in_play",
            Problem::NoNatural { .. } => "no_natural",
            Problem::MixedCards { .. } => "mixed_cards",
            Problem::NotAPair { .. } => "not_a_pair",
            Problem::SetSuitRepeats { .. } => "set_suit_repeats",
            Problem::SetTooBig { .. } => "set_too_big",
            Problem::RunRepeatsRank { .. } => "run_repeats_rank",
            Problem::RunGaps { .. } => "run_gaps",
            Problem::AceOnlyHigh { .. } => "ace_only_high",
            Problem::NoCorner { .. } => "no_corner",
            Problem::RunTooLong { .. } => "run_too_long",
            Problem::TooManyWilds { .. } | Problem::TooLargeShare { .. } => "too_many_wilds",
            Problem::TooFewNaturals { .. } => "too_few_naturals",
            Problem::WrongMeldCount { .. } => "wrong_meld_count",
            Problem::WrongKind { .. } => "wrong_kind",
            Problem::TooShort { .. } => "too_short",
            Problem::TooLong { .. } => "too_long",
            Problem::ContiguousRuns { .. } => "contiguous_runs",
            Problem::RunsTooClose { .. } => "runs_too_close",
            Problem::SameSuitRuns { .. } => "same_suit_runs",
            Problem::SameRankSets { .. } => "same_rank_sets",
            Problem::NoAlternative { .. } => "no_alternative",
            Problem::CardCount { .. } => "card_count",
            Problem::TooFewToGoOut { .. } => "too_few_to_go_out",
            Problem::OpeningTooLow { .. } => "opening_too_low",
            Problem::TooManyLeft { .. } => "too_many_left",
            Problem::PinOnNatural { .. } => "pin_on_natural",
            Problem::PinDoesNotFit { .. } => "pin_does_not_fit",
            Problem::AllWildUndeclared { .. } => "all_wild_undeclared",
        }
    }
}

/// Explains why a meld has no legal reading as any kind the round could use.
pub fn meld_problem(rules: &MeldRules, meld: usize, cards: &[Card]) -> Option<Problem> {
    if !rules.jokers && cards.contains(&Card::Joker) {
        return Some(Problem::JokersNotInPlay { meld });
    }
    let kinds = [MeldKind::Set, MeldKind::Run];
    let structural: Vec<Reading> = kinds
        .iter()
        .flat_map(|&k| rules.structural_readings(cards, k))
        .collect();
    if !structural.is_empty() {
        if structural.iter().any(|r| rules.limit_breach(r).is_none()) {
            return None;
        }
        return Some(breach_problem(rules, meld, &structural));
    }
    let hard: Vec<Card> = cards
        .iter()
        .copied()
        .filter(|&c| !rules.is_wild(c))
        .collect();
    let wilds = cards.len() - hard.len();
    if hard.is_empty() {
        return Some(all_wild_problem(rules, meld, cards.len()));
    }
    let one_rank = hard.iter().all(|c| c.rank() == hard[0].rank());
    let one_suit = hard.iter().all(|c| c.suit() == hard[0].suit());
    if one_rank && !(one_suit && hard.len() == 1) {
        if let Some(max) = rules.set_max
            && cards.len() > max as usize
        {
            return Some(Problem::SetTooBig {
                meld,
                max,
                len: cards.len(),
            });
        }
        if rules.set_distinct_suits {
            let mut seen = [false; 4];
            for c in &hard {
                let s = c.suit().expect("natural");
                if std::mem::replace(&mut seen[s.index()], true) {
                    return Some(Problem::SetSuitRepeats { meld, suit: s });
                }
            }
            if cards.len() > 4 {
                return Some(Problem::SetTooBig {
                    meld,
                    max: 4,
                    len: cards.len(),
                });
            }
        }
        return Some(Problem::MixedCards { meld });
    }
    if !one_suit {
        return Some(Problem::MixedCards { meld });
    }
    // A run in one suit that does not fit the line.
    let line = rules.line();
    if cards.len() > line.max_run() {
        return Some(Problem::RunTooLong {
            meld,
            max: line.max_run(),
            len: cards.len(),
        });
    }
    let mut seen = [0u8; 14];
    for c in &hard {
        let r = c.rank().expect("natural").number() as usize;
        seen[r] += 1;
        let allowed = if r == 1 && rules.ace == super::meld::AceMode::LowOrHigh {
            2
        } else {
            1
        };
        if seen[r] > allowed {
            return Some(Problem::RunRepeatsRank { meld, card: *c });
        }
    }
    // Would another ace mode have made it a run?
    let with = |ace| MeldRules {
        ace,
        ..rules.clone()
    };
    use super::meld::AceMode::*;
    let fits = |r: &MeldRules| !r.structural_readings(cards, MeldKind::Run).is_empty();
    if rules.ace == HighOnly && fits(&with(LowOrHigh)) {
        return Some(Problem::AceOnlyHigh { meld });
    }
    if rules.ace != Wrap && fits(&with(Wrap)) {
        return Some(Problem::NoCorner { meld });
    }
    // Gaps: the span of the naturals (ace low) minus the naturals.
    let ranks: Vec<usize> = hard
        .iter()
        .map(|c| c.rank().expect("natural").number() as usize)
        .collect();
    let (lo, hi) = (ranks.iter().min().unwrap(), ranks.iter().max().unwrap());
    let mut span = hi - lo + 1;
    if rules.twos_wild && !rules.twos_natural && *lo < 2 && *hi > 2 {
        span -= 1;
    }
    let missing = span.saturating_sub(hard.len());
    Some(Problem::RunGaps {
        meld,
        missing: missing.max(wilds + 1),
        wilds,
    })
}

/// The wild-limit problem of a meld whose structural readings (not empty) all break a
/// limit: the breach of the reading with the fewest wild cards.
pub(crate) fn breach_problem(rules: &MeldRules, meld: usize, structural: &[Reading]) -> Problem {
    let best = structural
        .iter()
        .min_by_key(|r| r.wilds().len())
        .expect("non-empty");
    match rules.limit_breach(best) {
        Some(LimitBreach::TooManyWilds { max, wilds }) => {
            Problem::TooManyWilds { meld, max, wilds }
        }
        Some(LimitBreach::TooFewNaturals { min, naturals }) if naturals == 0 && min <= 1 => {
            all_wild_problem(rules, meld, best.makeup().len)
        }
        Some(LimitBreach::TooFewNaturals { min, naturals }) => Problem::TooFewNaturals {
            meld,
            min,
            naturals,
        },
        Some(LimitBreach::TooLargeShare { share, wilds, len }) => Problem::TooLargeShare {
            meld,
            share,
            wilds,
            len,
        },
        // Only asked about readings that break a limit; the first one's problem otherwise.
        None => Problem::MixedCards { meld },
    }
}

/// The problem of a meld of `len` wild cards only, said by the rule the table chose: too
/// large a wild share where `wilds_per_meld` is `half` or `third` (a natural card is needed
/// only because of it), else that a meld needs a natural card.
fn all_wild_problem(rules: &MeldRules, meld: usize, len: usize) -> Problem {
    match rules.wild_share {
        Some(share) => Problem::TooLargeShare {
            meld,
            share,
            wilds: len,
            len,
        },
        None => Problem::NoNatural { meld },
    }
}
