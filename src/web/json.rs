//! What every JSON document of the app shares: through which link a game or a group is seen
//! ([`Access`]), and a time as RFC 3339.
//!
//! A shared web piece: std and `time` only; nothing from `pages`, `api`, `store` or `db`.

use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

/// Through which link a game or a group is seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// The edit link: everything, with the edit ids and URLs.
    Edit,
    /// The read-only link: no edit id or URL, games by their read-only links.
    View,
}

/// A time as RFC 3339 (`2026-11-24T19:30:00Z`); empty if it cannot be written so.
pub fn rfc3339(at: OffsetDateTime) -> String {
    at.format(&Rfc3339).unwrap_or_default()
}
