//! The hashed perft (`perft --hash`, `fairyspec::perft::hash`) against the plain one, on
//! positions reached by pseudo-random moves in every game: through each bitboard generator's own
//! walk and through the generic walk over positions, with a table of one bucket (every store
//! evicts another) and with a table of 1 MiB (many hits), with two key seeds, and with the root
//! moves shared by two threads.

use fairyspec::chess::Chess;
use fairyspec::chu::Chu;
use fairyspec::congo::Congo;
use fairyspec::hunterbeest::Hunterbeest;
use fairyspec::kuma::Kuma;
use fairyspec::perft::hash::PerftTable;
use fairyspec::perft::{divide_threads, divide_with, DivideOptions};
use fairyspec::perft::{parse_perft_file, Counting};
use fairyspec::{Game, Generator, Position};

/// A xorshift generator: the same positions on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// `n` positions, each reached by 0 to `max_plies` random moves from one of `starts`; a line
/// stops early where the game ends.
pub fn random_positions<G: Game>(
    gen: &dyn Generator<G>,
    starts: &[Position<G>],
    n: usize,
    max_plies: usize,
    seed: u64,
) -> Vec<Position<G>> {
    let mut rng = Rng(seed | 1);
    (0..n)
        .map(|_| {
            let mut pos = starts[rng.below(starts.len())].clone();
            for _ in 0..rng.below(max_plies + 1) {
                let moves = gen.legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                pos = gen.play_unchecked(&pos, &moves[rng.below(moves.len())]);
            }
            pos
        })
        .collect()
}

/// Hashed = plain on `positions` at `depth`, for the bitboard generator (its own walk) and, at
/// `generic_depth`, for the reference (the walk over positions).
fn hashed_equals_plain<G: Game>(positions: &[Position<G>], depth: u32, generic_depth: u32) {
    let bitboard = G::bitboard(&Default::default());
    let reference = G::reference(&Default::default());
    for pos in positions {
        let plain = bitboard.perft(pos, depth);
        for (mib, seed) in [(0, 1), (1, 2), (1, 3)] {
            let table = PerftTable::new(mib, seed).unwrap();
            let hashed = bitboard.perft_hashed(pos, depth, Counting::Routes, &table);
            assert_eq!(
                hashed,
                plain,
                "{} {} depth {depth}, {mib} MiB",
                G::NAME,
                pos.fen()
            );
        }
        let table = PerftTable::new(1, 4).unwrap();
        let generic = reference.perft_hashed(pos, generic_depth, Counting::Routes, &table);
        assert_eq!(
            generic,
            bitboard.perft(pos, generic_depth),
            "{} {} depth {generic_depth}, generic walk",
            G::NAME,
            pos.fen()
        );
    }
}

fn start_walks<G: Game>(n: usize, plies: usize, seed: u64) -> Vec<Position<G>> {
    let bitboard = G::bitboard(&Default::default());
    random_positions(&*bitboard, &[Position::<G>::start()], n, plies, seed)
}

#[test]
fn chess_hashed_equals_plain() {
    let kiwipete = Position::<Chess>::from_fen(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    let bitboard = Chess::bitboard(&Default::default());
    let positions = random_positions(
        &*bitboard,
        &[Position::<Chess>::start(), kiwipete],
        8,
        12,
        11,
    );
    hashed_equals_plain(&positions, 4, 2);
}

#[test]
fn kuma_hashed_equals_plain() {
    hashed_equals_plain(&start_walks::<Kuma>(8, 16, 12), 4, 2);
}

#[test]
fn congo_hashed_equals_plain() {
    hashed_equals_plain(&start_walks::<Congo>(8, 16, 13), 4, 2);
}

#[test]
fn hunterbeest_hashed_equals_plain() {
    hashed_equals_plain(&start_walks::<Hunterbeest>(8, 16, 14), 3, 2);
}

/// lishogi's random Chu positions (`corpus/chu/`), each walked on a few plies.
pub fn chu_positions(n: usize, seed: u64) -> Vec<Position<Chu>> {
    let records = parse_perft_file(include_str!("../../corpus/chu/lishogi-perft.perft")).unwrap();
    let starts: Vec<Position<Chu>> = records
        .iter()
        .filter_map(|r| Position::<Chu>::from_fen(&r.epd).ok())
        .collect();
    let bitboard = Chu::bitboard(&Default::default());
    random_positions(&*bitboard, &starts, n, 6, seed)
}

#[test]
fn chu_hashed_equals_plain_by_route_and_by_result() {
    let positions = chu_positions(10, 15);
    hashed_equals_plain(&positions, 3, 1);
    let bitboard = Chu::bitboard(&Default::default());
    for pos in &positions {
        let plain = bitboard.perft_results(pos, 3);
        for (mib, seed) in [(0, 1), (1, 2)] {
            let table = PerftTable::new(mib, seed).unwrap();
            let hashed = bitboard.perft_hashed(pos, 3, Counting::Results, &table);
            assert_eq!(hashed, plain, "{} by result, {mib} MiB", pos.fen());
        }
    }
}

#[test]
fn threads_sharing_a_table_divide_as_one_thread_does() {
    let bitboard = Kuma::bitboard(&Default::default());
    for pos in start_walks::<Kuma>(3, 10, 16) {
        let plain = divide_threads(&*bitboard, &pos, 4, 1, None);
        let table = PerftTable::new(1, 5).unwrap();
        let options = DivideOptions {
            threads: 2,
            counting: Counting::Routes,
            table: Some(&table),
        };
        assert_eq!(divide_with(&*bitboard, &pos, 4, &options, None), plain);
    }
}

/// The deep tables of `corpus/deep/` hold together: each divide row is the start position after
/// its root move, and the divide rows add up to the total one ply deeper. (The counts themselves
/// take hours; `fairyspec verify --corpus corpus/deep` runs them.)
#[test]
fn deep_tables_divides_add_up() {
    fn check<G: Game>() {
        let path = format!(
            "{}/corpus/deep/{}/start.perft",
            env!("CARGO_MANIFEST_DIR"),
            G::NAME
        );
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let records = parse_perft_file(&text).unwrap();
        let bitboard = G::bitboard(&Default::default());
        let start = Position::<G>::start();
        let total = records
            .iter()
            .find(|r| r.id == "start")
            .expect("a start row");
        assert_eq!(
            Position::<G>::from_fen(&total.epd).unwrap(),
            start,
            "{path}"
        );
        assert!(!total.counts.is_empty(), "{path}");
        for &(depth, nodes) in &total.counts {
            let mut sum = 0;
            for mv in bitboard.legal_moves(&start) {
                let child = bitboard.play_unchecked(&start, &mv);
                let row = records
                    .iter()
                    .find(|r| r.id == format!("start-{mv}"))
                    .unwrap_or_else(|| panic!("{path}: no row for {mv}"));
                assert_eq!(
                    Position::<G>::from_fen(&row.epd).unwrap(),
                    child,
                    "{path}: {mv}"
                );
                let (_, n) = row
                    .counts
                    .iter()
                    .find(|c| c.0 == depth - 1)
                    .unwrap_or_else(|| panic!("{path}: {mv} has no count at depth {}", depth - 1));
                sum += n;
            }
            assert_eq!(sum, nodes, "{path}: the divide of perft({depth})");
        }
    }
    check::<Kuma>();
    check::<Congo>();
    check::<Hunterbeest>();
    check::<Chu>();
}

/// Issue 31: every number of the variants' deep tables that fairyspec alone computed says what
/// checked it — the block's `# Checked:` line names each of its depths, as checked by the
/// reference generator too or as "by the bitboard generator only" — and the headers no longer
/// call the bitboard generator's runs "independent means".
#[test]
fn deep_tables_say_what_checked_each_number() {
    for game in ["chu", "congo", "hunterbeest"] {
        let path = format!(
            "{}/corpus/deep/{game}/start.perft",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(!text.contains("independent means"), "{path}");
        assert!(text.contains("comes from fairyspec alone"), "{path}");
        let mut blocks = 0;
        for block in text.split("\n\n") {
            let Some(id) = block.lines().find_map(|l| l.strip_prefix("id ")) else {
                continue;
            };
            blocks += 1;
            let checked = block
                .lines()
                .find_map(|l| l.strip_prefix("# Checked: "))
                .unwrap_or_else(|| panic!("{path}: {id} has no Checked line"));
            let depths: Vec<&str> = block
                .lines()
                .filter_map(|l| l.strip_prefix("perft "))
                .filter_map(|l| l.split_whitespace().next())
                .collect();
            assert!(!depths.is_empty(), "{path}: {id}");
            for depth in depths {
                let by_reference =
                    format!("perft {depth} by the bitboard and the reference generator");
                let bitboard_only = format!("perft {depth} by the bitboard generator only");
                assert!(
                    checked.contains(&by_reference) || checked.contains(&bitboard_only),
                    "{path}: {id}: perft {depth} not named in `{checked}`"
                );
            }
        }
        assert!(blocks > 20, "{path}: {blocks} blocks");
    }
}
