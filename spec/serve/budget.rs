//! What the server lets one request spend: its configuration ([`Config`]), the time and node
//! budget of its questions and the one perft slot ([`Budget`]), and the error a question is
//! answered with ([`ApiError`]).

use super::http::Limits;
use crate::registry::{self, InputError};
use std::net::SocketAddr;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// Why a question cannot be answered: status 400 (or 503 when the server is busy) and the words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    pub status: u16,
    pub message: String,
}

impl ApiError {
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 400,
            message: message.into(),
        }
    }
}

impl From<InputError> for ApiError {
    fn from(e: InputError) -> ApiError {
        match e {
            InputError::Fen { fen, message } => ApiError::bad(format!("fen {fen:?}: {message}")),
            _ => ApiError::bad(e.to_string()),
        }
    }
}

impl From<registry::UnknownGame> for ApiError {
    fn from(e: registry::UnknownGame) -> ApiError {
        ApiError {
            status: 404,
            message: e.to_string(),
        }
    }
}

/// The port `fairyspec serve` listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 8754;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen (default `127.0.0.1:8754`).
    pub addr: SocketAddr,
    /// Threads answering requests.
    pub workers: usize,
    /// Connections that may wait for a worker; more are answered 503 at once.
    pub queue: usize,
    /// The bounds of one request.
    pub limits: Limits,
    /// Time limit of one perft request.
    pub perft_time: Duration,
    /// Node budget of one perft request.
    pub perft_nodes: u64,
    /// Time limit of one question of the API (any of them, perft included: the moves it plays
    /// first, then the answer); over it the answer is 503.
    pub question_time: Duration,
    /// For tests of the panic guard only: `GET /api/_fault/panic` panics. Off by default.
    pub panic_route: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], DEFAULT_PORT)),
            workers: 4,
            queue: 64,
            limits: Limits::default(),
            perft_time: Duration::from_secs(5),
            perft_nodes: 500_000_000,
            question_time: Duration::from_secs(10),
            panic_route: false,
        }
    }
}

/// What the perft of one request may spend, and the slot that lets one perft run at a time
/// (others wait for it, at most their own time limit); what one question may spend, and how many
/// question threads may run at once.
#[derive(Debug)]
pub struct Budget {
    pub perft_time: Duration,
    pub perft_nodes: u64,
    perft_busy: Mutex<bool>,
    perft_free: Condvar,
    /// The time limit of one question ([`Config::question_time`]).
    pub question_time: Duration,
    /// The most question threads running at once, abandoned ones included (twice the workers:
    /// each worker's own, and as many late ones still finishing).
    pub max_questions: usize,
    questions: AtomicUsize,
    /// Whether the fault route of [`Config::panic_route`] is on.
    pub panic_route: bool,
}

/// A question thread's claim on [`Budget::max_questions`], given back when the thread ends
/// (also by unwinding).
struct QuestionSlot(Arc<Budget>);

impl Drop for QuestionSlot {
    fn drop(&mut self) {
        self.0.questions.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The text of a panic's payload.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string())
}

/// The answer to a request whose handling panicked: 500, with the panic's message.
pub fn internal_error(payload: &(dyn std::any::Any + Send)) -> ApiError {
    ApiError {
        status: 500,
        message: format!(
            "internal error (a bug in fairyspec; the server goes on): {}",
            panic_message(payload)
        ),
    }
}

impl Budget {
    pub fn new(perft_time: Duration, perft_nodes: u64) -> Budget {
        Budget {
            perft_time,
            perft_nodes,
            perft_busy: Mutex::new(false),
            perft_free: Condvar::new(),
            question_time: Config::default().question_time,
            max_questions: 2 * Config::default().workers,
            questions: AtomicUsize::new(0),
            panic_route: false,
        }
    }

    /// The budget of a server with `config`.
    pub fn of(config: &Config) -> Budget {
        Budget {
            question_time: config.question_time,
            max_questions: 2 * config.workers.max(1),
            panic_route: config.panic_route,
            ..Budget::new(config.perft_time, config.perft_nodes)
        }
    }

    /// Runs `question` on a thread of its own, which it is given the deadline of, and waits for
    /// its answer until that deadline ([`Budget::question_time`] from now). A question that is
    /// late is answered 503 and left to finish in the background (a computation cannot be
    /// stopped from outside; long ones check the deadline themselves where they can); one that
    /// panics is answered 500. While [`Budget::max_questions`] threads are running, late ones
    /// included, a new question is answered 503 at once.
    ///
    /// # Errors
    /// [`ApiError`]: the question's own, 503 when late or busy, 500 for a panic.
    pub fn ask<T: Send + 'static>(
        self: &Arc<Self>,
        question: impl FnOnce(Instant) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let running = self.questions.fetch_add(1, Ordering::SeqCst);
        let slot = QuestionSlot(self.clone());
        if running >= self.max_questions {
            return Err(ApiError {
                status: 503,
                message: "the server is busy with long questions; try again in a moment"
                    .to_string(),
            });
        }
        let deadline = Instant::now() + self.question_time;
        let (tx, rx) = mpsc::sync_channel(1);
        let spawned = thread::Builder::new()
            .name("serve-question".to_string())
            .spawn(move || {
                let answer = catch_unwind(AssertUnwindSafe(|| question(deadline)))
                    .unwrap_or_else(|payload| Err(internal_error(&*payload)));
                // Free the slot before answering, so that the worker's next question finds it.
                drop(slot);
                let _ = tx.send(answer);
            });
        if let Err(e) = spawned {
            return Err(ApiError {
                status: 503,
                message: format!("cannot start a thread for the question: {e}"),
            });
        }
        match rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(answer) => answer,
            Err(mpsc::RecvTimeoutError::Timeout) => Err(ApiError {
                status: 503,
                message: format!(
                    "the question takes longer than the time limit of one question ({} s); ask for less",
                    self.question_time.as_secs_f64()
                ),
            }),
            Err(mpsc::RecvTimeoutError::Disconnected) => Err(ApiError {
                status: 500,
                message: "internal error: the question ended without an answer".to_string(),
            }),
        }
    }

    /// Waits up to `wait` for the perft slot; `None` if it stayed taken.
    pub fn perft_slot(&self, wait: Duration) -> Option<PerftSlot<'_>> {
        let deadline = std::time::Instant::now() + wait;
        let mut busy = self.perft_busy.lock().ok()?;
        while *busy {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                return None;
            }
            busy = self.perft_free.wait_timeout(busy, left).ok()?.0;
        }
        *busy = true;
        Some(PerftSlot { budget: self })
    }
}

/// The perft slot, while held.
pub struct PerftSlot<'a> {
    budget: &'a Budget,
}

impl Drop for PerftSlot<'_> {
    fn drop(&mut self) {
        if let Ok(mut busy) = self.budget.perft_busy.lock() {
            *busy = false;
        }
        self.budget.perft_free.notify_one();
    }
}
