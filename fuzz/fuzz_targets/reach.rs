//! The counts a differential target prints when libFuzzer exits: how often each switch reading was
//! drawn and each rarely run path was met in this run (`fairyspec::check::reach`). `.ci/fuzz.sh`
//! shows them in its log. Included by each differential target (`#[path = "reach.rs"] mod reach;`).

use fairyspec::check::reach::Reach;
use std::sync::{Mutex, OnceLock, PoisonError};

static REACH: Mutex<Reach> = Mutex::new(Reach::new());
static TARGET: OnceLock<&'static str> = OnceLock::new();

extern "C" fn print_reach() {
    let reach = REACH.lock().unwrap_or_else(PoisonError::into_inner);
    eprint!("{}", reach.report(TARGET.get().copied().unwrap_or("?")));
}

/// Prints the counts of target `name` when the process exits (libFuzzer ends a run with `exit`).
pub fn print_at_exit(name: &'static str) {
    if TARGET.set(name).is_ok() {
        // SAFETY: `atexit` only stores the pointer of a function that takes no arguments and
        // touches nothing but the two statics above.
        unsafe {
            libc::atexit(print_reach);
        }
    }
}

/// Runs `f` with this run's counts.
pub fn with<T>(f: impl FnOnce(&mut Reach) -> T) -> T {
    f(&mut REACH.lock().unwrap_or_else(PoisonError::into_inner))
}
