#!/usr/bin/env node
// Münster 1997 clause (b) (SPEC.md CHU-7.3 to CHU-7.5), searched with shogiops' move generator, as
// an independent check of the reference's bounded search:
//
//     node munster_search.mjs "<sfen>" <max-horizon> [--emended]
//
// The side to move, X, has a bare royal. For each horizon n = 1..max it prints whether X can force,
// within n moves of its own, a position in which the opponent Y is bared (its pieces, dead pieces
// ignored, are one royal) or has no royal — X choosing, Y answering with every legal move, X's
// royal never captured first; emended, the reduction counts only if Y's pieces then attack no
// royal of X. No other end rule is applied inside the search (as in the reference).

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

const reduced = (pos, color) => {
  const pieces = living(pos, color);
  return pieces.filter(royal).length === 0 || pieces.length === 1;
};

function attacksRoyal(pos, attacker, victim) {
  for (const sq of pos.board.color(victim))
    if (royal(pos.board.get(sq)) && pos.squareAttackers(sq, attacker, pos.board.occupied).nonEmpty())
      return true;
  return false;
}

function forced(pos, x, n, emended) {
  const y = x === 'sente' ? 'gote' : 'sente';
  const moves = anyMoves(pos);
  const children = moves.map(m => {
    const child = pos.clone();
    child.play(m);
    return child;
  });
  for (const child of children)
    if (reduced(child, y) && (!emended || !attacksRoyal(child, y, x))) return true;
  if (n <= 1) return false;
  for (const child of children) {
    if (reduced(child, y)) continue;
    const replies = anyMoves(child);
    if (replies.length === 0) continue;
    const all = replies.every(r => {
      const after = child.clone();
      after.play(r);
      return living(after, x).some(royal) && forced(after, x, n - 1, emended);
    });
    if (all) return true;
  }
  return false;
}

const [sfen, max, flag] = process.argv.slice(2);
const parsed = parseSfen('chushogi', sfen ?? '', false);
if (parsed.isErr || !(Number(max) >= 1)) {
  process.stderr.write('usage: munster_search.mjs "<sfen>" <max-horizon> [--emended]\n');
  process.exit(2);
}
const pos = parsed.value;
for (let n = 1; n <= Number(max); n++)
  console.log(`horizon ${n}: forced reduction ${forced(pos, pos.turn, n, flag === '--emended') ? 'yes' : 'no'}`);
