//! The words of a rule set's definition ([`crate::rules::definition`]): the derived words a
//! definition may carry and must agree with (a round's contract in English and German), and
//! a sentence per problem in English and German, each with the field it concerns.
//!
//! Depends on `rules` for the things it names; `rules` never imports this file.

use super::Say;
use crate::rules::definition::{Definition, Problem, ProblemKind};
use crate::rules::ruleset::{Contract, RuleSet};
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
        }
    }
}

/// The problem as a sentence, without the field (answers give the field beside it).
impl Say for Problem {
    fn say(&self, lang: Lang) -> String {
        super::sentence(&self.clause(lang))
    }
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
/// ([`Definition::rule_set`]) and the words ([`word_problems`]).
pub fn load(def: &Definition) -> Result<RuleSet, Vec<Problem>> {
    let mut problems = word_problems(def);
    match def.rule_set() {
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
