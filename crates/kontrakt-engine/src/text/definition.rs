//! The words of a rule set's definition ([`crate::rules::definition`]): the derived words a
//! definition may carry and must agree with (a round's contract in English and German), and
//! a sentence per problem in English and German, each with the field it concerns.
//!
//! Depends on `rules` for the things it names; `rules` never imports this file.

use super::Say;
use crate::rules::definition::{
    Definition, MAX_GO_OUT_LEFT, MAX_PLAYERS, MAX_POINTS, MAX_ROUNDS, MAX_SOURCE_CHARS, Problem,
    ProblemKind,
};
use crate::rules::meld::MeldKind;
use crate::rules::names::{MAX_NAME_CHARS, NameProblem};
use crate::rules::ruleset::{Contract, Requirement, RuleSet};
use crate::text::Lang;
use crate::text::rules::describe_contract;

messages! {
    /// A problem with a rule set's definition, as a clause.
    pub enum DefinitionMsg {
        UnknownBase => "\"{given}\" is no preset; name the preset the rule set starts from in \"base\"",
            "„{given}“ ist kein Regelwerk von Kontrakt; nenne in „base“ das Regelwerk, von dem es ausgeht";
        PenaltyMissing => "the penalty table has no points for {card}",
            "die Strafpunkte-Tabelle hat keine Punkte für {card}";
        PenaltyUnknownCard => "\"{key}\" is no card; the penalty table takes A, 2 to 10, J, Q, K and JK",
            "„{key}“ ist keine Karte; die Strafpunkte-Tabelle nimmt A, 2 bis 10, J, Q, K und JK";
        Disagrees => "\"{field}\" does not say what the rest of the definition says; leave it out or correct it",
            "„{field}“ sagt nicht, was der Rest der Definition sagt; lass es weg oder berichtige es";
        NameEmpty => "the rule set needs a name", "das Regelwerk braucht einen Namen";
        NameTooLong => "the name is longer than {max} characters", "der Name ist länger als {max} Zeichen";
        NameNotPlain => "the name holds a control or invisible formatting character; write it as plain text",
            "der Name enthält ein Steuer- oder unsichtbares Formatierungszeichen; schreib ihn als einfachen Text";
        Source => "the source must be plain text of at most {max} characters",
            "die Quelle muss einfacher Text von höchstens {max} Zeichen sein";
        Players => "the players must run from 1 to {most}, fewest first, not {min} to {max}",
            "die Spielerzahl muss von 1 bis {most} reichen, die kleinste zuerst, nicht {min} bis {max}";
        NoRounds => "the rule set has no rounds; give it at least one",
            "das Regelwerk hat keine Runden; gib ihm mindestens eine";
        TooManyRounds => "the rule set has {count} rounds; at most {max} are allowed",
            "das Regelwerk hat {count} Runden; erlaubt sind höchstens {max}";
        EmptyContract => "a contract needs at least one alternative, each with at least one meld",
            "ein Kontrakt braucht mindestens eine Möglichkeit mit jeweils mindestens einer Meldung";
        TooShort => "\"{meld}\" is too short: {least} cards at least",
            "„{meld}“ ist zu kurz: mindestens {least} Karten";
        PairExactly => "a pair has exactly 2 cards, not {min}", "ein Paar hat genau 2 Karten, nicht {min}";
        TooLong => "\"{meld}\" is longer than the deck allows: at most {most} cards",
            "„{meld}“ ist länger, als das Blatt erlaubt: höchstens {most} Karten";
        Unreachable => "no hand of this round can make the contract: it needs {needs} cards, and a hand holds at most {most} with the card drawn and the buys allowed",
            "keine Hand dieser Runde kann den Kontrakt erfüllen: er braucht {needs} Karten, eine Hand hat mit der gezogenen Karte und den erlaubten Käufen höchstens {most}";
        Deal => "{deal} cards for each of {players} players: the deck has {cards} cards, and at least 1 must be dealt",
            "{deal} Karten für jeden von {players} Spielern: das Blatt hat {cards} Karten, und mindestens 1 muss gegeben werden";
        Points => "{value} points is out of range: 0 to {max}", "{value} Punkte liegen außerhalb von 0 bis {max}";
        UnknownOption => "Kontrakt does not know the option \"{name}\"", "Kontrakt kennt die Option „{name}“ nicht";
        OptionKind => "the option \"{name}\" does not take that type of value",
            "die Option „{name}“ nimmt keine Werte dieser Art";
        UnknownValue => "the option \"{name}\" has no value \"{value}\"", "die Option „{name}“ hat keinen Wert „{value}“";
        BadDefault => "the default of the option \"{name}\" is not one of its own values",
            "der Standardwert der Option „{name}“ ist keiner ihrer eigenen Werte";
        SchemeNotOffered => "the default settlement must be one of the settlements offered",
            "die voreingestellte Abrechnung muss eine der angebotenen sein";
        PerPlayer => "where every player deals one round, the rule set needs the option \"cards_dealt\" and no rounds of its own",
            "wo jeder Spieler eine Runde gibt, braucht das Regelwerk die Option „cards_dealt“ und keine eigenen Runden";
        GoOutLeft => "at most {max} points may be left in hand when going out, not {value}",
            "beim Rommé dürfen höchstens {max} Punkte auf der Hand bleiben, nicht {value}";
        GoOutLeftWithContracts => "points left in hand when going out are for rule sets without contracts; a contract meld leaves nothing over to allow",
            "Restpunkte auf der Hand beim Rommé gibt es nur bei Regelwerken ohne Kontrakte; eine Kontrakt-Meldung lässt nichts übrig, was erlaubt werden könnte";
        Unreadable => "the rule set could not be read: {detail}", "das Regelwerk konnte nicht gelesen werden: {detail}";
        NotStored => "no rule set has the id \"{id}\"", "kein Regelwerk hat die ID „{id}“";
        NoRoom => "this server takes no new rule sets until it restarts; try again later",
            "dieser Server nimmt bis zu seinem Neustart keine neuen Regelwerke an; versucht es später noch einmal";
        MeldLimits => "sets and runs hold at least 3 cards, and a set's most is not below its least",
            "Sätze und Folgen haben mindestens 3 Karten, und das Höchstmaß eines Satzes liegt nicht unter dem Mindestmaß";
    }
}

impl Problem {
    /// The problem as a clause (lower case, no full stop), without the field.
    pub fn clause(&self, lang: Lang) -> String {
        use DefinitionMsg as M;
        match &self.kind {
            ProblemKind::UnknownBase { given } => M::UnknownBase.fill(lang, &[("given", given)]),
            ProblemKind::PenaltyMissing { card } => M::PenaltyMissing.fill(lang, &[("card", card)]),
            ProblemKind::PenaltyUnknownCard { key } => {
                M::PenaltyUnknownCard.fill(lang, &[("key", key)])
            }
            ProblemKind::Disagrees { field } => M::Disagrees.fill(lang, &[("field", field)]),
            ProblemKind::Name(problem) => match problem {
                NameProblem::Empty => M::NameEmpty.text(lang).to_owned(),
                NameProblem::TooLong => M::NameTooLong.fill(lang, &[("max", &MAX_NAME_CHARS)]),
                NameProblem::HasControl | NameProblem::HasInvisible => {
                    M::NameNotPlain.text(lang).to_owned()
                }
            },
            ProblemKind::Source => M::Source.fill(lang, &[("max", &MAX_SOURCE_CHARS)]),
            ProblemKind::Players { min, max } => {
                M::Players.fill(lang, &[("most", &MAX_PLAYERS), ("min", min), ("max", max)])
            }
            ProblemKind::NoRounds => M::NoRounds.text(lang).to_owned(),
            ProblemKind::TooManyRounds { count } => {
                M::TooManyRounds.fill(lang, &[("count", count), ("max", &MAX_ROUNDS)])
            }
            ProblemKind::EmptyContract => M::EmptyContract.text(lang).to_owned(),
            ProblemKind::TooShort { kind, min, .. } if *kind == MeldKind::Pair => {
                M::PairExactly.fill(lang, &[("min", min)])
            }
            ProblemKind::TooShort { kind, min, least } => M::TooShort.fill(
                lang,
                &[("meld", &meld_words(*kind, *min, lang)), ("least", least)],
            ),
            ProblemKind::TooLong { kind, min, most } => M::TooLong.fill(
                lang,
                &[("meld", &meld_words(*kind, *min, lang)), ("most", most)],
            ),
            ProblemKind::Unreachable { needs, most } => {
                M::Unreachable.fill(lang, &[("needs", needs), ("most", most)])
            }
            ProblemKind::Deal {
                deal,
                players,
                cards,
            } => M::Deal.fill(
                lang,
                &[("deal", deal), ("players", players), ("cards", cards)],
            ),
            ProblemKind::Points { value } => {
                M::Points.fill(lang, &[("value", value), ("max", &MAX_POINTS)])
            }
            ProblemKind::UnknownOption { name } => M::UnknownOption.fill(lang, &[("name", name)]),
            ProblemKind::OptionKind { name } => M::OptionKind.fill(lang, &[("name", name)]),
            ProblemKind::UnknownValue { name, value } => {
                M::UnknownValue.fill(lang, &[("name", name), ("value", value)])
            }
            ProblemKind::BadDefault { name } => M::BadDefault.fill(lang, &[("name", name)]),
            ProblemKind::SchemeNotOffered => M::SchemeNotOffered.text(lang).to_owned(),
            ProblemKind::MeldLimits => M::MeldLimits.text(lang).to_owned(),
            ProblemKind::PerPlayer => M::PerPlayer.text(lang).to_owned(),
            ProblemKind::GoOutLeft { value } => {
                M::GoOutLeft.fill(lang, &[("value", value), ("max", &MAX_GO_OUT_LEFT)])
            }
            ProblemKind::GoOutLeftWithContracts => M::GoOutLeftWithContracts.text(lang).to_owned(),
        }
    }
}

/// The problem as a sentence, without the field (answers give the field beside it).
impl Say for Problem {
    fn say(&self, lang: Lang) -> String {
        super::sentence(&self.clause(lang))
    }
}

/// One meld in words: "1 run of 15" / "1 Folge à 15".
fn meld_words(kind: MeldKind, min: u8, lang: Lang) -> String {
    let one = Contract {
        alternatives: vec![vec![Requirement { kind, min }]],
    };
    describe_contract(&one, lang)
}

/// The contracts in words a definition carries that do not say what its requirements say.
pub fn word_problems(def: &Definition) -> Vec<Problem> {
    let mut problems = Vec::new();
    for (i, round) in def.rounds.iter().enumerate() {
        let contract = round.requirements.as_ref().map(|alternatives| Contract {
            alternatives: alternatives.clone(),
        });
        for (field, sent, lang) in [
            ("contract", &round.contract, Lang::En),
            ("contract_de", &round.contract_de, Lang::De),
        ] {
            let Some(sent) = sent else { continue };
            let says = contract.as_ref().map(|c| describe_contract(c, lang));
            if says.as_deref() != Some(sent.as_str()) {
                problems.push(Problem {
                    path: format!("rounds[{i}].{field}"),
                    kind: ProblemKind::Disagrees { field },
                });
            }
        }
    }
    problems
}

/// The rule set a definition describes, every problem found where it is not one: the facts
/// and limits ([`Definition::check`]) and the words ([`word_problems`]).
pub fn load(def: &Definition) -> Result<RuleSet, Vec<Problem>> {
    let mut problems = word_problems(def);
    match def.check() {
        Ok(rs) if problems.is_empty() => Ok(rs),
        Ok(_) => Err(problems),
        Err(more) => {
            problems.extend(more);
            Err(problems)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::definition::OptionDef;
    use crate::rules::presets::Preset;
    use crate::rules::ruleset::{OptionKind, OptionValue};

    fn preset(id: &str) -> Definition {
        Preset::from_id(id).unwrap().definition().clone()
    }

    /// The problems of a definition as (field, English sentence) pairs.
    fn problems(def: &Definition) -> Vec<(String, String)> {
        load(def)
            .err()
            .unwrap_or_default()
            .iter()
            .map(|p| (p.path.clone(), p.say(Lang::En)))
            .collect()
    }

    #[test]
    fn every_preset_passes_every_check() {
        for p in Preset::ALL {
            assert_eq!(problems(p.definition()), [], "{}", p.id());
        }
    }

    #[test]
    fn a_contract_that_needs_buys_is_allowed_and_flagged_but_one_no_hand_can_reach_is_refused() {
        let mut def = preset("hollywood");
        let rs = load(&def).unwrap();
        assert!(rs.rounds[5].needs_more_than_dealt(rs.play.going_out));
        def.rounds[5].buys.allowed = false;
        assert_eq!(
            problems(&def),
            [(
                "rounds[5].requirements".to_owned(),
                "No hand of this round can make the contract: it needs 14 cards, and a hand holds \
                 at most 11 with the card drawn and the buys allowed."
                    .to_owned()
            )]
        );
        def.rounds[5].buys.allowed = true;
        def.rounds[5].buys.limit = Some(2);
        assert_eq!(
            problems(&def),
            [],
            "10 dealt + 1 drawn + 2 bought with 1 extra each: 15"
        );
        def.rounds[5].buys.extra_cards = 0;
        assert_eq!(problems(&def).len(), 1, "10 + 1 + 2: 13 < 14");
    }

    #[test]
    fn a_meld_longer_than_the_deck_allows_is_refused_with_its_field() {
        let mut def = preset("contract");
        def.rounds[2].requirements = Some(vec![vec![Requirement {
            kind: MeldKind::Run,
            min: 15,
        }]]);
        def.rounds[2].needs_more_than_dealt = None;
        let found = problems(&def);
        assert_eq!(found[0].0, "rounds[2].requirements[0][0].min");
        assert!(
            found[0]
                .1
                .contains("longer than the deck allows: at most 14 cards"),
            "{found:?}"
        );
        let mut rommee = preset("rommee");
        rommee.rounds_per_player = false;
        rommee.rounds = vec![def.rounds[0].clone()];
        rommee.rounds[0].needs_more_than_dealt = None;
        rommee.rounds[0].requirements = Some(vec![vec![Requirement {
            kind: MeldKind::Set,
            min: 5,
        }]]);
        let found = problems(&rommee);
        assert!(
            found.iter().any(
                |(field, sentence)| field == "rounds[0].requirements[0][0].min"
                    && sentence.contains("at most 4 cards")
            ),
            "{found:?}"
        );
    }

    #[test]
    fn melds_shorter_than_their_kind_and_pairs_of_other_than_two_are_refused() {
        let mut def = preset("progressive");
        def.rounds[13].requirements = Some(vec![vec![
            Requirement {
                kind: MeldKind::Set,
                min: 2,
            },
            Requirement {
                kind: MeldKind::Pair,
                min: 3,
            },
        ]]);
        let found = problems(&def);
        let fields: Vec<&str> = found.iter().map(|(f, _)| f.as_str()).collect();
        assert_eq!(
            fields,
            [
                "rounds[13].requirements[0][0].min",
                "rounds[13].requirements[0][1].min"
            ]
        );
        assert_eq!(found[1].1, "A pair has exactly 2 cards, not 3.");
    }

    #[test]
    fn no_rounds_or_more_than_thirty_are_refused() {
        let mut def = preset("contract");
        def.rounds.clear();
        assert_eq!(
            problems(&def),
            [(
                "rounds".to_owned(),
                "The rule set has no rounds; give it at least one.".to_owned()
            )]
        );
        let mut one = preset("contract").rounds[0].clone();
        one.number = None;
        def.rounds = vec![one; 31];
        assert_eq!(
            problems(&def),
            [(
                "rounds".to_owned(),
                "The rule set has 31 rounds; at most 30 are allowed.".to_owned()
            )]
        );
        def.rounds.truncate(30);
        assert_eq!(problems(&def), []);
    }

    #[test]
    fn unknown_options_values_of_another_kind_unknown_words_and_bad_defaults_are_refused() {
        let mut def = preset("shanghai");
        def.options.push(OptionDef {
            name: "double_or_nothing".into(),
            kind: OptionKind::Bool,
            default: OptionValue::Bool(false),
        });
        def.options[0].kind = OptionKind::Int {
            min: 0,
            max: 1,
            values: None,
        };
        let ace = def.options.iter().position(|o| o.name == "ace").unwrap();
        def.options[ace].kind = OptionKind::Choice {
            values: vec!["high-only".into(), "sideways".into()],
        };
        let buy = def
            .options
            .iter()
            .position(|o| o.name == "buy_limit")
            .unwrap();
        def.options[buy].default = OptionValue::Int(11);
        let found = problems(&def);
        let fields: Vec<&str> = found.iter().map(|(f, _)| f.as_str()).collect();
        assert_eq!(
            fields,
            [
                "options[0].type".to_owned(),
                format!("options[{ace}].values[1]"),
                format!("options[{buy}].default"),
                format!("options[{}].name", def.options.len() - 1),
            ]
        );
        assert_eq!(
            found[3].1,
            "Kontrakt does not know the option \"double_or_nothing\"."
        );
        assert_eq!(found[1].1, "The option \"ace\" has no value \"sideways\".");
    }

    #[test]
    fn penalty_points_and_bonuses_out_of_range_are_refused_with_their_field() {
        let mut def = preset("liverpool");
        def.penalty.as_mut().unwrap().insert("K".into(), 501);
        def.penalty.as_mut().unwrap().insert("JK".into(), -1);
        def.cut_bonus = Some(1000);
        let found = problems(&def);
        let fields: Vec<&str> = found.iter().map(|(f, _)| f.as_str()).collect();
        assert_eq!(fields, ["penalty.JK", "penalty.K", "cut_bonus"]);
        assert_eq!(found[1].1, "501 points is out of range: 0 to 500.");
    }

    #[test]
    fn names_too_long_empty_or_with_invisible_characters_are_refused_in_both_languages() {
        let mut def = preset("contract");
        def.name = "x".repeat(41);
        assert_eq!(
            problems(&def),
            [(
                "name".to_owned(),
                "The name is longer than 40 characters.".to_owned()
            )]
        );
        def.name = "Omas\u{200B}Regeln".into();
        let found = load(&def).unwrap_err();
        assert_eq!(found[0].path, "name");
        assert_eq!(
            found[0].say(Lang::De),
            "Der Name enthält ein Steuer- oder unsichtbares Formatierungszeichen; schreib ihn als einfachen Text."
        );
        def.name = "   ".into();
        assert_eq!(problems(&def)[0].1, "The rule set needs a name.");
        def.name = "Omas Regeln".into();
        def.source = "a\tb".into();
        assert_eq!(problems(&def)[0].0, "source");
    }

    #[test]
    fn one_round_per_player_needs_the_cards_dealt_option_and_no_rounds_of_its_own() {
        let mut def = preset("rommee");
        def.options.retain(|o| o.name != "cards_dealt");
        assert_eq!(problems(&def)[0].0, "rounds_per_player");
        let mut def = preset("rommee");
        def.rounds = preset("contract").rounds;
        assert_eq!(problems(&def)[0].0, "rounds_per_player");
    }

    #[test]
    fn a_deal_the_deck_cannot_give_is_refused() {
        let mut def = preset("continental");
        def.rounds[0].deal = 40;
        def.rounds[0].total_cards = Some(40);
        def.rounds[0].needs_more_than_dealt = None;
        let found = problems(&def);
        assert_eq!(found[0].0, "rounds[0].deal", "{found:?}");
        assert_eq!(
            load(&def).unwrap_err()[0].say(Lang::De),
            "40 Karten für jeden von 12 Spielern: das Blatt hat 212 Karten, und mindestens 1 muss gegeben werden."
        );
    }

    #[test]
    fn a_contract_in_words_that_says_something_else_is_refused_with_its_field() {
        let rs = RuleSet::preset("contract").unwrap();
        let mut def = Definition::of(&rs, &rs.preset.option_specs());
        let first = Contract {
            alternatives: def.rounds[0].requirements.clone().unwrap(),
        };
        def.rounds[0].contract = Some(describe_contract(&first, Lang::En));
        assert!(load(&def).is_ok());
        def.rounds[0].contract_de = Some("drei Drillinge".into());
        let problems = load(&def).unwrap_err();
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].path, "rounds[0].contract_de");
        assert_eq!(
            problems[0].say(Lang::En),
            "\"contract_de\" does not say what the rest of the definition says; leave it out or correct it."
        );
    }
}
