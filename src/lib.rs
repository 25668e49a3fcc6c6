//! Kontrakt: score keeper and referee for physical games of contract rummy.
//!
//! `rules` is the pure domain (no web, database or async imports); `db` stores games;
//! `store` is the application layer over both (loading, the cache, the writes); `text` holds
//! every English and German word; `web` and `cli` use `store` and `text` and never each
//! other's insides; `config` feeds `main.rs`; `serve` is the connection loop `main.rs` serves
//! the router with (timeouts, caps, TLS).
pub mod cli;
pub mod config;
pub mod db;
pub mod serve;
pub mod store;
pub mod web;

/// The rules engine and the words (crates/kontrakt-engine), under the paths the app has
/// always used: `crate::rules::…` and `crate::text::…`.
pub use kontrakt_engine::{rules, text};
