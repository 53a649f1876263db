//! `fairyspec explain` (why a move is legal or not, from the reference generator's own trace)
//! and `fairyspec diagram` (boards and piece moves as SVG).

use super::args::{DiagramArgs, ExplainArgs};
use super::error::CliError;
use super::games::{self, CliGame, GameCommand};
use crate::diagram::{self, Board, Draw};
use crate::explain::{explain, Explain};
use crate::{Generator, Kind, Move, Piece, Position, Square};
use std::io::Write;
use std::path::{Path, PathBuf};

/// `fairyspec explain <game> [--fen FEN] [--moves "M…"] [--switch NAME=VALUE]… [--json] <move>`.
///
/// # Errors
/// Exit status 2 for what cannot be read (game, FEN, switches, `--moves`, move text); an illegal
/// move is an answer, not an error.
pub fn explain_command(args: ExplainArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let request = ExplainRequest {
        fen: args.fen.as_deref(),
        moves: args.moves.as_deref(),
        switches: args.switches.iter().map(String::as_str).collect(),
        json: args.json,
        mv: &args.mv,
        out,
    };
    games::with_game(&args.game, request)
}

/// What `explain` was asked.
pub struct ExplainRequest<'a> {
    pub fen: Option<&'a str>,
    pub moves: Option<&'a str>,
    pub switches: Vec<&'a str>,
    pub json: bool,
    pub mv: &'a str,
    pub out: &'a mut dyn Write,
}

/// The position of `--fen` after the moves of `--moves`, played by the reference generator.
fn position_after<G: CliGame>(
    gen: &dyn Generator<G>,
    fen: Option<&str>,
    moves: Option<&str>,
) -> Result<Position<G>, CliError> {
    let mut pos = games::position::<G>(fen)?;
    for text in moves.unwrap_or("").split_whitespace() {
        let mv = gen.parse_move(&pos, text).map_err(|e| CliError::Fen {
            fen: pos.fen(),
            message: format!("--moves: {e}"),
        })?;
        pos = gen.play_unchecked(&pos, &mv);
    }
    Ok(pos)
}

impl GameCommand for ExplainRequest<'_> {
    type Output = ();

    fn run<G: CliGame>(self) -> Result<(), CliError> {
        let switches = games::switches::<G>(self.switches.iter().copied())?;
        let gen = G::reference(&switches);
        let pos = position_after::<G>(&*gen, self.fen, self.moves)?;
        let e = explain::<G>(&switches, &pos, self.mv)
            .map_err(|e| CliError::Usage(format!("<move>: {e}")))?;
        if self.json {
            let text = serde_json::to_string_pretty(&e)
                .map_err(|err| CliError::Usage(format!("cannot write JSON: {err}")))?;
            writeln!(self.out, "{text}")?;
        } else {
            write!(self.out, "{e}")?;
        }
        Ok(())
    }
}

/// `fairyspec diagram <game> [--fen FEN] [--moves "M…"] [--piece X [--square S]] [--square S]
/// [--highlight MOVE]… [-o FILE.svg]`, and `fairyspec diagram all -o DIR` (SPEC.md's pictures).
///
/// # Errors
/// Exit status 2 for what cannot be read or written.
pub fn diagram_command(args: DiagramArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let game = args.game.as_str();
    let output = args.output.as_deref().and_then(Path::to_str);
    if args.output.is_some() && output.is_none() {
        return Err(CliError::Usage("-o: the path is not UTF-8".to_string()));
    }
    if game == "all" {
        let Some(dir) = output else {
            return Err(CliError::Usage("diagram all needs -o DIR".to_string()));
        };
        return write_spec_diagrams(Path::new(dir), out);
    }
    let request = DiagramRequest {
        fen: args.fen.as_deref(),
        moves: args.moves.as_deref(),
        switches: args.switches.iter().map(String::as_str).collect(),
        piece: args.piece.as_deref(),
        square: args.square.as_deref(),
        highlight: args.highlight.iter().map(String::as_str).collect(),
    };
    let svg = games::with_game(game, request)?;
    match output {
        None | Some("-") => out.write_all(svg.as_bytes())?,
        Some(file) => std::fs::write(file, svg).map_err(|error| CliError::Io {
            path: PathBuf::from(file),
            error,
        })?,
    }
    Ok(())
}

/// Writes SPEC.md's diagrams, `DIR/<game>/<piece>.svg`, and lists the files written.
fn write_spec_diagrams(dir: &Path, out: &mut dyn Write) -> Result<(), CliError> {
    for (game, file, svg) in diagram::all_spec_sets() {
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

/// What `diagram` was asked for one game.
pub struct DiagramRequest<'a> {
    pub fen: Option<&'a str>,
    pub moves: Option<&'a str>,
    pub switches: Vec<&'a str>,
    pub piece: Option<&'a str>,
    pub square: Option<&'a str>,
    pub highlight: Vec<&'a str>,
}

fn square<G: Explain>(text: &str) -> Result<Square, CliError> {
    Square::parse(text.trim())
        .filter(|&sq| G::SHAPE.contains(sq))
        .ok_or_else(|| CliError::Usage(format!("--square {text:?} is no square of {}", G::NAME)))
}

impl GameCommand for DiagramRequest<'_> {
    type Output = String;

    fn run<G: CliGame>(self) -> Result<String, CliError> {
        let switches = games::switches::<G>(self.switches.iter().copied())?;
        let gen = G::reference(&switches);
        let mut board = if let Some(letter) = self.piece {
            let piece = Piece::<G::Kind>::from_fen_symbol(letter.trim()).ok_or_else(|| {
                let letters: Vec<&str> = G::Kind::ALL.iter().map(|k| k.symbol()).collect();
                CliError::Usage(format!(
                    "--piece {letter:?} is no piece of {}; the pieces are {}",
                    G::NAME,
                    letters.join(" ")
                ))
            })?;
            let sq = match self.square {
                Some(text) => square::<G>(text)?,
                None => <G as Draw>::diagram_square(piece.kind),
            };
            diagram::piece_diagram::<G>(piece.kind, piece.colour, sq)
        } else {
            let pos = position_after::<G>(&*gen, self.fen, self.moves)?;
            let mut board = Board::of::<G>(pos.setup(), format!("{} — {}", G::TITLE, pos.fen()));
            if let Some(text) = self.square {
                let sq = square::<G>(text)?;
                board.marks = diagram::reach::<G>(pos.setup(), sq);
            }
            board
        };
        let mut arrows: Vec<Move<G::Kind>> = Vec::new();
        for text in &self.highlight {
            let mv = G::read_move(text)
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
