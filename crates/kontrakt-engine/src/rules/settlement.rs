//! Money settlement at the end of a game (docs/RULES.md section 6, with the money paragraphs of
//! section 4 for `progressive`, `continental`, `rommee` and `hollywood`).
//!
//! Turns final totals (or, for `continental`, the hands won) into each player's net gain in
//! integer cents, the final places, and the fewest transfers that realise the nets.
//!
//! Pure: imports `std` and `serde` only. Money is `i64` cents, never floats; all
//! arithmetic is checked and absurd input is an error, never an overflow or a panic.
//! Players are identified by their index in seating order; names are the caller's business.

use serde::{Deserialize, Serialize};

/// Most players a settlement accepts (a sanity bound well above every rule set's range).
pub const MAX_PLAYERS: usize = 64;

/// Largest magnitude of a player's total that is accepted (points or units).
pub const MAX_TOTAL: i64 = 1_000_000_000;

/// Most buys one player may have over a game (`progressive`, docs/RULES.md section 4).
pub const MAX_BUYS: i64 = 1_000_000;

/// Most jokers a winning `continental` hand can hold: it has 15 cards (docs/RULES.md section 4).
pub const MAX_JOKERS: u32 = 15;

/// Up to this many players with a non-zero net, [`fewest_transfers`] finds the exact minimum.
const EXACT_TRANSFER_LIMIT: usize = 16;

/// One payment: player `from` pays player `to` `cents` (docs/RULES.md section 6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Transfer {
    /// Index (seating order) of the player who pays.
    pub from: usize,
    /// Index (seating order) of the player who is paid.
    pub to: usize,
    /// Amount in cents, always greater than 0.
    pub cents: i64,
}

/// The money outcome of a game (docs/RULES.md section 6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settlement {
    /// Gain per player in cents (negative: loss), in seating order; sums to 0.
    pub net_cents: Vec<i64>,
    /// The fewest transfers that realise exactly `net_cents` (see [`fewest_transfers`]).
    pub transfers: Vec<Transfer>,
    /// Final place per player, 1 = best; tied players share a place (see [`places`]).
    pub places: Vec<u32>,
}

/// A list of a settlement with one entry per player (named by `text::settlement`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerList {
    /// The players' totals.
    Totals,
    /// How often each player bought.
    BuyCounts,
    /// What each place pays.
    PlacePayouts,
}

/// A money value of a settlement, in cents (named by `text::settlement`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoneyValue {
    /// The value of a point.
    PerPoint,
    /// The value of a unit (Continental).
    PerUnit,
    /// The price of a buy.
    PerBuy,
}

/// Why a settlement cannot be made; players are numbered from 1 in seating order. `text`
/// says it as a sentence a player can act on (its `Display` is English).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettleError {
    /// Fewer than 2 players.
    TooFewPlayers {
        /// Number of players given.
        players: usize,
    },
    /// More than [`MAX_PLAYERS`] players.
    TooManyPlayers {
        /// Number of players given.
        players: usize,
    },
    /// A per-player list does not have one entry per player.
    LengthMismatch {
        /// Number of players.
        players: usize,
        /// Number of entries given.
        given: usize,
        /// What the list holds.
        what: PlayerList,
    },
    /// A player's total is outside ±[`MAX_TOTAL`].
    TotalOutOfRange {
        /// Player number, 1-based.
        player: usize,
        /// The total given.
        total: i64,
    },
    /// A player's buy count is negative or above [`MAX_BUYS`].
    BuysOutOfRange {
        /// Player number, 1-based.
        player: usize,
        /// The buy count given.
        buys: i64,
    },
    /// A money value (per point, per unit, per buy) is negative.
    NegativeValue {
        /// Which value.
        what: MoneyValue,
        /// The value given.
        cents: i64,
    },
    /// A place's payout is negative.
    NegativePayout {
        /// Place, 1-based.
        place: usize,
        /// The payout given.
        cents: i64,
    },
    /// The winner's payout is not 0.
    WinnerPayoutNotZero {
        /// The payout given for place 1.
        cents: i64,
    },
    /// A `continental` hand is inconsistent.
    InvalidHand {
        /// Hand number, 1-based.
        hand: usize,
        /// What is wrong with it.
        problem: HandError,
    },
    /// An amount does not fit in 64-bit cents.
    Overflow,
    /// The points one cent stands for are out of range.
    PointsPerCent {
        /// The value given.
        per_points: i64,
    },
}

impl std::error::Error for SettleError {}

/// What is wrong with one `continental` hand (docs/RULES.md section 4). Reported inside
/// [`SettleError::InvalidHand`], which adds the hand number. Its words (and `Display`, an
/// English clause) are in `text`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HandError {
    /// The winner's index is not a player.
    WinnerOutOfRange {
        /// The winner given, 1-based.
        winner: usize,
        /// Number of players.
        players: usize,
    },
    /// More jokers than cards in the hand.
    TooManyJokers {
        /// Jokers given.
        jokers: u32,
    },
    /// Both turn bonuses are marked.
    BothTurns,
    /// The first-turn bonus is marked while turn bonuses are off.
    FirstTurnNotPlayed,
    /// The second-turn bonus is marked while turn bonuses are off.
    SecondTurnNotPlayed,
    /// The one-suit bonus is marked while it is off.
    OneSuitNotPlayed,
    /// The no-wilds bonus is marked while 2s are not wild.
    NoWildsNotPlayed,
    /// The no-wilds bonus is marked for a hand holding jokers.
    NoWildsWithJokers {
        /// Jokers given.
        jokers: u32,
    },
    /// More jokers than the decks in play hold for this many players (the games' check,
    /// [`crate::rules::money::jokers_beyond_decks`]).
    JokersNotInDecks {
        /// Jokers given.
        given: u32,
        /// Jokers in the decks in play.
        decks_hold: u32,
    },
}

impl std::error::Error for HandError {}

/// Final places from totals (docs/RULES.md section 6): 1 = best, tied players share a place and
/// the next place is skipped ("competition" ranking: 1, 1, 3). Penalty-point games are
/// `lower_is_better`; `continental` units are higher-is-better (docs/RULES.md section 4).
pub fn places(totals: &[i64], lower_is_better: bool) -> Vec<u32> {
    let mut places = vec![0; totals.len()];
    let mut start = 0;
    for group in tie_groups(totals, lower_is_better) {
        let place = u32::try_from(start + 1).unwrap_or(u32::MAX);
        for &player in &group {
            places[player] = place;
        }
        start += group.len();
    }
    places
}

/// Players grouped by equal total, best group first; each group in seating order.
fn tie_groups(totals: &[i64], lower_is_better: bool) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..totals.len()).collect();
    // Stable sort: players with equal totals stay in seating order.
    if lower_is_better {
        order.sort_by_key(|&i| totals[i]);
    } else {
        order.sort_by_key(|&i| std::cmp::Reverse(totals[i]));
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for player in order {
        match groups.last_mut() {
            Some(group) if totals[group[0]] == totals[player] => group.push(player),
            _ => groups.push(vec![player]),
        }
    }
    groups
}

/// The fewest transfers that realise `nets` exactly (docs/RULES.md section 6: "with the fewest
/// transfers"). `nets` must sum to 0.
///
/// Every set of transfers splits the players with a non-zero net into groups that settle
/// among themselves, and a group of `m` players needs at least `m - 1` transfers. So the
/// minimum is (non-zero players) - (most disjoint zero-sum groups). Up to 16 non-zero players
/// that maximum is found exactly by dynamic programming over subsets; each group is then
/// settled with `m - 1` transfers, the largest debtor paying the largest creditor.
///
/// With more than 16 non-zero players the subset search is too large, and all of them are
/// settled as one group by the same largest-debtor-to-largest-creditor rule: at most
/// (non-zero players - 1) transfers, not always the minimum.
///
/// Output order is deterministic: groups by their first player in seating order, transfers
/// within a group in the order they are made; equal debts or credits go in seating order.
/// If the nets do not sum to 0 (a caller bug), the unmatched remainder is left unsettled.
pub fn fewest_transfers(nets: &[i64]) -> Vec<Transfer> {
    let members: Vec<usize> = (0..nets.len()).filter(|&i| nets[i] != 0).collect();
    let groups = if members.len() <= EXACT_TRANSFER_LIMIT {
        zero_sum_groups(nets, &members)
    } else {
        vec![members]
    };
    let mut transfers = Vec::new();
    for group in &groups {
        settle_greedily(nets, group, &mut transfers);
    }
    transfers
}

/// Splits `members` (at most [`EXACT_TRANSFER_LIMIT`]) into the largest number of disjoint
/// zero-sum groups.
///
/// `best[mask]` is the most zero-sum prefixes over all orders of the players in `mask`; for a
/// zero-sum `mask` that equals the most zero-sum groups it splits into. Walking back along a
/// maximising order and cutting it at its zero-sum prefixes yields the groups.
fn zero_sum_groups(nets: &[i64], members: &[usize]) -> Vec<Vec<usize>> {
    let k = members.len();
    if k == 0 {
        return Vec::new();
    }
    let full = (1usize << k) - 1;
    // i128: a sum of up to 16 i64 values cannot overflow it.
    let mut sums = vec![0i128; full + 1];
    let mut best = vec![0u8; full + 1];
    for mask in 1..=full {
        let low = mask.trailing_zeros() as usize;
        sums[mask] = sums[mask & (mask - 1)] + i128::from(nets[members[low]]);
        let most = (0..k)
            .filter(|&b| mask & (1 << b) != 0)
            .map(|b| best[mask ^ (1 << b)])
            .max()
            .unwrap_or(0);
        best[mask] = most + u8::from(sums[mask] == 0);
    }

    // Recover one maximising order, last player first.
    let mut reversed = Vec::with_capacity(k);
    let mut mask = full;
    while mask != 0 {
        let wanted = best[mask] - u8::from(sums[mask] == 0);
        let Some(b) = (0..k).find(|&b| mask & (1 << b) != 0 && best[mask ^ (1 << b)] == wanted)
        else {
            break; // unreachable: `best[mask]` was computed from one of these
        };
        reversed.push(b);
        mask ^= 1 << b;
    }

    let mut groups = Vec::new();
    let mut group = Vec::new();
    let mut prefix = 0usize;
    for &b in reversed.iter().rev() {
        prefix |= 1 << b;
        group.push(members[b]);
        if sums[prefix] == 0 {
            groups.push(std::mem::take(&mut group));
        }
    }
    if !group.is_empty() {
        groups.push(group); // only when the nets do not sum to 0
    }
    for group in &mut groups {
        group.sort_unstable();
    }
    groups.sort_unstable();
    groups
}

/// Settles the players of `group`: the largest debtor pays the largest creditor as much as
/// one of them needs, until no debtor or no creditor is left. Each transfer clears at least
/// one player and the last clears two, so a zero-sum group of `m` takes `m - 1` transfers.
fn settle_greedily(nets: &[i64], group: &[usize], transfers: &mut Vec<Transfer>) {
    let mut left: Vec<(usize, i128)> = group.iter().map(|&p| (p, i128::from(nets[p]))).collect();
    loop {
        // `min_by_key`/`max_by_key` differ on ties, so pick explicitly: first in seating order.
        let mut debtor: Option<usize> = None;
        let mut creditor: Option<usize> = None;
        for (slot, &(_, net)) in left.iter().enumerate() {
            if net < 0 && debtor.is_none_or(|d| net < left[d].1) {
                debtor = Some(slot);
            }
            if net > 0 && creditor.is_none_or(|c| net > left[c].1) {
                creditor = Some(slot);
            }
        }
        let (Some(d), Some(c)) = (debtor, creditor) else {
            return;
        };
        let credit = i64::try_from(left[c].1).unwrap_or(i64::MAX); // a creditor's net is an i64
        // A debt too large for i64 is larger than any credit.
        let cents = i64::try_from(-left[d].1).map_or(credit, |debt| debt.min(credit));
        left[d].1 += i128::from(cents);
        left[c].1 -= i128::from(cents);
        transfers.push(Transfer {
            from: left[d].0,
            to: left[c].0,
            cents,
        });
    }
}

/// `lowest-collects` (docs/RULES.md section 6; `hollywood`, section 4): the lowest total `L`
/// receives `(total_i - L) x cents_per_point` from each other player `i`.
///
/// Ties for lowest: each payment is split equally among the tied lowest, payment by payment;
/// the cents left over by each division go one each to the tied players in seating order
/// (starting again with the first tied player for every payment). Places: lower is better.
pub fn lowest_collects(totals: &[i64], cents_per_point: i64) -> Result<Settlement, SettleError> {
    lowest_collects_at(totals, cents_per_point, 1)
}

/// [`lowest_collects`] at a value of `cents` per `per_points` points (e.g. 1 cent per 10
/// points): each payment is rounded down to whole cents.
pub fn lowest_collects_at(
    totals: &[i64],
    cents_per_point: i64,
    per_points: i64,
) -> Result<Settlement, SettleError> {
    check_players(totals.len())?;
    check_totals(totals)?;
    check_value(cents_per_point, MoneyValue::PerPoint)?;
    check_per_points(per_points)?;
    let lowest = totals.iter().copied().min().unwrap_or(0);
    let collectors: Vec<usize> = (0..totals.len()).filter(|&i| totals[i] == lowest).collect();
    let mut nets = vec![0i64; totals.len()];
    for (i, &total) in totals.iter().enumerate() {
        if total == lowest {
            continue;
        }
        let payment = mul(sub(total, lowest)?, cents_per_point)?.div_euclid(per_points);
        nets[i] = sub(nets[i], payment)?;
        split_evenly(payment, &collectors, &mut nets)?;
    }
    Ok(settlement(nets, places(totals, true)))
}

/// `pairwise` (docs/RULES.md section 6; `rommee`, section 4): every pair settles the difference of
/// their totals, so `net_i = (sum of totals - N x total_i) x cents_per_point`. Seed example:
/// totals 220, 360, 140, 490 give +330, -230, +650, -750 points. Places: lower is better.
pub fn pairwise(totals: &[i64], cents_per_point: i64) -> Result<Settlement, SettleError> {
    pairwise_at(totals, cents_per_point, 1)
}

/// [`pairwise`] at a value of `cents` per `per_points` points (docs/RULES.md 4 `rommee`: "e.g. 0.1
/// cent" is 1 cent per 10 points). Each net is rounded down to whole cents; the cents that
/// rounding leaves over go one each to the largest remainders (ties in seating order), so the
/// nets still sum to zero.
pub fn pairwise_at(
    totals: &[i64],
    cents_per_point: i64,
    per_points: i64,
) -> Result<Settlement, SettleError> {
    check_players(totals.len())?;
    check_totals(totals)?;
    check_value(cents_per_point, MoneyValue::PerPoint)?;
    check_per_points(per_points)?;
    let players = i64::try_from(totals.len()).map_err(|_| SettleError::Overflow)?;
    let sum = sum(totals)?;
    let exact = totals
        .iter()
        .map(|&t| mul(sub(sum, mul(players, t)?)?, cents_per_point))
        .collect::<Result<Vec<_>, _>>()?;
    let mut nets: Vec<i64> = exact.iter().map(|e| e.div_euclid(per_points)).collect();
    let short: i64 = -nets.iter().sum::<i64>();
    let mut by_remainder: Vec<usize> = (0..nets.len()).collect();
    by_remainder.sort_by_key(|&i| (std::cmp::Reverse(exact[i].rem_euclid(per_points)), i));
    for &i in by_remainder
        .iter()
        .take(usize::try_from(short).unwrap_or(0))
    {
        nets[i] += 1;
    }
    Ok(settlement(nets, places(totals, true)))
}

/// The most points one cent may stand for.
pub const MAX_POINTS_PER_CENT: i64 = 1_000;

fn check_per_points(per_points: i64) -> Result<(), SettleError> {
    if (1..=MAX_POINTS_PER_CENT).contains(&per_points) {
        Ok(())
    } else {
        Err(SettleError::PointsPerCent { per_points })
    }
}

/// Who receives the kitty of bought cards in `progressive` (docs/RULES.md section 4).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KittySplit {
    /// The winner takes the whole kitty (the seed's main rule).
    #[default]
    Winner,
    /// The second place gets `floor(kitty / 3)`, the winner the rest (the seed's option).
    TwoThirds,
}

/// Money for the `places` scheme (`progressive`, docs/RULES.md sections 4 and 6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacesConfig {
    /// `payouts[k - 1]` is what place `k >= 2` pays, in cents; one entry per player.
    /// `payouts[0]` must be 0: the winner receives the sum of what the others pay.
    pub payouts: Vec<i64>,
    /// Who receives the kitty.
    pub kitty_split: KittySplit,
    /// What one buy costs the buyer, in cents, paid into the kitty.
    pub cents_per_buy: i64,
}

impl PlacesConfig {
    /// The `progressive` defaults for `players` players (docs/RULES.md section 4): place `k >= 2`
    /// pays `2(k - 1)` cents (4 players: winner +12, then -2, -4, -6), a buy costs 1 cent,
    /// the kitty goes to the winner.
    pub fn progressive_default(players: usize) -> Self {
        let payouts = (0..players)
            .map(|k| i64::try_from(k).map_or(i64::MAX, |k| k.saturating_mul(2)))
            .collect();
        Self {
            payouts,
            kitty_split: KittySplit::Winner,
            cents_per_buy: 1,
        }
    }
}

/// `places` (docs/RULES.md section 6; `progressive`, section 4): ranking by totals, lower is
/// better. Place `k >= 2` pays `payouts[k - 1]`, the winner receives the sum. Each buy costs
/// the buyer `cents_per_buy`, paid into the kitty, which goes to the winner or, with
/// [`KittySplit::TwoThirds`], `floor(kitty / 3)` to the second place and the rest to the winner.
///
/// Ties: tied players share equally what the places they occupy pay or receive, kitty share
/// included, in one division; the cents left over go one each to the tied players in seating
/// order (the remainder of a floor division, so for a shared payment the first players pay a
/// cent less). Nets count both what each paid into the kitty and what each receives.
pub fn places_settlement(
    totals: &[i64],
    buys: &[i64],
    cfg: &PlacesConfig,
) -> Result<Settlement, SettleError> {
    let players = totals.len();
    check_players(players)?;
    check_len(players, buys.len(), PlayerList::BuyCounts)?;
    check_len(players, cfg.payouts.len(), PlayerList::PlacePayouts)?;
    check_totals(totals)?;
    for (i, &b) in buys.iter().enumerate() {
        if !(0..=MAX_BUYS).contains(&b) {
            return Err(SettleError::BuysOutOfRange {
                player: i + 1,
                buys: b,
            });
        }
    }
    check_value(cfg.cents_per_buy, MoneyValue::PerBuy)?;
    if cfg.payouts[0] != 0 {
        return Err(SettleError::WinnerPayoutNotZero {
            cents: cfg.payouts[0],
        });
    }
    if let Some(k) = cfg.payouts.iter().position(|&p| p < 0) {
        return Err(SettleError::NegativePayout {
            place: k + 1,
            cents: cfg.payouts[k],
        });
    }

    // What each place receives (negative: pays), kitty shares included.
    let mut place_amounts: Vec<i64> = cfg.payouts.iter().map(|&p| -p).collect();
    place_amounts[0] = sum(&cfg.payouts)?;
    let mut nets = vec![0i64; players];
    let mut kitty = 0i64;
    for (net, &b) in nets.iter_mut().zip(buys) {
        let paid = mul(b, cfg.cents_per_buy)?;
        *net = -paid;
        kitty = add(kitty, paid)?;
    }
    let second_share = match cfg.kitty_split {
        KittySplit::Winner => 0,
        KittySplit::TwoThirds => kitty / 3,
    };
    place_amounts[1] = add(place_amounts[1], second_share)?;
    place_amounts[0] = add(place_amounts[0], kitty - second_share)?;

    let mut start = 0;
    for group in tie_groups(totals, true) {
        let amount = sum(&place_amounts[start..start + group.len()])?;
        split_evenly(amount, &group, &mut nets)?;
        start += group.len();
    }
    Ok(settlement(nets, places(totals, true)))
}

/// One won hand of `continental` (docs/RULES.md section 4), as entered at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContinentalHand {
    /// Index (seating order) of the player who went out.
    pub winner: usize,
    /// Jokers in the winning hand.
    pub jokers: u32,
    /// Went out on the first turn.
    pub first_turn: bool,
    /// Went out on the second turn.
    pub second_turn: bool,
    /// All runs in one suit.
    pub one_suit: bool,
    /// Won without any wild card (2s wild option).
    pub no_wilds: bool,
}

/// The `continental` options that pay bonuses (docs/RULES.md section 4); all off by default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitsConfig {
    /// +10 units for going out on the first turn, +7 on the second.
    pub turn_bonuses: bool,
    /// +10 units if all runs are one suit.
    pub one_suit_bonus: bool,
    /// 2s are wild, and +10 units for winning without any wild card.
    pub twos_wild: bool,
}

/// Units the winner of `hand` receives from each other player (docs/RULES.md section 4,
/// `continental`): 1, plus 2 per joker in the winning hand, +10 for going out on the first
/// turn or +7 on the second (with turn bonuses), +10 if all runs are one suit (with the
/// one-suit bonus), +10 for winning without wild cards (with 2s wild).
///
/// A bonus marked while its option is off, both turn bonuses, the no-wilds bonus with jokers
/// or more than [`MAX_JOKERS`] jokers is an error. The winner's index is checked by
/// [`unit_totals`], which knows the number of players and the hand's number.
pub fn hand_units(hand: &ContinentalHand, cfg: &UnitsConfig) -> Result<i64, HandError> {
    if hand.jokers > MAX_JOKERS {
        return Err(HandError::TooManyJokers {
            jokers: hand.jokers,
        });
    }
    if hand.first_turn && hand.second_turn {
        return Err(HandError::BothTurns);
    }
    if hand.first_turn && !cfg.turn_bonuses {
        return Err(HandError::FirstTurnNotPlayed);
    }
    if hand.second_turn && !cfg.turn_bonuses {
        return Err(HandError::SecondTurnNotPlayed);
    }
    if hand.one_suit && !cfg.one_suit_bonus {
        return Err(HandError::OneSuitNotPlayed);
    }
    if hand.no_wilds && !cfg.twos_wild {
        return Err(HandError::NoWildsNotPlayed);
    }
    if hand.no_wilds && hand.jokers > 0 {
        return Err(HandError::NoWildsWithJokers {
            jokers: hand.jokers,
        });
    }
    let bonus = |marked: bool, units: i64| if marked { units } else { 0 };
    Ok(1 + 2 * i64::from(hand.jokers)
        + bonus(hand.first_turn, 10)
        + bonus(hand.second_turn, 7)
        + bonus(hand.one_suit, 10)
        + bonus(hand.no_wilds, 10))
}

/// Unit totals per player over all hands (docs/RULES.md section 4, `continental`): each hand's
/// winner gains its [`hand_units`] from each of the other `players - 1` players. This is also
/// the points mode, where the highest total wins. Errors name the hand, numbered from 1.
pub fn unit_totals(
    players: usize,
    hands: &[ContinentalHand],
    cfg: &UnitsConfig,
) -> Result<Vec<i64>, SettleError> {
    check_players(players)?;
    let others = i64::try_from(players - 1).map_err(|_| SettleError::Overflow)?;
    let mut totals = vec![0i64; players];
    for (index, hand) in hands.iter().enumerate() {
        let invalid = |problem| SettleError::InvalidHand {
            hand: index + 1,
            problem,
        };
        if hand.winner >= players {
            return Err(invalid(HandError::WinnerOutOfRange {
                winner: hand.winner + 1,
                players,
            }));
        }
        let units = hand_units(hand, cfg).map_err(invalid)?;
        for (player, total) in totals.iter_mut().enumerate() {
            let change = if player == hand.winner {
                mul(units, others)?
            } else {
                -units
            };
            *total = add(*total, change)?;
        }
    }
    Ok(totals)
}

/// `units` (docs/RULES.md section 6; `continental`, section 4): nets are the [`unit_totals`] times
/// `cents_per_unit`; places come from the unit totals, higher is better.
pub fn units_settlement(
    players: usize,
    hands: &[ContinentalHand],
    cfg: &UnitsConfig,
    cents_per_unit: i64,
) -> Result<Settlement, SettleError> {
    check_value(cents_per_unit, MoneyValue::PerUnit)?;
    let totals = unit_totals(players, hands, cfg)?;
    let nets = totals
        .iter()
        .map(|&t| mul(t, cents_per_unit))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(settlement(nets, places(&totals, false)))
}

/// Continental from the units each player won or paid (the game's totals, which sum to zero):
/// each unit is worth `cents_per_unit`. Used where not everyone played every hand
/// (docs/RULES.md section 7), so the hands alone do not say who paid.
pub fn units_from_totals(totals: &[i64], cents_per_unit: i64) -> Result<Settlement, SettleError> {
    check_value(cents_per_unit, MoneyValue::PerUnit)?;
    check_players(totals.len())?;
    let nets = totals
        .iter()
        .map(|&t| mul(t, cents_per_unit))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(settlement(nets, places(totals, false)))
}

fn settlement(net_cents: Vec<i64>, places: Vec<u32>) -> Settlement {
    Settlement {
        transfers: fewest_transfers(&net_cents),
        net_cents,
        places,
    }
}

/// Adds `amount / recipients` to each recipient; the remainder of the floor division goes
/// one cent each to the first recipients (docs/RULES.md section 6, ties).
fn split_evenly(amount: i64, recipients: &[usize], nets: &mut [i64]) -> Result<(), SettleError> {
    let count = i64::try_from(recipients.len()).map_err(|_| SettleError::Overflow)?;
    let share = amount.div_euclid(count);
    let leftover = amount.rem_euclid(count);
    for (&player, position) in recipients.iter().zip(0i64..) {
        let extra = i64::from(position < leftover);
        nets[player] = add(nets[player], add(share, extra)?)?;
    }
    Ok(())
}

fn check_players(players: usize) -> Result<(), SettleError> {
    if players < 2 {
        Err(SettleError::TooFewPlayers { players })
    } else if players > MAX_PLAYERS {
        Err(SettleError::TooManyPlayers { players })
    } else {
        Ok(())
    }
}

fn check_len(players: usize, given: usize, what: PlayerList) -> Result<(), SettleError> {
    if players == given {
        Ok(())
    } else {
        Err(SettleError::LengthMismatch {
            players,
            given,
            what,
        })
    }
}

fn check_totals(totals: &[i64]) -> Result<(), SettleError> {
    match totals
        .iter()
        .position(|t| !(-MAX_TOTAL..=MAX_TOTAL).contains(t))
    {
        Some(i) => Err(SettleError::TotalOutOfRange {
            player: i + 1,
            total: totals[i],
        }),
        None => Ok(()),
    }
}

fn check_value(cents: i64, what: MoneyValue) -> Result<(), SettleError> {
    if cents < 0 {
        Err(SettleError::NegativeValue { what, cents })
    } else {
        Ok(())
    }
}

fn sum(values: &[i64]) -> Result<i64, SettleError> {
    values.iter().try_fold(0i64, |acc, &v| add(acc, v))
}

fn add(a: i64, b: i64) -> Result<i64, SettleError> {
    a.checked_add(b).ok_or(SettleError::Overflow)
}

fn sub(a: i64, b: i64) -> Result<i64, SettleError> {
    a.checked_sub(b).ok_or(SettleError::Overflow)
}

fn mul(a: i64, b: i64) -> Result<i64, SettleError> {
    a.checked_mul(b).ok_or(SettleError::Overflow)
}

#[cfg(test)]
mod tenth_cent_tests {
    use super::*;

    #[test]
    fn rommee_seed_example_at_a_tenth_of_a_cent_per_point_rounds_and_still_sums_to_zero() {
        // Seed nets +330, -230, +650, -750 points at 1 cent per 10 points: 33, -23, 65, -75.
        let s = pairwise_at(&[220, 360, 140, 490], 1, 10).unwrap();
        assert_eq!(s.net_cents, [33, -23, 65, -75]);
        // Nets 5, -3, 1, -3 points (totals 1, 3, 2, 3 x4..): at 1 cent per 2 points the
        // exact values 2.5, -1.5, 0.5, -1.5 round down to 2, -2, 0, -2 and the 2 cents short
        // go to the largest remainders in seating order.
        let s = pairwise_at(&[1, 3, 2, 3], 1, 2).unwrap();
        assert_eq!(s.net_cents.iter().sum::<i64>(), 0);
        assert_eq!(s.net_cents, [3, -1, 0, -2]);
    }

    #[test]
    fn lowest_collects_at_a_fraction_of_a_cent_rounds_each_payment_down() {
        // 35 and 59 points over the lowest at 1 cent per 10 points: pay 3 and 5.
        let s = lowest_collects_at(&[10, 45, 69], 1, 10).unwrap();
        assert_eq!(s.net_cents, [8, -3, -5]);
    }

    #[test]
    fn a_cent_for_zero_or_too_many_points_is_refused() {
        assert!(matches!(
            pairwise_at(&[1, 2], 1, 0),
            Err(SettleError::PointsPerCent { .. })
        ));
        assert!(lowest_collects_at(&[1, 2], 1, 1001).is_err());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn transfer(from: usize, to: usize, cents: i64) -> Transfer {
        Transfer { from, to, cents }
    }

    fn hand(winner: usize, jokers: u32) -> ContinentalHand {
        ContinentalHand {
            winner,
            jokers,
            first_turn: false,
            second_turn: false,
            one_suit: false,
            no_wilds: false,
        }
    }

    const ALL_OPTIONS: UnitsConfig = UnitsConfig {
        turn_bonuses: true,
        one_suit_bonus: true,
        twos_wild: true,
    };

    /// Applies the transfers to zero balances.
    fn apply(players: usize, transfers: &[Transfer]) -> Vec<i64> {
        let mut balances = vec![0i64; players];
        for t in transfers {
            balances[t.from] -= t.cents;
            balances[t.to] += t.cents;
        }
        balances
    }

    /// Most disjoint zero-sum groups the non-zero nets split into, by trying every partition.
    fn brute_force_max_groups(nets: &[i64]) -> usize {
        fn best(values: &[i64], remaining: u32) -> usize {
            if remaining == 0 {
                return 0;
            }
            let first = remaining.trailing_zeros();
            let rest = remaining & !(1 << first);
            let mut most = 0;
            let mut sub = rest;
            loop {
                let group = sub | (1 << first);
                let sum: i64 = (0..values.len())
                    .filter(|&i| group & (1 << i) != 0)
                    .map(|i| values[i])
                    .sum();
                if sum == 0 {
                    most = most.max(1 + best(values, remaining & !group));
                }
                if sub == 0 {
                    break;
                }
                sub = (sub - 1) & rest;
            }
            most
        }
        let values: Vec<i64> = nets.iter().copied().filter(|&n| n != 0).collect();
        best(&values, (1u32 << values.len()) - 1)
    }

    /// The invariants every transfer list must meet; the exact minimum is checked by brute
    /// force for up to 7 players and as an upper bound otherwise.
    fn assert_transfers_are_sound(nets: &[i64], transfers: &[Transfer]) {
        assert_eq!(
            apply(nets.len(), transfers),
            nets,
            "transfers realise the nets"
        );
        for t in transfers {
            assert!(t.cents > 0, "{t:?} moves no money");
            assert_ne!(t.from, t.to, "{t:?} pays itself");
        }
        let nonzero = nets.iter().filter(|&&n| n != 0).count();
        if nets.len() <= 7 {
            assert_eq!(transfers.len(), nonzero - brute_force_max_groups(nets));
        } else {
            assert!(transfers.len() <= nonzero.saturating_sub(1));
        }
    }

    fn assert_settlement_is_sound(s: &Settlement, players: usize) {
        assert_eq!(s.net_cents.len(), players);
        assert_eq!(s.places.len(), players);
        assert_eq!(s.net_cents.iter().sum::<i64>(), 0, "nets sum to zero");
        assert_transfers_are_sound(&s.net_cents, &s.transfers);
    }

    // ---- places ----

    #[test]
    fn places_share_a_place_on_a_tie_and_skip_the_next() {
        assert_eq!(places(&[10, 10, 30], true), vec![1, 1, 3]);
        assert_eq!(places(&[40, 10, 40, 75, 10], true), vec![3, 1, 3, 5, 1]);
    }

    #[test]
    fn places_rank_the_highest_first_when_higher_is_better() {
        assert_eq!(places(&[5, -4, -1], false), vec![1, 3, 2]);
        assert_eq!(places(&[7, 7, 9], false), vec![2, 2, 1]);
    }

    // ---- fewest transfers ----

    #[test]
    fn fewest_transfers_settles_each_zero_sum_group_on_its_own() {
        let nets = [7, -3, -4, 2, -2];
        let transfers = fewest_transfers(&nets);
        assert_eq!(
            transfers,
            vec![transfer(2, 0, 4), transfer(1, 0, 3), transfer(4, 3, 2)]
        );
        assert_transfers_are_sound(&nets, &transfers);
    }

    #[test]
    fn fewest_transfers_beats_largest_debtor_to_largest_creditor() {
        let nets = [5, -3, -2, 4, -4];
        let mut greedy = Vec::new();
        settle_greedily(&nets, &[0, 1, 2, 3, 4], &mut greedy);
        assert_eq!(greedy.len(), 4, "plain greedy: {greedy:?}");
        assert_eq!(
            fewest_transfers(&nets),
            vec![transfer(1, 0, 3), transfer(2, 0, 2), transfer(4, 3, 4)]
        );
    }

    #[test]
    fn fewest_transfers_of_all_zero_nets_is_empty() {
        assert!(fewest_transfers(&[0, 0, 0]).is_empty());
        assert!(fewest_transfers(&[]).is_empty());
    }

    #[test]
    fn fewest_transfers_handles_nets_near_the_i64_limits() {
        let nets = [i64::MAX, -i64::MAX, i64::MIN + 1, i64::MAX];
        let transfers = fewest_transfers(&nets);
        assert_eq!(
            transfers,
            vec![transfer(1, 0, i64::MAX), transfer(2, 3, i64::MAX)]
        );
    }

    #[test]
    fn fewest_transfers_falls_back_to_greedy_above_sixteen_non_zero_players() {
        // 18 players: 1..=9 and -1..=-9. Many zero-sum groups exist; greedy still settles.
        let nets: Vec<i64> = (1..=9).chain((1..=9).map(|n: i64| -n)).collect();
        let transfers = fewest_transfers(&nets);
        assert_transfers_are_sound(&nets, &transfers);
        assert_eq!(transfers.len(), 9, "largest pays largest pairs them off");
    }

    // ---- pairwise (rommee) ----

    #[test]
    fn pairwise_reproduces_the_romme_seed_example() {
        let s = pairwise(&[220, 360, 140, 490], 1).unwrap();
        assert_eq!(s.net_cents, vec![330, -230, 650, -750]);
        assert_eq!(
            s.transfers,
            vec![
                transfer(3, 2, 650),
                transfer(1, 0, 230),
                transfer(3, 0, 100)
            ]
        );
        assert_eq!(s.places, vec![2, 3, 1, 4]);
        // No proper subset of the nets sums to zero, so 3 transfers is the minimum.
        assert_eq!(brute_force_max_groups(&s.net_cents), 1);
    }

    #[test]
    fn pairwise_multiplies_by_the_value_per_point() {
        let s = pairwise(&[220, 360, 140, 490], 10).unwrap();
        assert_eq!(s.net_cents, vec![3300, -2300, 6500, -7500]);
    }

    // ---- lowest collects (hollywood) ----

    #[test]
    fn lowest_collects_the_difference_from_each_other_player() {
        let s = lowest_collects(&[30, 10, 25, 60], 2).unwrap();
        assert_eq!(s.net_cents, vec![-40, 170, -30, -100]);
        assert_eq!(
            s.transfers,
            vec![transfer(3, 1, 100), transfer(0, 1, 40), transfer(2, 1, 30)]
        );
        assert_eq!(s.places, vec![3, 1, 2, 4]);
    }

    #[test]
    fn lowest_collects_splits_each_payment_between_tied_lowest_first_seat_taking_odd_cents() {
        // A pays 7: B 4, D 3. C pays 15: B 8, D 7. B is seated first of the tied, so it
        // gets the odd cent of both divisions.
        let s = lowest_collects(&[12, 5, 20, 5], 1).unwrap();
        assert_eq!(s.net_cents, vec![-7, 12, -15, 10]);
        assert_eq!(s.places, vec![3, 1, 4, 1]);
        assert_eq!(
            s.transfers,
            vec![transfer(2, 1, 12), transfer(0, 3, 7), transfer(2, 3, 3)]
        );
    }

    #[test]
    fn lowest_collects_gives_leftover_cents_of_a_three_way_tie_in_seating_order() {
        // C pays 5: 2, 2, 1 to seats 1, 2, 4. E pays 2: 1, 1, 0.
        let s = lowest_collects(&[4, 4, 9, 4, 6], 1).unwrap();
        assert_eq!(s.net_cents, vec![3, 3, -5, 1, -2]);
        assert_eq!(s.transfers.len(), 4);
    }

    #[test]
    fn lowest_collects_with_everyone_tied_moves_no_money() {
        let s = lowest_collects(&[50, 50, 50], 3).unwrap();
        assert_eq!(s.net_cents, vec![0, 0, 0]);
        assert!(s.transfers.is_empty());
        assert_eq!(s.places, vec![1, 1, 1]);
    }

    // ---- places (progressive) ----

    fn progressive(players: usize, kitty_split: KittySplit) -> PlacesConfig {
        PlacesConfig {
            kitty_split,
            ..PlacesConfig::progressive_default(players)
        }
    }

    #[test]
    fn progressive_default_pays_two_cents_more_per_place() {
        let cfg = PlacesConfig::progressive_default(4);
        assert_eq!(cfg.payouts, vec![0, 2, 4, 6]);
        assert_eq!(cfg.cents_per_buy, 1);
        assert_eq!(cfg.kitty_split, KittySplit::Winner);
        assert_eq!(
            PlacesConfig::progressive_default(5).payouts,
            vec![0, 2, 4, 6, 8]
        );
    }

    #[test]
    fn progressive_four_players_winner_gets_twelve_then_two_four_six() {
        let cfg = PlacesConfig::progressive_default(4);
        let s = places_settlement(&[40, 10, 75, 55], &[0; 4], &cfg).unwrap();
        assert_eq!(s.net_cents, vec![-2, 12, -6, -4]);
        assert_eq!(s.places, vec![2, 1, 4, 3]);
    }

    #[test]
    fn progressive_kitty_goes_to_the_winner_and_buys_are_paid_in() {
        let cfg = progressive(4, KittySplit::Winner);
        let s = places_settlement(&[40, 10, 75, 55], &[1, 2, 0, 3], &cfg).unwrap();
        // Kitty 6: B 12 + 6 - 2, A -2 - 1, C -6, D -4 - 3.
        assert_eq!(s.net_cents, vec![-3, 16, -6, -7]);
    }

    #[test]
    fn progressive_two_thirds_kitty_gives_second_the_floor_of_a_third() {
        let cfg = progressive(4, KittySplit::TwoThirds);
        let s = places_settlement(&[40, 10, 75, 55], &[1, 2, 0, 3], &cfg).unwrap();
        // Kitty 6: A (2nd) gets 2, B 4.
        assert_eq!(s.net_cents, vec![-1, 14, -6, -7]);
        let s = places_settlement(&[40, 10, 75, 55], &[1, 2, 1, 3], &cfg).unwrap();
        // Kitty 7: A gets floor(7/3) = 2, B 5.
        assert_eq!(s.net_cents, vec![-1, 15, -7, -7]);
    }

    #[test]
    fn progressive_tie_for_first_shares_places_one_and_two_odd_cent_to_first_seat() {
        let cfg = PlacesConfig::progressive_default(4);
        let s = places_settlement(&[10, 10, 30, 50], &[0; 4], &cfg).unwrap();
        assert_eq!(s.net_cents, vec![5, 5, -4, -6]);
        assert_eq!(s.places, vec![1, 1, 3, 4]);
        // Kitty 1 (B's buy): the tied share 12 - 2 + 1 = 11: A 6, B 5 - 1.
        let s = places_settlement(&[10, 10, 30, 50], &[0, 1, 0, 0], &cfg).unwrap();
        assert_eq!(s.net_cents, vec![6, 4, -4, -6]);
    }

    #[test]
    fn progressive_tie_for_second_shares_places_two_and_three() {
        let cfg = PlacesConfig::progressive_default(4);
        let s = places_settlement(&[10, 30, 30, 50], &[0; 4], &cfg).unwrap();
        assert_eq!(s.net_cents, vec![12, -3, -3, -6]);
        assert_eq!(s.places, vec![1, 2, 2, 4]);
        // Two-thirds, kitty 5 from D: B and C share -2 - 4 + 1 = -5: B -2, C -3.
        let cfg = progressive(4, KittySplit::TwoThirds);
        let s = places_settlement(&[10, 30, 30, 50], &[0, 0, 0, 5], &cfg).unwrap();
        assert_eq!(s.net_cents, vec![16, -2, -3, -11]);
    }

    #[test]
    fn progressive_five_players_winner_gets_twenty() {
        let cfg = PlacesConfig::progressive_default(5);
        let s = places_settlement(&[50, 20, 90, 70, 30], &[0; 5], &cfg).unwrap();
        assert_eq!(s.net_cents, vec![-4, 20, -8, -6, -2]);
        assert_eq!(s.places, vec![3, 1, 5, 4, 2]);
    }

    #[test]
    fn progressive_everyone_tied_only_the_buys_are_redistributed() {
        let cfg = PlacesConfig::progressive_default(3);
        let s = places_settlement(&[20, 20, 20], &[2, 0, 0], &cfg).unwrap();
        // Kitty 2 shared by all three: 1, 1, 0; A paid 2.
        assert_eq!(s.net_cents, vec![-1, 1, 0]);
    }

    #[test]
    fn progressive_rejects_bad_lists_and_values() {
        let cfg = PlacesConfig::progressive_default(3);
        let err = places_settlement(&[1, 2, 3], &[0, 0, 0, 0], &cfg).unwrap_err();
        assert_eq!(
            err,
            SettleError::LengthMismatch {
                players: 3,
                given: 4,
                what: PlayerList::BuyCounts
            }
        );
        let four = PlacesConfig::progressive_default(4);
        let err = places_settlement(&[1, 2, 3], &[0; 3], &four).unwrap_err();
        assert_eq!(
            err,
            SettleError::LengthMismatch {
                players: 3,
                given: 4,
                what: PlayerList::PlacePayouts
            }
        );
        let err = places_settlement(&[1, 2, 3], &[0, -1, 0], &cfg).unwrap_err();
        assert_eq!(
            err,
            SettleError::BuysOutOfRange {
                player: 2,
                buys: -1
            }
        );
        let bad = PlacesConfig {
            payouts: vec![5, 2, 4],
            ..cfg.clone()
        };
        let err = places_settlement(&[1, 2, 3], &[0; 3], &bad).unwrap_err();
        assert_eq!(err, SettleError::WinnerPayoutNotZero { cents: 5 });
        let bad = PlacesConfig {
            payouts: vec![0, 2, -4],
            ..cfg.clone()
        };
        let err = places_settlement(&[1, 2, 3], &[0; 3], &bad).unwrap_err();
        assert_eq!(
            err,
            SettleError::NegativePayout {
                place: 3,
                cents: -4
            }
        );
        let bad = PlacesConfig {
            cents_per_buy: -1,
            ..cfg
        };
        let err = places_settlement(&[1, 2, 3], &[0; 3], &bad).unwrap_err();
        assert_eq!(
            err,
            SettleError::NegativeValue {
                what: MoneyValue::PerBuy,
                cents: -1
            }
        );
    }

    // ---- validation and overflow ----

    #[test]
    fn settlements_need_between_two_and_sixty_four_players() {
        let err = pairwise(&[10], 1).unwrap_err();
        assert_eq!(err, SettleError::TooFewPlayers { players: 1 });
        let err = lowest_collects(&[0; 65], 1).unwrap_err();
        assert_eq!(err, SettleError::TooManyPlayers { players: 65 });
        assert!(lowest_collects(&[0; 64], 1).is_ok());
    }

    #[test]
    fn totals_beyond_a_billion_are_rejected() {
        let err = pairwise(&[0, 1_000_000_001], 1).unwrap_err();
        assert_eq!(
            err,
            SettleError::TotalOutOfRange {
                player: 2,
                total: 1_000_000_001
            }
        );
        assert!(pairwise(&[-1_000_000_000, 1_000_000_000], 1).is_ok());
    }

    #[test]
    fn a_negative_value_per_point_is_rejected() {
        let err = lowest_collects(&[1, 2], -5).unwrap_err();
        assert_eq!(
            err,
            SettleError::NegativeValue {
                what: MoneyValue::PerPoint,
                cents: -5
            }
        );
    }

    #[test]
    fn absurd_money_values_are_an_overflow_error_not_a_panic() {
        assert_eq!(
            pairwise(&[0, 1_000_000_000], i64::MAX).unwrap_err(),
            SettleError::Overflow
        );
        assert_eq!(
            lowest_collects(&[-1_000_000_000, 1_000_000_000], i64::MAX / 2).unwrap_err(),
            SettleError::Overflow
        );
        let cfg = PlacesConfig {
            cents_per_buy: i64::MAX,
            ..PlacesConfig::progressive_default(2)
        };
        assert_eq!(
            places_settlement(&[1, 2], &[1, 1], &cfg).unwrap_err(),
            SettleError::Overflow
        );
        let cfg = PlacesConfig {
            payouts: vec![0, i64::MAX, 1],
            ..PlacesConfig::progressive_default(3)
        };
        assert_eq!(
            places_settlement(&[1, 2, 3], &[0; 3], &cfg).unwrap_err(),
            SettleError::Overflow
        );
        assert_eq!(
            units_settlement(2, &[hand(0, 0)], &UnitsConfig::default(), i64::MAX).unwrap(),
            Settlement {
                net_cents: vec![i64::MAX, -i64::MAX],
                transfers: vec![transfer(1, 0, i64::MAX)],
                places: vec![1, 2],
            }
        );
        assert_eq!(
            units_settlement(3, &[hand(0, 0)], &UnitsConfig::default(), i64::MAX).unwrap_err(),
            SettleError::Overflow
        );
    }

    // ---- continental ----

    #[test]
    fn continental_base_hand_is_one_unit_plus_two_per_joker() {
        let cfg = UnitsConfig::default();
        assert_eq!(hand_units(&hand(0, 0), &cfg), Ok(1));
        assert_eq!(hand_units(&hand(0, 2), &cfg), Ok(5));
        assert_eq!(hand_units(&hand(0, 15), &cfg), Ok(31));
    }

    #[test]
    fn continental_each_bonus_adds_its_units() {
        let first = ContinentalHand {
            first_turn: true,
            ..hand(0, 0)
        };
        let second = ContinentalHand {
            second_turn: true,
            ..hand(0, 0)
        };
        let one_suit = ContinentalHand {
            one_suit: true,
            ..hand(0, 0)
        };
        let no_wilds = ContinentalHand {
            no_wilds: true,
            ..hand(0, 0)
        };
        assert_eq!(hand_units(&first, &ALL_OPTIONS), Ok(11));
        assert_eq!(hand_units(&second, &ALL_OPTIONS), Ok(8));
        assert_eq!(hand_units(&one_suit, &ALL_OPTIONS), Ok(11));
        assert_eq!(hand_units(&no_wilds, &ALL_OPTIONS), Ok(11));
        let stacked = ContinentalHand {
            second_turn: true,
            one_suit: true,
            ..hand(0, 1)
        };
        assert_eq!(hand_units(&stacked, &ALL_OPTIONS), Ok(20));
        let everything = ContinentalHand {
            first_turn: true,
            one_suit: true,
            no_wilds: true,
            ..hand(0, 0)
        };
        assert_eq!(hand_units(&everything, &ALL_OPTIONS), Ok(31));
    }

    #[test]
    fn continental_marks_for_options_not_played_are_errors() {
        let off = UnitsConfig::default();
        let cases = [
            (
                ContinentalHand {
                    first_turn: true,
                    ..hand(0, 0)
                },
                HandError::FirstTurnNotPlayed,
            ),
            (
                ContinentalHand {
                    second_turn: true,
                    ..hand(0, 0)
                },
                HandError::SecondTurnNotPlayed,
            ),
            (
                ContinentalHand {
                    one_suit: true,
                    ..hand(0, 0)
                },
                HandError::OneSuitNotPlayed,
            ),
            (
                ContinentalHand {
                    no_wilds: true,
                    ..hand(0, 0)
                },
                HandError::NoWildsNotPlayed,
            ),
        ];
        for (bad, expected) in cases {
            assert_eq!(hand_units(&bad, &off), Err(expected));
        }
    }

    #[test]
    fn continental_contradictory_hands_are_errors() {
        let both = ContinentalHand {
            first_turn: true,
            second_turn: true,
            ..hand(0, 0)
        };
        assert_eq!(hand_units(&both, &ALL_OPTIONS), Err(HandError::BothTurns));
        let wild_free_with_jokers = ContinentalHand {
            no_wilds: true,
            ..hand(0, 2)
        };
        assert_eq!(
            hand_units(&wild_free_with_jokers, &ALL_OPTIONS),
            Err(HandError::NoWildsWithJokers { jokers: 2 })
        );
        assert_eq!(
            hand_units(&hand(0, 16), &ALL_OPTIONS),
            Err(HandError::TooManyJokers { jokers: 16 })
        );
    }

    #[test]
    fn continental_errors_name_the_hand_from_one() {
        let hands = [hand(0, 0), hand(3, 0)];
        let err = unit_totals(3, &hands, &UnitsConfig::default()).unwrap_err();
        assert_eq!(
            err,
            SettleError::InvalidHand {
                hand: 2,
                problem: HandError::WinnerOutOfRange {
                    winner: 4,
                    players: 3
                }
            }
        );
        let hands = [
            hand(0, 0),
            hand(1, 0),
            ContinentalHand {
                one_suit: true,
                ..hand(2, 0)
            },
        ];
        let err = units_settlement(3, &hands, &UnitsConfig::default(), 1).unwrap_err();
        assert_eq!(
            err,
            SettleError::InvalidHand {
                hand: 3,
                problem: HandError::OneSuitNotPlayed
            }
        );
        let err = units_settlement(3, &[], &UnitsConfig::default(), -1).unwrap_err();
        assert_eq!(
            err,
            SettleError::NegativeValue {
                what: MoneyValue::PerUnit,
                cents: -1
            }
        );
        assert_eq!(
            unit_totals(1, &[], &UnitsConfig::default()).unwrap_err(),
            SettleError::TooFewPlayers { players: 1 }
        );
    }

    #[test]
    fn continental_winner_collects_units_from_every_other_player() {
        // Hand 1: A wins with a joker, 3 units from B and C. Hand 2: C wins plainly, 1 unit.
        let hands = [hand(0, 1), hand(2, 0)];
        let cfg = UnitsConfig::default();
        assert_eq!(unit_totals(3, &hands, &cfg), Ok(vec![5, -4, -1]));
        let s = units_settlement(3, &hands, &cfg, 10).unwrap();
        assert_eq!(s.net_cents, vec![50, -40, -10]);
        assert_eq!(s.places, vec![1, 3, 2]);
        assert_eq!(s.transfers, vec![transfer(1, 0, 40), transfer(2, 0, 10)]);
    }

    #[test]
    fn continental_with_no_hands_is_all_zero_and_all_first() {
        let s = units_settlement(4, &[], &UnitsConfig::default(), 5).unwrap();
        assert_eq!(s.net_cents, vec![0; 4]);
        assert_eq!(s.places, vec![1; 4]);
        assert!(s.transfers.is_empty());
    }

    // ---- properties ----

    fn zero_sum_nets(max_players: usize, spread: i64) -> impl Strategy<Value = Vec<i64>> {
        prop::collection::vec(-spread..=spread, 1..max_players).prop_map(|mut nets| {
            let sum: i64 = nets.iter().sum();
            nets.push(-sum);
            nets
        })
    }

    fn totals(max_players: usize) -> impl Strategy<Value = Vec<i64>> {
        prop::collection::vec(prop_oneof![-10i64..=10, -300i64..=900], 2..=max_players)
    }

    fn continental_game() -> impl Strategy<Value = (usize, UnitsConfig, Vec<ContinentalHand>)> {
        (2usize..=12, any::<(bool, bool, bool)>()).prop_flat_map(|(players, (t, o, w))| {
            let cfg = UnitsConfig {
                turn_bonuses: t,
                one_suit_bonus: o,
                twos_wild: w,
            };
            let raw = (0..players, 0u32..=4, any::<(bool, bool, bool, bool)>());
            let hands = prop::collection::vec(raw, 0..20).prop_map(move |hands| {
                hands
                    .into_iter()
                    .map(|(winner, jokers, (first, second, suit, no_wild))| {
                        // Keep only the marks the options and the hand allow.
                        ContinentalHand {
                            winner,
                            jokers,
                            first_turn: first && t,
                            second_turn: second && t && !first,
                            one_suit: suit && o,
                            no_wilds: no_wild && w && jokers == 0,
                        }
                    })
                    .collect::<Vec<_>>()
            });
            (Just(players), Just(cfg), hands)
        })
    }

    proptest! {
        #[test]
        fn fewest_transfers_is_exact_for_small_tables(nets in zero_sum_nets(7, 6)) {
            assert_transfers_are_sound(&nets, &fewest_transfers(&nets));
        }

        #[test]
        fn fewest_transfers_realises_nets_of_up_to_sixteen_players(nets in zero_sum_nets(16, 9)) {
            let transfers = fewest_transfers(&nets);
            assert_transfers_are_sound(&nets, &transfers);
        }

        #[test]
        fn fewest_transfers_realises_nets_of_large_tables(nets in zero_sum_nets(64, 1_000)) {
            assert_transfers_are_sound(&nets, &fewest_transfers(&nets));
        }

        #[test]
        fn lowest_collects_is_sound(totals in totals(64), cents in 0i64..=50) {
            let s = lowest_collects(&totals, cents).unwrap();
            assert_settlement_is_sound(&s, totals.len());
            assert_eq!(s.places, places(&totals, true));
        }

        #[test]
        fn pairwise_is_sound(totals in totals(64), cents in 0i64..=50) {
            let s = pairwise(&totals, cents).unwrap();
            assert_settlement_is_sound(&s, totals.len());
        }

        #[test]
        fn places_settlement_is_sound(
            (totals, buys, payouts) in (2usize..=64).prop_flat_map(|n| (
                prop::collection::vec(-5i64..=5, n),
                prop::collection::vec(0i64..=6, n),
                prop::collection::vec(0i64..=15, n - 1),
            )),
            cents_per_buy in 0i64..=3,
            two_thirds: bool,
        ) {
            let cfg = PlacesConfig {
                payouts: std::iter::once(0).chain(payouts).collect(),
                kitty_split: if two_thirds { KittySplit::TwoThirds } else { KittySplit::Winner },
                cents_per_buy,
            };
            let s = places_settlement(&totals, &buys, &cfg).unwrap();
            assert_settlement_is_sound(&s, totals.len());
        }

        #[test]
        fn units_settlement_is_sound((players, cfg, hands) in continental_game(), cents in 0i64..=20) {
            let s = units_settlement(players, &hands, &cfg, cents).unwrap();
            assert_settlement_is_sound(&s, players);
            let totals = unit_totals(players, &hands, &cfg).unwrap();
            assert_eq!(totals.iter().sum::<i64>(), 0);
            assert_eq!(s.places, places(&totals, false));
        }

        #[test]
        fn small_table_settlements_use_the_exact_fewest_transfers(
            totals in totals(7),
            cents in 0i64..=3,
        ) {
            let cfg = PlacesConfig::progressive_default(totals.len());
            let buys = vec![1; totals.len()];
            for s in [
                lowest_collects(&totals, cents).unwrap(),
                pairwise(&totals, cents).unwrap(),
                places_settlement(&totals, &buys, &cfg).unwrap(),
            ] {
                assert_settlement_is_sound(&s, totals.len());
            }
        }
    }
}
