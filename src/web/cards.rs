//! Cards and melds for display, in the page's language: card chips with suit symbols and
//! German letters (B D K A) in German, meld readings in words, and card-input errors as
//! sentences. Shared by every page that shows or takes cards.

use crate::rules::cards::{Card, CardError, Rank, Suit};
use crate::rules::meld::{MeldKind, Reading};
use crate::text::Lang;

use super::i18n::{Msg, PageCtx};

/// One card as shown: `10♥`, `D♠` (German queen), `Joker`; red for hearts and diamonds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardChip {
    pub text: String,
    /// `red`, `black` or `joker`: the chip's CSS class.
    pub class: &'static str,
}

impl CardChip {
    /// A card in a language.
    pub fn of(card: Card, lang: Lang) -> CardChip {
        let class = match card.suit() {
            Some(Suit::Hearts | Suit::Diamonds) => "red",
            Some(_) => "black",
            None => "joker",
        };
        CardChip {
            text: card.display(lang),
            class,
        }
    }
}

/// Chips for a list of cards.
pub fn chips(cards: &[Card], lang: Lang) -> Vec<CardChip> {
    cards.iter().map(|&c| CardChip::of(c, lang)).collect()
}

/// Cards as plain text: `3♥ 4♥ Joker`.
pub fn cards_text(cards: &[Card], lang: Lang) -> String {
    cards
        .iter()
        .map(|c| c.display(lang))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The ranks as the card grid labels them: `A 2 … 10 J Q K`, in German `A 2 … 10 B D K`.
pub fn rank_labels(lang: Lang) -> String {
    Rank::all()
        .map(|r| r.display(lang))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A rank in the plural, as in "set of queens" / "Satz aus Damen".
fn rank_plural(rank: Rank, lang: Lang) -> String {
    match (lang, rank.number()) {
        (Lang::En, 1) => "aces".into(),
        (Lang::En, 11) => "jacks".into(),
        (Lang::En, 12) => "queens".into(),
        (Lang::En, 13) => "kings".into(),
        (Lang::En, _) => format!("{}s", rank.symbol()),
        (Lang::De, 1) => "Assen".into(),
        (Lang::De, 11) => "Buben".into(),
        (Lang::De, 12) => "Damen".into(),
        (Lang::De, 13) => "Königen".into(),
        (Lang::De, _) => format!("{}ern", rank.symbol()),
    }
}

/// A meld reading in words: "set of 7s", "run ♥3–6" / "Satz aus 7ern", "Folge ♥3–6".
pub fn reading_text(reading: &Reading, ctx: &PageCtx) -> String {
    let lang = ctx.lang;
    let rank = || {
        reading
            .rank
            .map_or_else(|| "?".to_owned(), |r| rank_plural(r, lang))
    };
    match reading.kind {
        MeldKind::Set => ctx.f(Msg::ReadSet, &[("rank", &rank())]),
        MeldKind::Pair => ctx.f(Msg::ReadPair, &[("rank", &rank())]),
        MeldKind::Run => ctx.f(
            Msg::ReadRun,
            &[
                ("suit", &reading.suit.map_or('?', Suit::symbol)),
                ("from", &reading.from.map_or("?", |r| r.display(lang))),
                ("to", &reading.to.map_or("?", |r| r.display(lang))),
            ],
        ),
    }
}

/// What each wild card of a reading stands for: "Joker stands for 6♥".
pub fn wild_texts(reading: &Reading, ctx: &PageCtx) -> Vec<String> {
    reading
        .wilds
        .iter()
        .map(|(wild, card)| {
            ctx.f(
                Msg::WildAs,
                &[
                    ("wild", &wild.display(ctx.lang)),
                    ("card", &card.display(ctx.lang)),
                ],
            )
        })
        .collect()
}

/// A card-input error as a sentence in the page's language.
pub fn card_error_text(error: &CardError, ctx: &PageCtx) -> String {
    match error {
        CardError::Unknown { token, where_ } => {
            // `where_` is "meld N" (cards.rs); anything else is shown without a place.
            let meld = where_
                .as_deref()
                .and_then(|w| w.strip_prefix("meld "))
                .and_then(|n| n.parse::<usize>().ok());
            match meld {
                Some(n) => ctx.f(Msg::ErrUnknownCardIn, &[("token", token), ("n", &n)]),
                None => ctx.f(Msg::ErrUnknownCard, &[("token", token)]),
            }
        }
        CardError::TooMany { count, max } => {
            ctx.f(Msg::ErrTooManyCards, &[("count", count), ("max", max)])
        }
        CardError::EmptyMeld { meld } => ctx.f(Msg::ErrEmptyMeld, &[("n", meld)]),
        CardError::TooManyMelds { count, max } => {
            ctx.f(Msg::ErrTooManyMelds, &[("count", count), ("max", max)])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cards::parse_melds;

    fn ctx(lang: Lang) -> PageCtx {
        PageCtx {
            lang,
            here: "/".into(),
        }
    }

    #[test]
    fn german_cards_use_german_letters_and_suit_symbols() {
        let cards = crate::rules::cards::parse_cards("QS JH 10D JK").unwrap();
        assert_eq!(cards_text(&cards, Lang::De), "D♠ B♥ 10♦ Joker");
        assert_eq!(cards_text(&cards, Lang::En), "Q♠ J♥ 10♦ Joker");
        let chips = chips(&cards, Lang::En);
        assert_eq!(
            chips.iter().map(|c| c.class).collect::<Vec<_>>(),
            ["black", "red", "red", "joker"]
        );
        assert_eq!(rank_labels(Lang::De), "A 2 3 4 5 6 7 8 9 10 B D K");
    }

    #[test]
    fn card_errors_name_the_token_and_the_meld_in_both_languages() {
        let error = parse_melds("3H 4H 5H | 8H 11H").unwrap_err();
        assert_eq!(
            card_error_text(&error, &ctx(Lang::En)),
            "Unknown card \"11H\" in meld 2. Write rank then suit, like 10H, QS, A♦ or JK."
        );
        assert!(
            card_error_text(&error, &ctx(Lang::De))
                .starts_with("Unbekannte Karte „11H“ in Meldung 2.")
        );
    }
}
