//! [`IdempotencyKey`]: the key that makes a write happen at most once, with its one
//! validation, for every place a client sends one (the hidden `key` of the HTML forms, the
//! `Idempotency-Key` header of the JSON API).
//!
//! A key replays only for the same request: [`request_hash`] is what is stored
//! beside it, a SHA-256 of the route and the canonical body ([`canonical_json`],
//! [`canonical_form`]). The keys of the HTML forms are the server's own: [`FormKeys`] issues
//! them signed for the form's action and refuses any other.
//!
//! A shared web piece: must not depend on `pages`, `api`, `store` or `rules`.

use std::fmt;
use std::sync::Arc;

use axum::http::HeaderMap;
use hmac::{Hmac, Mac};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// A valid idempotency key: 1 to [`IdempotencyKey::MAX_LEN`] visible ASCII characters (no
/// spaces), surrounding whitespace removed, and where it came from: an HTML form's hidden
/// `key` or the JSON API's `Idempotency-Key` header. The database stores it per game under
/// its origin ([`IdempotencyKey::stored`]): a form stores a redirect target, the API a JSON
/// state, and neither may be replayed as the other's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdempotencyKey(String, Origin);

/// Where a key came from; stored keys of one origin never answer the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    Form,
    Api,
}

/// A key was sent but is not a valid [`IdempotencyKey`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidKey;

/// Why a key that was sent is refused. The web layer answers each (`From<KeyRefused>` for
/// `AppError`, in `web::error`), so this module needs no answer of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyRefused {
    /// The `Idempotency-Key` header is no valid key: 400 with a sentence.
    BadHeader,
    /// A form's `key` is text no key can be (the form is damaged): 400.
    FormDamaged,
    /// A form's key this server did not issue for the form's action (the form is out of
    /// date): 422.
    FormStale,
}

impl IdempotencyKey {
    /// Longest key accepted, in characters.
    pub const MAX_LEN: usize = 200;

    /// The key in `text` (a form's): `None` for no key (empty or only whitespace), an error for text
    /// that is too long or has anything but visible ASCII in it.
    pub fn parse(text: &str) -> Result<Option<Self>, InvalidKey> {
        let key = text.trim();
        if key.is_empty() {
            Ok(None)
        } else if key.len() <= Self::MAX_LEN && key.bytes().all(|b| b.is_ascii_graphic()) {
            Ok(Some(Self(key.to_owned(), Origin::Form)))
        } else {
            Err(InvalidKey)
        }
    }

    /// The `Idempotency-Key` header, if any; a 400 with a sentence if it is not a valid key
    /// (an empty or blank header included).
    pub fn from_headers(headers: &HeaderMap) -> Result<Option<Self>, KeyRefused> {
        let Some(value) = headers.get("idempotency-key") else {
            return Ok(None);
        };
        // A header that is there but empty or blank is no key either, and says so: read as
        // "no key", a client that meant to send one would lose its protection silently.
        match value.to_str().map_err(|_| InvalidKey).and_then(Self::parse) {
            Ok(Some(Self(key, _))) => Ok(Some(Self(key, Origin::Api))),
            Ok(None) | Err(InvalidKey) => Err(KeyRefused::BadHeader),
        }
    }

    /// The key as text, as the client sent it.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The key as the database keeps it: scoped by its origin (`form:…`, `api:…`), so a key
    /// the form used and the API repeats (or the other way round) is a new request there,
    /// not a replay of an answer in the other's shape.
    pub fn stored(&self) -> String {
        let origin = match self.1 {
            Origin::Form => "form",
            Origin::Api => "api",
        };
        format!("{origin}:{}", self.0)
    }
}

impl fmt::Display for IdempotencyKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// What identifies a request for its idempotency key: SHA-256 (hex) of the route (method
/// and path, which name the game) and the canonical body.
pub fn request_hash(route: &str, canonical_body: &str) -> String {
    let mut hash = Sha256::new();
    hash.update(route.as_bytes());
    hash.update(b"\n");
    hash.update(canonical_body.as_bytes());
    hex(&hash.finalize())
}

/// A JSON body written the same way however it was sent: object keys sorted, no spaces.
pub fn canonical_json(value: &Value) -> String {
    fn write(value: &Value, out: &mut String) {
        match value {
            Value::Object(map) => {
                let mut entries: Vec<_> = map.iter().collect();
                entries.sort_by(|a, b| a.0.cmp(b.0));
                out.push('{');
                for (i, (key, value)) in entries.into_iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push_str(&Value::String(key.clone()).to_string());
                    out.push(':');
                    write(value, out);
                }
                out.push('}');
            }
            Value::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write(item, out);
                }
                out.push(']');
            }
            other => out.push_str(&other.to_string()),
        }
    }
    let mut out = String::new();
    write(value, &mut out);
    out
}

/// A posted form's fields without its `key`, in a fixed order (by name, then value) and as
/// JSON, so that no field's text can pass for another's.
pub fn canonical_form(fields: &[(String, String)]) -> String {
    let mut fields: Vec<_> = fields
        .iter()
        .filter(|(name, _)| name != "key")
        .map(|(name, value)| (name.as_str(), value.trim()))
        .collect();
    fields.sort_unstable();
    serde_json::to_string(&fields).unwrap_or_default()
}

/// The idempotency keys of the HTML forms: `RANDOM.MAC`, 32 hex digits of randomness and
/// the first 128 bits of HMAC-SHA-256 under the database's secret over the form's action
/// (the path it posts to) and the randomness. A form post whose key was not issued by this
/// database for this very action is refused (a made-up key, a key copied from another
/// form), so that a key is an unguessable token bound to the form that carried it. Keys do
/// not expire: the offline outbox replays them after a restart. A kept page
/// (`web::kept`) issues its keys once, when it is rendered: everyone who reads the same state
/// of a game or group gets the same keys (a different request under a used key is a
/// conflict where the form carries a version: `db::guard::open`).
#[derive(Clone)]
pub struct FormKeys {
    secret: Arc<[u8]>,
}

impl fmt::Debug for FormKeys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("FormKeys(..)")
    }
}

impl FormKeys {
    /// Keys signed with `secret` (the database's `form_secret`). An empty secret (a
    /// database opened without one) gets a random one for this process.
    pub fn new(secret: &str) -> Self {
        let secret = if secret.is_empty() {
            crate::db::games::new_token() + &crate::db::games::new_token()
        } else {
            secret.to_owned()
        };
        Self {
            secret: Arc::from(secret.into_bytes()),
        }
    }

    /// A fresh key for the form that posts to `action`.
    pub fn issue(&self, action: &str) -> String {
        let random = crate::db::games::new_token();
        let mac = hex(&self.mac(action, &random).finalize().into_bytes()[..16]);
        format!("{random}.{mac}")
    }

    /// A posted form's `key` field (`text`), checked for the form that posts to `action`:
    /// `None` when the form sent none; a 400 (the form is damaged) for text no key can be; a
    /// 422 (the form is out of date) for a key this server did not issue for `action`. Every
    /// HTML form that carries a key reads it here.
    pub fn check(&self, action: &str, text: &str) -> Result<Option<IdempotencyKey>, KeyRefused> {
        let key = IdempotencyKey::parse(text).map_err(|InvalidKey| KeyRefused::FormDamaged)?;
        if let Some(key) = &key
            && !self.verify(action, key.as_str())
        {
            return Err(KeyRefused::FormStale);
        }
        Ok(key)
    }

    /// Whether `key` was issued by [`FormKeys::issue`] for `action`.
    pub fn verify(&self, action: &str, key: &str) -> bool {
        let Some((random, mac)) = key.split_once('.') else {
            return false;
        };
        let random_ok = random.len() == 32
            && random
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        match unhex(mac) {
            Some(mac) if random_ok && mac.len() == 16 => {
                self.mac(action, random).verify_truncated_left(&mac).is_ok()
            }
            _ => false,
        }
    }

    fn mac(&self, action: &str, random: &str) -> Hmac<Sha256> {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(&self.secret).expect("HMAC takes a key of any size");
        mac.update(b"kontrakt form key\n");
        mac.update(action.as_bytes());
        mac.update(b"\n");
        mac.update(random.as_bytes());
        mac
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::AppError;

    #[test]
    fn a_form_key_is_valid_only_for_the_action_and_the_secret_it_was_issued_for() {
        let keys = FormKeys::new("secret one");
        let key = keys.issue("/games/abc/undo");
        assert!(keys.verify("/games/abc/undo", &key), "{key}");
        assert!(key.len() <= IdempotencyKey::MAX_LEN);
        assert!(!keys.verify("/games/abc/end", &key), "another form");
        assert!(!keys.verify("/games/abd/undo", &key), "another game");
        assert!(!FormKeys::new("secret two").verify("/games/abc/undo", &key));
        let (random, mac) = key.split_once('.').unwrap();
        let other_random = format!(
            "{}{}",
            &random[..31],
            if random.ends_with('0') { '1' } else { '0' }
        );
        assert!(!keys.verify("/games/abc/undo", &format!("{other_random}.{mac}")));
        for made_up in [
            "form-key",
            "",
            ".",
            "0123456789abcdef0123456789abcdef.zz",
            random,
        ] {
            assert!(!keys.verify("/games/abc/undo", made_up), "{made_up}");
        }
    }

    #[test]
    fn a_form_s_key_field_is_none_a_key_issued_for_its_action_damaged_or_stale() {
        use axum::http::StatusCode;
        let keys = FormKeys::new("secret one");
        let issued = keys.issue("/groups/abc/players");
        let said = |text: &str| match keys
            .check("/groups/abc/players", text)
            .map_err(AppError::from)
        {
            Err(AppError::Said(status, msg)) => Some((status, msg)),
            Err(other) => panic!("{text:?}: {other:?}"),
            Ok(_) => None,
        };
        assert_eq!(keys.check("/groups/abc/players", " \t").unwrap(), None);
        let checked = keys.check("/groups/abc/players", &format!(" {issued} "));
        assert_eq!(checked.unwrap().unwrap().as_str(), issued);
        assert_eq!(
            said("two words"),
            Some((StatusCode::BAD_REQUEST, crate::text::Msg::RoundsFormDamaged))
        );
        assert_eq!(
            said(&"k".repeat(IdempotencyKey::MAX_LEN + 1)),
            Some((StatusCode::BAD_REQUEST, crate::text::Msg::RoundsFormDamaged))
        );
        for stale in ["made-up", &keys.issue("/groups/abc/house-rules")] {
            assert_eq!(
                said(stale),
                Some((
                    StatusCode::UNPROCESSABLE_ENTITY,
                    crate::text::Msg::ErrFormStale
                )),
                "{stale}"
            );
        }
    }

    #[test]
    fn the_request_hash_ignores_key_order_and_the_form_key_but_nothing_else() {
        let a: Value =
            serde_json::from_str(r#"{"b": [1, {"y": 2, "x": "é"}], "a": null}"#).unwrap();
        let b: Value = serde_json::from_str(r#"{"a":null,"b":[1,{"x":"é","y":2}]}"#).unwrap();
        assert_eq!(canonical_json(&a), canonical_json(&b));
        assert_eq!(
            request_hash("POST /x", &canonical_json(&a)),
            request_hash("POST /x", &canonical_json(&b))
        );
        assert_ne!(
            request_hash("POST /x", &canonical_json(&a)),
            request_hash("POST /y", &canonical_json(&a))
        );
        let form = |key: &str, points: &str| {
            vec![
                ("version".to_owned(), "1".to_owned()),
                ("key".to_owned(), key.to_owned()),
                ("points.Ben".to_owned(), points.to_owned()),
            ]
        };
        assert_eq!(
            canonical_form(&form("k1", "10")),
            canonical_form(&form("k2", "10"))
        );
        assert_ne!(
            canonical_form(&form("k1", "10")),
            canonical_form(&form("k1", "11"))
        );
    }

    #[test]
    fn a_key_is_trimmed_visible_ascii_of_at_most_200_characters() {
        assert_eq!(IdempotencyKey::parse(""), Ok(None));
        assert_eq!(IdempotencyKey::parse("  \t"), Ok(None));
        let key = IdempotencyKey::parse(" abc-123 ").unwrap().unwrap();
        assert_eq!(key.as_str(), "abc-123");
        assert!(IdempotencyKey::parse(&"k".repeat(200)).unwrap().is_some());
        assert_eq!(IdempotencyKey::parse(&"k".repeat(201)), Err(InvalidKey));
        assert_eq!(IdempotencyKey::parse("two words"), Err(InvalidKey));
        assert_eq!(IdempotencyKey::parse("schlüssel"), Err(InvalidKey));
    }

    #[test]
    fn the_header_follows_the_same_rule() {
        let mut headers = HeaderMap::new();
        assert_eq!(IdempotencyKey::from_headers(&headers).unwrap(), None);
        headers.insert("idempotency-key", " k1 ".parse().unwrap());
        let key = IdempotencyKey::from_headers(&headers).unwrap().unwrap();
        assert_eq!(key.as_str(), "k1");
        assert_eq!(key.stored(), "api:k1");
        assert_eq!(
            IdempotencyKey::parse("k1").unwrap().unwrap().stored(),
            "form:k1"
        );
        // Sent but empty or blank: a 400, as API.md says, not a request without a key.
        for blank in ["", "   "] {
            headers.insert("idempotency-key", blank.parse().unwrap());
            assert!(matches!(
                IdempotencyKey::from_headers(&headers).map_err(AppError::from),
                Err(AppError::BadRequest(_))
            ));
        }
        // A space inside was accepted by the header's own check before the copies merged.
        headers.insert("idempotency-key", "two words".parse().unwrap());
        assert!(matches!(
            IdempotencyKey::from_headers(&headers).map_err(AppError::from),
            Err(AppError::BadRequest(_))
        ));
    }
}
