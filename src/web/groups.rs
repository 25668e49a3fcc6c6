//! A group as the web serves it, to the pages and to the JSON API alike: the group behind an
//! edit id (or the answer for an id that is none: 403 for a group's read-only token, else
//! 404), and each [`GroupProblem`] as a sentence.
//!
//! A shared web piece: groups through `store`, words from `text`; nothing from `pages` or
//! `api`, which both use it, no SQL of its own, nothing from `cli`.

use std::sync::Arc;

use axum::http::StatusCode;

use crate::db::groups as db_groups;
use crate::store::groups::{GroupProblem, LoadedGroup};
use crate::text::groups::{GroupMsg, group_name_problem, player_name_problem};
use crate::text::numbers::NumbersMsg;
use crate::text::{Lang, Msg};
use crate::web::Result;
use crate::web::{AppError, AppState};

/// A group's edit id that is none: 403 with a sentence if it is a group's read-only token (it
/// can never change the group or reveal its edit link), else 404.
pub async fn missing_group(state: &AppState, id: &str) -> AppError {
    match db_groups::group_by_view_token(&state.db, id).await {
        Ok(Some(_)) => AppError::Said(StatusCode::FORBIDDEN, Msg::ErrGroupReadOnly),
        Ok(None) => AppError::Said(StatusCode::NOT_FOUND, Msg::ErrNoGroup),
        Err(e) => e.into(),
    }
}

/// The group with edit id `id`, or the answer for an id that is none.
/// From the group cache, which scores again only the games changed since it last read them.
pub async fn load_edit_group(state: &AppState, id: &str) -> Result<Arc<LoadedGroup>> {
    match state.groups.load(&state.db, id).await? {
        Some(group) => Ok(group),
        None => Err(missing_group(state, id).await),
    }
}

/// A group problem as a sentence in `lang`.
pub fn problem_sentence(problem: &GroupProblem, lang: Lang) -> String {
    match problem {
        GroupProblem::GroupName(p) => {
            group_name_problem(*p, crate::rules::names::MAX_NAME_CHARS, lang)
        }
        GroupProblem::PlayerName(name, p) => player_name_problem(name, *p, lang),
        GroupProblem::NameTwice(name) => GroupMsg::NameTwice.fill(lang, &[("name", name)]),
        GroupProblem::NameTaken(name) => GroupMsg::NameTaken.fill(lang, &[("name", name)]),
        GroupProblem::RulesNameTaken(name) => {
            GroupMsg::RulesNameTaken.fill(lang, &[("name", name)])
        }
        GroupProblem::UnknownPlayer(name) => GroupMsg::UnknownPlayer.fill(lang, &[("name", name)]),
        GroupProblem::RetiredPlayer(name) => GroupMsg::RetiredPlayer.fill(lang, &[("name", name)]),
        GroupProblem::NoSuchPlayer => GroupMsg::NoSuchPlayer.text(lang).to_string(),
        GroupProblem::UnknownHouseRules(name) if name.is_empty() => {
            GroupMsg::NoSuchHouseRules.text(lang).to_string()
        }
        GroupProblem::UnknownHouseRules(name) => {
            GroupMsg::UnknownHouseRules.fill(lang, &[("name", name)])
        }
        GroupProblem::NoSuchGame => GroupMsg::NoSuchGame.text(lang).to_string(),
        GroupProblem::GameInGroup { same: true } => {
            GroupMsg::GameInThisGroup.text(lang).to_string()
        }
        GroupProblem::GameInGroup { same: false } => {
            GroupMsg::GameInOtherGroup.text(lang).to_string()
        }
        GroupProblem::TooManyImports { max, seconds } => {
            let hours = seconds.div_ceil(3600).max(1);
            GroupMsg::TooManyImports.fill(lang, &[("max", max), ("hours", &hours)])
        }
        GroupProblem::NothingToUndo => NumbersMsg::SettleUndoTooLate.text(lang).to_string(),
    }
}

/// A rule set a group's filters offer: the parameter's value (a preset's id, a table's own
/// rule set's family `rf-…` or one version's id `rs-…`), its label, and the game rule ids it
/// admits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleChoice {
    /// The value of `rules=`.
    pub value: String,
    /// Its name in the page's language.
    pub label: String,
    /// The ids of the games' rule sets it admits.
    pub ids: Vec<String>,
}

/// A family of a group's own rule sets, as the group page lists it: its newest version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnedRuleSet {
    /// The newest version.
    pub latest: crate::db::rule_sets::RuleSetRow,
    /// Games of the group played with any version of it.
    pub games: usize,
}

/// The rule sets a group owns, one entry per family (its newest version), oldest family first,
/// each with how many of the group's games used any of its versions.
pub async fn owned_rule_sets(state: &AppState, group: &LoadedGroup) -> Result<Vec<OwnedRuleSet>> {
    let rows = crate::store::rule_sets::of_group(&state.db, &group.group.id).await?;
    let mut out: Vec<OwnedRuleSet> = Vec::new();
    for row in rows {
        match out.iter_mut().find(|o| o.latest.family == row.family) {
            Some(o) if o.latest.version < row.version => o.latest = row,
            Some(_) => {}
            None => out.push(OwnedRuleSet {
                latest: row,
                games: 0,
            }),
        }
    }
    for owned in &mut out {
        let versions = crate::store::rule_sets::family(&state.db, &owned.latest.family).await?;
        owned.games = group
            .games
            .iter()
            .filter(|g| versions.iter().any(|v| v.id == g.record.game.rules))
            .count();
    }
    Ok(out)
}

/// The rule sets a group's filters offer: each preset its games were played with, then each
/// table's own rule set (the group's and those its games used) as a family, with its
/// versions where a game used more than one.
pub async fn rule_choices(
    state: &AppState,
    group: &LoadedGroup,
    lang: Lang,
) -> Result<Vec<RuleChoice>> {
    let mut used: Vec<String> = Vec::new();
    for game in &group.games {
        let id = &game.record.game.rules;
        if !id.is_empty() && !used.contains(id) {
            used.push(id.clone());
        }
    }
    let mut choices: Vec<RuleChoice> = used
        .iter()
        .filter_map(|id| {
            let info = crate::rules::presets::preset_info(id)?;
            crate::rules::presets::Preset::from_id(id)?;
            Some(RuleChoice {
                value: id.clone(),
                label: crate::text::rules::preset_name(&info, lang).to_owned(),
                ids: vec![id.clone()],
            })
        })
        .collect();
    let mut families: Vec<String> = Vec::new();
    for row in crate::store::rule_sets::of_group(&state.db, &group.group.id).await? {
        if !families.contains(&row.family) {
            families.push(row.family);
        }
    }
    for id in used.iter().filter(|id| id.starts_with("rs-")) {
        if let Some(row) = crate::store::rule_sets::row(&state.db, id).await?
            && !families.contains(&row.family)
        {
            families.push(row.family);
        }
    }
    for family in families {
        let versions = crate::store::rule_sets::family(&state.db, &family).await?;
        let Some(latest) = versions.last() else {
            continue;
        };
        choices.push(RuleChoice {
            value: family.clone(),
            label: latest.name.clone(),
            ids: versions.iter().map(|v| v.id.clone()).collect(),
        });
        let played: Vec<_> = versions.iter().filter(|v| used.contains(&v.id)).collect();
        if versions.len() > 1 {
            for v in played {
                let version =
                    crate::text::sharing::SharingMsg::Version.fill(lang, &[("n", &v.version)]);
                choices.push(RuleChoice {
                    value: v.id.clone(),
                    label: format!("{} · {version}", v.name),
                    ids: vec![v.id.clone()],
                });
            }
        }
    }
    Ok(choices)
}

/// Completes a filter that names a table's own rule set: a family (`rf-…`) counts every one
/// of its versions; an id or family no rule set has is the sentence the caller shows (a
/// preset's id and no rule set at all pass as they are).
pub async fn stored_rules(
    state: &AppState,
    asked: &mut crate::web::numbers::AskedFilter,
    lang: Lang,
) -> Result<std::result::Result<(), String>> {
    let Some(id) = asked.rules.clone() else {
        return Ok(Ok(()));
    };
    if crate::rules::presets::Preset::from_id(&id).is_some() {
        return Ok(Ok(()));
    }
    let unknown = || NumbersMsg::UnknownRules.fill(lang, &[("value", &id)]);
    if id.starts_with("rf-") {
        let versions = crate::store::rule_sets::family(&state.db, &id).await?;
        if versions.is_empty() {
            return Ok(Err(unknown()));
        }
        asked.filter.versions = versions.into_iter().map(|v| v.id).collect();
        return Ok(Ok(()));
    }
    match crate::store::rule_sets::row(&state.db, &id).await? {
        Some(_) => Ok(Ok(())),
        None => Ok(Err(unknown())),
    }
}
