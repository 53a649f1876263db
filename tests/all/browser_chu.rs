//! The Chu Shogi page as a shogi player sees it (issue: the board, the pieces, the squares and
//! the words): Debian's Chromium, headless, real clicks, as `browser.rs`. Tiles with kanji,
//! red when promoted, pointing at the opponent; the legend of all 39 kinds; a Lion's one- and
//! two-step marks equal to its legal moves, the route drawn only for the square pointed at;
//! lishogi's text pasted; a corpus game stepped through; the Latin letters on request.

use crate::browser::cdp::Browser;
use crate::browser::{path, save_screenshot, square, start};
use crate::http;

use http::{enc, json};
use serde_json::Value;
use std::collections::BTreeSet;
use std::time::Duration;

const READY: &str = "document.body.dataset.state === 'ready' && \
                     document.querySelectorAll('#board [data-square]').length > 0";

fn strings(v: &Value) -> BTreeSet<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// Sets the position by pasting `text` into the position box, as a user does.
fn paste(b: &mut Browser, text: &str) {
    b.eval(&format!(
        "document.getElementById('fen').value = {}; \
         document.getElementById('play').dataset.fen = ''; \
         document.querySelector('#fen-form button[type=submit]').click(); true",
        serde_json::json!(text)
    ));
    b.wait_for(
        &format!("{READY} && document.getElementById('play').dataset.fen !== ''"),
        Duration::from_secs(10),
    );
}

#[test]
fn chu_page_tiles_legend_lion_marks_paste_and_stepper() {
    let Some((_one, server, mut b)) = start(
        "chu_page_tiles_legend_lion_marks_paste_and_stepper",
        1400,
        1100,
    ) else {
        return;
    };
    let (_, games) = server.get("/api/games");
    let games = json(&games);
    let chu = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "chu")
        .unwrap()
        .clone();
    b.goto(&server.url("/play/chu"), READY);

    // Tiles, not discs: every piece of the start position (46 a side, CHU-1.2) is a pentagon
    // with one kanji; sente's point up the page, gote's down; sente is named sente.
    let tiles = b.eval(
        "[...document.querySelectorAll('#board .tile')].map(t => [t.closest('[data-square]').dataset.square, \
          t.querySelector('polygon').getAttribute('points').split(' ').length, t.textContent, \
          t.getAttribute('transform') || '', t.classList.contains('white')])",
    );
    let tiles = tiles.as_array().unwrap();
    assert_eq!(tiles.len(), 92, "{tiles:?}");
    assert_eq!(
        b.eval("document.querySelectorAll('#board circle:not(.dot):not(.star)').length"),
        0,
        "no discs"
    );
    for t in tiles {
        assert_eq!(t[1], 5, "a pentagon: {t}");
        let text = t[2].as_str().unwrap();
        assert!(
            text.chars().count() == 1 && !text.is_ascii(),
            "one kanji: {t}"
        );
        let sente = t[4].as_bool().unwrap();
        assert_eq!(
            t[3].as_str().unwrap().contains("rotate(180"),
            !sente,
            "gote's tiles turned to point down: {t}"
        );
    }
    // The Lion of sente stands on 7j (CHU-1.2), the crate's f3: 獅.
    assert_eq!(
        b.eval(&format!(
            "document.querySelector('{} .tile text').textContent",
            square("f3").replace('"', "\\\"")
        )),
        "獅"
    );
    assert_eq!(
        b.eval("document.getElementById('status').textContent.startsWith('Sente to move')"),
        true
    );
    // The grid and the four dots of the promotion zones; the two zones told apart.
    assert!(
        b.eval("document.querySelectorAll('#board .grid line').length")
            .as_u64()
            >= Some(26)
    );
    assert_eq!(
        b.eval("document.querySelectorAll('#board .grid circle.star').length"),
        4
    );
    assert_eq!(
        b.eval("document.querySelectorAll('#board .sq.zone-promotion-0').length"),
        48
    );
    assert_eq!(
        b.eval("document.querySelectorAll('#board .sq.zone-promotion-1').length"),
        48
    );

    // The legend names all 39 kinds, with Betza and a link to the rule, as /api/games does.
    let legend = b.eval(
        "[...document.querySelectorAll('#legend tr[data-symbol]')].map(r => [r.dataset.symbol, r.innerText, \
          r.querySelector('a.rule') && r.querySelector('a.rule').getAttribute('href'), \
          r.querySelector('.tile text') && r.querySelector('.tile text').textContent])",
    );
    let legend = legend.as_array().unwrap();
    assert_eq!(legend.len(), 39);
    for (row, kind) in legend.iter().zip(chu["pieces"].as_array().unwrap()) {
        assert_eq!(row[0], kind["symbol"]);
        let text = row[1].as_str().unwrap();
        assert!(text.contains(kind["name"].as_str().unwrap()), "{row}");
        assert!(text.contains(kind["betza"].as_str().unwrap()), "{row}");
        assert!(text.contains(kind["long_label"].as_str().unwrap()), "{row}");
        assert_eq!(
            row[2].as_str().unwrap(),
            format!("/spec#{}", kind["rule"].as_str().unwrap())
        );
        assert_eq!(row[3], kind["label"]);
    }

    // Paste lishogi's USI export: a position line with moves. The move list shows them in USI
    // with the kanji name of the piece that moved.
    paste(&mut b, "position startpos moves 7i7h 6d6e 7j7i");
    assert_eq!(
        b.eval("[...document.querySelectorAll('#movelist li')].map(l => l.innerText)"),
        serde_json::json!(["歩兵 7i7h", "歩兵 6d6e", "獅子 7j7i"])
    );
    let fen = b.eval("document.getElementById('play').dataset.fen");
    let (status, doc) = server.get(&format!(
        "/api/chu/moves?fen={}",
        enc(fen.as_str().unwrap())
    ));
    assert_eq!(status, 200);
    let doc = json(&doc);
    assert_eq!(doc["turn"], "black");
    // One more pasted move, gote's, and sente's Lion stands on 7i with empty squares about it.
    paste(&mut b, "position startpos moves 7i7h 6d6e 7j7i 6e6f");
    let fen = b.eval("document.getElementById('play').dataset.fen");
    let (_, doc) = server.get(&format!(
        "/api/chu/moves?fen={}",
        enc(fen.as_str().unwrap())
    ));
    let doc = json(&doc);
    // The Lion on 7i is the crate's f4.
    let lion = "f4";
    let mut targets = BTreeSet::new();
    let mut multi: Vec<(String, String)> = Vec::new();
    for m in doc["legal"].as_array().unwrap() {
        let path = path(m);
        if path[0] != lion {
            continue;
        }
        let to = path[path.len() - 1].to_string();
        targets.insert(to.clone());
        if path.len() > 2 {
            multi.push((to, m["move"].as_str().unwrap().to_string()));
        }
    }
    assert!(!multi.is_empty(), "the Lion has two-step moves");
    b.click(&square(lion));
    let marks = b.eval(
        "[[...document.querySelectorAll('#board .sq.target')].map(g => g.dataset.square), \
          [...document.querySelectorAll('#board .sq.reach-1')].map(g => g.dataset.square), \
          [...document.querySelectorAll('#board .sq.reach-2')].map(g => g.dataset.square), \
          document.querySelectorAll('#board polyline.path').length]",
    );
    assert_eq!(
        strings(&marks[0]),
        targets,
        "the Lion's marks are its legal moves"
    );
    let near = strings(&marks[1]);
    let far = strings(&marks[2]);
    assert_eq!(&near | &far, targets);
    assert!(near.is_disjoint(&far));
    let dist = |a: &str, b: &str| {
        let (fa, ra) = (a.as_bytes()[0] as i32, a[1..].parse::<i32>().unwrap());
        let (fb, rb) = (b.as_bytes()[0] as i32, b[1..].parse::<i32>().unwrap());
        (fa - fb).abs().max((ra - rb).abs())
    };
    assert!(near.iter().all(|s| dist(s, lion) <= 1), "{near:?}");
    assert!(far.iter().all(|s| dist(s, lion) == 2), "{far:?}");
    // The click leaves the mouse on the Lion's own square: the routes drawn are those of the
    // moves that end there (its igui and passes, CHU-3.5), no others.
    let back_home: BTreeSet<String> = multi
        .iter()
        .filter(|(t, _)| t == lion)
        .map(|(_, m)| m.clone())
        .collect();
    let drawn =
        b.eval("[...document.querySelectorAll('#board polyline.path')].map(p => p.dataset.move)");
    assert_eq!(
        strings(&drawn),
        back_home,
        "only the routes of the square pointed at"
    );
    assert_eq!(marks[3], back_home.len());
    // Point at a square reached in two steps: exactly its routes are drawn.
    let (to, _) = multi
        .iter()
        .find(|(to, _)| dist(to, lion) == 2)
        .unwrap()
        .clone();
    b.hover(&square(&to));
    let want: BTreeSet<String> = multi
        .iter()
        .filter(|(t, _)| *t == to)
        .map(|(_, m)| m.clone())
        .collect();
    let drawn =
        b.eval("[...document.querySelectorAll('#board polyline.path')].map(p => p.dataset.move)");
    assert_eq!(strings(&drawn), want, "the routes to {to}");
    save_screenshot(&mut b, "chu-lion.png");

    // The Latin letters on request; the kanji back.
    b.click("#latin");
    assert_eq!(
        b.eval(&format!(
            "document.querySelector('{} .tile text').textContent",
            square(lion).replace('"', "\\\"")
        )),
        "N"
    );
    b.click("#latin");
    assert_eq!(
        b.eval(&format!(
            "document.querySelector('{} .tile text').textContent",
            square(lion).replace('"', "\\\"")
        )),
        "獅"
    );

    // A promoted piece: red kanji. lishogi's lenient SFEN (fields left out), with a note.
    paste(&mut b, "12/12/12/12/12/12/12/12/12/12/12/+RK9k");
    assert_eq!(
        b.eval("document.getElementById('play').dataset.fen"),
        "12/12/12/12/12/12/12/12/12/12/12/+RK9k b - 1"
    );
    assert!(b
        .eval("document.getElementById('error').textContent")
        .as_str()
        .unwrap()
        .contains("counter-strike"));
    let red = b.eval(&format!(
        "[document.querySelector('{0} .tile').classList.contains('promoted'), \
          getComputedStyle(document.querySelector('{0} .tile text')).fill, \
          document.querySelector('{0} .tile text').textContent]",
        square("a1").replace('"', "\\\"")
    ));
    assert_eq!(red[0], true);
    assert_eq!(red[1], "rgb(200, 16, 46)", "{red}");
    assert_eq!(red[2], "龍");
    // Copy the position out as lishogi's SFEN.
    b.click("#copy");
    assert_eq!(
        b.eval("document.getElementById('fen').value"),
        "12/12/12/12/12/12/12/12/12/12/12/+RK9k b - 1"
    );

    // Step through a corpus game: choose it, step with the buttons; each move explained.
    let (_, rec) = server.get("/api/chu/records/lishogi-EHUTJJu4");
    let rec = json(&rec);
    b.eval(
        "const s = document.getElementById('record'); s.value = 'lishogi-EHUTJJu4'; \
         s.dispatchEvent(new Event('change')); true",
    );
    b.wait_for(
        "!document.getElementById('stepper').hidden && document.body.dataset.state === 'ready'",
        Duration::from_secs(10),
    );
    for ply in 1..=3 {
        b.click("#ply-next");
        let fen = if ply < rec["plies"].as_array().unwrap().len() {
            rec["plies"][ply]["fen"].clone()
        } else {
            rec["final_fen"].clone()
        };
        b.wait_for(
            &format!(
                "document.getElementById('play').dataset.fen === {fen} && \
                 document.getElementById('explain').dataset.move === {}",
                rec["plies"][ply - 1]["move"]
            ),
            Duration::from_secs(10),
        );
        assert_eq!(
            b.eval("document.getElementById('explain').classList.contains('legal')"),
            true,
            "ply {ply} is explained as legal"
        );
    }
    assert_eq!(
        b.eval("document.querySelectorAll('#movelist li').length"),
        3
    );
    save_screenshot(&mut b, "chu-stepper.png");
    assert!(b.page_errors().is_empty(), "{:?}", b.page_errors());
}
