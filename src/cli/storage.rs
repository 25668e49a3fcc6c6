//! The storage layer's refusals of a start, in the host's language: another server holds the
//! SQLite file, or the database cannot be written. `db` names them in English (its errors
//! are also logged and read by other commands); the server's start says them to the host in
//! the terminal's language (`LANG`), like the other refusals, each naming the fix.
//!
//! Depends on `db` (its error) and `text`; must not depend on `web`.

use crate::db::Error;
use crate::text::Lang;
use crate::text::serve::ServeMsg;

/// The sentence for a start refused by the storage layer: `error` in `lang` where it is one
/// the host can fix (another server on the file, a read-only database), else its own words.
pub fn refusal(error: &Error, lang: Lang) -> String {
    match error {
        Error::InUse(path) => ServeMsg::DbInUse.fill(lang, &[("path", &path.display())]),
        Error::ReadOnly { path, cause } => {
            ServeMsg::DbReadOnly.fill(lang, &[("path", &path.display()), ("cause", cause)])
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    #[test]
    fn a_database_another_server_holds_is_refused_in_the_host_s_language() {
        let held = Error::InUse(PathBuf::from("/data/kontrakt.db"));
        let said = refusal(&held, Lang::En);
        assert_eq!(
            said,
            held.to_string().replace(
                "; stop it first (",
                "; stop it first, or open the one that is running (",
            )
        );
        assert!(
            said.starts_with(
                "another kontrakt server is already using /data/kontrakt.db; stop it first"
            ),
            "{said}"
        );
        assert_eq!(
            refusal(&held, Lang::De),
            "Ein anderer Kontrakt-Server benutzt /data/kontrakt.db schon; beendet ihn zuerst \
             oder öffnet den, der schon läuft (ein Server pro Datenbankdatei: Jeder hält die \
             Spiele, die er zeigt, im Speicher)"
        );
    }

    #[test]
    fn a_read_only_database_is_refused_in_the_host_s_language() {
        let read_only = Error::ReadOnly {
            path: PathBuf::from("/mnt/ro/games.db"),
            cause: "attempt to write a readonly database".to_owned(),
        };
        assert_eq!(refusal(&read_only, Lang::En), read_only.to_string());
        let said = refusal(&read_only, Lang::De);
        assert!(
            said.starts_with(
                "Die Datenbank /mnt/ro/games.db ist schreibgeschützt (attempt to write a \
                 readonly database); kontrakt muss in sie schreiben: Prüft die Rechte"
            ),
            "{said}"
        );
        // Other errors keep their own words.
        let missing = Error::Missing(PathBuf::from("none.db"));
        assert_eq!(refusal(&missing, Lang::De), "no database at none.db");
    }
}
