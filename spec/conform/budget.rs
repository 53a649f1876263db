//! The specification's own side of a check, bounded: `conform --timeout` limits each count of
//! the specification as it limits each query of the engine, so that a depth no one can count
//! (`--depth 12`) ends in a skipped check that says why instead of a run that never ends.
//!
//! Only the count at the corpus position is budgeted: every later count of a check (the
//! descent's divides one ply further down, an XBoard walk's move lists) is of a part of that
//! tree, and costs less.

use crate::perft::budgeted::{divide_counting_within, leaf_depth_for, Limits, Stopped};
use crate::perft::{divide_counting, Counting, Divide};
use crate::{Game, Generator, Position};
use std::time::{Duration, Instant};

/// The specification's divide of `pos` at `depth`, counted as `counting` says, within `time`
/// (no limit for `None`).
///
/// # Errors
/// Why the count was stopped, as a sentence for the report.
pub fn spec_divide<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
    depth: u32,
    counting: Counting,
    time: Option<Duration>,
) -> Result<Divide, String> {
    let Some(time) = time else {
        return Ok(divide_counting(gen, pos, depth, counting));
    };
    let limits = Limits {
        deadline: Instant::now() + time,
        max_nodes: u64::MAX,
        leaf_depth: leaf_depth_for(gen.kind()),
    };
    divide_counting_within(gen, pos, depth, counting, &limits).map_err(|stopped| match stopped {
        Stopped::Time { nodes } => format!(
            "the specification's own count was stopped at the time limit ({} s, the limit of \
             one query) after {nodes} nodes; check this position at a lower depth, or allow more \
             time",
            time.as_secs_f64()
        ),
        Stopped::Nodes { max } => {
            format!("the specification's own count was stopped after {max} nodes")
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Chess;

    /// 20 moves, 400 at depth 2 from the start position of chess (the published perft,
    /// corpus/chess/perft.perft); depth 9 (2,439,530,234,167) cannot be counted in a
    /// millisecond.
    #[test]
    fn the_spec_side_stops_at_its_time_limit() {
        let gen = Chess::reference(&Default::default());
        let pos = Position::<Chess>::start();
        let d = spec_divide(
            &*gen,
            &pos,
            2,
            Counting::Routes,
            Some(Duration::from_secs(60)),
        );
        assert_eq!(d.map(|d| (d.moves.len(), d.total)), Ok((20, 400)));
        let why = spec_divide(
            &*gen,
            &pos,
            9,
            Counting::Routes,
            Some(Duration::from_millis(1)),
        )
        .unwrap_err();
        assert!(why.contains("stopped at the time limit (0.001 s"), "{why}");
    }
}
