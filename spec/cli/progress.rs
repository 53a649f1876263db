//! Progress bars ([indicatif](https://docs.rs/indicatif)) on stderr for the long commands, shown
//! only when stderr is a terminal: a pipe, a file or CI sees nothing, so stdout and stderr stay
//! exactly what scripts expect. `FAIRYSPEC_PROGRESS=0` turns them off in a terminal too.
//!
//! Every bar is one line that fits an 80-column terminal (the bar itself takes the width the
//! words leave; a long message is cut), and every bar is cleared when its work is done, so the
//! terminal keeps only the command's output. A test draws each with its longest words on an
//! 80-column screen and checks both.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Whether progress may be drawn: stderr is a terminal and `FAIRYSPEC_PROGRESS` is not `0`.
pub fn wanted() -> bool {
    std::io::stderr().is_terminal()
        && std::env::var_os("FAIRYSPEC_PROGRESS").is_none_or(|v| v != "0")
}

/// A bar of `len` steps with `template` drawn on `target`, ticking by itself so that time and
/// rate stay current while one step takes long.
fn styled(len: u64, template: &str, target: ProgressDrawTarget) -> ProgressBar {
    let style = ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    let bar = ProgressBar::with_draw_target(Some(len), target).with_style(style);
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// A bar of `len` steps with `template` on stderr, or `None` when progress is not [`wanted`].
fn bar(len: u64, template: &str) -> Option<ProgressBar> {
    wanted().then(|| styled(len, template, ProgressDrawTarget::stderr()))
}

/// The line of `conform`: `conform chu [=====>     ] 12/290 checks, 00:01:02 left`.
fn conform_template(game: &str) -> String {
    format!("conform {game} [{{wide_bar}}] {{pos}}/{{len}} checks, {{eta_precise}} left")
}

/// The line of `verify`, one game at a time: `verify kuma [===>   ] 40/96 00:00:03 start depth 5
/// (bitboard)`, the check under way last and cut to the width left.
fn verify_template(game: &str) -> String {
    format!("verify {game} [{{bar:20}}] {{pos}}/{{len}} {{elapsed_precise}} {{wide_msg}}")
}

/// The line of `perft`: root moves done, nodes so far and per second, the time left.
const PERFT_TEMPLATE: &str = "perft {prefix} [{wide_bar}] {pos}/{len} {msg}, {eta_precise} left";

/// The bar of `conform`: checks done of `len`, or `None`.
pub fn conform_bar(game: &str, len: u64) -> Option<ProgressBar> {
    bar(len, &conform_template(game))
}

/// The bar of `verify` for one game: checks done of `len` (the message names the check under
/// way), or `None`.
pub fn verify_bar(game: &str, len: u64) -> Option<ProgressBar> {
    bar(len, &verify_template(game))
}

/// The bar of `perft`: root moves done, nodes so far, nodes per second and the time left.
pub struct PerftBar {
    bar: ProgressBar,
    nodes: AtomicU64,
    start: Instant,
}

/// A [`PerftBar`] for a count `depth` plies deep, or `None` (no terminal, or depth 0).
pub fn perft_bar(depth: u32) -> Option<PerftBar> {
    if depth == 0 || !wanted() {
        return None;
    }
    Some(PerftBar::on(depth, ProgressDrawTarget::stderr()))
}

impl PerftBar {
    fn on(depth: u32, target: ProgressDrawTarget) -> PerftBar {
        let bar = styled(0, PERFT_TEMPLATE, target);
        bar.set_prefix(depth.to_string());
        PerftBar {
            bar,
            nodes: AtomicU64::new(0),
            start: Instant::now(),
        }
    }

    /// One more root move finished with `nodes` leaves (`done` of `of` are finished).
    pub fn root_move_done(&self, done: usize, of: usize, nodes: u64) {
        let total = self.nodes.fetch_add(nodes, Ordering::Relaxed) + nodes;
        self.bar.set_length(of as u64);
        self.bar.set_position(done as u64);
        self.bar.set_message(rate(total, self.start.elapsed()));
    }

    /// Clears the bar: the count follows on stdout.
    pub fn finish(self) {
        self.bar.finish_and_clear();
    }
}

/// `1.2G nodes 2.1M/s`: short, so that the line fits.
fn rate(nodes: u64, elapsed: Duration) -> String {
    let per_sec = nodes as f64 / elapsed.as_secs_f64().max(1e-9);
    format!("{} nodes {}/s", short(nodes as f64), short(per_sec))
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

/// A number in at most six characters: `950`, `12.3k`, `2.1M`, `999.9G`, `1.2T`.
fn short(x: f64) -> String {
    match x {
        x if x >= 1e12 => format!("{:.1}T", x / 1e12),
        x if x >= 1e9 => format!("{:.1}G", x / 1e9),
        x if x >= 1e6 => format!("{:.1}M", x / 1e6),
        x if x >= 1e3 => format!("{:.1}k", x / 1e3),
        x => format!("{x:.0}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use indicatif::TermLike;
    use std::sync::{Arc, Mutex};

    #[test]
    fn numbers_for_people() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(38_737_937), "38,737,937");
        assert_eq!(short(2_100_000.0), "2.1M");
        assert_eq!(short(950.0), "950");
        assert_eq!(short(84_998_978_956.0), "85.0G");
    }

    /// An 80-column terminal that remembers its lines and the widest line it was ever shown.
    #[derive(Debug, Default)]
    struct Screen {
        lines: Vec<String>,
        row: usize,
        widest: usize,
        drawn: usize,
    }

    #[derive(Debug, Clone, Default)]
    struct Term(Arc<Mutex<Screen>>);

    impl Term {
        fn with<T>(&self, f: impl FnOnce(&mut Screen) -> T) -> T {
            f(&mut self.0.lock().unwrap())
        }
    }

    impl Screen {
        fn line(&mut self) -> &mut String {
            while self.lines.len() <= self.row {
                self.lines.push(String::new());
            }
            &mut self.lines[self.row]
        }
        fn write(&mut self, s: &str) {
            let line = self.line();
            line.push_str(s);
            let width = line.chars().count();
            self.widest = self.widest.max(width);
            self.drawn += 1;
        }
    }

    impl TermLike for Term {
        fn width(&self) -> u16 {
            80
        }
        fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
            self.with(|s| s.row = s.row.saturating_sub(n));
            Ok(())
        }
        fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
            self.with(|s| s.row += n);
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> std::io::Result<()> {
            self.with(|screen| {
                screen.write(s);
                screen.row += 1;
            });
            Ok(())
        }
        fn write_str(&self, s: &str) -> std::io::Result<()> {
            self.with(|screen| screen.write(s));
            Ok(())
        }
        fn clear_line(&self) -> std::io::Result<()> {
            self.with(|s| s.line().clear());
            Ok(())
        }
        fn flush(&self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn target(term: &Term) -> ProgressDrawTarget {
        ProgressDrawTarget::term_like_with_hz(Box::new(term.clone()), 100)
    }

    /// What the screen shows at the end, and its widest line on the way.
    fn check(term: &Term, what: &str) {
        term.with(|s| {
            assert!(s.drawn > 0, "{what}: nothing was drawn");
            assert!(
                s.widest <= 80,
                "{what}: a line of {} columns: {:?}",
                s.widest,
                s.lines
            );
            assert!(
                s.lines.iter().all(String::is_empty),
                "{what}: not cleared: {:?}",
                s.lines
            );
        });
    }

    #[test]
    fn every_bar_fits_80_columns_and_is_cleared_when_done() {
        // conform, with the longest game name and a four-digit count of checks.
        let term = Term::default();
        let bar = styled(9999, &conform_template("hunterbeest"), target(&term));
        bar.set_position(9998);
        bar.tick();
        std::thread::sleep(Duration::from_millis(30));
        bar.finish_and_clear();
        check(&term, "conform");
        // verify, the check under way a long Chu id at depth 12 with the reference generator.
        let term = Term::default();
        let bar = styled(9999, &verify_template("hunterbeest"), target(&term));
        bar.set_position(9998);
        bar.set_message("shogiops-random-152-after-a-long-name [results] depth 12 (reference)");
        bar.tick();
        std::thread::sleep(Duration::from_millis(30));
        bar.finish_and_clear();
        check(&term, "verify");
        // perft at depth 64, hundreds of root moves, trillions of nodes.
        let term = Term::default();
        let bar = PerftBar::on(64, target(&term));
        bar.root_move_done(398, 399, 9_999_999_999_999);
        bar.bar.tick();
        std::thread::sleep(Duration::from_millis(30));
        bar.finish();
        check(&term, "perft");
    }
}
