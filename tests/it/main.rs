//! Every integration test of the crate, in one test binary (`cargo test --test it`): one link
//! instead of one per file, which is most of the time an integration build takes on a small
//! machine. Each file is a module, so a test's name starts with its file's name
//! (`api::…`, `round_pages::…`); run one file's tests with `cargo test --test it api::`.
//!
//! - [`common`] holds the helpers the modules share (a fresh app on its own temporary
//!   database, requests through the router); a helper used by one module stays in it.
//! - [`browser`] drives a real Chromium; its tests take a process-wide lock, so they run one
//!   at a time whatever the test threads (`cargo test --test it browser::` runs only them;
//!   `cargo test --test it -- --skip browser::` all the others).
//! - `browser`, `cli`, `crash`, `serve`, `transfer`, `shanghai_bonuses`, `backup`, `fidelity`
//!   `meld_options` and `powerloss` start the real binary (`CARGO_BIN_EXE_kontrakt`); `dist` starts the
//!   downloadable one (`deploy/dist.sh`, `KONTRAKT_DIST_BINARY`) in an empty root.
//!
//! The modules depend on the crate's public API and on [`common`], never on each other.

mod api;
mod api_lang;
mod backup;
mod browser;
mod cache_budget;
mod card_letters;
mod charts;
mod cli;
mod common;
mod conflict_page;
mod crash;
mod db_games;
mod declared;
mod deploy;
mod dist;
mod engines;
mod evening;
mod faults_e2e;
mod fidelity;
mod fuzz_regressions;
mod game_pages;
mod games_api;
mod group_import;
mod group_numbers;
mod group_pages;
mod groups;
mod house_rules;
mod idempotency;
mod kept_pages;
mod kitty_bowl;
mod layout;
mod logs;
mod meld_options;
mod metrics;
mod midgame;
mod openapi;
mod plausibility;
mod points_per_cent;
mod powerloss;
mod rate_limit;
mod relocated;
mod rematch;
mod renames;
mod round_notes;
mod round_pages;
mod rule_sharing;
mod rulesets;
mod rulesets_shared;
mod scorings;
mod security;
mod serve;
mod shanghai_bonuses;
mod small_things;
mod table_display;
mod table_pages;
mod tally;
mod transfer;
mod ui;
mod undo_redo;
mod web;
mod write_faults;
