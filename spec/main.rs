//! The `fairyspec` command line (STUB: being written).
fn main() {}
