//! The most natural cards of one suit that `j` runs can hold, for every `j` up to the runs the
//! contract still asks for: the pick search's lower bound on the wild cards it needs
//! (`Pick::wild_lower_bound`) is only as good as this upper bound on the naturals.
//!
//! Counting each suit's naturals, or a best window times the runs, overestimates wherever a
//! suit repeats a rank: four A♠ and a K♠ fill no more than four runs of three with two naturals
//! in one, since a run holds a rank once. Here the runs' windows themselves are chosen, every
//! multiset of them (runs may repeat a window with two decks), and each rank counts no more
//! often than it is held or covered. Where same-suit runs must keep ranks between them, only
//! windows that overlap or keep the gap are chosen together. A relaxation still: which natural
//! card goes into which run, and the other suits and the sets, are left to the search.
//!
//! A child of the solver; uses the line of ranks and std only.

use super::QuickMap;
use crate::rules::meld::Line;

/// The key of a cached answer: the suit's naturals by rank, the window length, the runs and
/// the gap same-suit runs keep (0: none).
type CoverKey = ([u8; 13], u8, u8, u8);

/// Answers of [`most_naturals`] and [`hosts_a_run`], kept for the states of one search
/// (many share a suit).
#[derive(Default)]
pub(super) struct Covers {
    known: QuickMap<CoverKey, Vec<usize>>,
    hosts: QuickMap<([u8; 13], u8), bool>,
}

impl Covers {
    /// [`most_naturals`], remembered.
    pub(super) fn most_naturals(
        &mut self,
        line: &Line,
        counts: &[u8; 13],
        len: usize,
        runs: usize,
        gap: usize,
    ) -> &[usize] {
        let key = (*counts, len as u8, runs as u8, gap as u8);
        self.known
            .entry(key)
            .or_insert_with(|| most_naturals(line, counts, len, runs, gap))
    }
}

impl Covers {
    /// [`hosts_a_run`], remembered (`need` is the same for every call of one search).
    pub(super) fn hosts_a_run(
        &mut self,
        line: &Line,
        counts: &[u8; 13],
        shortest: usize,
        need: &dyn Fn(usize) -> usize,
    ) -> bool {
        *self
            .hosts
            .entry((*counts, shortest as u8))
            .or_insert_with(|| hosts_a_run(line, counts, shortest, need))
    }
}

/// Can the suit's naturals (`counts`) make any run of `shortest` cards or more, where a run
/// of `len` cards needs `need(len)` naturals? A window holds each rank as often as it covers
/// it; the other positions take wild cards.
pub(super) fn hosts_a_run(
    line: &Line,
    counts: &[u8; 13],
    shortest: usize,
    need: &dyn Fn(usize) -> usize,
) -> bool {
    (shortest.max(1)..=line.max_run()).any(|len| {
        line.starts(len)
            .any(|start| held(&window_cover(line, start, len), counts) >= need(len))
    })
}

/// How often a window of `len` cards from `start` covers each rank (by number less one).
fn window_cover(line: &Line, start: usize, len: usize) -> [u8; 13] {
    let mut cov = [0u8; 13];
    for o in 0..len {
        cov[line.rank_at(start, o).number() as usize - 1] += 1;
    }
    cov
}

/// The suit's naturals that a window (or windows) covering the ranks `cov` times holds.
fn held(cov: &[u8; 13], counts: &[u8; 13]) -> usize {
    cov.iter()
        .zip(counts)
        .map(|(&c, &n)| c.min(n) as usize)
        .sum()
}

/// `out[j]` for `j` in `0..=runs`: the most of the suit's naturals (`counts[r]` of rank
/// number `r + 1`) that `j` runs of `len` cards on `line` can hold, where two runs that do not
/// overlap keep `gap` ranks between them (0: no such rule).
pub(super) fn most_naturals(
    line: &Line,
    counts: &[u8; 13],
    len: usize,
    runs: usize,
    gap: usize,
) -> Vec<usize> {
    let total: usize = counts.iter().map(|&c| c as usize).sum();
    let mut best = vec![0; runs + 1];
    // Each window: where it lies, and how often it covers each rank (twice for an ace at
    // both ends of a long run).
    let mut windows: Vec<Window> = line
        .starts(len)
        .map(|start| {
            let cov = window_cover(line, start, len);
            Window {
                at: (start, len),
                value: held(&cov, counts),
                cov,
            }
        })
        .filter(|w| w.value > 0)
        .collect();
    if windows.is_empty() || total == 0 || runs == 0 {
        return best;
    }
    if gap == 0 {
        drop_dominated(&mut windows, counts);
    }
    windows.sort_by_key(|w| std::cmp::Reverse(w.value));
    let mut search = Search {
        line,
        counts,
        windows: &windows,
        gap,
        total,
        most_value: windows[0].value,
        chosen: Vec::with_capacity(runs),
        best: &mut best,
    };
    search.dfs(0, &mut [0; 13], 0);
    // A run may repeat another's window (it overlaps, so it clashes with nothing new): more
    // runs never hold fewer.
    for j in 1..=runs {
        best[j] = best[j].max(best[j - 1]).min(total);
    }
    best
}

/// One window a run may lie in.
struct Window {
    /// (start, length) on the line.
    at: (usize, usize),
    /// How often it covers each rank.
    cov: [u8; 13],
    /// The suit's naturals it holds on its own.
    value: usize,
}

/// Without a gap rule a window that covers no rank the suit holds more often than another
/// window does is never needed: the other does as well in its place.
fn drop_dominated(windows: &mut Vec<Window>, counts: &[u8; 13]) {
    let holds = |w: &Window, r: usize| w.cov[r].min(counts[r]);
    let covers_all =
        |big: &Window, small: &Window| (0..13).all(|r| holds(big, r) >= holds(small, r));
    let mut keep = vec![true; windows.len()];
    for i in 0..windows.len() {
        keep[i] = !(0..windows.len()).any(|k| {
            k != i
                && keep[k]
                && covers_all(&windows[k], &windows[i])
                && (!covers_all(&windows[i], &windows[k]) || k < i)
        });
    }
    let mut flags = keep.into_iter();
    windows.retain(|_| flags.next().unwrap_or(true));
}

/// The enumeration of window multisets, best value per number of windows.
struct Search<'s> {
    line: &'s Line,
    counts: &'s [u8; 13],
    windows: &'s [Window],
    gap: usize,
    total: usize,
    /// The most one window adds.
    most_value: usize,
    chosen: Vec<usize>,
    best: &'s mut Vec<usize>,
}

impl Search<'_> {
    fn dfs(&mut self, from: usize, cov: &mut [u8; 13], value: usize) {
        let depth = self.chosen.len();
        if value > self.best[depth] {
            self.best[depth] = value;
        }
        let runs = self.best.len() - 1;
        // Nothing deeper can beat what is known: each further window adds at most the best
        // single window's value, and no run holds more than the suit has.
        let hopeless = (depth + 1..=runs)
            .all(|d| (value + (d - depth) * self.most_value).min(self.total) <= self.best[d]);
        if depth == runs || hopeless {
            return;
        }
        for i in from..self.windows.len() {
            let w = &self.windows[i];
            if self.gap > 0 && !self.keeps_gap(w.at) {
                continue;
            }
            let before = *cov;
            let mut v = value;
            for ((c, &add), &held) in cov.iter_mut().zip(&w.cov).zip(self.counts) {
                if add > 0 {
                    let was = (*c).min(held);
                    *c += add;
                    v += (*c).min(held) as usize - was as usize;
                }
            }
            self.chosen.push(i);
            self.dfs(i, cov, v);
            self.chosen.pop();
            *cov = before;
        }
    }

    /// Does a window at `at` overlap, or keep the gap to, every window chosen so far?
    fn keeps_gap(&self, at: (usize, usize)) -> bool {
        self.chosen.iter().all(|&k| {
            let other = self.windows[k].at;
            self.line.overlaps(other, at) || self.line.gap(other, at) >= self.gap
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::meld::{AceMode, MeldRules};

    fn line(ace: AceMode) -> Line {
        MeldRules {
            ace,
            ..MeldRules::default()
        }
        .line()
    }

    fn counts(ranks: &[u8]) -> [u8; 13] {
        let mut c = [0; 13];
        for &r in ranks {
            c[r as usize - 1] += 1;
        }
        c
    }

    /// Brute force: every multiset of windows, checked pairwise for the gap.
    fn brute(line: &Line, counts: &[u8; 13], len: usize, runs: usize, gap: usize) -> Vec<usize> {
        let starts: Vec<usize> = line.starts(len).collect();
        let mut best = vec![0; runs + 1];
        #[expect(
            clippy::too_many_arguments,
            reason = "a test's brute force, kept plain"
        )]
        fn rec(
            line: &Line,
            counts: &[u8; 13],
            len: usize,
            gap: usize,
            starts: &[usize],
            from: usize,
            chosen: &mut Vec<usize>,
            best: &mut Vec<usize>,
        ) {
            let mut cov = [0usize; 13];
            for &s in chosen.iter() {
                for o in 0..len {
                    cov[line.rank_at(s, o).number() as usize - 1] += 1;
                }
            }
            let v: usize = (0..13).map(|r| cov[r].min(counts[r] as usize)).sum();
            let d = chosen.len();
            best[d] = best[d].max(v);
            if d + 1 == best.len() {
                return;
            }
            for i in from..starts.len() {
                let ok = chosen.iter().all(|&s| {
                    gap == 0
                        || line.overlaps((s, len), (starts[i], len))
                        || line.gap((s, len), (starts[i], len)) >= gap
                });
                if ok {
                    chosen.push(starts[i]);
                    rec(line, counts, len, gap, starts, i, chosen, best);
                    chosen.pop();
                }
            }
        }
        rec(
            line,
            counts,
            len,
            gap,
            &starts,
            0,
            &mut Vec::new(),
            &mut best,
        );
        for j in 1..=runs {
            best[j] = best[j].max(best[j - 1]);
        }
        best
    }

    #[test]
    fn four_aces_and_a_king_fill_runs_of_three_one_ace_each() {
        // A♠ ×4, K♠, 8♠ on a line that turns the corner: one run holds K-A, the others one
        // ace each, the 8 a run of its own.
        let c = counts(&[1, 1, 1, 1, 13, 8]);
        let got = most_naturals(&line(AceMode::Wrap), &c, 3, 5, 0);
        assert_eq!(got, vec![0, 2, 3, 4, 5, 6]);
        // With two ranks between runs that do not overlap: the same, runs on the ace overlap.
        assert_eq!(most_naturals(&line(AceMode::Wrap), &c, 3, 5, 2), got);
    }

    #[test]
    fn overlapping_runs_keep_no_gap() {
        // 3, 5 and 7 of a suit in runs of three: 3-5 and 5-7 hold all three and overlap, so
        // two ranks between runs that do not overlap change nothing.
        let c = counts(&[3, 5, 7]);
        let l = line(AceMode::LowOrHigh);
        assert_eq!(most_naturals(&l, &c, 3, 3, 0), vec![0, 2, 3, 3]);
        assert_eq!(most_naturals(&l, &c, 3, 3, 2), vec![0, 2, 3, 3]);
    }

    #[test]
    fn a_gap_keeps_close_runs_apart() {
        // 5, 7, 9 and J of a suit in runs of three: 5-7 and 9-J hold all four but have one
        // rank between them; with two ranks between runs that do not overlap, a run like 7-9
        // bridges only by overlapping both, and 5-7 and 9-J still clash: three at most.
        let c = counts(&[5, 7, 9, 11]);
        let l = line(AceMode::Wrap);
        assert_eq!(most_naturals(&l, &c, 3, 4, 0), vec![0, 2, 4, 4, 4]);
        assert_eq!(most_naturals(&l, &c, 3, 4, 2), vec![0, 2, 3, 3, 3]);
    }

    #[test]
    fn a_suit_hosts_a_run_only_where_a_window_holds_the_naturals_it_needs() {
        // Half of each run natural: 7♦ and A♦ lie seven ranks apart (a run of seven needs
        // four naturals), and two 2♠ are one rank (a run holds it once).
        let half = |len: usize| len.div_ceil(2);
        let l = line(AceMode::LowOrHigh);
        assert!(!hosts_a_run(&l, &counts(&[1, 7]), 4, &half));
        assert!(!hosts_a_run(&l, &counts(&[2, 2]), 4, &half));
        // A♦ and 3♦ make A-4 with two wild cards.
        assert!(hosts_a_run(&l, &counts(&[1, 3]), 4, &half));
        // Two naturals per run: any two ranks, a run between them.
        assert!(hosts_a_run(&l, &counts(&[1, 7]), 4, &|_| 2));
    }

    #[test]
    fn agrees_with_brute_force_on_many_suits() {
        // A small deterministic generator: every line, lengths 3-5, gaps 0-2, up to 4 runs.
        let mut next = super::super::test_numbers(0x2545_f491_u64);
        for _ in 0..300 {
            let ace = [AceMode::Wrap, AceMode::LowOrHigh, AceMode::HighOnly][next(3) as usize];
            let l = line(ace);
            let mut c = [0u8; 13];
            for _ in 0..next(8) {
                c[next(13) as usize] += 1;
            }
            let len = 3 + next(3) as usize;
            let runs = 1 + next(4) as usize;
            let gap = next(3) as usize;
            assert_eq!(
                most_naturals(&l, &c, len, runs, gap),
                brute(&l, &c, len, runs, gap),
                "{ace:?} {c:?} len {len} runs {runs} gap {gap}"
            );
        }
    }
}
