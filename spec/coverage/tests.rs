//! SPEC.md CORE-1.7 — one hand-reasoned position per kind of citation, and the catalogue held to
//! SPEC.md.

use super::catalogue::{catalogue, in_force, left_out, spec_rules, LEFT_OUT, SPEC_MD};
use super::*;
use crate::chu::{BareKing, Chu, ChuSwitches};
use crate::congo::Congo;
use crate::kuma::Kuma;
use crate::Position;

fn at<G: Cover>(fen: &str) -> RuleSet {
    exercised::<G>(fen, 1, &G::Switches::default())
}

fn exercised<G: Cover>(fen: &str, depth: u32, switches: &G::Switches) -> RuleSet {
    let pos = Position::<G>::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    rules_exercised::<G>(&pos, depth, switches)
}

fn set(rules: &[Rule]) -> RuleSet {
    rules.iter().copied().collect()
}

/// KUMA-3.3, KUMA-1.1: the lone King's lines reach five squares (its rule) and three run into
/// the edge of the board (the board's rule). Nothing is captured, no own piece stops a line, no
/// castling right is lost with a partner in place: nothing else.
#[test]
fn core_1_7_a_line_that_reaches_a_square_cites_the_piece_one_at_the_edge_the_board() {
    assert_eq!(
        at::<Kuma>("4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        set(&["KUMA-1.1", "KUMA-3.3"])
    );
}

/// KUMA-3.1, KUMA-3.2: the King's line up the e-file stops at its own Pawn (how pieces move: no
/// move ends on an own piece); the Pawn steps and makes its double step (a candidate of
/// KUMA-3.2).
#[test]
fn core_1_7_an_own_piece_in_the_way_cites_the_movement_rule() {
    assert_eq!(
        at::<Kuma>("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"),
        set(&["KUMA-1.1", "KUMA-3.1", "KUMA-3.2", "KUMA-3.3"])
    );
}

/// KUMA-3.13: the Violent Bear's diagonal range move to e3 is cut short by its own Pawn on d2.
#[test]
fn core_1_7_a_range_move_cut_short_cites_the_range_rule() {
    let rules = at::<Kuma>("4k3/8/8/8/8/8/3P4/2V1K3 w - - 0 1");
    assert!(
        rules.contains("KUMA-3.13") && rules.contains("KUMA-3.6"),
        "{rules:?}"
    );
    // Without the Pawn nothing cuts it short.
    let rules = at::<Kuma>("4k3/8/8/8/8/8/8/2V1K3 w - - 0 1");
    assert!(!rules.contains("KUMA-3.13"), "{rules:?}");
}

/// KUMA-4.1, KUMA-4.2, KUMA-7.1: both castlings are candidates; with Black's Running Bear on f8
/// (it slides down the f-file) the short one passes an attacked square and is refused by the
/// conditions, and the King may not step to f1 or f2: refused as leaving it attacked, which
/// cites the rule of check too.
#[test]
fn core_1_7_candidates_and_refusals_cite_their_rules() {
    let free = at::<Kuma>("4k3/8/8/8/8/8/8/U3K2R w KQ - 0 1");
    assert!(free.contains("KUMA-4.1"), "{free:?}");
    assert!(
        !free.contains("KUMA-4.2") && !free.contains("KUMA-7.1"),
        "{free:?}"
    );
    let attacked = at::<Kuma>("4kr2/8/8/8/8/8/8/U3K2R w KQ - 0 1");
    for rule in ["KUMA-4.1", "KUMA-4.2", "KUMA-7.1"] {
        assert!(attacked.contains(rule), "{rule}: {attacked:?}");
    }
}

/// KUMA-4.3: the right decides where it is lost with the King and its partner in place; a
/// position without rights and without partners does not exercise it.
#[test]
fn core_1_7_a_lost_right_counts_where_it_refuses_a_castling() {
    assert!(at::<Kuma>("4k3/8/8/8/8/8/8/U3K2R w - - 0 1").contains("KUMA-4.3"));
    assert!(!at::<Kuma>("4k3/8/8/8/8/8/8/4K3 w - - 0 1").contains("KUMA-4.3"));
}

/// KUMA-7.2, KUMA-7.7: White is checkmated (Black's Mighty Bear on b2, guarded by its King): the
/// outcome's rule and the rule that a finished game has no moves.
#[test]
fn core_1_7_the_outcome_decided_cites_its_rule() {
    let rules = at::<Kuma>("8/8/8/8/8/2k5/1m6/K7 w - - 0 1");
    assert!(
        rules.contains("KUMA-7.2") && rules.contains("KUMA-7.7"),
        "{rules:?}"
    );
    assert!(!rules.contains("KUMA-7.3"), "{rules:?}");
}

/// KUMA-7.4 (a switched rule, `blind-bear`): White's Blind Bear stands on the last rank, Black to
/// move: the game ended by the rule before any move (the reference reports it), and the reading
/// in force states the same rule. Nothing else is generated.
#[test]
fn core_1_7_a_game_over_by_rule_cites_the_rule_and_the_terminal_rule() {
    assert_eq!(
        at::<Kuma>("1B6/8/8/8/8/8/8/K5k1 b - - 0 1"),
        set(&["KUMA-7.4", "KUMA-7.7"])
    );
}

/// A perft(d) check compares the nodes at ply < d: White mates with c5c8 and stalemates with
/// c5c7, so depth 1 (the root only) exercises neither outcome, depth 2 both — and KUMA-5.2, the
/// Mighty Bear reaching the last rank and staying what it is, already at the root.
#[test]
fn core_1_7_a_check_of_depth_d_compares_the_nodes_above_ply_d() {
    let fen = "k7/8/1K6/2M5/8/8/8/8 w - - 0 1";
    let one = exercised::<Kuma>(fen, 1, &Default::default());
    assert!(
        !one.contains("KUMA-7.2") && !one.contains("KUMA-7.3"),
        "{one:?}"
    );
    assert!(one.contains("KUMA-5.2"), "{one:?}");
    let two = exercised::<Kuma>(fen, 2, &Default::default());
    assert!(
        two.contains("KUMA-7.2") && two.contains("KUMA-7.3"),
        "{two:?}"
    );
    assert!(two.is_superset(&one));
}

/// CONGO-5.2: White's elephant on b4 has stood in the river since its last move; after any other
/// White move it drowns. The effect counts once the position after the move is compared: not
/// at depth 1, at depth 2.
#[test]
fn core_1_7_an_effect_counts_where_the_position_after_the_move_is_compared() {
    let fen = "2l4/7/7/1E5/7/7/3L3 w 0";
    let one = exercised::<Congo>(fen, 1, &Default::default());
    assert!(
        one.contains("CONGO-3.4") && !one.contains("CONGO-5.2"),
        "{one:?}"
    );
    let two = exercised::<Congo>(fen, 2, &Default::default());
    assert!(two.contains("CONGO-5.2"), "{two:?}");
}

/// CHU-6.4 and the reading in force: gote's lone King against sente's King and Gold (not next to
/// it) is bared and has lost under every reading of `bare-king`; the rules cited are CHU-6.4 and
/// the reading's own — CHU-7.1 by default, CHU-7.2 under `jcsa`.
#[test]
fn core_1_7_a_switched_rule_cites_the_reading_in_force() {
    let fen = "6k5/12/12/12/12/12/12/12/12/12/12/5G1K4 w - 1";
    assert_eq!(
        exercised::<Chu>(fen, 1, &ChuSwitches::default()),
        set(&["CHU-6.4", "CHU-6.7", "CHU-7.1"])
    );
    let jcsa = ChuSwitches {
        bare_king: BareKing::Jcsa,
        ..ChuSwitches::default()
    };
    assert_eq!(
        exercised::<Chu>(fen, 1, &jcsa),
        set(&["CHU-6.4", "CHU-6.7", "CHU-7.2"])
    );
}

/// CHU-4.2 with the definitions it decides by: sente's Pawn on 6e steps into the zone (6d) and
/// may promote: the zone (CHU-4.1) and the optional promotion (CHU-4.4) are cited with it. Sente
/// can take gote's King with its Gold on 1b: no check (CHU-6.1).
#[test]
fn core_1_7_definitions_come_with_the_rules_that_decide_by_them() {
    let rules = at::<Chu>("p10k/11G/12/12/6P5/12/12/12/12/12/12/K11 b - 1");
    for rule in ["CHU-4.1", "CHU-4.2", "CHU-4.4", "CHU-6.1"] {
        assert!(rules.contains(rule), "{rule}: {rules:?}");
    }
}

/// SPEC.md's rules are every game's catalogue: each ID once, in its game's chapter or the common
/// conventions; every left-out ID is one of them; titles are read without their marks.
#[test]
fn core_1_7_the_catalogue_is_spec_md() {
    let all = spec_rules();
    let mut ids: Vec<Rule> = all.iter().map(|(id, _)| *id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), all.len(), "an ID twice in SPEC.md");
    let mut by_game = 0;
    for n in [
        catalogue::<Kuma>().len(),
        catalogue::<crate::chess::Chess>().len(),
        catalogue::<Congo>().len(),
        catalogue::<crate::hunterbeest::Hunterbeest>().len(),
        catalogue::<Chu>().len(),
    ] {
        assert!(n > 20, "{n}");
        by_game += n;
    }
    let core = all.iter().filter(|(id, _)| id.starts_with("CORE-")).count();
    assert_eq!(by_game + core, all.len());
    for (group, why) in LEFT_OUT {
        assert!(!why.is_empty());
        for id in *group {
            assert!(all.iter().any(|(r, _)| r == id), "{id} is not in SPEC.md");
            assert_eq!(left_out(id), Some(*why));
        }
    }
    let title = |id| all.iter().find(|(r, _)| *r == id).map(|(_, t)| *t);
    assert_eq!(title("KUMA-3.13"), Some("Range-two moves are blockable"));
    assert_eq!(title("KUMA-4.2"), Some("Conditions (FIDE)"));
}

/// The table of SPEC.md CORE-1.7 lists the left-out rules exactly as the code does, group by
/// group, with the same reason.
#[test]
fn core_1_7_spec_md_lists_the_rules_left_out_as_the_code_does() {
    let start = SPEC_MD.find("**CORE-1.7").expect("CORE-1.7 in SPEC.md");
    let rows: Vec<(Vec<&str>, &str)> = SPEC_MD[start..]
        .lines()
        .map(str::trim)
        .skip_while(|l| !l.starts_with("| rules | why |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split(" | ").map(str::trim).collect();
            (cells[0].split(", ").collect(), cells[1])
        })
        .collect();
    let code: Vec<(Vec<&str>, &str)> = LEFT_OUT.iter().map(|(g, w)| (g.to_vec(), *w)).collect();
    assert_eq!(rows, code);
}

/// The rules of a reading not in force govern nothing: under `bare-king=lishogi` the Münster
/// and JCSA formulations' rules are out, under `munster1997` lishogi's and the JCSA's.
#[test]
fn core_1_7_the_rules_in_force_follow_the_switches() {
    let default = in_force::<Chu>(&ChuSwitches::default());
    assert!(default.contains("CHU-7.1") && default.contains("CHU-6.4"));
    for out in [
        "CHU-7.2", "CHU-7.3", "CHU-7.4", "CHU-7.5", "CHU-9.1", "CHU-6.5",
    ] {
        assert!(!default.contains(out), "{out}");
    }
    let munster = ChuSwitches {
        bare_king: BareKing::Munster1997,
        ..ChuSwitches::default()
    };
    let m = in_force::<Chu>(&munster);
    assert!(m.contains("CHU-7.3") && m.contains("CHU-7.5"));
    assert!(!m.contains("CHU-7.1") && !m.contains("CHU-7.2") && !m.contains("CHU-7.4"));
    let c = Coverage::of::<Chu>(&ChuSwitches::default(), &set(&["CHU-3.2", "CHU-7.3"]));
    assert_eq!(c.exercised, ["CHU-3.2"]);
    assert_eq!(c.outside, ["CHU-7.3"]);
    assert_eq!(c.missing.len(), c.in_force.len() - 1);
}
