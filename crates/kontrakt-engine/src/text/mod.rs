//! Every word the app says, in English and German: page texts, error sentences, card names
//! and rule descriptions, through one mechanism.
//!
//! Each message is a variant of an enum made by the `messages!` table macro, with an English
//! and a German [template] written side by side: named placeholders (`{n}`) and
//! plural choices (`{n|card|cards}`). The table asserts at compile time that both languages
//! of every message have the same placeholders, so a missing translation, a misspelt or a
//! forgotten placeholder does not build. Nothing is ever looked up by its English text.
//!
//! The engine (`rules`) gives facts and codes; this module turns them into sentences with
//! [`Say`] and a few inherent helpers. The web pages, the JSON API (English) and the command
//! line all speak through it.
//!
//! Dependency rule: `text` depends on `std` and on `rules` (to read the facts it words);
//! never on `web`, `db`, `cli` or any I/O. `rules` never depends on `text`.

/// Declares a message enum: one variant per message, its English and German templates side
/// by side, and a compile-time check of each pair (see [`template::check`]).
macro_rules! messages {
    (
        $(#[$enum_doc:meta])*
        $vis:vis enum $Enum:ident {
            $($(#[$doc:meta])* $key:ident => $en:expr, $de:expr;)*
        }
    ) => {
        $(#[$enum_doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $Enum {
            $($(#[$doc])* $key,)*
        }

        impl $Enum {
            /// Every message, in table order.
            pub const ALL: &[$Enum] = &[$($Enum::$key,)*];

            /// The template in a language (the text itself if it has no placeholders).
            pub fn text(self, lang: $crate::text::Lang) -> &'static str {
                match (self, lang) {
                    $(($Enum::$key, $crate::text::Lang::En) => $en,
                      ($Enum::$key, $crate::text::Lang::De) => $de,)*
                }
            }

            /// The message in a language with its placeholders filled.
            pub fn fill(
                self,
                lang: $crate::text::Lang,
                args: &[(&str, &dyn ::std::fmt::Display)],
            ) -> String {
                $crate::text::template::fill(self.text(lang), args)
            }
        }

        $(const _: () = assert!(
            $crate::text::template::check($en, $de),
            concat!(
                stringify!($Enum), "::", stringify!($key),
                ": the English and German templates differ in placeholders"
            )
        );)*
    };
}

pub mod api;
pub mod cards;
pub mod charts;
pub mod check;
pub mod cli;
pub mod definition;
pub mod game;
pub mod groups;
pub mod house_rules;
mod lang;
pub mod lists;
pub mod numbers;
mod pages;
pub mod paper;
pub mod round;
pub mod rules;
pub mod serve;
pub mod settlement;
pub mod sharing;
pub mod template;
pub mod transfer;

#[cfg(test)]
mod address_tests;
#[cfg(test)]
mod plural_tests;

pub use lang::Lang;
pub use pages::Msg;
pub use template::fill;

/// An engine value that can be said in words: an error, a problem, a card.
pub trait Say {
    /// The value as text in `lang`.
    fn say(&self, lang: Lang) -> String;
}

/// `s` with its first letter in upper case.
pub fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A clause as a sentence: capitalised, with a full stop.
pub fn sentence(clause: &str) -> String {
    format!("{}.", capitalize(clause))
}
