//! `kontrakt --lan`: listens on every interface and prints the address the phones should
//! open with a QR code; without it the server stays on loopback.

use std::io::{BufRead as _, BufReader, Write as _};
use std::net::{IpAddr, TcpStream, UdpSocket};
use std::process::Stdio;
use std::time::Duration;

use super::{Served, kontrakt, read_answer};

fn healthz(addr: &str) -> std::io::Result<String> {
    let mut stream = TcpStream::connect_timeout(&addr.parse().unwrap(), Duration::from_secs(5))?;
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    write!(
        stream,
        "GET /healthz HTTP/1.1\r\nHost: kontrakt\r\nConnection: close\r\n\r\n"
    )?;
    read_answer(&mut stream)
}

/// This machine's address on its network, found as the server finds it (or none).
fn lan_ip() -> Option<IpAddr> {
    ["10.254.254.254:9", "192.0.2.1:9"]
        .iter()
        .find_map(|probe| {
            let socket = UdpSocket::bind("0.0.0.0:0").ok()?;
            socket.connect(probe).ok()?;
            let ip = socket.local_addr().ok()?.ip();
            (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
        })
}

#[test]
fn lan_binds_every_interface_and_prints_the_address_with_a_qr_code() {
    let dir = tempfile::tempdir().unwrap();
    // Through the environment, as a service file would set it (`--lan` is the same flag).
    let mut command = kontrakt(dir.path(), &[]);
    command
        .env("KONTRAKT_LAN", "true")
        .env("LANG", "en_GB.UTF-8")
        .stdout(Stdio::piped());
    // Start by hand to keep stdout: `Served::start` reads only the log.
    let mut child = command
        .env("RUST_LOG", "info")
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let _server = super::Server(child);
    let mut printed = String::new();
    let mut lines = BufReader::new(stdout).lines();
    let url = loop {
        let line = lines.next().expect("the banner").unwrap();
        printed.push_str(&line);
        printed.push('\n');
        if let Some(url) = line.trim().strip_prefix("http://") {
            break url.trim_end_matches('/').to_owned();
        }
        if line.contains("No network address found") {
            break line
                .split("http://")
                .nth(1)
                .unwrap()
                .trim_end_matches('/')
                .to_owned();
        }
    };
    let port = url.rsplit(':').next().unwrap().to_owned();
    // Port 0 was asked for: the printed port is the real one.
    assert_ne!(port, "0", "{printed}");
    if lan_ip().is_some() {
        let qr_lines = (0..12)
            .filter_map(|_| lines.next()?.ok())
            .filter(|l| l.contains('█') || l.contains('▀') || l.contains('▄'))
            .count();
        assert!(qr_lines >= 10, "a QR code follows the address: {printed}");
        assert!(!url.starts_with("127."), "{printed}");
    }
    // Reachable on loopback and on the printed address.
    let on_loopback = healthz(&format!("127.0.0.1:{port}")).unwrap();
    assert!(on_loopback.starts_with("HTTP/1.1 200 OK"), "{on_loopback}");
    let on_lan = healthz(&url).unwrap();
    assert!(on_lan.starts_with("HTTP/1.1 200 OK"), "{on_lan}");
}

#[test]
fn without_lan_the_server_stays_on_loopback() {
    let dir = tempfile::tempdir().unwrap();
    let served = Served::start(kontrakt(dir.path(), &[]), "http");
    assert!(served.addr.starts_with("127.0.0.1:"), "{}", served.addr);
    let port = served.addr.rsplit(':').next().unwrap();
    if let Some(ip) = lan_ip() {
        let from_lan = healthz(&format!("{ip}:{port}"));
        assert!(from_lan.is_err(), "reachable from the LAN: {from_lan:?}");
    }
}
