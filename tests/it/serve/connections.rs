//! The connection loop against hostile and careless clients, on the real binary: half-sent
//! requests and idle connections are closed after their timeouts, one address cannot hold
//! more than its cap, a low open-file limit does not lock everyone out, and hyper's own
//! error answers carry a sentence and the security headers.

use std::io::{ErrorKind, Read as _, Write as _};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

use super::{Served, kontrakt, read_answer};

fn connect(addr: &str) -> TcpStream {
    let stream = TcpStream::connect(addr).expect("server accepts connections");
    stream
        .set_read_timeout(Some(Duration::from_secs(15)))
        .unwrap();
    stream
}

/// Reads until the server closes the connection; how long that took.
fn time_to_close(stream: &mut TcpStream) -> Duration {
    let start = Instant::now();
    let mut rest = Vec::new();
    match stream.read_to_end(&mut rest) {
        Ok(_) => {}
        Err(e) if e.kind() == ErrorKind::ConnectionReset => {}
        Err(e) => panic!("the connection was not closed: {e}"),
    }
    start.elapsed()
}

/// Is the connection still open after `wait`? (Nothing to read and no end.)
fn still_open_after(stream: &mut TcpStream, wait: Duration) -> bool {
    stream.set_read_timeout(Some(wait)).unwrap();
    let mut byte = [0u8; 1];
    let open = matches!(
        stream.read(&mut byte),
        Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut)
    );
    stream
        .set_read_timeout(Some(Duration::from_secs(15)))
        .unwrap();
    open
}

fn get(stream: &mut TcpStream, path: &str, close: bool) -> String {
    let connection = if close { "close" } else { "keep-alive" };
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: kontrakt\r\nConnection: {connection}\r\n\r\n"
    )
    .unwrap();
    read_answer(stream).unwrap()
}

/// `GET /healthz` on a new connection, retried while the server refuses it (a freed place
/// is noticed when the closed connection's end is read).
fn healthz_within(addr: &str, wait: Duration) -> String {
    let start = Instant::now();
    loop {
        let answer = get(&mut connect(addr), "/healthz", true);
        if answer.starts_with("HTTP/1.1 200 OK") || start.elapsed() > wait {
            return answer;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_half_sent_request_is_closed_after_the_header_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let served = Served::start(
        kontrakt(
            dir.path(),
            &["--header-timeout", "1", "--idle-timeout", "30"],
        ),
        "http",
    );
    let mut slow = connect(&served.addr);
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: kontrakt\r\n")
        .unwrap();
    // More header lines trickling in do not extend the time.
    std::thread::sleep(Duration::from_millis(500));
    slow.write_all(b"Accept: text/plain\r\n").unwrap();
    let closed = time_to_close(&mut slow) + Duration::from_millis(500);
    assert!(
        closed >= Duration::from_millis(900) && closed < Duration::from_secs(5),
        "closed after {closed:?}"
    );
    // A connection that sends nothing at all is closed too.
    let mut silent = connect(&served.addr);
    let closed = time_to_close(&mut silent);
    assert!(closed < Duration::from_secs(5), "closed after {closed:?}");
    // Prompt clients are served as before.
    let answer = get(&mut connect(&served.addr), "/healthz", true);
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
}

#[test]
fn an_idle_keep_alive_connection_is_closed_after_the_idle_timeout_not_the_header_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let served = Served::start(
        kontrakt(
            dir.path(),
            &["--header-timeout", "1", "--idle-timeout", "3"],
        ),
        "http",
    );
    let mut phone = connect(&served.addr);
    let answer = get(&mut phone, "/healthz", false);
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    let answered = Instant::now();
    assert!(
        still_open_after(&mut phone, Duration::from_millis(1800)),
        "an idle keep-alive connection outlives the header timeout"
    );
    // It is still usable, and the idle time counts again from this answer.
    let answer = get(&mut phone, "/healthz", false);
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    let answered_again = Instant::now();
    time_to_close(&mut phone);
    let idle = answered_again.elapsed();
    assert!(
        idle >= Duration::from_millis(2500) && idle < Duration::from_secs(8),
        "closed {idle:?} after the last answer"
    );
    assert!(answered.elapsed() > Duration::from_secs(4));
}

/// Fair to every phone at one address: at `--max-connections-per-client` a new connection
/// is served and the address's own connection that waited longest without a request is
/// closed (before: the new phone was refused while one device held every place); the
/// others stay served. Only when every connection of the address is answering a request is
/// a new one refused, with a 503 and a sentence, and closed.
#[test]
fn at_its_cap_an_address_gives_up_its_oldest_idle_connection_for_a_new_phone() {
    let dir = tempfile::tempdir().unwrap();
    let served = Served::start(
        kontrakt(dir.path(), &["--max-connections-per-client", "4"]),
        "http",
    );
    // Four keep-alive connections, each answered once (so each is surely open), oldest first.
    let mut held: Vec<TcpStream> = (0..4)
        .map(|_| {
            let mut stream = connect(&served.addr);
            let answer = get(&mut stream, "/healthz", false);
            assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
            std::thread::sleep(Duration::from_millis(20));
            stream
        })
        .collect();

    let mut phone = connect(&served.addr);
    let answer = get(&mut phone, "/healthz", false);
    assert!(
        answer.starts_with("HTTP/1.1 200 OK"),
        "a new phone is served: {answer}"
    );
    assert!(
        time_to_close(&mut held[0]) < Duration::from_secs(5),
        "the oldest idle connection gave way"
    );
    let answer = get(&mut held[3], "/healthz", false);
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");

    // Every place busy with a request: the next is refused with the sentence.
    let _busy: Vec<TcpStream> = (0..4).map(|_| busy(&served.addr)).collect();
    std::thread::sleep(Duration::from_millis(500));
    let mut refused = connect(&served.addr);
    let answer = read_answer(&mut refused).unwrap_or_default();
    assert!(
        answer.starts_with("HTTP/1.1 503 Service Unavailable\r\n"),
        "{answer}"
    );
    assert!(
        answer.contains("Too many open connections from your network")
            && answer.contains("Zu viele offene Verbindungen"),
        "{answer}"
    );
    assert!(
        answer.contains("\r\nx-content-type-options: nosniff\r\n"),
        "{answer}"
    );
    time_to_close(&mut refused);
}

/// A request being answered that waits for the rest of its body: a busy connection.
fn busy(addr: &str) -> TcpStream {
    let mut stream = connect(addr);
    stream
        .write_all(
            b"POST /api/v1/games HTTP/1.1\r\nHost: kontrakt\r\n\
              Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
        )
        .unwrap();
    stream
}

#[test]
fn many_open_connections_under_a_low_open_file_limit_do_not_stop_a_normal_request() {
    let dir = tempfile::tempdir().unwrap();
    let binary = kontrakt(dir.path(), &["--max-connections", "1000"]);
    // The same command, started by a shell that lowers the open-file limit first.
    let mut command = Command::new("sh");
    command
        .args(["-c", "ulimit -n 64 && exec \"$0\" \"$@\""])
        .arg(binary.get_program())
        .args(binary.get_args());
    let served = Served::start(command, "http");
    let log = served.log();
    assert!(
        log.contains("--max-connections lowered from 1000 to 16") && log.contains("is 64"),
        "{log}"
    );

    // 100 connections from one phone: idle, half-sent, or finished with a request.
    let mut crowd = Vec::new();
    for n in 0..100 {
        let Ok(mut stream) = TcpStream::connect(&served.addr) else {
            continue;
        };
        match n % 3 {
            0 => {}
            1 => {
                let _ = stream.write_all(b"GET / HTTP/1.1\r\nHost: k\r\n");
            }
            _ => {
                let _ = write!(stream, "GET /healthz HTTP/1.1\r\nHost: k\r\n\r\n");
            }
        }
        crowd.push(stream);
    }
    for _ in 0..3 {
        let answer = healthz_within(&served.addr, Duration::from_secs(5));
        assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    }
    let answer = get(&mut connect(&served.addr), "/", true);
    assert!(
        answer.starts_with("HTTP/1.1 200 OK"),
        "the home page: {answer}"
    );
}

#[test]
fn an_absurdly_low_open_file_limit_refuses_the_start_with_a_sentence() {
    let dir = tempfile::tempdir().unwrap();
    let binary = kontrakt(dir.path(), &[]);
    let out = Command::new("sh")
        .args(["-c", "ulimit -n 40 && exec \"$0\" \"$@\""])
        .arg(binary.get_program())
        .args(binary.get_args())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("the open-file limit (ulimit -n) is 40, too low to serve"),
        "{said}"
    );
}

/// The security headers of a normal answer, as lowercase `name: value` lines.
fn security_lines(addr: &str) -> Vec<String> {
    let normal = get(&mut connect(addr), "/healthz", true).to_ascii_lowercase();
    let lines: Vec<String> = normal
        .lines()
        .filter(|l| {
            [
                "content-security-policy:",
                "x-content-type-options:",
                "referrer-policy:",
                "x-frame-options:",
            ]
            .iter()
            .any(|name| l.starts_with(name))
        })
        .map(str::to_owned)
        .collect();
    assert_eq!(lines.len(), 4, "{normal}");
    lines
}

#[test]
fn requests_hyper_cannot_read_get_a_sentence_and_the_security_headers() {
    let dir = tempfile::tempdir().unwrap();
    let served = Served::start(kontrakt(dir.path(), &[]), "http");
    let expected = security_lines(&served.addr);
    let huge_cookie = format!(
        "GET / HTTP/1.1\r\nHost: k\r\nCookie: a={}\r\n\r\n",
        "x".repeat(40_000)
    );
    let many_headers = format!(
        "GET / HTTP/1.1\r\nHost: k\r\n{}\r\n",
        (0..120)
            .map(|n| format!("X-{n}: y\r\n"))
            .collect::<String>()
    );
    for (request, status, sentence) in [
        (
            "GARBAGE\r\n\r\n".to_owned(),
            "400 Bad Request",
            "The request could not be understood.\nDie Anfrage war nicht verständlich.",
        ),
        (
            "GET / HTTP/1.1\r\nHost: k\r\nBad Header\r\n\r\n".to_owned(),
            "400 Bad Request",
            "The request could not be understood.",
        ),
        (
            huge_cookie,
            "431 Request Header Fields Too Large",
            "The request's headers are too large.",
        ),
        (
            many_headers,
            "431 Request Header Fields Too Large",
            "Die Kopfzeilen der Anfrage sind zu groß.",
        ),
    ] {
        let mut stream = connect(&served.addr);
        // A server may answer and close before reading everything; that is fine.
        let _ = stream.write_all(request.as_bytes());
        let answer = read_answer(&mut stream).unwrap();
        let start = &request[..request.len().min(30)];
        assert!(
            answer.starts_with(&format!("HTTP/1.1 {status}\r\n")),
            "{start:?}: {answer}"
        );
        assert!(answer.contains(sentence), "{start:?}: {answer}");
        let lower = answer.to_ascii_lowercase();
        assert!(
            lower.contains("\r\ncontent-type: text/plain; charset=utf-8\r\n"),
            "{answer}"
        );
        for line in &expected {
            assert!(
                lower.contains(&format!("\r\n{line}\r\n")),
                "{start:?} lacks {line}: {answer}"
            );
        }
    }
    // The server is unharmed.
    let answer = get(&mut connect(&served.addr), "/healthz", true);
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
}
