//! `fairyspec explain` (why a move is legal or not, from the reference generator's own trace)
//! and `fairyspec diagram` (boards and piece moves as SVG).

use super::args::{DiagramArgs, ExplainArgs, Games};
use super::error::CliError;
use crate::diagram::{self, Board, Draw};
use crate::documents;
use crate::explain::{explain, Explain};
use crate::registry::{self, GameCommand, Registered};
use crate::{Game, Generator, Kind, Move, Piece, Position, Square};
use std::io::Write;
use std::path::Path;

/// `fairyspec explain`.
///
/// # Errors
/// Exit status 2 for what cannot be read (game, FEN, switches, `--moves`, the move text); an
/// illegal move is an answer, not an error.
pub fn explain_command(args: ExplainArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let game = args.game;
    game.run(ExplainRequest { args, out })
}

struct ExplainRequest<'a> {
    args: ExplainArgs,
    out: &'a mut dyn Write,
}

/// The position of `--fen` after the moves of `--moves`, played by the reference generator.
fn position_after<G: Registered>(
    gen: &dyn Generator<G>,
    fen: Option<&str>,
    moves: Option<&str>,
) -> Result<Position<G>, CliError> {
    let mut pos = registry::position::<G>(fen)?;
    for text in moves.unwrap_or("").split_whitespace() {
        let mv = gen
            .parse_move(&pos, text)
            .map_err(|e| CliError::Moves(format!("{text:?} in {}: {e}", pos.fen())))?;
        pos = gen.play_unchecked(&pos, &mv);
    }
    Ok(pos)
}

impl GameCommand for ExplainRequest<'_> {
    type Output = Result<(), CliError>;

    fn run<G: Registered>(self) -> Self::Output {
        let a = &self.args;
        let switches = registry::switches::<G>(a.switches.iter().map(String::as_str))?;
        let gen = G::reference(&switches);
        let pos = position_after::<G>(&*gen, a.fen.as_deref(), a.moves.as_deref())?;
        let e = explain::<G>(&switches, &pos, &a.mv)
            .map_err(|e| CliError::Usage(format!("<move>: {e}")))?;
        if a.json {
            Ok(documents::write_line(
                self.out,
                &documents::Explain {
                    schema: documents::EXPLAIN_SCHEMA,
                    explanation: &e,
                },
            )?)
        } else {
            write!(self.out, "{e}")?;
            Ok(())
        }
    }
}

/// `fairyspec diagram`, and `fairyspec diagram all -o DIR` (SPEC.md's pictures).
///
/// # Errors
/// Exit status 2 for what cannot be read or written.
pub fn diagram_command(args: DiagramArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let game = match args.game {
        Games::All => {
            let Some(dir) = &args.output else {
                return Err(CliError::Usage("diagram all needs -o DIR".to_string()));
            };
            return write_spec_diagrams(dir, out);
        }
        Games::One(game) => game,
    };
    let output = args.output.clone();
    let svg = game.run(DiagramRequest { args })?;
    match output {
        Some(file) if file.as_os_str() != "-" => {
            std::fs::write(&file, svg).map_err(|error| CliError::Io { path: file, error })?;
        }
        _ => out.write_all(svg.as_bytes())?,
    }
    Ok(())
}

/// Writes SPEC.md's diagrams, `DIR/<game>/<piece>.svg`, and lists the files written.
fn write_spec_diagrams(dir: &Path, out: &mut dyn Write) -> Result<(), CliError> {
    for (game, file, svg) in registry::all_spec_sets() {
        let folder = dir.join(game);
        std::fs::create_dir_all(&folder).map_err(|error| CliError::Io {
            path: folder.clone(),
            error,
        })?;
        let path = folder.join(&file);
        std::fs::write(&path, svg).map_err(|error| CliError::Io {
            path: path.clone(),
            error,
        })?;
        writeln!(out, "{}", path.display())?;
    }
    Ok(())
}

struct DiagramRequest {
    args: DiagramArgs,
}

/// A square as the game names it (`7j` in Chu Shogi, CHU-1.1; `f3` elsewhere).
fn square<G: Explain>(text: &str) -> Result<Square, CliError> {
    let text = text.trim();
    G::SHAPE
        .squares()
        .find(|&sq| G::square_name(sq) == text)
        .ok_or_else(|| {
            CliError::Usage(format!(
                "--square {text:?} is no square of {} (its squares are named like {})",
                G::NAME,
                G::square_name(Square::new(0, 0))
            ))
        })
}

impl GameCommand for DiagramRequest {
    type Output = Result<String, CliError>;

    fn run<G: Registered>(self) -> Self::Output {
        let a = &self.args;
        let switches = registry::switches::<G>(a.switches.iter().map(String::as_str))?;
        let gen = G::reference(&switches);
        let start = Position::<G>::start();
        let mut pos_for_text: Option<Position<G>> = None;
        let mut board = if let Some(letter) = &a.piece {
            let piece = Piece::<G::Kind>::from_fen_symbol(letter.trim()).ok_or_else(|| {
                let letters: Vec<&str> = G::Kind::ALL.iter().map(|k| k.symbol()).collect();
                CliError::Usage(format!(
                    "--piece {letter:?} is no piece of {}; the pieces are {}",
                    G::NAME,
                    letters.join(" ")
                ))
            })?;
            let sq = match &a.square {
                Some(text) => square::<G>(text)?,
                None => <G as Draw>::diagram_square(piece.kind),
            };
            diagram::piece_diagram::<G>(piece.kind, piece.colour, sq)
        } else {
            let pos = position_after::<G>(&*gen, a.fen.as_deref(), a.moves.as_deref())?;
            let title = format!("{} — {}", crate::diagram::capitalised(G::TITLE), pos.fen());
            let mut board = Board::of::<G>(pos.setup(), title);
            pos_for_text = Some(pos.clone());
            if let Some(text) = &a.square {
                let sq = square::<G>(text)?;
                board.marks = diagram::reach::<G>(pos.setup(), sq);
            }
            board
        };
        let mut arrows: Vec<Move<G::Kind>> = Vec::new();
        for text in &a.highlight {
            let mv = <G as Game>::read_move(pos_for_text.as_ref().unwrap_or(&start), text)
                .or_else(|_| <G as Explain>::read_move(text))
                .or_else(|_| Move::parse(text))
                .ok()
                .filter(|mv| mv.path().iter().all(|&sq| G::SHAPE.contains(sq)))
                .ok_or_else(|| {
                    CliError::Usage(format!("--highlight {text:?} is no move of {}", G::NAME))
                })?;
            arrows.push(mv);
        }
        board.highlight(&arrows);
        Ok(diagram::render(&board))
    }
}
