//! The `kontrakt` binary: logging, command line, then serve or run a command (the commands
//! live in `kontrakt::cli`).

use std::net::SocketAddr;
use std::process::ExitCode;

use axum::serve::ListenerExt as _;
use clap::Parser as _;
use kontrakt::cli::{Cli, Command, engine, healthcheck, logging, transfer};
use kontrakt::config::Config;
use kontrakt::db::{Db, ServeLock};
use kontrakt::web::{self, AppState};

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    logging::init(cli.log_format);
    let result = match cli.into_command() {
        Command::Serve(args) => serve(args.into()).await,
        Command::Backup(args) => transfer::backup(args).await,
        Command::Export(args) => transfer::export(args).await,
        Command::Import(args) => transfer::import(args).await,
        Command::Healthcheck(args) => Ok(healthcheck::run(args.url).await),
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

type Result<T> = transfer::Result<T>;

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
    web::metrics::start(config.metrics_addr).await?;
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
