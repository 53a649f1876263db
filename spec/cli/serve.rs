//! `fairyspec serve [--bind ADDR] [--port N] [--allow-host HOST]`: the web page and JSON API of
//! [`crate::serve`].

use super::args::{ServeArgs, ServeFault};
use super::error::CliError;
use crate::serve::guard::Hosts;
use crate::serve::{Config, Server, DEFAULT_PORT};
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// Where `--bind` and `--port` say to listen: 127.0.0.1 and [`DEFAULT_PORT`] by default.
///
/// # Errors
/// [`CliError::Usage`] for an address or port that does not parse.
pub fn address(bind: Option<&str>, port: Option<u16>) -> Result<SocketAddr, CliError> {
    let ip = match bind {
        None => IpAddr::V4(Ipv4Addr::LOCALHOST),
        Some("localhost") => IpAddr::V4(Ipv4Addr::LOCALHOST),
        Some(text) => text.trim().parse::<IpAddr>().map_err(|_| {
            CliError::Usage(format!(
                "--bind must be an IP address (127.0.0.1, ::1, 0.0.0.0), not {text:?}"
            ))
        })?,
    };
    Ok(SocketAddr::new(ip, port.unwrap_or(DEFAULT_PORT)))
}

/// What to say about who can reach the server.
pub fn reach(addr: &SocketAddr) -> &'static str {
    if addr.ip().is_loopback() {
        "this machine only; --bind 0.0.0.0 to share it"
    } else {
        "WARNING: not only this machine — anyone who can reach this address can use the server"
    }
}

/// Runs `serve [--bind ADDR] [--port N] [--allow-host HOST]...`.
///
/// # Errors
/// [`CliError::Usage`] for a bad address, or those of [`serve`].
pub fn serve_command(args: ServeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let addr = address(args.bind.as_deref(), args.port)?;
    Hosts::new(addr, &args.allow_host).map_err(|e| CliError::Usage(format!("--allow-host {e}")))?;
    let config = Config {
        addr,
        allowed_hosts: args.allow_host,
        panic_route: args.inject_fault == Some(ServeFault::PanicRoute),
        ..Config::default()
    };
    serve_with(config, out)
}

/// Binds `addr`, prints where it listens and the URL, answers until the process is stopped.
///
/// # Errors
/// [`CliError::Usage`] if the address cannot be bound, [`CliError::Output`] if printing fails.
pub fn serve(addr: SocketAddr, out: &mut dyn Write) -> Result<(), CliError> {
    serve_with(
        Config {
            addr,
            ..Config::default()
        },
        out,
    )
}

/// [`serve`] with the whole configuration.
///
/// # Errors
/// As [`serve`].
pub fn serve_with(config: Config, out: &mut dyn Write) -> Result<(), CliError> {
    let addr = config.addr;
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
        let a = address(Some("0.0.0.0"), Some(9000)).unwrap();
        assert_eq!(a.to_string(), "0.0.0.0:9000");
        assert!(reach(&a).starts_with("WARNING"));
        assert_eq!(
            address(Some("::1"), Some(0)).unwrap().to_string(),
            "[::1]:0"
        );
        assert!(address(Some("example.org"), None).is_err());
    }
}
