//! The command line: `kontrakt [serve]`, `kontrakt backup PATH`, and (later) the engine's
//! commands. Parsing only; `main.rs` runs what was asked. Must not depend on `web`.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::config::{self, Config};

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
    // Engine commands go here (issue 2), each with its own `…Args` struct and a match arm in
    // `main.rs`; exit status 0 for a legal answer and 1 for not:
    //   Check(CheckArgs)   `kontrakt check --rules contract --round 3 "3H 4H 5H 6H | …"`
    //   Solve(SolveArgs)   `kontrakt solve …`
    //   Score(ScoreArgs)   `kontrakt score …`
    // Game transfer (issue 4):
    //   Export(ExportArgs) games as JSON
    //   Import(ImportArgs)
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
}

impl From<ServeArgs> for Config {
    fn from(args: ServeArgs) -> Self {
        Self {
            addr: args.addr,
            db: args.db,
        }
    }
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
    fn backup_takes_a_path() {
        let Command::Backup(args) = parse(&["kontrakt", "backup", "copy.db"]) else {
            panic!("expected backup");
        };
        assert_eq!(args.path, PathBuf::from("copy.db"));
    }

    #[test]
    fn the_command_line_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
