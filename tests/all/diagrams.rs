//! SPEC.md's piece diagrams (`docs/diagrams/`): current with the generators, referenced from
//! SPEC.md, well-formed SVG (read by a real XML parser), and showing what SPEC.md's words say.

use fairyspec::chess::{Chess, ChessKind};
use fairyspec::chu::{Chu, ChuKind};
use fairyspec::congo::{Congo, CongoKind};
use fairyspec::diagram::{self, render, Draw};
use fairyspec::hunterbeest::{Hunterbeest, HunterbeestKind};
use fairyspec::kuma::{Kuma, KumaKind};
use fairyspec::{Colour, Square};
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn sq(name: &str) -> Square {
    Square::parse(name).expect("square name")
}

#[test]
fn spec_diagrams_are_current() {
    let mut stale = Vec::new();
    for (game, file, svg) in fairyspec::registry::all_spec_sets() {
        let path = Path::new(ROOT).join("docs/diagrams").join(game).join(&file);
        match std::fs::read_to_string(&path) {
            Ok(on_disk) if on_disk == svg => {}
            _ => stale.push(format!("{game}/{file}")),
        }
    }
    assert!(
        stale.is_empty(),
        "these diagrams differ from what the generators draw now: {stale:?}; \
         run `cargo run -- diagram all -o docs/diagrams` and commit the result"
    );
}

#[test]
fn spec_md_shows_every_diagram_and_only_existing_ones() {
    let spec = std::fs::read_to_string(Path::new(ROOT).join("SPEC.md")).expect("SPEC.md");
    for (game, file, _) in fairyspec::registry::all_spec_sets() {
        let link = format!("docs/diagrams/{game}/{file}");
        assert!(spec.contains(&link), "SPEC.md does not show {link}");
    }
    for part in spec.split("src=\"docs/diagrams/").skip(1) {
        let file = part.split('"').next().unwrap_or("");
        assert!(
            Path::new(ROOT).join("docs/diagrams").join(file).is_file(),
            "SPEC.md shows docs/diagrams/{file}, which does not exist"
        );
    }
}

/// The marks of each kind in an SVG, read with an XML parser: `(element name, attributes)` of
/// every child of the `marks` group.
fn marks(svg: &str) -> Vec<(String, String)> {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let group = root
        .children()
        .find(|n| n.attribute("id") == Some("marks"))
        .expect("a marks group");
    group
        .children()
        .filter(|n| n.is_element())
        .map(|n| {
            let fill = n.attribute("fill").unwrap_or("").to_string();
            (n.tag_name().name().to_string(), fill)
        })
        .collect()
}

/// How many marks of one kind: step (filled circle r=9), slide (r=6), range (diamond), move
/// only (hollow circle), capture only (cross), two-step (square).
fn count(svg: &str, element: &str, fill: &str) -> usize {
    marks(svg)
        .iter()
        .filter(|(e, f)| e == element && f == fill)
        .count()
}

const STEP: (&str, &str) = ("circle", "#2e7d32");
const SLIDE: (&str, &str) = ("circle", "#1b5e20");
const RANGE: (&str, &str) = ("polygon", "#1565c0");
const MOVE_ONLY: (&str, &str) = ("circle", "none");
const CAPTURE_ONLY: (&str, &str) = ("path", "");
const TWO_STEP: (&str, &str) = ("rect", "none");

fn counted(svg: &str, mark: (&str, &str)) -> usize {
    count(svg, mark.0, mark.1)
}

#[test]
fn every_spec_diagram_parses_as_svg() {
    for (game, file, svg) in fairyspec::registry::all_spec_sets() {
        let doc = roxmltree::Document::parse(&svg);
        assert!(doc.is_ok(), "{game}/{file}: {doc:?}");
        assert!(!marks(&svg).is_empty(), "{game}/{file} marks nothing");
    }
}

#[test]
fn kuma_3_diagrams_match_the_words_of_spec_md() {
    let d4 = sq("d4");
    let svg = |kind| render(&diagram::piece_diagram::<Kuma>(kind, Colour::White, d4));
    // KUMA-3.3: one step in any of the eight directions.
    assert_eq!(counted(&svg(KumaKind::King), STEP), 8);
    // KUMA-3.5: "one step sideways or one step diagonally (six squares)".
    assert_eq!(counted(&svg(KumaKind::BlindBear), STEP), 6);
    // KUMA-3.6 from d4: steps d5, c4, e4; range two c5, b6, e5, f6.
    let violent = svg(KumaKind::ViolentBear);
    assert_eq!((counted(&violent, STEP), counted(&violent, RANGE)), (3, 4));
    // KUMA-3.8 from d4: slides d5–d8 (4), one step back d3, range two b4 c4 e4 f4.
    let upright = svg(KumaKind::UprightBear);
    assert_eq!(
        (
            counted(&upright, SLIDE),
            counted(&upright, STEP),
            counted(&upright, RANGE)
        ),
        (4, 1, 4)
    );
    // KUMA-3.2 from d2: d3 move only, c3 e3 capture only, d4 the double step.
    let pawn = render(&diagram::piece_diagram::<Kuma>(
        KumaKind::Pawn,
        Colour::White,
        sq("d2"),
    ));
    assert_eq!(
        (
            counted(&pawn, MOVE_ONLY),
            counted(&pawn, CAPTURE_ONLY),
            counted(&pawn, TWO_STEP)
        ),
        (1, 2, 1)
    );
}

#[test]
fn chess_3_knight_and_queen_from_d4() {
    let d4 = sq("d4");
    let knight = render(&diagram::piece_diagram::<Chess>(
        ChessKind::Knight,
        Colour::White,
        d4,
    ));
    // CHESS-3.7: eight jumps from d4, all on the board.
    assert_eq!(counted(&knight, STEP), 8);
    // CHESS-3.4 from d4: 27 squares (the rank 7, the file 7, the diagonals 7 + 6).
    let queen = render(&diagram::piece_diagram::<Chess>(
        ChessKind::Queen,
        Colour::White,
        d4,
    ));
    assert_eq!(counted(&queen, SLIDE), 27);
}

#[test]
fn congo_3_diagrams_show_the_river_castles_and_special_moves() {
    // CONGO-3.2: the lion on d2 steps to the eight squares around it, all in its castle.
    let lion = render(&diagram::piece_diagram::<Congo>(
        CongoKind::Lion,
        Colour::White,
        sq("d2"),
    ));
    assert_eq!(counted(&lion, STEP), 8);
    let doc = roxmltree::Document::parse(&lion).expect("XML");
    let regions = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("regions"))
        .expect("regions group");
    // CONGO-1.2: seven river squares (rects) and two castle outlines (lines).
    assert_eq!(
        regions
            .children()
            .filter(|n| n.has_tag_name("rect"))
            .count(),
        7
    );
    assert!(
        regions
            .children()
            .filter(|n| n.has_tag_name("line"))
            .count()
            >= 8
    );
    // CONGO-3.5: the giraffe on d3 steps to empty squares only (8) and leaps two (8).
    let giraffe = render(&diagram::piece_diagram::<Congo>(
        CongoKind::Giraffe,
        Colour::White,
        sq("d3"),
    ));
    assert_eq!(
        (counted(&giraffe, MOVE_ONLY), counted(&giraffe, STEP)),
        (8, 8)
    );
    // CONGO-3.7, CONGO-4.1: the monkey on d3 steps to empty squares (8) and jumps (8).
    let monkey = render(&diagram::piece_diagram::<Congo>(
        CongoKind::Monkey,
        Colour::White,
        sq("d3"),
    ));
    assert_eq!(
        (counted(&monkey, MOVE_ONLY), counted(&monkey, TWO_STEP)),
        (8, 8)
    );
    // CONGO-3.6: the crocodile on b1 steps (5 squares) and slides along its file towards the
    // river, up to and including it: b3, b4 beyond the step to b2 — a slide, not a range move:
    // the river, not a count of squares, ends it.
    let croc = render(&diagram::piece_diagram::<Congo>(
        CongoKind::Crocodile,
        Colour::White,
        sq("b1"),
    ));
    assert_eq!(
        (
            counted(&croc, STEP),
            counted(&croc, SLIDE),
            counted(&croc, RANGE)
        ),
        (5, 2, 0)
    );
}

#[test]
fn bhb_3_hinny_from_e4() {
    // BHB-3.12: forward (±1, +3) and (±2, +1), backward (±1, −2) and (±3, −1): eight leaps, all
    // on the 9×8 board from e4.
    let hinny = render(&diagram::piece_diagram::<Hunterbeest>(
        HunterbeestKind::Hinny,
        Colour::White,
        sq("e4"),
    ));
    assert_eq!(counted(&hinny, STEP), 8);
    assert_eq!(
        <Hunterbeest as Draw>::diagram_square(HunterbeestKind::Hinny),
        sq("e4")
    );
}

#[test]
fn chu_3_lion_and_horned_falcon_from_6g() {
    // 6g in USI is file index 6, rank index 5 (g6 in the pictures' coordinates).
    let from = sq("g6");
    assert_eq!(<Chu as Draw>::diagram_square(ChuKind::Lion), from);
    let svg = |kind| render(&diagram::piece_diagram::<Chu>(kind, Colour::White, from));
    // CHU-3.4: every square at distance one or two, 5 × 5 − 1 = 24, all on the board.
    assert_eq!(counted(&svg(ChuKind::Lion), STEP), 24);
    // CHU-3.3, CHU-3.6 (Black, moving up): a step and a jump straight forward (g7, g8); slides
    // diagonally 6 + 5 + 5 + 5 = 21, sideways 6 + 5 and straight back 5: 37 slide squares.
    let falcon = svg(ChuKind::HornedFalcon);
    assert_eq!((counted(&falcon, STEP), counted(&falcon, SLIDE)), (2, 37));
}
