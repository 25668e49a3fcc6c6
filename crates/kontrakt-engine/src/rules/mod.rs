//! The rules engine: cards, melds, contracts, rule-set presets, the checker, the solver,
//! penalty scoring and money settlement, and across games the standings and the ledger.
//!
//! Pure domain code: it imports only `std`, `serde` (and `serde_json`, to read the presets'
//! embedded definition files) and the Unicode tables (`unicode-normalization`,
//! `unicode-properties`, for player names). No axum, sqlx, askama or
//! tokio here. Every rule cites the section of `docs/RULES.md` it implements.
//!
//! `ruleset` holds the shared rule-set types and knows no preset; `definition` is a rule set
//! as data and its loader, what an option does included; `presets` reads the ten presets'
//! data files with it; `names` is the one player-name check.
//!
//! No words either: rules gives codes, numbers and facts, and `text` turns them into English
//! or German sentences. Rules must not depend on `text`, `web`, `db` or `cli`.
pub mod cards;
pub mod check;
#[cfg(test)]
mod check_props;
pub mod definition;
#[doc(hidden)]
pub mod fuzzing;
pub mod game;
#[cfg(test)]
mod going_out_tests;
pub mod layoff;
pub mod ledger;
pub mod meld;
pub mod money;
pub mod names;
#[cfg(test)]
mod opening_props;
pub mod paper;
pub mod pins;
pub mod play;
pub mod preset;
pub mod presets;
pub mod problem;
pub mod ruleset;
pub mod settlement;
pub mod solver;
pub mod standings;
