//! The `fairyspec` command line; everything is in [`fairyspec::cli`].

fn main() -> std::process::ExitCode {
    fairyspec::cli::main()
}
