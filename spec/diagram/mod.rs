//! `fairyspec diagram`: boards drawn as SVG, and each piece's moves drawn **from the reference
//! generator** — the squares are the ones its walk reports ([`Explain::traced_piece_moves`]),
//! never a second description of the piece.
//!
//! A board shows the game's shape, its regions (Congo's river and castles, Chu Shogi's promotion
//! zones: [`Draw::regions`]) and the pieces by letter. A piece diagram puts one piece on an
//! otherwise empty board and marks every square its movement reaches, with a different mark for
//! each kind of reach ([`Mark`]): moves or captures by a step or leap, a blockable range move, a
//! slide, move only, capture only, and two-step moves (the Pawn's double step, a monkey's jump).
//! SPEC.md shows one per piece of every game ([`spec_set`], written by
//! `fairyspec diagram all -o docs/diagrams`); a test fails when a generator change changes one
//! of the pictures until they are written again.

mod svg;

use crate::explain::Explain;
use crate::trace::{Line, Modality, Movement, Recorder, Stop};
use crate::{Colour, Kind, Move, Piece, Setup, Shape, Square};
pub use svg::render;

/// How the marked square is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// A step or a leap that moves or captures.
    MoveOrCapture,
    /// A blockable range move (`W2`, `F2`): moves or captures, the nearer squares must be empty.
    Range,
    /// A slide: moves or captures, any number of empty squares.
    Slide,
    /// Moves there only if it is empty (never captures so).
    MoveOnly,
    /// Goes there only to capture.
    CaptureOnly,
    /// A two-step move: the Pawn's double step, a monkey's jump over an enemy piece.
    TwoStep,
}

impl Mark {
    /// Every mark, in legend order.
    pub const ALL: [Mark; 6] = [
        Mark::MoveOrCapture,
        Mark::Range,
        Mark::Slide,
        Mark::MoveOnly,
        Mark::CaptureOnly,
        Mark::TwoStep,
    ];

    /// The legend's words.
    pub fn legend(self) -> &'static str {
        match self {
            Mark::MoveOrCapture => "step or leap: moves or captures",
            Mark::Range => "range move: moves or captures, blockable",
            Mark::Slide => "slide: moves or captures, blockable",
            Mark::MoveOnly => "moves only to an empty square",
            Mark::CaptureOnly => "only to capture",
            Mark::TwoStep => "two-step move (double step, jump)",
        }
    }
}

/// A region of the board drawn in its own style.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    pub squares: Vec<Square>,
    pub style: RegionStyle,
    /// Shown in the legend.
    pub label: &'static str,
}

/// How a region is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionStyle {
    /// Water: Congo's river.
    River,
    /// An outlined area: Congo's castles.
    Castle,
    /// A tinted area: Chu Shogi's promotion zones.
    Zone,
}

/// A game that can be drawn.
pub trait Draw: Explain {
    /// The board's regions (none by default).
    fn regions() -> Vec<Region> {
        Vec::new()
    }

    /// The square SPEC.md's diagram of a White `kind` stands on (the centre by default).
    fn diagram_square(kind: Self::Kind) -> Square {
        let _ = kind;
        Square::new(Self::SHAPE.files / 2, Self::SHAPE.ranks / 2 - 1)
    }
}

/// Everything one picture shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board<K> {
    pub title: String,
    pub shape: Shape,
    pub regions: Vec<Region>,
    pub pieces: Vec<(Square, Piece<K>)>,
    pub marks: Vec<(Square, Mark)>,
    /// Moves drawn as arrows along their path.
    pub arrows: Vec<Vec<Square>>,
    /// The label of each file, left to right, and of each rank, bottom up, in the game's
    /// notation ([`crate::Game::square_name`]: `a`…, `1`… ; Chu Shogi's `12`…`1`, `l`…`a`).
    pub file_labels: Vec<String>,
    pub rank_labels: Vec<String>,
    /// How the game's players draw the pieces ([`crate::Game::LOOK`]).
    pub look: crate::Look,
}

/// The labels of the files and ranks of game `G`'s board from its square names: what the names
/// of one file share, and what the names of one rank share.
pub fn labels<G: crate::Game>() -> (Vec<String>, Vec<String>) {
    let shape = G::SHAPE;
    let name = |f: u8, r: u8| G::square_name(Square::new(f, r));
    let common_prefix = |a: &str, b: &str| -> String {
        a.chars()
            .zip(b.chars())
            .take_while(|(x, y)| x == y)
            .map(|(x, _)| x)
            .collect()
    };
    let common_suffix = |a: &str, b: &str| -> String {
        let s: String = a
            .chars()
            .rev()
            .zip(b.chars().rev())
            .take_while(|(x, y)| x == y)
            .map(|(x, _)| x)
            .collect();
        s.chars().rev().collect()
    };
    let files = (0..shape.files)
        .map(|f| common_prefix(&name(f, 0), &name(f, 1)))
        .collect();
    let ranks = (0..shape.ranks)
        .map(|r| common_suffix(&name(0, r), &name(1, r)))
        .collect();
    (files, ranks)
}

impl<K: Kind> Board<K> {
    /// The board of `setup` with the game's regions.
    pub fn of<G: Draw<Kind = K>>(setup: &Setup<K>, title: String) -> Board<K> {
        let (file_labels, rank_labels) = labels::<G>();
        Board {
            file_labels,
            rank_labels,
            look: G::LOOK,
            title,
            shape: setup.shape,
            regions: G::regions(),
            pieces: setup.pieces().collect(),
            marks: Vec::new(),
            arrows: Vec::new(),
        }
    }

    /// Adds an arrow along each move's path.
    pub fn highlight(&mut self, moves: &[Move<K>]) {
        self.arrows.extend(moves.iter().map(Move::path));
    }
}

/// The squares the piece on `from` of `setup` reaches, as the reference generator's walk reports
/// them, each with its [`Mark`].
pub fn reach<G: Draw>(setup: &Setup<G::Kind>, from: Square) -> Vec<(Square, Mark)> {
    let mut rec = Recorder::default();
    G::traced_piece_moves(setup, from, &mut rec);
    let mut marks: Vec<(Square, Mark)> = Vec::new();
    let mut add = |sq: Square, mark: Mark| {
        if let Some(existing) = marks.iter_mut().find(|(s, _)| *s == sq) {
            existing.1 = existing.1.min(mark);
        } else {
            marks.push((sq, mark));
        }
    };
    for line in rec.lines.iter().filter(|l| l.from == from) {
        for (sq, mark) in line_marks(setup.shape, line) {
            add(sq, mark);
        }
    }
    for (mv, _, _) in rec.candidates.iter().filter(|(m, _, _)| m.from == from) {
        add(mv.to, Mark::TwoStep);
    }
    marks.sort();
    marks
}

/// The marks one line of movement gives.
fn line_marks(shape: Shape, line: &Line) -> Vec<(Square, Mark)> {
    let mark = match (line.modality, line.movement) {
        (Modality::MoveOnly, _) => Mark::MoveOnly,
        (Modality::CaptureOnly, Movement::Jump) => Mark::TwoStep,
        (Modality::CaptureOnly, _) => Mark::CaptureOnly,
        (Modality::MoveOrCapture, Movement::Leap | Movement::Jump) => Mark::MoveOrCapture,
        (Modality::MoveOrCapture, Movement::Range(_)) => Mark::Range,
        (Modality::MoveOrCapture, Movement::Slide) => Mark::Slide,
    };
    let mut out: Vec<(Square, Mark)> = line.reached.iter().map(|&s| (s, mark)).collect();
    if line.modality == Modality::CaptureOnly {
        // On an empty board a capture-only line reaches nothing; mark where it would capture:
        // the target of a step, the landing of a jump, every square of a slide.
        match (line.movement, line.stop) {
            (Movement::Jump, Stop::NothingToCapture(_)) => {
                out.extend(shape.offset(line.from, line.dir).map(|s| (s, mark)));
            }
            (Movement::Slide, _) => {
                let mut sq = line.from;
                while let Some(next) = shape.offset(sq, line.dir) {
                    out.push((next, mark));
                    sq = next;
                }
            }
            (_, Stop::NothingToCapture(sq)) => out.push((sq, mark)),
            _ => {}
        }
    }
    out
}

/// The diagram of one `colour` `kind` on `sq` of an otherwise empty board.
pub fn piece_diagram<G: Draw>(kind: G::Kind, colour: Colour, sq: Square) -> Board<G::Kind> {
    let mut setup = Setup::empty(G::SHAPE);
    setup.turn = colour;
    setup.set(sq, Some(Piece::new(colour, kind)));
    let title = format!(
        "{} — {} ({}) on {}",
        capitalised(G::TITLE),
        kind.name(),
        kind.symbol(),
        G::square_name(sq)
    );
    let mut board = Board::of::<G>(&setup, title);
    board.marks = reach::<G>(&setup, sq);
    board
}

/// The file name of a piece's diagram: `blind-bear.svg`.
pub fn file_name<K: Kind>(kind: K) -> String {
    // A promoted piece's name may say what it moves as, in brackets: the file is named without.
    let name = kind.name().split(" (").next().unwrap_or_default();
    let slug: String = name
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '\'' => None,
            c => Some(c.to_ascii_lowercase()),
        })
        .collect();
    format!("{slug}.svg")
}

/// SPEC.md's diagrams of game `G`: `(file name, SVG)` for every piece, White, on its
/// [`Draw::diagram_square`].
pub fn spec_set<G: Draw>() -> Vec<(String, String)> {
    G::Kind::ALL
        .iter()
        .map(|&kind| {
            let board = piece_diagram::<G>(kind, Colour::White, G::diagram_square(kind));
            (file_name(kind), render(&board))
        })
        .collect()
}

/// `title` with its first letter in upper case, for the start of a picture's title (`orthodox
/// chess` → `Orthodox chess`).
pub fn capitalised(title: &str) -> String {
    let mut chars = title.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
