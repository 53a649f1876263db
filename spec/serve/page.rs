//! The pages and their assets, compiled into the binary (`include_str!`): no build step, no
//! outside scripts or fonts, works offline. A request names one of these or nothing.

use crate::registry::{self, GameId};
use std::sync::OnceLock;

/// The page's script: draws the board from `/api/<game>/moves`, selects, highlights, plays.
pub const APP_JS: &str = include_str!("assets/app.js");
/// The style sheet.
pub const STYLE_CSS: &str = include_str!("assets/style.css");

/// Escapes text for HTML (also inside attribute values).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// The compiled-in asset called `name`: content type and body.
pub fn asset(name: &str) -> Option<(&'static str, &'static str)> {
    match name {
        "app.js" => Some(("text/javascript; charset=utf-8", APP_JS)),
        "style.css" => Some(("text/css; charset=utf-8", STYLE_CSS)),
        _ => None,
    }
}

/// SPEC.md's diagram `file` of `game` (the files of `docs/diagrams/`), drawn from the reference
/// generator ([`registry::all_spec_sets`]) once, on first request — not read from disk.
pub fn diagram(game: &str, file: &str) -> Option<&'static str> {
    static SETS: OnceLock<Vec<(&'static str, String, String)>> = OnceLock::new();
    SETS.get_or_init(registry::all_spec_sets)
        .iter()
        .find(|(g, f, _)| *g == game && f == file)
        .map(|(_, _, svg)| svg.as_str())
}

/// A whole page around `body`, with the navigation bar (`active` is the current item: `spec`,
/// a game name, or nothing).
pub fn wrap(title: &str, active: &str, body: &str) -> String {
    let mut nav = String::new();
    nav.push_str("<a href=\"/\">fairyspec</a>");
    for g in GameId::ALL {
        nav.push_str(&format!(
            "<a href=\"/play/{0}\"{1}>{2}</a>",
            g.name(),
            if active == g.name() {
                " class=\"active\""
            } else {
                ""
            },
            escape(g.title())
        ));
    }
    nav.push_str(&format!(
        "<a href=\"/spec\"{}>the rules (SPEC.md)</a>",
        if active == "spec" {
            " class=\"active\""
        } else {
            ""
        }
    ));
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<link rel=\"stylesheet\" href=\"/assets/style.css\">\n</head>\n\
         <body class=\"{}\">\n<nav>{nav}</nav>\n<main>\n{body}\n</main>\n</body>\n</html>\n",
        escape(title),
        if active == "spec" { "spec" } else { "page" }
    )
}

/// The start page: the games.
pub fn index() -> String {
    let mut body = String::from(
        "<h1>fairyspec</h1>\n<p>An executable rules specification: every board here is drawn and \
         moved by the specification's own <em>reference</em> move generator. Click a piece to see \
         its legal moves; click a target to play; point at any other square for the rule that \
         forbids the move.</p>\n<ul class=\"games\">\n",
    );
    for g in GameId::ALL {
        body.push_str(&format!(
            "<li><a href=\"/play/{}\">{}</a></li>\n",
            g.name(),
            escape(g.title())
        ));
    }
    // The API's questions from the API itself, so that the list cannot fall behind it.
    let questions: Vec<&str> = super::api::Question::ALL
        .iter()
        .map(|q| q.name())
        .chain(["records"])
        .collect();
    body.push_str(&format!(
        "</ul>\n<p><a href=\"/spec\">The rules (SPEC.md)</a>, one anchor per rule ID. \
         The JSON API the pages use: <a href=\"/api/games\">/api/games</a>, \
         <code>/api/&lt;game&gt;/{}</code>.</p>\n",
        questions.join("|")
    ));
    wrap("fairyspec", "", &body)
}

/// The page of one game.
///
/// # Errors
/// The reason there is none: an unknown or not yet implemented game.
pub fn play(game: &str) -> Result<String, String> {
    let Ok(info) = game.parse::<GameId>() else {
        return Err(format!(
            "There is no game {:?}. The games: {}.",
            game.chars().take(40).collect::<String>(),
            GameId::names().join(", ")
        ));
    };
    let body = format!(
        r#"<div class="play" id="play" data-game="{name}">
<section class="board-column">
  <h1>{title}</h1>
  <div id="board" class="board" aria-label="board"></div>
  <div id="chooser" class="chooser" hidden></div>
  <p id="status" class="status">loading…</p>
  <div id="explain" class="explain" aria-live="polite"></div>
  <div id="legend"></div>
</section>
<section class="side-column">
  <form id="fen-form" class="fen">
    <label for="fen" id="fen-label">FEN</label>
    <textarea id="fen" rows="2" spellcheck="false" title="a position, or a position and moves: lishogi's SFEN, a USI line position sfen … moves …, lishogi's KIF"></textarea>
    <div class="buttons">
      <button type="submit">set position</button>
      <button type="button" id="start">start position</button>
      <button type="button" id="undo">take back</button>
      <button type="button" id="flip">flip board</button>
      <button type="button" id="copy">copy FEN</button>
      <button type="button" id="latin" aria-pressed="false" hidden>Latin letters</button>
    </div>
    <p id="error" class="error" role="alert"></p>
  </form>
  <div id="switches" class="switches"></div>
  <div id="records" class="records" hidden>
    <h2>Games of the corpus</h2>
    <select id="record"><option value="">(choose a game to step through)</option></select>
    <div id="stepper" hidden>
      <button type="button" id="ply-back" aria-label="back one ply">◀</button>
      <input id="ply" type="range" min="0" max="0" value="0" aria-label="ply">
      <button type="button" id="ply-next" aria-label="forward one ply">▶</button>
      <span id="ply-label" class="muted"></span>
    </div>
    <p id="record-about" class="muted"></p>
  </div>
  <h2>Moves played</h2>
  <ol id="movelist" class="movelist"></ol>
  <h2>Legal moves <span id="count" class="muted"></span></h2>
  <p id="legal" class="legal"></p>
  <details id="perft-box">
    <summary>perft (divide, fast generator)</summary>
    <form id="perft-form"><label>depth <input id="depth" type="number" min="0" max="12" value="2"></label>
    <button type="submit">count</button></form>
    <pre id="perft"></pre>
  </details>
</section>
</div>
<script src="/assets/app.js"></script>"#,
        name = escape(info.name()),
        title = escape(info.title()),
    );
    Ok(wrap(info.title(), info.name(), &body))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The start page names every question the API answers, and the game records.
    #[test]
    fn the_start_page_lists_the_whole_api() {
        let page = index();
        assert!(
            page.contains("/api/&lt;game&gt;/moves|play|perft|outcome|explain|records</code>"),
            "{page}"
        );
        for q in super::super::api::Question::ALL {
            assert_eq!(super::super::api::Question::parse(q.name()), Some(q));
        }
    }
}
