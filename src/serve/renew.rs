//! The server's own certificate renewed while it runs: a server left on for days (a Raspberry
//! Pi on the shelf) would otherwise serve its certificate past the end, and every phone would
//! refuse it. Every [`CHECK_EVERY`] the kept certificate is looked at as at a start
//! ([`own_cert::ensure`]: due within 30 days of its end, or no longer naming this computer's
//! address); a new one is written beside the database and served from the next handshake on
//! ([`LiveCert::replace`]), with a warning in the log and its new fingerprint. Connections
//! already open keep the certificate they were made with.
//!
//! The clock and the names are given ([`Renewal`]), so a test renews without waiting a year.
//!
//! A certificate of the host's own (`--tls-cert`, e.g. from `tailscale cert`, valid 90 days)
//! is renewed by its owner: the same hourly look reads its files again and serves a new
//! certificate found there ([`keep_reloaded`]), so renewing it needs no restart either.
//!
//! Depends on `own_cert`, `tls`, `text` and tokio's timer; must not depend on `web` or `db`.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use time::OffsetDateTime;
use tokio::time::MissedTickBehavior;

use tokio_rustls::rustls::pki_types::CertificateDer;
use tokio_rustls::rustls::pki_types::pem::PemObject as _;

use super::own_cert::{self, OwnCert};
use super::tls::LiveCert;
use crate::config::TlsFiles;
use crate::text::Lang;
use crate::text::serve::ServeMsg;

/// How often a running server looks at its certificate. A look reads one small file, so
/// hourly costs nothing; and tokio's clock stops while a laptop sleeps, so a daily look
/// could come a day late after a night with the lid closed.
pub const CHECK_EVERY: Duration = Duration::from_secs(3600);

/// Where the certificate is kept and what a look needs to know.
pub struct Renewal {
    /// The folder of the certificate and its key (beside the database).
    pub dir: PathBuf,
    /// The names the certificate must carry, as at a start (the LAN address may change
    /// while the server runs).
    pub names: Box<dyn Fn() -> Vec<String> + Send + Sync>,
    /// The time now.
    pub now: Box<dyn Fn() -> OffsetDateTime + Send + Sync>,
    /// Time between two looks: [`CHECK_EVERY`].
    pub every: Duration,
}

/// Looks at the certificate every `renewal.every` (the first time one period after the
/// start, which has just looked) and renews the one `live` serves when due; runs until the
/// task is dropped.
pub async fn keep_renewed(renewal: Renewal, live: Arc<LiveCert>) {
    let mut ticks = tokio::time::interval(renewal.every);
    ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
    ticks.tick().await;
    loop {
        ticks.tick().await;
        look(&renewal, &live);
    }
}

/// One look: the certificate kept in `renewal.dir`, renewed there if due, served by `live`
/// if it is not the one served already. The certificate newly served, if any.
pub fn look(renewal: &Renewal, live: &LiveCert) -> Option<OwnCert> {
    let names = (renewal.names)();
    let cert = match own_cert::ensure(&renewal.dir, &names, (renewal.now)(), Lang::En) {
        Ok(cert) => cert,
        Err(error) => {
            tracing::error!("cannot renew the HTTPS certificate: {error}");
            return None;
        }
    };
    if own_cert::fingerprint(&live.served()) == cert.fingerprint {
        return None;
    }
    if let Err(error) = live.replace(&cert.files, Lang::En) {
        tracing::error!("cannot serve the renewed HTTPS certificate: {error}");
        return None;
    }
    let why = cert
        .renewed
        .clone()
        .unwrap_or_else(|| "the kept certificate was replaced or gone".to_owned());
    tracing::warn!(
        "{} SHA-256 fingerprint now {}",
        ServeMsg::CertRenewed.fill(Lang::En, &[("why", &why)]),
        cert.fingerprint
    );
    Some(cert)
}

/// Reads the host's certificate files every `every` (the first time one period after the
/// start) and serves what they hold when it changed; runs until the task is dropped.
pub async fn keep_reloaded(files: TlsFiles, live: Arc<LiveCert>, every: Duration) {
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
    ticks.tick().await;
    loop {
        ticks.tick().await;
        reload(&files, &live);
    }
}

/// One look at the host's certificate files: when their certificate is not the one served,
/// it is served from the next handshake on. Its fingerprint, if it was; a pair that cannot be
/// used yet (the certificate written, the key not yet) is left for the next look.
pub fn reload(files: &TlsFiles, live: &LiveCert) -> Option<String> {
    let on_disk = CertificateDer::from_pem_file(&files.cert).ok()?;
    let fingerprint = own_cert::fingerprint(&on_disk);
    if own_cert::fingerprint(&live.served()) == fingerprint {
        return None;
    }
    if let Err(error) = live.replace(files, Lang::En) {
        tracing::warn!("the certificate file changed, but cannot be served yet: {error}");
        return None;
    }
    tracing::warn!(
        "serving the new certificate of {} from now on (SHA-256 fingerprint {fingerprint})",
        files.cert.display()
    );
    Some(fingerprint)
}

#[cfg(test)]
mod tests {
    use std::net::IpAddr;
    use std::sync::atomic::{AtomicI64, Ordering};

    use tokio_rustls::rustls::pki_types::CertificateDer;
    use tokio_rustls::rustls::pki_types::pem::PemObject as _;

    use super::*;
    use crate::serve::tls;

    fn start() -> OffsetDateTime {
        time::macros::datetime!(2026-11-27 18:00 UTC)
    }

    fn names() -> Vec<String> {
        own_cert::names(Some("spieltisch"), Some(IpAddr::from([192, 168, 1, 20])))
    }

    /// A server's own certificate made at [`start`] in `dir`, and the acceptor's live
    /// certificate serving it.
    fn serving(dir: &std::path::Path) -> (OwnCert, Arc<LiveCert>) {
        let made = own_cert::ensure(dir, &names(), start(), Lang::En).unwrap();
        let (_, live) = tls::live(&made.files, Lang::En).unwrap();
        (made, live)
    }

    fn days(n: u64) -> Duration {
        Duration::from_secs(n * 24 * 3600)
    }

    #[test]
    fn a_certificate_due_while_running_is_renewed_and_served_from_the_next_handshake() {
        let dir = tempfile::tempdir().unwrap();
        let (made, live) = serving(dir.path());
        assert_eq!(own_cert::fingerprint(&live.served()), made.fingerprint);
        let at = |when: OffsetDateTime| Renewal {
            dir: dir.path().to_owned(),
            names: Box::new(names),
            now: Box::new(move || when),
            every: CHECK_EVERY,
        };

        // Half a year on: nothing to do.
        assert!(look(&at(start() + days(180)), &live).is_none());
        assert_eq!(own_cert::fingerprint(&live.served()), made.fingerprint);

        // Ten days before its end: a new certificate, on disk and served.
        let near_end = start() + own_cert::VALID_FOR - days(10);
        let renewed = look(&at(near_end), &live).expect("renewed");
        assert_ne!(renewed.fingerprint, made.fingerprint);
        assert!(
            renewed.renewed.as_deref().unwrap().contains("expires on"),
            "{renewed:?}"
        );
        assert_eq!(own_cert::fingerprint(&live.served()), renewed.fingerprint);
        let on_disk = CertificateDer::from_pem_file(&renewed.files.cert).unwrap();
        assert_eq!(own_cert::fingerprint(&on_disk), renewed.fingerprint);

        // And the next look keeps it.
        assert!(look(&at(near_end + days(1)), &live).is_none());
    }

    #[test]
    fn a_new_lan_address_while_running_gets_a_certificate_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let (made, live) = serving(dir.path());
        let renewal = Renewal {
            dir: dir.path().to_owned(),
            names: Box::new(|| {
                own_cert::names(Some("spieltisch"), Some(IpAddr::from([10, 0, 0, 7])))
            }),
            now: Box::new(|| start() + days(3)),
            every: CHECK_EVERY,
        };
        let renewed = look(&renewal, &live).expect("renewed");
        assert!(
            renewed.renewed.as_deref().unwrap().contains("10.0.0.7"),
            "{renewed:?}"
        );
        assert_ne!(own_cert::fingerprint(&live.served()), made.fingerprint);
    }

    #[test]
    fn a_host_s_certificate_renewed_on_disk_is_served_without_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let files = TlsFiles {
            cert: dir.path().join("host.crt"),
            key: dir.path().join("host.key"),
        };
        let write = |cert: &rcgen::CertifiedKey<rcgen::KeyPair>| {
            std::fs::write(&files.cert, cert.cert.pem()).unwrap();
            std::fs::write(&files.key, cert.signing_key.serialize_pem()).unwrap();
        };
        let first = rcgen::generate_simple_self_signed(vec!["tisch.example".into()]).unwrap();
        write(&first);
        let (_, live) = tls::live(&files, Lang::En).unwrap();
        assert_eq!(reload(&files, &live), None, "unchanged");

        // Renewed by its owner: the certificate first, the key a moment later.
        let second = rcgen::generate_simple_self_signed(vec!["tisch.example".into()]).unwrap();
        std::fs::write(&files.cert, second.cert.pem()).unwrap();
        assert_eq!(reload(&files, &live), None, "not with the old key");
        assert_eq!(live.served(), first.cert.der().to_vec());
        write(&second);
        let served = reload(&files, &live).expect("the new certificate");
        assert_eq!(served, own_cert::fingerprint(second.cert.der()));
        assert_eq!(live.served(), second.cert.der().to_vec());

        // A file gone or broken keeps what is served.
        std::fs::write(&files.cert, "not a certificate").unwrap();
        assert_eq!(reload(&files, &live), None);
        assert_eq!(live.served(), second.cert.der().to_vec());
    }

    #[tokio::test(start_paused = true)]
    async fn the_running_server_looks_every_hour_and_renews_without_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let (made, live) = serving(dir.path());
        // The clock the task reads: days after the start, set by the test.
        let day = Arc::new(AtomicI64::new(0));
        let clock = Arc::clone(&day);
        let renewal = Renewal {
            dir: dir.path().to_owned(),
            names: Box::new(names),
            now: Box::new(move || start() + time::Duration::days(clock.load(Ordering::SeqCst))),
            every: CHECK_EVERY,
        };
        let task = tokio::spawn(keep_renewed(renewal, Arc::clone(&live)));
        tokio::time::sleep(CHECK_EVERY * 3).await;
        assert_eq!(own_cert::fingerprint(&live.served()), made.fingerprint);

        // A year on, within the hour after the next look the certificate is new.
        day.store(380, Ordering::SeqCst);
        tokio::time::sleep(CHECK_EVERY + Duration::from_secs(1)).await;
        let served = live.served();
        assert_ne!(own_cert::fingerprint(&served), made.fingerprint);
        let on_disk = CertificateDer::from_pem_file(dir.path().join(own_cert::CERT_FILE)).unwrap();
        assert_eq!(served, on_disk.to_vec());
        task.abort();
    }
}
