//! Cards and their text notation (docs/RULES.md section 1).
//!
//! Pure: std and serde only. Parsing is lenient (`10H`, `th`, `A♦`, `*`), printing is canonical
//! (`10H`, `JK`). Names and symbols for display (`10♥`, German or English names) and the
//! sentences of a [`CardError`] are words: they live in `text`, not here.

use std::fmt;

/// One of the four suits. Order: clubs, diamonds, hearts, spades.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    /// All suits in canonical order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// Index 0..4 in canonical order.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The suit letter of the notation: `C D H S`.
    pub fn letter(self) -> char {
        ['C', 'D', 'H', 'S'][self.index()]
    }

    /// The suit symbol: `♣ ♦ ♥ ♠`.
    pub fn symbol(self) -> char {
        ['♣', '♦', '♥', '♠'][self.index()]
    }

    fn parse(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'C' | '♣' | '♧' => Some(Suit::Clubs),
            'D' | '♦' | '♢' => Some(Suit::Diamonds),
            'H' | '♥' | '♡' => Some(Suit::Hearts),
            'S' | '♠' | '♤' => Some(Suit::Spades),
            _ => None,
        }
    }
}

/// A rank 1..=13: 1 = ace, 11 = jack, 12 = queen, 13 = king.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    pub const ACE: Rank = Rank(1);
    pub const TWO: Rank = Rank(2);
    pub const TEN: Rank = Rank(10);
    pub const JACK: Rank = Rank(11);
    pub const QUEEN: Rank = Rank(12);
    pub const KING: Rank = Rank(13);

    /// A rank from its number 1..=13.
    pub fn new(n: u8) -> Option<Rank> {
        (1..=13).contains(&n).then_some(Rank(n))
    }

    /// The number 1..=13 (ace = 1).
    pub fn number(self) -> u8 {
        self.0
    }

    /// All ranks ace to king.
    pub fn all() -> impl Iterator<Item = Rank> {
        (1..=13).map(Rank)
    }

    /// Notation symbol: `A 2 … 10 J Q K`.
    pub fn symbol(self) -> &'static str {
        [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ][self.0 as usize - 1]
    }

    fn parse(s: &str) -> Option<Rank> {
        let up = s.to_ascii_uppercase();
        let n = match up.as_str() {
            "A" => 1,
            "J" | "B" => 11,
            "Q" | "D" => 12,
            "K" => 13,
            "T" | "10" => 10,
            _ => {
                let n: u8 = up.parse().ok()?;
                if !(2..=9).contains(&n) {
                    return None;
                }
                n
            }
        };
        Some(Rank(n))
    }
}

/// A playing card: a natural card or a joker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Card {
    Natural { rank: Rank, suit: Suit },
    Joker,
}

impl Card {
    /// A natural card.
    pub fn new(rank: Rank, suit: Suit) -> Card {
        Card::Natural { rank, suit }
    }

    /// The rank, if natural.
    pub fn rank(self) -> Option<Rank> {
        match self {
            Card::Natural { rank, .. } => Some(rank),
            Card::Joker => None,
        }
    }

    /// The suit, if natural.
    pub fn suit(self) -> Option<Suit> {
        match self {
            Card::Natural { suit, .. } => Some(suit),
            Card::Joker => None,
        }
    }

    /// Dense index: naturals 0..52 (suit-major), joker 52.
    pub fn index(self) -> usize {
        match self {
            Card::Natural { rank, suit } => suit.index() * 13 + rank.number() as usize - 1,
            Card::Joker => 52,
        }
    }

    /// Inverse of [`Card::index`].
    pub fn from_index(i: usize) -> Card {
        if i >= 52 {
            Card::Joker
        } else {
            Card::new(Rank(i as u8 % 13 + 1), Suit::ALL[i / 13])
        }
    }

    /// Canonical notation: `10H`, `QS`, `JK`.
    pub fn code(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Natural { rank, suit } => write!(f, "{}{}", rank.symbol(), suit.letter()),
            Card::Joker => f.write_str("JK"),
        }
    }
}

/// A card token that could not be read. Its words (and `Display`, the English clause) are in
/// `text`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardError {
    /// The token is not a card in the notation; `meld` is the 1-based meld it is in, if any.
    Unknown { token: String, meld: Option<usize> },
    /// A rank followed by a lone `K` in German letters ("DK", "10K"): Kreuz or Karo, so no
    /// card is guessed (docs/RULES.md section 1).
    Ambiguous { token: String, meld: Option<usize> },
    /// Too many cards to be a real hand.
    TooMany { count: usize, max: usize },
    /// A meld with no cards in it.
    EmptyMeld { meld: usize },
    /// Too many melds.
    TooManyMelds { count: usize, max: usize },
    /// A declaration (`5H=JH`) on a card that is never wild: only a joker or a 2 can be
    /// declared as another card.
    PinOnNatural { token: String, meld: Option<usize> },
    /// A wild card declared as a joker (`2C=JK`): a wild card stands for a natural card.
    PinToJoker { token: String, meld: Option<usize> },
    /// A declaration in a hand for the solver (`JK=7H`): a card in hand is not laid, so it
    /// stands for nothing yet; the solver's answer declares every wild card it lays.
    PinInHand { token: String },
    /// A 2 declared as another card in a game where 2s are not wild (`2C=5H` in a card list
    /// that is scored).
    PinNotWild { token: String },
}

impl std::error::Error for CardError {}

impl CardError {
    /// The same error, placed in meld `meld` (1-based).
    fn located(self, meld: usize) -> CardError {
        match self {
            CardError::Unknown { token, .. } => CardError::Unknown {
                token,
                meld: Some(meld),
            },
            CardError::Ambiguous { token, .. } => CardError::Ambiguous {
                token,
                meld: Some(meld),
            },
            CardError::PinOnNatural { token, .. } => CardError::PinOnNatural {
                token,
                meld: Some(meld),
            },
            CardError::PinToJoker { token, .. } => CardError::PinToJoker {
                token,
                meld: Some(meld),
            },
            other => other,
        }
    }
}

/// The most cards one request may name (a hand, a meld list, a score).
pub const MAX_CARDS: usize = 60;
/// The most melds one request may name.
pub const MAX_MELDS: usize = 20;

impl std::str::FromStr for Card {
    type Err = CardError;

    /// Parses one card: rank then suit (`10H`, `TH`, `qs`, `A♦`), or a joker (`JK`, `*`,
    /// `Joker`). docs/RULES.md section 1.
    fn from_str(s: &str) -> Result<Card, CardError> {
        let t = s.trim();
        let unknown = || CardError::Unknown {
            token: t.to_string(),
            meld: None,
        };
        let up = t.to_uppercase();
        if matches!(up.as_str(), "JK" | "*" | "JOKER" | "🃏") {
            return Ok(Card::Joker);
        }
        let last = t.chars().last().ok_or_else(unknown)?;
        let english = Suit::parse(last).and_then(|suit| {
            let rank_part = &t[..t.len() - last.len_utf8()];
            Rank::parse(rank_part).map(|rank| Card::new(rank, suit))
        });
        if let Some(card) = english {
            return Ok(card);
        }
        match german(&up) {
            German::Card(card) => Ok(card),
            German::SuitK => Err(CardError::Ambiguous {
                token: t.to_string(),
                meld: None,
            }),
            German::Nothing => Err(unknown()),
        }
    }
}

/// What a token says in the German letters (docs/RULES.md section 1, "German letters").
#[derive(Debug, PartialEq, Eq)]
enum German {
    /// One card.
    Card(Card),
    /// A rank followed by a lone `K`: Kreuz or Karo, nobody can tell.
    SuitK,
    /// Not a card in German letters either.
    Nothing,
}

/// The German suit words and letters, longest first. `K` alone is Karo only in front of the
/// rank, as the seed writes it ("KK, HK, PK; T2, K2, H2, P2": T is Treff, that is Kreuz);
/// after a rank it could be Kreuz or Karo.
const GERMAN_SUITS: [(&str, Suit); 10] = [
    ("KREUZ", Suit::Clubs),
    ("TREFF", Suit::Clubs),
    ("KARO", Suit::Diamonds),
    ("HERZ", Suit::Hearts),
    ("PIK", Suit::Spades),
    ("KR", Suit::Clubs),
    ("KA", Suit::Diamonds),
    ("T", Suit::Clubs),
    ("H", Suit::Hearts),
    ("P", Suit::Spades),
];

/// The German rank letters (A, B, D, K) and words without umlauts (Ass, Bube, Dame; the
/// rules layer holds no German text, so the king is its letter only), and 2 to 10.
fn german_rank(s: &str) -> Option<Rank> {
    let n = match s {
        "A" | "ASS" => 1,
        "B" | "BUBE" => 11,
        "D" | "DAME" => 12,
        "K" => 13,
        _ => {
            let n: u8 = s.parse().ok()?;
            if !(2..=10).contains(&n) || s.starts_with('0') || s.starts_with('+') {
                return None;
            }
            n
        }
    };
    Some(Rank(n))
}

/// Reads a token (upper case) in German letters: the suit in front ("HK" Herz König, "T2"
/// Treff 2, "Karo-A"), else the rank in front ("BP" Bube Pik, "DKr" Dame Kreuz). Called
/// only for a token the English notation does not read, so "KD" stays the king of diamonds.
fn german(up: &str) -> German {
    let word: String = up.chars().filter(|c| *c != '-' && *c != '.').collect();
    let suit_first = GERMAN_SUITS
        .iter()
        .chain(&[("K", Suit::Diamonds)])
        .filter_map(|(name, suit)| {
            let rank = german_rank(word.strip_prefix(name)?)?;
            Some(Card::new(rank, *suit))
        })
        .collect::<Vec<_>>();
    if let Some(&card) = suit_first.first() {
        // Longer names are tried first and no two readings of one token differ ("KAK": only
        // Ka + K reads), so the first is the card.
        return German::Card(card);
    }
    for (name, suit) in GERMAN_SUITS {
        if let Some(rank) = word.strip_suffix(name).and_then(german_rank) {
            return German::Card(Card::new(rank, suit));
        }
    }
    if word.strip_suffix('K').and_then(german_rank).is_some() {
        return German::SuitK;
    }
    German::Nothing
}

fn tokens(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
}

/// Parses a list of cards separated by spaces or commas (docs/RULES.md section 1).
pub fn parse_cards(s: &str) -> Result<Vec<Card>, CardError> {
    let count = tokens(s).count();
    if count > MAX_CARDS {
        return Err(CardError::TooMany {
            count,
            max: MAX_CARDS,
        });
    }
    tokens(s).map(str::parse).collect()
}

/// Cards as given: one string in the notation (`"AS JK 10H"`, spaces or commas) or a list of
/// card strings (`["AS", "JK", "10H"]`). The one reading of cards for game entries and the
/// referee API. Written back as it came (a string or a list).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum CardsInput {
    /// `"AS JK 10H"`.
    Text(String),
    /// `["AS", "JK", "10H"]`.
    List(Vec<String>),
}

impl CardsInput {
    /// The cards with their declarations (`JK=7H`), `Ok(None)` when nothing was given:
    /// for card lists where a declared wild card is still that wild card (`/score`).
    pub fn parse_pinned(&self) -> Result<Option<(Vec<Card>, Pins)>, CardError> {
        let tokens = self.tokens();
        if tokens.len() > MAX_CARDS {
            return Err(CardError::TooMany {
                count: tokens.len(),
                max: MAX_CARDS,
            });
        }
        let pairs = tokens
            .iter()
            .map(|t| parse_pinned(t))
            .collect::<Result<Vec<_>, _>>()?;
        Ok((!pairs.is_empty()).then(|| pairs.into_iter().unzip()))
    }

    /// A hand for the solver: the cards, where a declaration is [`CardError::PinInHand`]
    /// (a card in hand stands for nothing yet) rather than an unknown card.
    pub fn parse_hand(&self) -> Result<Option<Vec<Card>>, CardError> {
        if let Some(token) = self
            .tokens()
            .into_iter()
            .find(|t| t.contains('=') && parse_pinned(t).is_ok_and(|(_, pin)| pin.is_some()))
        {
            return Err(CardError::PinInHand { token });
        }
        self.parse()
    }

    /// The cards, `Ok(None)` when nothing was given (an empty text or list).
    pub fn parse(&self) -> Result<Option<Vec<Card>>, CardError> {
        let cards = match self {
            CardsInput::Text(s) => parse_cards(s)?,
            CardsInput::List(l) => parse_card_list(l)?,
        };
        Ok((!cards.is_empty()).then_some(cards))
    }

    /// The card strings one by one (a text is split like the notation: spaces or commas).
    pub fn tokens(&self) -> Vec<String> {
        match self {
            CardsInput::List(list) => list.clone(),
            CardsInput::Text(text) => tokens(text).map(str::to_owned).collect(),
        }
    }
}

impl<'de> serde::Deserialize<'de> for CardsInput {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::{self, SeqAccess, Visitor};

        struct CardsVisitor;

        impl<'de> Visitor<'de> for CardsVisitor {
            type Value = CardsInput;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of cards like [\"3H\", \"4H\"] or one string like \"3H 4H\"")
            }

            fn visit_str<E: de::Error>(self, s: &str) -> Result<CardsInput, E> {
                Ok(CardsInput::Text(s.to_owned()))
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<CardsInput, A::Error> {
                let mut list = Vec::new();
                while let Some(card) = seq.next_element::<String>()? {
                    list.push(card);
                }
                Ok(CardsInput::List(list))
            }
        }

        deserializer.deserialize_any(CardsVisitor)
    }
}

/// Parses a list of card strings, each one card (the JSON list form).
pub fn parse_card_list<S: AsRef<str>>(list: &[S]) -> Result<Vec<Card>, CardError> {
    if list.len() > MAX_CARDS {
        return Err(CardError::TooMany {
            count: list.len(),
            max: MAX_CARDS,
        });
    }
    list.iter().map(|s| s.as_ref().parse()).collect()
}

/// Parses melds separated by `|`, `;` or new lines; each meld a card list. An empty meld
/// between two separators is an error, but blank trailing lines are ignored.
pub fn parse_melds(s: &str) -> Result<Vec<Vec<Card>>, CardError> {
    let parts: Vec<&str> = s.split(['|', ';', '\n']).collect();
    // Trailing or leading blank parts (e.g. a final newline) are not melds.
    let first = parts.iter().position(|p| !p.trim().is_empty());
    let last = parts.iter().rposition(|p| !p.trim().is_empty());
    let (Some(first), Some(last)) = (first, last) else {
        return Ok(Vec::new());
    };
    let parts = &parts[first..=last];
    if parts.len() > MAX_MELDS {
        return Err(CardError::TooManyMelds {
            count: parts.len(),
            max: MAX_MELDS,
        });
    }
    let melds: Vec<Vec<Card>> = parts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let cards = parse_cards(p).map_err(|e| e.located(i + 1))?;
            if cards.is_empty() {
                return Err(CardError::EmptyMeld { meld: i + 1 });
            }
            Ok(cards)
        })
        .collect::<Result<_, _>>()?;
    let total: usize = melds.iter().map(Vec::len).sum();
    if total > MAX_CARDS {
        return Err(CardError::TooMany {
            count: total,
            max: MAX_CARDS,
        });
    }
    Ok(melds)
}

/// Parses melds given as lists of card strings (the JSON form), naming the meld of a bad card.
pub fn parse_meld_lists<S: AsRef<str>>(melds: &[Vec<S>]) -> Result<Vec<Vec<Card>>, CardError> {
    if melds.len() > MAX_MELDS {
        return Err(CardError::TooManyMelds {
            count: melds.len(),
            max: MAX_MELDS,
        });
    }
    let total: usize = melds.iter().map(Vec::len).sum();
    if total > MAX_CARDS {
        return Err(CardError::TooMany {
            count: total,
            max: MAX_CARDS,
        });
    }
    melds
        .iter()
        .enumerate()
        .map(|(i, m)| {
            if m.is_empty() {
                return Err(CardError::EmptyMeld { meld: i + 1 });
            }
            m.iter()
                .map(|s| s.as_ref().parse().map_err(|e: CardError| e.located(i + 1)))
                .collect()
        })
        .collect()
}

/// What each card of a meld is declared as (docs/RULES.md section 1): `Some(card)` for a
/// wild card laid as that card (`JK=JH`), `None` for a natural card or a wild card left open.
pub type Pins = Vec<Option<Card>>;

/// Melds with their declared wild cards: `pins[m][i]` is what card `i` of meld `m` is
/// declared as.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PinnedMelds {
    /// The cards as laid (a declared joker is still [`Card::Joker`]).
    pub melds: Vec<Vec<Card>>,
    /// One entry per card of each meld.
    pub pins: Vec<Pins>,
}

impl PinnedMelds {
    /// Melds without declarations.
    pub fn open(melds: Vec<Vec<Card>>) -> PinnedMelds {
        let pins = melds.iter().map(|m| vec![None; m.len()]).collect();
        PinnedMelds { melds, pins }
    }

    /// Whether any wild card is declared.
    pub fn any(&self) -> bool {
        self.pins.iter().flatten().any(Option::is_some)
    }
}

/// Reads one card that may carry a declaration: `JK=JH`, `2C=5H` (also `*=J♥`). The card on
/// the left must be able to be wild (a joker or a 2; whether 2s are wild in the game is the
/// checker's question), the one on the right a natural card.
pub fn parse_pinned(token: &str) -> Result<(Card, Option<Card>), CardError> {
    let Some((card, declared)) = token.split_once('=') else {
        return Ok((token.parse()?, None));
    };
    let whole = || token.trim().to_string();
    let unknown = |_| CardError::Unknown {
        token: whole(),
        meld: None,
    };
    let card: Card = card.parse().map_err(unknown)?;
    let declared: Card = declared.parse().map_err(unknown)?;
    if declared == Card::Joker {
        return Err(CardError::PinToJoker {
            token: whole(),
            meld: None,
        });
    }
    if card != Card::Joker && card.rank() != Some(Rank::TWO) {
        return Err(CardError::PinOnNatural {
            token: whole(),
            meld: None,
        });
    }
    Ok((card, Some(declared)))
}

/// One meld's tokens with their declarations.
fn parse_pinned_meld<S: AsRef<str>>(
    tokens: &[S],
    meld: usize,
) -> Result<(Vec<Card>, Pins), CardError> {
    tokens
        .iter()
        .map(|t| parse_pinned(t.as_ref()).map_err(|e| e.located(meld)))
        .collect::<Result<Vec<_>, _>>()
        .map(|pairs| pairs.into_iter().unzip())
}

/// [`parse_melds`] that also reads declared wild cards (`JK=JH QH KH | 3S 3D 3C`).
pub fn parse_pinned_melds(s: &str) -> Result<PinnedMelds, CardError> {
    let parts: Vec<&str> = s.split(['|', ';', '\n']).collect();
    let first = parts.iter().position(|p| !p.trim().is_empty());
    let last = parts.iter().rposition(|p| !p.trim().is_empty());
    let (Some(first), Some(last)) = (first, last) else {
        return Ok(PinnedMelds::default());
    };
    let lists: Vec<Vec<&str>> = parts[first..=last]
        .iter()
        .map(|p| tokens(p).collect())
        .collect();
    parse_pinned_meld_lists(&lists)
}

/// [`parse_meld_lists`] that also reads declared wild cards (`[["JK=JH", "QH", "KH"]]`).
pub fn parse_pinned_meld_lists<S: AsRef<str>>(melds: &[Vec<S>]) -> Result<PinnedMelds, CardError> {
    if melds.len() > MAX_MELDS {
        return Err(CardError::TooManyMelds {
            count: melds.len(),
            max: MAX_MELDS,
        });
    }
    let total: usize = melds.iter().map(Vec::len).sum();
    if total > MAX_CARDS {
        return Err(CardError::TooMany {
            count: total,
            max: MAX_CARDS,
        });
    }
    let mut out = PinnedMelds::default();
    for (i, m) in melds.iter().enumerate() {
        if m.is_empty() {
            return Err(CardError::EmptyMeld { meld: i + 1 });
        }
        let (cards, pins) = parse_pinned_meld(m, i + 1)?;
        out.melds.push(cards);
        out.pins.push(pins);
    }
    Ok(out)
}

/// A card in the notation with its declaration, if any: `JK=JH`.
pub fn pinned_code(card: Card, pin: Option<Card>) -> String {
    match pin {
        Some(declared) => format!("{card}={declared}"),
        None => card.code(),
    }
}

/// A meld in the notation with its declarations: `JK=JH QH KH`.
pub fn format_pinned(cards: &[Card], pins: &[Option<Card>]) -> String {
    cards
        .iter()
        .enumerate()
        .map(|(i, &c)| pinned_code(c, pins.get(i).copied().flatten()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Canonical notation of a card list: `3H 4H JK`.
pub fn format_cards(cards: &[Card]) -> String {
    cards.iter().map(|c| c.code()).collect::<Vec<_>>().join(" ")
}

/// A multiset of cards as counts per [`Card::index`] (53 slots, joker last).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CardCounts(pub [u8; 53]);

impl CardCounts {
    /// Counts of a card list.
    pub fn of(cards: &[Card]) -> CardCounts {
        let mut c = [0u8; 53];
        for card in cards {
            c[card.index()] = c[card.index()].saturating_add(1);
        }
        CardCounts(c)
    }

    /// How many of this card.
    pub fn get(&self, card: Card) -> u8 {
        self.0[card.index()]
    }

    /// Total number of cards.
    pub fn total(&self) -> usize {
        self.0.iter().map(|&n| n as usize).sum()
    }

    /// Is `other` contained in `self` (as multisets)?
    pub fn contains(&self, other: &CardCounts) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a >= b)
    }

    /// The cards, sorted by index.
    pub fn to_cards(&self) -> Vec<Card> {
        let mut out = Vec::with_capacity(self.total());
        for (i, &n) in self.0.iter().enumerate() {
            for _ in 0..n {
                out.push(Card::from_index(i));
            }
        }
        out
    }
}

impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

impl serde::Serialize for Suit {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.letter())
    }
}

impl serde::Serialize for Rank {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.symbol())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn declared_wilds_are_read_and_printed_back_in_the_same_notation() {
        let m = parse_pinned_melds("JK=JH QH KH | 2c=5h 6H 7H | 3S 3D 3C").unwrap();
        assert_eq!(m.melds[0], vec![Card::Joker, c("QH"), c("KH")]);
        assert_eq!(m.pins[0], vec![Some(c("JH")), None, None]);
        assert_eq!(m.pins[1], vec![Some(c("5H")), None, None]);
        assert_eq!(m.pins[2], vec![None, None, None]);
        assert!(m.any());
        assert_eq!(format_pinned(&m.melds[1], &m.pins[1]), "2C=5H 6H 7H");
        assert_eq!(parse_pinned("*=J♥").unwrap(), (Card::Joker, Some(c("JH"))));
        // The JSON list form takes the same tokens.
        let l = parse_pinned_meld_lists(&[vec!["JK=JH", "QH", "KH"]]).unwrap();
        assert_eq!(l.melds[0], m.melds[0]);
        assert_eq!(l.pins[0], m.pins[0]);
        // Without declarations nothing is pinned.
        assert!(!parse_pinned_melds("3H 4H 5H JK").unwrap().any());
    }

    #[test]
    fn a_declaration_on_a_natural_card_or_as_a_joker_is_an_error() {
        assert_eq!(
            parse_pinned_melds("3H 4H | 5H=JH QH KH").unwrap_err(),
            CardError::PinOnNatural {
                token: "5H=JH".into(),
                meld: Some(2)
            }
        );
        assert_eq!(
            parse_pinned_melds("2C=JK QH KH").unwrap_err(),
            CardError::PinToJoker {
                token: "2C=JK".into(),
                meld: Some(1)
            }
        );
        assert!(matches!(
            parse_pinned_melds("JK=ZZ QH KH").unwrap_err(),
            CardError::Unknown { .. }
        ));
        assert!(matches!(
            parse_pinned("JK=").unwrap_err(),
            CardError::Unknown { .. }
        ));
        // The plain readers still take no declarations.
        assert!(parse_melds("JK=JH QH KH").is_err());
    }

    #[test]
    fn notation_accepts_letters_symbols_ten_and_jokers_case_insensitively() {
        assert_eq!(c("10H"), Card::new(Rank::TEN, Suit::Hearts));
        assert_eq!(c("th"), Card::new(Rank::TEN, Suit::Hearts));
        assert_eq!(c("QS"), Card::new(Rank::QUEEN, Suit::Spades));
        assert_eq!(c("A♦"), Card::new(Rank::ACE, Suit::Diamonds));
        assert_eq!(c("k♣"), Card::new(Rank::KING, Suit::Clubs));
        assert_eq!(c("JK"), Card::Joker);
        assert_eq!(c("jk"), Card::Joker);
        assert_eq!(c("*"), Card::Joker);
        assert_eq!(c("JS"), Card::new(Rank::JACK, Suit::Spades));
    }

    #[test]
    fn german_letters_read_with_the_suit_in_front_as_the_seed_writes_them() {
        // Seed 002: "KK, HK, PK; T2, K2, H2, P2" (T Treff = Kreuz, K Karo, H Herz, P Pik).
        assert_eq!(c("KK"), Card::new(Rank::KING, Suit::Diamonds));
        assert_eq!(c("HK"), Card::new(Rank::KING, Suit::Hearts));
        assert_eq!(c("PK"), Card::new(Rank::KING, Suit::Spades));
        assert_eq!(c("T2"), Card::new(Rank::TWO, Suit::Clubs));
        assert_eq!(c("K2"), Card::new(Rank::TWO, Suit::Diamonds));
        assert_eq!(c("H2"), Card::new(Rank::TWO, Suit::Hearts));
        assert_eq!(c("p2"), Card::new(Rank::TWO, Suit::Spades));
        assert_eq!(
            parse_cards("KK, HK, PK").unwrap(),
            [c("KD"), c("KH"), c("KS")]
        );
        // Seed 000 writes the suit as a word: "Karo-A", "Kreuz-B", "Pik-D".
        assert_eq!(c("Karo-A"), Card::new(Rank::ACE, Suit::Diamonds));
        assert_eq!(c("Kreuz-B"), Card::new(Rank::JACK, Suit::Clubs));
        assert_eq!(c("Pik-D"), Card::new(Rank::QUEEN, Suit::Spades));
        assert_eq!(c("Herz-10"), Card::new(Rank::TEN, Suit::Hearts));
        assert_eq!(c("Treff-Dame"), Card::new(Rank::QUEEN, Suit::Clubs));
        assert_eq!(c("KrB"), Card::new(Rank::JACK, Suit::Clubs));
        assert_eq!(c("KaD"), Card::new(Rank::QUEEN, Suit::Diamonds));
        assert_eq!(c("TK"), Card::new(Rank::KING, Suit::Clubs));
        assert_eq!(c("K10"), Card::new(Rank::TEN, Suit::Diamonds));
    }

    #[test]
    fn german_letters_read_with_the_rank_in_front_where_the_suit_is_clear() {
        assert_eq!(c("BP"), Card::new(Rank::JACK, Suit::Spades));
        assert_eq!(c("DP"), Card::new(Rank::QUEEN, Suit::Spades));
        assert_eq!(c("AH"), Card::new(Rank::ACE, Suit::Hearts));
        assert_eq!(c("10P"), Card::new(Rank::TEN, Suit::Spades));
        assert_eq!(c("DT"), Card::new(Rank::QUEEN, Suit::Clubs));
        assert_eq!(c("DKr"), Card::new(Rank::QUEEN, Suit::Clubs));
        assert_eq!(c("BKa"), Card::new(Rank::JACK, Suit::Diamonds));
        assert_eq!(c("Dame-Pik"), Card::new(Rank::QUEEN, Suit::Spades));
    }

    #[test]
    fn a_lone_k_after_the_rank_is_kreuz_or_karo_and_is_refused() {
        for token in ["DK", "10K", "AK", "BK", "2K"] {
            assert_eq!(
                token.parse::<Card>().unwrap_err(),
                CardError::Ambiguous {
                    token: token.into(),
                    meld: None
                },
                "{token}"
            );
        }
        assert_eq!(
            parse_melds("3H 4H 5H | 8H DK").unwrap_err(),
            CardError::Ambiguous {
                token: "DK".into(),
                meld: Some(2)
            }
        );
    }

    #[test]
    fn a_token_the_english_notation_reads_keeps_its_english_reading() {
        // "KD" is the king of diamonds, never Karo Dame; "TD" the ten of diamonds; "DD" the
        // queen of diamonds ("D" as a rank is Dame).
        assert_eq!(c("KD"), Card::new(Rank::KING, Suit::Diamonds));
        assert_eq!(c("TD"), Card::new(Rank::TEN, Suit::Diamonds));
        assert_eq!(c("DD"), Card::new(Rank::QUEEN, Suit::Diamonds));
        assert_eq!(c("KH"), Card::new(Rank::KING, Suit::Hearts));
        assert_eq!(c("BH"), Card::new(Rank::JACK, Suit::Hearts));
        // Every card's canonical code reads back as itself.
        for i in 0..=52 {
            let card = Card::from_index(i);
            assert_eq!(c(&card.code()), card);
        }
    }

    #[test]
    fn bad_tokens_are_named_in_the_error() {
        let e = "11H".parse::<Card>().unwrap_err();
        assert_eq!(e.to_string(), "unknown card \"11H\"");
        for bad in [
            "1H", "0S", "ZZ", "H", "10", "", "10X", "AHH", "K", "P", "T", "11P", "H1", "PP",
            "KRK0", "H+2", "P02",
        ] {
            assert!(bad.parse::<Card>().is_err(), "{bad} should not parse");
        }
        let e = parse_melds("3H 4H 5H | 8H 11H").unwrap_err();
        assert_eq!(e.to_string(), "unknown card \"11H\" in meld 2");
    }

    #[test]
    fn cards_split_on_spaces_and_commas_and_melds_on_bars_semicolons_and_lines() {
        assert_eq!(parse_cards("3H, 4H ,5H").unwrap().len(), 3);
        let m = parse_melds("3H 4H 5H 6H | 8H 9H 10H JH; 5D 5S 5C\n7C 7D 7S\n").unwrap();
        assert_eq!(m.len(), 4);
        assert_eq!(format_cards(&m[1]), "8H 9H 10H JH");
        assert_eq!(
            parse_melds("3H || 4H").unwrap_err(),
            CardError::EmptyMeld { meld: 2 }
        );
        assert!(parse_melds("  \n").unwrap().is_empty());
    }

    #[test]
    fn oversized_input_is_refused_with_a_count() {
        let many = vec!["5H"; MAX_CARDS + 1].join(" ");
        assert_eq!(
            parse_cards(&many).unwrap_err(),
            CardError::TooMany {
                count: MAX_CARDS + 1,
                max: MAX_CARDS
            }
        );
    }

    fn any_card() -> impl Strategy<Value = Card> {
        (0usize..53).prop_map(Card::from_index)
    }

    proptest! {
        #[test]
        fn canonical_notation_round_trips(cards in proptest::collection::vec(any_card(), 0..30)) {
            let text = format_cards(&cards);
            prop_assert_eq!(parse_cards(&text).unwrap(), cards.clone());
            for card in &cards {
                prop_assert_eq!(Card::from_index(card.index()), *card);
            }
        }

        #[test]
        fn parsing_arbitrary_text_never_panics(s in ".{0,80}") {
            let _ = parse_cards(&s);
            let _ = parse_melds(&s);
        }
    }

    #[test]
    fn cards_are_read_from_a_list_or_one_string() {
        let list: CardsInput = serde_json::from_str(r#"["AS", "JK", "7H"]"#).unwrap();
        let text: CardsInput = serde_json::from_str(r#""AS JK,7H""#).unwrap();
        assert_eq!(list.parse().unwrap(), text.parse().unwrap());
        let wrong = serde_json::from_str::<CardsInput>("5").unwrap_err();
        assert!(wrong.to_string().contains("a list of cards"), "{wrong}");
    }

    #[test]
    fn cards_are_written_back_as_they_came_and_nothing_given_is_none() {
        let text = CardsInput::Text("AS JK".into());
        assert_eq!(serde_json::to_string(&text).unwrap(), r#""AS JK""#);
        let list = CardsInput::List(vec!["AS".into()]);
        assert_eq!(serde_json::to_string(&list).unwrap(), r#"["AS"]"#);
        assert_eq!(CardsInput::Text(" ".into()).parse(), Ok(None));
        assert_eq!(CardsInput::List(vec![]).parse(), Ok(None));
    }
}
