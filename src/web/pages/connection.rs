//! The connection page (`/connection`): the address the phones at the table open, with its
//! QR code, and what they will see the first time: over HTTPS with the server's own
//! certificate, the warning, how to get past it and the certificate's SHA-256 fingerprint to
//! compare (the same words the `--lan` banner prints in the terminal); over plain HTTP, what
//! the phones cannot do and the start that gives it to them.
//!
//! A page of `web::pages`: the shared `origin` and `qr` pieces and the state's
//! [`crate::web::Connection`]; no database.

use askama::Template;
use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::get;

use super::origin;
use crate::web::i18n::{Msg, PageCtx};
use crate::web::page::render;
use crate::web::{AppState, Result};

/// Routes of this page.
pub fn routes() -> Router<AppState> {
    Router::new().route("/connection", get(show))
}

/// How this server is reached, as the page says it.
#[derive(Debug, PartialEq, Eq)]
enum Transport {
    /// Plain HTTP: no wake lock, no share sheet on the phones.
    Plain,
    /// HTTPS with the certificate the server made itself, and its fingerprint now.
    OwnCertificate(String),
    /// HTTPS with a certificate the host gave it (`--tls-cert`), or behind a TLS proxy.
    GivenCertificate,
}

#[derive(Template)]
#[template(path = "connection.html")]
struct ConnectionPage {
    ctx: PageCtx,
    /// The address the phones open; `None` when it names this computer only.
    address: Option<String>,
    /// Its QR code (inline SVG).
    qr: Option<std::sync::Arc<str>>,
    transport: Transport,
}

/// `GET /connection`.
async fn show(State(state): State<AppState>, ctx: PageCtx, headers: HeaderMap) -> Result<Response> {
    let served_https = state.transport.https;
    let seen = origin::origin(&headers, served_https);
    // The address --lan found comes first: the host may have opened this page as localhost.
    let address = state
        .connection
        .lan_url
        .clone()
        .or_else(|| seen.clone().map(|origin| format!("{origin}/")))
        .filter(|address| !origin::is_loopback(address));
    let qr = address
        .as_deref()
        .and_then(|address| super::qr::svg(address, ctx.t(Msg::ConnQrLabel)));
    let https = served_https || seen.is_some_and(|origin| origin.starts_with("https://"));
    let transport = match &state.connection.own_fingerprint {
        Some(fingerprint) if served_https => Transport::OwnCertificate(fingerprint()),
        _ if https => Transport::GivenCertificate,
        _ => Transport::Plain,
    };
    render(&ConnectionPage {
        ctx,
        address,
        qr,
        transport,
    })
}
