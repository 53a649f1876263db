//! The page of `fairyspec serve` used as a person uses it: Debian's Chromium, headless, driven
//! over the DevTools protocol with real mouse events, against a server on 127.0.0.1.
//!
//! Without Chromium the tests print `SKIPPED …` on the terminal and pass, except where a browser
//! is required — in CI (`CI` set to `true` or `1`, as CI services do) or with
//! `FAIRYSPEC_REQUIRE_ENGINES=1`, which `.ci/run` sets, as for the outside engines
//! ([`crate::ci`]) — where `.ci/browser.sh` installs it and a missing browser is a failure. Set
//! `FAIRYSPEC_SCREENSHOTS=DIR` to keep screenshots of the pages.

#[path = "support/cdp.rs"]
pub(crate) mod cdp;
use crate::http;

use cdp::{find_chromium, Browser};
use fairyspec::kuma::Kuma;
use fairyspec::serve::Config;
use fairyspec::{Game, Position};
use http::{enc, json, Running};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::time::Duration;

/// The Chromium to drive; without one, the test fails where a browser is required
/// ([`http::required_in_ci`]: `CI`, or `FAIRYSPEC_REQUIRE_ENGINES=1` as `.ci/run` sets) and
/// otherwise says SKIPPED on the terminal (the test passes, having checked nothing).
pub(crate) fn chromium(test: &str) -> Option<PathBuf> {
    let found = find_chromium();
    if found.is_none() {
        http::missing(
            test,
            "chromium",
            "apt-get install chromium, or .ci/browser.sh; FAIRYSPEC_CHROMIUM=/path/to/chromium to use another",
        );
    }
    found
}

/// Keeps a screenshot of the page as `name` in `FAIRYSPEC_SCREENSHOTS`, when set.
pub(crate) fn save_screenshot(browser: &mut Browser, name: &str) {
    let Some(dir) = std::env::var_os("FAIRYSPEC_SCREENSHOTS") else {
        return;
    };
    let png = browser.screenshot();
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    let path = PathBuf::from(dir).join(name);
    std::fs::write(&path, png).expect("write screenshot");
    eprintln!("screenshot: {}", path.display());
}

/// One browser test at a time: several Chromiums starting at once on a small, busy CI machine
/// may take longer than the DevTools answer time (`browser_chu.rs` takes it too).
pub(crate) static ONE_BROWSER: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Takes [`ONE_BROWSER`] (a test that failed while holding it does not stop the others).
pub(crate) fn one_browser() -> std::sync::MutexGuard<'static, ()> {
    ONE_BROWSER
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The start of every browser test: the one-browser lock ([`one_browser`], held while the tuple
/// lives), a server with the default configuration, and Chromium with a `width` × `height`
/// window; `None` (the test checks nothing) where there is no Chromium ([`chromium`]).
pub(crate) fn start(
    test: &str,
    width: u32,
    height: u32,
) -> Option<(std::sync::MutexGuard<'static, ()>, Running, Browser)> {
    let chromium = chromium(test)?;
    let one = one_browser();
    let server = Running::start(Config::default());
    let browser = Browser::launch(&chromium, width, height);
    Some((one, server, browser))
}

const READY: &str = "document.body.dataset.state === 'ready' && \
                     document.querySelectorAll('#board [data-square]').length > 0";

/// The squares the page highlights as targets, and the multi-step moves it draws as paths.
fn highlighted(browser: &mut Browser) -> (BTreeSet<String>, BTreeSet<String>) {
    let v = browser.eval(
        "[[...document.querySelectorAll('#board .sq.target')].map(g => g.dataset.square), \
          [...document.querySelectorAll('#board polyline.path')].map(p => p.dataset.move)]",
    );
    let set = |v: &Value| -> BTreeSet<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect()
    };
    (set(&v[0]), set(&v[1]))
}

/// The selector of a square of the board.
pub(crate) fn square(sq: &str) -> String {
    format!("#board [data-square=\"{sq}\"]")
}

/// The squares a legal move of a `moves` document passes, from-square first.
pub(crate) fn path(legal_move: &Value) -> Vec<&str> {
    legal_move["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect()
}

/// Per from-square: the target squares and the multi-step moves of a `moves` document.
type ByFrom = BTreeMap<String, (BTreeSet<String>, BTreeSet<String>)>;

fn by_from(doc: &Value) -> ByFrom {
    let mut map = ByFrom::new();
    for m in doc["legal"].as_array().unwrap() {
        let path = path(m);
        let entry = map.entry(path[0].to_string()).or_default();
        entry.0.insert(path[path.len() - 1].to_string());
        if path.len() > 2 {
            entry.1.insert(m["move"].as_str().unwrap().to_string());
        }
    }
    map
}

/// The last square (board coordinates) of the legal move `text` of a `moves` document.
fn multi_step_end(doc: &Value, text: &str) -> String {
    let m = doc["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == text)
        .unwrap();
    let path = m["path"].as_array().unwrap();
    path[path.len() - 1].as_str().unwrap().to_string()
}

#[test]
fn kuma_page_select_highlight_play_explain() {
    let Some((_one, server, mut b)) = start("kuma_page_select_highlight_play_explain", 1280, 860)
    else {
        return;
    };
    b.goto(&server.url("/play/kuma"), READY);
    assert_eq!(
        b.eval("document.querySelectorAll('#board [data-square]').length"),
        64,
        "KUMA-1.1: an 8×8 board"
    );
    let start = Position::<Kuma>::start();
    assert_eq!(
        b.eval("document.getElementById('play').dataset.fen"),
        start.fen()
    );

    // Select the Pawn on e2: KUMA-3.2, one step or the double step from its second rank.
    b.click(&square("e2"));
    let (targets, paths) = highlighted(&mut b);
    assert_eq!(
        targets,
        ["e3", "e4"].map(String::from).into(),
        "the Pawn's squares"
    );
    assert!(paths.is_empty());
    // Against `moves`: the reference generator's own list, from e2.
    let reference = Kuma::reference(&Default::default());
    let from_e2: BTreeSet<String> = reference
        .legal_moves(&start)
        .iter()
        .filter(|m| m.from.to_string() == "e2")
        .map(|m| m.to.to_string())
        .collect();
    assert_eq!(targets, from_e2);

    // Point at a square the Pawn cannot reach: the explanation appears, citing a rule.
    b.hover(&square("e5"));
    b.wait_for(
        "document.querySelector('#explain.illegal a.rule') !== null",
        Duration::from_secs(10),
    );
    assert_eq!(
        b.eval("document.getElementById('explain').dataset.move"),
        "e2e5"
    );

    // The Blind Bear on b1 never moves straight forward (KUMA-3.5): click it, then b3.
    b.click(&square("b1"));
    b.click(&square("b3"));
    b.wait_for(
        "document.getElementById('explain').dataset.move === 'b1b3' && \
         document.querySelector('#explain a.rule') !== null",
        Duration::from_secs(10),
    );
    let explain = b.eval(
        "[document.getElementById('explain').className, \
          document.getElementById('explain').innerText, \
          [...document.querySelectorAll('#explain a.rule')].map(a => a.getAttribute('href'))]",
    );
    assert!(
        explain[0].as_str().unwrap().contains("illegal"),
        "{explain}"
    );
    let text = explain[1].as_str().unwrap();
    assert!(text.contains("never moves straight forward"), "{text}");
    assert!(text.contains("KUMA-3.5"), "{text}");
    let hrefs: Vec<&str> = explain[2]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_str().unwrap())
        .collect();
    assert!(hrefs.contains(&"/spec#KUMA-3.5"), "{hrefs:?}");
    save_screenshot(&mut b, "kuma-explain.png");

    // Play 1. e2–e4 with two clicks.
    b.click(&square("e2"));
    b.click(&square("e4"));
    let after = "ubvskvbr/pppppppp/8/8/4P3/8/PPPP1PPP/UBVSKVBR b KQkq e3 0 1";
    b.wait_for(
        &format!(
            "document.body.dataset.state === 'ready' && \
             document.getElementById('play').dataset.fen === {}",
            serde_json::json!(after)
        ),
        Duration::from_secs(10),
    );
    assert_eq!(
        b.eval("document.querySelector('#board [data-square=\"e4\"] .piece text').textContent"),
        "P"
    );
    assert_eq!(
        b.eval("document.querySelector('#board [data-square=\"e2\"] .piece') === null"),
        true
    );
    assert_eq!(
        b.eval("[...document.querySelectorAll('#movelist li')].map(l => l.innerText)"),
        serde_json::json!(["e2e4"])
    );
    // Black to move: the Pawn on d7 has d6 and d5.
    b.click(&square("d7"));
    let (targets, _) = highlighted(&mut b);
    assert_eq!(targets, ["d5", "d6"].map(String::from).into());
    save_screenshot(&mut b, "kuma-after-e4.png");

    // The rule link lands on the rule in the rendered SPEC.md.
    b.goto(
        &server.url("/spec#KUMA-3.5"),
        "document.readyState === 'complete'",
    );
    assert_eq!(
        b.eval("document.querySelector(':target') && document.querySelector(':target').id"),
        "KUMA-3.5"
    );
    assert!(b
        .eval("document.querySelector(':target').closest('li').innerText")
        .as_str()
        .unwrap()
        .contains("Blind Bear"));
    save_screenshot(&mut b, "spec-kuma-3.5.png");
    assert!(b.page_errors().is_empty(), "{:?}", b.page_errors());
}

/// Every game's start page: click every piece of the side to move; the squares the page
/// highlights (and the paths it draws) are exactly that piece's moves in `moves`.
#[test]
fn every_highlighted_move_on_every_start_page_equals_moves() {
    let Some((_one, server, mut b)) = start(
        "every_highlighted_move_on_every_start_page_equals_moves",
        1280,
        900,
    ) else {
        return;
    };
    let (_, games) = server.get("/api/games");
    let games = json(&games);
    let mut checked = Vec::new();
    for game in games["games"].as_array().unwrap() {
        if game["implemented"] != true {
            continue;
        }
        let name = game["name"].as_str().unwrap();
        let (status, doc) = server.get(&format!(
            "/api/{name}/moves?fen={}",
            enc(game["start_fen"].as_str().unwrap())
        ));
        assert_eq!(status, 200, "{doc}");
        let doc = json(&doc);
        let expected = by_from(&doc);
        b.goto(&server.url(&format!("/play/{name}")), READY);
        let files = game["files"].as_u64().unwrap();
        let ranks = game["ranks"].as_u64().unwrap();
        assert_eq!(
            b.eval("document.querySelectorAll('#board [data-square]').length"),
            files * ranks,
            "{name}: the board's shape"
        );
        let turn = doc["turn"].as_str().unwrap();
        let mut pieces = 0;
        for piece in doc["pieces"].as_array().unwrap() {
            if piece["colour"] != turn {
                continue;
            }
            let from = piece["square"].as_str().unwrap();
            b.click(&square(from));
            assert_eq!(
                b.eval(&format!(
                    "document.querySelector('{}').classList.contains('selected')",
                    square(from).replace('"', "\\\"")
                )),
                true,
                "{name}: {from} selected"
            );
            let (targets, paths) = highlighted(&mut b);
            let want = expected.get(from).cloned().unwrap_or_default();
            assert_eq!(targets, want.0, "{name}: the piece on {from}");
            // A multi-step move's route is drawn only for the square pointed at.
            assert!(paths.is_empty(), "{name}: {from}: routes before pointing");
            let mut routes = BTreeSet::new();
            for to in &want.0 {
                let ending: BTreeSet<String> = want
                    .1
                    .iter()
                    .filter(|m| multi_step_end(&doc, m) == *to)
                    .cloned()
                    .collect();
                if ending.is_empty() {
                    continue;
                }
                b.hover(&square(to));
                let (_, drawn) = highlighted(&mut b);
                assert_eq!(drawn, ending, "{name}: {from}: the routes to {to}");
                routes.extend(drawn);
            }
            assert_eq!(routes, want.1, "{name}: {from}: every route");
            pieces += 1;
        }
        // Every from-square of `moves` holds a piece the loop clicked.
        assert!(pieces >= expected.len(), "{name}");
        checked.push(format!(
            "{name}: {pieces} pieces, {} moves",
            doc["moves"].as_array().unwrap().len()
        ));
        if name == "chu" {
            save_screenshot(&mut b, "chu-start.png");
        }
        if name == "congo" {
            save_screenshot(&mut b, "congo-start.png");
        }
    }
    eprintln!("checked {checked:?}");
    // Every game of the specification, each implemented (a game that is not would be named).
    let names = fairyspec::registry::GameId::names();
    assert_eq!(checked.len(), names.len(), "{checked:?} of {names:?}");
    assert!(b.page_errors().is_empty(), "{:?}", b.page_errors());
}
