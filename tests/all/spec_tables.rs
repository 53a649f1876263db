//! SPEC.md's piece tables, read as a third reading of the rules. The two generators of a game share
//! the kind types (letters, names, and for Chu Shogi the promotion table and the royal and lion
//! flags of `ChuKind`), so a mistake there is the same in both and invisible to the differential
//! tests (issue 20). Here the tables of SPEC.md itself are parsed — letters, piece names, Betza
//! strings, "promotes to", "royal", "a lion" — and compared with the kinds and the Betza data of
//! every game, and for Chu Shogi with what each generator *does*: which piece a promotion makes,
//! which pieces a side loses the game without, which pieces the lion-trading rule L2 protects.

use fairyspec::chu::{Chu, ChuKind, ChuSwitches, SHAPE};
use fairyspec::mailbox::MailboxRules;
use fairyspec::{Colour, Game, Generator, Kind, Piece, Position, Reason, Setup, Square};

/// One row of a piece table: the cells, trimmed.
type Row = Vec<String>;

/// The rows of the first table of SPEC.md after the line that starts with `heading` (a rule's
/// bullet or a chapter heading), whose header row starts with `| {first_column} |`.
fn table(heading: &str, first_column: &str) -> Vec<Row> {
    let spec =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/SPEC.md")).expect("SPEC.md");
    let start = spec
        .find(heading)
        .unwrap_or_else(|| panic!("SPEC.md has no {heading:?}"));
    let header = format!("| {first_column} |");
    let rest = &spec[start..];
    let at = rest
        .find(&header)
        .unwrap_or_else(|| panic!("no table {header:?} after {heading:?}"));
    let rows: Vec<Row> = rest[at..]
        .lines()
        .take_while(|l| l.starts_with('|'))
        .skip(2) // the header and the |---| line
        .map(|l| {
            l.trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().trim_matches('|').trim().to_string())
                .collect()
        })
        .collect();
    assert!(rows.len() >= 4, "{heading}: {rows:?}");
    rows
}

/// A piece name without its parenthesis: `Queen (promotion only)` → `Queen`.
fn bare_name(name: &str) -> &str {
    name.split(" (").next().unwrap_or(name).trim()
}

/// The table's letters are exactly the game's kinds, and each row's name is the kind's.
fn letters_and_names<K: Kind>(game: &str, rows: &[Row]) -> Vec<(K, Row)> {
    let mut out = Vec::new();
    for row in rows {
        let letter = row[0].trim_matches('`');
        let kind = K::from_symbol(letter)
            .unwrap_or_else(|| panic!("{game}: SPEC.md's letter {letter:?} is no kind: {row:?}"));
        // SPEC.md may shorten a name ("promoted Gold" for the promoted Gold General): each of
        // its words is one of the kind's.
        let name = bare_name(&row[1]);
        let words: Vec<&str> = kind.name().split([' ', '(', ')']).collect();
        assert!(
            name.split(' ').all(|w| words.contains(&w)),
            "{game}: SPEC.md calls {letter} {name:?}, the kind is {:?}",
            kind.name()
        );
        out.push((kind, row.clone()));
    }
    for &k in K::ALL {
        assert!(
            out.iter().any(|(x, _)| *x == k),
            "{game}: {} ({}) is in no row of SPEC.md's table",
            k.symbol(),
            k.name()
        );
    }
    assert_eq!(out.len(), K::ALL.len(), "{game}: a letter twice");
    out
}

/// The Betza column (between backticks where there are some) agrees with the game's `BETZA`.
fn betza<K: Kind>(game: &str, rows: &[(K, Row)], column: usize, data: &[(K, &str)]) {
    for (kind, row) in rows {
        let cell = &row[column];
        let written = cell.split('`').nth(1).unwrap_or(cell).trim();
        let (_, ours) = data
            .iter()
            .find(|(k, _)| k == kind)
            .unwrap_or_else(|| panic!("{game}: no BETZA entry for {}", kind.symbol()));
        assert_eq!(
            written,
            *ours,
            "{game}: {} in SPEC.md and in BETZA",
            kind.symbol()
        );
    }
}

#[test]
fn kuma_table() {
    let rows = table("## Kuma Chess", "letter");
    let rows = letters_and_names::<fairyspec::kuma::KumaKind>("kuma", &rows);
    betza("kuma", &rows, 2, fairyspec::kuma::BETZA);
    for (kind, row) in &rows {
        // The King is royal (check, KUMA-7), the Bear's Eyes — which moves like it — "not royal".
        assert_eq!(
            fairyspec::kuma::Kuma::is_royal(*kind),
            row[1] == "King",
            "{row:?}"
        );
    }
}

#[test]
fn hunterbeest_table() {
    let rows = table("## Bachelor Hunterbeest", "letter");
    let rows = letters_and_names::<fairyspec::hunterbeest::HunterbeestKind>("hunterbeest", &rows);
    betza("hunterbeest", &rows, 2, fairyspec::hunterbeest::BETZA);
    for (kind, row) in &rows {
        assert_eq!(
            fairyspec::hunterbeest::Hunterbeest::is_royal(*kind),
            row[1] == "King",
            "{row:?}"
        );
    }
}

#[test]
fn congo_table() {
    let rows = table("## Congo", "letter");
    let rows = letters_and_names::<fairyspec::congo::CongoKind>("congo", &rows);
    // The simple pieces' moves are Betza as written (the others are prose with rule IDs).
    for (kind, row) in &rows {
        if let Some((_, ours)) = fairyspec::congo::BETZA.iter().find(|(k, _)| k == kind) {
            if ["N", "WD"].contains(&row[2].as_str()) {
                assert_eq!(row[2], *ours, "{row:?}");
            }
        }
    }
}

/// Chu Shogi's two tables (CHU-3.2, CHU-3.3), kinds with their rows.
fn chu_rows() -> Vec<(ChuKind, Row)> {
    let mut rows = table("**CHU-3.2", "SFEN");
    rows.extend(table("**CHU-3.3", "SFEN"));
    letters_and_names::<ChuKind>("chu", &rows)
}

#[test]
fn chu_tables_and_betza() {
    let rows = chu_rows();
    for (kind, row) in &rows {
        let cell = &row[2];
        let written = match cell.strip_prefix("as ") {
            // "as N": the Betza of the piece it moves as.
            Some(other) => {
                let other = ChuKind::from_symbol(other).expect("a letter after 'as'");
                fairyspec::chu::BETZA
                    .iter()
                    .find(|(k, _)| *k == other)
                    .unwrap()
                    .1
            }
            None => cell.split('`').nth(1).expect("a Betza string in backticks"),
        };
        let ours = fairyspec::chu::BETZA
            .iter()
            .find(|(k, _)| k == kind)
            .unwrap()
            .1;
        assert_eq!(written, ours, "{row:?}");
    }
}

/// What SPEC.md says a kind promotes to: the `+X` that begins the "promotes to" cell of CHU-3.2
/// (`—` for none); promoted kinds (CHU-3.3) never promote (CHU-4.5).
fn spec_promotion(row: &Row) -> Option<ChuKind> {
    let cell = row.get(4)?;
    let symbol = cell.split_whitespace().next()?;
    (symbol != "—").then(|| ChuKind::from_symbol(symbol).expect("a kind after 'promotes to'"))
}

/// Whether SPEC.md calls the kind royal: "royal" in its "in words" cell, and not "not royal".
fn spec_royal(row: &Row) -> bool {
    let words = &row[3];
    words.contains("royal") && !words.contains("not royal")
}

/// Whether SPEC.md makes the kind a lion of CHU-5: the Lion itself, and what "is a lion".
fn spec_lion(row: &Row) -> bool {
    bare_name(&row[1]) == "Lion" || row[3].contains("is a lion")
}

fn square(usi: &str) -> Square {
    Square::parse_usi(usi, SHAPE).unwrap()
}

/// A position of `pieces` (USI square, piece), sente to move.
fn chu_position(pieces: &[(&str, Colour, ChuKind)]) -> Position<Chu> {
    let mut setup = Setup::<ChuKind>::empty(SHAPE);
    for &(sq, colour, kind) in pieces {
        setup.set(square(sq), Some(Piece::new(colour, kind)));
    }
    Chu::validate(setup).unwrap_or_else(|e| panic!("{pieces:?}: {e}"))
}

fn both_generators() -> [Box<dyn Generator<Chu>>; 2] {
    let s = ChuSwitches::default();
    [Chu::reference(&s), Chu::bitboard(&s)]
}

/// CHU-3.2, CHU-4: the promotion table as each generator plays it. A sente piece on 6e, just
/// outside the zone, with the Kings far away (and a gote Gold, so that gote is not bare): every kind SPEC.md gives a promotion has a move
/// with `+`, and each such move leaves SPEC.md's kind on its square; every other kind has none.
#[test]
fn chu_promotions_as_each_generator_plays_them() {
    let (w, b) = (Colour::White, Colour::Black);
    for (kind, row) in chu_rows() {
        let expected = spec_promotion(&row);
        assert_eq!(
            kind.promotes_to(),
            expected,
            "ChuKind against SPEC.md: {row:?}"
        );
        let pos = chu_position(&[
            ("6e", w, kind),
            ("12l", w, ChuKind::King),
            ("1a", b, ChuKind::King),
            ("12a", b, ChuKind::GoldGeneral),
        ]);
        for gen in both_generators() {
            let promoting: Vec<_> = gen
                .legal_moves(&pos)
                .into_iter()
                .filter(|m| m.from == square("6e") && m.promotion.is_some())
                .collect();
            match expected {
                None => assert!(
                    promoting.is_empty(),
                    "{} {row:?}: {promoting:?}",
                    gen.name()
                ),
                Some(to) => {
                    assert!(
                        !promoting.is_empty(),
                        "{}: {} never promotes",
                        gen.name(),
                        row[0]
                    );
                    for m in promoting {
                        let after = gen.play_unchecked(&pos, &m);
                        assert_eq!(
                            after.piece_at(m.to),
                            Some(Piece::new(w, to)),
                            "{} {m}: SPEC.md says {} becomes {}",
                            gen.name(),
                            row[0],
                            row[4]
                        );
                    }
                }
            }
        }
    }
}

/// CHU-2.2, CHU-6.2: the royal kinds as each generator judges them. Sente has only the piece
/// (on 6f) and a Gold; gote its King and a Gold. A royal piece keeps sente in the game; any
/// other leaves sente without a royal: gote has won (royal captured).
#[test]
fn chu_royals_as_each_generator_judges_them() {
    let (w, b) = (Colour::White, Colour::Black);
    for (kind, row) in chu_rows() {
        let royal = spec_royal(&row);
        assert_eq!(kind.is_royal(), royal, "ChuKind against SPEC.md: {row:?}");
        let pos = chu_position(&[
            ("6f", w, kind),
            ("12l", w, ChuKind::GoldGeneral),
            ("1a", b, ChuKind::King),
            ("12a", b, ChuKind::GoldGeneral),
        ]);
        for gen in both_generators() {
            let outcome = gen.outcome(&pos);
            if royal {
                assert_eq!(outcome, None, "{} {row:?}", gen.name());
            } else {
                assert_eq!(
                    outcome.map(|o| (o.winner, o.reason)),
                    Some((Some(b), Reason::RoyalCaptured)),
                    "{} {row:?}",
                    gen.name()
                );
            }
        }
    }
}

/// CHU-5.2 (L2): the lions as each generator protects them. A sente Lion on 7g, the piece (gote's)
/// on 7e two squares away, protected by a gote Gold on 7d: the Lion may jump onto it (7g7e) unless
/// it is a lion.
#[test]
fn chu_lions_as_each_generator_protects_them() {
    let (w, b) = (Colour::White, Colour::Black);
    for (kind, row) in chu_rows() {
        let lion = spec_lion(&row);
        assert_eq!(kind.is_lion(), lion, "ChuKind against SPEC.md: {row:?}");
        let pos = chu_position(&[
            ("7g", w, ChuKind::Lion),
            ("12l", w, ChuKind::King),
            ("7e", b, kind),
            ("7d", b, ChuKind::GoldGeneral),
            ("1a", b, ChuKind::King),
        ]);
        for gen in both_generators() {
            let takes = gen
                .legal_moves(&pos)
                .iter()
                .any(|m| m.to_string() == "7g7e");
            assert_eq!(takes, !lion, "{} {row:?}", gen.name());
        }
    }
}

/// The movement table of a reference ([`MailboxRules::MOVEMENT`]) has one row for every kind, and
/// the rule each row cites is SPEC.md's paragraph for that piece: `**KUMA-3.5 — Blind Bear.**`
/// where SPEC.md gives each piece its own rule, and for Chu Shogi, whose pieces SPEC.md states in
/// groups, the group the kind belongs to by SPEC.md's own tables (checked against the kinds'
/// flags above): CHU-3.6 for the Horned Falcon and Soaring Eagle, CHU-3.4 for the lions, CHU-3.3
/// for the promoted pieces, CHU-3.2 for the rest.
fn movement_table<K: MailboxRules>(game: &str, expected_rule: impl Fn(K) -> String) {
    let spec =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/SPEC.md")).expect("SPEC.md");
    assert_eq!(K::MOVEMENT.len(), K::ALL.len(), "{game}: one row a kind");
    for &kind in K::ALL {
        let rows = K::MOVEMENT.iter().filter(|row| row.0 == kind).count();
        assert_eq!(rows, 1, "{game}: {kind:?} has {rows} rows");
        let rule = kind.movement_rule();
        assert_eq!(rule, expected_rule(kind), "{game}: {kind:?}");
        assert!(
            spec.contains(&format!("- **{rule} — ")),
            "{game}: {kind:?} cites {rule}, which SPEC.md does not state"
        );
    }
}

/// The rule of SPEC.md whose bullet names the piece: `- **KUMA-3.5 — Blind Bear.**`.
fn bullet_naming(prefix: &str, name: &str) -> String {
    let spec =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/SPEC.md")).expect("SPEC.md");
    let bullet = format!(" — {name}.**");
    spec.lines()
        .find(|l| l.starts_with(&format!("- **{prefix}-3.")) && l.contains(&bullet))
        .and_then(|l| l.trim_start_matches("- **").split(" — ").next())
        .unwrap_or_else(|| panic!("SPEC.md has no {prefix}-3 bullet for {name}"))
        .to_string()
}

#[test]
fn movement_tables_cite_each_pieces_rule() {
    use fairyspec::chess::ChessKind;
    use fairyspec::hunterbeest::HunterbeestKind;
    use fairyspec::kuma::KumaKind;
    movement_table::<KumaKind>("kuma", |k| bullet_naming("KUMA", k.name()));
    movement_table::<HunterbeestKind>("hunterbeest", |k| bullet_naming("BHB", k.name()));
    movement_table::<ChessKind>("chess", |k| bullet_naming("CHESS", k.name()));
    movement_table::<ChuKind>("chu", |k| {
        let name = k.name();
        let rule = if name == "Horned Falcon" || name == "Soaring Eagle" {
            "CHU-3.6"
        } else if k.is_lion() {
            "CHU-3.4"
        } else if k.is_promoted() {
            "CHU-3.3"
        } else {
            "CHU-3.2"
        };
        rule.to_string()
    });
}

/// The bitboards number the kinds by their declaration order (`KumaKind::Pawn as usize`) and read
/// the kind of an index from [`Kind::ALL`]: the two orders must be one.
#[test]
fn kind_lists_are_in_declaration_order() {
    use fairyspec::chess::ChessKind;
    use fairyspec::congo::CongoKind;
    use fairyspec::hunterbeest::HunterbeestKind;
    use fairyspec::kuma::KumaKind;
    let orders: [(&str, Vec<usize>); 5] = [
        ("kuma", KumaKind::ALL.iter().map(|&k| k as usize).collect()),
        (
            "congo",
            CongoKind::ALL.iter().map(|&k| k as usize).collect(),
        ),
        (
            "hunterbeest",
            HunterbeestKind::ALL.iter().map(|&k| k as usize).collect(),
        ),
        (
            "chess",
            ChessKind::ALL.iter().map(|&k| k as usize).collect(),
        ),
        ("chu", ChuKind::ALL.iter().map(|&k| k as usize).collect()),
    ];
    for (game, order) in orders {
        let expected: Vec<usize> = (0..order.len()).collect();
        assert_eq!(
            order, expected,
            "{game}: Kind::ALL is not in declaration order"
        );
    }
}
