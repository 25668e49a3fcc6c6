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
            text.split(|c: char| !c.is_alphabetic())
                .any(|word| DU_WORDS.contains(&word))
        })
        .map(|(name, text)| format!("{name}: {text}"))
        .collect();
    assert!(offending.is_empty(), "{offending:#?}");
}
