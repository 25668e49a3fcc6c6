//! The engine commands of the `kontrakt` binary: what they print and their exit status
//! (0 legal / solvable / scored, 1 not, 2 bad input with the sentence on stderr).

use std::process::{Command, Output};

fn kontrakt(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kontrakt"))
        .args(args)
        .env_remove("RUST_LOG")
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

#[test]
fn check_of_a_legal_meld_exits_0_and_prints_each_meld_read() {
    let output = kontrakt(&[
        "check",
        "--rules",
        "contract",
        "--round",
        "3",
        "3H 4H 5H 6H | 8H 9H 10H JH",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "Legal: 2 runs of 4 (Contract Rummy, round 3)\n\
         \x20 Meld 1: 3♥ 4♥ 5♥ 6♥ = run ♥3–6\n\
         \x20 Meld 2: 8♥ 9♥ 10♥ J♥ = run ♥8–J\n"
    );
}

#[test]
fn check_of_an_illegal_meld_exits_1_and_prints_the_reason() {
    let output = kontrakt(&[
        "check",
        "--rules",
        "contract",
        "--round",
        "3",
        "3H 4H 5H 6H | 7H 8H JK 10H",
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("Not legal: 2 runs of 4"), "{text}");
    assert!(text.contains("Joker as 9♥"), "{text}");
    assert!(
        text.contains(
            "  - ♥3-6 (meld 1) and ♥7-10 (meld 2) join end to end; in round 3 two runs of one \
             suit need a gap or an overlap.\n"
        ),
        "{text}"
    );
}

#[test]
fn check_speaks_german_with_lang_de_and_takes_options() {
    let output = kontrakt(&[
        "check",
        "--rules",
        "contract",
        "--round",
        "1",
        "--option",
        "jokers=false",
        "--lang",
        "de",
        "5C 5D JK | 9C 9D 9S",
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stdout(&output)
            .contains("Meldung 1 enthält einen Joker, aber diese Partie wird ohne Joker gespielt."),
        "{}",
        stdout(&output)
    );
}

#[test]
fn solve_exits_0_with_the_melds_or_1_when_the_hand_cannot_make_the_contract() {
    let output = kontrakt(&[
        "solve",
        "--rules",
        "contract",
        "--round",
        "7",
        "3H 4H 5H 6H 7H 9S 10S JS QS KS JK 2D 3D 4D",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.starts_with("Solvable: 3 runs of 4 (Contract Rummy, round 7)\n"),
        "{text}"
    );
    assert!(text.contains("= run ♥3–7\n"), "{text}");
    assert!(text.contains("= run ♠9–K\n"), "{text}");
    // The joker is printed declared where the solver laid it (A♦ or 5♦), and read so.
    let declared = ["A♦", "5♦"]
        .into_iter()
        .find(|c| text.contains(&format!("Joker={c}")))
        .unwrap_or_else(|| panic!("the joker declared: {text}"));
    assert!(text.contains(&format!("Joker as {declared}")), "{text}");
    assert!(text.ends_with("  Left over: none\n"), "{text}");

    let output = kontrakt(&[
        "solve",
        "--rules",
        "continental",
        "3H 4H 5H 6H 6S 7S 8S 9S 9D 10D JD QD AC 2C KD",
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(stdout(&output).starts_with("Not solvable: this hand cannot make"));
}

#[test]
fn score_prints_the_penalty_points_card_by_card() {
    let output = kontrakt(&["score", "--rules", "shanghai", "AS", "JK", "7H"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "75 points (Shanghai Rummy)\n  A♠ 20 + Joker 50 + 7♥ 5\n"
    );
}

#[test]
fn a_bad_card_exits_2_with_the_sentence_on_stderr() {
    let output = kontrakt(&[
        "check",
        "--rules",
        "contract",
        "--round",
        "3",
        "3H 4H 5H 6H | 8H 9H 11H JH",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "");
    assert_eq!(
        stderr(&output),
        "kontrakt: unknown card \"11H\" in meld 2\n"
    );
}

#[test]
fn unknown_rules_a_missing_round_and_unscoreable_rule_sets_exit_2() {
    for (args, sentence) in [
        (
            &["score", "--rules", "canasta", "AS"][..],
            "kontrakt: unknown rule set \"canasta\"",
        ),
        (
            &["check", "--rules", "contract", "3H 3S 3D"][..],
            "kontrakt: \"round\" is missing: Contract Rummy has rounds 1 to 7",
        ),
        (
            &["solve", "--rules", "contract", "--round", "0", "3H"][..],
            "kontrakt: round 0 is out of range",
        ),
        (
            &["score", "--rules", "continental", "AS"][..],
            "kontrakt: Continental Rummy has no card points",
        ),
        (
            &["score", "--rules", "contract", "--option", "jokers", "AS"][..],
            "expected NAME=VALUE",
        ),
    ] {
        let output = kontrakt(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains(sentence),
            "{args:?}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn fit_of_a_card_that_replaces_a_declared_joker_exits_0_with_the_pages_words() {
    let output = kontrakt(&[
        "fit",
        "--rules",
        "liverpool",
        "--meld",
        "5H 6H 7H JK=8H",
        "8H",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "Yes: 8♥ can replace Joker, which stands for it.\n\
         \x20 A joker swap: put 8♥ in and take Joker.\n\
         \x20 run ♥5–8\n\
         \x20 Then the meld reads: 5♥ 6♥ 7♥ 8♥\n"
    );
}

#[test]
fn fit_of_a_laid_declared_joker_fits_only_above_the_eight() {
    let above = kontrakt(&[
        "fit",
        "--rules",
        "liverpool",
        "--meld",
        "5H 6H 7H 8H",
        "JK=9H",
    ]);
    assert_eq!(above.status.code(), Some(0), "{}", stderr(&above));
    let text = stdout(&above);
    assert!(
        text.starts_with("Yes: Joker=9♥ fits, making a run ♥5–9.\n"),
        "{text}"
    );
    assert!(
        text.ends_with("  Then the meld reads: 5♥ 6♥ 7♥ 8♥ Joker=9♥\n"),
        "{text}"
    );
    let short = kontrakt(&["fit", "--rules", "liverpool", "--meld", "5H 6H 7H", "JK=9H"]);
    assert_eq!(short.status.code(), Some(1), "{}", stderr(&short));
    assert_eq!(
        stdout(&short),
        "No: Joker=9♥ does not fit on 5♥ 6♥ 7♥.\n\
         \x20 The run goes from 5 to 7: a card fits only right below or above it, or in place \
         of a wild card that stands for it.\n"
    );
}

#[test]
fn fit_says_no_with_its_reason_in_german_and_exits_1() {
    let output = kontrakt(&[
        "fit",
        "--rules",
        "may-i",
        "--meld",
        "5H 6H JK 8H",
        "7H",
        "--lang",
        "de",
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "Nein: 7♥ passt nicht an 5♥ 6♥ Joker 8♥.\n\
         \x20 Sie könnte die wilde Karte ersetzen, die für sie steht, aber wilde Karten werden \
         hier nicht zurückgetauscht.\n"
    );
}

#[test]
fn fit_of_bad_notation_exits_2_with_a_sentence() {
    let output = kontrakt(&["fit", "--rules", "liverpool", "--meld", "5H 6H 11H", "8H"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stdout(&output).is_empty());
    assert_eq!(stderr(&output), "kontrakt: unknown card \"11H\"\n");
    let german = kontrakt(&[
        "fit",
        "--rules",
        "liverpool",
        "--meld",
        "",
        "8H",
        "--lang",
        "de",
    ]);
    assert_eq!(german.status.code(), Some(2));
    assert!(
        stderr(&german).starts_with("kontrakt: --meld enthält keine Karte"),
        "{}",
        stderr(&german)
    );
}
