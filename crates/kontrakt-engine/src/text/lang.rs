//! The two languages of the app.
//!
//! A leaf: it depends on nothing, so every layer (rules included, while its last words move
//! out) may name a [`Lang`].

/// A language the app speaks: English (the default, and the JSON API's) or German.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// German.
    De,
}

impl Lang {
    /// `de` for German, anything else English.
    pub fn from_code(code: &str) -> Lang {
        if code.trim().to_ascii_lowercase().starts_with("de") {
            Lang::De
        } else {
            Lang::En
        }
    }

    /// The two-letter code.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
        }
    }
}
