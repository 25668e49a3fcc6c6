//! A game's state as JSON: the answer of `GET /api/v1/games/{id}` and of every write to a
//! game (docs/API.md), its read-only twin's, and the game pages' JSON export, which is the
//! same document ([`state_json`]). Through the edit link it carries the edit id and URLs,
//! through the read-only link neither ([`Access`]).
//!
//! A shared web piece: games through `store`, words from `text`, links from `links`; the
//! OpenAPI document's mirrors (`schema`) only in its description. Nothing from `pages` or
//! `api`, which both use it; no SQL, no scoring.

use std::collections::BTreeMap;

use serde::{Serialize, Serializer};
use utoipa::ToSchema;

use crate::rules::game::{GameSetup, RawRound, RoundInfo};
use crate::rules::ruleset::{Buys, OptionValue};
use crate::store::LoadedGame;
use crate::text::{self, Lang, Say};
use crate::web::Result;
use crate::web::json::{Access, rfc3339};
use crate::web::links::{GameLinks, GroupLinks, ViewLinks};
use crate::web::schema;

/// The state of `GET /api/v1/games/{id}` (`edit`), or of its read-only twin, as JSON text: the
/// JSON export of the game pages.
pub fn state_json(game: &LoadedGame, edit: bool) -> Result<String> {
    let access = if edit { Access::Edit } else { Access::View };
    Ok(serde_json::to_string_pretty(&GameView::new(game, access))?)
}

/// One player at the table as the game's JSON shows them (Added 2026-11-24).
#[derive(Debug, Serialize, ToSchema)]
pub struct TableSeat<'a> {
    /// The player's name.
    #[schema(value_type = String)]
    pub name: &'a str,
    /// The seat as the players routes take it: 1 for the first player, late joiners after
    /// the set-up's players.
    pub seat: usize,
    /// Still at the table (not left).
    pub at_table: bool,
    /// Sits out the next round.
    pub sits_out_next: bool,
    /// Rounds entered when they left, if they did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_after_round: Option<usize>,
    /// Rounds entered when they joined late, if they did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub joined_after_round: Option<usize>,
    /// A late joiner's starting total.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_total: Option<i64>,
}

/// Every player with their place at the table, in the order of `players`.
fn table_view(game: &LoadedGame) -> Vec<TableSeat<'_>> {
    let (setup, state) = (&game.setup, &game.state);
    let played = state.rounds.len();
    (0..setup.player_count())
        .map(|i| {
            let joined = setup.joined_after(i);
            TableSeat {
                name: setup.name(i),
                seat: i + 1,
                at_table: setup.left_after(i).is_none(),
                sits_out_next: setup.sits_out(i, played + 1),
                left_after_round: setup.left_after(i),
                joined_after_round: joined.map(|j| j.0),
                start_total: joined.map(|_| state.starts.get(i).copied().unwrap_or(0)),
            }
        })
        .collect()
}

/// Per player, as a JSON object in seating order.
struct ByName<'a, T>(Vec<(&'a str, T)>);

impl<T: Serialize> Serialize for ByName<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

fn by_name<'a, T: Copy>(setup: &'a GameSetup, values: &[T]) -> ByName<'a, T> {
    ByName(
        setup
            .players()
            .iter()
            .map(String::as_str)
            .zip(values.iter().copied())
            .collect(),
    )
}

/// A game's state: `GET /api/v1/games/{id}` (docs/API.md), and the answer of every write.
#[derive(Serialize, ToSchema)]
#[schema(as = GameState)]
pub struct GameView<'a> {
    /// The edit id (not through the read-only link).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    id: Option<&'a str>,
    /// The game's page (not through the read-only link).
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<String>,
    /// `/api/v1/games/{id}/history` (not through the read-only link).
    #[serde(skip_serializing_if = "Option::is_none")]
    history_url: Option<String>,
    /// The read-only page.
    view_url: String,
    /// Rule-set id.
    #[schema(value_type = String)]
    rules: &'a str,
    #[schema(value_type = String)]
    rules_name: &'a str,
    /// Every option, defaults filled in.
    #[schema(value_type = schema::Options)]
    options: &'a BTreeMap<String, OptionValue>,
    /// Names in seating order (late joiners after the set-up's players).
    #[schema(value_type = Vec<String>)]
    players: &'a [String],
    /// Each player at the table: seat, sitting out next, left, joined late (Added 2026-11-24).
    table: Vec<TableSeat<'a>>,
    #[schema(value_type = String)]
    first_dealer: &'a str,
    /// Bumped by every change; send it back with a change to guard it (409 if stale).
    version: i64,
    /// Rounds in the game.
    of_rounds: usize,
    rounds: Vec<RoundView<'a>>,
    /// Total per player by name.
    #[schema(value_type = BTreeMap<String, i64>)]
    totals: ByName<'a, i64>,
    /// Names with the best total; empty before the first round.
    #[schema(value_type = Vec<String>)]
    leaders: Vec<&'a str>,
    /// Place per player by name, 1 = best.
    #[schema(value_type = BTreeMap<String, u32>)]
    standings: ByName<'a, u32>,
    /// Buys per player over the game.
    #[schema(value_type = BTreeMap<String, i64>)]
    buys: ByName<'a, i64>,
    /// Null once the game is over (or ended early).
    next_round: Option<NextRoundView<'a>>,
    finished: bool,
    ended_early: bool,
    /// The money once the game is finished; null before (or where it cannot be settled).
    settlement: Option<SettlementView<'a>>,
    /// Why a finished game cannot be settled.
    #[serde(skip_serializing_if = "Option::is_none")]
    settlement_error: Option<String>,
    #[schema(value_type = schema::Scheme)]
    scheme: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    cents_per_point: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cents_per_unit: Option<i64>,
    /// Points that `cents_per_point` buys (10: a tenth of a cent a point).
    points_per_cent: i64,
    #[schema(value_type = String)]
    currency: &'a str,
    #[schema(format = DateTime)]
    created_at: String,
    #[schema(format = DateTime)]
    updated_at: String,
    /// The group the game belongs to (Added 2026-11-24); absent for a standalone game.
    #[serde(skip_serializing_if = "Option::is_none")]
    group: Option<GameGroupView<'a>>,
    /// The name of the group's house rules the game is played with (Added 2026-11-24).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    house_rules: Option<&'a str>,
}

/// The group of a game: its name and read-only links, through the game's edit link and its
/// read-only link alike. Never the group's edit id: a game's link is shared with whoever sits
/// at the table, a group's edit link can rename and retire players in all of its games
/// (docs/decisions.md 2026-11-24).
#[derive(Serialize, ToSchema)]
#[schema(as = GameGroup)]
struct GameGroupView<'a> {
    /// Never sent (docs/decisions.md 2026-11-24): kept in the document, as fields are only
    /// ever added; the group's edit id is not a game link's to give.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    id: Option<&'a str>,
    #[schema(value_type = String)]
    name: &'a str,
    /// Never sent, like `id`.
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<String>,
    /// Never sent, like `id`.
    #[serde(skip_serializing_if = "Option::is_none")]
    api_url: Option<String>,
    /// The group's read-only page.
    view_url: String,
    /// `/api/v1/groups/view/{token}` (Added 2026-11-24).
    view_api_url: String,
}

/// A round played.
#[derive(Serialize, ToSchema)]
#[schema(as = PlayedRound)]
struct RoundView<'a> {
    round: usize,
    #[schema(value_type = String)]
    dealer: &'a str,
    #[schema(value_type = Option<String>)]
    cutter: Option<&'a str>,
    /// The contract in words; null for `rommee`.
    contract: Option<String>,
    /// Null: nobody went out.
    #[schema(value_type = Option<String>)]
    went_out: Option<&'a str>,
    /// The points that count (bonuses and doubling applied) by name.
    #[schema(value_type = BTreeMap<String, i64>)]
    points: ByName<'a, i64>,
    /// What was entered, as stored (names as in the game, cards in the notation).
    #[schema(value_type = schema::RoundEntry)]
    entry: RawRound,
    /// The table's note on the round; null where there is none (Added 2026-11-24).
    #[schema(value_type = Option<String>)]
    note: Option<&'a str>,
}

/// The round to play next.
#[derive(Serialize, ToSchema)]
#[schema(as = NextRound)]
struct NextRoundView<'a> {
    round: usize,
    of: usize,
    #[schema(value_type = String)]
    dealer: &'a str,
    #[schema(value_type = Option<String>)]
    cutter: Option<&'a str>,
    /// The contract in words; null for `rommee`.
    contract: Option<String>,
    contract_de: Option<String>,
    /// Cards dealt to each player.
    deal: u8,
    /// `liverpool`: the cut that earns the bonus.
    cut_target: Option<u32>,
    decks: String,
    decks_de: String,
    #[schema(value_type = schema::Buys)]
    buys: Buys,
    buys_text: String,
    /// `buys_text` in German (added 2026-11-27).
    buys_text_de: String,
    go_out_all: bool,
    needs_more_than_dealt: bool,
    no_winner_allowed: bool,
    restrictions: Vec<String>,
    restrictions_de: Vec<String>,
}

/// The money of a finished game.
#[derive(Serialize, ToSchema)]
#[schema(as = GameSettlement)]
struct SettlementView<'a> {
    /// Net cents per player in seating order.
    #[schema(value_type = Vec<i64>)]
    net_cents: &'a [i64],
    transfers: Vec<TransferView<'a>>,
    /// Place per player in seating order, 1 = best.
    #[schema(value_type = Vec<u32>)]
    places: &'a [u32],
    /// Net cents by name.
    #[schema(value_type = BTreeMap<String, i64>)]
    net: ByName<'a, i64>,
}

/// One payment.
#[derive(Serialize, ToSchema)]
#[schema(as = GameTransfer)]
struct TransferView<'a> {
    #[schema(value_type = String)]
    from: &'a str,
    #[schema(value_type = String)]
    to: &'a str,
    cents: i64,
}

impl<'a> NextRoundView<'a> {
    fn new(setup: &'a GameSetup, info: &'a RoundInfo) -> Self {
        NextRoundView {
            round: info.round,
            of: info.of,
            dealer: setup.name(info.dealer),
            cutter: info.cutter.map(|c| setup.name(c)),
            contract: info.contract.as_ref().map(|c| c.describe(Lang::En)),
            contract_de: info.contract.as_ref().map(|c| c.describe(Lang::De)),
            deal: info.deal,
            cut_target: info.cut_target,
            decks: info.decks.describe(Lang::En),
            decks_de: info.decks.describe(Lang::De),
            buys: info.buys,
            buys_text: text::round::buys_rule(&info.buys, Lang::En),
            buys_text_de: text::round::buys_rule(&info.buys, Lang::De),
            go_out_all: info.go_out_all,
            needs_more_than_dealt: info.needs_more_than_dealt,
            no_winner_allowed: info.no_winner_allowed,
            restrictions: info.restrictions.iter().map(|t| t.say(Lang::En)).collect(),
            restrictions_de: info.restrictions.iter().map(|t| t.say(Lang::De)).collect(),
        }
    }
}

impl<'a> GameView<'a> {
    /// The state of `game` as seen through `access`.
    pub fn new(game: &'a LoadedGame, access: Access) -> Self {
        let (setup, state, stored) = (&game.setup, &game.state, &game.record.game);
        let edit = access == Access::Edit;
        let rounds = state
            .rounds
            .iter()
            .map(|r| RoundView {
                round: r.info.round,
                dealer: setup.name(r.info.dealer),
                cutter: r.info.cutter.map(|c| setup.name(c)),
                contract: r.info.contract.as_ref().map(|c| c.describe(Lang::En)),
                went_out: r.entry.went_out().map(|w| setup.name(w)),
                points: by_name(setup, r.entry.points()),
                entry: r.entry.to_raw(setup),
                note: r.entry.note(),
            })
            .collect();
        let (settlement, settlement_error) = match &state.settlement {
            None => (None, None),
            Some(Ok(s)) => (
                Some(SettlementView {
                    net_cents: &s.net_cents,
                    transfers: s
                        .transfers
                        .iter()
                        .map(|t| TransferView {
                            from: setup.name(t.from),
                            to: setup.name(t.to),
                            cents: t.cents,
                        })
                        .collect(),
                    places: &s.places,
                    net: by_name(setup, &s.net_cents),
                }),
                None,
            ),
            Some(Err(e)) => (None, Some(e.message(Lang::En))),
        };
        let units = setup.cents_field() == "cents_per_unit";
        GameView {
            id: edit.then_some(stored.id.as_str()),
            url: edit.then(|| GameLinks::new(&stored.id).page()),
            history_url: edit.then(|| GameLinks::new(&stored.id).api_history()),
            view_url: ViewLinks::new(&stored.view_token).page(),
            rules: setup.rules().id(),
            rules_name: setup.rules().info.name,
            options: &setup.rules().options,
            players: setup.players(),
            table: table_view(game),
            first_dealer: setup.name(setup.first_dealer()),
            version: stored.version,
            of_rounds: setup.round_count(),
            rounds,
            totals: by_name(setup, &state.totals),
            leaders: state.leaders.iter().map(|&i| setup.name(i)).collect(),
            standings: by_name(setup, &state.places),
            buys: by_name(setup, &state.buys),
            next_round: state
                .next_round
                .as_ref()
                .map(|info| NextRoundView::new(setup, info)),
            finished: state.finished,
            ended_early: state.ended_early,
            settlement,
            settlement_error,
            scheme: setup.scheme().id(),
            cents_per_point: (!units).then_some(setup.cents()),
            cents_per_unit: units.then_some(setup.cents()),
            points_per_cent: setup.points_per_cent(),
            currency: setup.currency(),
            created_at: rfc3339(stored.created_at),
            updated_at: rfc3339(stored.updated_at),
            group: stored.group.as_ref().map(|group| {
                let view = GroupLinks::new(&group.view_token);
                GameGroupView {
                    id: None,
                    url: None,
                    api_url: None,
                    name: &group.name,
                    view_url: view.view_page(),
                    view_api_url: view.view_api(),
                }
            }),
            house_rules: stored.house_rules.as_deref(),
        }
    }
}
