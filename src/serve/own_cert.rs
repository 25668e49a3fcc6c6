//! `kontrakt --https` without `--tls-cert`: the server makes its own certificate for the
//! names the phones use to reach this computer (its LAN address, its host name and
//! `HOST.local`, localhost and the loopback addresses) and keeps it beside the database
//! ([`CERT_FILE`], [`KEY_FILE`]), so each phone accepts it once and not at every start.
//!
//! At each start (and every hour while running, `serve::renew`) the kept certificate is used
//! again unless it expires within [`RENEW_BEFORE`] or no longer names this computer's address
//! (a new address from the router): then a new one is made and the reason is given back as a
//! warning for the log (the phones will warn once more). A certificate is valid for [`VALID_FOR`], under the 398
//! days Apple's and Google's browsers accept for any TLS certificate.
//!
//! Reading a kept certificate needs only its validity and names: a few lines of DER here
//! rather than an X.509 parser for two fields of a file this module wrote itself.
//!
//! Depends on rcgen (making the certificate), sha2 (its fingerprint), time, `config` and
//! `text`; must not depend on `web` or `db`.

use std::fmt::Write as _;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rcgen::{CertificateParams, DistinguishedName, DnType, KeyPair};
use sha2::{Digest as _, Sha256};
use time::OffsetDateTime;
use tokio_rustls::rustls::pki_types::CertificateDer;
use tokio_rustls::rustls::pki_types::pem::PemObject as _;

use crate::config::TlsFiles;
use crate::text::Lang;
use crate::text::serve::ServeMsg;

/// The certificate's file name, in the database's directory.
pub const CERT_FILE: &str = "kontrakt-lan-cert.pem";
/// Its private key's file name, beside it (readable by the owner only on Unix).
pub const KEY_FILE: &str = "kontrakt-lan-key.pem";
/// How long a new certificate is valid.
pub const VALID_FOR: Duration = Duration::from_secs(397 * 24 * 3600);
/// A kept certificate that expires sooner than this is replaced at start.
pub const RENEW_BEFORE: Duration = Duration::from_secs(30 * 24 * 3600);

/// The certificate to serve: its files, its SHA-256 fingerprint and, when a new one replaced
/// a kept one, why (for a warning in the log).
#[derive(Clone, Debug)]
pub struct OwnCert {
    /// The PEM files to serve.
    pub files: TlsFiles,
    /// The SHA-256 fingerprint of the certificate, as browsers show it (`AB:CD:…`).
    pub fingerprint: String,
    /// Whether this start made the certificate (the phones warn about it once more).
    pub made: bool,
    /// Why a kept certificate was replaced, if one was.
    pub renewed: Option<String>,
}

/// The names a certificate for this computer must carry: `localhost`, the host name and
/// `HOST.local` when known, and the addresses (loopback and `lan`).
pub fn names(host: Option<&str>, lan: Option<IpAddr>) -> Vec<String> {
    let mut names = vec!["localhost".to_owned()];
    if let Some(host) = host.filter(|h| is_dns_name(h) && *h != "localhost") {
        names.push(host.to_owned());
        if !host.contains('.') {
            names.push(format!("{host}.local"));
        }
    }
    names.push("127.0.0.1".to_owned());
    names.push("::1".to_owned());
    if let Some(ip) = lan.filter(|ip| !ip.is_loopback()) {
        names.push(ip.to_string());
    }
    names
}

/// This computer's host name, if it can be read without a system call the crate may not make:
/// Linux's `/proc`, the `HOSTNAME`/`COMPUTERNAME` environment, or the `hostname` command.
pub fn host_name() -> Option<String> {
    let from_proc = std::fs::read_to_string("/proc/sys/kernel/hostname").ok();
    let from_env = || {
        ["HOSTNAME", "COMPUTERNAME"]
            .iter()
            .find_map(|name| std::env::var(name).ok())
    };
    let from_command = || {
        let out = std::process::Command::new("hostname").output().ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
    };
    from_proc
        .or_else(from_env)
        .or_else(from_command)
        .map(|name| name.trim().to_ascii_lowercase())
        .filter(|name| is_dns_name(name))
}

/// The certificate in `dir` for `names` at `now`: the kept one if it still serves, else a new
/// one written there. A sentence in `lang` naming the directory and the fix when it cannot be
/// written.
pub fn ensure(
    dir: &Path,
    names: &[String],
    now: OffsetDateTime,
    lang: Lang,
) -> Result<OwnCert, String> {
    let files = TlsFiles {
        cert: dir.join(CERT_FILE),
        key: dir.join(KEY_FILE),
    };
    let kept = std::fs::read(&files.cert).ok().and_then(|pem| {
        let der = CertificateDer::from_pem_slice(&pem).ok()?;
        files.key.is_file().then_some(der)
    });
    let renewed = match &kept {
        None => None,
        Some(der) => match why_renew(der, names, now) {
            None => {
                return Ok(OwnCert {
                    fingerprint: fingerprint(der),
                    files,
                    made: false,
                    renewed: None,
                });
            }
            Some(why) => Some(why),
        },
    };
    let der = make(&files, names, now).map_err(|error| {
        ServeMsg::CertFolder.fill(lang, &[("dir", &dir.display()), ("error", &error)])
    })?;
    Ok(OwnCert {
        fingerprint: fingerprint(&der),
        files,
        made: true,
        renewed,
    })
}

/// Why the kept certificate `der` must be replaced at `now` for `names`, or `None`.
fn why_renew(der: &[u8], names: &[String], now: OffsetDateTime) -> Option<String> {
    let Some(not_after) = not_after(der) else {
        return Some("the kept certificate could not be read".to_owned());
    };
    if not_after - now < RENEW_BEFORE {
        return Some(format!(
            "the certificate expires on {} (or has expired)",
            not_after.date()
        ));
    }
    let missing = names.iter().find(|name| !carries(der, name))?;
    Some(format!("the certificate does not name {missing}"))
}

/// A new self-signed certificate and key for `names`, valid from `now`, written to `files`:
/// its DER.
fn make(files: &TlsFiles, names: &[String], now: OffsetDateTime) -> Result<Vec<u8>, String> {
    let mut params = CertificateParams::new(names.to_vec()).map_err(|e| e.to_string())?;
    let mut subject = DistinguishedName::new();
    subject.push(DnType::CommonName, "Kontrakt at the table");
    params.distinguished_name = subject;
    // A minute back, for phones whose clock is a little behind.
    params.not_before = now - Duration::from_secs(60);
    params.not_after = now + VALID_FOR;
    let key = KeyPair::generate().map_err(|e| e.to_string())?;
    let cert = params.self_signed(&key).map_err(|e| e.to_string())?;
    write_private(&files.key, key.serialize_pem().as_bytes()).map_err(|e| e.to_string())?;
    std::fs::write(&files.cert, cert.pem()).map_err(|e| e.to_string())?;
    Ok(cert.der().to_vec())
}

/// Writes `bytes` to `path`, readable by its owner only where the system has such modes.
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    std::io::Write::write_all(&mut options.open(path)?, bytes)
}

/// The directory the certificate is kept in: the SQLite file's, or the current one for a
/// PostgreSQL database.
pub fn dir_for(sqlite_file: Option<&Path>) -> PathBuf {
    sqlite_file
        .and_then(Path::parent)
        .filter(|p| !p.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_owned)
}

/// The SHA-256 fingerprint of a certificate, upper-case hex pairs joined by colons.
pub fn fingerprint(der: &[u8]) -> String {
    let mut out = String::with_capacity(95);
    for (i, byte) in Sha256::digest(der).iter().enumerate() {
        if i > 0 {
            out.push(':');
        }
        let _ = write!(out, "{byte:02X}");
    }
    out
}

fn is_dns_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 253
        && name.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        })
}

// ---- Reading the two fields of a kept certificate ----

/// One DER element at the start of `bytes`: its tag, its contents and what follows it.
fn element(bytes: &[u8]) -> Option<(u8, &[u8], &[u8])> {
    let (&tag, rest) = bytes.split_first()?;
    let (&first, rest) = rest.split_first()?;
    let (len, rest) = if first < 0x80 {
        (usize::from(first), rest)
    } else {
        let n = usize::from(first & 0x7f);
        if n == 0 || n > 4 || rest.len() < n {
            return None;
        }
        let len = rest[..n]
            .iter()
            .fold(0usize, |len, &b| (len << 8) | usize::from(b));
        (len, &rest[n..])
    };
    (rest.len() >= len).then(|| (tag, &rest[..len], &rest[len..]))
}

/// The certificate's notAfter: Certificate → TBSCertificate → (version, serial, signature
/// algorithm, issuer) → Validity → notAfter.
fn not_after(der: &[u8]) -> Option<OffsetDateTime> {
    let (_, certificate, _) = element(der)?;
    let (_, tbs, _) = element(certificate)?;
    let mut rest = tbs;
    let (tag, _, after) = element(rest)?;
    if tag == 0xa0 {
        rest = after; // the explicit version
    }
    for _ in 0..3 {
        rest = element(rest)?.2; // serial, signature algorithm, issuer
    }
    let (_, validity, _) = element(rest)?;
    let (_, _, rest) = element(validity)?; // notBefore
    let (tag, time, _) = element(rest)?;
    let text = std::str::from_utf8(time).ok()?;
    let text = match tag {
        // UTCTime, YYMMDDHHMMSSZ: years 50 to 99 are 1950 to 1999.
        0x17 if text.len() == 13 => {
            let century = if text[..2].parse::<u8>().ok()? >= 50 {
                "19"
            } else {
                "20"
            };
            format!("{century}{text}")
        }
        0x18 if text.len() == 15 => text.to_owned(),
        _ => return None,
    };
    let format = time::macros::format_description!("[year][month][day][hour][minute][second]Z");
    Some(
        time::PrimitiveDateTime::parse(&text, &format)
            .ok()?
            .assume_utc(),
    )
}

/// Whether the certificate names `name` among its alternative names (an IP address as
/// `[7] ip`, a host name as `[2] name`, the way they are encoded in the extension).
fn carries(der: &[u8], name: &str) -> bool {
    let mut needle: Vec<u8> = Vec::new();
    match name.parse::<IpAddr>() {
        Ok(IpAddr::V4(ip)) => needle.extend([0x87, 4].iter().chain(&ip.octets())),
        Ok(IpAddr::V6(ip)) => needle.extend([0x87, 16].iter().chain(&ip.octets())),
        Err(_) => {
            let Ok(len) = u8::try_from(name.len()) else {
                return false;
            };
            needle.extend([0x82, len].iter().chain(name.as_bytes()));
        }
    }
    der.windows(needle.len()).any(|w| w == needle.as_slice())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> OffsetDateTime {
        time::macros::datetime!(2026-11-27 18:00 UTC)
    }

    fn here() -> Vec<String> {
        names(Some("spieltisch"), Some(IpAddr::from([192, 168, 1, 20])))
    }

    #[test]
    fn a_certificate_is_made_once_and_kept_with_the_same_fingerprint() {
        let dir = tempfile::tempdir().unwrap();
        let first = ensure(dir.path(), &here(), now(), Lang::En).unwrap();
        assert!(first.made && first.renewed.is_none());
        assert_eq!(first.files.cert, dir.path().join(CERT_FILE));
        assert_eq!(first.fingerprint.len(), 32 * 3 - 1, "{}", first.fingerprint);
        let der = CertificateDer::from_pem_file(&first.files.cert).unwrap();
        for name in here() {
            assert!(carries(&der, &name), "{name}");
        }
        assert!(!carries(&der, "10.0.0.2") && !carries(&der, "elsewhere"));
        let expires = not_after(&der).unwrap();
        assert_eq!((expires - now()).whole_days(), 397);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(&first.files.key)
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o077, 0, "the key is the owner's only: {mode:o}");
        }

        let later = now() + Duration::from_secs(200 * 24 * 3600);
        let again = ensure(dir.path(), &here(), later, Lang::En).unwrap();
        assert!(!again.made && again.renewed.is_none());
        assert_eq!(again.fingerprint, first.fingerprint);
    }

    #[test]
    fn a_certificate_near_its_end_or_for_another_address_is_replaced_saying_why() {
        let dir = tempfile::tempdir().unwrap();
        let first = ensure(dir.path(), &here(), now(), Lang::En).unwrap();

        let near_end = now() + VALID_FOR - Duration::from_secs(10 * 24 * 3600);
        let renewed = ensure(dir.path(), &here(), near_end, Lang::En).unwrap();
        assert!(renewed.made);
        let why = renewed.renewed.expect("a reason");
        assert!(why.contains("expires on 2027-12-"), "{why}");
        assert_ne!(renewed.fingerprint, first.fingerprint);
        let der = CertificateDer::from_pem_file(&renewed.files.cert).unwrap();
        assert_eq!((not_after(&der).unwrap() - near_end).whole_days(), 397);

        let moved = names(Some("spieltisch"), Some(IpAddr::from([10, 0, 0, 7])));
        let replaced = ensure(dir.path(), &moved, near_end, Lang::En).unwrap();
        let why = replaced.renewed.expect("a reason");
        assert!(why.contains("does not name 10.0.0.7"), "{why}");
    }

    #[test]
    fn a_folder_that_cannot_be_written_is_refused_with_a_sentence_naming_the_fix() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("no-such-folder");
        let said = ensure(&missing, &here(), now(), Lang::En).unwrap_err();
        assert!(
            said.contains("no-such-folder") && said.contains("--tls-cert"),
            "{said}"
        );
        let said = ensure(&missing, &here(), now(), Lang::De).unwrap_err();
        assert!(said.contains("kann sein HTTPS-Zertifikat nicht"), "{said}");
    }

    #[test]
    fn names_cover_the_host_its_local_name_loopback_and_the_lan_address() {
        assert_eq!(
            here(),
            [
                "localhost",
                "spieltisch",
                "spieltisch.local",
                "127.0.0.1",
                "::1",
                "192.168.1.20"
            ]
        );
        assert_eq!(
            names(Some("not a name"), None),
            ["localhost", "127.0.0.1", "::1"]
        );
        assert_eq!(dir_for(Some(Path::new("kontrakt.db"))), PathBuf::from("."));
        assert_eq!(
            dir_for(Some(Path::new("/data/k.db"))),
            PathBuf::from("/data")
        );
    }
}
