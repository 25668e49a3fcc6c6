//! A group's numbers (issue 10): the standings and the open ledger in the group's JSON (edit
//! and read-only link), filtered by period and rule set, the ledger kept apart per currency,
//! settle-ups that settle exactly the games they saw; the standings, head-to-head and ledger
//! pages with the settle-up form, and the group's money chart.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};

use crate::common::{TestApp, TestResponse};

async fn post(app: &TestApp, path: &str, body: &Value) -> TestResponse {
    let request = Request::post(path).header("content-type", "application/json");
    app.send(request.body(Body::from(body.to_string())).unwrap())
        .await
}

fn ok(response: TestResponse) -> Value {
    assert!(response.status.is_success(), "{}", response.body);
    response.json()
}

/// A group's edit id and read-only token.
struct Group {
    id: String,
    view: String,
}

impl Group {
    fn api(&self) -> String {
        format!("/api/v1/groups/{}", self.id)
    }

    async fn state(&self, app: &TestApp, query: &str) -> Value {
        ok(app.get(&format!("{}{query}", self.api())).await)
    }
}

async fn create_group(app: &TestApp, players: &[&str]) -> Group {
    let created = ok(post(
        app,
        "/api/v1/groups",
        &json!({"name": "Freitagsrunde", "players": players}),
    )
    .await);
    Group {
        id: created["id"].as_str().unwrap().to_owned(),
        view: created["view_api_url"]
            .as_str()
            .unwrap()
            .rsplit('/')
            .next()
            .unwrap()
            .to_owned(),
    }
}

/// A contract game in the group at 10 (of `currency`) a point: rounds entered, then ended
/// early. Its edit id.
async fn played(
    app: &TestApp,
    group: &Group,
    players: &[&str],
    currency: &str,
    rounds: &[(&str, Value)],
) -> String {
    let created = ok(post(
        app,
        &format!("{}/games", group.api()),
        &json!({"rules": "contract", "players": players, "cents_per_point": 10,
                "currency": currency}),
    )
    .await);
    let id = created["id"].as_str().unwrap().to_owned();
    for (out, points) in rounds {
        ok(post(
            app,
            &format!("/api/v1/games/{id}/rounds"),
            &json!({"went_out": out, "points": points}),
        )
        .await);
    }
    ok(post(app, &format!("/api/v1/games/{id}/end"), &json!({})).await);
    id
}

/// The settled nets of a game by name.
async fn nets(app: &TestApp, id: &str) -> Vec<(String, i64)> {
    let game = ok(app.get(&format!("/api/v1/games/{id}")).await);
    let names = game["players"].as_array().unwrap().clone();
    names
        .iter()
        .zip(game["settlement"]["net_cents"].as_array().unwrap())
        .map(|(n, c)| {
            let name = n.as_str().or_else(|| n["name"].as_str()).unwrap();
            (name.to_owned(), c.as_i64().unwrap())
        })
        .collect()
}

/// Two evenings of Ann, Ben and Cy in euros.
async fn two_evenings(app: &TestApp) -> (Group, [String; 2]) {
    let group = create_group(app, &["Ann", "Ben", "Cy"]).await;
    let first = played(
        app,
        &group,
        &["Ann", "Ben", "Cy"],
        "€",
        &[("Ann", json!({"Ben": 20, "Cy": 40}))],
    )
    .await;
    let second = played(
        app,
        &group,
        &["Ben", "Ann", "Cy"],
        "€",
        &[("Ben", json!({"Ann": 25, "Cy": 40}))],
    )
    .await;
    (group, [first, second])
}

fn standing<'a>(state: &'a Value, name: &str) -> &'a Value {
    state["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["player"] == name)
        .unwrap_or_else(|| panic!("no {name} in {}", state["standings"]))
}

#[tokio::test]
async fn the_group_s_json_holds_standings_and_the_ledger_from_its_games() {
    let app = TestApp::new().await;
    let (group, games) = two_evenings(&app).await;
    let state = group.state(&app, "").await;
    let order: Vec<&str> = state["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["player"].as_str().unwrap())
        .collect();
    // Ann and Ben one win each, both 1.5 on average: the older player first; Cy last.
    assert_eq!(order, ["Ann", "Ben", "Cy"]);
    let ann = standing(&state, "Ann");
    assert_eq!(ann["games"], 2);
    assert_eq!(ann["wins"], 1);
    assert_eq!(ann["average_place"], 1.5);
    assert_eq!(ann["rounds_won"], 1);
    assert_eq!(ann["average_penalty"], 12.5);
    assert_eq!(ann["biggest_hand"]["points"], 25);
    assert_eq!(ann["biggest_hand"]["url"], format!("/games/{}", games[1]));
    assert_eq!(ann["best"]["url"], format!("/games/{}", games[0]));
    assert_eq!(ann["best"]["place"], 1);
    assert_eq!(ann["worst"]["place"], 2);
    let cy = standing(&state, "Cy");
    assert_eq!(cy["wins"], 0);
    assert_eq!(cy["average_place"], 3.0);
    assert_eq!(cy["average_penalty"], 40.0);
    assert_eq!(cy["biggest_hand"]["url"], format!("/games/{}", games[0]));
    assert_eq!(state["standings_filter"]["period"], "all");

    // Money: each player's standing and balance is the sum of their nets in the two games.
    let mut sums = std::collections::BTreeMap::<String, i64>::new();
    for id in &games {
        for (name, cents) in nets(&app, id).await {
            *sums.entry(name).or_default() += cents;
        }
    }
    let ledger = &state["ledger"];
    assert_eq!(ledger["since"], Value::Null);
    assert_eq!(ledger["currency"], "€");
    assert_eq!(ledger["games"], 2);
    for (name, cents) in &sums {
        assert_eq!(ledger["balance_cents"][name], *cents, "{ledger}");
        assert_eq!(standing(&state, name)["net_cents"], *cents);
    }
    // Paying the transfers brings every balance to zero, with fewer payments than debtors
    // plus creditors.
    let mut after = sums.clone();
    let transfers = ledger["transfers"].as_array().unwrap();
    assert!(!transfers.is_empty() && transfers.len() < sums.len());
    for t in transfers {
        let cents = t["cents"].as_i64().unwrap();
        assert!(cents > 0);
        *after.get_mut(t["from"].as_str().unwrap()).unwrap() += cents;
        *after.get_mut(t["to"].as_str().unwrap()).unwrap() -= cents;
    }
    assert!(after.values().all(|&c| c == 0), "{after:?}");

    // The read-only twin: the same numbers, games by their read-only links.
    let view = ok(app
        .get(&format!("/api/v1/groups/view/{}", group.view))
        .await);
    assert_eq!(view["ledger"], state["ledger"]);
    let best = standing(&view, "Ann")["best"]["url"].as_str().unwrap();
    assert!(best.starts_with("/view/"), "{best}");
    assert!(!view.to_string().contains(&games[0]));
}

#[tokio::test]
async fn the_standings_follow_a_period_and_a_rule_set_and_a_bad_filter_is_a_sentence() {
    let app = TestApp::new().await;
    let (group, _) = two_evenings(&app).await;
    let year = group.state(&app, "?period=year").await;
    assert_eq!(standing(&year, "Ann")["games"], 2);
    let year_no = time::OffsetDateTime::now_utc().year();
    assert_eq!(
        year["standings_filter"],
        json!({"period": "year", "from": format!("{year_no}-01-01"),
               "to": format!("{year_no}-12-31"), "rules": null})
    );
    let past = group
        .state(&app, "?from=2020-01-01&to=31.12.2020")
        .await;
    assert_eq!(past["standings"], json!([]));
    assert_eq!(past["standings_filter"]["period"], "custom");
    // The ledger does not follow the period: it runs since the last settle-up.
    assert_eq!(past["ledger"]["games"], 2);
    let other_rules = group.state(&app, "?rules=liverpool").await;
    assert_eq!(other_rules["standings"], json!([]));
    let contract = group.state(&app, "?rules=contract").await;
    assert_eq!(standing(&contract, "Cy")["games"], 2);

    let bad = app
        .get(&format!("{}?from=yesterday", group.api()))
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        bad.error_sentence(),
        "\"yesterday\" is not a date; write it as 2026-11-24."
    );
    let request = Request::get(format!(
        "/api/v1/groups/view/{}?from=2026-05-01&to=2026-04-01",
        group.view
    ))
    .header("accept-language", "de")
    .body(Body::empty())
    .unwrap();
    let german = app.send(request).await;
    assert_eq!(german.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        german.error_sentence().contains("beginnt nach seinem Ende"),
        "{}",
        german.body
    );
    let unknown = app.get(&format!("{}?rules=poker", group.api())).await;
    assert_eq!(unknown.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn money_in_another_currency_is_its_own_account_and_a_settle_up_settles_what_it_saw() {
    let app = TestApp::new().await;
    let (group, games) = two_evenings(&app).await;
    ok(post(&app, &format!("{}/players", group.api()), &json!({"name": "Di"})).await);
    // A game in dollars, played after the euro games: the group's currency is now "$".
    let dollars = played(
        &app,
        &group,
        &["Ann", "Cy", "Di"],
        "$",
        &[("Cy", json!({"Ann": 30, "Di": 20}))],
    )
    .await;
    let state = group.state(&app, "").await;
    let ledger = &state["ledger"];
    assert_eq!(ledger["currency"], "$");
    assert_eq!(ledger["games"], 1);
    let dollar_nets = nets(&app, &dollars).await;
    for (name, cents) in &dollar_nets {
        assert_eq!(ledger["balance_cents"][name], *cents);
    }
    assert_eq!(ledger["balance_cents"].as_object().unwrap().len(), 3);
    let euros = &ledger["other_currencies"][0];
    assert_eq!(euros["currency"], "€");
    assert_eq!(euros["games"], 2);
    // The standings' money is the group's currency only: Ben played no dollar game.
    assert_eq!(standing(&state, "Ben")["net_cents"], 0);
    assert_eq!(standing(&state, "Ben")["currency"], "$");
    assert_eq!(standing(&state, "Ben")["games"], 2);

    // Settle up: every account at once; the settle-up keeps the dollar balances as its own.
    let settled = ok(post(
        &app,
        &format!("{}/settle-up", group.api()),
        &json!({"version": state["version"]}),
    )
    .await);
    assert_eq!(settled["settle_ups"][0]["currency"], "$");
    assert_eq!(
        settled["settle_ups"][0]["balance_cents"],
        ledger["balance_cents"]
    );
    assert_eq!(settled["ledger"]["games"], 0);
    assert_eq!(settled["ledger"]["balance_cents"], json!({}));
    assert_eq!(settled["ledger"]["other_currencies"], json!([]));
    assert_eq!(
        settled["ledger"]["since"],
        settled["settle_ups"][0]["at"]
    );

    // A standalone game played before the settle-up and added to the group after it was
    // never settled: it is open.
    let standalone = ok(post(
        &app,
        "/api/v1/games",
        &json!({"rules": "contract", "players": ["Ann", "Ben", "Di"], "cents_per_point": 10,
                "currency": "$"}),
    )
    .await)["id"]
        .as_str()
        .unwrap()
        .to_owned();
    ok(post(
        &app,
        &format!("/api/v1/games/{standalone}/rounds"),
        &json!({"went_out": "Ann", "points": {"Ben": 50, "Di": 10}}),
    )
    .await);
    ok(post(&app, &format!("/api/v1/games/{standalone}/end"), &json!({})).await);
    let added = ok(post(
        &app,
        &format!("{}/add-game", group.api()),
        &json!({"game": standalone}),
    )
    .await);
    assert_eq!(added["ledger"]["games"], 1);
    for (name, cents) in nets(&app, &standalone).await {
        assert_eq!(added["ledger"]["balance_cents"][&name], cents);
    }
    assert_eq!(games.len(), 2);
}
