// fairyspec serve: the board page. Everything it shows comes from the server's JSON API, which
// asks the specification's reference generator: the pieces, the legal moves (with their paths),
// the outcome, and why a move is not legal. The page keeps no rules of its own.
"use strict";

(function () {
  const root = document.getElementById("play");
  if (!root) return;
  const GAME = root.dataset.game;
  const SVG = "http://www.w3.org/2000/svg";
  const $ = (id) => document.getElementById(id);

  const state = {
    info: null, // the game's entry of /api/games
    doc: null, // the current /api/<game>/moves document
    history: [], // [{fen, move}] the positions before each move played, and the move
    switches: {}, // name -> value
    selected: null, // square name
    flipped: false,
    explainSeq: 0,
  };

  // --- talking to the server ---------------------------------------------------------------

  function query(params) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) {
      if (v !== undefined && v !== null && v !== "") q.append(k, v);
    }
    for (const [name, value] of Object.entries(state.switches)) {
      const sw = state.info.switches.find((s) => s.name === name);
      if (sw && sw.default !== value) q.append("switch", name + "=" + value);
    }
    return q.toString();
  }

  async function api(question, params) {
    const response = await fetch("/api/" + GAME + "/" + question + "?" + query(params));
    let body;
    try {
      body = await response.json();
    } catch (e) {
      throw new Error("the server answered " + response.status + " without JSON");
    }
    if (!response.ok) throw new Error(body.error || "error " + response.status);
    return body;
  }

  function busy(on) {
    document.body.dataset.state = on ? "loading" : "ready";
  }

  // --- the position --------------------------------------------------------------------------

  async function load(fen, keepHistory) {
    busy(true);
    try {
      const doc = await api("moves", { fen: fen });
      if (!keepHistory) state.history = [];
      show(doc);
      $("error").textContent = "";
    } catch (e) {
      $("error").textContent = e.message;
    } finally {
      busy(false);
    }
  }

  async function play(text) {
    busy(true);
    try {
      const before = state.doc.fen;
      const doc = await api("play", { fen: before, move: text });
      const played = state.doc.legal.find((m) => m.move === doc.played);
      state.history.push({ fen: before, move: doc.played });
      show(doc, played ? played.path : null);
      $("error").textContent = "";
    } catch (e) {
      $("error").textContent = e.message;
    } finally {
      busy(false);
    }
  }

  function show(doc, lastPath) {
    state.doc = doc;
    state.selected = null;
    state.lastPath = lastPath || null;
    $("fen").value = doc.fen;
    root.dataset.fen = doc.fen;
    hideChooser();
    drawBoard();
    drawStatus();
    drawMoveList();
    drawLegal();
    setExplain(null);
  }

  // --- the board ------------------------------------------------------------------------------

  function cellSize() {
    const n = Math.max(state.info.files, state.info.ranks);
    return Math.max(36, Math.min(64, Math.floor(600 / n)));
  }

  function squareXY(name) {
    // Board coordinates: file letter, rank number (a1 lower left for the first player).
    const file = name.charCodeAt(0) - 97;
    const rank = parseInt(name.slice(1), 10) - 1;
    const c = cellSize();
    const col = state.flipped ? state.info.files - 1 - file : file;
    const row = state.flipped ? rank : state.info.ranks - 1 - rank;
    return { x: 24 + col * c, y: row * c, file: file, rank: rank };
  }

  function el(tag, attrs, parent) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (parent) parent.appendChild(e);
    return e;
  }

  function movesFrom(square) {
    return state.doc.legal.filter((m) => m.path[0] === square);
  }

  function drawBoard() {
    const info = state.info;
    const c = cellSize();
    const width = 24 + info.files * c;
    const height = info.ranks * c + 20;
    const svg = el("svg", {
      width: width,
      height: height,
      viewBox: "0 0 " + width + " " + height,
      role: "img",
      "aria-label": info.title + " board",
    });
    const zoneOf = {};
    for (const z of info.zones) for (const s of z.squares) (zoneOf[s] = zoneOf[s] || []).push(z);
    const pieceAt = {};
    for (const p of state.doc.pieces) pieceAt[p.square] = p;
    const selectedMoves = state.selected ? movesFrom(state.selected) : [];
    const targets = new Set(selectedMoves.map((m) => m.path[m.path.length - 1]));
    const last = new Set(state.lastPath || []);
    for (let rank = 0; rank < info.ranks; rank++) {
      for (let file = 0; file < info.files; file++) {
        const name = String.fromCharCode(97 + file) + (rank + 1);
        const { x, y } = squareXY(name);
        const classes = ["sq"];
        for (const z of zoneOf[name] || []) classes.push("zone-" + z.kind);
        if (name === state.selected) classes.push("selected");
        if (targets.has(name)) classes.push("target");
        if (!pieceAt[name]) classes.push("empty");
        if (last.has(name)) classes.push("last");
        const g = el("g", { class: classes.join(" "), "data-square": name }, svg);
        const shade = (file + rank) % 2 === 0 ? "dark" : "light";
        el("rect", { class: "base " + shade, x: x, y: y, width: c, height: c }, g);
        el("rect", { class: "mark", x: x + 2, y: y + 2, width: c - 4, height: c - 4 }, g);
        el("circle", { class: "dot", cx: x + c / 2, cy: y + c / 2, r: c / 7 }, g);
        const title = el("title", {}, g);
        const p = pieceAt[name];
        const zones = (zoneOf[name] || []).map((z) => z.title);
        title.textContent = label(name) + (p ? " — " + p.name + " (" + p.colour + ")" : "") +
          (zones.length ? " — " + zones.join(", ") : "");
        if (p) {
          const pg = el("g", { class: "piece " + p.colour }, g);
          el("circle", { cx: x + c / 2, cy: y + c / 2, r: c * 0.4 }, pg);
          const t = el("text", {
            x: x + c / 2,
            y: y + c / 2 + 1,
            "font-size": Math.round(c * (p.piece.length > 1 ? 0.36 : 0.46)),
          }, pg);
          t.textContent = p.piece;
        }
        g.addEventListener("click", () => clickSquare(name));
        g.addEventListener("mouseenter", () => hoverSquare(name, g));
        g.addEventListener("mouseleave", () => g.classList.remove("hover"));
      }
    }
    // Coordinates.
    for (let file = 0; file < info.files; file++) {
      const { x } = squareXY(String.fromCharCode(97 + file) + "1");
      const t = el("text", { class: "coord", x: x + c / 2, y: info.ranks * c + 10 }, svg);
      t.textContent = info.file_labels[file];
    }
    for (let rank = 0; rank < info.ranks; rank++) {
      const { y } = squareXY("a" + (rank + 1));
      const t = el("text", { class: "coord", x: 12, y: y + c / 2 }, svg);
      t.textContent = info.rank_labels[rank];
    }
    // Outlines of the board's regions (Congo's castles, Chu's promotion zones).
    for (const z of info.zones) {
      if (z.kind === "river" || !z.squares.length) continue;
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      for (const s of z.squares) {
        const { x, y } = squareXY(s);
        x0 = Math.min(x0, x); y0 = Math.min(y0, y);
        x1 = Math.max(x1, x + c); y1 = Math.max(y1, y + c);
      }
      const r = el("rect", { class: "zone-outline " + z.kind, x: x0 + 1.5, y: y0 + 1.5, width: x1 - x0 - 3, height: y1 - y0 - 3 }, svg);
      el("title", {}, r).textContent = z.title;
    }
    // Paths of the selected piece's multi-step moves.
    const paths = el("g", { class: "paths" }, svg);
    for (const m of selectedMoves) {
      if (m.path.length > 2) drawPath(paths, m, false);
    }
    const board = $("board");
    board.replaceChildren(svg);
  }

  function drawPath(parent, m, chosen) {
    const c = cellSize();
    const points = m.path.map((s) => {
      const { x, y } = squareXY(s);
      return x + c / 2 + "," + (y + c / 2);
    });
    el("polyline", {
      class: "path" + (chosen ? " chosen" : ""),
      points: points.join(" "),
      "data-move": m.move,
    }, parent);
  }

  function label(name) {
    const file = name.charCodeAt(0) - 97;
    const rank = parseInt(name.slice(1), 10) - 1;
    const info = state.info;
    if (info.file_labels[0] === "a") return name;
    return info.file_labels[file] + info.rank_labels[rank];
  }

  // --- interaction ---------------------------------------------------------------------------

  function ownPieceOn(square) {
    const p = state.doc.pieces.find((x) => x.square === square);
    return p && p.colour === state.doc.turn ? p : null;
  }

  function clickSquare(square) {
    if (document.body.dataset.state === "loading") return;
    hideChooser();
    if (state.selected) {
      const candidates = movesFrom(state.selected).filter((m) => m.path[m.path.length - 1] === square);
      if (candidates.length === 1 && square !== state.selected) {
        play(candidates[0].move);
        return;
      }
      // Several moves end here (promotion or not, different paths), or moves that return to
      // their own square (a Chu lion's igui): ask which.
      if (candidates.length > 0) {
        showChooser(square, candidates);
        return;
      }
      if (square === state.selected) {
        select(null);
        return;
      }
      if (ownPieceOn(square)) {
        select(square);
        return;
      }
      explainMove(state.selected, square, true);
      return;
    }
    if (ownPieceOn(square)) {
      select(square);
    } else {
      const p = state.doc.pieces.find((x) => x.square === square);
      setExplain(p ? { plain: label(square) + ": the " + p.name + " is " + p.colour + "'s; " + state.doc.turn + " is to move." } : null);
    }
  }

  function select(square) {
    state.selected = square;
    drawBoard();
    if (square) {
      const moves = movesFrom(square);
      const p = state.doc.pieces.find((x) => x.square === square);
      setExplain({
        plain: (p ? "The " + p.name + " on " + label(square) : label(square)) + ": " +
          (moves.length ? moves.length + " legal move" + (moves.length === 1 ? "" : "s") + ": " +
            moves.map((m) => m.move).join(" ") : "no legal move") +
          ". Point at another square to see why it cannot go there.",
      });
    } else {
      setExplain(null);
    }
  }

  let hoverTimer = null;
  function hoverSquare(square, g) {
    g.classList.add("hover");
    if (!state.selected || square === state.selected) return;
    const isTarget = movesFrom(state.selected).some((m) => m.path[m.path.length - 1] === square);
    clearTimeout(hoverTimer);
    hoverTimer = setTimeout(() => {
      if (isTarget) {
        const ms = movesFrom(state.selected).filter((m) => m.path[m.path.length - 1] === square);
        if (ms.length === 1) {
          explainText(ms[0].move);
        } else {
          setExplain({ plain: "Legal: " + ms.map((m) => m.move + (m.promotion ? " (promotes to " + m.promotion + ")" : "")).join(", ") + ". Click to choose." });
        }
      } else if (!ownPieceOn(square)) {
        explainMove(state.selected, square, false);
      }
    }, 120);
  }

  function showChooser(square, candidates) {
    const box = $("chooser");
    box.replaceChildren();
    const head = document.createElement("div");
    head.textContent = "Which move?";
    box.appendChild(head);
    const svg = $("board").querySelector("svg");
    const paths = svg.querySelector("g.paths");
    for (const m of candidates) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = m.move + (m.promotion ? " — promotes to " + m.promotion : "");
      b.dataset.move = m.move;
      b.addEventListener("click", () => play(m.move));
      b.addEventListener("mouseenter", () => {
        for (const old of paths.querySelectorAll(".chosen")) old.remove();
        drawPath(paths, m, true);
      });
      box.appendChild(b);
    }
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.textContent = "cancel";
    cancel.addEventListener("click", hideChooser);
    box.appendChild(cancel);
    const { x, y } = squareXY(square);
    box.style.left = x + cellSize() + 4 + "px";
    box.style.top = y + 40 + "px";
    box.hidden = false;
  }

  function hideChooser() {
    $("chooser").hidden = true;
  }

  // --- explanations ------------------------------------------------------------------------

  async function explainMove(from, to, clicked) {
    const seq = ++state.explainSeq;
    const board = $("board");
    for (const g of board.querySelectorAll(".refused")) g.classList.remove("refused");
    const g = board.querySelector('[data-square="' + to + '"]');
    if (g) g.classList.add("refused");
    try {
      const e = await api("explain", { fen: state.doc.fen, from: from, to: to });
      if (seq !== state.explainSeq) return;
      setExplain({ explanation: e });
    } catch (err) {
      if (seq !== state.explainSeq) return;
      const p = state.doc.pieces.find((x) => x.square === from);
      setExplain({
        verdict: "illegal",
        plain: (p ? "The " + p.name + " on " + label(from) : label(from)) + " cannot go to " +
          label(to) + ". " + (err.message || ""),
      });
    }
    void clicked;
  }

  async function explainText(text) {
    const seq = ++state.explainSeq;
    try {
      const e = await api("explain", { fen: state.doc.fen, move: text });
      if (seq === state.explainSeq) setExplain({ explanation: e });
    } catch (err) {
      if (seq === state.explainSeq) setExplain({ plain: err.message });
    }
  }

  function ruleLink(id) {
    const a = document.createElement("a");
    a.className = "rule";
    a.href = "/spec#" + encodeURIComponent(id);
    a.target = "spec";
    a.textContent = id;
    return a;
  }

  // Text with the rule IDs in it turned into links to the rule.
  function withRuleLinks(text, parent) {
    const re = /\b[A-Z]{2,}-\d+(?:\.\d+)*\b/g;
    let last = 0;
    let m;
    while ((m = re.exec(text)) !== null) {
      parent.appendChild(document.createTextNode(text.slice(last, m.index)));
      parent.appendChild(ruleLink(m[0]));
      last = m.index + m[0].length;
    }
    parent.appendChild(document.createTextNode(text.slice(last)));
  }

  function citedList(items, heading, parent) {
    if (!items || !items.length) return;
    const h = document.createElement("div");
    h.className = "heading";
    h.textContent = heading;
    parent.appendChild(h);
    const ul = document.createElement("ul");
    for (const r of items) {
      const li = document.createElement("li");
      withRuleLinks(r.text || "", li);
      if (r.rule && !(r.text || "").includes(r.rule)) {
        li.appendChild(document.createTextNode(" ("));
        li.appendChild(ruleLink(r.rule));
        li.appendChild(document.createTextNode(")"));
      }
      ul.appendChild(li);
    }
    parent.appendChild(ul);
  }

  function setExplain(what) {
    const box = $("explain");
    box.replaceChildren();
    box.className = "explain";
    if (!what) return;
    if (what.explanation) {
      const e = what.explanation;
      box.classList.add(e.legal ? "legal" : "illegal");
      box.dataset.move = e.move || e.text || "";
      const head = document.createElement("div");
      head.className = "verdict";
      head.textContent = (e.move || e.text || "") + (e.legal ? " is legal" : " is not legal");
      box.appendChild(head);
      citedList(e.position, "the position:", box);
      citedList(e.reasons, e.legal ? "by:" : "because:", box);
      citedList(e.effects, "what it does:", box);
      if (e.piece_moves) {
        const p = document.createElement("div");
        p.textContent = "its legal moves from there: " + (e.piece_moves.length ? e.piece_moves.join(" ") : "none");
        box.appendChild(p);
      }
      return;
    }
    if (what.verdict) box.classList.add(what.verdict);
    const p = document.createElement("div");
    withRuleLinks(what.plain || "", p);
    box.appendChild(p);
  }

  // --- the side column -----------------------------------------------------------------------

  function drawStatus() {
    const doc = state.doc;
    const s = $("status");
    s.className = "status";
    if (doc.outcome) {
      s.classList.add("over");
      s.textContent = "Game over: " + doc.outcome.result + " (" + doc.outcome.reason + ")";
    } else {
      // Chu Shogi names its sides the shogi way (CHU-1.3): the first player, the crate's White,
      // is Black (sente).
      const side = GAME === "chu"
        ? (doc.turn === "white" ? "Black (sente)" : "White (gote)")
        : (doc.turn === "white" ? "White" : "Black");
      s.textContent = side + " to move" +
        (doc.check ? " — in check" : "") + ". Click a piece.";
    }
  }

  function drawMoveList() {
    const ol = $("movelist");
    ol.replaceChildren();
    state.history.forEach((h, i) => {
      const li = document.createElement("li");
      const span = document.createElement("span");
      span.textContent = h.move;
      span.title = "back to the position before this move";
      span.addEventListener("click", () => {
        const fen = state.history[i].fen;
        state.history = state.history.slice(0, i);
        load(fen, true);
      });
      li.appendChild(span);
      ol.appendChild(li);
    });
    ol.scrollTop = ol.scrollHeight;
  }

  function drawLegal() {
    $("count").textContent = "(" + state.doc.moves.length + ")";
    $("legal").textContent = state.doc.moves.join(" ");
  }

  function drawSwitches() {
    const box = $("switches");
    box.replaceChildren();
    if (!state.info.switches.length) return;
    const h = document.createElement("h2");
    h.textContent = "Rule switches";
    box.appendChild(h);
    for (const sw of state.info.switches) {
      state.switches[sw.name] = sw.default;
      const label = document.createElement("label");
      label.textContent = sw.name + " ";
      const select = document.createElement("select");
      select.name = sw.name;
      for (const v of sw.values.length ? sw.values : [sw.default]) {
        const o = document.createElement("option");
        o.value = v;
        o.textContent = v + (v === sw.default ? " (default)" : "");
        if (v === sw.default) o.selected = true;
        select.appendChild(o);
      }
      select.addEventListener("change", () => {
        state.switches[sw.name] = select.value;
        load(state.doc.fen, false);
      });
      label.appendChild(select);
      box.appendChild(label);
    }
  }

  async function perft(depth) {
    const out = $("perft");
    out.textContent = "counting…";
    try {
      const d = await api("perft", { fen: state.doc.fen, depth: depth });
      out.textContent = d.moves.map((m) => m.move + " " + m.nodes).join("\n") +
        "\n\n" + d.total + "   (" + d.generator + ", " + d.seconds.toFixed(2) + " s)";
    } catch (e) {
      out.textContent = e.message;
    }
  }

  // --- start -----------------------------------------------------------------------------------

  async function start() {
    busy(true);
    try {
      const response = await fetch("/api/games");
      const games = await response.json();
      state.info = games.games.find((g) => g.name === GAME);
      if (!state.info || !state.info.implemented) throw new Error("no such game here: " + GAME);
      drawSwitches();
      $("fen-form").addEventListener("submit", (ev) => {
        ev.preventDefault();
        load($("fen").value.trim(), false);
      });
      $("start").addEventListener("click", () => load(state.info.start_fen, false));
      $("undo").addEventListener("click", () => {
        const h = state.history.pop();
        if (h) load(h.fen, true);
      });
      $("flip").addEventListener("click", () => {
        state.flipped = !state.flipped;
        drawBoard();
      });
      $("perft-form").addEventListener("submit", (ev) => {
        ev.preventDefault();
        perft($("depth").value);
      });
      document.addEventListener("keydown", (ev) => {
        if (ev.key === "Escape") {
          hideChooser();
          select(null);
        }
      });
      const fromHash = decodeURIComponent(location.hash.slice(1));
      await load(fromHash || state.info.start_fen, false);
    } catch (e) {
      $("error").textContent = e.message;
      busy(false);
    }
  }

  start();
})();
