//! The paper import page in a real browser on a 360 px phone without JavaScript (issue 10):
//! paste a sheet with one bad row, see it named, fix it, import, and the games are on the
//! group page; then choose a CSV file saved as German Excel saves it (Windows-1252), preview
//! and import it; no page scrolls sideways.

use serde_json::json;

use super::harness::{Phone, run_on};

#[test]
fn paper_import_on_a_360_px_phone_without_javascript() {
    run_on(
        "paper_import_on_a_360_px_phone_without_javascript",
        Phone::NARROW.without_javascript(),
        async |b| {
            let body = json!({"name": "Freitagsrunde", "players": ["Ann", "Ben", "Cy"]});
            let (status, group) = b.api("POST", "/api/v1/groups", None, Some(&body))?;
            assert_eq!(status, 201, "{group}");
            let id = group["id"].as_str().ok_or("an id")?.to_owned();
            let sheet = "date,rules,player,r1,r2\n\
                         2026-11-20,liverpool,Ann,0,15\n\
                         2026-11-20,liverpool,Ben,20,x\n\
                         2026-11-20,liverpool,Cy,10,0\n";

            b.goto(&format!("/groups/{id}")).await?;
            b.click(&format!("a[href='/groups/{id}/import']")).await?;
            b.wait_path_is(&format!("/groups/{id}/import")).await?;
            b.assert_no_horizontal_scroll().await?;
            b.fill("#import-csv", sheet).await?;
            b.click("button[value=preview]").await?;
            b.wait_text(
                "#import-problems",
                "Row 3: round 2: \"x\" is not a whole number",
            )
            .await?;
            b.assert_no_horizontal_scroll().await?;

            b.fill(
                "#import-csv",
                &sheet.replace(",x", ",0").replace("Cy,10,0", "Cy,10,25"),
            )
            .await?;
            b.click("button[value=preview]").await?;
            b.wait_text("#import-games", "Ann 15, Ben 20, Cy 35")
                .await?;
            b.assert_no_horizontal_scroll().await?;
            b.click("#import-confirm button[value=import]").await?;
            b.wait_path_is(&format!("/groups/{id}")).await?;
            let (_, state) = b.api("GET", &format!("/api/v1/groups/{id}"), None, None)?;
            assert_eq!(state["games"].as_array().map(Vec::len), Some(1), "{state}");
            let game = state["games"][0]["url"]
                .as_str()
                .ok_or("a game url")?
                .to_owned();
            b.find(&format!("a[href='{game}']")).await?;
            b.assert_no_horizontal_scroll().await?;

            // A file from the phone: German Excel's CSV (`;`, Windows-1252: ü is 0xFC).
            let dir = tempfile::tempdir()?;
            let file = dir.path().join("abend.csv");
            std::fs::write(
                &file,
                b"Datum;Regeln;Spieler;R1\r\n\
                  21.11.2026;liverpool;Ann;0\r\n\
                  21.11.2026;liverpool;J\xFCrgen;20\r\n\
                  21.11.2026;liverpool;Cy;10\r\n",
            )?;
            b.goto(&format!("/groups/{id}/import")).await?;
            b.find("#import-file")
                .await?
                .send_keys(&file.to_string_lossy())
                .await?;
            b.assert_no_horizontal_scroll().await?;
            // The file field is a tap target like the others.
            let check = b.phone_problems("").await?;
            assert!(
                check.problems.is_empty(),
                "{}: {:?}",
                check.path,
                check.problems
            );
            b.click("button[value=preview]").await?;
            b.wait_text("#import-games", "Ann 0, Jürgen 20, Cy 10")
                .await?;
            b.assert_no_horizontal_scroll().await?;
            b.click("#import-confirm button[value=import]").await?;
            b.wait_path_is(&format!("/groups/{id}")).await?;
            let (_, state) = b.api("GET", &format!("/api/v1/groups/{id}"), None, None)?;
            assert_eq!(state["games"].as_array().map(Vec::len), Some(2), "{state}");
            assert!(state["players"].to_string().contains("Jürgen"), "{state}");
            Ok(())
        },
    );
}
