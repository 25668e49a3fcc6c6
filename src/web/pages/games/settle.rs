//! The settlement page (`/games/{id}/settlement`, `/view/{token}/settlement`): when the game is
//! over (every round entered, or ended early), the final places (ties share a place), each
//! player's money under the game's scheme, who pays whom with the fewest transfers, the kitty
//! where buys paid into one, and the score sheet, with a print stylesheet for a clean
//! black-on-white page. Before that, a sentence and the way back. The money comes from
//! `rules::game::GameState::settlement`; this module only formats it.
//!
//! A page of `web::pages`: games through `store`; no SQL, no scoring, nothing from `cli`.

use askama::Template;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;

use super::sheet::{Link, Sheet};
use crate::rules::money::{MoneyInput, bowl, kitty, places_config};
use crate::rules::ruleset::{OptionValue, Scheme};
use crate::rules::settlement::KittySplit;
use crate::store::LoadedGame;
use crate::web::AppState;
use crate::web::Result;
use crate::web::bidi::{self, isolate};
use crate::web::i18n::{Msg, PageCtx, percent_encode};
use crate::web::links::ViewLinks;
use crate::web::page::render;
use crate::web::pages::labels::{date, game_title};
use crate::web::pages::money::Money;
use crate::web::pages::origin::{lan_only, origin};
use crate::web::pages::qr;
use crate::web::pages::reply::{no_game, no_store};
use crate::web::rule_options::value_label;

/// `GET /games/{id}/settlement`.
pub(super) async fn game_settlement(
    State(state): State<AppState>,
    ctx: PageCtx,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response> {
    let game = state.load_edit(&id).await?;
    settlement(ctx, &state, &headers, &game, &Link::Edit(id))
}

/// `GET /view/{token}/settlement`.
pub(super) async fn view_settlement(
    State(state): State<AppState>,
    ctx: PageCtx,
    headers: HeaderMap,
    Path(token): Path<String>,
) -> Result<Response> {
    let Some(game) = state.load_view(&token).await? else {
        return Err(no_game());
    };
    settlement(ctx, &state, &headers, &game, &Link::View(token))
}

/// The settlement page of `game` through `link`, with its share text and its printed
/// facts (links built from the request's origin).
fn settlement(
    ctx: PageCtx,
    state: &AppState,
    headers: &HeaderMap,
    game: &LoadedGame,
    link: &Link,
) -> Result<Response> {
    let mut page = SettlementPage::new(ctx, game, link);
    let origin = origin(headers, state.transport.https);
    page.share = ShareResult::new(&page, game, origin.as_deref());
    page.print = Some(PrintFacts::new(&page.ctx, game, origin.as_deref()));
    Ok(no_store(render(&page)?))
}

/// A line of the result table, in order of places.
struct PlaceRow {
    place: u32,
    name: String,
    total: i64,
    /// The money, `+€ 3.30` / `-€ 1.10`; empty where it cannot be settled.
    net: String,
    /// `gain`, `loss` or `even`.
    class: &'static str,
}

#[derive(Template)]
#[template(path = "settlement.html")]
struct SettlementPage {
    ctx: PageCtx,
    title: String,
    /// The game page.
    base: String,
    live_url: String,
    version: i64,
    /// "Started 2025-01-31".
    started: String,
    /// The game is over and settled here.
    over: bool,
    /// "All 7 rounds are played." / "Ended early after round 3 of 7."
    status: String,
    rows: Vec<PlaceRow>,
    /// The scheme's name and how it counted.
    scheme: String,
    kitty: Option<String>,
    transfers: Vec<String>,
    /// A game with buys: the table's way with them, folded under the payments.
    bowl: Option<BowlView>,
    /// Why there is no money, if so.
    error: Option<String>,
    sheet: Sheet,
    legend: &'static str,
    /// The race chart, once a round is entered.
    race: Option<super::chart::RaceChart>,
    /// The result as text to share, once the game is over.
    share: Option<ShareResult>,
    /// On paper only: the house options and the read-only link as a QR code.
    print: Option<PrintFacts>,
    /// The key of the Rematch form, once the game is over (edit link only).
    rematch_key: Option<String>,
    /// "House rules: Oma's Liverpool", where the game was started with a group's house rules
    /// (printed on the settlement).
    house_rules: Option<String>,
}

/// The settlement of a game with buys, said both ways (docs/RULES.md 4 `progressive`): the
/// payments above include the buys; a table that paid the buys into a bowl during play pays
/// the places alone and hands the bowl over.
struct BowlView {
    /// "These payments include the buys: …".
    includes: String,
    /// Who pays whom for the places alone.
    transfers: Vec<String>,
    /// "Hand the kitty of € 0.03 to Maya." (one line per player who takes a share).
    hands: Vec<String>,
}

/// What the printout adds: the rule set's house options and a QR code of the
/// read-only link, so the paper leads back to the game.
struct PrintFacts {
    /// "House options: …" or that there are none.
    options: String,
    /// Inline SVG of the read-only link ([`qr::svg`]; no user input in it).
    qr: Option<std::sync::Arc<str>>,
    /// The read-only link as text.
    view_url: String,
}

impl PrintFacts {
    fn new(ctx: &PageCtx, game: &LoadedGame, origin: Option<&str>) -> PrintFacts {
        let lang = ctx.lang;
        // The options that differ from the rule book, as stored with the game.
        let specs =
            crate::rules::presets::option_specs(game.setup.rules().id()).unwrap_or_default();
        let list: Vec<String> = game
            .record
            .game
            .options
            .as_object()
            .map(|options| {
                options
                    .iter()
                    .filter_map(|(name, value)| {
                        let value: OptionValue = serde_json::from_value(value.clone()).ok()?;
                        let default = specs.iter().find(|s| s.name == name).map(|s| &s.default);
                        (default != Some(&value))
                            .then(|| format!("{name} {}", value_label(name, &value, lang)))
                    })
                    .collect()
            })
            .unwrap_or_default();
        let options = if list.is_empty() {
            ctx.t(Msg::PrintNoHouseOptions).to_owned()
        } else {
            ctx.f(Msg::PrintHouseOptions, &[("list", &list.join(", "))])
        };
        let view_url = format!(
            "{}{}",
            origin.unwrap_or(""),
            ViewLinks::new(&game.record.game.view_token).page()
        );
        PrintFacts {
            options,
            qr: origin.and_then(|_| qr::svg(&view_url, ctx.t(Msg::PrintQrLabel))),
            view_url,
        }
    }
}

/// The result as a text to share: places, who pays whom and the read-only link,
/// through the Web Share API or the clipboard (`share.js`), and without JavaScript in a box to
/// copy from and a "Send via" row of plain links (WhatsApp, Telegram, SMS, e-mail) with the
/// text filled in.
struct ShareResult {
    /// The summary, several lines.
    text: String,
    /// Lines of the box that holds the text.
    rows: usize,
    /// The window title of a shared text or e-mail subject.
    title: String,
    /// The "Send via" links: (id, name, address with the text).
    send: Vec<(&'static str, &'static str, String)>,
    /// The absolute (or, without a known host, local) read-only link.
    view_url: String,
}

impl ShareResult {
    /// The summary of `page` (built for `game`); `None` before the game is over.
    fn new(page: &SettlementPage, game: &LoadedGame, origin: Option<&str>) -> Option<Self> {
        if !page.over {
            return None;
        }
        let ctx = &page.ctx;
        let view_url = format!(
            "{}{}",
            origin.unwrap_or(""),
            ViewLinks::new(&game.record.game.view_token).page()
        );
        let mut lines = vec![
            format!(
                "Kontrakt – {} ({})",
                page.title,
                date(game.record.game.created_at, ctx.lang)
            ),
            page.status.clone(),
        ];
        for r in &page.rows {
            let net = if page.error.is_none() && !r.net.is_empty() {
                format!(" ({})", r.net)
            } else {
                String::new()
            };
            lines.push(format!("{}. {} {}{net}", r.place, r.name, r.total));
        }
        if page.error.is_none() {
            if page.transfers.is_empty() {
                lines.push(ctx.t(Msg::SettleNoTransfers).to_owned());
            } else {
                lines.extend(page.transfers.iter().map(|t| bidi::plain(t)));
            }
        }
        // Telegram puts the link above the text itself: its text is the rest.
        let mut rest = lines.clone();
        lines.push(ctx.f(Msg::ShareReadOnly, &[("url", &view_url)]));
        if origin.is_some_and(lan_only) {
            lines.push(ctx.t(Msg::ShareWifiOnly).to_owned());
            rest.push(ctx.t(Msg::ShareWifiOnly).to_owned());
        }
        // A message app wraps on its own: the word joiners of the page's money go.
        let text = lines.join("\n").replace(crate::web::pages::money::JOIN, "");
        let rest: Vec<String> = rest
            .iter()
            .map(|l| l.replace(crate::web::pages::money::JOIN, ""))
            .collect();
        let title = format!("Kontrakt – {}", page.title);
        let body = percent_encode(&text);
        let send = vec![
            (
                "send-whatsapp",
                "WhatsApp",
                format!("https://wa.me/?text={body}"),
            ),
            (
                "send-telegram",
                "Telegram",
                format!(
                    "https://t.me/share/url?url={}&text={}",
                    percent_encode(&view_url),
                    percent_encode(&rest.join("\n"))
                ),
            ),
            (
                "send-sms",
                ctx.t(Msg::ShareSms),
                format!("sms:?&body={body}"),
            ),
            (
                "share-mail",
                ctx.t(Msg::ShareEmail),
                format!("mailto:?subject={}&body={body}", percent_encode(&title)),
            ),
        ];
        Some(ShareResult {
            rows: lines.len() + 1,
            text,
            title,
            send,
            view_url,
        })
    }
}

impl SettlementPage {
    fn new(ctx: PageCtx, game: &LoadedGame, link: &Link) -> SettlementPage {
        let lang = ctx.lang;
        let (setup, state, stored) = (&game.setup, &game.state, &game.record.game);
        let currency = setup.currency();
        let money = |cents: i64| Money::new(cents, currency, lang);
        let played = state.rounds.len();
        let status = if !state.finished {
            ctx.t(Msg::SettleNotYet).to_owned()
        } else if state.ended_early {
            ctx.f(
                Msg::GameEndedEarly,
                &[("n", &played), ("of", &setup.round_count())],
            )
        } else {
            ctx.f(Msg::GameAllPlayed, &[("n", &played)])
        };
        let (settled, error) = match &state.settlement {
            Some(Ok(s)) => (Some(s), None),
            Some(Err(e)) => (None, Some(e.message(lang))),
            None => (None, None),
        };
        let places = settled.map_or(&state.places, |s| &s.places);
        let mut order: Vec<usize> = (0..setup.player_count()).collect();
        order.sort_by_key(|&i| (places[i], i));
        let rows = order
            .into_iter()
            .map(|i| {
                let net = settled.map(|s| s.net_cents[i]);
                PlaceRow {
                    place: places[i],
                    name: setup.name(i).to_owned(),
                    total: state.totals[i],
                    net: net
                        .map(|c| money(c).signed().to_string())
                        .unwrap_or_default(),
                    class: match net {
                        Some(c) if c > 0 => "gain",
                        Some(c) if c < 0 => "loss",
                        _ => "even",
                    },
                }
            })
            .collect();
        let transfers = settled
            .map(|s| {
                s.transfers
                    .iter()
                    .map(|t| {
                        ctx.f(
                            Msg::SettleTransfer,
                            &[
                                ("from", &isolate(&setup.name(t.from))),
                                ("to", &isolate(&setup.name(t.to))),
                                ("amount", &money(t.cents)),
                            ],
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        let scheme = setup.scheme();
        let rate = match scheme {
            Scheme::LowestCollects | Scheme::Pairwise if setup.points_per_cent() > 1 => ctx.f(
                Msg::SettleRatePoints,
                &[
                    ("amount", &money(setup.cents())),
                    ("n", &setup.points_per_cent()),
                ],
            ),
            Scheme::LowestCollects | Scheme::Pairwise => {
                ctx.f(Msg::SettleRatePoint, &[("amount", &money(setup.cents()))])
            }
            Scheme::Units => ctx.f(Msg::SettleRateUnit, &[("amount", &money(setup.cents()))]),
            Scheme::Places => {
                let cfg = places_config(setup.rules(), setup.player_count());
                let list = cfg
                    .payouts
                    .iter()
                    .enumerate()
                    .skip(1)
                    .map(|(k, &cents)| {
                        ctx.f(
                            Msg::SettlePlacePays,
                            &[("n", &(k + 1)), ("amount", &money(cents))],
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(", ");
                ctx.f(Msg::SettlePlacesRule, &[("list", &list)])
            }
        };
        let input = MoneyInput {
            totals: state.totals.clone(),
            buys: state.buys.clone(),
            ..MoneyInput::default()
        };
        let bowl = settled
            .and_then(|_| bowl(setup.rules(), setup.player_count(), &input))
            .and_then(Result::ok)
            .map(|b| {
                let kitty_cents: i64 = b.handed.iter().map(|h| h.1).sum();
                let hands = if let [(who, cents)] = b.handed.as_slice() {
                    vec![ctx.f(
                        Msg::SettleBowlHand,
                        &[
                            ("amount", &money(*cents)),
                            ("name", &isolate(&setup.name(*who))),
                        ],
                    )]
                } else {
                    b.handed
                        .iter()
                        .map(|&(who, cents)| {
                            ctx.f(
                                Msg::SettleBowlHandPart,
                                &[
                                    ("kitty", &money(kitty_cents)),
                                    ("amount", &money(cents)),
                                    ("name", &isolate(&setup.name(who))),
                                ],
                            )
                        })
                        .collect()
                };
                BowlView {
                    includes: ctx.f(Msg::SettleWithBuys, &[("amount", &money(kitty_cents))]),
                    transfers: b
                        .places
                        .transfers
                        .iter()
                        .map(|t| {
                            ctx.f(
                                Msg::SettleTransfer,
                                &[
                                    ("from", &isolate(&setup.name(t.from))),
                                    ("to", &isolate(&setup.name(t.to))),
                                    ("amount", &money(t.cents)),
                                ],
                            )
                        })
                        .collect(),
                    hands,
                }
            });
        let kitty = kitty(setup.rules(), setup.player_count(), &state.buys).map(|k| {
            let msg = match k.split {
                KittySplit::Winner => Msg::SettleKittyWinner,
                KittySplit::TwoThirds => Msg::SettleKittyTwoThirds,
            };
            ctx.f(msg, &[("amount", &money(k.cents)), ("buys", &k.buys)])
        });
        SettlementPage {
            house_rules: game.record.game.house_rules.as_ref().map(|name| {
                crate::text::groups::GroupMsg::PageHouseRulesOfGame
                    .fill(ctx.lang, &[("name", name)])
            }),
            title: game_title(game, lang),
            base: link.base(),
            live_url: link.api(),
            version: stored.version,
            started: ctx.f(
                Msg::SettleStarted,
                &[("date", &date(stored.created_at, lang))],
            ),
            over: state.finished,
            status,
            rows,
            scheme: format!(
                "{} {rate}",
                ctx.f(
                    Msg::SettleScheme,
                    &[("scheme", &scheme_name(scheme).text(lang))]
                )
            ),
            kitty,
            transfers,
            bowl,
            error,
            sheet: Sheet::new(game, None, lang),
            race: super::chart::RaceChart::new(game, &link.base(), lang),
            legend: ctx.t(Msg::SheetLegend),
            share: None,
            print: None,
            rematch_key: match link {
                Link::Edit(id) if state.finished => Some(ctx.form_key(&super::rematch::action(id))),
                _ => None,
            },
            ctx,
        }
    }
}

/// A scheme's name.
fn scheme_name(scheme: Scheme) -> Msg {
    match scheme {
        Scheme::LowestCollects => Msg::SchemeLowestCollects,
        Scheme::Pairwise => Msg::SchemePairwise,
        Scheme::Places => Msg::SchemePlaces,
        Scheme::Units => Msg::SchemeUnits,
    }
}
