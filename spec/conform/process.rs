//! An engine's process, as every protocol starts it: in a process group of its own, read through
//! bounded readers, and killed with everything it started.
//!
//! - **The group.** On Unix the engine is the leader of a new process group
//!   ([`CommandExt::process_group`](std::os::unix::process::CommandExt::process_group)); on a
//!   time-out, an error or the end of a query the whole group is killed (`killpg`, through the
//!   `libc` crate), so that a wrapper script's real engine (`minase dev perft 6` under
//!   `examples/chu/minase_perftree.py`) does not go on counting after `conform` has moved on.
//!   Because the group no longer gets the terminal's Ctrl-C, the first engine started also
//!   installs a handler for `SIGINT`, `SIGTERM`, `SIGHUP` and `SIGQUIT` — only where the program
//!   has left the signal's default action — that kills every live engine group and then dies of
//!   the signal as it would have. Elsewhere the engine alone is killed.
//! - **Standard output** is read in chunks, never a whole line at a time: a line longer than
//!   [`MAX_LINE`] bytes ends the reading (an engine running `cat /dev/zero` prints one endless
//!   line), and the lines wait in a queue of [`QUEUE`] lines, so that an engine that floods its
//!   output while nobody asks it anything is held up by its own full pipe instead of filling
//!   memory. What one query may read in all is the protocols' business ([`MAX_OUTPUT`],
//!   [`MAX_LINES`]).
//! - **Standard error** is drained without end (a chatty engine never blocks on it) and only its
//!   last [`STDERR_KEPT`] bytes are kept, for the error messages.
//!
//! [`MAX_OUTPUT`]: super::engine::MAX_OUTPUT
//! [`MAX_LINES`]: super::engine::MAX_LINES

use std::collections::VecDeque;
use std::io::{self, Read};
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// The longest line read from an engine (bytes, its line end included). No protocol spoken here
/// has lines near this long; a longer one is garbage.
pub const MAX_LINE: usize = 64 << 10;

/// How many lines wait, read but not yet taken, before the reader stops reading (and the
/// engine's writes block): at most `QUEUE` × [`MAX_LINE`] bytes.
pub const QUEUE: usize = 64;

/// How much of an engine's standard error is kept (its end: the error is usually last).
pub const STDERR_KEPT: usize = 4000;

/// A running engine process: the leader of its own process group on Unix. Dropping it kills
/// the group.
pub(crate) struct EngineProcess {
    child: Child,
    /// The process group (the leader's pid) while it may still hold processes.
    #[cfg(unix)]
    group: Option<i32>,
    /// The leader's exit status, once reaped.
    status: Option<ExitStatus>,
}

impl EngineProcess {
    /// Spawns `command` as the leader of a new process group (Unix).
    ///
    /// # Errors
    /// The spawn's own error.
    pub(crate) fn spawn(command: &mut Command) -> io::Result<EngineProcess> {
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
            signals::install();
        }
        let child = command.spawn()?;
        #[cfg(unix)]
        let group = i32::try_from(child.id()).ok();
        #[cfg(unix)]
        if let Some(g) = group {
            signals::register(g);
        }
        Ok(EngineProcess {
            child,
            #[cfg(unix)]
            group,
            status: None,
        })
    }

    /// The three pipes (each `None` unless piped when spawned).
    pub(crate) fn pipes(
        &mut self,
    ) -> (Option<ChildStdin>, Option<ChildStdout>, Option<ChildStderr>) {
        (
            self.child.stdin.take(),
            self.child.stdout.take(),
            self.child.stderr.take(),
        )
    }

    /// Whether the engine's own process (the group's leader) has ended. On Linux it is not
    /// reaped, so that its group id stays its own until [`EngineProcess::kill`] has used it.
    pub(crate) fn exited(&mut self) -> bool {
        if self.status.is_some() {
            return true;
        }
        #[cfg(any(target_os = "linux", target_os = "android"))]
        {
            let pid: libc::id_t = self.child.id();
            // SAFETY: waitid writes a siginfo_t into the zeroed one given; WNOWAIT leaves the
            // child waitable, so `Child::wait` still reaps it.
            unsafe {
                let mut info: libc::siginfo_t = std::mem::zeroed();
                let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
                libc::waitid(libc::P_PID, pid, &mut info, flags) == 0 && info.si_pid() != 0
            }
        }
        #[cfg(not(any(target_os = "linux", target_os = "android")))]
        {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    self.status = Some(status);
                    true
                }
                Ok(None) => false,
                Err(_) => true,
            }
        }
    }

    /// Kills the whole group (the engine and whatever it started), reaps the engine and returns
    /// its exit status: the status it ended with if it had ended, else the kill's.
    pub(crate) fn kill(&mut self) -> Option<ExitStatus> {
        #[cfg(unix)]
        if let Some(g) = self.group.take() {
            // SAFETY: killpg has no memory effects; `g` is the group this process leads (its
            // leader is not reaped yet on Linux, so the id cannot have been reused).
            unsafe {
                libc::killpg(g, libc::SIGKILL);
            }
            signals::unregister(g);
        }
        if self.status.is_none() {
            let _ = self.child.kill();
            self.status = self.child.wait().ok();
        }
        self.status
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Waits up to `wait` for the engine's process to end by itself; whether it did.
pub(crate) fn wait_exit(process: &mut EngineProcess, wait: Duration) -> bool {
    let deadline = Instant::now() + wait;
    loop {
        if process.exited() {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// What the reader of an engine's standard output passes on.
pub(crate) enum Line {
    /// One line, its line end included (the last line of the output may have none).
    Text(String),
    /// The end of the output.
    End,
    /// Reading stopped: a line longer than [`MAX_LINE`], a line that is not UTF-8, or a read
    /// error. `start` is the beginning of the offending line.
    Broken { reason: String, start: String },
}

/// Reads `stdout` on a thread, in chunks, passing on whole lines through a queue of [`QUEUE`]
/// lines; a reader waits with [`Receiver::recv_timeout`] and never hangs on a silent engine.
/// Reading stops at the end of the output, at a line longer than [`MAX_LINE`], or when the
/// receiver is gone.
pub(crate) fn line_reader(stdout: impl Read + Send + 'static) -> Receiver<Line> {
    let (tx, rx) = mpsc::sync_channel(QUEUE);
    std::thread::spawn(move || {
        let mut stdout = stdout;
        let mut chunk = vec![0u8; 16 << 10];
        let mut line: Vec<u8> = Vec::new();
        let send_line = |line: &mut Vec<u8>| -> Result<(), ()> {
            let bytes = std::mem::take(line);
            let message = match String::from_utf8(bytes) {
                Ok(text) => Line::Text(text),
                Err(e) => {
                    let start = String::from_utf8_lossy(&e.into_bytes()[..])
                        .chars()
                        .take(80)
                        .collect();
                    let _ = tx.send(Line::Broken {
                        reason: "a line that is not UTF-8".to_string(),
                        start,
                    });
                    return Err(());
                }
            };
            tx.send(message).map_err(|_| ())
        };
        loop {
            let n = match stdout.read(&mut chunk) {
                Ok(0) => {
                    if !line.is_empty() && send_line(&mut line).is_err() {
                        return;
                    }
                    let _ = tx.send(Line::End);
                    return;
                }
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    let _ = tx.send(Line::Broken {
                        reason: format!("reading its output failed: {e}"),
                        start: String::new(),
                    });
                    return;
                }
            };
            let mut rest = &chunk[..n];
            while !rest.is_empty() {
                let end = rest.iter().position(|&b| b == b'\n');
                let take = end.map_or(rest.len(), |i| i + 1);
                if line.len() + take > MAX_LINE {
                    line.extend_from_slice(&rest[..take.min(80)]);
                    let start = String::from_utf8_lossy(&line).chars().take(80).collect();
                    let _ = tx.send(Line::Broken {
                        reason: format!("a line longer than {MAX_LINE} bytes"),
                        start,
                    });
                    return;
                }
                line.extend_from_slice(&rest[..take]);
                rest = &rest[take..];
                if end.is_some() && send_line(&mut line).is_err() {
                    return;
                }
            }
        }
    });
    rx
}

/// The end of an engine's standard error, collected on a thread that drains the stream to its
/// end (a chatty engine never blocks on a full pipe) keeping the last [`STDERR_KEPT`] bytes.
#[derive(Clone)]
pub(crate) struct StderrTail(Arc<(Mutex<Tail>, Condvar)>);

#[derive(Default)]
struct Tail {
    kept: VecDeque<u8>,
    total: u64,
    closed: bool,
}

impl StderrTail {
    /// Starts draining `stderr`.
    pub(crate) fn read(stderr: impl Read + Send + 'static) -> StderrTail {
        let tail = StderrTail(Arc::new((Mutex::new(Tail::default()), Condvar::new())));
        let shared = tail.clone();
        std::thread::spawn(move || {
            let mut stderr = stderr;
            let mut chunk = vec![0u8; 16 << 10];
            loop {
                let n = match stderr.read(&mut chunk) {
                    Ok(0) => 0,
                    Ok(n) => n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(_) => 0,
                };
                let (lock, closed) = &*shared.0;
                let mut t = lock
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                if n == 0 {
                    t.closed = true;
                    closed.notify_all();
                    return;
                }
                let bytes = &chunk[n.saturating_sub(STDERR_KEPT)..n];
                t.total += n as u64;
                t.kept.extend(bytes);
                let excess = t.kept.len().saturating_sub(STDERR_KEPT);
                t.kept.drain(..excess);
            }
        });
        tail
    }

    /// What was kept so far, as text for a message: control characters other than line ends
    /// shown as `\u{FFFD}`, and `[N bytes before] …` in front when more was written than kept.
    pub(crate) fn text(&self) -> String {
        let t = self
            .0
             .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let bytes: Vec<u8> = t.kept.iter().copied().collect();
        let kept: String = String::from_utf8_lossy(&bytes)
            .chars()
            .map(|c| {
                if c.is_control() && c != '\n' && c != '\t' {
                    '\u{FFFD}'
                } else {
                    c
                }
            })
            .collect();
        let before = t.total - bytes.len() as u64;
        if before > 0 {
            format!("[{before} bytes before] …{kept}")
        } else {
            kept
        }
    }

    /// [`StderrTail::text`] once the stream has closed, or after `wait` at the most.
    pub(crate) fn text_when_closed(&self, wait: Duration) -> String {
        let (lock, closed) = &*self.0;
        let guard = lock
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let _ = closed
            .wait_timeout_while(guard, wait, |t| !t.closed)
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        self.text()
    }
}

/// The handler that kills every live engine group when the program is ended by a signal.
#[cfg(unix)]
mod signals {
    use std::sync::atomic::{AtomicI32, Ordering};
    use std::sync::Once;

    /// The live engine groups (0: a free slot). A fixed table of atomics, so that the handler
    /// reads it without a lock (a handler may only do async-signal-safe things). A group that
    /// finds no free slot is still killed by its owner; only the signal handler misses it.
    static GROUPS: [AtomicI32; 512] = [const { AtomicI32::new(0) }; 512];

    const SIGNALS: [libc::c_int; 4] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT];

    pub(super) fn register(group: i32) {
        for slot in &GROUPS {
            if slot
                .compare_exchange(0, group, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
            {
                return;
            }
        }
    }

    pub(super) fn unregister(group: i32) {
        for slot in &GROUPS {
            if slot
                .compare_exchange(group, 0, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
            {
                return;
            }
        }
    }

    extern "C" fn on_signal(signal: libc::c_int) {
        for slot in &GROUPS {
            let group = slot.load(Ordering::SeqCst);
            if group > 0 {
                // SAFETY: killpg is async-signal-safe.
                unsafe {
                    libc::killpg(group, libc::SIGKILL);
                }
            }
        }
        // Die of the signal, as the default action would have: signal and raise are
        // async-signal-safe.
        // SAFETY: resetting a signal to its default action and raising it.
        unsafe {
            libc::signal(signal, libc::SIG_DFL);
            libc::raise(signal);
        }
    }

    /// Installs [`on_signal`] for each signal whose action is still the default (a program
    /// with its own handler, or one that ignores a signal, keeps it).
    pub(super) fn install() {
        static ONCE: Once = Once::new();
        ONCE.call_once(|| {
            for signal in SIGNALS {
                // SAFETY: sigaction reads and writes the zeroed structs given; the handler only
                // calls async-signal-safe functions.
                unsafe {
                    let mut old: libc::sigaction = std::mem::zeroed();
                    if libc::sigaction(signal, std::ptr::null(), &mut old) != 0
                        || old.sa_sigaction != libc::SIG_DFL
                    {
                        continue;
                    }
                    let mut new: libc::sigaction = std::mem::zeroed();
                    new.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as usize;
                    libc::sigemptyset(&mut new.sa_mask);
                    new.sa_flags = libc::SA_RESTART;
                    libc::sigaction(signal, &new, std::ptr::null_mut());
                }
            }
        });
    }
}
