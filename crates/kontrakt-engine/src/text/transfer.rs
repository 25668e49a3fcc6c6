//! The words of moving games in and out (`kontrakt export` and `import`): why an import
//! refused a file or stopped part way, and what it did. The database layer gives codes with
//! parameters (`db::transfer::ImportError`); the command line picks the message here and
//! fills it, in the language asked for.
//!
//! Depends on `text` only.

messages! {
    /// The sentences of `export` and `import`.
    pub enum TransferMsg {
        /// `not_an_export`: the file's `format` or `version` is not this one's.
        NotAnExport => "this is not a Kontrakt export of version {expected} (format \"{format}\", version {version})",
            "das ist kein Kontrakt-Export der Version {expected} (Format „{format}“, Version {version})";
        /// `guessable_token`: an id or read-only token not shaped like the app's.
        GuessableToken => "game {game}: its {field} must be {len} lowercase hex digits (0-9, a-f) with at least {min} different ones, as Kontrakt makes them (an unguessable link)",
            "Spiel {game}: sein Feld {field} muss aus {len} kleinen Hex-Ziffern (0-9, a-f) mit mindestens {min} verschiedenen bestehen, wie Kontrakt sie erzeugt (ein Link, den niemand erraten kann)";
        /// `version_out_of_range`.
        VersionOutOfRange => "game {game}: its version {version} must be from 0 to {max} (one per change)",
            "Spiel {game}: seine Version {version} muss zwischen 0 und {max} liegen (eine pro Änderung)";
        /// `same_tokens`.
        SameTokens => "game {game}: its id and view_token must differ",
            "Spiel {game}: seine Felder id und view_token müssen verschieden sein";
        /// `rounds_out_of_order`.
        RoundsOutOfOrder => "game {game}: its rounds must be numbered 1, 2, … in order; found {found} at place {place}",
            "Spiel {game}: seine Runden müssen der Reihe nach 1, 2, … nummeriert sein; an Stelle {place} steht {found}";
        /// `unknown_history_action`.
        UnknownHistoryAction => "game {game}: unknown history action \"{action}\"",
            "Spiel {game}: unbekannte Aktion „{action}“ im Verlauf";
        /// `bad_time`.
        BadTime => "game {game}: \"{text}\" is not an RFC 3339 time",
            "Spiel {game}: „{text}“ ist keine Zeitangabe nach RFC 3339";
        /// `duplicate_game`.
        DuplicateGame => "game {game} appears twice in the file (or shares a token with another game)",
            "Spiel {game} steht zweimal in der Datei (oder teilt einen Token mit einem anderen Spiel)";
        /// `refused_by_database`: a constraint of the schema; `detail` is SQLite's own message.
        RefusedByDatabase => "game {game}: the database refused it ({detail})",
            "Spiel {game}: die Datenbank hat es abgelehnt ({detail})";
        /// `exists`.
        Exists => "game {game} is already in the database; nothing was imported (remove that game from the file, or import into another database)",
            "Spiel {game} ist schon in der Datenbank; nichts wurde importiert (nehmt das Spiel aus der Datei oder importiert in eine andere Datenbank)";
        /// `group_exists`.
        /// A group of the file with a name the app refuses; `detail` is the API's sentence.
        GroupRefused => "group {group} of the file cannot be imported: {detail} Nothing was imported.",
            "Gruppe {group} der Datei kann nicht importiert werden: {detail} Es wurde nichts importiert.";
        GroupExists => "group {group} is already in the database; nothing was imported (import into another database)",
            "Gruppe {group} ist schon in der Datenbank; nichts wurde importiert (importiert in eine andere Datenbank)";
        /// `partial`: some batches were written, then `cause` stopped the import.
        Partial => "imported {imported} of {total} {total|game|games} (each one whole, the file's first ones up to game {last}), then stopped: {cause}; run the same import again with --resume to add the others (the games already imported are skipped)",
            "{imported} von {total} {total|Spiel|Spielen} importiert (jedes ganz, die ersten der Datei bis Spiel {last}), dann abgebrochen: {cause}; führ denselben Import mit --resume noch einmal aus, um die übrigen hinzuzufügen (schon importierte Spiele werden übersprungen)";
        /// `database`: a query failed; `detail` is the driver's own message.
        Database => "database error: {detail}", "Datenbankfehler: {detail}";
        /// The file could not be read.
        CannotRead => "cannot read {path}: {detail}", "{path} kann nicht gelesen werden: {detail}";
        /// The file is not JSON of an export's shape.
        NotJson => "{path} is not a Kontrakt export: {detail}",
            "{path} ist kein Kontrakt-Export: {detail}";
        /// The rules engine cannot read a game of the file.
        GameNotUnderstood => "game {game}: {detail}; nothing was imported",
            "Spiel {game}: {detail}; nichts wurde importiert";
        /// A table's own rule set in the file does not read or breaks a rule.
        RuleSetRefused => "rule set {id}: {detail}; nothing was imported",
            "Regelwerk {id}: {detail}; nichts wurde importiert";
        /// The import finished.
        Imported => "imported {n} {n|game|games} into {db}", "{n} {n|Spiel|Spiele} in {db} importiert";
        /// The import finished after skipping games an earlier run had written.
        ImportedSkipping => "imported {n} {n|game|games} into {db} ({skipped} {skipped|was|were} already there)",
            "{n} {n|Spiel|Spiele} in {db} importiert ({skipped} {skipped|war|waren} schon da)";
    }
}
