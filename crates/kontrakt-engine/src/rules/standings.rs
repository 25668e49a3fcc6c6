//! Standings across many games (docs/RULES.md section 7): per player the games, wins, average
//! place, rounds won (went out), average penalty per round, best and worst game and biggest
//! hand; per rule set or over all, for a period; and head-to-head between two players.
//!
//! Pure and word-free: the input is plain records of played games ([`PlayedGame`], made by the
//! caller from the stored games, so the numbers never come from a second copy that could
//! drift), the output numbers. Players are the caller's stable ids (a group's player ids), so a
//! renamed player keeps their history. Imports `std` and `serde` only; must not depend on
//! `text`, `web`, `db` or `cli`.
//!
//! What counts (docs/RULES.md section 7):
//! - Only finished games count toward games, wins, places, money, rounds and hands; a game in
//!   progress is counted apart (`unfinished`), since its places still change.
//! - A win is a first place held alone; a first place shared with others is a `shared_win`.
//! - Penalties (average per round, biggest hand) come from penalty-point games only
//!   (lower total is better); Continental's units are a different measure and are left out.
//! - Best and worst game: by place first, then by the total (lower is better in penalty
//!   games, higher in unit games), then the earlier game.

use std::collections::BTreeMap;

use serde::Serialize;

/// A calendar day, ordered by year, month, day. Whatever time zone the caller counts days in,
/// a period compares days only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Day {
    /// Year, e.g. 2026.
    pub year: i32,
    /// Month, 1-12.
    pub month: u8,
    /// Day of the month, 1-31.
    pub day: u8,
}

impl Day {
    /// The day `year-month-day`.
    pub const fn new(year: i32, month: u8, day: u8) -> Day {
        Day { year, month, day }
    }
}

/// One round of a played game, in seating order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedRound {
    /// Points (penalty points, or units in unit games) each seat scored in the round.
    pub points: Vec<i64>,
    /// The seat that went out, if one did.
    pub went_out: Option<usize>,
}

/// A game as the standings see it: who sat where, what each round scored, and how it ended.
/// Every per-seat list has one entry per seat; a game whose lists disagree is left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedGame {
    /// The rule set's id (`liverpool`, …).
    pub rules: String,
    /// The day the game was played.
    pub day: Day,
    /// The player id of each seat, in seating order.
    pub players: Vec<i64>,
    /// The rounds entered.
    pub rounds: Vec<PlayedRound>,
    /// Every round is entered, or the table ended the game early.
    pub finished: bool,
    /// Place per seat (1 = best, ties share), as the game's settlement gives them.
    pub places: Vec<u32>,
    /// Money per seat in cents, when the game is finished and settled.
    pub net_cents: Option<Vec<i64>>,
    /// Penalty points (lower total is better); `false` for unit games (Continental).
    pub lower_is_better: bool,
}

impl PlayedGame {
    /// Whether every per-seat list fits the seats.
    fn consistent(&self) -> bool {
        let n = self.players.len();
        n > 0
            && self.places.len() == n
            && self.net_cents.as_ref().is_none_or(|net| net.len() == n)
            && self
                .rounds
                .iter()
                .all(|r| r.points.len() == n && r.went_out.is_none_or(|s| s < n))
    }

    /// Total per seat.
    fn totals(&self) -> Vec<i64> {
        let mut totals = vec![0i64; self.players.len()];
        for round in &self.rounds {
            for (t, p) in totals.iter_mut().zip(&round.points) {
                *t = t.saturating_add(*p);
            }
        }
        totals
    }

    /// The seat of a player in this game.
    fn seat(&self, player: i64) -> Option<usize> {
        self.players.iter().position(|&p| p == player)
    }
}

/// Which games count: a rule set (or all) and a period of days (both ends included).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    /// Only games of this rule set; `None`: every rule set.
    pub rules: Option<String>,
    /// Rule-set ids that count as `rules` too: where `rules` names a family of versions of a
    /// table's own rule set, every version's id (a game keeps the version it started with).
    pub versions: Vec<String>,
    /// From this day on; `None`: since the first game.
    pub from: Option<Day>,
    /// Up to this day; `None`: up to the last game.
    pub to: Option<Day>,
}

impl Filter {
    /// Every game of every rule set.
    pub fn all_time() -> Filter {
        Filter::default()
    }

    /// The calendar year `year`.
    pub fn year(year: i32) -> Filter {
        Filter {
            rules: None,
            versions: Vec::new(),
            from: Some(Day::new(year, 1, 1)),
            to: Some(Day::new(year, 12, 31)),
        }
    }

    /// Whether a game counts.
    pub fn admits(&self, game: &PlayedGame) -> bool {
        self.rules
            .as_ref()
            .is_none_or(|r| *r == game.rules || self.versions.contains(&game.rules))
            && self.from.is_none_or(|from| game.day >= from)
            && self.to.is_none_or(|to| game.day <= to)
    }
}

/// A game of a player's, named by its index in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GameMark {
    /// Index of the game in the input list.
    pub game: usize,
    /// The player's place in it.
    pub place: u32,
    /// The player's total in it.
    pub total: i64,
}

/// A player's biggest hand: the most penalty points taken in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct HandMark {
    /// Index of the game in the input list.
    pub game: usize,
    /// Round number, 1-based.
    pub round: usize,
    /// The points.
    pub points: i64,
}

/// One player's numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerStats {
    /// The player's id.
    pub player: i64,
    /// Finished games played.
    pub games: u32,
    /// Finished games won alone (first place not shared).
    pub wins: u32,
    /// Finished games with a first place shared with others.
    pub shared_wins: u32,
    /// Games in progress the player sits in (counted nowhere else).
    pub unfinished: u32,
    /// Sum of places over the finished games ([`PlayerStats::average_place`]).
    pub place_sum: u64,
    /// Rounds the player went out in (finished games).
    pub rounds_won: u32,
    /// Rounds played in penalty-point games (finished games).
    pub penalty_rounds: u32,
    /// Penalty points taken over those rounds.
    pub penalty_points: i64,
    /// Money over the finished, settled games, in cents.
    pub net_cents: i64,
    /// The best game (best place, then best total, then earliest).
    pub best: Option<GameMark>,
    /// The worst game (worst place, then worst total, then earliest).
    pub worst: Option<GameMark>,
    /// The biggest hand (most points in one round of a penalty-point game; earliest on ties).
    pub biggest_hand: Option<HandMark>,
}

impl PlayerStats {
    fn new(player: i64) -> PlayerStats {
        PlayerStats {
            player,
            games: 0,
            wins: 0,
            shared_wins: 0,
            unfinished: 0,
            place_sum: 0,
            rounds_won: 0,
            penalty_rounds: 0,
            penalty_points: 0,
            net_cents: 0,
            best: None,
            worst: None,
            biggest_hand: None,
        }
    }

    /// The average place over the finished games; `None` without one.
    pub fn average_place(&self) -> Option<f64> {
        (self.games > 0).then(|| self.place_sum as f64 / f64::from(self.games))
    }

    /// The average penalty per round; `None` without a penalty round.
    pub fn average_penalty(&self) -> Option<f64> {
        (self.penalty_rounds > 0)
            .then(|| self.penalty_points as f64 / f64::from(self.penalty_rounds))
    }
}

/// Whether `a` is a better game than `b` for the player (see the module docs).
fn better(a: &GameMark, b: &GameMark, lower_is_better_a: bool) -> bool {
    if a.place != b.place {
        return a.place < b.place;
    }
    if a.total != b.total {
        return if lower_is_better_a {
            a.total < b.total
        } else {
            a.total > b.total
        };
    }
    false
}

/// The standings of the games `filter` admits: one entry per player who sat in one, best
/// first (most wins, then best average place, then most games, then player id).
pub fn standings(games: &[PlayedGame], filter: &Filter) -> Vec<PlayerStats> {
    let mut stats: BTreeMap<i64, PlayerStats> = BTreeMap::new();
    for (index, game) in games.iter().enumerate() {
        if !game.consistent() || !filter.admits(game) {
            continue;
        }
        if !game.finished {
            for &player in &game.players {
                stats
                    .entry(player)
                    .or_insert_with(|| PlayerStats::new(player))
                    .unfinished += 1;
            }
            continue;
        }
        let totals = game.totals();
        let firsts = game.places.iter().filter(|&&p| p == 1).count();
        for (seat, &player) in game.players.iter().enumerate() {
            let s = stats
                .entry(player)
                .or_insert_with(|| PlayerStats::new(player));
            let place = game.places[seat];
            s.games += 1;
            s.place_sum += u64::from(place);
            if place == 1 {
                if firsts == 1 {
                    s.wins += 1;
                } else {
                    s.shared_wins += 1;
                }
            }
            if let Some(net) = &game.net_cents {
                s.net_cents = s.net_cents.saturating_add(net[seat]);
            }
            let mark = GameMark {
                game: index,
                place,
                total: totals[seat],
            };
            if s.best
                .is_none_or(|b| better(&mark, &b, game.lower_is_better))
            {
                s.best = Some(mark);
            }
            if s.worst
                .is_none_or(|w| better(&w, &mark, game.lower_is_better))
            {
                s.worst = Some(mark);
            }
            for (r, round) in game.rounds.iter().enumerate() {
                if round.went_out == Some(seat) {
                    s.rounds_won += 1;
                }
                if game.lower_is_better {
                    let points = round.points[seat];
                    s.penalty_rounds += 1;
                    s.penalty_points = s.penalty_points.saturating_add(points);
                    if s.biggest_hand.is_none_or(|h| points > h.points) {
                        s.biggest_hand = Some(HandMark {
                            game: index,
                            round: r + 1,
                            points,
                        });
                    }
                }
            }
        }
    }
    let mut list: Vec<PlayerStats> = stats.into_values().collect();
    list.sort_by(|a, b| rank(a, b).then_with(|| a.player.cmp(&b.player)));
    list
}

/// The standings' order without its last tiebreak (the player's id): more wins first, then
/// the better average place, then more games. Two players this calls equal are level.
fn rank(a: &PlayerStats, b: &PlayerStats) -> std::cmp::Ordering {
    b.wins
        .cmp(&a.wins)
        .then_with(|| {
            // Compare average places exactly: a.sum / a.games < b.sum / b.games.
            let left = u128::from(a.place_sum) * u128::from(b.games.max(1));
            let right = u128::from(b.place_sum) * u128::from(a.games.max(1));
            match (a.games, b.games) {
                (0, 0) => std::cmp::Ordering::Equal,
                (0, _) => std::cmp::Ordering::Greater,
                (_, 0) => std::cmp::Ordering::Less,
                _ => left.cmp(&right),
            }
        })
        .then_with(|| b.games.cmp(&a.games))
}

/// The places of a list in the order [`standings`] gives (or a part of it, in that order):
/// players level on wins, average place and games share a place, and the next player takes
/// the place after all of them, as at a sports table: 1, 1, 3. Each place with whether it is
/// shared.
pub fn places(list: &[&PlayerStats]) -> Vec<(u32, bool)> {
    let mut out: Vec<(u32, bool)> = Vec::with_capacity(list.len());
    for (i, s) in list.iter().enumerate() {
        let level = i > 0 && rank(list[i - 1], s).is_eq();
        let place = match out.last_mut() {
            Some(last) if level => {
                last.1 = true;
                (last.0, true)
            }
            _ => (u32::try_from(i).unwrap_or(u32::MAX - 1) + 1, false),
        };
        out.push(place);
    }
    out
}

/// The rule sets of the games, each once, in order of first appearance.
pub fn rule_sets(games: &[PlayedGame]) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    for game in games {
        if !seen.contains(&game.rules) {
            seen.push(game.rules.clone());
        }
    }
    seen
}

/// Two players compared over the finished games they played together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct HeadToHead {
    /// Player `a`'s id.
    pub a: i64,
    /// Player `b`'s id.
    pub b: i64,
    /// Finished games both sat in.
    pub games: u32,
    /// Games `a` placed ahead of `b`.
    pub a_ahead: u32,
    /// Games `b` placed ahead of `a`.
    pub b_ahead: u32,
    /// Games they shared a place.
    pub level: u32,
    /// `a`'s money over those games, in cents.
    pub a_net_cents: i64,
    /// `b`'s money over those games, in cents.
    pub b_net_cents: i64,
}

impl HeadToHead {
    /// What changed hands between them: `a`'s net minus `b`'s net, halved (positive: `a`
    /// came out ahead of `b`). Over a two-player game it is exactly what `b` paid `a`.
    pub fn between_cents(&self) -> i64 {
        (self.a_net_cents.saturating_sub(self.b_net_cents)) / 2
    }
}

/// Head-to-head between players `a` and `b` over the games `filter` admits.
pub fn head_to_head(games: &[PlayedGame], filter: &Filter, a: i64, b: i64) -> HeadToHead {
    let mut h = HeadToHead {
        a,
        b,
        games: 0,
        a_ahead: 0,
        b_ahead: 0,
        level: 0,
        a_net_cents: 0,
        b_net_cents: 0,
    };
    if a == b {
        return h;
    }
    for game in games {
        if !game.finished || !game.consistent() || !filter.admits(game) {
            continue;
        }
        let (Some(sa), Some(sb)) = (game.seat(a), game.seat(b)) else {
            continue;
        };
        h.games += 1;
        match game.places[sa].cmp(&game.places[sb]) {
            std::cmp::Ordering::Less => h.a_ahead += 1,
            std::cmp::Ordering::Greater => h.b_ahead += 1,
            std::cmp::Ordering::Equal => h.level += 1,
        }
        if let Some(net) = &game.net_cents {
            h.a_net_cents = h.a_net_cents.saturating_add(net[sa]);
            h.b_net_cents = h.b_net_cents.saturating_add(net[sb]);
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn round(points: &[i64], went_out: Option<usize>) -> PlayedRound {
        PlayedRound {
            points: points.to_vec(),
            went_out,
        }
    }

    fn game(
        rules: &str,
        day: Day,
        players: &[i64],
        rounds: Vec<PlayedRound>,
        finished: bool,
        net: Option<&[i64]>,
    ) -> PlayedGame {
        let mut totals = vec![0; players.len()];
        for r in &rounds {
            for (t, p) in totals.iter_mut().zip(&r.points) {
                *t += p;
            }
        }
        PlayedGame {
            rules: rules.into(),
            day,
            players: players.to_vec(),
            rounds,
            finished,
            places: crate::rules::settlement::places(&totals, true),
            net_cents: net.map(<[i64]>::to_vec),
            lower_is_better: true,
        }
    }

    /// Three games by hand: Ann (1), Ben (2), Cy (3).
    fn evening() -> Vec<PlayedGame> {
        vec![
            // Ann 5, Ben 40, Cy 25: Ann 1st, Cy 2nd, Ben 3rd.
            game(
                "liverpool",
                Day::new(2026, 1, 9),
                &[1, 2, 3],
                vec![round(&[0, 30, 10], Some(0)), round(&[5, 10, 15], None)],
                true,
                Some(&[55, -35, -20]),
            ),
            // Ben 0+0 = 0, Ann 20+20 = 40, Cy 60: Ben 1st, Ann 2nd, Cy 3rd.
            game(
                "liverpool",
                Day::new(2026, 2, 6),
                &[2, 1, 3],
                vec![round(&[0, 20, 50], Some(0)), round(&[0, 20, 10], Some(0))],
                true,
                Some(&[100, -40, -60]),
            ),
            // A tie for first: Ann 10, Ben 10; in 2025.
            game(
                "shanghai",
                Day::new(2025, 12, 31),
                &[1, 2],
                vec![round(&[10, 0], Some(1)), round(&[0, 10], Some(0))],
                true,
                Some(&[0, 0]),
            ),
            // In progress: counted apart.
            game(
                "liverpool",
                Day::new(2026, 3, 6),
                &[1, 2, 3],
                vec![round(&[0, 99, 99], Some(0))],
                false,
                None,
            ),
        ]
    }

    fn of(list: &[PlayerStats], player: i64) -> &PlayerStats {
        list.iter()
            .find(|s| s.player == player)
            .expect("player listed")
    }

    #[test]
    fn all_time_standings_by_hand() {
        let games = evening();
        let list = standings(&games, &Filter::all_time());
        let ann = of(&list, 1);
        assert_eq!(ann.games, 3);
        assert_eq!(ann.wins, 1);
        assert_eq!(ann.shared_wins, 1);
        assert_eq!(ann.unfinished, 1);
        // Places 1, 2, 1.
        assert_eq!(ann.place_sum, 4);
        assert_eq!(ann.average_place(), Some(4.0 / 3.0));
        // Went out: game 1 round 1, game 3 round 2.
        assert_eq!(ann.rounds_won, 2);
        // 0 + 5 + 20 + 20 + 10 + 0 over 6 rounds.
        assert_eq!(ann.penalty_points, 55);
        assert_eq!(ann.penalty_rounds, 6);
        assert_eq!(ann.net_cents, 15);
        assert_eq!(
            ann.best,
            Some(GameMark {
                game: 0,
                place: 1,
                total: 5
            })
        );
        assert_eq!(
            ann.worst,
            Some(GameMark {
                game: 1,
                place: 2,
                total: 40
            })
        );
        // 20 in game 2 round 1 comes first of the two 20s.
        assert_eq!(
            ann.biggest_hand,
            Some(HandMark {
                game: 1,
                round: 1,
                points: 20
            })
        );
        let ben = of(&list, 2);
        assert_eq!((ben.games, ben.wins, ben.shared_wins), (3, 1, 1));
        assert_eq!(ben.rounds_won, 3);
        assert_eq!(ben.net_cents, 65);
        assert_eq!(ben.biggest_hand.map(|h| h.points), Some(30));
        let cy = of(&list, 3);
        assert_eq!((cy.games, cy.wins, cy.place_sum), (2, 0, 5));
        assert_eq!(cy.average_penalty(), Some(85.0 / 4.0));
        // Ann and Ben both have 1 win; Ann's average place 4/3 is below Ben's 5/3.
        let order: Vec<i64> = list.iter().map(|s| s.player).collect();
        assert_eq!(order, [1, 2, 3]);
    }

    #[test]
    fn a_rule_set_and_a_period_filter_the_games() {
        let games = evening();
        let shanghai = Filter {
            rules: Some("shanghai".into()),
            ..Filter::all_time()
        };
        let list = standings(&games, &shanghai);
        assert_eq!(list.len(), 2);
        assert!(list.iter().all(|s| s.games == 1 && s.shared_wins == 1));
        let this_year = standings(&games, &Filter::year(2026));
        assert_eq!(of(&this_year, 1).games, 2);
        assert_eq!(of(&this_year, 2).wins, 1);
        let february = Filter {
            from: Some(Day::new(2026, 2, 1)),
            to: Some(Day::new(2026, 2, 28)),
            ..Filter::all_time()
        };
        let list = standings(&games, &february);
        assert_eq!(list[0].player, 2);
        assert_eq!(list.iter().map(|s| s.games).sum::<u32>(), 3);
        assert_eq!(rule_sets(&games), ["liverpool", "shanghai"]);
    }

    #[test]
    fn a_family_of_versions_counts_every_version_and_nothing_else() {
        let mut games = evening();
        games[0].rules = "rs-v1".into();
        games[1].rules = "rs-v2".into();
        let family = Filter {
            rules: Some("rf-v".into()),
            versions: vec!["rs-v1".into(), "rs-v2".into()],
            ..Filter::all_time()
        };
        let counted: Vec<bool> = games.iter().map(|g| family.admits(g)).collect();
        assert_eq!(&counted[..2], [true, true]);
        assert!(counted[2..].iter().all(|c| !c));
        let first = Filter {
            rules: Some("rs-v1".into()),
            ..Filter::all_time()
        };
        assert!(first.admits(&games[0]) && !first.admits(&games[1]));
    }

    #[test]
    fn players_level_share_a_place_and_the_next_takes_the_place_after_them() {
        // Ann 10, Ben 10, Cy 30 and Di 50: Ann and Ben share the first place.
        let games = vec![game(
            "liverpool",
            Day::new(2026, 11, 27),
            &[1, 2, 3, 4],
            vec![round(&[10, 10, 30, 50], None)],
            true,
            Some(&[40, 40, -20, -60]),
        )];
        let list = standings(&games, &Filter::all_time());
        let refs: Vec<&PlayerStats> = list.iter().collect();
        assert_eq!(
            list.iter().map(|s| s.player).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
        assert_eq!(
            places(&refs),
            [(1, true), (1, true), (3, false), (4, false)]
        );
        // Level on wins and average place but not on games: not level.
        let mut two = games.clone();
        two.push(game(
            "liverpool",
            Day::new(2026, 11, 28),
            &[1, 3],
            vec![round(&[0, 0], None)],
            true,
            Some(&[0, 0]),
        ));
        let list = standings(&two, &Filter::all_time());
        let refs: Vec<&PlayerStats> = list.iter().collect();
        // Ann (2 games, average 1) is ahead of Ben (1 game, average 1).
        assert_eq!(
            list.iter().map(|s| s.player).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
        assert_eq!(
            places(&refs),
            [(1, false), (2, false), (3, false), (4, false)]
        );
        assert_eq!(places(&[]), []);
    }

    #[test]
    fn head_to_head_by_hand() {
        let games = evening();
        let h = head_to_head(&games, &Filter::all_time(), 1, 2);
        assert_eq!((h.games, h.a_ahead, h.b_ahead, h.level), (3, 1, 1, 1));
        assert_eq!((h.a_net_cents, h.b_net_cents), (15, 65));
        assert_eq!(h.between_cents(), -25);
        let h = head_to_head(&games, &Filter::all_time(), 1, 3);
        assert_eq!((h.games, h.a_ahead, h.b_ahead), (2, 2, 0));
        assert_eq!(head_to_head(&games, &Filter::all_time(), 1, 1).games, 0);
    }

    #[test]
    fn a_two_player_game_between_is_what_was_paid() {
        let games = vec![game(
            "liverpool",
            Day::new(2026, 1, 1),
            &[7, 8],
            vec![round(&[0, 40], Some(0))],
            true,
            Some(&[400, -400]),
        )];
        let h = head_to_head(&games, &Filter::all_time(), 7, 8);
        assert_eq!(h.between_cents(), 400);
    }

    #[test]
    fn inconsistent_games_are_left_out() {
        let mut bad = evening().remove(0);
        bad.places.pop();
        assert!(standings(&[bad], &Filter::all_time()).is_empty());
    }

    fn arb_game() -> impl Strategy<Value = PlayedGame> {
        (2usize..=5)
            .prop_flat_map(|n| {
                (
                    proptest::sample::subsequence((1i64..=8).collect::<Vec<_>>(), n),
                    proptest::collection::vec(
                        (
                            proptest::collection::vec(0i64..60, n),
                            proptest::option::of(0..n),
                        ),
                        1..5,
                    ),
                    any::<bool>(),
                    2025i32..=2026,
                    proptest::bool::weighted(0.2),
                )
            })
            .prop_map(|(players, rounds, finished, year, units)| {
                let rounds: Vec<PlayedRound> = rounds
                    .into_iter()
                    .map(|(points, went_out)| PlayedRound { points, went_out })
                    .collect();
                let mut g = game(
                    if units { "continental" } else { "liverpool" },
                    Day::new(year, 6, 1),
                    &players,
                    rounds,
                    finished,
                    None,
                );
                g.lower_is_better = !units;
                let totals = g.totals();
                g.places = crate::rules::settlement::places(&totals, !units);
                g
            })
    }

    proptest! {
        #[test]
        fn wins_match_finished_games_without_a_tie(games in proptest::collection::vec(arb_game(), 0..12)) {
            for filter in [Filter::all_time(), Filter::year(2026)] {
                let list = standings(&games, &filter);
                let admitted: Vec<&PlayedGame> = games.iter().filter(|g| filter.admits(g)).collect();
                let sole = admitted
                    .iter()
                    .filter(|g| g.finished && g.places.iter().filter(|&&p| p == 1).count() == 1)
                    .count();
                prop_assert_eq!(list.iter().map(|s| s.wins as usize).sum::<usize>(), sole);
                let seats: usize = admitted.iter().filter(|g| g.finished).map(|g| g.players.len()).sum();
                prop_assert_eq!(list.iter().map(|s| s.games as usize).sum::<usize>(), seats);
                let most = admitted.iter().map(|g| g.players.len()).max().unwrap_or(0);
                for s in &list {
                    if let Some(avg) = s.average_place() {
                        prop_assert!(avg >= 1.0 && avg <= most as f64);
                    }
                    prop_assert!(s.wins + s.shared_wins <= s.games);
                    if let (Some(best), Some(worst)) = (s.best, s.worst) {
                        prop_assert!(best.place <= worst.place);
                    }
                }
                // Head-to-head: every game together is decided one way or level.
                for a in 1..=8 {
                    for b in (a + 1)..=8 {
                        let h = head_to_head(&games, &filter, a, b);
                        prop_assert_eq!(h.a_ahead + h.b_ahead + h.level, h.games);
                    }
                }
            }
        }
    }
}
