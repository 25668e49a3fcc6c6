//! The web layer's one error type, and the rendering of every error response.
//!
//! Handlers return `Result<_>`. An `AppError` becomes a response carrying its status
//! and an [`ErrorMessage`]; the [`render_errors`] middleware then writes the body, as JSON
//! `{"error": "<sentence>"}` under `/api/` and as the HTML error page elsewhere. The same
//! middleware turns bodies that axum or tower-http produce themselves (405, 408, 413, the CSRF
//! 403, extractor rejections) into the same two forms, so no plain-text error ever leaves the
//! server. A handler that renders its own error body (an HTML form re-rendered with its errors
//! and status 422, a JSON 409 carrying the game's state) sets an HTML or JSON content type and
//! is left alone.
//!
//! The JSON sentence is in the API request's language (its body's `lang`, which the handler
//! applied, else Accept-Language; English by default). An HTML page shows it in the
//! request's language: every sentence of the string table travels as its [`Msg`], with the
//! values of its placeholders where it has some ([`Sentence`]); nothing is looked up by its
//! English text.

use std::error::Error as StdError;
use std::fmt::Display;

use askama::Template;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tower_http::csrf::ProtectionError;

use super::i18n::{Lang, Msg, PageCtx, fill};
use super::idempotency::{IdempotencyKey, KeyRefused};

/// What the user reads when the server failed.
const INTERNAL_SENTENCE: &str = "Something went wrong on the server. Your last change may not \
                                 have been saved; reload the page to check.";

/// Errors a request can end in. Each variant names its HTTP status; the text shown to the
/// user is a sentence saying what to do, never an internal cause.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// 400 Bad Request: the request is malformed (invalid JSON, a bad query string).
    #[error("{0}")]
    BadRequest(String),
    /// 403 Forbidden: this link may not change anything (e.g. the read-only link of a game).
    #[error("This link only shows the game; it cannot change it. Use the game's edit link.")]
    Forbidden,
    /// 404 Not Found: no game, page or endpoint with this address.
    #[error("{0}")]
    NotFound(String),
    /// 409 Conflict: the game changed since the user loaded it.
    #[error(
        "The game was changed on another device in the meantime. \
         Reload to see the latest scores, then make your change again."
    )]
    Conflict,
    /// 413 Payload Too Large: the request body is over the limit.
    #[error("The request is too large; send at most {} KiB.", super::BODY_LIMIT / 1024)]
    PayloadTooLarge,
    /// 415 Unsupported Media Type: the body is not in the format this address takes.
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// 422 Unprocessable Content: well-formed but invalid input; the sentence names the problem.
    #[error("{0}")]
    Unprocessable(String),
    /// 422 Unprocessable Content: a posted form lacks a field or has one of the wrong type;
    /// the detail is the form reader's (it names the field).
    #[error("{}", self.sentence().map(|s| s.text(Lang::En)).unwrap_or_default())]
    FormField(String),
    /// 429 Too Many Requests: this client (address) made too many changes in a short time
    /// ([`super::rate_limit`]); `seconds` until it may write again.
    #[error("{}", self.sentence().map(|s| s.text(Lang::En)).unwrap_or_default())]
    TooManyRequests {
        /// Seconds until the next write is allowed (also sent as `Retry-After`).
        seconds: u64,
    },
    /// 429 Too Many Requests: a limit on what one group takes in a while (its imports in 24
    /// hours) is reached; the sentence, in the request's language, says when it may try
    /// again, and `seconds` is sent as `Retry-After`.
    #[error("{sentence}")]
    LimitReached {
        /// The sentence, already in the request's language.
        sentence: String,
        /// Seconds until it may try again.
        seconds: u64,
    },
    /// 428 Precondition Required: an entered round was to be changed without the version
    /// the change was made against.
    #[error("{}", self.sentence().map(|s| s.text(Lang::En)).unwrap_or_default())]
    VersionRequired {
        /// The round that is already entered.
        round: usize,
    },
    /// A fixed sentence of the string table with its status (a 404 page, a damaged form):
    /// shown in the page's language.
    #[error("{}", .1.text(Lang::En))]
    Said(StatusCode, Msg),
    /// 500 Internal Server Error, when the database refused a write (a full disk, an I/O
    /// error: [`crate::db::is_write_refusal`]): the sentence says that nothing was saved, or,
    /// where the commit itself failed on an I/O error ([`crate::db::is_unconfirmed`]), that
    /// the save could not be confirmed and the page shows whether it was kept. The cause is
    /// logged.
    #[error("{}", not_saved(.0).text(Lang::En))]
    NotSaved(#[source] sqlx::Error),
    /// 500 Internal Server Error: a bug or a failing database. The cause is logged; the user
    /// sees a generic sentence.
    #[error("{}", INTERNAL_SENTENCE)]
    Internal(#[source] Box<dyn StdError + Send + Sync>),
}

impl AppError {
    /// The HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Forbidden => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict => StatusCode::CONFLICT,
            Self::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::Unprocessable(_) | Self::FormField(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::TooManyRequests { .. } | Self::LimitReached { .. } => {
                StatusCode::TOO_MANY_REQUESTS
            }
            Self::VersionRequired { .. } => StatusCode::PRECONDITION_REQUIRED,
            Self::Said(status, _) => *status,
            Self::Internal(_) | Self::NotSaved(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The fixed message of the string table that this error's sentence is, if it is one.
    fn fixed(&self) -> Option<Msg> {
        match self {
            Self::Forbidden => Some(Msg::ErrReadOnly),
            Self::Conflict => Some(Msg::ErrConflict),
            Self::PayloadTooLarge => Some(Msg::ErrTooLarge),
            Self::Said(_, msg) => Some(*msg),
            Self::Internal(_) => Some(Msg::ErrInternal),
            Self::NotSaved(cause) => Some(not_saved(cause)),
            _ => None,
        }
    }

    /// Wraps any internal cause as a 500.
    pub fn internal(cause: impl Into<Box<dyn StdError + Send + Sync>>) -> Self {
        Self::Internal(cause.into())
    }

    /// The sentence with its values, for an error whose sentence has values: it is then
    /// shown in the page's language (its [`Display`] is the English text).
    pub fn sentence(&self) -> Option<Sentence> {
        match self {
            Self::FormField(detail) => Some(Sentence::new(Msg::ErrFormField, &[("field", detail)])),
            Self::TooManyRequests { seconds } => Some(Sentence::new(
                Msg::ErrTooManyChanges,
                &[("seconds", seconds)],
            )),
            Self::VersionRequired { round } => {
                Some(Sentence::new(Msg::ErrVersionRequired, &[("round", round)]))
            }
            _ => None,
        }
    }
}

/// The sentence for a refused write: nothing was saved, or nobody can tell.
fn not_saved(cause: &sqlx::Error) -> Msg {
    if crate::db::is_unconfirmed(cause) {
        Msg::ErrNotConfirmed
    } else {
        Msg::ErrNotSaved
    }
}

impl From<sqlx::Error> for AppError {
    fn from(error: sqlx::Error) -> Self {
        if crate::db::is_unreachable(&error) {
            Self::Said(StatusCode::SERVICE_UNAVAILABLE, Msg::ErrDbUnreachable)
        } else if crate::db::is_write_refusal(&error) {
            Self::NotSaved(error)
        } else {
            Self::internal(error)
        }
    }
}

impl From<crate::db::Error> for AppError {
    fn from(error: crate::db::Error) -> Self {
        match error {
            crate::db::Error::Sqlx(error) => error.into(),
            other => Self::internal(other),
        }
    }
}

impl From<crate::store::Error> for AppError {
    fn from(error: crate::store::Error) -> Self {
        match error {
            crate::store::Error::Db(error) => error.into(),
            other => Self::internal(other),
        }
    }
}

/// The web layer's result: what a handler, an extractor or a helper gives, or the
/// [`AppError`] that becomes the answer instead. `Result<T, E>` names another error.
pub type Result<T, E = AppError> = std::result::Result<T, E>;

/// A refused idempotency key: the header's 400 with its sentence, a damaged form's 400, an
/// out-of-date form's 422.
impl From<KeyRefused> for AppError {
    fn from(refused: KeyRefused) -> Self {
        match refused {
            KeyRefused::BadHeader => AppError::BadRequest(format!(
                "The Idempotency-Key header must be plain text of at most {} characters.",
                IdempotencyKey::MAX_LEN
            )),
            KeyRefused::FormDamaged => {
                AppError::Said(StatusCode::BAD_REQUEST, Msg::RoundsFormDamaged)
            }
            KeyRefused::FormStale => {
                AppError::Said(StatusCode::UNPROCESSABLE_ENTITY, Msg::ErrFormStale)
            }
        }
    }
}

impl From<askama::Error> for AppError {
    fn from(error: askama::Error) -> Self {
        Self::internal(error)
    }
}

impl From<serde_json::Error> for AppError {
    fn from(error: serde_json::Error) -> Self {
        Self::internal(error)
    }
}

/// A sentence of the string table with the values of its placeholders, to be written in
/// any language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sentence {
    msg: Msg,
    args: Vec<(&'static str, String)>,
}

impl Sentence {
    /// `msg` with its placeholders' values.
    pub fn new(msg: Msg, args: &[(&'static str, &dyn Display)]) -> Self {
        Self {
            msg,
            args: args
                .iter()
                .map(|(name, value)| (*name, value.to_string()))
                .collect(),
        }
    }

    /// The sentence in a language.
    pub fn text(&self, lang: Lang) -> String {
        let args: Vec<(&str, &dyn Display)> = self
            .args
            .iter()
            .map(|(name, value)| (*name, value as &dyn Display))
            .collect();
        fill(self.msg.text(lang), &args)
    }
}

/// The sentence to show for an error response; [`render_errors`] writes it as JSON or HTML.
#[derive(Clone, Debug)]
pub struct ErrorMessage {
    /// The sentence in English: the JSON `error`, and the page's text where it has no
    /// translation.
    pub english: String,
    /// The same sentence with its values, where it has some.
    pub sentence: Option<Sentence>,
}

impl ErrorMessage {
    /// A sentence that has no translation: shown in English on every page.
    pub fn plain(english: impl Into<String>) -> Self {
        Self {
            english: english.into(),
            sentence: None,
        }
    }

    /// A fixed sentence of the string table.
    fn of(msg: Msg) -> Self {
        Self::with_values(Sentence::new(msg, &[]))
    }

    /// A sentence with values.
    fn with_values(sentence: Sentence) -> Self {
        Self {
            english: sentence.text(Lang::En),
            sentence: Some(sentence),
        }
    }

    /// The sentence in a language: translated where it is one of the string table, else
    /// English.
    pub fn text(&self, lang: Lang) -> String {
        match &self.sentence {
            Some(sentence) => sentence.text(lang),
            None => self.english.clone(),
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        if let Self::Internal(cause) = &self {
            tracing::error!(error = %Chain(cause.as_ref()), "internal error");
        }
        if let Self::NotSaved(cause) = &self {
            tracing::error!(error = %Chain(cause), "the database refused a write");
        }
        let message = ErrorMessage {
            english: self.to_string(),
            sentence: self
                .sentence()
                .or_else(|| self.fixed().map(|msg| Sentence::new(msg, &[]))),
        };
        // A client whose compute queue is full (`super::compute`) may ask again in a second:
        // the OpenAPI document promises every 429 a `Retry-After`.
        // The same for a database that cannot be reached: the answer comes at once, so a
        // client's retry a second later costs little.
        let retry_soon = matches!(
            self,
            Self::Said(StatusCode::TOO_MANY_REQUESTS, _)
                | Self::Said(StatusCode::SERVICE_UNAVAILABLE, Msg::ErrDbUnreachable)
        );
        let retry_later = match self {
            Self::LimitReached { seconds, .. } => Some(seconds),
            _ => None,
        };
        // The plain-text body is only a fallback for a router without `render_errors`.
        let mut response = (self.status(), message.english.clone()).into_response();
        if let Some(seconds) = retry_later {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response.extensions_mut().insert(message);
        if retry_soon {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

/// Displays an error with its chain of causes.
struct Chain<'a>(&'a (dyn StdError + 'static));

impl std::fmt::Display for Chain<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)?;
        let mut source = self.0.source();
        while let Some(cause) = source {
            write!(f, ": {cause}")?;
            source = cause.source();
        }
        Ok(())
    }
}

/// The page shown for an error status, in the language of the request.
#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage<'a> {
    ctx: PageCtx,
    title: &'a str,
    /// "Error 404" / "Fehler 404".
    status_line: String,
    message: &'a str,
}

/// Middleware: gives every error response (status 4xx or 5xx) a body with a sentence, JSON
/// under `/api/`, the HTML error page elsewhere. Responses that already have an HTML or JSON
/// body and no [`ErrorMessage`] are passed through.
pub async fn render_errors(request: Request, next: Next) -> Response {
    let api = is_api_path(request.uri().path());
    let method = request.method().clone();
    let ctx = PageCtx::from_headers(request.headers(), request.uri());
    // The API's language is the Accept-Language header's (a handler that read a body's
    // `lang` wrote its sentence in that language already); no cookie.
    let api_lang = request
        .headers()
        .get_all(header::ACCEPT_LANGUAGE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(super::i18n::accept_language)
        .unwrap_or_default();
    let response = next.run(request).await;
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let message = match response.extensions().get::<ErrorMessage>() {
        // A read that failed on a refusing database saved nothing because it saves nothing.
        Some(message)
            if method.is_safe()
                && [Msg::ErrNotSaved, Msg::ErrNotConfirmed]
                    .into_iter()
                    .any(|msg| message.sentence == Some(Sentence::new(msg, &[]))) =>
        {
            ErrorMessage::of(Msg::ErrInternal)
        }
        Some(message) => message.clone(),
        None if has_rendered_body(&response) => return response,
        None if response.extensions().get::<ProtectionError>().is_some() => {
            ErrorMessage::of(Msg::ErrCrossSite)
        }
        None => default_message(status, &method),
    };
    let (mut parts, _) = response.into_parts();
    parts.headers.remove(header::CONTENT_LENGTH);
    let (content_type, body) = if api {
        let body = serde_json::json!({ "error": message.text(api_lang) }).to_string();
        ("application/json", body)
    } else {
        // Sentences that are in the string table are shown in the page's language.
        let message = message.text(ctx.lang);
        let title = Msg::for_status(status.as_u16()).map_or_else(
            || status.canonical_reason().unwrap_or("Error"),
            |m| ctx.t(m),
        );
        let page = ErrorPage {
            status_line: ctx.f(Msg::ErrorTitle, &[("status", &status.as_u16())]),
            ctx,
            title,
            message: &message,
        };
        match page.render() {
            Ok(html) => ("text/html; charset=utf-8", html),
            Err(error) => {
                tracing::error!(%error, "cannot render the error page");
                ("text/plain; charset=utf-8", message.clone())
            }
        }
    };
    parts
        .headers
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    Response::from_parts(parts, Body::from(body))
}

/// Requests under `/api/` get JSON errors.
pub fn is_api_path(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/")
}

fn has_rendered_body(response: &Response) -> bool {
    response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| {
            value.starts_with("text/html") || value.starts_with("application/json")
        })
}

/// The sentence for an error response that came without one.
fn default_message(status: StatusCode, method: &Method) -> ErrorMessage {
    if status == StatusCode::METHOD_NOT_ALLOWED {
        return ErrorMessage::with_values(Sentence::new(Msg::ErrMethod, &[("method", method)]));
    }
    let msg = match status {
        StatusCode::BAD_REQUEST => Msg::ErrBadRequest,
        StatusCode::FORBIDDEN => Msg::ErrForbiddenHere,
        StatusCode::NOT_FOUND => Msg::ErrNothingHere,
        StatusCode::REQUEST_TIMEOUT => Msg::ErrTimeout,
        StatusCode::PAYLOAD_TOO_LARGE => Msg::ErrTooLarge,
        StatusCode::UNSUPPORTED_MEDIA_TYPE => Msg::ErrContentType,
        StatusCode::INTERNAL_SERVER_ERROR => Msg::ErrInternal,
        StatusCode::TOO_MANY_REQUESTS => Msg::ErrTooMany,
        StatusCode::SERVICE_UNAVAILABLE => Msg::ErrUnavailable,
        other => {
            return ErrorMessage::plain(format!(
                "The request failed ({}).",
                other.canonical_reason().unwrap_or("error")
            ));
        }
    };
    ErrorMessage::of(msg)
}
