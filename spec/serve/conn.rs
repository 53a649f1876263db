//! One connection: hyper reads its requests and writes the answers (HTTP/1.1, kept open between
//! requests), bounded as [`Limits`] says; each request is checked ([`super::guard`]), its body
//! read within its bounds, and answered by [`super::routes`].
//!
//! A connection is a task on the server's one runtime thread: waiting for a client, however
//! slow or idle, costs no worker. The bounds, layer by layer:
//! - the head: at most [`Limits::max_head`] bytes and [`Limits::max_headers`] headers (hyper
//!   answers 431), within [`Limits::read_time`] from the moment the server waits for it — on a
//!   new connection, and on a kept-open one after each answer (else hyper closes the
//!   connection: a client that sends nothing, or a byte a second, is let go);
//! - the body: at most [`Limits::max_body`] bytes (413), within the read time (408);
//! - the answer: written whole within [`Limits::write_time`], however slowly the client reads
//!   ([`WriteDeadline`]; else the connection is closed);
//! - a panic while answering is answered 500 and stays in its request.

use super::budget::{internal_error, ApiError, Budget};
use super::guard::{self, Hosts};
use super::http::{split_target, Limits, Method, Request, Response};
use super::routes;
use super::stats::Stats;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::header::{self, HeaderMap};
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::{poll_fn, Future};
use std::io;
use std::net::IpAddr;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::pin::Pin;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio::time::Sleep;

/// What every connection shares.
#[derive(Debug)]
pub struct Shared {
    pub budget: Arc<Budget>,
    pub limits: Limits,
    pub hosts: Hosts,
    pub stats: Arc<Stats>,
}

/// Serves one connection until the client closes it, a bound closes it, or `stop` turns true
/// (then the request being answered is answered, and the connection closed: hyper's graceful
/// shutdown).
pub async fn serve(stream: TcpStream, shared: Arc<Shared>, mut stop: watch::Receiver<bool>) {
    let _ = stream.set_nodelay(true);
    let local = stream.local_addr().ok().map(|a| a.ip());
    let limits = shared.limits;
    let io = TokioIo::new(WriteDeadline::new(stream, limits.write_time));
    let service = hyper::service::service_fn(move |request| {
        let shared = shared.clone();
        async move { Ok::<_, std::convert::Infallible>(answer(request, &shared, local).await) }
    });
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.read_time)
        .max_headers(limits.max_headers)
        .max_header_size(limits.max_head)
        // hyper's least buffer is 8 KiB; a head that does not fit is answered 431.
        .max_buf_size(limits.max_head.max(8 * 1024))
        // A client that shuts its writing side after its request still gets the answer.
        .half_close(true);
    let connection = builder.serve_connection(io, service);
    let mut connection = std::pin::pin!(connection);
    let stopping = stop.wait_for(|stop| *stop);
    let mut stopping = std::pin::pin!(stopping);
    let mut shutting = false;
    let _ = poll_fn(|cx| {
        if !shutting && stopping.as_mut().poll(cx).is_ready() {
            shutting = true;
            connection.as_mut().graceful_shutdown();
        }
        connection.as_mut().poll(cx)
    })
    .await;
}

/// Answers one request (never fails: every error is an answer), and counts it.
async fn answer(
    request: hyper::Request<Incoming>,
    shared: &Shared,
    local: Option<IpAddr>,
) -> hyper::Response<Full<Bytes>> {
    let stats = &shared.stats;
    let response = match CatchUnwind(Box::pin(respond(request, shared, local))).await {
        Ok(response) => response,
        Err(payload) => {
            stats.panics.fetch_add(1, Ordering::Relaxed);
            let e = internal_error(&*payload);
            Response::error(e.status, &e.message)
        }
    };
    stats.answered.fetch_add(1, Ordering::Relaxed);
    if response.status >= 400 {
        stats.client_errors.fetch_add(1, Ordering::Relaxed);
    }
    if response.status == 503 || response.status == 429 {
        stats.rejected_busy.fetch_add(1, Ordering::Relaxed);
    }
    to_hyper(response)
}

/// The one value of header `name`, if any.
///
/// # Errors
/// 400 when it is given twice or is not text.
fn one(headers: &HeaderMap, name: header::HeaderName) -> Result<Option<&str>, ApiError> {
    let mut values = headers.get_all(&name).iter();
    let Some(value) = values.next() else {
        return Ok(None);
    };
    if values.next().is_some() {
        return Err(ApiError::bad(format!("the header {name} is given twice")));
    }
    value
        .to_str()
        .map(Some)
        .map_err(|_| ApiError::bad(format!("the header {name} is not text")))
}

/// Checks a request and reads its body; then [`routes::respond`] answers it.
async fn respond(
    request: hyper::Request<Incoming>,
    shared: &Shared,
    local: Option<IpAddr>,
) -> Response {
    // The request's time limit counts from here: the wait for a worker is part of it.
    let deadline = Instant::now() + shared.budget.question_time;
    match checked(request, shared, local).await {
        Ok(request) => routes::respond(request, &shared.budget, deadline).await,
        Err(e) => {
            let mut response = Response::error(e.status, &e.message);
            if e.status == 405 {
                response
                    .headers
                    .push(("Allow", "GET, HEAD, POST".to_string()));
            }
            response
        }
    }
}

/// The request as the routes see it, once it passed every check: its method, Host and Origin
/// ([`super::guard`]), its target, and for a `POST` to the API its body.
async fn checked(
    request: hyper::Request<Incoming>,
    shared: &Shared,
    local: Option<IpAddr>,
) -> Result<Request, ApiError> {
    let (head, body) = request.into_parts();
    let method = match head.method {
        hyper::Method::GET => Method::Get,
        hyper::Method::HEAD => Method::Head,
        hyper::Method::POST => Method::Post,
        ref other => {
            return Err(ApiError {
                status: 405,
                message: format!(
                    "the method {:?} is not answered here; use GET, HEAD or POST",
                    other.as_str().chars().take(16).collect::<String>()
                ),
            })
        }
    };
    let headers = &head.headers;
    let host = one(headers, header::HOST)?;
    shared
        .hosts
        .check_host(host, head.version == hyper::Version::HTTP_11, local)?;
    shared
        .hosts
        .check_origin(one(headers, header::ORIGIN)?, host)?;
    if head.uri.scheme().is_some() || head.uri.authority().is_some() {
        return Err(ApiError::bad(
            "malformed request: the request target must start with '/' (this server is no proxy)",
        ));
    }
    let target = head.uri.path_and_query().map_or("", |t| t.as_str());
    let (path, query) =
        split_target(target).map_err(|why| ApiError::bad(format!("malformed request: {why}")))?;
    let api = path.split('/').find(|s| !s.is_empty()) == Some("api");
    let mut text = String::new();
    if api {
        let site = header::HeaderName::from_static("sec-fetch-site");
        guard::check_fetch_site(one(headers, site)?)?;
        if method == Method::Post {
            text = read_body(headers, body, &shared.limits).await?;
        }
    }
    Ok(Request {
        method,
        path,
        query,
        body: text,
    })
}

/// Reads the JSON body of a `POST` within [`Limits::max_body`] and [`Limits::read_time`].
///
/// # Errors
/// 411 without a length (or chunks), 415 when it is not said to be JSON, 413 when too large, 408
/// when too slow, 400 when not UTF-8 or the connection failed.
async fn read_body(
    headers: &HeaderMap,
    body: Incoming,
    limits: &Limits,
) -> Result<String, ApiError> {
    let status = |status: u16, message: String| ApiError { status, message };
    let length = one(headers, header::CONTENT_LENGTH)?;
    if length.is_none() && !headers.contains_key(header::TRANSFER_ENCODING) {
        return Err(status(
            411,
            "a POST needs a Content-Length (or a chunked body)".to_string(),
        ));
    }
    guard::check_content_type(one(headers, header::CONTENT_TYPE)?)?;
    let too_large = |length: Option<u64>| {
        let size = length.map_or(String::new(), |n| format!(" of {n} bytes"));
        status(
            413,
            format!(
                "the request body{size} is too large (at most {} bytes)",
                limits.max_body
            ),
        )
    };
    // hyper has checked that a Content-Length is a number.
    if let Some(n) = length.and_then(|l| l.trim().parse::<u64>().ok()) {
        if n > limits.max_body as u64 {
            return Err(too_large(Some(n)));
        }
    }
    let reading = Limited::new(body, limits.max_body).collect();
    let bytes = match tokio::time::timeout(limits.read_time, reading).await {
        Err(_) => {
            return Err(status(
                408,
                format!(
                    "the request body took too long to arrive (at most {} s)",
                    limits.read_time.as_secs_f64()
                ),
            ))
        }
        Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => return Err(too_large(None)),
        Ok(Err(e)) => return Err(ApiError::bad(format!("cannot read the body: {e}"))),
        Ok(Ok(collected)) => collected.to_bytes(),
    };
    String::from_utf8(bytes.to_vec())
        .map_err(|_| ApiError::bad("malformed request: the body is not UTF-8"))
}

/// The headers every answer carries: nothing cached, nothing sniffed, nothing from elsewhere on
/// the pages, no page of another site framing them or reading their resources.
const SECURITY_HEADERS: [(&str, &str); 4] = [
    ("cache-control", "no-store"),
    ("x-content-type-options", "nosniff"),
    (
        "content-security-policy",
        "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
    ),
    ("cross-origin-resource-policy", "same-origin"),
];

/// hyper's response for ours (hyper adds `Content-Length`, and leaves the body out for `HEAD`).
fn to_hyper(response: Response) -> hyper::Response<Full<Bytes>> {
    let mut builder = hyper::Response::builder()
        .status(response.status)
        .header(header::CONTENT_TYPE, response.content_type);
    for (name, value) in SECURITY_HEADERS {
        builder = builder.header(name, value);
    }
    for (name, value) in &response.headers {
        builder = builder.header(*name, value.as_str());
    }
    builder
        .body(Full::new(Bytes::from(response.body)))
        .unwrap_or_else(|e| {
            let mut r = hyper::Response::new(Full::new(Bytes::from(format!(
                "{{\"error\":\"cannot write the answer: {e}\",\"status\":500}}"
            ))));
            *r.status_mut() = hyper::StatusCode::INTERNAL_SERVER_ERROR;
            r
        })
}

/// A future that answers a panic of the future it runs with the panic's payload, so that one
/// request's bug is that request's 500 and nothing more.
struct CatchUnwind<F>(Pin<Box<F>>);

impl<F: Future> Future for CatchUnwind<F> {
    type Output = Result<F::Output, Box<dyn std::any::Any + Send>>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let inner = self.0.as_mut();
        match catch_unwind(AssertUnwindSafe(|| inner.poll(cx))) {
            Ok(Poll::Pending) => Poll::Pending,
            Ok(Poll::Ready(value)) => Poll::Ready(Ok(value)),
            Err(payload) => Poll::Ready(Err(payload)),
        }
    }
}

/// A socket whose writes must be done in time: from the first write of an answer until hyper
/// has handed all of it to the socket (its flush), at most the write time may pass, however
/// little the client reads each time; then writing fails and the connection is closed.
pub struct WriteDeadline<S> {
    inner: S,
    write_time: Duration,
    /// Armed at an answer's first write, disarmed when hyper flushes it whole.
    deadline: Option<Pin<Box<Sleep>>>,
}

impl<S> WriteDeadline<S> {
    pub fn new(inner: S, write_time: Duration) -> WriteDeadline<S> {
        WriteDeadline {
            inner,
            write_time,
            deadline: None,
        }
    }

    /// `Pending` from the socket: an error if the deadline passed, else `Pending` (woken by the
    /// socket or by the deadline, whichever comes first).
    fn pending<T>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        let write_time = self.write_time;
        let deadline = self
            .deadline
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(write_time)));
        match deadline.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client read the answer too slowly",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }

    fn arm(&mut self) {
        if self.deadline.is_none() {
            self.deadline = Some(Box::pin(tokio::time::sleep(self.write_time)));
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for WriteDeadline<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for WriteDeadline<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        this.arm();
        if let Some(deadline) = this.deadline.as_mut() {
            if deadline.as_mut().poll(cx).is_ready() {
                return this.pending(cx);
            }
        }
        match Pin::new(&mut this.inner).poll_write(cx, buf) {
            Poll::Pending => this.pending(cx),
            ready => ready,
        }
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        this.arm();
        if let Some(deadline) = this.deadline.as_mut() {
            if deadline.as_mut().poll(cx).is_ready() {
                return this.pending(cx);
            }
        }
        match Pin::new(&mut this.inner).poll_write_vectored(cx, bufs) {
            Poll::Pending => this.pending(cx),
            ready => ready,
        }
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        match Pin::new(&mut this.inner).poll_flush(cx) {
            Poll::Ready(Ok(())) => {
                // hyper flushes the socket once its own buffer is written: the answer is out.
                this.deadline = None;
                Poll::Ready(Ok(()))
            }
            Poll::Pending => this.pending(cx),
            error => error,
        }
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    /// A client that keeps reading, but slowly, cannot hold the writer past the write time: the
    /// whole answer is bounded, not each write call (issue 20).
    #[test]
    fn a_slow_reader_cannot_hold_the_writer() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let stop = done.clone();
        let reader = std::thread::spawn(move || {
            let mut client = std::net::TcpStream::connect(addr).unwrap();
            let mut buf = [0u8; 4096];
            let mut total = 0;
            // 4 KiB every 20 ms: always some progress, about 200 KiB a second.
            while !stop.load(Ordering::SeqCst) {
                match client.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => total += n,
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            total
        });
        let (stream, _) = listener.accept().unwrap();
        stream.set_nonblocking(true).unwrap();
        // 16 MiB: more than the socket buffers hold, and far more than the reader takes in the
        // write time (writing it all at the reader's pace would take over a minute).
        let answer = vec![b'x'; 16 << 20];
        let (result, took) = runtime.block_on(async {
            let stream = TcpStream::from_std(stream).unwrap();
            let mut io = WriteDeadline::new(stream, Duration::from_millis(500));
            let started = Instant::now();
            let mut left = &answer[..];
            let result = loop {
                if left.is_empty() {
                    break poll_fn(|cx| Pin::new(&mut io).poll_flush(cx)).await;
                }
                match poll_fn(|cx| Pin::new(&mut io).poll_write(cx, left)).await {
                    Ok(n) => left = &left[n..],
                    Err(e) => break Err(e),
                }
            };
            (result, started.elapsed())
        });
        done.store(true, Ordering::SeqCst);
        assert_eq!(result.map_err(|e| e.kind()), Err(io::ErrorKind::TimedOut));
        assert!(
            took < Duration::from_secs(3),
            "the writer was held {took:?}"
        );
        let read = reader.join().unwrap();
        assert!(read > 0 && read < 16 << 20, "{read}");
    }
}
