//! Replays every input kept in `fuzz/regressions/` (crashes found by `fuzz/run.sh`, plus seeds)
//! through the same properties the fuzz targets check.

use std::path::Path;

fn replay(target: &str, property: fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/regressions")
        .join(target);
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).expect("regressions folder") {
        let path = entry.expect("entry").path();
        let data = std::fs::read(&path).expect("readable input");
        property(&data);
        count += 1;
    }
    count
}

#[test]
fn kept_notation_inputs_still_pass_the_notation_property() {
    assert!(replay("notation", kontrakt::rules::fuzzing::notation) > 0);
}

#[test]
fn kept_check_solve_inputs_still_pass_the_check_solve_property() {
    assert!(replay("check_solve", kontrakt::rules::fuzzing::check_solve) > 0);
}
