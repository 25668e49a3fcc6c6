//! The guard over the German form of address: every German sentence speaks to the table as
//! "ihr" (docs/decisions.md, 2026-11-27), never to one player as "du".

use super::plural_tests::all_templates;

/// Words that address one player: the pronouns of "du" and the imperatives the tables used
/// before they were made "ihr".
const DU_WORDS: &[&str] = &[
    "du",
    "Du",
    "dein",
    "deine",
    "deinen",
    "deinem",
    "deiner",
    "Dein",
    "Deine",
    "dich",
    "dir",
    "korrigiere",
    "Wähle",
    "wähle",
    "Gib",
    "gib",
    "Prüf",
    "versuch",
    "Versuch",
    "Lade",
    "lade",
    "Schick",
    "schick",
    "Nimm",
    "nimm",
    "Öffne",
    "Warte",
    "warte",
    "sag",
    "Sag",
    "lass",
    "schreib",
    "Entferne",
    "Bestätige",
    "importiere",
    "behalte",
    "speichere",
    "behebe",
    "füge",
    "Lösch",
    "Schließ",
    "scanne",
    "frag",
    "mach",
    "fang",
];

#[test]
fn every_german_sentence_addresses_the_table_as_ihr_never_one_player_as_du() {
    let offending: Vec<String> = all_templates()
        .into_iter()
        .filter(|(name, _)| name.ends_with("(De)"))
        .filter(|(_, text)| {
            without_placeholders(text)
                .split(|c: char| !c.is_alphabetic())
                .any(|word| DU_WORDS.contains(&word))
        })
        .map(|(name, text)| format!("{name}: {text}"))
        .collect();
    assert!(offending.is_empty(), "{offending:#?}");
}

/// The template's words without its placeholders (`{dir}` names a value, not the reader).
fn without_placeholders(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0_u32;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

#[test]
fn a_placeholder_is_no_word_of_address() {
    assert_eq!(without_placeholders("in {dir} ablegen"), "in  ablegen");
    assert_eq!(without_placeholders("gib {n|Karte|Karten}"), "gib ");
}
