#!/usr/bin/env node
// Münster 1997 clause (b) (SPEC.md CHU-7.3 to CHU-7.5), searched with shogiops' move generator, as
// an independent check of the reference's bounded search:
//
//     node munster_search.mjs "<sfen>" <max-horizon> [--emended]
//
// One side, X, has a bare royal (its pieces, dead pieces ignored, are one royal). For each horizon
// n = 1..max it prints whether X can force, within n moves of its own, a position in which the
// opponent Y is bared or has no royal — X choosing, Y answering each move of X but the last with
// every legal move, X's royal never captured first. A Y with no legal answer has lost (CHU-6.3)
// and counts as reduced. Emended, a baring counts only if Y's pieces then attack no royal of X;
// taking Y's last royal always counts (CHU-7.4). If Y is to move (X bared itself), Y moves first.
// No other end rule is applied inside the search (as in the reference).

import { parseSfen } from 'shogiops/sfen';
import { legalMoves } from './shogiops_perftree.mjs';

/** Every move, whatever shogiops' outcome() says (the search applies no end rule). */
function anyMoves(pos) {
  const outcome = pos.outcome;
  pos.outcome = () => undefined;
  const moves = [...legalMoves(pos).values()];
  pos.outcome = outcome;
  return moves;
}

const royal = p => p.role === 'king' || p.role === 'prince';
const lastRank = color => (color === 'sente' ? 0 : 11);
const rankOf = sq => sq >> 4; // shogiops squares: 16 per rank, rank 0 = rank a

function living(pos, color) {
  const out = [];
  for (const sq of pos.board.color(color)) {
    const p = pos.board.get(sq);
    const dead = (p.role === 'pawn' || p.role === 'lance') && rankOf(sq) === lastRank(color);
    if (!dead) out.push(p);
  }
  return out;
}

const hasRoyal = (pos, color) => living(pos, color).some(royal);
const bare = (pos, color) => {
  const pieces = living(pos, color);
  return pieces.length === 1 && royal(pieces[0]);
};

function attacksRoyal(pos, attacker, victim) {
  for (const sq of pos.board.color(victim))
    if (royal(pos.board.get(sq)) && pos.squareAttackers(sq, attacker, pos.board.occupied).nonEmpty())
      return true;
  return false;
}

function after(pos, move) {
  const child = pos.clone();
  child.play(move);
  return child;
}

/** X to move: some move of X reduces Y, or (n > 1) leaves Y no escape within n - 1 more. */
function forced(pos, x, n, emended) {
  const y = x === 'sente' ? 'gote' : 'sente';
  const children = anyMoves(pos).map(m => after(pos, m));
  for (const child of children) {
    if (!hasRoyal(child, y)) return true; // Y's last royal taken: Y has lost
    if (bare(child, y) && (!emended || !attacksRoyal(child, y, x))) return true;
  }
  if (n <= 1) return false;
  return children.some(child => !bare(child, y) && noEscape(child, x, n - 1, emended));
}

/** Y to move: every answer leaves X a royal and a forced reduction within n; no answer at all
 * means Y has lost. */
function noEscape(pos, x, n, emended) {
  return anyMoves(pos).every(r => {
    const child = after(pos, r);
    return hasRoyal(child, x) && forced(child, x, n, emended);
  });
}

const [sfen, max, flag] = process.argv.slice(2);
const parsed = parseSfen('chushogi', sfen ?? '', false);
if (parsed.isErr || !(Number(max) >= 1)) {
  process.stderr.write('usage: munster_search.mjs "<sfen>" <max-horizon> [--emended]\n');
  process.exit(2);
}
const pos = parsed.value;
const other = pos.turn === 'sente' ? 'gote' : 'sente';
const emended = flag === '--emended';
if (!bare(pos, pos.turn) && !bare(pos, other)) {
  process.stderr.write('munster_search.mjs: neither side has a bare royal\n');
  process.exit(2);
}
for (let n = 1; n <= Number(max); n++) {
  const yes = bare(pos, pos.turn) ? forced(pos, pos.turn, n, emended) : noEscape(pos, other, n, emended);
  console.log(`horizon ${n}: forced reduction ${yes ? 'yes' : 'no'}`);
}
