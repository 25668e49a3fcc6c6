//! The draft of a table's own rule set, as the House rules page carries it: the definition
//! (`rules::definition`) as JSON in a hidden field, bounded, so the page needs neither
//! JavaScript nor anything kept on the server. Each post reads the draft back, lays the
//! fields typed over it, then does what the button pressed says (add a round, a meld chip,
//! an "or", remove, move).
//!
//! Part of `web::pages::house_rules`: rules and words only; no SQL, no store.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::rules::definition::{Definition, MAX_ROUNDS, Restriction, RoundDef};
use crate::rules::meld::{AceMode, MeldKind, WildShare};
use crate::rules::presets::Preset;
use crate::rules::ruleset::{Buys, DeckRule, OptionKind, OptionValue, Requirement, Scheme};
use crate::web::definitions::{merge, strip_derived_rounds};

/// Most bytes of the draft's JSON the page takes back (the largest preset is about 10 KB;
/// a form post is at most [`crate::web::BODY_LIMIT`] with the draft encoded in it).
pub const MAX_DRAFT_BYTES: usize = 24 * 1024;
/// Most ways ("or") to make one round's contract.
pub const MAX_ALTERNATIVES: usize = 4;
/// Most melds in one way to make a contract.
pub const MAX_MELDS: usize = 8;
/// The id every draft carries until it is saved (the id it is checked under).
pub const DRAFT_ID: &str = crate::rules::definition::CHECKED_ID;

/// The restrictions a round may have, in the order the page shows them.
pub const RESTRICTIONS: [(Restriction, &str); 4] = [
    (Restriction::NoContiguousRuns, "no_contiguous_runs"),
    (Restriction::RunsTwoRanksApart, "runs_two_ranks_apart"),
    (Restriction::RunsDifferentSuits, "runs_different_suits"),
    (Restriction::NoTwoSetsSameRank, "no_two_sets_same_rank"),
];

/// The cards of a penalty table, in the order the page shows them.
pub const CARD_KEYS: [&str; 14] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK",
];

/// The shipped examples of house rules (`docs/rulesets/`), by the name the page's `from`
/// takes.
pub const EXAMPLES: [(&str, &str); 4] = [
    (
        "five-contracts",
        include_str!("../../../../docs/rulesets/five-contracts.json"),
    ),
    (
        "no-jokers",
        include_str!("../../../../docs/rulesets/no-jokers.json"),
    ),
    (
        "wiener-rommee",
        include_str!("../../../../docs/rulesets/wiener-rommee.json"),
    ),
    (
        "american-continental",
        include_str!("../../../../docs/rulesets/american-continental.json"),
    ),
];

/// A definition made a draft: the draft's id, its base named, the derived fields left out
/// (they would no longer agree once something changes).
pub fn drafted(mut def: Definition, base: Preset) -> Definition {
    def.id = DRAFT_ID.to_owned();
    def.base = Some(base.id().to_owned());
    def.each_round = None;
    for round in &mut def.rounds {
        round.number = None;
        round.contract = None;
        round.contract_de = None;
        round.needs_more_than_dealt = None;
    }
    def
}

/// An example file (a base preset, its options and what differs) as a draft, with the
/// example's name.
pub fn example(text: &str) -> Option<Definition> {
    let Value::Object(mut body) = serde_json::from_str::<Value>(text).ok()? else {
        return None;
    };
    let base = Preset::from_id(body.get("base")?.as_str()?)?;
    let given: BTreeMap<String, OptionValue> = match body.remove("options") {
        Some(options) => serde_json::from_value(options).ok()?,
        None => BTreeMap::new(),
    };
    let rs = base.definition().with_options(&given).ok()?;
    let mut value = serde_json::to_value(Definition::of(&rs, &base.option_specs())).ok()?;
    strip_derived_rounds(&mut value);
    merge(&mut value, Value::Object(body));
    let def: Definition = serde_json::from_value(value).ok()?;
    Some(drafted(def, base))
}

/// Most jokers the page puts in a deck (or in all, where the rule set has a fixed deck).
pub const MAX_JOKERS: u8 = 12;

/// How many jokers the deck rule has, where it says a number: the number and whether it is
/// per deck.
pub fn deck_jokers(deck: DeckRule) -> Option<(u8, bool)> {
    match deck {
        DeckRule::Fixed { jokers, .. } => Some((jokers, false)),
        DeckRule::PerTwoPlayers { jokers_per_deck } | DeckRule::Hollywood { jokers_per_deck } => {
            Some((jokers_per_deck, true))
        }
        DeckRule::TwoPlusPlayersMinusOne | DeckRule::Continental => None,
    }
}

/// The draft a page sent back: `None` where it is too large or not a definition.
pub fn read(text: &str) -> Option<Definition> {
    if text.len() > MAX_DRAFT_BYTES {
        return None;
    }
    let def: Definition = serde_json::from_str(text).ok()?;
    let base = def.base()?;
    Some(drafted(def, base))
}

/// The draft as the page carries it.
pub fn write(def: &Definition) -> String {
    serde_json::to_string(def).unwrap_or_default()
}

/// A field typed that is not what it must be: the path of the draft it is for, the text as
/// typed.
#[derive(Debug, Clone)]
pub struct Typed {
    pub path: String,
    pub text: String,
    /// A number outside 0 to this (else: no number at all).
    pub max: Option<u8>,
}

/// The posted fields, read by name.
pub struct Fields<'a> {
    pairs: &'a [(String, String)],
    /// Fields that could not be read, kept as typed.
    pub bad: Vec<Typed>,
}

impl<'a> Fields<'a> {
    pub fn new(pairs: &'a [(String, String)]) -> Fields<'a> {
        Fields {
            pairs,
            bad: Vec::new(),
        }
    }

    fn get(&self, name: &str) -> Option<&'a str> {
        crate::web::last_field(self.pairs, name)
    }

    fn on(&self, name: &str) -> bool {
        self.get(name).is_some_and(crate::web::rule_options::is_on)
    }

    /// A whole number field: `None` where it is missing; a text that is no number is kept
    /// as typed under `path` and changes nothing.
    fn number<T: std::str::FromStr>(&mut self, name: &str, path: String) -> Option<T> {
        let text = self.get(name)?.trim();
        match text.parse() {
            Ok(n) => Some(n),
            Err(_) => {
                self.bad.push(Typed {
                    path,
                    text: text.to_owned(),
                    max: None,
                });
                None
            }
        }
    }

    /// The page's fields laid over the draft (only where the page sent them: a page that
    /// showed no fields, such as a fresh start, changes nothing).
    pub fn apply(&mut self, def: &mut Definition) {
        if self.get("fields") != Some("1") {
            return;
        }
        if let Some(name) = self.get("name") {
            def.name = name.to_owned();
        }
        for i in 0..def.rounds.len() {
            self.apply_round(def, i);
        }
        self.apply_melds(def);
        if let Some(mut table) = def.penalty.clone() {
            // Every card the page shows: those of the table, and the joker once jokers are
            // played (a table without one gets it typed, or the engine's sentence beside it).
            for key in CARD_KEYS {
                let name = format!("pen.{key}");
                if self.get(&name).is_some_and(|t| !t.trim().is_empty())
                    && let Some(n) = self.number(&name, format!("penalty.{key}"))
                {
                    table.insert(key.to_owned(), n);
                }
            }
            def.penalty = Some(table);
        }
        if self
            .get("go_out_left")
            .is_some_and(|t| !t.trim().is_empty())
            && let Some(n) = self.number("go_out_left", "go_out_left_max".into())
        {
            def.go_out_left_max = n;
        }
        if let Some(scheme) = self
            .get("scheme")
            .and_then(|s| serde_json::from_value::<Scheme>(Value::String(s.to_owned())).ok())
        {
            def.scheme = scheme;
            if !def.schemes.contains(&scheme) {
                def.schemes.push(scheme);
            }
        }
        sync_options(def);
    }

    fn apply_round(&mut self, def: &mut Definition, i: usize) {
        let p = |field: &str| format!("r{i}.{field}");
        let deal = self.number(&p("deal"), format!("rounds[{i}].deal"));
        let limit_text = self.get(&p("buy_limit")).map(str::trim);
        let limit = match limit_text {
            Some("") | None => None,
            Some(_) => self.number::<u8>(&p("buy_limit"), format!("rounds[{i}].buys")),
        };
        let buys = self.on(&p("buys"));
        let go_out_all = self.on(&p("go_out_all"));
        let exact = self.on(&p("exact_minimum"));
        let restrictions: Vec<Restriction> = RESTRICTIONS
            .iter()
            .filter(|(_, name)| self.on(&p(name)))
            .map(|(r, _)| *r)
            .collect();
        let mut mins = Vec::new();
        if let Some(alternatives) = &def.rounds[i].requirements {
            for (j, alternative) in alternatives.iter().enumerate() {
                for (k, req) in alternative.iter().enumerate() {
                    if req.kind == MeldKind::Pair {
                        continue;
                    }
                    let path = format!("rounds[{i}].requirements[{j}][{k}].min");
                    if let Some(min) = self.number::<u8>(&format!("r{i}.a{j}.m{k}"), path) {
                        mins.push((j, k, min));
                    }
                }
            }
        }
        let round = &mut def.rounds[i];
        if let Some(deal) = deal {
            round.deal = deal;
        }
        let limit_bad = limit_text.is_some_and(|t| !t.is_empty()) && limit.is_none();
        if !limit_bad {
            round.buys.allowed = buys;
            round.buys.limit = limit;
        }
        round.go_out_all = go_out_all;
        round.exact_minimum = exact;
        round.restrictions = restrictions;
        if let Some(alternatives) = &mut round.requirements {
            for (j, k, min) in mins {
                alternatives[j][k].min = min;
            }
        }
    }

    fn apply_melds(&mut self, def: &mut Definition) {
        let m = &mut def.melds;
        if let Some(ace) = self.get("ace").and_then(AceMode::from_id) {
            m.ace = ace;
        }
        m.jokers = self.on("jokers");
        m.twos_wild = self.on("twos_wild");
        m.set_suits_differ = self.on("sets_differ");
        let all_wild = self.on("all_wild");
        if let Some(wilds) = self.get("wilds")
            && (wilds != wilds_of(m) || all_wild != (m.min_naturals_per_meld == 0))
        {
            (
                m.max_wilds_per_meld,
                m.min_naturals_per_meld,
                m.max_wild_share,
            ) = match wilds {
                "one" => (Some(1), u8::from(!all_wild), None),
                "two-naturals" => (None, 2, None),
                "half" => (None, u8::from(!all_wild), Some(WildShare::Half)),
                "third" => (None, u8::from(!all_wild), Some(WildShare::Third)),
                _ => (None, u8::from(!all_wild), None),
            };
        }
        let counted = deck_jokers(def.deck).is_some();
        if let Some(n) = self
            .number::<u8>("deck_jokers", "deck.jokers".to_owned())
            .filter(|_| counted)
        {
            if n > MAX_JOKERS {
                self.bad.push(Typed {
                    path: "deck.jokers".to_owned(),
                    text: n.to_string(),
                    max: Some(MAX_JOKERS),
                });
            } else {
                match &mut def.deck {
                    DeckRule::Fixed { jokers, .. } => *jokers = n,
                    DeckRule::PerTwoPlayers { jokers_per_deck }
                    | DeckRule::Hollywood { jokers_per_deck } => *jokers_per_deck = n,
                    DeckRule::TwoPlusPlayersMinusOne | DeckRule::Continental => {}
                }
            }
        }
        if let Some(n) = self.number("set_min", "melds.set_min".to_owned()) {
            def.melds.set_min = n;
        }
        if let Some(n) = self.number("run_min", "melds.run_min".to_owned()) {
            def.melds.run_min = n;
        }
    }
}

/// The page's word for how many wild cards a meld may hold (the option `wilds_per_meld`'s
/// values).
pub fn wilds_of(m: &crate::rules::definition::MeldDef) -> &'static str {
    match (
        m.max_wilds_per_meld,
        m.min_naturals_per_meld,
        m.max_wild_share,
    ) {
        (_, _, Some(WildShare::Half)) => "half",
        (_, _, Some(WildShare::Third)) => "third",
        (Some(1), _, None) => "one",
        (None, 2, None) => "two-naturals",
        _ => "any",
    }
}

/// The options whose default is a fact the page edits follow it, so a game started with
/// the options as they are plays the rules as written (an option at its default changes
/// nothing).
fn sync_options(def: &mut Definition) {
    let facts: [(&str, OptionValue); 6] = [
        ("jokers", OptionValue::Bool(def.melds.jokers)),
        ("twos_wild", OptionValue::Bool(def.melds.twos_wild)),
        ("ace", OptionValue::Text(def.melds.ace.id().to_owned())),
        ("settlement", OptionValue::Text(def.scheme.id().to_owned())),
        (
            "wilds_per_meld",
            OptionValue::Text(wilds_of(&def.melds).to_owned()),
        ),
        (
            "all_wild_melds",
            OptionValue::Bool(def.melds.min_naturals_per_meld == 0),
        ),
    ];
    let jokers = deck_jokers(def.deck).map(|(n, per_deck)| {
        let name = if per_deck {
            "jokers_per_deck"
        } else {
            "joker_count"
        };
        (name, OptionValue::Int(i64::from(n)))
    });
    for option in &mut def.options {
        let Some((_, value)) = facts
            .iter()
            .chain(jokers.iter())
            .find(|(name, _)| *name == option.name)
        else {
            continue;
        };
        let takes = match (&option.kind, value) {
            (OptionKind::Bool, OptionValue::Bool(_)) => true,
            (OptionKind::Choice { values }, OptionValue::Text(text)) => values.contains(text),
            (OptionKind::Int { min, max, values }, OptionValue::Int(n)) => {
                (min..=max).contains(&n) && values.as_ref().is_none_or(|v| v.contains(n))
            }
            _ => false,
        };
        if takes {
            option.default = value.clone();
        }
    }
}

/// What a button of the page does to the draft.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// Nothing but the fields: check the draft.
    Check,
    AddRound,
    RemoveRound(usize),
    Up(usize),
    Down(usize),
    /// A meld chip added to the round's last way of making its contract.
    Add(usize, MeldKind),
    /// Another way ("or") to make the round's contract.
    Or(usize),
    /// A meld removed: round, way, meld.
    RemoveMeld(usize, usize, usize),
}

impl Op {
    /// The `op` a button sends: `add-round`, `remove:2`, `up:2`, `down:2`, `add:2:run`,
    /// `or:2`, `remove-meld:2:0:1`; anything else checks.
    pub fn parse(text: &str) -> Op {
        let mut parts = text.split(':');
        let name = parts.next().unwrap_or_default();
        let nums: Vec<Option<usize>> = parts.clone().map(|p| p.parse().ok()).collect();
        let one = nums.first().copied().flatten();
        match (name, one) {
            ("add-round", _) => Op::AddRound,
            ("remove", Some(i)) => Op::RemoveRound(i),
            ("up", Some(i)) => Op::Up(i),
            ("down", Some(i)) => Op::Down(i),
            ("or", Some(i)) => Op::Or(i),
            ("add", Some(i)) => match parts.nth(1) {
                Some("set") => Op::Add(i, MeldKind::Set),
                Some("run") => Op::Add(i, MeldKind::Run),
                Some("pair") => Op::Add(i, MeldKind::Pair),
                _ => Op::Check,
            },
            ("remove-meld", Some(i)) => match (
                nums.get(1).copied().flatten(),
                nums.get(2).copied().flatten(),
            ) {
                (Some(j), Some(k)) => Op::RemoveMeld(i, j, k),
                _ => Op::Check,
            },
            _ => Op::Check,
        }
    }

    /// The op done to the draft; one out of range changes nothing.
    pub fn apply(self, def: &mut Definition) {
        let rounds = &mut def.rounds;
        let count = rounds.len();
        match self {
            Op::Check => {}
            Op::AddRound if count < MAX_ROUNDS && !def.rounds_per_player => {
                let round = rounds.last().cloned().unwrap_or_else(|| RoundDef {
                    number: None,
                    contract: None,
                    contract_de: None,
                    requirements: Some(vec![vec![
                        Requirement {
                            kind: MeldKind::Set,
                            min: 3,
                        };
                        2
                    ]]),
                    deal: 10,
                    go_out_all: false,
                    exact_minimum: false,
                    restrictions: Vec::new(),
                    total_cards: None,
                    buys: Buys {
                        allowed: false,
                        limit: None,
                        extra_cards: 0,
                    },
                    needs_more_than_dealt: None,
                });
                rounds.push(round);
            }
            Op::AddRound => {}
            Op::RemoveRound(i) if i < count => {
                rounds.remove(i);
            }
            Op::Up(i) if i > 0 && i < count => rounds.swap(i - 1, i),
            Op::Down(i) if i + 1 < count => rounds.swap(i, i + 1),
            Op::Add(i, kind) if i < count => {
                let min = match kind {
                    MeldKind::Set => def.melds.set_min.max(3),
                    MeldKind::Run => def.melds.run_min.max(4),
                    MeldKind::Pair => 2,
                };
                let alternatives = rounds[i].requirements.get_or_insert_with(Vec::new);
                if alternatives.is_empty() {
                    alternatives.push(Vec::new());
                }
                if let Some(last) = alternatives.last_mut()
                    && last.len() < MAX_MELDS
                {
                    last.push(Requirement { kind, min });
                }
            }
            Op::Or(i) if i < count => {
                let alternatives = rounds[i].requirements.get_or_insert_with(Vec::new);
                if alternatives.len() < MAX_ALTERNATIVES
                    && alternatives.last().is_none_or(|last| !last.is_empty())
                {
                    alternatives.push(Vec::new());
                }
            }
            Op::RemoveMeld(i, j, k) if i < count => {
                if let Some(alternatives) = &mut rounds[i].requirements
                    && let Some(alternative) = alternatives.get_mut(j)
                    && k < alternative.len()
                {
                    alternative.remove(k);
                    if alternative.is_empty() && alternatives.len() > 1 {
                        alternatives.remove(j);
                    }
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contract() -> Definition {
        drafted(
            Preset::from_id("contract").unwrap().definition().clone(),
            Preset::from_id("contract").unwrap(),
        )
    }

    #[test]
    fn every_shipped_example_reads_as_a_draft_with_its_name() {
        for (name, text) in EXAMPLES {
            let def = example(text).unwrap_or_else(|| panic!("{name}"));
            assert!(!def.name.is_empty(), "{name}");
            assert_eq!(def.id, DRAFT_ID);
        }
        let five = example(EXAMPLES[0].1).unwrap();
        assert_eq!(five.rounds.len(), 5, "five contracts and start over");
        let no_jokers = example(EXAMPLES[1].1).unwrap();
        assert!(!no_jokers.melds.jokers);
    }

    #[test]
    fn a_draft_reads_back_as_written_and_a_large_or_broken_one_does_not() {
        let def = contract();
        assert_eq!(read(&write(&def)), Some(def));
        assert_eq!(read("{\"id\": 1}"), None);
        assert_eq!(read(&" ".repeat(MAX_DRAFT_BYTES + 1)), None);
    }

    #[test]
    fn the_buttons_add_reorder_and_remove_rounds_and_melds() {
        let mut def = contract();
        let first = def.rounds[0].clone();
        Op::parse("add-round").apply(&mut def);
        assert_eq!(def.rounds.len(), 8);
        Op::parse("down:0").apply(&mut def);
        assert_eq!(def.rounds[1], first);
        Op::parse("up:1").apply(&mut def);
        assert_eq!(def.rounds[0], first);
        Op::parse("or:0").apply(&mut def);
        Op::parse("add:0:pair").apply(&mut def);
        let alternatives = def.rounds[0].requirements.clone().unwrap();
        assert_eq!(alternatives.len(), 2);
        assert_eq!(alternatives[1][0].kind, MeldKind::Pair);
        Op::parse("remove-meld:0:1:0").apply(&mut def);
        assert_eq!(def.rounds[0].requirements.as_ref().unwrap().len(), 1);
        Op::parse("remove:7").apply(&mut def);
        assert_eq!(def.rounds.len(), 7);
        Op::parse("remove:99").apply(&mut def);
        Op::parse("up:0").apply(&mut def);
        Op::parse("nonsense:1:2").apply(&mut def);
        assert_eq!(def.rounds[0], first, "out of range changes nothing");
    }

    #[test]
    fn jokers_turned_on_where_the_table_has_no_joker_value_take_the_one_typed() {
        let mut def = drafted(
            Preset::from_id("continental").unwrap().definition().clone(),
            Preset::from_id("continental").unwrap(),
        );
        def.penalty = Some(
            CARD_KEYS[..13]
                .iter()
                .map(|k| ((*k).to_owned(), 5))
                .collect(),
        );
        let pairs: Vec<(String, String)> = [
            ("fields", "1"),
            ("jokers", "on"),
            ("pen.JK", "25"),
            ("pen.K", ""),
        ]
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
        let mut fields = Fields::new(&pairs);
        fields.apply(&mut def);
        assert!(fields.bad.is_empty(), "an empty field changes nothing");
        let table = def.penalty.unwrap();
        assert_eq!(table["JK"], 25);
        assert_eq!(table["K"], 5);
        assert!(def.melds.jokers);
    }
}
