//! The conformance matrix (to be written).
