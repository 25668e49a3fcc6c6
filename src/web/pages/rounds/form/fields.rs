//! The round form's fields, each with its problem: the "who went out" choice, the
//! first-down choice (Shanghai), one row per player (points, cards with the app's count,
//! buys), the checkboxes of the round's bonuses and the jokers field, and the penalty table
//! for the live count in `rounds.js`. Each is built from what was typed and takes its
//! problems out of the form's [`Messages`].
//!
//! A piece of the round form: the entries from `input`; nothing from the round pages above
//! it, no SQL, no scoring, nothing from `cli`.

use crate::rules::game::{Field as EntryField, GameSetup, RoundInfo};
use crate::rules::money::units_config;
use crate::rules::names::name_key;
use crate::rules::ruleset::RuleSet;
use crate::store::LoadedGame;
use crate::web::i18n::{Msg, PageCtx};
use crate::web::pages::rounds::input::{Messages, RoundInput, count_text, take};

/// A radio button of "who went out".
pub(super) struct Choice {
    pub(super) id: String,
    pub(super) value: String,
    pub(super) label: String,
    pub(super) checked: bool,
}

/// The "who went down first" choice (Shanghai's first-down bonus).
pub(super) struct FirstDown {
    pub(super) legend: String,
    pub(super) choices: Vec<Choice>,
    pub(super) error: Option<String>,
}

/// A text field with its problem.
pub(super) struct Field {
    pub(super) id: String,
    pub(super) name: String,
    pub(super) value: String,
    pub(super) error: Option<String>,
}

/// A checkbox with its problem.
pub(super) struct Check {
    pub(super) name: &'static str,
    pub(super) label: String,
    pub(super) checked: bool,
    pub(super) error: Option<String>,
}

/// One player's part of the form: points or cards (with the app's count), and buys.
pub(super) struct PlayerRow {
    pub(super) seat: usize,
    pub(super) points: Field,
    pub(super) cards: Field,
    /// "A♠ Joker 7♥ = 75 points" when the cards typed can be read.
    pub(super) count: Option<String>,
    /// Problems with this player's points or cards.
    pub(super) error: Option<String>,
    pub(super) buys: Option<Field>,
    /// The folded part of the row (cards and buys) starts open: it holds something typed or
    /// a problem.
    pub(super) open: bool,
    /// The words of the fold's toggle: "Cards · Buys", the parts the row has.
    pub(super) more_label: String,
    /// The toggle's visible word beside its "⋯": "Cards" (or "Buys" where the row has no
    /// cards).
    pub(super) more_short: &'static str,
}

/// One player's row of the form (`_rounds_row.html`): the "went out" choice, the points, and
/// the player's other fields folded under one toggle, so a round of typed totals fits one
/// phone screen.
pub(super) struct Row {
    pub(super) seat: usize,
    pub(super) choice: Choice,
    /// Points, cards and buys, where the rule set has any.
    pub(super) player: Option<PlayerRow>,
}

/// The rule set's penalty table for the live count in `rounds.js` (display only: the server
/// counts what is saved).
pub(super) struct PenaltyData {
    pub(super) by_rank: String,
    pub(super) joker: i64,
    pub(super) wild_two: String,
}

/// The players with a row in round `info`, by seat: a player out of it (sitting out, gone,
/// not yet joined) has none (docs/RULES.md section 8).
pub(super) fn seated<'a>(setup: &'a GameSetup, info: Option<&RoundInfo>) -> Vec<(usize, &'a str)> {
    setup
        .players()
        .iter()
        .enumerate()
        .filter(|(seat, _)| info.is_none_or(|i| setup.plays(*seat, i.round)))
        .map(|(seat, name)| (seat, name.as_str()))
        .collect()
}

/// "Who went out": a radio button per seated player, and "nobody" where the rule set allows
/// a round without a winner.
pub(super) fn winner_choices(
    ctx: &PageCtx,
    rules: &RuleSet,
    seated: &[(usize, &str)],
    input: &RoundInput,
) -> (Vec<Choice>, Option<Choice>) {
    let chosen = input.went_out.as_deref().map(name_key);
    let choices = seated
        .iter()
        .map(|&(seat, name)| Choice {
            id: format!("w{seat}"),
            value: name.to_owned(),
            label: name.to_owned(),
            checked: chosen.as_deref() == Some(name_key(name).as_str()),
        })
        .collect();
    let nobody = rules.no_winner_allowed.then(|| Choice {
        id: "w-none".into(),
        value: String::new(),
        label: ctx.t(Msg::RoundsNobody).into(),
        checked: chosen.as_deref() == Some(""),
    });
    (choices, nobody)
}

/// Shanghai's first-down bonus, where the rule set has it: who went down first, one choice
/// per seated player and "nobody".
pub(super) fn first_down(
    ctx: &PageCtx,
    rules: &RuleSet,
    seated: &[(usize, &str)],
    input: &RoundInput,
    errors: &mut Messages,
) -> Option<FirstDown> {
    let bonus = rules.first_down_bonus?;
    let chosen = name_key(&input.went_down_first);
    let mut choices: Vec<Choice> = seated
        .iter()
        .map(|&(seat, name)| Choice {
            id: format!("d{seat}"),
            value: name.to_owned(),
            label: name.to_owned(),
            checked: !chosen.is_empty() && chosen == name_key(name),
        })
        .collect();
    choices.push(Choice {
        id: "d-none".into(),
        value: String::new(),
        label: ctx.t(Msg::RoundsNobodyDown).into(),
        checked: chosen.is_empty(),
    });
    Some(FirstDown {
        legend: ctx.f(Msg::RoundsWentDownFirst, &[("bonus", &bonus)]),
        choices,
        error: take(errors, &["went_down_first"]),
    })
}

/// One row per seated player where the round has penalties or buys: points, cards with the
/// app's count, and buys (`buys`: the round allows them), each with its problem.
pub(super) fn player_rows(
    ctx: &PageCtx,
    game: &LoadedGame,
    seated: &[(usize, &str)],
    input: &RoundInput,
    buys: bool,
    errors: &mut Messages,
) -> Vec<PlayerRow> {
    let penalties = game.setup.rules().penalty.is_some();
    if !penalties && !buys {
        return Vec::new();
    }
    seated
        .iter()
        .map(|&(seat, name)| {
            let cards = input.cards.get(name).cloned().unwrap_or_default();
            let count = count_text(ctx, game, &cards);
            let buys_key = EntryField::PlayerBuys(name.to_owned()).key();
            let error = take(errors, &[name]);
            let buys = buys.then(|| Field {
                id: format!("b{seat}"),
                error: take(errors, &[buys_key.as_str()]),
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
                more_short: ctx.t(if penalties {
                    Msg::RoundsCardsShort
                } else {
                    Msg::RoundsBuys
                }),
            }
        })
        .collect()
}

/// The round's checkboxes and the jokers field, as the rule set has them.
pub(super) struct Extras {
    /// The cut bonus of the round's cutter, where the rule set has one.
    pub cut_bonus: Option<Check>,
    /// Rommé's hand rommé.
    pub hand_rommee: Option<Check>,
    /// Jokers held, where the round is scored in units (no penalty table).
    pub jokers: Option<Field>,
    /// The unit scoring's bonuses (first turn, second turn, one suit, no wilds).
    pub bonuses: Vec<Check>,
}

/// The [`Extras`] of round `info`, each with what was typed and its problem.
pub(super) fn extras(
    ctx: &PageCtx,
    setup: &GameSetup,
    info: Option<&RoundInfo>,
    input: &RoundInput,
    errors: &mut Messages,
) -> Extras {
    let rules = setup.rules();
    let check = |errors: &mut Messages, name: &'static str, label: String| Check {
        name,
        label,
        checked: input.checks.contains(name),
        error: take(errors, &[name]),
    };
    let cut_bonus = match (info, rules.cut_bonus) {
        (Some(info), Some(bonus)) => match (info.cutter, info.cut_target) {
            (Some(cutter), Some(target)) => Some(check(
                errors,
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
    let hand_rommee = rules
        .hand_rommee
        .then(|| check(errors, "hand_rommee", ctx.t(Msg::RoundsHandRommee).into()));
    if rules.penalty.is_some() {
        return Extras {
            cut_bonus,
            hand_rommee,
            jokers: None,
            bonuses: Vec::new(),
        };
    }
    let units = units_config(rules);
    let offered = [
        (units.turn_bonuses, "first_turn", Msg::RoundsFirstTurn),
        (units.turn_bonuses, "second_turn", Msg::RoundsSecondTurn),
        (units.one_suit_bonus, "one_suit", Msg::RoundsOneSuit),
        (units.twos_wild, "no_wilds", Msg::RoundsNoWilds),
    ];
    let bonuses = offered
        .into_iter()
        .filter(|(on, _, _)| *on)
        .map(|(_, name, msg)| check(errors, name, ctx.t(msg).into()))
        .collect();
    let jokers = Field {
        id: "jokers".into(),
        name: "jokers".into(),
        value: input.jokers.clone(),
        error: take(errors, &["jokers"]),
    };
    Extras {
        cut_bonus,
        hand_rommee,
        jokers: Some(jokers),
        bonuses,
    }
}

/// The rule set's penalty table for the live count, where it has one.
pub(super) fn penalty_data(rules: &RuleSet) -> Option<PenaltyData> {
    rules.penalty.as_ref().map(|t| PenaltyData {
        by_rank: t
            .by_rank
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(" "),
        joker: t.joker,
        // The 2's entry of the table is what a wild 2 counts; the attribute stays for the
        // script already served.
        wild_two: if rules.meld.twos_wild {
            t.by_rank[1].to_string()
        } else {
            String::new()
        },
    })
}
