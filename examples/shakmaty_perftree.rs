//! A perftree engine over shakmaty (Niklas Fiekas's Rust chess library, the move generator of
//! lichess.org's tools; a dev-dependency of fairyspec, version pinned in Cargo.lock), for
//! `fairyspec conform chess`:
//!
//! ```sh
//! cargo build --release --example shakmaty_perftree
//! fairyspec conform chess --engine target/release/examples/shakmaty_perftree --depth 3
//! ```
//!
//! Run as `shakmaty_perftree DEPTH "FEN" "MOVES"`: it plays MOVES (UCI, space-separated) from
//! FEN with shakmaty's own rules and prints one `<move> <count>` line per legal move (UCI,
//! castling as the King's move), an empty line, and the total. Its perft is shakmaty's
//! `perft`; a position shakmaty refuses (or a move it finds illegal) is an error on stderr,
//! exit status 1.

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{perft, CastlingMode, Chess, Position};
use std::process::ExitCode;

fn run(args: &[String]) -> Result<String, String> {
    let [depth, fen, rest @ ..] = args else {
        return Err("usage: shakmaty_perftree DEPTH FEN [MOVES]".to_string());
    };
    let depth: u32 = depth.parse().map_err(|_| format!("bad depth {depth:?}"))?;
    let parsed: Fen = fen.parse().map_err(|e| format!("bad FEN {fen:?}: {e}"))?;
    let mut pos: Chess = match parsed.into_position(CastlingMode::Standard) {
        Ok(pos) => pos,
        Err(e) => e
            .ignore_impossible_check()
            .map_err(|e| format!("shakmaty refuses {fen:?}: {e}"))?,
    };
    for text in rest.iter().flat_map(|m| m.split_whitespace()) {
        let uci: UciMove = text
            .parse()
            .map_err(|e| format!("bad move {text:?}: {e}"))?;
        let m = uci
            .to_move(&pos)
            .map_err(|e| format!("illegal move {text:?}: {e}"))?;
        pos.play_unchecked(&m);
    }
    let mut out = String::new();
    let mut total = 0;
    if depth > 0 {
        let mut lines: Vec<(String, u64)> = pos
            .legal_moves()
            .iter()
            .map(|m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                (
                    m.to_uci(CastlingMode::Standard).to_string(),
                    perft(&child, depth - 1),
                )
            })
            .collect();
        lines.sort();
        for (m, n) in lines {
            out.push_str(&format!("{m} {n}\n"));
            total += n;
        }
    } else {
        total = 1;
    }
    out.push_str(&format!("\n{total}\n"));
    Ok(out)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("shakmaty_perftree: {e}");
            ExitCode::FAILURE
        }
    }
}
