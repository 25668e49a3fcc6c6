//! The conflict page's two versions of a round (so an evening at the table goes without
//! friction): the round as saved and the entries this form sent, row by row (who went out,
//! who went down first where the game has Shanghai's first-down bonus, each player's points),
//! with the rows that differ marked `≠` (a sign and bold text, not colour alone). Both are read by the rules engine, so "the same" means the same entry, not
//! the same typing; when they are the same the round was already saved as entered here (most
//! often this very phone, before the Back button), and the page says so.
//!
//! A page of `web::pages`: the game through `store`; the entries are parsed by the rules
//! engine (no scoring here); no SQL, nothing from `cli`.

use super::input::RoundInput;
use super::mode::Mode;
use crate::store::LoadedGame;
use crate::web::i18n::{Msg, PageCtx};

/// One line of the comparison.
pub(super) struct Row {
    /// "Went out" or a player's name.
    pub label: String,
    pub theirs: String,
    pub yours: String,
    pub differs: bool,
}

/// Both versions of round `round`.
pub(super) struct Compare {
    /// "Saved now".
    pub theirs_title: String,
    /// "Your entries".
    pub yours_title: String,
    pub rows: Vec<Row>,
    /// The entries sent are exactly the round as saved.
    pub same: bool,
}

impl Compare {
    /// The comparison of the saved round `round` of `game` with `input`; `None` when the
    /// round is not entered.
    pub(super) fn new(
        ctx: &PageCtx,
        game: &LoadedGame,
        round: usize,
        input: &RoundInput,
    ) -> Option<Compare> {
        let saved = &game.state.rounds.get(round.checked_sub(1)?)?.entry;
        let setup = &game.setup;
        let players = setup.players();
        // Read as a correction of the saved round, whichever form it came from.
        let raw = input.to_raw(Mode::Correct.round_field(round));
        let yours = setup.parse_round(round, &raw).ok();
        let nobody = ctx.t(Msg::HistoryNobody);
        let winner = |seat: Option<usize>| {
            seat.and_then(|i| players.get(i))
                .map_or_else(|| nobody.to_owned(), Clone::clone)
        };
        let theirs_out = winner(saved.went_out());
        let yours_out = match &yours {
            Some(entry) => winner(entry.went_out()),
            None => input
                .went_out()
                .filter(|w| !w.trim().is_empty())
                .map_or_else(|| nobody.to_owned(), str::to_owned),
        };
        let mut rows = vec![Row {
            label: ctx.t(Msg::RoundsCompareWentOut).to_owned(),
            differs: theirs_out != yours_out,
            theirs: theirs_out,
            yours: yours_out,
        }];
        // Shanghai's first-down bonus: who went down first, where the game counts it (or
        // either version names someone).
        let theirs_down = winner(saved.went_down_first());
        let yours_down = match &yours {
            Some(entry) => winner(entry.went_down_first()),
            None => input
                .went_down_first()
                .map_or_else(|| nobody.to_owned(), str::to_owned),
        };
        if setup.rules().first_down_bonus.is_some()
            || saved.went_down_first().is_some()
            || input.went_down_first().is_some()
        {
            rows.push(Row {
                label: ctx.t(Msg::RoundsCompareWentDownFirst).to_owned(),
                differs: theirs_down != yours_down,
                theirs: theirs_down,
                yours: yours_down,
            });
        }
        for (seat, name) in players.iter().enumerate() {
            let theirs = saved.points()[seat].to_string();
            let yours = match &yours {
                Some(entry) => entry.points()[seat].to_string(),
                // Not a valid entry: what was typed for this player, as typed.
                None => input.typed_for(name),
            };
            rows.push(Row {
                label: name.clone(),
                differs: theirs != yours,
                theirs,
                yours,
            });
        }
        Some(Compare {
            theirs_title: ctx.t(Msg::RoundsCompareTheirs).to_owned(),
            yours_title: ctx.t(Msg::RoundsCompareYours).to_owned(),
            rows,
            same: yours.as_ref() == Some(saved),
        })
    }
}
