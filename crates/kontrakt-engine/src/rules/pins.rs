//! Declared wild cards (docs/RULES.md sections 1 and 2): a wild card laid as one card
//! (`JK=JH`, `2C=5H`) is read exactly as declared. The checker asks this module for a meld's
//! readings and its problem; without declarations the answers are the meld rules' own.
//!
//! A declared wild is read by putting the declared card in its place, reading that meld, and
//! then counting the card as the wild card it is (for the wild limits, and in the reading's
//! `wilds`). So a declared joker can neither fill another place of the run nor make the meld
//! a different rank; an all-wild meld is one rank or one window, as declared.
//!
//! It also says which contract requirement a reading fills, where the contract's
//! requirements differ (docs/RULES.md section 2).
//!
//! Pure: std only, on top of `cards`, `meld`, `ruleset`'s requirements and `problem`'s
//! [`Problem`]; nothing from `check`, which asks this module. No words.

use super::cards::{Card, Rank, Suit};
use super::meld::{MeldKind, MeldRules, Reading};
use super::problem::{Problem, breach_problem, meld_problem as open_meld_problem};
use super::ruleset::{Requirement, RoundSpec};

/// The declared cards of a meld, position by position (missing entries: undeclared).
fn declared(pins: &[Option<Card>], i: usize) -> Option<Card> {
    pins.get(i).copied().flatten()
}

/// Whether any card of the meld is declared.
pub fn any(pins: &[Option<Card>]) -> bool {
    pins.iter().any(Option::is_some)
}

/// Every structural reading of the meld as `kind` that reads each declared wild as declared
/// (wild limits and lengths not applied), like [`MeldRules::structural_readings`].
pub fn structural_readings(
    rules: &MeldRules,
    cards: &[Card],
    pins: &[Option<Card>],
    kind: MeldKind,
) -> Vec<Reading> {
    if !any(pins) {
        return rules.structural_readings(cards, kind);
    }
    let laid: Vec<Card> = cards
        .iter()
        .enumerate()
        .map(|(i, &c)| declared(pins, i).unwrap_or(c))
        .collect();
    let mut out = rules.structural_readings(&laid, kind);
    // Where 2s are wild, a card declared as a 2 must be read as that 2, not as a wild card
    // standing for another: at most as many 2s of its suit are read as wild as were laid
    // undeclared.
    out.retain(|reading| {
        cards.iter().enumerate().all(|(i, _)| {
            let Some(d) = declared(pins, i).filter(|&d| rules.is_wild(d)) else {
                return true;
            };
            let laid_open = (0..cards.len())
                .filter(|&j| cards[j] == d && declared(pins, j).is_none())
                .count();
            let read_wild = reading
                .wilds()
                .iter()
                .filter(|&&(c, a)| c == d && a != d)
                .count();
            read_wild <= laid_open
        })
    });
    for reading in &mut out {
        for (i, &card) in cards.iter().enumerate() {
            if let Some(as_card) = declared(pins, i) {
                // Read in its place as a natural card; it is the wild card it is.
                let makeup = reading.makeup_mut();
                makeup.naturals = makeup.naturals.saturating_sub(1);
                makeup.wilds.push((card, as_card));
            }
        }
    }
    out
}

/// [`structural_readings`] that keep the wild limits, like [`MeldRules::readings`].
pub fn readings(
    rules: &MeldRules,
    cards: &[Card],
    pins: &[Option<Card>],
    kind: MeldKind,
) -> Vec<Reading> {
    let mut r = structural_readings(rules, cards, pins, kind);
    let open = undeclared_wilds(rules, cards, pins) > 0;
    // An all-wild meld is only what its declarations make it: with a wild card undeclared,
    // no reading of wild cards only counts (docs/RULES.md section 2).
    r.retain(|x| rules.limit_breach(x).is_none() && !(open && x.naturals() == 0));
    r
}

/// How many wild cards of the meld are not declared.
pub fn undeclared_wilds(rules: &MeldRules, cards: &[Card], pins: &[Option<Card>]) -> usize {
    cards
        .iter()
        .enumerate()
        .filter(|&(i, &c)| rules.is_wild(c) && declared(pins, i).is_none())
        .count()
}

/// A meld whose only legal readings are of wild cards only (where the rule set allows such a
/// meld) while some of its wild cards are undeclared: `all_wild_undeclared`. A wild 2 that
/// may stand for itself counts as natural where the meld reads it so (`2C 2D 2H` is a set of
/// natural 2s in Progressive, no all-wild meld).
fn all_wild_problem(
    rules: &MeldRules,
    meld: usize,
    cards: &[Card],
    pins: &[Option<Card>],
) -> Option<Problem> {
    let undeclared = undeclared_wilds(rules, cards, pins);
    if undeclared == 0
        || (!rules.jokers && cards.contains(&Card::Joker))
        || declaration_problem(rules, meld, cards, pins).is_some()
    {
        return None;
    }
    let legal: Vec<Reading> = [MeldKind::Set, MeldKind::Run]
        .iter()
        .flat_map(|&k| structural_readings(rules, cards, pins, k))
        .filter(|r| rules.limit_breach(r).is_none())
        .collect();
    (!legal.is_empty() && legal.iter().all(|r| r.naturals() == 0))
        .then_some(Problem::AllWildUndeclared { meld, undeclared })
}

/// Readings of the meld as a set or a run that keep the wild limits, all-wild ones with
/// undeclared wild cards included (what a declaration could make the meld).
fn legal(rules: &MeldRules, cards: &[Card], pins: &[Option<Card>]) -> Vec<Reading> {
    [MeldKind::Set, MeldKind::Run]
        .iter()
        .flat_map(|&k| structural_readings(rules, cards, pins, k))
        .filter(|r| rules.limit_breach(r).is_none())
        .collect()
}

/// A declaration the rules do not allow: a 2 declared where 2s are not wild.
fn declaration_problem(
    rules: &MeldRules,
    meld: usize,
    cards: &[Card],
    pins: &[Option<Card>],
) -> Option<Problem> {
    cards.iter().enumerate().find_map(|(i, &card)| {
        declared(pins, i)?;
        (!rules.is_wild(card)).then_some(Problem::PinOnNatural { meld, card })
    })
}

/// Why the meld has no legal reading with its declarations, like [`open_meld_problem`]:
/// a declaration the rules refuse, a declared wild that does not fit (with what the meld
/// could use there, when it has one wild card), or the meld's own problem.
pub fn meld_problem(
    rules: &MeldRules,
    meld: usize,
    cards: &[Card],
    pins: &[Option<Card>],
) -> Option<Problem> {
    if let Some(problem) = all_wild_problem(rules, meld, cards, pins) {
        return Some(problem);
    }
    if !any(pins) {
        return open_meld_problem(rules, meld, cards);
    }
    if !rules.jokers && cards.contains(&Card::Joker) {
        return Some(Problem::JokersNotInPlay { meld });
    }
    if let Some(problem) = declaration_problem(rules, meld, cards, pins) {
        return Some(problem);
    }
    let structural: Vec<Reading> = [MeldKind::Set, MeldKind::Run]
        .iter()
        .flat_map(|&k| structural_readings(rules, cards, pins, k))
        .collect();
    if !structural.is_empty() {
        if structural.iter().any(|r| rules.limit_breach(r).is_none()) {
            return None;
        }
        return Some(breach_problem(rules, meld, &structural));
    }
    // No reading as declared. The first declaration that fails even on its own is the one
    // at fault (else the first one).
    let alone = |i: usize| {
        let mut one = vec![None; cards.len()];
        one[i] = declared(pins, i);
        one
    };
    let declared_at: Vec<usize> = (0..cards.len())
        .filter(|&i| declared(pins, i).is_some())
        .collect();
    let at = declared_at
        .iter()
        .copied()
        .find(|&i| legal(rules, cards, &alone(i)).is_empty())
        .unwrap_or(declared_at[0]);
    let open = legal(rules, cards, &[]);
    if open.is_empty() && declared_at.len() == 1 {
        // Not a meld however the wild is read: say why, as without the declaration.
        if let Some(problem) = open_meld_problem(rules, meld, cards) {
            return Some(problem);
        }
    }
    let needs = needs_at(rules, cards, pins, at);
    Some(Problem::PinDoesNotFit {
        meld,
        card: cards[at],
        declared: declared(pins, at).expect("a declared card"),
        needs,
    })
}

/// What the declared wild at `at` could stand for instead, with any number of wild cards in
/// the meld: every natural card that, declared there, gives the meld a legal reading with the
/// meld's other declarations kept (or, where none does, with them left open), in card order.
fn needs_at(rules: &MeldRules, cards: &[Card], pins: &[Option<Card>], at: usize) -> Vec<Card> {
    let fits = |others: &[Option<Card>]| -> Vec<Card> {
        let mut trial: Vec<Option<Card>> = (0..cards.len()).map(|i| declared(others, i)).collect();
        let mut out: Vec<Card> = Suit::ALL
            .iter()
            .flat_map(|&suit| Rank::all().map(move |rank| Card::new(rank, suit)))
            .filter(|&candidate| {
                trial[at] = Some(candidate);
                !legal(rules, cards, &trial).is_empty()
            })
            .collect();
        out.sort();
        out
    };
    let mut others = pins.to_vec();
    if let Some(p) = others.get_mut(at) {
        *p = None;
    }
    let kept = fits(&others);
    if !kept.is_empty() {
        return kept;
    }
    fits(&[])
}

/// The other readings of a meld with undeclared wild cards, where they differ from the one
/// used in what matters: the kind, a set's rank, a run's suit or window (its ends, hence
/// its points and which runs it touches). Each is a legal reading of a legal length; none
/// when every wild is declared or the meld has one reading (docs/RULES.md section 2).
pub fn alternatives(
    rules: &MeldRules,
    cards: &[Card],
    pins: &[Option<Card>],
    used: &Reading,
) -> Vec<Reading> {
    let open = cards
        .iter()
        .enumerate()
        .any(|(i, &c)| rules.is_wild(c) && declared(pins, i).is_none());
    if !open {
        return Vec::new();
    }
    let mut out: Vec<Reading> = Vec::new();
    let readings = [MeldKind::Set, MeldKind::Run]
        .iter()
        .flat_map(|&k| self::readings(rules, cards, pins, k));
    for reading in readings {
        let seen = std::iter::once(used)
            .chain(&out)
            .any(|r| r.same_place(&reading));
        if reading.makeup().len < rules.min_len(reading.kind()) || seen {
            continue;
        }
        out.push(reading);
    }
    out
}

/// Whether the round's contract asks for melds that differ (in kind or length), so that
/// which requirement a reading fills is worth saying: Progressive's "a run of 4 and a run
/// of 7", Continental's shapes; not "2 sets of 3", not Rommé's opening.
fn requirements_differ(round: &RoundSpec) -> bool {
    let Some(contract) = &round.contract else {
        return false;
    };
    let mut all: Vec<Requirement> = contract.alternatives.iter().flatten().copied().collect();
    all.sort();
    all.dedup();
    all.len() > 1
}

/// The requirement the reading the checker used fills (`held`, from the check's
/// assignment), where the contract's requirements differ (docs/RULES.md section 2).
pub fn used_fills(round: &RoundSpec, held: Option<Requirement>) -> Option<Requirement> {
    held.filter(|_| requirements_differ(round))
}

/// The requirement another reading of the meld would fill, where the contract's
/// requirements differ: the one the used reading holds where it is of the same kind (the
/// length is the meld's either way), else the most demanding requirement of its kind that
/// its length meets (exactly, where the round asks for exact minimums); none where no
/// requirement of the contract takes it.
pub fn alternative_fills(
    round: &RoundSpec,
    reading: &Reading,
    used: &Reading,
    held: Option<Requirement>,
) -> Option<Requirement> {
    if !requirements_differ(round) {
        return None;
    }
    if reading.kind() == used.kind() && held.is_some() {
        return held;
    }
    let contract = round.contract.as_ref()?;
    contract
        .alternatives
        .iter()
        .flatten()
        .copied()
        .filter(|r| r.kind == reading.kind())
        .filter(|r| {
            let len = reading.makeup().len;
            match r.kind {
                MeldKind::Pair => len == 2,
                _ => len >= r.min as usize && (!round.exact_minimum || len == r.min as usize),
            }
        })
        .max_by_key(|r| r.min)
}

#[cfg(test)]
mod tests {
    use crate::rules::cards::{Card, parse_pinned_melds};
    use crate::rules::check::{Problem, check_pinned};
    use crate::rules::meld::MeldKind;
    use crate::rules::ruleset::RuleSet;

    fn pinned(rules: &str, round: Option<usize>, melds: &str) -> crate::rules::check::CheckResult {
        let rs = RuleSet::preset(rules).unwrap();
        let spec = rs.round_for_check(round).unwrap();
        let m = parse_pinned_melds(melds).unwrap();
        check_pinned(&rs, &spec, &m.melds, &m.pins)
    }

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn a_joker_declared_as_the_jack_is_j_q_k_worth_39_in_rommee() {
        // Undeclared, the checker may read Q-K-A (40 points).
        let open = pinned("rommee", None, "JK QH KH | 3S 3D 3C");
        assert!(open.ok);
        assert_eq!(open.points, Some(40));
        let r = pinned("rommee", None, "JK=JH QH KH | 3S 3D 3C");
        assert!(!r.ok, "39 is below the 40 needed");
        assert_eq!(r.points, Some(39));
        let reading = r.melds[0].1.as_ref().unwrap();
        assert_eq!(reading.ends().unzip(), (c("JH").rank(), c("KH").rank()));
        assert_eq!(reading.wilds(), vec![(Card::Joker, c("JH"))]);
        assert_eq!(reading.naturals(), 2);
        assert_eq!(r.pins[0], vec![Some(c("JH")), None, None]);
        // As the ace, 40 and legal.
        let r = pinned("rommee", None, "JK=AH QH KH | 3S 3D 3C");
        assert!(r.ok);
        assert_eq!(r.points, Some(40));
    }

    #[test]
    fn a_declaration_that_does_not_fit_says_what_the_meld_needs() {
        // One wild card; two or more: what the faulty one could be, the other declaration kept.
        for melds in ["3H 4H 5H JK=9H | 7C 7D 7S", "3H JK=4H 5H JK=9H | 7C 7D 7S"] {
            let r = pinned("contract", Some(2), melds);
            assert!(!r.ok, "{melds}");
            assert_eq!(
                r.problems[0],
                Problem::PinDoesNotFit {
                    meld: 1,
                    card: Card::Joker,
                    declared: c("9H"),
                    needs: vec![c("2H"), c("6H")],
                },
                "{melds}"
            );
        }
        // In the right place it passes and is read as declared.
        let r = pinned("contract", Some(2), "3H 4H 5H JK=6H | 7C 7D 7S");
        assert!(r.ok, "{:?}", r.problems);
        let run = r.melds[0].1.as_ref().unwrap();
        assert_eq!(run.wilds(), vec![(Card::Joker, c("6H"))]);
        // With the other wild left open, the faulty one's places in every reading.
        let r = pinned("contract", Some(2), "3H JK 5H JK=9H | 7C 7D 7S");
        let Problem::PinDoesNotFit { needs, .. } = &r.problems[0] else {
            panic!("{:?}", r.problems);
        };
        assert_eq!(needs, &vec![c("2H"), c("4H"), c("6H")]);
        // A joker declared as a card another card of the run already is.
        let r = pinned("contract", Some(2), "3H 4H 5H JK=5H | 7C 7D 7S");
        assert_eq!(r.problems[0].code(), "pin_does_not_fit");
    }

    #[test]
    fn a_set_reads_a_declared_wild_as_its_suit_and_refuses_another_rank() {
        let r = pinned("contract", Some(1), "7C 7D JK=7H | 9C 9D 9S");
        assert!(r.ok);
        assert_eq!(
            r.melds[0].1.as_ref().unwrap().wilds(),
            vec![(Card::Joker, c("7H"))]
        );
        let r = pinned("contract", Some(1), "7C 7D JK=8H | 9C 9D 9S");
        assert_eq!(r.problems[0].code(), "pin_does_not_fit");
        // Rommé: every suit of a set differs, the declared one too.
        let r = pinned("rommee", None, "QC QD JK=QD | AS AD AC");
        assert!(!r.ok);
        assert_eq!(r.problems[0].code(), "pin_does_not_fit");
    }

    #[test]
    fn an_undeclared_joker_lists_the_other_readings_that_matter() {
        let rs = RuleSet::preset("rommee").unwrap();
        let r = pinned("rommee", None, "JK QH KH | 3S 3D 3C");
        let used = r.melds[0].1.as_ref().unwrap();
        assert_eq!(
            used.wilds(),
            vec![(Card::Joker, c("AH"))],
            "the 40-point reading"
        );
        let other = super::alternatives(&rs.meld, &r.melds[0].0, &[], used);
        assert_eq!(other.len(), 1, "{other:?}");
        assert_eq!(other[0].wilds(), vec![(Card::Joker, c("JH"))]);
        // A set's joker standing for another suit is no alternative; declared, none at all.
        let set = r.melds[1].1.as_ref().unwrap();
        assert!(super::alternatives(&rs.meld, &r.melds[1].0, &[], set).is_empty());
        let p = pinned("rommee", None, "JK=AH QH KH | 3S 3D 3C");
        let declared = p.melds[0].1.as_ref().unwrap();
        assert!(super::alternatives(&rs.meld, &p.melds[0].0, &p.pins[0], declared).is_empty());
        // Two jokers with 5♥ 6♥: runs 3-6, 4-7 or 5-8 (no set: two ranks).
        let r = pinned("contract", Some(2), "JK JK 5H 6H | 9C 9D 9S");
        let rs = RuleSet::preset("contract").unwrap();
        let used = r.melds[0].1.as_ref().unwrap();
        let other = super::alternatives(&rs.meld, &r.melds[0].0, &[], used);
        assert_eq!(other.len(), 2, "{other:?}");
        use crate::rules::meld::Reading;
        let window = |r: &Reading| match r {
            Reading::Run { window, .. } => Some(*window),
            Reading::Set { .. } | Reading::Pair { .. } => None,
        };
        assert!(
            other
                .iter()
                .all(|o| o.kind() == MeldKind::Run && window(o) != window(used))
        );
    }

    #[test]
    fn declared_wilds_still_count_against_the_wild_limits() {
        // Rommé: at least two natural cards per meld; declaring does not make a joker natural.
        let r = pinned("rommee", None, "JK=10H JK=JH QH | AS AD AC");
        assert_eq!(r.problems[0].code(), "too_few_naturals", "{:?}", r.problems);
    }

    #[test]
    fn an_all_wild_meld_is_what_it_is_declared_as() {
        // Progressive allows all-wild melds: declared, it is that set, not "a set of aces".
        let r = pinned("progressive", Some(1), "JK=9C JK=9D 2C=9H | 5S 5D 5C");
        assert!(r.ok, "{:?}", r.problems);
        let set = r.melds[0].1.as_ref().unwrap();
        assert_eq!((set.kind(), set.rank()), (MeldKind::Set, c("9C").rank()));
        assert_eq!(set.naturals(), 0);
        // Rommé needs natural cards: refused, declared or not.
        let r = pinned("rommee", None, "JK=9C JK=9D JK=9H | AS AD AC");
        assert!(!r.ok);
    }

    #[test]
    fn an_undeclared_all_wild_meld_asks_for_its_declarations() {
        // Progressive allows all-wild melds, but only declared: no more "a set of aces".
        let r = pinned("progressive", Some(1), "JK JK 2C | 5S 5D 5C");
        assert!(r.ok, "2C stands for itself: a set of 2s, {:?}", r.problems);
        let r = pinned("progressive", Some(1), "JK JK JK | 5S 5D 5C");
        assert_eq!(
            r.problems,
            vec![Problem::AllWildUndeclared {
                meld: 1,
                undeclared: 3
            }]
        );
        let r = pinned("progressive", Some(1), "JK=9C JK 2C=9H | 5S 5D 5C");
        assert_eq!(
            r.problems,
            vec![Problem::AllWildUndeclared {
                meld: 1,
                undeclared: 1
            }]
        );
        // Where the rule set allows no all-wild meld, the old refusal stays.
        let r = pinned("contract", Some(1), "JK JK JK | 5S 5D 5C");
        assert_eq!(r.problems[0].code(), "no_natural");
        let r = pinned("rommee", None, "JK JK JK | AS AD AC | KS KD KC");
        assert_eq!(r.problems[0].code(), "too_few_naturals");
    }

    #[test]
    fn three_twos_where_twos_are_wild_and_natural_are_a_set_of_natural_twos() {
        // docs/RULES.md section 1: a wild 2 may stand for itself, so 2C 2D 2H is a set of 2s
        // (no all-wild meld, nothing to declare). Its other readings each keep a natural 2
        // (a run through one 2, the others wild); a set of another rank is none of them.
        let rs = RuleSet::preset("progressive").unwrap();
        let r = pinned("progressive", Some(1), "2C 2D 2H | 5S 5D 5C");
        assert!(r.ok, "{:?}", r.problems);
        let set = r.melds[0].1.as_ref().unwrap();
        assert_eq!((set.kind(), set.rank()), (MeldKind::Set, c("2C").rank()));
        assert_eq!((set.naturals(), set.wilds().len()), (3, 0));
        let other = super::alternatives(&rs.meld, &r.melds[0].0, &[], set);
        assert!(
            other
                .iter()
                .all(|o| o.kind() == MeldKind::Run && o.naturals() == 1),
            "{other:?}"
        );
        // A wild 2 laid as an ace with two more 2s, declared: the set of aces it says.
        let r = pinned("progressive", Some(1), "2C=AC 2D=AD 2H=AH | 5S 5D 5C");
        assert!(r.ok, "{:?}", r.problems);
        assert_eq!(r.melds[0].1.as_ref().unwrap().rank(), c("AC").rank());
    }

    #[test]
    fn each_reading_names_the_requirement_it_fills_where_the_contract_has_different_ones() {
        use crate::rules::meld::MeldKind::{Run, Set};
        use crate::rules::ruleset::Requirement;
        let req = |kind, min| Some(Requirement { kind, min });
        // Progressive round 2 (docs/RULES.md 4: "1g3 + 1r4"; contract melds may be longer):
        // 5♥ and three wild cards are read as the run, since the 9s are the set; read as a
        // set of 5s they would fill the set of 3 instead.
        let rs = RuleSet::preset("progressive").unwrap();
        let round = rs.round_for_check(Some(2)).unwrap();
        let r = pinned("progressive", Some(2), "5H JK JK JK | 9C 9D 9S");
        assert!(r.ok, "{:?}", r.problems);
        let used = r.melds[0].1.as_ref().unwrap();
        assert_eq!(used.kind(), Run);
        assert_eq!(r.held, vec![req(Run, 4), req(Set, 3)]);
        assert_eq!(super::used_fills(&round, r.held[0]), req(Run, 4));
        let other = super::alternatives(&rs.meld, &r.melds[0].0, &[], used);
        let fills: Vec<_> = other
            .iter()
            .map(|o| {
                (
                    o.kind(),
                    super::alternative_fills(&round, o, used, r.held[0]),
                )
            })
            .collect();
        assert!(fills.contains(&(Set, req(Set, 3))), "{fills:?}");
        assert!(
            fills.iter().all(|f| f.0 == Set || f.1 == req(Run, 4)),
            "{fills:?}"
        );
        // Progressive round 6, "1g4 + 1r5": five cards read as a set fill the set of 4.
        let round6 = rs.round_for_check(Some(6)).unwrap();
        let r = pinned("progressive", Some(6), "5H JK JK JK JK | 9C 10C JC QC KC");
        assert!(r.ok, "{:?}", r.problems);
        let used = r.melds[0].1.as_ref().unwrap();
        assert_eq!(
            (used.kind(), super::used_fills(&round6, r.held[0])),
            (Set, req(Set, 4))
        );
        let other = super::alternatives(&rs.meld, &r.melds[0].0, &[], used);
        assert!(
            other
                .iter()
                .any(|o| super::alternative_fills(&round6, o, used, r.held[0]) == req(Run, 5))
        );
        // Contract round 1, "2 sets of 3": every requirement alike, nothing to say.
        let contract = RuleSet::preset("contract").unwrap();
        let round1 = contract.round_for_check(Some(1)).unwrap();
        let r = pinned("contract", Some(1), "5H JK JK | 9C 9D 9S");
        assert_eq!(super::used_fills(&round1, r.held[0]), None);
        // Rommé's opening has no contract.
        let r = pinned("rommee", None, "JK QH KH | 3S 3D 3C");
        assert!(r.held.is_empty());
    }

    #[test]
    fn a_two_is_declared_only_where_twos_are_wild_and_a_wild_declared_as_a_two_is_that_two() {
        let r = pinned("contract", Some(1), "7C 7D 2C=7H | 9C 9D 9S");
        assert_eq!(
            r.problems[0],
            Problem::PinOnNatural {
                meld: 1,
                card: c("2C")
            }
        );
        let r = pinned("progressive", Some(1), "7C 7D 2C=7H | 9C 9D 9S");
        assert!(r.ok, "{:?}", r.problems);
        // Progressive (2s wild, and a 2 may be itself): a joker declared as 2♥ is the 2♥ of
        // A-2-3-4, not a wild 2 standing for another card.
        let r = pinned("progressive", Some(2), "AH JK=2H 3H 4H | 9C 9D 9S");
        assert!(r.ok, "{:?}", r.problems);
        assert_eq!(
            r.melds[0].1.as_ref().unwrap().wilds(),
            vec![(Card::Joker, c("2H"))]
        );
        let r = pinned("progressive", Some(2), "JK=2H 5H 6H 7H | 9C 9D 9S");
        assert_eq!(r.problems[0].code(), "pin_does_not_fit", "{:?}", r.problems);
    }
}
