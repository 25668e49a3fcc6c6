//! `backup`, `export` and `import`: moving whole databases and games in and out. Games are
//! checked through `store` (as the rules engine reads them); SQL stays in `db`.
//! Must not depend on `web`.

use std::io::{Read as _, Write as _};
use std::path::Path;
use std::process::ExitCode;

use super::{BackupArgs, ExportArgs, ImportArgs};
use crate::db::Db;
use crate::db::transfer::{self, Export};
use crate::store;

/// What a command gives back: its exit status, or the error `main` prints.
pub type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// `kontrakt backup PATH`: a consistent copy of the database.
pub async fn backup(args: BackupArgs) -> Result<ExitCode> {
    let db = Db::open_existing(&args.db).await?;
    db.backup_to(&args.path).await?;
    db.close().await;
    println!("backed up {} to {}", args.db.display(), args.path.display());
    Ok(ExitCode::SUCCESS)
}

/// `-` as a path: standard input or output.
fn is_stdio(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// `kontrakt export`: every game as JSON, to a new file or stdout.
pub async fn export(args: ExportArgs) -> Result<ExitCode> {
    let db = Db::open_existing(&args.db).await?;
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
pub async fn import(args: ImportArgs) -> Result<ExitCode> {
    let text = if is_stdio(&args.file) {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text)?;
        text
    } else {
        std::fs::read_to_string(&args.file)
            .map_err(|e| format!("cannot read {}: {e}", args.file.display()))?
    };
    let games: Export = serde_json::from_str(&text)
        .map_err(|e| format!("{} is not a Kontrakt export: {e}", args.file.display()))?;
    // Every game must make sense to the rules engine before anything is written.
    for game in &games.games {
        let record = game.to_record()?;
        if let Err(error) = store::understand(record) {
            return Err(format!("game {}: {error}; nothing was imported", game.id).into());
        }
    }
    let db = Db::open(&args.db).await?;
    let imported = transfer::import_games_resuming(&db, &games, args.resume).await;
    db.close().await;
    let imported = imported?;
    if imported.skipped > 0 {
        println!(
            "imported {} games into {} ({} were already there)",
            imported.written,
            args.db.display(),
            imported.skipped
        );
    } else {
        println!(
            "imported {} games into {}",
            imported.written,
            args.db.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}
