//! `GET /games/{id}/history`: every change to a game, newest first: what was entered,
//! corrected, undone, ended or resumed, when, and each player's points before and after; for
//! a change at the table, a rename or the stake, what it changed before → after (who sits out
//! or leaves with which total, a late joiner's starting total, the old and the new name, the
//! stake and currency). While the newest change is an undo, its row carries the redo form
//! (redo is offered from the history until the next change).
//!
//! Reads `db::games::history` (snapshots of the stored entry and its points) and shows them in
//! the page's language; cards are counted with the game's rule set for display only.
//!
//! A page of `web::pages`: games through `store`; no SQL, no scoring, nothing from `cli`.

use std::collections::{BTreeMap, BTreeSet};

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use serde::Deserialize;
use serde_json::Value;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use time::macros::format_description;

use super::{game_url, load};
use crate::db::games::{self, HistoryAction, HistoryEntry};
use crate::rules::game::{RawCards, RawNumber, RawRound};
use crate::store;
use crate::store::LoadedGame;
use crate::web::AppState;
use crate::web::Result;
use crate::web::i18n::{Lang, Msg, PageCtx};
use crate::web::links::GameLinks;
use crate::web::page::render;

/// A round as the history stores it.
#[derive(Debug, Default)]
struct Snapshot {
    entry: RawRound,
    points: BTreeMap<String, i64>,
}

/// A round's snapshot as stored: the entry in the store's format ([`store::entry`]).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct StoredSnapshot {
    entry: Value,
    points: BTreeMap<String, i64>,
}

/// One player's line of a change.
struct Row {
    name: String,
    before: String,
    after: String,
    changed: bool,
    /// The cards entered for the player, counted.
    detail: Option<String>,
}

/// One change.
struct Item {
    /// CSS class: `enter`, `correct`, `undo`, `end`.
    kind: &'static str,
    title: String,
    /// The heading of the rows' first column: "Player" for a round, "What" for a change at
    /// the table, a rename or the stake.
    head: String,
    /// A change's rows (values in words, which wrap on a narrow phone).
    change: bool,
    at_iso: String,
    at_text: String,
    notes: Vec<String>,
    rows: Vec<Row>,
    edit: Option<(String, String)>,
    /// The newest change is this undo: the redo form (until the next change).
    redo: Option<Redo>,
}

/// The redo form of the newest undo: where it posts, the game's version, a fresh key, the
/// button's words.
struct Redo {
    action: String,
    version: i64,
    key: String,
    label: String,
}

#[derive(Template)]
#[template(path = "rounds_history.html")]
struct HistoryPage {
    ctx: PageCtx,
    game_url: String,
    items: Vec<Item>,
}

/// `GET /games/{id}/history`.
pub(super) async fn show(
    ctx: PageCtx,
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response> {
    let game = load(&state, &id).await?;
    let entries = games::history(&state.db, &id).await?;
    let entered = game.state.rounds.len();
    let mut latest = BTreeSet::new();
    let newest = entries.last().map(|h| h.id);
    let items = entries
        .iter()
        .rev()
        .map(|h| {
            let mut item = item(&ctx, &game, h);
            // The newest change is an undo: it can be redone from here, as from the notice on
            // the game page right after it (the same `POST /games/{id}/redo`).
            if h.action == HistoryAction::Undo && Some(h.id) == newest {
                let action = GameLinks::new(&id).action("redo");
                item.redo = Some(Redo {
                    key: ctx.form_key(&action),
                    action,
                    version: game.record.game.version,
                    label: match h.round_no {
                        Some(n) => ctx.f(Msg::GameRedo, &[("n", &n)]),
                        None => ctx.t(Msg::GameRedoChange).to_owned(),
                    },
                });
            }
            // The newest change of a round still entered links to its correction form.
            if let Some(n) = h.round_no.and_then(|n| usize::try_from(n).ok())
                && latest.insert(n)
                && h.action != HistoryAction::Undo
                && n <= entered
            {
                item.edit = Some((
                    GameLinks::new(&id).round_edit(n),
                    ctx.f(Msg::RoundsCorrectTitle, &[("n", &n)]),
                ));
            }
            item
        })
        .collect();
    render(&HistoryPage {
        game_url: game_url(&id),
        items,
        ctx,
    })
}

fn snapshot(value: Option<&Value>) -> Option<Snapshot> {
    let stored: StoredSnapshot = value.and_then(|v| serde_json::from_value(v.clone()).ok())?;
    let entry = if stored.entry.is_null() {
        RawRound::default()
    } else {
        store::entry::decode(&stored.entry).ok()?
    };
    Some(Snapshot {
        entry,
        points: stored.points,
    })
}

/// A change at the table, a rename or a money change (a `changes` item) in words: the
/// history's title of the change, also what the undo notice names.
pub(super) fn change_title(ctx: &PageCtx, item: Option<&Value>) -> String {
    let field = |name: &str| {
        item.and_then(|i| i.get(name))
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    let k = item
        .and_then(|i| i.get("after_round"))
        .and_then(Value::as_u64)
        .unwrap_or(0);
    let player = field("player");
    match field("change").as_str() {
        "sit_out" => ctx.f(Msg::HistorySitOut, &[("player", &player), ("n", &(k + 1))]),
        "leave" => ctx.f(Msg::HistoryLeave, &[("player", &player), ("k", &k)]),
        "join" => ctx.f(Msg::HistoryJoin, &[("player", &player), ("k", &k)]),
        "rename" => ctx.f(
            Msg::HistoryRename,
            &[("from", &field("from")), ("to", &field("to"))],
        ),
        _ => ctx.t(Msg::HistorySettings).to_owned(),
    }
}

fn item(ctx: &PageCtx, game: &LoadedGame, h: &HistoryEntry) -> Item {
    let n = h.round_no.unwrap_or(0);
    let (kind, title) = match h.action {
        HistoryAction::SitOut
        | HistoryAction::Leave
        | HistoryAction::Join
        | HistoryAction::Rename
        | HistoryAction::Settings => ("end", change_title(ctx, h.after.as_ref())),
        HistoryAction::Undo if h.round_no.is_none() => {
            let what = change_title(ctx, h.before.as_ref());
            ("undo", ctx.f(Msg::HistoryUndoChange, &[("what", &what)]))
        }
        HistoryAction::Enter => ("enter", ctx.f(Msg::HistoryEnter, &[("n", &n)])),
        HistoryAction::Correct => ("correct", ctx.f(Msg::HistoryCorrect, &[("n", &n)])),
        HistoryAction::Undo => ("undo", ctx.f(Msg::HistoryUndo, &[("n", &n)])),
        HistoryAction::End => {
            let ended = h
                .after
                .as_ref()
                .and_then(|a| a.get("ended_early"))
                .and_then(Value::as_bool)
                .unwrap_or(true);
            let msg = if ended {
                Msg::HistoryEnd
            } else {
                Msg::HistoryResume
            };
            ("end", ctx.t(msg).to_owned())
        }
    };
    let before = snapshot(h.before.as_ref());
    let after = snapshot(h.after.as_ref());
    let mut item = Item {
        kind,
        title,
        head: ctx.t(Msg::HistoryPlayer).to_owned(),
        change: false,
        at_iso: h.at.format(&Rfc3339).unwrap_or_default(),
        at_text: when(ctx, h.at),
        notes: Vec::new(),
        rows: Vec::new(),
        edit: None,
        redo: None,
    };
    if h.action == HistoryAction::End {
        return item;
    }
    if h.round_no.is_none() {
        // A change at the table, a rename or the stake: what it changed, before → after (an
        // undo shows the change taken back, after → before).
        let undo = h.action == HistoryAction::Undo;
        let changed = if undo {
            h.before.as_ref()
        } else {
            h.after.as_ref()
        };
        item.head = ctx.t(Msg::HistoryWhat).to_owned();
        item.change = true;
        item.rows = change_rows(ctx, game, changed);
        if undo {
            for row in &mut item.rows {
                std::mem::swap(&mut row.before, &mut row.after);
            }
        }
        return item;
    }
    let round = usize::try_from(n).unwrap_or(0);
    item.notes = notes(ctx, game, round, before.as_ref(), after.as_ref(), h.action);
    // Cards shown are those of the entry as it is after the change (before, for an undo).
    let shown = after.as_ref().or(before.as_ref());
    item.rows = game
        .setup
        .players()
        .iter()
        .map(|name| {
            let points =
                |s: Option<&Snapshot>| s.and_then(|s| s.points.get(name)).map(i64::to_string);
            let (b, a) = (points(before.as_ref()), points(after.as_ref()));
            Row {
                name: name.clone(),
                changed: b != a,
                before: b.unwrap_or_else(|| "–".into()),
                after: a.unwrap_or_else(|| "–".into()),
                detail: shown.and_then(|s| cards_detail(ctx, game, &s.entry, name)),
            }
        })
        .collect();
    item
}

/// What a change (a `changes` item) changed, row by row, before → after: who sits out or
/// leaves (with the total they keep), who joins (with the total they start at), the old and
/// the new name, each money value that changed.
fn change_rows(ctx: &PageCtx, game: &LoadedGame, item: Option<&Value>) -> Vec<Row> {
    let Some(item) = item else {
        return Vec::new();
    };
    let field = |name: &str| {
        item.get(name)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    let k = item
        .get("after_round")
        .and_then(Value::as_u64)
        .and_then(|k| usize::try_from(k).ok())
        .unwrap_or(0);
    let row = |name: String, before: String, after: String| Row {
        changed: before != after,
        name,
        before,
        after,
        detail: None,
    };
    let (setup, state) = (&game.setup, &game.state);
    let player = field("player");
    let seat = setup.find_player(&player);
    // The player's total after the first `k` rounds (their start before any).
    let total_after = |i: usize| match k.checked_sub(1) {
        Some(r) => state
            .running_totals()
            .get(r)
            .and_then(|t| t.get(i))
            .copied(),
        None => state.starts.get(i).copied(),
    };
    let plays = ctx.t(Msg::PlayersPlays).to_owned();
    match field("change").as_str() {
        "sit_out" => vec![row(
            player,
            plays,
            ctx.f(Msg::PlayersSitsOut, &[("n", &(k + 1))]),
        )],
        "leave" => {
            let after = match seat.and_then(total_after) {
                Some(total) => ctx.f(Msg::PlayersLeft, &[("k", &k), ("total", &total)]),
                None => ctx.t(Msg::HistoryNotAtTable).to_owned(),
            };
            vec![row(player, plays, after)]
        }
        "join" => {
            // The start as the engine computes it now, while the player is in the game; else
            // (a join taken back since) the rule it was chosen by.
            let started = seat
                .filter(|&i| setup.joined_after(i).is_some())
                .and_then(|i| state.starts.get(i).copied());
            let after = match started {
                Some(total) => ctx.f(Msg::PlayersJoined, &[("k", &k), ("total", &total)]),
                None => {
                    let rule = match field("start").as_str() {
                        "zero" => Msg::PlayersStartZero,
                        "average" => Msg::PlayersStartAverage,
                        _ => Msg::PlayersStartWorst,
                    };
                    ctx.f(Msg::HistoryJoinStart, &[("start", &ctx.t(rule))])
                }
            };
            vec![row(player, ctx.t(Msg::HistoryNotAtTable).to_owned(), after)]
        }
        "rename" => vec![row(
            ctx.t(Msg::HistoryName).to_owned(),
            field("from"),
            field("to"),
        )],
        "settings" => {
            let money = |side: &str, name: &str| {
                item.get(side)
                    .and_then(|m| m.get(name))
                    .map(|v| match v {
                        Value::String(s) => s.clone(),
                        other => other.to_string(),
                    })
                    .unwrap_or_else(|| "–".into())
            };
            let cents = if item
                .get("before")
                .and_then(|m| m.get("cents_per_unit"))
                .is_some()
            {
                "cents_per_unit"
            } else {
                "cents_per_point"
            };
            let all: Vec<Row> = [
                (cents, Msg::PlayersCents),
                ("points_per_cent", Msg::NewPointsPerCent),
                ("currency", Msg::PlayersCurrency),
            ]
            .into_iter()
            .map(|(name, label)| {
                row(
                    ctx.t(label).to_owned(),
                    money("before", name),
                    money("after", name),
                )
            })
            .collect();
            if all.iter().any(|r| r.changed) {
                all.into_iter().filter(|r| r.changed).collect()
            } else {
                all.into_iter().take(1).collect()
            }
        }
        _ => Vec::new(),
    }
}

/// "14 Jun 2025, 21:03 UTC" / "14.06.2025, 21:03 UTC" (`rounds.js` shows local time).
fn when(ctx: &PageCtx, at: OffsetDateTime) -> String {
    let date = match ctx.lang {
        Lang::En => at.format(format_description!(
            "[day padding:none] [month repr:short] [year], [hour]:[minute]"
        )),
        Lang::De => at.format(format_description!("[day].[month].[year], [hour]:[minute]")),
    };
    ctx.f(Msg::HistoryTime, &[("date", &date.unwrap_or_default())])
}

/// Who went out, and the round's extras (cut bonus, Hand-Rommé, jokers, buys).
fn notes(
    ctx: &PageCtx,
    game: &LoadedGame,
    round: usize,
    before: Option<&Snapshot>,
    after: Option<&Snapshot>,
    action: HistoryAction,
) -> Vec<String> {
    let winner = |s: &Snapshot| {
        s.entry
            .went_out
            .clone()
            .or_else(|| s.entry.winner.clone())
            .unwrap_or_else(|| ctx.t(Msg::HistoryNobody).to_owned())
    };
    let mut notes = Vec::new();
    match (action, before, after) {
        (HistoryAction::Correct, Some(b), Some(a)) if winner(b) != winner(a) => {
            notes.push(ctx.f(
                Msg::HistoryWentOutChanged,
                &[("old", &winner(b)), ("new", &winner(a))],
            ));
        }
        (HistoryAction::Enter, _, Some(a)) => {
            notes.push(ctx.f(Msg::HistoryWentOut, &[("name", &winner(a))]));
        }
        _ => {}
    }
    let Some(entry) = after.or(before).map(|s| &s.entry) else {
        return notes;
    };
    let setup = &game.setup;
    if entry.cut_bonus == Some(true)
        && let (Some(bonus), Some(cutter)) = (setup.rules().cut_bonus, setup.cutter(round))
    {
        notes.push(ctx.f(
            Msg::HistoryCutBonus,
            &[("name", &setup.name(cutter)), ("bonus", &bonus)],
        ));
    }
    if let (Some(name), Some(bonus)) = (
        entry.went_down_first.as_deref(),
        setup.rules().first_down_bonus,
    ) {
        notes.push(ctx.f(
            Msg::HistoryWentDownFirst,
            &[("name", &name), ("bonus", &bonus)],
        ));
    }
    if entry.hand_rommee == Some(true) {
        notes.push(ctx.t(Msg::HistoryHandRommee).to_owned());
    }
    if let Some(jokers) = entry.jokers.as_ref().and_then(|j| j.parse().ok().flatten()) {
        notes.push(ctx.f(Msg::HistoryJokers, &[("n", &jokers)]));
    }
    let buys: Vec<String> = entry
        .buys
        .iter()
        .filter_map(|(name, n)| match n {
            RawNumber::Int(b) if *b != 0 => Some(format!("{name} {b}")),
            _ => None,
        })
        .collect();
    if !buys.is_empty() {
        notes.push(ctx.f(Msg::HistoryBuys, &[("list", &buys.join(", "))]));
    }
    if let Some(note) = entry.note.as_deref() {
        notes.push(ctx.f(Msg::HistoryNote, &[("note", &note)]));
    }
    notes
}

/// "A♠ Joker 7♥ = 75 points" for a player whose cards were entered.
fn cards_detail(ctx: &PageCtx, game: &LoadedGame, entry: &RawRound, name: &str) -> Option<String> {
    let text = match entry.cards.get(name)? {
        RawCards::Text(t) => t.clone(),
        RawCards::List(l) => l.join(" "),
    };
    super::input::count_text(ctx, game, &text)
}
