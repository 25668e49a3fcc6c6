//! The ledger (Kasse, docs/RULES.md section 7): every finished game's money per player, summed
//! since the last settle-up, and the fewest transfers that settle it all at once.
//!
//! Pure and word-free, next to `settlement`, whose [`fewest_transfers`] it reuses. Money is
//! integer cents, all sums checked. Players are the caller's stable ids (a group's player
//! ids). Imports `std` and `serde` only; must not depend on `text`, `web`, `db` or `cli`.

use std::collections::BTreeMap;

use serde::Serialize;

use super::settlement::fewest_transfers;

/// One finished game's money: the player id and net cents of each seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameMoney {
    /// When the game counts for the ledger (the caller's clock, e.g. Unix seconds of its end);
    /// a settle-up at or after it has settled it.
    pub at: i64,
    /// Player id per seat.
    pub players: Vec<i64>,
    /// Net cents per seat (sums to 0 for a settled game).
    pub net_cents: Vec<i64>,
}

/// One payment that settles the ledger.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LedgerTransfer {
    /// The player id who pays.
    pub from: i64,
    /// The player id who is paid.
    pub to: i64,
    /// Cents, above 0.
    pub cents: i64,
}

/// The open ledger since the last settle-up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ledger {
    /// The settle-up the ledger starts after (the caller's clock); `None`: since the start.
    pub since: Option<i64>,
    /// Games counted.
    pub games: u32,
    /// Balance per player id in cents (positive: is owed money), every player of a counted
    /// game listed, zero balances included; sums to 0.
    pub balance_cents: BTreeMap<i64, i64>,
    /// The fewest transfers that bring every balance to 0, in the order of
    /// [`fewest_transfers`] over the players sorted by id.
    pub transfers: Vec<LedgerTransfer>,
}

/// Why a ledger cannot be drawn up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LedgerError {
    /// A game's seat lists differ in length.
    Mismatch {
        /// Index of the game in the input.
        game: usize,
    },
    /// A game's money does not sum to 0 (a settlement always does).
    Unbalanced {
        /// Index of the game in the input.
        game: usize,
    },
    /// A sum does not fit in 64-bit cents.
    Overflow,
}

impl std::fmt::Display for LedgerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LedgerError::Mismatch { game } => write!(f, "game {game}: seat lists differ"),
            LedgerError::Unbalanced { game } => write!(f, "game {game}: money does not sum to 0"),
            LedgerError::Overflow => f.write_str("the sums do not fit in 64-bit cents"),
        }
    }
}

impl std::error::Error for LedgerError {}

/// The ledger over the games after `since` (games at or before it were settled by that
/// settle-up).
pub fn ledger(games: &[GameMoney], since: Option<i64>) -> Result<Ledger, LedgerError> {
    let mut balance: BTreeMap<i64, i64> = BTreeMap::new();
    let mut counted = 0u32;
    for (index, game) in games.iter().enumerate() {
        if since.is_some_and(|s| game.at <= s) {
            continue;
        }
        if game.players.len() != game.net_cents.len() {
            return Err(LedgerError::Mismatch { game: index });
        }
        let mut sum = 0i64;
        for (&player, &cents) in game.players.iter().zip(&game.net_cents) {
            sum = sum.checked_add(cents).ok_or(LedgerError::Overflow)?;
            let b = balance.entry(player).or_insert(0);
            *b = b.checked_add(cents).ok_or(LedgerError::Overflow)?;
        }
        if sum != 0 {
            return Err(LedgerError::Unbalanced { game: index });
        }
        counted += 1;
    }
    let ids: Vec<i64> = balance.keys().copied().collect();
    let nets: Vec<i64> = balance.values().copied().collect();
    let transfers = fewest_transfers(&nets)
        .into_iter()
        .map(|t| LedgerTransfer {
            from: ids[t.from],
            to: ids[t.to],
            cents: t.cents,
        })
        .collect();
    Ok(Ledger {
        since,
        games: counted,
        balance_cents: balance,
        transfers,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn money(at: i64, players: &[i64], net: &[i64]) -> GameMoney {
        GameMoney {
            at,
            players: players.to_vec(),
            net_cents: net.to_vec(),
        }
    }

    #[test]
    fn two_evenings_by_hand() {
        let games = [
            money(10, &[1, 2, 3], &[300, -100, -200]),
            money(20, &[2, 3, 4], &[-50, 150, -100]),
        ];
        let l = ledger(&games, None).expect("ledger");
        assert_eq!(l.games, 2);
        assert_eq!(
            l.balance_cents
                .iter()
                .map(|(&p, &c)| (p, c))
                .collect::<Vec<_>>(),
            [(1, 300), (2, -150), (3, -50), (4, -100)]
        );
        // Three debtors, one creditor: three transfers.
        assert_eq!(l.transfers.len(), 3);
        assert!(l.transfers.iter().all(|t| t.to == 1));
        assert_eq!(l.transfers.iter().map(|t| t.cents).sum::<i64>(), 300);
    }

    #[test]
    fn a_settle_up_starts_the_ledger_again() {
        let games = [
            money(10, &[1, 2], &[500, -500]),
            money(20, &[1, 2], &[-200, 200]),
        ];
        let l = ledger(&games, Some(10)).expect("ledger");
        assert_eq!(l.since, Some(10));
        assert_eq!(l.games, 1);
        assert_eq!(
            l.transfers,
            [LedgerTransfer {
                from: 1,
                to: 2,
                cents: 200
            }]
        );
        let settled = ledger(&games, Some(20)).expect("ledger");
        assert!(settled.balance_cents.is_empty() && settled.transfers.is_empty());
    }

    #[test]
    fn games_that_cancel_out_need_no_transfer() {
        let games = [money(1, &[1, 2], &[70, -70]), money(2, &[2, 1], &[70, -70])];
        let l = ledger(&games, None).expect("ledger");
        assert_eq!(
            l.balance_cents.values().copied().collect::<Vec<_>>(),
            [0, 0]
        );
        assert!(l.transfers.is_empty());
    }

    #[test]
    fn bad_money_is_refused_not_summed() {
        assert_eq!(
            ledger(&[money(1, &[1, 2], &[5, -4])], None),
            Err(LedgerError::Unbalanced { game: 0 })
        );
        assert_eq!(
            ledger(&[money(1, &[1, 2], &[5])], None),
            Err(LedgerError::Mismatch { game: 0 })
        );
        assert_eq!(
            ledger(
                &[
                    money(1, &[1, 2], &[i64::MAX, -i64::MAX]),
                    money(2, &[1, 2], &[1, -1])
                ],
                None
            ),
            Err(LedgerError::Overflow)
        );
    }

    /// Games with money that sums to 0: the last seat takes what the others give.
    fn arb_games() -> impl Strategy<Value = Vec<GameMoney>> {
        proptest::collection::vec(
            (2usize..=6).prop_flat_map(|n| {
                (
                    proptest::sample::subsequence((1i64..=10).collect::<Vec<_>>(), n),
                    proptest::collection::vec(-5_000i64..5_000, n - 1),
                    0i64..100,
                )
            }),
            0..20,
        )
        .prop_map(|games| {
            games
                .into_iter()
                .map(|(players, mut net, at)| {
                    let rest: i64 = net.iter().sum();
                    net.push(-rest);
                    GameMoney {
                        at,
                        players,
                        net_cents: net,
                    }
                })
                .collect()
        })
    }

    proptest! {
        #[test]
        fn balances_sum_to_zero_and_the_transfers_settle_them(
            games in arb_games(),
            since in proptest::option::of(0i64..100),
        ) {
            let l = ledger(&games, since).expect("balanced games");
            prop_assert_eq!(l.balance_cents.values().sum::<i64>(), 0);
            let mut left = l.balance_cents.clone();
            for t in &l.transfers {
                prop_assert!(t.cents > 0 && t.from != t.to);
                *left.get_mut(&t.from).expect("payer listed") += t.cents;
                *left.get_mut(&t.to).expect("payee listed") -= t.cents;
            }
            prop_assert!(left.values().all(|&c| c == 0));
            let nonzero = l.balance_cents.values().filter(|&&c| c != 0).count();
            prop_assert!(l.transfers.len() <= nonzero.saturating_sub(1));
            // Each game counts exactly when it is after the settle-up.
            let after = games.iter().filter(|g| since.is_none_or(|s| g.at > s)).count();
            prop_assert_eq!(l.games as usize, after);
        }
    }
}
