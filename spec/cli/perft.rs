//! `fairyspec perft` and `fairyspec moves`, and the root-split perft that `verify` shares.

use super::args::{self, Parsed};
use super::error::CliError;
use super::games::{self, CliGame, GameCommand, GeneratorChoice};
use crate::perft::Divide;
use crate::{Game, Generator, Position};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// The options `perft` accepts.
pub const PERFT_OPTIONS: &[&str] = &["fen", "generator", "threads", "switch"];
/// The options `moves` accepts.
pub const MOVES_OPTIONS: &[&str] = &["fen", "generator", "switch"];

/// The most threads `--threads` accepts.
pub const MAX_THREADS: usize = 256;
/// The deepest perft the command line accepts (as in `.perft` files).
pub const MAX_DEPTH: u32 = 64;

/// What `perft` and `moves` read from their command line besides the game.
struct Request<'a> {
    fen: Option<&'a str>,
    generator: Option<GeneratorChoice>,
    switches: Vec<&'a str>,
}

impl<'a> Request<'a> {
    fn read(parsed: &'a Parsed) -> Result<Request<'a>, CliError> {
        Ok(Request {
            fen: parsed.single("fen")?,
            generator: parsed
                .single("generator")?
                .map(GeneratorChoice::parse)
                .transpose()?,
            switches: parsed.all("switch"),
        })
    }

    /// The position and the generator the request names.
    fn prepare<G: CliGame>(&self) -> Result<Prepared<G>, CliError> {
        let switches = games::switches::<G>(self.switches.iter().copied())?;
        Ok(Prepared {
            pos: games::position::<G>(self.fen)?,
            gen: games::generator::<G>(self.generator, &switches)?,
        })
    }
}

/// A position and the generator to run on it.
struct Prepared<G: Game> {
    pos: Position<G>,
    gen: Box<dyn Generator<G>>,
}

/// `fairyspec perft <game> <depth> [--fen FEN] [--generator reference|bitboard] [--threads N]
/// [--switch name=value]`.
pub fn perft_command(args: &[String], out: &mut dyn Write) -> Result<(), CliError> {
    let parsed = args::parse(args, PERFT_OPTIONS)?;
    let [game, depth] = parsed.positionals(["game", "depth"])?;
    let cmd = Perft {
        request: Request::read(&parsed)?,
        depth: args::number("the depth", depth, 0, MAX_DEPTH)?,
        threads: threads(&parsed)?,
        out,
    };
    games::with_game(game, cmd)
}

/// `--threads N`: 1 to [`MAX_THREADS`], default 1.
///
/// # Errors
/// [`CliError::Usage`] for anything else.
pub fn threads(parsed: &Parsed) -> Result<usize, CliError> {
    match parsed.single("threads")? {
        Some(n) => args::number("--threads", n, 1, MAX_THREADS),
        None => Ok(1),
    }
}

struct Perft<'a, 'o> {
    request: Request<'a>,
    depth: u32,
    threads: usize,
    out: &'o mut dyn Write,
}

impl GameCommand for Perft<'_, '_> {
    type Output = ();
    fn run<G: CliGame>(self) -> Result<(), CliError> {
        perft::<G>(self)
    }
}

/// Prints the divide of the requested position in the perftree format; progress per root move
/// goes to stderr when stderr is a terminal.
fn perft<G: CliGame>(cmd: Perft<'_, '_>) -> Result<(), CliError> {
    let Prepared { pos, gen } = cmd.request.prepare::<G>()?;
    let start = Instant::now();
    let progress = |done: usize, of: usize, mv: &str, nodes: u64| {
        eprintln!(
            "[{done}/{of}] {mv} {nodes} ({:.2}s)",
            start.elapsed().as_secs_f64()
        );
    };
    let show_progress = std::io::stderr().is_terminal();
    let divide = divide_threads(
        &*gen,
        &pos,
        cmd.depth,
        cmd.threads,
        show_progress.then_some(&progress as &Progress),
    );
    write!(cmd.out, "{divide}")?;
    Ok(())
}

/// A progress callback: `(root moves done, root moves, move text, its count)`.
pub type Progress<'a> = dyn Fn(usize, usize, &str, u64) + Sync + 'a;

/// Perft divided by root move, the root moves shared out among `threads` threads (each takes the
/// next unfinished root move). Same result as [`crate::perft::divide`]: sorted by move text; at
/// depth 0 no moves and a total of 1.
pub fn divide_threads<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
    depth: u32,
    threads: usize,
    progress: Option<&Progress<'_>>,
) -> Divide {
    if depth == 0 {
        return Divide {
            moves: Vec::new(),
            total: 1,
        };
    }
    let moves = gen.legal_moves(pos);
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(moves.len()));
    let work = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(mv) = moves.get(i) else { break };
        let nodes = gen.perft(&gen.play_unchecked(pos, mv), depth - 1);
        let text = mv.to_string();
        // A worker that panicked has already ended the run; the data itself cannot be torn.
        let mut done = results
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(report) = progress {
            report(done.len() + 1, moves.len(), &text, nodes);
        }
        done.push((text, nodes));
    };
    let workers = threads.clamp(1, moves.len().max(1));
    if workers == 1 {
        work();
    } else {
        std::thread::scope(|s| {
            for _ in 0..workers {
                s.spawn(work);
            }
        });
    }
    let mut moves = results
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    moves.sort();
    let total = moves.iter().map(|(_, n)| n).sum();
    Divide { moves, total }
}

/// `fairyspec moves <game> [--fen FEN] [--generator G] [--switch name=value]`.
pub fn moves_command(args: &[String], out: &mut dyn Write) -> Result<(), CliError> {
    let parsed = args::parse(args, MOVES_OPTIONS)?;
    let [game] = parsed.positionals(["game"])?;
    games::with_game(
        game,
        Moves {
            request: Request::read(&parsed)?,
            out,
        },
    )
}

struct Moves<'a, 'o> {
    request: Request<'a>,
    out: &'o mut dyn Write,
}

impl GameCommand for Moves<'_, '_> {
    type Output = ();
    fn run<G: CliGame>(self) -> Result<(), CliError> {
        moves::<G>(self)
    }
}

/// Prints the legal moves one per line, sorted by text. A position without moves prints nothing
/// on stdout and says why on stderr.
fn moves<G: CliGame>(cmd: Moves<'_, '_>) -> Result<(), CliError> {
    let Prepared { pos, gen } = cmd.request.prepare::<G>()?;
    let mut texts: Vec<String> = gen
        .legal_moves(&pos)
        .iter()
        .map(|m| m.to_string())
        .collect();
    texts.sort();
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
