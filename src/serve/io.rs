//! The connection's bytes as hyper sees them: [`ConnIo`] wraps the socket (plain or TLS) to
//! tell [`ConnState`] when bytes move, and to replace hyper's own error answers.
//!
//! hyper answers a request it cannot parse (a garbage request line or header: 400; headers
//! over the limit: 431; an address over the limit: 414) itself, before the app sees it, with
//! an empty body and none of the app's security headers. Those answers are the only ones
//! that lack `x-content-type-options` (the app's middleware puts it on every answer), and
//! hyper writes one only when it is not answering a request, as the last thing on the
//! connection. So a write made while no request is being answered that ends with a complete
//! response head of one of those statuses, without that header and without a body, is
//! hyper's: it is replaced by [`Canned::answer`] (the same status, a short sentence in English
//! and German, the security headers). hyper is told to write in one flat buffer
//! (`writev(false)`), so its head arrives in one write. Everything else passes unchanged.
//!
//! Depends on std, tokio, httparse and `text`; never on `web`, `store` or `db`.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use super::conn::{ConnState, now_ms};
use crate::text::serve::ServeMsg;

/// The statuses hyper writes itself, with their sentences.
const HYPER_ANSWERS: [(u16, ServeMsg); 3] = [
    (400, ServeMsg::BadRequest),
    (414, ServeMsg::UriTooLong),
    (431, ServeMsg::HeadersTooLarge),
];

/// The header every app answer has and hyper's own answers lack.
const APP_MARK: &str = "x-content-type-options";

/// Answers written by the connection loop itself: a status, a sentence, and the headers
/// every answer of the app carries.
#[derive(Clone, Debug)]
pub struct Canned {
    headers: Vec<(String, String)>,
}

impl Canned {
    /// Answers with these headers (name, value), e.g. the app's security headers.
    pub fn new(headers: Vec<(String, String)>) -> Self {
        Self { headers }
    }

    /// A complete answer that closes the connection: status line, plain-text sentence in
    /// English and German, the headers, and `date` if given.
    pub fn answer(
        &self,
        status: u16,
        reason: &str,
        message: ServeMsg,
        date: Option<&str>,
    ) -> Vec<u8> {
        let body = format!("{}\n", message.both());
        let mut head = format!(
            "HTTP/1.1 {status} {reason}\r\ncontent-type: text/plain; charset=utf-8\r\n\
             content-length: {}\r\nconnection: close\r\ncache-control: no-store\r\n",
            body.len()
        );
        for (name, value) in &self.headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        if let Some(date) = date {
            head.push_str(&format!("date: {date}\r\n"));
        }
        head.push_str("\r\n");
        let mut bytes = head.into_bytes();
        bytes.extend_from_slice(body.as_bytes());
        bytes
    }
}

/// hyper's own error answer at the end of `buf`: where it starts and what replaces it.
fn hyper_answer(buf: &[u8], canned: &Canned) -> Option<(usize, Vec<u8>)> {
    // hyper's head is about 80 bytes; look at the end of the buffer only.
    let window = buf.len().saturating_sub(512);
    let mut from = window;
    while let Some(offset) = find(&buf[from..], b"HTTP/1.") {
        let at = from + offset;
        from = at + 1;
        let mut headers = [httparse::EMPTY_HEADER; 16];
        let mut response = httparse::Response::new(&mut headers);
        let Ok(httparse::Status::Complete(len)) = response.parse(&buf[at..]) else {
            continue;
        };
        if at + len != buf.len() {
            continue;
        }
        let &(status, message) = HYPER_ANSWERS
            .iter()
            .find(|(status, _)| Some(*status) == response.code)?;
        let value = |name: &str| {
            response
                .headers
                .iter()
                .find(|h| h.name.eq_ignore_ascii_case(name))
                .map(|h| String::from_utf8_lossy(h.value).into_owned())
        };
        if value(APP_MARK).is_some() || value("content-length").is_some_and(|v| v.trim() != "0") {
            return None;
        }
        let reason = response.reason.unwrap_or("Error").to_owned();
        let date = value("date");
        return Some((at, canned.answer(status, &reason, message, date.as_deref())));
    }
    None
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// A connection's socket (plain or TLS) as hyper uses it; see the module header.
#[derive(Debug)]
pub struct ConnIo<S> {
    inner: S,
    state: Arc<ConnState>,
    canned: Arc<Canned>,
    /// A replacement answer still to write, and how much of it is written.
    pending: Vec<u8>,
    written: usize,
}

impl<S> ConnIo<S> {
    /// Wraps a connection's socket.
    pub fn new(inner: S, state: Arc<ConnState>, canned: Arc<Canned>) -> Self {
        Self {
            inner,
            state,
            canned,
            pending: Vec::new(),
            written: 0,
        }
    }
}

impl<S: AsyncWrite + Unpin> ConnIo<S> {
    /// Writes what is left of a replacement answer.
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.written < self.pending.len() {
            let n =
                ready!(Pin::new(&mut self.inner).poll_write(cx, &self.pending[self.written..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.written += n;
            self.state.on_write(now_ms());
        }
        Poll::Ready(Ok(()))
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for ConnIo<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let poll = Pin::new(&mut this.inner).poll_read(cx, buf);
        if matches!(poll, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            this.state.on_read(now_ms());
        }
        poll
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for ConnIo<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        ready!(this.drain(cx))?;
        let mut buf = buf;
        let mut replaced = None;
        if this.state.in_flight() == 0
            && let Some((at, answer)) = hyper_answer(buf, &this.canned)
        {
            if at > 0 {
                // The end of an earlier answer first; hyper calls again with the rest.
                buf = &buf[..at];
            } else {
                replaced = Some(answer);
            }
        }
        if let Some(answer) = replaced {
            tracing::debug!("hyper's own error answer replaced by a sentence");
            let len = buf.len();
            this.pending = answer;
            this.written = 0;
            // hyper's bytes count as written; the replacement goes out here or on flush.
            if let Poll::Ready(Err(e)) = this.drain(cx) {
                return Poll::Ready(Err(e));
            }
            return Poll::Ready(Ok(len));
        }
        let n = ready!(Pin::new(&mut this.inner).poll_write(cx, buf))?;
        if n > 0 {
            this.state.on_write(now_ms());
        }
        Poll::Ready(Ok(n))
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.drain(cx))?;
        Pin::new(&mut this.inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.drain(cx))?;
        Pin::new(&mut this.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canned() -> Canned {
        Canned::new(vec![("x-content-type-options".into(), "nosniff".into())])
    }

    const HYPER_400: &[u8] =
        b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\ndate: Tue, 24 Nov 2026 01:00:00 GMT\r\n\r\n";

    #[test]
    fn hypers_bodiless_error_head_is_found_alone_or_after_an_earlier_answer() {
        let (at, answer) = hyper_answer(HYPER_400, &canned()).expect("found");
        assert_eq!(at, 0);
        let answer = String::from_utf8(answer).unwrap();
        assert!(
            answer.starts_with("HTTP/1.1 400 Bad Request\r\n"),
            "{answer}"
        );
        assert!(
            answer.contains("\r\nx-content-type-options: nosniff\r\n"),
            "{answer}"
        );
        assert!(
            answer.contains("\r\ndate: Tue, 24 Nov 2026 01:00:00 GMT\r\n"),
            "{answer}"
        );
        assert!(answer.ends_with("\r\n\r\nThe request could not be understood.\nDie Anfrage war nicht verständlich.\n"), "{answer}");
        let body_len = answer.split("\r\n\r\n").nth(1).unwrap().len();
        assert!(
            answer.contains(&format!("content-length: {body_len}\r\n")),
            "{answer}"
        );

        let mut both = b"...the end of an earlier body</html>\n".to_vec();
        both.extend_from_slice(
            b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\r\n",
        );
        let (at, answer) = hyper_answer(&both, &canned()).expect("found");
        assert_eq!(at, 37);
        assert!(answer.starts_with(b"HTTP/1.1 431 Request Header Fields Too Large\r\n"));
    }

    #[test]
    fn the_apps_own_answers_are_never_replaced() {
        for app in [
            &b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\nx-content-type-options: nosniff\r\n\r\n"[..],
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 5\r\n\r\n",
            b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n",
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n<p>more</p>",
            b"not http at all",
        ] {
            assert!(hyper_answer(app, &canned()).is_none(), "{}", String::from_utf8_lossy(app));
        }
    }
}
