//! Fuzzes the card notation parser (property in `kontrakt::rules::fuzzing::notation`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kontrakt::rules::fuzzing::notation(data));
