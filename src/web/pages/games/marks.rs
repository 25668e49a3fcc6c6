//! The score sheet's marks: why a number is what it is. Who went out (with
//! Shanghai's going-out bonus), who went down first (Shanghai's first-down bonus), the cut
//! bonus (Liverpool), Hand-Rommé doubling (Rommé), buys, Continental's jokers and bonuses,
//! and who sat out, left or joined (docs/RULES.md section 8), read from the stored round
//! entries. Each mark is a short symbol for the eye and a
//! sentence for screen readers; the legend lists the kinds that appear on the sheet.
//!
//! A part of the game pages (`web::pages::games`): reads `rules::game` entries and words them
//! through `text`; no SQL, no scoring of its own, nothing from `cli`.

use crate::rules::game::{GameSetup, ScoredRound};
use crate::text::{Lang, Msg};

/// What a mark says; the legend is in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Kind {
    Out,
    First,
    Cut,
    Doubled,
    Buys,
    Jokers,
    Bonus,
    SatOut,
    Left,
    Joined,
}

impl Kind {
    /// The CSS class suffix: `mark-out`, `mark-cut` …
    pub(super) fn class(self) -> &'static str {
        match self {
            Kind::Out => "out",
            Kind::First => "first",
            Kind::Cut => "cut",
            Kind::Doubled => "doubled",
            Kind::Buys => "buys",
            Kind::Jokers => "jokers",
            Kind::Bonus => "bonus",
            Kind::SatOut => "sat-out",
            Kind::Left => "left",
            Kind::Joined => "joined",
        }
    }
}

/// One mark in a cell of the sheet.
pub(super) struct Mark {
    pub kind: Kind,
    /// What the eye reads: `✓`, `✂`, `×2`, `B2` …
    pub symbol: String,
    /// What a screen reader reads (and a tooltip shows): "went out", "2 buys" …
    pub says: String,
}

/// One line of the legend: a symbol and what it means.
pub(super) struct LegendItem {
    pub kind: Kind,
    pub symbol: String,
    pub means: &'static str,
}

/// The marks of player `i` in round `r`.
pub(super) fn cell_marks(setup: &GameSetup, r: &ScoredRound, i: usize, lang: Lang) -> Vec<Mark> {
    let entry = &r.entry;
    let mut marks = Vec::new();
    // Changes at the table (docs/RULES.md section 8).
    let round = r.info.round;
    if setup.sits_out(i, round) {
        marks.push(Mark {
            kind: Kind::SatOut,
            symbol: "–".into(),
            says: Msg::SheetMarkSatOut.text(lang).into(),
        });
    }
    if setup.joined_after(i).is_some_and(|(k, _)| k + 1 == round) {
        marks.push(Mark {
            kind: Kind::Joined,
            symbol: "↘".into(),
            says: Msg::SheetMarkJoined.text(lang).into(),
        });
    }
    if setup.left_after(i) == Some(round) {
        marks.push(Mark {
            kind: Kind::Left,
            symbol: "↗".into(),
            says: Msg::SheetMarkLeft.text(lang).into(),
        });
    }
    let winner = entry.went_out() == Some(i);
    if winner {
        marks.push(Mark {
            kind: Kind::Out,
            symbol: "✓".into(),
            says: match setup.rules().going_out_bonus {
                Some(bonus) => Msg::SheetMarkOutBonus.fill(lang, &[("bonus", &bonus)]),
                None => Msg::SheetMarkOut.text(lang).into(),
            },
        });
    }
    if entry.went_down_first() == Some(i) {
        let bonus = setup.rules().first_down_bonus.unwrap_or(0);
        marks.push(Mark {
            kind: Kind::First,
            symbol: "↓1".into(),
            says: Msg::SheetMarkFirstDown.fill(lang, &[("bonus", &bonus)]),
        });
    }
    if entry.cut_bonus() && r.info.cutter == Some(i) {
        let bonus = setup.rules().cut_bonus.unwrap_or(0);
        marks.push(Mark {
            kind: Kind::Cut,
            symbol: "✂".into(),
            says: Msg::SheetMarkCut.fill(lang, &[("bonus", &bonus)]),
        });
    }
    if entry.hand_rommee() && !winner && entry.penalty(i).is_some() {
        marks.push(Mark {
            kind: Kind::Doubled,
            symbol: "×2".into(),
            says: Msg::SheetMarkDoubled.text(lang).into(),
        });
    }
    let buys = entry.buys().get(i).copied().unwrap_or(0);
    if buys > 0 {
        marks.push(Mark {
            kind: Kind::Buys,
            symbol: Msg::SheetMarkBuysSymbol.fill(lang, &[("n", &buys)]),
            says: Msg::SheetMarkBuys.fill(lang, &[("n", &buys)]),
        });
    }
    if let Some(hand) = entry.hand().filter(|h| h.winner == i) {
        if hand.jokers > 0 {
            marks.push(Mark {
                kind: Kind::Jokers,
                symbol: format!("J{}", hand.jokers),
                says: Msg::SheetMarkJokers.fill(lang, &[("n", &hand.jokers)]),
            });
        }
        let bonuses: Vec<&str> = [
            (hand.first_turn, Msg::SheetBonusFirstTurn),
            (hand.second_turn, Msg::SheetBonusSecondTurn),
            (hand.one_suit, Msg::SheetBonusOneSuit),
            (hand.no_wilds, Msg::SheetBonusNoWilds),
        ]
        .into_iter()
        .filter(|(on, _)| *on)
        .map(|(_, msg)| msg.text(lang))
        .collect();
        if !bonuses.is_empty() {
            marks.push(Mark {
                kind: Kind::Bonus,
                symbol: "+".repeat(bonuses.len()),
                says: Msg::SheetMarkBonus.fill(lang, &[("what", &bonuses.join(", "))]),
            });
        }
    }
    marks
}

/// The legend of the kinds in `kinds` (each once, in [`Kind`] order).
pub(super) fn legend(mut kinds: Vec<Kind>, lang: Lang) -> Vec<LegendItem> {
    kinds.sort();
    kinds.dedup();
    kinds
        .into_iter()
        .map(|kind| {
            let (symbol, means) = match kind {
                Kind::Out => ("✓".to_owned(), Msg::SheetMarkOut),
                Kind::First => ("↓1".to_owned(), Msg::SheetLegendFirstDown),
                Kind::Cut => ("✂".to_owned(), Msg::SheetLegendCut),
                Kind::Doubled => ("×2".to_owned(), Msg::SheetMarkDoubled),
                Kind::Buys => (
                    Msg::SheetMarkBuysSymbol.fill(lang, &[("n", &"2")]),
                    Msg::SheetLegendBuys,
                ),
                Kind::Jokers => ("J2".to_owned(), Msg::SheetLegendJokers),
                Kind::Bonus => ("+".to_owned(), Msg::SheetLegendBonus),
                Kind::SatOut => ("–".to_owned(), Msg::SheetMarkSatOut),
                Kind::Left => ("↗".to_owned(), Msg::SheetMarkLeft),
                Kind::Joined => ("↘".to_owned(), Msg::SheetMarkJoined),
            };
            LegendItem {
                kind,
                symbol,
                means: means.text(lang),
            }
        })
        .collect()
}
