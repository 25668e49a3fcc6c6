//! Adversarial search for slow solver hands (issue 9: "a benchmark that *searches* for slow
//! hands"): per rule set, random restarts plus hill climbing on solve time. A state is a
//! round, a hand and the meld options (random values of every option that changes what the
//! solver answers); a step changes one card, adds or drops one, or changes one option, and is
//! kept when the solve got slower. Each solve is timed as the fastest of three runs, so noise
//! from other work on the machine does not lead the climb astray. Seeded: the same seed and
//! budget walk the same path up to the timing.
//!
//! Prints the worst hand found per rule set and size class (up to 20 cards: target 10 ms;
//! up to the API's card limit: target 50 ms), with its answer, as a line that can be pasted
//! into `benches/engine.rs`' regression cases.
//!
//! Run: `cargo bench --bench adversarial` (SECONDS per rule set, default 15; SEED, default
//! 9; ONLY=<rule set id> for one rule set). Under `cargo test --all-targets` a short smoke run.
//!
//! Times are the solving thread's **CPU time** (what the search costs, whatever else the
//! machine runs), with the wall-clock time of the same solve and the search nodes beside it.
//!
//! `RANDOM=<n>`: the search also runs over `n` random rule sets a table could write (the
//! definition format, `rules::definition`: a preset's definition with one to four random
//! rounds of sets, runs and pairs, deals of 7-12, going out at once, and random meld rules),
//! each kept where it passes every check and registered as a stored rule set is; `RANDOM_ONLY=1`
//! leaves the presets out. Same targets.
//!
//! Two more uses, for measuring one hand at a time:
//! - `KEPT=1`: times every kept regression hand (`benches/kept/hands.rs`), with its nodes;
//! - `HAND='<cards>' RULES=<id> [ROUND=<n>] [OPTIONS='name=value …']`: times that hand.

use cpu_time::ThreadTime;
use kontrakt::rules::cards::{Card, Rank, Suit, format_cards, parse_cards};
use kontrakt::rules::presets::{PRESET_IDS, meld_option_specs};
use kontrakt::rules::ruleset::{OptionKind, OptionValue, RoundSpec, RuleSet};
use kontrakt::rules::solver::{MAX_HAND, SolveOptions, solve_counting};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

#[path = "kept/hands.rs"]
mod kept;

/// A small linear congruential generator: reproducible without extra crates.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n.max(1)
    }
}

/// One point of the search.
#[derive(Clone)]
struct State {
    round: Option<usize>,
    options: BTreeMap<String, OptionValue>,
    hand: Vec<Card>,
}

/// A random card from a few suits (hands that come close to contracts), jokers and 2s often.
fn card(rng: &mut Lcg, suits: u64) -> Card {
    match rng.next(10) {
        0 | 1 => Card::Joker,
        2 => Card::new(Rank::TWO, Suit::ALL[rng.next(4) as usize]),
        _ => Card::new(
            Rank::new(1 + rng.next(13) as u8).expect("rank"),
            Suit::ALL[rng.next(suits) as usize],
        ),
    }
}

/// A random value of an option that changes the solver's answer (not the contracts list,
/// which changes the rounds; not the number of cards dealt, which changes go-out sizes only).
fn random_value(rng: &mut Lcg, kind: &OptionKind, default: &OptionValue) -> OptionValue {
    match kind {
        OptionKind::Bool => OptionValue::Bool(rng.next(2) == 1),
        OptionKind::Choice { values } => {
            OptionValue::Text(values[rng.next(values.len() as u64) as usize].clone())
        }
        _ => default.clone(),
    }
}

fn rule_set(id: &str, s: &State) -> Option<RuleSet> {
    RuleSet::with_options(id, &s.options).ok()
}

fn rounds(rs: &RuleSet) -> Vec<Option<usize>> {
    if rs.opening_points.is_some() {
        vec![None]
    } else {
        (1..=rs.rounds.len()).map(Some).collect()
    }
}

/// One hand's measure: the fastest of a few solves by CPU time, the wall-clock time of that
/// solve, the search nodes and the answer.
#[derive(Clone)]
struct Timed {
    cpu: Duration,
    wall: Duration,
    nodes: u64,
    answer: String,
}

impl Timed {
    const NONE: Timed = Timed {
        cpu: Duration::ZERO,
        wall: Duration::ZERO,
        nodes: 0,
        answer: String::new(),
    };
}

/// Solves `hand` `runs` times; the fastest by the thread's CPU time.
fn measure(rs: &RuleSet, spec: &RoundSpec, hand: &[Card], runs: usize) -> Timed {
    let mut best = Timed {
        cpu: Duration::MAX,
        ..Timed::NONE
    };
    for _ in 0..runs {
        let (wall_start, cpu_start) = (Instant::now(), ThreadTime::now());
        let (a, nodes) = solve_counting(rs, spec, hand, &SolveOptions::default());
        let cpu = cpu_start.elapsed();
        let wall = wall_start.elapsed();
        if cpu < best.cpu {
            best = Timed {
                cpu,
                wall,
                nodes,
                answer: match a {
                    Ok(Some(_)) => "yes".into(),
                    Ok(None) => "no".into(),
                    Err(e) => format!("error: {e}"),
                },
            };
        }
    }
    best
}

/// Fastest of three solves (CPU time), and the answer.
fn time(id: &str, s: &State) -> Timed {
    let Some(rs) = rule_set(id, s) else {
        return Timed::NONE;
    };
    let Ok(spec) = rs.round_for_check(s.round) else {
        return Timed::NONE;
    };
    measure(&rs, &spec, &s.hand, 3)
}

fn random_state(id: &str, rng: &mut Lcg, max_cards: usize) -> State {
    let specs = meld_option_specs(id).expect("preset");
    let mut options = BTreeMap::new();
    for spec in &specs {
        if rng.next(2) == 0 {
            options.insert(
                spec.name.to_string(),
                random_value(rng, &spec.kind, &spec.default),
            );
        }
    }
    let mut s = State {
        round: None,
        options,
        hand: Vec::new(),
    };
    if rule_set(id, &s).is_none() {
        s.options.clear();
    }
    let rs = rule_set(id, &s).expect("defaults");
    let rs_rounds = rounds(&rs);
    s.round = rs_rounds[rng.next(rs_rounds.len() as u64) as usize];
    let spec = rs.round_for_check(s.round).expect("round");
    let size = spec
        .total_cards
        .map_or(max_cards - rng.next(6) as usize, usize::from);
    let suits = 1 + rng.next(4);
    s.hand = (0..size).map(|_| card(rng, suits)).collect();
    s
}

fn mutate(id: &str, s: &State, rng: &mut Lcg, max_cards: usize) -> State {
    let mut t = s.clone();
    let fixed = rule_set(id, s)
        .and_then(|rs| rs.round_for_check(s.round).ok())
        .and_then(|spec| spec.total_cards);
    match rng.next(10) {
        0 => {
            let specs = meld_option_specs(id).expect("preset");
            if !specs.is_empty() {
                let spec = &specs[rng.next(specs.len() as u64) as usize];
                t.options.insert(
                    spec.name.to_string(),
                    random_value(rng, &spec.kind, &spec.default),
                );
                if rule_set(id, &t).is_none() {
                    return s.clone();
                }
            }
        }
        1 if fixed.is_none() && t.hand.len() < max_cards => t.hand.push(card(rng, 4)),
        2 if fixed.is_none() && t.hand.len() > 8 => {
            let at = rng.next(t.hand.len() as u64) as usize;
            t.hand.remove(at);
        }
        _ => {
            let at = rng.next(t.hand.len() as u64) as usize;
            // Mostly a neighbour of a card already held: climbing towards near-melds.
            t.hand[at] = if rng.next(2) == 0 {
                let other = t.hand[rng.next(t.hand.len() as u64) as usize];
                match other {
                    Card::Natural { rank, suit } => {
                        let r = (rank.number() as i64 + rng.next(5) as i64 - 2).clamp(1, 13);
                        Card::new(Rank::new(r as u8).expect("rank"), suit)
                    }
                    Card::Joker => Card::Joker,
                }
            } else {
                card(rng, 4)
            };
        }
    }
    t
}

fn options_text(o: &BTreeMap<String, OptionValue>) -> String {
    o.iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `KEPT=1`: the kept regression hands, one line each.
fn time_kept() {
    println!(
        "{:>10} {:>10} {:>9}  {:<6} hand",
        "cpu", "wall", "nodes", "answer"
    );
    for &(name, id, options, round, hand, expected) in kept::ADVERSARIAL_CASES {
        let rs = kept::with_options(id, options);
        let spec = rs.round_for_check(round).expect("round");
        let t = measure(&rs, &spec, &parse_cards(hand).expect("cards"), 5);
        let mark = if (t.answer == "yes") == expected {
            ""
        } else {
            " UNEXPECTED"
        };
        println!(
            "{:>10.3?} {:>10.3?} {:>9}  {:<6} {name}{mark}",
            t.cpu, t.wall, t.nodes, t.answer
        );
    }
}

/// `HAND=…`: one hand, with `RULES`, `ROUND` and `OPTIONS` from the environment.
fn time_hand(hand: &str) {
    let id = std::env::var("RULES").unwrap_or_else(|_| "contract".into());
    let round = std::env::var("ROUND").ok().and_then(|r| r.parse().ok());
    let options = std::env::var("OPTIONS").unwrap_or_default();
    let rs = kept::with_options(&id, &options);
    let spec = rs.round_for_check(round).expect("round");
    let t = measure(&rs, &spec, &parse_cards(hand).expect("cards"), 5);
    println!(
        "{id} round {round:?}: cpu {:.3?} wall {:.3?} nodes {} answer {}",
        t.cpu, t.wall, t.nodes, t.answer
    );
}

fn main() {
    if std::env::var("KEPT").is_ok() {
        return time_kept();
    }
    if let Ok(hand) = std::env::var("HAND") {
        return time_hand(&hand);
    }
    // `cargo bench` passes --bench; under `cargo test --all-targets` this is a quick smoke run.
    let full = std::env::args().any(|a| a == "--bench");
    let seconds: f64 = std::env::var("SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if full { 15.0 } else { 0.2 });
    let seed: u64 = std::env::var("SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(9);
    let only = std::env::var("ONLY").ok();
    let random: usize = std::env::var("RANDOM")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if full { 0 } else { 2 });
    let mut ids: Vec<String> = if std::env::var("RANDOM_ONLY").is_ok() {
        Vec::new()
    } else {
        PRESET_IDS.iter().map(|id| id.to_string()).collect()
    };
    ids.extend(random_rule_sets(random, seed));
    println!(
        "{:<16} {:>5} {:>10} {:>10} {:>9}  {:<6} options / round / hand",
        "rule set", "cards", "worst cpu", "its wall", "nodes", "answer"
    );
    let (run_wall, run_cpu) = (Instant::now(), ThreadTime::now());
    for id in &ids {
        let id = id.as_str();
        if only.as_deref().is_some_and(|o| o != id) {
            continue;
        }
        for max_cards in [20, MAX_HAND] {
            let mut rng = Lcg(seed ^ (id.len() as u64 * 7919) ^ max_cards as u64);
            // The budget is CPU time, so a loaded machine searches as far as an idle one.
            let start = ThreadTime::now();
            let budget = Duration::from_secs_f64(seconds / 2.0);
            let mut worst: Option<(Timed, State)> = None;
            while start.elapsed() < budget {
                // A restart, then a climb of up to 60 steps or 15 without progress.
                let mut s = random_state(id, &mut rng, max_cards);
                let mut t = time(id, &s);
                let mut stale = 0;
                for _ in 0..60 {
                    if stale >= 15 || start.elapsed() >= budget {
                        break;
                    }
                    let n = mutate(id, &s, &mut rng, max_cards);
                    let tn = time(id, &n);
                    if tn.cpu > t.cpu {
                        (s, t, stale) = (n, tn, 0);
                    } else {
                        stale += 1;
                    }
                }
                if worst.as_ref().is_none_or(|w| t.cpu > w.0.cpu) {
                    worst = Some((t, s));
                }
            }
            if let Some((t, s)) = worst {
                println!(
                    "{id:<16} {:>5} {:>10.3?} {:>10.3?} {:>9}  {:<6} [{}] round {:?}: {}",
                    s.hand.len(),
                    t.cpu,
                    t.wall,
                    t.nodes,
                    t.answer,
                    options_text(&s.options),
                    s.round,
                    format_cards(&s.hand)
                );
            }
        }
    }
    println!(
        "search: {:.1?} CPU in {:.1?} wall",
        run_cpu.elapsed(),
        run_wall.elapsed()
    );
}

/// `n` random rule sets that pass every check, registered under `rs-random-<i>` (printed with
/// their rounds and meld rules), from the seed.
fn random_rule_sets(n: usize, seed: u64) -> Vec<String> {
    use kontrakt::rules::definition::{Definition, register};
    use serde_json::{Value, json};
    let mut rng = Lcg(seed.wrapping_mul(31).wrapping_add(7));
    let mut ids = Vec::new();
    let mut tries = 0;
    while ids.len() < n && tries < n * 200 {
        tries += 1;
        let base = PRESET_IDS[rng.next(PRESET_IDS.len() as u64) as usize];
        let preset = kontrakt::rules::presets::Preset::from_id(base).expect("a preset");
        let mut def = serde_json::to_value(preset.definition()).expect("a definition");
        let id = format!("rs-random-{}", ids.len());
        def["id"] = json!(id);
        def["base"] = json!(base);
        def["name"] = json!(format!("Random {}", ids.len()));
        def["rounds_per_player"] = json!(false);
        let Some(template) = def["rounds"].get(0).cloned() else {
            continue;
        };
        let rounds: Vec<Value> = (0..1 + rng.next(4))
            .map(|_| {
                let mut round = template.clone();
                for field in ["number", "contract", "contract_de", "needs_more_than_dealt"] {
                    round.as_object_mut().map(|r| r.remove(field));
                }
                let alternatives = 1 + rng.next(2);
                round["requirements"] = Value::Array(
                    (0..alternatives)
                        .map(|_| {
                            Value::Array(
                                (0..1 + rng.next(3))
                                    .map(|_| match rng.next(5) {
                                        0 => json!({"kind": "pair", "min": 2}),
                                        1 | 2 => json!({"kind": "set", "min": 3 + rng.next(2)}),
                                        _ => json!({"kind": "run", "min": 3 + rng.next(4)}),
                                    })
                                    .collect(),
                            )
                        })
                        .collect(),
                );
                round["deal"] = json!(7 + rng.next(6));
                round["go_out_all"] = json!(rng.next(3) == 0);
                round
            })
            .collect();
        def["rounds"] = Value::Array(rounds);
        let melds = &mut def["melds"];
        melds["jokers"] = json!(rng.next(3) != 0);
        melds["twos_wild"] = json!(rng.next(3) == 0);
        melds["set_suits_differ"] = json!(rng.next(4) == 0);
        let Ok(def) = serde_json::from_value::<Definition>(def.clone()) else {
            continue;
        };
        if kontrakt::text::definition::load(&def).is_err() {
            continue;
        }
        println!(
            "{id}: base {base}, rounds {}, melds {}",
            serde_json::to_value(&def.rounds)
                .map(|r| r.to_string())
                .unwrap_or_default()
                .chars()
                .take(400)
                .collect::<String>(),
            serde_json::to_value(&def.melds)
                .map(|m| m.to_string())
                .unwrap_or_default()
        );
        register(def);
        ids.push(id);
    }
    ids
}
