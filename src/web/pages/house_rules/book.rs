//! The rule book of a rule set, generated from its data (`GET /rules/{id}`): a preset's or a
//! table's own, in the same words the meld checker and a game's banner use: every round with
//! its contract, deal, buys and restrictions; the meld and play rules; the card values; the
//! money; the options a game may change. With "edit a copy" (the House rules editor from it)
//! and "new game with these rules".
//!
//! Part of `web::pages::house_rules`.

use askama::Template;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;

use super::{ForGroup, for_group};
use crate::rules::cards::{Card, Rank, Suit};
use crate::rules::definition::registered;
use crate::rules::presets::Preset;
use crate::rules::ruleset::{RuleSet, Scheme};
use crate::text::definition::DefinitionMsg;
use crate::text::house_rules::HouseRulesMsg as H;
use crate::web::i18n::{Msg, PageCtx, percent_encode};
use crate::web::page::render_status;
use crate::web::pages::check::{meld_facts, round_facts};
use crate::web::rule_options::value_label;
use crate::web::{AppError, AppState, Result, last_field};

/// The rule book's address, for a group where one is given.
pub fn url(id: &str, group: Option<&str>) -> String {
    match group {
        Some(group) => format!("/rules/{id}?group={}", percent_encode(group)),
        None => format!("/rules/{id}"),
    }
}

/// One round of the rule book.
pub struct BookRound {
    pub title: String,
    pub facts: Vec<String>,
}

/// An option a game may change, with its value in the rule book.
pub struct BookOption {
    pub label: &'static str,
    pub value: String,
}

#[derive(Template)]
#[template(path = "rule_book.html")]
pub struct BookPage {
    pub ctx: PageCtx,
    pub title: String,
    pub own: Option<String>,
    pub source: Option<String>,
    pub players: String,
    pub decks: String,
    pub rounds_hint: Option<String>,
    pub per_player: Option<&'static str>,
    pub rounds: Vec<BookRound>,
    pub melds: Vec<String>,
    pub cards: Vec<String>,
    pub no_cards: Option<&'static str>,
    pub money: Vec<String>,
    pub options: Vec<BookOption>,
    pub group: Option<ForGroup>,
    pub edit_url: String,
    pub new_game_url: String,
    pub file_url: String,
    pub check_url: String,
}

impl BookPage {
    fn h(&self, msg: H) -> &'static str {
        msg.text(self.ctx.lang)
    }
}

/// `GET /rules/{id}`: the rule book of a preset or a stored rule set.
pub(super) async fn show(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path(id): Path<String>,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Response> {
    let pairs = query.map(|Query(p)| p).unwrap_or_default();
    let group = for_group(&state, last_field(&pairs, "group")).await?;
    crate::store::rule_sets::resolve(&state.db, &id).await?;
    let not_found = || {
        AppError::NotFound(crate::text::sentence(
            &DefinitionMsg::NotStored.fill(ctx.lang, &[("id", &id)]),
        ))
    };
    let (rs, preset, own) = match Preset::from_id(&id) {
        Some(preset) => (
            RuleSet::preset(&id).map_err(|_| not_found())?,
            preset,
            false,
        ),
        None => {
            let def = registered(&id).ok_or_else(not_found)?;
            let rs = def.rule_set().map_err(|problems| {
                AppError::internal(format!("stored rule set {id}: {problems:?}"))
            })?;
            let base = def
                .base()
                .ok_or_else(|| AppError::internal(format!("stored rule set {id} has no base")))?;
            (rs, base, true)
        }
    };
    let page = build(ctx, &rs, preset, own, group);
    render_status(StatusCode::OK, &page)
}

fn build(
    ctx: PageCtx,
    rs: &RuleSet,
    preset: Preset,
    own: bool,
    group: Option<ForGroup>,
) -> BookPage {
    let lang = ctx.lang;
    let id = rs.id();
    let name = crate::text::rules::preset_name(&rs.info, lang);
    let base_name = crate::text::rules::preset_name(&preset.info(), lang);
    let rounds = rs
        .rounds
        .iter()
        .map(|r| {
            let mut facts = round_facts(&ctx, rs, r);
            if r.contract.is_none() {
                facts.insert(0, H::BookNoContract.text(lang).to_owned());
            }
            facts.push(match (r.buys.allowed, r.buys.limit) {
                (false, _) => H::BookNoBuys.text(lang).to_owned(),
                (true, None) => H::BookBuys.text(lang).to_owned(),
                (true, Some(n)) => H::BookBuysLimit.fill(lang, &[("n", &n)]),
            });
            BookRound {
                title: H::RoundN.fill(lang, &[("n", &r.number)]),
                facts,
            }
        })
        .collect::<Vec<_>>();
    let mut melds = Vec::new();
    if let Some(points) = rs.opening_points {
        melds.push(H::BookOpening.fill(lang, &[("points", &points)]));
    }
    melds.push(H::BookSetMin.fill(lang, &[("n", &rs.meld.set_min), ("m", &rs.meld.run_min)]));
    melds.extend(meld_facts(&ctx, rs));
    let cards = rs
        .penalty
        .as_ref()
        .map(|t| {
            Rank::all()
                .map(|rank| Card::new(rank, Suit::Hearts))
                .chain(rs.meld.jokers.then_some(Card::Joker))
                .map(|card| {
                    let label = match card {
                        Card::Joker => H::Joker.text(lang).to_owned(),
                        Card::Natural { rank, .. } => capitalized(rank.name(lang)),
                    };
                    H::BookCardValue.fill(lang, &[("card", &label), ("points", &t.points(card))])
                })
                .collect()
        })
        .unwrap_or_default();
    let scheme = |s: Scheme| {
        ctx.t(match s {
            Scheme::LowestCollects => Msg::SchemeLowestCollectsHint,
            Scheme::Pairwise => Msg::SchemePairwiseHint,
            Scheme::Places => Msg::SchemePlacesHint,
            Scheme::Units => Msg::SchemeUnitsHint,
        })
    };
    let money = vec![
        H::Scheme.text(lang).to_owned()
            + ": "
            + ctx.t(match rs.scheme {
                Scheme::LowestCollects => Msg::SchemeLowestCollects,
                Scheme::Pairwise => Msg::SchemePairwise,
                Scheme::Places => Msg::SchemePlaces,
                Scheme::Units => Msg::SchemeUnits,
            })
            + ". "
            + scheme(rs.scheme),
        H::BookHigherBetter.text(lang).to_owned(),
    ];
    let money = if rs.higher_is_better {
        money
    } else {
        vec![money[0].clone(), H::BookLowerBetter.text(lang).to_owned()]
    };
    let specs = crate::rules::presets::option_specs(id).unwrap_or_default();
    let options = specs
        .iter()
        .map(|spec| BookOption {
            label: crate::text::rules::option_description(preset, spec.name, lang),
            value: value_label(
                spec.name,
                rs.options.get(spec.name).unwrap_or(&spec.default),
                lang,
            ),
        })
        .collect();
    let decks = |players: u8| {
        H::BookDecks.fill(
            lang,
            &[
                (
                    "decks",
                    &crate::text::rules::describe_decks(&rs.decks(players as usize), lang),
                ),
                ("players", &players),
            ],
        )
    };
    let (min, max) = (rs.info.min_players, rs.info.max_players);
    let group_id = group.as_ref().map(|g| g.id.clone());
    let with_group = |url: String| match &group_id {
        Some(g) => format!("{url}&group={}", percent_encode(g)),
        None => url,
    };
    let encoded = percent_encode(id);
    BookPage {
        title: H::BookTitle.fill(lang, &[("name", &name)]),
        own: own.then(|| H::BookOwn.fill(lang, &[("name", &base_name)])),
        source: Some(crate::text::rules::preset_source(&rs.info, lang))
            .filter(|s| !s.is_empty())
            .map(|s| H::BookSource.fill(lang, &[("source", &s)])),
        players: H::BookPlayers.fill(lang, &[("min", &min), ("max", &max)]),
        decks: if rs.decks(min as usize) == rs.decks(max as usize) {
            H::BookDecksAll.fill(
                lang,
                &[(
                    "decks",
                    &crate::text::rules::describe_decks(&rs.decks(max as usize), lang),
                )],
            )
        } else {
            format!("{} {}", decks(min), decks(max))
        },
        rounds_hint: (!rs.rounds_per_player && !rounds.is_empty())
            .then(|| H::BookRoundsHint.fill(lang, &[("n", &rounds.len())])),
        per_player: rs.rounds_per_player.then(|| H::PerPlayer.text(lang)),
        rounds,
        melds,
        no_cards: rs.penalty.is_none().then(|| H::NoCardValues.text(lang)),
        cards,
        money,
        options,
        edit_url: with_group(format!("/rules/new?from={encoded}")),
        new_game_url: match &group_id {
            Some(g) => format!("/groups/{}/games/new?rules={encoded}", percent_encode(g)),
            None => format!("/games/new?rules={encoded}"),
        },
        file_url: format!("/api/v1/rulesets/{encoded}/file"),
        check_url: format!("/check?rules={encoded}"),
        group,
        ctx,
    }
}

/// A word with its first letter in capitals (a rank's name at the start of a line).
pub fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}
