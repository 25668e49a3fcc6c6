//! The rules engine: cards, melds, contracts, rule-set presets, the checker, the solver,
//! penalty scoring and money settlement.
//!
//! Pure domain code: it imports only `std`, `serde` and `thiserror`. No axum, sqlx, askama or
//! tokio here. Every rule cites the section of `../shared/RULES.md` it implements.
pub mod cards;
pub mod check;
#[doc(hidden)]
pub mod fuzzing;
pub mod game;
pub mod layoff;
pub mod meld;
pub mod money;
pub mod names;
pub mod play;
pub mod presets;
pub mod ruleset;
pub mod settlement;
pub mod solver;
