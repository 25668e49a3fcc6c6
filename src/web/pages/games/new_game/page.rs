//! The new-game page ([`NewGamePage`]): the rule sets to choose from, the chosen one's
//! options, a field per seat, the first dealer, the money and the settlement scheme, each
//! with its problem, built from the form as typed ([`build`]). A group's form adds its
//! players and house rules ([`GroupChoices`]).
//!
//! A piece of the new-game page: the form and its problems from `setup`; the rule sets'
//! facts from `rules`, their words from `text`; no SQL, nothing from `cli`.

use askama::Template;

use super::setup::{MAX_SEATS, PageErrors, SetupForm};
use crate::rules::game::{MAX_CURRENCY_CHARS, MAX_NAME_CHARS};
use crate::rules::presets::Preset;
use crate::rules::presets::{PRESET_IDS, option_specs, preset_info};
use crate::rules::ruleset::{OptionSpec, RuleSet, Scheme};
use crate::text::rules::{preset_description, preset_name, preset_source};
use crate::web::IdempotencyKey;
use crate::web::i18n::{Lang, Msg, PageCtx};
use crate::web::rule_options::{OptionField, option_text};

/// An `<option>` of a select, or a radio button.
pub(in crate::web::pages) struct Choice {
    pub(in crate::web::pages) value: String,
    pub(in crate::web::pages) label: String,
    pub(in crate::web::pages) selected: bool,
}

/// What the form of a group's new game adds: the seats are picked from the
/// group's players, and saved house rules can be picked.
pub(in crate::web::pages) struct GroupChoices {
    /// The group's players new games may seat, by name.
    pub(in crate::web::pages) players: Vec<String>,
    /// The group's house rules (a first choice: none).
    pub(in crate::web::pages) house_rules: Vec<Choice>,
    /// The group's name and page.
    pub(in crate::web::pages) name: String,
    pub(in crate::web::pages) url: String,
}

/// A rule set to choose, with what a table needs to know to pick it.
struct RuleChoice {
    id: &'static str,
    name: &'static str,
    description: &'static str,
    players: String,
    source: String,
    checked: bool,
}

/// A settlement scheme to choose.
struct SchemeChoice {
    id: &'static str,
    name: &'static str,
    description: &'static str,
    checked: bool,
}

/// One player field.
struct Seat {
    n: usize,
    value: String,
    invalid: bool,
}

#[derive(Template)]
#[template(path = "new_game.html")]
pub(in crate::web::pages) struct NewGamePage {
    ctx: PageCtx,
    /// Where the form posts (`/games`, or a group's `/groups/{id}/games`).
    action: String,
    /// Where "Choose" shows the form again.
    choose_action: String,
    /// A group's form: its players and house rules.
    pub(in crate::web::pages) group: Option<GroupChoices>,
    /// The idempotency key of this form (kept when the form comes back with errors).
    key: String,
    errors: PageErrors,
    /// The rule set whose options are shown.
    shown: &'static str,
    rule_choices: Vec<RuleChoice>,
    /// The House rules editor, starting from the rule set shown (and the group's, in a
    /// group).
    pub(in crate::web::pages) own_rules: String,
    options: Vec<OptionField>,
    players_hint: String,
    seats: Vec<Seat>,
    dealer_choices: Vec<Choice>,
    /// The value of a point or unit is asked (not for settlement by places).
    show_cents: bool,
    cents_label: &'static str,
    cents: String,
    /// The rules chosen count money on another scale than the stake on the form: it is asked
    /// again, empty.
    restake: bool,
    /// Points per cent are asked (settlement by points).
    show_points_per_cent: bool,
    points_per_cent: String,
    currency: String,
    schemes: Vec<SchemeChoice>,
    max_name: usize,
    max_currency: usize,
}

impl NewGamePage {
    /// A group word in the page's language.
    fn gm(&self, msg: crate::text::groups::GroupMsg) -> &'static str {
        msg.text(self.ctx.lang)
    }

    /// The sentences of a field, if any.
    fn error(&self, field: &str) -> Option<&str> {
        self.errors.fields.get(field).map(String::as_str)
    }

    /// Something is wrong with what was typed (not only other rules chosen without
    /// JavaScript, whose options the form shows at their place to look at first).
    fn has_wrong_fields(&self) -> bool {
        !self.errors.fields.is_empty() || !self.errors.options.is_empty()
    }

    /// The notice above the form, counting the marked fields: every field with a sentence,
    /// every option with one, and the name fields marked (the players' sentence marks them).
    fn errors_notice(&self) -> String {
        let e = &self.errors;
        let mut seats = e.seats.clone();
        seats.sort_unstable();
        seats.dedup();
        let players = if e.fields.contains_key("players") {
            seats.len().max(1)
        } else {
            0
        };
        let others = e.fields.keys().filter(|&&f| f != "players").count();
        Msg::form_notice(others + e.options.len() + players, self.ctx.lang)
    }
}

/// The page for a form that posts to `action` (its key is issued for it).
pub(in crate::web::pages) fn build(
    ctx: PageCtx,
    form: &SetupForm,
    errors: PageErrors,
    action: &str,
) -> NewGamePage {
    let rs = form.rule_set();
    // The options and the scheme typed belong to the rule set shown; another rule set starts
    // from its own defaults.
    let keep = form.options_current(&rs);
    // A stake typed for rules that count money on another scale (per point, per unit, by
    // places) means something else here: ask for it again instead of carrying it over.
    let restake = !keep
        && RuleSet::preset(form.shown.trim())
            .is_ok_and(|shown| money_scale(shown.scheme) != money_scale(rs.scheme));
    let (min, max) = (rs.info.min_players, rs.info.max_players);
    let seats = seats(form, &rs, &errors);
    let or_default = |text: &str, default: &str| {
        if text.is_empty() {
            default.to_owned()
        } else {
            text.to_owned()
        }
    };
    NewGamePage {
        key: carried_key(&ctx, form, action),
        action: action.to_owned(),
        choose_action: format!("{action}/new"),
        group: None,
        players_hint: ctx.f(Msg::NewPlayersHint, &[("min", &min), ("max", &max)]),
        show_cents: rs.scheme != Scheme::Places,
        cents_label: ctx.t(if rs.scheme == Scheme::Units {
            Msg::NewCentsUnit
        } else {
            Msg::NewCentsPoint
        }),
        cents: if restake {
            String::new()
        } else {
            or_default(&form.cents, "1")
        },
        restake,
        show_points_per_cent: matches!(rs.scheme, Scheme::LowestCollects | Scheme::Pairwise),
        points_per_cent: if restake {
            "1".to_owned()
        } else {
            or_default(&form.points_per_cent, "1")
        },
        currency: or_default(&form.currency, crate::rules::game::DEFAULT_CURRENCY),
        rule_choices: rule_choices(&ctx, &rs),
        own_rules: format!(
            "/rules/new?from={}",
            crate::web::i18n::percent_encode(rs.id())
        ),
        options: option_fields(&ctx, &rs, form, keep, &errors),
        dealer_choices: dealer_choices(&ctx, form, &seats),
        schemes: scheme_choices(ctx.lang, &rs, form, keep),
        ctx,
        errors,
        shown: rs.id(),
        seats,
        max_name: MAX_NAME_CHARS,
        max_currency: MAX_CURRENCY_CHARS,
    }
}

/// What a stake is counted in under a scheme: points (lowest collects, pairwise), units, or
/// final places (no stake asked).
fn money_scale(scheme: Scheme) -> u8 {
    match scheme {
        Scheme::LowestCollects | Scheme::Pairwise => 0,
        Scheme::Units => 1,
        Scheme::Places => 2,
    }
}

/// A fresh key for a fresh form; the same one when the form comes back with errors (if this
/// server issued it for this form).
fn carried_key(ctx: &PageCtx, form: &SetupForm, action: &str) -> String {
    match IdempotencyKey::parse(&form.key) {
        Ok(Some(key))
            if ctx
                .form_keys
                .as_ref()
                .is_some_and(|keys| keys.verify(action, key.as_str())) =>
        {
            key.to_string()
        }
        _ => ctx.form_key(action),
    }
}

/// Every rule set, with what a table needs to know to pick it; `rs` is checked. A table's own
/// rule set the form names comes first.
fn rule_choices(ctx: &PageCtx, rs: &RuleSet) -> Vec<RuleChoice> {
    let lang = ctx.lang;
    let own = Preset::from_id(rs.id()).is_none().then_some(rs.info);
    own.into_iter()
        .chain(PRESET_IDS.iter().filter_map(|id| preset_info(id)))
        .map(|info| RuleChoice {
            id: info.id,
            name: preset_name(&info, lang),
            description: preset_description(&info, lang),
            players: ctx.f(
                Msg::PlayersRange,
                &[("min", &info.min_players), ("max", &info.max_players)],
            ),
            source: ctx.f(Msg::NewSource, &[("source", &preset_source(&info, lang))]),
            checked: info.id == rs.id(),
        })
        .collect()
}

/// The options of `rs` but the settlement (asked on its own), as typed when the form showed
/// this rule set (`keep`), else their defaults.
fn option_fields(
    ctx: &PageCtx,
    rs: &RuleSet,
    form: &SetupForm,
    keep: bool,
    errors: &PageErrors,
) -> Vec<OptionField> {
    option_specs(rs.id())
        .unwrap_or_default()
        .into_iter()
        .filter(|spec| spec.name != "settlement")
        .map(|spec| {
            option_field(
                ctx,
                rs.preset,
                &spec,
                keep.then(|| form.options.get(spec.name)),
                errors,
            )
        })
        .collect()
}

/// A name field per seat: as many as the form sent, at least the rule set's most players.
fn seats(form: &SetupForm, rs: &RuleSet, errors: &PageErrors) -> Vec<Seat> {
    let seat_count = form
        .players
        .len()
        .max(usize::from(rs.info.max_players))
        .min(MAX_SEATS);
    (0..seat_count)
        .map(|i| Seat {
            n: i + 1,
            value: form.players.get(i).cloned().unwrap_or_default(),
            invalid: errors.seats.contains(&i),
        })
        .collect()
}

/// The first dealer: drawn by lot, or a seat, named as typed (or "Player 3" while blank).
fn dealer_choices(ctx: &PageCtx, form: &SetupForm, seats: &[Seat]) -> Vec<Choice> {
    let dealer = form.first_dealer.trim();
    let mut choices = vec![Choice {
        value: "random".to_owned(),
        label: ctx.t(Msg::NewDealerRandom).to_owned(),
        selected: dealer.is_empty() || dealer == "random",
    }];
    choices.extend(seats.iter().map(|seat| {
        let name = seat.value.trim();
        Choice {
            value: seat.n.to_string(),
            label: if name.is_empty() {
                ctx.f(Msg::NewPlayerN, &[("n", &seat.n)])
            } else {
                name.to_owned()
            },
            selected: dealer == seat.n.to_string(),
        }
    }));
    choices
}

/// The settlement schemes `rs` offers, where it offers more than one; the one typed is
/// checked if it belongs to the rule set shown (`keep`), else the rule set's default.
fn scheme_choices(lang: Lang, rs: &RuleSet, form: &SetupForm, keep: bool) -> Vec<SchemeChoice> {
    let offered = &rs.schemes;
    if offered.len() <= 1 {
        return Vec::new();
    }
    let chosen = form.settlement.trim();
    let chosen = if keep && offered.iter().any(|s| s.id() == chosen) {
        chosen
    } else {
        rs.scheme.id()
    };
    offered
        .iter()
        .map(|&s| {
            let (name, description) = scheme_words(s);
            SchemeChoice {
                id: s.id(),
                name: name.text(lang),
                description: description.text(lang),
                checked: s.id() == chosen,
            }
        })
        .collect()
}

/// A scheme's name and one-line description.
fn scheme_words(scheme: Scheme) -> (Msg, Msg) {
    match scheme {
        Scheme::LowestCollects => (Msg::SchemeLowestCollects, Msg::SchemeLowestCollectsHint),
        Scheme::Pairwise => (Msg::SchemePairwise, Msg::SchemePairwiseHint),
        Scheme::Places => (Msg::SchemePlaces, Msg::SchemePlacesHint),
        Scheme::Units => (Msg::SchemeUnits, Msg::SchemeUnitsHint),
    }
}

/// One option as a form field: the typed text when the form showed this rule set
/// (`typed` is `Some`; a missing checkbox is off), else the default.
fn option_field(
    ctx: &PageCtx,
    preset: Preset,
    spec: &OptionSpec,
    typed: Option<Option<&String>>,
    errors: &PageErrors,
) -> OptionField {
    let text = match typed {
        Some(t) => t.cloned().unwrap_or_default(),
        None => option_text(&spec.default),
    };
    OptionField {
        error: errors.options.get(spec.name).cloned(),
        ..OptionField::new(ctx, preset, spec, text, &spec.default)
    }
}
