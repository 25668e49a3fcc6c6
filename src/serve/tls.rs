//! HTTPS without a proxy: the certificate chain and key of `--tls-cert`/`--tls-key` (PEM
//! files) become a rustls acceptor (ring provider, TLS 1.2 and 1.3, ALPN `http/1.1`). A file
//! that cannot be read or used refuses the start with a sentence naming it.
//!
//! Depends on tokio-rustls and `config` only.

use std::path::Path;
use std::sync::Arc;

use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::pki_types::pem::{self, PemObject};
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls::{self, ServerConfig};

use crate::config::TlsFiles;

/// The acceptor for these files, or a sentence naming the file that is wrong.
pub fn acceptor(files: &TlsFiles) -> Result<TlsAcceptor, String> {
    let certs = CertificateDer::pem_file_iter(&files.cert)
        .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
        .map_err(|e| pem_error("certificate", "CERTIFICATE", &files.cert, &e))?;
    if certs.is_empty() {
        return Err(pem_error(
            "certificate",
            "CERTIFICATE",
            &files.cert,
            &pem::Error::NoItemsFound,
        ));
    }
    let key = PrivateKeyDer::from_pem_file(&files.key)
        .map_err(|e| pem_error("key", "PRIVATE KEY", &files.key, &e))?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("cannot set up TLS: {e}"))?
        .with_no_client_auth()
        .with_single_cert(certs, key)
        .map_err(|e| {
            format!(
                "the TLS certificate {} and key {} cannot be used together: {e}; {TLS_FIX}",
                files.cert.display(),
                files.key.display()
            )
        })?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(TlsAcceptor::from(Arc::new(config)))
}

/// What to do about a TLS file that cannot be used: said after every refusal of one.
const TLS_FIX: &str = "give --tls-cert and --tls-key readable PEM files, or leave both out \
                       and use --https for a certificate Kontrakt makes itself";

fn pem_error(what: &str, label: &str, path: &Path, error: &pem::Error) -> String {
    let path = path.display();
    match error {
        pem::Error::Io(e) => format!("cannot read the TLS {what} file {path}: {e}; {TLS_FIX}"),
        pem::Error::NoItemsFound => format!(
            "the TLS {what} file {path} holds no {what} in PEM form (-----BEGIN {label}-----); \
             {TLS_FIX}"
        ),
        other => format!("the TLS {what} file {path} is not a valid PEM file: {other}; {TLS_FIX}"),
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
        let said = acceptor(&files).err().expect("refused");
        assert!(
            said.contains("holds no certificate") && said.contains("cert.pem"),
            "{said}"
        );

        let rcgen::CertifiedKey {
            cert: made,
            signing_key,
        } = rcgen::generate_simple_self_signed(vec!["localhost".into()]).unwrap();
        std::fs::write(&cert, made.pem()).unwrap();
        let said = acceptor(&files).err().expect("refused");
        assert!(
            said.starts_with("cannot read the TLS key file") && said.contains("missing-key.pem"),
            "{said}"
        );
        assert!(said.ends_with(TLS_FIX), "the refusal names the fix: {said}");
        std::fs::write(&files.key, signing_key.serialize_pem()).unwrap();
        assert!(acceptor(&files).is_ok());
    }
}
