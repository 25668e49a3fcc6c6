//! Game storage: creating and loading games, entering, replaying, correcting and undoing
//! rounds, each test on its own fresh database.

use crate::common::{change_round, create_game, db_writes, fresh_db};
use kontrakt::db::Db;
use kontrakt::db::games::{self, HistoryAction, NewGame, Once};
use kontrakt::db::guard::{Outcome, Refusal};
use serde_json::{Value, json};

fn liverpool() -> NewGame {
    NewGame {
        rules: "liverpool".into(),
        options: json!({}),
        players: vec!["Ann".into(), "Ben".into(), "Cy".into(), "Di".into()],
        first_dealer: 1,
        money: json!({"cents_per_point": 1, "currency": "EUR", "scheme": "lowest-collects"}),
    }
}

/// What a round write did, as these tests check it.
#[derive(Debug, PartialEq, Eq)]
enum PutOutcome {
    Written { version: i64, response: String },
    Replayed(String),
    Conflict { current_version: i64 },
    NotNextRound { next_round: i64 },
    GameNotFound,
}

/// Writes `entry` and `points` as round `round_no` through the guarded write and its round
/// piece ([`change_round`]), answering with `make_response` of the new version.
async fn put_round(
    db: &Db,
    game_id: &str,
    (round_no, entry, points): (i64, &Value, &Value),
    expected_version: Option<i64>,
    key: Option<&str>,
    make_response: impl FnOnce(i64) -> String,
) -> PutOutcome {
    let round = (round_no, entry.clone(), points.clone());
    let outcome = change_round(db, game_id, round, expected_version, key, make_response).await;
    match outcome {
        Outcome::Done((version, response)) => PutOutcome::Written { version, response },
        Outcome::Replayed(response) => PutOutcome::Replayed(response),
        Outcome::Conflict { current_version } => PutOutcome::Conflict { current_version },
        Outcome::Refused(Refusal::NotNextRound { next_round }) => {
            PutOutcome::NotNextRound { next_round }
        }
        Outcome::NotFound => PutOutcome::GameNotFound,
        Outcome::Refused(other) => panic!("a round write refuses only a gap: {other:?}"),
        Outcome::KeyReused => panic!("the helper sends one request per key"),
    }
}

async fn put(
    db: &Db,
    game_id: &str,
    round_no: i64,
    points: &Value,
    expected_version: Option<i64>,
    key: Option<&str>,
) -> PutOutcome {
    let entry = json!({"round": round_no, "points": points});
    put_round(
        db,
        game_id,
        (round_no, &entry, points),
        expected_version,
        key,
        |version| json!({"version": version}).to_string(),
    )
    .await
}

#[tokio::test]
async fn a_created_game_loads_by_both_tokens_with_what_was_stored() {
    let (db, _dir) = fresh_db().await;
    let ids = create_game(&db, &liverpool()).await.unwrap();
    assert_eq!(ids.id.len(), 32);
    assert_ne!(ids.id, ids.view_token);

    let record = games::load_game(&db, &ids.id)
        .await
        .unwrap()
        .expect("game exists");
    assert_eq!(record.game.id, ids.id);
    assert_eq!(record.game.view_token, ids.view_token);
    assert_eq!(record.game.rules, "liverpool");
    assert_eq!(record.game.players, ["Ann", "Ben", "Cy", "Di"]);
    assert_eq!(record.game.first_dealer, 1);
    assert_eq!(record.game.money["currency"], "EUR");
    assert_eq!(record.game.version, 0);
    assert!(!record.game.ended_early);
    assert!(record.rounds.is_empty());

    let by_view = games::load_by_view_token(&db, &ids.view_token)
        .await
        .unwrap()
        .expect("game exists");
    assert_eq!(by_view, record);
}

#[tokio::test]
async fn unknown_tokens_load_nothing() {
    let (db, _dir) = fresh_db().await;
    let ids = create_game(&db, &liverpool()).await.unwrap();
    assert_eq!(games::load_game(&db, "nope").await.unwrap(), None);
    // The view token is not an edit token, nor the other way round.
    assert_eq!(games::load_game(&db, &ids.view_token).await.unwrap(), None);
    assert_eq!(games::load_by_view_token(&db, &ids.id).await.unwrap(), None);
}

#[tokio::test]
async fn first_dealer_outside_the_players_is_refused_by_the_schema() {
    let (db, _dir) = fresh_db().await;
    let mut game = liverpool();
    game.first_dealer = 4;
    assert!(create_game(&db, &game).await.is_err());
}

#[tokio::test]
async fn entering_rounds_stores_them_in_order_and_bumps_the_version() {
    let (db, _dir) = fresh_db().await;
    let id = create_game(&db, &liverpool()).await.unwrap().id;
    let first = json!({"Ann": 0, "Ben": 35, "Cy": 12, "Di": -10});
    let second = json!({"Ann": 20, "Ben": 0, "Cy": 5, "Di": 40});

    assert_eq!(
        put(&db, &id, 1, &first, Some(0), None).await,
        PutOutcome::Written {
            version: 1,
            response: r#"{"version":1}"#.into()
        }
    );
    assert!(matches!(
        put(&db, &id, 2, &second, None, None).await,
        PutOutcome::Written { version: 2, .. }
    ));

    let record = games::load_game(&db, &id).await.unwrap().unwrap();
    assert_eq!(record.game.version, 2);
    let numbers: Vec<i64> = record.rounds.iter().map(|r| r.round_no).collect();
    assert_eq!(numbers, [1, 2]);
    assert_eq!(record.rounds[0].points, first);
    assert_eq!(record.rounds[1].points, second);
    assert_eq!(record.rounds[1].entry["round"], 2);
}

#[tokio::test]
async fn the_same_idempotency_key_twice_writes_one_round_and_replays_the_first_answer() {
    let (db, _dir) = fresh_db().await;
    let id = create_game(&db, &liverpool()).await.unwrap().id;
    let points = json!({"Ann": 0, "Ben": 35});

    let first = put(&db, &id, 1, &points, Some(0), Some("form-abc")).await;
    assert!(matches!(first, PutOutcome::Written { version: 1, .. }));
    // The repeat carries the now stale version: the replay wins over the conflict.
    let again = put(&db, &id, 1, &points, Some(0), Some("form-abc")).await;
    assert_eq!(again, PutOutcome::Replayed(r#"{"version":1}"#.into()));

    let record = games::load_game(&db, &id).await.unwrap().unwrap();
    assert_eq!(record.rounds.len(), 1);
    assert_eq!(record.game.version, 1);
    assert_eq!(games::history(&db, &id).await.unwrap().len(), 1);
}

#[tokio::test]
async fn idempotency_keys_belong_to_one_game() {
    let (db, _dir) = fresh_db().await;
    let a = create_game(&db, &liverpool()).await.unwrap().id;
    let b = create_game(&db, &liverpool()).await.unwrap().id;
    let points = json!({"Ann": 0});
    put(&db, &a, 1, &points, None, Some("k")).await;
    assert!(matches!(
        put(&db, &b, 1, &points, None, Some("k")).await,
        PutOutcome::Written { version: 1, .. }
    ));
}

#[tokio::test]
async fn a_stale_version_is_a_conflict_that_changes_nothing() {
    let (db, _dir) = fresh_db().await;
    let id = create_game(&db, &liverpool()).await.unwrap().id;
    put(&db, &id, 1, &json!({"Ann": 0}), Some(0), None).await;

    let outcome = put(&db, &id, 2, &json!({"Ann": 9}), Some(0), Some("late")).await;
    assert_eq!(outcome, PutOutcome::Conflict { current_version: 1 });

    let record = games::load_game(&db, &id).await.unwrap().unwrap();
    assert_eq!(record.rounds.len(), 1);
    assert_eq!(record.game.version, 1);
    // The key of the refused write was not spent: a retry with the right version writes.
    assert!(matches!(
        put(&db, &id, 2, &json!({"Ann": 9}), Some(1), Some("late")).await,
        PutOutcome::Written { version: 2, .. }
    ));
}

#[tokio::test]
async fn a_round_that_would_leave_a_gap_is_refused() {
    let (db, _dir) = fresh_db().await;
    let id = create_game(&db, &liverpool()).await.unwrap().id;
    assert_eq!(
        put(&db, &id, 2, &json!({}), None, None).await,
        PutOutcome::NotNextRound { next_round: 1 }
    );
    assert_eq!(
        put(&db, &id, 0, &json!({}), None, None).await,
        PutOutcome::NotNextRound { next_round: 1 }
    );
}

#[tokio::test]
async fn writing_to_an_unknown_game_reports_it() {
    let (db, _dir) = fresh_db().await;
    assert_eq!(
        put(&db, "nope", 1, &json!({}), None, None).await,
        PutOutcome::GameNotFound
    );
    assert_eq!(
        db_writes::undo(&db, "nope", 0, None).await,
        Outcome::NotFound
    );
    assert_eq!(
        db_writes::end(&db, "nope", true, 0, None).await,
        Outcome::NotFound
    );
}

#[tokio::test]
async fn a_correction_replaces_the_round_and_records_before_and_after() {
    let (db, _dir) = fresh_db().await;
    let id = create_game(&db, &liverpool()).await.unwrap().id;
    let wrong = json!({"Ann": 0, "Ben": 53});
    let right = json!({"Ann": 0, "Ben": 35});
    put(&db, &id, 1, &wrong, None, None).await;
    put(&db, &id, 2, &json!({"Ann": 5, "Ben": 0}), None, None).await;

    assert!(matches!(
        put(&db, &id, 1, &right, Some(2), None).await,
        PutOutcome::Written { version: 3, .. }
    ));

    let record = games::load_game(&db, &id).await.unwrap().unwrap();
    assert_eq!(record.rounds.len(), 2);
    assert_eq!(record.rounds[0].points, right);

    let history = games::history(&db, &id).await.unwrap();
    let actions: Vec<HistoryAction> = history.iter().map(|h| h.action).collect();
    assert_eq!(
        actions,
        [
            HistoryAction::Enter,
            HistoryAction::Enter,
            HistoryAction::Correct
        ]
    );
    let correction = &history[2];
    assert_eq!(correction.round_no, Some(1));
    assert_eq!(correction.before.as_ref().unwrap()["points"], wrong);
    assert_eq!(correction.after.as_ref().unwrap()["points"], right);
    assert_eq!(history[0].before, None);
}

#[tokio::test]
async fn undo_removes_the_last_round_and_keeps_it_in_the_history() {
    let (db, _dir) = fresh_db().await;
    let id = create_game(&db, &liverpool()).await.unwrap().id;
    put(&db, &id, 1, &json!({"Ann": 1}), None, None).await;
    put(&db, &id, 2, &json!({"Ann": 2}), None, None).await;

    assert_eq!(
        db_writes::undo(&db, &id, 1, None).await,
        Outcome::Conflict { current_version: 2 }
    );
    assert_eq!(
        db_writes::undo(&db, &id, 2, None).await,
        Outcome::Done((3, 2))
    );

    let record = games::load_game(&db, &id).await.unwrap().unwrap();
    assert_eq!(record.rounds.len(), 1);
    let undo = games::history(&db, &id).await.unwrap().pop().unwrap();
    assert_eq!(undo.action, HistoryAction::Undo);
    assert_eq!(undo.round_no, Some(2));
    assert_eq!(undo.before.unwrap()["points"], json!({"Ann": 2}));
    assert_eq!(undo.after, None);

    // The undone round number is free again.
    assert!(matches!(
        put(&db, &id, 2, &json!({"Ann": 7}), Some(3), None).await,
        PutOutcome::Written { version: 4, .. }
    ));
}

#[tokio::test]
async fn undo_on_a_game_without_rounds_changes_nothing() {
    let (db, _dir) = fresh_db().await;
    let id = create_game(&db, &liverpool()).await.unwrap().id;
    assert_eq!(
        db_writes::undo(&db, &id, 0, None).await,
        Outcome::Refused(Refusal::NothingToUndo)
    );
    assert_eq!(
        games::load_game(&db, &id)
            .await
            .unwrap()
            .unwrap()
            .game
            .version,
        0
    );
}

#[tokio::test]
async fn ending_early_is_versioned_and_recorded() {
    let (db, _dir) = fresh_db().await;
    let id = create_game(&db, &liverpool()).await.unwrap().id;
    assert_eq!(
        db_writes::end(&db, &id, true, 0, None).await,
        Outcome::Done(1)
    );
    assert_eq!(
        db_writes::end(&db, &id, false, 0, None).await,
        Outcome::Conflict { current_version: 1 }
    );
    // Asking for what is already so changes nothing.
    assert_eq!(
        db_writes::end(&db, &id, true, 1, None).await,
        Outcome::Done(1)
    );
    let record = games::load_game(&db, &id).await.unwrap().unwrap();
    assert!(record.game.ended_early);
    let history = games::history(&db, &id).await.unwrap();
    assert_eq!(history.len(), 1);
    assert_eq!(history[0].action, HistoryAction::End);
    assert_eq!(history[0].after, Some(json!({"ended_early": true})));
}

#[tokio::test]
async fn an_undo_repeated_with_its_key_replays_and_removes_only_one_round() {
    let (db, _dir) = fresh_db().await;
    let id = create_game(&db, &liverpool()).await.unwrap().id;
    put(&db, &id, 1, &json!({"Ann": 1}), None, None).await;
    put(&db, &id, 2, &json!({"Ann": 2}), None, None).await;
    let once = Some(Once {
        key: "undo-1",
        request: "undo",
        response: "/games/x",
    });
    // A refused undo (stale version) does not use up the key.
    assert_eq!(
        db_writes::undo(&db, &id, 1, once).await,
        Outcome::Conflict { current_version: 2 }
    );
    assert_eq!(
        db_writes::undo(&db, &id, 2, once).await,
        Outcome::Done((3, 2))
    );
    // The double tap: same key, the version the page had.
    assert_eq!(
        db_writes::undo(&db, &id, 2, once).await,
        Outcome::Replayed("/games/x".into())
    );
    let record = games::load_game(&db, &id).await.unwrap().unwrap();
    assert_eq!((record.rounds.len(), record.game.version), (1, 3));
}

#[tokio::test]
async fn ending_early_repeated_with_its_key_replays() {
    let (db, _dir) = fresh_db().await;
    let id = create_game(&db, &liverpool()).await.unwrap().id;
    let once = Some(Once {
        key: "end-1",
        request: "end",
        response: "done",
    });
    assert_eq!(
        db_writes::end(&db, &id, true, 0, once).await,
        Outcome::Done(1)
    );
    assert_eq!(
        db_writes::end(&db, &id, true, 0, once).await,
        Outcome::Replayed("done".into())
    );
    assert_eq!(games::history(&db, &id).await.unwrap().len(), 1);
}

#[tokio::test]
async fn concurrent_writers_each_get_a_distinct_version() {
    let (db, _dir) = fresh_db().await;
    let id = create_game(&db, &liverpool()).await.unwrap().id;
    let mut tasks = Vec::new();
    for n in 0..20 {
        let db = db.clone();
        let id = id.clone();
        tasks.push(tokio::spawn(async move {
            let key = format!("k{n}");
            let points = json!({"Ann": n});
            // Everyone corrects round 1 after it exists, or enters it: no gaps either way.
            let entry = json!({});
            put_round(&db, &id, (1, &entry, &points), None, Some(&key), |v| {
                v.to_string()
            })
            .await
        }));
    }
    let mut versions = Vec::new();
    for task in tasks {
        let PutOutcome::Written { version, .. } = task.await.unwrap() else {
            panic!("every write succeeds");
        };
        versions.push(version);
    }
    versions.sort_unstable();
    assert_eq!(versions, (1..=20).collect::<Vec<_>>());
    assert_eq!(games::history(&db, &id).await.unwrap().len(), 20);
}

/// A round write through [`db_writes::round`]: round 99 is one the caller refuses with the
/// game in hand; the answer is built from the game as written.
async fn change(
    db: &Db,
    game_id: &str,
    round_no: i64,
    expected_version: Option<i64>,
    key: Option<&str>,
) -> Result<Outcome<(i64, String)>, &'static str> {
    let round = if round_no == 99 {
        Err("refused")
    } else {
        Ok((
            round_no,
            json!({"round": round_no}),
            json!({"Ann": round_no}),
        ))
    };
    db_writes::round(db, game_id, round, expected_version, key, |written| {
        Ok(json!({"version": written.game.version, "rounds": written.rounds.len()}).to_string())
    })
    .await
}

#[tokio::test]
async fn change_round_writes_what_prepare_chose_and_answers_from_the_written_game() {
    let (db, _dir) = fresh_db().await;
    let ids = create_game(&db, &liverpool()).await.unwrap();
    let outcome = change(&db, &ids.id, 1, Some(0), Some("k")).await;
    assert_eq!(
        outcome,
        Ok(Outcome::Done((
            1,
            json!({"version": 1, "rounds": 1}).to_string()
        )))
    );
    assert_eq!(
        change(&db, &ids.id, 2, None, Some("k")).await,
        Ok(Outcome::Replayed(
            json!({"version": 1, "rounds": 1}).to_string()
        ))
    );
    // A correction of round 1 is recorded as such.
    assert!(matches!(
        change(&db, &ids.id, 1, Some(1), None).await,
        Ok(Outcome::Done((2, _)))
    ));
    let history = games::history(&db, &ids.id).await.unwrap();
    let actions: Vec<HistoryAction> = history.iter().map(|h| h.action).collect();
    assert_eq!(actions, [HistoryAction::Enter, HistoryAction::Correct]);
}

#[tokio::test]
async fn change_round_writes_nothing_when_refused_stale_or_out_of_order() {
    let (db, _dir) = fresh_db().await;
    let ids = create_game(&db, &liverpool()).await.unwrap();
    assert_eq!(
        change(&db, &ids.id, 99, None, Some("k")).await,
        Err("refused")
    );
    assert_eq!(
        change(&db, &ids.id, 3, None, None).await,
        Ok(Outcome::Refused(Refusal::NotNextRound { next_round: 1 }))
    );
    assert_eq!(
        change(&db, &ids.id, 1, Some(5), None).await,
        Ok(Outcome::Conflict { current_version: 0 }),
        "a stale version is a conflict"
    );
    assert_eq!(
        change(&db, "no-such-game", 1, None, None).await,
        Ok(Outcome::NotFound)
    );
    // A refused answer writes nothing either.
    let refused = db_writes::round(
        &db,
        &ids.id,
        Ok((1, json!({}), json!({}))),
        None,
        Some("k2"),
        |_| Err("cannot answer"),
    )
    .await;
    assert_eq!(refused, Err("cannot answer"));
    let record = games::load_game(&db, &ids.id).await.unwrap().unwrap();
    assert_eq!(record.game.version, 0);
    assert!(record.rounds.is_empty());
    assert!(games::history(&db, &ids.id).await.unwrap().is_empty());
    // The refused key was not stored: it can still be used.
    assert!(matches!(
        change(&db, &ids.id, 1, None, Some("k")).await,
        Ok(Outcome::Done((1, _)))
    ));
}

#[tokio::test]
async fn redo_puts_back_the_undone_round_exactly_once_and_only_while_the_undo_is_the_last_change() {
    let (db, _dir) = fresh_db().await;
    let id = create_game(&db, &liverpool()).await.unwrap().id;
    put(&db, &id, 1, &json!({"Ann": 1}), None, None).await;
    put(&db, &id, 2, &json!({"Ann": 2}), None, None).await;
    let before = games::load_game(&db, &id).await.unwrap().unwrap();
    // Nothing undone yet: nothing to redo.
    assert_eq!(
        db_writes::redo(&db, &id, 2, None).await,
        Outcome::Refused(Refusal::NothingToRedo)
    );
    db_writes::undo(&db, &id, 2, None).await;
    let once = Some(Once {
        key: "redo-1",
        request: "redo",
        response: "/games/x",
    });
    assert_eq!(
        db_writes::redo(&db, &id, 2, once).await,
        Outcome::Conflict { current_version: 3 }
    );
    assert_eq!(
        db_writes::redo(&db, &id, 3, once).await,
        Outcome::Done((4, 2))
    );
    assert_eq!(
        db_writes::redo(&db, &id, 3, once).await,
        Outcome::Replayed("/games/x".into())
    );
    let after = games::load_game(&db, &id).await.unwrap().unwrap();
    assert_eq!(after.game.version, 4);
    assert_eq!(after.rounds[1].entry, before.rounds[1].entry);
    assert_eq!(after.rounds[1].points, before.rounds[1].points);
    let last = games::last_change(&db, &id).await.unwrap().unwrap();
    assert_eq!(
        (last.action, last.round_no),
        (HistoryAction::Enter, Some(2))
    );
    // A second redo, with the new version: nothing to redo.
    assert_eq!(
        db_writes::redo(&db, &id, 4, None).await,
        Outcome::Refused(Refusal::NothingToRedo)
    );
    // Undo, then another change: the undo can no longer be redone.
    db_writes::undo(&db, &id, 4, None).await;
    db_writes::end(&db, &id, true, 5, None).await;
    assert_eq!(
        db_writes::redo(&db, &id, 6, None).await,
        Outcome::Refused(Refusal::NothingToRedo)
    );
    assert_eq!(
        games::load_game(&db, &id)
            .await
            .unwrap()
            .unwrap()
            .rounds
            .len(),
        1
    );
}
