//! Going out all at once with runs only (docs/RULES.md section 3 "go out all at once"): every
//! card in exactly one run. A strategy of the solver beside the pick search.
//!
//! A sweep along the line of ranks, one suit at a time, rather than a choice of every card
//! of every run: at each position runs may start (only their lengths are chosen), and the
//! natural cards of that rank go into the runs covering the position, one each; the rest of
//! the runs' positions there are wild cards. A card whose rank comes again further along
//! (an ace high as well as low; any rank on a line that turns the corner) may wait for that
//! position instead. So a hand's cost grows with the runs and positions, not with the ways to
//! place its wild cards. Which of the covering runs gets a natural card only matters for the
//! wild limits (each run needs its naturals by its end): the naturals go to runs still short
//! of them as far as they reach (to the others a natural or a wild card is all one), and
//! every choice of those short runs is tried, runs alike in end and need once. The run
//! ending first is not always the one to serve: it may make up its naturals further on,
//! where both runs get one, while the other finds none where it goes on (a search found
//! that slip). Failed states are remembered.
//!
//! Uses only the solver's shared pieces; nothing outside `rules` and std.

use super::memo::{self, WordSet};
use super::{Budget, Placed, Solution, SolveError, Split, materialise};
use crate::rules::cards::{Card, Rank, Suit};
use crate::rules::meld::{Line, MeldKind, MeldRules};
use crate::rules::ruleset::{Requirement, RoundSpec};

/// `capacity[k][c]` for `k` up to `runs` and `c` up to `cards`: the most wild cards `k` runs
/// of `c` cards in all, each `shortest..=longest` long, can hold under the wild limits; `None`
/// where no such runs make `c` cards.
fn wild_capacity(
    rules: &MeldRules,
    shortest: usize,
    longest: usize,
    runs: usize,
    cards: usize,
) -> Vec<Vec<Option<usize>>> {
    let mut cap = vec![vec![None; cards + 1]; runs + 1];
    cap[0][0] = Some(0);
    for k in 1..=runs {
        for c in 0..=cards {
            cap[k][c] = (shortest.max(1)..=longest.min(c))
                .filter_map(|len| Some(cap[k - 1][c - len]? + len - rules.naturals_needed(len)))
                .max();
        }
    }
    cap
}

/// One run being laid: its suit, window and the positions that hold natural cards.
#[derive(Debug, Clone)]
struct Win {
    suit: usize,
    start: usize,
    len: usize,
    /// Window offsets holding natural cards.
    mask: u32,
    naturals: usize,
    /// Naturals the wild limits ask of a run this long.
    need: usize,
}

impl Win {
    fn end(&self) -> usize {
        self.start + self.len - 1
    }

    fn deficit(&self) -> usize {
        self.need.saturating_sub(self.naturals)
    }
}

pub(super) struct Sweep<'a, 'b> {
    rules: &'a MeldRules,
    line: Line,
    /// Positions on the line.
    n: usize,
    /// Positions a window may cover: `n`, or almost twice it on a line that turns the corner.
    span: usize,
    /// Same-suit runs that do not overlap need this many ranks between them.
    gap: usize,
    /// Every run in its own suit.
    one_per_suit: bool,
    /// Minimum lengths of the runs, ascending.
    mins: Vec<usize>,
    /// Wild cards in all, and natural cards in all.
    wilds: usize,
    naturals: usize,
    /// Longest run the wild limits allow without any natural card (0: none).
    longest_all_wild: usize,
    /// Most wild cards one run can hold under the wild limits.
    most_wild: usize,
    /// `capacity[k][c]`: the most wild cards `k` runs of `c` cards in all can hold under the
    /// wild limits (each run at least the shortest minimum long), `None` where no `k` runs
    /// make `c` cards. Shares and caps are per run, so seven wild cards may not fit three
    /// runs of twenty cards under "a third", however the lengths are chosen.
    capacity: Vec<Vec<Option<usize>>>,
    /// Some suit has fewer naturals than the runs it needs must hold.
    hopeless: bool,
    split: &'a Split,
    /// Suits that hold natural cards.
    suits: Vec<usize>,
    /// The last position of each rank number on the span.
    last_pos: [Option<usize>; 14],
    /// Every position of each rank number on the span.
    positions: Vec<Vec<usize>>,
    /// How many cards of each rank number one run can hold (1, or 2 for an ace at both ends).
    per_run: [usize; 14],
    /// Runs the suits from the `i`-th on need at least, whatever else happens: one per copy
    /// of their most repeated rank (a run holds a rank once, an ace at both ends twice).
    reserve: Vec<usize>,
    budget: &'a mut Budget<'b>,
    failed: WordSet,
    /// Every run opened so far, in order.
    wins: Vec<Win>,
    /// How many of `wins` are still open (the last ones, as they are of the current suit).
    holes: usize,
}

impl<'a, 'b> Sweep<'a, 'b> {
    pub(super) fn new(
        rules: &'a MeldRules,
        round: &RoundSpec,
        split: &'a Split,
        alt: &[Requirement],
        budget: &'a mut Budget<'b>,
    ) -> Self {
        let line = rules.line();
        let n = line.len();
        let span = if line.cyclic { 2 * n - 1 } else { n };
        let mut last_pos = [None; 14];
        let mut positions = vec![Vec::new(); 14];
        for q in 0..span {
            last_pos[line.ranks[q % n] as usize] = Some(q);
            positions[line.ranks[q % n] as usize].push(q);
        }
        let mut mins: Vec<usize> = alt.iter().map(|r| r.min as usize).collect();
        mins.sort_unstable();
        let in_suit = |s: usize| -> usize {
            split.nat[s * 13..s * 13 + 13]
                .iter()
                .map(|&c| c as usize)
                .sum()
        };
        // The suit with the fewest naturals first: it has the fewest ways to be laid, so a
        // suit that cannot be finished fails before the others' arrangements multiply.
        let mut suits: Vec<usize> = (0..4).filter(|&s| in_suit(s) > 0).collect();
        suits.sort_by_key(|&s| in_suit(s));
        let most_wild = (1..=line.max_run())
            .map(|len| len - rules.naturals_needed(len))
            .max()
            .unwrap_or(0);
        let per_run = line.copies_per_run();
        // Runs a suit needs at least: its most repeated rank, over what one run can hold.
        let least = |suit: usize| {
            (1..=13u8)
                .map(|r| {
                    let c = split.nat
                        [Card::new(Rank::new(r).expect("rank"), Suit::ALL[suit]).index()]
                        as usize;
                    c.div_ceil(per_run[r as usize].max(1))
                })
                .max()
                .unwrap_or(0)
                .max(1)
        };
        // reserve[i]: the runs the suits from the i-th on need at least.
        let mut reserve = vec![0; suits.len() + 1];
        for i in (0..suits.len()).rev() {
            reserve[i] = reserve[i + 1] + least(suits[i]);
        }
        // Every run holds at least the naturals the wild limits ask of the shortest run: a
        // suit with fewer naturals than its runs need that way cannot be laid.
        let fewest = rules.naturals_needed(mins[0]);
        let hopeless = suits.iter().any(|&s| in_suit(s) < least(s) * fewest);
        let cards = split.nat.iter().map(|&c| c as usize).sum::<usize>() + split.wild_cards.len();
        let capacity = wild_capacity(rules, mins[0], line.max_run(), mins.len(), cards);
        let longest_all_wild = (1..=line.max_run())
            .take_while(|&len| rules.naturals_needed(len) == 0)
            .last()
            .unwrap_or(0);
        Sweep {
            rules,
            n,
            span,
            gap: round.run_gap(),
            one_per_suit: round.runs_different_suits,
            mins,
            wilds: split.wild_cards.len(),
            naturals: split.nat.iter().map(|&c| c as usize).sum(),
            longest_all_wild,
            most_wild,
            capacity,
            hopeless,
            split,
            suits,
            last_pos,
            positions,
            per_run,
            reserve,
            budget,
            failed: WordSet::default(),
            wins: Vec::new(),
            holes: 0,
            line,
        }
    }

    pub(super) fn solve(mut self) -> Result<Option<Solution>, SolveError> {
        let cards = self.naturals + self.wilds;
        let needed: usize = self.mins.iter().sum();
        if cards < needed || cards > self.mins.len() * self.line.max_run() {
            return Ok(None);
        }
        if self.hopeless
            || self.reserve[0] > self.mins.len()
            || self.wilds > self.mins.len() * self.most_wild
        {
            return Ok(None);
        }
        if self.capacity[self.mins.len()][cards].is_none_or(|most| self.wilds > most) {
            return Ok(None);
        }
        let Some(all_wild) = self.suit_start(0)? else {
            return Ok(None);
        };
        let mut placed: Vec<Placed> = self
            .wins
            .iter()
            .map(|w| Placed {
                kind: MeldKind::Run,
                key: w.suit as u8,
                window: (w.start % self.n, w.len),
                cards: (0..w.len)
                    .map(|o| {
                        (w.mask & (1 << o) != 0).then(|| {
                            let rank = self.line.rank_at(w.start, o);
                            Card::new(rank, Suit::ALL[w.suit]).index()
                        })
                    })
                    .collect(),
                loose: 0,
            })
            .collect();
        placed.sort_by_key(|p| (p.key, p.window));
        for len in all_wild {
            placed.push(Placed {
                kind: MeldKind::Run,
                key: 0,
                window: (0, len),
                cards: vec![None; len],
                loose: 0,
            });
        }
        Ok(Some(materialise(
            &placed,
            &self.split.wild_cards,
            &[0; 52],
            0,
        )))
    }

    /// Starts the sweep of the `si`-th suit with natural cards (or finishes after the last):
    /// the lengths of the all-wild runs that complete the answer, or `None`.
    fn suit_start(&mut self, si: usize) -> Result<Option<Vec<usize>>, SolveError> {
        let Some(&suit) = self.suits.get(si) else {
            return Ok(self.finish());
        };
        let mut rem = [0u8; 14];
        for r in 1..=13u8 {
            rem[r as usize] =
                self.split.nat[Card::new(Rank::new(r).expect("rank"), Suit::ALL[suit]).index()];
        }
        if (1..=13).any(|r| rem[r] > 0 && self.last_pos[r].is_none()) {
            return Ok(None);
        }
        let first = self.wins.len();
        self.at(si, suit, first, 0, &mut rem)
    }

    /// The lengths of all-wild runs that use the wild cards left, and a matching of every
    /// run to a requirement's minimum; `None` if there is none.
    fn finish(&self) -> Option<Vec<usize>> {
        let k = self.wins.len();
        let r = self.mins.len();
        if k > r || self.holes > self.wilds {
            return None;
        }
        let left = self.wilds - self.holes;
        let mut lens: Vec<usize> = self.wins.iter().map(|w| w.len).collect();
        lens.sort_unstable();
        // Which minimums the natural runs take: every choice of k of the r (r is small).
        let mut best = None;
        for pick in 0u32..1 << r {
            if pick.count_ones() as usize != k {
                continue;
            }
            let chosen: Vec<usize> = (0..r).filter(|i| pick & (1 << i) != 0).collect();
            if !chosen
                .iter()
                .zip(&lens)
                .all(|(&i, &len)| len >= self.mins[i])
            {
                continue;
            }
            let rest: Vec<usize> = (0..r)
                .filter(|i| pick & (1 << i) == 0)
                .map(|i| self.mins[i])
                .collect();
            if rest.is_empty() {
                if left == 0 {
                    return Some(Vec::new());
                }
                continue;
            }
            let need: usize = rest.iter().sum();
            if rest.iter().any(|&m| m > self.longest_all_wild)
                || left < need
                || left > rest.len() * self.longest_all_wild
            {
                continue;
            }
            // Hand the extra wild cards to the shortest runs that can still grow.
            let mut out = rest;
            let mut extra = left - need;
            while extra > 0 {
                let l = out
                    .iter_mut()
                    .filter(|l| **l < self.longest_all_wild)
                    .min()
                    .expect("room checked above");
                *l += 1;
                extra -= 1;
            }
            best = Some(out);
            break;
        }
        best
    }

    /// The memo key of a state at position `q` of suit number `si` (unusable for a state too
    /// big for a [`Key`], which no preset's contract makes: it is searched without the memo).
    fn key(&self, si: usize, q: usize, first: usize, rem: &[u8; 14], cyclic_pairs: bool) -> Key {
        let mut key = Key::default();
        key.extend([si as u16, q as u16, self.holes as u16]);
        key.extend(rem[1..].iter().map(|&c| c as u16));
        // Runs of earlier suits: only their lengths matter from here.
        key.push(u16::MAX);
        let from = key.len();
        key.extend(self.wins[..first].iter().map(|w| w.len as u16));
        key.sort_from(from);
        // Runs of this suit: open ones by end, length and naturals still needed; closed ones
        // by their length, and the nearest end (or every window, where the line turns).
        key.push(u16::MAX);
        let from = key.len();
        let mut nearest = 0;
        for w in &self.wins[first..] {
            if w.end() >= q {
                key.push(((w.end() as u16) << 8) | ((w.len as u16) << 4) | w.deficit() as u16);
            } else {
                key.push(0x8000 | w.len as u16);
                nearest = nearest.max(w.end() + 1);
            }
            if cyclic_pairs {
                key.push(((w.start as u16) << 8) | w.len as u16);
            }
        }
        key.sort_from(from);
        key.push((q.saturating_sub(nearest)).min(self.gap + 1) as u16);
        key
    }

    /// The sweep at position `q` of `suit` (the `si`-th), whose runs are `wins[first..]`;
    /// `rem` counts the suit's natural cards not yet placed, by rank number.
    fn at(
        &mut self,
        si: usize,
        suit: usize,
        first: usize,
        q: usize,
        rem: &mut [u8; 14],
    ) -> Result<Option<Vec<usize>>, SolveError> {
        // Runs ending before q are closed: each must hold its naturals by now.
        if self.wins[first..]
            .iter()
            .any(|w| w.end() + 1 == q && w.deficit() > 0)
        {
            return Ok(None);
        }
        if q == self.span {
            return self.suit_start(si + 1);
        }
        // Where runs turn the corner and keep a gap, the runs' windows matter to the runs still
        // to open (checked as they open); past the first lap none opens any more.
        let cyclic_pairs = self.line.cyclic && self.gap > 0 && q < self.n;
        let key = self.key(si, q, first, rem, cyclic_pairs);
        if key.words().is_some_and(|k| self.failed.contains(k)) {
            return Ok(None);
        }
        self.budget.tick()?;
        if !self.may_finish(si, first, q, rem) {
            self.remember_failed(key);
            return Ok(None);
        }
        let found = self.open_at(si, suit, first, q, rem, 0)?;
        if found.is_none() {
            self.remember_failed(key);
        }
        Ok(found)
    }

    /// Remembers a failed state.
    fn remember_failed(&mut self, key: Key) {
        if let Some(k) = key.words() {
            self.failed.insert(k);
        }
    }

    /// Can the suit still be finished from `q`? Every natural card left needs a run over a
    /// position of its rank (one open now, or one still to open), and the runs open now
    /// take a wild card wherever more of them cover a position than naturals are left of its
    /// rank: those wild cards must be there.
    fn may_finish(&self, si: usize, first: usize, q: usize, rem: &[u8; 14]) -> bool {
        // Runs still to open for this suit: the later suits keep the runs they need.
        let Some(to_open) = self
            .mins
            .len()
            .checked_sub(self.wins.len() + self.reserve[si + 1])
        else {
            return false;
        };
        let open = &self.wins[first..];
        let laid: usize = self.wins.iter().map(|w| w.len).sum();
        let Some(cards_left) = (self.naturals + self.wilds).checked_sub(laid) else {
            return false;
        };
        let runs_left = self.mins.len() - self.wins.len();
        // The longest run this suit may still open: none past the line's first lap or where
        // the suit has its one run; else the cards left less the shortest minimum for each
        // other run still to come.
        let longest_new = if q >= self.n || (self.one_per_suit && !open.is_empty()) {
            0
        } else {
            cards_left
                .saturating_sub(runs_left.saturating_sub(1) * self.mins[0])
                .min(self.line.max_run())
        };
        let to_open = if longest_new == 0 { 0 } else { to_open };
        // A run opened at q' in q..n covers p when it reaches it: from q' = min(p, n - 1).
        let reachable = |p: usize| p - p.min(self.n - 1) < longest_new;
        let covering = |p: usize| open.iter().filter(|w| w.start <= p && p <= w.end()).count();
        for (r, &left) in rem.iter().enumerate().skip(1) {
            if left == 0 {
                continue;
            }
            // A run opened later covers at most `per_run` positions of the rank, and only
            // those it can reach.
            let ahead = self.positions[r].iter().filter(|&&p| p >= q);
            let reach = ahead.clone().filter(|&&p| reachable(p)).count();
            let slots: usize =
                ahead.map(|&p| covering(p)).sum::<usize>() + to_open * self.per_run[r].min(reach);
            if slots < left as usize {
                return false;
            }
        }
        // The wild cards left need room: the open runs take at most their wild limit less the
        // wild cards they hold already, and the runs still to open at most what runs of the
        // cards not yet in a run can hold.
        let Some(later) = self.capacity[runs_left][cards_left] else {
            return false;
        };
        let room: usize = open
            .iter()
            .filter(|w| w.end() >= q)
            .map(|w| {
                let held = (q - w.start) - w.naturals;
                (w.len - w.need).saturating_sub(held).min(w.end() + 1 - q)
            })
            .sum::<usize>()
            + later;
        if self.wilds - self.holes.min(self.wilds) > room {
            return false;
        }
        self.holes + self.forced_holes(first, q, rem) <= self.wilds
    }

    /// The wild cards the open runs of this suit must still take from `q` on: wherever more
    /// of them cover a position than naturals are left of its rank. Naturals are only ever
    /// taken from `rem`, so this never shrinks as the sweep goes on, and a longer run never
    /// makes it smaller.
    fn forced_holes(&self, first: usize, q: usize, rem: &[u8; 14]) -> usize {
        let open = &self.wins[first..];
        let reach = open.iter().map(Win::end).max().unwrap_or(0);
        (q..=reach.min(self.span - 1))
            .map(|p| {
                let covering = open.iter().filter(|w| w.start <= p && p <= w.end()).count();
                covering.saturating_sub(rem[self.line.ranks[p % self.n] as usize] as usize)
            })
            .sum()
    }

    /// Once the run just opened at `q` makes the open runs force more wild cards than the
    /// hand holds, no longer run fits either: it covers every position this one does.
    fn no_longer_run_fits(&self, first: usize, q: usize, rem: &[u8; 14]) -> bool {
        #[cfg(test)]
        if OPEN_CUT_OFF.get() {
            return false;
        }
        self.holes + self.forced_holes(first, q, rem) > self.wilds
    }

    /// Opens runs starting at `q` (each at least `from` long, so a set of lengths is tried
    /// once), then places the cards of `q`.
    fn open_at(
        &mut self,
        si: usize,
        suit: usize,
        first: usize,
        q: usize,
        rem: &mut [u8; 14],
        from: usize,
    ) -> Result<Option<Vec<usize>>, SolveError> {
        if let Some(found) = self.place_at(si, suit, first, q, rem)? {
            return Ok(Some(found));
        }
        let opened = self.wins.len();
        if opened + self.reserve[si + 1] >= self.mins.len()
            || q >= self.n
            || (self.one_per_suit && opened > first)
            || !self.may_start(first, q)
        {
            return Ok(None);
        }
        // Every card is in a run: the runs' lengths add up to the cards, and the runs still
        // to open are at least the shortest minimums left.
        let used: usize = self.wins.iter().map(|w| w.len).sum();
        let later: usize = self.mins[..self.mins.len() - opened - 1].iter().sum();
        let budget_len = (self.naturals + self.wilds).saturating_sub(used + later);
        let most = if self.line.cyclic { self.n } else { self.n - q }.min(budget_len);
        let mut shortest = self.mins[0].max(from);
        // The last run to open (there is no room left for an all-wild one) takes exactly the
        // cards left.
        if opened + 1 == self.mins.len() {
            let exact = (self.naturals + self.wilds).saturating_sub(used);
            if exact < shortest || exact > most {
                return Ok(None);
            }
            shortest = exact;
        }
        for len in shortest..=most {
            if !self.keeps_cyclic_gaps(first, q, len) {
                continue;
            }
            self.wins.push(Win {
                suit,
                start: q,
                len,
                mask: 0,
                naturals: 0,
                need: self.rules.naturals_needed(len),
            });
            if self.no_longer_run_fits(first, q, rem) {
                self.wins.pop();
                break;
            }
            let found = self.open_at(si, suit, first, q, rem, len)?;
            if found.is_some() {
                return Ok(found);
            }
            self.wins.pop();
        }
        Ok(None)
    }

    /// May a run of this suit start at `q`, next to the runs already laid? (Where the line
    /// turns the corner, every pair is checked at the end of the suit instead.)
    fn may_start(&self, first: usize, q: usize) -> bool {
        if self.gap == 0 || self.line.cyclic {
            return true;
        }
        // Overlapping runs are fine; else the ranks between must be enough.
        self.wins[first..]
            .iter()
            .all(|w| w.end() >= q || q - w.end() > self.gap)
    }

    /// Places the natural cards of the rank at `q` into the runs covering it and goes on.
    fn place_at(
        &mut self,
        si: usize,
        suit: usize,
        first: usize,
        q: usize,
        rem: &mut [u8; 14],
    ) -> Result<Option<Vec<usize>>, SolveError> {
        let rank = self.line.ranks[q % self.n] as usize;
        let mut covering: Vec<usize> = (first..self.wins.len())
            .filter(|&i| self.wins[i].start <= q && q <= self.wins[i].end())
            .collect();
        let last = self.last_pos[rank] == Some(q);
        let must = if last { rem[rank] as usize } else { 0 };
        if must > covering.len() {
            return Ok(None);
        }
        if self.line.cyclic && self.gap > 0 && q + 1 == self.span && !self.cyclic_gaps_ok(first) {
            return Ok(None);
        }
        // Runs still short of naturals first (the one ending first first), then the others.
        covering.sort_by_key(|&i| {
            let w = &self.wins[i];
            (w.deficit() == 0, w.end(), w.deficit())
        });
        let short = covering
            .iter()
            .take_while(|&&i| self.wins[i].deficit() > 0)
            .count();
        // Two short runs alike in end and deficit are alike from here on (see `key`): bit `j`
        // says the `j`-th is alike the one before it.
        let alike_before = (1..short).fold(0u32, |bits, j| {
            let (wa, wb) = (&self.wins[covering[j - 1]], &self.wins[covering[j]]);
            bits | u32::from(wa.end() == wb.end() && wa.deficit() == wb.deficit()) << j
        });
        let can = covering.len().min(rem[rank] as usize);
        for x in (must..=can).rev() {
            let holes = covering.len() - x;
            if self.holes + holes > self.wilds {
                break;
            }
            // The naturals go to short runs as far as they reach: to a run that has its
            // naturals, a natural or a wild card is all one. Which short runs matters,
            // though: the one ending first may make up its naturals later where both get
            // one, while the other finds none where it goes on. So every choice of them is
            // tried (of runs alike, the first ones only), the ones ending first first; the
            // naturals left over go to the other runs.
            let k = x.min(short);
            for pick in 0u32..1 << short {
                // Of runs alike, a run is picked only with the one before it.
                if pick.count_ones() as usize != k || pick & !(pick << 1) & alike_before != 0 {
                    continue;
                }
                let chosen = pick | ((1u32 << (x - k)) - 1) << short;
                self.give(&covering, chosen, q, 1);
                self.holes += holes;
                rem[rank] -= x as u8;
                let found = self.at(si, suit, first, q + 1, rem)?;
                if found.is_some() {
                    return Ok(found);
                }
                rem[rank] += x as u8;
                self.holes -= holes;
                self.give(&covering, chosen, q, -1);
            }
        }
        Ok(None)
    }

    /// Gives (`sign` 1) or takes back (-1) a natural card at `q` to each run `covering[j]`
    /// whose bit `j` is set in `chosen`.
    fn give(&mut self, covering: &[usize], chosen: u32, q: usize, sign: i8) {
        for (j, &i) in covering.iter().enumerate() {
            if chosen >> j & 1 == 0 {
                continue;
            }
            let w = &mut self.wins[i];
            if sign > 0 {
                w.mask |= 1 << (q - w.start);
                w.naturals += 1;
            } else {
                w.mask &= !(1 << (q - w.start));
                w.naturals -= 1;
            }
        }
    }

    /// Where runs turn the corner, a run opened at `q` keeps the gap all round to every run
    /// of this suit laid so far (their windows are known once opened, so a clash is cut here
    /// rather than at the end of the suit).
    fn keeps_cyclic_gaps(&self, first: usize, q: usize, len: usize) -> bool {
        if !(self.line.cyclic && self.gap > 0) {
            return true;
        }
        let new = (q % self.n, len);
        self.wins[first..].iter().all(|w| {
            let old = (w.start % self.n, w.len);
            self.line.overlaps(old, new) || self.line.gap(old, new) >= self.gap
        })
    }

    /// Where runs turn the corner: every pair of this suit's runs that do not overlap keeps
    /// the gap all round.
    fn cyclic_gaps_ok(&self, first: usize) -> bool {
        let runs = &self.wins[first..];
        runs.iter().enumerate().all(|(i, a)| {
            runs[i + 1..].iter().all(|b| {
                let (wa, wb) = ((a.start % self.n, a.len), (b.start % self.n, b.len));
                self.line.overlaps(wa, wb) || self.line.gap(wa, wb) >= self.gap
            })
        })
    }
}

#[cfg(test)]
thread_local! {
    /// Tests only: the sweep opens runs without the forced wild card cut
    /// (`no_longer_run_fits`), to show that the cut changes no answer.
    pub(super) static OPEN_CUT_OFF: std::cell::Cell<bool> =
        const { std::cell::Cell::new(false) };
}

/// Words in a sweep's [`Key`]: its fixed part (suit, position, holes, 13 ranks, 3 marks) and
/// three per run for the most runs a preset's contract asks for, with room to spare.
const KEY_WORDS: usize = 48;

/// A sweep state's memo key.
type Key = memo::Key<KEY_WORDS>;
