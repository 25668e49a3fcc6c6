//! The open-file limit at start: every connection is an open file, so the total connection
//! cap must leave room under the limit for the database and the logs. [`budget`] raises the
//! soft limit to the hard one where the system allows it, then [`plan`] derives the cap.
//!
//! Depends on std, rlimit and `text` (the refusal, in the host's language) only.

use crate::text::Lang;
use crate::text::serve::ServeMsg;

/// Files kept for everything but connections: the database's connections (five, each with
/// the database, its WAL and its shared-memory file), the serve lock, the listener, standard
/// input, output and error, the runtime's own, and room for connections asked to give way
/// that are still closing.
pub const RESERVED_FILES: u64 = 48;
/// Fewest connections worth serving: a limit leaving fewer refuses to start.
pub const MIN_CONNECTIONS: u64 = 8;
/// Most connections when `--max-connections` is not given, however high the limit.
pub const DEFAULT_MAX_CONNECTIONS: u64 = 16_384;

/// The total connection cap, and what to tell the operator about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The open-file limit after raising it.
    pub limit: u64,
    /// Most connections open at once.
    pub max_connections: usize,
    /// A warning for the log when the cap asked for was lowered.
    pub warning: Option<String>,
}

/// The cap for an open-file `limit` and the cap `asked` for (`--max-connections`), or the
/// sentence refusing to start (in `lang`, naming the fix) when the limit is absurdly low.
pub fn plan(limit: u64, asked: Option<usize>, lang: Lang) -> Result<Budget, String> {
    let room = limit.saturating_sub(RESERVED_FILES);
    if room < MIN_CONNECTIONS {
        return Err(ServeMsg::FileLimitTooLow.fill(
            lang,
            &[
                ("limit", &limit),
                ("reserved", &RESERVED_FILES),
                ("min", &MIN_CONNECTIONS),
            ],
        ));
    }
    let room = usize::try_from(room).unwrap_or(usize::MAX);
    let default = usize::try_from(DEFAULT_MAX_CONNECTIONS).unwrap_or(usize::MAX);
    Ok(match asked {
        Some(asked) if asked > room => Budget {
            limit,
            max_connections: room,
            warning: Some(format!(
                "the open-file limit (ulimit -n) is {limit}: --max-connections lowered from \
                 {asked} to {room} ({RESERVED_FILES} files are kept for the database and \
                 logs); raise the limit to serve more"
            )),
        },
        Some(asked) => Budget {
            limit,
            max_connections: asked,
            warning: None,
        },
        None => Budget {
            limit,
            max_connections: room.min(default),
            warning: None,
        },
    })
}

/// Raises the soft open-file limit towards the hard one (where allowed), then plans the cap
/// with [`plan`] (a refusal in `lang`).
pub fn budget(asked: Option<usize>, lang: Lang) -> Result<Budget, String> {
    plan(open_file_limit(), asked, lang)
}

#[cfg(unix)]
fn open_file_limit() -> u64 {
    if let Err(error) = rlimit::increase_nofile_limit(u64::MAX) {
        tracing::debug!("cannot raise the open-file limit: {error}");
    }
    match rlimit::Resource::NOFILE.get() {
        Ok((soft, _hard)) => soft,
        Err(error) => {
            tracing::warn!("cannot read the open-file limit: {error}; assuming 1024");
            1024
        }
    }
}

#[cfg(not(unix))]
fn open_file_limit() -> u64 {
    // Windows has no per-process limit of this kind for sockets.
    DEFAULT_MAX_CONNECTIONS + RESERVED_FILES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_leaves_room_for_the_database_and_logs() {
        let budget = plan(1024, None, Lang::En).unwrap();
        assert_eq!(budget.max_connections, 1024 - 48);
        assert_eq!(budget.warning, None);
        assert_eq!(
            plan(1 << 20, None, Lang::En).unwrap().max_connections,
            16_384
        );
        assert_eq!(
            plan(1024, Some(100), Lang::En).unwrap().max_connections,
            100
        );
    }

    #[test]
    fn a_cap_over_the_limit_is_lowered_and_said() {
        let budget = plan(64, Some(1000), Lang::En).unwrap();
        assert_eq!(budget.max_connections, 16);
        let warning = budget.warning.unwrap();
        assert!(
            warning.contains("ulimit -n) is 64") && warning.contains("from 1000 to 16"),
            "{warning}"
        );
    }

    #[test]
    fn an_absurdly_low_limit_refuses_to_start_with_a_sentence() {
        let refused = plan(50, None, Lang::En).unwrap_err();
        assert!(
            refused.contains("is 50, too low") && refused.contains("ulimit -n 1024"),
            "{refused}"
        );
        let refused = plan(50, None, Lang::De).unwrap_err();
        assert!(
            refused.contains("ist 50, zu niedrig") && refused.contains("ulimit -n 1024"),
            "{refused}"
        );
        assert!(plan(56, None, Lang::En).is_ok());
    }
}
