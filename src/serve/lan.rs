//! `kontrakt serve --lan`: the address the phones at the table should open, and a QR code of
//! it drawn in the terminal.
//!
//! The machine's LAN address is found without sending anything: a UDP socket "connected"
//! to an outside address is given the local address of the route there by the kernel.
//!
//! Depends on std, qrcode and `text`.

use std::net::{IpAddr, SocketAddr, UdpSocket};

use qrcode::QrCode;
use qrcode::render::unicode::Dense1x2;

use crate::text::Lang;
use crate::text::serve::ServeMsg;

/// Addresses whose route reveals the LAN address: a private one (a home network's route),
/// then a documentation one (the default route). Nothing is sent to them.
const PROBES: [&str; 2] = ["10.254.254.254:9", "192.0.2.1:9"];

/// This machine's address on its network, if it has one besides loopback.
pub fn lan_address() -> Option<IpAddr> {
    PROBES.iter().find_map(|probe| {
        let socket = UdpSocket::bind("0.0.0.0:0").ok()?;
        socket.connect(probe).ok()?;
        let ip = socket.local_addr().ok()?.ip();
        (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
    })
}

/// The address to open: `scheme://ip:port/`.
pub fn url(https: bool, at: SocketAddr) -> String {
    let scheme = if https { "https" } else { "http" };
    format!("{scheme}://{at}/")
}

/// What `--lan` prints for the host: the sentence, the address and its QR code, or the
/// sentence saying no network address was found with the loopback address. Over HTTPS, what
/// the phones will say about the certificate: with `own_cert` (the SHA-256 fingerprint of the
/// certificate the server made itself) the warning they show the first time, how to get
/// past it, and the fingerprint.
pub fn banner(
    lang: Lang,
    https: bool,
    lan: Option<IpAddr>,
    port: u16,
    own_cert: Option<&str>,
) -> String {
    let certificate = match own_cert {
        Some(fingerprint) => {
            ServeMsg::LanOwnCertificate.fill(lang, &[("fingerprint", &fingerprint)])
        }
        None => ServeMsg::LanCertificate.text(lang).to_owned(),
    };
    let Some(ip) = lan else {
        let url = url(https, SocketAddr::from(([127, 0, 0, 1], port)));
        let mut out = format!("{}\n", ServeMsg::LanNone.fill(lang, &[("url", &url)]));
        if https {
            out.push_str(&certificate);
            out.push('\n');
        }
        return out;
    };
    let url = url(https, SocketAddr::new(ip, port));
    let mut out = format!(
        "\n{}\n\n    {url}\n\n{}\n",
        ServeMsg::LanOpen.text(lang),
        qr(&url)
    );
    if https {
        out.push_str(&certificate);
        out.push('\n');
    }
    out
}

/// A QR code of `text` in half-height block characters, light modules drawn (it reads on the
/// usual dark terminal), with its quiet zone.
pub fn qr(text: &str) -> String {
    match QrCode::new(text.as_bytes()) {
        Ok(code) => code
            .render::<Dense1x2>()
            .dark_color(Dense1x2::Light)
            .light_color(Dense1x2::Dark)
            .quiet_zone(true)
            .build(),
        // A URL of a few dozen bytes always fits; say nothing rather than fail the start.
        Err(error) => {
            tracing::debug!("cannot draw a QR code: {error}");
            String::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_banner_gives_the_address_and_a_qr_code_of_it() {
        let banner = banner(
            Lang::En,
            false,
            Some(IpAddr::from([192, 168, 1, 20])),
            3000,
            None,
        );
        assert!(
            banner.contains("Open this address on the phones"),
            "{banner}"
        );
        assert!(
            banner.contains("\n    http://192.168.1.20:3000/\n"),
            "{banner}"
        );
        let blocks = banner
            .lines()
            .filter(|l| l.contains('█') || l.contains('▀'))
            .count();
        assert!(blocks >= 10, "a QR code of at least 10 lines: {banner}");
    }

    #[test]
    fn without_a_network_address_the_banner_says_so_and_gives_loopback() {
        let banner = banner(Lang::De, true, None, 8443, None);
        assert!(
            banner.contains("Keine Netzwerkadresse gefunden"),
            "{banner}"
        );
        assert!(banner.contains("https://127.0.0.1:8443/"), "{banner}");
    }

    #[test]
    fn over_https_the_banner_warns_about_a_self_made_certificate() {
        let banner = banner(
            Lang::En,
            true,
            Some(IpAddr::from([10, 0, 0, 2])),
            3000,
            None,
        );
        assert!(banner.contains("https://10.0.0.2:3000/"), "{banner}");
        assert!(banner.contains("accept it once on each phone"), "{banner}");
    }

    #[test]
    fn with_its_own_certificate_the_banner_says_what_the_phones_show_and_the_fingerprint() {
        let fingerprint = "AB:CD:EF";
        let ip = Some(IpAddr::from([10, 0, 0, 2]));
        let english = banner(Lang::En, true, ip, 3000, Some(fingerprint));
        assert!(
            english.contains("a warning about the certificate")
                && english.contains("tap Advanced")
                && english.contains("then continue")
                && english.contains("\n    AB:CD:EF\n"),
            "{english}"
        );
        let german = banner(Lang::De, true, None, 3000, Some(fingerprint));
        assert!(
            german.contains("Tippt auf Erweitert") && german.contains("AB:CD:EF"),
            "{german}"
        );
    }
}
