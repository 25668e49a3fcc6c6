//! Rematch at the table (issues 10 and 11), in a real browser on a 360 px phone without
//! JavaScript: a finished game's header offers Rematch; one tap lands on the new game with the
//! same players and the deal one seat on.

use serde_json::json;

use super::harness::{Phone, run_on};

#[test]
fn rematch_from_the_game_over_header_on_a_360_px_phone_without_javascript() {
    run_on(
        "rematch_from_the_game_over_header_on_a_360_px_phone_without_javascript",
        Phone::NARROW.without_javascript(),
        async |b| {
            let setup = json!({"rules": "hollywood", "players": ["Ann", "Ben", "Cy"],
                               "options": {"contracts": 4}, "first_dealer": "Cy"});
            let (status, created) = b.api("POST", "/api/v1/games", None, Some(&setup))?;
            assert_eq!(status, 201, "{created}");
            let id = created["id"].as_str().ok_or("an id")?.to_owned();
            for round in [
                json!({"went_out": "Ann", "points": {"Ben": 25, "Cy": 5}}),
                json!({"went_out": "Ben", "points": {"Ann": 40, "Cy": 15}}),
                json!({"went_out": "Cy", "points": {"Ann": 10, "Ben": 20}}),
                json!({"went_out": "Ann", "points": {"Ben": 5, "Cy": 30}}),
            ] {
                let path = format!("/api/v1/games/{id}/rounds");
                let (status, state) = b.api("POST", &path, None, Some(&round))?;
                assert_eq!(status, 200, "{state}");
            }
            b.goto(&format!("/games/{id}")).await?;
            b.assert_no_horizontal_scroll().await?;
            let height = b
                .js("return document.querySelector('#rematch').getBoundingClientRect().height;")
                .await?;
            assert!(
                height.as_f64().unwrap_or(0.0) >= 44.0,
                "Rematch is {height} px high"
            );
            b.click("#rematch").await?;
            let mut path = b.path().await?;
            for _ in 0..100 {
                if path != format!("/games/{id}") {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                path = b.path().await?;
            }
            let new_id = path.strip_prefix("/games/").ok_or("on a game page")?;
            assert_ne!(new_id, id, "still on the old game");
            let (_, state) = b.api("GET", &format!("/api/v1/games/{new_id}"), None, None)?;
            assert_eq!(state["players"], json!(["Ann", "Ben", "Cy"]));
            assert_eq!(state["first_dealer"], "Ann");
            assert_eq!(state["rounds"], json!([]));
            b.assert_no_horizontal_scroll().await?;
            Ok(())
        },
    );
}
