//! The game page (`/games/{id}`) and its read-only twin (`/view/{token}`). Score first
//!: the game-over header (who won, in words), the standings (places, totals, gap
//! to the leader), then the next round's banner with its essentials (contract, deal, dealer,
//! cutter and cut target) and the button to enter it, the repeating rule facts (decks, buys,
//! special rules) folded below. Then the score sheet (a row per round, a column per player,
//! running totals, leader, dealers and the marks of `marks` shown), and through the edit link
//! the actions (enter, correct and undo rounds, end or resume the game) and the share block
//! with a QR code of the edit link.
//!
//! A page of `web::pages`: games through `store`; no SQL, no scoring, nothing from `cli`.

use askama::Template;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};

use super::marks::{self, LegendItem, Mark};
use super::rendered;
use crate::rules::game::RoundInfo;
use crate::store::LoadedGame;
use crate::text::Lang;
use crate::text::groups::GroupMsg;
use crate::text::{self, Say};
use crate::web::Result;
use crate::web::cookies::CookieJar;
use crate::web::i18n::{Msg, PageCtx};
use crate::web::links::{GameLinks, GroupLinks, ViewLinks};
use crate::web::page::render;
use crate::web::pages::groups::AddToGroup;
use crate::web::pages::labels::{fill, game_title, rules_name};
use crate::web::pages::origin::{is_loopback, origin};
use crate::web::pages::qr;
use crate::web::pages::reply::{no_game, no_store};
use crate::web::pages::rounds::{Undone, undone_change_notice, undone_notice};
use crate::web::{AppState, recent};

/// `GET /games/{id}`: the game through its edit link.
pub(super) async fn game_page(
    State(state): State<AppState>,
    ctx: PageCtx,
    jar: CookieJar,
    headers: HeaderMap,
    Path(id): Path<String>,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Response> {
    let game = state.load_edit(&id).await?;
    // `?undone={n}` or `?undone=change`, where an undo leads: say what went and offer to
    // redo it.
    let undone_what = query.ok().and_then(|Query(pairs)| {
        pairs
            .into_iter()
            .find(|(k, _)| k == "undone")
            .map(|(_, v)| v)
    });
    let undone = match undone_what.as_deref() {
        Some("change") => undone_change_notice(&ctx, &state, &game).await?,
        Some(n) => match n.parse::<i64>() {
            Ok(n) => undone_notice(&ctx, &state, &game, n).await?,
            Err(_) => None,
        },
        None => None,
    };
    let link = Link::Edit(id);
    let label = game_title(&game, ctx.lang);
    let jar = recent::remember(jar, &link.base(), &label);
    let origin = origin(&headers, state.transport.https);
    // The page as this phone sees it: the group line and the add-to-group form come from its
    // list of groups (a cookie).
    let build = |ctx: PageCtx| {
        let mut page = GamePage::new(ctx, &game, &link, origin.as_deref());
        page.group = GroupLine::new(&page.ctx, &game, Some(&jar));
        if game.record.game.group.is_none() {
            let id = game.record.game.id.as_str();
            page.add_to_group = Some(AddToGroup::new(&page.ctx, &jar, id));
        }
        page
    };
    if undone.is_some() {
        // Said once, right after an undo: not kept.
        let mut page = build(ctx);
        page.undone = undone;
        return Ok(no_store((jar, render(&page)?).into_response()));
    }
    let phone = format!("{:?}", recent::groups(&jar));
    let page = rendered::page(ctx, &game, origin.as_deref(), &phone, |ctx| {
        Ok(build(ctx).render()?)
    })?;
    Ok(no_store((jar, page.respond(&headers)).into_response()))
}

/// `GET /view/{token}`: the game through its read-only link: no forms, no edit links.
pub(super) async fn view_page(
    State(state): State<AppState>,
    ctx: PageCtx,
    jar: CookieJar,
    headers: HeaderMap,
    Path(token): Path<String>,
) -> Result<Response> {
    let Some(game) = state.load_view(&token).await? else {
        return Err(no_game());
    };
    let link = Link::View(token);
    let label = format!(
        "{} ({})",
        game_title(&game, ctx.lang),
        ctx.t(Msg::GameReadOnly)
    );
    let jar = recent::remember(jar, &link.base(), &label);
    let origin = origin(&headers, state.transport.https);
    let page = rendered::page(ctx, &game, origin.as_deref(), "", |ctx| {
        let mut page = GamePage::new(ctx, &game, &link, origin.as_deref());
        page.group = GroupLine::new(&page.ctx, &game, None);
        Ok(page.render()?)
    })?;
    Ok(no_store((jar, page.respond(&headers)).into_response()))
}

/// A game's group as its pages show it: a link to the group, and the house rules' name.
pub(super) struct GroupLine {
    /// "Group: Freitagsrunde".
    pub(super) label: String,
    /// The group's page: its edit page when this phone knows the group's edit link (it is in
    /// this phone's groups), else its read-only page (docs/decisions.md 2026-11-24: a game's
    /// edit link does not hand out its group's edit link).
    pub(super) url: String,
    /// "House rules: Oma's Liverpool".
    pub(super) house_rules: Option<String>,
}

impl GroupLine {
    /// The line of `game`, if it belongs to a group; `jar`: this phone's cookies (through the
    /// game's edit link only).
    pub(super) fn new(ctx: &PageCtx, game: &LoadedGame, jar: Option<&CookieJar>) -> Option<Self> {
        let stored = &game.record.game;
        let group = stored.group.as_ref()?;
        let edit = GroupLinks::new(&group.id).page();
        let known = jar.is_some_and(|jar| recent::groups(jar).iter().any(|g| g.url == edit));
        Some(GroupLine {
            label: GroupMsg::PageGroupOfGame.fill(ctx.lang, &[("name", &group.name)]),
            url: if known {
                edit
            } else {
                GroupLinks::new(&group.view_token).view_page()
            },
            house_rules: stored
                .house_rules
                .as_ref()
                .map(|name| GroupMsg::PageHouseRulesOfGame.fill(ctx.lang, &[("name", name)])),
        })
    }
}

/// Through which link a game is seen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Link {
    /// The edit link: `/games/{id}`.
    Edit(String),
    /// The read-only link: `/view/{token}`.
    View(String),
}

impl Link {
    /// The game page of this link: `/games/{id}` or `/view/{token}`.
    pub(super) fn base(&self) -> String {
        match self {
            Link::Edit(id) => GameLinks::new(id).page(),
            Link::View(token) => ViewLinks::new(token).page(),
        }
    }

    /// The JSON twin of the game page.
    pub(super) fn api(&self) -> String {
        match self {
            Link::Edit(id) => GameLinks::new(id).api(),
            Link::View(token) => ViewLinks::new(token).api(),
        }
    }

    fn is_edit(&self) -> bool {
        matches!(self, Link::Edit(_))
    }
}

/// What the table needs before the next round: the essentials on the first screen, the rule
/// facts folded away (the score first).
pub(super) struct Banner {
    /// "Round 3 of 7".
    pub(super) heading: String,
    /// The contract in words; `None` in Rommé.
    pub(super) contract: Option<String>,
    /// The essentials: deal, dealer, cutter and cut target, one sentence each.
    pub(super) facts: Vec<String>,
    /// The rule facts: decks and buys, one sentence each.
    rules: Vec<String>,
    /// The round's special rules.
    notes: Vec<String>,
    /// The rule facts differ from the previous round's: said in the summary.
    rules_changed: bool,
    /// The rule facts are shown open: they changed, this is round 1 (the table has not seen
    /// them yet), or the contract needs more cards than are dealt.
    rules_open: bool,
    /// The contract needs more cards than are dealt.
    needs_more: bool,
    /// "Enter round 3" and where (edit link only).
    enter: Option<EnterLink>,
}

/// The standings at a glance: places, totals and the gap to the leader, best first.
pub(super) struct Standings {
    /// "Standings after round 3".
    pub heading: String,
    pub rows: Vec<Standing>,
}

/// One player's line of the [`Standings`].
pub(super) struct Standing {
    pub place: u32,
    pub name: String,
    pub total: i64,
    /// Points behind the leader; 0 for the leaders.
    pub behind: i64,
}

impl Standings {
    /// The standings of a game with at least one round; `None` before the first.
    pub(super) fn new(ctx: &PageCtx, game: &LoadedGame) -> Option<Standings> {
        let (setup, state) = (&game.setup, &game.state);
        let leader = *state.leaders.first()?;
        let best = state.totals[leader];
        let lower = setup.lower_is_better();
        let mut rows: Vec<Standing> = (0..setup.player_count())
            .map(|i| {
                let total = state.totals[i];
                Standing {
                    place: state.places[i],
                    name: setup.name(i).to_owned(),
                    total,
                    behind: if lower { total - best } else { best - total },
                }
            })
            .collect();
        // Stable: players sharing a place stay in seating order.
        rows.sort_by_key(|r| r.place);
        Some(Standings {
            heading: ctx.f(Msg::StandingsAfter, &[("n", &state.rounds.len())]),
            rows,
        })
    }
}

/// The game-over header: who won with places and money, in words.
struct GameOver {
    /// "Ann wins with 35 (+€1.20) — Ben 2nd with 50 (−€0.40), …".
    result: String,
    /// "The table ended the game early, after round 3 of 7."
    early: Option<String>,
    /// The key of the Rematch form (edit link only).
    rematch_key: Option<String>,
}

/// The big button to the next round's form.
struct EnterLink {
    href: String,
    label: String,
}

/// A player's column head and foot.
pub(super) struct SheetPlayer {
    pub name: String,
    pub total: i64,
    pub place: u32,
    pub leader: bool,
}

/// One cell of the sheet.
pub(super) struct SheetCell {
    pub points: i64,
    /// The player's total after this round.
    pub running: i64,
    pub dealer: bool,
    /// Why the number is what it is: went out, cut bonus, doubling, buys, bonuses.
    pub marks: Vec<Mark>,
}

/// One round of the sheet.
pub(super) struct SheetRow {
    pub round: usize,
    /// The round's contract, as a tooltip.
    pub contract: String,
    /// The correction page (edit link only).
    pub edit_href: Option<String>,
    pub cells: Vec<SheetCell>,
}

/// The score sheet.
pub(super) struct Sheet {
    /// `p4`: the table's width class (wide tables scroll inside their box).
    pub size_class: String,
    pub players: Vec<SheetPlayer>,
    pub rows: Vec<SheetRow>,
    /// What the marks on this sheet mean, one line per kind that appears.
    pub marks_legend: Vec<LegendItem>,
    /// The rounds' notes: "Round 2" and the note (`_sheet_notes.html`).
    pub notes: Vec<(String, String)>,
}

impl Sheet {
    /// The sheet of a game; `edit_id`: link each round to its correction page.
    pub(super) fn new(game: &LoadedGame, edit_id: Option<&str>, lang: Lang) -> Sheet {
        let (setup, state) = (&game.setup, &game.state);
        let n = setup.player_count();
        let running = state.running_totals();
        let rows: Vec<SheetRow> = state
            .rounds
            .iter()
            .zip(&running)
            .map(|(r, after)| {
                let cells = (0..n)
                    .map(|i| SheetCell {
                        points: r.entry.points().get(i).copied().unwrap_or(0),
                        running: after.get(i).copied().unwrap_or(0),
                        dealer: r.info.dealer == i,
                        marks: marks::cell_marks(setup, r, i, lang),
                    })
                    .collect();
                SheetRow {
                    round: r.info.round,
                    contract: r
                        .info
                        .contract
                        .as_ref()
                        .map(|c| c.describe(lang))
                        .unwrap_or_default(),
                    edit_href: edit_id.map(|id| GameLinks::new(id).round_edit(r.info.round)),
                    cells,
                }
            })
            .collect();
        let kinds = rows
            .iter()
            .flat_map(|row: &SheetRow| {
                row.cells
                    .iter()
                    .flat_map(|c| c.marks.iter().map(|m| m.kind))
            })
            .collect();
        let players = (0..n)
            .map(|i| SheetPlayer {
                name: setup.name(i).to_owned(),
                total: state.totals[i],
                place: state.places[i],
                leader: state.leaders.contains(&i),
            })
            .collect();
        let notes = state
            .rounds
            .iter()
            .filter_map(|r| {
                let label = fill(Msg::SheetNoteRound, lang, &[("n", &r.info.round)]);
                Some((label, r.entry.note()?.to_owned()))
            })
            .collect();
        Sheet {
            size_class: format!("p{}", n.min(12)),
            players,
            rows,
            marks_legend: marks::legend(kinds, lang),
            notes,
        }
    }
}

/// The forms of the edit link. Each posts the game's `version` (a change made meanwhile on
/// another phone is refused, not overwritten) and its own idempotency `key`, so `outbox.js`
/// may keep one that found no connection and send it again.
struct Actions {
    base: String,
    version: i64,
    undo_key: Option<String>,
    end_key: Option<String>,
    resume_key: Option<String>,
    history_href: String,
}

/// How other phones join: the edit link as QR code and text, and the read-only link.
struct Share {
    /// Inline SVG markup made by [`qr::svg`] (no user input in it).
    qr: Option<std::sync::Arc<str>>,
    /// The same for the read-only link (the QR offers both links, labelled).
    view_qr: Option<std::sync::Arc<str>>,
    /// The page was opened by a name only this computer knows (`localhost`).
    loopback: bool,
    edit_url: String,
    view_url: String,
    /// The table display (`/view/{token}/table`), for a laptop or a TV.
    table_url: String,
}

#[derive(Template)]
#[template(path = "game.html")]
struct GamePage {
    ctx: PageCtx,
    /// The rule set and the players, for the window title.
    title: String,
    /// The rule set's name, the page's heading.
    heading: &'static str,
    /// The players in seating order.
    players: String,
    /// The page's own address, `/games/{id}` or `/view/{token}`.
    base: String,
    edit: bool,
    /// The JSON twin that `live.js` polls, and the version shown.
    live_url: String,
    version: i64,
    /// Places, totals and gaps, at the top (after the first round).
    standings: Option<Standings>,
    banner: Option<Banner>,
    /// The game is over: who won, in words.
    over: Option<GameOver>,
    sheet: Sheet,
    /// What the sheet's marks mean.
    legend: &'static str,
    /// The race chart, once a round is entered.
    race: Option<super::chart::RaceChart>,
    actions: Option<Actions>,
    share: Option<Share>,
    /// Right after an undo: what went, and the redo form.
    undone: Option<Undone>,
    /// The game's group and house rules.
    group: Option<GroupLine>,
    /// A standalone game through its edit link: the "add to group" form.
    add_to_group: Option<AddToGroup>,
    /// The meld checker for the next round (or the rule set).
    check_href: String,
    /// This page's `https://` address where the server offers one: the wake-lock notice
    /// (`wake.js`) points a phone on plain HTTP there.
    wake_https: Option<String>,
}

impl GamePage {
    /// A group word in the page's language.
    fn gm(&self, msg: GroupMsg) -> &'static str {
        msg.text(self.ctx.lang)
    }

    fn new(ctx: PageCtx, game: &LoadedGame, link: &Link, origin: Option<&str>) -> GamePage {
        let lang = ctx.lang;
        let (setup, state, stored) = (&game.setup, &game.state, &game.record.game);
        let base = link.base();
        let edit_id = match link {
            Link::Edit(id) => Some(id.as_str()),
            Link::View(_) => None,
        };
        let banner = state
            .next_round
            .as_ref()
            .map(|info| banner(&ctx, game, info, link));
        // Who won, in words, and why the game ended if it ended early.
        let over = super::result::sentence(game, lang).map(|result| GameOver {
            result,
            early: state.ended_early.then(|| {
                ctx.f(
                    Msg::GameEndedEarly,
                    &[("n", &state.rounds.len()), ("of", &setup.round_count())],
                )
            }),
            rematch_key: edit_id.map(|id| ctx.form_key(&super::rematch::action(id))),
        });
        let actions = link.is_edit().then(|| Actions {
            version: stored.version,
            // A round to undo, or a change made after the last round (taken back first).
            undo_key: (state.check_undo().is_ok()
                || crate::store::changes::undoable(game).is_some())
            .then(|| ctx.form_key(&format!("{base}/undo"))),
            end_key: (!state.finished && state.check_end_early().is_ok())
                .then(|| ctx.form_key(&format!("{base}/end"))),
            resume_key: state
                .ended_early
                .then(|| ctx.form_key(&format!("{base}/resume"))),
            history_href: format!("{base}/history"),
            base: base.clone(),
        });
        let share = link.is_edit().then(|| {
            let absolute = |path: &str| format!("{}{path}", origin.unwrap_or(""));
            let edit_url = absolute(&base);
            let view_url = absolute(&ViewLinks::new(&stored.view_token).page());
            let table_url = format!("{}/table", ViewLinks::new(&stored.view_token).page());
            Share {
                table_url,
                qr: origin.and_then(|_| qr::svg(&edit_url, ctx.t(Msg::ShareQrLabel))),
                view_qr: origin.and_then(|_| qr::svg(&view_url, ctx.t(Msg::PrintQrLabel))),
                loopback: origin.is_some_and(is_loopback),
                edit_url,
                view_url,
            }
        });
        // The checker for the next round, under this game's options.
        let round = state
            .next_round
            .as_ref()
            .filter(|info| info.contract.is_some())
            .map(|info| info.round);
        let check_href = crate::web::pages::check::href(setup.rules(), round);
        GamePage {
            title: game_title(game, lang),
            heading: rules_name(setup, lang),
            players: setup.players().join(", "),
            live_url: link.api(),
            version: stored.version,
            edit: link.is_edit(),
            sheet: Sheet::new(game, edit_id, lang),
            race: super::chart::RaceChart::new(game, &link.base(), lang),
            standings: Standings::new(&ctx, game),
            legend: ctx.t(if link.is_edit() {
                Msg::SheetLegendEdit
            } else {
                Msg::SheetLegend
            }),
            banner,
            over,
            actions,
            share,
            undone: None,
            group: None,
            add_to_group: None,
            check_href,
            wake_https: origin
                .filter(|o| o.starts_with("https://"))
                .map(|o| format!("{o}{base}")),
            base,
            ctx,
        }
    }
}

/// The banner of the next round (docs/RULES.md section 4: what the table needs to know).
pub(super) fn banner(ctx: &PageCtx, game: &LoadedGame, info: &RoundInfo, link: &Link) -> Banner {
    let lang = ctx.lang;
    let setup = &game.setup;
    let mut facts = vec![
        ctx.f(Msg::GameDeal, &[("n", &info.deal)]),
        ctx.f(Msg::GameDealer, &[("name", &setup.name(info.dealer))]),
    ];
    if let (Some(cutter), Some(target)) = (info.cutter, info.cut_target) {
        let bonus = setup.rules().cut_bonus.unwrap_or(0);
        facts.push(ctx.f(
            Msg::GameCutter,
            &[
                ("name", &setup.name(cutter)),
                ("target", &target),
                ("bonus", &bonus),
            ],
        ));
    }
    let buying = setup.rules().has_buying();
    let (rules, notes) = rule_facts(ctx, info, buying);
    let rules_changed = info.round > 1
        && setup.round_info(info.round - 1).is_some_and(|before| {
            rule_facts(ctx, &before, buying) != (rules.clone(), notes.clone())
        });
    let rules_open = rules_changed || info.round <= 1 || info.needs_more_than_dealt;
    Banner {
        heading: ctx.f(Msg::GameRoundOf, &[("n", &info.round), ("of", &info.of)]),
        contract: info.contract.as_ref().map(|c| c.describe(lang)),
        facts,
        rules,
        notes,
        rules_changed,
        rules_open,
        needs_more: info.needs_more_than_dealt,
        enter: match link {
            Link::Edit(id) => Some(EnterLink {
                href: GameLinks::new(id).rounds_new(),
                label: ctx.f(Msg::GameEnterRound, &[("n", &info.round)]),
            }),
            Link::View(_) => None,
        },
    }
}

/// The rule facts of a round (decks, buys) and its special rules, in sentences: what repeats
/// from round to round and folds away unless it changed. A rule set without buying in any
/// round (`buying` false: Rommé) says nothing about buying.
fn rule_facts(ctx: &PageCtx, info: &RoundInfo, buying: bool) -> (Vec<String>, Vec<String>) {
    let lang = ctx.lang;
    let mut facts = vec![ctx.f(Msg::GameDecks, &[("decks", &info.decks.describe(lang))])];
    if buying {
        facts.push(text::round::buys_rule(&info.buys, lang));
    }
    let notes = info.restrictions.iter().map(|t| t.say(lang)).collect();
    (facts, notes)
}
