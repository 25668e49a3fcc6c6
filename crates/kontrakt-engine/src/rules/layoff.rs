//! Does a card fit on a meld on the table? Lay-offs, and the "Shanghai" call on a discard
//! that could have been laid off (docs/RULES.md sections 2 and 4 `shanghai`).
//!
//! A card fits when the meld plus the card is a legal meld of the same kind under the rule
//! set's meld rules: one more card of a set's rank, or a run grown by one card at either end,
//! with the wild-card limits kept. A wild card fits wherever those limits allow. Cards already
//! in a run keep their places: a natural card that could only replace a wild card in the middle
//! of a run is a joker swap, not a lay-off. Pure: std only.

use super::cards::{Card, Rank, Suit};
use super::meld::{Makeup, MeldKind, MeldRules, Reading, WildShare};
use super::play::JokerSwap;
use super::ruleset::RuleSet;

/// How a card fits a meld on the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fit {
    /// Laid off: the meld grows by the card ([`fits`]).
    LayOff(Reading),
    /// A joker swap (docs/RULES.md section 4, each preset's joker exchange): the card
    /// replaces the wild card `wild`, which stood for it, and the player takes the wild.
    /// `reading` is the meld after the swap.
    JokerSwap { wild: Card, reading: Reading },
}

/// Why a card does not fit a meld on the table: a code with its parameters (the words are
/// in `text::check`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum NoFit {
    /// The cards on the table are not a legal meld.
    NotAMeld,
    /// A joker in a game played without jokers.
    JokersNotInPlay,
    /// A card of another rank on a set.
    WrongRank { rank: Rank },
    /// A set that already holds as many cards as a set may.
    SetFull { max: u8 },
    /// A set whose cards must differ in suit, already holding this suit.
    SuitTaken { suit: Suit },
    /// A card declared as another one that is not wild in this game (a 2 where 2s are not
    /// wild).
    NotWild { card: Card },
    /// A card of another suit on a run.
    WrongSuit { suit: Suit },
    /// A run as long as a run can be.
    RunFull { max: usize },
    /// An ace below a run's 2 where the ace counts only high.
    AceOnlyHigh,
    /// A card of the run's suit that is neither next to an end nor standing in for a wild.
    NotAtAnEnd { from: Rank, to: Rank },
    /// The card could replace a wild card, but this rule set never swaps wilds back (or
    /// only in runs, where this is a set).
    SwapNotAllowed,
    /// A pair on the table (a rule set whose contracts ask for one, Progressive): a pair is
    /// two cards of one rank, so no card is laid off on it.
    PairFull,
    /// A wild card where the meld may hold no more wild cards.
    TooManyWilds { max: u8 },
    /// A wild card that would make more of the meld wild than the share the rule set allows
    /// (`wilds_per_meld` `half` or `third`): the meld holds `wilds` of `len` cards wild.
    TooLargeShare {
        share: WildShare,
        wilds: usize,
        len: usize,
    },
}

impl NoFit {
    /// The stable code, e.g. `wrong_suit`.
    pub fn code(&self) -> &'static str {
        match self {
            NoFit::NotAMeld => "not_a_meld",
            NoFit::JokersNotInPlay => "jokers_not_in_play",
            NoFit::WrongRank { .. } => "wrong_rank",
            NoFit::SetFull { .. } => "set_full",
            NoFit::SuitTaken { .. } => "suit_taken",
            NoFit::WrongSuit { .. } => "wrong_suit",
            NoFit::RunFull { .. } => "run_full",
            NoFit::AceOnlyHigh => "ace_only_high",
            NoFit::NotAtAnEnd { .. } => "not_at_an_end",
            NoFit::SwapNotAllowed => "swap_not_allowed",
            NoFit::TooManyWilds { .. } => "too_many_wilds",
            NoFit::TooLargeShare { .. } => "too_large_share",
            NoFit::NotWild { .. } => "not_wild",
            NoFit::PairFull => "pair_full",
        }
    }
}

/// Does `card` fit the meld on the table, and how: laid off ([`fits`]) or, where the rule set
/// allows joker swaps, in place of a wild card that stands for it. Every "no" says why.
pub fn fit(rs: &RuleSet, meld: &[Card], card: Card) -> Result<Fit, NoFit> {
    fit_declared(rs, (meld, &[]), (card, None))
}

/// [`fit`] with declared wild cards (docs/RULES.md section 1): the meld on the table read as
/// its declarations say (`5H 6H JK=7H 8H`: a 7♥ swaps for the joker in its declared place),
/// and the laid card, where it is a wild card declared as one card, laid in that card's place
/// only. `pins[i]` is what card `i` of the meld is declared as.
pub fn fit_declared(
    rs: &RuleSet,
    (meld, pins): (&[Card], &[Option<Card>]),
    (card, declared): (Card, Option<Card>),
) -> Result<Fit, NoFit> {
    let rules = &rs.meld;
    if !rules.jokers && card == Card::Joker {
        return Err(NoFit::JokersNotInPlay);
    }
    if declared.is_some() && !rules.is_wild(card) {
        return Err(NoFit::NotWild { card });
    }
    if meld.len() == 2 && has_pairs(rs) {
        // Every other meld holds at least three cards: two on the table are the pair, two
        // cards of one rank, which stays a pair (docs/RULES.md 4 `progressive`).
        let pair = super::pins::readings(rules, meld, pins, MeldKind::Pair);
        return Err(if pair.is_empty() {
            NoFit::NotAMeld
        } else {
            NoFit::PairFull
        });
    }
    if let Some(reading) = fits_declared(rs, (meld, pins), (card, declared)) {
        return Ok(Fit::LayOff(reading));
    }
    let readings: Vec<Reading> = [MeldKind::Set, MeldKind::Run]
        .iter()
        .flat_map(|&k| super::pins::readings(rules, meld, pins, k))
        .collect();
    if meld.is_empty() || readings.is_empty() || (!rules.jokers && meld.contains(&Card::Joker)) {
        return Err(NoFit::NotAMeld);
    }
    let mut swap_refused = false;
    for r in &readings {
        if let Some(swapped) = swap(rules, r, card) {
            if swap_allowed(rs.play.joker_swap, r.kind()) {
                return Ok(swapped);
            }
            swap_refused = true;
        }
    }
    if swap_refused {
        return Err(NoFit::SwapNotAllowed);
    }
    match declared {
        // Where a declared wild would go, said as for the card it is declared as.
        Some(as_card) => match why_not(rules, &readings[0], card) {
            limit @ (NoFit::TooManyWilds { .. } | NoFit::TooLargeShare { .. }) => Err(limit),
            _ => Err(why_not(rules, &readings[0], as_card)),
        },
        None => Err(why_not(rules, &readings[0], card)),
    }
}

/// The meld as it lies after `fit`: the cards of `meld` with `card` laid off (or swapped in
/// for the wild card it replaces), in run order for a run (naturals first, then the wild cards,
/// for a set), each wild card paired with the card it stands for, ready for
/// [`format_pinned`](super::cards::format_pinned) (`5H 6H 7H JK=8H`).
pub fn meld_after(
    rules: &MeldRules,
    meld: &[Card],
    card: Card,
    fit: &Fit,
) -> (Vec<Card>, Vec<Option<Card>>) {
    let (mut physical, reading) = match fit {
        Fit::LayOff(reading) => (meld.to_vec(), reading),
        Fit::JokerSwap { wild, reading } => {
            let mut left = meld.to_vec();
            if let Some(i) = left.iter().position(|c| c == wild) {
                left.remove(i);
            }
            (left, reading)
        }
    };
    physical.push(card);
    let mut wilds = reading.wilds().to_vec();
    let mut out = Vec::with_capacity(reading.makeup().len);
    match *reading {
        Reading::Run {
            window: (start, len),
            suit,
            ..
        } => {
            let line = rules.line();
            for offset in 0..len {
                let target = Card::new(line.rank_at(start, offset), suit);
                match wilds.iter().position(|&(_, stands)| stands == target) {
                    Some(i) => {
                        let (wild, stands) = wilds.remove(i);
                        out.push((wild, Some(stands)));
                    }
                    None => out.push((target, None)),
                }
            }
        }
        Reading::Set { .. } | Reading::Pair { .. } => {
            for &(wild, _) in &wilds {
                if let Some(i) = physical.iter().position(|&c| c == wild) {
                    physical.remove(i);
                }
            }
            out.extend(physical.into_iter().map(|c| (c, None)));
            out.extend(wilds.into_iter().map(|(wild, stands)| (wild, Some(stands))));
        }
    }
    out.into_iter().unzip()
}

/// Does a contract of the rule set ask for a pair (Progressive round 14)?
fn has_pairs(rs: &RuleSet) -> bool {
    rs.rounds
        .iter()
        .filter_map(|round| round.contract.as_ref())
        .flat_map(|contract| contract.alternatives.iter().flatten())
        .any(|requirement| requirement.kind == MeldKind::Pair)
}

/// May a wild card in a meld of this kind be swapped back?
fn swap_allowed(rule: JokerSwap, kind: MeldKind) -> bool {
    match rule {
        JokerSwap::Any | JokerSwap::AfterOpening => true,
        JokerSwap::RunsOnly => kind == MeldKind::Run,
        JokerSwap::Never => false,
    }
}

/// The meld with `card` in place of a wild card that stands for it: in a run, the wild that
/// stands for exactly this card; in a set, a wild where the card's rank is the set's (and,
/// where suits must differ, its suit is not there yet).
fn swap(rules: &MeldRules, r: &Reading, card: Card) -> Option<Fit> {
    if rules.is_wild(card) && !(rules.twos_natural && card.rank() == Some(Rank::TWO)) {
        return None;
    }
    let wilds = r.wilds();
    let i = match *r {
        Reading::Run { .. } => wilds.iter().position(|&(_, stands)| stands == card)?,
        Reading::Set { rank, .. } | Reading::Pair { rank, .. } => {
            if card.rank() != Some(rank) || wilds.is_empty() {
                return None;
            }
            if rules.set_distinct_suits {
                // The naturals' suits: the wilds stand for the others.
                let taken = wilds
                    .iter()
                    .all(|&(_, stands)| stands.suit() != card.suit());
                if taken {
                    return None;
                }
                wilds
                    .iter()
                    .position(|&(_, stands)| stands.suit() == card.suit())?
            } else {
                0
            }
        }
    };
    let mut reading = r.clone();
    let makeup = reading.makeup_mut();
    let (wild, _) = makeup.wilds.remove(i);
    makeup.naturals += 1;
    Some(Fit::JokerSwap { wild, reading })
}

/// Why `card` neither grows nor swaps into the meld read as `r`.
fn why_not(rules: &MeldRules, r: &Reading, card: Card) -> NoFit {
    let (wilds, len) = (r.wilds().len(), r.makeup().len);
    if rules.is_wild(card) {
        return match rules.max_wilds {
            Some(max) if wilds >= max as usize => NoFit::TooManyWilds { max },
            _ if rules
                .wild_share
                .is_some_and(|share| wilds + 1 > share.most(len + 1)) =>
            {
                NoFit::TooLargeShare {
                    share: rules.wild_share.expect("checked just above"),
                    wilds,
                    len,
                }
            }
            _ if r.kind() == MeldKind::Run => NoFit::RunFull {
                max: rules.line().max_run(),
            },
            // Only a set that holds as many cards as a set may is full: a wild 2 that could
            // stand for itself is said as the natural card below.
            _ if len >= rules.set_max.unwrap_or(4) as usize || card.rank().is_none() => {
                NoFit::SetFull {
                    max: rules.set_max.unwrap_or(4),
                }
            }
            _ => natural_why_not(rules, r, card),
        };
    }
    natural_why_not(rules, r, card)
}

/// [`why_not`] for a natural card (or a wild 2 said as the natural card it also is).
fn natural_why_not(rules: &MeldRules, r: &Reading, card: Card) -> NoFit {
    let len = r.makeup().len;
    match *r {
        Reading::Set { rank, .. } | Reading::Pair { rank, .. } => {
            if card.rank() != Some(rank) {
                NoFit::WrongRank { rank }
            } else if let Some(max) = rules.set_max.filter(|&m| len >= m as usize) {
                NoFit::SetFull { max }
            } else {
                NoFit::SuitTaken {
                    suit: card.suit().expect("a natural card"),
                }
            }
        }
        Reading::Run { suit, from, to, .. } => {
            if card.suit() != Some(suit) {
                NoFit::WrongSuit { suit }
            } else if len >= rules.line().max_run() {
                NoFit::RunFull {
                    max: rules.line().max_run(),
                }
            } else if card.rank() == Some(Rank::ACE)
                && rules.ace == super::meld::AceMode::HighOnly
                && from == Rank::TWO
            {
                NoFit::AceOnlyHigh
            } else {
                NoFit::NotAtAnEnd { from, to }
            }
        }
    }
}

/// The reading of `meld` grown by `card`, if the card can be laid off on it under the rule
/// set's meld rules (docs/RULES.md section 2): sets are tried before runs, and a run grows at its
/// high end before its low end. `None` if it does not fit, or if `meld` is no legal meld.
pub fn fits(rs: &RuleSet, meld: &[Card], card: Card) -> Option<Reading> {
    fits_declared(rs, (meld, &[]), (card, None))
}

/// [`fits`] with declared wild cards, as [`fit_declared`] reads them: a declared laid card
/// grows a set only as its declared rank and a run only where its declared card goes.
pub fn fits_declared(
    rs: &RuleSet,
    (meld, pins): (&[Card], &[Option<Card>]),
    (card, declared): (Card, Option<Card>),
) -> Option<Reading> {
    let rules = &rs.meld;
    if meld.is_empty() || (!rules.jokers && (card == Card::Joker || meld.contains(&Card::Joker))) {
        return None;
    }
    let mut grown = meld.to_vec();
    grown.push(card);
    let mut grown_pins: Vec<Option<Card>> = (0..meld.len())
        .map(|i| pins.get(i).copied().flatten())
        .collect();
    grown_pins.push(declared);
    let grown_sets = super::pins::readings(rules, &grown, &grown_pins, MeldKind::Set);
    for old in super::pins::readings(rules, meld, pins, MeldKind::Set) {
        if let Some(r) = grown_sets.iter().find(|r| r.rank() == old.rank()) {
            return Some(r.clone());
        }
    }
    let runs = super::pins::readings(rules, meld, pins, MeldKind::Run);
    match declared {
        None => runs.iter().find_map(|old| extend_run(rules, old, card)),
        // Laid as the declared card in its place, then counted as the wild card it is.
        Some(as_card) => runs.iter().find_map(|old| {
            let mut r = extend_run(rules, old, as_card)?;
            if r.naturals() == old.naturals() {
                return None; // the declared card could only be placed as a wild card
            }
            let makeup = r.makeup_mut();
            makeup.naturals -= 1;
            makeup.wilds.push((card, as_card));
            rules.limit_breach(&r).is_none().then_some(r)
        }),
    }
}

/// A run reading grown by one card at the high or the low end, the cards already there
/// standing where they stood.
fn extend_run(rules: &MeldRules, old: &Reading, card: Card) -> Option<Reading> {
    let &Reading::Run {
        window: (start, len),
        suit,
        makeup: ref old,
        ..
    } = old
    else {
        return None;
    };
    let line = rules.line();
    let n = line.len();
    if len + 1 > line.max_run() {
        return None;
    }
    // (start of the grown window, line position of the new card)
    let mut ends = Vec::with_capacity(2);
    if line.cyclic || start + len < n {
        ends.push((start, (start + len) % n));
    }
    if line.cyclic {
        let before = (start + n - 1) % n;
        ends.push((before, before));
    } else if start > 0 {
        ends.push((start - 1, start - 1));
    }
    // A card that can stand for itself at one end does so before it is used as a wild card.
    let place = |(new_start, pos): (usize, usize), as_natural: bool| {
        let rank = Rank::new(line.ranks[pos]).expect("line ranks are 1..=13");
        let stands_for = Card::new(rank, suit);
        let natural = card == stands_for && (!rules.is_wild(card) || rules.twos_natural);
        let (wilds, naturals) = if as_natural {
            if !natural {
                return None;
            }
            (old.wilds.clone(), old.naturals + 1)
        } else if rules.is_wild(card) {
            let mut wilds = old.wilds.clone();
            wilds.push((card, stands_for));
            (wilds, old.naturals)
        } else {
            return None;
        };
        let reading = Reading::Run {
            suit,
            window: (new_start, len + 1),
            from: line.rank_at(new_start, 0),
            to: line.rank_at(new_start, len),
            makeup: Makeup {
                len: len + 1,
                wilds,
                naturals,
            },
        };
        rules.limit_breach(&reading).is_none().then_some(reading)
    };
    [true, false]
        .into_iter()
        .find_map(|as_natural| ends.iter().find_map(|&end| place(end, as_natural)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cards::parse_cards;
    use crate::rules::ruleset::OptionValue;
    use std::collections::BTreeMap;

    fn fit(rules: &str, meld: &str, card: &str) -> Option<Reading> {
        let rs = RuleSet::preset(rules).unwrap();
        fits(&rs, &parse_cards(meld).unwrap(), card.parse().unwrap())
    }

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    /// [`fit_declared`] on a meld and a card in the declared notation.
    fn fit_pinned(rules: &str, meld: &str, card: &str) -> Result<Fit, NoFit> {
        let rs = RuleSet::preset(rules).unwrap();
        let m = crate::rules::cards::parse_pinned_melds(meld).unwrap();
        let (card, declared) = crate::rules::cards::parse_pinned(card).unwrap();
        fit_declared(&rs, (&m.melds[0], &m.pins[0]), (card, declared))
    }

    /// [`meld_after`] in the notation.
    fn after(rules: &str, meld: &str, card: &str) -> String {
        let rs = RuleSet::preset(rules).unwrap();
        let m = crate::rules::cards::parse_pinned_melds(meld).unwrap();
        let (card, declared) = crate::rules::cards::parse_pinned(card).unwrap();
        let fit = fit_declared(&rs, (&m.melds[0], &m.pins[0]), (card, declared)).unwrap();
        let (cards, pins) = meld_after(&rs.meld, &m.melds[0], card, &fit);
        crate::rules::cards::format_pinned(&cards, &pins)
    }

    #[test]
    fn the_meld_after_a_fit_lies_in_run_order_with_every_wild_declared() {
        // A joker swap: the 8♥ takes the joker's declared place; the joker leaves the meld.
        assert_eq!(after("contract", "5H 6H 7H JK=8H", "8H"), "5H 6H 7H 8H");
        // Laid off below, and a laid joker declared above.
        assert_eq!(after("contract", "6H 5H 7H", "4H"), "4H 5H 6H 7H");
        assert_eq!(
            after("contract", "5H 6H 7H 8H", "JK=9H"),
            "5H 6H 7H 8H JK=9H"
        );
        // The joker the checker reads in the middle stays there, declared.
        assert_eq!(after("contract", "5H JK 7H", "8H"), "5H JK=6H 7H 8H");
        // A set: naturals, then the wild cards with what they stand for.
        let set = after("contract", "9C JK 9D", "9S");
        assert!(set.starts_with("9C 9D 9S JK="), "{set}");
        // Round the corner where the rule set wraps.
        let mut options = BTreeMap::new();
        options.insert("ace".to_owned(), OptionValue::Text("wrap".to_owned()));
        let rs = RuleSet::with_options("contract", &options).unwrap();
        let meld = parse_cards("QS KS AS").unwrap();
        let fit = fit_declared(&rs, (&meld, &[]), (c("2S"), None)).unwrap();
        let (cards, pins) = meld_after(&rs.meld, &meld, c("2S"), &fit);
        assert_eq!(
            crate::rules::cards::format_pinned(&cards, &pins),
            "QS KS AS 2S"
        );
    }

    #[test]
    fn a_declared_meld_on_the_table_and_a_declared_laid_card_are_read_as_declared() {
        // The joker declared as 8♥ at the top: 8♥ swaps for it there; 4♥ is laid off below.
        let swapped = fit_pinned("contract", "5H 6H 7H JK=8H", "8H").unwrap();
        let Fit::JokerSwap { wild, reading } = swapped else {
            panic!("{swapped:?}")
        };
        assert_eq!(
            (
                wild,
                reading.ends().map(|e| e.0),
                reading.ends().map(|e| e.1)
            ),
            (Card::Joker, Rank::new(5), Rank::new(8))
        );
        // Undeclared, JK could as well be the 4♥: then 8♥ is a lay-off at the top, no swap.
        assert!(matches!(
            fit_pinned("contract", "5H 6H 7H JK", "8H"),
            Ok(Fit::LayOff(_))
        ));
        // Declared as 4♥ instead, the 8♥ is laid off above and the 4♥ swaps.
        let r = fit_pinned("contract", "JK=4H 5H 6H 7H", "8H").unwrap();
        assert!(
            matches!(r, Fit::LayOff(ref x) if x.ends().map(|e| e.1) == Rank::new(8)),
            "{r:?}"
        );
        assert!(matches!(
            fit_pinned("contract", "JK=4H 5H 6H 7H", "4H"),
            Ok(Fit::JokerSwap { .. })
        ));
        // The example: 7♥ on 5♥ 6♥ JK=7H 8♥ replaces the joker in its declared place.
        assert!(matches!(
            fit_pinned("contract", "5H 6H JK=7H 8H", "7H"),
            Ok(Fit::JokerSwap { .. })
        ));
        // A laid joker declared as 9♥ goes above 8♥; declared as 3♥ it fits nowhere.
        let Ok(Fit::LayOff(r)) = fit_pinned("contract", "5H 6H 7H 8H", "JK=9H") else {
            panic!()
        };
        assert_eq!(
            (r.ends().map(|e| e.1), r.wilds().to_vec()),
            (Rank::new(9), vec![(Card::Joker, c("9H"))])
        );
        let Ok(Fit::LayOff(r)) = fit_pinned("contract", "5H 6H 7H 8H", "JK=4H") else {
            panic!()
        };
        assert_eq!(r.ends().map(|e| e.0), Rank::new(4));
        assert_eq!(
            fit_pinned("contract", "5H 6H 7H 8H", "JK=3H"),
            Err(NoFit::NotAtAnEnd {
                from: Rank::new(5).unwrap(),
                to: Rank::new(8).unwrap()
            })
        );
        // On a set, a joker declared in the set's rank fits, another rank does not.
        assert!(matches!(
            fit_pinned("contract", "9C 9D 9S", "JK=9H"),
            Ok(Fit::LayOff(_))
        ));
        assert_eq!(
            fit_pinned("contract", "9C 9D 9S", "JK=8H"),
            Err(NoFit::WrongRank {
                rank: Rank::new(9).unwrap()
            })
        );
        // A 2 declared where 2s are not wild.
        assert_eq!(
            fit_pinned("contract", "9C 9D 9S", "2C=9H"),
            Err(NoFit::NotWild { card: c("2C") })
        );
        // An undeclared all-wild meld on the table is no meld; declared, it is one.
        assert_eq!(
            fit_pinned("progressive", "JK JK JK", "9H"),
            Err(NoFit::NotAMeld)
        );
        assert!(matches!(
            fit_pinned("progressive", "JK=9C JK=9D JK=9S", "9H"),
            Ok(Fit::LayOff(_))
        ));
    }

    #[test]
    fn an_eight_extends_a_run_of_hearts_four_to_seven_at_the_high_end() {
        let r = fit("contract", "4H 5H 6H 7H", "8H").expect("fits");
        assert_eq!(r.kind(), MeldKind::Run);
        assert_eq!(r.ends().unzip(), (Rank::new(4), Rank::new(8)));
        assert_eq!(r.makeup().len, 5);
        assert!(r.wilds().is_empty());
    }

    #[test]
    fn a_three_extends_the_same_run_at_the_low_end() {
        let r = fit("contract", "4H 5H 6H 7H", "3H").expect("fits");
        assert_eq!(r.ends().unzip(), (Rank::new(3), Rank::new(7)));
    }

    #[test]
    fn a_card_of_another_suit_or_a_gap_away_does_not_fit_a_run() {
        assert_eq!(fit("contract", "4H 5H 6H 7H", "8S"), None);
        assert_eq!(fit("contract", "4H 5H 6H 7H", "9H"), None);
        assert_eq!(fit("contract", "4H 5H 6H 7H", "5H"), None);
    }

    #[test]
    fn a_natural_card_where_a_joker_stands_mid_run_is_a_swap_not_a_lay_off() {
        assert_eq!(fit("contract", "5H JK 7H 8H", "6H"), None);
        // At an end it fits, the joker keeping its place.
        let r = fit("contract", "5H JK 7H 8H", "9H").expect("fits");
        assert_eq!(r.wilds(), vec![(Card::Joker, c("6H"))]);
    }

    #[test]
    fn a_five_of_spades_joins_a_set_of_fives_and_another_rank_does_not() {
        let r = fit("contract", "5H 5D 5C", "5S").expect("fits");
        assert_eq!(r.kind(), MeldKind::Set);
        assert_eq!(r.rank(), Rank::new(5));
        assert_eq!(r.makeup().len, 4);
        assert_eq!(fit("contract", "5H 5D 5C", "6S"), None);
        // Identical cards are fine in a set of the contract family.
        assert!(fit("contract", "5H 5D 5C", "5H").is_some());
    }

    #[test]
    fn rommee_sets_need_a_new_suit_and_hold_at_most_four() {
        assert_eq!(fit("rommee", "5H 5D 5C", "5H"), None);
        assert!(fit("rommee", "5H 5D 5C", "5S").is_some());
        assert_eq!(fit("rommee", "5H 5D 5C 5S", "JK"), None);
    }

    #[test]
    fn a_joker_fits_any_meld_and_says_what_it_stands_for() {
        let r = fit("contract", "4H 5H 6H 7H", "JK").expect("fits");
        assert_eq!(r.wilds(), vec![(Card::Joker, c("8H"))]);
        let r = fit("contract", "9C 9D 9S", "JK").expect("fits");
        assert_eq!(r.kind(), MeldKind::Set);
        assert_eq!(r.wilds().len(), 1);
        assert_eq!(r.wilds()[0].1.rank(), Rank::new(9));
    }

    #[test]
    fn shanghai_allows_one_wild_per_meld_so_a_second_wild_does_not_fit() {
        assert_eq!(fit("shanghai", "7H 7S JK", "JK"), None);
        assert_eq!(fit("shanghai", "5H 6H JK 8H", "JK"), None);
        assert!(fit("shanghai", "7H 7S 7D", "JK").is_some());
        // Where wilds are unlimited the same second joker fits.
        assert!(fit("contract", "7H 7S JK", "JK").is_some());
    }

    #[test]
    fn rommee_keeps_two_natural_cards_per_meld() {
        assert!(fit("rommee", "7H 7S JK", "JK").is_some());
        let rs = RuleSet::preset("progressive").unwrap();
        // Progressive allows all-wild melds: a joker fits a meld of 2s and jokers.
        assert!(fits(&rs, &parse_cards("JK JK 2S").unwrap(), Card::Joker).is_some());
    }

    #[test]
    fn shanghai_aces_are_high_only_so_an_ace_fits_above_the_king_only() {
        let r = fit("shanghai", "JH QH KH", "AH").expect("fits above the king");
        assert_eq!(r.ends().map(|e| e.1), Some(Rank::ACE));
        assert_eq!(fit("shanghai", "2H 3H 4H 5H", "AH"), None);
        // Low-or-high aces fit below the 2 as well.
        let r = fit("contract", "2H 3H 4H 5H", "AH").expect("fits below the 2");
        assert_eq!(r.ends().map(|e| e.0), Some(Rank::ACE));
        // Nothing follows the high ace.
        assert_eq!(fit("contract", "JH QH KH AH", "2H"), None);
    }

    fn why(rules: &str, meld: &str, card: &str) -> Result<Fit, NoFit> {
        let rs = RuleSet::preset(rules).unwrap();
        super::fit(&rs, &parse_cards(meld).unwrap(), card.parse().unwrap())
    }

    #[test]
    fn a_natural_card_in_place_of_a_joker_mid_run_is_a_joker_swap_where_allowed() {
        let Ok(Fit::JokerSwap { wild, reading }) = why("contract", "5H 6H JK 8H", "7H") else {
            panic!("7H replaces the joker");
        };
        assert_eq!(wild, Card::Joker);
        assert!(reading.wilds().is_empty());
        assert_eq!(reading.ends().unzip(), (Rank::new(5), Rank::new(8)));
        // May I? never swaps jokers back.
        assert_eq!(
            why("may-i", "5H 6H JK 8H", "7H"),
            Err(NoFit::SwapNotAllowed)
        );
        // A set that can grow takes the card as a lay-off; a full Rommé set swaps the joker
        // for the suit it lacks.
        assert!(matches!(
            why("rommee", "9C 9D JK", "9S"),
            Ok(Fit::LayOff(_))
        ));
        assert!(matches!(
            why("rommee", "9C 9D 9H JK", "9S"),
            Ok(Fit::JokerSwap { .. })
        ));
    }

    #[test]
    fn every_no_says_why() {
        assert_eq!(
            why("contract", "4H 5H 6H 7H", "8S"),
            Err(NoFit::WrongSuit { suit: Suit::Hearts })
        );
        assert_eq!(
            why("contract", "4H 5H 6H 7H", "10H"),
            Err(NoFit::NotAtAnEnd {
                from: Rank::new(4).unwrap(),
                to: Rank::new(7).unwrap()
            })
        );
        assert_eq!(
            why("contract", "5H 5D 5C", "6S"),
            Err(NoFit::WrongRank {
                rank: Rank::new(5).unwrap()
            })
        );
        assert_eq!(
            why("rommee", "5H 5D 5C", "5H"),
            Err(NoFit::SuitTaken { suit: Suit::Hearts })
        );
        assert_eq!(
            why("rommee", "5H 5D 5C 5S", "JK"),
            Err(NoFit::SetFull { max: 4 })
        );
        assert_eq!(
            why("shanghai", "7H 7S JK", "JK"),
            Err(NoFit::TooManyWilds { max: 1 })
        );
        // `wilds_per_meld` `half` / `third`: a wild card that would tip the share.
        let with = |share: &str| {
            RuleSet::with_options(
                "contract",
                &[(
                    "wilds_per_meld".to_string(),
                    crate::rules::ruleset::OptionValue::Text(share.into()),
                )]
                .into(),
            )
            .unwrap()
        };
        let fit = |rs: &RuleSet, meld: &str, card: &str| {
            super::fit(rs, &parse_cards(meld).unwrap(), card.parse().unwrap())
        };
        let half = with("half");
        assert_eq!(
            fit(&half, "7H 7S JK JK", "JK"),
            Err(NoFit::TooLargeShare {
                share: WildShare::Half,
                wilds: 2,
                len: 4
            })
        );
        assert!(fit(&half, "7H 7S 7D JK", "JK").is_ok(), "two of five");
        let third = with("third");
        assert_eq!(
            fit(&third, "5H 6H 7H JK", "JK").map_err(|e| e.code()),
            Err("too_large_share")
        );
        assert!(fit(&third, "5H 6H 7H JK", "9H").is_ok());
        assert_eq!(
            why(
                "contract",
                "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
                "JK"
            ),
            Err(NoFit::RunFull { max: 14 })
        );
        assert_eq!(why("contract", "4H 9S KD", "5H"), Err(NoFit::NotAMeld));
        assert_eq!(
            why("shanghai", "2H 3H 4H 5H", "AH"),
            Err(NoFit::AceOnlyHigh)
        );
    }

    #[test]
    fn rommee_runs_turn_the_corner() {
        let r = fit("rommee", "QH KH AH", "2H").expect("fits round the corner");
        assert_eq!(r.ends().unzip(), (Some(Rank::QUEEN), Rank::new(2)));
    }

    #[test]
    fn wild_twos_stand_for_themselves_at_the_end_of_a_run_or_as_wilds() {
        let rs = RuleSet::preset("progressive").unwrap();
        let run = parse_cards("3H 4H 5H 6H").unwrap();
        let r = fits(&rs, &run, c("2H")).expect("natural 2");
        assert!(r.wilds().is_empty());
        assert_eq!(r.ends().map(|e| e.0), Rank::new(2));
        let r = fits(&rs, &run, c("2S")).expect("wild 2");
        assert_eq!(r.wilds(), vec![(c("2S"), c("7H"))]);
    }

    #[test]
    fn no_card_fits_a_non_meld_or_a_joker_in_a_game_without_jokers() {
        assert_eq!(fit("contract", "4H 9S KD", "5H"), None);
        assert_eq!(fit("contract", "", "5H"), None);
        let mut options = BTreeMap::new();
        options.insert("jokers".to_string(), OptionValue::Bool(false));
        let rs = RuleSet::with_options("contract", &options).unwrap();
        assert_eq!(
            fits(&rs, &parse_cards("4H 5H 6H 7H").unwrap(), Card::Joker),
            None
        );
    }

    #[test]
    fn a_full_run_ace_to_ace_takes_no_more_cards() {
        let all = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH";
        assert_eq!(fit("contract", all, "JK"), None);
    }

    #[test]
    fn shanghai_calls_are_data_of_the_rule_set() {
        assert!(RuleSet::preset("shanghai").unwrap().shanghai_calls);
        assert!(RuleSet::preset("shanghai-kolsov").unwrap().shanghai_calls);
        assert!(!RuleSet::preset("shanghai-powe").unwrap().shanghai_calls);
        assert!(!RuleSet::preset("contract").unwrap().shanghai_calls);
    }
}
