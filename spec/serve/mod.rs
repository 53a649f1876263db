//! `fairyspec serve`: the specification as a local web page — a board per game drawn from the
//! reference generator (click a piece: its legal moves; click a target: the move is played),
//! SPEC.md with an anchor per rule, and the JSON API the page uses ([`api`]).
//!
//! ```text
//! fairyspec serve [--bind ADDR] [--port N] [--allow-host HOST]   (default 127.0.0.1:8754)
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
//! **The stack.** hyper speaks HTTP/1.1 on a single-threaded tokio runtime ([`server`],
//! [`conn`]): every connection is a task, so an idle or trickling client costs no worker and
//! stalls nobody. Computations — a page drawn, a record replayed, a question answered — run on a
//! bounded pool of threads ([`Budget::compute`]). The routes ([`routes`]) see plain
//! [`http::Request`]s and answer [`http::Response`]s.
//!
//! **Bounds.** The server is made to be left running on a desk, and to survive a hostile
//! client all the same:
//! - it listens on 127.0.0.1 unless `--bind` says otherwise, and prints where it listens;
//! - it answers only to its own names and its own pages ([`guard`]): a request must name the
//!   server in its `Host` (a loopback name, the address it listens on, or a name given with
//!   `--allow-host`, with its port: else 403, which defeats DNS rebinding); a browser's request
//!   from another site's page (its `Origin`, or for the API its `Sec-Fetch-Site`) is refused
//!   (403); a `POST`'s body must be `application/json` (else 415) — so a page the user visits
//!   can neither make the server compute nor read its answers;
//! - at most [`Config::max_connections`] connections are open at once (one more gets 503 and is
//!   closed); a connection's request head must arrive within [`http::Limits::read_time`] of the
//!   server waiting for it, the first one or the next on a kept-open connection (else it is
//!   closed), and be at most 8 KiB with 32 headers (else 431); a body at most 16 KiB (413),
//!   within the read time (408);
//! - every request is due [`Config::question_time`] after it arrived, the wait for a worker
//!   included: [`Config::workers`] computations run at once, at most [`Config::queue`] requests
//!   wait for one, and a request that cannot be answered in time — no worker free, the queue
//!   full, the computation late — is answered 503 with `Retry-After`, while a late computation
//!   finishes in the background on its worker (it checks its deadline where it can), so late
//!   ones cannot pile up;
//! - every question is bounded ([`api`]): at most 1024 moves played before it, text of at most
//!   1024 characters, perft at most depth 12 and within a time and node budget ([`Budget`]),
//!   one perft at a time (the next waits for it within its own time, holding no worker); a perft
//!   stopped by that budget is answered 503 with `Retry-After`, like every answer the server's
//!   limits stop;
//! - the whole response is written within [`http::Limits::write_time`], however slowly the
//!   client reads ([`conn::WriteDeadline`]);
//! - a request whose handling panics is answered 500 with the panic's message, and the server
//!   goes on: the release profile unwinds (`panic = "unwind"` in Cargo.toml), and a request's
//!   handling and its computation are both guarded — a panic is a bug, but one bug must not take
//!   the server down with every other client's request;
//! - no path from a request reaches the file system: the pages, the script, the style sheet and
//!   SPEC.md are compiled in, SPEC.md's diagrams are drawn by the generator, and a path names
//!   one of them or nothing (404);
//! - a bad FEN, move, switch or parameter is answered 400 with the reason in words, never a
//!   panic.

pub mod api;
pub mod budget;
pub mod conn;
pub mod guard;
pub mod http;
pub mod page;
pub mod records;
pub mod routes;
pub mod server;
pub mod spec_html;
pub mod stats;

pub use budget::{
    internal_error, panic_message, ApiError, Budget, Config, PerftSlot, DEFAULT_PORT,
};
pub use server::{Server, StopHandle};
pub use stats::Stats;
