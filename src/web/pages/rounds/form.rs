//! The round form: what was typed ([`RoundInput`]), how it becomes the rules engine's
//! [`RawRound`], and the page that shows it ([`FormPage`]) with each problem next to the field
//! that caused it.
//!
//! Field names: `went_out` (a player's name; empty for "nobody"), `points.<name>`,
//! `cards.<name>`, `buys.<name>`, `went_down_first` (a player's name; empty for "nobody"),
//! `cut_bonus`, `hand_rommee`, `jokers`, `first_turn`,
//! `second_turn`, `one_suit`, `no_wilds`, and the hidden `version`, `key` and `round`. Names
//! go into the engine's maps as typed, so every check (unknown player, text in a number field,
//! a card that does not exist) is the engine's, with its sentence.
//!
//! A page of `web::pages`: games through `store`; no SQL, no scoring, nothing from `cli`.

use std::collections::{BTreeMap, BTreeSet};

use askama::Template;

use crate::rules::cards::parse_cards;
use crate::rules::game::{Field as EntryField, RawCards, RawNumber, RawRound};
use crate::rules::money::units_config;
use crate::rules::names::name_key;
use crate::store::LoadedGame;
use crate::text::Say;
use crate::web::cards::cards_text;
use crate::web::i18n::{Lang, Msg, PageCtx};
use crate::web::links::GameLinks;

/// Problems by field, each as one text in the page's language.
pub(super) type Messages = BTreeMap<String, String>;

/// Adds `from`'s problems to `into` (a field with problems in both gets both texts).
pub(super) fn merge(into: &mut Messages, from: Messages) {
    for (field, text) in from {
        into.entry(field)
            .and_modify(|m| {
                m.push(' ');
                m.push_str(&text);
            })
            .or_insert(text);
    }
}

/// The checkboxes a round form may have.
const CHECKS: [&str; 6] = [
    "cut_bonus",
    "hand_rommee",
    "first_turn",
    "second_turn",
    "one_suit",
    "no_wilds",
];

/// A new round or a correction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// The next round.
    Enter,
    /// An entered round.
    Correct,
}

impl Mode {
    /// The GET address of the form.
    pub(super) fn form_url(self, id: &str, round: usize) -> String {
        match self {
            Mode::Enter => GameLinks::new(id).rounds_new(),
            Mode::Correct => GameLinks::new(id).round_edit(round),
        }
    }

    /// Where the form posts.
    pub(super) fn action(self, id: &str, round: usize) -> String {
        match self {
            Mode::Enter => GameLinks::new(id).rounds(),
            Mode::Correct => GameLinks::new(id).round(round),
        }
    }

    /// The entry's `round`: a correction names its round; a new round is the next one (the
    /// version check makes sure it is the one the form showed).
    pub(super) fn round_field(self, round: usize) -> Option<i64> {
        match self {
            Mode::Enter => None,
            Mode::Correct => i64::try_from(round).ok(),
        }
    }
}

/// A round form as typed (or as stored, for a correction): every value is text, so a form
/// that comes back shows exactly what was sent.
#[derive(Clone, Debug, Default)]
pub(super) struct RoundInput {
    /// Who went out: `None` if nothing was chosen, `Some("")` for "nobody".
    went_out: Option<String>,
    /// Distinct `went_out` values sent (more than one: a form that was tampered with).
    went_out_values: usize,
    points: BTreeMap<String, String>,
    cards: BTreeMap<String, String>,
    buys: BTreeMap<String, String>,
    jokers: String,
    /// Shanghai's first-down bonus: who went down first, as sent (empty: nobody).
    went_down_first: String,
    checks: BTreeSet<&'static str>,
    /// The round's note, as typed.
    note: String,
}

/// Points typed as a sum, `25+10+5` (the table adds up a hand as it reads the
/// cards): `None` for text without a `+` (the engine reads it as a number), `Some(Ok(40))`
/// for a sum of whole numbers, `Some(Err(()))` for anything else (`25+x`, `25+`, `+`).
fn typed_sum(text: &str) -> Option<Result<i64, ()>> {
    if !text.contains('+') {
        return None;
    }
    Some(text.split('+').try_fold(0i64, |sum, term| {
        let term = term.trim();
        if term.is_empty() || !term.bytes().all(|b| b.is_ascii_digit()) {
            return Err(());
        }
        term.parse::<i64>()
            .ok()
            .and_then(|n| sum.checked_add(n))
            .ok_or(())
    }))
}

fn number_text(n: &RawNumber) -> String {
    match n {
        RawNumber::Int(i) => i.to_string(),
        RawNumber::Float(x) => x.to_string(),
        RawNumber::Text(t) => t.clone(),
    }
}

impl RoundInput {
    /// The fields of a posted form.
    pub(super) fn from_form(fields: &[(String, String)]) -> RoundInput {
        let mut input = RoundInput::default();
        let mut winners = BTreeSet::new();
        for (name, value) in fields {
            if name == "went_out" {
                winners.insert(name_key(value));
                input.went_out.get_or_insert_with(|| value.clone());
            } else if let Some(player) = name.strip_prefix("points.") {
                input.points.insert(player.to_owned(), value.clone());
            } else if let Some(player) = name.strip_prefix("cards.") {
                input.cards.insert(player.to_owned(), value.clone());
            } else if let Some(player) = name.strip_prefix("buys.") {
                input.buys.insert(player.to_owned(), value.clone());
            } else if name == "went_down_first" {
                input.went_down_first.clone_from(value);
            } else if name == "jokers" {
                input.jokers.clone_from(value);
            } else if name == "note" {
                input.note.clone_from(value);
            } else if let Some(check) = CHECKS.iter().find(|c| **c == name) {
                let on = matches!(
                    value.trim().to_ascii_lowercase().as_str(),
                    "on" | "true" | "1" | "yes"
                );
                if on {
                    input.checks.insert(check);
                }
            }
        }
        input.went_out_values = winners.len();
        input
    }

    /// A stored entry, for the correction form.
    pub(super) fn from_raw(raw: &RawRound) -> RoundInput {
        let checked = [
            raw.cut_bonus,
            raw.hand_rommee,
            raw.first_turn,
            raw.second_turn,
            raw.one_suit,
            raw.no_wilds,
        ];
        let winner = raw.went_out.clone().or_else(|| raw.winner.clone());
        RoundInput {
            went_out: Some(winner.unwrap_or_default()),
            went_out_values: 1,
            points: raw
                .points
                .iter()
                .map(|(k, v)| (k.clone(), number_text(v)))
                .collect(),
            cards: raw
                .cards
                .iter()
                .map(|(k, v)| {
                    let text = match v {
                        RawCards::Text(t) => t.clone(),
                        RawCards::List(l) => l.join(" "),
                    };
                    (k.clone(), text)
                })
                .collect(),
            buys: raw
                .buys
                .iter()
                .map(|(k, v)| (k.clone(), number_text(v)))
                .collect(),
            jokers: raw.jokers.as_ref().map(number_text).unwrap_or_default(),
            went_down_first: raw.went_down_first.clone().unwrap_or_default(),
            note: raw.note.clone().unwrap_or_default(),
            checks: CHECKS
                .iter()
                .zip(checked)
                .filter(|(_, on)| *on == Some(true))
                .map(|(name, _)| *name)
                .collect(),
        }
    }

    /// The entry for the rules engine. A `0` typed for the player who went out is what the
    /// engine gives them anyway, so it is dropped rather than refused.
    pub(super) fn to_raw(&self, round: Option<i64>) -> RawRound {
        let winner = self
            .went_out
            .as_deref()
            .map(str::trim)
            .filter(|w| !w.is_empty());
        let is_winner = |name: &str| winner.is_some_and(|w| name_key(w) == name_key(name));
        let check = |name: &str| self.checks.contains(name).then_some(true);
        RawRound {
            round,
            went_out: winner.map(str::to_owned),
            points: self
                .points
                .iter()
                .filter(|(name, value)| !(is_winner(name) && value.trim() == "0"))
                .map(|(name, value)| {
                    // A sum is stored as its total; a bad sum never gets here (form_errors).
                    let number = match typed_sum(value) {
                        Some(Ok(sum)) => RawNumber::Int(sum),
                        _ => RawNumber::Text(value.clone()),
                    };
                    (name.clone(), number)
                })
                .collect(),
            cards: self
                .cards
                .iter()
                .map(|(name, value)| (name.clone(), RawCards::Text(value.clone())))
                .collect(),
            buys: self
                .buys
                .iter()
                .map(|(name, value)| (name.clone(), RawNumber::Text(value.clone())))
                .collect(),
            cut_bonus: check("cut_bonus"),
            went_down_first: (!self.went_down_first.trim().is_empty())
                .then(|| self.went_down_first.clone()),
            hand_rommee: check("hand_rommee"),
            winner: None,
            jokers: (!self.jokers.trim().is_empty()).then(|| RawNumber::Text(self.jokers.clone())),
            first_turn: check("first_turn"),
            second_turn: check("second_turn"),
            one_suit: check("one_suit"),
            no_wilds: check("no_wilds"),
            note: (!self.note.trim().is_empty()).then(|| self.note.clone()),
            confirm: None,
        }
    }

    /// Who was chosen as going out, as sent (`None`: no choice).
    pub(super) fn went_out(&self) -> Option<&str> {
        self.went_out.as_deref()
    }

    /// Who went down first (Shanghai's first-down bonus) as chosen; `None` for nobody.
    pub(super) fn went_down_first(&self) -> Option<&str> {
        Some(self.went_down_first.trim()).filter(|w| !w.is_empty())
    }

    /// What was typed for `player` (points, else cards), as typed; empty if nothing.
    pub(super) fn typed_for(&self, player: &str) -> String {
        let key = name_key(player);
        let find = |map: &BTreeMap<String, String>| {
            map.iter()
                .find(|(name, value)| name_key(name) == key && !value.trim().is_empty())
                .map(|(_, value)| value.trim().to_owned())
        };
        find(&self.points)
            .or_else(|| find(&self.cards))
            .unwrap_or_default()
    }

    /// Problems only the form can have: several players sent as going out, or no choice
    /// where "nobody" is one of the choices (so an unchosen radio never means nobody).
    pub(super) fn form_errors(&self, game: &crate::rules::game::GameSetup, lang: Lang) -> Messages {
        let mut errors = Messages::new();
        if self.went_out_values > 1 {
            errors.insert("went_out".into(), Msg::RoundsOneWinner.text(lang).into());
        } else if self.went_out.is_none() && game.rules().no_winner_allowed {
            errors.insert("went_out".into(), Msg::RoundsChooseWinner.text(lang).into());
        }
        for (name, value) in &self.points {
            if let Some(Err(())) = typed_sum(value) {
                let key = game
                    .find_player(name)
                    .map_or_else(|| name.clone(), |i| game.name(i).to_owned());
                let sentence = Msg::RoundsBadSum.fill(lang, &[("text", &value.trim())]);
                errors.insert(key, sentence);
            }
        }
        errors
    }
}

/// The problems of the fields named, taken out of `errors`, as one text.
fn take(errors: &mut Messages, fields: &[&str]) -> Option<String> {
    let parts: Vec<String> = fields.iter().filter_map(|f| errors.remove(*f)).collect();
    (!parts.is_empty()).then(|| parts.join(" "))
}

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
    pub unlikely: Option<super::unlikely::Unlikely>,
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
    pub compare: Option<super::compare::Compare>,
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

/// A radio button of "who went out".
pub(super) struct Choice {
    id: String,
    value: String,
    label: String,
    checked: bool,
}

/// The "who went down first" choice (Shanghai's first-down bonus).
pub(super) struct FirstDown {
    legend: String,
    choices: Vec<Choice>,
    error: Option<String>,
}

/// A text field with its problem.
pub(super) struct Field {
    id: String,
    name: String,
    value: String,
    error: Option<String>,
}

/// A checkbox with its problem.
pub(super) struct Check {
    name: &'static str,
    label: String,
    checked: bool,
    error: Option<String>,
}

/// One player's part of the form: points or cards (with the app's count), and buys.
pub(super) struct PlayerRow {
    seat: usize,
    points: Field,
    cards: Field,
    /// "A♠ Joker 7♥ = 75 points" when the cards typed can be read.
    count: Option<String>,
    /// Problems with this player's points or cards.
    error: Option<String>,
    buys: Option<Field>,
    /// The folded part of the row (cards and buys) starts open: it holds something typed or
    /// a problem.
    open: bool,
    /// The words of the fold's toggle: "Cards · Buys (May I)", the parts the row has.
    more_label: String,
}

/// One player's row of the form (`_rounds_row.html`): the "went out" choice, the points, and
/// the player's other fields folded under one toggle, so a round of typed totals fits one
/// phone screen.
pub(super) struct Row {
    seat: usize,
    choice: Choice,
    /// Points, cards and buys, where the rule set has any.
    player: Option<PlayerRow>,
}

/// The rule set's penalty table for the live count in `rounds.js` (display only: the server
/// counts what is saved).
pub(super) struct PenaltyData {
    by_rank: String,
    joker: i64,
    wild_two: String,
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
    unlikely: Option<super::unlikely::Unlikely>,
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
        let lang = ctx.lang;
        let setup = &game.setup;
        let rules = setup.rules();
        let id = &game.record.game.id;
        let info = setup.round_info(round);
        let has_errors = !errors.is_empty();

        let title = match mode {
            Mode::Enter => ctx.f(
                Msg::RoundsEnterTitle,
                &[("n", &round), ("of", &setup.round_count())],
            ),
            Mode::Correct => ctx.f(Msg::RoundsCorrectTitle, &[("n", &round)]),
        };
        let submit = match mode {
            // Beside a saved round: saving overwrites it, and says so.
            _ if conflict.as_ref().is_some_and(|c| c.compare.is_some()) => {
                ctx.f(Msg::RoundsSaveMineInstead, &[("n", &round)])
            }
            Mode::Enter => ctx.f(Msg::RoundsSave, &[("n", &round)]),
            Mode::Correct => ctx.f(Msg::RoundsSaveCorrection, &[("n", &round)]),
        };
        let mut facts = Vec::new();
        if let Some(info) = &info {
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

        let penalties = rules.penalty.is_some();
        let chosen = input.went_out.as_deref().map(name_key);
        // A player out of this round (sitting out, gone, not yet joined) has no row
        // (docs/RULES.md section 8).
        let plays = |seat: usize| info.as_ref().is_none_or(|i| setup.plays(seat, i.round));
        let choices: Vec<Choice> = setup
            .players()
            .iter()
            .enumerate()
            .filter(|(seat, _)| plays(*seat))
            .map(|(seat, name)| Choice {
                id: format!("w{seat}"),
                value: name.clone(),
                label: name.clone(),
                checked: chosen.as_deref() == Some(name_key(name).as_str()),
            })
            .collect();
        let nobody = rules.no_winner_allowed.then(|| Choice {
            id: "w-none".into(),
            value: String::new(),
            label: ctx.t(Msg::RoundsNobody).into(),
            checked: chosen.as_deref() == Some(""),
        });
        let went_out_error = take(&mut errors, &["went_out", "winner"]);
        if let Some(bonus) = rules.going_out_bonus {
            facts.push(ctx.f(Msg::RoundsGoingOutBonus, &[("bonus", &bonus)]));
        }
        let first_down = rules.first_down_bonus.map(|bonus| {
            let chosen = name_key(&input.went_down_first);
            let mut choices: Vec<Choice> = setup
                .players()
                .iter()
                .enumerate()
                .filter(|(seat, _)| plays(*seat))
                .map(|(seat, name)| Choice {
                    id: format!("d{seat}"),
                    value: name.clone(),
                    label: name.clone(),
                    checked: !chosen.is_empty() && chosen == name_key(name),
                })
                .collect();
            choices.push(Choice {
                id: "d-none".into(),
                value: String::new(),
                label: ctx.t(Msg::RoundsNobodyDown).into(),
                checked: chosen.is_empty(),
            });
            FirstDown {
                legend: ctx.f(Msg::RoundsWentDownFirst, &[("bonus", &bonus)]),
                choices,
                error: take(&mut errors, &["went_down_first"]),
            }
        });

        let buys = info.as_ref().map(|i| i.buys).filter(|b| b.allowed);
        let buys_note = buys
            .and_then(|b| b.limit)
            .map(|limit| ctx.f(Msg::RoundsBuysLimit, &[("n", &limit)]))
            .unwrap_or_default();
        let players = if penalties || buys.is_some() {
            setup
                .players()
                .iter()
                .enumerate()
                .filter(|(seat, _)| plays(*seat))
                .map(|(seat, name)| {
                    let cards = input.cards.get(name).cloned().unwrap_or_default();
                    let count = count_text(&ctx, game, &cards);
                    let buys_key = EntryField::PlayerBuys(name.clone()).key();
                    let error = take(&mut errors, &[name.as_str()]);
                    let buys = buys.map(|_| Field {
                        id: format!("b{seat}"),
                        error: take(&mut errors, &[buys_key.as_str()]),
                        name: buys_key,
                        value: input.buys.get(name).cloned().unwrap_or_default(),
                    });
                    let open = (penalties && !cards.trim().is_empty())
                        || buys
                            .as_ref()
                            .is_some_and(|b| b.error.is_some() || !b.value.trim().is_empty());
                    let more_label = [
                        penalties.then(|| ctx.t(Msg::RoundsMoreCards)),
                        buys.as_ref().map(|_| ctx.t(Msg::RoundsBuys)),
                    ]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join(" · ");
                    PlayerRow {
                        seat,
                        points: Field {
                            id: format!("p{seat}"),
                            name: format!("points.{name}"),
                            value: input.points.get(name).cloned().unwrap_or_default(),
                            error: None,
                        },
                        cards: Field {
                            id: format!("c{seat}"),
                            name: format!("cards.{name}"),
                            value: cards,
                            error: None,
                        },
                        count,
                        error,
                        buys,
                        open,
                        more_label,
                    }
                })
                .collect()
        } else {
            Vec::new()
        };

        let check = |errors: &mut Messages, name: &'static str, label: String| Check {
            name,
            label,
            checked: input.checks.contains(name),
            error: take(errors, &[name]),
        };
        let cut_bonus = match (&info, rules.cut_bonus) {
            (Some(info), Some(bonus)) => match (info.cutter, info.cut_target) {
                (Some(cutter), Some(target)) => Some(check(
                    &mut errors,
                    "cut_bonus",
                    ctx.f(
                        Msg::RoundsCutBonus,
                        &[
                            ("name", &setup.name(cutter)),
                            ("target", &target),
                            ("bonus", &bonus),
                        ],
                    ),
                )),
                _ => None,
            },
            _ => None,
        };
        let hand_rommee = rules.hand_rommee.then(|| {
            check(
                &mut errors,
                "hand_rommee",
                ctx.t(Msg::RoundsHandRommee).into(),
            )
        });
        let (jokers, bonuses) = if penalties {
            (None, Vec::new())
        } else {
            let units = units_config(rules);
            let mut bonuses = Vec::new();
            let offered = [
                (units.turn_bonuses, "first_turn", Msg::RoundsFirstTurn),
                (units.turn_bonuses, "second_turn", Msg::RoundsSecondTurn),
                (units.one_suit_bonus, "one_suit", Msg::RoundsOneSuit),
                (units.twos_wild, "no_wilds", Msg::RoundsNoWilds),
            ];
            for (on, name, msg) in offered {
                if on {
                    bonuses.push(check(&mut errors, name, ctx.t(msg).into()));
                }
            }
            let jokers = Field {
                id: "jokers".into(),
                name: "jokers".into(),
                value: input.jokers.clone(),
                error: take(&mut errors, &["jokers"]),
            };
            (Some(jokers), bonuses)
        };
        let note = Field {
            id: "note".into(),
            name: "note".into(),
            value: input.note.clone(),
            error: take(&mut errors, &["note"]),
        };
        let penalty = rules.penalty.as_ref().map(|t| PenaltyData {
            by_rank: t
                .by_rank
                .iter()
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join(" "),
            joker: t.joker,
            wild_two: t.wild_two.map(|v| v.to_string()).unwrap_or_default(),
        });

        let marked = [&went_out_error]
            .into_iter()
            .chain(first_down.iter().map(|f| &f.error))
            .chain(players.iter().flat_map(|p| {
                [Some(&p.error), p.buys.as_ref().map(|b| &b.error)]
                    .into_iter()
                    .flatten()
            }))
            .chain(
                cut_bonus
                    .iter()
                    .chain(&hand_rommee)
                    .chain(&bonuses)
                    .map(|c| &c.error),
            )
            .chain(jokers.iter().map(|j| &j.error))
            .filter(|e| e.is_some())
            .count();
        let errors_notice = Msg::form_notice(marked, lang);
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

        FormPage {
            game_url: super::game_url(id),
            history_url: GameLinks::new(id).history(),
            title,
            facts,
            version: game.record.game.version,
            key: key
                .filter(|key| {
                    let action = mode.action(id, round);
                    ctx.form_keys
                        .as_ref()
                        .is_some_and(|keys| keys.verify(&action, key))
                })
                .unwrap_or_else(|| ctx.form_key(&mode.action(id, round))),
            action: mode.action(id, round),
            round,
            submit,
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
            buys_note,
            cut_bonus,
            hand_rommee,
            jokers,
            bonuses,
            has_errors,
            errors_notice,
            general: errors.into_values().collect(),
            overwrites: conflict.as_ref().is_some_and(|c| c.compare.is_some()),
            conflict,
            unlikely,
            note,
            note_hint: ctx.f(
                Msg::RoundsNoteHint,
                &[("max", &crate::rules::game::MAX_NOTE_CHARS)],
            ),
            discard_url: super::game_url(id),
            penalty,
            ctx,
        }
    }
}

/// "A♠ Joker 7♥ = 75 points" for cards typed in the notation, counted with the game's table;
/// `None` if the text is blank or cannot be read (the engine's sentence says why).
pub(super) fn count_text(ctx: &PageCtx, game: &LoadedGame, text: &str) -> Option<String> {
    let cards = parse_cards(text).ok().filter(|c| !c.is_empty())?;
    let points = game.setup.rules().penalty_points(&cards)?;
    Some(ctx.f(
        Msg::RoundsCount,
        &[
            ("cards", &cards_text(&cards, ctx.lang)),
            ("points", &points),
        ],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn form_fields_go_into_the_engines_maps_by_the_name_after_the_first_dot() {
        let input = RoundInput::from_form(&fields(&[
            ("went_out", "Ann"),
            ("points.Dr. B", "12"),
            ("cards.Cy", "AS JK"),
            ("buys.Cy", "1"),
            ("cut_bonus", "on"),
            ("hand_rommee", "off"),
            ("version", "3"),
        ]));
        let raw = input.to_raw(None);
        assert_eq!(raw.went_out.as_deref(), Some("Ann"));
        assert_eq!(raw.points["Dr. B"], RawNumber::Text("12".into()));
        assert_eq!(raw.cards["Cy"], RawCards::Text("AS JK".into()));
        assert_eq!(raw.buys["Cy"], RawNumber::Text("1".into()));
        assert_eq!(raw.cut_bonus, Some(true));
        assert_eq!(raw.hand_rommee, None);
        assert_eq!(raw.round, None);
    }

    #[test]
    fn points_typed_as_a_sum_are_stored_as_the_total_and_a_bad_sum_is_refused() {
        assert_eq!(typed_sum("40"), None, "no sum: the engine reads the number");
        assert_eq!(typed_sum("25+10+5"), Some(Ok(40)));
        assert_eq!(typed_sum(" 25 + 10 + 5 "), Some(Ok(40)));
        for bad in [
            "25+x",
            "25+",
            "+",
            "+5",
            "25++5",
            "2.5+1",
            "-5+10",
            "99999999999999999999+1",
        ] {
            assert_eq!(typed_sum(bad), Some(Err(())), "{bad}");
        }
        assert_eq!(
            typed_sum(&format!("{}+1", i64::MAX)),
            Some(Err(())),
            "no overflow"
        );
        let input = RoundInput::from_form(&fields(&[
            ("went_out", "Ann"),
            ("points.Ben", "25+10+5"),
            ("points.Cy", "7"),
        ]));
        let raw = input.to_raw(Some(1));
        assert_eq!(raw.points["Ben"], RawNumber::Int(40));
        assert_eq!(raw.points["Cy"], RawNumber::Text("7".into()));
    }

    #[test]
    fn a_zero_typed_for_the_winner_is_dropped_but_other_points_are_kept() {
        let zero = RoundInput::from_form(&fields(&[("went_out", " ann "), ("points.Ann", "0")]));
        assert!(zero.to_raw(Some(2)).points.is_empty());
        let five = RoundInput::from_form(&fields(&[("went_out", "Ann"), ("points.Ann", "5")]));
        assert_eq!(
            five.to_raw(Some(2)).points["Ann"],
            RawNumber::Text("5".into())
        );
    }

    #[test]
    fn nobody_is_an_empty_choice_and_no_choice_is_none() {
        let nobody = RoundInput::from_form(&fields(&[("went_out", "")]));
        assert_eq!(nobody.went_out.as_deref(), Some(""));
        assert_eq!(nobody.to_raw(None).went_out, None);
        assert_eq!(RoundInput::from_form(&[]).went_out, None);
        let stored = RoundInput::from_raw(&RawRound::default());
        assert_eq!(
            stored.went_out.as_deref(),
            Some(""),
            "a stored round nobody won"
        );
        let two = RoundInput::from_form(&fields(&[("went_out", "Ann"), ("went_out", "Ben")]));
        assert_eq!(two.went_out_values, 2);
    }
}
