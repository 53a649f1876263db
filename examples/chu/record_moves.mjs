#!/usr/bin/env node
// Replays Chu Shogi game records (SPEC.md CHU-8.3: `#` comments, an optional first line
// `sfen <SFEN>`, USI moves, an optional result) with lishogi's rules library shogiops and prints,
// for every position of every game — the start, and the position after each move — the legal
// moves shogiops gives there, as shogiops_perftree.mjs counts them (one per distinct USI string).
// One node process for all the records, so that a test can check every ply of the corpus games
// without starting node thousands of times (tests/all/chu_games.rs).
//
//     node record_moves.mjs FILE...
//
// Output, one line per position: `<file> <ply> <count> <moves sorted, space separated>`, where
// ply 0 is the start position. A move of the record that shogiops does not list as legal prints
// `<file> <ply> ILLEGAL <move>` and stops that record. Exit codes: 0 when every record was read
// (illegal moves included: the caller judges them); 2 for a file that cannot be read or an SFEN
// shogiops cannot parse.

import { readFileSync } from 'node:fs';
import { parseSfen } from 'shogiops/sfen';
import { Chushogi } from 'shogiops/variant/chushogi';
import { legalMoves } from './shogiops_perftree.mjs';

const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);

/** The record's SFEN (or undefined for the start position) and its moves. */
function readRecord(text) {
  let sfen;
  const moves = [];
  let first = true;
  for (const raw of text.split('\n')) {
    const line = raw.split('#')[0].trim();
    if (line === '') continue;
    if (first) {
      first = false;
      if (line.startsWith('sfen ')) {
        sfen = line.slice(5).trim();
        continue;
      }
    }
    for (const word of line.split(/\s+/)) if (!RESULTS.has(word)) moves.push(word);
  }
  return { sfen, moves };
}

function fail(message) {
  process.stderr.write(`record_moves: ${message}\n`);
  process.exit(2);
}

const out = [];
for (const file of process.argv.slice(2)) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    fail(`cannot read ${file}: ${e.message}`);
  }
  const { sfen, moves } = readRecord(text);
  let pos;
  if (sfen === undefined) pos = Chushogi.default();
  else {
    const parsed = parseSfen('chushogi', sfen, false);
    if (parsed.isErr) fail(`${file}: cannot read the SFEN ${JSON.stringify(sfen)}`);
    pos = parsed.value;
  }
  for (let ply = 0; ; ply++) {
    const legal = legalMoves(pos);
    const texts = [...legal.keys()].sort();
    out.push(`${file} ${ply} ${texts.length} ${texts.join(' ')}`);
    if (ply === moves.length) break;
    const move = legal.get(moves[ply]);
    if (move === undefined) {
      out.push(`${file} ${ply + 1} ILLEGAL ${moves[ply]}`);
      break;
    }
    pos.play(move);
  }
}
process.stdout.write(out.join('\n') + '\n');
