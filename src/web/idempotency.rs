//! [`IdempotencyKey`]: the key that makes a write happen at most once, with its one
//! validation, for every place a client sends one (the hidden `key` of the HTML forms, the
//! `Idempotency-Key` header of the JSON API).
//!
//! A shared web piece: must not depend on `pages`, `api`, `store` or `rules`.

use std::fmt;

use axum::http::HeaderMap;

use super::AppError;

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

impl IdempotencyKey {
    /// Longest key accepted, in characters.
    pub const MAX_LEN: usize = 200;

    /// A fresh random key (128 bits as 32 hex digits), for a form about to be rendered.
    pub fn fresh() -> Self {
        Self(crate::db::games::new_token(), Origin::Form)
    }

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

    /// The `Idempotency-Key` header, if any; a 400 with a sentence if it is not a valid key.
    pub fn from_headers(headers: &HeaderMap) -> Result<Option<Self>, AppError> {
        let Some(value) = headers.get("idempotency-key") else {
            return Ok(None);
        };
        value
            .to_str()
            .map_err(|_| InvalidKey)
            .and_then(Self::parse)
            .map(|key| key.map(|Self(key, _)| Self(key, Origin::Api)))
            .map_err(|InvalidKey| {
                AppError::BadRequest(format!(
                    "The Idempotency-Key header must be plain text of at most {} characters.",
                    Self::MAX_LEN
                ))
            })
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

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(IdempotencyKey::fresh().as_str().len(), 32);
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
        // A space inside was accepted by the header's own check before the copies merged.
        headers.insert("idempotency-key", "two words".parse().unwrap());
        assert!(matches!(
            IdempotencyKey::from_headers(&headers),
            Err(AppError::BadRequest(_))
        ));
    }
}
