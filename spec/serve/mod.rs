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
pub mod budget;
pub mod http;
pub mod page;
pub mod records;
pub mod spec_html;

pub use budget::{internal_error, panic_message, Budget, Config, PerftSlot, DEFAULT_PORT};

use crate::registry::{GameCommand, GameId, Registered};
use api::{ApiError, Ask, Params, Question};
use http::{Limits, Method, Request, Response};
use std::io;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

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
                    &format!("<p>{}</p>", page::escape(&message)),
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
            let game = match game.parse::<GameId>() {
                Ok(game) => game,
                Err(e) => {
                    let e = ApiError::from(e);
                    return Response::error(e.status, &e.message);
                }
            };
            let owned = budget.clone();
            let answer = budget.ask(move |deadline| {
                game.run(Ask {
                    question,
                    params: &params,
                    budget: &owned,
                    deadline,
                })
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
                GameId::names().join(", ")
            ),
        ),
    }
}

/// `/api/<game>/records` (the list) and `/api/<game>/records/<id>` (one, ply by ply).
fn records_answer(game: &str, id: Option<&str>) -> Response {
    struct Records<'a>(Option<&'a str>);
    impl GameCommand for Records<'_> {
        type Output = Response;
        fn run<G: Registered>(self) -> Response {
            match self.0 {
                None => Response::json(200, &records::list::<G>()),
                Some(id) => match records::record::<G>(id) {
                    Ok(doc) => Response::json(200, &doc),
                    Err(e) => Response::error(e.status, &e.message),
                },
            }
        }
    }
    match game.parse::<GameId>() {
        Ok(game) => game.run(Records(id)),
        Err(e) => {
            let e = ApiError::from(e);
            Response::error(e.status, &e.message)
        }
    }
}
