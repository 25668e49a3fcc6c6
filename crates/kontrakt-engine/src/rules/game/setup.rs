//! A valid game set-up ([`GameSetup`]) parsed from a [`RawSetup`], and the seating: who deals
//! and who cuts each round.
//!
//! Part of `rules::game`: sees its siblings through `super`; depends on `std`, `serde` and the
//! rest of `rules` only, never on `text`, `web` or `db`.

use super::*;
use unicode_normalization::UnicodeNormalization;

use crate::rules::names::{self, NameProblem};

/// A valid game set-up: the rule set with its options, the players in seating order, the first
/// dealer and the money settings. Made only by [`GameSetup::try_from`] a [`RawSetup`].
#[derive(Debug, Clone, PartialEq)]
pub struct GameSetup {
    pub(super) rules: RuleSet,
    pub(super) players: Vec<String>,
    pub(super) first_dealer: usize,
    pub(super) cents: i64,
    pub(super) points_per_cent: i64,
    pub(super) currency: String,
    /// Players of the set-up (late joiners come after them in `players`).
    pub(super) start_players: usize,
    /// Who sits where and plays which round after the table's changes (docs/RULES.md 8).
    pub(super) table: Table,
}

impl TryFrom<RawSetup> for GameSetup {
    type Error = FieldErrors;

    fn try_from(raw: RawSetup) -> Result<GameSetup, FieldErrors> {
        GameSetup::parse(&raw)
    }
}

impl TryFrom<&RawSetup> for GameSetup {
    type Error = FieldErrors;

    fn try_from(raw: &RawSetup) -> Result<GameSetup, FieldErrors> {
        GameSetup::parse(raw)
    }
}

impl GameSetup {
    fn parse(raw: &RawSetup) -> Result<GameSetup, FieldErrors> {
        let mut errors = FieldErrors::new();
        let rules = parse_rules(raw, &mut errors);

        // Players: trimmed, non-empty, short, plain, unique ignoring case.
        // Composed (NFC) so a name is stored, shown and compared in one form.
        let players: Vec<String> = raw
            .players
            .iter()
            .map(|n| n.trim().nfc().collect())
            .collect();
        let checked = if players.len() > MAX_NAMES_CHECKED {
            &players[..0]
        } else {
            &players[..]
        };
        for (i, name) in checked.iter().enumerate() {
            let seat = i + 1;
            let problem = match names::check_name(name) {
                Ok(_) => continue,
                Err(NameProblem::Empty) => GameError::EmptyName { seat },
                Err(NameProblem::TooLong) => GameError::NameTooLong { seat },
                Err(NameProblem::HasControl) => GameError::NameHasControl { seat },
                Err(NameProblem::HasInvisible) => GameError::NameHasInvisible { seat },
            };
            errors.add(Field::Players, problem);
        }
        let mut seen: Vec<String> = Vec::new();
        let mut reported: Vec<String> = Vec::new();
        for name in checked.iter().filter(|n| !n.is_empty()) {
            let key = names::name_key(name);
            if seen.contains(&key) && !reported.contains(&key) {
                errors.add(
                    Field::Players,
                    GameError::DuplicateName { name: name.clone() },
                );
                reported.push(key);
            } else {
                seen.push(key);
            }
        }
        // The count is checked against the preset even when an option is wrong, so every
        // problem is reported at once.
        let info = rules
            .as_ref()
            .map(|rs| rs.info)
            .or_else(|| crate::rules::presets::preset_info(raw.rules.trim()));
        if let Some(info) = info
            && !(usize::from(info.min_players)..=usize::from(info.max_players))
                .contains(&players.len())
        {
            errors.add(
                Field::Players,
                GameError::PlayerCount {
                    given: players.len(),
                    min: info.min_players,
                    max: info.max_players,
                    rules: info.name,
                },
            );
        }

        let first_dealer = match given(&raw.first_dealer) {
            None => 0,
            Some(name) => find_name(&players, name).unwrap_or_else(|| {
                errors.add(
                    Field::FirstDealer,
                    GameError::UnknownFirstDealer {
                        given: name.to_string(),
                    },
                );
                0
            }),
        };

        // Money per point or unit.
        let mut number =
            |field: Field, value: &Option<RawNumber>| match value.as_ref().map(RawNumber::parse) {
                None | Some(Ok(None)) => None,
                Some(Ok(Some(n))) => Some((field, n)),
                Some(Err(text)) => {
                    errors.add(
                        field,
                        GameError::NotANumber {
                            what: Quantity::PointValue,
                            given: text,
                        },
                    );
                    None
                }
            };
        let per_point = number(Field::CentsPerPoint, &raw.cents_per_point);
        let per_unit = number(Field::CentsPerUnit, &raw.cents_per_unit);
        let cents = match (per_point, per_unit) {
            (Some((_, a)), Some((field, b))) if a != b => {
                errors.add(field, GameError::CentsTwice);
                DEFAULT_CENTS
            }
            (Some((field, n)), _) | (None, Some((field, n))) => {
                if !(0..=MAX_CENTS).contains(&n) {
                    errors.add(field, GameError::CentsOutOfRange { given: n });
                }
                n
            }
            (None, None) => DEFAULT_CENTS,
        };
        let points_per_cent = match raw.points_per_cent.as_ref().map(RawNumber::parse) {
            None | Some(Ok(None)) => DEFAULT_POINTS_PER_CENT,
            Some(Ok(Some(n))) => {
                if !(1..=MAX_POINTS_PER_CENT).contains(&n) {
                    errors.add(
                        Field::PointsPerCent,
                        GameError::PointsPerCentOutOfRange { given: n },
                    );
                } else if n != DEFAULT_POINTS_PER_CENT
                    && let Some(rs) = &rules
                    && matches!(rs.scheme, Scheme::Places | Scheme::Units)
                {
                    errors.add(
                        Field::PointsPerCent,
                        GameError::PointsPerCentNotUsed {
                            rules: rs.info.name,
                        },
                    );
                }
                n
            }
            Some(Err(text)) => {
                errors.add(
                    Field::PointsPerCent,
                    GameError::NotANumber {
                        what: Quantity::PointsPerCent,
                        given: text,
                    },
                );
                DEFAULT_POINTS_PER_CENT
            }
        };

        let currency = given(&raw.currency).unwrap_or(DEFAULT_CURRENCY).to_string();
        // Plain text only: a right-to-left override in the currency printed every amount of
        // the settlement backwards.
        if currency.chars().count() > MAX_CURRENCY_CHARS
            || !crate::rules::names::is_plain(&currency)
        {
            errors.add(Field::Currency, GameError::BadCurrency);
        }

        match rules {
            Some(rules) if errors.is_empty() => Ok(GameSetup {
                rules,
                start_players: players.len(),
                table: Table::new(players.len()),
                players,
                first_dealer,
                cents,
                points_per_cent,
                currency,
            }),
            _ => Err(errors),
        }
    }

    /// The set-up as a canonical [`RawSetup`] (every option with its value, names as stored),
    /// for storage: parsing it again gives an equal set-up.
    pub fn to_raw(&self) -> RawSetup {
        let cents = Some(RawNumber::Int(self.cents));
        let units = self.rules.scheme == Scheme::Units;
        RawSetup {
            rules: self.rules.id().to_string(),
            options: self.rules.options.clone(),
            players: self.players[..self.start_players].to_vec(),
            first_dealer: Some(self.players[self.first_dealer].clone()),
            cents_per_point: if units { None } else { cents.clone() },
            cents_per_unit: if units { cents } else { None },
            points_per_cent: (self.points_per_cent != DEFAULT_POINTS_PER_CENT)
                .then_some(RawNumber::Int(self.points_per_cent)),
            currency: Some(self.currency.clone()),
            settlement: None,
        }
    }

    /// The rule set with its options.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// Player names in seating order.
    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// Number of players.
    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    /// The name of player `i` (seating order, from 0).
    pub fn name(&self, i: usize) -> &str {
        &self.players[i]
    }

    /// The player with this name (ignoring case and surrounding spaces).
    pub fn find_player(&self, name: &str) -> Option<usize> {
        find_name(&self.players, name)
    }

    /// Index of the first round's dealer.
    pub fn first_dealer(&self) -> usize {
        self.first_dealer
    }

    /// Cents per point, or per unit where the scheme is `units`.
    pub fn cents(&self) -> i64 {
        self.cents
    }

    /// Points that [`GameSetup::cents`] buys: 1 for whole cents per point, 10 for a tenth of
    /// a cent a point (points schemes only).
    pub fn points_per_cent(&self) -> i64 {
        self.points_per_cent
    }

    /// The name of the money value: `cents_per_unit` for Continental, else `cents_per_point`.
    pub fn cents_field(&self) -> &'static str {
        if self.rules.scheme == Scheme::Units {
            "cents_per_unit"
        } else {
            "cents_per_point"
        }
    }

    /// Currency symbol.
    pub fn currency(&self) -> &str {
        &self.currency
    }

    /// The settlement scheme (docs/RULES.md section 6).
    pub fn scheme(&self) -> Scheme {
        self.rules.scheme
    }

    /// Rounds in the game.
    pub fn round_count(&self) -> usize {
        self.rules.round_count(self.start_players)
    }

    /// Lower totals are better (every rule set but Continental).
    pub fn lower_is_better(&self) -> bool {
        !self.rules.higher_is_better
    }

    /// The banner of round `round`, or `None` outside the game.
    pub fn round_info(&self, round: usize) -> Option<RoundInfo> {
        let spec = self.rules.round(round, self.start_players)?;
        Some(RoundInfo::new(self, round, &spec))
    }

    /// Parses a round's entry as round `round` of this game (see [`RoundEntry`]).
    pub fn parse_round(&self, round: usize, raw: &RawRound) -> Result<RoundEntry, FieldErrors> {
        RoundEntry::try_from((self, round, raw))
    }
}

pub(super) fn find_name(players: &[String], name: &str) -> Option<usize> {
    let key = names::name_key(name);
    players.iter().position(|p| names::name_key(p) == key)
}

/// The rule set with its options and settlement scheme; errors keyed `rules`, `options` or
/// `settlement`.
fn parse_rules(raw: &RawSetup, errors: &mut FieldErrors) -> Option<RuleSet> {
    let id = raw.rules.trim();
    if id.is_empty() {
        errors.add(Field::Rules, GameError::NoRules);
        return None;
    }
    let rs = match RuleSet::with_options(id, &raw.options) {
        Ok(rs) => rs,
        Err(e @ OptionError::UnknownRuleSet(_)) => {
            errors.add(Field::Rules, GameError::Options(e));
            return None;
        }
        Err(e) => {
            errors.add(Field::Options, GameError::Options(e));
            return None;
        }
    };
    let Some(wanted) = given(&raw.settlement) else {
        return Some(rs);
    };
    if !rs.schemes.iter().any(|s| s.id() == wanted) {
        errors.add(
            Field::Settlement,
            GameError::SettlementNotOffered {
                given: wanted.to_string(),
                offered: rs.schemes.clone(),
            },
        );
        return None;
    }
    match raw.options.get("settlement") {
        Some(OptionValue::Text(option)) if option != wanted => {
            errors.add(
                Field::Settlement,
                GameError::SettlementTwice {
                    given: wanted.to_string(),
                    option: option.clone(),
                },
            );
            None
        }
        _ if rs.scheme.id() == wanted => Some(rs),
        _ => {
            // The scheme is offered, so the rule set has the `settlement` option.
            let mut options = raw.options.clone();
            options.insert("settlement".into(), OptionValue::Text(wanted.to_string()));
            match RuleSet::with_options(id, &options) {
                Ok(rs) => Some(rs),
                Err(e) => {
                    errors.add(Field::Settlement, GameError::Options(e));
                    None
                }
            }
        }
    }
}
