#!/usr/bin/env node
// Plays a complete Chu Shogi game with lishogi's rules library shogiops, by a seeded greedy
// playout, and prints it as a fairyspec game record (SPEC.md CHU-8.3): `#` comment lines, then the
// USI moves, ten to a line. This is how the generated records in corpus/chu/games/ were made: an
// implementation independent of fairyspec chooses and plays every move and says how the game ended.
//
//     node playout.mjs <seed> [max-plies]
//
// Policy, for each ply: among the legal moves (see shogiops_perftree.mjs) that do not recreate a
// position already seen in the game (so that no repetition rule can apply), take a capture of the
// highest value with probability 0.9 (a royal first), otherwise a uniformly random move; a move
// that may promote is played promoted. Random numbers: mulberry32(seed). The game ends where
// shogiops' `outcome()` says so; exit 1 if it has not ended after max-plies (default 2000).

import { makeBoardSfen } from 'shogiops/sfen';
import { Chushogi } from 'shogiops/variant/chushogi';
import { legalMoves } from './shogiops_perftree.mjs';

function mulberry32(a) {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VALUE = {
  king: 1000, prince: 1000, lion: 20, lionpromoted: 20, queen: 12, queenpromoted: 12,
  eagle: 12, falcon: 11, dragon: 9, dragonpromoted: 9, horse: 8, horsepromoted: 8,
  rook: 7, rookpromoted: 7, bishop: 6, bishoppromoted: 6, stag: 6, boar: 6, ox: 6, whale: 5,
  whitehorse: 5, verticalmover: 5, verticalmoverpromoted: 5, sidemover: 5, sidemoverpromoted: 5,
  chariot: 4, lance: 3, kirin: 4, phoenix: 4, elephant: 4, elephantpromoted: 4, tiger: 3,
  gold: 3, silver: 2, copper: 2, leopard: 2, gobetween: 1, pawn: 1, promotedpawn: 3,
};

const key = pos =>
  `${makeBoardSfen('chushogi', pos.board)} ${pos.turn} ${pos.lastLionCapture ?? '-'}`;

function captured(pos, move) {
  let v = 0;
  for (const sq of [move.midStep, move.to]) {
    if (sq === undefined || sq === move.from) continue;
    const p = pos.board.get(sq);
    if (p && p.color !== pos.turn) v += VALUE[p.role] ?? 1;
  }
  return v;
}

const seed = Number(process.argv[2] ?? 1),
  maxPlies = Number(process.argv[3] ?? 2000),
  rand = mulberry32(seed),
  pos = Chushogi.default(),
  seen = new Set([key(pos)]),
  played = [];
while (pos.outcome() === undefined && played.length < maxPlies) {
  let moves = [...legalMoves(pos)].filter(([text]) => !text.endsWith('+'));
  const withPromotion = new Map(legalMoves(pos));
  const fresh = moves.filter(([, m]) => {
    const child = pos.clone();
    child.play(m);
    return !seen.has(key(child));
  });
  if (fresh.length > 0) moves = fresh;
  let choice;
  const captures = moves.map(([t, m]) => [t, m, captured(pos, m)]).filter(c => c[2] > 0);
  if (captures.length > 0 && rand() < 0.9) {
    const best = Math.max(...captures.map(c => c[2]));
    const top = captures.filter(c => c[2] === best);
    choice = top[Math.floor(rand() * top.length)];
  } else choice = moves[Math.floor(rand() * moves.length)];
  let [text, move] = choice;
  if (withPromotion.has(text + '+')) [text, move] = [text + '+', withPromotion.get(text + '+')];
  pos.play(move);
  seen.add(key(pos));
  played.push(text);
}
const outcome = pos.outcome();
console.log(`# shogiops playout, seed ${seed}: ${played.length} plies`);
console.log(`# shogiops outcome: ${JSON.stringify(outcome ?? null)}`);
for (let i = 0; i < played.length; i += 10) console.log(played.slice(i, i + 10).join(' '));
process.exit(outcome === undefined ? 1 : 0);
