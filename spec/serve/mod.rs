//! `fairyspec serve`: the specification as a local web page — a board per game drawn from the
//! reference generator (click a piece: its legal moves; click a target: the move is played),
//! SPEC.md with an anchor per rule, and the JSON API the page uses ([`api`]).
//!
//! ```text
//! fairyspec serve [--bind ADDR] [--port N]      (default 127.0.0.1:8754)
//! ```
//!
//! | path | what |
//! |---|---|
//! | `/` | the list of games |
//! | `/play/<game>` | the board of one game |
//! | `/spec`, `/spec#KUMA-7.4` | SPEC.md, one anchor per rule ([`spec_html`]) |
//! | `/api/…` | JSON ([`api`]) |
//! | `/assets/…` | the page's script and style sheet, compiled into the binary |
//! | `/docs/diagrams/<game>/<piece>.svg` | SPEC.md's piece diagrams, drawn by [`crate::diagram`] on request |
//!
//! **Bounds.** The server is made to be left running on a desk, and to survive a hostile
//! client all the same:
//! - it listens on 127.0.0.1 unless `--bind` says otherwise, and prints where it listens;
//! - a fixed number of worker threads ([`Config::workers`]) answer one request per connection;
//!   connections beyond the workers wait in a bounded queue, and beyond that get 503 at once;
//! - every request is read within [`http::Limits`]: a time limit, a head of at most 8 KiB, a body
//!   of at most 16 KiB (else 408, 431, 413);
//! - every question is bounded ([`api`]): at most 1024 moves played before it, text of at most
//!   1024 characters, perft at most depth 12 and within a time and node budget ([`Budget`]),
//!   one perft at a time (the next waits at most its own time limit, else 503);
//! - every question (moves, play, perft, outcome, explain) runs on a thread of its own and is
//!   answered within [`Config::question_time`] — else 503, while the computation finishes in the
//!   background; at most twice [`Config::workers`] such threads run at once, so abandoned
//!   questions cannot pile up ([`Budget::ask`]);
//! - a request whose handling panics is answered 500 with the panic's message, and the server
//!   goes on: the release profile unwinds (`panic = "unwind"` in Cargo.toml) and each request and
//!   question runs under `catch_unwind` — a panic is a bug, but one bug must not take the
//!   server down with every other client's request;
//! - the whole response is written within [`http::Limits::write_time`], however slowly the
//!   client reads;
//! - no path from a request reaches the file system: the pages, the script, the style sheet and
//!   SPEC.md are compiled in, SPEC.md's diagrams are drawn by the generator, and a path names
//!   one of them or nothing (404);
//! - a bad FEN, move, switch or parameter is answered 400 with the reason in words, never a
//!   panic.

pub mod api;
pub mod http;
pub mod page;
pub mod records;
pub mod spec_html;

use crate::cli::games::{self, GAMES};
use api::{ApiError, Ask, Params, Question};
use http::{Limits, Method, Request, Response};
use std::io;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

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
fn internal_error(payload: &(dyn std::any::Any + Send)) -> ApiError {
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

/// Counts of what the server did (for tests and the log).
#[derive(Debug, Default)]
pub struct Stats {
    pub answered: AtomicU64,
    pub rejected_busy: AtomicU64,
    pub client_errors: AtomicU64,
    /// Requests answered 500 because their handling panicked.
    pub panics: AtomicU64,
}

/// A bound, not yet running server.
pub struct Server {
    listener: TcpListener,
    config: Config,
    stop: Arc<AtomicBool>,
    stats: Arc<Stats>,
}

/// Stops a running server from another thread.
#[derive(Clone)]
pub struct StopHandle {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
}

impl StopHandle {
    /// Asks the server to stop accepting; [`Server::run`] returns soon after.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop.
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_secs(1));
    }
}

impl Server {
    /// Binds the listening socket.
    ///
    /// # Errors
    /// The operating system's, e.g. the port is taken.
    pub fn bind(config: Config) -> io::Result<Server> {
        let listener = TcpListener::bind(config.addr)?;
        Ok(Server {
            listener,
            config,
            stop: Arc::new(AtomicBool::new(false)),
            stats: Arc::new(Stats::default()),
        })
    }

    /// Where it listens (the real port when the configuration asked for port 0).
    ///
    /// # Errors
    /// The operating system's.
    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// A handle that stops the server.
    ///
    /// # Errors
    /// The operating system's.
    pub fn stop_handle(&self) -> io::Result<StopHandle> {
        Ok(StopHandle {
            addr: self.local_addr()?,
            stop: self.stop.clone(),
        })
    }

    /// The server's counters.
    pub fn stats(&self) -> Arc<Stats> {
        self.stats.clone()
    }

    /// Accepts and answers connections until stopped.
    pub fn run(self) {
        let budget = Arc::new(Budget::of(&self.config));
        let (tx, rx): (SyncSender<TcpStream>, Receiver<TcpStream>) =
            mpsc::sync_channel(self.config.queue);
        let rx = Arc::new(Mutex::new(rx));
        let mut workers = Vec::new();
        for n in 0..self.config.workers.max(1) {
            let rx = rx.clone();
            let budget = budget.clone();
            let stats = self.stats.clone();
            let limits = self.config.limits;
            let spawned = thread::Builder::new()
                .name(format!("serve-{n}"))
                .spawn(move || loop {
                    let next = match rx.lock() {
                        Ok(guard) => guard.recv(),
                        Err(_) => return,
                    };
                    let Ok(stream) = next else { return };
                    // A panic outside the request's own guard (reading, writing) loses that
                    // connection only; the worker goes on with the next.
                    let handled = catch_unwind(AssertUnwindSafe(|| {
                        handle_connection(stream, &limits, &budget, &stats);
                    }));
                    if handled.is_err() {
                        stats.panics.fetch_add(1, Ordering::Relaxed);
                    }
                });
            match spawned {
                Ok(w) => workers.push(w),
                Err(e) => eprintln!("fairyspec serve: cannot start a worker thread: {e}"),
            }
        }
        for stream in self.listener.incoming() {
            if self.stop.load(Ordering::SeqCst) {
                break;
            }
            let Ok(stream) = stream else { continue };
            match tx.try_send(stream) {
                Ok(()) => {}
                Err(TrySendError::Full(mut stream)) => {
                    self.stats.rejected_busy.fetch_add(1, Ordering::Relaxed);
                    let busy = Response::error(503, "the server is busy; try again in a moment");
                    let _ = http::write_response(&mut stream, &busy, false, &self.config.limits);
                }
                Err(TrySendError::Disconnected(_)) => break,
            }
        }
        drop(tx);
        for w in workers {
            let _ = w.join();
        }
    }
}

/// Reads one request, answers it, closes the connection.
fn handle_connection(mut stream: TcpStream, limits: &Limits, budget: &Arc<Budget>, stats: &Stats) {
    let _ = stream.set_nodelay(true);
    let (response, head_only) = match http::read_request(&mut stream, limits) {
        Ok(request) => {
            let response = catch_unwind(AssertUnwindSafe(|| route(&request, budget)))
                .unwrap_or_else(|payload| {
                    stats.panics.fetch_add(1, Ordering::Relaxed);
                    let e = internal_error(&*payload);
                    Response::error(e.status, &e.message)
                });
            (response, request.method == Method::Head)
        }
        Err(e) => match e.response(limits) {
            Some(r) => (r, false),
            None => return,
        },
    };
    if response.status >= 400 {
        stats.client_errors.fetch_add(1, Ordering::Relaxed);
    }
    stats.answered.fetch_add(1, Ordering::Relaxed);
    let _ = http::write_response(&mut stream, &response, head_only, limits);
    // Let the client read the answer before the socket goes: drain what it may still send
    // (bounded in time, however it trickles), so that closing does not reset the connection
    // under its feet.
    let deadline = Instant::now() + Duration::from_millis(500);
    let mut sink = [0u8; 4096];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
            break;
        }
        match io::Read::read(&mut stream, &mut sink) {
            Ok(n) if n > 0 => continue,
            _ => break,
        }
    }
}

/// Answers a request. Paths name compiled-in pages and API questions, nothing else.
pub fn route(request: &Request, budget: &Arc<Budget>) -> Response {
    let path = request.path.as_str();
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    if segments.first() == Some(&"api") {
        return api_route(request, &segments[1..], budget);
    }
    if request.method == Method::Post {
        return method_not_allowed("GET, HEAD");
    }
    match segments[..] {
        [] => Response::html(page::index()),
        ["spec"] => Response::html(spec_html::spec_page()),
        ["play", game] => match page::play(game) {
            Ok(html) => Response::html(html),
            Err(message) => Response::new(
                404,
                "text/html; charset=utf-8",
                page::wrap(
                    "not found",
                    "",
                    &format!("<p>{}</p>", spec_html::escape(&message)),
                ),
            ),
        },
        ["assets", name] => match page::asset(name) {
            Some((content_type, body)) => Response::new(200, content_type, body),
            None => not_found(path),
        },
        ["docs", "diagrams", game, file] => match page::diagram(game, file) {
            Some(svg) => Response::new(200, "image/svg+xml", svg),
            None => not_found(path),
        },
        ["favicon.ico"] => Response::new(204, "image/x-icon", Vec::new()),
        _ => not_found(path),
    }
}

fn not_found(path: &str) -> Response {
    Response::error(
        404,
        &format!(
            "nothing at {:?}; try /, /play/<game>, /spec or /api/games",
            path.chars().take(80).collect::<String>()
        ),
    )
}

fn method_not_allowed(allow: &str) -> Response {
    let mut r = Response::error(405, &format!("use {allow} here"));
    r.headers.push(("Allow", allow.to_string()));
    r
}

fn api_route(request: &Request, segments: &[&str], budget: &Arc<Budget>) -> Response {
    let params = match request.method {
        Method::Post => Params::from_json(&request.body),
        Method::Get | Method::Head => Params::from_query(&request.query),
    };
    let params = match params {
        Ok(p) => p,
        Err(e) => return Response::error(e.status, &e.message),
    };
    match segments {
        ["games"] => Response::json(200, &api::games()),
        ["_fault", "panic"] if budget.panic_route => {
            panic!("the fault route /api/_fault/panic (Config::panic_route)")
        }
        ["_fault", "panic-question"] if budget.panic_route => {
            let answer = budget.ask(|_| -> Result<(), ApiError> {
                panic!("the fault route /api/_fault/panic-question (Config::panic_route)")
            });
            match answer {
                Ok(()) => Response::error(500, "the fault route did not panic"),
                Err(e) => Response::error(e.status, &e.message),
            }
        }
        [game, "records"] => records_answer(game, None),
        [game, "records", id] => records_answer(game, Some(id)),
        [game, question] => {
            let Some(question) = Question::parse(question) else {
                return Response::error(
                    404,
                    &format!(
                        "no question {:?}; the questions are moves, play, perft, outcome, explain",
                        question.chars().take(40).collect::<String>()
                    ),
                );
            };
            let game = game.to_string();
            let owned = budget.clone();
            let answer = budget.ask(move |deadline| {
                games::with_game(
                    &game,
                    Ask {
                        question,
                        params: &params,
                        budget: &owned,
                        deadline,
                    },
                )
                .map_err(ApiError::from)
                .and_then(|a| a)
            });
            match answer {
                Ok(doc) => Response::new(200, "application/json", doc),
                Err(e) => Response::error(e.status, &e.message),
            }
        }
        _ => Response::error(
            404,
            &format!(
                "no API at {:?}; try /api/games or /api/<game>/<moves|play|perft|outcome|explain> with <game> one of {}",
                request.path.chars().take(80).collect::<String>(),
                GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join(", ")
            ),
        ),
    }
}

/// `/api/<game>/records` (the list) and `/api/<game>/records/<id>` (one, ply by ply).
fn records_answer(game: &str, id: Option<&str>) -> Response {
    struct Records<'a>(Option<&'a str>);
    impl games::GameCommand for Records<'_> {
        type Output = Response;
        fn run<G: games::CliGame>(self) -> Result<Response, crate::cli::CliError> {
            Ok(match self.0 {
                None => Response::json(200, &records::list::<G>()),
                Some(id) => match records::record::<G>(id) {
                    Ok(doc) => Response::json(200, &doc),
                    Err(e) => Response::error(e.status, &e.message),
                },
            })
        }
    }
    match games::with_game(game, Records(id)) {
        Ok(r) => r,
        Err(e) => {
            let e = ApiError::from(e);
            Response::error(e.status, &e.message)
        }
    }
}
