//! Plausibility of a round's result (docs/RULES.md section 5, "Plausibility"): what a parsed
//! [`RoundEntry`] says against what the cards in play allow. Two classes:
//!
//! - **impossible** ([`Plausibility::impossible`]): no hand dealt under the rule set can give
//!   it (more points than the most cards a player can hold count, fewer than the lowest card,
//!   a number no sum of card values makes, more copies of a card or more jokers than the decks
//!   hold). Refused like any other error of the entry.
//! - **unlikely** ([`Plausibility::unlikely`]): possible but odd (a player who did not go out
//!   with 0, points near the most a hand can count). Saved only once the table confirms.
//!
//! Codes and numbers only; `text::game` says each. Part of `rules::game`: sees its siblings
//! through `super`; depends on `std`, `serde` and the rest of `rules` only, never on `text`,
//! `web` or `db`.

use super::*;

/// The share of the most a hand can count above which points are unlikely: three quarters
/// (docs/RULES.md section 5, "Plausibility").
pub const UNLIKELY_SHARE: (i64, i64) = (3, 4);

/// What the cards in play allow one player in one round ([`limits`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandLimits {
    /// Most cards the player can hold when the round ends: the deal, one drawn card not yet
    /// discarded, and every buy's cards.
    pub cards: usize,
    /// Most penalty points those cards can count: the highest-counting cards in the decks.
    pub max_points: i64,
    /// Above this, points are unlikely: [`UNLIKELY_SHARE`] of `max_points`.
    pub unlikely_above: i64,
    /// The lowest-counting card: a player left with cards counts at least this.
    pub lowest: i64,
    /// Every card's value is a multiple of this (5 in Shanghai and Progressive), so every
    /// penalty is.
    pub step: i64,
}

/// The result of checking an entry ([`check`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Plausibility {
    /// Results no hand can give: refused.
    pub impossible: FieldErrors,
    /// Results that are possible but odd: saved only when confirmed.
    pub unlikely: FieldErrors,
}

impl Plausibility {
    /// Nothing impossible and nothing unlikely.
    pub fn is_clean(&self) -> bool {
        self.impossible.is_empty() && self.unlikely.is_empty()
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

/// Every card of the decks in play for `players`, with its penalty value (`None` where the
/// rule set scores in units).
fn deck_values(rules: &RuleSet, players: usize) -> Option<Vec<i64>> {
    let table = rules.penalty.as_ref()?;
    let decks = rules.decks(players);
    let mut values = Vec::with_capacity(decks.cards() as usize);
    for rank in cards::Rank::all() {
        for suit in cards::Suit::ALL {
            let v = table.points(Card::new(rank, suit));
            values.extend(std::iter::repeat_n(v, usize::from(decks.decks)));
        }
    }
    values.extend(std::iter::repeat_n(table.joker, usize::from(decks.jokers)));
    values.sort_unstable_by(|a, b| b.cmp(a));
    Some(values)
}

/// What the cards allow a player with `buys` buys in round `round` of the game `setup`
/// (`None` where the rule set scores in units, or the round is not one of the game's).
pub fn limits(setup: &GameSetup, round: usize, buys: i64) -> Option<HandLimits> {
    let n = setup.starting_players();
    let spec = setup.rules.round(round, n)?;
    let values = deck_values(&setup.rules, n)?;
    let per_buy = 1 + usize::from(spec.buys.extra_cards);
    let bought = usize::try_from(buys.max(0))
        .unwrap_or(0)
        .saturating_mul(per_buy);
    let cards = (usize::from(spec.deal) + 1)
        .saturating_add(bought)
        .min(values.len());
    let max_points: i64 = values.iter().take(cards).sum();
    let lowest = values.iter().copied().min().unwrap_or(0);
    let step = values.iter().fold(0, |g, &v| gcd(g, v)).max(1);
    Some(HandLimits {
        cards,
        max_points,
        unlikely_above: max_points * UNLIKELY_SHARE.0 / UNLIKELY_SHARE.1,
        lowest,
        step,
    })
}

/// Checks a parsed entry of the game `setup` against the cards in play (docs/RULES.md
/// section 5, "Plausibility"). Penalties are checked as entered, before Hand-Rommé doubles
/// them or a cut bonus is taken off.
pub fn check(setup: &GameSetup, entry: &RoundEntry) -> Plausibility {
    let mut out = Plausibility::default();
    let n = setup.starting_players();
    if let Some(hand) = &entry.hand {
        if let Some(held) = crate::rules::money::jokers_beyond_decks(&setup.rules, n, hand.jokers) {
            out.impossible.add(
                Field::Jokers,
                GameError::JokersNotInDecks {
                    given: hand.jokers,
                    decks_hold: held,
                },
            );
        }
        return out;
    }
    let decks = setup.rules.decks(n);
    for (i, penalty) in entry.penalties.iter().enumerate() {
        let Some(penalty) = penalty else { continue };
        let buys = entry.buys.get(i).copied().unwrap_or(0);
        let Some(lim) = limits(setup, entry.round, buys) else {
            continue;
        };
        let player = setup.name(i).to_string();
        let field = Field::Player(player.clone());
        match penalty {
            Penalty::Points(p) => {
                let p = *p;
                if p == 0 {
                    out.unlikely.add(field, GameError::ZeroNotOut { player });
                } else if p > lim.max_points {
                    out.impossible.add(
                        field,
                        GameError::PointsUnreachable {
                            player,
                            given: p,
                            max: lim.max_points,
                            cards: lim.cards,
                        },
                    );
                } else if p < lim.lowest {
                    out.impossible.add(
                        field,
                        GameError::PointsBelowLowestCard {
                            player,
                            given: p,
                            lowest: lim.lowest,
                        },
                    );
                } else if p % lim.step != 0 {
                    out.impossible.add(
                        field,
                        GameError::PointsNotAMultiple {
                            player,
                            given: p,
                            step: lim.step,
                        },
                    );
                } else if p > lim.unlikely_above {
                    out.unlikely.add(
                        field,
                        GameError::PointsVeryHigh {
                            player,
                            given: p,
                            max: lim.max_points,
                        },
                    );
                }
            }
            Penalty::Cards { cards, .. } => {
                if cards.len() > lim.cards {
                    out.impossible.add(
                        field.clone(),
                        GameError::TooManyCardsHeld {
                            player: player.clone(),
                            given: cards.len(),
                            max: lim.cards,
                        },
                    );
                }
                let mut counts: BTreeMap<Card, usize> = BTreeMap::new();
                for &c in cards {
                    *counts.entry(c).or_default() += 1;
                }
                for (card, given) in counts {
                    let held = usize::from(if card == Card::Joker {
                        decks.jokers
                    } else {
                        decks.decks
                    });
                    if given > held {
                        out.impossible.add(
                            field.clone(),
                            GameError::CardNotInDecks {
                                player: player.clone(),
                                card,
                                given,
                                decks_hold: held,
                            },
                        );
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
