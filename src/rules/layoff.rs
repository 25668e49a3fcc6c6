//! Does a card fit on a meld on the table? Lay-offs, and the "Shanghai" call on a discard
//! that could have been laid off (docs/RULES.md sections 2 and 4 `shanghai`).
//!
//! A card fits when the meld plus the card is a legal meld of the same kind under the rule
//! set's meld rules: one more card of a set's rank, or a run grown by one card at either end,
//! with the wild-card limits kept. A wild card fits wherever those limits allow. Cards already
//! in a run keep their places: a natural card that could only replace a wild card in the middle
//! of a run is a joker swap, not a lay-off. Pure: std only.

use super::cards::{Card, Rank};
use super::meld::{MeldKind, MeldRules, Reading};
use super::ruleset::RuleSet;

/// The reading of `meld` grown by `card`, if the card can be laid off on it under the rule
/// set's meld rules (docs/RULES.md section 2): sets are tried before runs, and a run grows at its
/// high end before its low end. `None` if it does not fit, or if `meld` is no legal meld.
pub fn fits(rs: &RuleSet, meld: &[Card], card: Card) -> Option<Reading> {
    let rules = &rs.meld;
    if meld.is_empty() || (!rules.jokers && (card == Card::Joker || meld.contains(&Card::Joker))) {
        return None;
    }
    let mut grown = meld.to_vec();
    grown.push(card);
    let grown_sets = rules.readings(&grown, MeldKind::Set);
    for old in rules.readings(meld, MeldKind::Set) {
        if let Some(r) = grown_sets.iter().find(|r| r.rank == old.rank) {
            return Some(r.clone());
        }
    }
    rules
        .readings(meld, MeldKind::Run)
        .iter()
        .find_map(|old| extend_run(rules, old, card))
}

/// A run reading grown by one card at the high or the low end, the cards already there
/// standing where they stood.
fn extend_run(rules: &MeldRules, old: &Reading, card: Card) -> Option<Reading> {
    let (start, len) = old.window?;
    let suit = old.suit?;
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
        let reading = Reading {
            kind: MeldKind::Run,
            rank: None,
            suit: Some(suit),
            window: Some((new_start, len + 1)),
            from: Some(line.rank_at(new_start, 0)),
            to: Some(line.rank_at(new_start, len)),
            len: len + 1,
            wilds,
            naturals,
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

    #[test]
    fn an_eight_extends_a_run_of_hearts_four_to_seven_at_the_high_end() {
        let r = fit("contract", "4H 5H 6H 7H", "8H").expect("fits");
        assert_eq!(r.kind, MeldKind::Run);
        assert_eq!((r.from, r.to), (Rank::new(4), Rank::new(8)));
        assert_eq!(r.len, 5);
        assert!(r.wilds.is_empty());
    }

    #[test]
    fn a_three_extends_the_same_run_at_the_low_end() {
        let r = fit("contract", "4H 5H 6H 7H", "3H").expect("fits");
        assert_eq!((r.from, r.to), (Rank::new(3), Rank::new(7)));
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
        assert_eq!(r.wilds, vec![(Card::Joker, c("6H"))]);
    }

    #[test]
    fn a_five_of_spades_joins_a_set_of_fives_and_another_rank_does_not() {
        let r = fit("contract", "5H 5D 5C", "5S").expect("fits");
        assert_eq!(r.kind, MeldKind::Set);
        assert_eq!(r.rank, Rank::new(5));
        assert_eq!(r.len, 4);
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
        assert_eq!(r.wilds, vec![(Card::Joker, c("8H"))]);
        let r = fit("contract", "9C 9D 9S", "JK").expect("fits");
        assert_eq!(r.kind, MeldKind::Set);
        assert_eq!(r.wilds.len(), 1);
        assert_eq!(r.wilds[0].1.rank(), Rank::new(9));
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
        assert_eq!(r.to, Some(Rank::ACE));
        assert_eq!(fit("shanghai", "2H 3H 4H 5H", "AH"), None);
        // Low-or-high aces fit below the 2 as well.
        let r = fit("contract", "2H 3H 4H 5H", "AH").expect("fits below the 2");
        assert_eq!(r.from, Some(Rank::ACE));
        // Nothing follows the high ace.
        assert_eq!(fit("contract", "JH QH KH AH", "2H"), None);
    }

    #[test]
    fn rommee_runs_turn_the_corner() {
        let r = fit("rommee", "QH KH AH", "2H").expect("fits round the corner");
        assert_eq!((r.from, r.to), (Some(Rank::QUEEN), Rank::new(2)));
    }

    #[test]
    fn wild_twos_stand_for_themselves_at_the_end_of_a_run_or_as_wilds() {
        let rs = RuleSet::preset("progressive").unwrap();
        let run = parse_cards("3H 4H 5H 6H").unwrap();
        let r = fits(&rs, &run, c("2H")).expect("natural 2");
        assert!(r.wilds.is_empty());
        assert_eq!(r.from, Rank::new(2));
        let r = fits(&rs, &run, c("2S")).expect("wild 2");
        assert_eq!(r.wilds, vec![(c("2S"), c("7H"))]);
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
