//! Build script: writes into `OUT_DIR` what the library `include!`s — tables that are too slow to
//! compute in rustc's const evaluator, and the index of the corpus the binary carries. One module
//! per file under `build/`.

use std::path::PathBuf;

#[path = "build/chess_sliders.rs"]
mod chess_sliders;
#[path = "build/corpus_files.rs"]
mod corpus_files;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=build/chess_sliders.rs");
    println!("cargo:rerun-if-changed=build/corpus_files.rs");
    let Some(out_dir) = std::env::var_os("OUT_DIR") else {
        panic!("cargo sets OUT_DIR for build scripts");
    };
    let Some(root) = std::env::var_os("CARGO_MANIFEST_DIR") else {
        panic!("cargo sets CARGO_MANIFEST_DIR for build scripts");
    };
    let root = PathBuf::from(root);
    let out_dir = PathBuf::from(out_dir);
    write(&out_dir.join("chess_sliders.rs"), &chess_sliders::source());

    // A folder named here is scanned whole by cargo: a file added, changed or removed anywhere
    // below it reruns this script. `corpus/` itself is not named (that would scan the fuzzers'
    // seeds, which a fuzzing run changes); its list of folders is read anew on each run.
    for dir in corpus_files::watched(&root.join("corpus")) {
        println!("cargo:rerun-if-changed={}", dir.display());
    }
    write(
        &out_dir.join("corpus_files.rs"),
        &corpus_files::source(&root),
    );
}

fn write(path: &std::path::Path, text: &str) {
    if let Err(e) = std::fs::write(path, text) {
        panic!("cannot write {}: {e}", path.display());
    }
}
