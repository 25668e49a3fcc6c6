//! Money as shown: integer cents with the game's currency symbol, written the way each language
//! writes amounts ("€ 3.30" in English, "3,30 €" in German, with a no-break space so the
//! symbol never ends up alone on a line). Never floats.
//!
//! A piece the pages share (a game's, a group's numbers): `text` for the language only;
//! nothing from another page, `store`, `db` or `cli`.

use std::fmt;

use crate::text::Lang;

/// The space between amount and symbol: a no-break space.
pub const SPACE: char = '\u{a0}';

/// The sign of a loss: a real minus (U+2212), not the hyphen a line may break after.
pub const MINUS: char = '\u{2212}';

/// Between a sign and the symbol after it ("−€", "+$"): a word joiner (U+2060), so the sign
/// never stands alone at the end of a line.
pub const JOIN: char = '\u{2060}';

/// An amount of money in a language. `Display` writes it; `signed` adds a `+` to gains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Money<'a> {
    /// The amount in cents (negative: a loss).
    pub cents: i64,
    /// The currency symbol.
    pub currency: &'a str,
    /// English or German conventions.
    pub lang: Lang,
    /// Write `+` before a positive amount.
    pub signed: bool,
}

impl<'a> Money<'a> {
    /// An amount without a sign for gains.
    pub fn new(cents: i64, currency: &'a str, lang: Lang) -> Money<'a> {
        Money {
            cents,
            currency,
            lang,
            signed: false,
        }
    }

    /// The same amount with `+` before a gain.
    pub fn signed(self) -> Money<'a> {
        Money {
            signed: true,
            ..self
        }
    }
}

/// Whole units with a thousands separator: `1,234` / `1.234`.
fn grouped(units: u64, separator: char) -> String {
    let digits = units.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(separator);
        }
        out.push(d);
    }
    out
}

impl fmt::Display for Money<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let abs = self.cents.unsigned_abs();
        let (units, cents) = (abs / 100, abs % 100);
        let sign = if self.cents < 0 {
            MINUS.to_string()
        } else if self.signed && self.cents > 0 {
            "+".to_owned()
        } else {
            String::new()
        };
        match self.lang {
            // The sign stands before the symbol: joined to it.
            Lang::En if !sign.is_empty() => write!(
                f,
                "{sign}{JOIN}{}{SPACE}{}.{cents:02}",
                self.currency,
                grouped(units, ',')
            ),
            Lang::En => write!(
                f,
                "{}{SPACE}{}.{cents:02}",
                self.currency,
                grouped(units, ',')
            ),
            Lang::De => write!(
                f,
                "{sign}{},{cents:02}{SPACE}{}",
                grouped(units, '.'),
                self.currency
            ),
        }
    }
}

/// Cents as a plain decimal for files (`3.30`, `-0.05`), whatever the language.
pub fn decimal(cents: i64) -> String {
    let abs = cents.unsigned_abs();
    let sign = if cents < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Money<'_> {
        /// The text with plain spaces and no word joiner, for comparing.
        fn plain(&self) -> String {
            self.to_string().replace(SPACE, " ").replace(JOIN, "")
        }
    }

    #[test]
    fn the_symbol_is_joined_by_a_no_break_space() {
        assert_eq!(Money::new(330, "€", Lang::En).to_string(), "€\u{a0}3.30");
    }

    #[test]
    fn english_puts_the_symbol_first_and_german_last_with_a_decimal_comma() {
        assert_eq!(Money::new(330, "€", Lang::En).plain(), "€ 3.30");
        assert_eq!(Money::new(330, "€", Lang::De).plain(), "3,30 €");
        assert_eq!(Money::new(-5, "€", Lang::En).plain(), "−€ 0.05");
        assert_eq!(Money::new(-5, "€", Lang::De).plain(), "−0,05 €");
        assert_eq!(Money::new(0, "$", Lang::En).signed().plain(), "$ 0.00");
        assert_eq!(Money::new(7, "$", Lang::En).signed().plain(), "+$ 0.07");
    }

    #[test]
    fn a_loss_has_a_real_minus_joined_to_its_amount() {
        assert_eq!(
            Money::new(-32, "€", Lang::En).to_string(),
            "\u{2212}\u{2060}€\u{a0}0.32"
        );
        assert_eq!(
            Money::new(7, "$", Lang::En).signed().to_string(),
            "+\u{2060}$\u{a0}0.07"
        );
        assert_eq!(
            Money::new(-32, "€", Lang::De).to_string(),
            "\u{2212}0,32\u{a0}€"
        );
    }

    #[test]
    fn thousands_are_grouped_and_extremes_do_not_overflow() {
        assert_eq!(
            Money::new(123_456_789, "€", Lang::En).plain(),
            "€ 1,234,567.89"
        );
        assert_eq!(
            Money::new(123_456_789, "€", Lang::De).plain(),
            "1.234.567,89 €"
        );
        assert_eq!(
            Money::new(i64::MIN, "€", Lang::En).plain(),
            "−€ 92,233,720,368,547,758.08"
        );
    }

    #[test]
    fn file_amounts_are_plain_decimals() {
        assert_eq!(decimal(330), "3.30");
        assert_eq!(decimal(-5), "-0.05");
        assert_eq!(decimal(0), "0.00");
    }
}
