//! Progress bars ([indicatif](https://docs.rs/indicatif)) on stderr for the long commands, shown
//! only when stderr is a terminal: a pipe, a file or CI sees nothing, so stdout and stderr stay
//! exactly what scripts expect. `FAIRYSPEC_PROGRESS=0` turns them off in a terminal too.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Whether progress may be drawn: stderr is a terminal and `FAIRYSPEC_PROGRESS` is not `0`.
pub fn wanted() -> bool {
    std::io::stderr().is_terminal()
        && std::env::var_os("FAIRYSPEC_PROGRESS").is_none_or(|v| v != "0")
}

/// A bar of `len` steps with `template`, ticking by itself so that time and rate stay current
/// while one step takes long; `None` when progress is not [`wanted`].
pub fn bar(len: u64, template: &str) -> Option<ProgressBar> {
    if !wanted() {
        return None;
    }
    let style = ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    let bar =
        ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr()).with_style(style);
    bar.enable_steady_tick(Duration::from_millis(200));
    Some(bar)
}

/// The bar of `perft`: root moves done, nodes so far, nodes per second and the time left.
pub struct PerftBar {
    bar: ProgressBar,
    nodes: AtomicU64,
    start: Instant,
}

/// A [`PerftBar`] for a count `depth` plies deep, or `None` (no terminal, or depth 0).
pub fn perft_bar(depth: u32) -> Option<PerftBar> {
    if depth == 0 {
        return None;
    }
    let bar = bar(
        0,
        "perft {prefix} [{bar:30}] {pos}/{len} root moves  {msg}  {elapsed_precise} (left {eta})",
    )?;
    bar.set_prefix(format!("depth {depth}"));
    Some(PerftBar {
        bar,
        nodes: AtomicU64::new(0),
        start: Instant::now(),
    })
}

impl PerftBar {
    /// One more root move finished with `nodes` leaves (`done` of `of` are finished).
    pub fn root_move_done(&self, done: usize, of: usize, nodes: u64) {
        let total = self.nodes.fetch_add(nodes, Ordering::Relaxed) + nodes;
        self.bar.set_length(of as u64);
        self.bar.set_position(done as u64);
        self.bar.set_message(rate(total, self.start.elapsed()));
    }

    /// Leaves the bar on screen with the final count and rate.
    pub fn finish(self, total: u64) {
        self.bar.set_message(rate(total, self.start.elapsed()));
        self.bar.finish();
    }
}

/// `1,234,567 nodes, 2.1M nodes/s`.
fn rate(nodes: u64, elapsed: Duration) -> String {
    let per_sec = nodes as f64 / elapsed.as_secs_f64().max(1e-9);
    format!("{} nodes, {} nodes/s", grouped(nodes), short(per_sec))
}

/// `1234567` as `1,234,567`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn short(x: f64) -> String {
    match x {
        x if x >= 1e9 => format!("{:.1}G", x / 1e9),
        x if x >= 1e6 => format!("{:.1}M", x / 1e6),
        x if x >= 1e3 => format!("{:.1}k", x / 1e3),
        x => format!("{x:.0}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_for_people() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(38_737_937), "38,737,937");
        assert_eq!(short(2_100_000.0), "2.1M");
        assert_eq!(short(950.0), "950");
    }
}
