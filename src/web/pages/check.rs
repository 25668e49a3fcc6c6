//! The meld checker page: choose a rule set and round, then ask three questions, each
//! answered by the rules engine in the page's language:
//! - "Is this meld legal?": `rules::check::check`, every problem as a sentence and each meld's
//!   reading with what its wild cards stand for;
//! - "Can I go down?": `rules::solver::solve` on a whole hand;
//! - "Does this card fit?": `rules::layoff::fits` on a card and a meld on the table.
//!
//! `GET /check?rules=liverpool&round=3` fills the form (any field can be given, nothing is
//! evaluated); `POST /check` answers. One form holds all three questions, so nothing typed is
//! lost: every question with input is answered, and the pressed button's question must have
//! input. Works without JavaScript; `cards.js` adds the card tap grid. Bad input comes back
//! with status 422, the sentence next to its field and everything as typed.
//!
//! The rule set's options that change an answer ([`MELD_OPTIONS`](crate::rules::ruleset::MELD_OPTIONS): wild cards, the ace,
//! exact minimums, …) are fields of the form too, `opt.<name>` as on the new-game form; a
//! game's checker link (`href`) carries the game's, so its table is checked by its own
//! rules. An option missing from the address keeps the rule book's value; an unknown option
//! or a bad value is a sentence next to the options (status 400 for an address, 422 for a
//! posted form), and nothing is answered under rules that are not the ones asked for. The
//! options belong to the rule set named by the hidden `shown`: choosing another rule set
//! starts from its rule book.
//!
//! A page of `web::pages`: games through `store`; no SQL, no scoring, nothing from `cli`.

use std::collections::BTreeMap;

use askama::Template;
use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;

use crate::rules::cards::{Card, Pins, parse_pinned_melds};
use crate::rules::check::check_pinned;
use crate::rules::game::{GameError, Restriction};
use crate::rules::layoff::fit_declared;
use crate::rules::meld::{AceMode, MeldRules, Reading, WildShare};
use crate::rules::pins;
use crate::rules::presets::{PRESET_IDS, meld_option_specs, option_specs, preset_info};
use crate::rules::ruleset::{Requirement, RoundSpec, RuleSet};
use crate::rules::solver::{SolveOptions, Stop, solve_with};
use crate::text::rules::{preset_description, preset_name};
use crate::text::{Lang, Say};
use crate::web::rule_options::options_from_form;

use crate::web::Result;
use crate::web::cards::{CardChip, card_error_text, cards_text, chips, reading_text, wild_texts};
use crate::web::compute::Client;
use crate::web::i18n::{Msg, PageCtx, percent_encode};
use crate::web::page::render_status;
use crate::web::rule_options::{OPTION_PREFIX, OptionField, is_on, option_text, value_label};
use crate::web::{AppState, Form};

/// Routes of this page.
pub fn routes() -> Router<AppState> {
    Router::new().route("/check", get(show).post(answer))
}

/// The rule set the form starts with.
const DEFAULT_RULES: &str = "contract";

/// The checker of a game's round: its rule set, the round (where it has contracts) and the
/// options that differ from the rule book (as `opt.<name>`), so the game's table is checked by
/// its own rules.
pub(crate) fn href(rs: &RuleSet, round: Option<usize>) -> String {
    let mut query = vec![format!("rules={}", percent_encode(rs.id()))];
    if let Some(n) = round {
        query.push(format!("round={n}"));
    }
    for spec in meld_option_specs(rs.id()).unwrap_or_default() {
        if let Some(value) = rs.options.get(spec.name).filter(|v| **v != spec.default) {
            query.push(format!(
                "{OPTION_PREFIX}{}={}",
                spec.name,
                percent_encode(&option_text(value))
            ));
        }
    }
    format!("/check?{}", query.join("&"))
}

/// The checker of a game as it stands: its rule set and options, and the round about to be
/// played (the last one played once the game is over), where the rule set has contracts.
pub(crate) fn game_href(game: &crate::store::LoadedGame) -> String {
    let (setup, state) = (&game.setup, &game.state);
    let round = match &state.next_round {
        Some(info) => info.contract.is_some().then_some(info.round),
        None => (setup.rules().opening_points.is_none() && !state.rounds.is_empty())
            .then_some(state.rounds.len()),
    };
    href(setup.rules(), round)
}

/// The checker form, as typed. Every field is optional text, so a form never fails to parse
/// and comes back exactly as it was sent.
#[derive(Clone, Debug, Default)]
struct CheckForm {
    rules: String,
    /// The rule set whose options the form showed; empty in a link.
    shown: String,
    round: String,
    /// `game`: the checker was opened from inside a game and set to its rules, options and
    /// round (the page says so).
    from: String,
    /// Option name (without [`OPTION_PREFIX`]) → text. A checkbox sends `off` in a hidden
    /// field before it, then `on` when ticked: the last value counts.
    options: BTreeMap<String, String>,
    melds: String,
    hand: String,
    card: String,
    table_meld: String,
    /// Rommé: `on` to look for the most valuable opening (`/solve`'s `best`).
    best: String,
    /// The pressed button: `check`, `solve`, `fit` or `apply`.
    action: String,
}

impl CheckForm {
    /// The form from the pairs of a query string or a posted form; unknown names are
    /// ignored, a repeated one counts last.
    fn from_pairs(pairs: Vec<(String, String)>) -> CheckForm {
        let mut form = CheckForm::default();
        for (name, value) in pairs {
            let field = match name.as_str() {
                "rules" => &mut form.rules,
                "shown" => &mut form.shown,
                "round" => &mut form.round,
                "melds" => &mut form.melds,
                "hand" => &mut form.hand,
                "card" => &mut form.card,
                "table_meld" => &mut form.table_meld,
                "best" => &mut form.best,
                "action" => &mut form.action,
                "from" => &mut form.from,
                other => match other.strip_prefix(OPTION_PREFIX) {
                    // A sanity bound for a tampered address.
                    Some(option)
                        if form.options.len() < 64 || form.options.contains_key(option) =>
                    {
                        form.options.entry(option.to_owned()).or_default()
                    }
                    _ => continue,
                },
            };
            *field = value;
        }
        form
    }

    /// The GET address that shows this form again, filled in.
    fn address(&self) -> String {
        let mut query = Vec::new();
        for (name, value) in [
            ("rules", &self.rules),
            ("shown", &self.shown),
            ("round", &self.round),
            ("from", &self.from),
        ] {
            if !value.trim().is_empty() {
                query.push(format!("{name}={}", percent_encode(value)));
            }
        }
        for (name, value) in &self.options {
            query.push(format!(
                "{}={}",
                percent_encode(&format!("{OPTION_PREFIX}{name}")),
                percent_encode(value)
            ));
        }
        for (name, value) in [
            ("melds", &self.melds),
            ("hand", &self.hand),
            ("card", &self.card),
            ("table_meld", &self.table_meld),
            ("best", &self.best),
        ] {
            if !value.trim().is_empty() {
                query.push(format!("{name}={}", percent_encode(value)));
            }
        }
        if query.is_empty() {
            "/check".to_owned()
        } else {
            format!("/check?{}", query.join("&"))
        }
    }
}

/// A rule set with the options typed for it (those missing keep the rule book's value), or
/// the sentences saying what is wrong with them.
fn with_options(id: &str, typed: &BTreeMap<String, String>, lang: Lang) -> Result<RuleSet, String> {
    let mut texts: BTreeMap<String, String> = option_specs(id)
        .unwrap_or_default()
        .iter()
        .map(|spec| (spec.name.to_owned(), option_text(&spec.default)))
        .collect();
    texts.extend(
        typed
            .iter()
            .map(|(name, text)| (name.clone(), text.clone())),
    );
    let options = options_from_form(id, &texts).map_err(|errors| {
        errors
            .iter()
            .map(|e| e.error.message(lang))
            .collect::<Vec<_>>()
            .join(" ")
    })?;
    RuleSet::with_options(id, &options).map_err(|e| GameError::Options(e).message(lang))
}

/// An `<option>` of a select.
struct Choice {
    value: String,
    label: String,
    selected: bool,
}

/// A sentence shown next to each field that has a problem.
#[derive(Default)]
struct FieldErrors {
    rules: Option<String>,
    round: Option<String>,
    /// Unknown options or bad values: nothing is answered until they are right.
    options: Option<String>,
    melds: Option<String>,
    hand: Option<String>,
    card: Option<String>,
    table_meld: Option<String>,
}

impl FieldErrors {
    fn any(&self) -> bool {
        self.count() > 0
    }

    /// How many fields are marked.
    fn count(&self) -> usize {
        [
            &self.rules,
            &self.round,
            &self.options,
            &self.melds,
            &self.hand,
            &self.card,
            &self.table_meld,
        ]
        .iter()
        .filter(|e| e.is_some())
        .count()
    }
}

/// A meld as shown: its cards, its reading in words and what each wild card stands for.
struct MeldView {
    title: String,
    cards: Vec<CardChip>,
    reading: String,
    wilds: Vec<String>,
    /// The other readings of its undeclared wild cards, in a sentence; empty if none.
    could_be: String,
}

/// The answer to "Is this meld legal?".
struct Verdict {
    ok: bool,
    headline: String,
    points: Option<String>,
    problems: Vec<String>,
    melds: Vec<MeldView>,
}

/// The answer to "Can I go down?".
struct SolveView {
    ok: bool,
    headline: String,
    melds: Vec<MeldView>,
    leftover: String,
}

/// The answer to "Does this card fit?".
struct FitView {
    ok: bool,
    headline: String,
    notes: Vec<String>,
}

#[derive(Template)]
#[template(path = "check.html")]
struct CheckPage {
    ctx: PageCtx,
    form: CheckForm,
    errors: FieldErrors,
    rule_choices: Vec<Choice>,
    /// One line: the rule set's description and player range.
    rules_info: String,
    /// The rule set whose options are shown.
    shown: &'static str,
    /// Its options that change an answer, with the values in force.
    options: Vec<OptionField>,
    /// Empty where the rule set has no contracts (Rommé).
    round_choices: Vec<Choice>,
    /// The rule set has an opening minimum (Rommé): the solver may look for the best one.
    offers_best: bool,
    /// "Find the most valuable opening" is ticked.
    best: bool,
    /// What the chosen round asks, and the meld rules in force.
    facts: Vec<String>,
    /// The rules in one line, on the fold's summary: "Contract Rummy · round 3 · standard
    /// options".
    summary: String,
    /// The fold of rules and options is open: something in it is wrong, or it was just
    /// applied.
    rules_open: bool,
    /// Set to the game the checker was opened from.
    from_game: bool,
    verdict: Option<Verdict>,
    solution: Option<SolveView>,
    fit: Option<FitView>,
}

/// `GET /check`: the form, filled from the query string; nothing is evaluated. A rule set or
/// round that makes no sense falls back to the default; options that make no sense are a 400
/// with the sentence next to them (the page would otherwise claim rules the link did not
/// ask for).
///
/// `GET /check?game={id}` (or `?view={token}`), the top bar's link inside a game: 303 to the
/// checker set to that game's rule set, options and round ([`href`]), marked `from=game`.
/// An id that names no game: the plain checker.
async fn show(
    State(state): State<AppState>,
    ctx: PageCtx,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Response> {
    let pairs = query.map(|Query(pairs)| pairs).unwrap_or_default();
    let asked = |name: &str| {
        pairs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
    };
    if asked("rules").is_none() {
        let game = match (asked("game"), asked("view")) {
            (Some(id), _) => state.load_edit(&id).await.ok(),
            (None, Some(token)) => state.load_view(&token).await.ok().flatten(),
            (None, None) => None,
        };
        if let Some(game) = game {
            let target = game_href(&game);
            return Ok(Redirect::to(&format!("{target}&from=game")).into_response());
        }
    }
    let form = CheckForm::from_pairs(pairs);
    crate::store::rule_sets::resolve(&state.db, &form.rules).await?;
    let page = build(ctx, form, false, Stop::default());
    let status = if page.errors.options.is_some() {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::OK
    };
    render_status(status, &page)
}

/// `POST /check`: every question with input answered; 422 with the fields' sentences if any
/// input could not be read.
async fn answer(
    State(state): State<AppState>,
    client: Client,
    ctx: PageCtx,
    Form(pairs): Form<Vec<(String, String)>>,
) -> Result<Response> {
    let form = CheckForm::from_pairs(pairs);
    crate::store::rule_sets::resolve(&state.db, &form.rules).await?;
    // The checker and the solver run where the JSON API runs them: on the blocking pool,
    // through the client's queue.
    let mut page = state
        .compute
        .run(client, move |cancel| build(ctx, form, true, cancel.stop()))
        .await?;
    // The language switch shows the same form again, with the options it was answered by.
    page.ctx.here = page.form.address();
    let status = if page.errors.any() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    render_status(status, &page)
}

/// The page for a form; `evaluate` answers the questions and reports bad input.
fn build(ctx: PageCtx, form: CheckForm, evaluate: bool, stop: Stop<'_>) -> CheckPage {
    let lang = ctx.lang;
    let mut errors = FieldErrors::default();
    let wanted = form.rules.trim().to_ascii_lowercase();
    let preset = if wanted.is_empty() {
        None
    } else {
        RuleSet::preset(&wanted).ok()
    };
    if preset.is_none() && evaluate && !wanted.is_empty() {
        errors.rules = Some(ctx.t(Msg::ErrUnknownRules).to_owned());
    }
    // The options typed belong to the rule set chosen: the one the form showed them for, or
    // the one a link names. Another rule set (or an unknown one) starts from its rule book.
    let preset_id = preset.as_ref().map_or(DEFAULT_RULES, RuleSet::id);
    let shown = form.shown.trim();
    let typed = if preset.is_some() && (shown.is_empty() || shown == preset_id) {
        form.options.clone()
    } else {
        BTreeMap::new()
    };
    let rs = match with_options(preset_id, &typed, lang) {
        Ok(rs) => rs,
        Err(sentence) => {
            errors.options = Some(sentence);
            RuleSet::preset(preset_id).expect("a known rule set")
        }
    };
    let options = option_fields(&ctx, &rs, &typed);
    // From here on the form's options are those of the rule set shown.
    let mut form = form;
    form.options = typed;
    if preset.is_some() {
        form.shown = rs.id().to_owned();
    }
    let name = |info: &crate::rules::ruleset::PresetInfo| preset_name(info, lang);
    let rule_choices = PRESET_IDS
        .iter()
        .filter_map(|id| preset_info(id))
        .map(|info| Choice {
            value: info.id.to_owned(),
            label: name(&info).to_owned(),
            selected: info.id == rs.id(),
        })
        .collect();
    let rules_info = format!(
        "{} · {}",
        ctx.f(
            Msg::PlayersRange,
            &[("min", &rs.info.min_players), ("max", &rs.info.max_players)]
        ),
        preset_description(&rs.info, lang)
    );

    // The round: Rommé has none (its first meld is checked by points).
    let has_rounds = rs.opening_points.is_none();
    let count = rs.rounds.len();
    let round_number = if has_rounds {
        match form.round.trim() {
            "" => Some(1),
            text => match text.parse::<usize>() {
                Ok(n) if (1..=count).contains(&n) => Some(n),
                _ if evaluate => {
                    errors.round = Some(ctx.f(
                        Msg::ErrRoundRange,
                        &[("rules", &name(&rs.info)), ("max", &count)],
                    ));
                    None
                }
                _ => Some(1),
            },
        }
    } else {
        None
    };
    let round: Option<RoundSpec> = if has_rounds {
        round_number.and_then(|n| rs.round_for_check(Some(n)).ok())
    } else {
        rs.round_for_check(None).ok()
    };
    let round_choices = if has_rounds {
        rs.rounds
            .iter()
            .map(|r| Choice {
                value: r.number.to_string(),
                label: ctx.f(
                    Msg::RoundOption,
                    &[
                        ("n", &r.number),
                        (
                            "contract",
                            &r.contract
                                .as_ref()
                                .map(|c| crate::text::rules::describe_contract(c, lang))
                                .unwrap_or_default(),
                        ),
                    ],
                ),
                selected: Some(r.number as usize) == round_number,
            })
            .collect()
    } else {
        Vec::new()
    };
    let facts = facts(&ctx, &rs, round.as_ref());
    let form_best = form.best.clone();
    let changed = options.iter().filter(|o| o.changed.is_some()).count();
    // Other rules applied on the page are no longer the game's.
    let from_game = form.from.trim() == "game" && form.action != "apply";
    let mut summary = vec![name(&rs.info).to_owned()];
    if let Some(n) = round_number.filter(|_| has_rounds) {
        summary.push(ctx.f(Msg::CheckSummaryRound, &[("n", &n)]));
    }
    summary.push(if from_game {
        ctx.t(Msg::CheckSummaryGameOptions).to_owned()
    } else if changed == 0 {
        ctx.t(Msg::CheckSummaryStandard).to_owned()
    } else {
        ctx.f(Msg::CheckSummaryChanged, &[("n", &changed)])
    });
    let rules_open = errors.rules.is_some()
        || errors.options.is_some()
        || errors.round.is_some()
        || form.action == "apply";

    let mut page = CheckPage {
        ctx,
        form,
        errors,
        rule_choices,
        rules_info,
        shown: rs.id(),
        options,
        round_choices,
        offers_best: rs.opening_points.is_some(),
        best: rs.opening_points.is_some() && is_on(&form_best),
        facts,
        summary: summary.join(" · "),
        rules_open,
        from_game,
        verdict: None,
        solution: None,
        fit: None,
    };
    let rules_ok = page.errors.rules.is_none() && page.errors.options.is_none();
    if let (true, Some(round)) = (evaluate && rules_ok, round) {
        answer_melds(&mut page, &rs, &round);
        answer_hand(&mut page, &rs, &round, stop);
        answer_card(&mut page, &rs);
    }
    page
}

/// The options of `rs` that change an answer, as fields: the text typed where there is one
/// (a bad value comes back as typed), else the value in force.
fn option_fields(
    ctx: &PageCtx,
    rs: &RuleSet,
    typed: &BTreeMap<String, String>,
) -> Vec<OptionField> {
    meld_option_specs(rs.id())
        .unwrap_or_default()
        .into_iter()
        .map(|spec| {
            let in_force = rs.options.get(spec.name).unwrap_or(&spec.default);
            let text = typed
                .get(spec.name)
                .cloned()
                .unwrap_or_else(|| option_text(in_force));
            OptionField {
                changed: (*in_force != spec.default).then(|| {
                    ctx.f(
                        Msg::CheckOptionChanged,
                        &[("value", &value_label(spec.name, &spec.default, ctx.lang))],
                    )
                }),
                ..OptionField::new(ctx, rs.preset, &spec, text, in_force)
            }
        })
        .collect()
}

/// What the round asks and the meld rules in force, one sentence each.
fn facts(ctx: &PageCtx, rs: &RuleSet, round: Option<&RoundSpec>) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(points) = rs.opening_points {
        out.push(ctx.f(Msg::RoundOpening, &[("points", &points)]) + ".");
    }
    if let Some(r) = round {
        out.extend(round_facts(ctx, rs, r));
    }
    out.extend(meld_facts(ctx, rs));
    out
}

/// What a round asks, one sentence each: the contract, the deal, its restrictions (the
/// sentences of a game's banner). The rule book page (`house_rules`) says the same.
pub(super) fn round_facts(ctx: &PageCtx, rs: &RuleSet, r: &RoundSpec) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(contract) = &r.contract {
        out.push(ctx.f(
            Msg::ContractIs,
            &[(
                "contract",
                &crate::text::rules::describe_contract(contract, ctx.lang),
            )],
        ));
    }
    out.push(ctx.f(Msg::FactDeal, &[("n", &r.deal)]));
    // The same sentences as a game's banner (text::round).
    for (on, restriction) in [
        (r.go_out_all, Restriction::GoOutAll),
        (r.exact_minimum, Restriction::ExactMinimum),
        (r.no_contiguous_runs, Restriction::NoContiguousRuns),
        (r.runs_apart >= 2, Restriction::RunsTwoApart),
        (r.runs_different_suits, Restriction::RunsDifferentSuits),
        (r.no_two_sets_same_rank, Restriction::NoTwoSetsSameRank),
        (
            r.needs_more_than_dealt(rs.play.going_out),
            Restriction::NeedsMoreThanDealt,
        ),
    ] {
        if on {
            out.push(restriction.say(ctx.lang));
        }
    }
    out
}

/// The meld rules in force and the play rules, one sentence each.
pub(super) fn meld_facts(ctx: &PageCtx, rs: &RuleSet) -> Vec<String> {
    let mut out = Vec::new();
    let m = &rs.meld;
    out.push(
        ctx.t(match m.ace {
            AceMode::LowOrHigh => Msg::FactAceLowOrHigh,
            AceMode::HighOnly => Msg::FactAceHighOnly,
            AceMode::Wrap => Msg::FactAceWrap,
        })
        .to_owned(),
    );
    out.push(
        ctx.t(match (m.jokers, m.twos_wild) {
            (true, true) => Msg::FactWildJokersTwos,
            (true, false) => Msg::FactWildJokers,
            (false, true) => Msg::FactWildTwos,
            (false, false) => Msg::FactWildNone,
        })
        .to_owned(),
    );
    if let Some(max) = m.max_wilds {
        out.push(ctx.f(Msg::FactMaxWilds, &[("n", &max)]));
    }
    match m.wild_share {
        Some(WildShare::Half) => out.push(ctx.t(Msg::FactWildShareHalf).to_owned()),
        Some(WildShare::Third) => out.push(ctx.t(Msg::FactWildShareThird).to_owned()),
        None => {}
    }
    match m.min_naturals {
        0 => out.push(ctx.t(Msg::FactAllWild).to_owned()),
        1 => {}
        n => out.push(ctx.f(Msg::FactMinNaturals, &[("n", &n)])),
    }
    if rs.shanghai_calls {
        out.push(ctx.t(Msg::FactShanghaiCalls).to_owned());
    }
    // When more melds, lay-offs and joker swaps come (the catalogue's `play_notes`).
    out.extend(
        crate::text::rules::play_notes(&rs.play, ctx.lang)
            .into_iter()
            .map(str::to_owned),
    );
    out.extend(crate::text::rules::going_out_keeping_note(
        rs.go_out_left_max,
        ctx.lang,
    ));
    out
}

/// A meld with its reading, as shown.
fn meld_view(
    ctx: &PageCtx,
    number: usize,
    cards: &[Card],
    pins: &[Option<Card>],
    reading: Option<&Reading>,
    rules: Option<&MeldRules>,
    (round, held): (&RoundSpec, Option<Requirement>),
) -> MeldView {
    // ", fills the contract's run of 7" where the contract's requirements differ.
    let fills = |req: Option<Requirement>| {
        req.map(|r| format!(", {}", crate::text::rules::fills_text(r, ctx.lang)))
            .unwrap_or_default()
    };
    let others: Vec<String> = match (rules, reading) {
        (Some(rules), Some(used)) => pins::alternatives(rules, cards, pins, used)
            .iter()
            .map(|r| {
                crate::text::cards::reading_line(Some(r), ctx.lang)
                    + &fills(pins::alternative_fills(round, r, used, held))
            })
            .collect(),
        _ => Vec::new(),
    };
    let could_be = if others.is_empty() {
        String::new()
    } else {
        ctx.f(Msg::CouldAlsoBe, &[("readings", &others.join("; "))])
    };
    let declared: Vec<(Card, Card)> = cards
        .iter()
        .zip(pins)
        .filter_map(|(&c, p)| p.map(|p| (c, p)))
        .collect();
    MeldView {
        could_be,
        title: ctx.f(Msg::MeldN, &[("n", &number)]),
        cards: chips(cards, ctx.lang),
        reading: reading.map_or_else(
            || ctx.t(Msg::NotAMeld).to_owned(),
            |r| reading_text(r, ctx) + &fills(pins::used_fills(round, held)),
        ),
        wilds: reading
            .map(|r| wild_texts(r, &declared, ctx))
            .unwrap_or_default(),
    }
}

/// "Is this meld legal?"
fn answer_melds(page: &mut CheckPage, rs: &RuleSet, round: &RoundSpec) {
    let ctx = &page.ctx;
    if page.form.melds.trim().is_empty() {
        if page.form.action == "check" {
            page.errors.melds = Some(ctx.t(Msg::ErrNoMelds).to_owned());
        }
        return;
    }
    let melds = match parse_pinned_melds(&page.form.melds) {
        Ok(melds) if melds.melds.is_empty() => {
            page.errors.melds = Some(ctx.t(Msg::ErrNoMelds).to_owned());
            return;
        }
        Ok(melds) => melds,
        Err(error) => {
            page.errors.melds = Some(card_error_text(&error, ctx));
            return;
        }
    };
    let result = check_pinned(rs, round, &melds.melds, &melds.pins);
    let headline = match (result.ok, round.contract.is_some()) {
        (true, true) => ctx.t(Msg::VerdictOk),
        (true, false) => ctx.t(Msg::VerdictOkOpening),
        (false, _) => ctx.t(Msg::VerdictBad),
    };
    page.verdict = Some(Verdict {
        ok: result.ok,
        headline: headline.to_owned(),
        points: result
            .points
            .map(|points| ctx.f(Msg::VerdictPoints, &[("points", &points)])),
        problems: result
            .problems
            .iter()
            .map(|p| p.message(ctx.lang))
            .collect(),
        melds: meld_views(
            ctx,
            &result.melds,
            &result.pins,
            &result.held,
            Some(&rs.meld),
            round,
        ),
    });
}

/// The views of `melds` as read, numbered from 1, each with its declarations (`pins`) and
/// the contract requirement it fills (`held`); `rules` as [`meld_view`] takes them.
fn meld_views(
    ctx: &PageCtx,
    melds: &[(Vec<Card>, Option<Reading>)],
    pins: &[Pins],
    held: &[Option<Requirement>],
    rules: Option<&MeldRules>,
    round: &RoundSpec,
) -> Vec<MeldView> {
    melds
        .iter()
        .enumerate()
        .map(|(i, (cards, reading))| {
            let pins = pins.get(i).map_or(&[][..], Vec::as_slice);
            let held = held.get(i).copied().flatten();
            meld_view(
                ctx,
                i + 1,
                cards,
                pins,
                reading.as_ref(),
                rules,
                (round, held),
            )
        })
        .collect()
}

/// "Can I go down?"
fn answer_hand(page: &mut CheckPage, rs: &RuleSet, round: &RoundSpec, stop: Stop<'_>) {
    let ctx = &page.ctx;
    // Separators between melds mean nothing in a hand.
    let text = page.form.hand.replace(['|', ';'], " ");
    if text.trim().is_empty() {
        if page.form.action == "solve" {
            page.errors.hand = Some(ctx.t(Msg::ErrNoHand).to_owned());
        }
        return;
    }
    let hand = match crate::rules::cards::CardsInput::Text(text).parse_hand() {
        Ok(hand) => hand.unwrap_or_default(),
        Err(error) => {
            page.errors.hand = Some(card_error_text(&error, ctx));
            return;
        }
    };
    let options = SolveOptions {
        stop,
        best_opening: page.best,
    };
    match solve_with(rs, round, &hand, &options) {
        Ok(Some(solution)) => {
            let checked = check_pinned(rs, round, &solution.melds, &solution.pins);
            let readings = checked.melds;
            page.solution = Some(SolveView {
                ok: true,
                headline: ctx.t(Msg::SolveYes).to_owned(),
                melds: meld_views(ctx, &readings, &solution.pins, &checked.held, None, round),
                leftover: if solution.leftover.is_empty() {
                    ctx.t(Msg::LeftoverNone).to_owned()
                } else {
                    ctx.f(
                        Msg::Leftover,
                        &[("cards", &cards_text(&solution.leftover, ctx.lang))],
                    )
                },
            });
        }
        Ok(None) => {
            let headline = match (&round.contract, rs.opening_points) {
                (Some(contract), _) => ctx.f(
                    Msg::SolveNo,
                    &[
                        ("n", &hand.len()),
                        (
                            "contract",
                            &crate::text::rules::describe_contract(contract, ctx.lang),
                        ),
                    ],
                ),
                (None, points) => ctx.f(Msg::SolveNoOpening, &[("points", &points.unwrap_or(0))]),
            };
            page.solution = Some(SolveView {
                ok: false,
                headline,
                melds: Vec::new(),
                leftover: String::new(),
            });
        }
        // The same words as the JSON API's, as a sentence with advice.
        Err(error) => {
            page.errors.hand = Some(error.sentence(ctx.lang));
        }
    }
}

/// "Does this card fit?"
fn answer_card(page: &mut CheckPage, rs: &RuleSet) {
    let ctx = &page.ctx;
    let (card_text, meld_text) = (page.form.card.trim(), page.form.table_meld.trim());
    let asked = page.form.action == "fit";
    if !asked && (card_text.is_empty() || meld_text.is_empty()) {
        return;
    }
    // The laid card and the meld on the table may carry declarations (`JK=7H`).
    let card = match parse_pinned_melds(card_text) {
        Ok(m) if m.melds.len() == 1 && m.melds[0].len() == 1 => Some((m.melds[0][0], m.pins[0][0])),
        Ok(_) => {
            page.errors.card = Some(ctx.t(Msg::ErrOneCard).to_owned());
            None
        }
        Err(error) => {
            page.errors.card = Some(card_error_text(&error, ctx));
            None
        }
    };
    let meld = match parse_pinned_melds(&meld_text.replace(['|', ';'], " ")) {
        Ok(m) if m.melds.is_empty() => {
            page.errors.table_meld = Some(ctx.t(Msg::ErrNoTableMeld).to_owned());
            None
        }
        Ok(mut m) => Some((m.melds.remove(0), m.pins.remove(0))),
        Err(error) => {
            page.errors.table_meld = Some(card_error_text(&error, ctx));
            None
        }
    };
    let (Some((card, declared)), Some((meld, pins))) = (card, meld) else {
        return;
    };
    // The same words as the JSON API's and the command line's.
    let answer = fit_declared(rs, (&meld, &pins), (card, declared));
    let words =
        crate::text::check::fit_words(rs, (&meld, &pins), (card, declared), &answer, ctx.lang);
    page.fit = Some(FitView {
        ok: answer.is_ok(),
        headline: words.headline,
        notes: words.notes,
    });
}
