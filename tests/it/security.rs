//! Security properties through the router: games are reachable only through their capability
//! links; the read-only link changes nothing through any route; cross-site writes are refused;
//! every answer carries the security headers; hostile input in every field of every endpoint
//! is a 4xx with a sentence (never a 500) and comes back inert.
//!
//! The routes are listed once, in [`GAME_WRITES`], [`GROUP_WRITES`] and [`OTHER_WRITES`];
//! every test below runs over those lists, and [`every_game_scoped_write_route_in_the_source_is_listed`] fails when a
//! route is added to `src/web` without being listed here.

use std::collections::BTreeSet;
use std::path::Path;

use crate::common::Said::Is;
use crate::common::{Group, TestApp, TestResponse};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use kontrakt::db::transfer::export_games;
use serde_json::{Value, json};

// ---------------------------------------------------------------------------------------------
// The routes, in one place
// ---------------------------------------------------------------------------------------------

/// A request body as a legitimate client sends it.
#[derive(Clone, Copy, Debug)]
enum Payload {
    /// `application/json`.
    Json(&'static str),
    /// `application/x-www-form-urlencoded` (an HTML form).
    Form(&'static str),
}

/// A route that takes a request body.
#[derive(Clone, Copy, Debug)]
struct Route {
    method: &'static str,
    /// `{id}` is replaced by the game's edit id (or, in the read-only tests, its read-only
    /// token).
    path: &'static str,
    payload: Payload,
}

/// EVERY route that changes a game, with a body a real client sends. The tests run each of
/// them with the read-only token (must change nothing), cross-site (must be refused) and with
/// hostile values in every field (never a 500).
///
/// They are run in this order on a game with one round entered, and each must succeed with the
/// edit id (2xx or a redirect), so keep the order workable: a new round, undo, end, resume.
///
/// New routes that change a game go here (method, path with `{id}`, a body as the page's
/// form or a client posts it, e.g. `Payload::Form("went_out=Ann&points.Ben=5")`). The test
/// `every_game_scoped_write_route_in_the_source_is_listed` fails until they are. Routes under
/// `/view/{token}` must never accept a write; don't list them here — the read-only test also
/// tries each route below with its `/games/` or `/api/v1/games/` prefix changed to `/view/`.
const GAME_WRITES: &[Route] = &[
    Route {
        method: "POST",
        path: "/api/v1/games/{id}/rounds",
        payload: Payload::Json(
            r#"{"went_out": "Ann", "points": {"Ben": 5}, "cards": {"Cy": "AS JK"}, "buys": {"Ben": 1}}"#,
        ),
    },
    Route {
        method: "POST",
        path: "/api/v1/games/{id}/undo",
        payload: Payload::Json(r#"{"version": 2}"#),
    },
    Route {
        method: "POST",
        path: "/api/v1/games/{id}/redo",
        payload: Payload::Json(r#"{"version": 3}"#),
    },
    Route {
        method: "POST",
        path: "/api/v1/games/{id}/end",
        payload: Payload::Json(r#"{"version": 4}"#),
    },
    Route {
        method: "POST",
        path: "/api/v1/games/{id}/resume",
        payload: Payload::Json(r#"{"version": 5}"#),
    },
    // The HTML round pages: each form carries the game's version and a key made when the
    // page was rendered.
    Route {
        method: "POST",
        path: "/games/{id}/rounds",
        payload: Payload::Form(
            "version=6&key=security-enter&went_out=Ann&points.Ben=5&cards.Cy=AS+JK&buys.Ben=1",
        ),
    },
    Route {
        method: "POST",
        path: "/games/{id}/rounds/{n}",
        payload: Payload::Form(
            "version=7&key=security-correct&went_out=Ben&points.Ann=7&points.Cy=9",
        ),
    },
    Route {
        method: "POST",
        path: "/games/{id}/undo",
        payload: Payload::Form("version=8&key=security-undo"),
    },
    Route {
        method: "POST",
        path: "/games/{id}/redo",
        payload: Payload::Form("version=9&key=security-redo"),
    },
    Route {
        method: "POST",
        path: "/games/{id}/end",
        payload: Payload::Form("version=10&key=security-end"),
    },
    Route {
        method: "POST",
        path: "/games/{id}/resume",
        payload: Payload::Form("version=11&key=security-resume"),
    },
    // Changes after the start (docs/RULES.md section 8).
    Route {
        method: "POST",
        path: "/api/v1/games/{id}/settings",
        payload: Payload::Json(r#"{"cents_per_point": 2, "currency": "CHF"}"#),
    },
    Route {
        method: "POST",
        path: "/api/v1/games/{id}/players",
        payload: Payload::Json(r#"{"name": "Dee", "after": "Ann", "start": "zero"}"#),
    },
    Route {
        method: "POST",
        path: "/api/v1/games/{id}/players/{seat}",
        payload: Payload::Json(r#"{"sits_out_next": true}"#),
    },
    Route {
        method: "POST",
        path: "/games/{id}/settings",
        payload: Payload::Form("version=15&key=security-settings&cents=3&currency=CHF"),
    },
    Route {
        method: "POST",
        path: "/games/{id}/players",
        payload: Payload::Form("version=16&key=security-join&name=Fay&after=Ben&start=average"),
    },
    Route {
        method: "POST",
        path: "/games/{id}/players/{seat}",
        payload: Payload::Form("version=17&key=security-leave&do=leave"),
    },
    // A rematch changes no game: it creates a new one from this one's set-up (see
    // `creates_a_game`; `every_listed_game_write_works_with_the_edit_id` checks that instead).
    Route {
        method: "POST",
        path: "/api/v1/games/{id}/rematch",
        payload: Payload::Json("{}"),
    },
    Route {
        method: "POST",
        path: "/games/{id}/rematch",
        payload: Payload::Form("key=security-rematch"),
    },
];

/// A listed write that creates a new game from the game (a rematch) rather than changing it.
fn creates_a_game(route: &Route) -> bool {
    route.path.ends_with("/rematch")
}

/// A route's address for a game: `{id}` is `id` (the edit id, or the read-only token where a
/// test tries that), `{n}` round 1.
fn fill(path: &str, id: &str) -> String {
    path.replace("{id}", id)
        .replace("{seat}", "2")
        .replace("{n}", "1")
        .replace("{player_id}", "1")
        .replace("{rules_id}", "1")
        .replace("{game}", id)
}

/// Every other route that takes a body: creating a game or a group and the referee API (they
/// touch no existing game). Hostile input and the CSRF check run over these too. Add new ones
/// here.
const OTHER_WRITES: &[Route] = &[
    Route {
        method: "POST",
        path: "/rules/new",
        payload: Payload::Form(
            "from=contract&fields=1&name=Omas+Regeln&op=add%3A0%3Arun&r0.deal=10&pen.K=10\
             &ace=wrap&wilds=one&scheme=pairwise",
        ),
    },
    Route {
        method: "POST",
        path: "/rules",
        payload: Payload::Form("from=no-jokers&fields=1&name=Ohne+Joker&r0.deal=10"),
    },
    Route {
        method: "POST",
        path: "/api/v1/rulesets",
        payload: Payload::Json(r#"{"base": "contract", "name": "Omas Regeln"}"#),
    },
    // A rule set imported from pasted JSON, standing alone.
    Route {
        method: "POST",
        path: "/rulesets/import",
        payload: Payload::Form(
            "json=%7B%22base%22%3A%22contract%22%2C%22name%22%3A%22Tante+Ilse%22%7D",
        ),
    },
    Route {
        method: "POST",
        path: "/api/v1/groups",
        payload: Payload::Json(r#"{"name": "Freitagsrunde", "players": ["Ann", "Ben", "Cy"]}"#),
    },
    Route {
        method: "POST",
        path: "/api/v1/games",
        payload: Payload::Json(
            r#"{"rules": "contract", "players": ["Ann", "Ben", "Cy"], "first_dealer": "Ben",
                "options": {"jokers": false}, "cents_per_point": 1, "currency": "€"}"#,
        ),
    },
    Route {
        method: "POST",
        path: "/api/v1/games",
        payload: Payload::Json(
            r#"{"rules": "continental", "players": ["A", "B"], "cents_per_unit": 10}"#,
        ),
    },
    Route {
        method: "POST",
        path: "/api/v1/check",
        payload: Payload::Json(
            r#"{"rules": "contract", "round": 3, "melds": [["3H", "4H", "5H", "6H"], ["8H", "9H", "10H", "JH"]],
                "options": {"jokers": true}}"#,
        ),
    },
    Route {
        method: "POST",
        path: "/api/v1/solve",
        payload: Payload::Json(
            r#"{"rules": "contract", "round": 7, "hand": "3H 4H 5H 6H 7H 9S 10S JS QS KS JK 2D 3D 4D"}"#,
        ),
    },
    Route {
        method: "POST",
        path: "/api/v1/fit",
        payload: Payload::Json(
            r#"{"rules": "liverpool", "meld": "5H 6H 7H JK=8H", "card": "8H", "lang": "de"}"#,
        ),
    },
    Route {
        method: "POST",
        path: "/api/v1/score",
        payload: Payload::Json(r#"{"rules": "shanghai", "cards": ["AS", "JK", "7H"]}"#),
    },
    Route {
        method: "POST",
        path: "/api/v1/settle",
        payload: Payload::Json(
            r#"{"rules": "rommee", "players": ["A", "B", "C", "D"], "totals": [220, 360, 140, 490],
                "cents_per_point": 1}"#,
        ),
    },
    Route {
        method: "POST",
        path: "/api/v1/settle",
        payload: Payload::Json(
            r#"{"rules": "progressive", "players": ["A", "B", "C"], "totals": [20, 36, 14],
                "buys": [1, 0, 2]}"#,
        ),
    },
    Route {
        method: "POST",
        path: "/api/v1/settle",
        payload: Payload::Json(
            r#"{"rules": "continental", "players": ["A", "B"], "cents_per_unit": 5,
                "hands": [{"winner": "A", "jokers": 2, "first_turn": false, "second_turn": false,
                           "one_suit": false, "no_wilds": true}]}"#,
        ),
    },
    Route {
        method: "POST",
        path: "/games",
        payload: Payload::Form(
            "rules=contract&shown=contract&player=Ann&player=Ben&player=Cy&player=\
             &first_dealer=Ben&cents=1&points_per_cent=1&currency=%E2%82%AC\
             &settlement=lowest-collects&opt.jokers=on",
        ),
    },
    Route {
        method: "POST",
        path: "/groups",
        payload: Payload::Form("name=Freitagsrunde&players=Ann%0D%0ABen%0D%0ACy"),
    },
    Route {
        method: "POST",
        path: "/check",
        payload: Payload::Form(
            "rules=contract&round=3&melds=3H+4H+5H+6H+%7C+8H+9H+10H+JH&hand=3H+4H+5H+6H+JK\
             &card=7H&table_meld=3H+4H+5H+6H&action=check",
        ),
    },
];

/// EVERY route that changes a group (issue 10), with a body a real client sends; `{id}` is the
/// group's edit id (its read-only token in the read-only tests), `{player_id}` a player's id,
/// `{rules_id}` saved house rules' id, and `{game}` in a body a standalone game's edit id. Run
/// in this order on a group with three players and house rules, each must succeed with the
/// edit id; a `version` in a body is set to the group's current one. New group routes go
/// here (the source scan fails until they do).
const GROUP_WRITES: &[Route] = &[
    Route {
        method: "POST",
        path: "/api/v1/groups/{id}/players",
        payload: Payload::Json(r#"{"name": "Di", "version": 0}"#),
    },
    Route {
        method: "POST",
        path: "/api/v1/groups/{id}/players/{player_id}",
        payload: Payload::Json(r#"{"name": "Anna"}"#),
    },
    Route {
        method: "POST",
        path: "/api/v1/groups/{id}/house-rules",
        payload: Payload::Json(
            r#"{"name": "Oma's Liverpool", "rules": "liverpool", "options": {"jokers": false}}"#,
        ),
    },
    Route {
        method: "POST",
        path: "/api/v1/groups/{id}/games",
        payload: Payload::Json(
            r#"{"players": ["Anna", "Ben", "Cy"], "first_dealer": "Ben",
                "house_rules": "Oma's Liverpool", "cents_per_point": 1}"#,
        ),
    },
    Route {
        method: "POST",
        path: "/api/v1/groups/{id}/add-game",
        payload: Payload::Json(r#"{"game": "{game}"}"#),
    },
    Route {
        method: "POST",
        path: "/api/v1/groups/{id}/house-rules/{rules_id}/delete",
        payload: Payload::Json(r#"{"version": 0}"#),
    },
    Route {
        method: "POST",
        path: "/api/v1/groups/{id}/players/{player_id}",
        payload: Payload::Json(r#"{"retired": true}"#),
    },
    Route {
        method: "POST",
        path: "/api/v1/groups/{id}/settle-up",
        payload: Payload::Json(r#"{"version": 0}"#),
    },
    Route {
        method: "POST",
        path: "/api/v1/groups/{id}/settle-up/undo",
        payload: Payload::Json(r#"{"version": 0}"#),
    },
    Route {
        method: "POST",
        path: "/api/v1/groups/{id}/import",
        payload: Payload::Json(
            r#"{"csv": "date,rules,player,r1\n2026-11-20,liverpool,Anna,0\n2026-11-20,liverpool,Ben,20\n2026-11-20,liverpool,Cy,15\n"}"#,
        ),
    },
    // A rule set for the group (the group's edit id in the body): through the read-only
    // token it is refused.
    Route {
        method: "POST",
        path: "/api/v1/rulesets",
        payload: Payload::Json(r#"{"base": "liverpool", "name": "Opas Regeln", "group": "{id}"}"#),
    },
    Route {
        method: "POST",
        path: "/rulesets/import",
        payload: Payload::Form("json=contract&group={id}&key=k"),
    },
    // The group pages' forms (a `{version}` in a form is the group's current one, its `key`
    // one the app issued for the form's action).
    Route {
        method: "POST",
        path: "/groups/{id}/players",
        payload: Payload::Form("name=Gil&version={version}&key=k"),
    },
    Route {
        method: "POST",
        path: "/groups/{id}/players/{player_id}",
        payload: Payload::Form("name=Anne&version={version}&key=k"),
    },
    Route {
        method: "POST",
        path: "/groups/{id}/players/{player_id}",
        payload: Payload::Form("retired=false&version={version}&key=k"),
    },
    Route {
        method: "POST",
        path: "/groups/{id}/house-rules",
        payload: Payload::Form(
            "name=Opa&rules=liverpool&shown=liverpool&opt.jokers=on&version={version}&key=k",
        ),
    },
    Route {
        method: "POST",
        path: "/groups/{id}/house-rules/{rules_id}/delete",
        payload: Payload::Form("version={version}&key=k"),
    },
    Route {
        method: "POST",
        path: "/groups/{id}/games",
        payload: Payload::Form(
            "rules=contract&shown=contract&player=Ben&player=Cy&player=Di&first_dealer=2\
             &cents=1&points_per_cent=1&currency=%E2%82%AC&settlement=lowest-collects\
             &opt.jokers=on&key=k",
        ),
    },
    // "Add to group" on a standalone game's page (`{game}`): the group is in the form.
    Route {
        method: "POST",
        path: "/games/{game}/group",
        payload: Payload::Form("group={id}&key=k"),
    },
    Route {
        method: "POST",
        path: "/groups/{id}/ledger/settle-up",
        payload: Payload::Form("version={version}&key=k"),
    },
    Route {
        method: "POST",
        path: "/groups/{id}/ledger/settle-up/undo",
        payload: Payload::Form("version={version}&key=k"),
    },
    Route {
        method: "POST",
        path: "/groups/{id}/import",
        payload: Payload::Form(
            "csv=date%2Crules%2Cplayer%2Cr1%0A2026-11-21%2Cliverpool%2CAnna%2C0%0A\
             2026-11-21%2Cliverpool%2CBen%2C20%0A2026-11-21%2Cliverpool%2CCy%2C15%0A\
             &step=import&key=k",
        ),
    },
];

/// Pages and answers that read a game; `{id}` is the edit id, `{view}` the read-only token.
/// The HTML ones may not exist yet: tests accept a 404 from them until they do.
const GAME_READS: &[&str] = &[
    "/api/v1/games/{id}",
    "/api/v1/games/{id}/history",
    "/api/v1/view/{view}",
    "/games/{id}",
    "/games/{id}/undo",
    "/view/{view}",
];

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// A game with one round entered: its edit id and read-only token.
struct Game {
    id: String,
    view: String,
}

const PLAYERS: [&str; 3] = ["Ann", "Ben", "Cy"];

async fn new_game(app: &TestApp, players: &[&str]) -> Game {
    let game = app
        .create_game(json!({"rules": "contract", "players": players}))
        .await;
    let round = json!({"went_out": players[0], "points": {players[1]: 10, players[2]: 20}});
    app.enter_round(&game.id, round).await;
    Game {
        id: game.id,
        view: game.view,
    }
}

fn json_request(method: &str, path: &str, body: &str) -> Request<Body> {
    Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_owned()))
        .unwrap()
}

fn request(route: &Route, path: &str, body: impl Into<Body>) -> Request<Body> {
    let content_type = match route.payload {
        Payload::Json(_) => "application/json",
        Payload::Form(_) => "application/x-www-form-urlencoded",
    };
    Request::builder()
        .method(route.method)
        .uri(path)
        .header("content-type", content_type)
        .body(body.into())
        .unwrap()
}

/// `body` with its form `key` replaced by one the app issued for `path` (the keys in
/// [`GAME_WRITES`] stand for the key a rendered form carries; the server refuses made-up
/// ones). JSON bodies are returned as they are.
fn signed(app: &TestApp, path: &str, body: &str) -> String {
    body.split('&')
        .map(|pair| match pair.strip_prefix("key=") {
            Some(_) => format!("key={}", app.form_key(path)),
            None => pair.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("&")
}

fn body_of(route: &Route) -> &'static str {
    match route.payload {
        Payload::Json(body) | Payload::Form(body) => body,
    }
}

/// Everything the game's JSON answers show (state, read-only view, history: any change shows
/// there), to compare before and after an attempt to change it. The HTML pages are left out:
/// each rendering carries a fresh idempotency key for its forms.
async fn snapshot(app: &TestApp, game: &Game) -> Vec<String> {
    let mut all = Vec::new();
    for path in GAME_READS.iter().filter(|p| p.starts_with("/api/")) {
        let path = path.replace("{id}", &game.id).replace("{view}", &game.view);
        let response = app.get(&path).await;
        all.push(format!("{path} {} {}", response.status, response.body));
    }
    all
}

/// The two snapshots are the same; else says where the first difference is.
fn assert_unchanged(before: &[String], after: &[String], what: &str) {
    for (b, a) in before.iter().zip(after) {
        if b != a {
            let at = b
                .char_indices()
                .zip(a.chars())
                .find(|((_, x), y)| x != y)
                .map_or(b.len().min(a.len()), |((i, _), _)| i);
            let window = |t: &str| -> String {
                t.get(at.saturating_sub(80)..)
                    .unwrap_or(t)
                    .chars()
                    .take(200)
                    .collect()
            };
            panic!(
                "{what}: {} changed:\nbefore: …{}\nafter:  …{}",
                b.split(' ').next().unwrap_or_default(),
                window(b),
                window(a)
            );
        }
    }
}

/// A refusal: a 4xx whose body is a sentence (JSON `error` under `/api/`, else an HTML page).
fn assert_refused_with_a_sentence(response: &TestResponse, what: &str) {
    assert!(
        response.status.is_client_error(),
        "{what}: expected a 4xx, got {} {}",
        response.status,
        response.body
    );
    assert_has_a_sentence(response, what);
}

fn assert_has_a_sentence(response: &TestResponse, what: &str) {
    let content_type = response.header("content-type");
    if content_type.starts_with("application/json") {
        let sentence = response.error_sentence();
        assert!(
            sentence.len() >= 10 && sentence.contains(' '),
            "{what}: not a sentence: {sentence:?}"
        );
    } else {
        assert!(
            content_type.starts_with("text/html"),
            "{what}: {content_type}"
        );
        assert!(
            response.body.contains("</html>"),
            "{what}: {}",
            response.body
        );
    }
}

async fn game_count(app: &TestApp) -> usize {
    export_games(&app.db).await.unwrap().games.len()
}

// ---------------------------------------------------------------------------------------------
// Capability links
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn game_links_carry_128_random_bits_and_no_two_games_share_one() {
    let app = TestApp::new().await;
    let mut seen = BTreeSet::new();
    for _ in 0..40 {
        let game = new_game(&app, &PLAYERS).await;
        for token in [&game.id, &game.view] {
            assert_eq!(token.len(), 32, "{token}");
            assert!(token.bytes().all(|b| b.is_ascii_hexdigit()), "{token}");
            assert!(seen.insert(token.clone()), "a token came up twice: {token}");
        }
    }
    // 80 tokens of 32 hex digits: every digit value shows up in every position somewhere
    // would be too strong; but no position may be constant, as a counter or a clock would be.
    for position in 0..32 {
        let digits: BTreeSet<u8> = seen.iter().map(|t| t.as_bytes()[position]).collect();
        assert!(digits.len() > 1, "position {position} never changes");
    }
}

#[tokio::test]
async fn nothing_lists_or_enumerates_games() {
    let app = TestApp::new().await;
    let game = new_game(&app, &PLAYERS).await;
    for path in [
        "/api/v1/games",
        "/api/v1/games/",
        "/api/v1/view",
        "/api/v1/view/",
        "/games",
        "/games/",
        "/view",
        "/view/",
        "/api/v1/games/*",
        "/api/v1/games/%25",
        "/api/v1/games/0",
        "/api/v1/games/00000000000000000000000000000000",
    ] {
        let response = app.get(path).await;
        if response.status.is_redirection() {
            // GET /games leads to the new-game form.
            assert_eq!(response.header("location"), "/games/new", "{path}");
            continue;
        }
        assert!(
            response.status == StatusCode::NOT_FOUND
                || response.status == StatusCode::METHOD_NOT_ALLOWED,
            "{path}: {} {}",
            response.status,
            response.body
        );
        assert_has_a_sentence(&response, path);
        assert!(!response.body.contains(&game.id), "{path} shows a game id");
        assert!(!response.body.contains(&game.view), "{path} shows a token");
    }
    // A prefix of a real id is no id.
    let prefix = &game.id[..31];
    let response = app.get(&format!("/api/v1/games/{prefix}")).await;
    assert_eq!(response.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_read_only_link_never_shows_the_edit_id() {
    let app = TestApp::new().await;
    let game = new_game(&app, &PLAYERS).await;
    for path in GAME_READS.iter().filter(|p| p.contains("{view}")) {
        let path = path.replace("{view}", &game.view);
        let response = app.get(&path).await;
        assert!(!response.status.is_server_error(), "{path}");
        assert!(
            !response.body.contains(&game.id),
            "{path} shows the edit id"
        );
        if let Some(location) = response.headers.get("location") {
            assert!(!location.to_str().unwrap().contains(&game.id), "{path}");
        }
    }
    // Nor does asking for the history or the edit answers with it.
    for path in ["/api/v1/games/{view}", "/api/v1/games/{view}/history"] {
        let path = path.replace("{view}", &game.view);
        let response = app.get(&path).await;
        assert_refused_with_a_sentence(&response, &path);
        assert!(
            !response.body.contains(&game.id),
            "{path} shows the edit id"
        );
    }
}

#[tokio::test]
async fn every_listed_game_write_works_with_the_edit_id() {
    // Keeps the list honest: each entry is a real route that changes the game.
    let app = TestApp::new().await;
    let game = new_game(&app, &PLAYERS).await;
    for route in GAME_WRITES {
        let before = snapshot(&app, &game).await;
        let games_before = game_count(&app).await;
        let path = fill(route.path, &game.id);
        let body = signed(&app, &path, body_of(route));
        let response = app.send(request(route, &path, body)).await;
        assert!(
            response.status.is_success() || response.status.is_redirection(),
            "{} {path}: {} {}",
            route.method,
            response.status,
            response.body
        );
        if creates_a_game(route) {
            // A rematch leaves this game as it was and creates exactly one new game.
            assert_unchanged(&before, &snapshot(&app, &game).await, &path);
            assert_eq!(
                game_count(&app).await,
                games_before + 1,
                "{path} created no game"
            );
            continue;
        }
        assert_ne!(
            before,
            snapshot(&app, &game).await,
            "{path} changed nothing"
        );
    }
}

#[tokio::test]
async fn the_read_only_token_changes_nothing_through_any_write_route() {
    let app = TestApp::new().await;
    let game = new_game(&app, &PLAYERS).await;
    let before = snapshot(&app, &game).await;
    for route in GAME_WRITES {
        let with_token = fill(route.path, &game.view);
        let mut paths = vec![with_token.clone()];
        // The same action under the read-only prefix must not exist either.
        for (edit, view) in [("/api/v1/games/", "/api/v1/view/"), ("/games/", "/view/")] {
            if let Some(rest) = with_token.strip_prefix(edit) {
                paths.push(format!("{view}{rest}"));
            }
        }
        for path in paths {
            for body in [body_of(route), ""] {
                let response = app.send(request(route, &path, body)).await;
                // A body that could not be written gets its 4xx before the token is looked
                // at; one that could is refused for the token: 403 (or 404 or 405 where there
                // is no such route). Never a success.
                assert_refused_with_a_sentence(&response, &path);
                if !body.is_empty() {
                    assert!(
                        [
                            StatusCode::FORBIDDEN,
                            StatusCode::NOT_FOUND,
                            StatusCode::METHOD_NOT_ALLOWED
                        ]
                        .contains(&response.status),
                        "{} {path} with the read-only token: {} {}",
                        route.method,
                        response.status,
                        response.body
                    );
                }
            }
        }
    }
    assert_unchanged(
        &before,
        &snapshot(&app, &game).await,
        "the read-only token changed the game",
    );
}

#[tokio::test]
async fn the_read_only_token_is_refused_with_a_sentence_saying_it_only_shows_the_game() {
    let app = TestApp::new().await;
    let game = new_game(&app, &PLAYERS).await;
    let route = &GAME_WRITES[0];
    let path = fill(route.path, &game.view);
    let response = app.send(request(route, &path, body_of(route))).await;
    response.assert_refused(
        StatusCode::FORBIDDEN,
        Is("This link only shows the game; it cannot change it. Use the game's edit link."),
    );
}

/// Each `.route("PATH", …)` in the Rust files under `dir`, with the methods it takes, and each
/// `#[utoipa::path(METHOD, path = "PATH", …)]` (the JSON API registers its routes from those).
fn routes_in_source(dir: &Path, found: &mut Vec<(String, String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            routes_in_source(&path, found);
            continue;
        }
        // Unit-test modules build their own routers.
        if path.extension().is_none_or(|e| e != "rs") || path.ends_with("tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (at, _) in text.match_indices("#[utoipa::path(") {
            let attribute = &text[at + "#[utoipa::path(".len()..];
            let method = attribute
                .trim_start()
                .split(|c: char| !c.is_ascii_alphabetic())
                .next()
                .unwrap_or_default();
            let route_path = attribute
                .split_once("path = \"")
                .and_then(|(_, rest)| rest.split('"').next())
                .unwrap_or_default();
            if ["post", "put", "patch", "delete"].contains(&method) {
                found.push((
                    method.to_uppercase(),
                    route_path.to_owned(),
                    path.display().to_string(),
                ));
            }
        }
        let mut rest = text.as_str();
        while let Some(at) = rest.find(".route(") {
            rest = &rest[at + ".route(".len()..];
            let Some(open) = rest.find('"') else { break };
            let Some(len) = rest[open + 1..].find('"') else {
                break;
            };
            let route_path = &rest[open + 1..open + 1 + len];
            // The handlers: up to the parenthesis closing `.route(`.
            let mut depth = 1;
            let mut end = rest.len();
            for (i, c) in rest.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            end = i;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let handlers = &rest[..end];
            for method in ["post", "put", "patch", "delete"] {
                let call = format!("{method}(");
                let chained = format!(".{method}(");
                let called = handlers
                    .split(|c: char| c.is_whitespace() || c == ',')
                    .any(|word| word.starts_with(&call) || word.contains(&chained));
                if called {
                    found.push((
                        method.to_uppercase(),
                        route_path.to_owned(),
                        path.display().to_string(),
                    ));
                }
            }
        }
    }
}

#[test]
fn every_game_scoped_write_route_in_the_source_is_listed() {
    let mut found = Vec::new();
    routes_in_source(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web"),
        &mut found,
    );
    assert!(
        found
            .iter()
            .any(|(_, p, _)| p == "/api/v1/games/{id}/rounds"),
        "the scan found no routes: {found:?}"
    );
    let listed: BTreeSet<(String, String)> = GAME_WRITES
        .iter()
        .chain(GROUP_WRITES)
        .chain(OTHER_WRITES)
        .map(|r| (r.method.to_owned(), r.path.to_owned()))
        .collect();
    for (method, path, file) in &found {
        // Routes with a capability in the path must be in GAME_WRITES; others (creating a game,
        // the referee API, pages without a game) in OTHER_WRITES or UNSCOPED_FORMS.
        let scoped = path.contains('{')
            && ["{id}", "{token}", "games", "view"]
                .iter()
                .any(|word| path.contains(word));
        let known = listed.contains(&(method.clone(), path.clone()));
        assert!(
            known || (!scoped && UNSCOPED_FORMS.contains(&path.as_str())),
            "{method} {path} (in {file}) changes something but is not in GAME_WRITES of \
             tests/it/security.rs: add it there with a body a real client sends"
        );
    }
}

/// Write routes without a game in the path and without a body to attack (the language
/// switch): they cannot reach a game, so they only need the CSRF and rate-limit layers every
/// route has. Routes that take a body belong in OTHER_WRITES.
const UNSCOPED_FORMS: &[&str] = &["/lang/{code}"];

// ---------------------------------------------------------------------------------------------
// CSRF
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn a_cross_site_form_post_to_any_write_route_is_refused_with_403_and_changes_nothing() {
    let app = TestApp::new().await;
    let game = new_game(&app, &PLAYERS).await;
    let before = snapshot(&app, &game).await;
    let games_before = game_count(&app).await;
    let cross_site: [&[(&str, &str)]; 3] = [
        &[
            ("origin", "http://evil.example"),
            ("sec-fetch-site", "cross-site"),
        ],
        &[("origin", "http://evil.example")],
        &[("sec-fetch-site", "cross-site")],
    ];
    for route in GAME_WRITES.iter().chain(GROUP_WRITES).chain(OTHER_WRITES) {
        let path = fill(route.path, &game.id);
        for headers in cross_site {
            for content_type in [
                "application/x-www-form-urlencoded",
                "multipart/form-data; boundary=x",
                "text/plain",
                "application/json",
            ] {
                let mut request = Request::builder()
                    .method(route.method)
                    .uri(&path)
                    .header("host", "kontrakt.local:3000")
                    .header("content-type", content_type);
                for (name, value) in headers {
                    request = request.header(*name, *value);
                }
                let response = app
                    .send(request.body(Body::from(body_of(route))).unwrap())
                    .await;
                assert_eq!(
                    response.status,
                    StatusCode::FORBIDDEN,
                    "{path} {headers:?} {content_type}: {}",
                    response.body
                );
                let sentence = if response.is_html() {
                    response.body.clone()
                } else {
                    response.error_sentence()
                };
                assert!(
                    sentence.contains(
                        "This request came from another site and was refused. \
                         Open Kontrakt directly and try again."
                    ),
                    "{}",
                    response.body
                );
            }
        }
    }
    assert_unchanged(
        &before,
        &snapshot(&app, &game).await,
        "after the refused writes",
    );
    assert_eq!(games_before, game_count(&app).await, "a game was created");
}

#[tokio::test]
async fn a_same_origin_post_passes_the_csrf_check() {
    let app = TestApp::new().await;
    let game = new_game(&app, &PLAYERS).await;
    let route = &GAME_WRITES[0];
    let request = Request::post(fill(route.path, &game.id))
        .header("host", "kontrakt.local:3000")
        .header("origin", "http://kontrakt.local:3000")
        .header("sec-fetch-site", "same-origin")
        .header("content-type", "application/json")
        .body(Body::from(body_of(route)))
        .unwrap();
    assert_eq!(app.send(request).await.status, StatusCode::OK);
}

// ---------------------------------------------------------------------------------------------
// Security headers
// ---------------------------------------------------------------------------------------------

fn assert_security_headers(response: &TestResponse, what: &str) {
    let csp = response.header("content-security-policy");
    for directive in [
        "default-src 'self'",
        "script-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'self'",
    ] {
        assert!(
            csp.contains(directive),
            "{what}: CSP lacks {directive}: {csp}"
        );
    }
    for unsafe_source in ["'unsafe-inline'", "'unsafe-eval'", "*", "http:", "data: "] {
        assert!(
            !csp.split(';')
                .filter(|d| !d.trim().starts_with("img-src"))
                .any(|d| d.contains(unsafe_source)),
            "{what}: CSP allows {unsafe_source}: {csp}"
        );
    }
    assert_eq!(
        response.header("x-content-type-options"),
        "nosniff",
        "{what}"
    );
    assert_eq!(response.header("referrer-policy"), "no-referrer", "{what}");
    assert_eq!(response.header("x-frame-options"), "DENY", "{what}");
}

#[tokio::test]
async fn every_page_and_api_answer_carries_the_security_headers() {
    let app = TestApp::new().await;
    let game = new_game(&app, &PLAYERS).await;
    let mut requests: Vec<(String, Request<Body>)> = Vec::new();
    for path in [
        "/",
        "/healthz",
        "/static/app.css",
        "/static/missing.js",
        "/no/such/page",
        "/api/v1/rules",
        "/api/v1/rules/contract",
        "/api/v1/nothing",
        "/check",
    ]
    .into_iter()
    .map(str::to_owned)
    .chain(
        GAME_READS
            .iter()
            .map(|p| p.replace("{id}", &game.id).replace("{view}", &game.view)),
    ) {
        requests.push((
            path.clone(),
            Request::get(&path).body(Body::empty()).unwrap(),
        ));
    }
    for route in GAME_WRITES.iter().chain(OTHER_WRITES) {
        let path = fill(route.path, &game.id);
        // A good request, a bad one, and one with the read-only token.
        requests.push((path.clone(), request(route, &path, body_of(route))));
        requests.push((path.clone(), request(route, &path, "{\"rules\": 3")));
        let view_path = fill(route.path, &game.view);
        requests.push((
            view_path.clone(),
            request(route, &view_path, body_of(route)),
        ));
    }
    requests.push((
        "413".into(),
        json_request("POST", "/api/v1/check", &"x".repeat(100_000)),
    ));
    requests.push((
        "405".into(),
        Request::delete("/").body(Body::empty()).unwrap(),
    ));
    requests.push((
        "CSRF".into(),
        Request::post("/api/v1/games")
            .header("sec-fetch-site", "cross-site")
            .body(Body::empty())
            .unwrap(),
    ));
    for (what, request) in requests {
        let response = app.send(request).await;
        assert_security_headers(&response, &what);
    }
}

// ---------------------------------------------------------------------------------------------
// Hostile input
// ---------------------------------------------------------------------------------------------

const MARKUP: &str = "<script>alert(1)</script>";
const SQL: &str = "'; DROP TABLE games;--";

/// Values put in place of every field (and every map key, as text).
fn hostile_values() -> Vec<Value> {
    let mut nested = json!(1);
    for _ in 0..200 {
        nested = json!([nested]);
    }
    vec![
        json!(MARKUP),
        json!(SQL),
        json!("\u{0}"),
        json!("Ann\u{0}"),
        json!("\u{202e}nnA"),
        json!("🂡🃏"),
        json!(""),
        json!("   "),
        json!("x".repeat(60_000)),
        json!(-1),
        json!(0),
        json!(1.5),
        json!(1e308),
        json!(-1e308),
        json!(i64::MAX),
        json!(i64::MIN),
        json!(u64::MAX),
        Value::Null,
        json!(true),
        json!([]),
        json!({}),
        json!([MARKUP, SQL]),
        json!({MARKUP: SQL}),
        nested,
    ]
}

/// Every JSON path in `value`, leaves and containers.
fn paths(value: &Value, prefix: &mut Vec<Step>, all: &mut Vec<Vec<Step>>) {
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                prefix.push(Step::Key(key.clone()));
                all.push(prefix.clone());
                paths(child, prefix, all);
                prefix.pop();
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                prefix.push(Step::Index(i));
                all.push(prefix.clone());
                paths(child, prefix, all);
                prefix.pop();
            }
        }
        _ => {}
    }
}

#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

fn at<'a>(value: &'a mut Value, path: &[Step]) -> &'a mut Value {
    path.iter().fold(value, |v, step| match step {
        Step::Key(k) => &mut v[k.as_str()],
        Step::Index(i) => &mut v[*i],
    })
}

/// `body` with the value at `path` replaced, and (for a key) with the key renamed.
fn variants(body: &Value, path: &[Step], hostile: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    let mut replaced = body.clone();
    *at(&mut replaced, path) = hostile.clone();
    out.push(replaced);
    if let (Some(Step::Key(key)), Some(text)) = (path.last(), hostile.as_str()) {
        let mut renamed = body.clone();
        if let Value::Object(map) = at(&mut renamed, &path[..path.len() - 1])
            && let Some(value) = map.remove(key)
        {
            map.insert(text.to_owned(), value);
            out.push(renamed);
        }
    }
    out
}

/// The answer to a hostile request: a 4xx with a sentence, or a success (a hostile string
/// can be a fine player name); never a 5xx.
fn assert_not_a_server_error(response: &TestResponse, what: &str) {
    assert!(
        !response.status.is_server_error(),
        "{what}: {} {}",
        response.status,
        response.body
    );
    if response.status.is_client_error() {
        assert_has_a_sentence(response, what);
    }
}

fn short(text: &str) -> String {
    text.chars().take(200).collect()
}

#[tokio::test]
async fn hostile_values_in_every_field_of_every_json_endpoint_are_never_a_server_error() {
    let app = TestApp::new().await;
    let hostile = hostile_values();
    let mut sent = 0;
    let mut game = new_game(&app, &PLAYERS).await;
    for route in GAME_WRITES.iter().chain(OTHER_WRITES) {
        let Payload::Json(template) = route.payload else {
            continue;
        };
        let template: Value = serde_json::from_str(template).unwrap();
        let mut all = Vec::new();
        paths(&template, &mut Vec::new(), &mut all);
        for path in &all {
            for value in &hostile {
                for body in variants(&template, path, value) {
                    // A fresh game now and then, so rounds keep being accepted.
                    if route.path.contains("{id}") && sent % 4 == 0 {
                        game = new_game(&app, &PLAYERS).await;
                    }
                    let uri = fill(route.path, &game.id);
                    let response = app.send(request(route, &uri, body.to_string())).await;
                    let what = format!("{uri} {}", short(&body.to_string()));
                    assert_not_a_server_error(&response, &what);
                    sent += 1;
                }
            }
        }
    }
    eprintln!("{sent} hostile requests");
    assert!(sent > 1000, "only {sent} hostile requests");
    // Nothing was dropped.
    let game = new_game(&app, &PLAYERS).await;
    assert_eq!(
        app.get(&format!("/api/v1/games/{}", game.id)).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn hostile_form_values_in_every_field_of_every_form_route_are_never_a_server_error() {
    // Runs over every form route: the round pages, the new-game form, the meld checker.
    let app = TestApp::new().await;
    let game = new_game(&app, &PLAYERS).await;
    let values = [
        MARKUP.to_owned(),
        SQL.to_owned(),
        "%00".to_owned(),
        "%FF%FE".to_owned(),
        "x".repeat(60_000),
        "99999999999999999999999999".to_owned(),
        "-1".to_owned(),
    ];
    for route in GAME_WRITES.iter().chain(OTHER_WRITES) {
        let Payload::Form(template) = route.payload else {
            continue;
        };
        let fields: Vec<(&str, &str)> = template
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .collect();
        for i in 0..fields.len() {
            for value in &values {
                let body: Vec<String> = fields
                    .iter()
                    .enumerate()
                    .map(|(j, (k, v))| {
                        if i == j {
                            format!("{k}={}", value.replace('<', "%3C").replace('>', "%3E"))
                        } else {
                            format!("{k}={v}")
                        }
                    })
                    .collect();
                let uri = fill(route.path, &game.id);
                let response = app.send(request(route, &uri, body.join("&"))).await;
                assert_not_a_server_error(&response, &format!("{uri} {}", fields[i].0));
            }
        }
    }
}

/// Bodies that are hostile as a whole.
fn hostile_bodies() -> Vec<(&'static str, Vec<u8>)> {
    let deep_array = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let deep_object = format!("{}1{}", r#"{"a":"#.repeat(10_000), "}".repeat(10_000));
    vec![
        ("10 MB of JSON", {
            let mut big = br#"{"rules": ""#.to_vec();
            big.extend(std::iter::repeat_n(b'x', 10 * 1024 * 1024));
            big.extend(br#""}"#);
            big
        }),
        ("10,000 nested arrays", deep_array.into_bytes()),
        ("10,000 nested objects", deep_object.into_bytes()),
        (
            "invalid UTF-8",
            b"{\"rules\": \"\xff\xfe\xc3\x28\", \"players\": [\"\x80\"]}".to_vec(),
        ),
        ("NUL bytes", b"{\"rules\": \"con\0tract\"}\0\0".to_vec()),
        ("only NUL bytes", vec![0; 64]),
        ("a lone surrogate", br#"{"rules": "\ud800"}"#.to_vec()),
        (
            "a huge number",
            format!(r#"{{"round": 1{}}}"#, "0".repeat(5000)).into_bytes(),
        ),
        ("not JSON", b"rules=contract&players=A".to_vec()),
        (
            "truncated",
            br#"{"rules": "contract", "players": ["#.to_vec(),
        ),
        ("a JSON string", br#""contract""#.to_vec()),
        ("a JSON array", br#"[1, 2, 3]"#.to_vec()),
        (
            "a duplicate key",
            br#"{"rules": "contract", "rules": "liverpool"}"#.to_vec(),
        ),
    ]
}

#[tokio::test]
async fn hostile_bodies_to_every_endpoint_are_a_4xx_with_a_sentence_never_a_5xx() {
    let app = TestApp::new().await;
    let game = new_game(&app, &PLAYERS).await;
    let before = snapshot(&app, &game).await;
    for route in GAME_WRITES.iter().chain(OTHER_WRITES) {
        let uri = fill(route.path, &game.id);
        for (what, body) in hostile_bodies() {
            for declare_length in [true, false] {
                let length = body.len();
                let mut request = request(route, &uri, body.clone());
                // Without a declared length the size is only found out while reading.
                if declare_length {
                    request
                        .headers_mut()
                        .insert("content-length", length.into());
                }
                let response = app.send(request).await;
                let what = format!("{uri}: {what}");
                match route.payload {
                    Payload::Json(_) => assert_refused_with_a_sentence(&response, &what),
                    // A form whose every field is optional may read junk as an empty form.
                    Payload::Form(_) => assert_not_a_server_error(&response, &what),
                }
                if length > 64 * 1024 {
                    assert_eq!(response.status, StatusCode::PAYLOAD_TOO_LARGE, "{what}");
                }
            }
        }
    }
    assert_unchanged(
        &before,
        &snapshot(&app, &game).await,
        "after the refused writes",
    );
}

#[tokio::test]
async fn hostile_paths_and_headers_are_a_4xx_with_a_sentence() {
    let app = TestApp::new().await;
    let game = new_game(&app, &PLAYERS).await;
    let long = "a".repeat(10_000);
    for id in [
        "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
        "'%3B%20DROP%20TABLE%20games%3B--",
        "%00",
        "%FF%FE",
        "..%2F..%2Fetc%2Fpasswd",
        long.as_str(),
    ] {
        for template in [
            "/api/v1/games/{id}",
            "/api/v1/view/{id}",
            "/games/{id}",
            "/view/{id}",
        ] {
            let path = template.replace("{id}", id);
            let response = app.get(&path).await;
            assert_refused_with_a_sentence(&response, &short(&path));
            assert!(!response.body.contains("<script>alert"), "{}", short(&path));
        }
        let route = &GAME_WRITES[0];
        let path = fill(route.path, id);
        let response = app.send(request(route, &path, body_of(route))).await;
        assert_refused_with_a_sentence(&response, &short(&path));
    }
    let rounds = fill(GAME_WRITES[0].path, &game.id);
    for key in [
        long.as_bytes(),
        b"\xff\xfe key".as_slice(),
        b"a\x01b".as_slice(),
    ] {
        let mut request = request(&GAME_WRITES[0], &rounds, body_of(&GAME_WRITES[0]));
        let Ok(value) = axum::http::HeaderValue::from_bytes(key) else {
            continue;
        };
        request.headers_mut().insert("idempotency-key", value);
        let response = app.send(request).await;
        assert_refused_with_a_sentence(&response, "idempotency key");
    }
}

#[tokio::test]
async fn names_with_markup_and_sql_come_back_verbatim_in_json_and_escaped_in_html() {
    let app = TestApp::new().await;
    let players = [MARKUP, SQL, "Ann & \"Ben\""];
    let game = new_game(&app, &players).await;
    let state = app.get(&format!("/api/v1/games/{}", game.id)).await;
    assert_eq!(state.status, StatusCode::OK);
    let json = state.json();
    assert_eq!(json["players"], json!(players));
    assert_eq!(json["rounds"][0]["points"][SQL], 10);
    // Served as JSON with nosniff, so a browser never renders it as a page.
    assert!(state.header("content-type").starts_with("application/json"));
    // The games table is still there.
    assert_eq!(game_count(&app).await, 1);

    for path in ["/games/{id}", "/view/{view}"] {
        let path = path.replace("{id}", &game.id).replace("{view}", &game.view);
        let response = app.get(&path).await;
        if response.status == StatusCode::NOT_FOUND {
            eprintln!("{path}: no HTML game page yet; escaping is checked once it exists");
            continue;
        }
        assert_eq!(response.status, StatusCode::OK, "{path}");
        assert!(response.is_html());
        assert!(!response.body.contains(MARKUP), "{path} renders markup raw");
        // askama escapes < and > as numeric references.
        assert!(
            response
                .body
                .contains("&#60;script&#62;alert(1)&#60;/script&#62;"),
            "{path} does not show the name"
        );
        assert!(!response.body.contains("'; DROP"), "{path} renders ' raw");
    }
}

#[tokio::test]
async fn no_html_answer_ever_contains_hostile_markup_raw() {
    let app = TestApp::new().await;
    let game = new_game(&app, &[MARKUP, SQL, "Cy"]).await;
    let encoded = "%3Cscript%3Ealert(1)%3C%2Fscript%3E";
    for path in [
        format!("/games/{}", game.id),
        format!("/view/{}", game.view),
        format!("/{encoded}"),
        format!("/?q={encoded}"),
        format!("/check?melds={encoded}&hand={encoded}&rules={encoded}"),
        format!("/static/{encoded}"),
    ] {
        let response = app.get(&path).await;
        assert!(!response.status.is_server_error(), "{path}");
        if response.is_html() {
            assert!(!response.body.contains(MARKUP), "{path} renders markup raw");
        }
    }
}

#[tokio::test]
async fn a_misspelt_or_unknown_field_in_an_undo_end_or_resume_body_is_refused_not_ignored() {
    let app = TestApp::new().await;
    let game = new_game(&app, &PLAYERS).await;
    let before = snapshot(&app, &game).await;
    // The JSON API's undo, end and resume.
    for route in &GAME_WRITES[1..4] {
        let path = fill(route.path, &game.id);
        let response = app.send(request(route, &path, r#"{"verison": 0}"#)).await;
        assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY, "{path}");
        assert!(
            response
                .error_sentence()
                .contains("unknown field `verison`"),
            "{}",
            response.body
        );
    }
    assert_unchanged(
        &before,
        &snapshot(&app, &game).await,
        "after the refused writes",
    );
}

// ---------------------------------------------------------------------------------------------
// Groups (issue 10)
// ---------------------------------------------------------------------------------------------

/// A group of Ann, Ben and Cy: its edit id and read-only token.
async fn new_group(app: &TestApp) -> Group {
    app.create_group("Freitagsrunde", &PLAYERS).await.into()
}

/// A group route's address and body for `group` (its edit id or read-only token as `id`):
/// the first player, the first house rules, a fresh standalone game and the group's version
/// filled in.
async fn group_request(app: &TestApp, route: &Route, group: &Group, id: &str) -> (String, String) {
    let state = app.get(&group.api()).await.json();
    let player = state["players"][0]["id"].as_i64().unwrap_or(1).to_string();
    let rules = state["house_rules"][0]["id"]
        .as_i64()
        .unwrap_or(1)
        .to_string();
    let mut path = route
        .path
        .replace("{id}", id)
        .replace("{player_id}", &player)
        .replace("{rules_id}", &rules);
    let mut body = body_of(route).to_owned();
    if body.contains("{game}") {
        body = body.replace("{game}", &new_game(app, &["Ann", "Eve", "Flo"]).await.id);
    }
    if path.contains("{game}") {
        path = path.replace("{game}", &new_game(app, &["Ann", "Gus", "Hal"]).await.id);
    }
    if let Payload::Json(_) = route.payload {
        // A group named in a JSON body (a rule set for the group).
        body = body.replace("{id}", id);
    }
    if let Payload::Form(_) = route.payload {
        let version = state["version"].as_i64().unwrap_or(0).to_string();
        body = signed(
            app,
            &path,
            &body.replace("{version}", &version).replace("{id}", id),
        );
    }
    if let Ok(Value::Object(mut map)) = serde_json::from_str::<Value>(&body)
        && map.contains_key("version")
    {
        map.insert("version".into(), state["version"].clone());
        body = Value::Object(map).to_string();
    }
    (path, body)
}

/// What the group's JSON answers show (state, read-only state, history).
async fn group_snapshot(app: &TestApp, group: &Group) -> Vec<String> {
    let mut all = Vec::new();
    for path in [
        group.api(),
        format!("/api/v1/groups/view/{}", group.view),
        format!("/api/v1/groups/{}/history", group.id),
    ] {
        let response = app.get(&path).await;
        all.push(format!("{path} {} {}", response.status, response.body));
    }
    all
}

#[tokio::test]
async fn every_listed_group_write_works_with_the_edit_id() {
    let app = TestApp::new().await;
    let group = new_group(&app).await;
    for route in GROUP_WRITES {
        let before = group_snapshot(&app, &group).await;
        let (path, body) = group_request(&app, route, &group, &group.id).await;
        let response = app.send(request(route, &path, body)).await;
        assert!(
            response.status.is_success() || response.status.is_redirection(),
            "{} {path}: {} {}",
            route.method,
            response.status,
            response.body
        );
        assert_ne!(
            before,
            group_snapshot(&app, &group).await,
            "{path} changed nothing"
        );
    }
}

#[tokio::test]
async fn the_read_only_token_of_a_group_changes_nothing_through_any_write_route() {
    let app = TestApp::new().await;
    let group = new_group(&app).await;
    let games_before = game_count(&app).await;
    let before = group_snapshot(&app, &group).await;
    for route in GROUP_WRITES {
        let (path, body) = group_request(&app, route, &group, &group.view).await;
        let response = app.send(request(route, &path, body)).await;
        assert_eq!(
            response.status,
            StatusCode::FORBIDDEN,
            "{} {path}: {}",
            route.method,
            response.body
        );
        assert_refused_with_a_sentence(&response, &path);
        assert!(
            response.body.contains("only shows the group"),
            "{path}: {}",
            response.body
        );
    }
    for path in ["/api/v1/groups/{view}", "/api/v1/groups/{view}/history"] {
        let path = path.replace("{view}", &group.view);
        let response = app.get(&path).await;
        assert_eq!(response.status, StatusCode::FORBIDDEN, "{path}");
        assert!(
            !response.body.contains(&group.id),
            "{path} shows the edit id"
        );
    }
    let view = app
        .get(&format!("/api/v1/groups/view/{}", group.view))
        .await;
    assert!(
        !view.body.contains(&group.id),
        "the read-only answer shows the edit id"
    );
    assert_unchanged(
        &before,
        &group_snapshot(&app, &group).await,
        "the read-only token changed the group",
    );
    // The games made for `add-game` and "add to group" are all that was created.
    assert_eq!(game_count(&app).await, games_before + 2);
}

#[tokio::test]
async fn hostile_values_in_every_field_of_every_group_route_are_never_a_server_error() {
    let app = TestApp::new().await;
    let hostile = hostile_values();
    let mut sent = 0;
    let mut group = new_group(&app).await;
    for route in GROUP_WRITES {
        let Payload::Json(template) = route.payload else {
            continue;
        };
        let template: Value = serde_json::from_str(template).unwrap();
        let mut all = Vec::new();
        paths(&template, &mut Vec::new(), &mut all);
        for path in &all {
            for value in &hostile {
                for body in variants(&template, path, value) {
                    if sent % 8 == 0 {
                        group = new_group(&app).await;
                    }
                    let uri = fill(route.path, &group.id);
                    let response = app.send(request(route, &uri, body.to_string())).await;
                    assert_not_a_server_error(
                        &response,
                        &format!("{uri} {}", short(&body.to_string())),
                    );
                    sent += 1;
                }
            }
        }
    }
    assert!(sent > 100, "only {sent} hostile requests");
    assert_eq!(app.get(&group.api()).await.status, StatusCode::OK);
}
