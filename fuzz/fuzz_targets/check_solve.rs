//! Fuzzes the checker and the solver under every preset and round (property in
//! `kontrakt::rules::fuzzing::check_solve`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kontrakt::rules::fuzzing::check_solve(data));
