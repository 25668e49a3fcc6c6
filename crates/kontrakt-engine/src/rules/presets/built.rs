//! The builders the preset data files were written from, kept for the tests that pin every
//! data file, with every option, to what they build (`data_tests`). Test-only.

use super::super::meld::{AceMode, MeldRules};
use super::super::play::{JokerSwap, Play};
use super::super::ruleset::{
    Buys, DeckRule, OptionError, OptionSpec, OptionValue, Options, PresetInfo, RuleSet, Scheme,
    get_bool, get_text, opt_bool, opt_choice, opt_int, resolve_options,
};
use super::{
    Preset, SAME_SUIT_RUNS, WILDS_PER_MELD, continental, contract, hollywood, progressive, rommee,
    shanghai,
};
use std::collections::BTreeMap;

impl Preset {
    /// The family file that knows this preset.
    fn family(self) -> Family {
        match self {
            Preset::Contract => Family::Contract(contract::Variant::Contract),
            Preset::Liverpool => Family::Contract(contract::Variant::Liverpool),
            Preset::MayI => Family::Contract(contract::Variant::MayI),
            Preset::Shanghai => Family::Shanghai(shanghai::Variant::Shanghai),
            Preset::ShanghaiPowe => Family::Shanghai(shanghai::Variant::Powe),
            Preset::ShanghaiKolsov => Family::Shanghai(shanghai::Variant::Kolsov),
            Preset::Progressive => Family::Progressive,
            Preset::Continental => Family::Continental,
            Preset::Rommee => Family::Rommee,
            Preset::Hollywood => Family::Hollywood,
        }
    }

    /// The identity and fixed facts of the preset, as built.
    pub(super) fn built_info(self) -> PresetInfo {
        match self.family() {
            Family::Contract(v) => contract::info(v),
            Family::Shanghai(v) => shanghai::info(v),
            Family::Progressive => progressive::info(),
            Family::Continental => continental::info(),
            Family::Rommee => rommee::info(),
            Family::Hollywood => hollywood::info(),
        }
    }

    /// The option list as built.
    pub(super) fn built_option_specs(self) -> Vec<OptionSpec> {
        let mut specs = match self.family() {
            Family::Contract(v) => contract::options(v),
            Family::Shanghai(_) => shanghai::options(),
            Family::Progressive => progressive::options(),
            Family::Continental => continental::options(),
            Family::Rommee => rommee::options(),
            Family::Hollywood => hollywood::options(),
        };
        specs.extend(house_meld_options(self));
        specs
    }

    /// The play rules with these options (docs/RULES.md section 4).
    pub(super) fn play(self, o: &Options) -> Play {
        match self.family() {
            Family::Contract(v) => contract::play(v),
            Family::Shanghai(v) => shanghai::play(v, o),
            Family::Progressive => progressive::play(),
            Family::Continental => continental::play(),
            Family::Rommee => rommee::play(o),
            Family::Hollywood => hollywood::play(o),
        }
    }

    /// Fills in what the preset decides: rounds, meld rules, decks, penalties, money.
    fn build(self, rs: &mut RuleSet, o: &Options, scheme: Option<Scheme>) {
        match self.family() {
            Family::Contract(v) => contract::build(v, rs, o),
            Family::Shanghai(v) => shanghai::build(v, rs, o),
            Family::Progressive => progressive::build(rs),
            Family::Continental => continental::build(rs, o),
            Family::Rommee => rommee::build(rs, o, scheme),
            Family::Hollywood => hollywood::build(rs, o),
        }
    }
}

/// The family files; a family with several presets names its variant.
#[derive(Debug, Clone, Copy)]
enum Family {
    Contract(contract::Variant),
    Shanghai(shanghai::Variant),
    Progressive,
    Continental,
    Rommee,
    Hollywood,
}

/// A preset with options as the builders make it: what the data files were written from
/// and are pinned to.
pub(super) fn built(
    preset: Preset,
    given: &BTreeMap<String, OptionValue>,
) -> Result<RuleSet, OptionError> {
    let info = preset.built_info();
    let o = resolve_options(preset.id(), &preset.built_option_specs(), given)?;
    let ace = AceMode::from_id(get_text(&o, "ace")).unwrap_or(AceMode::LowOrHigh);
    let scheme = Scheme::from_id(get_text(&o, "settlement"));
    let mut rs = RuleSet {
        info,
        preset,
        meld: MeldRules {
            ace,
            jokers: true,
            ..MeldRules::default()
        },
        rounds: Vec::new(),
        penalty: None,
        cut_bonus: None,
        going_out_bonus: None,
        first_down_bonus: None,
        opening_points: None,
        hand_rommee: false,
        go_out_left_max: 0,
        no_winner_allowed: true,
        rounds_per_player: false,
        scheme: scheme.unwrap_or(Scheme::LowestCollects),
        schemes: vec![Scheme::LowestCollects, Scheme::Pairwise],
        higher_is_better: false,
        shanghai_calls: false,
        wild_twos_score_as_jokers: false,
        play: preset.play(&o),
        deck_rule: DeckRule::TwoPlusPlayersMinusOne,
        options: BTreeMap::new(),
    };
    preset.build(&mut rs, &o, scheme);
    apply_house_meld_options(&mut rs, &o);
    min_lengths_from_contracts(&mut rs);
    rs.options = o;
    Ok(rs)
}

/// The house-rule meld options of a preset, each defaulting to what the preset
/// has always done: `same_suit_runs` where a contract asks for two runs or more and the
/// preset does not fix it in the contract's words (not Hollywood, whose contracts say
/// "in different suits"; not Rommé, without contracts), `wilds_per_meld` everywhere, and
/// `all_wild_melds` where wild cards are not limited by default (an all-wild meld breaks
/// Shanghai's one wild per meld and Rommé's two naturals anyway).
fn house_meld_options(p: Preset) -> Vec<OptionSpec> {
    use Preset as P;
    let (runs, wilds, all_wild) = match p {
        P::Contract | P::Liverpool => (Some("not-touching"), "any", Some(false)),
        P::MayI => (Some("any"), "any", Some(false)),
        P::Shanghai | P::ShanghaiKolsov => (Some("not-touching"), "one", None),
        P::ShanghaiPowe => (Some("never"), "one", None),
        P::Progressive => (Some("any"), "any", Some(true)),
        P::Continental => (Some("any"), "any", Some(false)),
        P::Rommee => (None, "two-naturals", None),
        P::Hollywood => (None, "any", Some(false)),
    };
    let mut out = Vec::new();
    if let Some(runs) = runs {
        out.push(opt_choice("same_suit_runs", &SAME_SUIT_RUNS, runs));
    }
    out.push(opt_choice("wilds_per_meld", &WILDS_PER_MELD, wilds));
    if let Some(all_wild) = all_wild {
        out.push(opt_bool("all_wild_melds", all_wild));
    }
    out
}

/// Applies the house-rule meld options ([`house_meld_options`]). `same_suit_runs` governs
/// the rounds whose contract asks for two runs or more, and those the preset restricts
/// anyway (the Shanghai family: every round): `any` lifts the restrictions, `not-touching`
/// forbids runs joining end to end, `gap-2` asks for two ranks between runs that do not
/// overlap, `never` gives every run its own suit.
fn apply_house_meld_options(rs: &mut RuleSet, o: &Options) {
    use super::super::meld::{MeldKind, WildShare};
    if o.contains_key("same_suit_runs") {
        let value = get_text(o, "same_suit_runs").to_owned();
        for round in &mut rs.rounds {
            let runs = round.contract.as_ref().map_or(0, |c| {
                c.alternatives
                    .iter()
                    .map(|a| a.iter().filter(|r| r.kind == MeldKind::Run).count())
                    .max()
                    .unwrap_or(0)
            });
            let flagged = round.no_contiguous_runs || round.runs_different_suits;
            if runs < 2 && !flagged {
                continue;
            }
            match value.as_str() {
                "any" => {
                    round.no_contiguous_runs = false;
                    round.runs_apart = 0;
                    round.runs_different_suits = false;
                }
                "not-touching" => {
                    round.no_contiguous_runs = true;
                    round.runs_apart = 0;
                    round.runs_different_suits = false;
                }
                "gap-2" => {
                    round.no_contiguous_runs = true;
                    round.runs_apart = 2;
                    round.runs_different_suits = false;
                }
                _ => round.runs_different_suits = true,
            }
        }
    }
    if o.contains_key("wilds_per_meld") {
        let all_wild = get_bool(o, "all_wild_melds");
        let m = &mut rs.meld;
        (m.max_wilds, m.min_naturals, m.wild_share) = match get_text(o, "wilds_per_meld") {
            "one" => (Some(1), 1, None),
            "two-naturals" => (None, 2, None),
            "half" => (None, 1, Some(WildShare::Half)),
            "third" => (None, 1, Some(WildShare::Third)),
            _ => (None, u8::from(!all_wild), None),
        };
    }
}

/// The shortest set and run a rule set's meld rules accept: the shortest its contracts ask
/// for (docs/RULES.md section 4: sets of 3 everywhere, runs of 4 in the contract family,
/// runs of 3 in Progressive's round 12 and Continental); without contracts (Rommé) the
/// defaults of [`MeldRules`], sets of 3 and runs of 3 (seed 002).
fn min_lengths_from_contracts(rs: &mut RuleSet) {
    use super::super::meld::MeldKind;
    let shortest = |kind: MeldKind| {
        rs.rounds
            .iter()
            .filter_map(|r| r.contract.as_ref())
            .flat_map(|c| c.alternatives.iter().flatten())
            .filter(|req| req.kind == kind)
            .map(|req| req.min)
            .min()
    };
    if let Some(min) = shortest(MeldKind::Set) {
        rs.meld.set_min = min;
    }
    if let Some(min) = shortest(MeldKind::Run) {
        rs.meld.run_min = min;
    }
}

/// Buying as in Contract Rummy's "May I?": every round, no count limit, `extra` stock cards.
pub(super) fn may_i(extra: u8) -> impl Fn(u8) -> Buys {
    move |_| Buys {
        allowed: true,
        limit: None,
        extra_cards: extra,
    }
}

/// The seven contracts of Contract Rummy, which Shanghai starts from too.
pub(super) const CONTRACT_SEVEN: [&str; 7] =
    ["2s3", "1s3 1r4", "2r4", "3s3", "2s3 1r4", "1s3 2r4", "3r4"];

/// Every round number a preset may have.
pub(super) const ALL_ROUNDS: [u8; 15] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

const ACES: [&str; 3] = ["low-or-high", "high-only", "wrap"];

pub(super) fn ace_option(default: AceMode) -> OptionSpec {
    opt_choice("ace", &ACES, default.id())
}

pub(super) fn jokers_option() -> OptionSpec {
    opt_bool("jokers", true)
}

pub(super) fn joker_points_option(default: i64) -> OptionSpec {
    opt_int("joker_points", 0, 500, default)
}

/// The option `joker_swap` (Hollywood and the Shanghai family): whether a joker on the table
/// may be taken back by putting in the card it stands for, from `any` meld, from runs only
/// (`runs-only`, jokers in sets stay dead) or never (`none`).
pub(super) fn joker_swap_option(default: &str) -> OptionSpec {
    opt_choice("joker_swap", &["any", "runs-only", "none"], default)
}

/// The joker swap the option [`joker_swap_option`] chose.
pub(super) fn joker_swap_of(o: &Options) -> JokerSwap {
    match get_text(o, "joker_swap") {
        "runs-only" => JokerSwap::RunsOnly,
        "none" => JokerSwap::Never,
        _ => JokerSwap::Any,
    }
}

pub(super) fn settlement_option(values: &[&str], default: &str) -> OptionSpec {
    opt_choice("settlement", values, default)
}

pub(super) fn exact_minimum_option(default: bool) -> OptionSpec {
    opt_bool("exact_minimum", default)
}

/// The preset facts, in the order of [`PresetInfo`]'s fields.
pub(super) fn info_row(
    id: &'static str,
    name: &'static str,
    source: &'static str,
    min_players: u8,
    max_players: u8,
) -> PresetInfo {
    PresetInfo {
        id,
        name,
        source,
        min_players,
        max_players,
    }
}
