//! What the groups say, in English and German: the problems of a write to a group
//! (`store::groups::GroupProblem`), the group's answers and, for the pages, their words. The
//! JSON API, the pages and the command line word a group's problems through one function (the web layer's `problem_sentence`).
//!
//! Depends on `text` and on the codes it words (`rules::names`); the group problem type is
//! passed in its parts, so this module needs nothing from `store`.

use super::Lang;
use crate::rules::names::{MAX_NAME_CHARS, NameProblem};

messages! {
    /// Sentences about groups.
    pub enum GroupMsg {
        Conflict => "The group was changed on another device in the meantime (it is at version {version} now). Reload it, then make your change again.",
            "Die Gruppe wurde inzwischen auf einem anderen Gerät geändert (sie ist jetzt bei Version {version}). Ladet sie neu und macht eure Änderung dann noch einmal.";
        GroupNameEmpty => "The group needs a name.", "Die Gruppe braucht einen Namen.";
        GroupNameTooLong => "The name is longer than {max} {max|character|characters}; choose a shorter one.",
            "Der Name ist länger als {max} Zeichen; wählt einen kürzeren.";
        GroupNameControl => "The name holds a tab or a line break; use plain text on one line.",
            "Der Name enthält einen Tabulator oder Zeilenumbruch; nur einfacher Text in einer Zeile.";
        GroupNameInvisible => "The name holds an invisible character (such as a zero-width space); type it again without it.",
            "Der Name enthält ein unsichtbares Zeichen (etwa ein Leerzeichen ohne Breite); tippt ihn ohne es neu.";
        PlayerNameEmpty => "A player needs a name.", "Ein Spieler braucht einen Namen.";
        PlayerNameTooLong => "The name \"{name}\" is longer than {max} {max|character|characters}; choose a shorter one.",
            "Der Name „{name}“ ist länger als {max} Zeichen; wählt einen kürzeren.";
        PlayerNameControl => "The name \"{name}\" holds a tab or a line break; use plain text on one line.",
            "Der Name „{name}“ enthält einen Tabulator oder Zeilenumbruch; nur einfacher Text in einer Zeile.";
        PlayerNameInvisible => "The name \"{name}\" holds an invisible character (such as a zero-width space), so it would look like another name; type it again without it.",
            "Der Name „{name}“ enthält ein unsichtbares Zeichen (etwa ein Leerzeichen ohne Breite) und sähe aus wie ein anderer Name; tippt ihn ohne es neu.";
        NameTwice => "\"{name}\" is named twice; every player needs a different name.",
            "„{name}“ ist doppelt genannt; jeder Spieler braucht einen eigenen Namen.";
        NameTaken => "The group already has a player called \"{name}\" (names are compared as people read them: capitals, accents written two ways and invisible characters do not make a new name).",
            "Die Gruppe hat schon jemanden namens „{name}“ (Namen werden verglichen, wie man sie liest: Großbuchstaben, zweierlei geschriebene Akzente und unsichtbare Zeichen machen keinen neuen Namen).";
        RulesNameTaken => "The group already has house rules called \"{name}\".",
            "Die Gruppe hat schon Hausregeln namens „{name}“.";
        UnknownPlayer => "\"{name}\" is not a player of this group; add them to the group first.",
            "„{name}“ gehört nicht zu dieser Gruppe; nehmt die Person zuerst in die Gruppe auf.";
        RetiredPlayer => "{name} has retired from this group; bring them back on the group page before seating them.",
            "{name} spielt in dieser Gruppe nicht mehr mit; holt die Person auf der Gruppenseite zurück, bevor sie mitspielt.";
        NoSuchPlayer => "This group has no such player.", "Diese Gruppe hat keinen solchen Spieler.";
        UnknownHouseRules => "This group has no house rules called \"{name}\".",
            "Diese Gruppe hat keine Hausregeln namens „{name}“.";
        NoSuchHouseRules => "This group has no such house rules.", "Diese Gruppe hat keine solchen Hausregeln.";
        NoSuchGame => "There is no game with this edit link; paste the game's edit link (the one that can enter rounds).",
            "Zu diesem Bearbeiten-Link gibt es kein Spiel; fügt den Bearbeiten-Link des Spiels ein (den, mit dem man Runden eintragen kann).";
        GameInThisGroup => "This game is already in this group.", "Dieses Spiel ist schon in dieser Gruppe.";
        TooManyImports => "This group has taken {max} imported games in the last 24 hours, the most it takes in a day. Try again in about {hours} {hours|hour|hours}.",
            "Diese Gruppe hat in den letzten 24 Stunden {max} importierte Spiele bekommen, mehr nimmt sie an einem Tag nicht. Versucht es in etwa {hours} {hours|Stunde|Stunden} noch einmal.";
        TooMuchWork => "An import counts one write per game, and {games} {games|game is|games are} more than this device may save right now. Try again in {seconds} {seconds|second|seconds}, or split the sheet.",
            "Ein Import zählt ein Speichern pro Spiel, und {games} {games|Spiel ist|Spiele sind} mehr, als dieses Gerät gerade speichern darf. Versucht es in {seconds} {seconds|Sekunde|Sekunden} noch einmal oder teilt den Bogen auf.";
        GameInOtherGroup => "This game already belongs to another group; a game belongs to one group only.",
            "Dieses Spiel gehört schon zu einer anderen Gruppe; ein Spiel gehört nur zu einer Gruppe.";
        VersionNeeded => "A settle-up needs the group's \"version\", so that nobody settles a ledger they have not seen.",
            "Zum Abrechnen braucht es die „version“ der Gruppe, damit niemand eine Kasse abrechnet, die er nicht gesehen hat.";
        WrongBody => "The JSON has a wrong field: {detail}.", "Im JSON ist ein Feld falsch: {detail}.";
        PlayerOrRetired => "Send \"name\" to rename the player, or \"retired\" (true or false) to retire them or bring them back.",
            "Sendet „name“, um umzubenennen, oder „retired“ (true oder false), um die Person ausscheiden zu lassen oder zurückzuholen.";
        // The group pages.
        PageNew => "New group", "Neue Gruppe";
        PageNewHint => "A group keeps its players, its games and its money from one evening to the next.",
            "Eine Gruppe behält ihre Mitspieler, Spiele und Kasse von einem Abend zum nächsten.";
        PageName => "Name of the group", "Name der Gruppe";
        PagePlayersLines => "Players, one per line", "Mitspieler, einer pro Zeile";
        PageCreate => "Create group", "Gruppe anlegen";
        PageHomeGroups => "Your groups", "Eure Gruppen";
        PageHomeNoGroups => "Groups you create or open on this phone appear here.",
            "Gruppen, die ihr auf diesem Telefon anlegt oder öffnet, erscheinen hier.";
        PageGroupCount => "{n} {n|game|games}", "{n} {n|Spiel|Spiele}";
        PagePlayers => "Players", "Mitspieler";
        PageRetired => "retired", "ausgeschieden";
        PageRename => "Rename", "Umbenennen";
        PageNewNameFor => "New name for {name}", "Neuer Name für {name}";
        PageRetire => "Retire", "Ausscheiden lassen";
        PageBringBack => "Bring back", "Zurückholen";
        PageAddPlayer => "Add a player", "Mitspieler hinzufügen";
        PageAddPlayerName => "Name of the new player", "Name des neuen Mitspielers";
        PageGames => "Games", "Spiele";
        PageNoGames => "No games yet. Start one here: its players are picked from the group's list.",
            "Noch keine Spiele. Beginnt eins hier: die Mitspieler werden aus der Liste der Gruppe gewählt.";
        PageNewGame => "New game with this group", "Neues Spiel mit dieser Gruppe";
        PageHouseRules => "House rules", "Hausregeln";
        PageNoHouseRules => "No house rules saved yet.", "Noch keine Hausregeln gespeichert.";
        PageHouseRulesName => "Name of the house rules", "Name der Hausregeln";
        PageHouseRulesBase => "Rule set", "Regelwerk";
        PageHouseRulesHint => "Choose a rule set; the next page shows its options to set.",
            "Wählt ein Regelwerk; die nächste Seite zeigt seine Optionen zum Einstellen.";
        PageHouseRulesNext => "Set the options", "Optionen einstellen";
        PageHouseRulesSave => "Save house rules", "Hausregeln speichern";
        PageHouseRulesTitle => "House rules for {group}", "Hausregeln für {group}";
        PageDelete => "Delete", "Löschen";
        PageStandings => "Standings", "Tabelle";
        PageLedger => "Ledger", "Kasse";
        PageImport => "Import paper score sheets", "Papierzettel einlesen";
        PageExportCsv => "Export the group (CSV)", "Gruppe exportieren (CSV)";
        PageExportJson => "Export the group (JSON)", "Gruppe exportieren (JSON)";
        PageShareTitle => "Share this group", "Gruppe teilen";
        PageShareHint => "Other phones scan the code or open the link to start games from the group's list of players.",
            "Andere Telefone scannen den Code oder öffnen den Link, um Spiele mit den Mitspielern der Gruppe zu beginnen.";
        PageShareViewHint => "It shows the group, its games and its money but cannot change anything.",
            "Er zeigt die Gruppe, ihre Spiele und ihre Kasse, kann aber nichts ändern.";
        PageQrLabel => "QR code of the group's edit link", "QR-Code des Bearbeiten-Links der Gruppe";
        PageViewQrLabel => "QR code of the group's read-only link", "QR-Code des Ansehen-Links der Gruppe";
        PageViewNotice => "Read-only: this page shows the group but cannot change it.",
            "Nur ansehen: Diese Seite zeigt die Gruppe, kann sie aber nicht ändern.";
        PageNobody => "(nobody)", "(niemand)";
        PagePlayersPick => "Pick the players from the group's list, in seating order. New players are added on the group page.",
            "Wählt die Mitspieler aus der Liste der Gruppe, in Sitzreihenfolge. Neue Mitspieler kommen auf der Gruppenseite dazu.";
        PageNoHouseRulesPick => "(none)", "(keine)";
        PageUseHouseRules => "Use these house rules", "Diese Hausregeln nehmen";
        PageGroupOfGame => "Group: {name}", "Gruppe: {name}";
        PageHouseRulesOfGame => "House rules: {name}", "Hausregeln: {name}";
        PageAddTo => "Add to a group", "Zu einer Gruppe hinzufügen";
        PageAddToHint => "Pick one of this phone's groups or paste a group's edit link: the game's players join the group's list.",
            "Wählt eine Gruppe dieses Telefons oder fügt den Bearbeiten-Link einer Gruppe ein: die Mitspieler des Spiels kommen in die Liste der Gruppe.";
        PageAddToPick => "Group", "Gruppe";
        PageAddToPaste => "or a group's edit link", "oder Bearbeiten-Link einer Gruppe";
        PageAddToButton => "Add to group", "Zur Gruppe hinzufügen";
        PageAddToNone => "Pick a group or paste a group's edit link.",
            "Wählt eine Gruppe oder fügt den Bearbeiten-Link einer Gruppe ein.";
        PageNoSuchGroup => "There is no group with this link; paste the group's edit link (the one that can add players).",
            "Zu diesem Link gibt es keine Gruppe; fügt den Bearbeiten-Link der Gruppe ein (den, mit dem man Mitspieler hinzufügen kann).";
        CsvDate => "Date", "Datum";
        CsvGame => "Game", "Spiel";
        CsvRules => "Rule set", "Regelwerk";
        CsvRound => "Round", "Runde";
        CsvPlayer => "Player", "Spieler";
        CsvPoints => "Points", "Punkte";
    }
}

/// A name problem of a group's or house rules' name.
pub fn group_name_problem(problem: NameProblem, max: usize, lang: Lang) -> String {
    match problem {
        NameProblem::Empty => GroupMsg::GroupNameEmpty.text(lang).to_string(),
        NameProblem::TooLong => GroupMsg::GroupNameTooLong.fill(lang, &[("max", &max)]),
        NameProblem::HasControl => GroupMsg::GroupNameControl.text(lang).to_string(),
        NameProblem::HasInvisible => GroupMsg::GroupNameInvisible.text(lang).to_string(),
    }
}

/// A name problem of a player's name.
pub fn player_name_problem(name: &str, problem: NameProblem, lang: Lang) -> String {
    let name = name.trim();
    match problem {
        NameProblem::Empty => GroupMsg::PlayerNameEmpty.text(lang).to_string(),
        NameProblem::TooLong => {
            GroupMsg::PlayerNameTooLong.fill(lang, &[("name", &name), ("max", &MAX_NAME_CHARS)])
        }
        NameProblem::HasControl => GroupMsg::PlayerNameControl.fill(lang, &[("name", &name)]),
        NameProblem::HasInvisible => GroupMsg::PlayerNameInvisible.fill(lang, &[("name", &name)]),
    }
}
