#!/usr/bin/env node
// A perftree engine for Chu Shogi on top of lishogi's rules library, shogiops (npm package
// `shogiops` by WandererXII, GPL-3.0-or-later; the version is pinned in package.json).
//
// Usage (the perftree convention, as `fairyspec conform --protocol perftree` calls it):
//
//     node shogiops_perftree.mjs <depth> "<sfen>" ["<USI moves separated by spaces>"]
//
// prints one `<move> <count>` line per legal move of the position reached by playing the moves
// from the SFEN, an empty line, and the total. Moves are USI as lishogi writes them: `7g7f`,
// `9e9d+`, a two-step move of a piece with lion power as three squares `from mid to` (igui and
// the pass: `from mid from`).
//
// The move list is walked here, not with shogiops' `debug.perft`: that helper builds a two-step
// move as `{from, to: first, midStep: final}` — `secondLionStepDests(pos, from, first)` returns the
// squares of the *second* step — which plays the wrong move (right at depth 1, wrong deeper: start
// perft(4) 2,134,737 instead of 2,134,748). Here a two-step move is `{from, to: final, midStep:
// first}`.
//
// Counting convention (SPEC.md CHU-9): one node per distinct USI string — a move that may promote
// counts twice (`+` and not), every legal two-step path counts, igui and every pass included; a
// position where the game has ended (shogiops' `outcome()`: no royal, no legal move, bare king,
// lone kings) has no children, so a game-ending move is a leaf.
//
// Exit codes: 0 on success; 2 for bad arguments, an unreadable SFEN or a move that is not legal.

import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseSfen } from 'shogiops/sfen';
import { makeUsi, parseUsi } from 'shogiops/util';
import { secondLionStepDests } from 'shogiops/variant/chushogi';
import { pieceCanPromote } from 'shogiops/variant/util';

/** Roles with lion power: a step, then a second step from the first step's square. */
const LION_POWER = new Set(['lion', 'lionpromoted', 'falcon', 'eagle']);

/** The legal moves of `pos` as a Map from USI text to shogiops move; empty when the game is over. */
export function legalMoves(pos) {
  const moves = new Map();
  if (pos.outcome() !== undefined) return moves;
  const canPromote = pieceCanPromote('chushogi');
  for (const [from, dests] of pos.allMoveDests()) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      // Plain move (step, slide, jump): promotion optional where allowed, never forced in Chu.
      const promotions = canPromote(piece, from, to, pos.board.get(to)) ? [true, false] : [false];
      for (const promotion of promotions) {
        const move = { from, to, promotion };
        moves.set(makeUsi(move), move);
      }
      // Two-step move: `to` was the first step; the second step's squares come from
      // secondLionStepDests (empty for a first "step" that is a jump or not on a lion ray).
      if (LION_POWER.has(piece.role)) {
        for (const final of secondLionStepDests(pos, from, to)) {
          const move = { from, to: final, midStep: to };
          moves.set(makeUsi(move), move);
        }
      }
    }
  }
  return moves;
}

function perft(pos, depth) {
  if (depth === 0) return 1;
  const moves = legalMoves(pos);
  if (depth === 1) return moves.size;
  let nodes = 0;
  for (const move of moves.values()) {
    const child = pos.clone();
    child.play(move);
    nodes += perft(child, depth - 1);
  }
  return nodes;
}

function fail(message) {
  process.stderr.write(`shogiops_perftree: ${message}\n`);
  process.exit(2);
}

function main(argv) {
  if (argv.length < 2 || argv.length > 3)
    fail('usage: shogiops_perftree.mjs <depth> "<sfen>" ["<moves>"]');
  const depth = Number(argv[0]);
  if (!Number.isInteger(depth) || depth < 0) fail(`bad depth ${argv[0]}`);
  const parsed = parseSfen('chushogi', argv[1].trim(), false);
  if (parsed.isErr) fail(`cannot read the SFEN ${JSON.stringify(argv[1])}: ${parsed.error}`);
  const pos = parsed.value;
  const played = (argv[2] || '').split(/\s+/).filter(m => m.length > 0);
  for (const text of played) {
    const move = legalMoves(pos).get(text);
    if (move === undefined || parseUsi(text) === undefined) fail(`illegal move ${text}`);
    pos.play(move);
  }
  const lines = [];
  let total = 0;
  if (depth === 0) total = 1;
  else {
    const moves = [...legalMoves(pos)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [text, move] of moves) {
      const child = pos.clone();
      child.play(move);
      const n = perft(child, depth - 1);
      total += n;
      lines.push(`${text} ${n}`);
    }
  }
  lines.push('', String(total));
  process.stdout.write(lines.join('\n') + '\n');
}

// Run only when invoked as a script (check_perft.mjs imports legalMoves from here).
if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url)))
  main(process.argv.slice(2));
