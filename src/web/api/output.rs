//! Answers of the JSON API: the shapes of `docs/API.md`, built from the domain's results.
//!
//! Serialisation only; every verdict and number comes from `rules`.

use serde::Serialize;
use utoipa::ToSchema;

use crate::rules::cards::{Card, Rank, Suit};
use crate::rules::check::{CheckResult, Problem, opening_value};
use crate::rules::layoff::{Fit, NoFit, meld_after};
use crate::rules::meld::{MeldKind, Reading};
use crate::rules::pins;
use crate::rules::ruleset::{Requirement, RoundSpec, RuleSet};
use crate::rules::settlement::Settlement;
use crate::rules::solver::Solution;
use crate::text::Lang;

/// One wild card and the card it stands for: `{"card": "JK", "as": "5H"}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct WildJson {
    #[schema(value_type = crate::web::schema::Card)]
    pub card: Card,
    #[serde(rename = "as")]
    #[schema(value_type = crate::web::schema::Card)]
    pub stands_for: Card,
    /// Whether the request declared it (`JK=JH`); else the checker chose what it stands for
    /// (Added 2026-11-24).
    pub declared: bool,
}

/// A meld with the reading the checker used; `kind` is null where the cards are no meld.
#[derive(Debug, Serialize, ToSchema)]
pub struct MeldJson {
    #[schema(value_type = Vec<crate::web::schema::Card>)]
    pub cards: Vec<Card>,
    /// Null where the cards are no meld at all.
    #[schema(value_type = Option<crate::web::schema::MeldKind>)]
    pub kind: Option<MeldKind>,
    /// A set's rank.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::web::schema::Rank>)]
    pub rank: Option<Rank>,
    /// A run's suit.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::web::schema::Suit>)]
    pub suit: Option<Suit>,
    /// A run's lowest rank.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::web::schema::Rank>)]
    pub from: Option<Rank>,
    /// A run's highest rank.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::web::schema::Rank>)]
    pub to: Option<Rank>,
    pub wilds: Vec<WildJson>,
    /// The meld in the card notation with its declared wild cards, as the request wrote
    /// them: `JK=JH QH KH` (Added 2026-11-24).
    pub notation: String,
    /// Other readings of a meld with undeclared wild cards that differ in what matters (kind,
    /// rank, suit or ends), e.g. `JK QH KH` read as Q-K-A could be J-Q-K; empty when there is
    /// one reading or every wild is declared. Declaring the wild (`JK=JH`) picks one (Added
    /// 2026-11-24).
    pub alternatives: Vec<ReadingJson>,
    /// Which requirement of the contract the reading fills, where the contract's
    /// requirements differ (Progressive's "1 set of 3 and 1 run of 4", Continental's
    /// shapes); left out where they are all alike, for Rommé, and where the meld fills none
    /// (Added 2026-11-24).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fills: Option<FillsJson>,
}

/// A contract requirement a reading fills: `{"kind": "run", "min": 7}` (Added 2026-11-24).
#[derive(Debug, Serialize, ToSchema)]
pub struct FillsJson {
    #[schema(value_type = crate::web::schema::MeldKind)]
    pub kind: MeldKind,
    /// The requirement's shortest length (a pair: 2).
    pub min: u8,
}

impl FillsJson {
    fn new(req: Option<Requirement>) -> Option<Self> {
        req.map(|r| Self {
            kind: r.kind,
            min: r.min,
        })
    }
}

/// Another way to read a meld: as `MeldJson`'s reading fields, and for `rommee` its opening
/// value (Added 2026-11-24).
#[derive(Debug, Serialize, ToSchema)]
pub struct ReadingJson {
    #[schema(value_type = crate::web::schema::MeldKind)]
    pub kind: MeldKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::web::schema::Rank>)]
    pub rank: Option<Rank>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::web::schema::Suit>)]
    pub suit: Option<Suit>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::web::schema::Rank>)]
    pub from: Option<Rank>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::web::schema::Rank>)]
    pub to: Option<Rank>,
    pub wilds: Vec<WildJson>,
    /// `rommee`: the opening value of the meld read this way.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
    /// Which requirement of the contract the meld read this way would fill, where the
    /// contract's requirements differ; left out where they are alike or it would fill none
    /// (Added 2026-11-24).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fills: Option<FillsJson>,
}

/// A reading's kind-specific data as the JSON's flat fields: a set's or a pair's `rank`, a
/// run's `suit`, `from` and `to`.
fn flat_fields(reading: &Reading) -> (Option<Rank>, Option<Suit>, Option<Rank>, Option<Rank>) {
    match *reading {
        Reading::Set { rank, .. } | Reading::Pair { rank, .. } => (Some(rank), None, None, None),
        Reading::Run { suit, from, to, .. } => (None, Some(suit), Some(from), Some(to)),
    }
}

impl ReadingJson {
    fn new(reading: &Reading, opening: bool, fills: Option<Requirement>) -> Self {
        let (rank, suit, from, to) = flat_fields(reading);
        Self {
            fills: FillsJson::new(fills),
            kind: reading.kind(),
            rank,
            suit,
            from,
            to,
            wilds: reading
                .wilds()
                .iter()
                .map(|&(card, stands_for)| WildJson {
                    card,
                    stands_for,
                    declared: false,
                })
                .collect(),
            points: opening.then(|| opening_value(reading)),
        }
    }
}

impl MeldJson {
    fn new(
        cards: Vec<Card>,
        pins: &[Option<Card>],
        reading: Option<&Reading>,
        (rules, round): (&RuleSet, &RoundSpec),
        held: Option<Requirement>,
    ) -> Self {
        let opening = rules.opening_points.is_some();
        let alternatives = reading
            .map(|used| {
                pins::alternatives(&rules.meld, &cards, pins, used)
                    .iter()
                    .map(|r| {
                        let fills = pins::alternative_fills(round, r, used, held);
                        ReadingJson::new(r, opening, fills)
                    })
                    .collect()
            })
            .unwrap_or_default();
        // A declared wild is in the reading as (card, declared); match them one by one.
        let mut declared: Vec<(Card, Card)> = cards
            .iter()
            .zip(pins)
            .filter_map(|(&c, p)| p.map(|p| (c, p)))
            .collect();
        let (rank, suit, from, to) = reading.map_or((None, None, None, None), flat_fields);
        Self {
            alternatives,
            fills: FillsJson::new(reading.and_then(|_| pins::used_fills(round, held))),
            notation: crate::rules::cards::format_pinned(&cards, pins),
            cards,
            kind: reading.map(Reading::kind),
            rank,
            suit,
            from,
            to,
            wilds: reading
                .map(|r| {
                    r.wilds()
                        .iter()
                        .map(|&(card, stands_for)| {
                            let at = declared.iter().position(|&d| d == (card, stands_for));
                            WildJson {
                                card,
                                stands_for,
                                declared: at.map(|i| declared.swap_remove(i)).is_some(),
                            }
                        })
                        .collect()
                })
                .unwrap_or_default(),
        }
    }
}

/// A problem: its code and parameters (the fields of [`Problem`]) plus its `message` in the
/// answer's language.
pub fn problem_json(problem: &Problem, lang: Lang) -> serde_json::Value {
    let mut value = serde_json::to_value(problem).unwrap_or_else(|error| {
        // Problem's fields are plain data; this cannot fail, but never lose the problem.
        tracing::error!(%error, "cannot serialise a problem");
        serde_json::json!({ "code": problem.code() })
    });
    if let Some(object) = value.as_object_mut() {
        object.insert("message".into(), problem.message(lang).into());
    }
    value
}

/// The answer of `POST /api/v1/check`.
#[derive(Debug, Serialize, ToSchema)]
pub struct CheckAnswer {
    pub ok: bool,
    /// Rommé: the opening value of the melds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
    /// The round's contract in words; null for Rommé (no contracts).
    pub contract: Option<String>,
    pub melds: Vec<MeldJson>,
    /// Every reason the melds are not legal; empty when `ok`.
    #[schema(value_type = Vec<crate::web::schema::Problem>)]
    pub problems: Vec<serde_json::Value>,
}

impl CheckAnswer {
    /// The answer for a check, its problems' messages in `lang` (the contract in English, as
    /// every `contract` of the API).
    pub fn new(result: CheckResult, (rules, round): (&RuleSet, &RoundSpec), lang: Lang) -> Self {
        Self {
            ok: result.ok,
            points: result.points,
            contract: result.contract.map(|c| c.describe(Lang::En)),
            melds: result
                .melds
                .into_iter()
                .enumerate()
                .map(|(i, (cards, reading))| {
                    let pins = result.pins.get(i).map_or(&[][..], Vec::as_slice);
                    let held = result.held.get(i).copied().flatten();
                    MeldJson::new(cards, pins, reading.as_ref(), (rules, round), held)
                })
                .collect(),
            problems: result
                .problems
                .iter()
                .map(|p| problem_json(p, lang))
                .collect(),
        }
    }
}

/// The answer of `POST /api/v1/solve`: `{"ok": false}` or the melds and the cards left over.
#[derive(Debug, Serialize, ToSchema)]
pub struct SolveAnswer {
    pub ok: bool,
    /// The round's contract in words; null for Rommé (no contracts).
    pub contract: Option<String>,
    /// The melds found (when `ok`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Vec<crate::web::schema::Card>>>)]
    pub melds: Option<Vec<Vec<Card>>>,
    /// The cards of the hand in no meld (when `ok`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<crate::web::schema::Card>>)]
    pub leftover: Option<Vec<Card>>,
    /// Rommé: the opening value of the melds found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
    /// Each meld found in the card notation with every wild card declared as what it stands
    /// for (`JK=7H`), as `/check` takes it and prints it back (when `ok`; Added 2026-11-24).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notation: Option<Vec<String>>,
}

impl SolveAnswer {
    /// The answer for a solver result; `points` is the Rommé opening value of the melds
    /// found (as the checker counts it).
    pub fn new(contract: Option<String>, solution: Option<Solution>, points: Option<u32>) -> Self {
        match solution {
            None => Self {
                ok: false,
                contract,
                melds: None,
                leftover: None,
                points: None,
                notation: None,
            },
            Some(solution) => Self {
                ok: true,
                contract,
                notation: Some(
                    solution
                        .melds
                        .iter()
                        .enumerate()
                        .map(|(i, cards)| {
                            let pins = solution.pins.get(i).map_or(&[][..], Vec::as_slice);
                            crate::rules::cards::format_pinned(cards, pins)
                        })
                        .collect(),
                ),
                melds: Some(solution.melds),
                leftover: Some(solution.leftover),
                points,
            },
        }
    }
}

/// The answer of `POST /api/v1/fit` (Added 2026-11-24): yes (laid off, or a joker swap)
/// or no with its reason, in words as the checker page says it.
#[derive(Debug, Serialize, ToSchema)]
pub struct FitAnswer {
    /// Whether the card fits, laid off or swapped for a wild card.
    pub fits: bool,
    /// How it fits: `lay_off` or `joker_swap`; null for a no.
    #[schema(value_type = Option<String>, example = "joker_swap")]
    pub how: Option<&'static str>,
    /// The answer's headline in the answer's language, e.g. "Yes: 8♥ can replace Joker,
    /// which stands for it."
    pub message: String,
    /// The sentences below the headline: how it fits, or why not.
    pub notes: Vec<String>,
    /// For a no: the reason's stable code, e.g. `not_at_an_end`, `swap_not_allowed`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<&'static str>,
    /// For a no: the reason, its `code` with its parameters and its `message`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub reason: Option<serde_json::Value>,
    /// For a joker swap: the wild card the laid card replaces (the player takes it) and the
    /// card it stood for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub swap: Option<WildJson>,
    /// For a yes: the meld as it reads after, in the card notation, in run order, every
    /// wild card declared as what it stands for (`5H 6H 7H JK=8H`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
    /// For a yes: how the meld reads after.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reading: Option<ReadingJson>,
}

impl FitAnswer {
    /// The answer for [`fit_declared`](crate::rules::layoff::fit_declared)'s result on the
    /// meld and the card, its sentences in `lang`.
    pub fn new(
        rules: &RuleSet,
        (meld, pins): (&[Card], &[Option<Card>]),
        (card, declared): (Card, Option<Card>),
        answer: &Result<Fit, NoFit>,
        lang: Lang,
    ) -> Self {
        let words =
            crate::text::check::fit_words(rules, (meld, pins), (card, declared), answer, lang);
        let mut out = Self {
            fits: answer.is_ok(),
            how: None,
            message: words.headline,
            notes: words.notes,
            code: None,
            reason: None,
            swap: None,
            notation: None,
            reading: None,
        };
        match answer {
            Ok(fit) => {
                let (after, after_pins) = meld_after(&rules.meld, meld, card, fit);
                out.notation = Some(crate::rules::cards::format_pinned(&after, &after_pins));
                // A wild declared on the table (or as it was laid) is `declared` here too.
                let mut given: Vec<(Card, Card)> = meld
                    .iter()
                    .zip(pins)
                    .chain(std::iter::once((&card, &declared)))
                    .filter_map(|(&c, p)| p.map(|p| (c, p)))
                    .collect();
                let reading = match fit {
                    Fit::LayOff(reading) => {
                        out.how = Some("lay_off");
                        reading
                    }
                    Fit::JokerSwap { wild, reading } => {
                        out.how = Some("joker_swap");
                        let at = given.iter().position(|&d| d == (*wild, card));
                        out.swap = Some(WildJson {
                            card: *wild,
                            stands_for: card,
                            declared: at.map(|i| given.swap_remove(i)).is_some(),
                        });
                        reading
                    }
                };
                let mut json = ReadingJson::new(reading, false, None);
                for wild in &mut json.wilds {
                    let at = given
                        .iter()
                        .position(|&d| d == (wild.card, wild.stands_for));
                    wild.declared = at.map(|i| given.swap_remove(i)).is_some();
                }
                out.reading = Some(json);
            }
            Err(no) => {
                out.code = Some(no.code());
                let mut reason = serde_json::to_value(no)
                    .unwrap_or_else(|_| serde_json::json!({ "code": no.code() }));
                if let Some(object) = reason.as_object_mut() {
                    object.insert("message".into(), crate::text::Say::say(no, lang).into());
                }
                out.reason = Some(reason);
            }
        }
        out
    }
}

/// The answer of `POST /api/v1/score`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ScoreAnswer {
    pub points: i64,
}

/// One payment, players by name.
#[derive(Debug, Serialize, ToSchema)]
pub struct TransferJson {
    pub from: String,
    pub to: String,
    pub cents: i64,
}

/// The answer of `POST /api/v1/settle`.
#[derive(Debug, Serialize, ToSchema)]
pub struct SettleAnswer {
    /// Which scheme settled: `lowest-collects`, `pairwise`, `places` or `units`.
    #[schema(value_type = crate::web::schema::Scheme)]
    pub scheme: &'static str,
    /// Each player's gain in cents (negative: loss), in the order of `players`; sums to 0.
    pub net_cents: Vec<i64>,
    pub transfers: Vec<TransferJson>,
    /// Final place per player, 1 = best; tied players share a place.
    pub places: Vec<u32>,
}

impl SettleAnswer {
    /// The answer with player indices replaced by the names in seating order.
    pub fn new(scheme: &'static str, players: &[String], settlement: Settlement) -> Self {
        let name = |i: usize| players.get(i).cloned().unwrap_or_default();
        Self {
            scheme,
            transfers: settlement
                .transfers
                .iter()
                .map(|t| TransferJson {
                    from: name(t.from),
                    to: name(t.to),
                    cents: t.cents,
                })
                .collect(),
            net_cents: settlement.net_cents,
            places: settlement.places,
        }
    }
}
