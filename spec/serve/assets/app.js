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
    latin: false, // Chu: Latin letters on the tiles instead of kanji
    explainSeq: 0,
    record: null, // the corpus game being stepped through: {id, plies: [{fen, move}], final_fen}
  };

  // --- talking to the server ---------------------------------------------------------------

  function changedSwitches() {
    const out = {};
    for (const [name, value] of Object.entries(state.switches)) {
      const sw = state.info.switches.find((s) => s.name === name);
      if (sw && sw.default !== value) out[name] = value;
    }
    return out;
  }

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
    // Long text (a pasted game record) goes as a POST's JSON body.
    const long = params.fen && params.fen.length > 900;
    const response = long
      ? await fetch("/api/" + GAME + "/" + question, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(Object.assign({}, params, { switches: changedSwitches() })),
      })
      : await fetch("/api/" + GAME + "/" + question + "?" + query(params));
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
      if (!keepHistory) state.history = (doc.history || []).map((h) => ({ fen: h.fen, move: h.move, piece: h.piece }));
      show(doc);
      $("error").textContent = (doc.notes || []).join("\n");
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
      const mover = played ? state.doc.pieces.find((p) => p.square === played.path[0]) : null;
      state.history.push({ fen: before, move: doc.played, piece: mover ? mover.piece : null });
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

  const MARGIN = 24; // room for the rank labels on the left

  function squareXY(name) {
    // Board coordinates: file letter, rank number (a1 lower left for the first player).
    const file = name.charCodeAt(0) - 97;
    const rank = parseInt(name.slice(1), 10) - 1;
    const c = cellSize();
    const col = state.flipped ? state.info.files - 1 - file : file;
    const row = state.flipped ? rank : state.info.ranks - 1 - rank;
    return { x: MARGIN + col * c, y: row * c, file: file, rank: rank };
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

  // The choices of the selected piece that end on `square`: one per result (CHU-9.5), each
  // with the move that stands for it and every route to it. A Lion's jump and its two-step
  // routes through empty squares leave the same position: they are one choice, its routes named.
  function choicesTo(square) {
    const choices = [];
    for (const m of movesFrom(state.selected)) {
      if (m.path[m.path.length - 1] !== square) continue;
      const key = m.result || m.move;
      let c = choices.find((x) => x.key === key);
      if (!c) {
        c = { key: key, routes: [] };
        choices.push(c);
      }
      c.routes.push(m);
    }
    for (const c of choices) c.move = c.routes.find((m) => m.move === c.key) || c.routes[0];
    return choices;
  }

  // A route in the game's square names: `7g–6f–5e`.
  function routeName(m) {
    return m.path.map(label).join("–");
  }

  // A choice in words: its move, what it promotes to, and its routes when it has several.
  function choiceText(c) {
    let text = c.move.move + (c.move.promotion ? " — promotes to " + c.move.promotion : "");
    if (c.routes.length > 1) {
      text += " — one result, " + c.routes.length + " routes: " + c.routes.map(routeName).join(", ");
    }
    return text;
  }

  // The kind of a piece symbol (`+r` → the kind `+R`) from /api/games.
  function kindOf(symbol) {
    const up = symbol.toUpperCase();
    return state.info.pieces.find((k) => k.symbol === up) || { symbol: up, name: up };
  }

  // A shogi piece: a pentagonal tile pointing at the opponent, the kanji on it (red when
  // promoted), or the Latin letters when the reader asked for them. `up`: it points up the page.
  function drawTile(parent, cx, cy, size, symbol, up) {
    const kind = kindOf(symbol);
    const promoted = kind.symbol.startsWith("+");
    const g = el("g", { class: "tile" + (promoted ? " promoted" : ""), transform: up ? "" : "rotate(180 " + cx + " " + cy + ")" }, parent);
    const w = size * 0.78, h = size * 0.88;
    const x0 = cx - w / 2, y0 = cy - h / 2;
    const pts = [
      [cx, y0],
      [x0 + w * 0.86, y0 + h * 0.17],
      [x0 + w, y0 + h],
      [x0, y0 + h],
      [x0 + w * 0.14, y0 + h * 0.17],
    ];
    el("polygon", { points: pts.map((p) => p[0].toFixed(1) + "," + p[1].toFixed(1)).join(" ") }, g);
    const text = state.latin || !kind.label ? kind.symbol : kind.label;
    const t = el("text", {
      x: cx,
      y: cy + h * 0.08,
      "font-size": Math.round(size * (text.length > 1 ? 0.36 : 0.5)),
      lang: state.latin || !kind.label ? "en" : "ja",
    }, g);
    t.textContent = text;
    return g;
  }

  // A chess-like piece: the figure (chess) or the letter on a disc.
  function drawDisc(parent, cx, cy, c, p) {
    const kind = kindOf(p.piece);
    const pg = el("g", { class: "piece " + p.colour }, parent);
    if (state.info.look === "figures" && kind.label) {
      pg.classList.add("figure");
      const t = el("text", { x: cx, y: cy + c * 0.04, "font-size": Math.round(c * 0.82) }, pg);
      t.textContent = kind.label;
      return pg;
    }
    el("circle", { cx: cx, cy: cy, r: c * 0.4 }, pg);
    const t = el("text", { x: cx, y: cy + 1, "font-size": Math.round(c * (p.piece.length > 1 ? 0.36 : 0.46)) }, pg);
    t.textContent = p.piece;
    return pg;
  }

  // The squares a piece with lion power reaches in one step (next to it) and in two (further).
  function reach(from, to) {
    const a = squareXY(from), b = squareXY(to);
    return Math.max(Math.abs(a.file - b.file), Math.abs(a.rank - b.rank));
  }

  function drawBoard() {
    const info = state.info;
    const tiles = info.look === "tiles";
    const c = cellSize();
    const width = MARGIN + info.files * c + (tiles ? 4 : 0);
    const height = info.ranks * c + 20;
    const svg = el("svg", {
      width: width,
      height: height,
      viewBox: "0 0 " + width + " " + height,
      role: "img",
      class: "look-" + info.look,
      "aria-label": info.title + " board",
    });
    const zoneOf = {};
    info.zones.forEach((z, i) => {
      for (const s of z.squares) (zoneOf[s] = zoneOf[s] || []).push({ z: z, i: i });
    });
    const pieceAt = {};
    for (const p of state.doc.pieces) pieceAt[p.square] = p;
    const selectedMoves = state.selected ? movesFrom(state.selected) : [];
    const targets = new Set(selectedMoves.map((m) => m.path[m.path.length - 1]));
    const lionLike = selectedMoves.some((m) => m.path.length > 2);
    const last = new Set(state.lastPath || []);
    if (tiles) el("rect", { class: "wood", x: MARGIN, y: 0, width: info.files * c, height: info.ranks * c }, svg);
    for (let rank = 0; rank < info.ranks; rank++) {
      for (let file = 0; file < info.files; file++) {
        const name = String.fromCharCode(97 + file) + (rank + 1);
        const { x, y } = squareXY(name);
        const classes = ["sq"];
        for (const { z, i } of zoneOf[name] || []) classes.push("zone-" + z.kind, "zone-" + z.kind + "-" + i);
        if (name === state.selected) classes.push("selected");
        if (targets.has(name)) {
          classes.push("target");
          if (lionLike) classes.push(reach(state.selected, name) <= 1 ? "reach-1" : "reach-2");
        }
        if (!pieceAt[name]) classes.push("empty");
        if (last.has(name)) classes.push("last");
        const g = el("g", { class: classes.join(" "), "data-square": name }, svg);
        const shade = tiles ? "plain" : (file + rank) % 2 === 0 ? "dark" : "light";
        el("rect", { class: "base " + shade, x: x, y: y, width: c, height: c }, g);
        el("rect", { class: "mark", x: x + 2, y: y + 2, width: c - 4, height: c - 4 }, g);
        el("circle", { class: "dot", cx: x + c / 2, cy: y + c / 2, r: c / 7 }, g);
        const title = el("title", {}, g);
        const p = pieceAt[name];
        const zones = (zoneOf[name] || []).map((e) => e.z.title);
        title.textContent = label(name) + (p ? " — " + pieceName(p) + " (" + sideName(p.colour) + ")" : "") +
          (zones.length ? " — " + zones.join(", ") : "");
        if (p) {
          if (tiles) {
            // Sente's tiles point up the page, gote's down (turned round when the board is).
            const up = (p.colour === "white") !== state.flipped;
            const tg = drawTile(g, x + c / 2, y + c / 2, c, p.piece, up);
            tg.classList.add("piece", p.colour);
          } else {
            drawDisc(g, x + c / 2, y + c / 2, c, p);
          }
        }
        g.addEventListener("click", () => clickSquare(name));
        g.addEventListener("mouseenter", () => hoverSquare(name, g));
        g.addEventListener("mouseleave", () => {
          g.classList.remove("hover");
          clearRoutes();
        });
      }
    }
    if (tiles) {
      // The grid, and the dots on the lines that bound the promotion zones (CHU-4.1).
      const grid = el("g", { class: "grid" }, svg);
      for (let i = 0; i <= info.files; i++) el("line", { x1: MARGIN + i * c, y1: 0, x2: MARGIN + i * c, y2: info.ranks * c }, grid);
      for (let i = 0; i <= info.ranks; i++) el("line", { x1: MARGIN, y1: i * c, x2: MARGIN + info.files * c, y2: i * c }, grid);
      const zoneRanks = info.zones.filter((z) => z.kind === "promotion").map((z) => new Set(z.squares.map((s) => parseInt(s.slice(1), 10)))).map((r) => r.size);
      const depth = zoneRanks.length ? Math.min(...zoneRanks) : 0;
      if (depth > 0 && depth < info.ranks / 2) {
        for (const fy of [depth, info.ranks - depth]) {
          for (const fx of [depth, info.files - depth]) {
            el("circle", { class: "star", cx: MARGIN + fx * c, cy: fy * c, r: Math.max(2.5, c / 14) }, grid);
          }
        }
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
    info.zones.forEach((z, i) => {
      if (z.kind === "river" || !z.squares.length) return;
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      for (const s of z.squares) {
        const { x, y } = squareXY(s);
        x0 = Math.min(x0, x); y0 = Math.min(y0, y);
        x1 = Math.max(x1, x + c); y1 = Math.max(y1, y + c);
      }
      const r = el("rect", { class: "zone-outline " + z.kind + " " + z.kind + "-" + i, x: x0 + 1.5, y: y0 + 1.5, width: x1 - x0 - 3, height: y1 - y0 - 3 }, svg);
      el("title", {}, r).textContent = z.title;
    });
    // The route of a multi-step move is drawn only for the square pointed at (hoverSquare).
    el("g", { class: "paths" }, svg);
    const board = $("board");
    board.replaceChildren(svg);
  }

  function clearRoutes() {
    const paths = $("board").querySelector("g.paths");
    if (paths) paths.replaceChildren();
  }

  // The routes of the selected piece's multi-step moves that end on `square`.
  function drawRoutes(square) {
    clearRoutes();
    if (!state.selected) return;
    const paths = $("board").querySelector("g.paths");
    for (const m of movesFrom(state.selected)) {
      if (m.path.length > 2 && m.path[m.path.length - 1] === square) drawPath(paths, m, false);
    }
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

  // A square's name in the game's notation (`7g` in Chu Shogi), from /api/games.
  function label(name) {
    return (state.info.square_names && state.info.square_names[name]) || name;
  }

  function sideName(colour) {
    return (state.info.sides && state.info.sides[colour]) || colour;
  }

  function capitalised(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function pieceName(p) {
    const kind = kindOf(p.piece);
    return p.name + (kind.long_label ? " " + kind.long_label : "");
  }

  // --- the legend: every kind, its letter, name, Betza and rule -------------------------------

  function drawLegend() {
    const box = $("legend");
    box.replaceChildren();
    const h = document.createElement("h2");
    h.textContent = "The pieces";
    box.appendChild(h);
    const table = document.createElement("table");
    table.className = "legend";
    const head = table.insertRow();
    for (const t of ["", "letter", "name", "Betza", "rule"]) {
      const th = document.createElement("th");
      th.textContent = t;
      head.appendChild(th);
    }
    const c = 30;
    for (const k of state.info.pieces) {
      const row = table.insertRow();
      row.dataset.symbol = k.symbol;
      const pic = row.insertCell();
      const svg = el("svg", { width: c, height: c, viewBox: "0 0 " + c + " " + c, class: "look-" + state.info.look });
      if (state.info.look === "tiles") drawTile(svg, c / 2, c / 2, c, k.symbol, true).classList.add("piece", "white");
      else drawDisc(svg, c / 2, c / 2, c, { piece: k.symbol, colour: "white" });
      pic.appendChild(svg);
      row.insertCell().textContent = k.symbol;
      const name = row.insertCell();
      name.textContent = k.name + (k.long_label ? " " + k.long_label : "");
      const betza = row.insertCell();
      betza.className = "betza";
      betza.textContent = k.betza || "";
      const rule = row.insertCell();
      if (k.rule) rule.appendChild(ruleLink(k.rule));
    }
    box.appendChild(table);
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
      const choices = choicesTo(square);
      // One result, by one route or several: play it.
      if (choices.length === 1 && square !== state.selected) {
        play(choices[0].move.move);
        return;
      }
      // Several results end here (promotion or not, a capture on the way or not), or moves that
      // return to their own square (a Chu lion's igui and pass): ask which.
      if (choices.length > 0) {
        showChooser(square, choices);
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
      setExplain(p ? { plain: label(square) + ": the " + pieceName(p) + " is " + sideName(p.colour) + "'s; " + sideName(state.doc.turn) + " is to move." } : null);
    }
  }

  function select(square) {
    state.selected = square;
    drawBoard();
    if (square) {
      const moves = movesFrom(square);
      const p = state.doc.pieces.find((x) => x.square === square);
      setExplain({
        plain: (p ? "The " + pieceName(p) + " on " + label(square) : label(square)) + ": " +
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
    if (!state.selected) return;
    const isTarget = movesFrom(state.selected).some((m) => m.path[m.path.length - 1] === square);
    if (isTarget) drawRoutes(square);
    if (square === state.selected) return;
    clearTimeout(hoverTimer);
    hoverTimer = setTimeout(() => {
      if (isTarget) {
        const choices = choicesTo(square);
        if (choices.length === 1) {
          explainText(choices[0].move.move, choices[0].routes.length > 1 ? choiceText(choices[0]) : null);
        } else {
          setExplain({ plain: "Legal: " + choices.map(choiceText).join("; ") + ". Click to choose." });
        }
      } else if (!ownPieceOn(square)) {
        explainMove(state.selected, square, false);
      }
    }, 120);
  }

  function showChooser(square, choices) {
    const box = $("chooser");
    box.replaceChildren();
    const head = document.createElement("div");
    head.textContent = "Which move?";
    box.appendChild(head);
    const svg = $("board").querySelector("svg");
    const paths = svg.querySelector("g.paths");
    for (const c of choices) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = choiceText(c);
      b.dataset.move = c.move.move;
      b.dataset.routes = c.routes.map((m) => m.move).join(" ");
      b.addEventListener("click", () => play(c.move.move));
      b.addEventListener("mouseenter", () => {
        for (const old of paths.querySelectorAll(".chosen")) old.remove();
        for (const m of c.routes) drawPath(paths, m, true);
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
      // The API names squares in the game's notation (USI's `7i` in Chu Shogi), as `label` does.
      const e = await api("explain", { fen: state.doc.fen, from: label(from), to: label(to) });
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

  // `explain`'s answer for the move `text`, with `note` (its routes) under it.
  async function explainText(text, note) {
    const seq = ++state.explainSeq;
    try {
      const e = await api("explain", { fen: state.doc.fen, move: text });
      if (seq === state.explainSeq) setExplain({ explanation: e, note: note });
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
      if (what.note) {
        const p = document.createElement("div");
        p.className = "routes";
        p.textContent = what.note;
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
      // The sides as the game's players call them (/api/games: sente and gote in Chu Shogi).
      s.textContent = capitalised(sideName(doc.turn)) + " to move" +
        (doc.check ? " — in check" : "") + ". Click a piece.";
    }
  }

  function drawMoveList() {
    const ol = $("movelist");
    ol.replaceChildren();
    state.history.forEach((h, i) => {
      const li = document.createElement("li");
      const span = document.createElement("span");
      span.dataset.move = h.move;
      // The move as the game writes it (USI in Chu Shogi), the moving piece's name before it
      // (kanji in Chu Shogi, the letter when Latin letters are asked for).
      const kind = h.piece ? kindOf(h.piece) : null;
      const who = kind && kind.long_label ? (state.latin ? kind.symbol : kind.long_label) : "";
      span.textContent = (who ? who + " " : "") + h.move;
      if (state.record && i === state.record.at - 1) span.classList.add("current");
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
      // What the chosen reading says, with its caveat where it has one (a "note:", such as
      // Münster 1997's verdict on Adams's example 2): shown where the reading is picked.
      const meaning = document.createElement("small");
      meaning.className = "meaning";
      const explain = () => {
        const i = sw.values.indexOf(select.value);
        meaning.textContent = sw.meanings && i >= 0 ? sw.meanings[i] + " (" + sw.rules + ")" : "";
      };
      explain();
      select.addEventListener("change", () => {
        state.switches[sw.name] = select.value;
        explain();
        load(state.doc.fen, false);
      });
      label.appendChild(select);
      label.appendChild(document.createElement("br"));
      label.appendChild(meaning);
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

  // --- the games of the corpus: a list and a move slider --------------------------------------

  async function loadRecords() {
    const box = $("records");
    let list;
    try {
      const response = await fetch("/api/" + GAME + "/records");
      list = await response.json();
    } catch (e) {
      return;
    }
    if (!list.records || !list.records.length) return;
    box.hidden = false;
    const select = $("record");
    for (const r of list.records) {
      const o = document.createElement("option");
      o.value = r.id;
      o.textContent = r.title + " (" + r.plies + " plies" + (r.result ? ", " + r.result : "") + ")";
      o.title = r.about || "";
      select.appendChild(o);
    }
    select.addEventListener("change", () => openRecord(select.value));
    $("ply").addEventListener("input", () => stepTo(parseInt($("ply").value, 10)));
    $("ply-back").addEventListener("click", () => state.record && stepTo(state.record.at - 1));
    $("ply-next").addEventListener("click", () => state.record && stepTo(state.record.at + 1));
  }

  async function openRecord(id) {
    if (!id) {
      state.record = null;
      $("record-about").textContent = "";
      $("stepper").hidden = true;
      return;
    }
    busy(true);
    try {
      const response = await fetch("/api/" + GAME + "/records/" + encodeURIComponent(id));
      const rec = await response.json();
      if (!response.ok) throw new Error(rec.error || "error " + response.status);
      state.record = { id: rec.id, plies: rec.plies, final_fen: rec.final_fen, at: 0, result: rec.result };
      $("record-about").textContent = rec.about || "";
      $("ply").max = rec.plies.length;
      $("stepper").hidden = false;
    } catch (e) {
      $("error").textContent = e.message;
    } finally {
      busy(false);
    }
    await stepTo(0);
  }

  // Shows the position after the first `n` plies of the record being stepped through.
  async function stepTo(n) {
    const r = state.record;
    if (!r) return;
    n = Math.max(0, Math.min(r.plies.length, n));
    r.at = n;
    $("ply").value = n;
    const fen = n < r.plies.length ? r.plies[n].fen : r.final_fen;
    state.history = r.plies.slice(0, n).map((p) => ({ fen: p.fen, move: p.move, piece: p.piece }));
    $("ply-label").textContent = "ply " + n + " of " + r.plies.length +
      (n > 0 ? ": " + r.plies[n - 1].move : "") + (n === r.plies.length && r.result ? " — " + r.result : "");
    await load(fen, true);
    const last = n > 0 ? r.plies[n - 1] : null;
    if (last) {
      state.lastPath = last.path || null;
      drawBoard();
      // Every move of the game explained, as the reader would ask for it.
      const seq = ++state.explainSeq;
      try {
        const e = await apiAt(last.fen, last.move);
        if (seq === state.explainSeq && state.record === r && r.at === n) setExplain({ explanation: e });
      } catch (err) {
        if (seq === state.explainSeq) setExplain({ plain: err.message });
      }
    }
  }

  function apiAt(fen, move) {
    return api("explain", { fen: fen, move: move });
  }

  // --- start -----------------------------------------------------------------------------------

  async function start() {
    busy(true);
    try {
      const response = await fetch("/api/games");
      const games = await response.json();
      state.info = games.games.find((g) => g.name === GAME);
      if (!state.info || !state.info.implemented) throw new Error("no such game here: " + GAME);
      $("fen-label").textContent = state.info.fen_name;
      drawSwitches();
      drawLegend();
      if (state.info.look === "tiles") {
        const latin = $("latin");
        latin.hidden = false;
        latin.addEventListener("click", () => {
          state.latin = !state.latin;
          latin.textContent = state.latin ? "kanji" : "Latin letters";
          latin.setAttribute("aria-pressed", state.latin ? "true" : "false");
          drawBoard();
          drawLegend();
          drawMoveList();
        });
      }
      $("copy").textContent = "copy " + state.info.fen_name;
      $("copy").addEventListener("click", async () => {
        const text = state.doc.fen;
        $("fen").value = text;
        $("fen").select();
        try {
          await navigator.clipboard.writeText(text);
          $("error").textContent = state.info.fen_name + " copied: " + text;
        } catch (e) {
          $("error").textContent = "select and copy: " + text;
        }
      });
      loadRecords();
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
      // The address may name a position and rule switches (what `conform` links to):
      // /play/<game>#<FEN>&switch=NAME=VALUE&…
      const [fenPart, ...extra] = location.hash.slice(1).split("&");
      const unknown = [];
      for (const part of extra) {
        const text = decodeURIComponent(part);
        if (!text.startsWith("switch=")) continue;
        const [name, value] = text.slice("switch=".length).split("=");
        const select = document.querySelector('#switches select[name="' + name + '"]');
        const sw = state.info.switches.find((x) => x.name === name);
        if (!select || !sw || !sw.values.includes(value)) {
          unknown.push("the address's switch " + text.slice("switch=".length) + " is not one of this game's");
          continue;
        }
        select.value = value;
        state.switches[name] = value;
      }
      const fromHash = decodeURIComponent(fenPart);
      await load(fromHash || state.info.start_fen, false);
      if (unknown.length) $("error").textContent = [$("error").textContent, ...unknown].filter(Boolean).join("\n");
    } catch (e) {
      $("error").textContent = e.message;
      busy(false);
    }
  }

  start();
})();
