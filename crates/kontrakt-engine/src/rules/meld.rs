//! Melds and their readings (RULES.md section 2).
//!
//! A meld is a list of cards; a *reading* says what it is: a set of one rank, a run of one suit
//! from one rank to another, or a pair, and what each wild card stands for. A meld with wild
//! cards can have several readings (`JK JK 5H` is a set of 5s or a run); callers choose.
//! Pure: std and serde only. The words of a kind or a reading are in `text`.

use super::cards::{Card, Rank, Suit};
use serde::{Deserialize, Serialize};

/// What a meld is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MeldKind {
    Set,
    Run,
    Pair,
}

/// Where the ace may stand in a run (RULES.md section 2, ace modes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AceMode {
    /// A-2-3-4 and J-Q-K-A are runs; Q-K-A-2 is not.
    LowOrHigh,
    /// The ace only above the king.
    HighOnly,
    /// Runs may turn the corner: Q-K-A-2-3.
    Wrap,
}

impl AceMode {
    /// The option value: `low-or-high`, `high-only`, `wrap`.
    pub fn id(self) -> &'static str {
        match self {
            AceMode::LowOrHigh => "low-or-high",
            AceMode::HighOnly => "high-only",
            AceMode::Wrap => "wrap",
        }
    }

    /// Parses an option value.
    pub fn from_id(s: &str) -> Option<AceMode> {
        match s {
            "low-or-high" => Some(AceMode::LowOrHigh),
            "high-only" => Some(AceMode::HighOnly),
            "wrap" => Some(AceMode::Wrap),
            _ => None,
        }
    }
}

/// A cap on the share of a meld's cards that may be wild (docs/RULES.md section 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WildShare {
    /// At most half the meld wild: naturals at least as many as wild cards.
    Half,
    /// At most a third of the meld wild.
    Third,
}

impl WildShare {
    /// The most wild cards a meld of `len` cards may hold.
    pub fn most(self, len: usize) -> usize {
        match self {
            WildShare::Half => len / 2,
            WildShare::Third => len / 3,
        }
    }
}

/// The meld rules of a rule set, after options (RULES.md sections 2 and 4).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MeldRules {
    pub ace: AceMode,
    /// Jokers are in play (and wild).
    pub jokers: bool,
    /// All 2s are wild.
    pub twos_wild: bool,
    /// A wild 2 may also stand for itself; false where the rank order skips 2 (Continental).
    pub twos_natural: bool,
    /// At most this many wild cards in one meld.
    pub max_wilds: Option<u8>,
    /// At least this many natural cards in one meld (0 allows an all-wild meld).
    pub min_naturals: u8,
    /// A set's cards must be of different suits (Rommé).
    pub set_distinct_suits: bool,
    /// A set holds at least this many cards (docs/RULES.md section 4: 3 in every preset).
    pub set_min: u8,
    /// A run holds at least this many cards (4 in the contract family, 3 in Progressive's
    /// round 12, Continental and Rommé).
    pub run_min: u8,
    /// A set holds at most this many cards (Rommé: 4).
    pub set_max: Option<u8>,
    /// At most this share of a meld's cards wild (`wilds_per_meld` `half`, `third`).
    pub wild_share: Option<WildShare>,
}

impl Default for MeldRules {
    fn default() -> Self {
        MeldRules {
            ace: AceMode::LowOrHigh,
            jokers: true,
            twos_wild: false,
            twos_natural: true,
            max_wilds: None,
            min_naturals: 1,
            set_distinct_suits: false,
            set_min: 3,
            run_min: 3,
            set_max: None,
            wild_share: None,
        }
    }
}

impl MeldRules {
    /// The fewest natural cards a meld of `len` cards may hold under the wild limits (the
    /// limits are all of this form): the solver places wild cards within it.
    pub fn naturals_needed(&self, len: usize) -> usize {
        let by_max = self.max_wilds.map_or(0, |m| len.saturating_sub(m as usize));
        let by_share = self.wild_share.map_or(0, |s| len - s.most(len));
        by_max
            .max(by_share)
            .max(self.min_naturals as usize)
            .min(len)
    }

    /// The fewest cards a meld of this kind holds (a pair: exactly 2).
    pub fn min_len(&self, kind: MeldKind) -> usize {
        match kind {
            MeldKind::Set => self.set_min as usize,
            MeldKind::Run => self.run_min as usize,
            MeldKind::Pair => 2,
        }
    }

    /// Is this card wild under these rules?
    pub fn is_wild(&self, card: Card) -> bool {
        match card {
            Card::Joker => true,
            Card::Natural { rank, .. } => self.twos_wild && rank == Rank::TWO,
        }
    }

    /// Is this card wild and unable to stand for itself?
    fn is_pure_wild(&self, card: Card) -> bool {
        card == Card::Joker || (self.is_wild(card) && !self.twos_natural)
    }

    /// The rank order runs follow: the ranks along the line, and whether it is cyclic.
    pub fn line(&self) -> Line {
        let skip_two = self.twos_wild && !self.twos_natural;
        let mut ranks: Vec<u8> = match self.ace {
            AceMode::LowOrHigh => (1..=13).chain([1]).collect(),
            AceMode::HighOnly => (2..=13).chain([1]).collect(),
            AceMode::Wrap => (1..=13).collect(),
        };
        if skip_two {
            ranks.retain(|&r| r != 2);
        }
        Line {
            ranks,
            cyclic: self.ace == AceMode::Wrap,
        }
    }
}

/// The order of ranks along which runs are laid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Rank numbers along the line (the ace may appear twice).
    pub ranks: Vec<u8>,
    /// Runs may turn the corner.
    pub cyclic: bool,
}

impl Line {
    /// Number of positions.
    pub fn len(&self) -> usize {
        self.ranks.len()
    }

    /// Never empty; here for clippy's sake.
    pub fn is_empty(&self) -> bool {
        self.ranks.is_empty()
    }

    /// How often each rank number lies on the line: the most copies of it one run can hold
    /// (1, or 2 for an ace at both ends; 0 for a 2 left off where 2s are only wild).
    pub fn copies_per_run(&self) -> [usize; 14] {
        let mut copies = [0; 14];
        for &r in &self.ranks {
            copies[r as usize] += 1;
        }
        copies
    }

    /// Longest possible run.
    pub fn max_run(&self) -> usize {
        self.ranks.len()
    }

    /// The rank at a window position.
    pub fn rank_at(&self, start: usize, offset: usize) -> Rank {
        let i = (start + offset) % self.ranks.len();
        Rank::new(self.ranks[i]).expect("line ranks are 1..=13")
    }

    /// Window starts for a run of `len` cards.
    pub fn starts(&self, len: usize) -> std::ops::Range<usize> {
        if len == 0 || len > self.ranks.len() {
            0..0
        } else if self.cyclic {
            0..self.ranks.len()
        } else {
            0..self.ranks.len() - len + 1
        }
    }

    /// Do two windows on this line share a position?
    pub fn overlaps(&self, a: (usize, usize), b: (usize, usize)) -> bool {
        let n = self.ranks.len();
        let covers = |(s, l): (usize, usize), p: usize| (p + n - s) % n < l;
        (0..b.1).any(|o| covers(a, (b.0 + o) % n))
    }

    /// Ranks strictly between two windows that do not overlap (the nearer way round where
    /// the line turns the corner); 0 for windows that touch or overlap.
    pub fn gap(&self, a: (usize, usize), b: (usize, usize)) -> usize {
        if self.overlaps(a, b) {
            return 0;
        }
        let n = self.ranks.len();
        let after = |x: (usize, usize), y: (usize, usize)| (y.0 + n - (x.0 + x.1) % n) % n;
        if self.cyclic {
            after(a, b).min(after(b, a))
        } else if a.0 < b.0 {
            b.0 - (a.0 + a.1)
        } else {
            a.0 - (b.0 + b.1)
        }
    }

    /// Does one window end right where the other begins (end to end, no gap, no overlap)?
    pub fn contiguous(&self, a: (usize, usize), b: (usize, usize)) -> bool {
        if self.overlaps(a, b) {
            return false;
        }
        let n = self.ranks.len();
        if self.cyclic {
            (a.0 + a.1) % n == b.0 || (b.0 + b.1) % n == a.0
        } else {
            a.0 + a.1 == b.0 || b.0 + b.1 == a.0
        }
    }
}

/// One way to read a meld: what it is, with exactly the data of that kind, and how its cards
/// make it up. A run always has a suit and a window, a set or a pair a rank: the compiler
/// holds every caller to that, so none asks at run time whether a field is there.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Reading {
    /// Cards of one rank.
    Set { rank: Rank, makeup: Makeup },
    /// Cards of one suit in a row along the line of ranks.
    Run {
        suit: Suit,
        /// The run's window on the line: (start position, length).
        window: (usize, usize),
        /// The lowest rank as laid (`from` J to A: J).
        from: Rank,
        /// The highest rank as laid (`from` J to A: A).
        to: Rank,
        makeup: Makeup,
    },
    /// Two cards of one rank.
    Pair { rank: Rank, makeup: Makeup },
}

/// How a meld's cards make up its reading, whatever its kind.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Makeup {
    /// Number of cards.
    pub len: usize,
    /// Each wild card (in meld order) with the card it stands for.
    pub wilds: Vec<(Card, Card)>,
    /// Cards standing for themselves.
    pub naturals: usize,
}

impl Reading {
    /// A set's or a pair's reading (by `kind`: [`MeldKind::Run`] is not one of them).
    fn of_rank(kind: MeldKind, rank: Rank, makeup: Makeup) -> Reading {
        match kind {
            MeldKind::Pair => Reading::Pair { rank, makeup },
            MeldKind::Set | MeldKind::Run => Reading::Set { rank, makeup },
        }
    }

    /// What the meld is read as.
    pub fn kind(&self) -> MeldKind {
        match self {
            Reading::Set { .. } => MeldKind::Set,
            Reading::Run { .. } => MeldKind::Run,
            Reading::Pair { .. } => MeldKind::Pair,
        }
    }

    /// How the meld's cards make it up.
    pub fn makeup(&self) -> &Makeup {
        match self {
            Reading::Set { makeup, .. }
            | Reading::Run { makeup, .. }
            | Reading::Pair { makeup, .. } => makeup,
        }
    }

    /// How the meld's cards make it up, to change (a pinned wild card, a swapped joker).
    pub fn makeup_mut(&mut self) -> &mut Makeup {
        match self {
            Reading::Set { makeup, .. }
            | Reading::Run { makeup, .. }
            | Reading::Pair { makeup, .. } => makeup,
        }
    }

    /// Each wild card (in meld order) with the card it stands for.
    pub fn wilds(&self) -> &[(Card, Card)] {
        &self.makeup().wilds
    }

    /// Cards standing for themselves.
    pub fn naturals(&self) -> usize {
        self.makeup().naturals
    }

    /// The rank of a set or a pair; `None` for a run.
    pub fn rank(&self) -> Option<Rank> {
        match self {
            Reading::Set { rank, .. } | Reading::Pair { rank, .. } => Some(*rank),
            Reading::Run { .. } => None,
        }
    }

    /// A run's lowest and highest rank as laid (`from` J `to` A); `None` for a set or a pair.
    pub fn ends(&self) -> Option<(Rank, Rank)> {
        match *self {
            Reading::Run { from, to, .. } => Some((from, to)),
            Reading::Set { .. } | Reading::Pair { .. } => None,
        }
    }

    /// Is `other` the same kind in the same place: a set or a pair of the same rank, a run of
    /// the same suit in the same window, whatever its wild cards stand for?
    pub fn same_place(&self, other: &Reading) -> bool {
        match (self, other) {
            (Reading::Set { rank: a, .. }, Reading::Set { rank: b, .. })
            | (Reading::Pair { rank: a, .. }, Reading::Pair { rank: b, .. }) => a == b,
            (
                Reading::Run {
                    suit: a,
                    window: wa,
                    ..
                },
                Reading::Run {
                    suit: b,
                    window: wb,
                    ..
                },
            ) => a == b && wa == wb,
            _ => false,
        }
    }

    /// The cards this reading stands for, in run order for runs.
    pub fn represented(&self) -> Vec<Card> {
        let mut out: Vec<Card> = self.wilds().iter().map(|&(_, a)| a).collect();
        out.sort();
        out
    }
}

/// Why a meld breaks its wild-card limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitBreach {
    TooManyWilds {
        max: u8,
        wilds: usize,
    },
    TooFewNaturals {
        min: u8,
        naturals: usize,
    },
    /// More than the share allows: `wilds` wild cards of `len`.
    TooLargeShare {
        share: WildShare,
        wilds: usize,
        len: usize,
    },
}

impl MeldRules {
    /// Limits of wilds per meld (RULES.md section 2): first breach, if any.
    pub fn limit_breach(&self, reading: &Reading) -> Option<LimitBreach> {
        let makeup = reading.makeup();
        if let Some(max) = self.max_wilds
            && makeup.wilds.len() > max as usize
        {
            return Some(LimitBreach::TooManyWilds {
                max,
                wilds: makeup.wilds.len(),
            });
        }
        if makeup.naturals < self.min_naturals as usize {
            return Some(LimitBreach::TooFewNaturals {
                min: self.min_naturals,
                naturals: makeup.naturals,
            });
        }
        if let Some(share) = self.wild_share
            && makeup.wilds.len() > share.most(makeup.len)
        {
            return Some(LimitBreach::TooLargeShare {
                share,
                wilds: makeup.wilds.len(),
                len: makeup.len,
            });
        }
        None
    }

    /// Every structural reading of `cards` as `kind`, ignoring wild limits and lengths.
    pub fn structural_readings(&self, cards: &[Card], kind: MeldKind) -> Vec<Reading> {
        match kind {
            MeldKind::Set => self.set_readings(cards, MeldKind::Set),
            MeldKind::Pair if cards.len() == 2 => self.set_readings(cards, MeldKind::Pair),
            MeldKind::Pair => Vec::new(),
            MeldKind::Run => self.run_readings(cards),
        }
    }

    /// Every reading of `cards` as `kind` that also keeps the wild limits.
    pub fn readings(&self, cards: &[Card], kind: MeldKind) -> Vec<Reading> {
        let mut r = self.structural_readings(cards, kind);
        r.retain(|x| self.limit_breach(x).is_none());
        r
    }

    fn set_readings(&self, cards: &[Card], kind: MeldKind) -> Vec<Reading> {
        if cards.is_empty() {
            return Vec::new();
        }
        if kind == MeldKind::Set
            && let Some(max) = self.set_max
            && cards.len() > max as usize
        {
            return Vec::new();
        }
        if self.set_distinct_suits && cards.len() > 4 {
            return Vec::new();
        }
        // Ranks this could be a set of: the hard naturals' rank, else 2 (if wild 2s may stand
        // for themselves), else any rank (all wild).
        let hard: Vec<Card> = cards
            .iter()
            .copied()
            .filter(|&c| !self.is_wild(c))
            .collect();
        let candidates: Vec<Rank> = if let Some(first) = hard.first() {
            let r = first.rank().expect("natural");
            if hard.iter().any(|c| c.rank() != Some(r)) {
                return Vec::new();
            }
            vec![r]
        } else {
            Rank::all().collect()
        };
        let mut out = Vec::new();
        for rank in candidates {
            let mut naturals: Vec<Card> = Vec::new();
            let mut wild_cards: Vec<Card> = Vec::new();
            // A wild 2 that may stand for itself is natural in a set of 2s, unless its suit is
            // already there where every card of a set has its own suit: then it is the wild
            // card (`2C 2C 2H`: 2♣ 2♥ natural, the other 2♣ wild), the reading with the most
            // naturals, which every wild-card limit prefers.
            let mut soft: Vec<Card> = Vec::new();
            for &c in cards {
                match c {
                    Card::Joker => wild_cards.push(c),
                    Card::Natural { rank: r, .. } if self.is_wild(c) => {
                        if self.twos_natural && r == rank {
                            soft.push(c);
                        } else {
                            wild_cards.push(c);
                        }
                    }
                    Card::Natural { .. } => naturals.push(c),
                }
            }
            for c in soft {
                let taken = naturals.iter().any(|n| n.suit() == c.suit());
                if self.set_distinct_suits && taken {
                    wild_cards.push(c);
                } else {
                    naturals.push(c);
                }
            }
            if self.set_distinct_suits {
                let mut seen = [false; 4];
                let repeats = naturals.iter().any(|c| {
                    let s = c.suit().expect("natural").index();
                    std::mem::replace(&mut seen[s], true)
                });
                if repeats {
                    continue;
                }
            }
            // Each wild stands for a missing suit where possible.
            let mut used = [0usize; 4];
            for c in &naturals {
                used[c.suit().expect("natural").index()] += 1;
            }
            let wilds = wild_cards
                .iter()
                .map(|&w| {
                    let s = (0..4).min_by_key(|&i| (used[i], i)).expect("four suits");
                    used[s] += 1;
                    (w, Card::new(rank, Suit::ALL[s]))
                })
                .collect();
            let makeup = Makeup {
                len: cards.len(),
                wilds,
                naturals: naturals.len(),
            };
            out.push(Reading::of_rank(kind, rank, makeup));
        }
        out
    }

    fn run_readings(&self, cards: &[Card]) -> Vec<Reading> {
        let line = self.line();
        let len = cards.len();
        let hard_suit = cards
            .iter()
            .find(|&&c| !self.is_wild(c))
            .and_then(|c| c.suit());
        if let Some(s) = hard_suit
            && cards
                .iter()
                .any(|&c| !self.is_wild(c) && c.suit() != Some(s))
        {
            return Vec::new();
        }
        let suits: Vec<Suit> = match hard_suit {
            Some(s) => vec![s],
            None => Suit::ALL.to_vec(),
        };
        let mut out = Vec::new();
        for suit in suits {
            for start in line.starts(len) {
                if let Some(r) = self.fit_run(cards, &line, suit, start) {
                    out.push(r);
                }
            }
        }
        out
    }

    /// Places `cards` in the run window (suit, start, cards.len()), if they fit.
    fn fit_run(&self, cards: &[Card], line: &Line, suit: Suit, start: usize) -> Option<Reading> {
        let len = cards.len();
        let ranks: Vec<Rank> = (0..len).map(|o| line.rank_at(start, o)).collect();
        let mut filled = vec![false; len];
        let mut flex = Vec::new();
        let mut wild_cards = Vec::new();
        let mut naturals = 0;
        for &c in cards {
            if self.is_pure_wild(c) {
                wild_cards.push(c);
            } else if self.is_wild(c) {
                flex.push(c);
            } else {
                let (r, s) = (c.rank()?, c.suit()?);
                if s != suit {
                    return None;
                }
                let pos = (0..len).find(|&p| !filled[p] && ranks[p] == r)?;
                filled[pos] = true;
                naturals += 1;
            }
        }
        for c in flex {
            let pos = (c.suit() == Some(suit))
                .then(|| (0..len).find(|&p| !filled[p] && ranks[p] == Rank::TWO))
                .flatten();
            match pos {
                Some(p) => {
                    filled[p] = true;
                    naturals += 1;
                }
                None => wild_cards.push(c),
            }
        }
        // Wild cards keep meld order.
        wild_cards.sort_by_key(|w| cards.iter().position(|c| c == w));
        let mut holes = (0..len).filter(|&p| !filled[p]);
        let wilds = wild_cards
            .iter()
            .map(|&w| {
                (
                    w,
                    Card::new(ranks[holes.next().expect("one hole per wild")], suit),
                )
            })
            .collect();
        Some(Reading::Run {
            suit,
            window: (start, len),
            from: ranks[0],
            to: ranks[len - 1],
            makeup: Makeup {
                len,
                wilds,
                naturals,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cards::parse_cards;

    fn cards(s: &str) -> Vec<Card> {
        parse_cards(s).unwrap()
    }

    fn runs(rules: &MeldRules, s: &str) -> Vec<Reading> {
        rules.readings(&cards(s), MeldKind::Run)
    }

    fn sets(rules: &MeldRules, s: &str) -> Vec<Reading> {
        rules.readings(&cards(s), MeldKind::Set)
    }

    fn mode(ace: AceMode) -> MeldRules {
        MeldRules {
            ace,
            ..MeldRules::default()
        }
    }

    #[test]
    fn low_or_high_aces_allow_a234_and_jqka_but_not_qka2() {
        let r = mode(AceMode::LowOrHigh);
        assert_eq!(runs(&r, "AH 2H 3H 4H").len(), 1);
        assert_eq!(runs(&r, "JH QH KH AH").len(), 1);
        assert!(runs(&r, "QH KH AH 2H").is_empty());
    }

    #[test]
    fn low_or_high_run_can_reach_fourteen_cards_ace_to_ace() {
        let r = mode(AceMode::LowOrHigh);
        let all = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH";
        let read = runs(&r, all);
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].ends().map(|e| e.0), Some(Rank::ACE));
        assert_eq!(read[0].ends().map(|e| e.1), Some(Rank::ACE));
        assert!(runs(&r, &format!("{all} JK")).is_empty());
    }

    #[test]
    fn high_only_aces_refuse_a234_and_allow_2_to_a() {
        let r = mode(AceMode::HighOnly);
        assert!(runs(&r, "AH 2H 3H 4H").is_empty());
        assert_eq!(runs(&r, "JH QH KH AH").len(), 1);
        let long = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS";
        assert_eq!(runs(&r, long).len(), 1);
    }

    #[test]
    fn wrap_allows_turning_the_corner_but_no_repeated_rank() {
        let r = mode(AceMode::Wrap);
        let read = runs(&r, "QH KH AH 2H 3H");
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].ends().map(|e| e.0), Some(Rank::QUEEN));
        assert_eq!(read[0].ends().map(|e| e.1), Some(Rank::new(3).unwrap()));
        let thirteen = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH";
        assert!(!runs(&r, thirteen).is_empty());
        assert!(runs(&r, &format!("{thirteen} AH")).is_empty());
    }

    #[test]
    fn a_joker_stands_for_the_missing_card_and_says_which() {
        let r = MeldRules::default();
        let read = runs(&r, "5H JK 7H 8H");
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].wilds(), vec![(Card::Joker, "6H".parse().unwrap())]);
    }

    #[test]
    fn two_jokers_and_a_five_read_as_set_or_as_several_runs() {
        let r = MeldRules::default();
        assert_eq!(sets(&r, "JK JK 5H").len(), 1);
        // 5H at the start, middle or end of a three-card window: 3-5, 4-6, 5-7.
        assert_eq!(runs(&r, "JK JK 5H").len(), 3);
    }

    #[test]
    fn sets_allow_identical_cards_unless_suits_must_differ() {
        let r = MeldRules::default();
        assert_eq!(sets(&r, "5D 5D 5S").len(), 1);
        let rommee = MeldRules {
            set_distinct_suits: true,
            set_max: Some(4),
            min_naturals: 2,
            ace: AceMode::Wrap,
            ..MeldRules::default()
        };
        assert!(sets(&rommee, "5D 5D 5S").is_empty());
        assert_eq!(sets(&rommee, "5D 5H 5S").len(), 1);
        assert!(sets(&rommee, "5D 5H 5S 5C JK").is_empty());
        let read = sets(&rommee, "9C JK 9H");
        assert_eq!(read[0].wilds()[0].1.rank(), Some(Rank::new(9).unwrap()));
        assert_ne!(read[0].wilds()[0].1.suit(), Some(Suit::Clubs));
    }

    #[test]
    fn wild_limits_are_at_most_one_wild_or_at_least_two_naturals() {
        let one = MeldRules {
            max_wilds: Some(1),
            ..MeldRules::default()
        };
        assert!(sets(&one, "7H JK JK").is_empty());
        assert_eq!(sets(&one, "7H 7S JK").len(), 1);
        let two = MeldRules {
            min_naturals: 2,
            ..MeldRules::default()
        };
        assert!(sets(&two, "7H JK JK").is_empty());
        assert_eq!(
            two.limit_breach(&two.structural_readings(&cards("7H JK JK"), MeldKind::Set)[0]),
            Some(LimitBreach::TooFewNaturals {
                min: 2,
                naturals: 1
            })
        );
    }

    #[test]
    fn wild_shares_cap_half_or_a_third_of_the_meld() {
        let half = MeldRules {
            wild_share: Some(WildShare::Half),
            ..MeldRules::default()
        };
        // Two of four wild is half: allowed; naturals at least as many as wilds.
        assert_eq!(sets(&half, "7H 7S JK JK").len(), 1);
        assert!(sets(&half, "7H JK JK").is_empty());
        assert!(!runs(&half, "5H 6H JK 8H JK").is_empty());
        assert_eq!(half.naturals_needed(5), 3);
        let third = MeldRules {
            wild_share: Some(WildShare::Third),
            ..MeldRules::default()
        };
        // One of three is a third; two of six too; one of two is more.
        assert_eq!(sets(&third, "7H 7S JK").len(), 1);
        assert!(sets(&third, "7H 7S JK JK").is_empty());
        assert!(!runs(&third, "3H 4H JK 6H 7H JK").is_empty());
        assert_eq!(
            third.limit_breach(&third.structural_readings(&cards("7H 7S JK JK"), MeldKind::Set)[0]),
            Some(LimitBreach::TooLargeShare {
                share: WildShare::Third,
                wilds: 2,
                len: 4
            })
        );
    }

    #[test]
    fn a_meld_needs_a_natural_card_unless_all_wild_melds_are_allowed() {
        let r = MeldRules::default();
        assert!(sets(&r, "JK JK JK").is_empty());
        let progressive = MeldRules {
            twos_wild: true,
            min_naturals: 0,
            ..MeldRules::default()
        };
        assert_eq!(sets(&progressive, "JK JK JK").len(), 13);
    }

    #[test]
    fn a_wild_two_may_stand_for_itself_in_a_run_or_set() {
        let r = MeldRules {
            twos_wild: true,
            ..MeldRules::default()
        };
        let read = runs(&r, "AH 2H 3H 4H");
        assert_eq!(read.len(), 1);
        assert!(read[0].wilds().is_empty());
        let read = runs(&r, "5H 2S 7H 8H");
        assert_eq!(
            read[0].wilds(),
            vec![("2S".parse().unwrap(), "6H".parse().unwrap())]
        );
        // Three 2s are a set of 2s with no wild card.
        let read = sets(&r, "2H 2S 2D");
        assert!(
            read.iter()
                .any(|x| x.rank() == Some(Rank::TWO) && x.wilds().is_empty())
        );
    }

    #[test]
    fn continental_with_wild_twos_skips_two_so_a34_is_a_run() {
        let r = MeldRules {
            twos_wild: true,
            twos_natural: false,
            ..MeldRules::default()
        };
        assert_eq!(runs(&r, "AH 3H 4H").len(), 1);
        // A 2 is only ever wild there: A-2-3 reads as A, wild, 3 → run A-3-4.
        let read = runs(&r, "AH 2H 3H");
        assert!(read.iter().all(|x| x.wilds().len() == 1));
    }

    #[test]
    fn runs_need_one_suit_and_distinct_ranks() {
        let r = MeldRules::default();
        assert!(runs(&r, "5H 6S 7H 8H").is_empty());
        assert!(runs(&r, "5H 5H 6H 7H").is_empty());
        assert!(runs(&r, "5H 7H 9H JH").is_empty());
        assert_eq!(
            runs(&r, "8H 6H 5H 7H").len(),
            1,
            "order given does not matter"
        );
    }

    #[test]
    fn contiguity_and_overlap_on_the_line() {
        let line = MeldRules::default().line();
        // ♥3-6 is window (2,4); ♥7-10 is (6,4); ♥8-J is (7,4); ♥5-8 is (4,4).
        assert!(line.contiguous((2, 4), (6, 4)));
        assert!(!line.contiguous((2, 4), (7, 4)));
        assert!(!line.contiguous((2, 4), (4, 4)));
        assert!(line.overlaps((2, 4), (4, 4)));
        let wrap = mode(AceMode::Wrap).line();
        // Q-K-A-2 (11,4) and 3-6 (2,4) join end to end round the corner.
        assert!(wrap.contiguous((11, 4), (2, 4)));
    }
}
