//! Every integration test of fairyspec, as one test crate: one binary to compile and link instead
//! of one per file (on two cores that cut a fresh `cargo test` by minutes; README "Testing").
//! Each module is the test file of the same name; `common` holds helpers several of them share.
//!
//! Run one file's tests with a filter: `cargo test --test all kuma_reference::`.

mod betza;
mod browser;
mod browser_chu;
mod browser_links;
mod builtin_corpus;
mod chess_check;
mod chess_perft;
mod chess_shakmaty;
mod chu_bitboard;
mod chu_end;
mod chu_games;
mod chu_pieces;
mod chu_properties;
mod chu_reference;
mod chu_results;
/// When a test may skip what it needs, and how it says so.
#[path = "support/ci.rs"]
mod ci;
mod ci_action;
mod cli;
mod cli_json;
mod common;
mod conform;
mod conform_day;
mod conform_fuzz;
#[cfg(target_os = "linux")]
mod conform_hostile;
mod conformance_page;
mod congo_check;
mod congo_data;
mod congo_perft;
mod congo_properties;
mod congo_reference;
mod corpus_mutants;
mod corpus_sources;
mod coverage;
mod diagrams;
mod explain_golden;
mod explain_properties;
mod explain_reasons;
mod fuzz_corpus;
/// The small HTTP client of the serve and browser tests.
#[path = "support/http.rs"]
mod http;
mod hunterbeest_check;
mod hunterbeest_differential;
mod hunterbeest_pieces;
mod hunterbeest_reference;
mod in_process;
mod kuma_bitboard;
mod kuma_differential;
mod kuma_games;
mod kuma_pieces;
mod kuma_properties;
mod kuma_reference;
mod kuma_rules;
mod mailbox_rules;
mod mutations;
mod package;
mod pasted;
mod perft;
mod perft_hash;
mod readings;
mod readme;
mod records;
mod serve;
mod serve_bounds;
mod spec_tables;
mod spec_text;
mod strategies;
