//! A whole game as a file to keep: `export.csv` (rounds × players with totals, places and the
//! settlement, for a spreadsheet) and `export.json` (the JSON state of the games API), under
//! the edit link and the read-only link alike. Both are downloads (`Content-Disposition:
//! attachment`).
//!
//! The CSV follows RFC 4180: CRLF line ends, fields with a comma, quote or line break (or a
//! `;` or tab, which some spreadsheets split on) in double quotes with quotes doubled. Text
//! that a spreadsheet would take for a formula (starting with `=`, `+`, `-`, `@`, tab or CR,
//! at the start or after any of `,` `;` tab) gets a `'` before it. A byte-order mark tells
//! spreadsheets it is UTF-8. In English it is comma separated with amounts as `3.30`; in
//! German it is what German Excel opens as columns: `;` separated, amounts as
//! `3,30` (no `sep=` line: Excel then ignores the byte-order mark and garbles umlauts).
//!
//! A page of `web::pages`: games through `store`; no SQL, no scoring, nothing from `cli`.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use crate::store::LoadedGame;
use crate::web::AppState;
use crate::web::Result;
use crate::web::game_json::state_json;
use crate::web::i18n::{Lang, Msg, PageCtx};
use crate::web::pages::csv::field;
use crate::web::pages::labels::fill;
use crate::web::pages::money::decimal;
use crate::web::pages::reply::{no_game, no_store};

/// `GET /games/{id}/export.csv`.
pub(super) async fn game_csv(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path(id): Path<String>,
) -> Result<Response> {
    let game = state.load_edit(&id).await?;
    Ok(download(&game, "csv", csv(&game, ctx.lang)))
}

/// `GET /games/{id}/export.json`.
pub(super) async fn game_json(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response> {
    let game = state.load_edit(&id).await?;
    Ok(download(&game, "json", state_json(&game, true)?))
}

/// `GET /view/{token}/export.csv`.
pub(super) async fn view_csv(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path(token): Path<String>,
) -> Result<Response> {
    let game = view_game(&state, &token).await?;
    Ok(download(&game, "csv", csv(&game, ctx.lang)))
}

/// `GET /view/{token}/export.json`: the read-only state (no edit id in it).
pub(super) async fn view_json(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Response> {
    let game = view_game(&state, &token).await?;
    Ok(download(&game, "json", state_json(&game, false)?))
}

async fn view_game(state: &AppState, token: &str) -> Result<Arc<LoadedGame>> {
    state.load_view(token).await?.ok_or_else(no_game)
}

/// The file as a download: `kontrakt-liverpool-2025-01-31.csv`.
fn download(game: &LoadedGame, extension: &str, body: String) -> Response {
    let created = game.record.game.created_at;
    let name = format!(
        "kontrakt-{}-{}-{:02}-{:02}.{extension}",
        game.setup.rules().id(),
        created.year(),
        u8::from(created.month()),
        created.day()
    );
    let content_type = match extension {
        "csv" => "text/csv; charset=utf-8",
        _ => "application/json",
    };
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{name}\""))
        .unwrap_or_else(|_| HeaderValue::from_static("attachment"));
    no_store(
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

/// A line of text fields and numbers (numbers are never quoted or prefixed).
enum Cell {
    Text(String),
    Number(String),
}

/// How a language's spreadsheets read CSV: the separator, and the decimal mark of amounts.
#[derive(Clone, Copy)]
struct Dialect {
    separator: &'static str,
    decimal_comma: bool,
}

impl Dialect {
    fn of(lang: Lang) -> Dialect {
        match lang {
            Lang::En => Dialect {
                separator: ",",
                decimal_comma: false,
            },
            Lang::De => Dialect {
                separator: ";",
                decimal_comma: true,
            },
        }
    }

    /// An amount in cents as this dialect writes it: `3.30` / `3,30`.
    fn amount(self, cents: i64) -> String {
        let text = decimal(cents);
        if self.decimal_comma {
            text.replace('.', ",")
        } else {
            text
        }
    }
}

fn line(out: &mut String, cells: &[Cell], dialect: Dialect) {
    let fields: Vec<String> = cells
        .iter()
        .map(|c| match c {
            Cell::Text(t) => field(t),
            Cell::Number(n) => n.clone(),
        })
        .collect();
    out.push_str(&fields.join(dialect.separator));
    out.push_str("\r\n");
}

/// The game as CSV, with headings in `lang`.
fn csv(game: &LoadedGame, lang: Lang) -> String {
    let (setup, state) = (&game.setup, &game.state);
    let text = |s: &str| Cell::Text(s.to_owned());
    let msg = |m: Msg| Cell::Text(m.text(lang).to_owned());
    let number = |n: i64| Cell::Number(n.to_string());
    let blank = || Cell::Text(String::new());
    let currency = setup.currency();
    let dialect = Dialect::of(lang);
    let mut out = String::from("\u{feff}");

    let mut head = vec![
        msg(Msg::CsvRound),
        msg(Msg::CsvDealer),
        msg(Msg::CsvContract),
    ];
    head.extend(setup.players().iter().map(|p| text(p)));
    // The notes' column only where a round has one: other exports stay as they were.
    let notes = state.rounds.iter().any(|r| r.entry.note().is_some());
    if notes {
        head.push(msg(Msg::RoundsNoteShort));
    }
    line(&mut out, &head, dialect);
    for r in &state.rounds {
        let mut row = vec![
            number(i64::try_from(r.info.round).unwrap_or(0)),
            text(setup.name(r.info.dealer)),
            text(
                &r.info
                    .contract
                    .as_ref()
                    .map_or_else(String::new, |c| c.describe(lang)),
            ),
        ];
        row.extend(r.entry.points().iter().map(|&p| number(p)));
        if notes {
            row.push(text(r.entry.note().unwrap_or_default()));
        }
        line(&mut out, &row, dialect);
    }
    let mut totals = vec![msg(Msg::SheetTotal), blank(), blank()];
    totals.extend(state.totals.iter().map(|&t| number(t)));
    line(&mut out, &totals, dialect);
    if let Some(Ok(settled)) = &state.settlement {
        let mut places = vec![msg(Msg::SheetPlace), blank(), blank()];
        places.extend(settled.places.iter().map(|&p| number(i64::from(p))));
        line(&mut out, &places, dialect);
        let mut nets = vec![
            Cell::Text(fill(Msg::CsvNet, lang, &[("currency", &currency)])),
            blank(),
            blank(),
        ];
        nets.extend(
            settled
                .net_cents
                .iter()
                .map(|&c| Cell::Number(dialect.amount(c))),
        );
        line(&mut out, &nets, dialect);
        out.push_str("\r\n");
        line(
            &mut out,
            &[
                msg(Msg::CsvFrom),
                msg(Msg::CsvTo),
                Cell::Text(fill(Msg::CsvAmount, lang, &[("currency", &currency)])),
            ],
            dialect,
        );
        for t in &settled.transfers {
            line(
                &mut out,
                &[
                    text(setup.name(t.from)),
                    text(setup.name(t.to)),
                    Cell::Number(dialect.amount(t.cents)),
                ],
                dialect,
            );
        }
    }
    out
}
