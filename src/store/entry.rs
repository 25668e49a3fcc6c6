//! How a round's entry is stored: [`StoredEntry`], a versioned, typed shape of its own, built
//! from the parsed entry, so the lenient input type the clients send (`rules::game::RawRound`:
//! numbers as text, cards as a list, any spelling of a name) is never the storage format.
//!
//! Version 1 keeps the field names and values of the canonical entry the rows already hold,
//! and is written without its `v` (absent means 1): stored rows, the history's `before` and
//! `after`, and exports stay exactly as they were. A later version must write `"v": 2` (or
//! more); [`decode`] refuses versions it does not know, and still reads any row from before
//! the format had a name that the strict shape refuses, through the lenient input type.
//!
//! Must not depend on `web` or `cli` (see [`crate::store`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::Error;
use crate::rules::game::{GameSetup, RawCards, RawNumber, RawRound, RoundEntry};

/// The version [`StoredEntry`] writes.
pub const VERSION: u32 = 1;

/// A round's entry as stored (version 1): names as in the set-up, numbers as numbers, cards
/// in the notation; what the player did not have is left out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredEntry {
    /// The format version, [`VERSION`]; not written for version 1 (absent means 1).
    #[serde(default = "version_1", skip_serializing_if = "is_version_1")]
    v: u32,
    /// The round, from 1.
    round: i64,
    /// Who went out; `null` for a round nobody won (and for Continental, see `winner`).
    went_out: Option<String>,
    /// Penalty points per player, where entered as points.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    points: BTreeMap<String, i64>,
    /// Cards left in hand per player, in the notation, where entered as cards.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    cards: BTreeMap<String, String>,
    /// Liverpool: the cutter hit the cut target.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    cut_bonus: bool,
    /// Shanghai with the first-down bonus: who went down first (Added 2026-11-24; absent
    /// where nobody was entered, so rows without one are unchanged).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    went_down_first: Option<String>,
    /// Buys per player, where not 0.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    buys: BTreeMap<String, i64>,
    /// Rommé: the winner went out with Hand-Rommé.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    hand_rommee: bool,
    /// Continental: who won the hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    winner: Option<String>,
    /// Continental: jokers in the winning hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    jokers: Option<i64>,
    /// Continental: went out on the first turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    first_turn: bool,
    /// Continental: went out on the second turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    second_turn: bool,
    /// Continental: all runs in one suit.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    one_suit: bool,
    /// Continental: won without any wild card.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    no_wilds: bool,
    /// The table's note on the round (Added 2026-11-24; absent where none, so rows without
    /// one are unchanged).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

impl StoredEntry {
    /// What to store for `entry`, parsed against the game set up by `setup`.
    pub fn new(entry: &RoundEntry, setup: &GameSetup) -> Result<Self, Error> {
        let raw = entry.to_raw(setup);
        let number = |n: &RawNumber| match n {
            RawNumber::Int(n) => Ok(*n),
            other => Err(Error::Invalid(format!(
                "the canonical entry has a number that is not whole: {other:?}"
            ))),
        };
        let numbers = |map: &BTreeMap<String, RawNumber>| {
            map.iter()
                .map(|(name, n)| Ok((name.clone(), number(n)?)))
                .collect::<Result<BTreeMap<_, _>, Error>>()
        };
        Ok(Self {
            v: VERSION,
            round: raw
                .round
                .ok_or_else(|| Error::Invalid("the canonical entry has no round".into()))?,
            went_out: raw.went_out,
            points: numbers(&raw.points)?,
            cards: raw
                .cards
                .into_iter()
                .map(|(name, cards)| {
                    let text = match cards {
                        RawCards::Text(text) => text,
                        RawCards::List(list) => list.join(" "),
                    };
                    (name, text)
                })
                .collect(),
            cut_bonus: raw.cut_bonus.unwrap_or(false),
            went_down_first: raw.went_down_first,
            buys: numbers(&raw.buys)?,
            hand_rommee: raw.hand_rommee.unwrap_or(false),
            winner: raw.winner,
            jokers: raw.jokers.as_ref().map(number).transpose()?,
            first_turn: raw.first_turn.unwrap_or(false),
            second_turn: raw.second_turn.unwrap_or(false),
            one_suit: raw.one_suit.unwrap_or(false),
            no_wilds: raw.no_wilds.unwrap_or(false),
            note: raw.note,
        })
    }

    /// The entry for the rules engine to parse again (it gives an equal entry).
    pub fn to_raw(&self) -> RawRound {
        let numbers = |map: &BTreeMap<String, i64>| {
            map.iter()
                .map(|(name, &n)| (name.clone(), RawNumber::Int(n)))
                .collect()
        };
        RawRound {
            confirm: None,
            note: self.note.clone(),
            round: Some(self.round),
            went_out: self.went_out.clone(),
            points: numbers(&self.points),
            cards: self
                .cards
                .iter()
                .map(|(name, text)| (name.clone(), RawCards::Text(text.clone())))
                .collect(),
            cut_bonus: self.cut_bonus.then_some(true),
            went_down_first: self.went_down_first.clone(),
            buys: numbers(&self.buys),
            hand_rommee: self.hand_rommee.then_some(true),
            winner: self.winner.clone(),
            jokers: self.jokers.map(RawNumber::Int),
            first_turn: self.first_turn.then_some(true),
            second_turn: self.second_turn.then_some(true),
            one_suit: self.one_suit.then_some(true),
            no_wilds: self.no_wilds.then_some(true),
        }
    }
}

fn version_1() -> u32 {
    1
}

#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if passes a reference"
)]
fn is_version_1(v: &u32) -> bool {
    *v == 1
}

/// A stored entry (any version this program reads, and the lenient older rows) with the
/// player `old` called `new`: the names that key its `points`, `cards` and `buys` and that
/// its `went_out`, `winner` and `went_down_first` give. Nothing else changes (cards are never names).
pub fn rename(stored: &Value, old: &str, new: &str) -> Value {
    let Value::Object(entry) = stored else {
        return stored.clone();
    };
    let mut entry = entry.clone();
    for field in ["points", "cards", "buys"] {
        if let Some(Value::Object(by_name)) = entry.get_mut(field)
            && let Some(value) = by_name.remove(old)
        {
            by_name.insert(new.to_string(), value);
        }
    }
    for field in ["went_out", "winner", "went_down_first"] {
        if entry.get(field).and_then(Value::as_str) == Some(old) {
            entry.insert(field.to_string(), Value::String(new.to_string()));
        }
    }
    Value::Object(entry)
}

/// A stored entry for the rules engine: version 1 (with or without its `v`), or a row from
/// before the format had a name that only the lenient input type reads. A version this
/// program does not know is an error (a newer program wrote it).
pub fn decode(stored: &Value) -> Result<RawRound, Error> {
    match stored.get("v") {
        None => match serde_json::from_value::<StoredEntry>(stored.clone()) {
            Ok(entry) => Ok(entry.to_raw()),
            Err(_) => Ok(serde_json::from_value(stored.clone())?),
        },
        Some(v) if v.as_u64() == Some(u64::from(VERSION)) => {
            Ok(serde_json::from_value::<StoredEntry>(stored.clone())?.to_raw())
        }
        Some(v) => Err(Error::Invalid(format!(
            "a stored round entry has version {v}; this program reads version {VERSION}"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::rules::game::{GameSetup, RawSetup};

    fn liverpool() -> GameSetup {
        GameSetup::try_from(RawSetup {
            rules: "liverpool".into(),
            players: vec!["Ann".into(), "Ben".into(), "Cy".into()],
            ..RawSetup::default()
        })
        .expect("a game")
    }

    /// What a client may send: a lowercase name, a number as text, cards as a list.
    fn lenient() -> RawRound {
        RawRound {
            went_out: Some(" ann ".into()),
            points: BTreeMap::from([("Ben".into(), RawNumber::Text(" 35 ".into()))]),
            cards: BTreeMap::from([("cy".into(), RawCards::List(vec!["AS".into(), "JK".into()]))]),
            ..RawRound::default()
        }
    }

    #[test]
    fn a_round_is_stored_as_version_1_with_typed_fields_and_reads_back_equal() {
        let setup = liverpool();
        let entry = setup.parse_round(1, &lenient()).expect("a valid entry");
        let stored = serde_json::to_value(StoredEntry::new(&entry, &setup).unwrap()).unwrap();
        assert_eq!(
            stored,
            json!({"round": 1, "went_out": "Ann", "points": {"Ben": 35}, "cards": {"Cy": "AS JK"}}),
            "version 1 is written without its v"
        );
        let mut explicit = stored.clone();
        explicit["v"] = json!(1);
        assert_eq!(decode(&explicit).unwrap(), decode(&stored).unwrap());
        let again = setup.parse_round(1, &decode(&stored).unwrap()).unwrap();
        assert_eq!(again.points(), entry.points());
        assert_eq!(again.to_raw(&setup), entry.to_raw(&setup));
    }

    #[test]
    fn rows_from_before_versions_still_read_and_unknown_versions_do_not() {
        let setup = liverpool();
        let legacy = json!({"round": 1, "went_out": "Ann", "points": {"Ben": 35, "Cy": 12}});
        let raw = decode(&legacy).expect("a row without a version reads");
        let entry = setup.parse_round(1, &raw).unwrap();
        assert_eq!(entry.points(), &[0, 35, 12]);
        // A row the strict shape refuses (a number as text) reads as it always did.
        let lenient = json!({"round": 1, "went_out": "Ann", "points": {"Ben": "35", "Cy": 12}});
        assert_eq!(
            setup
                .parse_round(1, &decode(&lenient).unwrap())
                .unwrap()
                .points(),
            &[0, 35, 12]
        );
        assert!(decode(&json!({"v": 2, "round": 1})).is_err());
        assert!(decode(&json!({"v": 1, "round": 1, "went_out": null, "extra": 1})).is_err());
    }

    #[test]
    fn a_rename_changes_the_player_s_names_and_never_cards() {
        let stored = json!({"round": 2, "went_out": "KS", "points": {"Ann": 35},
                            "cards": {"Ann": "KS 3H"}, "buys": {"KS": 1}});
        let renamed = rename(&stored, "KS", "Kai");
        assert_eq!(
            renamed,
            json!({"round": 2, "went_out": "Kai", "points": {"Ann": 35},
                   "cards": {"Ann": "KS 3H"}, "buys": {"Kai": 1}})
        );
        let continental = json!({"round": 1, "winner": "Ann", "jokers": 2});
        assert_eq!(rename(&continental, "Ann", "Anna")["winner"], "Anna");
        assert_eq!(rename(&stored, "Nobody", "X"), stored);
    }
}
