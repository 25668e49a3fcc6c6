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
