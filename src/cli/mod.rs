//! The command line: `kontrakt [serve]`, `kontrakt backup PATH`, `kontrakt export`,
//! `kontrakt import FILE`, `kontrakt migrate-db`, `kontrakt healthcheck [URL]`, and the engine's commands
//! `check`, `solve` and `score`. Parsing here; `main.rs` runs what was asked: the engine
//! commands through [`engine`], backup, export and import through [`transfer`].
//! Must not depend on `web` (games are read through `store`).

pub mod db_host;
pub mod engine;
pub mod healthcheck;
pub mod logging;
pub mod serving;
pub mod storage;
pub mod transfer;

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::config::{self, Config, WriteLimit};
use crate::rules::ruleset::OptionValue;
use crate::text::Lang;
pub use serving::ServingArgs;

/// Score keeper and referee for physical games of contract rummy.
#[derive(Debug, Parser)]
#[command(
    name = "kontrakt",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// What to do; without a command, serve.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Flags of `serve`, also accepted without the command name.
    #[command(flatten)]
    pub serve: ServeArgs,
    /// Log lines as text (default) or one JSON object per line.
    #[arg(
        long,
        global = true,
        env = "KONTRAKT_LOG_FORMAT",
        value_enum,
        default_value_t
    )]
    pub log_format: logging::LogFormat,
}

impl Cli {
    /// The command to run, `serve` when none was named.
    pub fn into_command(self) -> Command {
        self.command.unwrap_or(Command::Serve(self.serve))
    }
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the web app (the default).
    Serve(ServeArgs),
    /// Write a consistent copy of the database (safe while the server runs).
    Backup(BackupArgs),
    /// Is this a legal contract meld (first meld) for the round? Exit status 0 if legal, 1 if
    /// not, 2 for bad input.
    #[command(
        after_help = "Example: kontrakt check --rules contract --round 3 \"3H 4H 5H 6H | 8H 9H 10H JH\""
    )]
    Check(CheckArgs),
    /// Can this hand make the round's contract, and with which melds? Exit status 0 if it
    /// can, 1 if not, 2 for bad input.
    #[command(
        after_help = "Example: kontrakt solve --rules contract --round 7 \"3H 4H 5H 6H 7H 9S 10S JS QS KS JK 2D 3D 4D\""
    )]
    Solve(SolveArgs),
    /// Does this card fit on this meld on the table (laid off, or swapped for a wild card
    /// that stands for it)? Exit status 0 if it fits, 1 if not (with the reason), 2 for bad
    /// input.
    #[command(after_help = "Example: kontrakt fit --rules liverpool --meld \"5H 6H 7H JK=8H\" 8H")]
    Fit(FitArgs),
    /// Penalty points of cards left in hand. Exit status 0, or 2 for bad input.
    #[command(after_help = "Example: kontrakt score --rules shanghai \"AS JK 7H\"")]
    Score(ScoreArgs),
    /// Write every game (set-up, rounds with entries and points, history, links) as JSON.
    Export(ExportArgs),
    /// Read games written by `export` into a database (created if missing), all in one
    /// transaction; refuses the whole file if one of its games is already there.
    Import(ImportArgs),
    /// Move every game and group from one database to another (for instance from a SQLite
    /// file to PostgreSQL): an export of `--from` imported into `--to`, with the checks and
    /// the refusals of `import`.
    MigrateDb(MigrateDbArgs),
    /// Ask a running server's /healthz: exit status 0 if it answers 200, else 1 (for
    /// container health checks where there is no curl).
    Healthcheck(HealthcheckArgs),
}

/// Flags of `healthcheck`.
#[derive(Clone, Debug, Args)]
pub struct HealthcheckArgs {
    /// The URL to ask (plain http); without it, /healthz at the address the server is
    /// given (`KONTRAKT_ADDR`, 0.0.0.0 asked as 127.0.0.1), else at 127.0.0.1:3000.
    pub url: Option<String>,
}

/// Flags of `serve`.
#[derive(Clone, Debug, Args)]
pub struct ServeArgs {
    /// Address and port to listen on.
    #[arg(long, env = "KONTRAKT_ADDR", default_value = config::DEFAULT_ADDR)]
    pub addr: SocketAddr,
    /// SQLite database file (created and migrated at start).
    #[arg(long, env = "KONTRAKT_DB", default_value = config::DEFAULT_DB)]
    pub db: PathBuf,
    /// Write rate limit per client address: writes allowed at once.
    #[arg(long, env = "KONTRAKT_WRITE_BURST", default_value_t = config::DEFAULT_WRITE_BURST,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub write_burst: u32,
    /// Write rate limit per client address: writes regained per second.
    #[arg(long, env = "KONTRAKT_WRITE_RATE", default_value_t = config::DEFAULT_WRITE_RATE,
          value_parser = parse_rate)]
    pub write_rate: f64,
    /// Timeouts, caps, HTTPS and `--lan` ([`serving`]).
    #[command(flatten)]
    pub serving: ServingArgs,
    /// Serve Prometheus metrics at http://ADDR/metrics (a separate listener; off by default).
    #[arg(long, env = "KONTRAKT_METRICS_ADDR")]
    pub metrics_addr: Option<SocketAddr>,
    /// Mebibytes of memory the read caches (games and groups) may keep; past it the least
    /// recently read go first, and a group bigger than its share is computed without being
    /// kept.
    #[arg(long, env = "KONTRAKT_CACHE_MB", default_value_t = config::DEFAULT_CACHE_MB as u64,
          value_parser = clap::value_parser!(u64).range(1..=1_048_576))]
    pub cache_mb: u64,
}

impl From<ServeArgs> for Config {
    fn from(args: ServeArgs) -> Self {
        Self {
            addr: args.serving.listen_addr(args.addr),
            db: args.db,
            write_limit: WriteLimit {
                burst: args.write_burst,
                per_second: args.write_rate,
            },
            serving: args.serving.into(),
            metrics_addr: args.metrics_addr,
            cache_mb: usize::try_from(args.cache_mb).unwrap_or(usize::MAX),
        }
    }
}

/// A rate: a finite number above 0.
fn parse_rate(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|rate| rate.is_finite() && *rate > 0.0)
        .ok_or_else(|| format!("expected a number of writes per second above 0, not \"{text}\""))
}

/// Flags of `backup`.
#[derive(Clone, Debug, Args)]
pub struct BackupArgs {
    /// The database to copy.
    #[arg(long, env = "KONTRAKT_DB", default_value = config::DEFAULT_DB)]
    pub db: PathBuf,
    /// Where to write the copy; must not exist yet.
    pub path: PathBuf,
}

/// Flags of `export`.
#[derive(Clone, Debug, Args)]
pub struct ExportArgs {
    /// The database to read.
    #[arg(long, env = "KONTRAKT_DB", default_value = config::DEFAULT_DB)]
    pub db: PathBuf,
    /// Where to write the JSON: a new file, or `-` for standard output.
    #[arg(long, default_value = "-")]
    pub out: PathBuf,
}

/// Flags of `import`.
#[derive(Clone, Debug, Args)]
pub struct ImportArgs {
    /// The JSON written by `export`, or `-` for standard input.
    pub file: PathBuf,
    /// The database to write into (created and migrated if missing).
    #[arg(long, env = "KONTRAKT_DB", default_value = config::DEFAULT_DB)]
    pub db: PathBuf,
    /// Finish an import that stopped part way: skip the games of the file that are already
    /// in the database (same id and read-only link) instead of refusing the file.
    #[arg(long)]
    pub resume: bool,
    /// Language of the report and of the reasons for a refusal: en or de (default: the
    /// terminal's locale).
    #[arg(long, value_parser = ["en", "de"])]
    pub lang: Option<String>,
}

impl ImportArgs {
    /// The language asked for, else the terminal's.
    pub fn lang(&self) -> Lang {
        match &self.lang {
            Some(code) => Lang::from_code(code),
            None => crate::text::serve::host_lang(|name| std::env::var(name).ok()),
        }
    }
}

/// Flags of `migrate-db`.
#[derive(Clone, Debug, Args)]
pub struct MigrateDbArgs {
    /// The database to read: a SQLite file or a postgres:// URL.
    #[arg(long)]
    pub from: PathBuf,
    /// The database to write into (created and migrated if missing): a SQLite file or a
    /// postgres:// URL (the PostgreSQL database itself must exist).
    #[arg(long)]
    pub to: PathBuf,
    /// Finish a move that stopped part way, as `import --resume`.
    #[arg(long)]
    pub resume: bool,
    /// Language of the report and of the reasons for a refusal: en or de (default: the
    /// terminal's locale).
    #[arg(long, value_parser = ["en", "de"])]
    pub lang: Option<String>,
}

/// Flags every engine command takes.
#[derive(Clone, Debug, Args)]
pub struct EngineArgs {
    /// Rule set: contract, liverpool, may-i, shanghai, shanghai-powe, shanghai-kolsov,
    /// progressive, continental, rommee or hollywood.
    #[arg(long, value_name = "ID")]
    pub rules: String,
    /// Overrides a rule-set option, e.g. `--option jokers=false`, `--option joker_points=50`,
    /// `--option payouts=0,2,4,6`; repeat for several.
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = parse_option)]
    pub options: Vec<(String, OptionValue)>,
    /// Language of the answer: en or de.
    #[arg(long, default_value = "en", value_parser = ["en", "de"])]
    pub lang: String,
}

impl EngineArgs {
    /// The language asked for.
    pub fn lang(&self) -> Lang {
        Lang::from_code(&self.lang)
    }
}

/// Reads `name=value`: the value as true/false, a whole number, a comma-separated list of
/// whole numbers, or else as text. This is a first guess made without the rule set; the
/// engine reads the value again with its option's `OptionSpec::parse_text` (so `jokers=1` is
/// on, as in the forms).
fn parse_option(text: &str) -> Result<(String, OptionValue), String> {
    let (name, value) = text
        .split_once('=')
        .filter(|(name, _)| !name.trim().is_empty())
        .ok_or_else(|| format!("expected NAME=VALUE, e.g. jokers=false, not \"{text}\""))?;
    let value = value.trim();
    let parsed = match value {
        "true" | "yes" | "on" => OptionValue::Bool(true),
        "false" | "no" | "off" => OptionValue::Bool(false),
        _ => {
            if let Ok(n) = value.parse() {
                OptionValue::Int(n)
            } else if let Some(list) = value
                .contains(',')
                .then(|| value.split(',').map(|v| v.trim().parse().ok()).collect())
                .flatten()
            {
                OptionValue::List(list)
            } else {
                OptionValue::Text(value.to_owned())
            }
        }
    };
    Ok((name.trim().to_owned(), parsed))
}

/// Flags of `check`.
#[derive(Clone, Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub engine: EngineArgs,
    /// Round number (not for rommee, which has no contracts).
    #[arg(long, allow_negative_numbers = true)]
    pub round: Option<i64>,
    /// The melds, `|` (or `;`) between melds: "3H 4H 5H 6H | 8H 9H 10H JH".
    #[arg(required = true, value_name = "MELDS")]
    pub melds: Vec<String>,
}

/// Flags of `solve`.
#[derive(Clone, Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub engine: EngineArgs,
    /// Round number (not for rommee, which has no contracts).
    #[arg(long, allow_negative_numbers = true)]
    pub round: Option<i64>,
    /// Rommé: the most valuable opening the hand holds, instead of the first one worth the
    /// minimum.
    #[arg(long)]
    pub best: bool,
    /// The hand: "3H 4H 5H 6H 7H JK …".
    #[arg(required = true, value_name = "HAND")]
    pub hand: Vec<String>,
}

/// Flags of `fit`.
#[derive(Clone, Debug, Args)]
pub struct FitArgs {
    #[command(flatten)]
    pub engine: EngineArgs,
    /// The meld on the table, its wild cards declared where they lie: "5H 6H 7H JK=8H".
    #[arg(long, value_name = "CARDS")]
    pub meld: String,
    /// The one card to lay off; a wild card declared where it is laid: 8H, JK=9H.
    #[arg(value_name = "CARD")]
    pub card: String,
}

/// Flags of `score`.
#[derive(Clone, Debug, Args)]
pub struct ScoreArgs {
    #[command(flatten)]
    pub engine: EngineArgs,
    /// The cards left in hand: "AS JK 7H".
    #[arg(required = true, value_name = "CARDS")]
    pub cards: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Command {
        Cli::try_parse_from(args)
            .expect("valid command line")
            .into_command()
    }

    #[test]
    fn no_command_means_serve_with_the_given_flags() {
        let Command::Serve(args) = parse(&["kontrakt", "--addr", "0.0.0.0:8080"]) else {
            panic!("expected serve");
        };
        assert_eq!(args.addr, "0.0.0.0:8080".parse().unwrap());
    }

    #[test]
    fn serve_command_takes_the_same_flags() {
        let Command::Serve(args) = parse(&["kontrakt", "serve", "--db", "x.db"]) else {
            panic!("expected serve");
        };
        assert_eq!(args.db, PathBuf::from("x.db"));
    }

    #[test]
    fn serve_takes_the_write_rate_limit_and_refuses_a_zero_rate() {
        let Command::Serve(args) =
            parse(&["kontrakt", "--write-burst", "5", "--write-rate", "0.5"])
        else {
            panic!("expected serve");
        };
        let config = Config::from(args);
        assert_eq!(
            config.write_limit,
            WriteLimit {
                burst: 5,
                per_second: 0.5
            }
        );
        assert!(Cli::try_parse_from(["kontrakt", "--write-rate", "0"]).is_err());
        assert!(Cli::try_parse_from(["kontrakt", "--write-burst", "0"]).is_err());
    }

    #[test]
    fn backup_takes_a_path() {
        let Command::Backup(args) = parse(&["kontrakt", "backup", "copy.db"]) else {
            panic!("expected backup");
        };
        assert_eq!(args.path, PathBuf::from("copy.db"));
    }

    #[test]
    fn export_writes_to_standard_output_unless_told_a_file() {
        let Command::Export(args) = parse(&["kontrakt", "export", "--db", "x.db"]) else {
            panic!("expected export");
        };
        assert_eq!(args.out, PathBuf::from("-"));
        let Command::Export(args) = parse(&["kontrakt", "export", "--out", "games.json"]) else {
            panic!("expected export");
        };
        assert_eq!(args.out, PathBuf::from("games.json"));
    }

    #[test]
    fn import_takes_a_file_and_a_database() {
        let Command::Import(args) = parse(&["kontrakt", "import", "games.json", "--db", "y.db"])
        else {
            panic!("expected import");
        };
        assert_eq!(args.file, PathBuf::from("games.json"));
        assert_eq!(args.db, PathBuf::from("y.db"));
        assert!(Cli::try_parse_from(["kontrakt", "import"]).is_err());
    }

    #[test]
    fn check_takes_rules_round_options_language_and_melds() {
        let Command::Check(args) = parse(&[
            "kontrakt",
            "check",
            "--rules",
            "contract",
            "--round",
            "3",
            "--option",
            "jokers=false",
            "--option",
            "joker_points=50",
            "--lang",
            "de",
            "3H 4H 5H 6H | 8H 9H 10H JH",
        ]) else {
            panic!("expected check");
        };
        assert_eq!(args.engine.rules, "contract");
        assert_eq!(args.round, Some(3));
        assert_eq!(args.engine.lang(), Lang::De);
        assert_eq!(
            args.engine.options,
            [
                ("jokers".to_owned(), OptionValue::Bool(false)),
                ("joker_points".to_owned(), OptionValue::Int(50))
            ]
        );
        assert_eq!(args.melds, ["3H 4H 5H 6H | 8H 9H 10H JH"]);
    }

    #[test]
    fn option_values_are_read_as_bool_number_list_or_text() {
        assert_eq!(
            parse_option("payouts=0, 2,4").unwrap(),
            ("payouts".into(), OptionValue::List(vec![0, 2, 4]))
        );
        assert_eq!(
            parse_option("ace=wrap").unwrap(),
            ("ace".into(), OptionValue::Text("wrap".into()))
        );
        assert_eq!(
            parse_option("twos_wild=yes").unwrap(),
            ("twos_wild".into(), OptionValue::Bool(true))
        );
        assert!(parse_option("jokers").is_err());
        assert!(parse_option("=1").is_err());
    }

    #[test]
    fn score_takes_cards_as_one_argument_or_several() {
        let Command::Score(args) = parse(&["kontrakt", "score", "--rules", "shanghai", "AS", "JK"])
        else {
            panic!("expected score");
        };
        assert_eq!(args.cards, ["AS", "JK"]);
        assert!(Cli::try_parse_from(["kontrakt", "score", "--rules", "shanghai"]).is_err());
    }

    #[test]
    fn serve_takes_connection_timeouts_and_caps() {
        let Command::Serve(args) = parse(&[
            "kontrakt",
            "--header-timeout",
            "1.5",
            "--idle-timeout",
            "30",
            "--max-connections",
            "500",
            "--max-connections-per-client",
            "8",
        ]) else {
            panic!("expected serve");
        };
        let connections = Config::from(args).serving.connections;
        assert_eq!(connections.header_timeout.as_millis(), 1500);
        assert_eq!(connections.idle_timeout.as_secs(), 30);
        assert_eq!(connections.max_connections, Some(500));
        assert_eq!(connections.max_connections_per_client, 8);
        let Command::Serve(args) = parse(&["kontrakt"]) else {
            panic!("expected serve");
        };
        assert_eq!(
            Config::from(args).serving,
            config::Serving::default(),
            "no flags: the defaults of config.rs"
        );
        for bad in [
            ["--header-timeout", "0"],
            ["--idle-timeout", "-1"],
            ["--max-connections", "0"],
            ["--max-connections-per-client", "0"],
        ] {
            assert!(
                Cli::try_parse_from(["kontrakt", bad[0], bad[1]]).is_err(),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn tls_needs_both_files_and_hsts_needs_tls() {
        let Command::Serve(args) = parse(&[
            "kontrakt",
            "--tls-cert",
            "c.pem",
            "--tls-key",
            "k.pem",
            "--hsts",
        ]) else {
            panic!("expected serve");
        };
        let serving = Config::from(args).serving;
        assert_eq!(
            serving.tls,
            Some(config::TlsFiles {
                cert: "c.pem".into(),
                key: "k.pem".into()
            })
        );
        assert!(serving.hsts);
        assert!(Cli::try_parse_from(["kontrakt", "--tls-cert", "c.pem"]).is_err());
        assert!(Cli::try_parse_from(["kontrakt", "--tls-key", "k.pem"]).is_err());
        assert!(Cli::try_parse_from(["kontrakt", "--hsts"]).is_err());
    }

    #[test]
    fn lan_listens_on_every_interface_on_the_port_of_addr() {
        let Command::Serve(args) = parse(&["kontrakt", "--lan"]) else {
            panic!("expected serve");
        };
        let config = Config::from(args);
        assert_eq!(config.addr, "0.0.0.0:3000".parse().unwrap());
        assert!(config.serving.lan);
        let Command::Serve(args) =
            parse(&["kontrakt", "serve", "--lan", "--addr", "127.0.0.1:8080"])
        else {
            panic!("expected serve");
        };
        assert_eq!(Config::from(args).addr, "0.0.0.0:8080".parse().unwrap());
        let Command::Serve(args) = parse(&["kontrakt"]) else {
            panic!("expected serve");
        };
        assert_eq!(
            Config::from(args).addr,
            "127.0.0.1:3000".parse().unwrap(),
            "the default stays loopback"
        );
    }

    #[test]
    fn the_command_line_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
