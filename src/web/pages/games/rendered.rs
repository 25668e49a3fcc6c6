//! Game pages kept after rendering (for the game page's p99 under load, and its compressed
//! answer: [`crate::web::kept`]). A game page is read far more often than its game changes
//! (every phone at the table polls it, and reloads it after each round), and rendering its
//! ~18 KB template, then compressing it, was most of the page's CPU time. So the page is
//! kept, with its brotli and gzip bodies, and served again while the store hands out the
//! *same* loaded game: the entry holds that [`Arc<LoadedGame>`] and is used only while
//! [`Arc::ptr_eq`] says the store still has it. Any write gives the store a new loaded game
//! (its cache is kept honest by the database's write count), so a kept page can never show
//! an old state, and the key covers everything else a page is made of: its address (edit id
//! or read-only token, and the query), the language, the origin its links and QR codes are
//! made for, and what the page takes from this phone's cookies (its list of groups).
//!
//! The forms' idempotency keys are issued once per rendering, so every phone that reads the
//! same state gets the same bytes: a double tap still sends the same key and is answered
//! once, and two phones sending different changes from the same state are told of the
//! conflict (each form carries the version it was made for), never merged (decisions,
//! 2026-11-27).
//!
//! A page of `web::pages`: no SQL, no scoring, nothing from `cli`.

use std::sync::{Arc, LazyLock};

use crate::store::LoadedGame;
use crate::text::Lang;
use crate::web::Result;
use crate::web::i18n::PageCtx;
use crate::web::kept::{KeptPage, KeptPages};

/// What a page is made of besides its game.
#[derive(Clone, Debug, Hash, PartialEq, Eq)]
struct Key {
    /// Path and query of the page (holds the edit id or the read-only token).
    here: String,
    lang: Lang,
    /// The scheme and host the page's absolute links and QR codes use.
    origin: Option<String>,
    /// What else the page shows from the request (this phone's groups, from a cookie).
    phone: String,
}

static KEPT: LazyLock<KeptPages<Key, LoadedGame>> = LazyLock::new(KeptPages::default);

/// The page `ctx.here` showing `game`, rendered by `render` (given the context to render
/// with) or taken from a rendering kept for the same loaded game, address, language, origin
/// and `phone` (whatever else of the request the page shows).
pub(super) fn page(
    ctx: PageCtx,
    game: &Arc<LoadedGame>,
    origin: Option<&str>,
    phone: &str,
    render: impl FnOnce(PageCtx) -> Result<String>,
) -> Result<Arc<KeptPage>> {
    let key = Key {
        here: ctx.here.clone(),
        lang: ctx.lang,
        origin: origin.map(str::to_owned),
        phone: phone.to_owned(),
    };
    KEPT.page(key, game, crate::web::metrics::PAGE_CACHE_LOOKUPS, || {
        render(ctx)
    })
}
