//! The ledger page (Kasse, `/groups/{id}/ledger` and its read-only twin): the balances since
//! the last settle-up (one table per currency), the fewest transfers, the "Settled up" form
//! (`POST /groups/{id}/ledger/settle-up`, versioned, with a signed form key: a repeat changes
//! nothing; edit link only) and the settle-up history; and the group's money chart
//! (`/groups/{id}/chart.svg`), each player's running money over the group's games.
//!
//! A child of [`super`]: numbers from `store::numbers`, the write through `store::groups`.

use std::collections::BTreeMap;

use askama::Template;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use serde_json::Value;

use super::{Nav, Via, load, money_class, name};
use crate::db::games::Once;
use crate::store::groups::{self, GroupOutcome, LoadedGroup};
use crate::store::numbers::{group_currency, group_ledger, settled_games};
use crate::text::Lang;
use crate::text::charts::ChartMsg;
use crate::text::groups::GroupMsg;
use crate::text::numbers::NumbersMsg as N;
use crate::web::Result;
use crate::web::bidi::isolate;
use crate::web::charts::{LineChart, Series};
use crate::web::i18n::{Msg, PageCtx};
use crate::web::idempotency::{canonical_form, request_hash};
use crate::web::page::render_status;
use crate::web::pages::labels::date;
use crate::web::pages::money::Money;
use crate::web::pages::reply::{no_store, svg_file};
use crate::web::{AppError, AppState, Form, last_field};

/// One currency's open account as the page shows it.
struct Account {
    title: String,
    games: String,
    /// Name, money, class.
    rows: Vec<(String, String, &'static str)>,
    transfers: Vec<String>,
}

/// The "Settled up" form (on the confirmation step), or the "Undo the settle-up" form.
struct SettleForm {
    action: String,
    key: String,
    version: i64,
}

/// What the ledger page is showing besides the ledger.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    /// The ledger; a notice (if any) says what just happened.
    Ledger,
    /// "Settled up?": what will happen, and the form that does it.
    Confirm,
}

/// A past settle-up.
struct Past {
    date: String,
    lines: String,
}

/// The chart as a page shows it: an image of `chart.svg` (the ledger page, and the group
/// page).
pub(crate) struct ChartImage {
    /// `/groups/{id}/chart.svg` or its read-only twin.
    pub(crate) src: String,
    /// The chart's title and its description in words.
    pub(crate) alt: String,
}

/// The money chart of `group` as an image for a page through the edit link or (`view`) the
/// read-only one; `None` before its first finished game with money (the SVG is a 404 then).
pub(crate) fn chart_image(group: &LoadedGroup, view: bool, lang: Lang) -> Option<ChartImage> {
    let links = if view {
        crate::web::links::GroupLinks::new(&group.group.view_token)
    } else {
        crate::web::links::GroupLinks::new(&group.group.id)
    };
    money_series(group).map(|(series, games, currency)| ChartImage {
        src: links.chart(view),
        alt: format!(
            "{} {}",
            ChartMsg::MoneyTitle.text(lang),
            money_desc(&series, games, &currency, lang)
        ),
    })
}

#[derive(Template)]
#[template(path = "group_ledger.html")]
struct LedgerPage {
    ctx: PageCtx,
    name: String,
    nav: Nav,
    since: String,
    accounts: Vec<Account>,
    settle: Option<SettleForm>,
    /// The confirmation step's page (`GET /groups/{id}/ledger/settle-up`).
    confirm: bool,
    /// The link to the confirmation step (the ledger page with something to settle).
    settle_link: Option<String>,
    /// The latest settle-up is the group's latest change: it can be taken back.
    undo: Option<SettleForm>,
    /// Under the chart: what it shows against the balances.
    chart_caption: String,
    read_only: bool,
    notice: Option<String>,
    error: Option<String>,
    history: Vec<Past>,
    chart: Option<ChartImage>,
}

impl LedgerPage {
    fn words(&self, m: N) -> &'static str {
        m.text(self.ctx.lang)
    }
}

/// `GET /groups/{id}/ledger`.
pub(super) async fn edit_page(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path(id): Path<String>,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Response> {
    let via = Via::Edit(id);
    let group = load(&state, &via).await?;
    let flag = |name: &str| {
        query
            .as_ref()
            .is_ok_and(|Query(q)| q.iter().any(|(k, _)| k == name))
    };
    let notice = if flag("settled") {
        Some(N::Settled.text(ctx.lang).to_owned())
    } else if flag("undone") {
        Some(N::SettleUndone.text(ctx.lang).to_owned())
    } else {
        None
    };
    page(
        ctx,
        &via,
        &group,
        (notice, None),
        Step::Ledger,
        StatusCode::OK,
    )
}

/// `GET /groups/{id}/ledger/settle-up`: "Settled up?", the payments it records and the form
/// that records them (the ledger page's button leads here, with or without JavaScript).
pub(super) async fn confirm_page(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path(id): Path<String>,
) -> Result<Response> {
    let via = Via::Edit(id);
    let group = load(&state, &via).await?;
    page(
        ctx,
        &via,
        &group,
        (None, None),
        Step::Confirm,
        StatusCode::OK,
    )
}

/// `GET /groups/view/{token}/ledger`.
pub(super) async fn view_page(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path(token): Path<String>,
) -> Result<Response> {
    let via = Via::View(token);
    let group = load(&state, &via).await?;
    page(
        ctx,
        &via,
        &group,
        (None, None),
        Step::Ledger,
        StatusCode::OK,
    )
}

fn page(
    ctx: PageCtx,
    via: &Via,
    group: &LoadedGroup,
    (notice, error): (Option<String>, Option<String>),
    step: Step,
    status: StatusCode,
) -> Result<Response> {
    let lang = ctx.lang;
    let open = group_ledger(group).map_err(AppError::internal)?;
    let since = match open.since {
        Some(at) => N::LedgerSince.fill(lang, &[("date", &date(at, lang))]),
        None => N::LedgerSinceStart.text(lang).to_owned(),
    };
    let accounts: Vec<Account> = open
        .accounts
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let money = |cents: i64| Money::new(cents, &a.currency, lang);
            Account {
                title: if i == 0 {
                    N::Balances.text(lang).to_owned()
                } else {
                    N::OtherCurrency.fill(lang, &[("currency", &a.currency)])
                },
                games: N::LedgerGames.fill(lang, &[("n", &a.ledger.games)]),
                rows: a
                    .ledger
                    .balance_cents
                    .iter()
                    .map(|(&id, &cents)| {
                        (
                            name(group, id),
                            money(cents).signed().to_string(),
                            money_class(cents),
                        )
                    })
                    .collect(),
                transfers: a
                    .ledger
                    .transfers
                    .iter()
                    .map(|t| {
                        N::Pays.fill(
                            lang,
                            &[
                                ("from", &isolate(&name(group, t.from))),
                                ("to", &isolate(&name(group, t.to))),
                                ("money", &money(t.cents)),
                            ],
                        )
                    })
                    .collect(),
            }
        })
        .collect();
    let confirm = step == Step::Confirm && !accounts.is_empty();
    let (settle, settle_link) = match via {
        Via::Edit(id) if !accounts.is_empty() => {
            let action = crate::web::links::GroupLinks::new(id).settle_up_form();
            if confirm {
                let form = SettleForm {
                    key: ctx.form_key(&action),
                    action,
                    version: group.group.version,
                };
                (Some(form), None)
            } else {
                (None, Some(action))
            }
        }
        _ => (None, None),
    };
    // The latest settle-up brought the group to the version it has now: nothing came after.
    let undo = match via {
        Via::Edit(id)
            if !confirm
                && group
                    .settle_ups
                    .last()
                    .is_some_and(|s| s.version == group.group.version) =>
        {
            let action = crate::web::links::GroupLinks::new(id).settle_up_undo_form();
            Some(SettleForm {
                key: ctx.form_key(&action),
                action,
                version: group.group.version,
            })
        }
        _ => None,
    };
    let chart = chart_image(group, via.is_view(), lang);
    let chart_caption = match (open.since, &chart) {
        (Some(at), Some(_)) => N::ChartCaptionSince.fill(lang, &[("date", &date(at, lang))]),
        (Some(at), None) => N::ChartAfterSettleUp.fill(lang, &[("date", &date(at, lang))]),
        (None, _) => N::ChartCaption.text(lang).to_owned(),
    };
    let history = group
        .settle_ups
        .iter()
        .rev()
        .map(|s| Past {
            date: date(s.at, lang),
            lines: settled_words(group, &s.balances, lang),
        })
        .collect();
    let page = LedgerPage {
        name: group.group.name.clone(),
        nav: Nav::new(via),
        since,
        accounts,
        settle,
        confirm,
        settle_link,
        undo,
        chart_caption,
        read_only: via.is_view(),
        notice,
        error,
        history,
        chart,
        ctx,
    };
    Ok(no_store(render_status(status, &page)?))
}

/// A stored settle-up's balances in words: "Ann +€ 3.00, Ben -€ 3.00".
fn settled_words(group: &LoadedGroup, stored: &Value, lang: Lang) -> String {
    let currency = stored
        .get("currency")
        .and_then(Value::as_str)
        .map_or_else(|| group_currency(group).unwrap_or_default(), str::to_owned);
    let mut parts: Vec<String> = Vec::new();
    let mut account = |balances: Option<&Value>, currency: &str| {
        for (id, cents) in balances.and_then(Value::as_object).into_iter().flatten() {
            let (Ok(id), Some(cents)) = (id.parse::<i64>(), cents.as_i64()) else {
                continue;
            };
            parts.push(format!(
                "{} {}",
                name(group, id),
                Money::new(cents, currency, lang).signed()
            ));
        }
    };
    account(stored.get("balances"), &currency);
    for other in stored
        .get("others")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let symbol = other.get("currency").and_then(Value::as_str).unwrap_or("");
        account(other.get("balances"), symbol);
    }
    if parts.is_empty() {
        N::NothingOpen.text(lang).to_owned()
    } else {
        parts.join(", ")
    }
}

/// What the settle-up form and its undo post: the group's version the table saw, and the
/// form's key with the request's hash, kept for the write's [`Once`].
struct LedgerForm {
    version: i64,
    key: Option<String>,
    request: String,
}

impl LedgerForm {
    /// Reads the form posted to `action`: a made-up or reused key, or a version that is no
    /// number, is refused as every form of the site refuses it.
    fn read(state: &AppState, action: &str, pairs: &[(String, String)]) -> Result<Self> {
        let field = |name: &str| last_field(pairs, name).unwrap_or_default();
        let key = state.form_keys.check(action, field("key"))?;
        let version = field("version")
            .parse()
            .map_err(|_| AppError::Said(StatusCode::BAD_REQUEST, Msg::RoundsFormDamaged))?;
        Ok(Self {
            version,
            key: key.map(|k| k.stored()),
            request: request_hash(&format!("POST {action}"), &canonical_form(pairs)),
        })
    }

    /// The write's key, if the form carried one; a repeat answers with the ledger.
    fn once(&self) -> Option<Once<'_>> {
        self.key.as_deref().map(|key| Once {
            key,
            request: &self.request,
            response: "page: ledger",
        })
    }
}

/// The ledger as it is now, with the sentence saying why the table's change was not made
/// (409).
async fn ledger_refused(
    state: &AppState,
    ctx: PageCtx,
    via: &Via,
    sentence: String,
) -> Result<Response> {
    let group = load(state, via).await?;
    page(
        ctx,
        via,
        &group,
        (None, Some(sentence)),
        Step::Ledger,
        StatusCode::CONFLICT,
    )
}

/// `POST /groups/{id}/ledger/settle-up`: records the settle-up if the group is still at the
/// form's `version`, then back to the ledger (303). A stale version shows the ledger as it is
/// now with the conflict's sentence (409); a read-only token is a 403.
pub(super) async fn settle_up(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path(id): Path<String>,
    Form(pairs): Form<Vec<(String, String)>>,
) -> Result<Response> {
    let via = Via::Edit(id.clone());
    load(&state, &via).await?;
    let links = crate::web::links::GroupLinks::new(&id);
    let action = links.settle_up_form();
    let form = LedgerForm::read(&state, &action, &pairs)?;
    let outcome =
        groups::settle_up(&state.db, &state.groups, &id, form.version, form.once()).await?;
    match outcome {
        GroupOutcome::Done(..) | GroupOutcome::Replayed(_) => {
            Ok(Redirect::to(&format!("{}?settled=1", links.ledger(false))).into_response())
        }
        GroupOutcome::Conflict(now) => {
            let sentence = GroupMsg::Conflict.fill(ctx.lang, &[("version", &now)]);
            ledger_refused(&state, ctx, &via, sentence).await
        }
        GroupOutcome::KeyReused | GroupOutcome::Problem(_) | GroupOutcome::Invalid(_) => Err(
            AppError::Said(StatusCode::UNPROCESSABLE_ENTITY, Msg::ErrFormStale),
        ),
        GroupOutcome::NotFound => Err(AppError::Said(StatusCode::NOT_FOUND, Msg::ErrNoGroup)),
    }
}

/// `POST /groups/{id}/ledger/settle-up/undo`: takes back the latest settle-up if nothing
/// happened to the group since (the form's `version` is the group's and that settle-up's),
/// then back to the ledger (303). Too late: the ledger as it is now with the sentence (409).
pub(super) async fn undo_settle_up(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path(id): Path<String>,
    Form(pairs): Form<Vec<(String, String)>>,
) -> Result<Response> {
    let via = Via::Edit(id.clone());
    load(&state, &via).await?;
    let links = crate::web::links::GroupLinks::new(&id);
    let action = links.settle_up_undo_form();
    let form = LedgerForm::read(&state, &action, &pairs)?;
    let outcome = groups::undo_settle_up(&state.db, &id, form.version, form.once()).await?;
    match outcome {
        GroupOutcome::Done(..) | GroupOutcome::Replayed(_) => {
            Ok(Redirect::to(&format!("{}?undone=1", links.ledger(false))).into_response())
        }
        GroupOutcome::Conflict(_) | GroupOutcome::Problem(_) => {
            let sentence = N::SettleUndoTooLate.text(ctx.lang).to_owned();
            ledger_refused(&state, ctx, &via, sentence).await
        }
        GroupOutcome::KeyReused | GroupOutcome::Invalid(_) => Err(AppError::Said(
            StatusCode::UNPROCESSABLE_ENTITY,
            Msg::ErrFormStale,
        )),
        GroupOutcome::NotFound => Err(AppError::Said(StatusCode::NOT_FOUND, Msg::ErrNoGroup)),
    }
}

/// Each player's running money over the group's finished games in its currency (a first
/// point of 0 before the first game), the number of games, and the currency; `None` without
/// such a game.
fn money_series(group: &LoadedGroup) -> Option<(Vec<Series>, usize, String)> {
    let currency = group_currency(group)?;
    // Like the balances, the chart starts at zero after the last settle-up: a settled game
    // is paid and no longer part of anyone's running money.
    let settled = settled_games(group);
    let games: Vec<(Vec<i64>, &[i64])> = group
        .games
        .iter()
        .filter(|g| g.state.finished && g.setup.currency() == currency)
        .filter(|g| !settled.contains(g.record.game.view_token.as_str()))
        .filter_map(|g| match &g.state.settlement {
            Some(Ok(s)) => {
                let seats = crate::store::numbers::seat_ids(group, g);
                (s.net_cents.len() == seats.len()).then_some((seats, s.net_cents.as_slice()))
            }
            _ => None,
        })
        .collect();
    if games.is_empty() {
        return None;
    }
    let mut running: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
    for (k, (seats, nets)) in games.iter().enumerate() {
        for &id in seats {
            running.entry(id).or_insert_with(|| vec![0; k + 1]);
        }
        for line in running.values_mut() {
            let last = line.last().copied().unwrap_or(0);
            line.push(last);
        }
        for (id, cents) in seats.iter().zip(*nets) {
            if let Some(line) = running.get_mut(id)
                && let Some(last) = line.last_mut()
            {
                *last = last.saturating_add(*cents);
            }
        }
    }
    let series = group
        .players
        .iter()
        .filter_map(|p| {
            running.remove(&p.id).map(|values| Series {
                name: p.name.clone(),
                values,
            })
        })
        .collect();
    Some((series, games.len(), currency))
}

/// "Net after 3 games: Ann +€ 3.00, …".
fn money_desc(series: &[Series], games: usize, currency: &str, lang: Lang) -> String {
    let list = series
        .iter()
        .map(|s| {
            let last = s.values.last().copied().unwrap_or(0);
            format!("{} {}", s.name, Money::new(last, currency, lang).signed())
        })
        .collect::<Vec<_>>()
        .join(", ");
    ChartMsg::MoneyDesc.fill(lang, &[("n", &games), ("list", &list)])
}

/// The money chart as SVG; `None` without a finished game with money.
fn money_svg(group: &LoadedGroup, lang: Lang) -> Option<String> {
    let (series, games, currency) = money_series(group)?;
    let format = |cents: i64| Money::new(cents, &currency, lang).to_string();
    LineChart {
        id: "money",
        title: ChartMsg::MoneyTitle.text(lang).to_owned(),
        desc: money_desc(&series, games, &currency, lang),
        x_title: ChartMsg::GameAxis.text(lang).to_owned(),
        y_title: format!("{} ({currency})", ChartMsg::MoneyAxis.text(lang)),
        x_ticks: (0..=games).map(|k| k.to_string()).collect(),
        series,
        y_format: &format,
        standalone: true,
    }
    .svg()
}

/// `GET /groups/{id}/chart.svg`.
pub(super) async fn edit_chart(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path(id): Path<String>,
) -> Result<Response> {
    let group = load(&state, &Via::Edit(id)).await?;
    svg_answer(&group, ctx.lang)
}

/// `GET /groups/view/{token}/chart.svg`.
pub(super) async fn view_chart(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path(token): Path<String>,
) -> Result<Response> {
    let group = load(&state, &Via::View(token)).await?;
    svg_answer(&group, ctx.lang)
}

/// The chart as `image/svg+xml`, or 404 with a sentence before the first game with money.
fn svg_answer(group: &LoadedGroup, lang: Lang) -> Result<Response> {
    let Some(svg) = money_svg(group, lang) else {
        return Err(AppError::NotFound(N::NoChart.text(lang).to_owned()));
    };
    Ok(svg_file(svg))
}
