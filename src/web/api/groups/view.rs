//! The state of a group as JSON ([`GroupView`]): `GET /api/v1/groups/{id}`, its read-only
//! twin and the answer of every group write, with the group's numbers (`standings` for a
//! filter, the open `ledger`) from `store::numbers`. A child of [`super`]; shapes only, no
//! database calls.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::rules::ledger::Ledger;
use crate::rules::standings::PlayerStats;
use crate::store::groups::LoadedGroup;
use crate::store::numbers::{group_ledger, group_standings};
use crate::web::json::{Access, rfc3339};
use crate::web::links::{GameLinks, GroupLinks, ViewLinks};
use crate::web::numbers::{AskedFilter, iso_day};
use crate::web::schema;

/// A group's state: `GET /api/v1/groups/{id}` and the answer of every group write.
#[derive(Serialize, ToSchema)]
#[schema(as = GroupState)]
pub(crate) struct GroupView {
    /// The edit id (not through the read-only link).
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<String>,
    /// The group's page (not through the read-only link).
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<String>,
    /// `/api/v1/groups/{id}` (not through the read-only link).
    #[serde(skip_serializing_if = "Option::is_none")]
    api_url: Option<String>,
    /// The read-only page.
    view_url: String,
    /// `/api/v1/groups/view/{token}`.
    view_api_url: String,
    name: String,
    /// Bumped by every change; send it back with a change to guard it (409 if stale).
    version: i64,
    /// Every player, retired ones too, in the order they joined.
    players: Vec<PlayerView>,
    /// The games, newest first.
    games: Vec<GroupGameView>,
    /// The saved house rules, by name.
    house_rules: Vec<HouseRulesView>,
    /// The settle-ups, oldest first.
    settle_ups: Vec<SettleUpView>,
    /// Added 2026-11-24: the standings of the games `standings_filter` admits, best first
    /// (most wins, then best average place, then most games).
    standings: Vec<StandingView>,
    /// Added 2026-11-24: which games the standings count.
    standings_filter: FilterView,
    /// Added 2026-11-24: the open ledger (Kasse) since the last settle-up; null only if its
    /// sums do not fit in 64-bit cents.
    ledger: Option<LedgerView>,
    #[schema(format = DateTime)]
    created_at: String,
    #[schema(format = DateTime)]
    updated_at: String,
    /// Added 2026-11-27: the group's own rule sets, one per family (its newest version), in
    /// the reads (`GET`) only.
    #[serde(skip_serializing_if = "Option::is_none")]
    rule_sets: Option<Vec<GroupRuleSetView>>,
}

/// A family of a group's own rule sets: its newest version.
#[derive(Serialize, ToSchema)]
#[schema(as = GroupRuleSet)]
struct GroupRuleSetView {
    /// The newest version's id (`"rules"` for a new game).
    id: String,
    name: String,
    /// Every version: `?rules=<family>` filters the standings by all of them.
    family: String,
    /// The newest version's number, 1 first.
    version: i64,
    /// Games of the group played with any version.
    games: usize,
    /// Its read-only page to share.
    page_url: String,
    /// Its file.
    file_url: String,
}

impl GroupView {
    /// The view with the group's own rule sets (the reads list them).
    pub(crate) fn with_rule_sets(mut self, owned: Vec<crate::web::groups::OwnedRuleSet>) -> Self {
        self.rule_sets = Some(
            owned
                .into_iter()
                .map(|o| GroupRuleSetView {
                    page_url: format!("/rulesets/{}", o.latest.id),
                    file_url: format!("/api/v1/rulesets/{}/file", o.latest.id),
                    id: o.latest.id,
                    name: o.latest.name,
                    family: o.latest.family,
                    version: o.latest.version,
                    games: o.games,
                })
                .collect(),
        );
        self
    }
}

/// A player of a group.
#[derive(Serialize, ToSchema)]
#[schema(as = GroupPlayer)]
struct PlayerView {
    /// Stable: a rename keeps it.
    id: i64,
    name: String,
    /// Hidden from new games, kept in every game.
    retired: bool,
}

/// A game of a group.
#[derive(Serialize, ToSchema)]
#[schema(as = GroupGame)]
struct GroupGameView {
    /// The game's edit id (not through the group's read-only link).
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<String>,
    /// The game's page: its edit link, or through the group's read-only link its read-only
    /// link.
    url: String,
    /// The game's read-only page.
    view_url: String,
    /// Rule-set id.
    rules: String,
    rules_name: String,
    /// The name of the house rules it was played with, if any.
    house_rules: Option<String>,
    /// Names in seating order (as the group names the players now).
    players: Vec<String>,
    /// The group players' ids in seating order.
    player_ids: Vec<i64>,
    #[schema(format = DateTime)]
    created_at: String,
    rounds_played: usize,
    finished: bool,
    ended_early: bool,
    /// Names with the best total so far (the winners once finished).
    leaders: Vec<String>,
    /// Place per seat once finished (1 = best); null before.
    places: Option<Vec<u32>>,
    /// Net cents per seat once finished; null before (or where it cannot be settled).
    net_cents: Option<Vec<i64>>,
    currency: String,
}

/// Saved house rules.
#[derive(Serialize, ToSchema)]
#[schema(as = HouseRules)]
struct HouseRulesView {
    id: i64,
    name: String,
    /// Rule-set id.
    rules: String,
    /// Every option of the rule set as saved.
    #[schema(value_type = schema::Options)]
    options: Value,
}

/// A settle-up.
#[derive(Serialize, ToSchema)]
#[schema(as = SettleUp)]
struct SettleUpView {
    #[schema(format = DateTime)]
    at: String,
    /// The group's version it brought the group to.
    version: i64,
    /// What each player's balance was, by name as the group names them now (positive:
    /// received).
    balance_cents: BTreeMap<String, i64>,
    /// Added 2026-11-24: the currency of `balance_cents` (null for settle-ups recorded
    /// before it was kept).
    currency: Option<String>,
}

/// One player's standing.
#[derive(Serialize, ToSchema)]
#[schema(as = GroupStanding)]
struct StandingView {
    /// The player's name as the group names them now.
    player: String,
    /// The group player's id.
    player_id: i64,
    /// Finished games played.
    games: u32,
    /// Finished games won alone.
    wins: u32,
    /// Finished games with a first place shared by a tie.
    shared_wins: u32,
    /// Games in progress the player sits in (counted nowhere else).
    unfinished: u32,
    /// Average place over the finished games; null without one.
    average_place: Option<f64>,
    /// Rounds the player went out in.
    rounds_won: u32,
    /// Average penalty points per round (penalty-point games only); null without one.
    average_penalty: Option<f64>,
    /// Money over the finished games played in the group's `currency`, in cents.
    net_cents: i64,
    /// The group's currency (the newest settled game's); money in others is not summed here.
    currency: Option<String>,
    /// The best game.
    best: Option<GameMarkView>,
    /// The worst game.
    worst: Option<GameMarkView>,
    /// The biggest hand (most points in one round of a penalty-point game).
    biggest_hand: Option<HandMarkView>,
}

/// A player's best or worst game.
#[derive(Serialize, ToSchema)]
#[schema(as = GroupGameMark)]
struct GameMarkView {
    /// The game's page (its read-only page through the group's read-only link).
    url: String,
    #[schema(format = DateTime)]
    created_at: String,
    place: u32,
    total: i64,
}

/// A player's biggest hand.
#[derive(Serialize, ToSchema)]
#[schema(as = GroupHandMark)]
struct HandMarkView {
    /// The game's page (its read-only page through the group's read-only link).
    url: String,
    #[schema(format = DateTime)]
    created_at: String,
    /// Round number, 1-based.
    round: usize,
    points: i64,
}

/// Which games the standings count.
#[derive(Serialize, ToSchema)]
#[schema(as = GroupStandingsFilter)]
struct FilterView {
    /// `year`, `all` or `custom`.
    period: &'static str,
    /// First day counted (`2026-01-01`); null: since the first game.
    from: Option<String>,
    /// Last day counted; null: up to the last game.
    to: Option<String>,
    /// Rule-set id; null: every rule set.
    rules: Option<String>,
}

/// The open ledger: the group's currency, plus any other currency games were played in.
#[derive(Serialize, ToSchema)]
#[schema(as = GroupLedger)]
struct LedgerView {
    /// The last settle-up; null: the ledger runs since the group's first game.
    #[schema(format = DateTime)]
    since: Option<String>,
    /// The currency of this account: the group's (its newest settled game's).
    currency: Option<String>,
    /// Finished games not yet settled, in this currency.
    games: u32,
    /// Balance per player name, in cents (positive: is owed money); sums to 0.
    balance_cents: BTreeMap<String, i64>,
    /// The fewest payments that bring every balance to 0.
    transfers: Vec<TransferView>,
    /// Accounts of games played in other currencies (never converted), by symbol.
    other_currencies: Vec<AccountView>,
}

/// The open account of another currency.
#[derive(Serialize, ToSchema)]
#[schema(as = GroupLedgerAccount)]
struct AccountView {
    currency: String,
    games: u32,
    balance_cents: BTreeMap<String, i64>,
    transfers: Vec<TransferView>,
}

/// One payment of the ledger.
#[derive(Serialize, ToSchema)]
#[schema(as = GroupLedgerTransfer)]
struct TransferView {
    /// Who pays (name).
    from: String,
    /// Who is paid (name).
    to: String,
    cents: i64,
}

impl GroupView {
    /// The group's state with all-time standings.
    pub(crate) fn new(group: &LoadedGroup, access: Access) -> Self {
        Self::with_filter(group, access, &AskedFilter::default())
    }

    /// The group's state with the standings of `asked`.
    pub(crate) fn with_filter(group: &LoadedGroup, access: Access, asked: &AskedFilter) -> Self {
        let edit = access == Access::Edit;
        let stored = &group.group;
        let view = GroupLinks::new(&stored.view_token);
        let games = group
            .newest_first()
            .map(|game| {
                let (setup, state, record) = (&game.setup, &game.state, &game.record.game);
                let settlement = match &state.settlement {
                    Some(Ok(s)) => Some(s),
                    _ => None,
                };
                GroupGameView {
                    id: edit.then(|| record.id.clone()),
                    url: if edit {
                        GameLinks::new(&record.id).page()
                    } else {
                        ViewLinks::new(&record.view_token).page()
                    },
                    view_url: ViewLinks::new(&record.view_token).page(),
                    rules: setup.rules().id().to_string(),
                    rules_name: setup.rules().info.name.to_string(),
                    house_rules: record.house_rules.clone(),
                    players: setup.players().to_vec(),
                    player_ids: crate::store::numbers::seat_ids(group, game),
                    created_at: rfc3339(record.created_at),
                    rounds_played: state.rounds.len(),
                    finished: state.finished,
                    ended_early: state.ended_early,
                    leaders: state
                        .leaders
                        .iter()
                        .map(|&i| setup.name(i).to_string())
                        .collect(),
                    places: settlement.map(|s| s.places.clone()),
                    net_cents: settlement.map(|s| s.net_cents.clone()),
                    currency: setup.currency().to_string(),
                }
            })
            .collect();
        let name_of = |id: &str| -> Option<String> {
            let id: i64 = id.parse().ok()?;
            group.player(id).map(|p| p.name.clone())
        };
        let settle_ups = group
            .settle_ups
            .iter()
            .map(|s| SettleUpView {
                at: rfc3339(s.at),
                version: s.version,
                balance_cents: s
                    .balances
                    .get("balances")
                    .and_then(Value::as_object)
                    .into_iter()
                    .flatten()
                    .filter_map(|(id, cents)| Some((name_of(id)?, cents.as_i64()?)))
                    .collect(),
                currency: s
                    .balances
                    .get("currency")
                    .and_then(Value::as_str)
                    .map(str::to_owned),
            })
            .collect();
        GroupView {
            id: edit.then(|| stored.id.clone()),
            url: edit.then(|| GroupLinks::new(&stored.id).page()),
            api_url: edit.then(|| GroupLinks::new(&stored.id).api()),
            view_url: view.view_page(),
            view_api_url: view.view_api(),
            name: stored.name.clone(),
            version: stored.version,
            players: group
                .players
                .iter()
                .map(|p| PlayerView {
                    id: p.id,
                    name: p.name.clone(),
                    retired: p.retired,
                })
                .collect(),
            games,
            house_rules: group
                .house_rules
                .iter()
                .map(|h| HouseRulesView {
                    id: h.id,
                    name: h.name.clone(),
                    rules: h.rules.clone(),
                    options: h.options.clone(),
                })
                .collect(),
            settle_ups,
            standings: standings_view(group, edit, asked),
            standings_filter: FilterView {
                period: asked.period.code(),
                from: asked.filter.from.map(iso_day),
                to: asked.filter.to.map(iso_day),
                rules: asked.rules.clone(),
            },
            ledger: ledger_view(group),
            created_at: rfc3339(stored.created_at),
            updated_at: rfc3339(stored.updated_at),
            rule_sets: None,
        }
    }
}

/// A player's name as the group names them now (the id if the player is unknown).
fn name(group: &LoadedGroup, id: i64) -> String {
    group
        .player(id)
        .map_or_else(|| id.to_string(), |p| p.name.clone())
}

/// The standings of `asked`, worded with names and links.
fn standings_view(group: &LoadedGroup, edit: bool, asked: &AskedFilter) -> Vec<StandingView> {
    let currency = crate::store::numbers::group_currency(group);
    let game_link = |index: usize| -> (String, String) {
        group.games.get(index).map_or_else(Default::default, |g| {
            let record = &g.record.game;
            let url = if edit {
                GameLinks::new(&record.id).page()
            } else {
                ViewLinks::new(&record.view_token).page()
            };
            (url, rfc3339(record.created_at))
        })
    };
    let mark = |m: &crate::rules::standings::GameMark| {
        let (url, created_at) = game_link(m.game);
        GameMarkView {
            url,
            created_at,
            place: m.place,
            total: m.total,
        }
    };
    group_standings(group, &asked.filter)
        .iter()
        .map(|s: &PlayerStats| StandingView {
            player: name(group, s.player),
            player_id: s.player,
            games: s.games,
            wins: s.wins,
            shared_wins: s.shared_wins,
            unfinished: s.unfinished,
            average_place: s.average_place(),
            rounds_won: s.rounds_won,
            average_penalty: s.average_penalty(),
            net_cents: s.net_cents,
            currency: currency.clone(),
            best: s.best.as_ref().map(mark),
            worst: s.worst.as_ref().map(mark),
            biggest_hand: s.biggest_hand.map(|h| {
                let (url, created_at) = game_link(h.game);
                HandMarkView {
                    url,
                    created_at,
                    round: h.round,
                    points: h.points,
                }
            }),
        })
        .collect()
}

/// Balances and transfers by name.
fn by_name(group: &LoadedGroup, ledger: &Ledger) -> (BTreeMap<String, i64>, Vec<TransferView>) {
    let balances = ledger
        .balance_cents
        .iter()
        .map(|(&id, &cents)| (name(group, id), cents))
        .collect();
    let transfers = ledger
        .transfers
        .iter()
        .map(|t| TransferView {
            from: name(group, t.from),
            to: name(group, t.to),
            cents: t.cents,
        })
        .collect();
    (balances, transfers)
}

/// The open ledger, worded with names.
fn ledger_view(group: &LoadedGroup) -> Option<LedgerView> {
    let open = group_ledger(group).ok()?;
    let mut accounts = open.accounts.iter();
    let first = accounts.next();
    let (balance_cents, transfers) =
        first.map_or_else(Default::default, |a| by_name(group, &a.ledger));
    Some(LedgerView {
        since: open.since.map(rfc3339),
        currency: first
            .map(|a| a.currency.clone())
            .or_else(|| crate::store::numbers::group_currency(group)),
        games: first.map_or(0, |a| a.ledger.games),
        balance_cents,
        transfers,
        other_currencies: accounts
            .map(|a| {
                let (balance_cents, transfers) = by_name(group, &a.ledger);
                AccountView {
                    currency: a.currency.clone(),
                    games: a.ledger.games,
                    balance_cents,
                    transfers,
                }
            })
            .collect(),
    })
}
