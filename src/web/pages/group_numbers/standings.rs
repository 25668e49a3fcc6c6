//! The standings page (`/groups/{id}/standings` and its read-only twin): overall and per rule
//! set, for the period of a GET form (this year, all time, from-to) that works without
//! JavaScript; and the head-to-head page of two players (`/groups/{id}/head-to-head`).
//!
//! A child of [`super`]: numbers from `store::numbers` and `rules::standings`, words from
//! `text::numbers`.

use std::sync::LazyLock;

use askama::Template;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use time::OffsetDateTime;

use super::{Nav, Via, game_page, load, money_class, name, one_decimal};
use crate::rules::standings::{Filter, GameMark, PlayerStats, head_to_head, standings};
use crate::store::groups::LoadedGroup;
use crate::store::numbers::{group_currency, index_aligned, played_games};
use crate::text::Lang;
use crate::text::numbers::NumbersMsg as N;
use crate::web::Result;
use crate::web::i18n::PageCtx;
use crate::web::kept::KeptPages;
use crate::web::metrics::PAGE_CACHE_LOOKUPS;
use crate::web::numbers::{AskedFilter, Period, asked_filter, iso_day};
use crate::web::page::render_status;
use crate::web::pages::labels::date;
use crate::web::pages::money::Money;
use crate::web::pages::reply::no_store;
use crate::web::{AppState, last_field};

type Pairs = Result<Query<Vec<(String, String)>>, QueryRejection>;

/// The period form as the page shows it.
struct FilterForm {
    action: String,
    period: &'static str,
    from: String,
    to: String,
    rules: String,
    /// Rule sets of the group's games: id and name.
    rule_sets: Vec<(String, String)>,
}

/// A best or worst game, or the biggest hand: words and the game's page.
struct Mark {
    text: String,
    url: String,
}

struct Row {
    /// The place in the list, as a card's heading says it ("1st" / "Platz 1").
    place: String,
    name: String,
    games: u32,
    wins: String,
    average_place: String,
    rounds_won: u32,
    average_penalty: String,
    money: String,
    money_class: &'static str,
    best: Option<Mark>,
    worst: Option<Mark>,
    hand: Option<Mark>,
}

struct Table {
    title: String,
    rows: Vec<Row>,
}

#[derive(Template)]
#[template(path = "group_standings.html")]
struct StandingsPage {
    ctx: PageCtx,
    name: String,
    nav: Nav,
    form: FilterForm,
    error: Option<String>,
    shown: String,
    tables: Vec<Table>,
    unfinished: Option<String>,
    note: String,
    /// The group's players (id, name) for the head-to-head form.
    players: Vec<(i64, String)>,
    /// The head-to-head result, on its own page.
    h2h: Option<Vec<String>>,
    /// The two players chosen.
    a: i64,
    b: i64,
}

impl StandingsPage {
    fn words(&self, m: N) -> &'static str {
        m.text(self.ctx.lang)
    }
}

/// `GET /groups/{id}/standings`.
pub(super) async fn edit_page(
    State(state): State<AppState>,
    ctx: PageCtx,
    headers: HeaderMap,
    Path(id): Path<String>,
    query: Pairs,
) -> Result<Response> {
    page(&state, ctx, &headers, Via::Edit(id), query, false).await
}

/// `GET /groups/view/{token}/standings`.
pub(super) async fn view_page(
    State(state): State<AppState>,
    ctx: PageCtx,
    headers: HeaderMap,
    Path(token): Path<String>,
    query: Pairs,
) -> Result<Response> {
    page(&state, ctx, &headers, Via::View(token), query, false).await
}

/// `GET /groups/{id}/head-to-head?a=…&b=…`.
pub(super) async fn edit_h2h(
    State(state): State<AppState>,
    ctx: PageCtx,
    headers: HeaderMap,
    Path(id): Path<String>,
    query: Pairs,
) -> Result<Response> {
    page(&state, ctx, &headers, Via::Edit(id), query, true).await
}

/// `GET /groups/view/{token}/head-to-head?a=…&b=…`.
pub(super) async fn view_h2h(
    State(state): State<AppState>,
    ctx: PageCtx,
    headers: HeaderMap,
    Path(token): Path<String>,
    query: Pairs,
) -> Result<Response> {
    page(&state, ctx, &headers, Via::View(token), query, true).await
}

/// Standings and head-to-head pages kept after rendering ([`crate::web::kept`]), by address
/// (with the query: the filter), language and the day they were made on (a period such as
/// "this month" is read against today), while the store hands out the same loaded group. A
/// page that refuses its filter (422) is not kept.
static KEPT: LazyLock<KeptPages<(String, Lang, time::Date), LoadedGroup>> =
    LazyLock::new(KeptPages::default);

async fn page(
    state: &AppState,
    ctx: PageCtx,
    headers: &HeaderMap,
    via: Via,
    query: Pairs,
    h2h: bool,
) -> Result<Response> {
    let group = load(state, &via).await?;
    let now = OffsetDateTime::now_utc();
    let key = (ctx.here.clone(), ctx.lang, now.date());
    if let Some(page) = KEPT.get(&key, &group, PAGE_CACHE_LOOKUPS) {
        return Ok(no_store(page.respond(headers)));
    }
    let lang = ctx.lang;
    let pairs = query.map(|Query(q)| q).unwrap_or_default();
    let asked = asked_filter(&pairs, now, lang);
    let (mut asked, mut error) = match asked {
        Ok(asked) => (asked, None),
        Err(sentence) => (AskedFilter::default(), Some(sentence)),
    };
    if let Err(sentence) = crate::web::groups::stored_rules(state, &mut asked, lang).await? {
        (asked, error) = (AskedFilter::default(), Some(sentence));
    }
    let currency = group_currency(&group).unwrap_or_else(|| "€".to_owned());
    let played = index_aligned(played_games(&group, Some(&currency)));
    let nav = Nav::new(&via);
    // Every rule set played (a table's own as its family, and a version where there are
    // several): the form's choices and, unfiltered, one table each.
    let choices = crate::web::groups::rule_choices(state, &group, lang).await?;
    let present: Vec<&crate::web::groups::RuleChoice> = choices
        .iter()
        .filter(|c| !c.value.starts_with("rs-"))
        .filter(|c| played.iter().any(|g| c.ids.contains(&g.rules)))
        .collect();
    let form = FilterForm {
        action: if h2h {
            nav.head_to_head.clone()
        } else {
            nav.standings.clone()
        },
        period: asked.period.code(),
        from: asked.from.clone(),
        to: asked.to.clone(),
        rules: asked.rules.clone().unwrap_or_default(),
        rule_sets: choices
            .iter()
            .map(|c| (c.value.clone(), c.label.clone()))
            .collect(),
    };
    let mut tables = Vec::new();
    let overall = standings(&played, &asked.filter);
    let title = asked.rules.as_deref().map_or_else(
        || N::RulesAll.text(lang).to_owned(),
        |id| {
            choices
                .iter()
                .find(|c| c.value == id)
                .map_or_else(|| rules_name(id, lang).to_owned(), |c| c.label.clone())
        },
    );
    let rows = |list: &[PlayerStats]| -> Vec<Row> {
        let shown: Vec<&PlayerStats> = list.iter().filter(|s| s.games > 0).collect();
        let places = crate::rules::standings::places(&shown);
        shown
            .iter()
            .zip(places)
            .map(|(s, (place, shared))| {
                let place = crate::text::game::place_ordinal(place, lang);
                let words = if shared {
                    N::CardPlaceShared
                } else {
                    N::CardPlace
                };
                Row {
                    place: words.fill(lang, &[("place", &place)]),
                    ..row(&group, s, &via, &currency, lang)
                }
            })
            .collect()
    };
    tables.push(Table {
        title,
        rows: rows(&overall),
    });
    if asked.rules.is_none() && present.len() > 1 {
        for choice in &present {
            let filter = Filter {
                rules: Some(choice.value.clone()),
                versions: choice.ids.clone(),
                ..asked.filter.clone()
            };
            let list = rows(&standings(&played, &filter));
            if !list.is_empty() {
                tables.push(Table {
                    title: choice.label.clone(),
                    rows: list,
                });
            }
        }
    }
    let in_play: u32 = played
        .iter()
        .filter(|g| !g.finished && !g.players.is_empty() && asked.filter.admits(g))
        .count()
        .try_into()
        .unwrap_or(u32::MAX);
    let players: Vec<(i64, String)> = group
        .players
        .iter()
        .map(|p| (p.id, p.name.clone()))
        .collect();
    let number = |key: &str| -> Option<i64> { last_field(&pairs, key)?.parse().ok() };
    let (mut a, mut b) = (
        number("a").unwrap_or_else(|| players.first().map_or(0, |p| p.0)),
        number("b").unwrap_or_else(|| players.get(1).map_or(0, |p| p.0)),
    );
    let mut result = None;
    if h2h && error.is_none() {
        if a == b || group.player(a).is_none() || group.player(b).is_none() {
            error = Some(N::TwoPlayers.text(lang).to_owned());
        } else {
            result = Some(h2h_lines(
                &group,
                &played,
                &asked.filter,
                (a, b),
                &currency,
                lang,
            ));
        }
    }
    if group.player(a).is_none() {
        a = 0;
    }
    if group.player(b).is_none() {
        b = 0;
    }
    let status = if error.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    let page = StandingsPage {
        name: group.group.name.clone(),
        nav,
        form,
        error,
        shown: N::PeriodShown.fill(lang, &[("period", &period_words(&asked, lang))]),
        tables,
        unfinished: (in_play > 0).then(|| N::Unfinished.fill(lang, &[("n", &in_play)])),
        note: N::SharedWinsNote.fill(lang, &[("currency", &currency)]),
        players,
        h2h: result,
        a,
        b,
        ctx,
    };
    if status != StatusCode::OK {
        return Ok(no_store(render_status(status, &page)?));
    }
    let page = KEPT.keep(key, &group, page.render()?);
    Ok(no_store(page.respond(headers)))
}

/// The rule set's name in a language (the id if unknown).
fn rules_name(id: &str, lang: Lang) -> &'static str {
    crate::rules::presets::preset_info(id)
        .map_or("?", |info| crate::text::rules::preset_name(&info, lang))
}

/// "2026-01-01 to 2026-12-31", "all time", …
fn period_words(asked: &AskedFilter, lang: Lang) -> String {
    let f = &asked.filter;
    match (asked.period, f.from, f.to) {
        (Period::All, ..) | (_, None, None) => N::PeriodAll.text(lang).to_owned(),
        (_, Some(from), Some(to)) => {
            N::PeriodFromTo.fill(lang, &[("from", &iso_day(from)), ("to", &iso_day(to))])
        }
        (_, Some(from), None) => N::PeriodOpenFrom.fill(lang, &[("from", &iso_day(from))]),
        (_, None, Some(to)) => N::PeriodOpenTo.fill(lang, &[("to", &iso_day(to))]),
    }
}

fn row(group: &LoadedGroup, s: &PlayerStats, via: &Via, currency: &str, lang: Lang) -> Row {
    let mark = |m: &GameMark| -> Option<Mark> {
        let (url, at) = game_page(group, m.game, via)?;
        Some(Mark {
            text: N::GameMark.fill(
                lang,
                &[
                    ("place", &crate::text::game::place_ordinal(m.place, lang)),
                    ("total", &m.total),
                    ("date", &date(at, lang)),
                ],
            ),
            url,
        })
    };
    Row {
        place: String::new(),
        name: name(group, s.player),
        games: s.games,
        wins: if s.shared_wins > 0 {
            format!("{} (+{})", s.wins, s.shared_wins)
        } else {
            s.wins.to_string()
        },
        average_place: s
            .average_place()
            .map_or_else(|| "–".to_owned(), |x| one_decimal(x, lang)),
        rounds_won: s.rounds_won,
        average_penalty: s
            .average_penalty()
            .map_or_else(|| "–".to_owned(), |x| one_decimal(x, lang)),
        money: Money::new(s.net_cents, currency, lang).signed().to_string(),
        money_class: money_class(s.net_cents),
        best: s.best.as_ref().and_then(mark),
        worst: s.worst.as_ref().and_then(mark),
        hand: s.biggest_hand.and_then(|h| {
            let (url, at) = game_page(group, h.game, via)?;
            Some(Mark {
                text: N::HandMark.fill(
                    lang,
                    &[
                        ("points", &h.points),
                        ("round", &h.round),
                        ("date", &date(at, lang)),
                    ],
                ),
                url,
            })
        }),
    }
}

/// The head-to-head of `a` and `b` in sentences.
fn h2h_lines(
    group: &LoadedGroup,
    played: &[crate::rules::standings::PlayedGame],
    filter: &Filter,
    (a, b): (i64, i64),
    currency: &str,
    lang: Lang,
) -> Vec<String> {
    let h = head_to_head(played, filter, a, b);
    let (na, nb) = (name(group, a), name(group, b));
    let mut lines = vec![
        N::HeadToHeadGames.fill(lang, &[("n", &h.games)]),
        N::AheadCount.fill(lang, &[("name", &na), ("n", &h.a_ahead)]),
        N::AheadCount.fill(lang, &[("name", &nb), ("n", &h.b_ahead)]),
        N::LevelCount.fill(lang, &[("n", &h.level)]),
    ];
    let between = h.between_cents();
    lines.push(match between {
        0 => N::BetweenEven.text(lang).to_owned(),
        c => {
            let (who, cents) = if c > 0 { (&na, c) } else { (&nb, -c) };
            let money = Money::new(cents, currency, lang).to_string();
            N::BetweenThem.fill(lang, &[("name", who), ("money", &money)])
        }
    });
    lines
}
