//! `fairyspec serve` through real HTTP on 127.0.0.1: the API's answers (checked against published
//! or hand-counted numbers), every hostile input answered with a 4xx and a reason, and a bounded
//! burst of concurrent requests, malformed ones among them, after which the counts are still
//! right.

use crate::http;

use fairyspec::perft::parse_perft_file;
use fairyspec::serve::Config;
use http::{enc, json, raw_request, Running};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const KUMA_START: &str = "ubvskvbr/pppppppp/8/8/8/8/PPPPPPPP/UBVSKVBR w KQkq - 0 1";
/// Bare Kings: White's King on e1 has exactly five moves (d1, d2, e2, f2, f1).
const BARE_KINGS: &str = "4k3/8/8/8/8/8/8/4K3 w - -";

fn server() -> Running {
    Running::start(Config {
        limits: fairyspec::serve::http::Limits {
            read_time: Duration::from_millis(800),
            ..Default::default()
        },
        perft_time: Duration::from_millis(400),
        ..Config::default()
    })
}

/// The start position's counts of a game's corpus file: published data or hand counts (each
/// file says which).
fn start_counts(path: &str) -> (String, Vec<(u32, u64)>) {
    let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")))
        .expect("corpus file");
    let records = parse_perft_file(&text).expect("perft file");
    let r = records
        .into_iter()
        .find(|r| r.id == "start" || r.id == "startpos" || r.id == "chu-startpos")
        .expect("a start record");
    (r.epd, r.counts)
}

#[test]
fn games_lists_the_boards() {
    let s = server();
    let (status, body) = s.get("/api/games");
    assert_eq!(status, 200, "{body}");
    let doc = json(&body);
    assert_eq!(doc["schema"], "fairyspec.games/1");
    let game = |name: &str| {
        doc["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["name"] == name)
            .cloned()
            .unwrap_or_else(|| panic!("{name} missing"))
    };
    // KUMA-1.1: 8×8; CONGO-1.1: 7×7.
    let kuma = game("kuma");
    assert_eq!(
        (kuma["files"].as_u64(), kuma["ranks"].as_u64()),
        (Some(8), Some(8))
    );
    assert_eq!(kuma["start_fen"], KUMA_START);
    assert_eq!(kuma["switches"][0]["name"], "blind-bear");
    assert_eq!(kuma["switches"][0]["default"], "needs-legal-move");
    assert_eq!(
        kuma["switches"][0]["values"],
        serde_json::json!(["needs-legal-move", "even-if-exposed"])
    );
    // CHU-7.6 (issue 31's finding 4): where the page offers bare-king=munster1997, the reading's
    // meaning (shown under the switch) says that Adams's own example 2 is a loss under it.
    let chu = game("chu");
    let bare_king = chu["switches"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "bare-king")
        .cloned()
        .expect("bare-king");
    let at = bare_king["values"]
        .as_array()
        .unwrap()
        .iter()
        .position(|v| v == "munster1997")
        .expect("munster1997");
    let meaning = bare_king["meanings"][at].as_str().unwrap_or_default();
    assert!(meaning.contains("example 2"), "{meaning}");
    let congo = game("congo");
    assert_eq!(
        (congo["files"].as_u64(), congo["ranks"].as_u64()),
        (Some(7), Some(7))
    );
    // CONGO-1.2: the river is rank 4 (a4–g4); White's castle c1–e3, Black's c5–e7.
    let zones = congo["zones"].as_array().unwrap();
    let river = zones.iter().find(|z| z["kind"] == "river").unwrap();
    assert_eq!(
        river["squares"],
        serde_json::json!(["a4", "b4", "c4", "d4", "e4", "f4", "g4"])
    );
    let castles: Vec<_> = zones.iter().filter(|z| z["kind"] == "castle").collect();
    assert_eq!(castles.len(), 2);
    assert_eq!(
        castles[0]["squares"],
        serde_json::json!(["c1", "d1", "e1", "c2", "d2", "e2", "c3", "d3", "e3"])
    );
    assert_eq!(castles[1]["squares"].as_array().unwrap().len(), 9);
    assert!(castles[1]["squares"]
        .as_array()
        .unwrap()
        .contains(&"d6".into()));
}

#[test]
fn moves_and_perft_agree_with_the_corpus_for_every_game() {
    let s = server();
    let games = [
        ("kuma", "corpus/kuma/start.perft"),
        ("chess", "corpus/chess/perft.perft"),
        ("congo", "corpus/congo/start.perft"),
        ("hunterbeest", "corpus/hunterbeest/start.perft"),
        ("chu", "corpus/chu/lishogi-perft.perft"),
    ];
    let names = fairyspec::registry::GameId::names();
    assert_eq!(
        games.map(|(g, _)| g),
        names[..],
        "every game, as the API lists them"
    );
    for (game, file) in games {
        let (epd, counts) = start_counts(file);
        let (status, body) = s.get(&format!("/api/{game}/moves"));
        assert_eq!(status, 200, "{game}: {body}");
        let doc = json(&body);
        assert_eq!(doc["schema"], "fairyspec.moves/1");
        assert_eq!(
            doc["generator"], "reference",
            "the page's answers are the reference's"
        );
        assert!(doc["fen"]
            .as_str()
            .unwrap()
            .starts_with(epd.split(' ').next().unwrap()));
        let depth1 = counts.iter().find(|(d, _)| *d == 1).unwrap().1;
        assert_eq!(
            doc["moves"].as_array().unwrap().len() as u64,
            depth1,
            "{game}"
        );
        assert_eq!(
            doc["legal"].as_array().unwrap().len() as u64,
            depth1,
            "{game}"
        );
        for (depth, nodes) in counts.iter().filter(|(d, n)| *d <= 3 && *n < 200_000) {
            let (status, body) = s.get(&format!(
                "/api/{game}/perft?depth={depth}&fen={}",
                enc(&epd)
            ));
            assert_eq!(status, 200, "{game} {depth}: {body}");
            let doc = json(&body);
            assert_eq!(doc["schema"], "fairyspec.perft/1");
            assert_eq!(doc["total"].as_u64(), Some(*nodes), "{game} perft {depth}");
            let sum: u64 = doc["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["nodes"].as_u64().unwrap())
                .sum();
            assert_eq!(sum, *nodes, "{game} divide sums to the total");
        }
    }
}

#[test]
fn play_moves_and_post_bodies() {
    let s = server();
    // 1. e2-e4 from the start: the Pawn stands on e4, Black to move, e.p. square e3 (KUMA-6).
    let (status, body) = s.get("/api/kuma/play?move=e2e4");
    assert_eq!(status, 200, "{body}");
    let doc = json(&body);
    assert_eq!(doc["played"], "e2e4");
    assert_eq!(
        doc["fen"],
        "ubvskvbr/pppppppp/8/8/4P3/8/PPPP1PPP/UBVSKVBR b KQkq e3 0 1"
    );
    assert_eq!(doc["turn"], "black");
    // The same through a POST body, with `moves` played first.
    let (status, body) = s.post(
        "/api/kuma/moves",
        &format!(r#"{{"fen": "{BARE_KINGS}", "moves": []}}"#),
    );
    assert_eq!(status, 200, "{body}");
    let doc = json(&body);
    assert_eq!(
        doc["moves"],
        serde_json::json!(["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"])
    );
    let e1f2 = doc["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == "e1f2")
        .unwrap();
    assert_eq!(e1f2["path"], serde_json::json!(["e1", "f2"]));
    // moves played before the question; the outcome document.
    let (status, body) = s.get("/api/kuma/outcome?moves=e2e4+e7e5");
    assert_eq!(status, 200, "{body}");
    let doc = json(&body);
    assert_eq!(doc["schema"], "fairyspec.outcome/1");
    assert_eq!(doc["outcome"], serde_json::Value::Null);
    assert_eq!(doc["check"], false);
    // A switch, as on the command line.
    let (status, body) = s.get("/api/kuma/moves?switch=blind-bear%3Deven-if-exposed");
    assert_eq!(status, 200, "{body}");
}

#[test]
fn multi_step_moves_carry_their_paths() {
    // CONGO-4: a monkey jumps an adjacent enemy piece to the empty square beyond, and may jump
    // again. Monkey c3; Black pawns d4 and e6, Black lion d7: c3 jumps d4 to e5, then e6 to e7,
    // then the lion d7 to c7 — three chains that stop after one, two and three jumps.
    let s = server();
    let fen = "3l3/4p2/7/3p3/2M4/7/3L3 w 0";
    let (status, body) = s.get(&format!("/api/congo/moves?fen={}", enc(fen)));
    assert_eq!(status, 200, "{body}");
    let doc = json(&body);
    let legal = doc["legal"].as_array().unwrap();
    let path = |text: &str| {
        legal
            .iter()
            .find(|m| m["move"] == text)
            .map(|m| m["path"].clone())
            .unwrap_or_else(|| panic!("{text} missing: {body}"))
    };
    assert_eq!(path("c3e5"), serde_json::json!(["c3", "e5"]));
    assert_eq!(path("c3e5e7"), serde_json::json!(["c3", "e5", "e7"]));
    assert_eq!(
        path("c3e5e7c7"),
        serde_json::json!(["c3", "e5", "e7", "c7"])
    );
}

#[test]
fn bad_input_is_400_with_the_reason() {
    let s = server();
    let cases: &[(&str, u16, &str)] = &[
        ("/api/kuma/moves?fen=garbage", 400, "fen"),
        (
            "/api/kuma/moves?fen=8%2F8%2F8%2F8%2F8%2F8%2F8%2F8+w+-+-",
            400,
            "King",
        ),
        ("/api/kuma/play?move=e2e5", 400, "illegal move e2e5"),
        ("/api/kuma/play?move=zz", 400, "cannot read move"),
        ("/api/kuma/play", 400, "needs a move"),
        ("/api/kuma/moves?moves=e2e4+e2e4", 400, "move 2"),
        ("/api/kuma/moves?colour=red", 400, "unknown parameter"),
        ("/api/kuma/moves?fen=a&fen=b", 400, "twice"),
        (
            "/api/kuma/moves?switch=blind-bear%3Dsometimes",
            400,
            "even-if-exposed",
        ),
        ("/api/kuma/moves?switch=nonsense", 400, "name=value"),
        // Issue 32: a switch given twice with different values is a contradiction.
        (
            "/api/kuma/moves?switch=blind-bear%3Deven-if-exposed&switch=blind-bear%3Dneeds-legal-move",
            400,
            "given twice",
        ),
        (
            "/api/kuma/moves?generator=fast",
            400,
            "reference or bitboard",
        ),
        ("/api/kuma/perft", 400, "needs a depth"),
        ("/api/kuma/perft?depth=13", 400, "from 0 to 12"),
        ("/api/kuma/perft?depth=-1", 400, "from 0 to 12"),
        ("/api/kuma/moves?fen=%ZZ", 400, "percent"),
        ("/api/shogi/moves", 404, "unknown game"),
        ("/api/kuma/castle", 404, "no question"),
        ("/api/kuma/moves/extra", 404, "no API"),
        ("/play/shogi", 404, "no game"),
        ("/assets/..%2F..%2FCargo.toml", 404, "nothing at"),
        ("/assets/../../Cargo.toml", 404, "nothing at"),
        ("/../../etc/passwd", 404, "nothing at"),
        ("/spec/../SPEC.md", 404, "nothing at"),
    ];
    for (path, status, needle) in cases {
        let (got, body) = s.get(path);
        assert_eq!(got, *status, "{path}: {body}");
        assert!(
            body.to_lowercase().contains(&needle.to_lowercase()),
            "{path}: {needle:?} not in {body}"
        );
    }
    let long = "a".repeat(2000);
    let (status, body) = s.get(&format!("/api/kuma/moves?fen={long}"));
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("longer than"), "{body}");
    let many = vec!["e2e4"; 1100].join("+");
    let (status, body) = s.get(&format!("/api/kuma/moves?moves={many}"));
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("at most 1024"), "{body}");
    for (body, needle) in [
        ("not json", "not JSON"),
        ("[1, 2]", "JSON object"),
        (r#"{"fen": 5, "moves": [1]}"#, "fen"),
        (r#"{"fen": {"a": 1}}"#, "must be text"),
        (r#"{"depth": 99}"#, "needs a"),
    ] {
        let (status, answer) = s.post("/api/kuma/play", body);
        assert_eq!(status, 400, "{body}: {answer}");
        assert!(
            answer.contains(needle),
            "{body}: {needle:?} not in {answer}"
        );
    }
}

/// Whatever bytes a client sends, it gets an answer or a closed connection, and the server goes
/// on. hyper reads the request's head: what it cannot parse, or what is over the head's bounds,
/// it answers itself (400, 431) with no body; everything after the head is answered by
/// fairyspec, with `{"error": …}` in words.
#[test]
fn protocol_abuse_is_answered_not_crashed() {
    let s = server();
    let host = format!("Host: {}\r\n", s.addr);
    let is_json = "Content-Type: application/json\r\n";
    let big_body = "x".repeat(20_000);
    // Refused by hyper's parser: the status only.
    let parser: Vec<(Vec<u8>, u16)> = vec![
        (b"GET /api/games HTTP/9.9\r\n\r\n".to_vec(), 400),
        (b"\x00\x01\x02\x03\r\n\r\n".to_vec(), 400),
        (
            format!("POST /api/kuma/moves HTTP/1.1\r\n{host}{is_json}Content-Length: abc\r\n\r\n")
                .into_bytes(),
            400,
        ),
        (
            format!(
                "POST /api/kuma/moves HTTP/1.1\r\n{host}{is_json}Content-Length: 2\r\nContent-Length: 3\r\n\r\n{{}}"
            )
            .into_bytes(),
            400,
        ),
        (
            format!("GET / HTTP/1.1\r\n{host}X-Big: {}\r\n\r\n", "y".repeat(10_000)).into_bytes(),
            431,
        ),
        (
            format!("GET / HTTP/1.1\r\n{host}{}\r\n", "A: b\r\n".repeat(40)).into_bytes(),
            431,
        ),
    ];
    // Answered by fairyspec, with the reason.
    let ours: Vec<(Vec<u8>, u16, &str)> = vec![
        (format!("BREW /pot HTTP/1.1\r\n{host}\r\n").into_bytes(), 405, "BREW"),
        (format!("DELETE /api/games HTTP/1.1\r\n{host}\r\n").into_bytes(), 405, "GET, HEAD or POST"),
        (
            format!("GET http://example.org/ HTTP/1.1\r\n{host}\r\n").into_bytes(),
            400,
            "must start with '/'",
        ),
        (
            format!("POST /api/kuma/moves HTTP/1.1\r\n{host}{is_json}\r\n").into_bytes(),
            411,
            "Content-Length",
        ),
        // A chunked body is read, within the same bounds (an empty one is no JSON).
        (
            format!(
                "POST /api/kuma/moves HTTP/1.1\r\n{host}{is_json}Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
            )
            .into_bytes(),
            400,
            "not JSON",
        ),
        (
            format!(
                "POST /api/kuma/moves HTTP/1.1\r\n{host}{is_json}Transfer-Encoding: chunked\r\n\r\n{:x}\r\n{big_body}\r\n0\r\n\r\n",
                big_body.len()
            )
            .into_bytes(),
            413,
            "too large",
        ),
        (
            format!(
                "POST /api/kuma/moves HTTP/1.1\r\n{host}{is_json}Content-Length: {}\r\n\r\n{big_body}",
                big_body.len()
            )
            .into_bytes(),
            413,
            "at most 16384 bytes",
        ),
        (
            [
                format!("POST /api/kuma/moves HTTP/1.1\r\n{host}{is_json}Content-Length: 4\r\n\r\n")
                    .as_bytes(),
                b"\xff\xfe\xfd\xfc",
            ]
            .concat(),
            400,
            "not UTF-8",
        ),
        (
            format!("POST / HTTP/1.1\r\n{host}Content-Length: 0\r\n\r\n").into_bytes(),
            405,
            "GET, HEAD",
        ),
        // HTTP/1.1 needs a Host (RFC 9112, 3.2).
        (b"GET /api/games HTTP/1.1\r\n\r\n".to_vec(), 400, "Host"),
    ];
    let show = |bytes: &[u8]| String::from_utf8_lossy(&bytes[..bytes.len().min(60)]).into_owned();
    for (bytes, status) in parser {
        let (got, body) = s.raw(&bytes);
        assert_eq!(got, status, "{:?}: {body}", show(&bytes));
    }
    for (bytes, status, needle) in ours {
        let (got, body) = s.raw(&bytes);
        assert_eq!(got, status, "{:?}: {body}", show(&bytes));
        assert!(
            json(&body)["error"].as_str().unwrap().contains(needle),
            "{needle:?} not in {body}"
        );
    }
    // A client that sends half a head and stalls is let go after the read time (0.8 s): the
    // connection is closed, with no answer (hyper's header timeout).
    let started = Instant::now();
    let (got, body) = s.raw(format!("GET /api/games HTTP/1.1\r\n{host}").as_bytes());
    assert_eq!((got, body.as_str()), (0, ""));
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    // One that sends its head and half its body gets 408 after the read time.
    let started = Instant::now();
    let (got, body) = s.raw(
        format!("POST /api/kuma/moves HTTP/1.1\r\n{host}{is_json}Content-Length: 10\r\n\r\n{{")
            .as_bytes(),
    );
    assert_eq!(got, 408, "{body}");
    assert!(body.contains("took too long"), "{body}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    // HEAD: the head only.
    let (got, body) = s.raw(format!("HEAD /api/games HTTP/1.1\r\n{host}\r\n").as_bytes());
    assert_eq!((got, body.as_str()), (200, ""));
    // HTTP/1.0 needs no Host.
    let (got, body) = s.raw(b"GET /api/kuma/moves HTTP/1.0\r\n\r\n");
    assert_eq!(got, 200, "{body}");
    // The server is still there.
    assert_eq!(s.get("/api/kuma/moves").0, 200);
}

#[test]
fn perft_is_bounded_by_time() {
    let s = server();
    // Congo depth 8 from the start is hundreds of millions of leaves: far beyond 0.4 s.
    let started = Instant::now();
    // Stopped by the server's limit: a busy answer (503 with Retry-After), not a bad request
    // (issue 32).
    let (status, head, body) = s.get_with("/api/congo/perft?depth=8", "");
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("perft stopped"), "{body}");
    assert_eq!(
        http::header(&head, "retry-after").as_deref(),
        Some("1"),
        "{head}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "stopped near its 0.4 s limit, took {:?}",
        started.elapsed()
    );
    // The reference generator is bounded the same way.
    let (status, body) = s.get("/api/kuma/perft?depth=6&generator=reference");
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("perft stopped"), "{body}");
}

#[test]
fn pages_and_the_spec() {
    let s = server();
    let (status, body) = s.get("/");
    assert_eq!(status, 200);
    for game in ["kuma", "chess", "congo", "hunterbeest"] {
        assert!(body.contains(&format!("/play/{game}")), "{game}");
        let (status, page) = s.get(&format!("/play/{game}"));
        assert_eq!(status, 200, "{game}");
        assert!(page.contains(&format!("data-game=\"{game}\"")));
        assert!(page.contains("/assets/app.js"));
        assert!(
            !page.contains("http://") && !page.contains("https://"),
            "no outside URL"
        );
    }
    let (status, spec) = s.get("/spec");
    assert_eq!(status, 200);
    // KUMA-7.4 is a rule of SPEC.md; its anchor is its ID.
    assert!(spec.contains("id=\"KUMA-7.4\""));
    assert!(spec.contains("href=\"#KUMA-7.4\""));
    let (status, js) = s.get("/assets/app.js");
    assert_eq!(status, 200);
    assert!(js.contains("/api/"));
    assert_eq!(s.get("/assets/style.css").0, 200);
    assert_eq!(s.get("/assets/missing.js").0, 404);
}

/// The load test: 16 client threads send 480 requests in all to 127.0.0.1 — correct questions
/// (perft divides with known totals, move lists) mixed with malformed ones (garbage bytes, bad
/// FENs, illegal moves, oversize heads, requests cut off) and a few clients that stall. Bounded
/// in count and in time; afterwards the server still answers correctly.
#[test]
fn load_burst_keeps_counts_right() {
    let s = Running::start(Config {
        limits: fairyspec::serve::http::Limits {
            read_time: Duration::from_millis(300),
            ..Default::default()
        },
        ..Config::default()
    });
    let addr = s.addr;
    let started = Instant::now();
    const THREADS: usize = 16;
    const PER_THREAD: usize = 30;
    // (request, expected status, what the body must contain). Every request names the server
    // (HTTP/1.1 needs a Host); the answers of hyper's parser (400, 431) have no body.
    let kuma = enc(KUMA_START);
    let host = format!("Host: {addr}");
    let requests: Vec<(Vec<u8>, u16, String)> = vec![
        // KUMA start perft 3 = 4758 (corpus/kuma/start.perft, agreed by pyffish).
        (
            format!("GET /api/kuma/perft?depth=3&fen={kuma} HTTP/1.1\r\n{host}\r\n\r\n")
                .into_bytes(),
            200,
            "\"total\":4758".to_string(),
        ),
        // Chess start perft 3 = 8902 (published).
        (
            format!("GET /api/chess/perft?depth=3 HTTP/1.1\r\n{host}\r\n\r\n").into_bytes(),
            200,
            "\"total\":8902".to_string(),
        ),
        // Bare Kings: five moves.
        (
            format!(
                "GET /api/kuma/moves?fen={} HTTP/1.1\r\n{host}\r\n\r\n",
                enc(BARE_KINGS)
            )
            .into_bytes(),
            200,
            "\"moves\":[\"e1d1\",\"e1d2\",\"e1e2\",\"e1f1\",\"e1f2\"]".to_string(),
        ),
        (
            b"\x16\x03\x01\x02\x00garbage\r\n\r\n".to_vec(),
            400,
            String::new(),
        ),
        (
            format!("GET /api/kuma/moves?fen=xx HTTP/1.1\r\n{host}\r\n\r\n").into_bytes(),
            400,
            "fen".to_string(),
        ),
        (
            format!("GET /api/kuma/play?move=a1a8 HTTP/1.1\r\n{host}\r\n\r\n").into_bytes(),
            400,
            "illegal".to_string(),
        ),
        (
            format!("GET /?{} HTTP/1.1\r\n{host}\r\n\r\n", "q".repeat(9000)).into_bytes(),
            431,
            String::new(),
        ),
        // Cut off: no answer is owed, and the server must not hang on it: it closes the
        // connection after the read time (0.3 s), answering nothing (status 0 here).
        (b"GET /api/games HTT".to_vec(), 0, String::new()),
    ];
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for t in 0..THREADS {
            let requests = &requests;
            let results = &results;
            scope.spawn(move || {
                for i in 0..PER_THREAD {
                    let (bytes, status, needle) = &requests[(t * 7 + i) % requests.len()];
                    let (got, body) = raw_request(addr, bytes, Duration::from_secs(20));
                    results
                        .lock()
                        .unwrap()
                        .push((*status, got, needle.clone(), body));
                }
            });
        }
    });
    let results = results.into_inner().unwrap();
    assert_eq!(results.len(), THREADS * PER_THREAD);
    let mut wrong = Vec::new();
    for (status, got, needle, body) in &results {
        if got != status || !body.contains(needle.as_str()) {
            wrong.push(format!(
                "expected {status} with {needle:?}, got {got}: {body}"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} answers wrong, e.g. {:?}",
        wrong.len(),
        results.len(),
        &wrong[..wrong.len().min(3)]
    );
    assert!(
        started.elapsed() < Duration::from_secs(60),
        "the burst took {:?}",
        started.elapsed()
    );
    // Still answering, and still right.
    let (status, body) = s.get("/api/chess/perft?depth=3");
    assert_eq!(status, 200);
    assert!(body.contains("\"total\":8902"));
}

#[test]
fn explain_cites_the_rule() {
    let s = server();
    // KUMA-3.5: "the Blind Bear never moves straight forward" (SPEC.md, from the seed's piece
    // table: one step sideways or diagonally). b1b3 is two squares straight forward.
    let (status, body) = s.get("/api/kuma/explain?from=b1&to=b3");
    assert_eq!(status, 200, "{body}");
    let doc = json(&body);
    assert_eq!(doc["schema"], "fairyspec.explain/1");
    assert_eq!(doc["move"], "b1b3");
    assert_eq!(doc["legal"], false);
    assert_eq!(doc["reasons"][0]["rule"], "KUMA-3.5");
    // KUMA-3.2: the Pawn's double step from its second rank is legal.
    let (status, body) = s.get("/api/kuma/explain?move=e2e4");
    assert_eq!(status, 200, "{body}");
    let doc = json(&body);
    assert_eq!(doc["legal"], true);
    assert_eq!(doc["reasons"][0]["rule"], "KUMA-3.2");
    // Every rule the answers cite is an anchor of /spec.
    let (_, spec) = s.get("/spec");
    for rule in ["KUMA-3.5", "KUMA-3.2"] {
        assert!(spec.contains(&format!("id=\"{rule}\"")), "{rule}");
    }
    for (path, needle) in [
        ("/api/kuma/explain", "needs a move"),
        ("/api/kuma/explain?from=b1", "needs a move"),
        ("/api/kuma/explain?from=b1&to=z9", "no square"),
        ("/api/kuma/explain?from=b1&to=b9", "no square"),
        (
            "/api/kuma/explain?from=b1&to=b9",
            "algebraic notation, a1 to h8",
        ),
        ("/api/kuma/explain?move=%21%21", "cannot read move"),
        // Issue 32: a square is named in the game's own notation; Chu Shogi's is USI.
        ("/api/chu/explain?from=f4&to=f5", "USI, 12l to 1a"),
        (
            "/api/chu/explain?from=7i&to=7z",
            "no square of the 12×12 board",
        ),
        ("/api/kuma/explain?from=7i&to=7h", "algebraic"),
    ] {
        let (status, body) = s.get(path);
        assert_eq!(status, 400, "{path}: {body}");
        assert!(body.contains(needle), "{path}: {needle:?} not in {body}");
    }
}

/// Issue 32: `explain`'s squares are the game's own. In Chu Shogi (USI, CHU-1.1) 7i is sente's
/// Pawn on file 7 of its fourth rank (CHU-1.2, the start SFEN: rank i is
/// `PPPPPPPPPPPP`), and 7h the empty square before it: one step forward, a Pawn's move (CHU-3).
#[test]
fn chu_squares_are_usi() {
    let s = server();
    let (status, body) = s.get("/api/chu/explain?from=7i&to=7h");
    assert_eq!(status, 200, "{body}");
    let doc = json(&body);
    assert_eq!(doc["move"], "7i7h", "{body}");
    assert_eq!(doc["legal"], true, "{body}");
    // The same move as move text.
    let (status, text) = s.get("/api/chu/explain?move=7i7h");
    assert_eq!(status, 200, "{text}");
    assert_eq!(json(&text)["legal"], true, "{text}");
    // Two squares straight forward: no Pawn's move.
    let (status, body) = s.get("/api/chu/explain?from=7i&to=7g");
    assert_eq!(status, 200, "{body}");
    assert_eq!(json(&body)["legal"], false, "{body}");
}

#[test]
fn spec_images_are_drawn_not_read() {
    let s = server();
    let (_, spec) = s.get("/spec");
    let images: Vec<&str> = spec
        .split("<img src=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect();
    assert!(
        images.len() > 20,
        "SPEC.md shows a diagram per piece: {}",
        images.len()
    );
    for src in images {
        let (status, svg) = s.get(&format!("/{src}"));
        assert_eq!(status, 200, "{src}");
        assert!(svg.contains("<svg"), "{src}");
    }
    assert_eq!(s.get("/docs/diagrams/kuma/nothing.svg").0, 404);
    assert_eq!(s.get("/docs/diagrams/kuma/../../Cargo.toml").0, 404);
}

/// The page's `moves` are the reference generator's legal moves, for every game the command line
/// knows (a game that lands later is checked without a change here).
#[test]
fn api_moves_are_the_reference_generators() {
    use fairyspec::registry::{GameCommand, GameId, Registered};
    use fairyspec::Position;
    struct Reference;
    impl GameCommand for Reference {
        type Output = Vec<String>;
        fn run<G: Registered>(self) -> Vec<String> {
            let gen = G::reference(&Default::default());
            let mut moves: Vec<String> = gen
                .legal_moves(&Position::<G>::start())
                .iter()
                .map(|m| m.to_string())
                .collect();
            // In the order of move lists: Chu's in shogi order (CORE-1.4).
            fairyspec::order::sort_moves(&mut moves);
            moves
        }
    }
    let s = server();
    let mut checked = 0;
    for game in GameId::ALL {
        let expected = game.run(Reference);
        let (status, body) = s.get(&format!("/api/{}/moves", game.name()));
        assert_eq!(status, 200, "{body}");
        let got: Vec<String> = json(&body)["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        assert_eq!(got, expected, "{}", game.name());
        checked += 1;
    }
    assert_eq!(checked, GameId::ALL.len(), "every game is checked");
}

/// The API answers with the command line's `--json` documents: each reads back as its type.
#[test]
fn answers_read_back_as_the_command_lines_json() {
    use fairyspec::documents as json;
    let s = server();
    let (_, body) = s.get(&format!("/api/kuma/perft?depth=1&fen={}", enc(BARE_KINGS)));
    let perft: json::Perft = serde_json::from_str(&body).expect("a perft --json document");
    assert_eq!(perft.schema, json::PERFT_SCHEMA);
    assert_eq!(perft.total, 5, "bare Kings: five King moves");
    let (_, body) = s.get(&format!("/api/kuma/moves?fen={}", enc(BARE_KINGS)));
    let moves: json::Moves = serde_json::from_str(&body).expect("a moves --json document");
    assert_eq!(moves.schema, json::MOVES_SCHEMA);
    assert_eq!(moves.moves.len(), 5);
    assert_eq!(moves.outcome, None);
}

/// Issue 20: a request whose handling panics is answered 500 with the panic's message, in the
/// worker and in a question's thread, and the server goes on answering.
#[test]
fn a_panicking_request_stays_in_that_request() {
    let s = Running::start(Config {
        panic_route: true,
        ..Config::default()
    });
    for path in ["/api/_fault/panic", "/api/_fault/panic-question"] {
        let (status, body) = s.get(path);
        assert_eq!(status, 500, "{path}: {body}");
        assert!(json(&body)["error"]
            .as_str()
            .unwrap()
            .contains("the fault route"));
        let (status, body) = s.get("/api/kuma/moves");
        assert_eq!(status, 200, "after {path}: {body}");
    }
    // Off by default: the route does not exist.
    let (status, _) = server().get("/api/_fault/panic");
    assert_eq!(status, 404);
}

/// The release binary `cargo build --release` made, beside this test's own target folder.
fn release_binary() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    // target/<profile>/deps/all-… → target/release/fairyspec
    let target = exe.parent()?.parent()?.parent()?;
    let bin = target
        .join("release")
        .join(format!("fairyspec{}", std::env::consts::EXE_SUFFIX));
    bin.is_file().then_some(bin)
}

/// A `fairyspec serve` process, killed when dropped.
struct Process(Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Issue 20: `cargo run --release -- serve`, as README says, must not abort on a request that
/// panics — the tests above run with the test profile, which always unwinds, and cannot see the
/// release profile's `panic` setting. This runs the release binary (`.ci/run` builds it before
/// `cargo test`) with the fault route on, and asks the two panicking routes and then a real
/// question.
#[test]
fn the_release_binary_survives_a_panicking_request() {
    let Some(bin) = release_binary() else {
        return http::missing(
            "the_release_binary_survives_a_panicking_request",
            "target/release/fairyspec",
            "cargo build --release",
        );
    };
    let child = Command::new(&bin)
        .args(["serve", "--port", "0", "--inject-fault", "panic-route"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the release binary");
    let mut child = Process(child);
    // Keep the pipe open while the server runs: it prints a second line, and a closed stdout
    // would end it (a failed write is an error, exit status 2).
    let mut stdout = BufReader::new(child.0.stdout.take().expect("stdout"));
    let mut first = String::new();
    stdout.read_line(&mut first).expect("the first line");
    // "fairyspec serve: listening on 127.0.0.1:PORT (…)"
    let addr: std::net::SocketAddr = first
        .split_whitespace()
        .nth(4)
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| {
            panic!(
                "{}: no address in {first:?} (is it older than this test? cargo build --release)",
                bin.display()
            )
        });
    let get = |path: &str| {
        raw_request(
            addr,
            format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes(),
            Duration::from_secs(30),
        )
    };
    for path in ["/api/_fault/panic", "/api/_fault/panic-question"] {
        let (status, body) = get(path);
        assert_eq!(status, 500, "{path}: {body}");
        assert!(
            child.0.try_wait().expect("wait").is_none(),
            "the server died on {path}"
        );
    }
    let (status, body) = get("/api/chess/moves");
    assert_eq!(status, 200, "{body}");
    assert_eq!(json(&body)["moves"].as_array().unwrap().len(), 20);
}

/// The longest line a request may play (1,024 moves, `MAX_MOVES`) in Chu Shogi, the slowest game,
/// with the reference generator (the page's), ending where a side is bared under the Münster
/// rule, whose clause (b) is a search (CHU-7.5): sente has its King and a Pawn on 6e against
/// gote's whole army. Sente's King steps 7l–7k and back while gote's Lion jumps 6c–7e and back,
/// 255 times and three plies; gote's 1,024th move takes the Pawn (6d6e) and bares sente.
fn chu_longest_line() -> (String, Vec<String>) {
    let fen =
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i2P1i3/12/12/12/12/12/12/5K6 b - 1";
    let cycle = ["7l7k", "6c7e", "7k7l", "7e6c"];
    let mut moves: Vec<String> = cycle
        .iter()
        .cycle()
        .take(1023)
        .map(|m| m.to_string())
        .collect();
    moves.push("6d6e".to_string());
    assert_eq!(moves.len(), fairyspec::serve::api::MAX_MOVES);
    (fen.to_string(), moves)
}

/// Issue 20: every question — moves, play, outcome, explain, perft — is answered within the time
/// limit of one question, the moves it plays included: the heaviest request this test can build
/// ([`chu_longest_line`]) is answered in time under a 10 s limit (it takes some 5 to 100 ms; the
/// Münster search there stops at the first defence that holds), and 503 within a tiny one, after
/// which the server still answers.
#[test]
fn every_question_is_bounded_in_time() {
    let (fen, moves) = chu_longest_line();
    let body = |extra: &str| {
        format!(
            r#"{{"fen": {}, "moves": {}, "switch": "bare-king=munster1997-emended"{extra}}}"#,
            serde_json::to_string(&fen).unwrap(),
            serde_json::to_string(&moves).unwrap()
        )
    };
    let questions = [
        ("moves", body("")),
        ("outcome", body("")),
        ("play", body(r#", "move": "7l7k""#)),
        ("explain", body(r#", "move": "7l7k""#)),
        ("perft", body(r#", "depth": "1""#)),
    ];
    let limit = Duration::from_secs(10);
    let s = Running::start(Config {
        question_time: limit,
        ..Config::default()
    });
    for (question, body) in &questions {
        let started = Instant::now();
        let (status, answer) = s.post(&format!("/api/chu/{question}"), body);
        let took = started.elapsed();
        assert!(
            took < limit + Duration::from_secs(2),
            "{question}: {took:?}"
        );
        match *question {
            // Sente is bared and cannot bare gote or take its King: gote wins (CHU-7.3).
            "moves" | "outcome" => {
                assert_eq!(status, 200, "{question}: {answer}");
                let doc = json(&answer);
                assert_eq!(doc["outcome"]["result"], "0-1", "{question}: {answer}");
                assert_eq!(
                    doc["outcome"]["reason"], "bare king",
                    "{question}: {answer}"
                );
            }
            // The game is over: no move is legal, and perft(1) counts none.
            "play" => assert_eq!(status, 400, "{question}: {answer}"),
            "explain" => assert_eq!(json(&answer)["legal"], false, "{answer}"),
            _ => assert_eq!(json(&answer)["total"], 0, "{answer}"),
        }
    }
    // Each of these takes some 5 to 100 ms in the test profile: a millisecond is too little.
    let tight = Duration::from_millis(1);
    let s = Running::start(Config {
        question_time: tight,
        ..Config::default()
    });
    for (question, body) in &questions {
        let started = Instant::now();
        let (status, answer) = s.post(&format!("/api/chu/{question}"), body);
        let took = started.elapsed();
        assert_eq!(status, 503, "{question}: {answer}");
        assert!(json(&answer)["error"]
            .as_str()
            .unwrap()
            .contains("time limit of one question"));
        assert!(
            took < tight + Duration::from_secs(1),
            "{question}: {took:?}"
        );
    }
    // The late questions finish in the background (each stops between two of its moves once
    // late); then the server answers as before.
    let started = Instant::now();
    loop {
        let (status, body) = s.get("/api/chess/moves");
        if status == 200 {
            assert_eq!(json(&body)["moves"].as_array().unwrap().len(), 20);
            break;
        }
        assert_eq!(status, 503, "{body}");
        assert!(started.elapsed() < Duration::from_secs(20), "{body}");
        std::thread::sleep(Duration::from_millis(50));
    }
}
