// Bulk-counting perft over lishogi's rules library (shogiops, npm; GPL-3.0-or-later), for
// `cargo bench --bench chu`. Usage: node shogiops-perft.mjs SHOGIOPS_DIR DEPTH SFEN
//
// Walks shogiops' own legal moves: for each piece, `allMoveDests()` (first steps, plain moves),
// each destination once, twice where `pieceCanPromote` allows promotion (never forced in Chu);
// for a piece with lion power, `secondLionStepDests(pos, from, mid)` gives the FINAL squares of
// the two-step moves through `mid`, so the move is `{ from, to: final, midStep: mid }`. (The
// debug module's `perft` swaps these two, which is why it is not used here.) A finished game
// (`isEnd()`) has no children; the last ply is counted, not played.
//
// Prints one line of JSON: nodes, cpu and wall seconds, peak resident memory in KiB.
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const [dir, depthText, ...sfenParts] = process.argv.slice(2);
const lib = (p) => import(pathToFileURL(path.join(dir, 'node_modules', 'shogiops', 'dist', p)).href);
const { parseSfen } = await lib('sfen.js');
const { secondLionStepDests } = await lib('variant/chushogi.js');
const { pieceCanPromote } = await lib('variant/util.js');

const canPromote = pieceCanPromote('chushogi');
const LION_POWER = new Set(['lion', 'lionpromoted', 'eagle', 'falcon']);

function perft(pos, depth) {
  if (depth < 1) return 1;
  if (pos.isEnd()) return 0;
  let nodes = 0;
  for (const [from, dests] of pos.allMoveDests()) {
    const piece = pos.board.get(from);
    const lion = LION_POWER.has(piece.role);
    for (const to of dests) {
      const promotes = canPromote(piece, from, to, pos.board.get(to));
      if (depth === 1) nodes += promotes ? 2 : 1;
      else {
        for (const promotion of promotes ? [false, true] : [false]) {
          const child = pos.clone();
          child.play({ from, to, promotion });
          nodes += perft(child, depth - 1);
        }
      }
      if (lion) {
        const finals = secondLionStepDests(pos, from, to);
        if (depth === 1) nodes += finals.size();
        else {
          for (const fin of finals) {
            const child = pos.clone();
            child.play({ from, to: fin, midStep: to });
            nodes += perft(child, depth - 1);
          }
        }
      }
    }
  }
  return nodes;
}

const sfen = sfenParts.join(' ');
const pos = parseSfen('chushogi', sfen, false).unwrap();
const wall0 = process.hrtime.bigint();
const cpu0 = process.cpuUsage();
const nodes = perft(pos, Number(depthText));
const cpu1 = process.cpuUsage(cpu0);
const wall = Number(process.hrtime.bigint() - wall0) / 1e9;
console.log(
  JSON.stringify({
    nodes,
    cpu: (cpu1.user + cpu1.system) / 1e6,
    wall,
    maxrss_kib: process.resourceUsage().maxRSS,
  })
);
