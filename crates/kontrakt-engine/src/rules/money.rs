//! Money for a rule set: picks the settlement scheme and its parameters from the rule set and
//! its options, then settles (docs/RULES.md section 6). Pure: std only.

use super::ruleset::{OptionValue, RuleSet, Scheme};
use super::settlement::{
    self, ContinentalHand, HandError, KittySplit, PlacesConfig, SettleError, Settlement,
    UnitsConfig,
};

/// What a game's end brings to the settlement.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MoneyInput {
    /// Final totals per player in seating order (points schemes and `places`).
    pub totals: Vec<i64>,
    /// Buys per player over the game (`places`; empty means none).
    pub buys: Vec<i64>,
    /// Continental hands (`units`).
    pub hands: Vec<ContinentalHand>,
    /// Cents per point, or per unit for `units`; not used by `places`.
    pub cents: i64,
    /// Points that `cents` buys (0 or 1: per point; 10 with 1 cent: a tenth of a cent a
    /// point, docs/RULES.md 4 `rommee`). Points schemes only.
    pub points_per_cent: i64,
}

/// The jokers the decks in play hold, if a winning hand of `jokers` holds more than they do
/// at a table of `players` (docs/RULES.md 4 `continental`: 2 decks + 2 jokers for 2-5
/// players). One check for a game's hand and for `/settle`.
pub fn jokers_beyond_decks(rs: &RuleSet, players: usize, jokers: u32) -> Option<u32> {
    let held = u32::from(rs.decks(players).jokers);
    (jokers > held).then_some(held)
}

/// The places configuration from a rule set's options for a player count.
pub fn places_config(rs: &RuleSet, players: usize) -> PlacesConfig {
    let mut cfg = PlacesConfig::progressive_default(players);
    if let Some(OptionValue::List(p)) = rs.options.get("payouts") {
        cfg.payouts = p.iter().copied().take(players).collect();
    }
    if let Some(OptionValue::Text(k)) = rs.options.get("kitty_split") {
        cfg.kitty_split = if k == "two-thirds" {
            KittySplit::TwoThirds
        } else {
            KittySplit::Winner
        };
    }
    if let Some(OptionValue::Int(c)) = rs.options.get("buy_cents") {
        cfg.cents_per_buy = *c;
    }
    cfg
}

/// The Continental bonus switches from a rule set's options.
pub fn units_config(rs: &RuleSet) -> UnitsConfig {
    let on = |name| matches!(rs.options.get(name), Some(OptionValue::Bool(true)));
    UnitsConfig {
        turn_bonuses: on("turn_bonuses"),
        one_suit_bonus: on("one_suit_bonus"),
        twos_wild: on("twos_wild"),
    }
}

/// The kitty of a game settled by places (docs/RULES.md 4 `progressive`): every buy pays into it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kitty {
    /// Buys over the game, all players together.
    pub buys: i64,
    /// What they paid in, in cents.
    pub cents: i64,
    /// Who receives it.
    pub split: KittySplit,
}

/// The kitty of a game with these buys per player, where the rule set settles by places;
/// `None` for every other scheme.
pub fn kitty(rs: &RuleSet, players: usize, buys: &[i64]) -> Option<Kitty> {
    if rs.scheme != Scheme::Places {
        return None;
    }
    let cfg = places_config(rs, players);
    let count = buys.iter().fold(0i64, |sum, &b| sum.saturating_add(b));
    Some(Kitty {
        buys: count,
        cents: count.saturating_mul(cfg.cents_per_buy),
        split: cfg.kitty_split,
    })
}

/// The table's way with the buys in `progressive` (seed 000, "Kaufen": each buy costs a
/// cent "der in eine Kasse gezahlt wird", and "der Gewinner erhält alle 1-Cent-Münzen, die
/// für die gekauften Karten in die Kasse gezahlt wurden"): the buys went into a bowl on the
/// table during play, so the payments settle the places alone and the bowl is handed over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bowl {
    /// The settlement of the places without the buys: who pays whom when the buys are paid.
    pub places: Settlement,
    /// Who takes what out of the bowl (seating index, cents), in seating order; the amounts
    /// sum to the kitty.
    pub handed: Vec<(usize, i64)>,
}

/// The settlement with the buys paid into a bowl during play, for a game settled by places
/// with at least one buy; `None` for other schemes or a game without buys. Together the two
/// parts come to the full settlement: for each player, the places' net, plus what they take
/// from the bowl, minus what they paid into it, is their net in [`settle`].
pub fn bowl(rs: &RuleSet, players: usize, input: &MoneyInput) -> Option<Result<Bowl, SettleError>> {
    let kitty = kitty(rs, players, &input.buys)?;
    if kitty.cents <= 0 {
        return None;
    }
    let full = match settle(rs, players, input) {
        Ok(s) => s,
        Err(e) => return Some(Err(e)),
    };
    let without = MoneyInput {
        buys: Vec::new(),
        ..input.clone()
    };
    let places = match settle(rs, players, &without) {
        Ok(s) => s,
        Err(e) => return Some(Err(e)),
    };
    let per_buy = places_config(rs, players).cents_per_buy;
    let handed = (0..players)
        .filter_map(|i| {
            let paid = input
                .buys
                .get(i)
                .copied()
                .unwrap_or(0)
                .saturating_mul(per_buy);
            let takes = full.net_cents[i]
                .saturating_sub(places.net_cents[i])
                .saturating_add(paid);
            (takes > 0).then_some((i, takes))
        })
        .collect();
    Some(Ok(Bowl { places, handed }))
}

fn per_points(input: &MoneyInput) -> i64 {
    input.points_per_cent.max(1)
}

/// Settles a game's money under the rule set's scheme (docs/RULES.md section 6).
pub fn settle(rs: &RuleSet, players: usize, input: &MoneyInput) -> Result<Settlement, SettleError> {
    match rs.scheme {
        Scheme::LowestCollects => {
            settlement::lowest_collects_at(&input.totals, input.cents, per_points(input))
        }
        Scheme::Pairwise => settlement::pairwise_at(&input.totals, input.cents, per_points(input)),
        Scheme::Places => {
            let buys = if input.buys.is_empty() {
                vec![0; input.totals.len()]
            } else {
                input.buys.clone()
            };
            settlement::places_settlement(&input.totals, &buys, &places_config(rs, players))
        }
        Scheme::Units => {
            for (i, hand) in input.hands.iter().enumerate() {
                if let Some(decks_hold) = jokers_beyond_decks(rs, players, hand.jokers) {
                    return Err(SettleError::InvalidHand {
                        hand: i + 1,
                        problem: HandError::JokersNotInDecks {
                            given: hand.jokers,
                            decks_hold,
                        },
                    });
                }
            }
            settlement::units_settlement(players, &input.hands, &units_config(rs), input.cents)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::OptionValue;
    use std::collections::BTreeMap;

    #[test]
    fn rommee_settles_pairwise_like_the_seed_example() {
        let rs = RuleSet::preset("rommee").unwrap();
        let s = settle(
            &rs,
            4,
            &MoneyInput {
                totals: vec![220, 360, 140, 490],
                cents: 1,
                ..MoneyInput::default()
            },
        )
        .unwrap();
        assert_eq!(s.net_cents, [330, -230, 650, -750]);
        let tenth = MoneyInput {
            totals: vec![220, 360, 140, 490],
            cents: 1,
            points_per_cent: 10,
            ..MoneyInput::default()
        };
        assert_eq!(
            settle(&rs, 4, &tenth).unwrap().net_cents,
            [33, -23, 65, -75]
        );
    }

    #[test]
    fn contract_family_defaults_to_lowest_collects_and_can_switch_to_pairwise() {
        let input = MoneyInput {
            totals: vec![10, 40, 70],
            cents: 2,
            ..MoneyInput::default()
        };
        let rs = RuleSet::preset("liverpool").unwrap();
        assert_eq!(settle(&rs, 3, &input).unwrap().net_cents, [180, -60, -120]);
        let opts: BTreeMap<String, OptionValue> =
            [("settlement".into(), OptionValue::Text("pairwise".into()))].into();
        let rs = RuleSet::with_options("liverpool", &opts).unwrap();
        // sum 120; net_i = (120 - 3 total_i) x 2
        assert_eq!(settle(&rs, 3, &input).unwrap().net_cents, [180, 0, -180]);
    }

    #[test]
    fn with_the_buys_in_a_bowl_the_payments_settle_the_places_and_the_winner_takes_the_bowl() {
        // The seed: the winner receives 12, 2nd pays 2, 3rd 4, 4th 6; each buy a cent into
        // the Kasse, all of which goes to the winner.
        let rs = RuleSet::preset("progressive").unwrap();
        let input = MoneyInput {
            totals: vec![50, 20, 90, 70],
            buys: vec![1, 0, 2, 0],
            ..MoneyInput::default()
        };
        let b = bowl(&rs, 4, &input).unwrap().unwrap();
        assert_eq!(b.places.net_cents, [-2, 12, -6, -4]);
        assert_eq!(b.handed, [(1, 3)]);
        // The two ways come to the same money.
        let full = settle(&rs, 4, &input).unwrap();
        let paid = [1, 0, 2, 0];
        for (i, paid) in paid.iter().enumerate() {
            let takes = b.handed.iter().find(|h| h.0 == i).map_or(0, |h| h.1);
            assert_eq!(b.places.net_cents[i] + takes - paid, full.net_cents[i]);
        }
        // No buys, no bowl; another scheme, no bowl.
        let none = MoneyInput {
            buys: vec![0; 4],
            ..input.clone()
        };
        assert_eq!(bowl(&rs, 4, &none), None);
        assert_eq!(bowl(&RuleSet::preset("rommee").unwrap(), 4, &input), None);
    }

    #[test]
    fn two_thirds_of_the_bowl_to_the_winner_and_one_third_to_second_place() {
        let opts: BTreeMap<String, OptionValue> =
            [("kitty_split".into(), OptionValue::Text("two-thirds".into()))].into();
        let rs = RuleSet::with_options("progressive", &opts).unwrap();
        let input = MoneyInput {
            totals: vec![50, 20, 90, 70],
            buys: vec![3, 2, 2, 2],
            ..MoneyInput::default()
        };
        let b = bowl(&rs, 4, &input).unwrap().unwrap();
        // A kitty of 9: 3 to A (second), 6 to B (winner).
        assert_eq!(b.handed, [(0, 3), (1, 6)]);
        assert_eq!(b.places.net_cents, [-2, 12, -6, -4]);
    }

    #[test]
    fn progressive_pays_places_and_the_kitty_of_buys() {
        let rs = RuleSet::preset("progressive").unwrap();
        let s = settle(
            &rs,
            4,
            &MoneyInput {
                totals: vec![50, 20, 90, 70],
                buys: vec![1, 0, 2, 0],
                ..MoneyInput::default()
            },
        )
        .unwrap();
        // Places: B 1st +12, A 2nd -2, D 3rd -4, C 4th -6; kitty 3 cents to B, paid A 1, C 2.
        assert_eq!(s.net_cents, [-3, 15, -8, -4]);
        assert_eq!(s.places, [2, 1, 4, 3]);
        assert_eq!(
            kitty(&rs, 4, &[1, 0, 2, 0]),
            Some(Kitty {
                buys: 3,
                cents: 3,
                split: KittySplit::Winner
            })
        );
        assert_eq!(kitty(&RuleSet::preset("rommee").unwrap(), 4, &[1, 0]), None);
    }

    #[test]
    fn continental_settles_units_with_the_bonus_options() {
        let opts: BTreeMap<String, OptionValue> =
            [("turn_bonuses".into(), OptionValue::Bool(true))].into();
        let rs = RuleSet::with_options("continental", &opts).unwrap();
        let hand = ContinentalHand {
            winner: 1,
            jokers: 2,
            first_turn: true,
            second_turn: false,
            one_suit: false,
            no_wilds: false,
        };
        let s = settle(
            &rs,
            3,
            &MoneyInput {
                hands: vec![hand.clone()],
                cents: 10,
                ..MoneyInput::default()
            },
        )
        .unwrap();
        // 1 + 2x2 + 10 = 15 units from each of 2 players, 10 cents a unit.
        assert_eq!(s.net_cents, [-150, 300, -150]);
        // Without the option the first-turn flag is an error.
        let plain = RuleSet::preset("continental").unwrap();
        assert!(
            settle(
                &plain,
                3,
                &MoneyInput {
                    hands: vec![hand],
                    cents: 10,
                    ..MoneyInput::default()
                }
            )
            .is_err()
        );
    }
}
