//! Words the app shows, in English and German, kept out of `rules` (which keeps codes and numbers); depends on `rules`, never the reverse.
pub mod rules;
