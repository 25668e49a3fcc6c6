//! The games this browser started or opened, newest first, kept in the `recent` cookie so
//! the home page can offer "continue a game" without accounts.
//!
//! A game page remembers itself on each visit:
//!
//! ```text
//! async fn game(jar: CookieJar, ...) -> impl IntoResponse {
//!     let jar = recent::remember(jar, &format!("/games/{token}"), "Liverpool · Ann, Bob, Cem");
//!     (jar, Html(page.render()?))
//! }
//! ```
//!
//! The cookie holds at most [`MAX_RECENT`] entries of a local path and a label. It comes from
//! the browser, so it is read defensively: anything that is not a local path is dropped, and
//! labels are plain text that templates escape like any other input.

use serde::{Deserialize, Serialize};

use super::cookies::{Cookie, CookieJar};
use super::i18n::{is_local_path, percent_decode, percent_encode};

/// Name of the cookie.
pub const RECENT_COOKIE: &str = "recent";
/// Name of the cookie of the groups this browser created or opened: kept apart
/// from the games, so a busy evening of games never pushes the group out of the list.
pub const GROUPS_COOKIE: &str = "groups";
/// Most games remembered.
pub const MAX_RECENT: usize = 8;
/// How long the list is kept: 180 days, in seconds.
pub const RECENT_MAX_AGE: u64 = 180 * 24 * 60 * 60;
/// Longest label kept, in characters.
const MAX_LABEL: usize = 80;
/// Longest address kept, in bytes.
const MAX_URL: usize = 200;
/// Longest cookie value written, in bytes (browsers keep cookies up to 4 KiB).
const MAX_COOKIE_VALUE: usize = 3800;

/// A game to continue: where it is and what to call it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecentGame {
    /// A local path such as `/games/…`.
    pub url: String,
    /// Shown as the link text (escaped by the template).
    pub label: String,
}

/// The remembered games, newest first.
pub fn list(jar: &CookieJar) -> Vec<RecentGame> {
    list_in(jar, RECENT_COOKIE)
}

/// The remembered groups (`/groups/…` or `/groups/view/…`), newest first.
pub fn groups(jar: &CookieJar) -> Vec<RecentGame> {
    list_in(jar, GROUPS_COOKIE)
}

/// Puts a group at the top of the groups list, like [`remember`] does for a game.
#[must_use = "return the jar with the response, or the list is not saved"]
pub fn remember_group(jar: CookieJar, url: &str, label: &str) -> CookieJar {
    remember_in(jar, GROUPS_COOKIE, url, label)
}

fn list_in(jar: &CookieJar, cookie: &str) -> Vec<RecentGame> {
    let Some(raw) = jar.get(cookie) else {
        return Vec::new();
    };
    let games: Vec<RecentGame> = percent_decode(raw)
        .and_then(|json| serde_json::from_str(&json).ok())
        .unwrap_or_default();
    games
        .into_iter()
        .filter(|g| is_local_path(&g.url) && g.url.len() <= MAX_URL)
        .take(MAX_RECENT)
        .collect()
}

/// Puts a game at the top of the list (once; an older entry for the same address goes) and
/// returns the jar to send with the response. An address that is not a local path is ignored.
#[must_use = "return the jar with the response, or the list is not saved"]
pub fn remember(jar: CookieJar, url: &str, label: &str) -> CookieJar {
    remember_in(jar, RECENT_COOKIE, url, label)
}

fn remember_in(jar: CookieJar, cookie: &str, url: &str, label: &str) -> CookieJar {
    if !is_local_path(url) || url.len() > MAX_URL {
        return jar;
    }
    let mut chars = label.chars().filter(|c| !c.is_control());
    let mut label: String = chars.by_ref().take(MAX_LABEL).collect();
    if chars.next().is_some() {
        // Cut: an ellipsis says there is more (a name cut short reads like a typo).
        label = label.chars().take(MAX_LABEL - 1).chain(['…']).collect();
    }
    let label = match label.trim() {
        "" => url.to_owned(),
        trimmed => trimmed.to_owned(),
    };
    let mut games = list_in(&jar, cookie);
    games.retain(|g| g.url != url);
    games.insert(
        0,
        RecentGame {
            url: url.to_owned(),
            label,
        },
    );
    games.truncate(MAX_RECENT);
    // Browsers drop a cookie over 4 KiB whole: the oldest entries give way.
    let value = loop {
        let json = serde_json::to_string(&games).expect("strings serialise");
        let value = percent_encode(&json);
        if value.len() <= MAX_COOKIE_VALUE || games.len() <= 1 {
            break value;
        }
        games.pop();
    };
    jar.set(Cookie::new(cookie, value).max_age(RECENT_MAX_AGE))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newest_game_comes_first_once_and_the_list_keeps_eight() {
        let mut jar = CookieJar::default();
        for i in 0..10 {
            jar = remember(jar, &format!("/games/{i}"), &format!("Game {i}"));
        }
        jar = remember(jar, "/games/5", "Game 5 again");
        let games = list(&jar);
        assert_eq!(games.len(), MAX_RECENT);
        assert_eq!(games[0].url, "/games/5");
        assert_eq!(games[0].label, "Game 5 again");
        assert_eq!(games[1].url, "/games/9");
        assert_eq!(games.iter().filter(|g| g.url == "/games/5").count(), 1);
    }

    #[test]
    fn groups_have_their_own_list_that_games_do_not_push_out() {
        let mut jar = remember_group(CookieJar::default(), "/groups/g", "Freitagsrunde");
        for i in 0..10 {
            jar = remember(jar, &format!("/games/{i}"), "Game");
        }
        let groups = groups(&jar);
        assert_eq!(groups.len(), 1);
        assert_eq!(groups[0].url, "/groups/g");
        assert!(list(&jar).iter().all(|g| g.url.starts_with("/games/")));
    }

    #[test]
    fn the_cookie_stays_under_four_kib_with_long_unicode_labels() {
        let mut jar = CookieJar::default();
        for i in 0..MAX_RECENT {
            jar = remember(jar, &format!("/games/{i}"), &"Ä♥".repeat(100));
        }
        let value = jar.get(RECENT_COOKIE).unwrap();
        assert!(value.len() <= MAX_COOKIE_VALUE, "{}", value.len());
        let games = list(&jar);
        assert!(games.len() >= 2);
        assert_eq!(games[0].url, "/games/7");
        assert_eq!(games[0].label.chars().count(), MAX_LABEL);
        assert!(games[0].label.ends_with("♥Ä…"), "{}", games[0].label);
    }

    #[test]
    fn a_label_that_fits_is_kept_whole_and_a_longer_one_ends_in_an_ellipsis() {
        let fits = "x".repeat(MAX_LABEL);
        let jar = remember(CookieJar::default(), "/games/a", &fits);
        let jar = remember(jar, "/games/b", &format!("{fits}y"));
        let games = list(&jar);
        assert_eq!(games[1].label, fits);
        assert_eq!(games[0].label, format!("{}…", "x".repeat(MAX_LABEL - 1)));
    }

    #[test]
    fn labels_keep_any_text_and_foreign_addresses_are_refused() {
        let jar = remember(CookieJar::default(), "/games/a", "Änne; \"Bob\" <b>, 5♥");
        let jar = remember(jar, "https://evil.example/", "evil");
        let jar = remember(jar, "//evil.example", "evil");
        let games = list(&jar);
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].label, "Änne; \"Bob\" <b>, 5♥");
    }

    #[test]
    fn a_tampered_cookie_yields_only_local_entries() {
        let json =
            r#"[{"url":"javascript:alert(1)","label":"x"},{"url":"/games/ok","label":"ok"}]"#;
        let mut headers = axum::http::HeaderMap::new();
        headers.insert(
            axum::http::header::COOKIE,
            format!("recent={}", percent_encode(json)).parse().unwrap(),
        );
        let games = list(&CookieJar::from_headers(&headers));
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].url, "/games/ok");
        let mut headers = axum::http::HeaderMap::new();
        headers.insert(axum::http::header::COOKIE, "recent=%%%".parse().unwrap());
        assert!(list(&CookieJar::from_headers(&headers)).is_empty());
    }
}
