//! The connection loop's words (`crate::serve`): the short answers it writes itself, before
//! any request reaches the app (a request hyper cannot read, too many connections), the
//! `--lan` banner that tells the host which address the phones should open (and, with the
//! server's own certificate, what the phones will show), and the sentences that refuse a
//! start and name the fix (a port in use, the certificate's folder, the database's host,
//! a database file another server holds or that cannot be written).
//!
//! These answers go out before a request is read, so no language is known: they carry the
//! English and the German sentence, one per line ([`ServeMsg::both`]). The banner and the
//! refusals follow the host's locale (`LANG`, [`host_lang`]).
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
            "Die Kopfzeilen der Anfrage sind zu groß. Löscht die Cookies dieser Seite und versucht es noch einmal.";
        /// The address asked for is over the limit (414).
        UriTooLong => "The address is too long. Check the link you were given.",
            "Die Adresse ist zu lang. Prüft den Link, den ihr bekommen habt.";
        /// A connection over the per-client or total cap (503).
        TooManyConnections => "Too many open connections from your network. Close a few tabs or wait a moment and try again.",
            "Zu viele offene Verbindungen aus eurem Netz. Schließt ein paar Tabs oder wartet kurz und versucht es noch einmal.";
        /// A plain HTTP request to the HTTPS port (307 to the HTTPS address).
        UseHttps => "This server answers over HTTPS only: open {url}",
            "Dieser Server antwortet nur über HTTPS: Öffnet {url}";
        /// `--lan`: the line above the address and its QR code.
        LanOpen => "Open this address on the phones at the table (on the same Wi-Fi), or scan the code:",
            "Öffnet diese Adresse auf den Handys am Tisch (im selben WLAN) oder scannt den Code:";
        /// `--lan` when no network address was found.
        LanNone => "No network address found: is this computer on a Wi-Fi? Until it is, only this computer can open {url}",
            "Keine Netzwerkadresse gefunden: Ist dieser Rechner in einem WLAN? Bis dahin kann nur dieser Rechner {url} öffnen";
        /// `--lan` over HTTPS with a self-made certificate.
        LanCertificate => "Phones will warn about the certificate if it is self-made: accept it once on each phone.",
            "Die Handys warnen vor dem Zertifikat, wenn es selbst erstellt ist: Bestätigt es einmal auf jedem Handy.";
        /// `--lan --https` with the certificate the server made itself: what each phone shows
        /// the first time, and the fingerprint to compare.
        LanOwnCertificate => "The first time, each phone shows a warning about the certificate (this computer made it itself): tap Advanced (or Show Details), then continue to the site. The certificate's SHA-256 fingerprint, to compare on the phone:\n    {fingerprint}",
            "Beim ersten Mal zeigt jedes Handy eine Warnung zum Zertifikat (dieser Rechner hat es selbst erstellt): Tippt auf Erweitert (oder Details einblenden) und dann auf Weiter zur Website. Der SHA-256-Fingerabdruck des Zertifikats, zum Vergleichen auf dem Handy:\n    {fingerprint}";
        /// The server made a new certificate in place of the kept one: the phones warn again.
        CertRenewed => "A new certificate was made ({why}): each phone shows the warning about the certificate once more.",
            "Ein neues Zertifikat wurde erstellt ({why}): Jedes Handy zeigt die Warnung zum Zertifikat noch einmal.";
        /// The port is taken (most often by a Kontrakt already running).
        PortTaken => "Port {port} is already in use: Kontrakt may already be running - open {url}, or start it on another port with --addr 0.0.0.0:{next}",
            "Port {port} ist schon belegt: Kontrakt läuft vielleicht schon - öffnet {url} oder startet es auf einem anderen Port mit --addr 0.0.0.0:{next}";
        /// A port below 1024 without the right to use it.
        PortForbidden => "This computer does not let Kontrakt use port {port} (ports below 1024 need administrator rights): start it on another port with --addr 0.0.0.0:3000",
            "Dieser Rechner lässt Kontrakt Port {port} nicht benutzen (Ports unter 1024 brauchen Administratorrechte): Startet es auf einem anderen Port mit --addr 0.0.0.0:3000";
        /// `--addr` names an address this computer does not have.
        AddrNotHere => "{addr} is not an address of this computer: start it with --lan (every address of this computer) or --addr 0.0.0.0:{port}",
            "{addr} ist keine Adresse dieses Rechners: Startet es mit --lan (alle Adressen dieses Rechners) oder --addr 0.0.0.0:{port}";
        /// Listening failed for another reason (the system's words follow).
        CannotListen => "Kontrakt cannot listen on {addr} ({error}): start it on another address or port with --addr, e.g. --addr 0.0.0.0:3001",
            "Kontrakt kann nicht auf {addr} lauschen ({error}): Startet es mit einer anderen Adresse oder einem anderen Port über --addr, z. B. --addr 0.0.0.0:3001";
        /// The host of a `postgres://` URL cannot be found.
        DbHostUnknown => "Kontrakt cannot find the database server {host} ({error}): check the host name in --db, or give its IP address instead (127.0.0.1 for this computer)",
            "Kontrakt findet den Datenbankserver {host} nicht ({error}): Prüft den Rechnernamen in --db oder gebt stattdessen seine IP-Adresse an (127.0.0.1 für diesen Rechner)";
        /// The open-file limit leaves too little room to serve.
        FileLimitTooLow => "the open-file limit (ulimit -n) is {limit}, too low to serve: kontrakt keeps {reserved} open files for its database and logs and needs room for at least {min} connections; raise it (e.g. ulimit -n 1024) and start again",
            "Das Limit für offene Dateien (ulimit -n) ist {limit}, zu niedrig für den Betrieb: kontrakt hält {reserved} Dateien für seine Datenbank und Logs offen und braucht Platz für mindestens {min} Verbindungen; erhöht es (z. B. ulimit -n 1024) und startet neu";
        /// A `--tls-cert`/`--tls-key` file cannot be read (`what`: certificate or key).
        TlsUnreadable => "cannot read the TLS {what} file {path}: {error}; give --tls-cert and --tls-key readable PEM files, or leave both out and use --https for a certificate Kontrakt makes itself",
            "Die TLS-Datei {path} ({what}) kann nicht gelesen werden: {error}; gebt --tls-cert und --tls-key lesbare PEM-Dateien an oder lasst beide weg und nehmt --https für ein Zertifikat, das Kontrakt selbst erstellt";
        /// A `--tls-cert`/`--tls-key` file holds no PEM item of its kind.
        TlsNoPem => "the TLS {what} file {path} holds no {what} in PEM form (-----BEGIN {label}-----); give --tls-cert and --tls-key readable PEM files, or leave both out and use --https for a certificate Kontrakt makes itself",
            "Die TLS-Datei {path} ({what}) enthält nichts im PEM-Format (-----BEGIN {label}-----); gebt --tls-cert und --tls-key lesbare PEM-Dateien an oder lasst beide weg und nehmt --https für ein Zertifikat, das Kontrakt selbst erstellt";
        /// A `--tls-cert`/`--tls-key` file is no valid PEM.
        TlsBadPem => "the TLS {what} file {path} is not a valid PEM file: {error}; give --tls-cert and --tls-key readable PEM files, or leave both out and use --https for a certificate Kontrakt makes itself",
            "Die TLS-Datei {path} ({what}) ist keine gültige PEM-Datei: {error}; gebt --tls-cert und --tls-key lesbare PEM-Dateien an oder lasst beide weg und nehmt --https für ein Zertifikat, das Kontrakt selbst erstellt";
        /// The certificate and the key do not belong together.
        TlsMismatch => "the TLS certificate {cert} and key {key} cannot be used together: {error}; give --tls-cert and --tls-key readable PEM files, or leave both out and use --https for a certificate Kontrakt makes itself",
            "Das TLS-Zertifikat {cert} und der Schlüssel {key} passen nicht zusammen: {error}; gebt --tls-cert und --tls-key lesbare PEM-Dateien an oder lasst beide weg und nehmt --https für ein Zertifikat, das Kontrakt selbst erstellt";
        /// Another server holds the SQLite file (its lock).
        DbInUse => "another kontrakt server is already using {path}; stop it first, or open the one that is running (one server per database file: each keeps the games it shows in memory)",
            "Ein anderer Kontrakt-Server benutzt {path} schon; beendet ihn zuerst oder öffnet den, der schon läuft (ein Server pro Datenbankdatei: Jeder hält die Spiele, die er zeigt, im Speicher)";
        /// The database cannot be written (`cause`: what refused, in the system's words).
        DbReadOnly => "the database {path} is read-only ({cause}); kontrakt needs to write to it: check the permissions of the file and its folder, and that its disk is not mounted read-only",
            "Die Datenbank {path} ist schreibgeschützt ({cause}); kontrakt muss in sie schreiben: Prüft die Rechte der Datei und ihres Ordners und ob ihr Laufwerk schreibgeschützt eingehängt ist";
        /// The folder for the server's own certificate cannot be written.
        CertFolder => "Kontrakt cannot keep its HTTPS certificate in {dir} ({error}): start it with a --db in a folder it may write to, or give it a certificate with --tls-cert and --tls-key",
            "Kontrakt kann sein HTTPS-Zertifikat nicht in {dir} ablegen ({error}): Startet es mit --db in einem Ordner, in den es schreiben darf, oder gebt ihm ein Zertifikat mit --tls-cert und --tls-key";
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
