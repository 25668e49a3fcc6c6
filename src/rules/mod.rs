//! The rules engine: cards, melds, contracts, rule-set presets, the checker, the solver,
//! penalty scoring and money settlement.
//!
//! Pure domain code: it imports only `std`, `serde` and `thiserror`. No axum, sqlx, askama or
//! tokio here. Every rule cites the section of `../shared/RULES.md` it implements.
//!
//! No words either: rules gives codes, numbers and facts, and `text` turns them into English
//! or German sentences. Rules must not depend on `text`, `web`, `db` or `cli`; the one
//! exception is `text::Lang` (a leaf) in the presets (`ruleset`, `play`), until their words
//! move to `text` too.
pub mod cards;
pub mod check;
#[doc(hidden)]
pub mod fuzzing;
pub mod game;
pub mod layoff;
pub mod meld;
pub mod money;
pub mod play;
pub mod ruleset;
pub mod settlement;
pub mod solver;
