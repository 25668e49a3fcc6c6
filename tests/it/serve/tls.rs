//! HTTPS without a proxy (`--tls-cert`/`--tls-key`), on the real binary with a certificate
//! made in the test: pages are served over TLS, cookies get `Secure` there and only there,
//! HSTS only with `--hsts`, the connection timeouts hold for TLS, and bad files refuse the
//! start with a sentence naming the file.

use std::io::{Read as _, Write as _};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio_rustls::rustls::pki_types::{CertificateDer, ServerName};
use tokio_rustls::rustls::{self, ClientConfig, ClientConnection, RootCertStore, StreamOwned};

use super::{Served, kontrakt, read_answer};

/// A self-signed certificate for localhost and 127.0.0.1 in `dir`: (cert file, key file, DER).
fn self_signed(dir: &Path) -> (PathBuf, PathBuf, CertificateDer<'static>) {
    let rcgen::CertifiedKey { cert, signing_key } =
        rcgen::generate_simple_self_signed(vec!["localhost".into(), "127.0.0.1".into()]).unwrap();
    let cert_file = dir.join("cert.pem");
    let key_file = dir.join("key.pem");
    std::fs::write(&cert_file, cert.pem()).unwrap();
    std::fs::write(&key_file, signing_key.serialize_pem()).unwrap();
    (cert_file, key_file, cert.der().clone())
}

/// A client that trusts exactly `cert`.
fn client(cert: CertificateDer<'static>) -> Arc<ClientConfig> {
    let mut roots = RootCertStore::empty();
    roots.add(cert).unwrap();
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    Arc::new(
        ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_root_certificates(roots)
            .with_no_client_auth(),
    )
}

/// One request over TLS; the answer.
/// The binary serving HTTPS with a new self-signed certificate made in `dir`, and these
/// extra flags: the server and the certificate (for a client that trusts it).
fn https_server(dir: &Path, extra: &[&str]) -> (Served, CertificateDer<'static>) {
    let (cert, key, der) = self_signed(dir);
    let mut flags = vec![
        "--tls-cert",
        cert.to_str().unwrap(),
        "--tls-key",
        key.to_str().unwrap(),
    ];
    flags.extend_from_slice(extra);
    (Served::start(kontrakt(dir, &flags), "https"), der)
}

fn https(addr: &str, config: &Arc<ClientConfig>, request: &str) -> String {
    let tcp = TcpStream::connect(addr).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let name = ServerName::try_from("localhost").unwrap();
    let connection = ClientConnection::new(Arc::clone(config), name).unwrap();
    let mut tls = StreamOwned::new(connection, tcp);
    tls.write_all(request.as_bytes()).unwrap();
    read_answer(&mut tls).unwrap()
}

/// One request over plain TCP; the answer.
fn http(addr: &str, request: &str) -> String {
    let mut tcp = TcpStream::connect(addr).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    tcp.write_all(request.as_bytes()).unwrap();
    read_answer(&mut tcp).unwrap()
}

const NEW_GAME: &str = r#"{"rules": "contract", "players": ["Ann", "Bob", "Cem"]}"#;

fn create_game(send: &dyn Fn(&str) -> String) -> String {
    let created = send(&format!(
        "POST /api/v1/games HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{NEW_GAME}",
        NEW_GAME.len()
    ));
    assert!(created.starts_with("HTTP/1.1 201"), "{created}");
    let body = created.split("\r\n\r\n").nth(1).unwrap();
    let json: serde_json::Value = serde_json::from_str(body).unwrap();
    json["id"].as_str().unwrap().to_owned()
}

/// The `recent` cookie a game page sets.
fn recent_cookie(send: &dyn Fn(&str) -> String, game: &str) -> String {
    let page = send(&format!(
        "GET /games/{game} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    ));
    assert!(page.starts_with("HTTP/1.1 200 OK"), "{page}");
    page.lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie: recent="))
        .unwrap_or_else(|| panic!("no recent cookie: {page}"))
        .to_owned()
}

#[test]
fn over_https_pages_are_served_and_cookies_are_secure_and_over_http_they_are_not() {
    let dir = tempfile::tempdir().unwrap();
    let (served, der) = https_server(dir.path(), &[]);
    let config = client(der);
    let send = |request: &str| https(&served.addr, &config, request);
    let home = send("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    assert!(home.starts_with("HTTP/1.1 200 OK"), "{home}");
    assert!(home.contains("<html"), "{home}");
    assert!(
        !home
            .to_ascii_lowercase()
            .contains("strict-transport-security"),
        "no HSTS without --hsts: {home}"
    );
    let game = create_game(&send);
    let cookie = recent_cookie(&send, &game);
    assert!(cookie.ends_with("; Secure"), "{cookie}");

    let plain_dir = tempfile::tempdir().unwrap();
    let plain = Served::start(kontrakt(plain_dir.path(), &[]), "http");
    let send = |request: &str| http(&plain.addr, request);
    let game = create_game(&send);
    let cookie = recent_cookie(&send, &game);
    assert!(!cookie.contains("Secure"), "{cookie}");
}

#[test]
fn hsts_is_sent_only_with_its_flag_also_on_the_loops_own_answers() {
    let dir = tempfile::tempdir().unwrap();
    let (served, der) = https_server(dir.path(), &["--hsts"]);
    let config = client(der);
    let hsts = "\r\nstrict-transport-security: max-age=31536000\r\n";
    let home = https(
        &served.addr,
        &config,
        "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    assert!(home.to_ascii_lowercase().contains(hsts), "{home}");
    let garbage = https(&served.addr, &config, "GARBAGE\r\n\r\n");
    assert!(garbage.starts_with("HTTP/1.1 400 Bad Request"), "{garbage}");
    assert!(
        garbage.contains("The request could not be understood."),
        "{garbage}"
    );
    assert!(garbage.to_ascii_lowercase().contains(hsts), "{garbage}");
}

#[test]
fn a_tls_connection_that_never_finishes_its_handshake_is_closed_after_the_header_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let (served, der) = https_server(dir.path(), &["--header-timeout", "1"]);
    let mut stalled = TcpStream::connect(&served.addr).unwrap();
    stalled
        .set_read_timeout(Some(Duration::from_secs(15)))
        .unwrap();
    // The first bytes of a ClientHello, then nothing.
    stalled.write_all(&[0x16, 0x03, 0x01]).unwrap();
    let start = Instant::now();
    let mut rest = Vec::new();
    let _ = stalled.read_to_end(&mut rest);
    let closed = start.elapsed();
    assert!(closed < Duration::from_secs(5), "closed after {closed:?}");
    // A client that completes its handshake is served.
    let home = https(
        &served.addr,
        &client(der),
        "GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    assert!(home.starts_with("HTTP/1.1 200 OK"), "{home}");
}

#[test]
fn a_missing_key_file_or_a_file_that_is_no_certificate_refuses_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let (cert, key, _) = self_signed(dir.path());
    let missing = dir.path().join("no-such-key.pem");
    let not_pem = dir.path().join("notes.txt");
    std::fs::write(&not_pem, "hello\n").unwrap();
    for (cert, key, said) in [
        (&cert, &missing, "cannot read the TLS key file"),
        (&not_pem, &key, "the TLS certificate file"),
    ] {
        let out = kontrakt(
            dir.path(),
            &[
                "--tls-cert",
                cert.to_str().unwrap(),
                "--tls-key",
                key.to_str().unwrap(),
            ],
        )
        .output()
        .unwrap();
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let named = if said.contains("key") { key } else { cert };
        assert!(
            stderr.contains(said) && stderr.contains(&named.display().to_string()),
            "{stderr}"
        );
    }
}

/// Over HTTPS too, a client at its cap gives up its connection that has waited longest
/// (here one that never started its handshake) for a new one, at once rather than after the
/// header timeout; the new connection is served.
#[test]
fn over_https_a_client_at_its_cap_gives_up_its_oldest_waiting_connection_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let (served, der) = https_server(
        dir.path(),
        &["--max-connections-per-client", "2", "--header-timeout", "8"],
    );
    // Two connections that have not started their handshakes hold the client's places.
    let mut held: Vec<TcpStream> = (0..2)
        .map(|_| {
            let stream = TcpStream::connect(&served.addr).unwrap();
            std::thread::sleep(Duration::from_millis(50));
            stream
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let _third = TcpStream::connect(&served.addr).unwrap();
    held[0]
        .set_read_timeout(Some(Duration::from_secs(15)))
        .unwrap();
    let start = Instant::now();
    let mut rest = Vec::new();
    let _ = held[0].read_to_end(&mut rest);
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "the oldest closed at once, not after the header timeout: {:?}",
        start.elapsed()
    );
    assert!(rest.is_empty(), "no plain-text answer on a TLS port");
    drop(held);
    // Their places are freed once the server sees them close.
    let start = Instant::now();
    let config = client(der);
    loop {
        let tcp = TcpStream::connect(&served.addr).unwrap();
        tcp.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let name = ServerName::try_from("localhost").unwrap();
        let connection = ClientConnection::new(Arc::clone(&config), name).unwrap();
        let mut tls = StreamOwned::new(connection, tcp);
        let sent =
            tls.write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        let answer = sent
            .and_then(|()| read_answer(&mut tls))
            .unwrap_or_default();
        if answer.starts_with("HTTP/1.1 200 OK") {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(5), "{answer}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn plain_http_sent_to_the_https_port_is_redirected_to_https() {
    let dir = tempfile::tempdir().unwrap();
    let (served, der) = https_server(dir.path(), &[]);
    let port = served.addr.rsplit(':').next().unwrap();
    let answer = http(
        &served.addr,
        &format!("GET /check?rules=contract&round=2 HTTP/1.1\r\nHost: localhost:{port}\r\n\r\n"),
    );
    assert!(
        answer.starts_with("HTTP/1.1 307 Temporary Redirect\r\n"),
        "{answer}"
    );
    let lower = answer.to_ascii_lowercase();
    assert!(
        lower.contains(&format!(
            "\r\nlocation: https://localhost:{port}/check?rules=contract&round=2\r\n"
        )),
        "{answer}"
    );
    assert!(
        lower.contains("\r\nx-content-type-options: nosniff\r\n"),
        "{answer}"
    );
    assert!(
        answer.contains("This server answers over HTTPS only: open https://localhost:"),
        "{answer}"
    );
    // A request without a usable Host is told so, never a 500.
    let answer = http(&served.addr, "GET / HTTP/1.0\r\n\r\n");
    assert!(answer.starts_with("HTTP/1.0 400 Bad Request"), "{answer}");
    assert!(answer.contains("answers over HTTPS only"), "{answer}");
    // HTTPS on the same port is unaffected.
    let home = https(
        &served.addr,
        &client(der),
        "GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    assert!(home.starts_with("HTTP/1.1 200 OK"), "{home}");
}

/// The SHA-256 fingerprint a server logged for its own certificate, and whether it was new.
fn logged_fingerprint(log: &str) -> (String, bool) {
    let line = log
        .lines()
        .find(|l| l.contains("SHA-256 fingerprint"))
        .unwrap_or_else(|| panic!("no fingerprint logged: {log}"));
    let fingerprint = line.rsplit(' ').next().unwrap().to_owned();
    assert_eq!(fingerprint.len(), 95, "{line}");
    (fingerprint, line.contains("(new;"))
}

/// The certificate a server made for itself in `dir`, for a client that trusts it.
fn own_certificate(dir: &Path) -> CertificateDer<'static> {
    use tokio_rustls::rustls::pki_types::pem::PemObject as _;
    CertificateDer::from_pem_file(dir.join("kontrakt-lan-cert.pem")).unwrap()
}

#[test]
fn https_without_a_certificate_makes_one_beside_the_database_and_keeps_it_across_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let served = Served::start(kontrakt(dir.path(), &["--https"]), "https");
    let (fingerprint, made) = logged_fingerprint(&served.log());
    assert!(made, "{}", served.log());
    assert!(dir.path().join("kontrakt-lan-key.pem").is_file());
    let config = client(own_certificate(dir.path()));
    let game = create_game(&|request| https(&served.addr, &config, request));
    // Plain HTTP on the same port is sent to HTTPS.
    let port = served.addr.rsplit(':').next().unwrap();
    let answer = http(
        &served.addr,
        &format!("GET /games/{game} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"),
    );
    assert!(answer.starts_with("HTTP/1.1 307"), "{answer}");
    assert!(
        answer.to_ascii_lowercase().contains(&format!(
            "\r\nlocation: https://127.0.0.1:{port}/games/{game}\r\n"
        )),
        "{answer}"
    );
    drop(served);

    // The next start serves the same certificate: the phones accepted it once.
    let again = Served::start(kontrakt(dir.path(), &["--https"]), "https");
    let (kept, made) = logged_fingerprint(&again.log());
    assert_eq!(kept, fingerprint);
    assert!(!made, "{}", again.log());
    let page = https(
        &again.addr,
        &config,
        &format!("GET /games/{game} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"),
    );
    assert!(page.starts_with("HTTP/1.1 200 OK"), "{page}");
    // The connection page shows the certificate's fingerprint, in the reader's language.
    let connection = https(
        &again.addr,
        &config,
        "GET /connection HTTP/1.1\r\nHost: 192.168.1.20\r\nAccept-Language: de\r\nConnection: close\r\n\r\n",
    );
    assert!(connection.starts_with("HTTP/1.1 200 OK"), "{connection}");
    assert!(
        connection.contains(&fingerprint) && connection.contains("Tippt auf Erweitert"),
        "{connection}"
    );
    assert!(
        connection.contains("href=\"https://192.168.1.20/\""),
        "{connection}"
    );
}

#[test]
fn lan_https_tells_the_host_what_the_phones_will_show_and_the_fingerprint() {
    use std::io::BufRead as _;
    let dir = tempfile::tempdir().unwrap();
    let mut command = kontrakt(dir.path(), &["--lan", "--https"]);
    command
        .env("LANG", "de_DE.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("RUST_LOG", "info")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null());
    let mut child = command.spawn().unwrap();
    let stdout = child.stdout.take().unwrap();
    let _server = super::Server(child);
    let mut printed = String::new();
    for line in std::io::BufReader::new(stdout).lines() {
        let line = line.unwrap();
        printed.push_str(&line);
        printed.push('\n');
        if line.trim().len() == 95 && line.trim().chars().nth(2) == Some(':') {
            break;
        }
    }
    assert!(printed.contains("https://"), "{printed}");
    assert!(
        printed.contains("eine Warnung zum Zertifikat") && printed.contains("Tippt auf Erweitert"),
        "{printed}"
    );
    let der = own_certificate(dir.path());
    let fingerprint: String = {
        use sha2::Digest as _;
        let digest = sha2::Sha256::digest(der.as_ref());
        digest
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect::<Vec<_>>()
            .join(":")
    };
    assert!(printed.contains(&fingerprint), "{printed}");
}
