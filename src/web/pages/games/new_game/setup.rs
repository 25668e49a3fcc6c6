//! The set-up form as sent ([`SetupForm`]: every field text, so a form never fails to parse
//! and comes back exactly as it was sent), what it makes ([`parse`]: the rules engine's
//! [`GameSetup`], or what is wrong with it), and the problems by field of the form
//! ([`PageErrors`]), with the engine's seat numbers turned back into the form's seats.
//!
//! A piece of the new-game page: `rules` parses and checks; nothing from the page above it,
//! no SQL, nothing from `cli`.

use std::collections::BTreeMap;

use rand::Rng as _;

use crate::rules::game::{Field, FieldErrors, GameError, GameSetup, RawNumber, RawSetup};
use crate::rules::names::name_key;
use crate::rules::ruleset::{OptionError, RuleSet, Scheme};
use crate::web::i18n::{Lang, Msg};
use crate::web::rule_options::{OPTION_PREFIX, options_from_form};

/// The rule set the form starts with.
const DEFAULT_RULES: &str = "contract";
/// Most player fields a form shows (a sanity bound for a tampered form).
pub(super) const MAX_SEATS: usize = 64;

/// The set-up form as typed: every field text, so a form never fails to parse and comes back
/// exactly as it was sent.
#[derive(Clone, Debug, Default)]
pub(in crate::web::pages) struct SetupForm {
    pub(in crate::web::pages) rules: String,
    /// The rule set whose options the page showed: the options belong to it.
    pub(in crate::web::pages) shown: String,
    /// Option name (without [`OPTION_PREFIX`]) → text.
    pub(in crate::web::pages) options: BTreeMap<String, String>,
    /// One entry per seat, blanks included.
    pub(in crate::web::pages) players: Vec<String>,
    pub(in crate::web::pages) first_dealer: String,
    pub(in crate::web::pages) cents: String,
    pub(in crate::web::pages) points_per_cent: String,
    pub(in crate::web::pages) currency: String,
    pub(in crate::web::pages) settlement: String,
    /// The form's idempotency key: the same key never creates a second game.
    pub(in crate::web::pages) key: String,
    /// A group's form: the name of the house rules picked.
    pub(in crate::web::pages) house_rules: String,
    /// A group's form: "use these house rules" was pressed.
    pub(in crate::web::pages) use_house_rules: bool,
}

impl SetupForm {
    pub(in crate::web::pages) fn from_pairs(pairs: Vec<(String, String)>) -> SetupForm {
        let mut form = SetupForm::default();
        for (name, value) in pairs {
            match name.as_str() {
                "rules" => form.rules = value,
                "shown" => form.shown = value,
                "key" => form.key = value,
                "player" if form.players.len() < MAX_SEATS => form.players.push(value),
                "first_dealer" => form.first_dealer = value,
                "cents" => form.cents = value,
                "points_per_cent" => form.points_per_cent = value,
                "currency" => form.currency = value,
                "settlement" => form.settlement = value,
                "house_rules" => form.house_rules = value,
                "use" => form.use_house_rules = value == "house_rules",
                other => {
                    if let Some(option) = other.strip_prefix(OPTION_PREFIX) {
                        form.options.insert(option.to_owned(), value);
                    }
                }
            }
        }
        form
    }

    /// The rule set the form is about: the one chosen if it exists, else the default.
    pub(super) fn rule_set(&self) -> RuleSet {
        RuleSet::preset(self.rules.trim())
            .or_else(|_| RuleSet::preset(DEFAULT_RULES))
            .expect("the default rule set exists")
    }

    /// The options on the form belong to the rule set chosen.
    pub(super) fn options_current(&self, rs: &RuleSet) -> bool {
        self.shown.trim() == rs.id()
    }

    /// Seat (from 0) of each non-blank name, in order.
    pub(super) fn named_seats(&self) -> Vec<usize> {
        (0..self.players.len())
            .filter(|&i| !self.players[i].trim().is_empty())
            .collect()
    }
}

/// Problems to show, by field of the form, in the page's language.
#[derive(Debug, Default)]
pub(in crate::web::pages) struct PageErrors {
    /// `rules`, `options`, `players`, `first_dealer`, `cents`, `points_per_cent`,
    /// `currency`, `settlement` → sentences.
    pub(super) fields: BTreeMap<&'static str, String>,
    /// Option name → sentences.
    pub(super) options: BTreeMap<String, String>,
    /// Seats (from 0) whose name is wrong.
    pub(super) seats: Vec<usize>,
    /// The rule set changed since its options were shown: show them before creating.
    pub(super) stale_options: bool,
}

impl PageErrors {
    /// Nothing to show: the form can be saved.
    pub(super) fn is_empty(&self) -> bool {
        self.fields.is_empty() && self.options.is_empty() && !self.stale_options
    }

    pub(in crate::web::pages) fn add(&mut self, field: &'static str, sentence: String) {
        self.fields
            .entry(field)
            .and_modify(|s| {
                s.push(' ');
                s.push_str(&sentence);
            })
            .or_insert(sentence);
    }

    /// Takes in the rules engine's errors. The engine numbers the named players only; seat
    /// numbers are turned back into the form's seats (blanks included), so sentences name
    /// the seat as the form shows it and the right fields are marked.
    pub(in crate::web::pages) fn absorb(
        &mut self,
        errors: &FieldErrors,
        form: &SetupForm,
        lang: Lang,
    ) {
        let seats = form.named_seats();
        let seat_of = |seat: usize| seats.get(seat.wrapping_sub(1)).copied();
        for e in errors.iter() {
            let mut error = e.error.clone();
            match (&e.field, &mut error) {
                (
                    Field::Players,
                    GameError::EmptyName { seat }
                    | GameError::NameTooLong { seat }
                    | GameError::NameHasControl { seat }
                    | GameError::NameHasInvisible { seat },
                ) => {
                    if let Some(at) = seat_of(*seat) {
                        self.seats.push(at);
                        *seat = at + 1;
                    }
                }
                (Field::Players, GameError::DuplicateName { name }) => {
                    let key = name_key(name);
                    self.seats.extend(
                        (0..form.players.len()).filter(|&i| name_key(&form.players[i]) == key),
                    );
                }
                _ => {}
            }
            let sentence = error.message(lang);
            let option = match &error {
                GameError::BadOptionText(e) => Some(e.name.to_string()),
                GameError::Options(OptionError::BadValue { name, .. }) => Some(name.clone()),
                _ => None,
            };
            let field = match &e.field {
                Field::Rules => "rules",
                Field::Options => match option {
                    Some(name) => {
                        self.options
                            .entry(name)
                            .and_modify(|s| {
                                s.push(' ');
                                s.push_str(&sentence);
                            })
                            .or_insert(sentence);
                        continue;
                    }
                    None => "options",
                },
                Field::Players => "players",
                Field::FirstDealer => "first_dealer",
                Field::CentsPerPoint | Field::CentsPerUnit => "cents",
                Field::PointsPerCent => "points_per_cent",
                Field::Currency => "currency",
                Field::Settlement => "settlement",
                _ => "options",
            };
            self.add(field, sentence);
        }
    }
}

/// The set-up the form describes, or what is wrong with it.
pub(in crate::web::pages) fn parse(form: &SetupForm, lang: Lang) -> Result<GameSetup, PageErrors> {
    let mut errors = PageErrors::default();
    let id = form.rules.trim();
    let rs = match RuleSet::preset(id) {
        Ok(rs) => rs,
        Err(_) => {
            errors.add("rules", Msg::ErrUnknownRules.text(lang).to_owned());
            return Err(errors);
        }
    };
    if !form.options_current(&rs) {
        // The options on the form are another rule set's: show this one's first.
        errors.stale_options = true;
        return Err(errors);
    }
    let options = match options_from_form(id, &form.options) {
        Ok(options) => options,
        Err(e) => {
            errors.absorb(&e, form, lang);
            BTreeMap::new()
        }
    };
    let names: Vec<String> = form
        .named_seats()
        .into_iter()
        .map(|i| form.players[i].trim().to_owned())
        .collect();
    let first_dealer = match form.first_dealer.trim() {
        "" | "random" => {
            (!names.is_empty()).then(|| names[rand::rng().random_range(0..names.len())].clone())
        }
        seat => {
            let name = seat
                .parse::<usize>()
                .ok()
                .and_then(|n| form.players.get(n.checked_sub(1)?))
                .map(|name| name.trim())
                .filter(|name| !name.is_empty());
            if name.is_none() {
                errors.add(
                    "first_dealer",
                    crate::web::pages::labels::fill(Msg::NewDealerSeatEmpty, lang, &[("n", &seat)]),
                );
            }
            name.map(str::to_owned)
        }
    };
    let cents = Some(RawNumber::Text(form.cents.clone()));
    let units = rs.scheme == Scheme::Units;
    let raw = RawSetup {
        rules: id.to_owned(),
        options,
        players: names,
        first_dealer,
        cents_per_point: if units { None } else { cents.clone() },
        cents_per_unit: if units { cents } else { None },
        points_per_cent: Some(RawNumber::Text(form.points_per_cent.clone())),
        currency: Some(form.currency.clone()),
        settlement: Some(form.settlement.clone()).filter(|s| !s.trim().is_empty()),
    };
    match GameSetup::try_from(raw) {
        Ok(setup) if errors.is_empty() => Ok(setup),
        Ok(_) => Err(errors),
        Err(e) => {
            errors.absorb(&e, form, lang);
            Err(errors)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &str)]) -> SetupForm {
        SetupForm::from_pairs(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }

    #[test]
    fn blank_seats_are_skipped_and_errors_name_the_seat_the_form_shows() {
        let f = form(&[
            ("rules", "contract"),
            ("shown", "contract"),
            ("player", ""),
            ("player", "Ann"),
            ("player", "  "),
            ("player", &"x".repeat(41)),
            ("player", "ann"),
        ]);
        let errors = parse(&f, Lang::En).unwrap_err();
        assert_eq!(errors.seats, [3, 1, 4]);
        let players = &errors.fields["players"];
        assert!(
            players.contains("The name of player 4 is longer than 40 characters."),
            "{players}"
        );
        assert!(
            players.contains("Two players are called \"ann\""),
            "{players}"
        );
    }

    #[test]
    fn a_first_dealer_on_an_empty_seat_is_refused() {
        let f = form(&[
            ("rules", "contract"),
            ("shown", "contract"),
            ("player", "Ann"),
            ("player", "Ben"),
            ("player", "Cy"),
            ("first_dealer", "5"),
        ]);
        let errors = parse(&f, Lang::De).unwrap_err();
        assert_eq!(
            errors.fields["first_dealer"],
            "Platz 5 ist leer; wählt einen Mitspieler oder lost aus."
        );
    }

    #[test]
    fn a_random_first_dealer_is_one_of_the_players() {
        let f = form(&[
            ("rules", "contract"),
            ("shown", "contract"),
            ("player", "Ann"),
            ("player", "Ben"),
            ("player", "Cy"),
            ("first_dealer", "random"),
        ]);
        let mut seen = [false; 3];
        for _ in 0..200 {
            seen[parse(&f, Lang::En).unwrap().first_dealer()] = true;
        }
        assert_eq!(seen, [true; 3], "every player can be drawn");
    }

    #[test]
    fn options_of_another_rule_set_are_not_taken() {
        let f = form(&[
            ("rules", "rommee"),
            ("shown", "liverpool"),
            ("opt.cut_bonus", "50"),
            ("player", "Ann"),
            ("player", "Ben"),
        ]);
        assert!(parse(&f, Lang::En).unwrap_err().stale_options);
    }
}
