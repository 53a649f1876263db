//! `fairyspec perft` and `fairyspec moves`.

use super::args::{MovesArgs, PerftArgs, PositionArgs};
use super::error::CliError;
use super::progress;
use crate::documents;
use crate::perft::hash::PerftTable;
use crate::perft::{divide_with, DivideOptions, Progress};
use crate::registry::{self, GameCommand, Registered};
use crate::{Game, Generator, MoveTextError, Position};
use std::io::Write;

pub use super::args::{Fault, MAX_DEPTH, MAX_THREADS};

impl PositionArgs {
    /// The position and the generator the request names.
    fn prepare<G: Registered>(&self, fault: Option<Fault>) -> Result<Prepared<G>, CliError> {
        let switches = registry::switches::<G>(self.switches.iter().map(String::as_str))?;
        let mut gen = registry::generator::<G>(self.generator, &switches);
        if let Some(Fault::NoEnPassant) = fault {
            gen = Box::new(NoEnPassant { inner: gen });
        }
        let mut pos = registry::position::<G>(self.fen.as_deref())?;
        let mut played: Vec<&str> = Vec::new();
        for text in self.moves.as_deref().unwrap_or("").split_whitespace() {
            let mv = gen.parse_move(&pos, text).map_err(|e| {
                let why = match e {
                    MoveTextError::Parse(e) => e.to_string(),
                    MoveTextError::Illegal(e) => e.reason,
                };
                let at = match (&self.fen, played.is_empty()) {
                    (None, true) => "in the start position".to_string(),
                    (Some(_), true) => "in the --fen position".to_string(),
                    (_, false) => format!("after {} (position {})", played.join(" "), pos.fen()),
                };
                CliError::Moves(format!("{text:?} {at}: {why}"))
            })?;
            pos = gen.play_unchecked(&pos, &mv);
            played.push(text);
        }
        Ok(Prepared { pos, gen })
    }
}

/// A generator without en passant: the wrapped generator's moves minus those that land on the
/// e.p. square, which is empty, and remove a piece (the captured pawn) from elsewhere.
struct NoEnPassant<G: Game> {
    inner: Box<dyn Generator<G>>,
}

impl<G: Game> Generator<G> for NoEnPassant<G> {
    fn kind(&self) -> crate::GeneratorKind {
        self.inner.kind()
    }
    fn switches(&self) -> &G::Switches {
        self.inner.switches()
    }
    fn legal_moves(&self, pos: &Position<G>) -> Vec<crate::Move<G::Kind>> {
        let pieces = pos.setup().pieces().count();
        let mut moves = self.inner.legal_moves(pos);
        moves.retain(|m| {
            let en_passant = pos.ep_square() == Some(m.to)
                && pos.piece_at(m.to).is_none()
                && self.inner.play_unchecked(pos, m).setup().pieces().count() < pieces;
            !en_passant
        });
        moves
    }
    fn play_unchecked(&self, pos: &Position<G>, mv: &crate::Move<G::Kind>) -> Position<G> {
        self.inner.play_unchecked(pos, mv)
    }
    fn is_check(&self, pos: &Position<G>) -> bool {
        self.inner.is_check(pos)
    }
    fn outcome(&self, pos: &Position<G>) -> Option<crate::Outcome> {
        self.inner.outcome(pos)
    }
}

/// A position and the generator to run on it.
struct Prepared<G: Game> {
    pos: Position<G>,
    gen: Box<dyn Generator<G>>,
}

/// `fairyspec perft <game> <depth> [--fen FEN] [--moves M] [--generator G] [--threads N]
/// [--count C] [--hash MB] [--hash-seed S] [--switch name=value]... [--json]`.
pub fn perft_command(args: PerftArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let game = args.game;
    game.run(Perft { args, out })
}

struct Perft<'o> {
    args: PerftArgs,
    out: &'o mut dyn Write,
}

impl GameCommand for Perft<'_> {
    type Output = Result<(), CliError>;
    fn run<G: Registered>(self) -> Self::Output {
        perft::<G>(self)
    }
}

/// Prints the divide of the requested position in the perftree format (or as JSON); a progress
/// bar goes to stderr when stderr is a terminal.
fn perft<G: Registered>(cmd: Perft<'_>) -> Result<(), CliError> {
    let args = &cmd.args;
    let Prepared { pos, gen } = args.position.prepare::<G>(args.inject_fault)?;
    let counting = args.count;
    let table = match args.hash {
        0 => None,
        mib => Some(PerftTable::new(mib, args.hash_seed).map_err(|e| {
            CliError::CommandLine(format!("--hash {mib}: cannot allocate the table ({e})"))
        })?),
    };
    let bar = progress::perft_bar(args.depth);
    let report = |done: usize, of: usize, _mv: &str, nodes: u64| {
        if let Some(bar) = &bar {
            bar.root_move_done(done, of, nodes);
        }
    };
    let divide = divide_with(
        &*gen,
        &pos,
        args.depth,
        &DivideOptions {
            threads: args.threads,
            counting,
            table: table.as_ref(),
        },
        bar.is_some().then_some(&report as &Progress),
    );
    if let Some(bar) = bar {
        bar.finish();
    }
    if args.json {
        Ok(documents::write_line(
            cmd.out,
            &documents::Perft::new(&*gen, &pos, args.depth, &divide, counting),
        )?)
    } else {
        write!(cmd.out, "{divide}")?;
        Ok(())
    }
}

/// `fairyspec moves <game> [--fen FEN] [--moves M] [--generator G] [--switch name=value]...
/// [--json]`.
pub fn moves_command(args: MovesArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let game = args.game;
    game.run(Moves { args, out })
}

struct Moves<'o> {
    args: MovesArgs,
    out: &'o mut dyn Write,
}

impl GameCommand for Moves<'_> {
    type Output = Result<(), CliError>;
    fn run<G: Registered>(self) -> Self::Output {
        moves::<G>(self)
    }
}

/// Prints the legal moves one per line, in the order of move lists ([`crate::order`]). A position without moves prints nothing
/// on stdout and says why on stderr.
fn moves<G: Registered>(cmd: Moves<'_>) -> Result<(), CliError> {
    let Prepared { pos, gen } = cmd.args.position.prepare::<G>(None)?;
    let mut texts: Vec<String> = gen
        .legal_moves(&pos)
        .iter()
        .map(|m| m.to_string())
        .collect();
    crate::order::sort_moves(&mut texts);
    if cmd.args.json {
        return Ok(documents::write_line(
            cmd.out,
            &documents::Moves::new(&*gen, &pos),
        )?);
    }
    for t in &texts {
        writeln!(cmd.out, "{t}")?;
    }
    if texts.is_empty() {
        match gen.outcome(&pos) {
            Some(outcome) => eprintln!("no legal moves: the game is over ({outcome})"),
            None => eprintln!("no legal moves"),
        }
    }
    Ok(())
}
