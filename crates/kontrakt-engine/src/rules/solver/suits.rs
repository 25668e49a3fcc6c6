//! The suits' shares of a contract of runs only: a refusal the pick search makes once it has
//! spent some nodes on a split of the hand.
//!
//! Where every requirement is a run of the same minimum length, the suits meet only in how
//! many of the runs each takes and how many wild cards those use: no run holds cards of two
//! suits, and the gaps between runs count within a suit only. So for each suit `s` and each
//! count `k`, the fewest wild cards with which `s` alone makes `k` runs, `W_s(k)`, is found by
//! a pick search of that suit's naturals alone. The contract can be made only if some counts
//! `k_s` add up to the runs asked for while their `W_s(k_s)` add up to no more than the wild
//! cards held. All-wild runs, where the wild limits allow them, are a suit of their own: each
//! takes its length in wild cards and keeps no gap to anything (`Pick::all_wild_melds`).
//!
//! The pick search's own bound (`Pick::wild_lower_bound`) leaves the gap between same-suit
//! runs out where a longer run may bridge two close ones; the searches of one suit here keep
//! every rule, so a suit that cannot hold its runs apart is refused at the root instead of
//! node by node. The check costs nodes of its own, so the pick search makes it only once a
//! solve has spent [`CHECK_AFTER`] nodes: easy hands are answered as before.
//!
//! A child of the solver; uses its pick search and std only.

use super::memo::{QuickMap, WordMap};
use super::{Budget, MeldKind, MeldRules, Pick, Requirement, RoundSpec, SolveError, Split};

/// Nodes a solve spends before its pick searches check the suits' shares, each split of the
/// hand at its root (and the split under way where it is passed).
pub(super) const CHECK_AFTER: u64 = 1_000;

/// What the searches of one suit found so far in one solve: a suit's naturals often recur in
/// the next split of wild 2s (only the suits whose 2s change differ).
#[derive(Default)]
pub(super) struct Shares {
    /// By a suit's naturals (by rank), the runs' minimum and a number of runs.
    known: QuickMap<([u8; 13], u8, u8), Known>,
}

/// What is known of one suit alone making some number of runs.
#[derive(Debug, Default, Clone, Copy)]
struct Known {
    /// The most wild cards with which it failed.
    most_failed: Option<usize>,
    /// The fewest wild cards with which it succeeded.
    fewest_made: Option<usize>,
}

/// Does the check apply to `alt` with these naturals: runs only, all of one minimum, two or
/// more of them, and naturals in two suits or more (in one suit the check would be the whole
/// search again)?
pub(super) fn applies(alt: &[Requirement], nat: &[u8; 52]) -> bool {
    let Some(first) = alt.first() else {
        return false;
    };
    let suits_held = (0..4)
        .filter(|s| nat[s * 13..s * 13 + 13].iter().any(|&n| n > 0))
        .count();
    alt.len() >= 2
        && alt
            .iter()
            .all(|r| r.kind == MeldKind::Run && r.min == first.min)
        && suits_held >= 2
}

/// The searches of one suit alone, for one check.
pub(super) struct OneSuit<'x, 'b> {
    pub(super) rules: &'x MeldRules,
    pub(super) round: &'x RoundSpec,
    pub(super) shares: &'x mut Shares,
    /// They count their nodes in the solve's budget.
    pub(super) budget: &'x mut Budget<'b>,
    /// They keep their failed states with the pick search's (a state's answer does not
    /// depend on how it was reached).
    pub(super) failed: &'x mut WordMap,
}

impl OneSuit<'_, '_> {
    /// Can the split's naturals and wild cards make the runs `alt` (see [`applies`]), as far
    /// as the suits' shares go? `false` means they cannot; `true` that the pick search must
    /// tell.
    ///
    /// The smaller suits first: for each, `W(k)`, the fewest wild cards for `k` of its runs,
    /// and the fewest for `j` runs from them all. The largest suit (often the whole problem
    /// again) is only asked what is left: can it make the other runs with the wild cards the
    /// smaller suits leave?
    pub(super) fn can_share(
        &mut self,
        split: &Split,
        alt: &[Requirement],
    ) -> Result<bool, SolveError> {
        let (nat, wilds) = (&split.nat, split.wild_cards.len());
        let runs = alt.len();
        let req = alt[0];
        let len = req.min as usize;
        let mut held: Vec<[u8; 13]> = (0..4)
            .map(|s| nat[s * 13..s * 13 + 13].try_into().expect("thirteen ranks"))
            .filter(|c: &[u8; 13]| c.iter().any(|&n| n > 0))
            .collect();
        held.sort_by_key(|c| c.iter().map(|&n| usize::from(n)).sum::<usize>());
        let largest = held.pop().expect("two suits or more");
        // `fewest[j]`: the fewest wild cards for `j` runs from the suits so far; `None`
        // beyond the wild cards held. First the all-wild runs, then the smaller suits.
        let mut fewest: Vec<Option<usize>> = (0..=runs)
            .map(|j| {
                let all_wild = j * len;
                (j == 0 || (self.rules.naturals_needed(len) == 0 && all_wild <= wilds))
                    .then_some(all_wild)
            })
            .collect();
        for counts in held {
            let mut next = fewest.clone();
            // `W(k)` never falls as `k` grows (drop a run), so each starts from the last.
            let mut w = 0;
            for k in 1..=runs {
                loop {
                    if w > wilds || self.makes(counts, req, k, w)? {
                        break;
                    }
                    w += 1;
                }
                if w > wilds {
                    break;
                }
                for used in 0..=runs - k {
                    if let Some(base) = fewest[used].filter(|&b| b + w <= wilds) {
                        let total = base + w;
                        next[used + k] = Some(next[used + k].map_or(total, |x| x.min(total)));
                    }
                }
            }
            fewest = next;
        }
        // The largest suit takes the runs the others do not, the most first.
        for k in (0..=runs).rev() {
            let Some(others) = fewest[runs - k] else {
                continue;
            };
            if k == 0 || self.makes(largest, req, k, wilds - others)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Does the suit whose naturals are `counts` make `k` runs of `req` alone, with `wilds`
    /// wild cards (or fewer)? A pick search of that suit, unless an earlier one tells.
    fn makes(
        &mut self,
        counts: [u8; 13],
        req: Requirement,
        k: usize,
        wilds: usize,
    ) -> Result<bool, SolveError> {
        let key = (counts, req.min, k as u8);
        let known = self.shares.known.get(&key).copied().unwrap_or_default();
        if known.fewest_made.is_some_and(|w| w <= wilds) {
            return Ok(true);
        }
        if known.most_failed.is_some_and(|w| w >= wilds) {
            return Ok(false);
        }
        // Any suit will do: the line and the rules treat them alike.
        let mut nat = [0u8; 52];
        nat[..13].copy_from_slice(&counts);
        let split = Split {
            nat,
            wild_cards: Vec::new(),
        };
        let alt = vec![req; k];
        // No check of its own (`None`): it is one suit.
        let made = Pick::new(
            self.rules,
            self.round,
            &split,
            &alt,
            self.budget,
            self.failed,
            None,
        )
        .rec(&mut nat, wilds)?;
        let entry = self.shares.known.entry(key).or_default();
        if made {
            entry.fewest_made = Some(wilds);
        } else {
            entry.most_failed = Some(wilds);
        }
        Ok(made)
    }
}
