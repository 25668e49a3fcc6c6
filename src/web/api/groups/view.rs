//! The state of a group as JSON ([`GroupView`]): `GET /api/v1/groups/{id}`, its read-only
//! twin and the answer of every group write. A child of [`super`]; shapes only, no store
//! calls.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::super::games::{game_url, rfc3339, view_url};
use super::super::schema;
use crate::store::groups::LoadedGroup;
use crate::web::links::GroupLinks;

/// Through which link the group is seen.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Access {
    /// The edit link: everything, with the edit ids and URLs.
    Edit,
    /// The read-only link: no edit id or URL, games by their read-only links.
    View,
}

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
    #[schema(format = DateTime)]
    created_at: String,
    #[schema(format = DateTime)]
    updated_at: String,
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
}

impl GroupView {
    pub(crate) fn new(group: &LoadedGroup, access: Access) -> Self {
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
                        game_url(&record.id)
                    } else {
                        view_url(&record.view_token)
                    },
                    view_url: view_url(&record.view_token),
                    rules: setup.rules().id().to_string(),
                    rules_name: setup.rules().info.name.to_string(),
                    house_rules: record.house_rules.clone(),
                    players: setup.players().to_vec(),
                    player_ids: record.seats.clone(),
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
            created_at: rfc3339(stored.created_at),
            updated_at: rfc3339(stored.updated_at),
        }
    }
}
