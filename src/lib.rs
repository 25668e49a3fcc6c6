//! Kontrakt: score keeper and referee for physical games of contract rummy.
//!
//! `rules` is the pure domain (no web, database or async imports); `db` and `web` are thin
//! layers over it; `text` holds every English and German word; `cli` and `config` feed `main.rs`.
pub mod cli;
pub mod config;
pub mod db;
pub mod rules;
pub mod text;
pub mod web;
