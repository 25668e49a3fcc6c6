//! Kontrakt's rules engine and its words.
//!
//! `rules` is the pure domain: cards, melds, contracts, the rule sets, the checker, the
//! solver, penalty scoring and money settlement, and across games the standings and the
//! ledger; it gives codes, numbers and facts. `text` turns those facts into English and German
//! sentences, and holds every other word the app says. `text` depends on `rules`, never the
//! other way round; neither knows the web, a database or an async runtime, and being a crate
//! of its own, the compiler holds that line.
pub mod rules;
pub mod text;
