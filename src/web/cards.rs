//! Cards and melds for display, in the page's language: card chips with suit symbols and
//! German letters (B D K A) in German, meld readings in words, and card-input errors as
//! sentences (the words themselves are in `text::cards`). Shared by every page that shows or
//! takes cards.

use crate::rules::cards::{Card, CardError, Suit};
use crate::rules::meld::Reading;
use crate::text::{self, Lang, Say};

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
pub use crate::text::cards::cards_text;

/// A meld reading in words: "set of 7s", "run ♥3–6" / "Satz aus 7ern", "Folge ♥3–6".
pub fn reading_text(reading: &Reading, ctx: &PageCtx) -> String {
    text::cards::reading(reading, ctx.lang)
}

/// What each wild card of a reading stands for: "Joker stands for 6♥", or "Joker declared
/// as J♥" for the wild cards in `declared` (each matched once).
pub fn wild_texts(reading: &Reading, declared: &[(Card, Card)], ctx: &PageCtx) -> Vec<String> {
    let mut declared = declared.to_vec();
    reading
        .wilds()
        .iter()
        .map(|(wild, card)| {
            let at = declared.iter().position(|d| d == &(*wild, *card));
            let Some(i) = at else {
                return text::check::wild_stands_for(*wild, *card, ctx.lang);
            };
            declared.swap_remove(i);
            ctx.f(
                Msg::WildDeclared,
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
    error.say(ctx.lang)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cards::parse_melds;

    fn ctx(lang: Lang) -> PageCtx {
        PageCtx {
            lang,
            here: "/".into(),
            form_keys: None,
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
        assert_eq!(
            crate::text::cards::rank_labels(Lang::De),
            "A 2 3 4 5 6 7 8 9 10 B D K"
        );
    }

    #[test]
    fn card_errors_name_the_token_and_the_meld_in_both_languages() {
        let error = parse_melds("3H 4H 5H | 8H 11H").unwrap_err();
        assert_eq!(
            card_error_text(&error, &ctx(Lang::En)),
            "Unknown card \"11H\" in meld 2. Write rank then suit, like 10H, QS, A♦ or JK: ranks A, 2–10, J, Q, K; suits C, D, H, S."
        );
        assert!(
            card_error_text(&error, &ctx(Lang::De))
                .starts_with("Unbekannte Karte „11H“ in Meldung 2.")
        );
    }
}
