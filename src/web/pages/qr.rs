//! A QR code as inline SVG markup, made on the server so another phone at the table can scan
//! a game's link. The SVG uses presentation attributes only (`fill`, `width`), never a `style`
//! attribute: the Content-Security-Policy forbids inline styles. Dark modules are drawn as one
//! path of horizontal runs, which keeps the markup a few kilobytes.
//!
//! A piece the pages share (the game pages, the group pages): the `qrcode` crate only;
//! nothing from another page, `store`, `db` or `cli`.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

use qrcode::{Color, EcLevel, QrCode};

/// Light modules around the code, as the QR standard asks.
const QUIET_ZONE: usize = 4;
/// Width and height of the SVG, in CSS pixels.
const SIZE_PX: usize = 200;

/// QR codes kept after drawing. Choosing a code's mask (eight trial maskings, each scored)
/// was over half the CPU time of a game page under load, and a game's page is drawn again with
/// the same link on every reload and every phone. Emptied when full.
pub const CACHE_SIZE: usize = 256;

type Cache = Mutex<HashMap<(String, String), Arc<str>>>;

static CACHE: LazyLock<Cache> = LazyLock::new(|| Mutex::new(HashMap::new()));

/// The SVG of a QR code for `text`, labelled `label` for screen readers; `None` if the text is
/// too long for a QR code. Remembers the last [`CACHE_SIZE`] codes, shared (not copied) with
/// every page that shows them.
pub fn svg(text: &str, label: &str) -> Option<Arc<str>> {
    let key = (text.to_owned(), label.to_owned());
    // A poisoned lock only means a panic elsewhere while holding finished strings.
    let lock = || CACHE.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(svg) = lock().get(&key) {
        return Some(Arc::clone(svg));
    }
    let svg: Arc<str> = draw(text, label)?.into();
    let mut cache = lock();
    if cache.len() >= CACHE_SIZE {
        cache.clear();
    }
    cache.insert(key, Arc::clone(&svg));
    Some(svg)
}

fn draw(text: &str, label: &str) -> Option<String> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    let width = code.width();
    let colors = code.to_colors();
    let size = width + 2 * QUIET_ZONE;
    let mut path = String::new();
    for (y, row) in colors.chunks(width).enumerate() {
        let mut x = 0;
        while x < width {
            if row[x] == Color::Light {
                x += 1;
                continue;
            }
            let start = x;
            while x < width && row[x] == Color::Dark {
                x += 1;
            }
            let run = x - start;
            // Writing to a String cannot fail.
            let _ = write!(
                path,
                "M{} {}h{run}v1h-{run}z",
                start + QUIET_ZONE,
                y + QUIET_ZONE
            );
        }
    }
    Some(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"qr\" viewBox=\"0 0 {size} {size}\" \
         width=\"{SIZE_PX}\" height=\"{SIZE_PX}\" role=\"img\" aria-label=\"{}\" \
         shape-rendering=\"crispEdges\"><rect width=\"{size}\" height=\"{size}\" fill=\"#fff\"/>\
         <path fill=\"#000\" d=\"{path}\"/></svg>",
        escape(label)
    ))
}

/// Escapes text for an attribute value.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_svg_is_small_escaped_and_has_no_style_attribute() {
        let url = "http://192.168.178.20:8080/games/AbCdEfGhIjKlMnOpQrStUv";
        let svg = svg(url, "QR \"code\" <of> the link").unwrap();
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.ends_with("</svg>"));
        assert!(!svg.contains("style"), "{svg}");
        assert!(svg.contains("aria-label=\"QR &quot;code&quot; &lt;of&gt; the link\""));
        assert!(svg.len() < 6_000, "{} bytes", svg.len());
        // A version-4 code (33 modules) plus the quiet zone on both sides.
        assert!(svg.contains("viewBox=\"0 0 41 41\""), "{}", &svg[..120]);
    }

    #[test]
    fn a_code_drawn_again_is_the_same_and_the_cache_stays_bounded() {
        let first = svg("http://10.0.0.2:3000/games/abc", "QR").unwrap();
        assert_eq!(svg("http://10.0.0.2:3000/games/abc", "QR").unwrap(), first);
        assert_ne!(svg("http://10.0.0.2:3000/games/abd", "QR").unwrap(), first);
        for i in 0..CACHE_SIZE + 10 {
            svg(&format!("link {i}"), "QR").unwrap();
        }
        assert!(CACHE.lock().unwrap().len() <= CACHE_SIZE);
    }

    #[test]
    fn every_dark_module_is_drawn_once() {
        let code = QrCode::with_error_correction_level(b"kontrakt", EcLevel::M).unwrap();
        let dark = code
            .to_colors()
            .iter()
            .filter(|c| **c == Color::Dark)
            .count();
        let svg = svg("kontrakt", "x").unwrap();
        let path = svg.split(" d=\"").nth(1).unwrap();
        let drawn: usize = path
            .split('h')
            .skip(1)
            .filter_map(|part| part.split('v').next()?.parse::<usize>().ok())
            .sum();
        assert_eq!(drawn, dark);
    }
}
