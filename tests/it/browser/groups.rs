//! A group at the table (issue 10), in a real browser on a 360 px phone without JavaScript:
//! a group of four made on the home page, a game started from the group's new-game form and
//! played to the end, a rematch, the games and the money chart on the group page, the group's
//! counts on the home page, a refused rename that keeps what was typed, and a rename that
//! shows in the old game. Every page fits the phone (no horizontal scroll, tap targets of
//! 44 px).

use serde_json::json;

use super::harness::{Browser, Phone, TestResult, run_on};

/// Waits until the path differs from `from`; the new path.
async fn left(b: &Browser, from: &str) -> Result<String, Box<dyn std::error::Error>> {
    let mut path = b.path().await?;
    for _ in 0..100 {
        if path != from {
            return Ok(path);
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        path = b.path().await?;
    }
    Err(format!("still at {from}").into())
}

/// The page fits the phone: nothing sticks out, every tap target is large enough.
async fn fits(b: &Browser) -> TestResult {
    b.assert_no_horizontal_scroll().await?;
    let check = b.phone_problems(".table-scroll").await?;
    assert!(
        check.problems.is_empty(),
        "{}: {:?}",
        check.path,
        check.problems
    );
    Ok(())
}

#[test]
fn a_group_of_four_plays_a_game_and_a_rematch_and_a_rename_reaches_the_old_game() {
    run_on(
        "a_group_of_four_plays_a_game_and_a_rematch_and_a_rename_reaches_the_old_game",
        Phone::NARROW.without_javascript(),
        async |b| {
            b.goto("/").await?;
            fits(b).await?;
            b.fill("#group-name", "Freitagsrunde").await?;
            b.fill("#group-players", "Ann\nBen\nCy\nDi").await?;
            b.click("#new-group-form button[type=submit]").await?;
            let group = left(b, "/").await?;
            let id = group
                .strip_prefix("/groups/")
                .ok_or("on the group page")?
                .to_owned();
            b.wait_text("#group-players", "Di").await?;
            fits(b).await?;

            b.click("#group-new-game").await?;
            b.wait_path_is(&format!("/groups/{id}/games/new")).await?;
            fits(b).await?;
            assert_eq!(b.value("#p1").await?, "Ann");
            assert_eq!(b.value("#p4").await?, "Di");
            b.click("form.setup button.big").await?;
            let first = left(b, &format!("/groups/{id}/games/new")).await?;
            let game = first
                .strip_prefix("/games/")
                .ok_or("on the game page")?
                .to_owned();
            b.wait_text(".game-group", "Freitagsrunde").await?;
            fits(b).await?;

            // The rounds come from another phone at the table, through the API.
            let players = ["Ann", "Ben", "Cy", "Di"];
            for round in 0..7 {
                let out = players[round % 4];
                let points: serde_json::Map<String, serde_json::Value> = players
                    .iter()
                    .filter(|p| **p != out)
                    .map(|p| ((*p).to_owned(), json!(25)))
                    .collect();
                let body = json!({"went_out": out, "points": points});
                let path = format!("/api/v1/games/{game}/rounds");
                let (status, state) = b.api("POST", &path, None, Some(&body))?;
                assert_eq!(status, 200, "{state}");
            }
            b.goto(&first).await?;
            fits(b).await?;
            b.click("#rematch").await?;
            let second = left(b, &first).await?;
            assert!(second.starts_with("/games/"), "{second}");

            // A third game, for money, from another phone: the group page draws the money
            // chart (issue 10), and the home page counts the games.
            let (status, money) = b.api(
                "POST",
                &format!("/api/v1/groups/{id}/games"),
                None,
                Some(
                    &json!({"rules": "contract", "players": ["Ann", "Ben", "Cy"],
                             "cents_per_point": 10}),
                ),
            )?;
            assert_eq!(status, 201, "{money}");
            let money = money["id"].as_str().ok_or("no id")?.to_owned();
            let round = json!({"went_out": "Ann", "points": {"Ben": 20, "Cy": 40}});
            let (status, body) = b.api(
                "POST",
                &format!("/api/v1/games/{money}/rounds"),
                None,
                Some(&round),
            )?;
            assert_eq!(status, 200, "{body}");
            let (status, body) = b.api(
                "POST",
                &format!("/api/v1/games/{money}/end"),
                None,
                Some(&json!({})),
            )?;
            assert_eq!(status, 200, "{body}");

            b.goto(&group).await?;
            let games = b
                .js("return document.querySelectorAll('#group-games li').length;")
                .await?;
            assert_eq!(games, json!(3));
            let drawn = b
                .js("const i = document.querySelector('#money-chart'); return i !== null && i.complete && i.naturalWidth > 0 && i.getBoundingClientRect().width <= 360;")
                .await?;
            assert_eq!(drawn, json!(true), "the money chart is drawn and fits");
            fits(b).await?;
            b.goto("/").await?;
            b.wait_text("#recent-groups", "3 games · 4 players · last game")
                .await?;
            fits(b).await?;
            b.goto(&group).await?;

            // A rename refused keeps what was typed in the opened form, with the sentence.
            b.click("#group-players li:nth-child(2) details summary")
                .await?;
            b.fill("#rename-2", "ann").await?;
            b.click("#group-players li:nth-child(2) form.rename button")
                .await?;
            b.wait_text("#group-notice", "Ann").await?;
            assert_eq!(b.value("#rename-2").await?, "ann");
            fits(b).await?;

            b.click("#group-players li:first-child details summary")
                .await?;
            b.fill("#rename-1", "Anna").await?;
            b.click("#group-players li:first-child form.rename button")
                .await?;
            b.wait_text("#group-players", "Anna").await?;
            fits(b).await?;
            b.goto(&first).await?;
            b.wait_text(".players", "Anna").await?;
            let (_, state) = b.api("GET", &format!("/api/v1/games/{game}"), None, None)?;
            assert_eq!(state["players"][0], "Anna");
            Ok(())
        },
    );
}
