//! A round's points from its entry (docs/RULES.md section 5).
//!
//! Part of `rules::game`: sees its siblings through `super`; depends on `std`, `serde` and the
//! rest of `rules` only, never on `text`, `web` or `db`.

use super::*;

/// The round's bonuses as entered.
pub(super) struct Bonuses {
    /// Liverpool: the cutter hit the target.
    pub(super) cut: bool,
    /// Shanghai with the first-down bonus: who went down first.
    pub(super) went_down_first: Option<usize>,
    /// Rommé: Hand-Rommé.
    pub(super) hand_rommee: bool,
}

/// The scores that count for one round (docs/RULES.md section 5):
/// - the player who went out scores 0, everyone else the penalty entered for them;
/// - Rommé Hand-Rommé doubles the others' penalties;
/// - Liverpool cut bonus: the cut bonus (50) off the round's cutter's score;
/// - Shanghai, optional: the going-out bonus off the score of the player who went out (below
///   0), the first-down bonus off the score of the player who went down first;
/// - Continental: the hand's units, the winner receiving them from each other player.
pub(super) fn score(
    setup: &GameSetup,
    round: usize,
    went_out: Option<usize>,
    penalties: &[Option<Penalty>],
    bonuses: Bonuses,
    hand: Option<&ContinentalHand>,
) -> Vec<i64> {
    let n = setup.player_count();
    if let Some(hand) = hand {
        // Checked while parsing.
        let units = settlement::hand_units(hand, &money::units_config(&setup.rules)).unwrap_or(0);
        // Only those who play the round pay (docs/RULES.md section 8).
        let others = i64::try_from(setup.playing_count(round).saturating_sub(1)).unwrap_or(0);
        return (0..n)
            .map(|i| {
                if i == hand.winner {
                    units * others
                } else if setup.plays(i, round) {
                    -units
                } else {
                    0
                }
            })
            .collect();
    }
    let factor = if bonuses.hand_rommee { 2 } else { 1 };
    let mut points: Vec<i64> = (0..n)
        .map(|i| {
            if Some(i) == went_out {
                0
            } else {
                penalties[i].as_ref().map_or(0, Penalty::points) * factor
            }
        })
        .collect();
    if bonuses.cut
        && let (Some(bonus), Some(cutter)) = (setup.rules.cut_bonus, setup.cutter(round))
    {
        points[cutter] -= bonus;
    }
    if let (Some(bonus), Some(winner)) = (setup.rules.going_out_bonus, went_out) {
        points[winner] -= bonus;
    }
    if let (Some(bonus), Some(first)) = (setup.rules.first_down_bonus, bonuses.went_down_first) {
        points[first] -= bonus;
    }
    points
}
