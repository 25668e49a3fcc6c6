//! The `kontrakt` binary: logging, command line, then serve or run a command.

use std::io::{Read as _, Write as _};
use std::net::SocketAddr;
use std::path::Path;
use std::process::ExitCode;

use axum::serve::ListenerExt as _;
use clap::Parser as _;
use kontrakt::cli::{BackupArgs, Cli, Command, ExportArgs, ImportArgs, engine};
use kontrakt::config::Config;
use kontrakt::db::transfer::{self, Export};
use kontrakt::db::{Db, ServeLock};
use kontrakt::web::{self, AppState};
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        .with_writer(std::io::stderr)
        .init();
    let result = match Cli::parse().into_command() {
        Command::Serve(args) => serve(args.into()).await,
        Command::Backup(args) => backup(args).await,
        Command::Export(args) => export(args).await,
        Command::Import(args) => import(args).await,
        // Engine commands: exit status 0 yes, 1 no, 2 bad input (sentence on stderr).
        Command::Check(args) => Ok(engine::finish(engine::run_check(&args))),
        Command::Solve(args) => Ok(engine::finish(engine::run_solve(&args))),
        Command::Score(args) => Ok(engine::finish(engine::run_score(&args))),
    };
    match result {
        Ok(code) => code,
        Err(error) => {
            eprintln!("kontrakt: {error}");
            ExitCode::FAILURE
        }
    }
}

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

async fn serve(config: Config) -> Result<ExitCode> {
    let _serving = ServeLock::take(&config.db)?;
    let db = Db::open(&config.db).await?;
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    tracing::info!(
        "serving http://{} with database {}",
        listener.local_addr()?,
        config.db.display()
    );
    // Answers are written as headers then body: without TCP_NODELAY the body waits for the
    // client's delayed ACK of the headers (40 ms on Linux), e.g. every static file.
    let listener = listener.tap_io(|tcp| {
        if let Err(error) = tcp.set_nodelay(true) {
            tracing::debug!("cannot set TCP_NODELAY: {error}");
        }
    });
    let app = web::app(AppState::new(db.clone()).with_write_limit(config.write_limit));
    // The peer address keys the write rate limit.
    let service = app.into_make_service_with_connect_info::<SocketAddr>();
    axum::serve(listener, service)
        .with_graceful_shutdown(shutdown_signal())
        .await?;
    db.close().await;
    tracing::info!("stopped");
    Ok(ExitCode::SUCCESS)
}

async fn backup(args: BackupArgs) -> Result<ExitCode> {
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

async fn export(args: ExportArgs) -> Result<ExitCode> {
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

async fn import(args: ImportArgs) -> Result<ExitCode> {
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
        if let Err(error) = web::record::understand(record) {
            let cause = std::error::Error::source(&error)
                .map_or_else(|| error.to_string(), ToString::to_string);
            return Err(format!("game {}: {cause}; nothing was imported", game.id).into());
        }
    }
    let db = Db::open(&args.db).await?;
    let imported = transfer::import_games(&db, &games).await;
    db.close().await;
    let imported = imported?;
    println!("imported {imported} games into {}", args.db.display());
    Ok(ExitCode::SUCCESS)
}

/// Resolves on Ctrl-C or SIGTERM; in-flight requests then finish before the server stops.
async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(error) = tokio::signal::ctrl_c().await {
            tracing::error!("cannot listen for Ctrl-C: {error}");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(error) => {
                tracing::error!("cannot listen for SIGTERM: {error}");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}
