//! A whole group as a file to keep: `GET /groups/{id}/export.json`, the group with
//! its games in the format of the export/import round trip (`db::transfer`: a file `kontrakt
//! import` takes back), and `GET /groups/{id}/export.csv`, every game's rounds with one row
//! per player per round (date, game, rule set, round, player, points) for a spreadsheet: in
//! German `;` separated, with a byte-order mark, like the game's CSV, and formula-safe through
//! the game CSV's own field writer. Both are downloads.
//!
//! The read-only link has its twins, `GET /groups/view/{token}/export.json` and `.csv`: the
//! same CSV (it holds no link), and the same JSON without what grants writes: the group's and
//! its games' edit ids (`id`, and each game's `group`) are left out and `"read_only": true`
//! is added, so `kontrakt import` refuses the file (with that field named) rather than make
//! a group nobody can edit.
//!
//! Part of `web::pages::groups`: groups through `store`, the export through `db::transfer`
//! (as the command line's export does); no scoring, nothing from `cli`.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use serde_json::Value;

use super::load_edit;
use crate::store::groups::LoadedGroup;
use crate::text::Lang;
use crate::text::groups::GroupMsg;
use crate::web::Result;
use crate::web::i18n::{Msg, PageCtx};
use crate::web::pages::csv::field;
use crate::web::{AppError, AppState};

/// `GET /groups/{id}/export.json`.
pub(super) async fn group_json(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response> {
    let group = load_edit(&state, &id).await?;
    let Some(export) = crate::db::transfer::export_group(&state.db, &id).await? else {
        return Err(AppError::Said(StatusCode::NOT_FOUND, Msg::ErrNoGroup));
    };
    let body = serde_json::to_string_pretty(&export).map_err(AppError::internal)?;
    Ok(download(&group, "json", body))
}

/// `GET /groups/view/{token}/export.json`: [`group_json`] without the edit ids.
pub(super) async fn view_json(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Response> {
    let group = load_view(&state, &token).await?;
    let Some(export) = crate::db::transfer::export_group(&state.db, &group.group.id).await? else {
        return Err(AppError::Said(StatusCode::NOT_FOUND, Msg::ErrNoGroup));
    };
    let body = serde_json::to_value(&export).map_err(AppError::internal)?;
    let body = serde_json::to_string_pretty(&read_only(body)).map_err(AppError::internal)?;
    Ok(download(&group, "json", body))
}

/// `GET /groups/view/{token}/export.csv`: the same as [`group_csv`].
pub(super) async fn view_csv(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path(token): Path<String>,
) -> Result<Response> {
    let group = load_view(&state, &token).await?;
    Ok(download(&group, "csv", csv(&group, ctx.lang)))
}

async fn load_view(state: &AppState, token: &str) -> Result<Arc<LoadedGroup>> {
    state
        .groups
        .load_view(&state.db, token)
        .await?
        .ok_or(AppError::Said(StatusCode::NOT_FOUND, Msg::ErrNoGroup))
}

/// An export file without the edit ids: each group's and game's `id` and each game's `group`
/// are taken out (read-only tokens stay), and `"read_only": true` is added.
fn read_only(mut export: Value) -> Value {
    for (list, fields) in [("groups", &["id"][..]), ("games", &["id", "group"][..])] {
        if let Some(items) = export.get_mut(list).and_then(Value::as_array_mut) {
            for item in items.iter_mut().filter_map(Value::as_object_mut) {
                for field in fields {
                    item.remove(*field);
                }
            }
        }
    }
    if let Some(map) = export.as_object_mut() {
        map.insert("read_only".into(), Value::Bool(true));
    }
    export
}

/// `GET /groups/{id}/export.csv`.
pub(super) async fn group_csv(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path(id): Path<String>,
) -> Result<Response> {
    let group = load_edit(&state, &id).await?;
    Ok(download(&group, "csv", csv(&group, ctx.lang)))
}

/// The file as a download: `kontrakt-group-2026-11-24.csv` (the day of the download's group
/// change, so two exports of one group sort by date).
fn download(group: &LoadedGroup, extension: &str, body: String) -> Response {
    let at = group.group.updated_at;
    let name = format!(
        "kontrakt-group-{}-{:02}-{:02}.{extension}",
        at.year(),
        u8::from(at.month()),
        at.day()
    );
    let content_type = match extension {
        "csv" => "text/csv; charset=utf-8",
        _ => "application/json",
    };
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{name}\""))
        .unwrap_or_else(|_| HeaderValue::from_static("attachment"));
    crate::web::pages::reply::no_store(
        (
            [
                (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
                (header::CONTENT_DISPOSITION, disposition),
            ],
            body,
        )
            .into_response(),
    )
}

/// Every game's rounds, oldest game first, one line per player per round: date, game number
/// (1 = the group's first game), rule set, round, player, points. Headings in `lang`; German
/// spreadsheets get `;`.
pub(super) fn csv(group: &LoadedGroup, lang: Lang) -> String {
    let separator = match lang {
        Lang::En => ",",
        Lang::De => ";",
    };
    let mut out = String::from("\u{feff}");
    let mut line = |cells: &[String]| {
        out.push_str(&cells.join(separator));
        out.push_str("\r\n");
    };
    let head = [
        GroupMsg::CsvDate,
        GroupMsg::CsvGame,
        GroupMsg::CsvRules,
        GroupMsg::CsvRound,
        GroupMsg::CsvPlayer,
        GroupMsg::CsvPoints,
    ];
    line(&head.map(|m| field(m.text(lang))));
    for (n, game) in group.games.iter().enumerate() {
        let date = field(&crate::web::pages::labels::date(
            game.record.game.created_at,
            lang,
        ));
        let rules = field(crate::text::rules::preset_name(
            &game.setup.rules().info,
            lang,
        ));
        for round in &game.state.rounds {
            for (seat, points) in round.entry.points().iter().enumerate() {
                line(&[
                    date.clone(),
                    (n + 1).to_string(),
                    rules.clone(),
                    round.info.round.to_string(),
                    field(game.setup.name(seat)),
                    points.to_string(),
                ]);
            }
        }
    }
    out
}
