//! A round's result as entered ([`RoundEntry`]), parsed from a [`RawRound`] against the
//! set-up.
//!
//! Part of `rules::game`: sees its siblings through `super`; depends on `std`, `serde` and the
//! rest of `rules` only, never on `text`, `web` or `db`.

use super::*;

/// What was entered for a player who did not go out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Penalty {
    /// Points typed as a total.
    Points(i64),
    /// Cards left in hand and what they count under the rule set's table.
    Cards {
        /// The cards as entered.
        cards: Vec<Card>,
        /// Their penalty points.
        points: i64,
    },
}

impl Penalty {
    /// The penalty points (before doubling and bonuses).
    pub fn points(&self) -> i64 {
        match self {
            Penalty::Points(p) | Penalty::Cards { points: p, .. } => *p,
        }
    }
}

/// A valid round result, scored. Made only by parsing a [`RawRound`] against a
/// [`GameSetup`] and a round number ([`GameSetup::parse_round`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundEntry {
    pub(super) round: usize,
    pub(super) went_out: Option<usize>,
    pub(super) penalties: Vec<Option<Penalty>>,
    pub(super) cut_bonus: bool,
    pub(super) went_down_first: Option<usize>,
    pub(super) hand_rommee: bool,
    pub(super) buys: Vec<i64>,
    pub(super) hand: Option<ContinentalHand>,
    pub(super) points: Vec<i64>,
    pub(super) note: Option<String>,
}

impl<'a> TryFrom<(&'a GameSetup, usize, &'a RawRound)> for RoundEntry {
    type Error = FieldErrors;

    /// Parses `raw` as round `round` of the game set up by `setup` (docs/RULES.md sections 4-5).
    fn try_from(
        (setup, round, raw): (&'a GameSetup, usize, &'a RawRound),
    ) -> Result<RoundEntry, FieldErrors> {
        parse_entry(setup, round, raw, Source::Entered)
    }
}

/// Where an entry comes from: typed now, or stored by an earlier version of the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Source {
    /// Entered now: every rule applies.
    Entered,
    /// Stored before: a round without a winner that an earlier version accepted (Hollywood,
    /// before 2026-11-24) still reads, so the game keeps its history.
    Stored,
}

impl RoundEntry {
    /// The round, from 1.
    pub fn round(&self) -> usize {
        self.round
    }

    /// Who went out (Continental: who won the hand); `None` for a round nobody won.
    pub fn went_out(&self) -> Option<usize> {
        self.went_out
    }

    /// What was entered for player `i`: `None` for the one who went out (and in Continental).
    pub fn penalty(&self, i: usize) -> Option<&Penalty> {
        self.penalties.get(i).and_then(Option::as_ref)
    }

    /// Liverpool: the cutter hit the target.
    pub fn cut_bonus(&self) -> bool {
        self.cut_bonus
    }

    /// Shanghai with the first-down bonus: who went down first in the round, if entered.
    pub fn went_down_first(&self) -> Option<usize> {
        self.went_down_first
    }

    /// Rommé: Hand-Rommé.
    pub fn hand_rommee(&self) -> bool {
        self.hand_rommee
    }

    /// Buys per player in this round.
    pub fn buys(&self) -> &[i64] {
        &self.buys
    }

    /// Continental: the winning hand.
    pub fn hand(&self) -> Option<&ContinentalHand> {
        self.hand.as_ref()
    }

    /// The table's note on the round, if any (one line, see [`super::note`]).
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// The scores that count for this round, per player (docs/RULES.md section 5).
    pub fn points(&self) -> &[i64] {
        &self.points
    }

    /// The entry as a canonical [`RawRound`] (names as in the set-up, cards in the notation),
    /// for storage and for filling a correction form. Parsing it again gives an equal entry.
    pub fn to_raw(&self, setup: &GameSetup) -> RawRound {
        let name = |i: usize| setup.name(i).to_string();
        let mut raw = RawRound {
            round: i64::try_from(self.round).ok(),
            ..RawRound::default()
        };
        for (i, penalty) in self.penalties.iter().enumerate() {
            match penalty {
                Some(Penalty::Points(p)) => {
                    raw.points.insert(name(i), RawNumber::Int(*p));
                }
                Some(Penalty::Cards { cards, .. }) => {
                    raw.cards
                        .insert(name(i), RawCards::Text(cards::format_cards(cards)));
                }
                None => {}
            }
        }
        for (i, &b) in self.buys.iter().enumerate() {
            if b != 0 {
                raw.buys.insert(name(i), RawNumber::Int(b));
            }
        }
        raw.note.clone_from(&self.note);
        raw.cut_bonus = self.cut_bonus.then_some(true);
        raw.went_down_first = self.went_down_first.map(name);
        raw.hand_rommee = self.hand_rommee.then_some(true);
        match &self.hand {
            Some(h) => {
                raw.winner = Some(name(h.winner));
                raw.jokers = Some(RawNumber::Int(i64::from(h.jokers)));
                raw.first_turn = h.first_turn.then_some(true);
                raw.second_turn = h.second_turn.then_some(true);
                raw.one_suit = h.one_suit.then_some(true);
                raw.no_wilds = h.no_wilds.then_some(true);
            }
            None => raw.went_out = self.went_out.map(name),
        }
        raw
    }
}

/// A player named in a map of the entry: the index, or an error keyed `field`.
fn player_in(
    setup: &GameSetup,
    name: &str,
    field: Field,
    errors: &mut FieldErrors,
) -> Option<usize> {
    let found = setup.find_player(name);
    if found.is_none() {
        errors.add(
            field,
            GameError::UnknownPlayer {
                name: name.trim().to_string(),
                players: setup.players.clone(),
            },
        );
    }
    found
}

/// Whether player `i` plays round `round`; if not, an error keyed `field` says why
/// (docs/RULES.md section 8).
fn playing(
    setup: &GameSetup,
    i: usize,
    round: usize,
    field: Field,
    errors: &mut FieldErrors,
) -> bool {
    if setup.plays(i, round) {
        return true;
    }
    let player = setup.name(i).to_string();
    errors.add(field, GameError::NotPlaying { player, round });
    false
}

pub(super) fn parse_entry(
    setup: &GameSetup,
    round: usize,
    raw: &RawRound,
    source: Source,
) -> Result<RoundEntry, FieldErrors> {
    let rs = &setup.rules;
    let no_winner_allowed =
        rs.no_winner_allowed || (source == Source::Stored && rs.penalty.is_some());
    let n = setup.player_count();
    let Some(spec) = rs.round(round, setup.starting_players()) else {
        return Err(FieldErrors::single(
            Field::Round,
            GameError::RoundOutOfRange {
                round: i64::try_from(round).unwrap_or(i64::MAX),
                of: setup.round_count(),
            },
        ));
    };
    let mut errors = FieldErrors::new();
    if let Some(given) = raw.round
        && usize::try_from(given).ok() != Some(round)
    {
        errors.add(Field::Round, GameError::RoundMismatch { given, round });
    }

    // Who went out: `went_out`, or `winner` (Continental's name for it).
    let named = match (given(&raw.went_out), given(&raw.winner)) {
        (Some(a), Some(b)) if find_name(&setup.players, a) != find_name(&setup.players, b) => {
            errors.add(Field::Winner, GameError::WinnerTwice);
            None
        }
        (Some(a), _) => Some((Field::WentOut, a)),
        (None, Some(b)) => Some((Field::Winner, b)),
        (None, None) => None,
    };
    let went_out = named.clone().and_then(|(field, name)| {
        let i = player_in(setup, name, field.clone(), &mut errors)?;
        playing(setup, i, round, field, &mut errors).then_some(i)
    });
    if named.is_none() && !no_winner_allowed {
        let field = if rs.penalty.is_none() {
            Field::Winner
        } else {
            Field::WentOut
        };
        errors.add(field, GameError::WinnerRequired);
    }

    let buys = parse_buys(setup, round, &spec, raw, &mut errors);

    if raw.cut_bonus == Some(true) && rs.cut_bonus.is_none() {
        errors.add(
            Field::CutBonus,
            GameError::CutBonusNotPlayed {
                rules: rs.info.name,
            },
        );
    }
    let went_down_first = match given(&raw.went_down_first) {
        None => None,
        Some(_) if rs.first_down_bonus.is_none() => {
            errors.add(Field::WentDownFirst, GameError::FirstDownNotPlayed);
            None
        }
        Some(name) => player_in(setup, name, Field::WentDownFirst, &mut errors),
    };
    if raw.hand_rommee == Some(true) {
        if !rs.hand_rommee {
            errors.add(
                Field::HandRommee,
                GameError::HandRommeeNotPlayed {
                    rules: rs.info.name,
                },
            );
        } else if named.is_none() {
            errors.add(Field::HandRommee, GameError::HandRommeeNeedsWinner);
        }
    }

    let (penalties, hand) = if rs.penalty.is_none() {
        (vec![None; n], parse_hand(setup, went_out, raw, &mut errors))
    } else {
        let continental_fields = [
            (
                Field::Jokers,
                raw.jokers
                    .as_ref()
                    .is_some_and(|j| !matches!(j.parse(), Ok(None | Some(0)))),
            ),
            (Field::FirstTurn, raw.first_turn == Some(true)),
            (Field::SecondTurn, raw.second_turn == Some(true)),
            (Field::OneSuit, raw.one_suit == Some(true)),
            (Field::NoWilds, raw.no_wilds == Some(true)),
        ];
        for (field, set) in continental_fields {
            if set {
                errors.add(field.clone(), GameError::ContinentalOnly { field });
            }
        }
        let check_missing = went_out.is_some() || (named.is_none() && no_winner_allowed);
        (
            parse_penalties(setup, round, went_out, check_missing, raw, &mut errors),
            None,
        )
    };

    let note = super::note::parse(raw.note.as_deref(), &mut errors);

    if !errors.is_empty() {
        return Err(errors);
    }
    let cut_bonus = raw.cut_bonus == Some(true);
    let hand_rommee = raw.hand_rommee == Some(true);
    let points = score(
        setup,
        round,
        went_out,
        &penalties,
        Bonuses {
            cut: cut_bonus,
            went_down_first,
            hand_rommee,
        },
        hand.as_ref(),
    );
    Ok(RoundEntry {
        round,
        went_out,
        penalties,
        cut_bonus,
        went_down_first,
        hand_rommee,
        buys,
        hand,
        points,
        note,
    })
}

/// Points or cards for every player but the one who went out (docs/RULES.md section 5).
/// `check_missing`: say which players lack both (only useful once the winner is known, or
/// nobody won).
fn parse_penalties(
    setup: &GameSetup,
    round: usize,
    went_out: Option<usize>,
    check_missing: bool,
    raw: &RawRound,
    errors: &mut FieldErrors,
) -> Vec<Option<Penalty>> {
    let n = setup.player_count();
    let mut typed: Vec<Vec<i64>> = vec![Vec::new(); n];
    let mut counted: Vec<Vec<Vec<Card>>> = vec![Vec::new(); n];
    for (name, value) in &raw.points {
        let Some(i) = player_in(setup, name, Field::Points, errors) else {
            continue;
        };
        let player = setup.name(i).to_string();
        match value.parse() {
            Ok(None) => {}
            Ok(Some(p)) if (0..=MAX_POINTS).contains(&p) => typed[i].push(p),
            Ok(Some(p)) => errors.add(
                Field::Player(player.clone()),
                GameError::PointsOutOfRange { player, given: p },
            ),
            Err(text) => errors.add(
                Field::Player(player.clone()),
                GameError::NotANumber {
                    what: Quantity::Points,
                    given: text,
                },
            ),
        }
    }
    for (name, value) in &raw.cards {
        let Some(i) = player_in(setup, name, Field::Cards, errors) else {
            continue;
        };
        let player = setup.name(i).to_string();
        // A declared wild card (`JK=7H`) counts as the wild card it is (docs/RULES.md
        // section 1); a 2 declared where 2s are not wild is refused.
        let parsed = value.parse_pinned().and_then(|found| {
            let Some((cards, pins)) = found else {
                return Ok(None);
            };
            match cards
                .iter()
                .zip(&pins)
                .find(|(c, p)| p.is_some() && !setup.rules.meld.is_wild(**c))
            {
                Some((card, pin)) => Err(CardError::PinNotWild {
                    token: cards::pinned_code(*card, *pin),
                }),
                None => Ok(Some(cards)),
            }
        });
        match parsed {
            Ok(None) => {}
            Ok(Some(cards)) => counted[i].push(cards),
            Err(error) => errors.add(
                Field::Player(player.clone()),
                GameError::BadCards { player, error },
            ),
        }
    }
    let mut out = vec![None; n];
    for i in 0..n {
        let player = setup.name(i).to_string();
        let (points, cards) = (typed[i].len(), counted[i].len());
        if !setup.plays(i, round) {
            // Nothing for a player out of this round (docs/RULES.md section 8).
            if points + cards > 0 {
                playing(setup, i, round, Field::Player(player), errors);
            }
            continue;
        }
        if Some(i) == went_out {
            if points + cards > 0 {
                errors.add(
                    Field::Player(player.clone()),
                    GameError::WinnerHasPoints { player },
                );
            }
            continue;
        }
        out[i] = match (points, cards) {
            (1, 0) => Some(Penalty::Points(typed[i][0])),
            (0, 1) => {
                let cards = counted[i].pop().unwrap_or_default();
                let points = setup.rules.penalty_points(&cards).unwrap_or(0);
                Some(Penalty::Cards { cards, points })
            }
            (0, 0) => {
                if check_missing && errors.get(&Field::Player(player.clone())).is_none() {
                    errors.add(
                        Field::Player(player.clone()),
                        GameError::MissingPenalty { player },
                    );
                }
                None
            }
            (p, c) if p > 0 && c > 0 => {
                errors.add(
                    Field::Player(player.clone()),
                    GameError::PointsAndCards { player },
                );
                None
            }
            _ => {
                // Two spellings of one name in the same map.
                errors.add(
                    Field::Player(player.clone()),
                    GameError::GivenTwice { player },
                );
                None
            }
        };
    }
    out
}

/// Buys per player, within the round's limit and only where buying is allowed
/// (docs/RULES.md section 4: `progressive` rounds 9-14, `shanghai` at most 2).
fn parse_buys(
    setup: &GameSetup,
    round: usize,
    spec: &RoundSpec,
    raw: &RawRound,
    errors: &mut FieldErrors,
) -> Vec<i64> {
    let n = setup.player_count();
    let mut buys = vec![0i64; n];
    let mut seen = vec![false; n];
    for (name, value) in &raw.buys {
        let Some(i) = player_in(setup, name, Field::Buys, errors) else {
            continue;
        };
        let player = setup.name(i).to_string();
        let field = Field::PlayerBuys(player.clone());
        let count = match value.parse() {
            Ok(None) | Ok(Some(0)) => continue,
            Ok(Some(b)) => b,
            Err(text) => {
                errors.add(
                    field,
                    GameError::NotANumber {
                        what: Quantity::Buys,
                        given: text,
                    },
                );
                continue;
            }
        };
        if std::mem::replace(&mut seen[i], true) {
            errors.add(field, GameError::GivenTwice { player });
        } else if !setup.plays(i, round) {
            playing(setup, i, round, field, errors);
        } else if count < 0 {
            errors.add(field, GameError::NegativeBuys { player });
        } else if !spec.buys.allowed {
            let rounds = (1..=setup.round_count())
                .filter(|&r| {
                    setup
                        .rules
                        .round(r, setup.starting_players())
                        .is_some_and(|s| s.buys.allowed)
                })
                .collect();
            errors.add(
                field,
                GameError::BuysNotAllowed {
                    player,
                    round,
                    rounds,
                },
            );
        } else {
            let limit = spec.buys.limit.map_or(MAX_BUYS_PER_ROUND, i64::from);
            if count > limit {
                errors.add(
                    field,
                    GameError::TooManyBuys {
                        player,
                        given: count,
                        limit,
                        round,
                    },
                );
            } else {
                buys[i] = count;
            }
        }
    }
    buys
}

/// Continental: the winning hand, checked with the settlement module's rules
/// (docs/RULES.md section 4 `continental`).
fn parse_hand(
    setup: &GameSetup,
    winner: Option<usize>,
    raw: &RawRound,
    errors: &mut FieldErrors,
) -> Option<ContinentalHand> {
    if !raw.points.is_empty() || !raw.cards.is_empty() {
        errors.add(Field::Points, GameError::UnitsOnly);
    }
    let jokers = match raw.jokers.as_ref().map(RawNumber::parse) {
        None | Some(Ok(None)) => 0,
        Some(Ok(Some(j))) => match u32::try_from(j) {
            Ok(j) => j,
            Err(_) => {
                errors.add(
                    Field::Jokers,
                    GameError::Hand(HandError::TooManyJokers { jokers: u32::MAX }),
                );
                return None;
            }
        },
        Some(Err(text)) => {
            errors.add(
                Field::Jokers,
                GameError::NotANumber {
                    what: Quantity::Jokers,
                    given: text,
                },
            );
            return None;
        }
    };
    let hand = ContinentalHand {
        winner: winner?,
        jokers,
        first_turn: raw.first_turn == Some(true),
        second_turn: raw.second_turn == Some(true),
        one_suit: raw.one_suit == Some(true),
        no_wilds: raw.no_wilds == Some(true),
    };
    match settlement::hand_units(&hand, &money::units_config(&setup.rules)) {
        Ok(_) => Some(hand),
        Err(e) => {
            errors.add(hand_error_field(&e), GameError::Hand(e));
            None
        }
    }
}
