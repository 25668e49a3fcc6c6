//! A table's own rule set shared on a 360 px phone without JavaScript, in English and German,
//! at normal and at 200 % text: the group page lists it, its read-only page shows it with a
//! QR code, and the import form refuses a damaged paste by field, then adds a shared link to
//! the group. Every page fits: no sideways scroll, 44 px targets, readable text.

use serde_json::json;

use super::harness::{Browser, Phone, TestResult, run_on};

/// What the phone check found on the page shown, named by `what`.
async fn check(b: &Browser, what: &str, problems: &mut Vec<String>) -> TestResult {
    let found = b.phone_problems("").await?;
    if !found.problems.is_empty() {
        problems.push(format!(
            "{what} ({}):\n    {}",
            found.path,
            found.problems.join("\n    ")
        ));
    }
    Ok(())
}

#[test]
fn a_rule_set_is_listed_shared_and_imported_on_a_360_px_phone_without_javascript() {
    const TEST: &str =
        "a_rule_set_is_listed_shared_and_imported_on_a_360_px_phone_without_javascript";
    run_on(
        TEST,
        Phone::NARROW.without_javascript(),
        async |b: &Browser| -> TestResult {
            let body = json!({"name": "Freitagsrunde", "players": ["Ann", "Ben", "Cy"]});
            let (status, group) = b.api("POST", "/api/v1/groups", None, Some(&body))?;
            assert_eq!(status, 201, "{group}");
            let id = group["id"].as_str().ok_or("an id")?.to_owned();
            let body = json!({"base": "contract", "name": "Omas Regeln mit einem langen Namen",
                          "group": id});
            let (status, own) = b.api("POST", "/api/v1/rulesets", None, Some(&body))?;
            assert_eq!(status, 201, "{own}");
            let own_id = own["id"].as_str().ok_or("an id")?.to_owned();
            let body = json!({"base": "liverpool", "name": "Nachbars Regeln"});
            let (status, shared) = b.api("POST", "/api/v1/rulesets", None, Some(&body))?;
            assert_eq!(status, 201, "{shared}");
            let shared_id = shared["id"].as_str().ok_or("an id")?.to_owned();

            let mut problems = Vec::new();
            for (lang, size) in [
                ("en", "100%"),
                ("de", "100%"),
                ("de", "200%"),
                ("en", "200%"),
            ] {
                let zoom =
                    format!("document.documentElement.style.fontSize = '{size}'; return true;");
                let what = |page: &str| format!("{lang} {size} {page}");
                b.goto(&format!("/groups/{id}")).await?;
                if b.find("html").await?.attr("lang").await?.as_deref() != Some(lang) {
                    b.click("header.site a.lang-switch").await?;
                    b.find(&format!("html[lang=\"{lang}\"]")).await?;
                }
                b.js(&zoom).await?;
                b.find(&format!("#group-rule-sets a[href='/rulesets/{own_id}']"))
                    .await?;
                check(b, &what("group page with its rule sets"), &mut problems).await?;

                b.goto(&format!("/rulesets/{own_id}")).await?;
                b.js(&zoom).await?;
                b.find("#qr svg").await?;
                b.find(&format!(
                    "#rule-set-new-game[href='/games/new?rules={own_id}']"
                ))
                .await?;
                check(b, &what("a rule set's page"), &mut problems).await?;

                b.goto(&format!("/rulesets/import?group={id}")).await?;
                b.js(&zoom).await?;
                b.fill("#import-json", "{\"base\": \"contract\", \"name\": \"\"}")
                    .await?;
                b.click("#import-rule-set button[type=submit]").await?;
                b.find("#import-problems li").await?;
                b.js(&zoom).await?;
                check(b, &what("the import form with a problem"), &mut problems).await?;
            }
            // A shared link added to the group: the group page lists the group's own copy.
            b.goto(&format!("/rulesets/import?group={id}")).await?;
            b.fill(
                "#import-json",
                &format!("http://kontrakt.local/rulesets/{shared_id}"),
            )
            .await?;
            b.click("#import-rule-set button[type=submit]").await?;
            b.wait_path_is(&format!("/groups/{id}")).await?;
            b.wait_text("#group-rule-sets", "Nachbars Regeln").await?;
            assert!(
                problems.is_empty(),
                "pages that do not fit a 360 px phone:\n  {}",
                problems.join("\n  ")
            );
            Ok(())
        },
    );
}
