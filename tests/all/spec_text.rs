//! Sentences of SPEC.md that an independent review against the source documents found untrue or
//! unmarked (issue 31), held to what the review asked: readings marked as readings, sources named,
//! lists that say only what is so. Each rule's paragraph is read as the reason checker reads it
//! (`fairyspec::explain::check::rules::Subjects`, lower case).

use fairyspec::explain::check::rules::Subjects;

fn spec() -> Subjects {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/SPEC.md")).expect("SPEC.md");
    Subjects::of(&text)
}

fn paragraph<'a>(spec: &'a Subjects, id: &str) -> &'a str {
    spec.text(id)
        .unwrap_or_else(|| panic!("SPEC.md has no rule {id}"))
}

/// Findings 1, 2, 5, 10, 11, 12: each of these rules is a reading the sources leave open, and
/// says so.
#[test]
fn the_readings_the_review_found_are_marked() {
    let spec = spec();
    for id in [
        "KUMA-7.3",
        "KUMA-7.8",
        "CHESS-7.4",
        "CONGO-4.4",
        "CONGO-6.5",
        "BHB-6.7",
        "CHU-7.3",
        "CHU-7.7",
    ] {
        assert!(
            paragraph(&spec, id).contains("[reading]"),
            "{id} is not marked as a reading"
        );
    }
    // Finding 5: the reading is a switch, and the paragraph names both sentences it weighs.
    let congo = paragraph(&spec, "CONGO-4.4");
    assert!(
        congo.contains("lion-jump") && congo.contains("chain-goes-on"),
        "{congo}"
    );
    // Finding 1: the literal reading of Münster's dead pieces is offered.
    assert!(paragraph(&spec, "CHU-7.3").contains("munster1997-all-pieces"));
    // Finding 12: a dead position ends a game under FIDE 5.2.2; the spec no longer says these
    // rules do not change the legal moves.
    let chess = paragraph(&spec, "CHESS-7.4");
    assert!(chess.contains("5.2.2") && !chess.contains("do not change the legal moves"));
}

/// Finding 4: CHU-7.3 and CHU-7.6 say that Münster as written gives Adams's own example 2 the
/// opposite of his verdict.
#[test]
fn munster1997_on_example_2_is_said_where_the_switch_is() {
    let spec = spec();
    assert!(paragraph(&spec, "CHU-7.3").contains("example 2"));
    assert!(paragraph(&spec, "CHU-7.6").contains("not upheld"));
}

/// Findings 14, 15, 16: Bachelor Hunterbeest's board comes from Bachelor Kamil (8 ranks, 9 files;
/// Wildebeest's is 11×10), the Notes section of Hunterbeest is said to be unfound, the marriage
/// ruling names Chatham's comment, and its list of moves no longer has en passant.
#[test]
fn bachelor_hunterbeest_sources() {
    let spec = spec();
    let board = paragraph(&spec, "BHB-1.1");
    assert!(
        board.contains("bachelor kamil") && board.contains("8 ranks"),
        "{board}"
    );
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/SPEC.md")).expect("SPEC.md");
    assert!(!text.contains("the Gnu, a 9-file board"));
    assert!(text.contains("The Notes section of Hunterbeest also applies to this variant"));
    assert!(text.contains("That section\ncould not be found"));
    let marriage = paragraph(&spec, "BHB-6.3");
    assert!(marriage.contains("14 january 2005") && marriage.contains("chatham"));
    assert!(marriage.contains("so en passant"), "{marriage}");
    assert!(!marriage.contains("castling, a capture, en passant"));
}
