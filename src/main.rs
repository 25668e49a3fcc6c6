//! The `kontrakt` binary: logging, command line, then serve or run a command (the commands
//! live in `kontrakt::cli`).

use std::process::ExitCode;

use clap::Parser as _;
use kontrakt::cli::{Cli, Command, db_host, engine, healthcheck, logging, transfer};
use kontrakt::config::Config;
use kontrakt::db::{Db, Location, ServeLock};
use kontrakt::serve::{self, Server};
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
        Command::MigrateDb(args) => transfer::migrate_db(args).await,
        Command::Healthcheck(args) => Ok(healthcheck::run(args.url).await),
        // Engine commands: exit status 0 yes, 1 no, 2 bad input (sentence on stderr).
        Command::Check(args) => Ok(engine::finish(engine::run_check(&args))),
        Command::Solve(args) => Ok(engine::finish(engine::run_solve(&args))),
        Command::Score(args) => Ok(engine::finish(engine::run_score(&args))),
        Command::Fit(args) => Ok(engine::finish(engine::run_fit(&args))),
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
    let location = Location::parse(&config.db);
    // One server per SQLite file; any number of them on one PostgreSQL database.
    let _serving = match &location {
        Location::Sqlite(path) => Some(ServeLock::take(path)?),
        Location::Postgres(_) => None,
    };
    // Connections: the open-file limit, the certificate, the address, before the database.
    let serving = &config.serving;
    let budget = serve::limits::budget(serving.connections.max_connections)?;
    if let Some(warning) = &budget.warning {
        tracing::warn!("{warning}");
    }
    let tls = serving.tls.as_ref().map(serve::tls::acceptor).transpose()?;
    let lang = kontrakt::text::serve::host_lang(|name| std::env::var(name).ok());
    if let Location::Postgres(url) = &location {
        db_host::check(url, lang).await?;
    }
    let db = Db::open_location(&location).await?;
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let https = tls.is_some();
    let mut headers: Vec<(String, String)> = web::SECURITY_HEADERS
        .iter()
        .map(|&(name, value)| (name.to_owned(), value.to_owned()))
        .collect();
    if https && serving.hsts {
        headers.push(("strict-transport-security".into(), web::https::HSTS.into()));
    }
    let server = Server::new(
        listener,
        serving.connections,
        budget.max_connections,
        tls,
        headers,
    );
    let local = server.local_addr()?;
    tracing::info!(
        "serving {}://{local} with database {} (at most {} connections, open-file limit {})",
        if https { "https" } else { "http" },
        location,
        budget.max_connections,
        budget.limit,
    );
    if serving.lan {
        let found = serve::lan::lan_address();
        print!("{}", serve::lan::banner(lang, https, found, local.port()));
    }
    web::metrics::start(config.metrics_addr).await?;
    let mut state = AppState::new(db.clone()).with_write_limit(config.write_limit);
    if https {
        state = state.with_https(serving.hsts);
    }
    server.run(web::app(state), shutdown_signal()).await;
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
