//! Setting up a game: `GET /games/new` shows the form (`?rules=liverpool` preselects a rule
//! set; any field of the form may be in the query, so "Choose" re-renders it with everything
//! typed kept), `POST /games` creates the game and redirects to its page (303), or comes back
//! with status 422, every problem next to its field and nothing typed lost.
//!
//! The form is read as a list of name/value pairs: `rules`, `shown` (the rule set whose options
//! the page showed), `opt.<name>` per option, `player` once per seat in seating order (blanks
//! ignored), `first_dealer` (`random` or a seat number), `cents`, `points_per_cent`,
//! `currency` and `settlement`. `rules::game` parses it into a [`GameSetup`].
//!
//! A page of `web::pages`: games through `store`; no SQL, no scoring, nothing from `cli`.

use std::collections::BTreeMap;

use askama::Template;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use rand::Rng as _;

use crate::db::games::Keyed;
use crate::rules::game::{
    Field, FieldErrors, GameError, GameSetup, MAX_CURRENCY_CHARS, MAX_NAME_CHARS, RawNumber,
    RawSetup,
};
use crate::rules::names::name_key;
use crate::rules::presets::Preset;
use crate::rules::presets::{PRESET_IDS, option_specs, preset_info};
use crate::rules::ruleset::{OptionError, OptionSpec, RuleSet, Scheme};
use crate::store;
use crate::text::rules::{preset_description, preset_name};
use crate::web::cookies::CookieJar;
use crate::web::game_creation::create_game;
use crate::web::i18n::{Lang, Msg, PageCtx};
use crate::web::idempotency::{canonical_form, request_hash};
use crate::web::links::GameLinks;
use crate::web::page::render_status;
use crate::web::rule_options::{OPTION_PREFIX, OptionField, option_text, options_from_form};
use crate::web::{AppError, AppState, Form, IdempotencyKey, recent};

/// The rule set the form starts with.
const DEFAULT_RULES: &str = "contract";
/// Most player fields a form shows (a sanity bound for a tampered form).
const MAX_SEATS: usize = 64;

/// The set-up form as typed: every field text, so a form never fails to parse and comes back
/// exactly as it was sent.
#[derive(Clone, Debug, Default)]
pub(in crate::web::pages) struct SetupForm {
    pub(in crate::web::pages) rules: String,
    /// The rule set whose options the page showed: the options belong to it.
    pub(in crate::web::pages) shown: String,
    /// Option name (without [`OPTION_PREFIX`]) → text.
    pub(in crate::web::pages) options: BTreeMap<String, String>,
    /// One entry per seat, blanks included.
    pub(in crate::web::pages) players: Vec<String>,
    pub(in crate::web::pages) first_dealer: String,
    pub(in crate::web::pages) cents: String,
    pub(in crate::web::pages) points_per_cent: String,
    pub(in crate::web::pages) currency: String,
    pub(in crate::web::pages) settlement: String,
    /// The form's idempotency key: the same key never creates a second game.
    pub(in crate::web::pages) key: String,
    /// A group's form: the name of the house rules picked.
    pub(in crate::web::pages) house_rules: String,
    /// A group's form: "use these house rules" was pressed.
    pub(in crate::web::pages) use_house_rules: bool,
}

/// Where the new-game form posts: what its keys are issued for.
const NEW_GAME_ACTION: &str = "/games";

impl SetupForm {
    pub(in crate::web::pages) fn from_pairs(pairs: Vec<(String, String)>) -> SetupForm {
        let mut form = SetupForm::default();
        for (name, value) in pairs {
            match name.as_str() {
                "rules" => form.rules = value,
                "shown" => form.shown = value,
                "key" => form.key = value,
                "player" if form.players.len() < MAX_SEATS => form.players.push(value),
                "first_dealer" => form.first_dealer = value,
                "cents" => form.cents = value,
                "points_per_cent" => form.points_per_cent = value,
                "currency" => form.currency = value,
                "settlement" => form.settlement = value,
                "house_rules" => form.house_rules = value,
                "use" => form.use_house_rules = value == "house_rules",
                other => {
                    if let Some(option) = other.strip_prefix(OPTION_PREFIX) {
                        form.options.insert(option.to_owned(), value);
                    }
                }
            }
        }
        form
    }

    /// The rule set the form is about: the one chosen if it exists, else the default.
    fn rule_set(&self) -> RuleSet {
        RuleSet::preset(self.rules.trim())
            .or_else(|_| RuleSet::preset(DEFAULT_RULES))
            .expect("the default rule set exists")
    }

    /// The options on the form belong to the rule set chosen.
    fn options_current(&self, rs: &RuleSet) -> bool {
        self.shown.trim() == rs.id()
    }

    /// Seat (from 0) of each non-blank name, in order.
    fn named_seats(&self) -> Vec<usize> {
        (0..self.players.len())
            .filter(|&i| !self.players[i].trim().is_empty())
            .collect()
    }
}

/// Problems to show, by field of the form, in the page's language.
#[derive(Debug, Default)]
pub(in crate::web::pages) struct PageErrors {
    /// `rules`, `options`, `players`, `first_dealer`, `cents`, `points_per_cent`,
    /// `currency`, `settlement` → sentences.
    fields: BTreeMap<&'static str, String>,
    /// Option name → sentences.
    options: BTreeMap<String, String>,
    /// Seats (from 0) whose name is wrong.
    seats: Vec<usize>,
    /// The rule set changed since its options were shown: show them before creating.
    stale_options: bool,
}

impl PageErrors {
    fn is_empty(&self) -> bool {
        self.fields.is_empty() && self.options.is_empty() && !self.stale_options
    }

    pub(in crate::web::pages) fn add(&mut self, field: &'static str, sentence: String) {
        self.fields
            .entry(field)
            .and_modify(|s| {
                s.push(' ');
                s.push_str(&sentence);
            })
            .or_insert(sentence);
    }

    /// Takes in the rules engine's errors. The engine numbers the named players only; seat
    /// numbers are turned back into the form's seats (blanks included), so sentences name
    /// the seat as the form shows it and the right fields are marked.
    pub(in crate::web::pages) fn absorb(
        &mut self,
        errors: &FieldErrors,
        form: &SetupForm,
        lang: Lang,
    ) {
        let seats = form.named_seats();
        let seat_of = |seat: usize| seats.get(seat.wrapping_sub(1)).copied();
        for e in errors.iter() {
            let mut error = e.error.clone();
            match (&e.field, &mut error) {
                (
                    Field::Players,
                    GameError::EmptyName { seat }
                    | GameError::NameTooLong { seat }
                    | GameError::NameHasControl { seat }
                    | GameError::NameHasInvisible { seat },
                ) => {
                    if let Some(at) = seat_of(*seat) {
                        self.seats.push(at);
                        *seat = at + 1;
                    }
                }
                (Field::Players, GameError::DuplicateName { name }) => {
                    let key = name_key(name);
                    self.seats.extend(
                        (0..form.players.len()).filter(|&i| name_key(&form.players[i]) == key),
                    );
                }
                _ => {}
            }
            let sentence = error.message(lang);
            let option = match &error {
                GameError::BadOptionText(e) => Some(e.name.to_string()),
                GameError::Options(OptionError::BadValue { name, .. }) => Some(name.clone()),
                _ => None,
            };
            let field = match &e.field {
                Field::Rules => "rules",
                Field::Options => match option {
                    Some(name) => {
                        self.options
                            .entry(name)
                            .and_modify(|s| {
                                s.push(' ');
                                s.push_str(&sentence);
                            })
                            .or_insert(sentence);
                        continue;
                    }
                    None => "options",
                },
                Field::Players => "players",
                Field::FirstDealer => "first_dealer",
                Field::CentsPerPoint | Field::CentsPerUnit => "cents",
                Field::PointsPerCent => "points_per_cent",
                Field::Currency => "currency",
                Field::Settlement => "settlement",
                _ => "options",
            };
            self.add(field, sentence);
        }
    }
}

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
    options: Vec<OptionField>,
    players_hint: String,
    seats: Vec<Seat>,
    dealer_choices: Vec<Choice>,
    /// The value of a point or unit is asked (not for settlement by places).
    show_cents: bool,
    cents_label: &'static str,
    cents: String,
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

    fn has_errors(&self) -> bool {
        !self.errors.is_empty()
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

/// `GET /games/new`: the form, filled from the query string; nothing is checked.
pub(super) async fn show(
    ctx: PageCtx,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Response, AppError> {
    let form = query
        .map(|Query(pairs)| SetupForm::from_pairs(pairs))
        .unwrap_or_default();
    render_status(
        StatusCode::OK,
        &build(ctx, &form, PageErrors::default(), NEW_GAME_ACTION),
    )
}

/// `POST /games`: creates the game, remembers it in the recent list and goes to its page;
/// or 422 with the form as typed and every problem next to its field.
pub(super) async fn create(
    State(state): State<AppState>,
    mut ctx: PageCtx,
    jar: CookieJar,
    Form(pairs): Form<Vec<(String, String)>>,
) -> Result<Response, AppError> {
    ctx.here = "/games/new".to_owned();
    let request = request_hash("POST /games", &canonical_form(&pairs));
    let form = SetupForm::from_pairs(pairs);
    // A key the form cannot have sent is a damaged form, like on the round forms; one this
    // server did not issue for this form is a stale (or forged) one.
    let key = state.form_keys.check(NEW_GAME_ACTION, &form.key)?;
    let setup = match parse(&form, ctx.lang) {
        Ok(setup) => setup,
        Err(errors) => {
            let page = build(ctx, &form, errors, NEW_GAME_ACTION);
            return render_status(StatusCode::UNPROCESSABLE_ENTITY, &page);
        }
    };
    let game = store::new_game(&setup)?;
    let key = key.map(|key| key.stored());
    let keyed = key.as_deref().map(|key| Keyed {
        key,
        request: &request,
    });
    let ids = create_game(&state.db, &game, keyed).await?;
    let url = GameLinks::new(&ids.id).page();
    let jar = recent::remember(
        jar,
        &url,
        &crate::web::pages::labels::setup_title(&setup, ctx.lang),
    );
    Ok((jar, Redirect::to(&url)).into_response())
}

/// The set-up the form describes, or what is wrong with it.
pub(in crate::web::pages) fn parse(form: &SetupForm, lang: Lang) -> Result<GameSetup, PageErrors> {
    let mut errors = PageErrors::default();
    let id = form.rules.trim();
    let rs = match RuleSet::preset(id) {
        Ok(rs) => rs,
        Err(_) => {
            errors.add("rules", Msg::ErrUnknownRules.text(lang).to_owned());
            return Err(errors);
        }
    };
    if !form.options_current(&rs) {
        // The options on the form are another rule set's: show this one's first.
        errors.stale_options = true;
        return Err(errors);
    }
    let options = match options_from_form(id, &form.options) {
        Ok(options) => options,
        Err(e) => {
            errors.absorb(&e, form, lang);
            BTreeMap::new()
        }
    };
    let names: Vec<String> = form
        .named_seats()
        .into_iter()
        .map(|i| form.players[i].trim().to_owned())
        .collect();
    let first_dealer = match form.first_dealer.trim() {
        "" | "random" => {
            (!names.is_empty()).then(|| names[rand::rng().random_range(0..names.len())].clone())
        }
        seat => {
            let name = seat
                .parse::<usize>()
                .ok()
                .and_then(|n| form.players.get(n.checked_sub(1)?))
                .map(|name| name.trim())
                .filter(|name| !name.is_empty());
            if name.is_none() {
                errors.add(
                    "first_dealer",
                    crate::web::pages::labels::fill(Msg::NewDealerSeatEmpty, lang, &[("n", &seat)]),
                );
            }
            name.map(str::to_owned)
        }
    };
    let cents = Some(RawNumber::Text(form.cents.clone()));
    let units = rs.scheme == Scheme::Units;
    let raw = RawSetup {
        rules: id.to_owned(),
        options,
        players: names,
        first_dealer,
        cents_per_point: if units { None } else { cents.clone() },
        cents_per_unit: if units { cents } else { None },
        points_per_cent: Some(RawNumber::Text(form.points_per_cent.clone())),
        currency: Some(form.currency.clone()),
        settlement: Some(form.settlement.clone()).filter(|s| !s.trim().is_empty()),
    };
    match GameSetup::try_from(raw) {
        Ok(setup) if errors.is_empty() => Ok(setup),
        Ok(_) => Err(errors),
        Err(e) => {
            errors.absorb(&e, form, lang);
            Err(errors)
        }
    }
}

/// The page for a form that posts to `action` (its key is issued for it).
pub(in crate::web::pages) fn build(
    ctx: PageCtx,
    form: &SetupForm,
    errors: PageErrors,
    action: &str,
) -> NewGamePage {
    let lang = ctx.lang;
    let rs = form.rule_set();
    let keep = form.options_current(&rs);
    let rule_choices = PRESET_IDS
        .iter()
        .filter_map(|id| preset_info(id))
        .map(|info| RuleChoice {
            id: info.id,
            name: preset_name(&info, lang),
            description: preset_description(&info, lang),
            players: ctx.f(
                Msg::PlayersRange,
                &[("min", &info.min_players), ("max", &info.max_players)],
            ),
            source: ctx.f(Msg::NewSource, &[("source", &info.source)]),
            checked: info.id == rs.id(),
        })
        .collect();
    let options = option_specs(rs.id())
        .unwrap_or_default()
        .into_iter()
        .filter(|spec| spec.name != "settlement")
        .map(|spec| {
            option_field(
                &ctx,
                rs.preset,
                &spec,
                keep.then(|| form.options.get(spec.name)),
                &errors,
            )
        })
        .collect();

    let (min, max) = (rs.info.min_players, rs.info.max_players);
    let seat_count = form.players.len().max(usize::from(max)).min(MAX_SEATS);
    let seats: Vec<Seat> = (0..seat_count)
        .map(|i| Seat {
            n: i + 1,
            value: form.players.get(i).cloned().unwrap_or_default(),
            invalid: errors.seats.contains(&i),
        })
        .collect();
    let dealer = form.first_dealer.trim();
    let mut dealer_choices = vec![Choice {
        value: "random".to_owned(),
        label: ctx.t(Msg::NewDealerRandom).to_owned(),
        selected: dealer.is_empty() || dealer == "random",
    }];
    dealer_choices.extend(seats.iter().map(|seat| {
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

    // Like the options, the scheme chosen belongs to the rule set shown; another rule set
    // starts from its own default.
    let offered = &rs.schemes;
    let chosen = form.settlement.trim();
    let chosen = if keep && offered.iter().any(|s| s.id() == chosen) {
        chosen
    } else {
        rs.scheme.id()
    };
    let schemes = if offered.len() > 1 {
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
    } else {
        Vec::new()
    };
    let or_default = |text: &str, default: &str| {
        if text.is_empty() {
            default.to_owned()
        } else {
            text.to_owned()
        }
    };
    NewGamePage {
        // A fresh key for a fresh form; the same one when the form comes back with errors
        // (if this server issued it for this form).
        key: match IdempotencyKey::parse(&form.key) {
            Ok(Some(key))
                if ctx
                    .form_keys
                    .as_ref()
                    .is_some_and(|keys| keys.verify(action, key.as_str())) =>
            {
                key.to_string()
            }
            _ => ctx.form_key(action),
        },
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
        cents: or_default(&form.cents, "1"),
        show_points_per_cent: matches!(rs.scheme, Scheme::LowestCollects | Scheme::Pairwise),
        points_per_cent: or_default(&form.points_per_cent, "1"),
        currency: or_default(&form.currency, crate::rules::game::DEFAULT_CURRENCY),
        ctx,
        errors,
        shown: rs.id(),
        rule_choices,
        options,
        seats,
        dealer_choices,
        schemes,
        max_name: MAX_NAME_CHARS,
        max_currency: MAX_CURRENCY_CHARS,
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &str)]) -> SetupForm {
        SetupForm::from_pairs(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }

    #[test]
    fn blank_seats_are_skipped_and_errors_name_the_seat_the_form_shows() {
        let f = form(&[
            ("rules", "contract"),
            ("shown", "contract"),
            ("player", ""),
            ("player", "Ann"),
            ("player", "  "),
            ("player", &"x".repeat(31)),
            ("player", "ann"),
        ]);
        let errors = parse(&f, Lang::En).unwrap_err();
        assert_eq!(errors.seats, [3, 1, 4]);
        let players = &errors.fields["players"];
        assert!(
            players.contains("The name of player 4 is longer than 30 characters."),
            "{players}"
        );
        assert!(
            players.contains("Two players are called \"ann\""),
            "{players}"
        );
    }

    #[test]
    fn a_first_dealer_on_an_empty_seat_is_refused() {
        let f = form(&[
            ("rules", "contract"),
            ("shown", "contract"),
            ("player", "Ann"),
            ("player", "Ben"),
            ("player", "Cy"),
            ("first_dealer", "5"),
        ]);
        let errors = parse(&f, Lang::De).unwrap_err();
        assert_eq!(
            errors.fields["first_dealer"],
            "Platz 5 ist leer; wählt einen Mitspieler oder lost aus."
        );
    }

    #[test]
    fn a_random_first_dealer_is_one_of_the_players() {
        let f = form(&[
            ("rules", "contract"),
            ("shown", "contract"),
            ("player", "Ann"),
            ("player", "Ben"),
            ("player", "Cy"),
            ("first_dealer", "random"),
        ]);
        let mut seen = [false; 3];
        for _ in 0..200 {
            seen[parse(&f, Lang::En).unwrap().first_dealer()] = true;
        }
        assert_eq!(seen, [true; 3], "every player can be drawn");
    }

    #[test]
    fn options_of_another_rule_set_are_not_taken() {
        let f = form(&[
            ("rules", "rommee"),
            ("shown", "liverpool"),
            ("opt.cut_bonus", "50"),
            ("player", "Ann"),
            ("player", "Ben"),
        ]);
        assert!(parse(&f, Lang::En).unwrap_err().stale_options);
    }
}
