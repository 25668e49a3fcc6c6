//! The round form's page ([`FormPage`]): the entries as typed with each problem next to
//! the field that caused it, the round's facts, and, when the game changed meanwhile, the
//! scores at a glance ([`Brief`]) and the round as saved beside the entries sent
//! ([`Conflict`]). What was typed is `input`'s, the fields are built in [`fields`].
//!
//! A page of `web::pages`: games through `store`; no SQL, no scoring, nothing from `cli`.

mod fields;

use askama::Template;

use self::fields::{Check, Choice, Extras, Field, FirstDown, PenaltyData, PlayerRow, Row};
use crate::rules::game::{GameSetup, RoundInfo};
use crate::store::LoadedGame;
use crate::text::Say;
use crate::web::i18n::{Msg, PageCtx};
use crate::web::links::GameLinks;
use crate::web::pages::rounds::compare::Compare;
use crate::web::pages::rounds::input::{Messages, RoundInput, take};
use crate::web::pages::rounds::mode::Mode;
use crate::web::pages::rounds::unlikely::Unlikely;

/// What a form page shows: the game, the round, what was typed and what is wrong with it.
pub(super) struct FormSpec<'a> {
    pub game: &'a LoadedGame,
    pub round: usize,
    pub mode: Mode,
    pub input: &'a RoundInput,
    pub errors: Messages,
    /// The idempotency key the form carried when it comes back (with errors, a conflict);
    /// `None`, or a key not issued for the page's action, gets a fresh one.
    pub key: Option<String>,
    pub conflict: Option<Conflict>,
    /// The result is unlikely: the confirm step above the form.
    pub unlikely: Option<Unlikely>,
}

impl<'a> FormSpec<'a> {
    /// A form without problems and with a new key.
    pub(super) fn new(
        game: &'a LoadedGame,
        round: usize,
        mode: Mode,
        input: &'a RoundInput,
    ) -> FormSpec<'a> {
        FormSpec {
            game,
            round,
            mode,
            input,
            errors: Messages::new(),
            key: None,
            conflict: None,
            unlikely: None,
        }
    }
}

/// The game changed since the form was rendered.
pub(super) struct Conflict {
    pub message: String,
    pub brief: Brief,
    /// The round as saved beside the entries sent, when the form's round is entered.
    pub compare: Option<Compare>,
}

/// One round's points in a [`Brief`].
pub(super) struct BriefRound {
    pub label: String,
    pub points: Vec<i64>,
}

/// The scores at a glance: one round's points and the totals.
pub(super) struct Brief {
    pub names: Vec<String>,
    /// "Round 3 as saved now", with its points per player.
    pub round: Option<BriefRound>,
    pub totals: Vec<i64>,
}

impl Brief {
    /// The scores with round `round` (or the last entered one).
    pub(super) fn new(ctx: &PageCtx, game: &LoadedGame, round: Option<usize>) -> Brief {
        let rounds = &game.state.rounds;
        let shown = round
            .filter(|&n| (1..=rounds.len()).contains(&n))
            .or_else(|| rounds.len().checked_sub(1).map(|i| i + 1));
        Brief {
            names: game.setup.players().to_vec(),
            round: shown.map(|n| BriefRound {
                label: ctx.f(Msg::RoundsSavedNow, &[("n", &n)]),
                points: rounds[n - 1].entry.points().to_vec(),
            }),
            totals: game.state.totals.clone(),
        }
    }
}

/// The page of the round form.
#[derive(Template)]
#[template(path = "rounds_form.html")]
pub(super) struct FormPage {
    ctx: PageCtx,
    game_url: String,
    history_url: String,
    title: String,
    facts: Vec<String>,
    action: String,
    version: i64,
    key: String,
    round: usize,
    submit: String,
    winner_legend: &'static str,
    rows: Vec<Row>,
    /// "Nobody: the stock ran out", where the rule set allows it.
    nobody: Option<Choice>,
    went_out_error: Option<String>,
    /// Shanghai's first-down bonus: who went down first (one choice per round).
    first_down: Option<FirstDown>,
    penalties: bool,
    buys_note: String,
    cut_bonus: Option<Check>,
    hand_rommee: Option<Check>,
    jokers: Option<Field>,
    bonuses: Vec<Check>,
    has_errors: bool,
    /// The notice above the form when it has problems, counting the marked fields.
    errors_notice: String,
    general: Vec<String>,
    conflict: Option<Conflict>,
    unlikely: Option<Unlikely>,
    /// The round's note (`_rounds_note.html`), folded unless it holds something.
    note: Field,
    note_hint: String,
    /// Saving replaces a round saved meanwhile: the save button is the quiet one.
    overwrites: bool,
    discard_url: String,
    penalty: Option<PenaltyData>,
}

impl FormPage {
    /// The page for `spec`, in `ctx`'s language.
    pub(super) fn new(ctx: PageCtx, spec: FormSpec<'_>) -> FormPage {
        let FormSpec {
            game,
            round,
            mode,
            input,
            mut errors,
            key,
            conflict,
            unlikely,
        } = spec;
        let setup = &game.setup;
        let rules = setup.rules();
        let id = &game.record.game.id;
        let info = setup.round_info(round);
        let has_errors = !errors.is_empty();
        let overwrites = conflict.as_ref().is_some_and(|c| c.compare.is_some());
        let penalties = rules.penalty.is_some();

        // The fields, each taking its problems out of `errors`; what is left is general.
        let seated = fields::seated(setup, info.as_ref());
        let (choices, nobody) = fields::winner_choices(&ctx, rules, &seated, input);
        let went_out_error = take(&mut errors, &["went_out", "winner"]);
        let first_down = fields::first_down(&ctx, rules, &seated, input, &mut errors);
        let buys = info.as_ref().map(|i| i.buys).filter(|b| b.allowed);
        let players = fields::player_rows(&ctx, game, &seated, input, buys.is_some(), &mut errors);
        let extras = fields::extras(&ctx, setup, info.as_ref(), input, &mut errors);
        let note = Field {
            id: "note".into(),
            name: "note".into(),
            value: input.note.clone(),
            error: take(&mut errors, &["note"]),
        };
        let marked = marked(&went_out_error, first_down.as_ref(), &players, &extras);
        let mut players = players.into_iter();
        let rows = choices
            .into_iter()
            .enumerate()
            .map(|(seat, choice)| Row {
                seat,
                choice,
                player: players.next(),
            })
            .collect();
        let Extras {
            cut_bonus,
            hand_rommee,
            jokers,
            bonuses,
        } = extras;

        FormPage {
            game_url: GameLinks::new(id).page(),
            history_url: GameLinks::new(id).history(),
            title: title(&ctx, setup, mode, round),
            facts: facts(&ctx, setup, info.as_ref()),
            version: game.record.game.version,
            key: form_key(&ctx, &mode.action(id, round), key),
            action: mode.action(id, round),
            round,
            submit: submit(&ctx, mode, round, overwrites),
            winner_legend: ctx.t(if penalties {
                Msg::RoundsWentOut
            } else {
                Msg::RoundsWinner
            }),
            rows,
            nobody,
            went_out_error,
            first_down,
            penalties,
            buys_note: buys
                .and_then(|b| b.limit)
                .map(|limit| ctx.f(Msg::RoundsBuysLimit, &[("n", &limit)]))
                .unwrap_or_default(),
            cut_bonus,
            hand_rommee,
            jokers,
            bonuses,
            has_errors,
            errors_notice: Msg::form_notice(marked, ctx.lang),
            general: errors.into_values().collect(),
            overwrites,
            conflict,
            unlikely,
            note,
            note_hint: ctx.f(
                Msg::RoundsNoteHint,
                &[("max", &crate::rules::game::MAX_NOTE_CHARS)],
            ),
            discard_url: GameLinks::new(id).page(),
            penalty: fields::penalty_data(rules),
            ctx,
        }
    }
}

/// "Enter round 3 of 7" or "Correct round 3".
fn title(ctx: &PageCtx, setup: &GameSetup, mode: Mode, round: usize) -> String {
    match mode {
        Mode::Enter => ctx.f(
            Msg::RoundsEnterTitle,
            &[("n", &round), ("of", &setup.round_count())],
        ),
        Mode::Correct => ctx.f(Msg::RoundsCorrectTitle, &[("n", &round)]),
    }
}

/// The save button's words; beside a round saved meanwhile (`overwrites`), saving overwrites
/// it, and says so.
fn submit(ctx: &PageCtx, mode: Mode, round: usize, overwrites: bool) -> String {
    match mode {
        _ if overwrites => ctx.f(Msg::RoundsSaveMineInstead, &[("n", &round)]),
        Mode::Enter => ctx.f(Msg::RoundsSave, &[("n", &round)]),
        Mode::Correct => ctx.f(Msg::RoundsSaveCorrection, &[("n", &round)]),
    }
}

/// The round's facts above the form: the contract (or, without one, what the first meld
/// needs), the dealer, the deal, and the going-out bonus where the rule set has one.
fn facts(ctx: &PageCtx, setup: &GameSetup, info: Option<&RoundInfo>) -> Vec<String> {
    let lang = ctx.lang;
    let mut facts = Vec::new();
    if let Some(info) = info {
        match (&info.contract, info.restrictions.first()) {
            (Some(contract), _) => {
                facts.push(ctx.f(Msg::ContractIs, &[("contract", &contract.describe(lang))]));
            }
            // No contract (Rommé): what the first meld needs instead.
            (None, Some(opening)) => facts.push(opening.say(lang)),
            (None, None) => {}
        }
        facts.push(ctx.f(Msg::RoundsDealer, &[("name", &setup.name(info.dealer))]));
        facts.push(ctx.f(Msg::FactDeal, &[("n", &info.deal)]));
    }
    if let Some(bonus) = setup.rules().going_out_bonus {
        facts.push(ctx.f(Msg::RoundsGoingOutBonus, &[("bonus", &bonus)]));
    }
    facts
}

/// The form's idempotency key: the one it carried when it comes back, if it was issued for
/// `action`; else a fresh one.
fn form_key(ctx: &PageCtx, action: &str, carried: Option<String>) -> String {
    carried
        .filter(|key| {
            ctx.form_keys
                .as_ref()
                .is_some_and(|keys| keys.verify(action, key))
        })
        .unwrap_or_else(|| ctx.form_key(action))
}

/// How many fields are marked with a problem, for the notice above the form.
fn marked(
    went_out_error: &Option<String>,
    first_down: Option<&FirstDown>,
    players: &[PlayerRow],
    extras: &Extras,
) -> usize {
    [went_out_error]
        .into_iter()
        .chain(first_down.map(|f| &f.error))
        .chain(players.iter().flat_map(|p| {
            [Some(&p.error), p.buys.as_ref().map(|b| &b.error)]
                .into_iter()
                .flatten()
        }))
        .chain(
            extras
                .cut_bonus
                .iter()
                .chain(&extras.hand_rommee)
                .chain(&extras.bonuses)
                .map(|c| &c.error),
        )
        .chain(extras.jokers.iter().map(|j| &j.error))
        .filter(|e| e.is_some())
        .count()
}
