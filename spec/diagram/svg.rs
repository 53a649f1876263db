//! The SVG text of a [`Board`]: plain shapes and text, integer coordinates, the same bytes for
//! the same board (SPEC.md's pictures are compared byte for byte).

use super::{Board, Mark, RegionStyle};
use crate::{Colour, Kind, Look, Square};
use std::fmt::Write as _;

const CELL: i32 = 48;
const MARGIN: i32 = 28;
const TITLE: i32 = 30;
const LEGEND_LINE: i32 = 22;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The board's SVG.
pub fn render<K: Kind>(board: &Board<K>) -> String {
    let files = i32::from(board.shape.files);
    let ranks = i32::from(board.shape.ranks);
    let width = 2 * MARGIN + files * CELL;
    let marks_used: Vec<Mark> = Mark::ALL
        .into_iter()
        .filter(|m| board.marks.iter().any(|(_, x)| x == m))
        .collect();
    let legend_rows = marks_used.len() as i32 + board.regions.len() as i32;
    let board_top = TITLE;
    let height = board_top + 2 * MARGIN + ranks * CELL + legend_rows * LEGEND_LINE;
    // Top-left corner of a square (rank 1 at the bottom).
    let corner = |sq: Square| {
        let x = MARGIN + i32::from(sq.file()) * CELL;
        let y = board_top + MARGIN + (ranks - 1 - i32::from(sq.rank())) * CELL;
        (x, y)
    };
    let centre = |sq: Square| {
        let (x, y) = corner(sq);
        (x + CELL / 2, y + CELL / 2)
    };

    let mut s = String::new();
    let _ = writeln!(s, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Verdana, sans-serif">"#
    );
    let _ = writeln!(s, "<title>{}</title>", escape(&board.title));
    let _ = writeln!(
        s,
        r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    let _ = writeln!(
        s,
        r##"<text x="{}" y="20" font-size="15" text-anchor="middle" fill="#000000">{}</text>"##,
        width / 2,
        escape(&board.title)
    );

    // Squares and coordinates: a chequered board, or a shogi board (plain wood, grid lines).
    let tiles = board.look == Look::Tiles;
    let _ = writeln!(s, r#"<g id="squares">"#);
    for sq in board.shape.squares() {
        let (x, y) = corner(sq);
        let fill = if tiles {
            "#efd19a"
        } else if (sq.file() + sq.rank()) % 2 == 0 {
            "#d9b98c"
        } else {
            "#f3e3c3"
        };
        let _ = writeln!(
            s,
            r#"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}"/>"#
        );
    }
    for f in 0..board.shape.files {
        let (x, _) = centre(Square::new(f, 0));
        let y = board_top + MARGIN + ranks * CELL + 18;
        let letter = board
            .file_labels
            .get(usize::from(f))
            .cloned()
            .unwrap_or_else(|| Square::new(f, 0).file_char().to_string());
        let _ = writeln!(
            s,
            r##"<text x="{x}" y="{y}" font-size="13" text-anchor="middle" fill="#444444">{letter}</text>"##
        );
    }
    for r in 0..board.shape.ranks {
        let (_, y) = centre(Square::new(0, r));
        let label = board
            .rank_labels
            .get(usize::from(r))
            .cloned()
            .unwrap_or_else(|| (r + 1).to_string());
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="13" text-anchor="middle" fill="#444444">{label}</text>"##,
            MARGIN / 2,
            y + 5,
        );
    }
    let _ = writeln!(s, "</g>");

    // Regions.
    let _ = writeln!(s, r#"<g id="regions">"#);
    let mut zones = 0;
    for region in &board.regions {
        let zone_fill = zone_colour(zones);
        if region.style == RegionStyle::Zone {
            zones += 1;
        }
        for &sq in &region.squares {
            let (x, y) = corner(sq);
            let _ = match region.style {
                RegionStyle::River => writeln!(
                    s,
                    r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#4f8fd8" fill-opacity="0.45"/>"##
                ),
                RegionStyle::Zone => writeln!(
                    s,
                    r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{zone_fill}" fill-opacity="0.22"/>"##
                ),
                RegionStyle::Castle => Ok(()),
            };
        }
        if region.style == RegionStyle::Castle {
            // The outline: each square edge that does not border another square of the region.
            for &sq in &region.squares {
                let (x, y) = corner(sq);
                let has = |df: i8, dr: i8| {
                    board
                        .shape
                        .offset(sq, crate::Offset::new(df, dr))
                        .is_some_and(|n| region.squares.contains(&n))
                };
                let edges = [
                    (!has(0, 1), (x, y, x + CELL, y)),
                    (!has(0, -1), (x, y + CELL, x + CELL, y + CELL)),
                    (!has(-1, 0), (x, y, x, y + CELL)),
                    (!has(1, 0), (x + CELL, y, x + CELL, y + CELL)),
                ];
                for (draw, (x1, y1, x2, y2)) in edges {
                    if draw {
                        let _ = writeln!(
                            s,
                            r##"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#7a3b10" stroke-width="4" stroke-linecap="square"/>"##
                        );
                    }
                }
            }
        }
    }
    let _ = writeln!(s, "</g>");

    if tiles {
        // The grid of a shogi board, and the dots where the promotion zones' lines cross.
        let _ = writeln!(s, r#"<g id="grid">"#);
        let (x0, y0) = corner(Square::new(0, board.shape.ranks - 1));
        for f in 0..=files {
            let x = x0 + f * CELL;
            let _ = writeln!(
                s,
                r##"<line x1="{x}" y1="{y0}" x2="{x}" y2="{}" stroke="#3b2a14" stroke-width="1"/>"##,
                y0 + ranks * CELL
            );
        }
        for r in 0..=ranks {
            let y = y0 + r * CELL;
            let _ = writeln!(
                s,
                r##"<line x1="{x0}" y1="{y}" x2="{}" y2="{y}" stroke="#3b2a14" stroke-width="1"/>"##,
                x0 + files * CELL
            );
        }
        let depth = board
            .regions
            .iter()
            .filter(|r| r.style == RegionStyle::Zone)
            .map(|r| r.squares.len() as i32 / files.max(1))
            .min()
            .unwrap_or(0);
        if depth > 0 && 2 * depth < ranks {
            for dy in [depth, ranks - depth] {
                for dx in [depth, files - depth] {
                    let _ = writeln!(
                        s,
                        r##"<circle cx="{}" cy="{}" r="4" fill="#3b2a14"/>"##,
                        x0 + dx * CELL,
                        y0 + dy * CELL
                    );
                }
            }
        }
        let _ = writeln!(s, "</g>");
    }

    // Marks.
    let _ = writeln!(s, r#"<g id="marks">"#);
    for &(sq, mark) in &board.marks {
        let (cx, cy) = centre(sq);
        mark_shape(&mut s, mark, cx, cy);
    }
    let _ = writeln!(s, "</g>");

    // Pieces.
    let _ = writeln!(s, r#"<g id="pieces">"#);
    for &(sq, piece) in &board.pieces {
        let (cx, cy) = centre(sq);
        if tiles {
            tile(&mut s, piece, cx, cy);
            continue;
        }
        let (fill, ink) = match piece.colour {
            Colour::White => ("#ffffff", "#000000"),
            Colour::Black => ("#222222", "#ffffff"),
        };
        let _ = writeln!(
            s,
            r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="#000000" stroke-width="2"/>"##,
            CELL / 2 - 5
        );
        let _ = writeln!(
            s,
            r#"<text x="{cx}" y="{}" font-size="20" font-weight="bold" text-anchor="middle" fill="{ink}">{}</text>"#,
            cy + 7,
            escape(piece.kind.symbol())
        );
    }
    let _ = writeln!(s, "</g>");

    // Arrows.
    if !board.arrows.is_empty() {
        let _ = writeln!(s, r#"<g id="arrows">"#);
        for path in &board.arrows {
            let points: Vec<String> = path
                .iter()
                .map(|&sq| {
                    let (x, y) = centre(sq);
                    format!("{x},{y}")
                })
                .collect();
            let _ = writeln!(
                s,
                r##"<polyline points="{}" fill="none" stroke="#e65100" stroke-width="5" stroke-opacity="0.8" stroke-linejoin="round"/>"##,
                points.join(" ")
            );
            if let Some(&last) = path.last() {
                let (x, y) = centre(last);
                let _ = writeln!(s, r##"<circle cx="{x}" cy="{y}" r="7" fill="#e65100"/>"##);
            }
        }
        let _ = writeln!(s, "</g>");
    }

    // Legend.
    let _ = writeln!(s, r#"<g id="legend">"#);
    let mut y = board_top + 2 * MARGIN + ranks * CELL;
    for mark in marks_used {
        mark_shape(&mut s, mark, MARGIN + 10, y);
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="13" fill="#000000">{}</text>"##,
            MARGIN + 28,
            y + 5,
            escape(mark.legend())
        );
        y += LEGEND_LINE;
    }
    let mut zones = 0;
    for region in &board.regions {
        let swatch = match region.style {
            RegionStyle::River => r##"fill="#4f8fd8" fill-opacity="0.45""##.to_string(),
            RegionStyle::Zone => {
                zones += 1;
                format!(r##"fill="{}" fill-opacity="0.22""##, zone_colour(zones - 1))
            }
            RegionStyle::Castle => r##"fill="none" stroke="#7a3b10" stroke-width="3""##.to_string(),
        };
        let _ = writeln!(
            s,
            r#"<rect x="{}" y="{}" width="20" height="14" {swatch}/>"#,
            MARGIN,
            y - 7
        );
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="13" fill="#000000">{}</text>"##,
            MARGIN + 28,
            y + 5,
            escape(region.label)
        );
        y += LEGEND_LINE;
    }
    let _ = writeln!(s, "</g>");
    let _ = writeln!(s, "</svg>");
    s
}

/// The colour of the `n`th promotion zone (the first side's, then the second's): told apart.
fn zone_colour(n: usize) -> &'static str {
    match n {
        0 => "#3f6fd0",
        _ => "#d0503c",
    }
}

/// A shogi piece: a pentagonal tile pointing at the opponent (sente's up the page, gote's down),
/// its kanji ([`Kind::label`]) on it, red on a promoted piece — as the page draws it.
fn tile<K: Kind>(s: &mut String, piece: crate::Piece<K>, cx: i32, cy: i32) {
    let (w, h) = (CELL * 78 / 100, CELL * 88 / 100);
    let (x0, y0) = (cx - w / 2, cy - h / 2);
    let points = [
        (cx, y0),
        (x0 + w * 86 / 100, y0 + h * 17 / 100),
        (x0 + w, y0 + h),
        (x0, y0 + h),
        (x0 + w * 14 / 100, y0 + h * 17 / 100),
    ]
    .iter()
    .map(|(x, y)| format!("{x},{y}"))
    .collect::<Vec<_>>()
    .join(" ");
    let turn = match piece.colour {
        Colour::White => String::new(),
        Colour::Black => format!(r#" transform="rotate(180 {cx} {cy})""#),
    };
    let promoted = piece.kind.symbol().starts_with('+');
    let ink = if promoted { "#c8102e" } else { "#111111" };
    let text = piece.kind.label().unwrap_or(piece.kind.symbol());
    let _ = writeln!(
        s,
        r##"<g{turn}><polygon points="{points}" fill="#f8e7c0" stroke="#5b4322" stroke-width="1.5" stroke-linejoin="round"/><text x="{cx}" y="{}" font-size="22" font-weight="bold" text-anchor="middle" fill="{ink}" font-family="IPAMincho, IPAexMincho, Noto Serif CJK JP, serif">{}</text></g>"##,
        cy + h * 8 / 100 + 8,
        escape(text)
    );
}

/// One mark centred on `(cx, cy)`.
fn mark_shape(s: &mut String, mark: Mark, cx: i32, cy: i32) {
    let _ = match mark {
        Mark::MoveOrCapture => {
            writeln!(s, r##"<circle cx="{cx}" cy="{cy}" r="9" fill="#2e7d32"/>"##)
        }
        Mark::Slide => writeln!(
            s,
            r##"<circle cx="{cx}" cy="{cy}" r="6" fill="#1b5e20" fill-opacity="0.75"/>"##
        ),
        Mark::Range => writeln!(
            s,
            r##"<polygon points="{},{} {},{} {},{} {},{}" fill="#1565c0"/>"##,
            cx,
            cy - 10,
            cx + 10,
            cy,
            cx,
            cy + 10,
            cx - 10,
            cy
        ),
        Mark::MoveOnly => writeln!(
            s,
            r##"<circle cx="{cx}" cy="{cy}" r="8" fill="none" stroke="#2e7d32" stroke-width="3"/>"##
        ),
        Mark::CaptureOnly => writeln!(
            s,
            r##"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="#c62828" stroke-width="4"/>"##,
            cx - 8,
            cy - 8,
            cx + 8,
            cy + 8,
            cx - 8,
            cy + 8,
            cx + 8,
            cy - 8
        ),
        Mark::TwoStep => writeln!(
            s,
            r##"<rect x="{}" y="{}" width="18" height="18" fill="none" stroke="#6a1b9a" stroke-width="3"/><circle cx="{cx}" cy="{cy}" r="3" fill="#6a1b9a"/>"##,
            cx - 9,
            cy - 9
        ),
    };
}
