//! The device cookie of the write limit ([`super::rate_limit`]): signed, and handed out on a
//! budget per address.
//!
//! A cookie names a device by 128 random bits and carries an HMAC-SHA-256 of them under the
//! database's secret (the one the form keys are signed with, `meta.form_secret`; a domain of
//! its own in the MAC, so a form key is never a device cookie): `ID.MAC`, 32 and 32 hex
//! digits. A cookie this server did not sign (made up, edited, from another database, or the
//! unsigned ones of older versions) counts as no cookie: its writes take from the address's
//! shared bucket, and the answer carries a signed one when the budget allows.
//!
//! Only the server makes devices, so an address gets at most [`NEW_DEVICES`] at once and one
//! more every [`NEW_DEVICE_EVERY`] seconds (enough for a table's phones arriving together):
//! a script that throws its cookie away after every write ends up in the shared bucket.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use hmac::{Hmac, Mac as _};
use sha2::Sha256;

/// New devices an address may be given at once.
pub const NEW_DEVICES: u32 = 8;
/// Seconds after which an address may be given one more new device.
pub const NEW_DEVICE_EVERY: u64 = 60;
/// Addresses remembered before the first pruning.
const PRUNE_FLOOR: usize = 1024;

/// Signs and reads device cookies, and keeps each address's budget of new ones.
#[derive(Debug)]
pub struct Devices {
    secret: Secret,
    budgets: Mutex<Budgets>,
}

struct Secret(Arc<[u8]>);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(..)")
    }
}

#[derive(Debug)]
struct Budgets {
    /// New devices each address may still be given, and when that was counted.
    by_address: HashMap<IpAddr, (f64, Instant)>,
    prune_at: usize,
}

impl Devices {
    /// Cookies signed with `secret` (the database's form secret); an empty one (a database
    /// opened without one) gets a random secret for this process.
    pub fn new(secret: &str) -> Devices {
        let secret = if secret.is_empty() {
            crate::db::games::new_token() + &crate::db::games::new_token()
        } else {
            secret.to_owned()
        };
        Devices {
            secret: Secret(Arc::from(secret.into_bytes())),
            budgets: Mutex::new(Budgets {
                by_address: HashMap::new(),
                prune_at: PRUNE_FLOOR,
            }),
        }
    }

    fn mac(&self, id: u128) -> [u8; 16] {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(&self.secret.0).expect("HMAC takes a key of any size");
        mac.update(b"kontrakt device cookie\n");
        mac.update(format!("{id:032x}").as_bytes());
        let full = mac.finalize().into_bytes();
        let mut short = [0; 16];
        short.copy_from_slice(&full[..16]);
        short
    }

    /// The cookie value for device `id`.
    pub fn sign(&self, id: u128) -> String {
        format!("{id:032x}.{:032x}", u128::from_be_bytes(self.mac(id)))
    }

    /// The device a cookie value names, if this server signed it.
    pub fn read(&self, value: &str) -> Option<u128> {
        let (id, mac) = value.split_once('.')?;
        let hex = |text: &str| {
            (text.len() == 32 && text.bytes().all(|b| b.is_ascii_hexdigit()))
                .then(|| u128::from_str_radix(text, 16).ok())
                .flatten()
        };
        let (id, mac) = (hex(id)?, hex(mac)?);
        // Compared through the MAC's own constant-time check.
        let mut check =
            Hmac::<Sha256>::new_from_slice(&self.secret.0).expect("HMAC takes a key of any size");
        check.update(b"kontrakt device cookie\n");
        check.update(format!("{id:032x}").as_bytes());
        check
            .verify_truncated_left(&mac.to_be_bytes())
            .is_ok()
            .then_some(id)
    }

    /// A new device for `client` at `now`, signed, when its address's budget of new devices
    /// allows one; `None` when it is spent (the writes stay in the shared bucket).
    pub fn issue(&self, client: IpAddr, now: Instant) -> Option<String> {
        let per_second = 1.0 / NEW_DEVICE_EVERY as f64;
        let burst = f64::from(NEW_DEVICES);
        let mut budgets = self
            .budgets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if budgets.by_address.len() >= budgets.prune_at {
            budgets.by_address.retain(|_, (left, at)| {
                *left + now.saturating_duration_since(*at).as_secs_f64() * per_second < burst
            });
            budgets.prune_at = (budgets.by_address.len() * 2).max(PRUNE_FLOOR);
        }
        let (left, at) = budgets.by_address.entry(client).or_insert((burst, now));
        *left = (*left + now.saturating_duration_since(*at).as_secs_f64() * per_second).min(burst);
        *at = now;
        if *left < 1.0 {
            return None;
        }
        *left -= 1.0;
        Some(self.sign(rand::random::<u128>()))
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn a_cookie_the_server_signed_names_its_device_and_nothing_else_does() {
        let devices = Devices::new("the secret");
        let cookie = devices.sign(255);
        assert_eq!(devices.read(&cookie), Some(255));
        // The unsigned cookie of older versions, a made-up MAC, an edited id, another
        // database's signature, and a form key are no device.
        assert_eq!(devices.read("000000000000000000000000000000ff"), None);
        assert_eq!(
            devices.read(&format!("{:032x}.{:032x}", 255, 0)),
            None,
            "made-up MAC"
        );
        let edited = format!("{:032x}{}", 254, &cookie[32..]);
        assert_eq!(devices.read(&edited), None, "edited id");
        assert_eq!(Devices::new("another secret").read(&cookie), None);
        assert_eq!(devices.read(&format!("{cookie}0")), None);
        assert_eq!(devices.read("ff.ff"), None);
        assert_eq!(devices.read(""), None);
    }

    #[test]
    fn an_address_gets_a_table_of_new_devices_at_once_then_one_a_minute() {
        let devices = Devices::new("s");
        let t0 = Instant::now();
        let issued: Vec<String> = (0..NEW_DEVICES)
            .map(|_| devices.issue(ip("10.0.0.1"), t0).expect("a table's phones"))
            .collect();
        for cookie in &issued {
            assert!(devices.read(cookie).is_some(), "{cookie}");
        }
        assert_eq!(devices.issue(ip("10.0.0.1"), t0), None);
        // Another address has its own budget.
        assert!(devices.issue(ip("10.0.0.2"), t0).is_some());
        let later = t0 + Duration::from_secs(NEW_DEVICE_EVERY);
        assert!(devices.issue(ip("10.0.0.1"), later).is_some());
        assert_eq!(devices.issue(ip("10.0.0.1"), later), None);
    }
}
