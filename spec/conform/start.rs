//! Starting an engine under test in any of the protocols, from what the command line (or a row
//! of the matrix) says about it.

use super::engine::{Engine, EngineError};
use super::perftree::PerftreeEngine;
use super::uci::{Dialect, UciEngine, DEFAULT_PERFT_COMMAND};
use super::xboard::{Setboard, XboardEngine};
use crate::fen::FenDialect;
use crate::Game;
use std::time::Duration;

/// How an engine is spoken to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// One process per query, perftree output ([`PerftreeEngine`]).
    Perftree,
    /// A long-lived UCI engine asked `go perft N` ([`UciEngine`]).
    Uci,
    /// A long-lived USI engine asked its perft command ([`UciEngine`], [`Dialect::Usi`]).
    Usi,
    /// A long-lived XBoard engine without perft, asked for its moves ([`XboardEngine`]).
    Xboard,
}

impl Protocol {
    /// Every protocol, in the order of the command line's help.
    pub const ALL: [Protocol; 4] = [
        Protocol::Perftree,
        Protocol::Uci,
        Protocol::Usi,
        Protocol::Xboard,
    ];

    /// The name on the command line and in the matrix file.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Perftree => "perftree",
            Protocol::Uci => "uci",
            Protocol::Usi => "usi",
            Protocol::Xboard => "xboard",
        }
    }

    /// The protocol called `name`.
    pub fn from_name(name: &str) -> Option<Protocol> {
        Protocol::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// Seconds one engine query may take unless the caller says otherwise (`conform --timeout`, a
/// matrix row's `timeout`).
pub const DEFAULT_TIMEOUT: u64 = 60;

/// Everything needed to start an engine.
#[derive(Clone, Debug)]
pub struct EngineSpec<'a> {
    pub protocol: Protocol,
    /// The command line (split into words, no shell).
    pub command: &'a str,
    /// `setoption` (UCI, USI) or `option NAME=VALUE` (XBoard).
    pub options: &'a [(String, String)],
    /// UCI/USI: the perft command, `{depth}` for the depth (default `go perft {depth}`).
    pub perft_command: Option<&'a str>,
    /// XBoard: give the board alone (turned when the second player is to move) instead of the
    /// whole FEN.
    pub board_only: bool,
    /// Seconds one query may take.
    pub timeout: Duration,
}

/// The name of a game in XBoard's `variant` command, where it is not the default (orthodox chess).
pub fn xboard_variant(game: &str) -> Option<&'static str> {
    match game {
        "chu" => Some("chu"),
        _ => None,
    }
}

/// Starts the engine `spec` describes, for game `G`.
///
/// # Errors
/// Whatever stopped it: a missing executable, a handshake that fails (with its last output).
pub fn start_engine<G: Game>(spec: &EngineSpec<'_>) -> Result<Box<dyn Engine>, EngineError> {
    Ok(match spec.protocol {
        Protocol::Perftree => Box::new(PerftreeEngine::new(spec.command, spec.timeout)?),
        Protocol::Uci | Protocol::Usi => {
            let dialect = if spec.protocol == Protocol::Uci {
                Dialect::Uci
            } else {
                Dialect::Usi
            };
            Box::new(UciEngine::start_dialect(
                dialect,
                spec.command,
                spec.options,
                spec.perft_command.unwrap_or(DEFAULT_PERFT_COMMAND),
                spec.timeout,
            )?)
        }
        Protocol::Xboard => {
            let setboard = if spec.board_only {
                Setboard::Board {
                    symmetry: G::SYMMETRY,
                    first: match G::DIALECT {
                        FenDialect::Sfen => 'b',
                        _ => 'w',
                    },
                }
            } else {
                Setboard::Fen
            };
            Box::new(XboardEngine::start(
                spec.command,
                spec.options,
                xboard_variant(G::NAME),
                setboard,
                spec.timeout,
            )?)
        }
    })
}
