//! The rules engine: cards, melds, contracts, rule-set presets, the checker, the solver,
//! penalty scoring and money settlement.
//!
//! Pure domain code: it imports only `std`, `serde` and `thiserror`. No axum, sqlx, askama or
//! tokio here. Every rule cites the section of `../shared/RULES.md` it implements.
//!
//! `ruleset` holds the shared rule-set types and knows no preset; `presets` has one file per
//! preset family and builds on `ruleset` and `play`; `names` is the one player-name check.
//! Words for people belong in `crate::text`, which depends on `rules`; `rules` keeps codes.
//! Until the sentences of `game` and `check` move there too, those two ask `text::rules` for
//! a contract or deck in words: the only imports from outside `rules`, to be removed with them.
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
