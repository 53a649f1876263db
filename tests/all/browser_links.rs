//! The page as `conform` sends engine authors to it, and a Lion's choices: Chromium opens the link
//! a divergence prints (`/play/<game>#<FEN>&switch=…`) on that position under those rule
//! switches; a target a Lion reaches by several routes to one result is one choice, its routes
//! named, and a target with several results asks which, one button per result.
//!
//! As `browser.rs`: without Chromium the tests say SKIPPED and pass, except in CI.

use crate::browser::{square, start};
use crate::http::json;
use fairyspec::conform::page_link;
use serde_json::Value;
use std::time::Duration;

const READY: &str = "document.body.dataset.state === 'ready' && \
                     document.querySelectorAll('#board [data-square]').length > 0";

/// Sente's Lion on 6h with a gote Pawn on 6g in front of it, the Kings far away (CHU-3.5).
const LION: &str = "11k/12/12/12/12/12/6p5/6N5/12/12/12/K11 b - 1";

#[test]
fn a_divergence_s_link_opens_its_position_under_its_switches() {
    let test = "a_divergence_s_link_opens_its_position_under_its_switches";
    let Some((_one, server, mut b)) = start(test, 1280, 900) else {
        return;
    };
    let link = page_link("chu", LION, &[("lion-protection", "hachu")]);
    b.goto(&server.url(&link), READY);
    assert_eq!(b.eval("document.getElementById('play').dataset.fen"), LION);
    assert_eq!(
        b.eval("document.querySelector('#switches select[name=\"lion-protection\"]').value"),
        "hachu"
    );
    // The page asks the server under that switch from then on.
    let asked = b.eval(
        "performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/api/chu/moves')).pop()",
    );
    assert!(
        asked
            .as_str()
            .is_some_and(|u| u.contains("switch=lion-protection%3Dhachu")),
        "{asked}"
    );
    // An address without switches opens under the defaults, as before.
    let link = page_link("kuma", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", &[]);
    b.goto(&server.url(&link), READY);
    assert_eq!(
        b.eval("document.getElementById('play').dataset.fen"),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    );
    assert!(b.page_errors().is_empty(), "{:?}", b.page_errors());
}

/// The moves of a `moves` document from `from` to `to`, as (move, result).
fn moves_to(doc: &Value, from: &str, to: &str) -> Vec<(String, String)> {
    doc["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| {
            let path = m["path"].as_array().unwrap();
            path[0] == from && path[path.len() - 1] == to
        })
        .map(|m| {
            (
                m["move"].as_str().unwrap().to_string(),
                m["result"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn a_lion_s_routes_to_one_result_are_one_choice() {
    let test = "a_lion_s_routes_to_one_result_are_one_choice";
    let Some((_one, server, mut b)) = start(test, 1280, 900) else {
        return;
    };
    // The API first: which moves share a result. Board coordinates: 6h is g5, 6g g6, 6f g7.
    let (status, doc) = server.get(&format!("/api/chu/moves?fen={}", crate::http::enc(LION)));
    assert_eq!(status, 200);
    let doc = json(&doc);
    // To 6f: the jump, and the two routes through an empty square (5g, 7g) leave one position;
    // through the Pawn on 6g (taking it on the way) another (CHU-3.5).
    let to_6f = moves_to(&doc, "g5", "g7");
    assert_eq!(
        to_6f,
        [
            ("6h5g6f".to_string(), "6h6f".to_string()),
            ("6h6f".to_string(), "6h6f".to_string()),
            ("6h6g6f".to_string(), "6h6g6f".to_string()),
            ("6h7g6f".to_string(), "6h6f".to_string()),
        ]
    );
    // To 6g, the Pawn's square: take it at once or after a step elsewhere — one result.
    let to_6g = moves_to(&doc, "g5", "g6");
    assert_eq!(to_6g.len(), 5, "{to_6g:?}");
    assert!(to_6g.iter().all(|(_, r)| r == "6h6g"), "{to_6g:?}");

    b.goto(&server.url(&page_link("chu", LION, &[])), READY);
    assert_eq!(b.eval("document.getElementById('play').dataset.fen"), LION);
    // Two results end on 6f: the chooser offers two, the jump's with its three routes named.
    b.click(&square("g5"));
    b.click(&square("g7"));
    b.wait_for(
        "!document.getElementById('chooser').hidden",
        Duration::from_secs(10),
    );
    let buttons = b.eval(
        "[...document.querySelectorAll('#chooser button[data-move]')].map(x => [x.dataset.move, x.dataset.routes, x.textContent])",
    );
    assert_eq!(
        buttons,
        serde_json::json!([
            [
                "6h6f",
                "6h5g6f 6h6f 6h7g6f",
                "6h6f — one result, 3 routes: 6h–5g–6f, 6h–6f, 6h–7g–6f"
            ],
            ["6h6g6f", "6h6g6f", "6h6g6f"]
        ]),
        "{buttons}"
    );
    // Pointing at the first choice draws all its routes.
    b.hover("#chooser button[data-move=\"6h6f\"]");
    let drawn = b.eval(
        "[...document.querySelectorAll('#board polyline.path.chosen')].map(p => p.dataset.move).sort()",
    );
    assert_eq!(drawn, serde_json::json!(["6h5g6f", "6h6f", "6h7g6f"]));
    b.click("#chooser button[data-move=\"6h6f\"]");
    b.wait_for(
        "document.getElementById('play').dataset.fen !== '11k/12/12/12/12/12/6p5/6N5/12/12/12/K11 b - 1' && document.body.dataset.state === 'ready'",
        Duration::from_secs(10),
    );
    assert_eq!(
        b.eval("document.getElementById('play').dataset.fen"),
        "11k/12/12/12/12/6N5/6p5/12/12/12/12/K11 w - 2"
    );

    // One result by five routes (6g): a click plays it, no question; pointing names the routes.
    // (Another page first: the same address again would only move within the page.)
    b.goto(&server.url("/"), "document.readyState === 'complete'");
    b.goto(&server.url(&page_link("chu", LION, &[])), READY);
    b.click(&square("g5"));
    b.hover(&square("g6"));
    b.wait_for(
        "document.querySelector('#explain .routes') !== null",
        Duration::from_secs(10),
    );
    let note = b.eval("document.querySelector('#explain .routes').textContent");
    assert!(
        note.as_str()
            .is_some_and(|t| t.starts_with("6h6g — one result, 5 routes: ")),
        "{note}"
    );
    b.click(&square("g6"));
    b.wait_for(
        "document.getElementById('play').dataset.fen === '11k/12/12/12/12/12/6N5/12/12/12/12/K11 w - 2'",
        Duration::from_secs(10),
    );
    assert!(b.eval("document.getElementById('chooser').hidden") == true);
    assert!(b.page_errors().is_empty(), "{:?}", b.page_errors());
}
