//! Request bodies of the JSON API and their parsing into domain types (`TryFrom`).
//!
//! The raw structs only say what JSON is accepted; `TryFrom` turns them into a rule set, a
//! round and cards, or into a 422 with a sentence naming what was wrong. Card notation, rule
//! checks and arithmetic stay in `rules`; this module only reads and looks up.

use std::collections::HashSet;
use std::fmt;

use axum::http::{HeaderMap, header};
use serde::Deserialize;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use utoipa::ToSchema;

pub use crate::rules::cards::CardsInput;
use crate::rules::cards::{self, Card, CardError, PinnedMelds};
use crate::rules::game::GameError;
use crate::rules::money::MoneyInput;
use crate::rules::names::{MAX_NAME_CHARS, NameProblem, check_name, name_key};
use crate::rules::ruleset::{RoundSpec, RuleSet, Scheme};
use crate::rules::settlement::{ContinentalHand, MAX_POINTS_PER_CENT, PlayerList, SettleError};
use crate::text::api::ApiMsg;
use crate::text::rules::preset_name;
use crate::text::{Lang, Say};

use super::super::AppError;
use crate::web::Result;

/// Most `continental` hands one settlement accepts.
pub const MAX_HANDS: usize = 1000;

fn invalid(sentence: impl Into<String>) -> AppError {
    AppError::Unprocessable(sentence.into())
}

/// The language of a JSON answer's sentences: the body's `lang` (`en` or `de`, any case),
/// else the Accept-Language header's preference of the two, else English. Another `lang` is
/// a 422 (in the header's language).
pub fn answer_lang(headers: &HeaderMap, given: Option<&str>) -> Result<Lang> {
    let header_lang = headers
        .get_all(header::ACCEPT_LANGUAGE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(crate::web::i18n::accept_language)
        .unwrap_or_default();
    match given.map(|g| g.trim().to_ascii_lowercase()) {
        None => Ok(header_lang),
        Some(code) if code == "en" => Ok(Lang::En),
        Some(code) if code == "de" => Ok(Lang::De),
        Some(_) => Err(invalid(
            ApiMsg::BadLang.fill(header_lang, &[("given", &given.unwrap_or_default())]),
        )),
    }
}

/// [`answer_lang`] for a JSON body read as a value: its top-level `lang` is taken out (so the
/// body's own fields are checked as before); a `lang` that is neither text nor null is a 422.
pub fn take_lang(headers: &HeaderMap, body: &mut serde_json::Value) -> Result<Lang> {
    let given = body.as_object_mut().and_then(|o| o.remove("lang"));
    match given {
        // `"lang": null` is no language given, as the OpenAPI document's optional field says.
        None | Some(serde_json::Value::Null) => answer_lang(headers, None),
        Some(serde_json::Value::String(code)) => answer_lang(headers, Some(&code)),
        Some(other) => answer_lang(headers, Some(&other.to_string())),
    }
}

/// Melds as JSON: a list of melds, each a list of cards or one string, or one string with `|`
/// (or `;`, a new line) between melds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MeldsInput {
    List(Vec<CardsInput>),
    Text(String),
}

impl MeldsInput {
    /// The melds with their declared wild cards (`JK=JH`, docs/RULES.md section 1), or the
    /// card error naming the meld (`unknown card "11H" in meld 2`).
    pub fn parse_pinned(&self) -> Result<PinnedMelds, CardError> {
        match self {
            MeldsInput::Text(text) => cards::parse_pinned_melds(text),
            MeldsInput::List(melds) => {
                let melds: Vec<Vec<String>> = melds.iter().map(CardsInput::tokens).collect();
                cards::parse_pinned_meld_lists(&melds)
            }
        }
    }
}

impl<'de> Deserialize<'de> for MeldsInput {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MeldsVisitor;

        impl<'de> Visitor<'de> for MeldsVisitor {
            type Value = MeldsInput;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "a list of melds like [[\"3H\", \"4H\", \"5H\"], [\"9C\", \"9D\", \"9S\"]] \
                     or one string like \"3H 4H 5H | 9C 9D 9S\"",
                )
            }

            fn visit_str<E: de::Error>(self, s: &str) -> Result<MeldsInput, E> {
                Ok(MeldsInput::Text(s.to_owned()))
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<MeldsInput, A::Error> {
                let mut melds = Vec::new();
                while let Some(meld) = seq.next_element::<CardsInput>()? {
                    melds.push(meld);
                }
                Ok(MeldsInput::List(melds))
            }
        }

        deserializer.deserialize_any(MeldsVisitor)
    }
}

pub use crate::web::rule_definition::{RawOptions, rule_set};

/// The round to check or solve: round `n` of the rule set, or for Rommé (no contracts) the
/// opening. Missing or out-of-range rounds are 422 sentences.
fn round_spec(rs: &RuleSet, round: Option<i64>, lang: Lang) -> Result<RoundSpec> {
    let round = match round.map(usize::try_from) {
        None => None,
        Some(Ok(n)) => Some(n),
        Some(Err(_)) => {
            return Err(invalid(
                crate::text::rules::RoundErrorMsg::BelowOne
                    .fill(lang, &[("n", &round.unwrap_or_default())]),
            ));
        }
    };
    rs.round_for_check(round).map_err(|e| invalid(e.say(lang)))
}

fn card_error(error: CardError, lang: Lang) -> AppError {
    invalid(error.clause(lang))
}

/// The question of `POST /api/v1/check`: are these melds a legal contract meld?
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckBody {
    /// Rule-set id (`GET /api/v1/rules`), e.g. `contract`.
    pub rules: String,
    /// The round (from 1); left out for `rommee` (its opening) and where the rule set has
    /// one round.
    #[serde(default)]
    pub round: Option<i64>,
    /// The melds; for a round that goes out all at once, the whole hand. A wild card may be
    /// declared as the card it stands for: `JK=JH`, `2C=5H` (Added 2026-11-24).
    #[schema(value_type = crate::web::schema::Melds)]
    pub melds: MeldsInput,
    /// Going out (Added 2026-11-27): the cards kept in hand. With it the melds are checked
    /// as a going out, every meld laid down at once: each a legal set or run, no opening
    /// minimum, and the cards kept worth at most the rule set's `go_out_left_max` points
    /// (Wiener Rommé: 9; 0 elsewhere, so nothing may be kept). `[]` or `""`: nothing kept.
    #[serde(default)]
    #[schema(value_type = Option<crate::web::schema::Cards>)]
    pub left: Option<CardsInput>,
    #[serde(default)]
    #[schema(value_type = crate::web::schema::Options)]
    pub options: RawOptions,
    /// The language of the answer's sentences: `en` or `de` (Added 2026-11-24).
    #[serde(default)]
    #[schema(value_type = Option<crate::web::schema::Lang>)]
    pub lang: Option<String>,
}

/// A check, parsed: the rule set, the round and the melds.
#[derive(Debug)]
pub struct CheckRequest {
    /// The language of the answer's sentences.
    pub lang: Lang,
    pub rules: RuleSet,
    pub round: RoundSpec,
    /// The melds, with their declared wild cards.
    pub melds: PinnedMelds,
    /// Going out: the cards kept in hand.
    pub left: Option<Vec<Card>>,
}

impl TryFrom<(CheckBody, &HeaderMap)> for CheckRequest {
    type Error = AppError;

    fn try_from((body, headers): (CheckBody, &HeaderMap)) -> Result<Self> {
        let lang = answer_lang(headers, body.lang.as_deref())?;
        let rules = rule_set(&body.rules, &body.options, lang)?;
        let round = round_spec(&rules, body.round, lang)?;
        let melds = body.melds.parse_pinned().map_err(|e| card_error(e, lang))?;
        let left = match body.left {
            Some(left) => Some(
                left.parse_hand()
                    .map_err(|e| card_error(e, lang))?
                    .unwrap_or_default(),
            ),
            None => None,
        };
        Ok(CheckRequest {
            lang,
            rules,
            round,
            melds,
            left,
        })
    }
}

/// The question of `POST /api/v1/solve`: can this hand make the round's contract?
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SolveBody {
    /// Rule-set id (`GET /api/v1/rules`), e.g. `contract`.
    pub rules: String,
    /// The round (from 1); left out for `rommee` (its opening) and where the rule set has
    /// one round.
    #[serde(default)]
    pub round: Option<i64>,
    /// The hand, at most 30 cards (`rules::solver::MAX_HAND`; more is a 422 before any
    /// search).
    #[schema(value_type = crate::web::schema::Cards)]
    pub hand: CardsInput,
    #[serde(default)]
    #[schema(value_type = crate::web::schema::Options)]
    pub options: RawOptions,
    /// The language of the answer's sentences: `en` or `de` (Added 2026-11-24).
    #[serde(default)]
    #[schema(value_type = Option<crate::web::schema::Lang>)]
    pub lang: Option<String>,
    /// `rommee` only: find the most valuable opening the hand holds, not the first one worth
    /// the minimum (the default, and faster). Any other rule set: 422 (Added 2026-11-24).
    #[serde(default)]
    pub best: bool,
    /// Going out (Added 2026-11-27): melds to lay down at once that leave cards worth at
    /// most the rule set's `go_out_left_max` points in hand (Wiener Rommé: 9; 0 elsewhere,
    /// every card melded), found by an exact search; `leftover` is what stays in hand.
    #[serde(default)]
    pub go_out: bool,
}

/// A solve, parsed: the rule set, the round and the hand.
#[derive(Debug)]
pub struct SolveRequest {
    /// The language of the answer's sentences.
    pub lang: Lang,
    pub rules: RuleSet,
    pub round: RoundSpec,
    pub hand: Vec<Card>,
    /// Rommé: the most valuable opening.
    pub best: bool,
    /// Melds to go out with, keeping at most `go_out_left_max` points.
    pub go_out: bool,
}

impl TryFrom<(SolveBody, &HeaderMap)> for SolveRequest {
    type Error = AppError;

    fn try_from((body, headers): (SolveBody, &HeaderMap)) -> Result<Self> {
        let lang = answer_lang(headers, body.lang.as_deref())?;
        let rules = rule_set(&body.rules, &body.options, lang)?;
        let round = round_spec(&rules, body.round, lang)?;
        if body.best && rules.opening_points.is_none() {
            return Err(AppError::Unprocessable(
                ApiMsg::BestWithoutOpening.fill(lang, &[("rules", &rules.info.id)]),
            ));
        }
        if body.best && body.go_out {
            return Err(invalid(ApiMsg::BestWhileGoingOut.text(lang)));
        }
        let hand = body
            .hand
            .parse_hand()
            .map_err(|e| card_error(e, lang))?
            .unwrap_or_default();
        Ok(SolveRequest {
            lang,
            rules,
            round,
            hand,
            best: body.best,
            go_out: body.go_out,
        })
    }
}

/// The question of `POST /api/v1/fit`: does this card fit on this meld on the table (Added
/// 2026-11-24)?
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FitBody {
    /// Rule-set id (`GET /api/v1/rules`), e.g. `liverpool`.
    pub rules: String,
    /// The meld on the table, its wild cards declared where they lie: `"5H 6H 7H JK=8H"` or
    /// `["5H", "6H", "7H", "JK=8H"]`.
    #[schema(value_type = crate::web::schema::Cards)]
    pub meld: CardsInput,
    /// The one card to lay off, a wild card declared where it is laid: `"8H"`, `"JK=9H"`.
    #[schema(value_type = crate::web::schema::Cards)]
    pub card: CardsInput,
    #[serde(default)]
    #[schema(value_type = crate::web::schema::Options)]
    pub options: RawOptions,
    /// The language of the answer's sentences: `en` or `de`.
    #[serde(default)]
    #[schema(value_type = Option<crate::web::schema::Lang>)]
    pub lang: Option<String>,
}

/// A fit question, parsed: the rule set, the meld with its declarations, the card.
#[derive(Debug)]
pub struct FitRequest {
    /// The language of the answer's sentences.
    pub lang: Lang,
    pub rules: RuleSet,
    pub meld: Vec<Card>,
    /// What each card of `meld` is declared as.
    pub pins: cards::Pins,
    pub card: Card,
    /// What the laid card is declared as (a wild card laid as `JK=9H`).
    pub declared: Option<Card>,
}

impl TryFrom<(FitBody, &HeaderMap)> for FitRequest {
    type Error = AppError;

    fn try_from((body, headers): (FitBody, &HeaderMap)) -> Result<Self> {
        let lang = answer_lang(headers, body.lang.as_deref())?;
        let rules = rule_set(&body.rules, &body.options, lang)?;
        let Some((meld, pins)) = body.meld.parse_pinned().map_err(|e| card_error(e, lang))? else {
            return Err(invalid(ApiMsg::FitNoMeld.text(lang)));
        };
        let laid = body
            .card
            .parse_pinned()
            .map_err(|e| card_error(e, lang))?
            .unwrap_or_default();
        let (card, declared) = match laid {
            (cards, pins) if cards.len() == 1 => (cards[0], pins[0]),
            (cards, _) => {
                return Err(invalid(
                    ApiMsg::FitOneCard.fill(lang, &[("given", &cards.len())]),
                ));
            }
        };
        Ok(FitRequest {
            lang,
            rules,
            meld,
            pins,
            card,
            declared,
        })
    }
}

/// The question of `POST /api/v1/score`: what are these cards left in hand worth?
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ScoreBody {
    /// Rule-set id (`GET /api/v1/rules`), e.g. `contract`.
    pub rules: String,
    /// The cards left in hand.
    #[schema(value_type = crate::web::schema::Cards)]
    pub cards: CardsInput,
    #[serde(default)]
    #[schema(value_type = crate::web::schema::Options)]
    pub options: RawOptions,
    /// The language of the answer's sentences: `en` or `de` (Added 2026-11-24).
    #[serde(default)]
    #[schema(value_type = Option<crate::web::schema::Lang>)]
    pub lang: Option<String>,
}

/// A score, parsed: the rule set and the cards left in hand.
#[derive(Debug)]
pub struct ScoreRequest {
    /// The language of the answer's sentences.
    pub lang: Lang,
    pub rules: RuleSet,
    pub cards: Vec<Card>,
}

impl TryFrom<(ScoreBody, &HeaderMap)> for ScoreRequest {
    type Error = AppError;

    fn try_from((body, headers): (ScoreBody, &HeaderMap)) -> Result<Self> {
        let lang = answer_lang(headers, body.lang.as_deref())?;
        let rules = rule_set(&body.rules, &body.options, lang)?;
        // A declared wild card (`JK=7H`) scores as the wild card it is (docs/RULES.md
        // section 5); declaring a card that is not wild in this game is refused.
        let (cards, pins) = body
            .cards
            .parse_pinned()
            .map_err(|e| card_error(e, lang))?
            .unwrap_or_default();
        if let Some(card) = declared_not_wild(&rules, &cards, &pins) {
            return Err(invalid(
                crate::text::check::NoFitMsg::NotWild.fill(lang, &[("card", &card.display(lang))]),
            ));
        }
        Ok(ScoreRequest { lang, rules, cards })
    }
}

/// The first card declared as another one that is not wild under the rule set (a 2 where
/// 2s are not wild), if any.
pub fn declared_not_wild(rules: &RuleSet, cards: &[Card], pins: &[Option<Card>]) -> Option<Card> {
    cards
        .iter()
        .zip(pins)
        .find(|(c, p)| p.is_some() && !rules.meld.is_wild(**c))
        .map(|(c, _)| *c)
}

/// One `continental` hand as sent: the winner by name.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct HandBody {
    /// The winner's name (one of `players`).
    pub winner: String,
    #[serde(default)]
    pub jokers: u32,
    #[serde(default)]
    pub first_turn: bool,
    #[serde(default)]
    pub second_turn: bool,
    #[serde(default)]
    pub one_suit: bool,
    #[serde(default)]
    pub no_wilds: bool,
}

/// The question of `POST /api/v1/settle`: who pays whom at the end?
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SettleBody {
    /// Rule-set id (`GET /api/v1/rules`), e.g. `contract`.
    pub rules: String,
    /// Names in seating order.
    pub players: Vec<String>,
    /// Final totals per player, in the order of `players` (not `continental`).
    #[serde(default)]
    pub totals: Option<Vec<i64>>,
    /// Money per point (points schemes).
    #[serde(default)]
    pub cents_per_point: Option<i64>,
    /// How many points `cents_per_point` buys (points schemes; missing: 1).
    #[serde(default)]
    pub points_per_cent: Option<i64>,
    /// `progressive`: buys per player over the game.
    #[serde(default)]
    pub buys: Option<Vec<i64>>,
    /// `continental`: every hand played.
    #[serde(default)]
    pub hands: Option<Vec<HandBody>>,
    /// `continental`: money per unit.
    #[serde(default)]
    pub cents_per_unit: Option<i64>,
    #[serde(default)]
    #[schema(value_type = crate::web::schema::Options)]
    pub options: RawOptions,
    /// The language of the answer's sentences: `en` or `de` (Added 2026-11-24).
    #[serde(default)]
    #[schema(value_type = Option<crate::web::schema::Lang>)]
    pub lang: Option<String>,
}

/// A settlement, parsed: the rule set, the players' names (trimmed, in seating order) and
/// what the rule set's scheme settles from.
#[derive(Debug)]
pub struct SettleRequest {
    /// The language of the answer's sentences.
    pub lang: Lang,
    pub rules: RuleSet,
    pub players: Vec<String>,
    pub input: MoneyInput,
}

impl TryFrom<(SettleBody, &HeaderMap)> for SettleRequest {
    type Error = AppError;

    fn try_from((body, headers): (SettleBody, &HeaderMap)) -> Result<Self> {
        let lang = answer_lang(headers, body.lang.as_deref())?;
        let rules = rule_set(&body.rules, &body.options, lang)?;
        let players = player_names(&rules, &body.players, lang)?;
        let count = players.len();
        let scheme = crate::text::settlement::scheme_in_sentence(rules.scheme, lang);
        let name = crate::text::rules::rules_name_in(rules.info.id, lang);
        let not_used = |field: &str, instead: &[&str]| {
            let instead = crate::text::settlement::fields_in_sentence(instead, lang);
            invalid(ApiMsg::NotUsed.fill(
                lang,
                &[
                    ("field", &field),
                    ("rules", &name),
                    ("scheme", &scheme),
                    ("instead", &instead),
                ],
            ))
        };
        let missing = |field: &str| {
            invalid(ApiMsg::Missing.fill(
                lang,
                &[("field", &field), ("rules", &name), ("scheme", &scheme)],
            ))
        };
        let per_player = |list: Vec<i64>, what: PlayerList| {
            if list.len() == count {
                Ok(list)
            } else {
                Err(invalid(
                    SettleError::LengthMismatch {
                        players: count,
                        given: list.len(),
                        what,
                    }
                    .say(lang),
                ))
            }
        };
        let mut input = MoneyInput::default();
        match rules.scheme {
            Scheme::Units => {
                if body.totals.is_some() {
                    return Err(not_used("totals", &["hands", "cents_per_unit"]));
                }
                if body.cents_per_point.is_some() {
                    return Err(not_used("cents_per_point", &["cents_per_unit"]));
                }
                if body.buys.is_some() {
                    return Err(not_used("buys", &["hands", "cents_per_unit"]));
                }
                if body.points_per_cent.is_some() {
                    return Err(not_used("points_per_cent", &["hands", "cents_per_unit"]));
                }
                let hands = body.hands.ok_or_else(|| missing("hands"))?;
                if hands.len() > MAX_HANDS {
                    return Err(invalid(
                        ApiMsg::TooManyHands
                            .fill(lang, &[("given", &hands.len()), ("max", &MAX_HANDS)]),
                    ));
                }
                input.hands = hands
                    .into_iter()
                    .enumerate()
                    .map(|(i, hand)| continental_hand(&players, i + 1, hand, lang))
                    .collect::<Result<_, _>>()?;
                input.cents = body
                    .cents_per_unit
                    .ok_or_else(|| missing("cents_per_unit"))?;
            }
            Scheme::Places => {
                if body.hands.is_some() {
                    return Err(not_used("hands", &["totals", "buys"]));
                }
                if body.cents_per_unit.is_some() {
                    return Err(not_used("cents_per_unit", &["totals", "buys"]));
                }
                if body.points_per_cent.is_some() {
                    return Err(not_used("points_per_cent", &["totals", "buys"]));
                }
                if body.cents_per_point.is_some() {
                    return Err(not_used("cents_per_point", &["totals", "buys"]));
                }
                let totals = body.totals.ok_or_else(|| missing("totals"))?;
                input.totals = per_player(totals, PlayerList::Totals)?;
                if let Some(buys) = body.buys {
                    input.buys = per_player(buys, PlayerList::BuyCounts)?;
                }
            }
            Scheme::LowestCollects | Scheme::Pairwise => {
                if body.hands.is_some() {
                    return Err(not_used("hands", &["totals", "cents_per_point"]));
                }
                if body.buys.is_some() {
                    return Err(not_used("buys", &["totals", "cents_per_point"]));
                }
                if body.cents_per_unit.is_some() {
                    return Err(not_used("cents_per_unit", &["cents_per_point"]));
                }
                let totals = body.totals.ok_or_else(|| missing("totals"))?;
                input.totals = per_player(totals, PlayerList::Totals)?;
                // "A cent per 10 points" is `points_per_cent` alone: the cent is then 1.
                input.cents = match (body.cents_per_point, body.points_per_cent) {
                    (Some(cents), _) => cents,
                    (None, Some(_)) => 1,
                    (None, None) => return Err(missing("cents_per_point")),
                };
                input.points_per_cent = body.points_per_cent.unwrap_or(1);
                if !(1..=MAX_POINTS_PER_CENT).contains(&input.points_per_cent) {
                    return Err(invalid(
                        SettleError::PointsPerCent {
                            per_points: input.points_per_cent,
                        }
                        .say(lang),
                    ));
                }
            }
        }
        Ok(SettleRequest {
            lang,
            rules,
            players,
            input,
        })
    }
}

/// Player names: trimmed, not empty, not too long, unique (ignoring case), as many as the
/// rule set is played by.
fn player_names(rules: &RuleSet, given: &[String], lang: Lang) -> Result<Vec<String>> {
    let info = &rules.info;
    if !rules.players_ok(given.len()) {
        return Err(invalid(ApiMsg::PlayerCount.fill(
            lang,
            &[
                ("rules", &preset_name(info, lang)),
                ("min", &info.min_players),
                ("max", &info.max_players),
                ("given", &given.len()),
            ],
        )));
    }
    let mut seen = HashSet::new();
    given
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let name = check_name(name).map_err(|problem| {
                let seat = i + 1;
                invalid(match problem {
                    NameProblem::Empty => ApiMsg::NoName.fill(lang, &[("seat", &seat)]),
                    NameProblem::TooLong => {
                        ApiMsg::NameTooLong.fill(lang, &[("seat", &seat), ("max", &MAX_NAME_CHARS)])
                    }
                    NameProblem::HasControl => {
                        ApiMsg::NameHasControl.fill(lang, &[("seat", &seat)])
                    }
                    NameProblem::HasInvisible => GameError::NameHasInvisible { seat }.message(lang),
                })
            })?;
            if !seen.insert(name_key(&name)) {
                return Err(invalid(ApiMsg::NameTwice.fill(lang, &[("name", &name)])));
            }
            Ok(name)
        })
        .collect()
}

/// A `continental` hand with its winner looked up by name (ignoring case and spaces).
fn continental_hand(
    players: &[String],
    number: usize,
    hand: HandBody,
    lang: Lang,
) -> Result<ContinentalHand> {
    let wanted = name_key(&hand.winner);
    let winner = players
        .iter()
        .position(|p| name_key(p) == wanted)
        .ok_or_else(|| {
            invalid(
                ApiMsg::UnknownWinner.fill(lang, &[("number", &number), ("winner", &hand.winner)]),
            )
        })?;
    Ok(ContinentalHand {
        winner,
        jokers: hand.jokers,
        first_turn: hand.first_turn,
        second_turn: hand.second_turn,
        one_suit: hand.one_suit,
        no_wilds: hand.no_wilds,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::OptionValue;

    fn message(error: AppError) -> String {
        assert!(matches!(error, AppError::Unprocessable(_)), "{error:?}");
        error.to_string()
    }

    #[test]
    fn melds_are_read_from_lists_strings_or_one_string_with_bars() {
        let lists: MeldsInput =
            serde_json::from_str(r#"[["3H","4H","5H","6H"], ["8H","9H","10H","JH"]]"#).unwrap();
        let strings: MeldsInput =
            serde_json::from_str(r#"["3H 4H 5H 6H", "8H 9H 10H JH"]"#).unwrap();
        let text: MeldsInput = serde_json::from_str(r#""3H 4H 5H 6H | 8H 9H 10H JH""#).unwrap();
        assert_eq!(lists.parse_pinned().unwrap(), text.parse_pinned().unwrap());
        assert_eq!(
            strings.parse_pinned().unwrap(),
            text.parse_pinned().unwrap()
        );
        let bad: MeldsInput = serde_json::from_str(r#"[["3H"], ["8H", "11H"]]"#).unwrap();
        assert_eq!(
            bad.parse_pinned().unwrap_err().to_string(),
            "unknown card \"11H\" in meld 2"
        );
        let empty: MeldsInput = serde_json::from_str(r#"[["3H"], []]"#).unwrap();
        assert_eq!(
            empty.parse_pinned().unwrap_err().to_string(),
            "meld 2 is empty"
        );
    }

    #[test]
    fn option_values_of_every_type_reach_the_rule_set() {
        let options: RawOptions = serde_json::from_str(
            r#"{"payouts": [0, 3, 6, 9], "kitty_split": "two-thirds", "buy_cents": 5, "ace": "wrap"}"#,
        )
        .unwrap();
        let rs = rule_set("progressive", &options, Lang::En).unwrap();
        assert_eq!(rs.options["payouts"], OptionValue::List(vec![0, 3, 6, 9]));
        assert_eq!(rs.options["buy_cents"], OptionValue::Int(5));
    }

    #[test]
    fn an_option_value_of_no_option_type_is_named_with_what_the_option_takes() {
        let options: RawOptions = serde_json::from_str(r#"{"joker_points": 2.5}"#).unwrap();
        assert_eq!(
            message(rule_set("shanghai", &options, Lang::En).unwrap_err()),
            "option \"joker_points\" is a whole number from 0 to 500, not 2.5"
        );
        let options: RawOptions = serde_json::from_str(r#"{"jokerz": null}"#).unwrap();
        assert!(
            message(rule_set("contract", &options, Lang::En).unwrap_err())
                .starts_with("unknown option \"jokerz\" for contract")
        );
    }

    #[test]
    fn rounds_below_one_are_out_of_range() {
        let rs = RuleSet::preset("contract").unwrap();
        assert_eq!(
            message(round_spec(&rs, Some(-1), Lang::En).unwrap_err()),
            "round -1 is out of range: rounds are numbered from 1"
        );
        assert_eq!(
            message(round_spec(&rs, Some(0), Lang::En).unwrap_err()),
            "round 0 is out of range: Contract Rummy has rounds 1 to 7"
        );
    }

    #[test]
    fn player_names_are_trimmed_and_must_differ_ignoring_case() {
        let rs = RuleSet::preset("rommee").unwrap();
        let names = |list: &[&str]| {
            player_names(
                &rs,
                &list.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
                Lang::En,
            )
        };
        assert_eq!(names(&[" Ann ", "Ben"]).unwrap(), ["Ann", "Ben"]);
        assert_eq!(
            message(names(&["Ann", "ann"]).unwrap_err()),
            "the name \"ann\" is given twice; every player needs a different name"
        );
        assert_eq!(
            message(names(&["Ann", "  "]).unwrap_err()),
            "player 2 has no name"
        );
        assert_eq!(
            message(names(&["Ann"]).unwrap_err()),
            "German Rommé is played by 2 to 6 players, not 1"
        );
    }

    #[test]
    fn player_names_that_look_the_same_are_refused() {
        let rs = RuleSet::preset("rommee").unwrap();
        let names = |list: &[&str]| {
            player_names(
                &rs,
                &list.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
                Lang::En,
            )
        };
        let invisible = message(names(&["Ann", "Ann\u{200B}"]).unwrap_err());
        assert!(invisible.contains("player 2"), "{invisible}");
        assert!(invisible.contains("invisible"), "{invisible}");
        assert!(message(names(&["\u{202E}nnA", "Ben"]).unwrap_err()).contains("invisible"));
        assert_eq!(
            message(names(&["\u{00C1}nn", "A\u{0301}NN"]).unwrap_err()),
            "the name \"\u{00C1}NN\" is given twice; every player needs a different name"
        );
        // Names come back composed.
        assert_eq!(
            names(&["A\u{0301}nn", "Ben"]).unwrap(),
            ["\u{00C1}nn", "Ben"]
        );
    }
}
