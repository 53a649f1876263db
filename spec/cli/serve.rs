//! `fairyspec serve [--bind ADDR] [--port N]`: the web page and JSON API of [`crate::serve`].

use super::args;
use super::error::CliError;
use crate::serve::{Config, Server, DEFAULT_PORT};
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// The options `serve` accepts.
pub const SERVE_OPTIONS: &[&str] = &["bind", "port"];

/// Where `--bind` and `--port` say to listen: 127.0.0.1 and [`DEFAULT_PORT`] by default.
///
/// # Errors
/// [`CliError::Usage`] for an address or port that does not parse.
pub fn address(bind: Option<&str>, port: Option<&str>) -> Result<SocketAddr, CliError> {
    let ip = match bind {
        None => IpAddr::V4(Ipv4Addr::LOCALHOST),
        Some("localhost") => IpAddr::V4(Ipv4Addr::LOCALHOST),
        Some(text) => text.trim().parse::<IpAddr>().map_err(|_| {
            CliError::Usage(format!(
                "--bind must be an IP address (127.0.0.1, ::1, 0.0.0.0), not {text:?}"
            ))
        })?,
    };
    let port = match port {
        None => DEFAULT_PORT,
        Some(text) => args::number("--port", text, 0u16, u16::MAX)?,
    };
    Ok(SocketAddr::new(ip, port))
}

/// What to say about who can reach the server.
pub fn reach(addr: &SocketAddr) -> &'static str {
    if addr.ip().is_loopback() {
        "this machine only; --bind 0.0.0.0 to share it"
    } else {
        "WARNING: not only this machine — anyone who can reach this address can use the server"
    }
}

/// Runs `serve` from its words: `[--bind ADDR] [--port N]`.
///
/// # Errors
/// [`CliError::Usage`] for bad options, or those of [`serve`].
pub fn serve_command(rest: &[String], out: &mut dyn Write) -> Result<(), CliError> {
    let parsed = args::parse(rest, SERVE_OPTIONS)?;
    parsed.positionals::<0>([])?;
    serve(
        address(parsed.single("bind")?, parsed.single("port")?)?,
        out,
    )
}

/// Binds `addr`, prints where it listens and the URL, answers until the process is stopped.
///
/// # Errors
/// [`CliError::Usage`] if the address cannot be bound, [`CliError::Output`] if printing fails.
pub fn serve(addr: SocketAddr, out: &mut dyn Write) -> Result<(), CliError> {
    let config = Config {
        addr,
        ..Config::default()
    };
    let server = Server::bind(config)
        .map_err(|e| CliError::Usage(format!("cannot listen on {addr}: {e}")))?;
    let local = server.local_addr()?;
    let host = match local.ip() {
        IpAddr::V6(ip) => format!("[{ip}]"),
        IpAddr::V4(ip) if ip.is_unspecified() => "127.0.0.1".to_string(),
        IpAddr::V4(ip) => ip.to_string(),
    };
    writeln!(
        out,
        "fairyspec serve: listening on {local} ({})\nopen http://{host}:{}/  (Ctrl-C stops it)",
        reach(&local),
        local.port()
    )?;
    out.flush()?;
    server.run();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn localhost_unless_told() {
        let a = address(None, None).unwrap();
        assert_eq!(a.to_string(), format!("127.0.0.1:{DEFAULT_PORT}"));
        assert!(reach(&a).starts_with("this machine only"));
        let a = address(Some("0.0.0.0"), Some("9000")).unwrap();
        assert_eq!(a.to_string(), "0.0.0.0:9000");
        assert!(reach(&a).starts_with("WARNING"));
        assert_eq!(
            address(Some("::1"), Some("0")).unwrap().to_string(),
            "[::1]:0"
        );
        assert!(address(Some("example.org"), None).is_err());
        assert!(address(None, Some("65536")).is_err());
    }
}
