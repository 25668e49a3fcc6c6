//! Extractors whose rejections are [`AppError`]s with a sentence, instead of axum's plain
//! text: malformed JSON is a 400, JSON of the wrong shape a 422, a wrong content type a 415,
//! a body over the limit a 413. A JSON body that cannot be read is refused in the client's
//! language (docs/API.md, `lang`): the body's own `lang` where it is JSON with one, else the
//! `Accept-Language` header's, else English.

use std::error::Error as StdError;

use axum::body::Bytes;
use axum::extract::rejection::{FormRejection, JsonRejection};
use axum::extract::{FromRequest, Request};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::error::{AppError, Sentence};
use crate::text::api::ApiMsg;
use crate::text::{Lang, Msg};
use crate::web::Result;

/// `axum::Json` with [`AppError`] rejections said in the client's language. Also a
/// response: serialises `T` as JSON.
#[derive(Clone, Copy, Debug, Default)]
pub struct Json<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Json<T> {
    type Rejection = AppError;

    async fn from_request(request: Request, state: &S) -> Result<Self> {
        if !is_json(request.headers()) {
            return Err(AppError::Said(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                Msg::ErrJsonContentType,
            ));
        }
        let headers = request.headers().clone();
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(|rejection| body_rejection(rejection.status()))?;
        axum::Json::<T>::from_bytes(&bytes)
            .map(|axum::Json(value)| Json(value))
            .map_err(|rejection| json_refusal(rejection, refusal_lang(&headers, &bytes)))
    }
}

/// The language to refuse an unreadable JSON body in: its top-level `lang` where the body is
/// JSON with an `en` or `de` one, else the `Accept-Language` header's, else English.
pub(crate) fn refusal_lang(headers: &HeaderMap, body: &[u8]) -> Lang {
    let given = serde_json::from_slice::<serde_json::Value>(body)
        .ok()
        .and_then(|body| {
            body.get("lang")?
                .as_str()
                .map(|l| l.trim().to_ascii_lowercase())
        });
    match given.as_deref() {
        Some("de") => Lang::De,
        Some("en") => Lang::En,
        _ => headers
            .get_all(header::ACCEPT_LANGUAGE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find_map(super::i18n::accept_language)
            .unwrap_or_default(),
    }
}

/// A JSON body that could not be read, said in `lang`: no JSON at all is a 400, JSON of the
/// wrong shape a 422, each naming serde's cause (with the field's path).
fn json_refusal(rejection: JsonRejection, lang: Lang) -> AppError {
    match rejection {
        JsonRejection::JsonDataError(error) => AppError::Unprocessable(
            ApiMsg::WrongField.fill(lang, &[("detail", &innermost(&error))]),
        ),
        JsonRejection::JsonSyntaxError(error) => {
            AppError::BadRequest(ApiMsg::NotJson.fill(lang, &[("detail", &innermost(&error))]))
        }
        JsonRejection::MissingJsonContentType(_) => {
            AppError::Said(StatusCode::UNSUPPORTED_MEDIA_TYPE, Msg::ErrJsonContentType)
        }
        other => body_rejection(other.status()),
    }
}

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

/// `axum::Form` (URL-encoded) with [`AppError`] rejections.
#[derive(Clone, Copy, Debug, Default, FromRequest)]
#[from_request(via(axum::Form), rejection(AppError))]
pub struct Form<T>(pub T);

/// The value of a posted field (or query parameter) `name` in `pairs` as read by
/// [`Form`]: the last one of that name, trimmed (a field sent twice is taken as the browser's
/// last word). `None` when there is none.
pub fn last_field<'a>(pairs: &'a [(String, String)], name: &str) -> Option<&'a str> {
    pairs
        .iter()
        .rev()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.trim())
}

impl From<FormRejection> for AppError {
    fn from(rejection: FormRejection) -> Self {
        match rejection {
            FormRejection::FailedToDeserializeFormBody(error) => {
                AppError::FormField(innermost(&error))
            }
            FormRejection::FailedToDeserializeForm(error) => AppError::BadRequest(format!(
                "The form could not be read: {}.",
                innermost(&error)
            )),
            FormRejection::InvalidFormContentType(_) => {
                AppError::Said(StatusCode::UNSUPPORTED_MEDIA_TYPE, Msg::ErrFormContentType)
            }
            other => body_rejection(other.status()),
        }
    }
}

/// A body that could not be read: too large, or cut off.
fn body_rejection(status: StatusCode) -> AppError {
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        AppError::PayloadTooLarge
    } else {
        AppError::Said(StatusCode::BAD_REQUEST, Msg::ErrBodyUnreadable)
    }
}

/// The most specific cause (serde's message, with the field path and position).
fn innermost(error: &(dyn StdError + 'static)) -> String {
    let mut current = error;
    while let Some(source) = current.source() {
        current = source;
    }
    current.to_string()
}

/// A body read by hand (not through [`Json`]) that is not empty must come as JSON: 415
/// otherwise. A cross-site HTML form can send `text/plain` without asking first; JSON it
/// cannot. An empty body needs no content type.
pub fn require_json_body(headers: &HeaderMap, body: &[u8]) -> Result<()> {
    if body.is_empty() || is_json(headers) {
        Ok(())
    } else {
        Err(AppError::Said(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Msg::ErrJsonContentType,
        ))
    }
}

/// `Content-Type: application/json` (or `application/…+json`), as [`Json`] takes it.
fn is_json(headers: &HeaderMap) -> bool {
    let Some(value) = headers.get(header::CONTENT_TYPE) else {
        return false;
    };
    let Ok(value) = value.to_str() else {
        return false;
    };
    let essence = value
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// Refuses (400, naming them) the top-level fields of a JSON object body that neither the
/// struct `F` nor `extra` names. For JSON bodies read into raw types that the HTML forms share
/// (those must keep ignoring what they do not know): a misspelt field of a JSON client must
/// not be dropped silently. Anything but an object is left to the deserializer to refuse.
pub fn refuse_unknown_fields<F: DeserializeOwned>(
    body: &serde_json::Value,
    extra: &[&str],
) -> Result<()> {
    let Some(object) = body.as_object() else {
        return Ok(());
    };
    let known = struct_fields::<F>();
    let unknown: Vec<String> = object
        .keys()
        .filter(|k| !known.contains(&k.as_str()) && !extra.contains(&k.as_str()))
        .map(|k| serde_json::Value::from(k.as_str()).to_string())
        .collect();
    if unknown.is_empty() {
        return Ok(());
    }
    let known: Vec<String> = known
        .iter()
        .chain(extra)
        .map(|k| serde_json::Value::from(*k).to_string())
        .collect();
    let sentence = Sentence::new(
        Msg::ErrUnknownFields,
        &[
            ("fields", &unknown.join(", ")),
            ("known", &known.join(", ")),
        ],
    );
    Err(AppError::BadRequest(sentence.text(Lang::En)))
}

/// The field names of the struct `T` as serde sees them (its `deserialize_struct` call).
pub(crate) fn struct_fields<T: DeserializeOwned>() -> &'static [&'static str] {
    use serde::de::{self, Visitor};

    struct Introspect<'a>(&'a mut &'static [&'static str]);

    impl<'de> de::Deserializer<'de> for Introspect<'_> {
        type Error = de::value::Error;

        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
            Err(de::Error::custom("not a struct"))
        }

        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _name: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Self::Error> {
            *self.0 = fields;
            Err(de::Error::custom("fields read"))
        }

        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
            byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map enum
            identifier ignored_any
        }
    }

    let mut fields: &'static [&'static str] = &[];
    let _ = T::deserialize(Introspect(&mut fields));
    fields
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fields_of_a_raw_type_are_read_from_serde() {
        let fields = struct_fields::<crate::rules::game::RawRound>();
        assert!(
            fields.contains(&"round") && fields.contains(&"went_out"),
            "{fields:?}"
        );
        let body = serde_json::json!({"round": 1, "version": 2});
        assert!(refuse_unknown_fields::<crate::rules::game::RawRound>(&body, &["version"]).is_ok());
        assert!(refuse_unknown_fields::<crate::rules::game::RawRound>(&body, &[]).is_err());
    }

    #[test]
    fn a_field_sent_twice_is_read_as_its_last_value_trimmed() {
        let pairs: Vec<(String, String)> = [("key", "a"), ("name", " Ann "), ("key", " b ")]
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        assert_eq!(last_field(&pairs, "key"), Some("b"));
        assert_eq!(last_field(&pairs, "name"), Some("Ann"));
        assert_eq!(last_field(&pairs, "version"), None);
    }
}
