//! Extractors whose rejections are [`AppError`]s with a sentence, instead of axum's plain
//! text: malformed JSON is a 400, JSON of the wrong shape a 422, a wrong content type a 415,
//! a body over the limit a 413.

use std::error::Error as StdError;

use axum::extract::FromRequest;
use axum::extract::rejection::{FormRejection, JsonRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::error::AppError;
use crate::text::Msg;

/// `axum::Json` with [`AppError`] rejections. Also a response: serialises `T` as JSON.
#[derive(Clone, Copy, Debug, Default, FromRequest)]
#[from_request(via(axum::Json), rejection(AppError))]
pub struct Json<T>(pub T);

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

/// `axum::Form` (URL-encoded) with [`AppError`] rejections.
#[derive(Clone, Copy, Debug, Default, FromRequest)]
#[from_request(via(axum::Form), rejection(AppError))]
pub struct Form<T>(pub T);

impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::JsonDataError(error) => AppError::Unprocessable(format!(
                "The JSON has a wrong or missing field: {}.",
                innermost(&error)
            )),
            JsonRejection::JsonSyntaxError(error) => AppError::BadRequest(format!(
                "The request body is not valid JSON: {}.",
                innermost(&error)
            )),
            JsonRejection::MissingJsonContentType(_) => AppError::UnsupportedMediaType(
                "Send the request body as JSON, with the header \
                 Content-Type: application/json."
                    .to_owned(),
            ),
            other => body_rejection(other.status()),
        }
    }
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
