//! The pick search: contracts whose melds need not be the whole hand, one meld per
//! requirement (the solver's main strategy beside the sweep of `sweep` and the Rommé opening
//! of `opening`). A depth-first search over the first natural card left: it is either in one
//! of the melds or not used at all; every placement of wild cards tried, runs longer than the
//! minimum only where a share of naturals or a gap between same-suit runs needs it
//! (`Pick::longest_run`), runs that may bridge only with a loose end needed or touching
//! (`Pick::loose_ends`), and the suits' shares checked once a solve has spent some nodes
//! (`suits`). Failed states are remembered ([`PickKey`]).
//!
//! Uses the solver's shared pieces (`Placed`, `Split`, `Budget`, the window and filling
//! helpers) and its siblings `memo`, `cover` and `suits`; nothing outside `rules` and std.
//! The solver's entry points and the other strategies must not depend on its insides: they
//! see [`Pick::new`], [`Pick::solve`] and (for the searches of one suit) [`Pick::rec`] only.

use super::memo::{self, WordMap};
use super::{
    Budget, HIGH_END, LOW_END, Placed, Solution, SolveError, Split, apply, conflicts, cover,
    each_combination, each_run_filling, line_mask, materialise, restricted, run_window_options,
    set_fillings, suits, window_may_hold,
};
#[cfg(test)]
use super::{LOOSE_ENDS_OFF, SUITS_BY_INDEX, SUITS_CHECK_AT_ONCE, SUITS_CHECK_OFF, SUITS_REFUSED};
use crate::rules::cards::Card;
use crate::rules::meld::{Line, MeldKind, MeldRules};
use crate::rules::ruleset::{Requirement, RoundSpec};

/// What of the melds placed so far matters to the rest of the search, added to `key`: nothing
/// without restrictions; with them, each meld's kind, rank or suit and window (not its cards).
fn placed_signature(round: &RoundSpec, placed: &[Placed], key: &mut PickKey) {
    if !restricted(round) {
        return;
    }
    let from = key.len();
    for p in placed {
        let (suit_or_rank, window) = match p.kind {
            // Runs: their suit, and their window where gaps between runs count.
            MeldKind::Run if round.run_gap() > 0 => (p.key, p.window),
            MeldKind::Run if round.runs_different_suits => (p.key, (0, 0)),
            // Sets: their rank where two sets of one rank are not allowed.
            MeldKind::Set if round.no_two_sets_same_rank => (p.key, (0, 0)),
            _ => (0, (0, 0)),
        };
        // One number a meld, so that sorting them sorts the melds: kind, loose ends and
        // suit or rank, then the window (start and length, each below 256).
        key.push((p.kind as u16) << 12 | u16::from(p.loose) << 8 | u16::from(suit_or_rank));
        key.push((window.0 as u16) << 8 | window.1 as u16);
    }
    // The melds' order does not matter.
    key.sort_pairs_from(from);
}

/// What a depth-first search that places one meld per open requirement needs to try a
/// candidate: [`Pick`] (open [`Requirement`]s) uses
/// [`Placing::try_candidate`].
struct Parts<'s, O> {
    round: &'s RoundSpec,
    line: &'s Line,
    /// The melds placed so far.
    placed: &'s mut Vec<Placed>,
    /// The requirements still open.
    open: &'s mut Vec<O>,
}

/// A search that places melds one at a time, each meeting one open requirement.
trait Placing {
    /// An open requirement: a [`Requirement`], or a run's minimum length.
    type Open: Copy + PartialEq;

    /// The round, the line of ranks, the placed melds and the open requirements.
    fn parts(&mut self) -> Parts<'_, Self::Open>;

    /// Searches on from here: `Ok(true)` when the open requirements were all met.
    fn search(&mut self, nat: &mut [u8; 52], wilds: usize) -> Result<bool, SolveError>;

    /// Places `cand` for the open requirement `req` (unless it conflicts with a meld already
    /// placed) and searches on; `Ok(true)` if that succeeded, else everything is as before.
    fn try_candidate(
        &mut self,
        nat: &mut [u8; 52],
        wilds: usize,
        req: Self::Open,
        cand: Placed,
    ) -> Result<bool, SolveError> {
        let w = cand.wilds();
        let Parts {
            round,
            line,
            placed,
            open,
        } = self.parts();
        if placed.iter().any(|p| conflicts(round, line, p, &cand)) {
            return Ok(false);
        }
        let at = open.iter().position(|&r| r == req).expect("open");
        open.remove(at);
        apply(nat, &cand.cards, 1);
        placed.push(cand);
        if self.search(nat, wilds - w)? {
            return Ok(true);
        }
        let Parts { placed, open, .. } = self.parts();
        let cand = placed.pop().expect("pushed");
        apply(nat, &cand.cards, -1);
        open.insert(at, req);
        Ok(false)
    }
}

/// A pick state: naturals left (two counts a word), requirements open, a mark, and the placed
/// melds where restrictions make them matter (two words each, sorted; see
/// [`placed_signature`]). The memo keeps the most wild cards with which it failed: cards may
/// be left over, so a state that failed with some wild cards fails with fewer too.
type PickKey = memo::Key<PICK_KEY_WORDS>;

/// Words in a [`PickKey`]: 26 for the naturals, one a requirement and the mark, two a placed
/// meld, for more melds than any preset's contract asks for.
const PICK_KEY_WORDS: usize = 64;

/// Search for contracts whose meld need not be the whole hand: one minimum-length meld per
/// requirement. Canonical: the first natural card left (by suit in `order`, then by rank) is
/// either in one of the melds or not used at all, so every arrangement is met once. Which
/// card comes first does not change what a state can make, so failed states hold whatever
/// the order.
pub(super) struct Pick<'a, 'b> {
    rules: &'a MeldRules,
    round: &'a RoundSpec,
    line: Line,
    split: &'a Split,
    /// Failed states, shared by the searches of every split and alternative.
    failed: &'a mut WordMap,
    budget: &'a mut Budget<'b>,
    placed: Vec<Placed>,
    /// Requirements still open, sorted.
    open: Vec<Requirement>,
    /// Naturals set aside as not melded.
    unused: [u8; 52],
    /// The most naturals of a suit its runs can hold, by the suit's cards.
    covers: cover::Covers,
    /// How often each rank number lies on the line: the most copies one run holds.
    on_line: [usize; 14],
    /// Same-suit runs keep a gap and the contract asks for two runs or more: a run longer
    /// than needed may be what lets another lie close to it, by overlapping it (see
    /// `longest_run`).
    bridges: bool,
    /// The naturals a run of each length needs (at least one; by length, up to the line's).
    run_needs: Vec<usize>,
    /// The suits in the order their cards are decided: fewest naturals first, so that the
    /// states of the suit with the most are met again, and found in the memo, whatever the
    /// smaller suits and the splits of wild 2s did before.
    order: [usize; 4],
    /// The runs asked for at the root, for the check of the suits' shares.
    alt: &'a [Requirement],
    /// Whether the suits' shares were checked (see `suits`).
    suit_check: SuitCheck,
    /// The suits' answers found so far in this solve (`None`: no check, as in the searches
    /// of one suit that make it).
    shares: Option<&'a mut suits::Shares>,
}

/// Where a pick search stands with the check of the suits' shares (`suits`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SuitCheck {
    /// To be made once the solve has spent `suits::CHECK_AFTER` nodes.
    Pending,
    /// Made and passed, or not for this search.
    Done,
    /// Made and failed: the split cannot make the contract, and every state of it fails.
    Refused,
}

impl<'a, 'b> Pick<'a, 'b> {
    pub(super) fn new(
        rules: &'a MeldRules,
        round: &'a RoundSpec,
        split: &'a Split,
        alt: &'a [Requirement],
        budget: &'a mut Budget<'b>,
        failed: &'a mut WordMap,
        shares: Option<&'a mut suits::Shares>,
    ) -> Self {
        let mut open = alt.to_vec();
        open.sort();
        let runs = alt.iter().filter(|r| r.kind == MeldKind::Run).count();
        let bridges = round.run_gap() > 0 && !round.runs_different_suits && runs >= 2;
        let line = rules.line();
        let line_len = line.len();
        let mut order = [0, 1, 2, 3];
        order.sort_by_key(|&suit| {
            split.nat[suit * 13..suit * 13 + 13]
                .iter()
                .map(|&c| usize::from(c))
                .sum::<usize>()
        });
        #[cfg(test)]
        if SUITS_BY_INDEX.get() {
            order = [0, 1, 2, 3];
        }
        Pick {
            rules,
            round,
            on_line: line.copies_per_run(),
            line,
            split,
            failed,
            budget,
            placed: Vec::new(),
            open,
            unused: [0; 52],
            covers: cover::Covers::default(),
            bridges,
            run_needs: (0..=line_len)
                .map(|len| rules.naturals_needed(len).max(1))
                .collect(),
            order,
            alt,
            suit_check: if shares.is_some() && suits::applies(alt, &split.nat) {
                SuitCheck::Pending
            } else {
                SuitCheck::Done
            },
            shares,
        }
    }

    pub(super) fn solve(mut self) -> Result<Option<Solution>, SolveError> {
        let mut nat = self.split.nat;
        let wilds = self.split.wild_cards.len();
        if self.rec(&mut nat, wilds)? {
            let used: usize = self.placed.iter().map(Placed::wilds).sum();
            let mut left = nat;
            for (l, u) in left.iter_mut().zip(self.unused) {
                *l += u;
            }
            let mut ordered = self.placed.clone();
            ordered.sort_by_key(|p| (p.kind, p.key, p.window));
            return Ok(Some(materialise(
                &ordered,
                &self.split.wild_cards,
                &left,
                wilds - used,
            )));
        }
        Ok(None)
    }

    /// Melds of `req` that hold the natural card `first`: of the minimum length, or (with
    /// `longer`) the longer runs worth trying (see `longest_run`).
    fn candidates(
        &self,
        req: Requirement,
        first: usize,
        nat: &[u8; 52],
        wilds: usize,
        longer: bool,
    ) -> Vec<Placed> {
        let len = req.min as usize;
        if longer && (req.kind != MeldKind::Run || self.longest_run(len) == len) {
            return Vec::new();
        }
        let card = Card::from_index(first);
        let (suit, rank) = (card.suit().expect("natural"), card.rank().expect("natural"));
        let mut out = Vec::new();
        // The other open requirements' melds need their cards, and of them their naturals: a
        // candidate that leaves too few naturals, or too few cards with the wild cards, is
        // not worth placing (the bound would refuse the state it leads to).
        let naturals: usize = nat.iter().map(|&n| n as usize).sum();
        let (other_cards, other_naturals) = self.open.iter().fold((0, 0), |(c, n), r| {
            let len = r.min as usize;
            (c + len, n + self.rules.naturals_needed(len))
        });
        let other_cards = other_cards - len;
        let other_naturals = other_naturals - self.rules.naturals_needed(len);
        let worth = |cards: &[Option<usize>]| {
            let used = cards.iter().flatten().count();
            let left = naturals - used;
            left >= other_naturals
                && other_cards.saturating_sub(left) <= wilds - (cards.len() - used)
        };
        match req.kind {
            MeldKind::Set | MeldKind::Pair => {
                for cards in set_fillings(self.rules, nat, rank, len, wilds, Some(first)) {
                    if !worth(&cards) {
                        continue;
                    }
                    out.push(Placed {
                        kind: req.kind,
                        key: rank.number(),
                        window: (0, len),
                        cards,
                        loose: 0,
                    });
                }
            }
            MeldKind::Run => {
                let n = self.line.len();
                let suit_mask = line_mask(&self.line, nat, suit.index());
                let held = |p: usize| suit_mask >> (p % n) & 1 == 1;
                let shortest_after = self.shortest_open_run(Some(req));
                // Where the first card's rank lies on the line (twice for an ace at both ends).
                let at = (0..n).filter(|&p| self.line.ranks[p] == rank.number());
                let lengths = if longer {
                    len + 1..=self.longest_run(len)
                } else {
                    len..=len
                };
                for run_len in lengths {
                    // The other melds' cards must still be there with this run's (see
                    // `worth`), and it needs naturals enough, from what the others leave and,
                    // for a longer run, from the suit's ranks on the line. Each of these
                    // only grows with the length: no longer run passes either.
                    let fewest = self
                        .rules
                        .naturals_needed(run_len)
                        .max(run_len.saturating_sub(wilds));
                    if other_cards + run_len > wilds + naturals
                        || fewest + other_naturals > naturals
                        || (run_len > len && (suit_mask.count_ones() as usize) < fewest)
                    {
                        break;
                    }
                    // Cheap refusals before a window's cards are looked at: see
                    // `share_fillings` for longer runs that bridge nothing.
                    let share = run_len > len && !self.bridges;
                    if share
                        && self.rules.naturals_needed(run_len)
                            != self.rules.naturals_needed(run_len - 1)
                    {
                        continue;
                    }
                    // The windows holding a position of the first card's rank, each once and
                    // in order: a bit per start.
                    let mut starts = 0u32;
                    for p in at.clone() {
                        for o in 0..run_len {
                            if self.line.cyclic {
                                starts |= 1 << ((p + n - o) % n);
                            } else if p >= o && p - o + run_len <= n {
                                starts |= 1 << (p - o);
                            }
                        }
                    }
                    for start in (0..n).filter(|&b| starts >> b & 1 == 1) {
                        if share && !(held(start) && held(start + run_len - 1)) {
                            continue;
                        }
                        // A longer run's window must hold the naturals its length needs.
                        if run_len > len
                            && !window_may_hold(
                                &self.line,
                                suit_mask,
                                start,
                                run_len,
                                self.rules.naturals_needed(run_len),
                                wilds,
                            )
                        {
                            continue;
                        }
                        let avail =
                            run_window_options(&self.line, nat, suit.index(), start, run_len);
                        // The first matching position only: a second ace position would repeat.
                        let Some(fixed) = (0..run_len).find(|&o| avail[o] == Some(first)) else {
                            continue;
                        };
                        // A longer run takes the wild cards its gaps need.
                        if run_len > len && avail.iter().filter(|a| a.is_none()).count() > wilds {
                            continue;
                        }
                        // Each filling worth placing, its card list made only then.
                        let mut keep = |cards: &[Option<usize>]| {
                            if !worth(cards) {
                                return Ok(false);
                            }
                            let mut cand = Placed {
                                kind: MeldKind::Run,
                                key: suit.index() as u8,
                                window: (start, run_len),
                                cards: Vec::new(),
                                loose: 0,
                            };
                            if run_len > len && self.bridges {
                                cand.loose = self.loose_ends(cards);
                                if !self.loose_ends_may_close(
                                    &cand,
                                    cards,
                                    nat,
                                    wilds,
                                    shortest_after,
                                ) {
                                    return Ok(false);
                                }
                            }
                            cand.cards = cards.to_vec();
                            out.push(cand);
                            Ok(false)
                        };
                        if run_len > len && !self.bridges {
                            for cards in self.share_fillings(&avail, wilds, fixed) {
                                let _ = keep(&cards);
                            }
                        } else {
                            let all: Result<bool, SolveError> =
                                each_run_filling(self.rules, &avail, wilds, Some(fixed), &mut keep);
                            let _ = all;
                        }
                    }
                }
            }
        }
        // Fewest wild cards first: a "yes" is found early, a "no" is exhaustive anyway.
        out.sort_by_key(Placed::wilds);
        out
    }

    /// The fillings worth trying of a run longer than its requirement's minimum, where it
    /// cannot bridge two runs (see `longest_run`): such a run is needed only where dropping
    /// either end card leaves an illegal run, since otherwise the shorter run does as well
    /// and the dropped card stays in hand. So both ends are naturals, and it holds exactly
    /// the naturals its length needs, no more than one card shorter needs: two naturals per
    /// meld, its ends; half the meld, an even length with half of it natural.
    fn share_fillings(
        &self,
        avail: &[Option<usize>],
        wilds: usize,
        fixed: usize,
    ) -> Vec<Vec<Option<usize>>> {
        let len = avail.len();
        let need = self.rules.naturals_needed(len);
        if avail[0].is_none()
            || avail[len - 1].is_none()
            || need != self.rules.naturals_needed(len - 1)
            || len - need > wilds
        {
            return Vec::new();
        }
        let kept = |p: usize| p == 0 || p == len - 1 || p == fixed;
        let optional: Vec<usize> = (0..len)
            .filter(|&p| avail[p].is_some() && !kept(p))
            .collect();
        let must = (0..len).filter(|&p| kept(p)).count();
        // Which of the optional naturals become wild cards: exactly enough to leave `need`.
        let Some(to_wild) = (must + optional.len()).checked_sub(need) else {
            return Vec::new();
        };
        if need < must {
            return Vec::new();
        }
        let mut out = Vec::new();
        let all: Result<bool, std::convert::Infallible> =
            each_combination(optional.len(), to_wild, |pick| {
                let mut cards = avail.to_vec();
                for &i in pick {
                    cards[optional[i]] = None;
                }
                out.push(cards);
                Ok(false)
            });
        let Ok(_) = all;
        out
    }

    /// Which ends of a run longer than its requirement (where runs may bridge, see
    /// `longest_run`) only another run of its suit can justify. If the contract can be made,
    /// it can be made with no run that could lose an end card and stay legal and apart from
    /// its suit's other runs: drop such cards one by one (they stay in hand). A run one card
    /// shorter still overlaps every run it overlapped, but for a run that touched it only at
    /// the dropped card, and lies further from the others. So each end is either a natural
    /// that the run's own wild limits need, or ([`LOW_END`], [`HIGH_END`]) the place where
    /// another run of its suit ends or begins (`loose_ends_can_close`).
    fn loose_ends(&self, cards: &[Option<usize>]) -> u8 {
        let len = cards.len();
        let naturals = cards.iter().flatten().count();
        // Without that end the run keeps what a run one card shorter needs (and a natural).
        let short_ok = |end: Option<usize>| {
            end.is_none() || naturals > self.rules.naturals_needed(len - 1).max(1)
        };
        let mut loose = 0;
        if short_ok(cards[0]) {
            loose |= LOW_END;
        }
        if short_ok(cards[len - 1]) {
            loose |= HIGH_END;
        }
        loose
    }

    /// Can every loose end of the placed runs (`loose_ends`) still be touched?
    fn loose_ends_can_close(&self, nat: &[u8; 52], wilds: usize) -> bool {
        #[cfg(test)]
        if LOOSE_ENDS_OFF.get() {
            return true;
        }
        if !self.bridges {
            return true;
        }
        let shortest = self.shortest_open_run(None);
        self.placed.iter().enumerate().all(|(i, p)| {
            [LOW_END, HIGH_END].into_iter().all(|end| {
                p.loose & end == 0 || self.can_touch(nat, wilds, p, end, Some(i), shortest)
            })
        })
    }

    /// The shortest run requirement open (but for one `taken` now).
    fn shortest_open_run(&self, taken: Option<Requirement>) -> Option<usize> {
        let mut skip = taken;
        self.open
            .iter()
            .filter(|&&r| {
                if skip == Some(r) {
                    skip = None;
                    return false;
                }
                r.kind == MeldKind::Run
            })
            .map(|r| r.min as usize)
            .min()
    }

    /// Can the `end` of the run `p` (placed as number `me`, or a candidate) be touched: by a
    /// placed run of its suit that ends or begins exactly there, or by a run still to come
    /// (at least `shortest` cards), made of the naturals left (some window from that end
    /// holds what its length needs) and the wild cards left?
    fn can_touch(
        &self,
        nat: &[u8; 52],
        wilds: usize,
        p: &Placed,
        end: u8,
        me: Option<usize>,
        shortest: Option<usize>,
    ) -> bool {
        let n = self.line.len();
        let last = |w: (usize, usize)| (w.0 + w.1 - 1) % n;
        let at = if end == LOW_END {
            p.window.0
        } else {
            last(p.window)
        };
        let touched = self.placed.iter().enumerate().any(|(j, q)| {
            Some(j) != me
                && q.kind == MeldKind::Run
                && q.key == p.key
                && if end == LOW_END {
                    last(q.window) == at
                } else {
                    q.window.0 == at
                }
        });
        if touched {
            return true;
        }
        let Some(shortest) = shortest else {
            return false;
        };
        let mask = line_mask(&self.line, nat, p.key as usize);
        (shortest..=n).any(|len| {
            let start = if end == LOW_END {
                // A run ending at `at`.
                if self.line.cyclic {
                    (at + n + 1 - len) % n
                } else if at + 1 >= len {
                    at + 1 - len
                } else {
                    return false;
                }
            } else if self.line.cyclic || at + len <= n {
                at
            } else {
                return false;
            };
            window_may_hold(&self.line, mask, start, len, self.run_needs[len], wilds)
        })
    }

    /// Can the loose ends of the candidate `cand` still be touched once it is placed?
    fn loose_ends_may_close(
        &self,
        cand: &Placed,
        cards: &[Option<usize>],
        nat: &[u8; 52],
        wilds: usize,
        shortest: Option<usize>,
    ) -> bool {
        #[cfg(test)]
        if LOOSE_ENDS_OFF.get() {
            return true;
        }
        if cand.loose == 0 {
            return true;
        }
        let mut after = *nat;
        apply(&mut after, cards, 1);
        let wilds = wilds - cards.iter().filter(|c| c.is_none()).count();
        [LOW_END, HIGH_END].into_iter().all(|end| {
            cand.loose & end == 0 || self.can_touch(&after, wilds, cand, end, None, shortest)
        })
    }

    /// The longest run worth trying for a run requirement of `len` cards. Where cards may
    /// be left over, a run longer than needed can usually lose an end card and stay legal:
    /// - an end wild card, or an end natural under a limit on the wild cards per meld; but
    ///   where a meld needs more than one natural card, or a share of naturals, a natural
    ///   further along may be what makes it legal (`AH JK JK 4H` with two naturals per meld,
    ///   where no run of three is). Runs with naturals at both ends are tried, holding
    ///   just the naturals they need (`share_fillings`).
    /// - unless it must overlap another run of its suit, since runs that overlap need no gap
    ///   between them: with two ranks between same-suit runs, 3-5, 5-9 and 9-J of hearts are
    ///   legal, where no run of three inside 5-9 overlaps both or keeps the gap; and, with a
    ///   third of each meld wild and the line turning the corner, 7-J and J-4 of hearts from
    ///   7-10, Q, K, A, 3 and 4 and three jokers (each J and the 2), where J-4 without its
    ///   joker J touches 7-J.
    ///   Where same-suit runs keep a gap and the contract has two runs or more, runs of
    ///   every length are tried (two runs had once been left out).
    ///
    /// Then runs up to the line's length are tried.
    fn longest_run(&self, len: usize) -> usize {
        if self.round.exact_minimum
            || (self.rules.min_naturals <= 1 && self.rules.wild_share.is_none() && !self.bridges)
        {
            len
        } else {
            self.line.len()
        }
    }

    /// A lower bound on the wild cards the open requirements still need: every set takes the
    /// best chunk of one rank's naturals and the runs of each suit at most the naturals of that
    /// suit, each run no more than the best window (a relaxation, so it never overestimates).
    /// `usize::MAX` where the naturals cannot give every meld the naturals the wild limits
    /// ask for (one run per suit where runs must differ in suit, one set per rank where two
    /// sets of a rank are not allowed).
    fn wild_lower_bound(&mut self, nat: &[u8; 52]) -> usize {
        let total_nat: usize = nat.iter().map(|&n| n as usize).sum();
        let needed: usize = self.open.iter().map(|r| r.min as usize).sum();
        let mut set_mins: Vec<usize> = self
            .open
            .iter()
            .filter(|r| r.kind != MeldKind::Run)
            .map(|r| r.min as usize)
            .collect();
        let mut usable = 0;
        if let Some(&m_max) = set_mins.iter().max() {
            let rank_counts: Vec<usize> = (0..13)
                .map(|r| {
                    (0..4)
                        .map(|s| {
                            let n = nat[s * 13 + r] as usize;
                            if self.rules.set_distinct_suits {
                                n.min(1)
                            } else {
                                n
                            }
                        })
                        .sum()
                })
                .collect();
            let need = set_mins
                .iter()
                .map(|&m| self.rules.naturals_needed(m))
                .min()
                .unwrap_or(0);
            if need > 0 {
                let room: usize = if self.round.no_two_sets_same_rank {
                    rank_counts.iter().filter(|&&c| c >= need).count()
                } else {
                    rank_counts.iter().map(|&c| c / need).sum()
                };
                if room < set_mins.len() {
                    return usize::MAX;
                }
            }
            let mut slots = Vec::new();
            for &count in &rank_counts {
                let mut c = count;
                while c > 0 {
                    slots.push(c.min(m_max));
                    c = c.saturating_sub(m_max);
                }
            }
            slots.sort_unstable_by(|a, b| b.cmp(a));
            set_mins.sort_unstable_by(|a, b| b.cmp(a));
            usable += set_mins
                .iter()
                .zip(slots.iter().chain(std::iter::repeat(&0)))
                .map(|(&m, &slot)| m.min(slot))
                .sum::<usize>();
        }
        let runs: Vec<usize> = self
            .open
            .iter()
            .filter(|r| r.kind == MeldKind::Run)
            .map(|r| r.min as usize)
            .collect();
        if let Some(&longest) = runs.iter().max() {
            let shortest = runs.iter().copied().min().unwrap_or(longest);
            let r = runs.len();
            let need = runs
                .iter()
                .map(|&m| self.rules.naturals_needed(m))
                .min()
                .unwrap_or(0);
            // Per suit, the most naturals one to `r` runs can hold (`cover`). Runs of exactly
            // their minimum length (see `longest_run`) keep the round's gap where all are as
            // long as each other, and each must hold the naturals the wild limits ask. A
            // longer run takes at least the wild cards of a minimum-length stretch of it (its
            // other positions hold at most one natural each), so the bound counts such
            // stretches, without the gap (a longer run may bridge two close ones); then the
            // suit's naturals, each rank as often as the runs can hold it, must be enough for
            // its runs.
            let exact = self.longest_run(longest) == longest;
            let gap = if exact && runs.iter().all(|&m| m == longest) {
                self.round.run_gap()
            } else {
                0
            };
            let most_runs = if self.round.runs_different_suits {
                1
            } else {
                r
            };
            let mut best_by_count: Vec<Option<usize>> = vec![None; r + 1];
            best_by_count[0] = Some(0);
            for suit in 0..4 {
                let counts: [u8; 13] = nat[suit * 13..suit * 13 + 13]
                    .try_into()
                    .expect("thirteen ranks");
                let n: usize = counts.iter().map(|&c| c as usize).sum();
                if n == 0 {
                    continue;
                }
                // Longer runs: some window of the suit must hold what its length needs.
                let rules = self.rules;
                let hosts = exact
                    || need == 0
                    || self
                        .covers
                        .hosts_a_run(&self.line, &counts, shortest, &|len| {
                            rules.naturals_needed(len)
                        });
                let held = self
                    .covers
                    .most_naturals(&self.line, &counts, longest, most_runs, gap);
                // Longer runs: `j` runs hold a rank no more often than it lies on the line,
                // each (so two A♠ never make one run's two naturals).
                let room = |j: usize| {
                    if !hosts {
                        0
                    } else if exact {
                        held[j]
                    } else {
                        (0..13)
                            .map(|r| (counts[r] as usize).min(j * self.on_line[r + 1]))
                            .sum()
                    }
                };
                let mut next = best_by_count.clone();
                for used in 0..=r {
                    let Some(base) = best_by_count[used] else {
                        continue;
                    };
                    for j in 1..=most_runs.min(r - used) {
                        // No `j` runs of the suit hold the naturals each run needs.
                        if room(j) < j * need {
                            continue;
                        }
                        let v = base + held[j];
                        next[used + j] = Some(next[used + j].map_or(v, |x| x.max(v)));
                    }
                }
                best_by_count = next;
            }
            if need > 0 {
                // Every run holds naturals, so every run is in some suit.
                let Some(v) = best_by_count[r] else {
                    return usize::MAX;
                };
                usable += v;
            } else {
                usable += best_by_count.into_iter().flatten().max().unwrap_or(0);
            }
        }
        needed.saturating_sub(usable.min(total_nat))
    }

    pub(super) fn rec(&mut self, nat: &mut [u8; 52], wilds: usize) -> Result<bool, SolveError> {
        if self.open.is_empty() {
            return Ok(true);
        }
        if self.suit_check == SuitCheck::Pending
            && self.budget.nodes >= Self::check_after()
            && let Some(shares) = self.shares.as_deref_mut()
        {
            self.suit_check = SuitCheck::Done;
            let mut one_suit = suits::OneSuit {
                rules: self.rules,
                round: self.round,
                shares,
                budget: self.budget,
                failed: self.failed,
            };
            if !one_suit.can_share(self.split, self.alt)? {
                self.suit_check = SuitCheck::Refused;
                #[cfg(test)]
                SUITS_REFUSED.set(SUITS_REFUSED.get() + 1);
            }
        }
        if self.suit_check == SuitCheck::Refused {
            return Ok(false);
        }
        self.budget.tick()?;
        let key = self.memo_key(nat);
        if key
            .words()
            .and_then(|k| self.failed.get(k))
            .is_some_and(|most| wilds <= most as usize)
        {
            return Ok(false);
        }
        if self.wild_lower_bound(nat) > wilds || !self.loose_ends_can_close(nat, wilds) {
            self.failed_with(key, wilds);
            return Ok(false);
        }
        let Some(first) = self
            .order
            .iter()
            .find_map(|&suit| (suit * 13..suit * 13 + 13).find(|&i| nat[i] > 0))
        else {
            return Ok(self.all_wild_melds(wilds));
        };
        let mut distinct = self.open.clone();
        distinct.dedup();
        // Melds of the minimum length first, for every requirement; longer runs only after
        // (there may be many, and a yes is often found without them).
        for longer in [false, true] {
            for &req in &distinct {
                for cand in self.candidates(req, first, nat, wilds, longer) {
                    if self.try_candidate(nat, wilds, req, cand)? {
                        return Ok(true);
                    }
                }
            }
        }
        // The first card stays in hand.
        nat[first] -= 1;
        self.unused[first] += 1;
        if self.rec(nat, wilds)? {
            return Ok(true);
        }
        nat[first] += 1;
        self.unused[first] -= 1;
        self.failed_with(key, wilds);
        Ok(false)
    }

    /// The nodes a solve spends before the suits' shares are checked: `suits::CHECK_AFTER`;
    /// in tests, never, or at once.
    fn check_after() -> u64 {
        #[cfg(test)]
        {
            if SUITS_CHECK_OFF.get() {
                return u64::MAX;
            }
            if SUITS_CHECK_AT_ONCE.get() {
                return 0;
            }
        }
        suits::CHECK_AFTER
    }

    /// Remembers that `key` failed with `wilds` wild cards (and so with fewer).
    fn failed_with(&mut self, key: PickKey, wilds: usize) {
        if let Some(k) = key.words() {
            self.failed.raise(k, wilds as u32);
        }
    }

    /// The memo key of the state with `nat` naturals left (see [`PickKey`]).
    fn memo_key(&self, nat: &[u8; 52]) -> PickKey {
        let mut key = PickKey::default();
        key.extend(
            nat.chunks_exact(2)
                .map(|c| u16::from(c[0]) | u16::from(c[1]) << 8),
        );
        key.extend(
            self.open
                .iter()
                .map(|r| (r.kind as u16) << 8 | u16::from(r.min)),
        );
        key.push(u16::MAX);
        placed_signature(self.round, &self.placed, &mut key);
        key
    }

    /// With no naturals left, the open requirements may be met by all-wild melds where the
    /// rules allow them (Progressive). Each gets a rank or suit of its own so that no
    /// restriction can bite.
    fn all_wild_melds(&mut self, wilds: usize) -> bool {
        let need: usize = self.open.iter().map(|r| r.min as usize).sum();
        let limit_ok = self
            .open
            .iter()
            .all(|r| self.rules.naturals_needed(r.min as usize) == 0);
        if need > wilds || !limit_ok {
            return false;
        }
        let mut made = Vec::new();
        for (i, r) in self.open.iter().enumerate() {
            let len = r.min as usize;
            let cand = Placed {
                kind: r.kind,
                key: (13 - i % 13) as u8,
                window: if r.kind == MeldKind::Run {
                    (self.line.starts(len).end.saturating_sub(1 + 5 * i), len)
                } else {
                    (0, len)
                },
                cards: vec![None; len],
                loose: 0,
            };
            if self
                .placed
                .iter()
                .chain(&made)
                .any(|p| conflicts(self.round, &self.line, p, &cand))
            {
                return false;
            }
            made.push(cand);
        }
        self.placed.extend(made);
        self.open.clear();
        true
    }
}

impl Placing for Pick<'_, '_> {
    type Open = Requirement;

    fn parts(&mut self) -> Parts<'_, Requirement> {
        Parts {
            round: self.round,
            line: &self.line,
            placed: &mut self.placed,
            open: &mut self.open,
        }
    }

    fn search(&mut self, nat: &mut [u8; 52], wilds: usize) -> Result<bool, SolveError> {
        self.rec(nat, wilds)
    }
}
