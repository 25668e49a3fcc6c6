//! The short words the pages put on a game: its rule set's name, its title
//! ("Liverpool Rummy · Ann, Ben, Cy, Di"), a day as each language writes it, and a message
//! with its placeholders filled. The game pages, the group pages and the home page's recent
//! list all say them the same way.
//!
//! A piece the pages share: `rules` for a game's set-up, `text` and `i18n` for the words;
//! nothing from another page, `api`, `db` or `cli`.

use time::OffsetDateTime;

use crate::rules::game::GameSetup;
use crate::store::LoadedGame;
use crate::text::Lang;
use crate::web::i18n::Msg;

/// The rule set's name in a language.
pub fn rules_name(setup: &GameSetup, lang: Lang) -> &'static str {
    let info = &setup.rules().info;
    crate::text::rules::preset_name(info, lang)
}

/// "Liverpool Rummy · Ann, Ben, Cy, Di": a game's title and its label in the recent list.
pub fn setup_title(setup: &GameSetup, lang: Lang) -> String {
    format!(
        "{} · {}",
        rules_name(setup, lang),
        setup.players().join(", ")
    )
}

/// [`setup_title`] of a stored game.
pub fn game_title(game: &LoadedGame, lang: Lang) -> String {
    setup_title(&game.setup, lang)
}

/// A day as each language writes it (`2025-01-31` / `31.01.2025`).
pub fn date(at: OffsetDateTime, lang: Lang) -> String {
    let (y, m, d) = (at.year(), u8::from(at.month()), at.day());
    match lang {
        Lang::En => format!("{y}-{m:02}-{d:02}"),
        Lang::De => format!("{d:02}.{m:02}.{y}"),
    }
}

/// A message in a language with its placeholders filled.
pub fn fill(msg: Msg, lang: Lang, args: &[(&str, &dyn std::fmt::Display)]) -> String {
    crate::web::i18n::fill(msg.text(lang), args)
}
