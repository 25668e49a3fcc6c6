//! One CSV field as the exports write it (a game's, a group's): quoted where needed, and
//! text that a spreadsheet would take for a formula defused, so that a player's name can
//! never become a live formula in the file a table opens.
//!
//! A piece the pages share: std only; nothing from another page, `store`, `db` or `cli`.

/// What starts a formula in a spreadsheet cell.
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// What a spreadsheet may split a CSV line on (German Excel takes `;`).
const SEPARATORS: [char; 3] = [',', ';', '\t'];

/// One CSV field: quoted where needed, formula-looking text defused. A formula start gets a
/// `'` before it at the start of the text and after every separator a spreadsheet may split
/// on (spaces between are skipped), and a field with any such separator is quoted: a name
/// like `a;=1+1;` must not become a live formula where `;` splits cells.
pub fn field(text: &str) -> String {
    let mut defused = String::with_capacity(text.len() + 2);
    let mut cell_start = true;
    for c in text.chars() {
        if cell_start && FORMULA_STARTS.contains(&c) {
            defused.push('\'');
        }
        defused.push(c);
        cell_start = SEPARATORS.contains(&c) || (cell_start && c == ' ');
    }
    let text = defused;
    if text.contains([',', ';', '\t', '"', '\r', '\n']) || text.trim() != text {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_only_when_needed_and_formulas_are_defused() {
        assert_eq!(field("Ann"), "Ann");
        assert_eq!(field("Smith, Ann"), "\"Smith, Ann\"");
        assert_eq!(field("Ann \"the Ace\""), "\"Ann \"\"the Ace\"\"\"");
        assert_eq!(field("two\nlines"), "\"two\nlines\"");
        assert_eq!(field("=HYPERLINK(1)"), "'=HYPERLINK(1)");
        assert_eq!(field("-5"), "'-5");
        assert_eq!(field(" padded"), "\" padded\"");
    }

    #[test]
    fn formulas_after_any_separator_a_spreadsheet_may_use_are_defused_and_quoted() {
        assert_eq!(field("a;=1+1;"), "\"a;'=1+1;\"");
        assert_eq!(field("a; -1"), "\"a; '-1\"");
        assert_eq!(field("x\t+1"), "\"x\t'+1\"");
        assert_eq!(field("x,@A1"), "\"x,'@A1\"");
        assert_eq!(field("\t=1"), "\"'\t'=1\"");
        assert_eq!(field("a;b"), "\"a;b\"");
        assert_eq!(field("a-b"), "a-b");
    }
}
