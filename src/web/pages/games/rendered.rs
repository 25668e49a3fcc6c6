//! Game pages kept after rendering (for the game page's p99 under load). A game page is
//! read far more often than its game changes (every phone at the table polls it, and reloads
//! it after each round), and rendering its ~18 KB template was most of the page's CPU time.
//! So the HTML is kept and served again while the store hands out the *same* loaded game:
//! the entry holds that [`Arc<LoadedGame>`] and is used only while [`Arc::ptr_eq`] says the
//! store still has it. Any write gives the store a new loaded game (its cache is kept honest
//! by the database's write count), so a kept page can never show an old state, and the key
//! covers everything else a page is made of: its address (edit id or read-only token, and
//! the query), the language, the origin its links and QR codes are made for, and what the
//! page takes from this phone's cookies (its list of groups).
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
use crate::web::FormKeys;
use crate::web::Result;
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
    /// What else the page shows from the request (this phone's groups, from a cookie).
    phone: String,
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

/// Counts a lookup under `result`: `hit`, `miss` (rendered and kept), `uncut` (rendered, not
/// kept).
fn count(result: &'static str) {
    metrics::counter!(crate::web::metrics::PAGE_CACHE_LOOKUPS, "result" => result).increment(1);
}

static CACHE: LazyLock<Mutex<HashMap<Key, Arc<Rendered>>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

fn lock() -> std::sync::MutexGuard<'static, HashMap<Key, Arc<Rendered>>> {
    // A poisoned lock only means a panic elsewhere while holding finished pages.
    CACHE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The HTML of the page `ctx.here` showing `game`, rendered by `render` (given the context
/// to render with) or taken from a rendering kept for the same loaded game, address,
/// language, origin and `phone` (whatever else of the request the page shows).
pub(super) fn page(
    ctx: PageCtx,
    game: &Arc<LoadedGame>,
    origin: Option<&str>,
    phone: &str,
    render: impl Fn(PageCtx) -> Result<String>,
) -> Result<String> {
    let key = Key {
        here: ctx.here.clone(),
        lang: ctx.lang,
        origin: origin.map(str::to_owned),
        phone: phone.to_owned(),
    };
    let keys = ctx.form_keys.clone();
    let kept = lock().get(&key).cloned();
    if let Some(kept) = kept.filter(|kept| Arc::ptr_eq(&kept.game, game)) {
        count("hit");
        return Ok(kept.page.fill(keys.as_ref()));
    }
    let (recording, recorder) = FormKeys::recording();
    let mut placeholder_ctx = ctx.clone();
    placeholder_ctx.form_keys = Some(recording);
    let html = render(placeholder_ctx)?;
    let (markers, actions) = recorder.finish();
    let Some(page) = split(&html, &markers, &actions) else {
        // Not kept: render again with real keys.
        count("uncut");
        return render(ctx);
    };
    count("miss");
    let rendered = Rendered {
        game: Arc::clone(game),
        page,
    };
    let html = rendered.page.fill(keys.as_ref());
    let mut cache = lock();
    if cache.len() >= CAPACITY {
        cache.clear();
    }
    cache.insert(key, Arc::new(rendered));
    Ok(html)
}

/// `html` cut where the placeholders `markers[i]` (standing for `actions[i]`) are, with the
/// actions in page order. A placeholder not in the page is a key issued for a form the page
/// does not show; one found twice (a key shown in two places) makes the page uncuttable:
/// `None`.
fn split(html: &str, markers: &[String], actions: &[String]) -> Option<Cut> {
    let mut found = Vec::with_capacity(markers.len());
    for (marker, action) in markers.iter().zip(actions) {
        let mut at = html.match_indices(marker.as_str()).map(|(at, _)| at);
        match (at.next(), at.next()) {
            (None, _) => {}
            (Some(at), None) => found.push((at, marker.len(), action)),
            (Some(_), Some(_)) => return None,
        }
    }
    found.sort_unstable_by_key(|&(at, _, _)| at);
    let mut cut = Cut {
        parts: Vec::with_capacity(found.len() + 1),
        actions: Vec::with_capacity(found.len()),
    };
    let mut from = 0;
    for (at, len, action) in found {
        cut.parts.push(html[from..at].to_owned());
        cut.actions.push(action.clone());
        from = at + len;
    }
    cut.parts.push(html[from..].to_owned());
    Some(cut)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|&item| item.to_owned()).collect()
    }

    #[test]
    fn split_cuts_where_each_placeholder_is_in_page_order() {
        let (markers, actions) = (strings(&["<1>", "<2>", "<3>"]), strings(&["a", "b", "c"]));
        let cut = split("x<2>y<1>z", &markers, &actions).expect("cut");
        assert_eq!(cut.parts, ["x", "y", "z"]);
        assert_eq!(cut.actions, ["b", "a"], "page order; <3> is not shown");
        assert!(
            split("x<1>y<1>", &markers, &actions).is_none(),
            "shown twice"
        );
        let plain = split("plain", &[], &[]).expect("cut");
        assert_eq!((plain.parts, plain.actions), (strings(&["plain"]), vec![]));
    }

    #[test]
    fn a_filled_page_has_a_fresh_valid_key_per_form() {
        let keys = FormKeys::new("secret");
        let (recording, recorder) = FormKeys::recording();
        let unused = recording.issue("/games/a/undo");
        let html = format!(
            "<form>{}</form><form>{}</form>",
            recording.issue("/games/a/end"),
            recording.issue("/games/a/rematch")
        );
        assert!(!html.contains(&unused));
        let (markers, actions) = recorder.finish();
        assert_eq!(
            actions,
            ["/games/a/undo", "/games/a/end", "/games/a/rematch"]
        );
        let rendered = split(&html, &markers, &actions).expect("every marker is in the page");
        let (one, two) = (rendered.fill(Some(&keys)), rendered.fill(Some(&keys)));
        assert_ne!(one, two, "every answer gets its own keys");
        for page in [one, two] {
            let got: Vec<&str> = page
                .split("<form>")
                .filter_map(|form| form.strip_suffix("</form>"))
                .collect();
            assert_eq!(got.len(), 2);
            assert!(keys.verify("/games/a/end", got[0]), "{page}");
            assert!(keys.verify("/games/a/rematch", got[1]), "{page}");
            assert!(
                !keys.verify("/games/a/rematch", got[0]),
                "keys stay bound to their form"
            );
        }
    }
}
