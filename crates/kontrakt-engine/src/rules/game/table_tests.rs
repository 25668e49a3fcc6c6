//! Tests of the table's changes (docs/RULES.md section 8), each from its rule text, and the
//! invariants as property tests: the dealer always plays the round, and the money sums to zero
//! with players sitting out, leaving and joining.

use proptest::prelude::*;

use super::*;
use crate::rules::game::tests::{play, raw, setup, setup_with};

const FOUR: [&str; 4] = ["Ann", "Ben", "Cy", "Dee"];

fn change(after_round: usize, change: TableChange) -> TimedChange {
    TimedChange {
        after_round,
        change,
    }
}

fn sit_out(after_round: usize, player: &str) -> TimedChange {
    change(
        after_round,
        TableChange::SitOut {
            player: player.into(),
        },
    )
}

fn leave(after_round: usize, player: &str) -> TimedChange {
    change(
        after_round,
        TableChange::Leave {
            player: player.into(),
        },
    )
}

fn join(after_round: usize, player: &str, after: &str, start: Option<JoinStart>) -> TimedChange {
    change(
        after_round,
        TableChange::Join {
            player: player.into(),
            after: Some(after.into()),
            start,
        },
    )
}

/// "A player who sits out a round is not dealt, scores nothing that round (their total
/// stays), and the deal passes them by: the next player clockwise who plays deals."
#[test]
fn a_player_who_sits_out_is_skipped_by_the_deal_and_keeps_their_total() {
    let base = setup("liverpool", &FOUR);
    assert_eq!(base.dealer(2), 1, "Ben deals round 2 without changes");
    let game = base.with_changes(&[sit_out(1, "Ben")]).unwrap();
    assert!(!game.plays(1, 2) && game.plays(1, 3) && game.plays(1, 1));
    assert_eq!(game.dealer(1), 0);
    assert_eq!(game.dealer(2), 2, "Ben sits out round 2: Cy deals it");
    assert_eq!(game.dealer(3), 3, "the deal moves on clockwise from Cy");
    assert_eq!(game.playing_count(2), 3);

    // Ben's row of round 2 is refused; without it the round is complete.
    let with_ben = raw(Some("Ann"), &[("Ben", 10), ("Cy", 20), ("Dee", 30)]);
    let refused = game
        .parse_round(2, &with_ben)
        .expect_err("Ben does not play");
    assert!(refused.iter().any(
        |e| matches!(&e.error, GameError::NotPlaying { player, round: 2 } if player == "Ben")
    ));
    let rounds = [
        raw(Some("Ann"), &[("Ben", 5), ("Cy", 10), ("Dee", 15)]),
        raw(Some("Cy"), &[("Ann", 20), ("Dee", 25)]),
    ];
    let state = play(&game, &rounds);
    assert_eq!(state.totals, vec![20, 5, 10, 40], "Ben's total stays at 5");
    assert_eq!(state.running_totals()[1][1], 5);
    assert_eq!(state.rounds[1].info.dealer, 2);
}

/// "Contract rounds still count for everyone": sitting out does not add a round.
#[test]
fn sitting_out_does_not_change_the_rounds_of_the_game() {
    let base = setup("liverpool", &FOUR);
    let game = base.with_changes(&[sit_out(0, "Dee")]).unwrap();
    assert_eq!(game.round_count(), base.round_count());
    assert_eq!(
        game.round_info(1).unwrap().contract,
        base.round_info(1).unwrap().contract
    );
}

/// "At least two players play every round."
#[test]
fn the_last_two_players_cannot_sit_out_or_leave() {
    let game = setup("liverpool", &["Ann", "Ben", "Cy"])
        .with_changes(&[sit_out(0, "Ann")])
        .unwrap();
    assert_eq!(
        game.with_change(sit_out(0, "Ben")),
        Err(GameError::TooFewToPlay { round: 1, min: 2 })
    );
    assert_eq!(
        game.with_change(sit_out(0, "Ann")),
        Err(GameError::AlreadySittingOut {
            player: "Ann".into(),
            round: 1
        })
    );
    let gone = setup("liverpool", &["Ann", "Ben", "Cy"])
        .with_change(leave(0, "Cy"))
        .unwrap();
    assert_eq!(
        gone.with_change(leave(0, "Ben")),
        Err(GameError::TooFewToPlay { round: 1, min: 2 })
    );
    assert_eq!(
        gone.with_change(sit_out(0, "Cy")),
        Err(GameError::PlayerGone {
            player: "Cy".into()
        })
    );
}

/// "A player who leaves keeps their total and plays no more rounds; at the end they are
/// placed and settled with that total like everyone else."
#[test]
fn a_leaver_keeps_their_total_and_is_settled_with_it() {
    let game = setup("liverpool", &FOUR)
        .with_changes(&[leave(1, "Dee")])
        .unwrap();
    assert!(game.plays(3, 1) && !game.plays(3, 2) && !game.plays(3, 7));
    assert_eq!(game.left_after(3), Some(1));
    let mut rounds = vec![raw(Some("Ann"), &[("Ben", 5), ("Cy", 10), ("Dee", 15)])];
    for _ in 2..=game.round_count() {
        rounds.push(raw(Some("Ann"), &[("Ben", 5), ("Cy", 10)]));
    }
    let state = play(&game, &rounds);
    assert_eq!(
        state.totals[3], 15,
        "Dee's total stays as it was when she left"
    );
    assert!(state.finished);
    let settlement = state.settlement.unwrap().unwrap();
    assert_eq!(settlement.net_cents.iter().sum::<i64>(), 0);
    assert_eq!(settlement.places[0], 1);
    assert!(
        settlement.net_cents[3] < 0,
        "Dee pays the winner: {settlement:?}"
    );
    // Nobody deals for Dee after she left.
    assert!((2..=game.round_count()).all(|r| game.dealer(r) != 3));
}

/// "A late joiner starts with the worst total at the table (the highest; by choice zero or
/// the average), sits where the table says and is dealt from the next round."
#[test]
fn a_late_joiner_starts_with_the_chosen_total_and_is_dealt_in() {
    let first = raw(Some("Ann"), &[("Ben", 5), ("Cy", 10), ("Dee", 30)]);
    for (start, expected) in [
        (None, 30),
        (Some(JoinStart::Worst), 30),
        (Some(JoinStart::Zero), 0),
        (Some(JoinStart::Average), 11), // (0 + 5 + 10 + 30) / 4 = 11.25
    ] {
        let game = setup("liverpool", &FOUR)
            .with_changes(&[join(1, "Eve", "Ben", start)])
            .unwrap();
        assert_eq!(game.players()[4], "Eve");
        assert_eq!(game.seating(), &[0, 1, 4, 2, 3]);
        assert_eq!(game.joined_after(4).map(|j| j.0), Some(1));
        let state = play(&game, std::slice::from_ref(&first));
        assert_eq!(state.totals[4], expected, "{start:?}");
        assert_eq!(state.starts[4], expected);
        // Eve sits after Ben, so she deals after him: round 2 Ben, round 3 Eve.
        assert_eq!((game.dealer(2), game.dealer(3), game.dealer(4)), (1, 4, 2));
        let second = raw(
            Some("Eve"),
            &[("Ann", 5), ("Ben", 5), ("Cy", 5), ("Dee", 5)],
        );
        let state = play(&game, &[first.clone(), second]);
        assert_eq!(state.totals[4], expected);
    }
    // Not in round 1, which was played before she came.
    let game = setup("liverpool", &FOUR)
        .with_change(join(1, "Eve", "Ben", None))
        .unwrap();
    assert!(!game.plays(4, 1) && game.plays(4, 2));
}

#[test]
fn a_late_joiner_needs_a_new_name_and_a_seat_at_the_table() {
    let game = setup("liverpool", &FOUR);
    assert_eq!(
        game.with_change(join(0, " ann ", "Ben", None)),
        Err(GameError::DuplicateName { name: "ann".into() })
    );
    assert!(matches!(
        game.with_change(join(0, "  ", "Ben", None)),
        Err(GameError::EmptyName { .. })
    ));
    let gone = game.with_change(leave(0, "Ben")).unwrap();
    assert_eq!(
        gone.with_change(join(0, "Eve", "Ben", None)),
        Err(GameError::PlayerGone {
            player: "Ben".into()
        })
    );
    assert_eq!(
        gone.with_change(join(0, "Ben", "Ann", None)),
        Err(GameError::DuplicateName { name: "Ben".into() }),
        "a departed player's name stays taken"
    );
    let five = setup("liverpool", &["A", "B", "C", "D", "E"]);
    assert_eq!(
        five.with_change(join(0, "F", "A", None)),
        Err(GameError::TableFull { max: 5 })
    );
    // Once someone has left there is a seat again.
    let four = five.with_change(leave(0, "B")).unwrap();
    assert!(four.with_change(join(0, "F", "A", None)).is_ok());
}

/// "In Continental a late joiner starts at 0 units."
#[test]
fn continental_joiners_start_at_zero_and_sitters_pay_nothing() {
    let game = setup("continental", &["Ann", "Ben", "Cy"]);
    assert_eq!(
        game.with_change(join(0, "Dee", "Ann", Some(JoinStart::Worst))),
        Err(GameError::JoinStartNotZero)
    );
    let game = game
        .with_changes(&[sit_out(0, "Cy"), join(0, "Dee", "Cy", None)])
        .unwrap();
    let hand = RawRound {
        winner: Some("Ann".into()),
        ..RawRound::default()
    };
    let state = play(&game, &[hand]);
    assert_eq!(state.totals[2], 0, "Cy sat out the hand and pays nothing");
    assert_eq!(state.totals.iter().sum::<i64>(), 0);
    assert_eq!(state.totals[0], -2 * state.totals[1]);
}

/// "A rename changes the name everywhere in the game": checked like a set-up's names.
#[test]
fn a_rename_is_checked_like_a_new_name() {
    let game = setup("liverpool", &FOUR);
    assert_eq!(game.check_rename(0, " Anna "), Ok("Anna".into()));
    assert_eq!(
        game.check_rename(0, "ANN"),
        Ok("ANN".into()),
        "a new spelling is fine"
    );
    assert_eq!(
        game.check_rename(0, "Ann"),
        Err(GameError::NameUnchanged {
            player: "Ann".into()
        })
    );
    assert_eq!(
        game.check_rename(0, "ben"),
        Err(GameError::DuplicateName { name: "ben".into() })
    );
    assert_eq!(
        game.check_rename(1, ""),
        Err(GameError::EmptyName { seat: 2 })
    );
}

/// A random change for a four-player Liverpool game.
fn any_change() -> impl Strategy<Value = (u8, usize, usize, usize)> {
    (0u8..3, 0usize..7, 0usize..6, 0usize..3)
}

proptest! {
    /// The dealer is never a player who sits out, has left or has not joined yet; the cutter
    /// neither; and the money sums to zero when the game ends.
    #[test]
    fn the_dealer_plays_and_the_money_sums_to_zero(
        changes in proptest::collection::vec(any_change(), 0..8),
        winners in proptest::collection::vec(0usize..6, 7),
        points in proptest::collection::vec(0i64..40, 7),
    ) {
        let mut game = setup("liverpool", &FOUR);
        let mut sorted = changes;
        sorted.sort_by_key(|c| c.1);
        let mut joined = 0;
        for (kind, after_round, who, start) in sorted {
            let name = game.players()[who % game.player_count()].clone();
            let change = match kind {
                0 => sit_out(after_round, &name),
                1 => leave(after_round, &name),
                _ => {
                    joined += 1;
                    join(after_round, &format!("New{joined}"), &name, Some(JoinStart::ALL[start]))
                }
            };
            if let Ok(next) = game.with_change(change) {
                game = next;
            }
        }
        let mut rounds = Vec::new();
        for r in 1..=game.round_count() {
            let dealer = game.dealer(r);
            prop_assert!(game.plays(dealer, r), "round {r}: dealer {dealer} does not play");
            if let Some(cutter) = game.cutter(r) {
                prop_assert!(game.plays(cutter, r));
            }
            let playing: Vec<usize> = (0..game.player_count()).filter(|&i| game.plays(i, r)).collect();
            prop_assert!(playing.len() >= MIN_AT_TABLE);
            let winner = playing[winners[r - 1] % playing.len()];
            let others: Vec<(&str, i64)> = playing
                .iter()
                .filter(|&&i| i != winner)
                .map(|&i| (game.name(i), 5 * (points[r - 1] + 1)))
                .collect();
            rounds.push(raw(Some(game.name(winner)), &others));
        }
        let state = play(&game, &rounds);
        prop_assert_eq!(state.rounds.len(), game.round_count());
        let settlement = state.settlement.expect("finished").expect("settles");
        prop_assert_eq!(settlement.net_cents.iter().sum::<i64>(), 0);
        prop_assert_eq!(settlement.net_cents.len(), game.player_count());
    }
}

/// "A rematch seats the table as the game ended": who left is not seated, a late joiner is at
/// their seat, the first dealer is the next player clockwise after this game's first dealer
/// who is still at the table, and the stake stays as changed.
#[test]
fn a_rematch_seats_the_table_as_it_ended_and_the_deal_moves_one_seat_on() {
    let base = setup("liverpool", &FOUR);
    let unchanged = base.rematch();
    assert_eq!(unchanged.players, FOUR);
    assert_eq!(unchanged.first_dealer.as_deref(), Some("Ben"));

    // Ben (the next dealer) leaves, Eve joins after Ann: Eve sits where Ben's turn came.
    let game = base
        .with_changes(&[
            leave(1, "Ben"),
            join(1, "Eve", "Ann", Some(JoinStart::Zero)),
        ])
        .unwrap();
    let next = game.rematch();
    assert_eq!(next.players, ["Ann", "Eve", "Cy", "Dee"]);
    assert_eq!(next.first_dealer.as_deref(), Some("Eve"));
    assert_eq!(next.rules, "liverpool");
    let again = GameSetup::try_from(next).expect("a rematch parses");
    assert_eq!(again.dealer(1), 1, "Eve deals the first round");
    assert!(
        again.changes().is_empty(),
        "a new game starts with no changes"
    );

    // The first dealer left: the deal goes to the next player still at the table.
    let game = base
        .with_changes(&[leave(0, "Ann"), leave(0, "Ben")])
        .unwrap();
    let next = game.rematch();
    assert_eq!(next.players, ["Cy", "Dee"]);
    assert_eq!(next.first_dealer.as_deref(), Some("Cy"));

    // A player who sat out is seated; the stake as it ended.
    let staked = setup_with("liverpool", &FOUR, &[], 20).with_changes(&[sit_out(0, "Cy")]);
    let next = staked.unwrap().rematch();
    assert_eq!(next.players, FOUR);
    assert_eq!(next.cents_per_point, Some(RawNumber::Int(20)));
}
