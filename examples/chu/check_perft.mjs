#!/usr/bin/env node
// Checks the shogiops perftree adapter against a `.perft` file (`id`, `epd`, `perft DEPTH NODES`
// blocks; `#` comments): every row up to a maximum depth is counted with shogiops and compared.
//
//     node check_perft.mjs [--max-depth N] FILE.perft...
//
// Prints one line per row (`ok` or `MISMATCH`) and a summary `N passed, N failed`; exits 1 on any
// mismatch or unreadable position. Used to confirm that the adapter reproduces lishogi's
// published counts (corpus/chu/*.perft) before it serves as the outside check of
// `fairyspec conform chu`.

import { readFileSync } from 'node:fs';
import { parseSfen } from 'shogiops/sfen';
import { legalMoves } from './shogiops_perftree.mjs';

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

const args = process.argv.slice(2);
let maxDepth = 2;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--max-depth') maxDepth = Number(args[++i]);
  else files.push(args[i]);
}

let passed = 0,
  failed = 0;
for (const file of files) {
  let id = '?',
    pos;
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const [key, ...rest] = line.split(/\s+/);
    if (key === 'id') id = rest.join(' ');
    else if (key === 'epd') {
      const parsed = parseSfen('chushogi', rest.join(' '), false);
      if (parsed.isErr) {
        console.log(`${id}: cannot read the SFEN: ${parsed.error}`);
        failed++;
        pos = undefined;
      } else pos = parsed.value;
    } else if (key === 'perft' && pos !== undefined) {
      const depth = Number(rest[0]),
        expected = Number(rest[1]);
      if (depth > maxDepth) continue;
      const got = perft(pos, depth);
      if (got === expected) passed++;
      else failed++;
      console.log(`${got === expected ? 'ok' : 'MISMATCH'} ${id} perft ${depth}: expected ${expected}, shogiops ${got}`);
    }
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
