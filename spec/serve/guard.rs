//! Who may ask: the checks that keep the web pages a user visits from using the server running on
//! the user's own machine.
//!
//! - **Host** ([`Hosts::check_host`]): a request must name the server as the user does — a
//!   loopback name (`localhost`, `127.0.0.1`, `[::1]`), the address it listens on or the one the
//!   connection arrived at, or a name given with `serve --allow-host` — with the server's port.
//!   A page of another site that makes its own name point at 127.0.0.1 (DNS rebinding) sends
//!   that name, and is refused: it can neither make the server compute nor read an answer.
//! - **Origin** ([`Hosts::check_origin`]): a browser says which page sent a request; one from
//!   any other origin than the server's own page is refused.
//! - **Sec-Fetch-Site** ([`check_fetch_site`]): a browser also says whether a request comes from
//!   another site even where it sends no Origin (an image, a link); the API answers only its own
//!   page and the user (an address typed in). The pages may be linked to from anywhere.
//! - **Content-Type** ([`check_content_type`]): a JSON body must say so. A form or a `text/plain`
//!   body is what another site can send without asking the browser first.
//!
//! Clients other than browsers (curl, scripts) send a right Host and none of the others, and are
//! answered as before.

use super::budget::ApiError;
use std::net::{IpAddr, SocketAddr};

/// A host as a request names it: an IP address or a name (lowercase), and perhaps a port.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Name {
    Ip(IpAddr),
    Text(String),
}

/// Reads `host[:port]` (`[::1]:8754`, `localhost`, `127.0.0.1:8754`); `None` when it is no such
/// thing.
fn authority(text: &str) -> Option<(Name, Option<u16>)> {
    let text = text.trim();
    let (host, port) = if let Some(rest) = text.strip_prefix('[') {
        let (ip, after) = rest.split_once(']')?;
        let ip: std::net::Ipv6Addr = ip.parse().ok()?;
        let port = match after {
            "" => None,
            _ => Some(after.strip_prefix(':')?.parse::<u16>().ok()?),
        };
        return Some((Name::Ip(IpAddr::V6(ip)), port));
    } else {
        match text.split_once(':') {
            Some((host, port)) => (host, Some(port.parse::<u16>().ok()?)),
            None => (text, None),
        }
    };
    if host.is_empty()
        || !host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
    {
        return None;
    }
    Some(match host.parse::<IpAddr>() {
        Ok(ip) => (Name::Ip(ip), port),
        Err(_) => (Name::Text(host.to_ascii_lowercase()), port),
    })
}

/// The names the server answers to ([`Hosts::check_host`]).
#[derive(Clone, Debug)]
pub struct Hosts {
    /// The port the server listens on.
    port: u16,
    /// The address it listens on, when that is one address (not 0.0.0.0 or ::).
    bound: Option<IpAddr>,
    /// `serve --allow-host`: names, with a port of their own or the server's.
    extra: Vec<(Name, Option<u16>)>,
}

impl Hosts {
    /// The names of a server listening on `bound`, with `extra` names (`name` or `name:port`).
    ///
    /// # Errors
    /// An extra name that is no host name, in words.
    pub fn new(bound: SocketAddr, extra: &[String]) -> Result<Hosts, String> {
        let extra = extra
            .iter()
            .map(|text| {
                authority(text).ok_or_else(|| {
                    format!(
                        "{text:?} is no host name (a name, an IP address, or either with :port)"
                    )
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Hosts {
            port: bound.port(),
            bound: Some(bound.ip().to_canonical()).filter(|ip| !ip.is_unspecified()),
            extra,
        })
    }

    /// Whether `name` with `port` (or none: 80) is this server, reached at `local`.
    fn is_ours(&self, name: &Name, port: Option<u16>, local: Option<IpAddr>) -> bool {
        let ours = port.unwrap_or(80) == self.port;
        let listed = self.extra.iter().any(|(n, p)| {
            n == name
                && match p {
                    Some(p) => port.unwrap_or(80) == *p,
                    None => ours,
                }
        });
        listed
            || ours
                && match name {
                    Name::Text(text) => text == "localhost",
                    Name::Ip(ip) => {
                        let ip = ip.to_canonical();
                        ip.is_loopback()
                            || Some(ip) == self.bound
                            || Some(ip) == local.map(|l| l.to_canonical())
                    }
                }
    }

    /// The names a refused request is told about.
    fn say(&self) -> String {
        let mut names = vec![
            format!("localhost:{}", self.port),
            format!("127.0.0.1:{}", self.port),
            format!("[::1]:{}", self.port),
        ];
        if let Some(ip) = self.bound.filter(|ip| !ip.is_loopback()) {
            names.push(SocketAddr::new(ip, self.port).to_string());
        }
        names.join(", ")
    }

    /// Checks the request's `Host` header (`None` when it has none; `http11`: an HTTP/1.1
    /// request, which must have one), for a connection that arrived at address `local`.
    ///
    /// # Errors
    /// 400 without a Host in HTTP/1.1 or with one that is no host; 403 for another name.
    pub fn check_host(
        &self,
        host: Option<&str>,
        http11: bool,
        local: Option<IpAddr>,
    ) -> Result<(), ApiError> {
        let Some(text) = host else {
            return if http11 {
                Err(ApiError::bad("an HTTP/1.1 request needs a Host header"))
            } else {
                Ok(())
            };
        };
        let Some((name, port)) = authority(text) else {
            return Err(ApiError::bad(format!(
                "Host {:?} is no host name",
                short(text)
            )));
        };
        if self.is_ours(&name, port, local) {
            return Ok(());
        }
        Err(ApiError {
            status: 403,
            message: format!(
                "Host {:?} is not a name of this server, which answers to {} (a page of another \
                 site cannot use it through a name of its own); to add a name, start the server \
                 with --allow-host NAME",
                short(text),
                self.say()
            ),
        })
    }

    /// Checks the request's `Origin` header (`None` when it has none) against its `host`
    /// (already checked): a browser's request must come from the server's own pages.
    ///
    /// # Errors
    /// 403 for any other origin, `null` included.
    pub fn check_origin(&self, origin: Option<&str>, host: Option<&str>) -> Result<(), ApiError> {
        let Some(origin) = origin else {
            return Ok(());
        };
        let same = origin
            .trim()
            .strip_prefix("http://")
            .and_then(authority)
            .zip(host.and_then(authority))
            .is_some_and(|((name, port), (host, host_port))| {
                name == host && port.unwrap_or(80) == host_port.unwrap_or(80)
            });
        if same {
            return Ok(());
        }
        Err(ApiError {
            status: 403,
            message: format!(
                "a request from another site is refused: Origin {:?} is not this server's own page",
                short(origin)
            ),
        })
    }
}

/// Checks a request for the API by its `Sec-Fetch-Site` header (`None` when it has none, as
/// from a client that is no browser): only the server's own page (`same-origin`) and the user
/// (`none`: an address typed in, a bookmark) may ask.
///
/// # Errors
/// 403 for `same-site`, `cross-site` and anything else.
pub fn check_fetch_site(site: Option<&str>) -> Result<(), ApiError> {
    match site.map(|s| s.trim().to_ascii_lowercase()) {
        None => Ok(()),
        Some(s) if s == "same-origin" || s == "none" => Ok(()),
        Some(s) => Err(ApiError {
            status: 403,
            message: format!(
                "a request from another site is refused (Sec-Fetch-Site: {}): the API answers only \
                 this server's own pages",
                short(&s)
            ),
        }),
    }
}

/// Checks the `Content-Type` of a `POST`'s body: `application/json`, with a charset only if it
/// is UTF-8.
///
/// # Errors
/// 415 for anything else, or none.
pub fn check_content_type(content_type: Option<&str>) -> Result<(), ApiError> {
    let refuse = |what: String| ApiError {
        status: 415,
        message: format!(
            "the body of a POST must be JSON, with Content-Type: application/json; this one {what}"
        ),
    };
    let Some(text) = content_type else {
        return Err(refuse("has no Content-Type".to_string()));
    };
    let mut parts = text.split(';');
    let media = parts.next().unwrap_or("").trim();
    if !media.eq_ignore_ascii_case("application/json") {
        return Err(refuse(format!("is {:?}", short(text))));
    }
    for parameter in parts {
        let (name, value) = parameter.split_once('=').unwrap_or((parameter, ""));
        let value = value.trim().trim_matches('"');
        if name.trim().eq_ignore_ascii_case("charset") && !value.eq_ignore_ascii_case("utf-8") {
            return Err(refuse(format!(
                "says charset {:?}, not UTF-8",
                short(value)
            )));
        }
    }
    Ok(())
}

/// The first characters of a header, for a message.
fn short(text: &str) -> String {
    text.chars().take(80).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hosts(bound: &str, extra: &[&str]) -> Hosts {
        let extra: Vec<String> = extra.iter().map(|s| s.to_string()).collect();
        Hosts::new(bound.parse().unwrap(), &extra).unwrap()
    }

    fn host_status(h: &Hosts, host: Option<&str>, local: &str) -> u16 {
        match h.check_host(host, true, Some(local.parse().unwrap())) {
            Ok(()) => 200,
            Err(e) => e.status,
        }
    }

    #[test]
    fn loopback_names_and_the_bound_address_with_the_port() {
        let h = hosts("127.0.0.1:8754", &[]);
        for ok in [
            "localhost:8754",
            "LocalHost:8754",
            "127.0.0.1:8754",
            "127.0.0.2:8754",
            "[::1]:8754",
        ] {
            assert_eq!(host_status(&h, Some(ok), "127.0.0.1"), 200, "{ok}");
        }
        for (refused, status) in [
            // DNS rebinding: another site's name pointed at 127.0.0.1.
            ("evil.example:8754", 403),
            ("localhost.evil.example:8754", 403),
            // The wrong port (another server's page), or none (port 80).
            ("localhost:8080", 403),
            ("localhost", 403),
            ("127.0.0.1", 403),
            ("", 400),
            ("local host:8754", 400),
            ("localhost:port", 400),
            ("[::1", 400),
            ("::1:8754", 400),
        ] {
            assert_eq!(
                host_status(&h, Some(refused), "127.0.0.1"),
                status,
                "{refused}"
            );
        }
        assert_eq!(
            host_status(&h, None, "127.0.0.1"),
            400,
            "HTTP/1.1 needs Host"
        );
        assert!(h.check_host(None, false, None).is_ok(), "HTTP/1.0 need not");
        let message = h
            .check_host(Some("evil.example:8754"), true, None)
            .unwrap_err()
            .message;
        assert!(message.contains("localhost:8754"), "{message}");
        assert!(message.contains("--allow-host"), "{message}");
    }

    #[test]
    fn an_open_server_answers_to_the_address_reached_and_to_names_it_is_given() {
        let h = hosts("0.0.0.0:80", &["box.lan", "tunnel.example:9000"]);
        // The connection arrived at 192.168.1.5: that address is the server's.
        assert_eq!(host_status(&h, Some("192.168.1.5"), "192.168.1.5"), 200);
        assert_eq!(host_status(&h, Some("192.168.1.5:80"), "192.168.1.5"), 200);
        assert_eq!(host_status(&h, Some("192.168.1.6"), "192.168.1.5"), 403);
        assert_eq!(host_status(&h, Some("box.lan"), "192.168.1.5"), 200);
        assert_eq!(host_status(&h, Some("BOX.LAN:80"), "192.168.1.5"), 200);
        assert_eq!(host_status(&h, Some("box.lan:81"), "192.168.1.5"), 403);
        assert_eq!(
            host_status(&h, Some("tunnel.example:9000"), "127.0.0.1"),
            200
        );
        assert_eq!(host_status(&h, Some("tunnel.example"), "127.0.0.1"), 403);
        // An IPv4 client of a dual-stack socket arrives at ::ffff:192.168.1.5.
        assert_eq!(
            host_status(&h, Some("192.168.1.5"), "::ffff:192.168.1.5"),
            200
        );
        let bound = hosts("[::1]:8754", &[]);
        assert_eq!(host_status(&bound, Some("[::1]:8754"), "::1"), 200);
        assert!(Hosts::new("127.0.0.1:1".parse().unwrap(), &["a b".to_string()]).is_err());
    }

    #[test]
    fn only_the_servers_own_origin() {
        let h = hosts("127.0.0.1:8754", &[]);
        let host = Some("127.0.0.1:8754");
        assert!(h.check_origin(None, host).is_ok());
        assert!(h.check_origin(Some("http://127.0.0.1:8754"), host).is_ok());
        for other in [
            "http://evil.example",
            "http://localhost:8754",
            "http://127.0.0.1:8755",
            "https://127.0.0.1:8754",
            "null",
            "",
        ] {
            let e = h.check_origin(Some(other), host).unwrap_err();
            assert_eq!(e.status, 403, "{other}");
        }
    }

    #[test]
    fn fetch_site_and_content_type() {
        assert!(check_fetch_site(None).is_ok());
        assert!(check_fetch_site(Some("same-origin")).is_ok());
        assert!(check_fetch_site(Some("none")).is_ok());
        assert_eq!(
            check_fetch_site(Some("cross-site")).unwrap_err().status,
            403
        );
        assert_eq!(check_fetch_site(Some("same-site")).unwrap_err().status, 403);
        assert!(check_content_type(Some("application/json")).is_ok());
        assert!(check_content_type(Some("Application/JSON; charset=UTF-8")).is_ok());
        for refused in [
            None,
            Some("text/plain"),
            Some("application/x-www-form-urlencoded"),
            Some("multipart/form-data; boundary=x"),
            Some("application/jsonx"),
            Some("application/json; charset=latin1"),
        ] {
            assert_eq!(
                check_content_type(refused).unwrap_err().status,
                415,
                "{refused:?}"
            );
        }
    }
}
