//! corpus/README.md — every corpus file that can hold `#` comments states its provenance: each
//! `.perft` file, each `games/expected.txt` and each Chu Shogi game record has a comment line
//! starting `# Source` (`# Source:`, `# Sources (…)`, `# Source of …`). Files that cannot hold
//! comments (JSON lines, a Zillions save file, Kuma's page-text records) are described by their
//! folder's README.md.

use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("corpus folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[test]
fn every_corpus_file_with_comments_names_its_source() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut all = Vec::new();
    files(&corpus, &mut all);
    let must: Vec<&PathBuf> = all
        .iter()
        .filter(|p| !p.starts_with(corpus.join("fuzz")))
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let chu_record = p.starts_with(corpus.join("chu/games")) && name.ends_with(".txt");
            name.ends_with(".perft") || name == "expected.txt" || chu_record
        })
        .collect();
    assert!(must.len() > 30, "{} files", must.len());
    let missing: Vec<String> = must
        .iter()
        .filter(|p| {
            let text = std::fs::read_to_string(p).expect("readable");
            !text.lines().any(|l| l.starts_with("# Source"))
        })
        .map(|p| p.strip_prefix(&corpus).unwrap_or(p).display().to_string())
        .collect();
    assert!(missing.is_empty(), "no `# Source` line in {missing:?}");
}
