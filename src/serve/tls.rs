//! HTTPS without a proxy: the certificate chain and key of `--tls-cert`/`--tls-key` (PEM
//! files) become a rustls acceptor (ring provider, TLS 1.2 and 1.3, ALPN `http/1.1`). A file
//! that cannot be read or used refuses the start with a sentence naming it and the fix, in the
//! host's language.
//!
//! The acceptor serves the certificate held by a [`LiveCert`], which can be replaced while
//! the server runs ([`LiveCert::replace`]): the next handshake gets the new certificate,
//! connections already open keep theirs (`serve::renew` renews the server's own certificate
//! so).
//!
//! Depends on tokio-rustls, `config` and `text` only.

use std::path::Path;
use std::sync::{Arc, PoisonError, RwLock};

use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::crypto::CryptoProvider;
use tokio_rustls::rustls::pki_types::pem::{self, PemObject};
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls::server::{ClientHello, ResolvesServerCert};
use tokio_rustls::rustls::sign::CertifiedKey;
use tokio_rustls::rustls::{self, ServerConfig};

use crate::config::TlsFiles;
use crate::text::Lang;
use crate::text::serve::ServeMsg;

/// The acceptor for these files, or a sentence in `lang` naming the file that is wrong and
/// the fix.
pub fn acceptor(files: &TlsFiles, lang: Lang) -> Result<TlsAcceptor, String> {
    Ok(live(files, lang)?.0)
}

/// [`acceptor`] with the [`LiveCert`] it serves, to replace the certificate while running.
pub fn live(files: &TlsFiles, lang: Lang) -> Result<(TlsAcceptor, Arc<LiveCert>), String> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let live = Arc::new(LiveCert {
        current: RwLock::new(Arc::new(certified(files, lang, &provider)?)),
        provider: Arc::clone(&provider),
    });
    let mut config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("cannot set up TLS: {e}"))?
        .with_no_client_auth()
        .with_cert_resolver(Arc::clone(&live) as Arc<dyn ResolvesServerCert>);
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok((TlsAcceptor::from(Arc::new(config)), live))
}

/// The certificate an acceptor of [`live`] serves: every handshake reads it, and
/// [`LiveCert::replace`] swaps it in place.
#[derive(Debug)]
pub struct LiveCert {
    current: RwLock<Arc<CertifiedKey>>,
    provider: Arc<CryptoProvider>,
}

impl LiveCert {
    /// Serves the certificate and key of `files` from the next handshake on; on a file that
    /// cannot be used, keeps the one it serves and says why (in `lang`).
    pub fn replace(&self, files: &TlsFiles, lang: Lang) -> Result<(), String> {
        let next = Arc::new(certified(files, lang, &self.provider)?);
        *self.current.write().unwrap_or_else(PoisonError::into_inner) = next;
        Ok(())
    }

    /// The certificate served now (the end-entity one), DER.
    pub fn served(&self) -> Vec<u8> {
        let current = self.current.read().unwrap_or_else(PoisonError::into_inner);
        current.cert.first().map(|c| c.to_vec()).unwrap_or_default()
    }
}

impl ResolvesServerCert for LiveCert {
    fn resolve(&self, _: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        Some(Arc::clone(
            &self.current.read().unwrap_or_else(PoisonError::into_inner),
        ))
    }
}

/// The certificate chain and key of `files`, checked to belong together.
fn certified(
    files: &TlsFiles,
    lang: Lang,
    provider: &CryptoProvider,
) -> Result<CertifiedKey, String> {
    let certs = CertificateDer::pem_file_iter(&files.cert)
        .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
        .map_err(|e| pem_error(lang, Kind::Certificate, &files.cert, &e))?;
    if certs.is_empty() {
        return Err(pem_error(
            lang,
            Kind::Certificate,
            &files.cert,
            &pem::Error::NoItemsFound,
        ));
    }
    let key = PrivateKeyDer::from_pem_file(&files.key)
        .map_err(|e| pem_error(lang, Kind::Key, &files.key, &e))?;
    CertifiedKey::from_der(certs, key, provider).map_err(|e| {
        ServeMsg::TlsMismatch.fill(
            lang,
            &[
                ("cert", &files.cert.display()),
                ("key", &files.key.display()),
                ("error", &e),
            ],
        )
    })
}

/// Which of the two files.
#[derive(Clone, Copy)]
enum Kind {
    Certificate,
    Key,
}

fn pem_error(lang: Lang, kind: Kind, path: &Path, error: &pem::Error) -> String {
    let (what, label) = match (kind, lang) {
        (Kind::Certificate, Lang::En) => ("certificate", "CERTIFICATE"),
        (Kind::Certificate, Lang::De) => ("Zertifikat", "CERTIFICATE"),
        (Kind::Key, Lang::En) => ("key", "PRIVATE KEY"),
        (Kind::Key, Lang::De) => ("Schlüssel", "PRIVATE KEY"),
    };
    let path = path.display();
    let args: [(&str, &dyn std::fmt::Display); 3] =
        [("what", &what), ("path", &path), ("label", &label)];
    match error {
        pem::Error::Io(e) => ServeMsg::TlsUnreadable.fill(lang, &[args[0], args[1], ("error", e)]),
        pem::Error::NoItemsFound => ServeMsg::TlsNoPem.fill(lang, &args),
        other => ServeMsg::TlsBadPem.fill(lang, &[args[0], args[1], ("error", other)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_or_empty_file_is_refused_with_a_sentence_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let cert = dir.path().join("cert.pem");
        std::fs::write(&cert, "not a certificate\n").unwrap();
        let files = TlsFiles {
            cert: cert.clone(),
            key: dir.path().join("missing-key.pem"),
        };
        let said = acceptor(&files, Lang::En).err().expect("refused");
        assert!(
            said.contains("holds no certificate") && said.contains("cert.pem"),
            "{said}"
        );

        let rcgen::CertifiedKey {
            cert: made,
            signing_key,
        } = rcgen::generate_simple_self_signed(vec!["localhost".into()]).unwrap();
        std::fs::write(&cert, made.pem()).unwrap();
        let said = acceptor(&files, Lang::En).err().expect("refused");
        assert!(
            said.starts_with("cannot read the TLS key file") && said.contains("missing-key.pem"),
            "{said}"
        );
        assert!(
            said.ends_with("use --https for a certificate Kontrakt makes itself"),
            "{said}"
        );
        let said = acceptor(&files, Lang::De).err().expect("refused");
        assert!(
            said.starts_with("Die TLS-Datei") && said.contains("(Schlüssel)"),
            "{said}"
        );
        std::fs::write(&files.key, signing_key.serialize_pem()).unwrap();
        assert!(acceptor(&files, Lang::En).is_ok());
    }
}
