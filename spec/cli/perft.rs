//! `fairyspec perft` and `fairyspec moves`, and the root-split perft that `verify` shares.

use super::args::{MovesArgs, PerftArgs, PositionArgs};
use super::error::CliError;
use super::games::{self, CliGame, GameCommand};
use super::json;
use super::progress;
use crate::perft::hash::PerftTable;
use crate::perft::{distinct_results, Counting, Divide};
use crate::{Game, Generator, Move, MoveTextError, Position};
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

pub use super::args::{MAX_DEPTH, MAX_THREADS};

impl PositionArgs {
    /// The position and the generator the request names.
    fn prepare<G: CliGame>(&self, fault: Option<Fault>) -> Result<Prepared<G>, CliError> {
        let switches = games::switches::<G>(self.switches.iter().map(String::as_str))?;
        let mut gen = games::generator::<G>(self.generator, &switches)?;
        if let Some(Fault::NoEnPassant) = fault {
            gen = Box::new(NoEnPassant { inner: gen });
        }
        let mut pos = games::position::<G>(self.fen.as_deref())?;
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

/// A deliberate rules bug, for testing conformance tooling (`perft --inject-fault NAME`; see
/// `examples/broken-engine.sh` and `tests/all/conform.rs`). Not for anything else: the counts it
/// gives are wrong on purpose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Fault {
    /// En passant captures are never generated
    NoEnPassant,
}

/// A generator without en passant: the wrapped generator's moves minus those that land on the
/// e.p. square, which is empty, and remove a piece (the captured pawn) from elsewhere.
struct NoEnPassant<G: Game> {
    inner: Box<dyn Generator<G>>,
}

impl<G: Game> Generator<G> for NoEnPassant<G> {
    fn name(&self) -> &'static str {
        self.inner.name()
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
    let game = args.game.clone();
    games::with_game(&game, Perft { args, out })
}

struct Perft<'o> {
    args: PerftArgs,
    out: &'o mut dyn Write,
}

impl GameCommand for Perft<'_> {
    type Output = ();
    fn run<G: CliGame>(self) -> Result<(), CliError> {
        perft::<G>(self)
    }
}

/// Prints the divide of the requested position in the perftree format (or as JSON); a progress
/// bar goes to stderr when stderr is a terminal.
fn perft<G: CliGame>(cmd: Perft<'_>) -> Result<(), CliError> {
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
        bar.finish(divide.total);
    }
    if args.json {
        let doc = json::Perft {
            schema: json::PERFT_SCHEMA.to_string(),
            game: G::NAME.to_string(),
            fen: pos.fen(),
            depth: args.depth,
            generator: gen.name().to_string(),
            moves: divide
                .moves
                .iter()
                .map(|(mv, nodes)| json::MoveCount {
                    mv: mv.clone(),
                    nodes: *nodes,
                })
                .collect(),
            total: divide.total,
            count: counting,
        };
        json::write(cmd.out, &doc)
    } else {
        write!(cmd.out, "{divide}")?;
        Ok(())
    }
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
    let options = DivideOptions {
        threads,
        counting: Counting::Routes,
        table: None,
    };
    divide_with(gen, pos, depth, &options, progress)
}

/// How [`divide_with`] counts: threads, routes or results (CHU-9.5), and the transposition
/// table the threads share, if any.
pub struct DivideOptions<'t> {
    pub threads: usize,
    pub counting: Counting,
    pub table: Option<&'t PerftTable>,
}

/// [`divide_threads`] counted as `options` says. Under [`Counting::Results`] the root moves are
/// [`crate::perft::distinct_results`]'s, one per result.
pub fn divide_with<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
    depth: u32,
    options: &DivideOptions<'_>,
    progress: Option<&Progress<'_>>,
) -> Divide {
    if depth == 0 {
        return Divide {
            moves: Vec::new(),
            total: 1,
        };
    }
    let moves: Vec<(Move<G::Kind>, Position<G>)> = match options.counting {
        Counting::Routes => gen
            .legal_moves(pos)
            .into_iter()
            .map(|m| {
                let child = gen.play_unchecked(pos, &m);
                (m, child)
            })
            .collect(),
        Counting::Results => distinct_results(gen, pos),
    };
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(moves.len()));
    let work = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some((mv, child)) = moves.get(i) else {
            break;
        };
        let nodes = match options.table {
            Some(table) => gen.perft_hashed(child, depth - 1, options.counting, table),
            None => gen.perft_counting(child, depth - 1, options.counting),
        };
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
    let workers = options.threads.clamp(1, moves.len().max(1));
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

/// `fairyspec moves <game> [--fen FEN] [--moves M] [--generator G] [--switch name=value]...
/// [--json]`.
pub fn moves_command(args: MovesArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let game = args.game.clone();
    games::with_game(&game, Moves { args, out })
}

struct Moves<'o> {
    args: MovesArgs,
    out: &'o mut dyn Write,
}

impl GameCommand for Moves<'_> {
    type Output = ();
    fn run<G: CliGame>(self) -> Result<(), CliError> {
        moves::<G>(self)
    }
}

/// Prints the legal moves one per line, sorted by text. A position without moves prints nothing
/// on stdout and says why on stderr.
fn moves<G: CliGame>(cmd: Moves<'_>) -> Result<(), CliError> {
    let Prepared { pos, gen } = cmd.args.position.prepare::<G>(None)?;
    let mut texts: Vec<String> = gen
        .legal_moves(&pos)
        .iter()
        .map(|m| m.to_string())
        .collect();
    texts.sort();
    if cmd.args.json {
        let outcome = gen.outcome(&pos);
        let doc = json::Moves {
            schema: json::MOVES_SCHEMA.to_string(),
            game: G::NAME.to_string(),
            fen: pos.fen(),
            generator: gen.name().to_string(),
            moves: texts,
            outcome: outcome.map(|o| json::Outcome {
                result: o.result().to_string(),
                reason: o.reason.to_string(),
            }),
        };
        return json::write(cmd.out, &doc);
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
