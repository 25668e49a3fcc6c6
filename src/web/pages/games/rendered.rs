//! Game pages kept after rendering (issue 12: the game page's p99 under load). A game page is
//! read far more often than its game changes (every phone at the table polls it, and reloads
//! it after each round), and rendering its ~18 KB template was most of the page's CPU time.
//! So the HTML is kept and served again while the store hands out the *same* loaded game:
//! the entry holds that [`Arc<LoadedGame>`] and is used only while [`Arc::ptr_eq`] says the
//! store still has it. Any write gives the store a new loaded game (its cache is kept honest
//! by the database's write count), so a kept page can never show an old state, and the key
//! covers everything else a page is made of: its address (edit id or read-only token, and
//! the query), the language, and the origin its links and QR codes are made for.
//!
//! One thing differs between two renderings of the same page: the forms' idempotency keys,
//! fresh and random on every page (two phones must never share one). The page is rendered
//! once with placeholders ([`FormKeys::recording`]); each answer fills in fresh keys for the
//! same actions. A rendering whose placeholders cannot all be found again (a template that
//! transformed a key) is served as it is, with real keys, and not kept.
//!
//! A page of `web::pages`: no SQL, no scoring, nothing from `cli`.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

use crate::store::LoadedGame;
use crate::text::Lang;
use crate::web::AppError;
use crate::web::FormKeys;
use crate::web::i18n::PageCtx;

/// Pages kept; the whole set is emptied when full (a table's pages are rendered again at
/// their next read, which is as cheap as before this cache existed).
const CAPACITY: usize = 256;

/// What a page is made of besides its game.
#[derive(Clone, Debug, Hash, PartialEq, Eq)]
struct Key {
    /// Path and query of the page (holds the edit id or the read-only token).
    here: String,
    lang: Lang,
    /// The scheme and host the page's absolute links and QR codes use.
    origin: Option<String>,
}

/// A rendered page and the loaded game it shows: the page is current while the store hands
/// out this very game.
struct Rendered {
    game: Arc<LoadedGame>,
    page: Cut,
}

/// A page cut at its form keys: `parts[0] key(actions[0]) parts[1] … parts[n]`.
struct Cut {
    parts: Vec<String>,
    actions: Vec<String>,
}

impl Cut {
    /// The page with fresh keys from `keys` (random ones, which no post accepts, without).
    fn fill(&self, keys: Option<&FormKeys>) -> String {
        let len = self.parts.iter().map(String::len).sum::<usize>() + 80 * self.actions.len();
        let mut html = String::with_capacity(len);
        for (part, action) in self.parts.iter().zip(&self.actions) {
            html.push_str(part);
            match keys {
                Some(keys) => html.push_str(&keys.issue(action)),
                None => html.push_str(&crate::db::games::new_token()),
            }
        }
        if let Some(last) = self.parts.last() {
            html.push_str(last);
        }
        html
    }
}

static CACHE: LazyLock<Mutex<HashMap<Key, Arc<Rendered>>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

fn lock() -> std::sync::MutexGuard<'static, HashMap<Key, Arc<Rendered>>> {
    // A poisoned lock only means a panic elsewhere while holding finished pages.
    CACHE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The HTML of the page `ctx.here` showing `game`, rendered by `render` (given the context
/// to render with) or taken from a rendering kept for the same loaded game, key and origin.
pub(super) fn page(
    ctx: PageCtx,
    game: &Arc<LoadedGame>,
    origin: Option<&str>,
    render: impl Fn(PageCtx) -> Result<String, AppError>,
) -> Result<String, AppError> {
    let key = Key {
        here: ctx.here.clone(),
        lang: ctx.lang,
        origin: origin.map(str::to_owned),
    };
    let keys = ctx.form_keys.clone();
    let kept = lock().get(&key).cloned();
    if let Some(kept) = kept.filter(|kept| Arc::ptr_eq(&kept.game, game)) {
        return Ok(kept.page.fill(keys.as_ref()));
    }
    let (recording, recorder) = FormKeys::recording();
    let mut placeholder_ctx = ctx.clone();
    placeholder_ctx.form_keys = Some(recording);
    let html = render(placeholder_ctx)?;
    let (markers, actions) = recorder.finish();
    let Some(parts) = split(&html, &markers) else {
        // Not kept: render again with real keys.
        return render(ctx);
    };
    let rendered = Rendered {
        game: Arc::clone(game),
        page: Cut { parts, actions },
    };
    let html = rendered.page.fill(keys.as_ref());
    let mut cache = lock();
    if cache.len() >= CAPACITY {
        cache.clear();
    }
    cache.insert(key, Arc::new(rendered));
    Ok(html)
}

/// `html` cut at each of `markers`, in order, each exactly once; `None` if one is missing or
/// out of order.
fn split(html: &str, markers: &[String]) -> Option<Vec<String>> {
    let mut parts = Vec::with_capacity(markers.len() + 1);
    let mut rest = html;
    for marker in markers {
        let at = rest.find(marker.as_str())?;
        parts.push(rest[..at].to_owned());
        rest = &rest[at + marker.len()..];
    }
    if markers.iter().any(|marker| rest.contains(marker.as_str())) {
        return None;
    }
    parts.push(rest.to_owned());
    Some(parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_cuts_at_every_marker_in_order() {
        let markers = ["<1>".to_owned(), "<2>".to_owned()];
        assert_eq!(
            split("a<1>b<2>c", &markers),
            Some(vec!["a".into(), "b".into(), "c".into()])
        );
        assert_eq!(split("a<2>b<1>c", &markers), None, "out of order");
        assert_eq!(split("a<1>b", &markers), None, "one missing");
        assert_eq!(split("a<1>b<2>c<2>", &markers), None, "one twice");
        assert_eq!(split("plain", &[]), Some(vec!["plain".into()]));
    }

    #[test]
    fn a_filled_page_has_a_fresh_valid_key_per_form() {
        let keys = FormKeys::new("secret");
        let (recording, recorder) = FormKeys::recording();
        let html = format!(
            "<form>{}</form><form>{}</form>",
            recording.issue("/games/a/undo"),
            recording.issue("/games/a/end")
        );
        let (markers, actions) = recorder.finish();
        assert_eq!(actions, ["/games/a/undo", "/games/a/end"]);
        let parts = split(&html, &markers).expect("every marker is in the page");
        let rendered = Cut { parts, actions };
        let (one, two) = (rendered.fill(Some(&keys)), rendered.fill(Some(&keys)));
        assert_ne!(one, two, "every answer gets its own keys");
        for page in [one, two] {
            let got: Vec<&str> = page
                .split("<form>")
                .filter_map(|form| form.strip_suffix("</form>"))
                .collect();
            assert_eq!(got.len(), 2);
            assert!(keys.verify("/games/a/undo", got[0]), "{page}");
            assert!(keys.verify("/games/a/end", got[1]), "{page}");
            assert!(
                !keys.verify("/games/a/end", got[0]),
                "keys stay bound to their form"
            );
        }
    }
}
