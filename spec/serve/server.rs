//! The server: its listening socket, the runtime its connections run on, the accept loop, and
//! stopping it ([`StopHandle`]).
//!
//! One tokio runtime on the thread that calls [`Server::run`] holds every connection ([`conn`]):
//! waiting for a client costs a few hundred bytes, not a thread. Computations run on its blocking
//! pool, at most [`Config::workers`] at once ([`Budget::compute`]). At most
//! [`Config::max_connections`] connections are open at once; one more is answered 503 and closed.

use super::budget::{Budget, Config};
use super::conn::{self, Shared};
use super::guard::Hosts;
use super::stats::Stats;
use std::future::{poll_fn, Future};
use std::io;
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::task::Poll;
use std::time::{Duration, Instant};
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::runtime::Runtime;
use tokio::sync::{watch, Semaphore};

/// A bound, not yet running server.
pub struct Server {
    runtime: Runtime,
    listener: TcpListener,
    config: Config,
    hosts: Hosts,
    stop: Arc<watch::Sender<bool>>,
    stats: Arc<Stats>,
}

/// Stops a running server from another thread.
#[derive(Clone)]
pub struct StopHandle {
    stop: Arc<watch::Sender<bool>>,
}

impl StopHandle {
    /// Asks the server to stop: it accepts no more connections, answers the requests it is
    /// answering, closes every connection, and [`Server::run`] returns.
    pub fn stop(&self) {
        self.stop.send_replace(true);
    }
}

/// How many connections may wait in the kernel to be accepted.
const BACKLOG: u32 = 1024;

impl Server {
    /// Binds the listening socket.
    ///
    /// # Errors
    /// The operating system's, e.g. the port is taken; a name of
    /// [`Config::allowed_hosts`] that is no host name.
    pub fn bind(config: Config) -> io::Result<Server> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            // Only computations holding a worker's permit run on the blocking pool.
            .max_blocking_threads(config.workers.max(1))
            .thread_name("fairyspec-serve")
            .build()?;
        let listener = {
            let _inside = runtime.enter();
            let socket = match config.addr {
                SocketAddr::V4(_) => TcpSocket::new_v4()?,
                SocketAddr::V6(_) => TcpSocket::new_v6()?,
            };
            // As std's and tokio's own `bind`: a restarted server gets its port back at once.
            #[cfg(not(windows))]
            socket.set_reuseaddr(true)?;
            socket.bind(config.addr)?;
            socket.listen(BACKLOG)?
        };
        // The names it answers to carry the port it got (port 0 asks for any).
        let hosts = Hosts::new(listener.local_addr()?, &config.allowed_hosts)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
        Ok(Server {
            runtime,
            listener,
            config,
            hosts,
            stop: Arc::new(watch::channel(false).0),
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
    /// None today; kept for callers written when stopping needed the address.
    pub fn stop_handle(&self) -> io::Result<StopHandle> {
        Ok(StopHandle {
            stop: self.stop.clone(),
        })
    }

    /// The server's counters.
    pub fn stats(&self) -> Arc<Stats> {
        self.stats.clone()
    }

    /// Accepts and answers connections until stopped.
    pub fn run(self) {
        let Server {
            runtime,
            listener,
            config,
            hosts,
            stop,
            stats,
        } = self;
        let shared = Arc::new(Shared {
            budget: Arc::new(Budget::of(&config, stats.clone())),
            limits: config.limits,
            hosts,
            stats: stats.clone(),
        });
        let most = config.max_connections.clamp(1, Semaphore::MAX_PERMITS);
        let open = Arc::new(Semaphore::new(most));
        runtime.block_on(async {
            let mut stopped = stop.subscribe();
            let stopping = stopped.wait_for(|stop| *stop);
            let mut stopping = std::pin::pin!(stopping);
            let mut complained = None::<Instant>;
            loop {
                let next = poll_fn(|cx| {
                    if stopping.as_mut().poll(cx).is_ready() {
                        return Poll::Ready(None);
                    }
                    listener.poll_accept(cx).map(Some)
                })
                .await;
                let stream = match next {
                    None => break,
                    Some(Ok((stream, _))) => stream,
                    Some(Err(e)) => {
                        // Out of file descriptors, most likely: the connections open now go on,
                        // and accepting is tried again in a moment.
                        if complained.is_none_or(|t| t.elapsed() > Duration::from_secs(10)) {
                            eprintln!("fairyspec serve: cannot accept a connection: {e}");
                            complained = Some(Instant::now());
                        }
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                let Ok(permit) = open.clone().try_acquire_owned() else {
                    refuse(&stream);
                    stats.rejected_busy.fetch_add(1, Ordering::Relaxed);
                    continue;
                };
                let shared = shared.clone();
                let stop = stop.subscribe();
                stats.open_connections.fetch_add(1, Ordering::Relaxed);
                tokio::spawn(async move {
                    let _open = permit;
                    let _count = Open(shared.stats.clone());
                    conn::serve(stream, shared, stop).await;
                });
            }
            // No new connections; the open ones end their current answer and close. Each is
            // bounded (the read, question and write times), so this wait is too.
            drop(listener);
            let limits = config.limits;
            let drain = limits.read_time + config.question_time + limits.write_time;
            let all = u32::try_from(most).unwrap_or(u32::MAX);
            let _ = tokio::time::timeout(drain, open.acquire_many(all)).await;
        });
        // Late computations finish on their own (each checks its deadline); nobody waits.
        runtime.shutdown_background();
    }
}

/// One open connection in [`Stats::open_connections`], counted down when it ends.
struct Open(Arc<Stats>);

impl Drop for Open {
    fn drop(&mut self) {
        self.0.open_connections.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Answers a connection over [`Config::max_connections`]: 503, as far as the socket takes it
/// without waiting, then closed.
fn refuse(stream: &TcpStream) {
    let body = r#"{"error":"the server has too many connections open; try again in a moment","status":503}"#;
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         retry-after: {}\r\nconnection: close\r\n\r\n{body}",
        body.len(),
        super::http::RETRY_AFTER_SECONDS
    );
    let _ = stream.try_write(answer.as_bytes());
}
