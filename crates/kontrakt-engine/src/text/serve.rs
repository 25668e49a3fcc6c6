//! The connection loop's words (`crate::serve`): the short answers it writes itself, before
//! any request reaches the app (a request hyper cannot read, too many connections), and the
//! `--lan` banner that tells the host which address the phones should open.
//!
//! These answers go out before a request is read, so no language is known: they carry the
//! English and the German sentence, one per line ([`ServeMsg::both`]). The banner follows
//! the host's locale (`LANG`).
//!
//! Depends on `text` only.

use super::Lang;

messages! {
    /// The sentences of the connection loop.
    pub enum ServeMsg {
        /// hyper could not read the request line or a header (400).
        BadRequest => "The request could not be understood.", "Die Anfrage war nicht verständlich.";
        /// The request's headers are over the limit (431).
        HeadersTooLarge => "The request's headers are too large. Delete this site's cookies and try again.",
            "Die Kopfzeilen der Anfrage sind zu groß. Lösch die Cookies dieser Seite und versuch es noch einmal.";
        /// The address asked for is over the limit (414).
        UriTooLong => "The address is too long. Check the link you were given.",
            "Die Adresse ist zu lang. Prüf den Link, den du bekommen hast.";
        /// A connection over the per-client or total cap (503).
        TooManyConnections => "Too many open connections from your network. Close a few tabs or wait a moment and try again.",
            "Zu viele offene Verbindungen aus deinem Netz. Schließ ein paar Tabs oder warte kurz und versuch es noch einmal.";
        /// A plain HTTP request to the HTTPS port (307 to the HTTPS address).
        UseHttps => "This server answers over HTTPS only: open {url}",
            "Dieser Server antwortet nur über HTTPS: Öffne {url}";
        /// `--lan`: the line above the address and its QR code.
        LanOpen => "Open this address on the phones at the table (on the same Wi-Fi), or scan the code:",
            "Öffne diese Adresse auf den Handys am Tisch (im selben WLAN) oder scanne den Code:";
        /// `--lan` when no network address was found.
        LanNone => "No network address found: is this computer on a Wi-Fi? Until it is, only this computer can open {url}",
            "Keine Netzwerkadresse gefunden: Ist dieser Rechner in einem WLAN? Bis dahin kann nur dieser Rechner {url} öffnen";
        /// `--lan` over HTTPS with a self-made certificate.
        LanCertificate => "Phones will warn about the certificate if it is self-made: accept it once on each phone.",
            "Die Handys warnen vor dem Zertifikat, wenn es selbst erstellt ist: Bestätige es einmal auf jedem Handy.";
        /// The host of a `postgres://` URL cannot be found.
        DbHostUnknown => "Kontrakt cannot find the database server {host} ({error}): check the host name in --db, or give its IP address instead (127.0.0.1 for this computer)",
            "Kontrakt findet den Datenbankserver {host} nicht ({error}): Prüf den Rechnernamen in --db oder gib stattdessen seine IP-Adresse an (127.0.0.1 für diesen Rechner)";
    }
}

impl ServeMsg {
    /// The English sentence, a line break, then the German one: for answers written before
    /// any request says which language it reads.
    pub fn both(self) -> String {
        format!("{}\n{}", self.text(Lang::En), self.text(Lang::De))
    }
}

/// The language of the host's terminal: German when the locale (`LC_ALL`, `LC_MESSAGES` or
/// `LANG`, the first one set) starts with `de`, else English.
pub fn host_lang(locale: impl Fn(&str) -> Option<String>) -> Lang {
    let code = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .find_map(|name| locale(name).filter(|v| !v.is_empty()))
        .unwrap_or_default();
    if code.starts_with("de") {
        Lang::De
    } else {
        Lang::En
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_before_a_request_carry_both_languages() {
        let both = ServeMsg::TooManyConnections.both();
        assert!(both.starts_with("Too many open connections"), "{both}");
        assert!(both.contains("\nZu viele offene Verbindungen"), "{both}");
    }

    #[test]
    fn the_host_locale_picks_german_only_for_de() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| (*v).to_owned())
            }
        };
        assert_eq!(host_lang(env(&[("LANG", "de_DE.UTF-8")])), Lang::De);
        assert_eq!(
            host_lang(env(&[("LC_ALL", "en_GB.UTF-8"), ("LANG", "de_DE.UTF-8")])),
            Lang::En
        );
        assert_eq!(
            host_lang(env(&[("LC_ALL", ""), ("LANG", "de_AT")])),
            Lang::De
        );
        assert_eq!(host_lang(env(&[])), Lang::En);
    }
}
