//! What the server lets one request spend: its configuration ([`Config`]); the workers that
//! compute and the bounded wait for one ([`Budget::compute`]); the time and node budget of a perft
//! and the one perft slot ([`Budget::perft_slot`]); and the error a question is answered with
//! ([`ApiError`]).
//!
//! Every answer that takes computing — a page drawn, a game record replayed, a question of the
//! API — runs on a thread of tokio's blocking pool, and only while it holds one of
//! [`Config::workers`] permits. The permit goes with the computation, not with the request: a
//! computation whose request was answered 503 for being late still holds its permit until it
//! ends (each one checks the deadline it was given where it can, perft and the moves a request
//! plays among them), so late computations can never pile up beyond the workers. A request waits
//! for a permit only until its own deadline, which counts from its arrival: the wait is part of
//! the time it is given, and at most [`Config::queue`] requests wait at once.

use super::http::Limits;
use super::stats::Stats;
use crate::registry::{self, InputError};
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Why a question cannot be answered: status 400 for bad input, 503 when the server's limits
/// stop it (busy, late, over a budget), 500 for a bug; and the words.
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

    /// 503: the server's limits stopped the question (the answer carries `Retry-After`).
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 503,
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
    /// Computations running at once ([`Budget::compute`]): pages drawn, records replayed,
    /// questions answered. Connections cost no worker.
    pub workers: usize,
    /// Requests that may wait for a worker (or for the perft slot) at once; more are answered
    /// 503 at once.
    pub queue: usize,
    /// Connections open at once; one more is answered 503 and closed.
    pub max_connections: usize,
    /// The bounds of one request.
    pub limits: Limits,
    /// Time limit of one perft request.
    pub perft_time: Duration,
    /// Node budget of one perft request.
    pub perft_nodes: u64,
    /// Time limit of one request, counted from its arrival: the wait for a worker, then the
    /// computation (for a question: the moves it plays first, then the answer). Over it the
    /// answer is 503.
    pub question_time: Duration,
    /// Host names the server answers to besides the loopback names and the address it listens
    /// on (`serve --allow-host`): `name` (with the server's port) or `name:port`.
    pub allowed_hosts: Vec<String>,
    /// For tests of the panic guard only: `GET /api/_fault/panic` panics. Off by default.
    pub panic_route: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], DEFAULT_PORT)),
            workers: 4,
            queue: 64,
            max_connections: 2048,
            limits: Limits::default(),
            perft_time: Duration::from_secs(5),
            perft_nodes: 500_000_000,
            question_time: Duration::from_secs(10),
            allowed_hosts: Vec::new(),
            panic_route: false,
        }
    }
}

/// What a request may spend: the workers and the queue before them, the time limit of one
/// request, the perft budget and the one perft slot.
#[derive(Debug)]
pub struct Budget {
    pub perft_time: Duration,
    pub perft_nodes: u64,
    /// The time limit of one request ([`Config::question_time`]).
    pub question_time: Duration,
    /// Whether the fault route of [`Config::panic_route`] is on.
    pub panic_route: bool,
    workers: Arc<Semaphore>,
    perft: Arc<Semaphore>,
    queue: usize,
    /// Counts the requests waiting ([`Stats::waiting`]).
    stats: Arc<Stats>,
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

/// One place in the queue of [`Budget`], given back when the wait ends (however it ends).
struct Waiting<'a>(&'a Stats);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.waiting.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A worker's permit while its computation runs, counted in [`Stats::computing`]; both given
/// back when it ends (also by a panic).
struct Computing(#[allow(dead_code)] OwnedSemaphorePermit, Arc<Stats>);

impl Drop for Computing {
    fn drop(&mut self) {
        self.1.computing.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The perft slot, while held ([`Budget::perft_slot`]).
#[derive(Debug)]
pub struct PerftSlot(#[allow(dead_code)] OwnedSemaphorePermit);

impl Budget {
    /// The budget of a server with `config`, counting in `stats`.
    pub fn of(config: &Config, stats: Arc<Stats>) -> Budget {
        Budget {
            perft_time: config.perft_time,
            perft_nodes: config.perft_nodes,
            question_time: config.question_time,
            panic_route: config.panic_route,
            workers: Arc::new(Semaphore::new(config.workers.max(1))),
            perft: Arc::new(Semaphore::new(1)),
            queue: config.queue,
            stats,
        }
    }

    /// A permit of `semaphore`, waited for until `until` at the latest, as one of the
    /// [`Config::queue`] requests that may wait at once; `what` names it in the 503.
    async fn wait(
        &self,
        semaphore: &Arc<Semaphore>,
        until: Instant,
        what: &str,
    ) -> Result<OwnedSemaphorePermit, ApiError> {
        if let Ok(permit) = semaphore.clone().try_acquire_owned() {
            return Ok(permit);
        }
        let queued = self.stats.waiting.fetch_add(1, Ordering::SeqCst);
        let _place = Waiting(&self.stats);
        if queued >= self.queue as u64 {
            return Err(ApiError::busy(format!(
                "the server is busy: {queued} requests already wait for {what}; try again in a moment"
            )));
        }
        let acquire = semaphore.clone().acquire_owned();
        match tokio::time::timeout_at(tokio::time::Instant::from_std(until), acquire).await {
            Ok(Ok(permit)) => Ok(permit),
            // The semaphores are never closed.
            Ok(Err(_)) => Err(ApiError::busy("the server is stopping")),
            Err(_) => Err(ApiError::busy(format!(
                "the server is busy: no {what} came free within the time limit of one question ({} s); try again in a moment",
                self.question_time.as_secs_f64()
            ))),
        }
    }

    /// The perft slot (one perft runs at a time), waited for at most [`Budget::perft_time`] and
    /// never past `deadline`.
    ///
    /// # Errors
    /// 503 when it stayed taken, or the queue is full.
    pub async fn perft_slot(&self, deadline: Instant) -> Result<PerftSlot, ApiError> {
        let until = deadline.min(Instant::now() + self.perft_time);
        self.wait(
            &self.perft,
            until,
            "the perft slot (one perft runs at a time)",
        )
        .await
        .map(PerftSlot)
    }

    /// Runs `work` on a thread of the blocking pool once a worker is free, and waits for its
    /// answer until `deadline` (the request's, counted from its arrival). `work` is given the
    /// deadline, to stop by itself when it can, and keeps its worker until it ends, answered or
    /// not. A panic in `work` is answered 500.
    ///
    /// # Errors
    /// `work`'s own; 503 when no worker came free before the deadline, when the queue is full,
    /// or when `work` is late; 500 for a panic.
    pub async fn compute<T: Send + 'static>(
        &self,
        deadline: Instant,
        work: impl FnOnce(Instant) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let worker = self.wait(&self.workers, deadline, "a worker").await?;
        let stats = self.stats.clone();
        stats.computing.fetch_add(1, Ordering::SeqCst);
        let running = tokio::task::spawn_blocking(move || {
            let _worker = Computing(worker, stats);
            work(deadline)
        });
        match tokio::time::timeout_at(tokio::time::Instant::from_std(deadline), running).await {
            Ok(Ok(answer)) => answer,
            Ok(Err(e)) if e.is_panic() => Err(internal_error(&*e.into_panic())),
            Ok(Err(_)) => Err(ApiError::busy("the server is stopping")),
            Err(_) => Err(ApiError::busy(format!(
                "the question takes longer than the time limit of one question ({} s), counted from its arrival; ask for less",
                self.question_time.as_secs_f64()
            ))),
        }
    }
}
