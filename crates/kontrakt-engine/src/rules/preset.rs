//! Which rule set a game plays: the [`Preset`] enum and its ids, nothing else. A leaf:
//! `ruleset` types a rule set's field with it and `presets` gives each preset its knowledge,
//! so neither has to import the other.

use serde::Serialize;

/// A preset of docs/RULES.md section 4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(into = "&'static str")]
pub enum Preset {
    Contract,
    Liverpool,
    MayI,
    Shanghai,
    ShanghaiPowe,
    ShanghaiKolsov,
    Progressive,
    Continental,
    Rommee,
    Hollywood,
}

impl From<Preset> for &'static str {
    fn from(p: Preset) -> Self {
        p.id()
    }
}

impl Preset {
    /// Every preset, in display order.
    pub const ALL: [Preset; 10] = [
        Preset::Contract,
        Preset::Liverpool,
        Preset::MayI,
        Preset::Shanghai,
        Preset::ShanghaiPowe,
        Preset::ShanghaiKolsov,
        Preset::Progressive,
        Preset::Continental,
        Preset::Rommee,
        Preset::Hollywood,
    ];

    /// The id used in URLs, forms, the API and stored games.
    pub const fn id(self) -> &'static str {
        match self {
            Preset::Contract => "contract",
            Preset::Liverpool => "liverpool",
            Preset::MayI => "may-i",
            Preset::Shanghai => "shanghai",
            Preset::ShanghaiPowe => "shanghai-powe",
            Preset::ShanghaiKolsov => "shanghai-kolsov",
            Preset::Progressive => "progressive",
            Preset::Continental => "continental",
            Preset::Rommee => "rommee",
            Preset::Hollywood => "hollywood",
        }
    }

    /// The preset with this id (exact, no trimming).
    pub fn from_id(id: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.id() == id)
    }
}
