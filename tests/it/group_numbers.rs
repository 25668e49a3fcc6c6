//! A group's numbers (issue 10): the standings and the open ledger in the group's JSON (edit
//! and read-only link), filtered by period and rule set, the ledger kept apart per currency,
//! settle-ups that settle exactly the games they saw; the standings, head-to-head and ledger
//! pages with the settle-up form, and the group's money chart.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};

use crate::common::Said::{Has, Is};
use crate::common::{
    Group, TestApp, TestResponse, assert_no_inline_script_or_style, post_form, text,
};

fn ok(response: TestResponse) -> Value {
    assert!(response.status.is_success(), "{}", response.body);
    response.json()
}

async fn create_group(app: &TestApp, players: &[&str]) -> Group {
    app.create_group("Freitagsrunde", players).await.into()
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
    let id = app
        .create_game_at(
            &format!("{}/games", group.api()),
            json!({"rules": "contract", "players": players, "cents_per_point": 10,
                "currency": currency}),
        )
        .await
        .id;
    for (out, points) in rounds {
        app.enter_round(&id, json!({"went_out": out, "points": points}))
            .await;
    }
    app.end_game(&id).await;
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
    let past = group.state(&app, "?from=2020-01-01&to=31.12.2020").await;
    assert_eq!(past["standings"], json!([]));
    assert_eq!(past["standings_filter"]["period"], "custom");
    // The ledger does not follow the period: it runs since the last settle-up.
    assert_eq!(past["ledger"]["games"], 2);
    let other_rules = group.state(&app, "?rules=liverpool").await;
    assert_eq!(other_rules["standings"], json!([]));
    let contract = group.state(&app, "?rules=contract").await;
    assert_eq!(standing(&contract, "Cy")["games"], 2);

    let bad = app.get(&format!("{}?from=yesterday", group.api())).await;
    bad.assert_refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        Is("\"yesterday\" is not a date; write it as 2026-11-24."),
    );
    let request = Request::get(format!(
        "/api/v1/groups/view/{}?from=2026-05-01&to=2026-04-01",
        group.view
    ))
    .header("accept-language", "de")
    .body(Body::empty())
    .unwrap();
    let german = app.send(request).await;
    german.assert_refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        Has("beginnt nach seinem Ende"),
    );
    let unknown = app.get(&format!("{}?rules=poker", group.api())).await;
    assert_eq!(unknown.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn money_in_another_currency_is_its_own_account_and_a_settle_up_settles_what_it_saw() {
    let app = TestApp::new().await;
    let (group, games) = two_evenings(&app).await;
    ok(app
        .post_json(&format!("{}/players", group.api()), &json!({"name": "Di"}))
        .await);
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
    let settled = ok(app
        .post_json(
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
    assert_eq!(settled["ledger"]["since"], settled["settle_ups"][0]["at"]);

    // A standalone game played before the settle-up and added to the group after it was
    // never settled: it is open.
    let standalone = ok(app
        .post_json(
            "/api/v1/games",
            &json!({"rules": "contract", "players": ["Ann", "Ben", "Di"], "cents_per_point": 10,
                "currency": "$"}),
        )
        .await)["id"]
        .as_str()
        .unwrap()
        .to_owned();
    ok(app
        .post_json(
            &format!("/api/v1/games/{standalone}/rounds"),
            &json!({"went_out": "Ann", "points": {"Ben": 50, "Di": 10}}),
        )
        .await);
    app.end_game(&standalone).await;
    let added = ok(app
        .post_json(
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

#[tokio::test]
async fn the_standings_page_shows_every_number_for_a_period_in_both_languages() {
    let app = TestApp::new().await;
    let (group, games) = two_evenings(&app).await;
    let page = app
        .get_in(&format!("/groups/{}/standings", group.id), "en")
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.is_html());
    assert_no_inline_script_or_style(&page.body);
    let body = text(&page.body);
    for words in [
        "Standings",
        "Average place",
        "Rounds won",
        "Average penalty per round",
        "Biggest hand",
        "1.5",
        "12.5",
        "25 in round 1",
        "1st place, 0",
        "Shown: All time.",
    ] {
        assert!(body.contains(words), "{words} missing: {body}");
    }
    // The best game links to the game through the edit link.
    assert!(body.contains(&format!("href=\"/games/{}\"", games[0])));
    // No JavaScript needed: the period is a GET form.
    assert!(body.contains("<form method=\"get\""));

    let german = app
        .get_in(
            &format!("/groups/view/{}/standings?period=year", group.view),
            "de",
        )
        .await;
    assert_eq!(german.status, StatusCode::OK);
    let body = text(&german.body);
    assert!(body.contains("Tabelle") && body.contains("1,5"), "{body}");
    assert!(body.contains("Ø Strafpunkte je Runde"));
    assert!(
        !body.contains(&games[0]),
        "the read-only page shows an edit id"
    );
    assert!(body.contains("href=\"/view/"));

    let past = app
        .get_in(
            &format!(
                "/groups/{}/standings?from=2020-01-01&to=2020-12-31",
                group.id
            ),
            "en",
        )
        .await;
    assert!(text(&past.body).contains("No finished game in this period yet."));
    let bad = app
        .get_in(
            &format!("/groups/{}/standings?from=someday", group.id),
            "de",
        )
        .await;
    bad.assert_page_refused(StatusCode::UNPROCESSABLE_ENTITY, "„someday“ ist kein Datum");
}

#[tokio::test]
async fn head_to_head_compares_two_players_and_refuses_one_player_twice() {
    let app = TestApp::new().await;
    let (group, _) = two_evenings(&app).await;
    let state = group.state(&app, "").await;
    let id = |name: &str| {
        state["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .unwrap()["id"]
            .as_i64()
            .unwrap()
    };
    let (ann, cy) = (id("Ann"), id("Cy"));
    let page = app
        .get_in(
            &format!("/groups/{}/head-to-head?a={ann}&b={cy}", group.id),
            "en",
        )
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let body = text(&page.body);
    assert!(body.contains("2 finished games together."), "{body}");
    assert!(body.contains("Ann placed ahead 2 times."));
    assert!(body.contains("Cy placed ahead 0 times."));
    assert!(body.contains("Between them, Ann came out"));
    let same = app
        .get_in(
            &format!("/groups/view/{}/head-to-head?a={ann}&b={ann}", group.view),
            "en",
        )
        .await;
    same.assert_page_refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Choose two different players",
    );
}

#[tokio::test]
async fn the_ledger_page_settles_up_once_per_form_and_a_stale_form_is_a_conflict() {
    let app = TestApp::new().await;
    let (group, games) = two_evenings(&app).await;
    let ledger = format!("/groups/{}/ledger", group.id);
    let page = app.get_in(&ledger, "en").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_no_inline_script_or_style(&page.body);
    let body = text(&page.body);
    assert!(body.contains("Since the group's first game."));
    assert!(body.contains("2 finished games not settled yet."));
    assert!(body.contains(" pays "), "{body}");
    assert!(body.contains("No settle-up yet."));
    assert!(body.contains(&format!("src=\"/groups/{}/chart.svg\"", group.id)));
    let state = group.state(&app, "").await;
    let version = state["version"].as_i64().unwrap().to_string();
    // "Settled up" asks first: the ledger links to the confirmation step, which says what
    // will happen and carries the form with the group's version and a signed key.
    let action = format!("/groups/{}/ledger/settle-up", group.id);
    assert!(body.contains(&format!("href=\"{action}\"")));
    assert!(
        !body.contains("id=\"settle-up-form\""),
        "no settling in one tap"
    );
    let confirm = app.get_in(&action, "en").await;
    assert_eq!(confirm.status, StatusCode::OK, "{}", confirm.body);
    let body = text(&confirm.body);
    assert!(body.contains("Settled up?"), "{body}");
    assert!(body.contains("the ledger starts again at zero"), "{body}");
    assert!(body.contains(" pays "), "the payments it records: {body}");
    assert!(body.contains(&format!("name=\"version\" value=\"{version}\"")));
    assert!(body.contains(&format!("action=\"{action}\"")));
    assert!(text(&app.get_in(&action, "de").await.body).contains("Ja, abgerechnet"));

    // A stale version: 409, the ledger as it is, nothing settled.
    let stale = post_form(&app, &action, &[("version", "0")], "en").await;
    stale.assert_page_refused(StatusCode::CONFLICT, "changed on another device");
    assert_eq!(group.state(&app, "").await["settle_ups"], json!([]));

    let key = app.form_key(&action);
    let fields = [("key", key.as_str()), ("version", version.as_str())];
    let done = post_form(&app, &action, &fields, "en").await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
    assert_eq!(done.header("location"), format!("{ledger}?settled=1"));
    // The same post again (a double tap, a retry): the same answer, one settle-up.
    let again = post_form(&app, &action, &fields, "en").await;
    assert_eq!(again.status, StatusCode::SEE_OTHER, "{}", again.body);
    let after = group.state(&app, "").await;
    assert_eq!(after["settle_ups"].as_array().unwrap().len(), 1);
    assert_eq!(after["ledger"]["games"], 0);
    let mut sum = 0;
    for id in &games {
        sum += nets(&app, id)
            .await
            .iter()
            .find(|(n, _)| n == "Ann")
            .unwrap()
            .1;
    }
    assert_eq!(after["settle_ups"][0]["balance_cents"]["Ann"], sum);

    let settled = app.get_in(&format!("{ledger}?settled=1"), "de").await;
    let body = text(&settled.body);
    assert!(
        body.contains("Abgerechnet. Die Kasse beginnt wieder bei null."),
        "{body}"
    );
    assert!(body.contains("Nichts abzurechnen"));
    assert!(body.contains("Seit der Abrechnung vom"));
    assert!(!body.contains("Noch keine Abrechnung."));
    assert!(
        !body.contains("id=\"settle-up-link\""),
        "nothing open, nothing to settle"
    );
    // Right after, the settle-up can be undone; with every game settled there is no chart,
    // and the page says it starts again at zero with the next game.
    assert!(body.contains("Abrechnung zurücknehmen"), "{body}");
    assert!(
        body.contains("Das Diagramm beginnt mit dem nächsten beendeten Spiel wieder bei null"),
        "{body}"
    );
    assert!(!body.contains("id=\"money-chart\""), "{body}");
    let undo = format!("/groups/{}/ledger/settle-up/undo", group.id);
    let now = group.state(&app, "").await["version"]
        .as_i64()
        .unwrap()
        .to_string();
    let key = app.form_key(&undo);
    let fields = [("key", key.as_str()), ("version", now.as_str())];
    let undone = post_form(&app, &undo, &fields, "en").await;
    assert_eq!(undone.status, StatusCode::SEE_OTHER, "{}", undone.body);
    assert_eq!(undone.header("location"), format!("{ledger}?undone=1"));
    let reopened = group.state(&app, "").await;
    assert_eq!(reopened["settle_ups"], json!([]));
    assert_eq!(reopened["ledger"]["games"], 2);
    let body = text(&app.get_in(&format!("{ledger}?undone=1"), "en").await.body);
    assert!(body.contains("The settle-up was undone"), "{body}");
    assert!(body.contains("2 finished games not settled yet."));
    assert!(!body.contains("Undo the settle-up"));
    // Settled again, then the group changes: too late to undo, the form is gone.
    let action_key = app.form_key(&action);
    let version = reopened["version"].as_i64().unwrap().to_string();
    let fields = [("key", action_key.as_str()), ("version", version.as_str())];
    let done = post_form(&app, &action, &fields, "en").await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
    let settled_at = group.state(&app, "").await["version"].as_i64().unwrap();
    let added = app
        .post_json(
            &format!("{}/players", group.api()),
            json!({"name": "Di", "version": settled_at}),
        )
        .await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.body);
    let body = app.get_in(&ledger, "en").await.body;
    assert!(!body.contains("id=\"settle-undo-form\""));
    let key = app.form_key(&undo);
    let stale = settled_at.to_string();
    let fields = [("key", key.as_str()), ("version", stale.as_str())];
    let late = post_form(&app, &undo, &fields, "en").await;
    late.assert_page_refused(StatusCode::CONFLICT, "can no longer be undone");
    let now = group.state(&app, "").await;
    assert_eq!(now["settle_ups"].as_array().unwrap().len(), 1);

    // The read-only twin shows the ledger, never the form, and cannot post it.
    let view = app
        .get_in(&format!("/groups/view/{}/ledger", group.view), "en")
        .await;
    assert_eq!(view.status, StatusCode::OK);
    assert!(!view.body.contains(&group.id));
    assert!(text(&view.body).contains("only its edit link can settle up"));
    let refused = post_form(
        &app,
        &format!("/groups/{}/ledger/settle-up", group.view),
        &[("version", "99")],
        "en",
    )
    .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_group_money_chart_draws_each_player_s_running_money_for_screen_readers() {
    let app = TestApp::new().await;
    let group = create_group(&app, &["Ann", "Ben", "Cy"]).await;
    let path = format!("/groups/{}/chart.svg", group.id);
    let none = app.get_in(&path, "en").await;
    none.assert_page_refused(StatusCode::NOT_FOUND, "no chart to draw");
    let first = played(
        &app,
        &group,
        &["Ann", "Ben", "Cy"],
        "€",
        &[("Ann", json!({"Ben": 20, "Cy": 40}))],
    )
    .await;
    played(
        &app,
        &group,
        &["Ben", "Ann", "Cy"],
        "€",
        &[("Ben", json!({"Ann": 25, "Cy": 40}))],
    )
    .await;
    let svg = app.get_in(&path, "en").await;
    assert_eq!(svg.status, StatusCode::OK, "{}", svg.body);
    assert_eq!(svg.header("content-type"), "image/svg+xml");
    // The same file answer as a game's race chart: never cached, nothing loads or runs.
    assert_eq!(svg.header("cache-control"), "no-store");
    assert!(
        svg.header("content-security-policy")
            .starts_with("default-src 'none'; style-src 'unsafe-inline'")
    );
    let body = &svg.body;
    assert!(body.contains("role=\"img\""));
    assert!(body.contains("viewBox=\"0 0 360"));
    assert!(body.contains("prefers-color-scheme:dark"));
    assert!(body.contains("Money over time"));
    assert!(body.contains("Net after 2 games:"), "{body}");
    // Three lines, one per player.
    assert_eq!(body.matches("<polyline").count(), 3, "{body}");
    let cy: i64 = nets(&app, &first).await[2].1;
    assert!(cy < 0);
    let german = app
        .get_in(&format!("/groups/view/{}/chart.svg", group.view), "de")
        .await;
    assert_eq!(german.status, StatusCode::OK);
    assert!(german.body.contains("Saldo nach 2 Spielen"));
    assert!(!german.body.contains(&group.id));
}

/// The money in a game's settlement of `name`, by the game's nets.
async fn net_of(app: &TestApp, id: &str, name: &str) -> i64 {
    nets(app, id)
        .await
        .into_iter()
        .find(|(n, _)| n == name)
        .map(|(_, c)| c)
        .unwrap_or_else(|| panic!("no {name} in {id}"))
}

#[tokio::test]
async fn after_a_settle_up_the_chart_and_its_caption_count_from_zero_like_the_balances() {
    let app = TestApp::new().await;
    let (group, _) = two_evenings(&app).await;
    let action = format!("/groups/{}/ledger/settle-up", group.id);
    let version = group.state(&app, "").await["version"]
        .as_i64()
        .unwrap()
        .to_string();
    let key = app.form_key(&action);
    let done = post_form(
        &app,
        &action,
        &[("key", key.as_str()), ("version", version.as_str())],
        "en",
    )
    .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
    // Everything settled: no chart (its file is a sentence), and the page says why.
    let chart = format!("/groups/{}/chart.svg", group.id);
    app.get_in(&chart, "en")
        .await
        .assert_page_refused(StatusCode::NOT_FOUND, "no chart to draw");
    let ledger = format!("/groups/{}/ledger", group.id);
    let body = text(&app.get_in(&ledger, "en").await.body);
    assert!(
        body.contains("the chart starts again at zero with the next finished game"),
        "{body}"
    );
    assert!(!body.contains("id=\"money-chart\""));

    // One more evening: the chart draws that game alone, from zero, and its last numbers are
    // the balances in the ledger's table.
    let third = played(
        &app,
        &group,
        &["Cy", "Ann", "Ben"],
        "€",
        &[("Cy", json!({"Ann": 30, "Ben": 50}))],
    )
    .await;
    let svg = app.get_in(&chart, "en").await;
    assert_eq!(svg.status, StatusCode::OK, "{}", svg.body);
    assert!(svg.body.contains("Net after 1 game:"), "{}", svg.body);
    let state = group.state(&app, "").await;
    let mut open = Vec::new();
    for name in ["Ann", "Ben", "Cy"] {
        let cents = net_of(&app, &third, name).await;
        let balance = state["ledger"]["balance_cents"][name].as_i64();
        open.push((name, cents, balance));
    }
    for (name, cents, balance) in &open {
        assert_eq!(Some(*cents), *balance, "{name}: {open:?} in {state}");
    }
    let page = app.get_in(&ledger, "en").await.body;
    assert!(page.contains("id=\"money-chart\""));
    let body = text(&page);
    assert!(
        body.contains("The chart and the balances above count from zero since the settle-up of"),
        "{body}"
    );
    let de = text(&app.get_in(&ledger, "de").await.body);
    assert!(
        de.contains("Das Diagramm und die Salden oben zählen ab null seit der Abrechnung vom"),
        "{de}"
    );
}

/// The places on the standings' cards, in order.
fn card_places(body: &str) -> Vec<String> {
    body.split("<span class=\"place\">")
        .skip(1)
        .map(|rest| rest.split('<').next().unwrap_or("").to_owned())
        .collect()
}

#[tokio::test]
async fn players_level_in_the_standings_share_a_place_and_the_next_is_third() {
    let app = TestApp::new().await;
    let group = create_group(&app, &["Ann", "Ben", "Cy"]).await;
    // Ann wins one evening, Ben the other, each second in the other's: level.
    played(
        &app,
        &group,
        &["Ann", "Ben", "Cy"],
        "€",
        &[("Ann", json!({"Ben": 20, "Cy": 40}))],
    )
    .await;
    played(
        &app,
        &group,
        &["Ann", "Ben", "Cy"],
        "€",
        &[("Ben", json!({"Ann": 20, "Cy": 40}))],
    )
    .await;
    let path = format!("/groups/{}/standings", group.id);
    let en = app.get_in(&path, "en").await;
    assert_eq!(en.status, StatusCode::OK, "{}", en.body);
    assert_eq!(
        card_places(&en.body),
        ["1st, tied", "1st, tied", "3rd"],
        "{}",
        en.body
    );
    let de = app.get_in(&path, "de").await;
    assert_eq!(
        card_places(&de.body),
        ["Platz 1, geteilt", "Platz 1, geteilt", "Platz 3"],
        "{}",
        de.body
    );
    // The read-only twin says the same.
    let view = app
        .get_in(&format!("/groups/view/{}/standings", group.view), "en")
        .await;
    assert_eq!(card_places(&view.body), ["1st, tied", "1st, tied", "3rd"]);
}

#[tokio::test]
async fn a_group_read_again_is_not_rescored_and_a_round_in_one_of_its_games_shows_at_once() {
    let app = TestApp::new().await;
    let group = create_group(&app, &["Ann", "Ben", "Cy"]).await;
    let created = ok(app
        .post_json(
            &format!("{}/games", group.api()),
            &json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"], "cents_per_point": 10}),
        )
        .await);
    let id = created["id"].as_str().unwrap().to_owned();
    let first = group.state(&app, "").await;
    assert_eq!(first["games"][0]["rounds_played"], 0);
    let before = kontrakt::store::scorings_on_this_thread();
    let again = group.state(&app, "").await;
    let view = ok(app
        .get(&format!("/api/v1/groups/view/{}", group.view))
        .await);
    let page = app.get(&format!("/groups/{}/ledger", group.id)).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(
        kontrakt::store::scorings_on_this_thread(),
        before,
        "a group read with nothing written since scored its games again"
    );
    assert_eq!(again, first);
    assert_eq!(view["standings"], first["standings"]);
    // A round in one of the group's games (a write to the game, not the group) is seen by
    // the very next read of the group.
    ok(app
        .post_json(
            &format!("/api/v1/games/{id}/rounds"),
            &json!({"went_out": "Ann", "points": {"Ben": 20, "Cy": 40}}),
        )
        .await);
    app.end_game(&id).await;
    let after = group.state(&app, "").await;
    assert_eq!(after["games"][0]["rounds_played"], 1);
    assert_eq!(after["ledger"]["games"], 1);
    assert_eq!(standing(&after, "Ann")["wins"], 1);
}

/// Issue 10: the group page embeds its money chart (an image of `chart.svg` with its
/// description as alt text, 360 px wide) once a game has money, through the edit link and the
/// read-only link (each the chart of its own link), with a link to the ledger.
#[tokio::test]
async fn the_group_page_embeds_its_money_chart_on_both_links() {
    let app = TestApp::new().await;
    let group = create_group(&app, &["Ann", "Ben", "Cy"]).await;
    let edit = format!("/groups/{}", group.id);
    let view = format!("/groups/view/{}", group.view);
    for page in [&edit, &view] {
        let body = app.get_in(page, "en").await.body;
        assert!(!body.contains("id=\"money-chart\""), "no money yet: {body}");
    }
    played(
        &app,
        &group,
        &["Ann", "Ben", "Cy"],
        "€",
        &[("Ann", json!({"Ben": 20, "Cy": 40}))],
    )
    .await;
    for (page, chart, ledger) in [
        (&edit, format!("{edit}/chart.svg"), format!("{edit}/ledger")),
        (&view, format!("{view}/chart.svg"), format!("{view}/ledger")),
    ] {
        let body = crate::common::text(&app.get_in(page, "en").await.body);
        let img = format!(
            "<img class=\"kc\" src=\"{chart}\" alt=\"Money over time: each player's net after every game Net after 1 game: Ann +€ 6.00, Ben −€ 2.00, Cy −€ 4.00.\""
        );
        assert!(body.contains(&img), "{img} in {body}");
        assert!(body.contains("width=\"360\" height=\"230\" id=\"money-chart\""));
        assert!(
            body.contains(&format!(
                "Each player's money over the group's games. The numbers: <a href=\"{ledger}\">"
            )),
            "{body}"
        );
        let svg = app.get_in(&chart, "en").await;
        assert_eq!(svg.status, StatusCode::OK, "{chart}");
        assert_eq!(svg.header("content-type"), "image/svg+xml");
    }
    let view_body = app.get_in(&view, "de").await.body;
    assert!(
        !view_body.contains(&group.id),
        "the read-only page never shows the edit id"
    );
    assert!(
        crate::common::text(&view_body)
            .contains("Das Geld jedes Spielers über die Spiele der Gruppe. Die Zahlen:")
    );
}

#[tokio::test]
async fn a_round_in_one_game_of_a_group_scores_that_game_again_and_no_other() {
    let app = TestApp::new().await;
    let group = create_group(&app, &["Ann", "Ben", "Cy", "Di"]).await;
    let round = |out: &str| {
        let others: Vec<&str> = ["Ann", "Ben", "Cy"]
            .into_iter()
            .filter(|n| *n != out)
            .collect();
        (out.to_owned(), json!({others[0]: 10, others[1]: 30}))
    };
    for out in ["Ann", "Ben", "Cy"] {
        let (out, points) = round(out);
        let rounds = [(out.as_str(), points)];
        played(&app, &group, &["Ann", "Ben", "Cy"], "€", &rounds).await;
    }
    // An open game: Di's.
    let open = ok(app
        .post_json(
            &format!("{}/games", group.api()),
            &json!({"rules": "contract", "players": ["Ann", "Ben", "Di"], "cents_per_point": 10}),
        )
        .await)["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let first = group.state(&app, "").await;
    assert_eq!(first["games"].as_array().unwrap().len(), 4);
    // A round in the open game: the next read scores that game, not the three others.
    ok(app
        .post_json(
            &format!("/api/v1/games/{open}/rounds"),
            &json!({"went_out": "Di", "points": {"Ann": 15, "Ben": 5}}),
        )
        .await);
    let before = kontrakt::store::scorings_on_this_thread();
    let after = group.state(&app, "").await;
    // Newest first: the open game is the first.
    assert_eq!(after["games"][0]["rounds_played"], 1, "{after}");
    assert_eq!(
        kontrakt::store::scorings_on_this_thread() - before,
        1,
        "a read after a round in one game scored other games again"
    );
    // The three finished games' numbers are the kept ones.
    assert_eq!(numbers(&after), numbers(&first));
    // The read-only link and the pages reuse the same scored games.
    let before = kontrakt::store::scorings_on_this_thread();
    let view = ok(app
        .get(&format!("/api/v1/groups/view/{}", group.view))
        .await);
    assert_eq!(numbers(&view), numbers(&after));
    assert_eq!(kontrakt::store::scorings_on_this_thread(), before);
    // A group write (a new player) changes no game: its answer scores none.
    let before = kontrakt::store::scorings_on_this_thread();
    let added = ok(app
        .post_json(&format!("{}/players", group.api()), &json!({"name": "Eve"}))
        .await);
    assert_eq!(added["players"].as_array().unwrap().len(), 5);
    assert_eq!(numbers(&added), numbers(&after));
    assert_eq!(kontrakt::store::scorings_on_this_thread(), before);
    // A rename rewrites the games the player sat in (all four): those are read and scored
    // again, and every one of them shows the new name.
    let ben = added["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Ben")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let before = kontrakt::store::scorings_on_this_thread();
    let renamed = ok(app
        .post_json(
            &format!("{}/players/{ben}", group.api()),
            &json!({"name": "Benno"}),
        )
        .await);
    assert_eq!(kontrakt::store::scorings_on_this_thread() - before, 4);
    for game in renamed["games"].as_array().unwrap() {
        assert!(game["players"].to_string().contains("Benno"), "{game}");
    }
    // A settle-up reads the group through the same kept games: nothing scored again.
    let version = renamed["version"].as_i64().unwrap();
    let before = kontrakt::store::scorings_on_this_thread();
    ok(app
        .post_json(
            &format!("{}/settle-up", group.api()),
            &json!({"version": version}),
        )
        .await);
    assert_eq!(kontrakt::store::scorings_on_this_thread(), before);
}

/// Each player's games, wins, rounds won and money in a group's standings.
fn numbers(state: &Value) -> Vec<(String, Value, Value, Value, Value)> {
    state["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["player"].as_str().unwrap().to_owned(),
                s["games"].clone(),
                s["wins"].clone(),
                s["rounds_won"].clone(),
                s["net_cents"].clone(),
            )
        })
        .collect()
}

/// Makes the database refuse every new group player (`on`), as a failing disk would refuse
/// the group's part of a write, or accept them again (`off`).
async fn refuse_new_group_players(app: &TestApp, on: bool) {
    let postgres = crate::common::on_postgres();
    let statements: &[&str] = match (on, postgres) {
        (true, false) => &[
            "CREATE TRIGGER refuse_players BEFORE INSERT ON group_players \
              BEGIN SELECT RAISE(ABORT, 'the disk failed'); END",
        ],
        (false, false) => &["DROP TRIGGER refuse_players"],
        (true, true) => &[
            "CREATE FUNCTION refuse_players() RETURNS trigger LANGUAGE plpgsql AS \
             'BEGIN RAISE EXCEPTION ''the disk failed''; END'",
            "CREATE TRIGGER refuse_players BEFORE INSERT ON group_players \
             FOR EACH ROW EXECUTE FUNCTION refuse_players()",
        ],
        (false, true) => &["DROP TRIGGER refuse_players ON group_players"],
    };
    let mut write = app.db.begin_write().await.unwrap();
    for sql in statements {
        sqlx::query(sql).execute(&mut **write).await.unwrap();
    }
    write.commit().await.unwrap();
}

/// A late joiner's group membership is saved in the same transaction as the game's change: when
/// the group's part fails, the game's part is not saved either (the client is told that
/// nothing was saved, and it is true), and the retry with the same key saves both. Saved one
/// after the other, the game kept the joiner while the group did not, and the retry only
/// replayed the game's answer: the joiner never joined the group.
#[tokio::test]
async fn a_late_joiner_joins_the_group_in_the_same_write_as_the_game_or_neither() {
    let app = TestApp::new().await;
    let group = create_group(&app, &["Ann", "Ben", "Cy"]).await;
    let id = app
        .create_game_at(
            &format!("{}/games", group.api()),
            json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}),
        )
        .await
        .id;
    let join = json!({"name": "Di", "start": "zero"}).to_string();
    let path = format!("/api/v1/games/{id}/players");
    let headers = [("Idempotency-Key", "join-di")];
    let before = app.game_state(&id).await["version"].clone();

    refuse_new_group_players(&app, true).await;
    let failed = app.post_json_with(&path, join.clone(), &headers).await;
    assert_eq!(
        failed.status,
        StatusCode::INTERNAL_SERVER_ERROR,
        "{}",
        failed.body
    );
    let state = app.game_state(&id).await;
    assert_eq!(state["version"], before, "nothing was saved: {state}");
    assert_eq!(state["players"].as_array().unwrap().len(), 3, "{state}");

    refuse_new_group_players(&app, false).await;
    let retried = app.post_json_with(&path, join, &headers).await;
    assert!(retried.status.is_success(), "{}", retried.body);
    let state = app.game_state(&id).await;
    assert_eq!(state["players"].as_array().unwrap().len(), 4, "{state}");
    let players: Vec<String> = group.state(&app, "").await["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(players, ["Ann", "Ben", "Cy", "Di"]);
}

/// What a game's edit link may do to its group ends with the game: undoing a late join removes
/// the group player the join made (a redo makes them again), so joining and undoing over and
/// over leaves the group as it was; a joiner the group knew before stays.
#[tokio::test]
async fn undoing_a_late_join_removes_the_group_player_it_made_and_no_other() {
    let app = TestApp::new().await;
    let group = create_group(&app, &["Ann", "Ben", "Cy", "Eve"]).await;
    let id = app
        .create_game_at(
            &format!("{}/games", group.api()),
            json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"]}),
        )
        .await
        .id;
    let names = |state: Value| -> Vec<String> {
        state["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let whole_game = |change: &'static str| {
        let id = id.clone();
        let app = &app;
        async move {
            let version = app.game_state(&id).await["version"].clone();
            ok(app
                .post_json(
                    &format!("/api/v1/games/{id}/{change}"),
                    &json!({"version": version}),
                )
                .await)
        }
    };
    for _ in 0..3 {
        ok(app
            .post_json(
                &format!("/api/v1/games/{id}/players"),
                &json!({"name": "Di", "start": "zero"}),
            )
            .await);
        assert_eq!(
            names(group.state(&app, "").await),
            ["Ann", "Ben", "Cy", "Eve", "Di"]
        );
        whole_game("undo").await;
        assert_eq!(
            names(group.state(&app, "").await),
            ["Ann", "Ben", "Cy", "Eve"],
            "the undone join took its group player with it"
        );
    }
    // A redo joins them again.
    whole_game("redo").await;
    assert_eq!(
        names(group.state(&app, "").await),
        ["Ann", "Ben", "Cy", "Eve", "Di"]
    );
    whole_game("undo").await;
    // A joiner the group knew before the join stays when the join is undone.
    ok(app
        .post_json(
            &format!("/api/v1/games/{id}/players"),
            &json!({"name": "eve", "start": "zero"}),
        )
        .await);
    whole_game("undo").await;
    assert_eq!(
        names(group.state(&app, "").await),
        ["Ann", "Ben", "Cy", "Eve"]
    );
    let history = ok(app.get(&format!("{}/history", group.api())).await);
    let actions: Vec<&str> = history["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["action"].as_str().unwrap())
        .filter(|a| a.ends_with("_player"))
        .collect();
    assert_eq!(
        actions,
        [
            "add_player",
            "remove_player",
            "add_player",
            "remove_player",
            "add_player",
            "remove_player",
            "add_player",
            "remove_player"
        ]
    );
}

/// Issue 10 with issue 11's changes at the table: a player who joins a group's game late is
/// counted in the group's standings and ledger like everyone else. The joiner the group did not
/// know (Di) joins the group; one it knew (Eve, already a group player) keeps her identity.
/// Before, the game had fewer stored seats than players and vanished from both.
#[tokio::test]
async fn a_late_joiner_at_a_groups_table_is_counted_in_its_standings_and_ledger() {
    let app = TestApp::new().await;
    let group = create_group(&app, &["Ann", "Ben", "Cy", "Eve"]).await;
    let created = ok(app
        .post_json(
            &format!("{}/games", group.api()),
            &json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"], "cents_per_point": 10,
                "currency": "€"}),
        )
        .await);
    let id = created["id"].as_str().unwrap().to_owned();
    let round = |out: &str, points: Value| json!({"went_out": out, "points": points});
    ok(app
        .post_json(
            &format!("/api/v1/games/{id}/rounds"),
            &round("Ann", json!({"Ben": 20, "Cy": 40})),
        )
        .await);
    for name in ["Di", "eve"] {
        ok(app
            .post_json(
                &format!("/api/v1/games/{id}/players"),
                &json!({"name": name, "start": "zero"}),
            )
            .await);
    }
    ok(app
        .post_json(
            &format!("/api/v1/games/{id}/rounds"),
            &round("Di", json!({"Ann": 10, "Ben": 5, "Cy": 15, "eve": 30})),
        )
        .await);
    app.end_game(&id).await;
    let state = group.state(&app, "").await;
    let players: Vec<&str> = state["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(players, ["Ann", "Ben", "Cy", "Eve", "Di"], "{state}");
    let game = &state["games"][0];
    assert_eq!(game["player_ids"].as_array().unwrap().len(), 5, "{game}");
    for name in ["Ann", "Ben", "Cy", "Di", "Eve"] {
        assert_eq!(standing(&state, name)["games"], 1, "{name}: {state}");
    }
    assert_eq!(standing(&state, "Di")["rounds_won"], 1);
    let balances = &state["ledger"]["balance_cents"];
    let sum: i64 = ["Ann", "Ben", "Cy", "Di", "Eve"]
        .iter()
        .map(|n| {
            balances[*n]
                .as_i64()
                .unwrap_or_else(|| panic!("{n}: {balances}"))
        })
        .sum();
    assert_eq!(sum, 0, "{balances}");
    let net: Vec<(String, i64)> = nets(&app, &id).await;
    for (name, cents) in net {
        let shown = if name == "eve" {
            "Eve".to_owned()
        } else {
            name
        };
        assert_eq!(balances[&shown], cents, "{shown}");
    }
}
