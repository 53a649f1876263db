//! Counts of what the server did and holds now ([`Stats`]), for tests and the log.

use std::sync::atomic::AtomicU64;

/// Counts of what the server did, and gauges of what it holds now.
#[derive(Debug, Default)]
pub struct Stats {
    pub answered: AtomicU64,
    /// Answers 503 (and connections over [`super::Config::max_connections`], closed).
    pub rejected_busy: AtomicU64,
    pub client_errors: AtomicU64,
    /// Requests answered 500 because their handling panicked.
    pub panics: AtomicU64,
    /// Connections open now.
    pub open_connections: AtomicU64,
    /// Requests waiting now for a worker or for the perft slot ([`super::Config::queue`]).
    pub waiting: AtomicU64,
    /// Computations running now, each on a worker ([`super::Config::workers`]), late ones
    /// included.
    pub computing: AtomicU64,
}
