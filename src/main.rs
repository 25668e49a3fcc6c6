//! The `kontrakt` binary: logging, command line, then serve or run a command.

use std::process::ExitCode;

use clap::Parser as _;
use kontrakt::cli::{BackupArgs, Cli, Command, engine};
use kontrakt::config::Config;
use kontrakt::db::Db;
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
    let db = Db::open(&config.db).await?;
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    tracing::info!(
        "serving http://{} with database {}",
        listener.local_addr()?,
        config.db.display()
    );
    let app = web::app(AppState { db: db.clone() });
    axum::serve(listener, app)
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
