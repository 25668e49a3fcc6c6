//! The confirm step of a round form (docs/RULES.md section 5, "Plausibility"): a result the
//! cards in play make possible but unlikely (a player who did not go out with 0, points near
//! the most a hand can count) is not saved at once. The form comes back with a notice above
//! it naming each oddity, a "Save anyway" button (a small form of its own carrying exactly
//! what was checked, plus `confirm=yes`) and a "Change" link to the first field concerned;
//! the round form below keeps what was typed, and saving it checks again.
//!
//! Part of `web::pages::rounds`: words from `text`, the check from `store`; no SQL, no
//! scoring.

use crate::rules::game::{Field, FieldErrors};
use crate::web::i18n::{Msg, PageCtx};

/// The field a form posts to confirm an unlikely result.
const CONFIRM: &str = "confirm";

/// Whether a posted form confirms an unlikely result (`confirm=yes`).
pub(super) fn confirmed(fields: &[(String, String)]) -> bool {
    fields
        .iter()
        .any(|(k, v)| k == CONFIRM && matches!(v.trim(), "yes" | "on" | "true" | "1"))
}

/// One oddity: its sentence and the link to its field in the form below.
pub(super) struct Oddity {
    pub message: String,
    pub href: String,
}

/// The notice above a form whose result is unlikely.
pub(super) struct Unlikely {
    pub oddities: Vec<Oddity>,
    /// Where the "Save anyway" form posts (the round form's action).
    pub action: String,
    /// Every field as posted (but `confirm`), carried by the "Save anyway" form.
    pub hidden: Vec<(String, String)>,
    /// The first field concerned, for the "Change" link.
    pub change: String,
    pub lead: String,
    pub ask: String,
    pub save_anyway: String,
    pub change_label: String,
}

impl Unlikely {
    /// The notice for `errors` (the oddities, by field) of the form posted to `action` with
    /// `fields`; `players` are the game's names in seating order (their fields' anchors).
    pub(super) fn new(
        ctx: &PageCtx,
        players: &[String],
        errors: &FieldErrors,
        action: String,
        fields: &[(String, String)],
    ) -> Unlikely {
        let href = |field: &Field| match field {
            Field::Player(name) | Field::PlayerBuys(name) => players
                .iter()
                .position(|p| p == name)
                .map_or_else(|| "#save".to_owned(), |seat| format!("#player-{seat}")),
            _ => "#save".to_owned(),
        };
        let oddities: Vec<Oddity> = errors
            .iter()
            .map(|e| Oddity {
                message: e.error.message(ctx.lang),
                href: href(&e.field),
            })
            .collect();
        let change = oddities
            .first()
            .map_or_else(|| "#save".to_owned(), |o| o.href.clone());
        Unlikely {
            action,
            hidden: fields
                .iter()
                .filter(|(k, _)| k != CONFIRM)
                .cloned()
                .collect(),
            change,
            lead: ctx.t(Msg::RoundsUnlikelyLead).to_owned(),
            ask: ctx.t(Msg::RoundsUnlikelyAsk).to_owned(),
            save_anyway: ctx.t(Msg::RoundsSaveAnyway).to_owned(),
            change_label: ctx.t(Msg::RoundsChange).to_owned(),
            oddities,
        }
    }
}
