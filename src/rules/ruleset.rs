//! Rule sets: the ten presets of RULES.md section 4 as data, their options, and what follows
//! from them for a table (rounds, contracts, deal, decks, buys, cut target, penalty table).
//!
//! Pure: std and serde only. Every rule a table can disagree on is an option here, never a
//! special case in a caller.

use super::cards::{Card, Rank};
use super::meld::{AceMode, MeldKind, MeldRules};
use crate::text::Lang;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One meld a contract asks for: a kind and a minimum length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Requirement {
    pub kind: MeldKind,
    pub min: u8,
}

/// A contract: one or more alternative lists of requirements (RULES.md section 3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Contract {
    pub alternatives: Vec<Vec<Requirement>>,
}

fn req(kind: MeldKind, min: u8) -> Requirement {
    Requirement { kind, min }
}

/// Builds a contract from a compact text: `2s3 1r4`, alternatives separated by `/`.
/// `s` set, `r` run, `p` pair; count then kind then minimum length. Panics on a malformed
/// spec: specs are written in this file (and in tests), never taken from input.
pub fn contract(spec: &str) -> Contract {
    let alternatives = spec
        .split('/')
        .map(|alt| {
            let mut reqs = Vec::new();
            for part in alt.split_whitespace() {
                let kind_at = part.find(['s', 'r', 'p']).expect("kind letter");
                let count: usize = part[..kind_at].parse().expect("count");
                let kind = match &part[kind_at..=kind_at] {
                    "s" => MeldKind::Set,
                    "r" => MeldKind::Run,
                    _ => MeldKind::Pair,
                };
                let min: u8 = part[kind_at + 1..].parse().expect("minimum");
                reqs.extend(std::iter::repeat_n(req(kind, min), count));
            }
            reqs
        })
        .collect();
    Contract { alternatives }
}

impl Contract {
    /// Fewest cards any alternative needs.
    pub fn min_cards(&self) -> usize {
        self.alternatives
            .iter()
            .map(|a| a.iter().map(|r| r.min as usize).sum())
            .min()
            .unwrap_or(0)
    }

    /// The contract in words: "1 set of 3 and 1 run of 4", "3 sets of 3 or 3 runs of 4".
    pub fn describe(&self, lang: Lang) -> String {
        let sep = match lang {
            Lang::En => " or ",
            Lang::De => " oder ",
        };
        self.alternatives
            .iter()
            .map(|alt| describe_alternative(alt, lang))
            .collect::<Vec<_>>()
            .join(sep)
    }
}

fn describe_alternative(alt: &[Requirement], lang: Lang) -> String {
    let mut groups: Vec<(Requirement, usize)> = Vec::new();
    for r in alt {
        match groups.last_mut() {
            Some((g, n)) if g == r => *n += 1,
            _ => groups.push((*r, 1)),
        }
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|(r, n)| match lang {
            Lang::En => match r.kind {
                MeldKind::Pair => format!("{n} {}", r.kind.noun(*n > 1)),
                k => format!("{n} {} of {}", k.noun(*n > 1), r.min),
            },
            Lang::De => {
                let noun = r.kind.noun_in(lang, *n > 1);
                match r.kind {
                    MeldKind::Pair => format!("{n} {noun}"),
                    _ => format!("{n} {noun} à {}", r.min),
                }
            }
        })
        .collect();
    let and = match lang {
        Lang::En => " and ",
        Lang::De => " und ",
    };
    parts.join(and)
}

/// Buying / "May I?" in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Buys {
    /// Buying is allowed in this round.
    pub allowed: bool,
    /// Most buys per player in this round (None: no count limit).
    pub limit: Option<u8>,
    /// Stock cards the buyer takes besides the discard.
    pub extra_cards: u8,
}

const NO_BUYS: Buys = Buys {
    allowed: false,
    limit: None,
    extra_cards: 0,
};

/// Everything about one round of a rule set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoundSpec {
    /// 1-based.
    pub number: u8,
    /// The round's contract; `None` where there are no contracts (Rommé).
    pub contract: Option<Contract>,
    /// Cards dealt to each player.
    pub deal: u8,
    /// The contract meld is the whole hand: every card melded at once, no discard.
    pub go_out_all: bool,
    /// The contract meld may hold only the minimum cards.
    pub exact_minimum: bool,
    /// Two same-suit runs of the contract meld may not join end to end.
    pub no_contiguous_runs: bool,
    /// Every run of the contract meld in its own suit.
    pub runs_different_suits: bool,
    /// No two sets of one rank in the contract meld.
    pub no_two_sets_same_rank: bool,
    /// The whole hand has exactly this many cards (Continental: 15).
    pub total_cards: Option<u8>,
    pub buys: Buys,
}

impl RoundSpec {
    /// The contract needs more cards than a player holds without buying: the deal (keeping a
    /// card to discard), or the deal plus the drawn card where the round goes out all at once.
    /// Buys make it possible; the app shows it rather than rejecting it.
    pub fn needs_more_than_dealt(&self) -> bool {
        let holds = self.deal as usize + usize::from(self.go_out_all);
        self.contract
            .as_ref()
            .is_some_and(|c| c.min_cards() > holds)
    }
}

/// How money is settled (RULES.md section 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scheme {
    LowestCollects,
    Pairwise,
    Places,
    Units,
}

impl Scheme {
    /// The option value.
    pub fn id(self) -> &'static str {
        match self {
            Scheme::LowestCollects => "lowest-collects",
            Scheme::Pairwise => "pairwise",
            Scheme::Places => "places",
            Scheme::Units => "units",
        }
    }

    fn from_id(s: &str) -> Option<Scheme> {
        [
            Scheme::LowestCollects,
            Scheme::Pairwise,
            Scheme::Places,
            Scheme::Units,
        ]
        .into_iter()
        .find(|x| x.id() == s)
    }
}

/// Penalty points per card (RULES.md section 4, each preset's "Penalty").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PenaltyTable {
    /// Points by rank, index 0 = ace … 12 = king.
    pub by_rank: [i64; 13],
    pub joker: i64,
    /// A 2 counts this when 2s are wild.
    pub wild_two: Option<i64>,
}

impl PenaltyTable {
    /// Points of one card.
    pub fn points(&self, card: Card) -> i64 {
        match card {
            Card::Joker => self.joker,
            Card::Natural { rank, .. } => match self.wild_two {
                Some(v) if rank == Rank::TWO => v,
                _ => self.by_rank[rank.number() as usize - 1],
            },
        }
    }

    /// Points of cards left in hand.
    pub fn total(&self, cards: &[Card]) -> i64 {
        cards.iter().map(|&c| self.points(c)).sum()
    }
}

/// A value an option can take.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OptionValue {
    Bool(bool),
    Int(i64),
    Text(String),
    List(Vec<i64>),
}

impl std::fmt::Display for OptionValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Int(n) => write!(f, "{n}"),
            OptionValue::Text(s) => f.write_str(s),
            OptionValue::List(l) => write!(
                f,
                "{}",
                l.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
            ),
        }
    }
}

/// What values an option accepts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum OptionKind {
    Bool,
    Int {
        min: i64,
        max: i64,
    },
    Choice {
        values: Vec<String>,
    },
    /// A list of whole numbers (cents), each within 0..=max.
    List {
        max_len: usize,
        max: i64,
    },
}

/// One option of a rule set with its default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OptionSpec {
    pub name: &'static str,
    #[serde(flatten)]
    pub kind: OptionKind,
    pub default: OptionValue,
    pub description: &'static str,
    pub description_de: &'static str,
}

/// Options that could not be applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    #[error(
        "unknown rule set \"{0}\"; known ones are: contract, liverpool, may-i, shanghai, shanghai-powe, shanghai-kolsov, progressive, continental, rommee, hollywood"
    )]
    UnknownRuleSet(String),
    #[error("unknown option \"{name}\" for {rules}; its options are: {known}")]
    Unknown {
        name: String,
        rules: &'static str,
        known: String,
    },
    #[error("option \"{name}\" {expected}, not {got}")]
    BadValue {
        name: String,
        expected: String,
        got: String,
    },
}

/// The identity and fixed facts of a preset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PresetInfo {
    pub id: &'static str,
    pub name: &'static str,
    pub name_de: &'static str,
    pub description: &'static str,
    pub description_de: &'static str,
    pub source: &'static str,
    pub min_players: u8,
    pub max_players: u8,
}

/// Rule-set ids in display order.
pub const PRESET_IDS: [&str; 10] = [
    "contract",
    "liverpool",
    "may-i",
    "shanghai",
    "shanghai-powe",
    "shanghai-kolsov",
    "progressive",
    "continental",
    "rommee",
    "hollywood",
];

/// A rule set: a preset with its options applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleSet {
    pub info: PresetInfo,
    /// Every option with its value (defaults filled in).
    pub options: BTreeMap<String, OptionValue>,
    pub meld: MeldRules,
    pub rounds: Vec<RoundSpec>,
    pub penalty: Option<PenaltyTable>,
    /// Liverpool: points taken off the cutter who hits the target.
    pub cut_bonus: Option<i64>,
    /// Rommé: the first meld must be worth this much.
    pub opening_points: Option<u32>,
    /// Rommé: going out in one turn without having melded before doubles the others' penalties.
    pub hand_rommee: bool,
    /// A round may end with no winner (stock and discards exhausted).
    pub no_winner_allowed: bool,
    /// Rommé: one round per player unless `rounds` is set.
    pub rounds_per_player: bool,
    pub scheme: Scheme,
    /// Settlement schemes a table may choose from.
    pub schemes: Vec<Scheme>,
    /// Higher totals are better (Continental in points mode).
    pub higher_is_better: bool,
    /// A discard that fits a meld on the table may be claimed with a "Shanghai" call
    /// (RULES.md 4 `shanghai`; not in `shanghai-powe`).
    pub shanghai_calls: bool,
    /// Laying off, joker swaps and going out (RULES.md 4), shown to the table.
    pub play: super::play::Play,
    /// Jokers per deck count or fixed total: see [`RuleSet::decks`].
    deck_rule: DeckRule,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DeckRule {
    /// 2 decks + (players - 1) jokers.
    TwoPlusPlayersMinusOne,
    /// One deck per 2 players (rounded up), each with this many jokers.
    PerTwoPlayers { jokers_per_deck: u8 },
    /// Fixed decks and jokers.
    Fixed { decks: u8, jokers: u8 },
    /// Continental: 2-5 players 2 decks, 6-8 three, 9-12 four; one joker per deck.
    Continental,
    /// Hollywood: 2 decks, 3 with more than 4 players; jokers per deck.
    Hollywood { jokers_per_deck: u8 },
}

/// Decks and jokers in play for a player count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Decks {
    pub decks: u8,
    pub jokers: u8,
}

impl Decks {
    /// Cards in all.
    pub fn cards(&self) -> u32 {
        self.decks as u32 * 52 + self.jokers as u32
    }

    /// "2 decks + 3 jokers (107 cards)" / "2 Blätter + 3 Joker (107 Karten)".
    pub fn describe(&self, lang: Lang) -> String {
        match lang {
            Lang::En => format!(
                "{} deck{} + {} joker{} ({} cards)",
                self.decks,
                if self.decks == 1 { "" } else { "s" },
                self.jokers,
                if self.jokers == 1 { "" } else { "s" },
                self.cards()
            ),
            Lang::De => format!(
                "{} Blätter + {} Joker ({} Karten)",
                self.decks,
                self.jokers,
                self.cards()
            ),
        }
    }
}

fn standard_penalty(ace: i64, joker: i64, two: i64) -> PenaltyTable {
    let mut by_rank = [0; 13];
    for (i, v) in by_rank.iter_mut().enumerate() {
        *v = match i + 1 {
            1 => ace,
            2 => two,
            n @ 3..=10 => n as i64,
            _ => 10,
        };
    }
    PenaltyTable {
        by_rank,
        joker,
        wild_two: None,
    }
}

fn opt_bool(name: &'static str, default: bool, en: &'static str, de: &'static str) -> OptionSpec {
    OptionSpec {
        name,
        kind: OptionKind::Bool,
        default: OptionValue::Bool(default),
        description: en,
        description_de: de,
    }
}

fn opt_int(
    name: &'static str,
    min: i64,
    max: i64,
    default: i64,
    en: &'static str,
    de: &'static str,
) -> OptionSpec {
    OptionSpec {
        name,
        kind: OptionKind::Int { min, max },
        default: OptionValue::Int(default),
        description: en,
        description_de: de,
    }
}

fn opt_choice(
    name: &'static str,
    values: &[&str],
    default: &str,
    en: &'static str,
    de: &'static str,
) -> OptionSpec {
    OptionSpec {
        name,
        kind: OptionKind::Choice {
            values: values.iter().map(|s| s.to_string()).collect(),
        },
        default: OptionValue::Text(default.to_string()),
        description: en,
        description_de: de,
    }
}

const ACES: [&str; 3] = ["low-or-high", "high-only", "wrap"];

fn ace_option(default: AceMode) -> OptionSpec {
    opt_choice(
        "ace",
        &ACES,
        default.id(),
        "Where the ace may stand in a run: low-or-high (A-2-3, Q-K-A), high-only, or wrap (Q-K-A-2).",
        "Wo das Ass in einer Folge stehen darf: low-or-high (A-2-3, D-K-A), high-only (nur hoch) oder wrap (um die Ecke: D-K-A-2).",
    )
}

fn jokers_option() -> OptionSpec {
    opt_bool(
        "jokers",
        true,
        "Play with jokers (wild).",
        "Mit Jokern spielen (Joker sind wild).",
    )
}

fn joker_points_option(default: i64) -> OptionSpec {
    opt_int(
        "joker_points",
        0,
        500,
        default,
        "Penalty points of a joker left in hand.",
        "Strafpunkte für einen Joker auf der Hand.",
    )
}

fn settlement_option(values: &[&str], default: &str) -> OptionSpec {
    opt_choice(
        "settlement",
        values,
        default,
        "Money settlement: lowest-collects (the lowest total collects the difference from each player) or pairwise (every pair settles its difference).",
        "Abrechnung: lowest-collects (der Niedrigste kassiert von jedem die Differenz) oder pairwise (jedes Paar rechnet die Differenz ab).",
    )
}

fn exact_minimum_option(default: bool) -> OptionSpec {
    opt_bool(
        "exact_minimum",
        default,
        "The contract meld holds only the minimum cards (sets of 3, runs of 4); extras wait for the next turn.",
        "Die Kontraktmeldung enthält nur die Mindestzahl Karten (Sätze à 3, Folgen à 4); weitere erst im nächsten Zug.",
    )
}

/// The option list of a preset, with defaults (RULES.md section 4).
pub fn option_specs(id: &str) -> Option<Vec<OptionSpec>> {
    let contract_family = |exact: bool, joker_pts: i64| {
        vec![
            jokers_option(),
            joker_points_option(joker_pts),
            ace_option(AceMode::LowOrHigh),
            exact_minimum_option(exact),
            settlement_option(&["lowest-collects", "pairwise"], "lowest-collects"),
        ]
    };
    let shanghai_family = || {
        vec![
            jokers_option(),
            joker_points_option(50),
            ace_option(AceMode::HighOnly),
            opt_int(
                "buy_limit",
                0,
                10,
                2,
                "Most buys (May I) per player per round.",
                "Höchstens so viele Käufe (May I) je Spieler und Runde.",
            ),
            settlement_option(&["lowest-collects", "pairwise"], "lowest-collects"),
        ]
    };
    Some(match id {
        "contract" | "may-i" => {
            contract_family(id == "contract", if id == "may-i" { 25 } else { 15 })
        }
        "liverpool" => {
            let mut v = contract_family(true, 15);
            v.push(opt_int(
                "cut_bonus",
                0,
                500,
                50,
                "Points taken off the cutter who cuts exactly the deal plus the up-card.",
                "Punkte, die dem Abheber abgezogen werden, der genau die ausgeteilten Karten plus die offene Karte abhebt.",
            ));
            v
        }
        "shanghai" | "shanghai-powe" | "shanghai-kolsov" => shanghai_family(),
        "progressive" => vec![
            ace_option(AceMode::LowOrHigh),
            OptionSpec {
                name: "payouts",
                kind: OptionKind::List {
                    max_len: 6,
                    max: 100_000,
                },
                default: OptionValue::List(vec![0, 2, 4, 6, 8, 10]),
                description: "Cents each final place pays (first entry: the winner, who instead receives the sum).",
                description_de: "Cent, die jeder Platz zahlt (erster Eintrag: der Sieger, der stattdessen die Summe erhält).",
            },
            opt_choice(
                "kitty_split",
                &["winner", "two-thirds"],
                "winner",
                "Who receives the kitty of buys: the winner, or two-thirds to the winner and one third to second place.",
                "Wer die Kasse der Käufe erhält: der Sieger, oder zwei Drittel der Sieger und ein Drittel der Zweite.",
            ),
            opt_int(
                "buy_cents",
                0,
                10_000,
                1,
                "Cents each buy costs, paid into the kitty.",
                "Cent, die jeder Kauf kostet (in die Kasse).",
            ),
        ],
        "continental" => vec![
            ace_option(AceMode::LowOrHigh),
            opt_bool(
                "twos_wild",
                false,
                "All 2s are wild (runs then skip 2: A-3-4), and winning without any wild card earns 10 units from each player.",
                "Alle 2er sind wild (Folgen überspringen dann die 2: A-3-4); wer ohne wilde Karte gewinnt, erhält 10 Einheiten von jedem.",
            ),
            opt_bool(
                "turn_bonuses",
                false,
                "Going out on the first turn earns 10 units from each player, on the second turn 7.",
                "Wer im 1. Zug ausgeht, erhält 10 Einheiten von jedem, im 2. Zug 7.",
            ),
            opt_bool(
                "one_suit_bonus",
                false,
                "All runs in one suit earn 10 units from each player.",
                "Alle Folgen in einer Farbe bringen 10 Einheiten von jedem.",
            ),
            opt_int(
                "hands",
                1,
                50,
                1,
                "Hands played in this game.",
                "Gespielte Hände in dieser Partie.",
            ),
        ],
        "rommee" => vec![
            opt_int(
                "joker_count",
                0,
                8,
                6,
                "Jokers shuffled in with the two decks.",
                "Joker, die zu den zwei Blättern gemischt werden.",
            ),
            opt_bool(
                "twos_wild",
                false,
                "All 2s are wild too.",
                "Auch alle 2er sind wild.",
            ),
            opt_int(
                "cards_dealt",
                10,
                15,
                13,
                "Cards dealt to each player (10, 13 or 15).",
                "Karten je Spieler (10, 13 oder 15).",
            ),
            opt_int(
                "opening_points",
                30,
                50,
                40,
                "Points the first meld must be worth (30, 40 or 50).",
                "Punkte, die die erste Meldung wert sein muss (30, 40 oder 50).",
            ),
            ace_option(AceMode::Wrap),
            joker_points_option(20),
            opt_bool(
                "discard_to_go_out",
                true,
                "Going out ends with a discard (off: all cards melded, no discard).",
                "Zum Ausgehen wird die letzte Karte abgeworfen (aus: alle Karten auslegen, kein Abwurf).",
            ),
            opt_int(
                "rounds",
                0,
                50,
                0,
                "Rounds in the game (0: one per player, so everyone deals once).",
                "Runden der Partie (0: eine je Spieler, jeder gibt einmal).",
            ),
            settlement_option(&["pairwise", "lowest-collects"], "pairwise"),
        ],
        "hollywood" => vec![
            opt_int(
                "jokers_per_deck",
                0,
                2,
                2,
                "Jokers per deck.",
                "Joker je Blatt.",
            ),
            opt_bool(
                "twos_wild",
                false,
                "All 2s are wild too.",
                "Auch alle 2er sind wild.",
            ),
            opt_int(
                "contracts",
                4,
                7,
                7,
                "Play only the first 4 or 5 contracts, or all 7.",
                "Nur die ersten 4 oder 5 Kontrakte spielen, oder alle 7.",
            ),
            ace_option(AceMode::LowOrHigh),
            opt_bool(
                "lay_off_before_contract",
                false,
                "Laying off is allowed before one's own contract is made.",
                "Anlegen ist schon vor dem eigenen Kontrakt erlaubt.",
            ),
            opt_choice(
                "joker_swap",
                &["any", "runs-only", "none"],
                "any",
                "Swapping a joker on the table for the card it stands for, after one's contract: in any meld, only in runs, or never.",
                "Einen ausgelegten Joker gegen die echte Karte tauschen (nach dem eigenen Kontrakt): überall, nur in Folgen oder nie.",
            ),
            joker_points_option(15),
            settlement_option(&["lowest-collects", "pairwise"], "lowest-collects"),
        ],
        _ => return None,
    })
}

/// The options that change what a meld checker answers (RULES.md sections 2 and 4): which
/// cards are wild, where the ace stands, the contracts and what a contract meld may hold,
/// the cards dealt, a first meld's minimum points. The others (money, penalty points, buys,
/// bonuses, play after the contract) leave every check, solution and fit as it is.
pub const MELD_OPTIONS: [&str; 10] = [
    "jokers",
    "joker_count",
    "jokers_per_deck",
    "twos_wild",
    "ace",
    "exact_minimum",
    "contracts",
    "hands",
    "cards_dealt",
    "opening_points",
];

/// The options of a preset that change what a meld checker answers ([`MELD_OPTIONS`]), in
/// the preset's order.
pub fn meld_option_specs(id: &str) -> Option<Vec<OptionSpec>> {
    let mut specs = option_specs(id)?;
    specs.retain(|spec| MELD_OPTIONS.contains(&spec.name));
    Some(specs)
}

/// Facts of a preset.
pub fn preset_info(id: &str) -> Option<PresetInfo> {
    let p = |id, name, name_de, description, description_de, source, min_players, max_players| {
        PresetInfo {
            id,
            name,
            name_de,
            description,
            description_de,
            source,
            min_players,
            max_players,
        }
    };
    Some(match id {
        "contract" => p(
            "contract",
            "Contract Rummy",
            "Kontrakt-Rommé",
            "Seven rounds, each with its contract; the lowest total wins.",
            "Sieben Runden mit je einem Kontrakt; die niedrigste Summe gewinnt.",
            "pagat.com, Contract Rummy (seed 000)",
            3,
            5,
        ),
        "liverpool" => p(
            "liverpool",
            "Liverpool Rummy",
            "Liverpool-Rommé",
            "Contract Rummy plus the cut bonus: cut exactly the deal plus one and take 50 off.",
            "Kontrakt-Rommé mit Abhebe-Bonus: genau die ausgeteilten Karten plus eine abheben bringt 50 Punkte Abzug.",
            "pagat.com, Contract Rummy: Liverpool (seed 000)",
            3,
            5,
        ),
        "may-i" => p(
            "may-i",
            "May I?",
            "May I?",
            "Contract Rummy with one deck per two players, longer contract melds and jokers worth 25.",
            "Kontrakt-Rommé mit einem Blatt je zwei Spieler, längeren Kontraktmeldungen und Jokern zu 25.",
            "pagat.com, Contract Rummy: May I? (seed 000)",
            3,
            5,
        ),
        "shanghai" => p(
            "shanghai",
            "Shanghai Rummy",
            "Shanghai-Rommé",
            "Eleven cards every round, ace high only, one wild per meld, two buys per round.",
            "Elf Karten jede Runde, Ass nur hoch, ein Joker je Meldung, zwei Käufe je Runde.",
            "pagat.com, Contract Rummy: Shanghai (seed 000)",
            3,
            5,
        ),
        "shanghai-powe" => p(
            "shanghai-powe",
            "Shanghai (Tahelia Powe)",
            "Shanghai (Tahelia Powe)",
            "Shanghai with ten cards, eight rounds, and no discard when going out.",
            "Shanghai mit zehn Karten, acht Runden und Ausgehen ohne Abwurf.",
            "pagat.com, Contract Rummy: Shanghai, Tahelia Powe's variant (seed 000)",
            3,
            5,
        ),
        "shanghai-kolsov" => p(
            "shanghai-kolsov",
            "Shanghai (Deb Kolsov)",
            "Shanghai (Deb Kolsov)",
            "Shanghai with ten contracts, some needing more cards than are dealt.",
            "Shanghai mit zehn Kontrakten, manche brauchen mehr Karten als ausgeteilt.",
            "pagat.com, Contract Rummy: Shanghai, Deb Kolsov's contract order (seed 000)",
            3,
            5,
        ),
        "progressive" => p(
            "progressive",
            "Progressive Rummy",
            "Progressives Rommé",
            "Fifteen contracts, jokers and 2s wild, buys from round 9, paid in places.",
            "Fünfzehn Kontrakte, Joker und 2er wild, Käufe ab Runde 9, Auszahlung nach Plätzen.",
            "pagat.com, Progressive Rummy by John Eveleigh (seed 000)",
            2,
            6,
        ),
        "continental" => p(
            "continental",
            "Continental Rummy",
            "Continental Rommé",
            "Runs only, fifteen cards, one hand: the winner collects units from everyone.",
            "Nur Folgen, fünfzehn Karten, eine Hand: der Sieger kassiert Einheiten von allen.",
            "rummy.ch, Continental Rummy (seed 001)",
            2,
            12,
        ),
        "rommee" => p(
            "rommee",
            "German Rommé",
            "Rommé",
            "Family Rommé: a 40-point opening, Hand-Rommé doubles, pairwise settlement.",
            "Familien-Rommé: 40 Punkte zum Auslegen, Hand-Rommé doppelt, paarweise Abrechnung.",
            "German Rommé basics (seed 002)",
            2,
            6,
        ),
        "hollywood" => p(
            "hollywood",
            "Hollywood Rummy",
            "Hollywood-Rommé",
            "Contract / Liverpool rummy as commonly played in the US: 2-8 players, buys, the lowest collects.",
            "Kontrakt-/Liverpool-Rommé wie in den USA gespielt: 2-8 Spieler, Käufe, der Niedrigste kassiert.",
            "Contract / Liverpool / Hollywood Rummy, common rules (seed 003)",
            2,
            8,
        ),
        _ => return None,
    })
}

/// Checks and completes options against a preset's specs.
fn resolve_options(
    id: &'static str,
    given: &BTreeMap<String, OptionValue>,
) -> Result<BTreeMap<String, OptionValue>, OptionError> {
    let specs = option_specs(id).expect("known preset");
    let mut out: BTreeMap<String, OptionValue> = specs
        .iter()
        .map(|s| (s.name.to_string(), s.default.clone()))
        .collect();
    for (name, value) in given {
        let Some(spec) = specs.iter().find(|s| s.name == name) else {
            return Err(OptionError::Unknown {
                name: name.clone(),
                rules: id,
                known: specs.iter().map(|s| s.name).collect::<Vec<_>>().join(", "),
            });
        };
        let bad = |expected: String| OptionError::BadValue {
            name: name.clone(),
            expected,
            got: match value {
                OptionValue::Text(s) => format!("\"{s}\""),
                OptionValue::List(_) => "a list".to_string(),
                other => other.to_string(),
            },
        };
        match (&spec.kind, value) {
            (OptionKind::Bool, OptionValue::Bool(_)) => {}
            (OptionKind::Bool, _) => return Err(bad("is true or false".into())),
            (OptionKind::Int { min, max }, OptionValue::Int(n)) if (min..=max).contains(&n) => {}
            (OptionKind::Int { min, max }, _) => {
                return Err(bad(format!("is a whole number from {min} to {max}")));
            }
            (OptionKind::Choice { values }, OptionValue::Text(s)) if values.contains(s) => {}
            (OptionKind::Choice { values }, _) => {
                return Err(bad(format!("is one of {}", values.join(", "))));
            }
            (OptionKind::List { max_len, max }, OptionValue::List(l))
                if !l.is_empty()
                    && l.len() <= *max_len
                    && l.iter().all(|v| (0..=*max).contains(v)) => {}
            (OptionKind::List { max_len, max }, _) => {
                return Err(bad(format!(
                    "is a list of 1 to {max_len} whole numbers from 0 to {max}"
                )));
            }
        }
        out.insert(name.clone(), value.clone());
    }
    // Values restricted further than their range.
    if id == "rommee" {
        for (name, allowed) in [
            ("cards_dealt", [10, 13, 15]),
            ("opening_points", [30, 40, 50]),
        ] {
            if let Some(OptionValue::Int(n)) = out.get(name)
                && !allowed.contains(n)
            {
                return Err(OptionError::BadValue {
                    name: name.to_string(),
                    expected: format!("is {}, {} or {}", allowed[0], allowed[1], allowed[2]),
                    got: n.to_string(),
                });
            }
        }
    }
    if id == "hollywood"
        && let Some(OptionValue::Int(n)) = out.get("contracts")
        && *n == 6
    {
        return Err(OptionError::BadValue {
            name: "contracts".into(),
            expected: "is 4, 5 or 7".into(),
            got: "6".into(),
        });
    }
    Ok(out)
}

fn get_bool(o: &BTreeMap<String, OptionValue>, name: &str) -> bool {
    matches!(o.get(name), Some(OptionValue::Bool(true)))
}

fn get_int(o: &BTreeMap<String, OptionValue>, name: &str) -> i64 {
    match o.get(name) {
        Some(OptionValue::Int(n)) => *n,
        _ => 0,
    }
}

fn get_text<'a>(o: &'a BTreeMap<String, OptionValue>, name: &str) -> &'a str {
    match o.get(name) {
        Some(OptionValue::Text(s)) => s,
        _ => "",
    }
}

/// Per-round restriction switches, listed by round number.
struct RoundPlan<'a> {
    contracts: &'a [&'a str],
    deals: &'a [u8],
    exact_minimum_rounds: &'a [u8],
    no_contiguous_rounds: &'a [u8],
    different_suits_rounds: &'a [u8],
    two_sets_same_rank_forbidden: bool,
    go_out_all_last: bool,
    buys: &'a dyn Fn(u8) -> Buys,
}

fn plan_rounds(p: &RoundPlan) -> Vec<RoundSpec> {
    let n = p.contracts.len() as u8;
    p.contracts
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let number = i as u8 + 1;
            let last = number == n;
            let go_out_all = p.go_out_all_last && last;
            RoundSpec {
                number,
                contract: Some(contract(c)),
                deal: p.deals[i.min(p.deals.len() - 1)],
                go_out_all,
                exact_minimum: !go_out_all && p.exact_minimum_rounds.contains(&number),
                no_contiguous_runs: p.no_contiguous_rounds.contains(&number),
                runs_different_suits: p.different_suits_rounds.contains(&number),
                no_two_sets_same_rank: p.two_sets_same_rank_forbidden,
                total_cards: None,
                buys: (p.buys)(number),
            }
        })
        .collect()
}

const CONTRACT_SEVEN: [&str; 7] = ["2s3", "1s3 1r4", "2r4", "3s3", "2s3 1r4", "1s3 2r4", "3r4"];

const ALL_ROUNDS: [u8; 15] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

impl RuleSet {
    /// A preset with its defaults.
    pub fn preset(id: &str) -> Result<RuleSet, OptionError> {
        RuleSet::with_options(id, &BTreeMap::new())
    }

    /// A preset with options applied; unknown options or values are an error.
    pub fn with_options(
        id: &str,
        given: &BTreeMap<String, OptionValue>,
    ) -> Result<RuleSet, OptionError> {
        let info = preset_info(id).ok_or_else(|| OptionError::UnknownRuleSet(id.to_string()))?;
        let o = resolve_options(info.id, given)?;
        let ace = AceMode::from_id(get_text(&o, "ace")).unwrap_or(AceMode::LowOrHigh);
        let scheme = Scheme::from_id(get_text(&o, "settlement"));
        let may_i = |extra| {
            move |_| Buys {
                allowed: true,
                limit: None,
                extra_cards: extra,
            }
        };
        let buy_limit = get_int(&o, "buy_limit") as u8;
        let shanghai_buys = move |_| Buys {
            allowed: buy_limit > 0,
            limit: Some(buy_limit),
            extra_cards: 2,
        };
        let mut rs = RuleSet {
            info,
            meld: MeldRules {
                ace,
                jokers: true,
                ..MeldRules::default()
            },
            rounds: Vec::new(),
            penalty: None,
            cut_bonus: None,
            opening_points: None,
            hand_rommee: false,
            no_winner_allowed: true,
            rounds_per_player: false,
            scheme: scheme.unwrap_or(Scheme::LowestCollects),
            schemes: vec![Scheme::LowestCollects, Scheme::Pairwise],
            higher_is_better: false,
            shanghai_calls: false,
            play: super::play::for_preset(info.id, &o),
            deck_rule: DeckRule::TwoPlusPlayersMinusOne,
            options: BTreeMap::new(),
        };
        match info.id {
            // RULES.md 4 `contract`, `liverpool`, `may-i`.
            "contract" | "liverpool" | "may-i" => {
                let is_may_i = info.id == "may-i";
                let exact: &[u8] = if get_bool(&o, "exact_minimum") {
                    &ALL_ROUNDS
                } else {
                    &[]
                };
                let buys = may_i(1);
                rs.rounds = plan_rounds(&RoundPlan {
                    contracts: &CONTRACT_SEVEN,
                    deals: &[10, 10, 10, 12, 12, 12, 12],
                    exact_minimum_rounds: exact,
                    no_contiguous_rounds: if is_may_i { &[] } else { &[3, 6, 7] },
                    different_suits_rounds: &[],
                    two_sets_same_rank_forbidden: false,
                    go_out_all_last: !is_may_i,
                    buys: &buys,
                });
                rs.meld.jokers = get_bool(&o, "jokers");
                rs.penalty = Some(standard_penalty(15, get_int(&o, "joker_points"), 2));
                if is_may_i {
                    rs.deck_rule = DeckRule::PerTwoPlayers { jokers_per_deck: 2 };
                }
                if info.id == "liverpool" {
                    rs.cut_bonus = Some(get_int(&o, "cut_bonus"));
                }
            }
            // RULES.md 4 `shanghai` and its two variants.
            "shanghai" | "shanghai-powe" | "shanghai-kolsov" => {
                let (contracts, deal, different): (Vec<&str>, u8, &[u8]) = match info.id {
                    "shanghai" => (CONTRACT_SEVEN.to_vec(), 11, &[]),
                    "shanghai-powe" => {
                        let mut c = CONTRACT_SEVEN[..6].to_vec();
                        c.extend(["4s3", "3r4"]);
                        (c, 10, &ALL_ROUNDS)
                    }
                    _ => (
                        vec![
                            "2s3", "1s3 1r4", "2r4", "3s3", "1s3 1r7", "2s3 1r5", "3r4",
                            "1s3 1r10", "3s3 1r5", "3r5",
                        ],
                        11,
                        &[],
                    ),
                };
                rs.rounds = plan_rounds(&RoundPlan {
                    contracts: &contracts,
                    deals: &[deal],
                    exact_minimum_rounds: &[],
                    no_contiguous_rounds: &ALL_ROUNDS,
                    different_suits_rounds: different,
                    two_sets_same_rank_forbidden: true,
                    go_out_all_last: true,
                    buys: &shanghai_buys,
                });
                rs.meld.jokers = get_bool(&o, "jokers");
                rs.meld.max_wilds = Some(1);
                rs.shanghai_calls = info.id != "shanghai-powe";
                rs.deck_rule = DeckRule::Fixed {
                    decks: 2,
                    jokers: 4,
                };
                let mut t = standard_penalty(20, get_int(&o, "joker_points"), 5);
                for (i, v) in t.by_rank.iter_mut().enumerate().skip(1) {
                    *v = if i < 7 { 5 } else { 10 };
                }
                rs.penalty = Some(t);
            }
            // RULES.md 4 `progressive`.
            "progressive" => {
                let buy_rounds: [(u8, u8, u8); 6] = [
                    (9, 1, 0),
                    (10, 1, 0),
                    (11, 1, 0),
                    (12, 2, 1),
                    (13, 2, 1),
                    (14, 1, 0),
                ];
                let buys = move |n: u8| {
                    buy_rounds
                        .iter()
                        .find(|(r, _, _)| *r == n)
                        .map(|&(_, limit, extra)| Buys {
                            allowed: true,
                            limit: Some(limit),
                            extra_cards: extra,
                        })
                        .unwrap_or(NO_BUYS)
                };
                rs.rounds = plan_rounds(&RoundPlan {
                    contracts: &[
                        "2s3",
                        "1s3 1r4",
                        "2s4",
                        "2r4",
                        "2s3 1r4",
                        "1s4 1r5",
                        "2s5",
                        "2r5",
                        "4s3",
                        "3r4",
                        "3s4",
                        "5r3",
                        "5s3",
                        "1s5 1r5 1p2",
                        "2s3 1r5",
                    ],
                    deals: &[11],
                    exact_minimum_rounds: &[],
                    no_contiguous_rounds: &[],
                    different_suits_rounds: &[],
                    two_sets_same_rank_forbidden: false,
                    go_out_all_last: false,
                    buys: &buys,
                });
                rs.meld.twos_wild = true;
                rs.meld.min_naturals = 0;
                rs.deck_rule = DeckRule::Fixed {
                    decks: 2,
                    jokers: 4,
                };
                let mut t = standard_penalty(15, 20, 5);
                // 3-10 count 5 (the 2 is wild and counts 20).
                t.by_rank[2..10].fill(5);
                t.wild_two = Some(20);
                rs.penalty = Some(t);
                rs.scheme = Scheme::Places;
                rs.schemes = vec![Scheme::Places];
            }
            // RULES.md 4 `continental`.
            "continental" => {
                let hands = get_int(&o, "hands").max(1) as u8;
                let c = contract("5r3 / 3r4 1r3 / 1r5 1r4 2r3");
                rs.rounds = (1..=hands)
                    .map(|number| RoundSpec {
                        number,
                        contract: Some(c.clone()),
                        deal: 15,
                        go_out_all: true,
                        exact_minimum: false,
                        no_contiguous_runs: false,
                        runs_different_suits: false,
                        no_two_sets_same_rank: false,
                        total_cards: Some(15),
                        buys: NO_BUYS,
                    })
                    .collect();
                if get_bool(&o, "twos_wild") {
                    rs.meld.twos_wild = true;
                    rs.meld.twos_natural = false;
                }
                rs.deck_rule = DeckRule::Continental;
                rs.no_winner_allowed = false;
                rs.scheme = Scheme::Units;
                rs.schemes = vec![Scheme::Units];
                rs.higher_is_better = true;
            }
            // RULES.md 4 `rommee`.
            "rommee" => {
                let n = get_int(&o, "rounds");
                rs.rounds_per_player = n == 0;
                let deal = get_int(&o, "cards_dealt") as u8;
                rs.rounds = (1..=n.max(0) as u8)
                    .map(|number| rommee_round(number, deal))
                    .collect();
                rs.meld.set_distinct_suits = true;
                rs.meld.set_max = Some(4);
                rs.meld.min_naturals = 2;
                rs.meld.jokers = get_int(&o, "joker_count") > 0;
                rs.meld.twos_wild = get_bool(&o, "twos_wild");
                rs.opening_points = Some(get_int(&o, "opening_points") as u32);
                rs.hand_rommee = true;
                rs.no_winner_allowed = false;
                rs.deck_rule = DeckRule::Fixed {
                    decks: 2,
                    jokers: get_int(&o, "joker_count") as u8,
                };
                let mut t = standard_penalty(11, get_int(&o, "joker_points"), 2);
                if rs.meld.twos_wild {
                    t.wild_two = Some(t.joker);
                }
                rs.penalty = Some(t);
                rs.scheme = scheme.unwrap_or(Scheme::Pairwise);
            }
            // RULES.md 4 `hollywood`.
            "hollywood" => {
                let count = get_int(&o, "contracts") as usize;
                let buys = may_i(1);
                let all = [
                    "2s3",
                    "1s3 1r4",
                    "2r4",
                    "3s3",
                    "2s3 1r4",
                    "2s3 2r4",
                    "3s3 / 3r4",
                ];
                rs.rounds = plan_rounds(&RoundPlan {
                    contracts: &all[..count],
                    deals: &[10],
                    exact_minimum_rounds: &[],
                    no_contiguous_rounds: &[],
                    different_suits_rounds: &[3, 6, 7],
                    two_sets_same_rank_forbidden: false,
                    go_out_all_last: false,
                    buys: &buys,
                });
                let per_deck = get_int(&o, "jokers_per_deck") as u8;
                rs.meld.jokers = per_deck > 0;
                rs.meld.twos_wild = get_bool(&o, "twos_wild");
                rs.deck_rule = DeckRule::Hollywood {
                    jokers_per_deck: per_deck,
                };
                let mut t = standard_penalty(15, get_int(&o, "joker_points"), 15);
                if rs.meld.twos_wild {
                    t.wild_two = Some(15);
                }
                rs.penalty = Some(t);
            }
            _ => unreachable!("preset_info knows only the ten presets"),
        }
        rs.options = o;
        Ok(rs)
    }

    /// The preset id.
    pub fn id(&self) -> &'static str {
        self.info.id
    }

    /// Rounds in a game for this many players (Rommé by default: one per player).
    pub fn round_count(&self, players: usize) -> usize {
        if self.rounds_per_player {
            players
        } else {
            self.rounds.len()
        }
    }

    /// The spec of round `n` (1-based) for this many players, or `None` out of range.
    pub fn round(&self, n: usize, players: usize) -> Option<RoundSpec> {
        if n == 0 || n > self.round_count(players) {
            return None;
        }
        if self.rounds_per_player {
            return Some(rommee_round(
                n as u8,
                get_int(&self.options, "cards_dealt") as u8,
            ));
        }
        self.rounds.get(n - 1).cloned()
    }

    /// The round spec used for checking melds outside a game: round `n`, or for Rommé any.
    pub fn round_for_check(&self, n: Option<usize>) -> Result<RoundSpec, String> {
        if self.opening_points.is_some() {
            return Ok(rommee_round(1, get_int(&self.options, "cards_dealt") as u8));
        }
        let count = self.rounds.len();
        match n {
            None if count == 1 => Ok(self.rounds[0].clone()),
            None => Err(format!(
                "\"round\" is missing: {} has rounds 1 to {count}",
                self.info.name
            )),
            Some(n) if n >= 1 && n <= count => Ok(self.rounds[n - 1].clone()),
            Some(n) => Err(format!(
                "round {n} is out of range: {} has rounds 1 to {count}",
                self.info.name
            )),
        }
    }

    /// Decks and jokers for a player count (RULES.md section 4).
    pub fn decks(&self, players: usize) -> Decks {
        let p = players.max(1) as u8;
        let mut d = match self.deck_rule {
            DeckRule::TwoPlusPlayersMinusOne => Decks {
                decks: 2,
                jokers: p.saturating_sub(1),
            },
            DeckRule::PerTwoPlayers { jokers_per_deck } => {
                let decks = p.div_ceil(2);
                Decks {
                    decks,
                    jokers: decks * jokers_per_deck,
                }
            }
            DeckRule::Fixed { decks, jokers } => Decks { decks, jokers },
            DeckRule::Continental => {
                let decks = match p {
                    0..=5 => 2,
                    6..=8 => 3,
                    _ => 4,
                };
                Decks {
                    decks,
                    jokers: decks,
                }
            }
            DeckRule::Hollywood { jokers_per_deck } => {
                let decks = if p > 4 { 3 } else { 2 };
                Decks {
                    decks,
                    jokers: decks * jokers_per_deck,
                }
            }
        };
        if !self.meld.jokers {
            d.jokers = 0;
        }
        d
    }

    /// Liverpool cut target: players x cards dealt + 1 (the deal plus the first up-card).
    pub fn cut_target(&self, players: usize, round: &RoundSpec) -> Option<u32> {
        self.cut_bonus
            .map(|_| players as u32 * round.deal as u32 + 1)
    }

    /// Is the player count within the rule set's range?
    pub fn players_ok(&self, players: usize) -> bool {
        (self.info.min_players as usize..=self.info.max_players as usize).contains(&players)
    }

    /// Penalty points of cards left in hand (RULES.md section 5); `None` where the rule set
    /// scores in units (Continental).
    pub fn penalty_points(&self, cards: &[Card]) -> Option<i64> {
        self.penalty.as_ref().map(|t| t.total(cards))
    }
}

/// Tests: a preset with options given as name/value pairs.
#[cfg(test)]
pub(crate) fn test_preset(id: &str, pairs: &[(&str, OptionValue)]) -> RuleSet {
    let o: BTreeMap<String, OptionValue> = pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect();
    RuleSet::with_options(id, &o).expect("valid options")
}

fn rommee_round(number: u8, deal: u8) -> RoundSpec {
    RoundSpec {
        number,
        contract: None,
        deal,
        go_out_all: false,
        exact_minimum: false,
        no_contiguous_runs: false,
        runs_different_suits: false,
        no_two_sets_same_rank: false,
        total_cards: None,
        buys: NO_BUYS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cards::parse_cards;

    fn opts(pairs: &[(&str, OptionValue)]) -> BTreeMap<String, OptionValue> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect()
    }

    fn contracts(rs: &RuleSet) -> Vec<String> {
        rs.rounds
            .iter()
            .map(|r| r.contract.as_ref().unwrap().describe(Lang::En))
            .collect()
    }

    /// What the meld checker reads of a rule set: the meld rules, a first meld's minimum,
    /// Shanghai calls and the rounds it checks (their buys aside).
    fn checker_view(rs: &RuleSet) -> impl PartialEq + std::fmt::Debug + use<> {
        let mut rounds = if rs.opening_points.is_some() {
            vec![rs.round_for_check(None).unwrap()]
        } else {
            rs.rounds.clone()
        };
        for round in &mut rounds {
            round.buys = NO_BUYS;
        }
        (
            rs.meld.clone(),
            rs.opening_points,
            rs.shanghai_calls,
            rounds,
        )
    }

    #[test]
    fn the_meld_options_are_exactly_those_that_change_what_the_checker_reads() {
        for id in PRESET_IDS {
            let base = checker_view(&RuleSet::preset(id).unwrap());
            for spec in option_specs(id).unwrap() {
                let others: Vec<OptionValue> = match &spec.kind {
                    OptionKind::Bool => {
                        vec![OptionValue::Bool(spec.default != OptionValue::Bool(true))]
                    }
                    OptionKind::Int { min, max } => (*min..=*max)
                        .take(60)
                        .chain([*max])
                        .map(OptionValue::Int)
                        .collect(),
                    OptionKind::Choice { values } => {
                        values.iter().cloned().map(OptionValue::Text).collect()
                    }
                    OptionKind::List { .. } => vec![OptionValue::List(vec![0, 1, 2])],
                };
                let changes = others.into_iter().any(|value| {
                    let rs = RuleSet::with_options(id, &opts(&[(spec.name, value)]))
                        .expect("a valid value");
                    checker_view(&rs) != base
                });
                assert_eq!(
                    changes,
                    MELD_OPTIONS.contains(&spec.name),
                    "{id}: option {} {} the checker",
                    spec.name,
                    if changes {
                        "changes"
                    } else {
                        "does not change"
                    }
                );
            }
        }
        assert_eq!(
            meld_option_specs("contract")
                .unwrap()
                .iter()
                .map(|s| s.name)
                .collect::<Vec<_>>(),
            ["jokers", "ace", "exact_minimum"]
        );
    }

    #[test]
    fn every_preset_loads_with_its_defaults() {
        for id in PRESET_IDS {
            let rs = RuleSet::preset(id).unwrap();
            assert_eq!(rs.id(), id);
            for spec in option_specs(id).unwrap() {
                assert_eq!(rs.options[spec.name], spec.default);
            }
        }
    }

    #[test]
    fn contract_rummy_has_seven_contracts_dealt_10_10_10_12_12_12_12() {
        let rs = RuleSet::preset("contract").unwrap();
        assert_eq!(
            contracts(&rs),
            [
                "2 sets of 3",
                "1 set of 3 and 1 run of 4",
                "2 runs of 4",
                "3 sets of 3",
                "2 sets of 3 and 1 run of 4",
                "1 set of 3 and 2 runs of 4",
                "3 runs of 4"
            ]
        );
        let deals: Vec<u8> = rs.rounds.iter().map(|r| r.deal).collect();
        assert_eq!(deals, [10, 10, 10, 12, 12, 12, 12]);
        let no_contig: Vec<u8> = rs
            .rounds
            .iter()
            .filter(|r| r.no_contiguous_runs)
            .map(|r| r.number)
            .collect();
        assert_eq!(no_contig, [3, 6, 7]);
        assert!(rs.rounds[6].go_out_all && !rs.rounds[6].exact_minimum);
        assert!(
            rs.rounds[..6]
                .iter()
                .all(|r| r.exact_minimum && !r.go_out_all)
        );
        assert_eq!(rs.rounds[0].buys.limit, None);
    }

    #[test]
    fn contract_decks_are_two_plus_players_minus_one_jokers() {
        let rs = RuleSet::preset("contract").unwrap();
        assert_eq!(rs.decks(3).cards(), 106);
        assert_eq!(rs.decks(4).cards(), 107);
        assert_eq!(rs.decks(5).cards(), 108);
        assert_eq!(
            rs.decks(4).describe(Lang::En),
            "2 decks + 3 jokers (107 cards)"
        );
        let no_jokers =
            RuleSet::with_options("contract", &opts(&[("jokers", OptionValue::Bool(false))]))
                .unwrap();
        assert_eq!(no_jokers.decks(4).cards(), 104);
        assert!(!no_jokers.meld.jokers);
    }

    #[test]
    fn contract_penalties_are_face_value_ten_for_courts_fifteen_for_ace_and_joker() {
        let rs = RuleSet::preset("contract").unwrap();
        assert_eq!(
            rs.penalty_points(&parse_cards("2H 9S 10D JC QH KS AS JK").unwrap()),
            Some(2 + 9 + 10 + 30 + 15 + 15)
        );
    }

    #[test]
    fn liverpool_cut_target_is_players_times_deal_plus_one() {
        let rs = RuleSet::preset("liverpool").unwrap();
        assert_eq!(rs.cut_target(4, &rs.rounds[0]), Some(41));
        assert_eq!(rs.cut_target(4, &rs.rounds[3]), Some(49));
        assert_eq!(rs.cut_bonus, Some(50));
        assert_eq!(
            RuleSet::preset("contract")
                .unwrap()
                .cut_target(4, &rs.rounds[0]),
            None
        );
    }

    #[test]
    fn may_i_uses_a_deck_per_two_players_longer_melds_and_25_point_jokers() {
        let rs = RuleSet::preset("may-i").unwrap();
        assert_eq!(
            rs.decks(3),
            Decks {
                decks: 2,
                jokers: 4
            }
        );
        assert_eq!(
            rs.decks(5),
            Decks {
                decks: 3,
                jokers: 6
            }
        );
        assert!(
            rs.rounds
                .iter()
                .all(|r| !r.exact_minimum && !r.no_contiguous_runs)
        );
        assert!(!rs.rounds[6].go_out_all);
        assert_eq!(rs.penalty_points(&[Card::Joker]), Some(25));
    }

    #[test]
    fn shanghai_deals_eleven_ace_high_one_wild_and_scores_5_10_20_50() {
        let rs = RuleSet::preset("shanghai").unwrap();
        assert!(
            rs.rounds
                .iter()
                .all(|r| r.deal == 11 && r.no_two_sets_same_rank && r.no_contiguous_runs)
        );
        assert_eq!(rs.meld.ace, AceMode::HighOnly);
        assert_eq!(rs.meld.max_wilds, Some(1));
        assert!(rs.rounds[6].go_out_all);
        assert_eq!(rs.rounds[0].buys.limit, Some(2));
        assert_eq!(rs.rounds[0].buys.extra_cards, 2);
        assert_eq!(
            rs.penalty_points(&parse_cards("AS JK 7H").unwrap()),
            Some(75)
        );
        assert_eq!(
            rs.penalty_points(&parse_cards("2C 8D KD").unwrap()),
            Some(25)
        );
        assert_eq!(rs.decks(3).cards(), 108);
    }

    #[test]
    fn powe_variant_has_eight_rounds_of_ten_cards_with_runs_in_their_own_suits() {
        let rs = RuleSet::preset("shanghai-powe").unwrap();
        assert_eq!(rs.rounds.len(), 8);
        assert_eq!(contracts(&rs)[6], "4 sets of 3");
        assert_eq!(contracts(&rs)[7], "3 runs of 4");
        assert!(rs.rounds[7].go_out_all && !rs.rounds[6].go_out_all);
        assert!(
            rs.rounds
                .iter()
                .all(|r| r.deal == 10 && r.runs_different_suits)
        );
    }

    #[test]
    fn kolsov_order_has_ten_contracts_and_shows_those_needing_more_cards_than_dealt() {
        let rs = RuleSet::preset("shanghai-kolsov").unwrap();
        assert_eq!(rs.rounds.len(), 10);
        assert_eq!(contracts(&rs)[7], "1 set of 3 and 1 run of 10");
        assert_eq!(contracts(&rs)[8], "3 sets of 3 and 1 run of 5");
        let short: Vec<u8> = rs
            .rounds
            .iter()
            .filter(|r| r.needs_more_than_dealt())
            .map(|r| r.number)
            .collect();
        assert_eq!(short, [7, 8, 9, 10]);
        assert!(rs.rounds[9].go_out_all);
    }

    #[test]
    fn progressive_has_fifteen_contracts_with_buys_only_in_rounds_9_to_14() {
        let rs = RuleSet::preset("progressive").unwrap();
        assert_eq!(rs.rounds.len(), 15);
        assert_eq!(contracts(&rs)[11], "5 runs of 3");
        assert_eq!(contracts(&rs)[13], "1 set of 5 and 1 run of 5 and 1 pair");
        let limits: Vec<Option<u8>> = rs
            .rounds
            .iter()
            .map(|r| r.buys.allowed.then(|| r.buys.limit.unwrap()))
            .collect();
        assert_eq!(
            limits,
            [
                None,
                None,
                None,
                None,
                None,
                None,
                None,
                None,
                Some(1),
                Some(1),
                Some(1),
                Some(2),
                Some(2),
                Some(1),
                None
            ]
        );
        assert_eq!(rs.rounds[11].buys.extra_cards, 1);
        assert_eq!(rs.rounds[8].buys.extra_cards, 0);
        assert!(rs.meld.twos_wild && rs.meld.min_naturals == 0);
        assert_eq!(
            rs.penalty_points(&parse_cards("JK 2H AS KD 3C 10H").unwrap()),
            Some(20 + 20 + 15 + 10 + 5 + 5)
        );
        assert_eq!(rs.scheme, Scheme::Places);
    }

    #[test]
    fn continental_deck_grows_with_players_and_the_hand_is_fifteen_cards_of_runs() {
        let rs = RuleSet::preset("continental").unwrap();
        assert_eq!(rs.decks(5).cards(), 106);
        assert_eq!(rs.decks(6).cards(), 159);
        assert_eq!(rs.decks(12).cards(), 212);
        assert_eq!(rs.rounds.len(), 1);
        assert_eq!(
            contracts(&rs)[0],
            "5 runs of 3 or 3 runs of 4 and 1 run of 3 or 1 run of 5 and 1 run of 4 and 2 runs of 3"
        );
        assert_eq!(rs.rounds[0].total_cards, Some(15));
        assert_eq!(rs.penalty_points(&[Card::Joker]), None);
        assert!(rs.higher_is_better);
    }

    #[test]
    fn rommee_defaults_are_thirteen_cards_forty_points_wrap_and_six_jokers() {
        let rs = RuleSet::preset("rommee").unwrap();
        assert_eq!(rs.opening_points, Some(40));
        assert_eq!(rs.meld.ace, AceMode::Wrap);
        assert_eq!(rs.decks(4).cards(), 110);
        assert_eq!(rs.round_count(4), 4);
        assert_eq!(rs.round(1, 4).unwrap().deal, 13);
        assert_eq!(
            rs.penalty_points(&parse_cards("AS KH 7D JK").unwrap()),
            Some(11 + 10 + 7 + 20)
        );
        let fifty = RuleSet::with_options(
            "rommee",
            &opts(&[
                ("joker_points", OptionValue::Int(50)),
                ("cards_dealt", OptionValue::Int(15)),
            ]),
        )
        .unwrap();
        assert_eq!(fifty.penalty_points(&[Card::Joker]), Some(50));
        assert_eq!(fifty.round(2, 3).unwrap().deal, 15);
        assert!(
            RuleSet::with_options("rommee", &opts(&[("cards_dealt", OptionValue::Int(11))]))
                .is_err()
        );
    }

    #[test]
    fn hollywood_plays_four_five_or_seven_contracts_with_runs_in_different_suits() {
        let rs = RuleSet::preset("hollywood").unwrap();
        assert_eq!(contracts(&rs)[6], "3 sets of 3 or 3 runs of 4");
        assert_eq!(contracts(&rs)[5], "2 sets of 3 and 2 runs of 4");
        assert!(rs.rounds[2].runs_different_suits && !rs.rounds[1].runs_different_suits);
        assert_eq!(rs.decks(4).cards(), 108);
        assert_eq!(rs.decks(5).cards(), 162);
        assert_eq!(
            rs.penalty_points(&parse_cards("AS 2H JK 7D").unwrap()),
            Some(52)
        );
        let four = RuleSet::with_options("hollywood", &opts(&[("contracts", OptionValue::Int(4))]))
            .unwrap();
        assert_eq!(four.rounds.len(), 4);
    }

    #[test]
    fn unknown_options_and_bad_values_are_errors_that_say_what_is_allowed() {
        let e = RuleSet::with_options("contract", &opts(&[("jokerz", OptionValue::Bool(false))]))
            .unwrap_err();
        assert!(
            e.to_string()
                .starts_with("unknown option \"jokerz\" for contract")
        );
        let e = RuleSet::with_options("contract", &opts(&[("jokers", OptionValue::Int(3))]))
            .unwrap_err();
        assert_eq!(e.to_string(), "option \"jokers\" is true or false, not 3");
        let e = RuleSet::with_options(
            "shanghai",
            &opts(&[("ace", OptionValue::Text("sideways".into()))]),
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "option \"ace\" is one of low-or-high, high-only, wrap, not \"sideways\""
        );
        assert!(matches!(
            RuleSet::preset("canasta"),
            Err(OptionError::UnknownRuleSet(_))
        ));
    }
}

/// Every option RULES.md names, with the effect it has (issue 2: "an option that RULES.md
/// mentions is a real option").
#[cfg(test)]
mod option_effects {
    use super::*;
    use crate::rules::cards::{parse_cards, parse_melds};
    use crate::rules::check::check;
    use crate::rules::money::{MoneyInput, places_config, settle};
    use crate::rules::settlement::KittySplit;

    use super::test_preset as with;

    fn legal(rs: &RuleSet, round: usize, melds: &str) -> bool {
        let spec = rs.round_for_check(Some(round)).unwrap();
        check(rs, &spec, &parse_melds(melds).unwrap()).ok
    }

    #[test]
    fn ace_option_lets_shanghai_play_the_ace_low() {
        let melds = "AH 2H 3H 4H | 9C 9D 9S";
        assert!(!legal(&RuleSet::preset("shanghai").unwrap(), 2, melds));
        let low = with(
            "shanghai",
            &[("ace", OptionValue::Text("low-or-high".into()))],
        );
        assert!(legal(&low, 2, melds));
    }

    #[test]
    fn exact_minimum_off_lets_contract_lay_a_longer_first_meld() {
        let melds = "5H 5S 5D 5C | 9C 9D 9S";
        assert!(!legal(&RuleSet::preset("contract").unwrap(), 1, melds));
        assert!(legal(
            &with("contract", &[("exact_minimum", OptionValue::Bool(false))]),
            1,
            melds
        ));
        // And on for May I makes it exact.
        assert!(!legal(
            &with("may-i", &[("exact_minimum", OptionValue::Bool(true))]),
            1,
            melds
        ));
    }

    #[test]
    fn cut_bonus_and_joker_points_change_the_numbers() {
        let rs = with(
            "liverpool",
            &[
                ("cut_bonus", OptionValue::Int(25)),
                ("joker_points", OptionValue::Int(30)),
            ],
        );
        assert_eq!(rs.cut_bonus, Some(25));
        assert_eq!(rs.penalty_points(&[Card::Joker]), Some(30));
    }

    #[test]
    fn buy_limit_sets_shanghai_may_i_per_round() {
        let rs = with("shanghai", &[("buy_limit", OptionValue::Int(3))]);
        assert!(rs.rounds.iter().all(|r| r.buys.limit == Some(3)));
        let none = with("shanghai", &[("buy_limit", OptionValue::Int(0))]);
        assert!(none.rounds.iter().all(|r| !r.buys.allowed));
    }

    #[test]
    fn progressive_payouts_kitty_split_and_buy_cents_reach_the_settlement() {
        let rs = with(
            "progressive",
            &[
                ("payouts", OptionValue::List(vec![0, 5, 10, 20])),
                ("kitty_split", OptionValue::Text("two-thirds".into())),
                ("buy_cents", OptionValue::Int(3)),
            ],
        );
        let cfg = places_config(&rs, 4);
        assert_eq!(cfg.payouts, [0, 5, 10, 20]);
        assert_eq!(cfg.kitty_split, KittySplit::TwoThirds);
        assert_eq!(cfg.cents_per_buy, 3);
        // Totals: B first, A second, D third, C fourth. Buys A 1, C 2: kitty 9 cents,
        // second (A) floor(9/3) = 3, winner (B) 6.
        let s = settle(
            &rs,
            4,
            &MoneyInput {
                totals: vec![50, 20, 90, 70],
                buys: vec![1, 0, 2, 0],
                ..MoneyInput::default()
            },
        )
        .unwrap();
        assert_eq!(s.net_cents, [-5 - 3 + 3, 35 + 6, -20 - 6, -10]);
    }

    #[test]
    fn continental_hands_option_sets_the_game_length() {
        assert_eq!(
            with("continental", &[("hands", OptionValue::Int(5))])
                .rounds
                .len(),
            5
        );
    }

    #[test]
    fn rommee_joker_count_twos_wild_and_rounds_options() {
        let rs = with(
            "rommee",
            &[
                ("joker_count", OptionValue::Int(0)),
                ("twos_wild", OptionValue::Bool(true)),
                ("rounds", OptionValue::Int(3)),
            ],
        );
        assert_eq!(rs.decks(4).cards(), 104);
        assert!(!rs.meld.jokers && rs.meld.twos_wild);
        // A wild 2 counts as a joker in hand.
        assert_eq!(rs.penalty_points(&parse_cards("2H").unwrap()), Some(20));
        assert_eq!(rs.round_count(6), 3);
        let spec = rs.round_for_check(None).unwrap();
        let melds = parse_melds("10S 10D 2C | JH QH KH").unwrap();
        assert!(check(&rs, &spec, &melds).ok);
    }

    #[test]
    fn hollywood_jokers_per_deck_and_wild_twos() {
        let rs = with(
            "hollywood",
            &[
                ("jokers_per_deck", OptionValue::Int(1)),
                ("twos_wild", OptionValue::Bool(true)),
            ],
        );
        assert_eq!(rs.decks(4).cards(), 106);
        assert_eq!(rs.decks(6).cards(), 159);
        assert!(legal(&rs, 1, "5H 5S 2C | 9C 9D 9S"));
        let no_jokers = with("hollywood", &[("jokers_per_deck", OptionValue::Int(0))]);
        assert_eq!(no_jokers.decks(4).cards(), 104);
        assert!(!legal(&no_jokers, 1, "5H 5S JK | 9C 9D 9S"));
    }

    #[test]
    fn settlement_option_switches_the_scheme() {
        let rs = with(
            "hollywood",
            &[("settlement", OptionValue::Text("pairwise".into()))],
        );
        assert_eq!(rs.scheme, Scheme::Pairwise);
        let rs = with(
            "rommee",
            &[("settlement", OptionValue::Text("lowest-collects".into()))],
        );
        assert_eq!(rs.scheme, Scheme::LowestCollects);
    }
}
