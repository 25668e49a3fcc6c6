//! `backup`, `export` and `import`: moving whole databases and games in and out. Games are
//! checked through `store` (as the rules engine reads them); SQL stays in `db`.
//! Must not depend on `web`.

use std::io::{Read as _, Write as _};
use std::path::Path;
use std::process::ExitCode;

use super::{BackupArgs, ExportArgs, ImportArgs, MigrateDbArgs};
use crate::db::transfer::{self, Export, ImportError, Invalid};
use crate::db::{Db, Location};
use crate::store;
use crate::store::groups::GroupProblem;
use crate::text::groups::{GroupMsg, group_name_problem, player_name_problem};
use crate::text::transfer::TransferMsg;
use crate::text::{Lang, Say as _};

/// What a command gives back: its exit status, or the error `main` prints.
pub type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// `kontrakt backup PATH`: a consistent copy of the database.
pub async fn backup(args: BackupArgs) -> Result<ExitCode> {
    let location = Location::parse(&args.db);
    let db = Db::open_existing_location(&location).await?;
    let done = db.backup_to(&args.path).await;
    db.close().await;
    done?;
    println!("backed up {location} to {}", args.path.display());
    Ok(ExitCode::SUCCESS)
}

/// `-` as a path: standard input or output.
fn is_stdio(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// `kontrakt export`: every game as JSON, to a new file or stdout.
pub async fn export(args: ExportArgs) -> Result<ExitCode> {
    let db = Db::open_existing_location(&Location::parse(&args.db)).await?;
    let games = transfer::export_games(&db).await;
    db.close().await;
    let games = games?;
    let mut json = serde_json::to_vec_pretty(&games)?;
    json.push(b'\n');
    if is_stdio(&args.out) {
        std::io::stdout().lock().write_all(&json)?;
    } else {
        // Like a backup, an export never overwrites a file.
        let mut file = std::fs::File::create_new(&args.out).map_err(|e| {
            format!(
                "cannot create {}: {e} (an export never overwrites a file)",
                args.out.display()
            )
        })?;
        file.write_all(&json)?;
        file.sync_all()?;
        eprintln!(
            "exported {} games to {}",
            games.games.len(),
            args.out.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// `kontrakt import FILE`: the games of an export, after the rules engine has read every one
/// of them; written in batches beside a running server (see [`transfer::import_games`]).
/// Reports and refusals are said in the language of `--lang`.
pub async fn import(args: ImportArgs) -> Result<ExitCode> {
    let lang = args.lang();
    let path = args.file.display();
    let text = if is_stdio(&args.file) {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text)?;
        text
    } else {
        std::fs::read_to_string(&args.file)
            .map_err(|e| TransferMsg::CannotRead.fill(lang, &[("path", &path), ("detail", &e)]))?
    };
    let games: Export = serde_json::from_str(&text)
        .map_err(|e| TransferMsg::NotJson.fill(lang, &[("path", &path), ("detail", &e)]))?;
    import_into(&games, &Location::parse(&args.db), args.resume, lang).await
}

/// `kontrakt migrate-db --from A --to B`: every game and group of A exported and imported
/// into B, on the code path of `export` and `import`.
pub async fn migrate_db(args: MigrateDbArgs) -> Result<ExitCode> {
    let lang = match &args.lang {
        Some(code) => Lang::from_code(code),
        None => crate::text::serve::host_lang(|name| std::env::var(name).ok()),
    };
    let source = Db::open_existing_location(&Location::parse(&args.from)).await?;
    let games = transfer::export_games(&source).await;
    source.close().await;
    import_into(&games?, &Location::parse(&args.to), args.resume, lang).await
}

/// A rule set carried by an export file, read and checked as `POST /api/v1/rulesets` checks
/// a definition (`text::definition::load`), then registered so that its games load.
fn check_rule_set(rule_set: &transfer::RuleSetExport, lang: Lang) -> Result<()> {
    use crate::rules::definition::{Definition, register};
    let refused = |detail: &dyn std::fmt::Display| -> Box<dyn std::error::Error> {
        TransferMsg::RuleSetRefused
            .fill(lang, &[("id", &rule_set.id), ("detail", detail)])
            .into()
    };
    let stored_id = rule_set.id.starts_with("rs-")
        && rule_set.id.len() <= 64
        && rule_set.id[3..].bytes().all(|b| b.is_ascii_alphanumeric());
    let def: Definition =
        serde_json::from_value(rule_set.definition.clone()).map_err(|e| refused(&e))?;
    if !stored_id || def.id != rule_set.id || def.name != rule_set.name {
        return Err(refused(&"the id and name do not match the definition"));
    }
    if let Err(problems) = crate::text::definition::load(&def) {
        let said: Vec<String> = problems
            .iter()
            .map(|p| format!("{}: {}", p.path, p.say(lang)))
            .collect();
        return Err(refused(&said.join("; ")));
    }
    register(def);
    Ok(())
}

/// Writes the games (and groups) of an export into the database at `location`, after the
/// rules engine has read every one of them, and reports it.
async fn import_into(
    games: &Export,
    location: &Location,
    resume: bool,
    lang: Lang,
) -> Result<ExitCode> {
    // Every rule set the file carries is checked as a posted one is, and answers for its id,
    // before the games are read; nothing is written while any is refused.
    for rule_set in &games.rule_sets {
        check_rule_set(rule_set, lang)?;
    }
    // Every game must make sense to the rules engine before anything is written.
    for game in &games.games {
        let record = game.to_record().map_err(|e| explain(&e, lang))?;
        if let Err(error) = store::understand(record) {
            return Err(TransferMsg::GameNotUnderstood
                .fill(lang, &[("game", &game.id), ("detail", &error)])
                .into());
        }
    }
    // Every group's names as the API takes them (before: what the app refuses was stored,
    // and names that read the same failed in the database with a raw error).
    for group in &games.groups {
        if let Err(problem) = store::groups::check_imported_names(group) {
            let detail = group_problem(&problem, lang);
            return Err(TransferMsg::GroupRefused
                .fill(lang, &[("group", &group.name), ("detail", &detail)])
                .into());
        }
    }
    let db = Db::open_location(location).await?;
    let imported = transfer::import_games_resuming(&db, games, resume).await;
    db.close().await;
    let imported = imported.map_err(|e| explain(&e, lang))?;
    let target = location;
    let report = if imported.skipped > 0 {
        TransferMsg::ImportedSkipping.fill(
            lang,
            &[
                ("n", &imported.written),
                ("db", &target),
                ("skipped", &imported.skipped),
            ],
        )
    } else {
        TransferMsg::Imported.fill(lang, &[("n", &imported.written), ("db", &target)])
    };
    println!("{report}");
    Ok(ExitCode::SUCCESS)
}

/// A name problem of a group in the file, in the words the API uses for it.
fn group_problem(problem: &GroupProblem, lang: Lang) -> String {
    match problem {
        GroupProblem::GroupName(p) => {
            group_name_problem(*p, crate::rules::names::MAX_NAME_CHARS, lang)
        }
        GroupProblem::PlayerName(name, p) => player_name_problem(name, *p, lang),
        GroupProblem::NameTwice(name) => GroupMsg::NameTwice.fill(lang, &[("name", name)]),
        GroupProblem::RulesNameTaken(name) => {
            GroupMsg::RulesNameTaken.fill(lang, &[("name", name)])
        }
        // Not a problem of names: `check_imported_names` never gives these.
        other => format!("{other:?}"),
    }
}

/// Why an import refused a file or stopped, as a sentence in `lang` (the database layer
/// gives the code and its parameters).
pub fn explain(error: &ImportError, lang: Lang) -> String {
    match error {
        ImportError::Sqlx(e) => TransferMsg::Database.fill(lang, &[("detail", e)]),
        ImportError::Exists(game) => TransferMsg::Exists.fill(lang, &[("game", game)]),
        ImportError::GroupExists(group) => TransferMsg::GroupExists.fill(lang, &[("group", group)]),
        ImportError::Partial {
            imported,
            total,
            last,
            cause,
        } => TransferMsg::Partial.fill(
            lang,
            &[
                ("imported", imported),
                ("total", total),
                ("last", last),
                ("cause", &explain(cause, lang)),
            ],
        ),
        ImportError::Invalid(invalid) => explain_invalid(invalid, lang),
    }
}

/// [`explain`] for a file the import found inconsistent.
fn explain_invalid(invalid: &Invalid, lang: Lang) -> String {
    match invalid {
        Invalid::NotAnExport { format, version } => TransferMsg::NotAnExport.fill(
            lang,
            &[
                ("expected", &transfer::FORMAT_VERSION),
                ("format", format),
                ("version", version),
            ],
        ),
        Invalid::GuessableToken { game, field } => TransferMsg::GuessableToken.fill(
            lang,
            &[
                ("game", game),
                ("field", &field.name()),
                ("len", &transfer::TOKEN_LEN),
                ("min", &transfer::MIN_TOKEN_DIGITS),
            ],
        ),
        Invalid::VersionOutOfRange { game, version } => TransferMsg::VersionOutOfRange.fill(
            lang,
            &[
                ("game", game),
                ("version", version),
                ("max", &transfer::MAX_VERSION),
            ],
        ),
        Invalid::SameTokens { game } => TransferMsg::SameTokens.fill(lang, &[("game", game)]),
        Invalid::RoundsOutOfOrder { game, found, place } => TransferMsg::RoundsOutOfOrder
            .fill(lang, &[("game", game), ("found", found), ("place", place)]),
        Invalid::UnknownHistoryAction { game, action } => {
            TransferMsg::UnknownHistoryAction.fill(lang, &[("game", game), ("action", action)])
        }
        Invalid::BadTime { game, text } => {
            TransferMsg::BadTime.fill(lang, &[("game", game), ("text", text)])
        }
        Invalid::DuplicateGame { game } => TransferMsg::DuplicateGame.fill(lang, &[("game", game)]),
        Invalid::RefusedByDatabase { game, detail } => {
            TransferMsg::RefusedByDatabase.fill(lang, &[("game", game), ("detail", detail)])
        }
    }
}
