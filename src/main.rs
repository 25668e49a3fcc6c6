//! The `kontrakt` binary: logging, command line, then serve or run a command (the commands
//! live in `kontrakt::cli`).

use std::process::ExitCode;

use clap::Parser as _;
use kontrakt::cli::{Cli, Command, db_host, engine, healthcheck, logging, storage, transfer};
use kontrakt::config::Config;
use kontrakt::db::{Db, Location, ServeLock};
use kontrakt::serve::{self, Server, own_cert};
use kontrakt::text::serve::ServeMsg;
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
    // The refusals of a start are said in the host's language.
    let lang = kontrakt::text::serve::host_lang(|name| std::env::var(name).ok());
    let storage = |error: kontrakt::db::Error| storage::refusal(&error, lang);
    // One server per SQLite file; any number of them on one PostgreSQL database.
    let _serving = match &location {
        Location::Sqlite(path) => Some(ServeLock::take(path).map_err(storage)?),
        Location::Postgres(_) => None,
    };
    // Connections: the open-file limit, the certificate, the address, before the database.
    let serving = &config.serving;
    let budget = serve::limits::budget(serving.connections.max_connections, lang)?;
    if let Some(warning) = &budget.warning {
        tracing::warn!("{warning}");
    }
    let lan = serve::lan::lan_address();
    let own = own_certificate(&config, &location, lan, lang)?;
    let files = serving
        .tls
        .clone()
        .or_else(|| Some(own.as_ref()?.files.clone()));
    let (tls, live) = match files.as_ref().map(|files| serve::tls::live(files, lang)) {
        Some(made) => {
            let (acceptor, live) = made?;
            (Some(acceptor), Some(live))
        }
        None => (None, None),
    };
    if let Location::Postgres(url) = &location {
        db_host::check(url, lang).await?;
    }
    let db = Db::open_location(&location).await.map_err(storage)?;
    // A player's rename that a stop left half-way reaches the rest of its games.
    if let Err(e) = kontrakt::store::renames::resume(&db).await {
        tracing::warn!(error = %e, "could not look for a player's rename left half-way");
    }
    let listener = serve::listen::bind(config.addr, tls.is_some(), lang).await?;
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
        let fingerprint = own.as_ref().map(|own| own.fingerprint.as_str());
        print!(
            "{}",
            serve::lan::banner(lang, https, lan, local.port(), fingerprint)
        );
    }
    // The connection page: the address the banner shows, and the fingerprint of the
    // certificate served at the moment the page is drawn.
    let connection = web::Connection {
        lan_url: lan
            .filter(|_| serving.lan)
            .map(|ip| serve::lan::url(https, std::net::SocketAddr::new(ip, local.port()))),
        own_fingerprint: own.as_ref().and(live.clone()).map(|live| {
            let read: std::sync::Arc<dyn Fn() -> String + Send + Sync> =
                std::sync::Arc::new(move || own_cert::fingerprint(&live.served()));
            read
        }),
    };
    // The certificate is looked at again while the server runs: its own is renewed when due,
    // one of --tls-cert served anew when its owner renewed the files.
    match (&own, live, files) {
        (Some(own), Some(live), _) => {
            let renewal = serve::renew::Renewal {
                dir: own
                    .files
                    .cert
                    .parent()
                    .map(ToOwned::to_owned)
                    .unwrap_or_default(),
                names: Box::new(|| {
                    own_cert::names(own_cert::host_name().as_deref(), serve::lan::lan_address())
                }),
                now: Box::new(time::OffsetDateTime::now_utc),
                every: serve::renew::CHECK_EVERY,
            };
            tokio::spawn(serve::renew::keep_renewed(renewal, live));
        }
        (None, Some(live), Some(files)) => {
            let every = serve::renew::CHECK_EVERY;
            tokio::spawn(serve::renew::keep_reloaded(files, live, every));
        }
        _ => {}
    }
    web::metrics::start(config.metrics_addr).await?;
    let mut state = AppState::new(db.clone())
        .with_write_limit(config.write_limit)
        .with_cache_budget(kontrakt::store::budget::CacheBudget::megabytes(
            config.cache_mb,
        ))
        .with_connection(connection);
    if https {
        state = state.with_https(serving.hsts);
    }
    server.run(web::app(state), shutdown_signal()).await;
    db.close().await;
    tracing::info!("stopped");
    Ok(ExitCode::SUCCESS)
}

/// With `--https` and no certificate of the host's (`--tls-cert`), the server's own: kept
/// beside the SQLite file (or in the current folder for PostgreSQL), made on the first start
/// and again shortly before it expires or when this computer's address changed (a warning
/// in the log: the phones warn once more).
fn own_certificate(
    config: &Config,
    location: &Location,
    lan: Option<std::net::IpAddr>,
    lang: kontrakt::text::Lang,
) -> Result<Option<own_cert::OwnCert>> {
    if !config.serving.https || config.serving.tls.is_some() {
        return Ok(None);
    }
    let dir = own_cert::dir_for(match location {
        Location::Sqlite(path) => Some(path.as_path()),
        Location::Postgres(_) => None,
    });
    let names = own_cert::names(own_cert::host_name().as_deref(), lan);
    let cert = own_cert::ensure(&dir, &names, time::OffsetDateTime::now_utc(), lang)?;
    if let Some(why) = &cert.renewed {
        let said = ServeMsg::CertRenewed.fill(kontrakt::text::Lang::En, &[("why", why)]);
        tracing::warn!("{said}");
    }
    tracing::info!(
        "HTTPS certificate {} ({}; for {}), SHA-256 fingerprint {}",
        cert.files.cert.display(),
        if cert.made { "new" } else { "kept" },
        names.join(", "),
        cert.fingerprint
    );
    Ok(Some(cert))
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
