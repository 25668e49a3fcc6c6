//! The words of the rule sets: option descriptions, German preset names and descriptions,
//! contracts and decks in words, play notes and the round errors of a meld check, in English
//! and German.
//!
//! Depends on `rules` for the things it names; `rules` never imports this file. No web
//! vocabulary here either.

use crate::rules::meld::MeldKind;
use crate::rules::play::{GoingOut, JokerSwap, LayOff, Play};
use crate::rules::presets::Preset;
use crate::rules::ruleset::{Contract, Decks, PresetInfo, Requirement, RoundError};
use crate::text::Lang;

/// English or German.
fn pick(lang: Lang, en: &'static str, de: &'static str) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::De => de,
    }
}

/// The preset's name in the language (the English one is [`PresetInfo::name`]).
pub fn preset_name(info: &PresetInfo, lang: Lang) -> &'static str {
    let Some(preset) = Preset::from_id(info.id) else {
        return info.name;
    };
    let de = match preset {
        Preset::Contract => "Kontrakt-Rommé",
        Preset::Liverpool => "Liverpool-Rommé",
        Preset::MayI => "May I?",
        Preset::Shanghai => "Shanghai-Rommé",
        Preset::ShanghaiPowe => "Shanghai (Tahelia Powe)",
        Preset::ShanghaiKolsov => "Shanghai (Deb Kolsov)",
        Preset::Progressive => "Progressives Rommé",
        Preset::Continental => "Continental Rommé",
        Preset::Rommee => "Rommé",
        Preset::Hollywood => "Hollywood-Rommé",
    };
    pick(lang, info.name, de)
}

/// The preset's one-line description in the language (the English one is
/// [`PresetInfo::description`]).
pub fn preset_description(info: &PresetInfo, lang: Lang) -> &'static str {
    let Some(preset) = Preset::from_id(info.id) else {
        return info.description;
    };
    let de = match preset {
        Preset::Contract => "Sieben Runden mit je einem Kontrakt; die niedrigste Summe gewinnt.",
        Preset::Liverpool => {
            "Kontrakt-Rommé mit Abhebe-Bonus: genau die ausgeteilten Karten plus eine abheben bringt 50 Punkte Abzug."
        }
        Preset::MayI => {
            "Kontrakt-Rommé mit einem Blatt je zwei Spieler, längeren Kontraktmeldungen und Jokern zu 25."
        }
        Preset::Shanghai => {
            "Elf Karten jede Runde, Ass nur hoch, ein Joker je Meldung, zwei Käufe je Runde."
        }
        Preset::ShanghaiPowe => "Shanghai mit zehn Karten, acht Runden und Ausgehen ohne Abwurf.",
        Preset::ShanghaiKolsov => {
            "Shanghai mit zehn Kontrakten, manche brauchen mehr Karten als ausgeteilt."
        }
        Preset::Progressive => {
            "Fünfzehn Kontrakte, Joker und 2er wild, Käufe ab Runde 9, Auszahlung nach Plätzen."
        }
        Preset::Continental => {
            "Nur Folgen, fünfzehn Karten, eine Hand: der Sieger kassiert Einheiten von allen."
        }
        Preset::Rommee => {
            "Familien-Rommé: 40 Punkte zum Auslegen, Hand-Rommé doppelt, paarweise Abrechnung."
        }
        Preset::Hollywood => {
            "Kontrakt-/Liverpool-Rommé wie in den USA gespielt: 2-8 Spieler, Käufe, der Niedrigste kassiert."
        }
    };
    pick(lang, info.description, de)
}

/// What an option of a preset does, as a form label and in the rule-set JSON. An option name
/// the preset does not have is shown as itself.
pub fn option_description(preset: Preset, option: &str, lang: Lang) -> &'static str {
    let (en, de) = match option {
        "ace" => (
            "Where the ace may stand in a run: low-or-high (A-2-3, Q-K-A), high-only, or wrap (Q-K-A-2).",
            "Wo das Ass in einer Folge stehen darf: low-or-high (A-2-3, D-K-A), high-only (nur hoch) oder wrap (um die Ecke: D-K-A-2).",
        ),
        "jokers" => (
            "Play with jokers (wild).",
            "Mit Jokern spielen (Joker sind wild).",
        ),
        "joker_points" => (
            "Penalty points of a joker left in hand.",
            "Strafpunkte für einen Joker auf der Hand.",
        ),
        "settlement" => (
            "Money settlement: lowest-collects (the lowest total collects the difference from each player) or pairwise (every pair settles its difference).",
            "Abrechnung: lowest-collects (der Niedrigste kassiert von jedem die Differenz) oder pairwise (jedes Paar rechnet die Differenz ab).",
        ),
        "exact_minimum" => (
            "The contract meld holds only the minimum cards (sets of 3, runs of 4); extras wait for the next turn.",
            "Die Kontraktmeldung enthält nur die Mindestzahl Karten (Sätze à 3, Folgen à 4); weitere erst im nächsten Zug.",
        ),
        "cut_bonus" => (
            "Points taken off the cutter who cuts exactly the deal plus the up-card.",
            "Punkte, die dem Abheber abgezogen werden, der genau die ausgeteilten Karten plus die offene Karte abhebt.",
        ),
        "buy_limit" => (
            "Most buys (May I) per player per round.",
            "Höchstens so viele Käufe (May I) je Spieler und Runde.",
        ),
        "payouts" => (
            "Cents each final place pays (first entry: the winner, who instead receives the sum).",
            "Cent, die jeder Platz zahlt (erster Eintrag: der Sieger, der stattdessen die Summe erhält).",
        ),
        "kitty_split" => (
            "Who receives the kitty of buys: the winner, or two-thirds to the winner and one third to second place.",
            "Wer die Kasse der Käufe erhält: der Sieger, oder zwei Drittel der Sieger und ein Drittel der Zweite.",
        ),
        "buy_cents" => (
            "Cents each buy costs, paid into the kitty.",
            "Cent, die jeder Kauf kostet (in die Kasse).",
        ),
        "twos_wild" if preset == Preset::Continental => (
            "All 2s are wild (runs then skip 2: A-3-4), and winning without any wild card earns 10 units from each player.",
            "Alle 2er sind wild (Folgen überspringen dann die 2: A-3-4); wer ohne wilde Karte gewinnt, erhält 10 Einheiten von jedem.",
        ),
        "twos_wild" => ("All 2s are wild too.", "Auch alle 2er sind wild."),
        "turn_bonuses" => (
            "Going out on the first turn earns 10 units from each player, on the second turn 7.",
            "Wer im 1. Zug ausgeht, erhält 10 Einheiten von jedem, im 2. Zug 7.",
        ),
        "one_suit_bonus" => (
            "All runs in one suit earn 10 units from each player.",
            "Alle Folgen in einer Farbe bringen 10 Einheiten von jedem.",
        ),
        "hands" => (
            "Hands played in this game.",
            "Gespielte Hände in dieser Partie.",
        ),
        "joker_count" => (
            "Jokers shuffled in with the two decks.",
            "Joker, die zu den zwei Blättern gemischt werden.",
        ),
        "cards_dealt" => (
            "Cards dealt to each player (10, 13 or 15).",
            "Karten je Spieler (10, 13 oder 15).",
        ),
        "opening_points" => (
            "Points the first meld must be worth (30, 40 or 50).",
            "Punkte, die die erste Meldung wert sein muss (30, 40 oder 50).",
        ),
        "discard_to_go_out" => (
            "Going out ends with a discard (off: all cards melded, no discard).",
            "Zum Ausgehen wird die letzte Karte abgeworfen (aus: alle Karten auslegen, kein Abwurf).",
        ),
        "rounds" => (
            "Rounds in the game (0: one per player, so everyone deals once).",
            "Runden der Partie (0: eine je Spieler, jeder gibt einmal).",
        ),
        "jokers_per_deck" => ("Jokers per deck.", "Joker je Blatt."),
        "contracts" => (
            "Play only the first 4 or 5 contracts, or all 7.",
            "Nur die ersten 4 oder 5 Kontrakte spielen, oder alle 7.",
        ),
        "lay_off_before_contract" => (
            "Laying off is allowed before one's own contract is made.",
            "Anlegen ist schon vor dem eigenen Kontrakt erlaubt.",
        ),
        "joker_swap" => (
            "Swapping a joker on the table for the card it stands for, after one's contract: in any meld, only in runs, or never.",
            "Einen ausgelegten Joker gegen die echte Karte tauschen (nach dem eigenen Kontrakt): überall, nur in Folgen oder nie.",
        ),
        _ => return "",
    };
    pick(lang, en, de)
}

/// The contract in words: "1 set of 3 and 1 run of 4", "3 sets of 3 or 3 runs of 4".
pub fn describe_contract(contract: &Contract, lang: Lang) -> String {
    contract
        .alternatives
        .iter()
        .map(|alt| describe_alternative(alt, lang))
        .collect::<Vec<_>>()
        .join(pick(lang, " or ", " oder "))
}

fn describe_alternative(alt: &[Requirement], lang: Lang) -> String {
    let mut groups: Vec<(Requirement, usize)> = Vec::new();
    for r in alt {
        match groups.last_mut() {
            Some((g, n)) if g == r => *n += 1,
            _ => groups.push((*r, 1)),
        }
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|(r, n)| match lang {
            Lang::En => match r.kind {
                MeldKind::Pair => format!("{n} {}", r.kind.noun(*n > 1)),
                k => format!("{n} {} of {}", k.noun(*n > 1), r.min),
            },
            Lang::De => {
                let noun = r.kind.noun_in(lang, *n > 1);
                match r.kind {
                    MeldKind::Pair => format!("{n} {noun}"),
                    _ => format!("{n} {noun} à {}", r.min),
                }
            }
        })
        .collect();
    parts.join(pick(lang, " and ", " und "))
}

/// "2 decks + 3 jokers (107 cards)" / "2 Blätter + 3 Joker (107 Karten)".
pub fn describe_decks(d: &Decks, lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "{} deck{} + {} joker{} ({} cards)",
            d.decks,
            if d.decks == 1 { "" } else { "s" },
            d.jokers,
            if d.jokers == 1 { "" } else { "s" },
            d.cards()
        ),
        Lang::De => format!(
            "{} Blätter + {} Joker ({} Karten)",
            d.decks,
            d.jokers,
            d.cards()
        ),
    }
}

/// Why a meld check outside a game has no round: the sentence of the API and the command line.
pub fn round_error(e: &RoundError) -> String {
    match *e {
        RoundError::Missing { rules, count } => {
            format!("\"round\" is missing: {rules} has rounds 1 to {count}")
        }
        RoundError::OutOfRange {
            round,
            rules,
            count,
        } => {
            format!("round {round} is out of range: {rules} has rounds 1 to {count}")
        }
    }
}

/// The play rules as short sentences for the table, in English or German.
pub fn play_notes(play: &Play, lang: Lang) -> Vec<&'static str> {
    let lay_off = match play.lay_off {
        LayOff::NextTurnAfterContract => pick(
            lang,
            "Lay off only from the turn after your own contract meld.",
            "Anlegen erst ab dem Zug nach der eigenen Kontraktmeldung.",
        ),
        LayOff::AfterContract => pick(
            lang,
            "Lay off once your contract is down, in the same turn too.",
            "Anlegen, sobald der eigene Kontrakt liegt, auch im selben Zug.",
        ),
        LayOff::Anytime => pick(
            lang,
            "Laying off is allowed before your own contract is made.",
            "Anlegen ist schon vor dem eigenen Kontrakt erlaubt.",
        ),
        LayOff::AfterOpening => pick(
            lang,
            "After your opening: more melds and lay-offs on any meld.",
            "Nach dem ersten Auslegen: weitere Meldungen und Anlegen an alle Meldungen.",
        ),
        LayOff::NotAtAll => pick(
            lang,
            "No laying off: all fifteen cards go down at once.",
            "Kein Anlegen: alle fünfzehn Karten werden auf einmal ausgelegt.",
        ),
    };
    let swap = match play.joker_swap {
        JokerSwap::RunsOnly => pick(
            lang,
            "A joker in a run may be swapped for the card it stands for (play the joker in the same turn); jokers in sets are dead.",
            "Ein Joker in einer Folge darf gegen die echte Karte getauscht werden (den Joker im selben Zug ausspielen); Joker in Sätzen sind tot.",
        ),
        JokerSwap::Any => pick(
            lang,
            "After your contract, a joker on the table may be swapped for the card it stands for.",
            "Nach dem eigenen Kontrakt darf ein ausgelegter Joker gegen die echte Karte getauscht werden.",
        ),
        JokerSwap::AfterOpening => pick(
            lang,
            "After your opening, put the real card in and take the joker.",
            "Nach dem ersten Auslegen: die echte Karte einlegen und den Joker nehmen.",
        ),
        JokerSwap::Never => pick(
            lang,
            "Wild cards on the table are never swapped back.",
            "Ausgelegte wilde Karten werden nie zurückgetauscht.",
        ),
    };
    let going_out = match play.going_out {
        GoingOut::WithDiscard => pick(
            lang,
            "Go out by discarding your last card.",
            "Ausgehen: die letzte Karte wird abgeworfen.",
        ),
        GoingOut::NoDiscard => pick(
            lang,
            "Go out with every card melded, never with a discard.",
            "Ausgehen: alle Karten ausgelegt, nie mit Abwurf.",
        ),
        GoingOut::EitherWay => pick(
            lang,
            "Go out by melding everything or by discarding the last card.",
            "Ausgehen: alles auslegen oder die letzte Karte abwerfen.",
        ),
        GoingOut::FaceDownDiscard => pick(
            lang,
            "Go out with all fifteen cards arranged, discarding one face down.",
            "Ausgehen: alle fünfzehn Karten kombiniert, eine Karte verdeckt abwerfen.",
        ),
    };
    vec![lay_off, swap, going_out]
}

impl Contract {
    /// The contract in words: "2 sets of 3 and 1 run of 4" ([`describe_contract`]).
    pub fn describe(&self, lang: Lang) -> String {
        describe_contract(self, lang)
    }
}

impl Decks {
    /// The decks in words: "2 decks with 4 jokers" ([`describe_decks`]).
    pub fn describe(&self, lang: Lang) -> String {
        describe_decks(self, lang)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::{OptionValue, RuleSet, test_preset as with};

    #[test]
    fn contract_notes_say_jokers_in_sets_are_dead_and_rommee_in_german_has_no_discard() {
        let p = RuleSet::preset("contract").unwrap().play;
        assert!(play_notes(&p, Lang::En)[1].contains("jokers in sets are dead"));
        let no = with("rommee", &[("discard_to_go_out", OptionValue::Bool(false))]).play;
        assert_eq!(
            play_notes(&no, Lang::De)[2],
            "Ausgehen: alle Karten ausgelegt, nie mit Abwurf."
        );
    }

    #[test]
    fn every_option_of_every_preset_has_words_in_both_languages() {
        for p in Preset::ALL {
            for spec in p.option_specs() {
                for lang in [Lang::En, Lang::De] {
                    assert!(
                        !option_description(p, spec.name, lang).is_empty(),
                        "{p:?} {}",
                        spec.name
                    );
                }
            }
            assert!(!preset_name(&p.info(), Lang::De).is_empty());
        }
        assert_eq!(
            option_description(Preset::Rommee, "twos_wild", Lang::De),
            "Auch alle 2er sind wild."
        );
        assert!(
            option_description(Preset::Continental, "twos_wild", Lang::En).contains("10 units")
        );
    }
}
