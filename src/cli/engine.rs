//! The engine commands of the command line: `check`, `solve`, `fit` and `score`.
//!
//! Reads the arguments into a rule set, a round and cards, asks `rules`, and writes the verdict
//! with every reason as text a player reads (English or German; the words are `text::cli`). Exit status 0 for a legal meld,
//! a solvable hand, a card that fits or a score; 1 for "no"; 2 for bad input, with the sentence on stderr.
//! Formatting only: every verdict and number comes from `rules`. Must not depend on `web`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::process::ExitCode;

use super::{CheckArgs, EngineArgs, FitArgs, ScoreArgs, SolveArgs};
use crate::rules::cards::{self, Card, Pins};
use crate::rules::check::{CheckResult, check_pinned};
use crate::rules::meld::{MeldRules, Reading};
use crate::rules::pins;
use crate::rules::presets::option_specs;
use crate::rules::ruleset::{Requirement, RoundSpec, RuleSet};
use crate::rules::solver::{SolveOptions, solve_with};
use crate::text::cli::CliMsg;
use crate::text::rules::RoundErrorMsg;
use crate::text::{self, Lang};

/// What a command printed and whether the answer was yes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// Legal, solvable, or scored.
    pub yes: bool,
    /// The text for stdout, ending in a new line.
    pub text: String,
}

/// Prints a command's report (stdout) or its bad-input sentence (stderr), and gives the exit
/// status: 0 yes, 1 no, 2 bad input.
pub fn finish(result: Result<Report, String>) -> ExitCode {
    match result {
        Ok(report) => {
            print!("{}", report.text);
            ExitCode::from(if report.yes { 0 } else { 1 })
        }
        Err(sentence) => {
            eprintln!("kontrakt: {sentence}");
            ExitCode::from(2)
        }
    }
}

/// `kontrakt check`: the verdict on the melds, each meld's reading and every reason.
pub fn run_check(args: &CheckArgs) -> Result<Report, String> {
    let lang = args.engine.lang();
    let rs = rule_set(&args.engine)?;
    let round = round_spec(&rs, args.round)?;
    let melds = cards::parse_pinned_melds(&args.melds.join(" ")).map_err(|e| e.to_string())?;
    let result = check_pinned(&rs, &round, &melds.melds, &melds.pins);
    let verdict = if result.ok {
        CliMsg::Legal
    } else {
        CliMsg::NotLegal
    };
    let mut text = verdict_line(verdict, &heading(&rs, &round, &result, lang), lang);
    write_melds(&mut text, &result, (Some(&rs.meld), &round), lang);
    if !result.problems.is_empty() {
        text.push_str(CliMsg::Reasons.text(lang));
        text.push('\n');
        for problem in &result.problems {
            let _ = writeln!(text, "  - {}", problem.message(lang));
        }
    }
    Ok(Report {
        yes: result.ok,
        text,
    })
}

/// `kontrakt solve`: melds from the hand that make the contract, each with its reading, and
/// the cards left over; or that there are none.
pub fn run_solve(args: &SolveArgs) -> Result<Report, String> {
    let lang = args.engine.lang();
    let rs = rule_set(&args.engine)?;
    let round = round_spec(&rs, args.round)?;
    let hand = cards::CardsInput::Text(args.hand.join(" "))
        .parse_hand()
        .map_err(|e| e.to_string())?
        .unwrap_or_default();
    if args.best && rs.opening_points.is_none() {
        return Err(CliMsg::BestWithoutOpening.fill(lang, &[("rules", &rs.info.id)]));
    }
    let options = SolveOptions {
        best_opening: args.best,
        ..SolveOptions::default()
    };
    let solution = solve_with(&rs, &round, &hand, &options).map_err(|e| e.to_string())?;
    let Some(solution) = solution else {
        let text = if round.contract.is_some() {
            let what = contract_text(&rs, &round, lang);
            CliMsg::NotSolvable.fill(lang, &[("what", &what)])
        } else {
            let points = rs.opening_points.unwrap_or(0);
            let name = rule_set_name(&rs, lang);
            CliMsg::NoOpening.fill(lang, &[("points", &points), ("name", &name)])
        } + "\n";
        return Ok(Report { yes: false, text });
    };
    // The checker reads the melds found, so each one can say what it is.
    let result = check_pinned(&rs, &round, &solution.melds, &solution.pins);
    let mut text = verdict_line(CliMsg::Solvable, &heading(&rs, &round, &result, lang), lang);
    write_melds(&mut text, &result, (None, &round), lang);
    let left = if solution.leftover.is_empty() {
        CliMsg::LeftOverNone.text(lang).to_owned()
    } else {
        CliMsg::LeftOver.fill(
            lang,
            &[("cards", &display_cards(&solution.leftover, None, lang))],
        )
    };
    let _ = writeln!(text, "  {left}");
    Ok(Report { yes: true, text })
}

/// `kontrakt fit`: does the card fit on the meld on the table, and how (laid off, or swapped
/// for a wild card), or why not; the checker page's words, then the meld as it lies after.
pub fn run_fit(args: &FitArgs) -> Result<Report, String> {
    let lang = args.engine.lang();
    let rs = rule_set(&args.engine)?;
    let (meld, pins) = cards::CardsInput::Text(args.meld.clone())
        .parse_pinned()
        .map_err(|e| e.clause(lang))?
        .ok_or_else(|| CliMsg::FitNoMeld.text(lang).to_owned())?;
    let (card, declared) = match cards::CardsInput::Text(args.card.clone())
        .parse_pinned()
        .map_err(|e| e.clause(lang))?
        .unwrap_or_default()
    {
        (cards, pins) if cards.len() == 1 => (cards[0], pins[0]),
        (cards, _) => return Err(CliMsg::FitOneCard.fill(lang, &[("given", &cards.len())])),
    };
    let answer = crate::rules::layoff::fit_declared(&rs, (&meld, &pins), (card, declared));
    let words = text::check::fit_words(&rs, (&meld, &pins), (card, declared), &answer, lang);
    let mut text = words.headline + "\n";
    for note in &words.notes {
        let _ = writeln!(text, "  {note}");
    }
    if let Ok(fit) = &answer {
        let (after, after_pins) = crate::rules::layoff::meld_after(&rs.meld, &meld, card, fit);
        let line = CliMsg::FitAfter.fill(
            lang,
            &[("cards", &display_cards(&after, Some(&after_pins), lang))],
        );
        let _ = writeln!(text, "  {line}");
    }
    Ok(Report {
        yes: answer.is_ok(),
        text,
    })
}

/// `kontrakt score`: the penalty points of the cards, card by card.
pub fn run_score(args: &ScoreArgs) -> Result<Report, String> {
    let lang = args.engine.lang();
    let rs = rule_set(&args.engine)?;
    // A declared wild card (`JK=7H`) scores as the wild card it is.
    let (hand, pins) = cards::CardsInput::Text(args.cards.join(" "))
        .parse_pinned()
        .map_err(|e| e.to_string())?
        .unwrap_or_default();
    if let Some(card) = hand
        .iter()
        .zip(&pins)
        .find(|(c, p)| p.is_some() && !rs.meld.is_wild(**c))
        .map(|(c, _)| *c)
    {
        let sentence = text::check::NoFitMsg::NotWild.fill(lang, &[("card", &card.display(lang))]);
        return Err(sentence);
    }
    let name = rule_set_name(&rs, lang);
    let total = rs
        .score_hand(&hand)
        .map_err(|e| crate::text::rules::score_error(&e, &rs.info, lang))?;
    let each: Vec<String> = hand
        .iter()
        .map(|&card| {
            let points = rs.penalty_points(&[card]).unwrap_or_default();
            format!("{} {points}", card.display(lang))
        })
        .collect();
    let mut text = CliMsg::Points.fill(lang, &[("total", &total), ("name", &name)]) + "\n";
    if !each.is_empty() {
        let _ = writeln!(text, "  {}", each.join(" + "));
    }
    Ok(Report { yes: true, text })
}

/// The rule set with the `--option` overrides. Each value is read again by its option's
/// [`OptionSpec::parse_text`](crate::rules::ruleset::OptionSpec::parse_text), as the forms
/// read it (`jokers=1` is on). Names the rule set does not have, and text its option cannot
/// read, are left for `RuleSet::with_options` to report (with the option's range).
fn rule_set(args: &EngineArgs) -> Result<RuleSet, String> {
    let specs = option_specs(&args.rules).unwrap_or_default();
    let mut options = BTreeMap::new();
    for (name, value) in &args.options {
        let value = match specs.iter().find(|s| s.name == name) {
            Some(spec) => spec
                .parse_text(&value.to_string())
                .unwrap_or_else(|_| value.clone()),
            None => value.clone(),
        };
        options.insert(name.clone(), value);
    }
    RuleSet::with_options(&args.rules, &options).map_err(|e| e.clause(Lang::En))
}

/// Round `n`, or Rommé's opening (no round needed).
fn round_spec(rs: &RuleSet, round: Option<i64>) -> Result<RoundSpec, String> {
    let round = match round.map(usize::try_from) {
        None => None,
        Some(Ok(n)) => Some(n),
        Some(Err(_)) => {
            return Err(
                RoundErrorMsg::BelowOne.fill(Lang::En, &[("n", &round.unwrap_or_default())])
            );
        }
    };
    rs.round_for_check(round)
        .map_err(|e| crate::text::rules::round_error(&e))
}

fn rule_set_name(rs: &RuleSet, lang: Lang) -> &'static str {
    crate::text::rules::preset_name(&rs.info, lang)
}

/// "2 runs of 4 (Contract Rummy, round 3)", or for Rommé "opening worth 61 points (at least
/// 40) (German Rommé)".
fn heading(rs: &RuleSet, round: &RoundSpec, result: &CheckResult, lang: Lang) -> String {
    match result.points {
        Some(points) => {
            let needed = rs.opening_points.unwrap_or(0);
            let name = rule_set_name(rs, lang);
            CliMsg::OpeningWorth.fill(
                lang,
                &[("points", &points), ("needed", &needed), ("name", &name)],
            )
        }
        None => contract_text(rs, round, lang),
    }
}

/// The round's contract with the rule set and round: "2 runs of 4 (Contract Rummy, round 3)".
fn contract_text(rs: &RuleSet, round: &RoundSpec, lang: Lang) -> String {
    let name = rule_set_name(rs, lang);
    match &round.contract {
        Some(contract) => CliMsg::ContractOfRound.fill(
            lang,
            &[
                (
                    "contract",
                    &crate::text::rules::describe_contract(contract, lang),
                ),
                ("name", &name),
                ("n", &round.number),
            ],
        ),
        None => CliMsg::AnOpeningMeld.fill(
            lang,
            &[("points", &rs.opening_points.unwrap_or(0)), ("name", &name)],
        ),
    }
}

/// One line per meld: its cards and its reading, with what each wild card stands for; with
/// `rules`, a line below it with the other readings of its undeclared wild cards.
fn write_melds(
    text: &mut String,
    result: &CheckResult,
    (rules, round): (Option<&MeldRules>, &RoundSpec),
    lang: Lang,
) {
    // ", fills the contract's run of 7" where the contract's requirements differ.
    let fills = |req: Option<Requirement>| {
        req.map(|r| format!(", {}", text::rules::fills_text(r, lang)))
            .unwrap_or_default()
    };
    for (i, (cards, reading)) in result.melds.iter().enumerate() {
        let held = result.held.get(i).copied().flatten();
        let read = describe(reading.as_ref(), lang)
            + &reading
                .as_ref()
                .map(|_| fills(pins::used_fills(round, held)))
                .unwrap_or_default();
        let line = CliMsg::MeldLine.fill(
            lang,
            &[
                ("n", &(i + 1)),
                ("cards", &display_cards(cards, result.pins.get(i), lang)),
                ("reading", &read),
            ],
        );
        let _ = writeln!(text, "  {line}");
        let pins = result.pins.get(i).map_or(&[][..], Vec::as_slice);
        if let (Some(rules), Some(used)) = (rules, reading) {
            let others: Vec<String> = pins::alternatives(rules, cards, pins, used)
                .iter()
                .map(|r| {
                    describe(Some(r), lang) + &fills(pins::alternative_fills(round, r, used, held))
                })
                .collect();
            if !others.is_empty() {
                let line = CliMsg::CouldAlsoBe.fill(lang, &[("readings", &others.join("; "))]);
                let _ = writeln!(text, "    {line}");
            }
        }
    }
}

/// The first line of a report, with its new line.
fn verdict_line(verdict: CliMsg, heading: &str, lang: Lang) -> String {
    CliMsg::Verdict.fill(
        lang,
        &[("verdict", &verdict.text(lang)), ("heading", &heading)],
    ) + "\n"
}

fn display_cards(cards: &[Card], pins: Option<&Pins>, lang: Lang) -> String {
    text::cards::pinned_cards_text(cards, pins.map_or(&[], Vec::as_slice), lang)
}

/// "run ♥3–6, Joker as 5♥" / "Folge ♥3–6, Joker als 5♥"; "no meld" where there is none.
fn describe(reading: Option<&Reading>, lang: Lang) -> String {
    text::cards::reading_line(reading, lang)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use clap::Parser as _;

    fn run(args: &[&str]) -> Result<Report, String> {
        let mut argv = vec!["kontrakt"];
        argv.extend_from_slice(args);
        match Cli::try_parse_from(argv)
            .expect("valid command line")
            .into_command()
        {
            Command::Check(a) => run_check(&a),
            Command::Solve(a) => run_solve(&a),
            Command::Score(a) => run_score(&a),
            Command::Fit(a) => run_fit(&a),
            other => panic!("not an engine command: {other:?}"),
        }
    }

    #[test]
    fn a_legal_check_prints_the_verdict_and_each_meld_read() {
        let report = run(&[
            "check",
            "--rules",
            "contract",
            "--round",
            "3",
            "3H 4H 5H 6H | 8H JK 10H JH",
        ])
        .unwrap();
        assert!(report.yes);
        assert_eq!(
            report.text,
            "Legal: 2 runs of 4 (Contract Rummy, round 3)\n\
             \x20 Meld 1: 3♥ 4♥ 5♥ 6♥ = run ♥3–6\n\
             \x20 Meld 2: 8♥ Joker 10♥ J♥ = run ♥8–J, Joker as 9♥\n"
        );
    }

    #[test]
    fn an_illegal_check_prints_every_reason() {
        let report = run(&[
            "check", "--rules", "contract", "--round", "3", "3H", "4H", "5H", "6H", "|", "7H",
            "8H", "9H", "10H",
        ])
        .unwrap();
        assert!(!report.yes);
        assert!(report.text.starts_with("Not legal: 2 runs of 4"));
        assert!(report.text.contains(
            "Reasons:\n  - ♥3-6 (meld 1) and ♥7-10 (meld 2) join end to end; in round 3 two runs \
             of one suit need a gap or an overlap.\n"
        ));
    }

    #[test]
    fn german_answers_use_german_words_cards_and_messages() {
        let report = run(&[
            "check",
            "--rules",
            "contract",
            "--round",
            "1",
            "--lang",
            "de",
            "QS QH JK | 9C 9D",
        ])
        .unwrap();
        assert!(!report.yes);
        assert!(
            report
                .text
                .starts_with("Nicht gültig: 2 Sätze à 3 (Kontrakt-Rommé, Runde 1)\n"),
            "{}",
            report.text
        );
        assert!(
            report
                .text
                .contains("Meldung 1: D♠ D♥ Joker = Satz aus Damen, Joker als D")
        );
        assert!(report.text.contains("Gründe:\n  - Meldung 2 hat 2 Karten"));
    }

    #[test]
    fn check_reads_declared_wilds_and_prints_them_back() {
        let report = run(&["check", "--rules", "rommee", "JK=JH QH KH | 3S 3D 3C"]).unwrap();
        assert!(!report.yes, "{}", report.text);
        assert!(
            report
                .text
                .starts_with("Not legal: opening meld worth 39 points, at least 40 needed"),
            "{}",
            report.text
        );
        assert!(
            report
                .text
                .contains("Meld 1: Joker=J♥ Q♥ K♥ = run ♥J–K, Joker as J♥"),
            "{}",
            report.text
        );
        // Undeclared: the other reading is named below the meld.
        let report = run(&["check", "--rules", "rommee", "JK QH KH | 3S 3D 3C"]).unwrap();
        assert!(
            report.text.contains(
                "  Meld 1: Joker Q♥ K♥ = run ♥Q–A, Joker as A♥\n    could also be: run ♥J–K, Joker as J♥ (declare the wild card, like JK=JH, to choose)\n"
            ),
            "{}",
            report.text
        );
        let error = run(&["check", "--rules", "rommee", "5H=JH QH KH"]).unwrap_err();
        assert!(error.contains("declares a natural card"), "{error}");
    }

    #[test]
    fn rommee_checks_the_opening_value() {
        let report = run(&["check", "--rules", "rommee", "QH KH AH | 10S 10D 10C"]).unwrap();
        assert!(report.yes);
        assert!(report.text.starts_with(
            "Legal: opening meld worth 61 points, at least 40 needed (German Rommé)\n"
        ));
    }

    #[test]
    fn solve_prints_what_each_wild_card_stands_for_and_all_wild_melds_need_declaring() {
        let report = run(&[
            "solve",
            "--rules",
            "contract",
            "--round",
            "2",
            "5H 6H JK 8H 9C 9D 9S",
        ])
        .unwrap();
        assert!(report.yes);
        assert!(report.text.contains("5♥ 6♥ Joker=7♥ 8♥"), "{}", report.text);
        // Progressive: six jokers make two all-wild sets, each declared.
        let report = run(&[
            "solve",
            "--rules",
            "progressive",
            "--round",
            "1",
            "JK JK JK JK JK JK",
        ])
        .unwrap();
        assert!(report.yes, "{}", report.text);
        assert_eq!(report.text.matches("Joker=").count(), 6, "{}", report.text);
        let report = run(&[
            "check",
            "--rules",
            "progressive",
            "--round",
            "1",
            "JK JK JK | 5S 5D 5C",
        ])
        .unwrap();
        assert!(!report.yes);
        assert!(
            report
                .text
                .contains("Meld 1 is all wild cards; say what each one stands for"),
            "{}",
            report.text
        );
    }

    #[test]
    fn check_names_the_requirement_each_reading_fills_where_the_contract_has_different_ones() {
        let report = run(&[
            "check",
            "--rules",
            "progressive",
            "--round",
            "2",
            "5H JK JK JK | 9C 9D 9S",
        ])
        .unwrap();
        assert!(report.yes, "{}", report.text);
        assert!(
            report.text.contains(", fills the contract's run of 4"),
            "{}",
            report.text
        );
        assert!(
            report.text.contains(", fills the contract's set of 3"),
            "{}",
            report.text
        );
        let report = run(&[
            "check",
            "--rules",
            "contract",
            "--round",
            "1",
            "5H JK JK | 9C 9D 9S",
        ])
        .unwrap();
        assert!(!report.text.contains("fills"), "{}", report.text);
    }

    #[test]
    fn score_takes_declared_wilds_as_what_they_are_and_solve_refuses_them_in_a_hand() {
        let plain = run(&["score", "--rules", "shanghai", "AS JK 7H"]).unwrap();
        let declared = run(&["score", "--rules", "shanghai", "AS JK=7H 7H"]).unwrap();
        assert_eq!(plain.text, declared.text);
        let error = run(&["score", "--rules", "shanghai", "2C=5H"]).unwrap_err();
        assert_eq!(
            error,
            "2♣ is declared as another card, but 2s are not wild in this game."
        );
        let error = run(&[
            "solve",
            "--rules",
            "contract",
            "--round",
            "2",
            "5H 6H JK=7H 8H 9C 9D 9S",
        ])
        .unwrap_err();
        assert!(
            error.starts_with("\"JK=7H\" declares a card in a hand"),
            "{error}"
        );
    }

    #[test]
    fn solve_finds_the_best_rommee_opening_with_best_and_refuses_it_elsewhere() {
        // 9-A of hearts (60) and three 5s (15): the most valuable opening, as /solve's "best".
        let hand = "9H 10H JH QH KH AH 5S 5D 5C 2C";
        let report = run(&["solve", "--rules", "rommee", "--best", hand]).unwrap();
        assert!(report.yes);
        assert!(
            report
                .text
                .starts_with("Solvable: opening meld worth 75 points, at least 40 needed"),
            "{}",
            report.text
        );
        assert!(
            report.text.ends_with("  Left over: 2♣\n"),
            "{}",
            report.text
        );
        let error = run(&[
            "solve", "--rules", "contract", "--round", "1", "--best", hand,
        ]);
        assert_eq!(
            error.unwrap_err(),
            "--best asks for the most valuable opening, but contract has contracts, not an \
             opening with minimum points; leave it out"
        );
        let error = run(&[
            "solve", "--rules", "contract", "--round", "1", "--best", "--lang", "de", hand,
        ]);
        assert!(
            error
                .unwrap_err()
                .starts_with("--best fragt nach dem wertvollsten Auslegen"),
        );
    }

    #[test]
    fn solve_prints_the_melds_found_and_what_is_left_over() {
        let report = run(&[
            "solve",
            "--rules",
            "contract",
            "--round",
            "7",
            "3H 4H 5H 6H 7H 9S 10S JS QS KS JK 2D 3D 4D",
        ])
        .unwrap();
        assert!(report.yes);
        assert!(
            report
                .text
                .starts_with("Solvable: 3 runs of 4 (Contract Rummy, round 7)\n")
        );
        assert_eq!(report.text.matches("= run").count(), 3, "{}", report.text);
        assert!(report.text.ends_with("  Left over: none\n"));
        let report = run(&["solve", "--rules", "contract", "--round", "1", "3H 4H 5H"]).unwrap();
        assert!(!report.yes);
        assert_eq!(
            report.text,
            "Not solvable: this hand cannot make 2 sets of 3 (Contract Rummy, round 1).\n"
        );
        let report = run(&[
            "solve", "--rules", "contract", "--round", "1", "--lang", "de", "3H 4H 5H",
        ])
        .unwrap();
        assert_eq!(
            report.text,
            "Nicht lösbar: diese Hand ergibt nicht 2 Sätze à 3 (Kontrakt-Rommé, Runde 1).\n"
        );
        // Rommé has no contract: the hand makes no opening (not "ergibt nicht eine …").
        let report = run(&["solve", "--rules", "rommee", "--lang", "de", "3H 4H 5H"]).unwrap();
        assert!(!report.yes);
        assert_eq!(
            report.text,
            "Nicht lösbar: diese Hand ergibt keine erste Meldung mit 40 Punkten (Rommé).\n"
        );
        let report = run(&["solve", "--rules", "rommee", "3H 4H 5H"]).unwrap();
        assert_eq!(
            report.text,
            "Not solvable: this hand makes no opening meld worth 40 points (German Rommé).\n"
        );
    }

    #[test]
    fn score_refuses_a_joker_in_a_game_without_jokers_in_either_language() {
        let args = [
            "score",
            "--rules",
            "contract",
            "--option",
            "jokers=false",
            "AS JK",
        ];
        assert_eq!(
            run(&args).unwrap_err(),
            "Contract Rummy is played without jokers here, so no joker can be left in hand"
        );
        let mut german = args.to_vec();
        german.extend(["--lang", "de"]);
        assert_eq!(
            run(&german).unwrap_err(),
            "Kontrakt-Rommé wird hier ohne Joker gespielt, also kann kein Joker auf der Hand bleiben"
        );
    }

    #[test]
    fn score_prints_the_total_and_each_card() {
        let report = run(&["score", "--rules", "shanghai", "AS JK 7H"]).unwrap();
        assert_eq!(
            report.text,
            "75 points (Shanghai Rummy)\n  A♠ 20 + Joker 50 + 7♥ 5\n"
        );
        let report = run(&[
            "score",
            "--rules",
            "shanghai",
            "--option",
            "joker_points=25",
            "JK",
        ])
        .unwrap();
        assert!(report.text.starts_with("25 points"));
    }

    #[test]
    fn bad_input_is_a_sentence() {
        assert_eq!(
            run(&[
                "check",
                "--rules",
                "contract",
                "--round",
                "3",
                "3H 4H | 11H"
            ])
            .unwrap_err(),
            "unknown card \"11H\" in meld 2"
        );
        assert_eq!(
            run(&["check", "--rules", "contract", "3H"]).unwrap_err(),
            "\"round\" is missing: Contract Rummy has rounds 1 to 7"
        );
        assert!(
            run(&["score", "--rules", "contract", "--option", "jokerz=1", "3H"])
                .unwrap_err()
                .starts_with("unknown option \"jokerz\"")
        );
        assert!(
            run(&["score", "--rules", "continental", "3H"])
                .unwrap_err()
                .contains("no card points")
        );
    }

    #[test]
    fn an_option_reads_its_text_as_the_forms_do_so_one_means_on() {
        // Without jokers the joker is a dead card worth nothing to the solver; `jokers=0`
        // turns them off and `jokers=1` back on, as a form's checkbox text would.
        let hand = "3H 3D JK 9S 9D 9C";
        let solve = |jokers: &str| {
            run(&[
                "solve", "--rules", "contract", "--round", "1", "--option", jokers, hand,
            ])
            .unwrap()
            .yes
        };
        assert!(!solve("jokers=0"));
        assert!(solve("jokers=1"));
        assert!(solve("jokers=yes"));
        assert_eq!(
            run(&[
                "score",
                "--rules",
                "shanghai",
                "--option",
                "jokers=maybe",
                "JK"
            ])
            .unwrap_err(),
            "option \"jokers\" is true or false, not \"maybe\""
        );
        let report = run(&[
            "score",
            "--rules",
            "shanghai",
            "--option",
            "joker_points=25",
            "JK",
        ]);
        assert!(report.unwrap().text.starts_with("25 points"));
    }

    #[test]
    fn the_shanghai_bonuses_take_only_the_amounts_of_their_list() {
        let score = |option: &str| run(&["score", "--rules", "shanghai", "--option", option, "AS"]);
        assert!(
            score("going_out_bonus=20")
                .unwrap()
                .text
                .starts_with("20 points")
        );
        assert!(score("first_down_bonus=100").is_ok());
        let refused = score("going_out_bonus=15").unwrap_err();
        assert!(
            refused.starts_with("option \"going_out_bonus\"") && refused.contains("100"),
            "{refused}"
        );
    }
}
