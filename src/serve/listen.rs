//! Opening the listening socket, and when the system refuses it, a sentence for the host in
//! the terminal's language that names the fix: a port in use (most often a Kontrakt already
//! running: open it, or take the next port), a port below 1024 without the right to it, an
//! address this computer does not have; anything else with the system's own words.
//!
//! Depends on tokio, `text` and `lan` (the address to open); never on `web`, `db` or `cli`.

use std::io::ErrorKind;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use tokio::net::TcpListener;

use crate::text::Lang;
use crate::text::serve::ServeMsg;

/// Listens on `addr`, or says in `lang` why it cannot and what to do (`https`: the scheme
/// of the address to open if a Kontrakt is already running there).
pub async fn bind(addr: SocketAddr, https: bool, lang: Lang) -> Result<TcpListener, String> {
    TcpListener::bind(addr)
        .await
        .map_err(|error| refusal(&error, addr, https, lang, super::lan::lan_address()))
}

/// The sentence for `error` from listening on `addr`; `lan` is this computer's LAN address,
/// the one to open when `addr` is every interface.
pub fn refusal(
    error: &std::io::Error,
    addr: SocketAddr,
    https: bool,
    lang: Lang,
    lan: Option<IpAddr>,
) -> String {
    let port = addr.port();
    match error.kind() {
        ErrorKind::AddrInUse => {
            let ip = if addr.ip().is_unspecified() {
                lan.unwrap_or(Ipv4Addr::LOCALHOST.into())
            } else {
                addr.ip()
            };
            let url = super::lan::url(https, SocketAddr::new(ip, port));
            let next = if port == u16::MAX || port == 0 {
                3001
            } else {
                port + 1
            };
            ServeMsg::PortTaken.fill(lang, &[("port", &port), ("url", &url), ("next", &next)])
        }
        ErrorKind::PermissionDenied => ServeMsg::PortForbidden.fill(lang, &[("port", &port)]),
        ErrorKind::AddrNotAvailable => {
            ServeMsg::AddrNotHere.fill(lang, &[("addr", &addr.ip()), ("port", &port)])
        }
        _ => ServeMsg::CannotListen.fill(lang, &[("addr", &addr), ("error", error)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_port_in_use_is_refused_saying_to_open_it_or_take_the_next_port() {
        let taken = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = taken.local_addr().unwrap();
        let port = addr.port();
        let said = bind(addr, false, Lang::En).await.unwrap_err();
        assert_eq!(
            said,
            format!(
                "Port {port} is already in use: Kontrakt may already be running - open \
                 http://127.0.0.1:{port}/, or start it on another port with --addr 0.0.0.0:{}",
                port + 1
            )
        );
        let said = bind(addr, true, Lang::De).await.unwrap_err();
        assert!(
            said.contains("Kontrakt läuft vielleicht schon")
                && said.contains(&format!("https://127.0.0.1:{port}/")),
            "{said}"
        );
    }

    #[test]
    fn every_interface_in_use_points_to_the_lan_address() {
        let error = std::io::Error::from(ErrorKind::AddrInUse);
        let addr = SocketAddr::from(([0, 0, 0, 0], 3000));
        let said = refusal(
            &error,
            addr,
            false,
            Lang::En,
            Some([192, 168, 1, 20].into()),
        );
        assert!(
            said.contains("open http://192.168.1.20:3000/") && said.contains("--addr 0.0.0.0:3001"),
            "{said}"
        );
    }

    #[test]
    fn a_forbidden_port_and_a_foreign_address_name_the_fix() {
        let addr = SocketAddr::from(([0, 0, 0, 0], 80));
        let error = std::io::Error::from(ErrorKind::PermissionDenied);
        let said = refusal(&error, addr, false, Lang::En, None);
        assert!(
            said.contains("port 80") && said.contains("--addr 0.0.0.0:3000"),
            "{said}"
        );
        let said = refusal(&error, addr, false, Lang::De, None);
        assert!(said.contains("Administratorrechte"), "{said}");

        let addr = SocketAddr::from(([10, 9, 8, 7], 3000));
        let error = std::io::Error::from(ErrorKind::AddrNotAvailable);
        let said = refusal(&error, addr, false, Lang::En, None);
        assert!(
            said.starts_with("10.9.8.7 is not an address of this computer")
                && said.contains("--lan"),
            "{said}"
        );
        let error = std::io::Error::other("something odd");
        let said = refusal(&error, addr, false, Lang::De, None);
        assert!(
            said.contains("something odd") && said.contains("--addr"),
            "{said}"
        );
    }
}
