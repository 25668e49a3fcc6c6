//! What a round form sent: the entries as typed ([`RoundInput`], every value text, so a form
//! that comes back shows exactly what was sent), how they become the rules engine's
//! [`RawRound`], the problems only the form can have, the problems by field ([`Messages`]),
//! and the app's count of typed cards ([`count_text`]).
//!
//! Field names: `went_out` (a player's name; empty for "nobody"), `points.<name>`,
//! `cards.<name>`, `buys.<name>`, `went_down_first` (a player's name; empty for "nobody"),
//! `cut_bonus`, `hand_rommee`, `jokers`, `first_turn`, `second_turn`, `one_suit`, `no_wilds`
//! (checkboxes, on or off as the rule set's options read them), and the hidden `version`,
//! `key` and `round`. Names go into the engine's maps as typed, so every check (unknown
//! player, text in a number field, a card that does not exist) is the engine's, with its
//! sentence.
//!
//! A piece of the round pages: `rules` to read, never to score; nothing from the other round
//! modules, no SQL, nothing from `cli`.

use std::collections::{BTreeMap, BTreeSet};

use crate::rules::cards::parse_cards;
use crate::rules::game::{RawCards, RawNumber, RawRound};
use crate::rules::names::name_key;
use crate::store::LoadedGame;
use crate::web::cards::cards_text;
use crate::web::i18n::{Lang, Msg, PageCtx};
use crate::web::rule_options::is_on;

/// Problems by field, each as one text in the page's language.
pub(super) type Messages = BTreeMap<String, String>;

/// Adds `from`'s problems to `into` (a field with problems in both gets both texts).
pub(super) fn merge(into: &mut Messages, from: Messages) {
    for (field, text) in from {
        into.entry(field)
            .and_modify(|m| {
                m.push(' ');
                m.push_str(&text);
            })
            .or_insert(text);
    }
}

/// The problems of the fields named, taken out of `errors`, as one text.
pub(super) fn take(errors: &mut Messages, fields: &[&str]) -> Option<String> {
    let parts: Vec<String> = fields.iter().filter_map(|f| errors.remove(*f)).collect();
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// The checkboxes a round form may have.
const CHECKS: [&str; 6] = [
    "cut_bonus",
    "hand_rommee",
    "first_turn",
    "second_turn",
    "one_suit",
    "no_wilds",
];

/// A round form as typed (or as stored, for a correction): every value is text, so a form
/// that comes back shows exactly what was sent.
#[derive(Clone, Debug, Default)]
pub(super) struct RoundInput {
    /// Who went out: `None` if nothing was chosen, `Some("")` for "nobody".
    pub(super) went_out: Option<String>,
    /// Distinct `went_out` values sent (more than one: a form that was tampered with).
    went_out_values: usize,
    pub(super) points: BTreeMap<String, String>,
    pub(super) cards: BTreeMap<String, String>,
    pub(super) buys: BTreeMap<String, String>,
    pub(super) jokers: String,
    /// Shanghai's first-down bonus: who went down first, as sent (empty: nobody).
    pub(super) went_down_first: String,
    pub(super) checks: BTreeSet<&'static str>,
    /// The round's note, as typed.
    pub(super) note: String,
}

/// Points typed as a sum, `25+10+5` (the table adds up a hand as it reads the
/// cards): `None` for text without a `+` (the engine reads it as a number), `Some(Ok(40))`
/// for a sum of whole numbers, `Some(Err(()))` for anything else (`25+x`, `25+`, `+`).
fn typed_sum(text: &str) -> Option<Result<i64, ()>> {
    if !text.contains('+') {
        return None;
    }
    Some(text.split('+').try_fold(0i64, |sum, term| {
        let term = term.trim();
        if term.is_empty() || !term.bytes().all(|b| b.is_ascii_digit()) {
            return Err(());
        }
        term.parse::<i64>()
            .ok()
            .and_then(|n| sum.checked_add(n))
            .ok_or(())
    }))
}

fn number_text(n: &RawNumber) -> String {
    match n {
        RawNumber::Int(i) => i.to_string(),
        RawNumber::Float(x) => x.to_string(),
        RawNumber::Text(t) => t.clone(),
    }
}

impl RoundInput {
    /// The fields of a posted form.
    pub(super) fn from_form(fields: &[(String, String)]) -> RoundInput {
        let mut input = RoundInput::default();
        let mut winners = BTreeSet::new();
        for (name, value) in fields {
            if name == "went_out" {
                winners.insert(name_key(value));
                input.went_out.get_or_insert_with(|| value.clone());
            } else if let Some(player) = name.strip_prefix("points.") {
                input.points.insert(player.to_owned(), value.clone());
            } else if let Some(player) = name.strip_prefix("cards.") {
                input.cards.insert(player.to_owned(), value.clone());
            } else if let Some(player) = name.strip_prefix("buys.") {
                input.buys.insert(player.to_owned(), value.clone());
            } else if name == "went_down_first" {
                input.went_down_first.clone_from(value);
            } else if name == "jokers" {
                input.jokers.clone_from(value);
            } else if name == "note" {
                input.note.clone_from(value);
            } else if let Some(check) = CHECKS.iter().find(|c| **c == name)
                && is_on(value)
            {
                input.checks.insert(check);
            }
        }
        input.went_out_values = winners.len();
        input
    }

    /// A stored entry, for the correction form.
    pub(super) fn from_raw(raw: &RawRound) -> RoundInput {
        let checked = [
            raw.cut_bonus,
            raw.hand_rommee,
            raw.first_turn,
            raw.second_turn,
            raw.one_suit,
            raw.no_wilds,
        ];
        let winner = raw.went_out.clone().or_else(|| raw.winner.clone());
        RoundInput {
            went_out: Some(winner.unwrap_or_default()),
            went_out_values: 1,
            points: raw
                .points
                .iter()
                .map(|(k, v)| (k.clone(), number_text(v)))
                .collect(),
            cards: raw
                .cards
                .iter()
                .map(|(k, v)| {
                    let text = match v {
                        RawCards::Text(t) => t.clone(),
                        RawCards::List(l) => l.join(" "),
                    };
                    (k.clone(), text)
                })
                .collect(),
            buys: raw
                .buys
                .iter()
                .map(|(k, v)| (k.clone(), number_text(v)))
                .collect(),
            jokers: raw.jokers.as_ref().map(number_text).unwrap_or_default(),
            went_down_first: raw.went_down_first.clone().unwrap_or_default(),
            note: raw.note.clone().unwrap_or_default(),
            checks: CHECKS
                .iter()
                .zip(checked)
                .filter(|(_, on)| *on == Some(true))
                .map(|(name, _)| *name)
                .collect(),
        }
    }

    /// The entry for the rules engine. A `0` typed for the player who went out is what the
    /// engine gives them anyway, so it is dropped rather than refused.
    pub(super) fn to_raw(&self, round: Option<i64>) -> RawRound {
        let winner = self
            .went_out
            .as_deref()
            .map(str::trim)
            .filter(|w| !w.is_empty());
        let is_winner = |name: &str| winner.is_some_and(|w| name_key(w) == name_key(name));
        let check = |name: &str| self.checks.contains(name).then_some(true);
        RawRound {
            round,
            went_out: winner.map(str::to_owned),
            points: self
                .points
                .iter()
                .filter(|(name, value)| !(is_winner(name) && value.trim() == "0"))
                .map(|(name, value)| {
                    // A sum is stored as its total; a bad sum never gets here (form_errors).
                    let number = match typed_sum(value) {
                        Some(Ok(sum)) => RawNumber::Int(sum),
                        _ => RawNumber::Text(value.clone()),
                    };
                    (name.clone(), number)
                })
                .collect(),
            cards: self
                .cards
                .iter()
                .map(|(name, value)| (name.clone(), RawCards::Text(value.clone())))
                .collect(),
            buys: self
                .buys
                .iter()
                .map(|(name, value)| (name.clone(), RawNumber::Text(value.clone())))
                .collect(),
            cut_bonus: check("cut_bonus"),
            went_down_first: (!self.went_down_first.trim().is_empty())
                .then(|| self.went_down_first.clone()),
            hand_rommee: check("hand_rommee"),
            winner: None,
            jokers: (!self.jokers.trim().is_empty()).then(|| RawNumber::Text(self.jokers.clone())),
            first_turn: check("first_turn"),
            second_turn: check("second_turn"),
            one_suit: check("one_suit"),
            no_wilds: check("no_wilds"),
            note: (!self.note.trim().is_empty()).then(|| self.note.clone()),
            confirm: None,
        }
    }

    /// Who was chosen as going out, as sent (`None`: no choice).
    pub(super) fn went_out(&self) -> Option<&str> {
        self.went_out.as_deref()
    }

    /// Who went down first (Shanghai's first-down bonus) as chosen; `None` for nobody.
    pub(super) fn went_down_first(&self) -> Option<&str> {
        Some(self.went_down_first.trim()).filter(|w| !w.is_empty())
    }

    /// What was typed for `player` (points, else cards), as typed; empty if nothing.
    pub(super) fn typed_for(&self, player: &str) -> String {
        let key = name_key(player);
        let find = |map: &BTreeMap<String, String>| {
            map.iter()
                .find(|(name, value)| name_key(name) == key && !value.trim().is_empty())
                .map(|(_, value)| value.trim().to_owned())
        };
        find(&self.points)
            .or_else(|| find(&self.cards))
            .unwrap_or_default()
    }

    /// Problems only the form can have: several players sent as going out, or no choice
    /// where "nobody" is one of the choices (so an unchosen radio never means nobody).
    pub(super) fn form_errors(&self, game: &crate::rules::game::GameSetup, lang: Lang) -> Messages {
        let mut errors = Messages::new();
        if self.went_out_values > 1 {
            errors.insert("went_out".into(), Msg::RoundsOneWinner.text(lang).into());
        } else if self.went_out.is_none() && game.rules().no_winner_allowed {
            errors.insert("went_out".into(), Msg::RoundsChooseWinner.text(lang).into());
        }
        for (name, value) in &self.points {
            if let Some(Err(())) = typed_sum(value) {
                let key = game
                    .find_player(name)
                    .map_or_else(|| name.clone(), |i| game.name(i).to_owned());
                let sentence = Msg::RoundsBadSum.fill(lang, &[("text", &value.trim())]);
                errors.insert(key, sentence);
            }
        }
        errors
    }
}

/// "A♠ Joker 7♥ = 75 points" for cards typed in the notation, counted with the game's table;
/// `None` if the text is blank or cannot be read (the engine's sentence says why).
pub(super) fn count_text(ctx: &PageCtx, game: &LoadedGame, text: &str) -> Option<String> {
    let cards = parse_cards(text).ok().filter(|c| !c.is_empty())?;
    let points = game.setup.rules().penalty_points(&cards)?;
    Some(ctx.f(
        Msg::RoundsCount,
        &[
            ("cards", &cards_text(&cards, ctx.lang)),
            ("points", &points),
        ],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn form_fields_go_into_the_engines_maps_by_the_name_after_the_first_dot() {
        let input = RoundInput::from_form(&fields(&[
            ("went_out", "Ann"),
            ("points.Dr. B", "12"),
            ("cards.Cy", "AS JK"),
            ("buys.Cy", "1"),
            ("cut_bonus", "on"),
            ("hand_rommee", "off"),
            ("version", "3"),
        ]));
        let raw = input.to_raw(None);
        assert_eq!(raw.went_out.as_deref(), Some("Ann"));
        assert_eq!(raw.points["Dr. B"], RawNumber::Text("12".into()));
        assert_eq!(raw.cards["Cy"], RawCards::Text("AS JK".into()));
        assert_eq!(raw.buys["Cy"], RawNumber::Text("1".into()));
        assert_eq!(raw.cut_bonus, Some(true));
        assert_eq!(raw.hand_rommee, None);
        assert_eq!(raw.round, None);
    }

    #[test]
    fn points_typed_as_a_sum_are_stored_as_the_total_and_a_bad_sum_is_refused() {
        assert_eq!(typed_sum("40"), None, "no sum: the engine reads the number");
        assert_eq!(typed_sum("25+10+5"), Some(Ok(40)));
        assert_eq!(typed_sum(" 25 + 10 + 5 "), Some(Ok(40)));
        for bad in [
            "25+x",
            "25+",
            "+",
            "+5",
            "25++5",
            "2.5+1",
            "-5+10",
            "99999999999999999999+1",
        ] {
            assert_eq!(typed_sum(bad), Some(Err(())), "{bad}");
        }
        assert_eq!(
            typed_sum(&format!("{}+1", i64::MAX)),
            Some(Err(())),
            "no overflow"
        );
        let input = RoundInput::from_form(&fields(&[
            ("went_out", "Ann"),
            ("points.Ben", "25+10+5"),
            ("points.Cy", "7"),
        ]));
        let raw = input.to_raw(Some(1));
        assert_eq!(raw.points["Ben"], RawNumber::Int(40));
        assert_eq!(raw.points["Cy"], RawNumber::Text("7".into()));
    }

    #[test]
    fn a_zero_typed_for_the_winner_is_dropped_but_other_points_are_kept() {
        let zero = RoundInput::from_form(&fields(&[("went_out", " ann "), ("points.Ann", "0")]));
        assert!(zero.to_raw(Some(2)).points.is_empty());
        let five = RoundInput::from_form(&fields(&[("went_out", "Ann"), ("points.Ann", "5")]));
        assert_eq!(
            five.to_raw(Some(2)).points["Ann"],
            RawNumber::Text("5".into())
        );
    }

    #[test]
    fn nobody_is_an_empty_choice_and_no_choice_is_none() {
        let nobody = RoundInput::from_form(&fields(&[("went_out", "")]));
        assert_eq!(nobody.went_out.as_deref(), Some(""));
        assert_eq!(nobody.to_raw(None).went_out, None);
        assert_eq!(RoundInput::from_form(&[]).went_out, None);
        let stored = RoundInput::from_raw(&RawRound::default());
        assert_eq!(
            stored.went_out.as_deref(),
            Some(""),
            "a stored round nobody won"
        );
        let two = RoundInput::from_form(&fields(&[("went_out", "Ann"), ("went_out", "Ben")]));
        assert_eq!(two.went_out_values, 2);
    }
}
