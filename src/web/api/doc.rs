//! The OpenAPI 3.1 document of the JSON API, served at `GET /api/v1/openapi.json`.
//!
//! The document is not written by hand: each handler of [`super`] and [`super::games`]
//! carries a `#[utoipa::path]` attribute (method, path, parameters, body, every answer) and
//! is registered with `utoipa_axum::routes!`, which adds the same route to the router and to
//! the document. This module holds the document's frame ([`ApiDoc`]), the error answers many
//! operations share ([`ReadErrors`], [`QuestionErrors`], [`ComputeErrors`],
//! [`RefereeErrors`], [`GameReadErrors`], [`GameWriteErrors`]), the success answer of the
//! changes to a whole game ([`GameChanged`]) and the handler that serves it.
//! `docs/openapi.json` is its committed snapshot; the integration test `openapi::` fails when
//! the two differ (docs/decisions.md).
//!
//! Part of `web::api`: the API's description only; no game, rule or store is used here.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use utoipa::openapi::content::ContentBuilder;
use utoipa::openapi::header::HeaderBuilder;
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::response::ResponseBuilder;
use utoipa::openapi::schema::{AllOfBuilder, ObjectBuilder, Type};
use utoipa::openapi::{Ref, RefOr, Required};
use utoipa::{IntoParams, IntoResponses, OpenApi};

use crate::web::schema;

/// The frame of the document: what the API is, its tags and the schemas the shared error
/// answers refer to. The paths come from the handlers (`super::router`).
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Kontrakt JSON API",
        version = "1",
        description = "The rules engine of Kontrakt (contract rummy: legal melds, hands, \
            penalty points, money) and the stored games, as JSON. docs/API.md is the contract \
            in prose; this document is generated from the handlers and their types. Fields \
            are only ever added. Every error is `{\"error\": \"<sentence>\"}`, in the \
            language of the body's `lang` (`en` or `de`), else of `Accept-Language`, else \
            English.",
        license(name = "MIT", identifier = "MIT"),
    ),
    components(schemas(schema::Error, schema::Invalid)),
    tags(
        (name = "referee", description = "Questions to the rules engine: legal melds, \
            hands, penalty points, money."),
        (name = "rule sets", description = "The rule sets as data."),
        (name = "games", description = "Stored games: create, enter rounds, undo, end \
            early, read the state and the history. A game's edit id is its capability; its \
            read-only token only shows it."),
        (name = "groups", description = "Groups (Added 2026-11-24): a table's players, \
            games, house rules and settle-ups from one evening to the next. A group's edit id \
            is its capability; its read-only token only shows it."),
        (name = "document", description = "This document."),
    )
)]
pub(super) struct ApiDoc;

/// `GET /api/v1/openapi.json`: this document (generated once, at the first request).
#[utoipa::path(
    get,
    path = "/api/v1/openapi.json",
    tag = "document",
    operation_id = "get_openapi",
    summary = "The OpenAPI 3.1 document of this API",
    responses(
        (status = 200, description = "The document (OpenAPI 3.1, JSON).",
         body = Object, content_type = "application/json"),
        ReadErrors,
    )
)]
pub(super) async fn openapi_json() -> Response {
    static DOCUMENT: LazyLock<String> = LazyLock::new(|| {
        super::openapi().to_pretty_json().unwrap_or_else(|error| {
            // The document is plain data; this cannot fail, but never answer half of it.
            tracing::error!(%error, "cannot serialise the OpenAPI document");
            String::from("{}")
        })
    });
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        DOCUMENT.as_str(),
    )
        .into_response()
}

/// What the path attributes cannot say: the body of undo, end and resume may be left out
/// (an `Option` body would say it may be `null`, which is refused); and any operation may
/// answer 503 (found by schemathesis in CI: the answers of a database that is down were in
/// no operation's list).
pub(super) fn finish(document: &mut utoipa::openapi::OpenApi) {
    for item in document.paths.paths.values_mut() {
        for operation in [item.get.as_mut(), item.post.as_mut()]
            .into_iter()
            .flatten()
        {
            operation
                .responses
                .responses
                .entry("503".to_owned())
                .or_insert_with(unavailable);
        }
    }
    for item in document.paths.paths.values_mut() {
        let Some(operation) = item.post.as_mut() else {
            continue;
        };
        let optional = matches!(
            operation.operation_id.as_deref(),
            Some("undo_round" | "end_game" | "resume_game")
        );
        if let (true, Some(RefOr::T(body))) = (optional, operation.request_body.as_mut()) {
            body.required = Some(Required::False);
        }
    }
}

type Responses = BTreeMap<String, RefOr<utoipa::openapi::response::Response>>;

/// An answer whose body is `{"error": "<sentence>"}`.
fn error(description: &str) -> RefOr<utoipa::openapi::response::Response> {
    error_with(description, Ref::from_schema_name("Error"))
}

fn error_with(
    description: &str,
    schema: impl Into<RefOr<utoipa::openapi::schema::Schema>>,
) -> RefOr<utoipa::openapi::response::Response> {
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            ContentBuilder::new().schema(Some(schema)).build(),
        )
        .build()
        .into()
}

fn answers(list: &[(&str, RefOr<utoipa::openapi::response::Response>)]) -> Responses {
    list.iter()
        .map(|(status, response)| ((*status).to_owned(), response.clone()))
        .collect()
}

/// 408 and 500: what any request may end in.
fn always() -> Vec<(&'static str, RefOr<utoipa::openapi::response::Response>)> {
    vec![
        (
            "408",
            error(
                "The request took longer than 10 seconds (a check or solve waits for a free core).",
            ),
        ),
        (
            "500",
            error("Something went wrong on the server; the cause is logged, never sent."),
        ),
    ]
}

/// 400, 413, 415 and 429 (with `Retry-After`): what any write may end in besides
/// [`always`]; the 403 differs for game writes.
fn writes() -> Vec<(&'static str, RefOr<utoipa::openapi::response::Response>)> {
    let mut list = bodies();
    list.push((
        "429",
        too_many(
            "Too many changes from this client's address in a short time (the write rate \
             limit); `Retry-After` says when to try again.",
            "Seconds until a write is allowed again.",
        ),
    ));
    list
}

/// 503: the server cannot answer now, by no fault of the request: its database is out of
/// reach (JSON, `Retry-After`), or the connection cap of the client's address refused the
/// connection before any request was read (a plain-text sentence, written by the connection
/// loop for any path).
fn unavailable() -> RefOr<utoipa::openapi::response::Response> {
    ResponseBuilder::new()
        .description(
            "The server cannot answer now: it cannot reach its database (PostgreSQL down or \
             restarting; JSON with the sentence and `Retry-After`), or the client's address \
             holds all the connections it may while each is answering a request (a plain-text \
             sentence, before the request was read).",
        )
        .header(
            "Retry-After",
            HeaderBuilder::new()
                .schema(Some(ObjectBuilder::new().schema_type(Type::Integer)))
                .description(Some("Seconds after which a retry may work."))
                .build(),
        )
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("Error")))
                .build(),
        )
        .content(
            "text/plain",
            ContentBuilder::new()
                .schema(Some(ObjectBuilder::new().schema_type(Type::String)))
                .build(),
        )
        .build()
        .into()
}

/// A 429 with its `Retry-After` header (whole seconds).
fn too_many(description: &str, retry_after: &str) -> RefOr<utoipa::openapi::response::Response> {
    ResponseBuilder::new()
        .description(description)
        .header(
            "Retry-After",
            HeaderBuilder::new()
                .schema(Some(ObjectBuilder::new().schema_type(Type::Integer)))
                .description(Some(retry_after))
                .build(),
        )
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("Error")))
                .build(),
        )
        .build()
        .into()
}

/// The errors of a read that needs no game: 408, 500.
pub(super) struct ReadErrors;

impl IntoResponses for ReadErrors {
    fn responses() -> Responses {
        answers(&always())
    }
}

/// 400, 413 and 415: what any posted body may end in besides [`always`].
fn bodies() -> Vec<(&'static str, RefOr<utoipa::openapi::response::Response>)> {
    let mut list = always();
    list.extend([
        (
            "400",
            error("The body is not valid JSON, or names a field it does not take."),
        ),
        ("413", error("The body is over 64 KiB.")),
        (
            "415",
            error("The body is not `Content-Type: application/json`."),
        ),
    ]);
    list
}

/// 403 (cross-site) and 422 (wrong input) of a referee question or of creating a game.
fn question() -> [(&'static str, RefOr<utoipa::openapi::response::Response>); 2] {
    [
        (
            "403",
            error(
                "A cross-site request (`Sec-Fetch-Site: cross-site`, or an `Origin` other than `Host`).",
            ),
        ),
        (
            "422",
            error(
                "The JSON is well-formed but wrong: a missing field or one of the wrong type, an unknown rule set, option or card, a round out of range, lists that do not match the players, a `lang` other than `en` or `de`; the sentence names it.",
            ),
        ),
    ]
}

/// The errors of a cheap referee question (score, settle): bad JSON, a cross-site request,
/// wrong input. It changes nothing, so since 2026-11-24 it spends no write budget and is
/// never refused with 429; the 429 stays in the document (it only grows, docs/decisions.md).
pub(super) struct QuestionErrors;

impl IntoResponses for QuestionErrors {
    fn responses() -> Responses {
        let mut list = bodies();
        list.extend(question());
        list.push((
            "429",
            too_many(
                "Not sent since 2026-11-24: score and settle change nothing, so they spend no \
                 write budget and run at once. Kept so that a client handling the write rate \
                 limit's 429 stays right.",
                "Seconds until the request may be made again.",
            ),
        ));
        answers(&list)
    }
}

/// The errors of a referee computation (check, solve): bad JSON, a cross-site request, wrong
/// input, and the 429 of the per-client compute queue (`web::compute`), given at once with
/// `Retry-After: 1` when the client already has as many computations running and waiting as
/// it may.
pub(super) struct ComputeErrors;

impl IntoResponses for ComputeErrors {
    fn responses() -> Responses {
        let mut list = bodies();
        list.extend(question());
        list.push((
            "429",
            too_many(
                "This client's address already has 2 computations running and 4 waiting \
                 (`web::compute`); wait for those answers, then ask again. Not the write rate \
                 limit: computations spend no write budget (since 2026-11-24).",
                "Seconds to wait before asking again (always 1: a computation ends within \
                 the 10-second request timeout).",
            ),
        ));
        answers(&list)
    }
}

/// The `Accept-Language` header: the language of the answer's sentences when the body has
/// no `lang`.
pub(super) struct AcceptLanguageHeader;

impl IntoParams for AcceptLanguageHeader {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        vec![
            ParameterBuilder::new()
                .name("Accept-Language")
                .parameter_in(ParameterIn::Header)
                .required(Required::False)
                .description(Some(
                    "The language of every `message` and `error` of the answer when the body \
                     has no `lang`: its preference of `en` and `de`, else English. Codes, \
                     parameters and field keys do not change.",
                ))
                .schema(Some(ObjectBuilder::new().schema_type(Type::String)))
                .build(),
        ]
    }
}

/// The errors of creating a game: bad JSON, a cross-site request, wrong input, the write
/// rate limit.
pub(super) struct RefereeErrors;

impl IntoResponses for RefereeErrors {
    fn responses() -> Responses {
        let mut list = writes();
        list.extend(question());
        answers(&list)
    }
}

/// The errors of reading a game: its read-only token where the edit id belongs (403), no
/// such game (404).
pub(super) struct GameReadErrors;

impl IntoResponses for GameReadErrors {
    fn responses() -> Responses {
        let mut list = always();
        list.extend([
            (
                "403",
                error("The game's read-only token was used where its edit id belongs."),
            ),
            ("404", error("There is no game with this id.")),
        ]);
        answers(&list)
    }
}

/// The errors of changing a game: those of any write, the read-only token (403), no such
/// game (404), input that cannot be written (422, by field where it was read).
pub(super) struct GameWriteErrors;

impl IntoResponses for GameWriteErrors {
    fn responses() -> Responses {
        let mut list = writes();
        list.extend([
            (
                "403",
                error("The game's read-only token was used where its edit id belongs, or the request is cross-site."),
            ),
            ("404", error("There is no game with this id.")),
            (
                "422",
                error_with(
                    "The change cannot be made: every sentence in `error`, and where the input was read each problem by field.",
                    Ref::from_schema_name("Invalid"),
                ),
            ),
        ]);
        answers(&list)
    }
}

/// The errors of changing a group: those of any write, the group's read-only token (403), no
/// such group (404), a change that does not fit the group (422), a stale `version` (409, with
/// the group's state and the sentence).
pub(super) struct GroupWriteErrors;

impl IntoResponses for GroupWriteErrors {
    fn responses() -> Responses {
        let mut list = writes();
        let conflict = AllOfBuilder::new()
            .item(Ref::from_schema_name("GroupState"))
            .item(
                ObjectBuilder::new()
                    .property("error", ObjectBuilder::new().schema_type(Type::String))
                    .required("error"),
            );
        list.extend([
            (
                "403",
                error("The group's read-only token was used where its edit id belongs, or the request is cross-site."),
            ),
            ("404", error("There is no group with this id.")),
            (
                "409",
                error_with(
                    "The group changed since the `version` sent: nothing was written; the body is the group's current state plus `error`.",
                    conflict,
                ),
            ),
            (
                "422",
                error_with(
                    "The change cannot be made (a name the group already has, a player or house rules it does not have, a wrong field): the sentence says what; a game's set-up also by field.",
                    Ref::from_schema_name("Invalid"),
                ),
            ),
        ]);
        answers(&list)
    }
}

/// 409 of a game write: the game changed since `version`; the body is its current state
/// plus the sentence.
pub(super) struct Conflict;

impl IntoResponses for Conflict {
    fn responses() -> Responses {
        let schema = AllOfBuilder::new()
            .item(Ref::from_schema_name("GameState"))
            .item(
                ObjectBuilder::new()
                    .property("error", ObjectBuilder::new().schema_type(Type::String))
                    .required("error"),
            );
        answers(&[(
            "409",
            error_with(
                "The game changed since the `version` sent: nothing was written; the body is the game's current state plus `error`.",
                schema,
            ),
        )])
    }
}

/// 200 of a change to the whole game (undo, redo, end, resume): the game's state as it is
/// now, or, for a repeat of an earlier request with the same `Idempotency-Key`, the answer
/// given then; never cached.
pub(super) struct GameChanged;

impl IntoResponses for GameChanged {
    fn responses() -> Responses {
        let header = |description: &str| {
            HeaderBuilder::new()
                .schema(Some(ObjectBuilder::new().schema_type(Type::String)))
                .description(Some(description))
                .build()
        };
        let done = ResponseBuilder::new()
            .description("Done (or replayed): the game's state.")
            .header(
                "Idempotent-Replayed",
                header(
                    "`true` when this answers a repeat of an earlier request with the same \
                     `Idempotency-Key`.",
                ),
            )
            .header("Cache-Control", header("`no-store`."))
            .content(
                "application/json",
                ContentBuilder::new()
                    .schema(Some(Ref::from_schema_name("GameState")))
                    .build(),
            )
            .build();
        answers(&[("200", done.into())])
    }
}

/// The `Idempotency-Key` header of a write.
pub(super) struct IdempotencyKeyHeader;

impl IntoParams for IdempotencyKeyHeader {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let key = ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(1))
            .max_length(Some(crate::web::IdempotencyKey::MAX_LEN))
            .pattern(Some("^[!-~]+$"));
        vec![
            ParameterBuilder::new()
                .name("Idempotency-Key")
                .parameter_in(ParameterIn::Header)
                .required(Required::False)
                .description(Some(
                    "Makes the write happen at most once: a repeat with the same key changes \
                     nothing and answers as the first request did (with \
                     `Idempotent-Replayed: true`). 1 to 200 visible ASCII characters after \
                     trimming; any other key is a 400.",
                ))
                .schema(Some(key))
                .build(),
        ]
    }
}
