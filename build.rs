//! Build script: writes tables that are too slow to compute in rustc's const evaluator into
//! `OUT_DIR`, where the library `include!`s them. One module per table under `build/`.

use std::path::PathBuf;

#[path = "build/chess_sliders.rs"]
mod chess_sliders;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=build/chess_sliders.rs");
    let Some(out_dir) = std::env::var_os("OUT_DIR") else {
        panic!("cargo sets OUT_DIR for build scripts");
    };
    let path = PathBuf::from(out_dir).join("chess_sliders.rs");
    if let Err(e) = std::fs::write(&path, chess_sliders::source()) {
        panic!("cannot write {}: {e}", path.display());
    }
}
