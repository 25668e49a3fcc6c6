//! Middleware and extractor behaviour that needs routes the app does not have (a panicking
//! handler, a JSON echo), built on the same middleware stack as [`app`].

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::routing::{get, post};
use http_body_util::BodyExt as _;
use serde::{Deserialize, Serialize};
use tower::ServiceExt as _;

use super::*;

#[derive(Debug, Deserialize, Serialize)]
struct Entry {
    round: i64,
    went_out: String,
}

async fn echo(Json(entry): Json<Entry>) -> Json<Entry> {
    Json(entry)
}

async fn form(Form(entry): Form<Entry>) -> String {
    entry.went_out
}

async fn boom() -> &'static str {
    panic!("deliberate test panic")
}

async fn slow() -> &'static str {
    tokio::time::sleep(REQUEST_TIMEOUT * 2).await;
    "too late"
}

async fn custom_422() -> (StatusCode, axum::response::Html<&'static str>) {
    (
        StatusCode::UNPROCESSABLE_ENTITY,
        axum::response::Html("<p>field errors</p>"),
    )
}

fn test_app() -> Router {
    with_middleware(
        Router::new()
            .route("/api/echo", post(echo))
            .route("/form", post(form))
            .route("/boom", get(boom))
            .route("/api/boom", get(boom))
            .route("/custom", get(custom_422))
            .route("/slow", get(slow))
            .route("/api/slow", get(slow)),
    )
}

async fn send(request: Request<Body>) -> (StatusCode, String, String) {
    let response = test_app().oneshot(request).await.unwrap();
    let status = response.status();
    let content_type = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        content_type,
        String::from_utf8(body.to_vec()).unwrap(),
    )
}

fn json_post(body: impl Into<Body>) -> Request<Body> {
    Request::post("/api/echo")
        .header("content-type", "application/json")
        .body(body.into())
        .unwrap()
}

fn error_of(body: &str) -> String {
    let value: serde_json::Value = serde_json::from_str(body).expect("JSON body");
    value["error"].as_str().expect("error sentence").to_owned()
}

#[tokio::test]
async fn well_formed_json_reaches_the_handler() {
    let (status, content_type, body) = send(json_post(r#"{"round": 2, "went_out": "Ann"}"#)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type, "application/json");
    assert_eq!(body, r#"{"round":2,"went_out":"Ann"}"#);
}

#[tokio::test]
async fn malformed_json_is_a_400_with_a_json_sentence() {
    let (status, content_type, body) = send(json_post(r#"{"round": 2,"#)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(content_type, "application/json");
    assert!(
        error_of(&body).starts_with("The request body is not valid JSON: "),
        "{body}"
    );
}

#[tokio::test]
async fn json_of_the_wrong_shape_is_a_422_naming_the_field() {
    let (status, _, body) = send(json_post(r#"{"round": "two", "went_out": "Ann"}"#)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let sentence = error_of(&body);
    assert!(sentence.contains("round"), "{sentence}");
    let (status, _, body) = send(json_post(r#"{"round": 2}"#)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(&body).contains("went_out"), "{body}");
}

#[tokio::test]
async fn json_without_its_content_type_is_a_415_with_a_sentence() {
    let request = Request::post("/api/echo")
        .body(Body::from(r#"{"round": 2, "went_out": "Ann"}"#))
        .unwrap();
    let (status, _, body) = send(request).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(error_of(&body).contains("Content-Type: application/json"));
}

#[tokio::test]
async fn a_body_over_the_limit_without_content_length_is_a_413_from_the_extractor() {
    // No Content-Length header: the limit layer cannot refuse up front, the extractor hits it.
    let body = format!(
        r#"{{"round": 1, "went_out": "{}"}}"#,
        "x".repeat(BODY_LIMIT)
    );
    let (status, _, body) = send(json_post(body)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(
        error_of(&body),
        "The request is too large; send at most 64 KiB."
    );
}

fn form_post(body: &'static str, headers: &[(&str, &str)]) -> Request<Body> {
    let mut request =
        Request::post("/form").header("content-type", "application/x-www-form-urlencoded");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.body(Body::from(body)).unwrap()
}

#[tokio::test]
async fn a_form_of_the_wrong_shape_is_a_422_html_page() {
    let (status, content_type, body) = send(form_post("round=x&went_out=Ann", &[])).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(content_type.starts_with("text/html"));
    assert!(
        body.contains("The form has a wrong or missing field"),
        "{body}"
    );
}

#[tokio::test]
async fn a_form_with_a_missing_field_is_answered_in_the_pages_language_naming_the_field() {
    let (status, _, body) = send(form_post("round=2", &[("accept-language", "en")])).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("<html lang=\"en\">"), "{body}");
    assert!(
        body.contains("The form has a wrong or missing field: missing field `went_out`."),
        "{body}"
    );

    for headers in [
        [("accept-language", "de-DE,de;q=0.9")],
        [("cookie", "lang=de")],
    ] {
        let (status, _, body) = send(form_post("round=2", &headers)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(body.contains("<html lang=\"de\">"), "{body}");
        assert!(
            body.contains(
                "Ein Feld des Formulars fehlt oder ist falsch: missing field `went_out`."
            ),
            "{body}"
        );
        assert!(!body.contains("The form has"), "{body}");
    }
}

#[tokio::test]
async fn a_json_body_that_cannot_be_read_is_refused_in_the_clients_language() {
    // The header's language (docs/API.md, `lang`), English without one.
    for (accept, start) in [
        ("de", "Im JSON fehlt ein Feld oder eines ist falsch"),
        ("en", "The JSON has a wrong or missing field"),
    ] {
        let request = Request::post("/api/echo")
            .header("content-type", "application/json")
            .header("accept-language", accept)
            .body(Body::from(r#"{"round": 2}"#))
            .unwrap();
        let (status, _, body) = send(request).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(error_of(&body).starts_with(start), "{body}");
    }
    // The body's own lang wins over the header.
    let request = Request::post("/api/echo")
        .header("content-type", "application/json")
        .header("accept-language", "en")
        .body(Body::from(r#"{"round": 2, "lang": "de"}"#))
        .unwrap();
    let (_, _, body) = send(request).await;
    assert!(
        error_of(&body).starts_with("Im JSON fehlt ein Feld"),
        "{body}"
    );
}

#[test]
fn sentences_with_values_are_english_in_their_display_and_translated_on_request() {
    let error = AppError::TooManyRequests { seconds: 7 };
    assert_eq!(
        error.to_string(),
        "Too many changes from your network in a short time. Try again in 7 seconds."
    );
    assert_eq!(
        error.sentence().unwrap().text(i18n::Lang::De),
        "Zu viele Änderungen aus eurem Netz in kurzer Zeit. Versucht es in 7 Sekunden noch einmal."
    );
    let one = AppError::TooManyRequests { seconds: 1 };
    assert_eq!(
        one.to_string(),
        "Too many changes from your network in a short time. Try again in 1 second."
    );
    assert!(
        one.sentence()
            .unwrap()
            .text(i18n::Lang::De)
            .contains("in 1 Sekunde noch")
    );
    let field = AppError::FormField("missing field `key`".into());
    assert_eq!(field.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        field.to_string(),
        "The form has a wrong or missing field: missing field `key`."
    );
    assert!(AppError::Conflict.sentence().is_none());
}

#[tokio::test]
async fn a_panicking_handler_is_a_500_page_without_internals() {
    let (status, content_type, body) =
        send(Request::get("/boom").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
    assert!(content_type.starts_with("text/html"));
    assert!(body.contains("Something went wrong on the server."));
    assert!(!body.contains("deliberate"));

    let (status, _, body) = send(Request::get("/api/boom").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
    assert!(error_of(&body).starts_with("Something went wrong on the server."));
}

#[tokio::test]
async fn an_error_page_a_handler_rendered_itself_is_passed_through() {
    let (status, _, body) = send(Request::get("/custom").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body, "<p>field errors</p>");
}

#[tokio::test]
async fn error_page_escapes_the_sentence() {
    let app = with_middleware(Router::new().route(
        "/x",
        get(|| async { AppError::Unprocessable("<script>alert(1)</script>".into()) }),
    ));
    let response = app
        .oneshot(Request::get("/x").body(Body::empty()).unwrap())
        .await
        .unwrap();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    let body = String::from_utf8(body.to_vec()).unwrap();
    assert!(!body.contains("<script>"));
    assert!(
        body.contains("&#60;script&#62;") || body.contains("&lt;script&gt;"),
        "{body}"
    );
}

#[tokio::test(start_paused = true)]
async fn a_request_over_the_time_limit_is_a_408_with_a_sentence() {
    let (status, content_type, body) =
        send(Request::get("/slow").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::REQUEST_TIMEOUT);
    assert!(content_type.starts_with("text/html"));
    assert!(body.contains("The server took too long to answer."));

    let (status, _, body) = send(Request::get("/api/slow").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::REQUEST_TIMEOUT);
    assert_eq!(
        error_of(&body),
        "The server took too long to answer. Please try again."
    );
}
