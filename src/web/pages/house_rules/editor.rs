//! The House rules editor as a page: the draft's rounds with their meld chips, the meld
//! rules, the card values and the money, each field with the sentences of the problems that
//! concern it (the rules engine's check of the draft, `text::definition`), and the start
//! choices (every preset and the shipped examples).
//!
//! Part of `web::pages::house_rules`.

use std::collections::BTreeMap;

use askama::Template;

use super::ForGroup;
use super::draft::{self, EXAMPLES, MAX_ALTERNATIVES, MAX_MELDS, RESTRICTIONS, Typed};
use crate::rules::definition::{
    CHECKED_ID, Definition, MAX_ROUNDS, Problem, ProblemKind, Restriction,
};
use crate::rules::meld::{AceMode, MeldKind};
use crate::rules::names::{check_name, is_plain};
use crate::rules::presets::{PRESET_IDS, preset_info};
use crate::rules::ruleset::Scheme;
use crate::text::Say;
use crate::text::definition::load;
use crate::text::house_rules::HouseRulesMsg as H;
use crate::web::i18n::{Msg, PageCtx};
use crate::web::rule_options::choice_label;

/// The problems of a draft, each with its field: the rules engine's check (under the one id
/// and a fixed name, so a draft checked keeps nothing in the program) and the name's own.
pub fn problems(def: &Definition) -> Vec<Problem> {
    let mut probe = def.clone();
    probe.id = CHECKED_ID.to_owned();
    probe.name = "draft".to_owned();
    let source_ok = probe.source.chars().count() <= crate::rules::definition::MAX_SOURCE_CHARS
        && is_plain(&probe.source);
    probe.source = String::new();
    let mut out = Vec::new();
    if let Err(problem) = check_name(&def.name) {
        out.push(Problem {
            path: "name".into(),
            kind: ProblemKind::Name(problem),
        });
    }
    if !source_ok {
        out.push(Problem {
            path: "source".into(),
            kind: ProblemKind::Source,
        });
    }
    if let Err(more) = load(&probe) {
        out.extend(more);
    }
    out
}

/// A choice of a select.
pub struct Choice {
    pub value: String,
    pub label: String,
    pub selected: bool,
}

/// A meld chip of a round's contract.
pub struct Chip {
    /// `r0.a1.m2`; empty for a pair (always 2 cards).
    pub field: String,
    pub label: &'static str,
    pub min: String,
    pub remove: String,
    pub remove_label: String,
    pub errors: Vec<String>,
}

/// A checkbox.
pub struct Check {
    pub field: String,
    pub label: &'static str,
    pub on: bool,
}

/// One round as the page shows it.
pub struct RoundView {
    pub i: usize,
    pub title: String,
    pub words: String,
    pub alternatives: Vec<Vec<Chip>>,
    pub can_add: bool,
    pub can_or: bool,
    pub add_set: String,
    pub add_run: String,
    pub deal: String,
    pub deal_errors: Vec<String>,
    pub buys: bool,
    pub buy_limit: String,
    pub buy_errors: Vec<String>,
    pub checks: Vec<Check>,
    pub restrictions: Vec<Check>,
    pub restricted: bool,
    pub errors: Vec<String>,
    pub first: bool,
    pub last: bool,
    pub up_label: String,
    pub down_label: String,
    pub remove_label: String,
}

/// A card's value.
pub struct CardValue {
    pub key: String,
    pub label: String,
    pub value: String,
    pub errors: Vec<String>,
}

#[derive(Template)]
#[template(path = "house_rules.html")]
pub struct EditorPage {
    pub ctx: PageCtx,
    pub draft: String,
    pub from: String,
    pub group: Option<ForGroup>,
    pub key: String,
    pub notice: Option<String>,
    pub summary: String,
    pub ok: bool,
    pub based_on: String,
    /// What the draft started from, for the fold that starts again.
    pub start_name: String,
    pub presets: Vec<Choice>,
    pub examples: Vec<Choice>,
    pub name: String,
    pub name_errors: Vec<String>,
    pub per_player: bool,
    pub rounds: Vec<RoundView>,
    pub rounds_errors: Vec<String>,
    pub can_add_round: bool,
    pub aces: Vec<Choice>,
    pub wilds: Vec<Choice>,
    pub meld_checks: Vec<Check>,
    pub set_min: String,
    pub run_min: String,
    /// The deck's jokers where its rule says a number: the label and the value.
    pub deck_jokers: Option<(&'static str, String, Vec<String>)>,
    pub melds_errors: Vec<String>,
    pub cards: Option<Vec<CardValue>>,
    /// Points a player may keep when going out: only in a rule set without contracts
    /// (Wiener Rommé's 9), with the field's text and its problems.
    pub go_out_left: Option<(String, Vec<String>)>,
    pub schemes: Vec<Choice>,
    pub money_errors: Vec<String>,
    pub others: Vec<String>,
}

impl EditorPage {
    fn h(&self, msg: H) -> &'static str {
        msg.text(self.ctx.lang)
    }
}

/// The problems' sentences by field, taken out as each field is shown; what no field
/// takes is shown at the top with its field.
struct Sentences(BTreeMap<String, Vec<String>>);

impl Sentences {
    fn take(&mut self, path: &str) -> Vec<String> {
        self.0.remove(path).unwrap_or_default()
    }

    fn take_prefix(&mut self, prefix: &str) -> Vec<String> {
        let keys: Vec<String> = self
            .0
            .keys()
            .filter(|k| k.starts_with(prefix))
            .cloned()
            .collect();
        keys.into_iter()
            .flat_map(|k| self.0.remove(&k).unwrap_or_default())
            .collect()
    }

    fn rest(self) -> Vec<String> {
        self.0
            .into_iter()
            .flat_map(|(path, said)| said.into_iter().map(move |s| format!("{path}: {s}")))
            .collect()
    }
}

/// The editor for `def`, its problems shown: `bad` are fields typed that could not be read
/// (shown as typed), `notice` a sentence at the top.
pub fn page(
    ctx: PageCtx,
    def: &Definition,
    bad: &[Typed],
    notice: Option<String>,
    group: Option<ForGroup>,
    from: &str,
) -> EditorPage {
    let lang = ctx.lang;
    let problems = problems(def);
    let count = problems.len() + bad.len();
    let mut said = Sentences(BTreeMap::new());
    for typed in bad {
        let example = if typed.path.starts_with("penalty") {
            10
        } else {
            3
        };
        let sentence = match typed.max {
            Some(max) => H::OutOfRange.fill(lang, &[("text", &typed.text), ("max", &max)]),
            None => H::NotANumber.fill(lang, &[("text", &typed.text), ("example", &example)]),
        };
        said.0.entry(typed.path.clone()).or_default().push(sentence);
    }
    for problem in &problems {
        said.0
            .entry(problem.path.clone())
            .or_default()
            .push(problem.say(lang));
    }
    let typed = |path: &str| bad.iter().find(|t| t.path == path).map(|t| t.text.clone());
    let base = def.base();
    let based_on = base
        .map(|p| {
            H::BasedOn.fill(
                lang,
                &[("name", &crate::text::rules::preset_name(&p.info(), lang))],
            )
        })
        .unwrap_or_default();
    let name_errors = said.take("name");
    let count_rounds = def.rounds.len();
    let rounds: Vec<RoundView> = def
        .rounds
        .iter()
        .enumerate()
        .map(|(i, round)| {
            let n = i + 1;
            let mut alternatives = Vec::new();
            for (j, alternative) in round.requirements.iter().flatten().enumerate() {
                let chips = alternative
                    .iter()
                    .enumerate()
                    .map(|(k, req)| {
                        let path = format!("rounds[{i}].requirements[{j}][{k}].min");
                        let label = match req.kind {
                            MeldKind::Set => H::ChipSet,
                            MeldKind::Run => H::ChipRun,
                            MeldKind::Pair => H::ChipPair,
                        }
                        .text(lang);
                        let words = crate::text::rules::describe_contract(
                            &crate::rules::ruleset::Contract {
                                alternatives: vec![vec![*req]],
                            },
                            lang,
                        );
                        Chip {
                            field: if req.kind == MeldKind::Pair {
                                String::new()
                            } else {
                                format!("r{i}.a{j}.m{k}")
                            },
                            label,
                            min: typed(&path).unwrap_or_else(|| req.min.to_string()),
                            remove: format!("remove-meld:{i}:{j}:{k}"),
                            remove_label: H::RemoveMeld.fill(lang, &[("meld", &words)]),
                            errors: said.take(&path),
                        }
                    })
                    .collect::<Vec<_>>();
                alternatives.push(chips);
            }
            let ways = round.requirements.as_ref().map_or(0, Vec::len);
            let last_len = round
                .requirements
                .as_ref()
                .and_then(|a| a.last())
                .map_or(0, Vec::len);
            let words = round
                .requirements
                .as_ref()
                .filter(|a| !a.is_empty() && a.iter().all(|w| !w.is_empty()))
                .map(|a| {
                    crate::text::rules::describe_contract(
                        &crate::rules::ruleset::Contract {
                            alternatives: a.clone(),
                        },
                        lang,
                    )
                })
                .unwrap_or_default();
            let deal_path = format!("rounds[{i}].deal");
            let buys_path = format!("rounds[{i}].buys");
            let field = |f: &str| format!("r{i}.{f}");
            let restrictions: Vec<Check> = RESTRICTIONS
                .iter()
                .map(|(r, name)| Check {
                    field: field(name),
                    label: match r {
                        Restriction::NoContiguousRuns => H::NoContiguousRuns,
                        Restriction::RunsTwoRanksApart => H::RunsTwoApart,
                        Restriction::RunsDifferentSuits => H::RunsDifferentSuits,
                        Restriction::NoTwoSetsSameRank => H::NoTwoSetsSameRank,
                    }
                    .text(lang),
                    on: round.restrictions.contains(r),
                })
                .collect();
            RoundView {
                i,
                title: H::RoundN.fill(lang, &[("n", &n)]),
                words,
                alternatives,
                can_add: last_len < MAX_MELDS,
                can_or: ways < MAX_ALTERNATIVES && last_len > 0,
                add_set: H::AddSet.fill(lang, &[("min", &def.melds.set_min.max(3))]),
                add_run: H::AddRun.fill(lang, &[("min", &def.melds.run_min.max(4))]),
                deal: typed(&deal_path).unwrap_or_else(|| round.deal.to_string()),
                deal_errors: said.take(&deal_path),
                buys: round.buys.allowed,
                buy_limit: typed(&buys_path)
                    .unwrap_or_else(|| round.buys.limit.map(|l| l.to_string()).unwrap_or_default()),
                buy_errors: said.take(&buys_path),
                checks: vec![
                    Check {
                        field: field("go_out_all"),
                        label: H::GoOutAll.text(lang),
                        on: round.go_out_all,
                    },
                    Check {
                        field: field("exact_minimum"),
                        label: H::ExactMinimum.text(lang),
                        on: round.exact_minimum,
                    },
                ],
                restricted: restrictions.iter().any(|c| c.on),
                restrictions,
                errors: said.take_prefix(&format!("rounds[{i}].")),
                first: i == 0,
                last: i + 1 == count_rounds,
                up_label: H::MoveUp.fill(lang, &[("n", &n)]),
                down_label: H::MoveDown.fill(lang, &[("n", &n)]),
                remove_label: H::Remove.fill(lang, &[("n", &n)]),
            }
        })
        .collect();
    let mut rounds_errors = said.take("rounds");
    rounds_errors.extend(said.take("rounds_per_player"));
    let m = &def.melds;
    let aces = [AceMode::LowOrHigh, AceMode::HighOnly, AceMode::Wrap]
        .into_iter()
        .map(|a| Choice {
            value: a.id().to_owned(),
            label: choice_label("ace", a.id(), lang),
            selected: a == m.ace,
        })
        .collect();
    let wilds_now = draft::wilds_of(m);
    let wilds = crate::rules::definition::WILDS_PER_MELD
        .into_iter()
        .map(|w| Choice {
            value: w.to_owned(),
            label: choice_label("wilds_per_meld", w, lang),
            selected: w == wilds_now,
        })
        .collect();
    let meld_checks = vec![
        Check {
            field: "jokers".into(),
            label: H::Jokers.text(lang),
            on: m.jokers,
        },
        Check {
            field: "twos_wild".into(),
            label: H::TwosWild.text(lang),
            on: m.twos_wild,
        },
        Check {
            field: "all_wild".into(),
            label: H::AllWild.text(lang),
            on: m.min_naturals_per_meld == 0,
        },
        Check {
            field: "sets_differ".into(),
            label: H::SetsDiffer.text(lang),
            on: m.set_suits_differ,
        },
    ];
    let melds_errors = said.take_prefix("melds");
    let deck_errors = said.take_prefix("deck");
    let deck_jokers = draft::deck_jokers(def.deck).map(|(n, per_deck)| {
        let label = if per_deck {
            H::DeckJokersPerDeck
        } else {
            H::DeckJokers
        };
        (
            label.text(lang),
            typed("deck.jokers").unwrap_or_else(|| n.to_string()),
            deck_errors,
        )
    });
    let cards = def.penalty.as_ref().map(|table| {
        draft::CARD_KEYS
            .iter()
            .filter(|key| table.contains_key(**key) || (**key == "JK" && m.jokers))
            .map(|&key| {
                let path = format!("penalty.{key}");
                CardValue {
                    key: key.to_owned(),
                    label: if key == "JK" {
                        H::Joker.text(lang).to_owned()
                    } else {
                        crate::rules::cards::Rank::all()
                            .find(|r| r.symbol() == key)
                            .map_or_else(
                                || key.to_owned(),
                                |r| super::book::capitalized(r.name(lang)),
                            )
                    },
                    value: typed(&path)
                        .unwrap_or_else(|| table.get(key).map(i64::to_string).unwrap_or_default()),
                    errors: said.take(&path),
                }
            })
            .collect()
    });
    let go_out_left = def
        .rounds
        .iter()
        .all(|r| r.requirements.is_none())
        .then(|| {
            (
                typed("go_out_left_max").unwrap_or_else(|| def.go_out_left_max.to_string()),
                said.take("go_out_left_max"),
            )
        });
    let schemes = [
        Scheme::LowestCollects,
        Scheme::Pairwise,
        Scheme::Places,
        Scheme::Units,
    ]
    .into_iter()
    .map(|s| Choice {
        value: s.id().to_owned(),
        label: ctx
            .t(match s {
                Scheme::LowestCollects => Msg::SchemeLowestCollects,
                Scheme::Pairwise => Msg::SchemePairwise,
                Scheme::Places => Msg::SchemePlaces,
                Scheme::Units => Msg::SchemeUnits,
            })
            .to_owned(),
        selected: s == def.scheme,
    })
    .collect();
    let mut money_errors = said.take("scheme");
    money_errors.extend(said.take_prefix("schemes"));
    let start = base.map(|p| p.id()).unwrap_or_default();
    let presets: Vec<Choice> = PRESET_IDS
        .iter()
        .filter_map(|id| preset_info(id))
        .map(|info| Choice {
            value: info.id.to_owned(),
            label: crate::text::rules::preset_name(&info, lang).to_owned(),
            selected: from == info.id || (from.is_empty() && start == info.id),
        })
        .collect();
    let examples: Vec<Choice> = EXAMPLES
        .iter()
        .filter_map(|(value, text)| {
            let def = draft::example(text)?;
            Some(Choice {
                value: (*value).to_owned(),
                label: def.name,
                selected: from == *value,
            })
        })
        .collect();
    let start_name = presets
        .iter()
        .chain(&examples)
        .find(|c: &&Choice| c.selected)
        .map(|c| c.label.clone())
        .unwrap_or_else(|| def.name.clone());
    let set_min = typed("melds.set_min").unwrap_or_else(|| m.set_min.to_string());
    let run_min = typed("melds.run_min").unwrap_or_else(|| m.run_min.to_string());
    EditorPage {
        key: ctx.form_key(super::SAVE_ACTION),
        draft: draft::write(def),
        from: from.to_owned(),
        group,
        notice,
        summary: if count == 0 {
            H::AllGood.text(lang).to_owned()
        } else {
            H::Problems.fill(lang, &[("n", &count)])
        },
        ok: count == 0,
        based_on,
        start_name,
        presets,
        examples,
        name: def.name.clone(),
        name_errors,
        per_player: def.rounds_per_player,
        can_add_round: !def.rounds_per_player && count_rounds < MAX_ROUNDS,
        rounds,
        rounds_errors,
        aces,
        wilds,
        meld_checks,
        set_min,
        run_min,
        deck_jokers,
        melds_errors,
        cards,
        go_out_left,
        schemes,
        money_errors,
        others: said.rest(),
        ctx,
    }
}
