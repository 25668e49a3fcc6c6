//! Logging: the subscriber the binary installs (text or JSON lines on stderr, filtered by
//! `RUST_LOG`), behind a writer that hides anything shaped like a capability token.
//!
//! Game ids and read-only tokens are capabilities: whoever reads one in a log can edit or
//! watch the game. The app never logs paths or URIs itself, but with `RUST_LOG=trace` the
//! libraries below it may (hyper, axum, tower, sqlx log what they see). So every formatted
//! line passes through [`redact`] before it is written, whatever crate logged it and at
//! whatever level: a run of 32 or more hex digits (a token is 32 lowercase hex digits, see
//! `db::games::new_token`) becomes `[redacted]`.
//!
//! Must not depend on `web`.

use std::io::Write;

use clap::ValueEnum;
use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::MakeWriter;

/// How log lines are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// One human-readable line per event (the default).
    #[default]
    Text,
    /// One JSON object per line, with the request's span fields (`request_id`, `method`,
    /// `route`) under `span`.
    Json,
}

/// Installs the global subscriber: `RUST_LOG` as the filter (`info` if unset or invalid),
/// lines in `format` on stderr, token-shaped text redacted.
pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(RedactingStderr);
    match format {
        LogFormat::Text => builder
            .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
            .init(),
        LogFormat::Json => builder
            .json()
            .with_current_span(true)
            .with_span_list(true)
            .init(),
    }
}

/// Shortest run of hex digits that is hidden.
const TOKEN_LEN: usize = 32;
/// What a hidden run is replaced with.
const REDACTED: &[u8] = b"[redacted]";

/// The text with every run of `TOKEN_LEN` or more ASCII hex digits replaced by `[redacted]`.
pub fn redact(text: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    let mut out: Option<Vec<u8>> = None;
    let mut start = 0;
    let mut at = 0;
    while at < text.len() {
        if !text[at].is_ascii_hexdigit() {
            at += 1;
            continue;
        }
        let run_start = at;
        while at < text.len() && text[at].is_ascii_hexdigit() {
            at += 1;
        }
        if at - run_start >= TOKEN_LEN {
            let out = out.get_or_insert_with(|| Vec::with_capacity(text.len()));
            out.extend_from_slice(&text[start..run_start]);
            out.extend_from_slice(REDACTED);
            start = at;
        }
    }
    match out {
        None => std::borrow::Cow::Borrowed(text),
        Some(mut out) => {
            out.extend_from_slice(&text[start..]);
            std::borrow::Cow::Owned(out)
        }
    }
}

/// Makes one [`RedactingLine`] per event.
#[derive(Clone, Copy, Debug)]
struct RedactingStderr;

impl<'a> MakeWriter<'a> for RedactingStderr {
    type Writer = RedactingLine;

    fn make_writer(&'a self) -> Self::Writer {
        RedactingLine(Vec::with_capacity(256))
    }
}

/// Collects one formatted event and writes it redacted to stderr when dropped, so a token
/// split across two `write` calls is still seen whole.
struct RedactingLine(Vec<u8>);

impl Write for RedactingLine {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Drop for RedactingLine {
    fn drop(&mut self) {
        // Nowhere to report a failed log write: stderr is where it would go.
        let _ = std::io::stderr().lock().write_all(&redact(&self.0));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_shaped_runs_are_hidden_and_everything_else_is_kept() {
        let token = "0123456789abcdef0123456789abcdef";
        let line = format!("GET /games/{token}/rounds uri=/view/{token}x id=deadbeef\n");
        let redacted = String::from_utf8(redact(line.as_bytes()).into_owned()).unwrap();
        assert_eq!(
            redacted,
            "GET /games/[redacted]/rounds uri=/view/[redacted]x id=deadbeef\n"
        );
        let upper = token.to_uppercase();
        assert!(!String::from_utf8_lossy(&redact(upper.as_bytes())).contains(&upper));
        let longer = format!("{token}ff");
        assert_eq!(&*redact(longer.as_bytes()), b"[redacted]");
        let short = "request_id=0123456789abcdef route=/games/{id}";
        assert_eq!(&*redact(short.as_bytes()), short.as_bytes());
    }
}
