//! Who won, in words: the game-over header of the game page says "Ann wins with
//! 35 (+€1.20) — Ben 2nd with 50 (−€0.40), Cy and Di 3rd with 60 (−€0.40 each)." Players
//! sharing a place are named together; money is said where the game is played for money and
//! could be settled.
//!
//! A part of the game pages (`web::pages::games`): reads the `rules::game` state and words it
//! through `text`; no SQL, no scoring of its own, nothing from `cli`.

use crate::store::LoadedGame;
use crate::text::game::{and_list, place_ordinal};
use crate::text::{Lang, Msg};
use crate::web::bidi::isolate;
use crate::web::pages::money::Money;

/// One group of the result: the players sharing a place (and the same money).
struct Group {
    place: u32,
    total: i64,
    net: Option<i64>,
    names: Vec<String>,
}

/// The result of a finished game as one sentence; `None` while it is not over.
pub(super) fn sentence(game: &LoadedGame, lang: Lang) -> Option<String> {
    let (setup, state) = (&game.setup, &game.state);
    if !state.finished {
        return None;
    }
    let nets = match &state.settlement {
        Some(Ok(s)) if s.net_cents.iter().any(|&c| c != 0) => Some(&s.net_cents),
        _ => None,
    };
    let mut seats: Vec<usize> = (0..setup.player_count()).collect();
    seats.sort_by_key(|&i| state.places[i]);
    let mut groups: Vec<Group> = Vec::new();
    for i in seats {
        let (place, net) = (state.places[i], nets.map(|n| n[i]));
        match groups.last_mut() {
            Some(g) if g.place == place && g.net == net => g.names.push(isolate(&setup.name(i))),
            _ => groups.push(Group {
                place,
                total: state.totals[i],
                net,
                names: vec![isolate(&setup.name(i))],
            }),
        }
    }
    let currency = setup.currency();
    let said: Vec<String> = groups
        .iter()
        .map(|g| {
            let names = and_list(&g.names, lang);
            let mut part = if g.place == 1 && g.names.len() == 1 {
                Msg::GameResultWinner.fill(lang, &[("name", &names), ("total", &g.total)])
            } else if g.place == 1 {
                Msg::GameResultWinners.fill(lang, &[("names", &names), ("total", &g.total)])
            } else {
                Msg::GameResultPlace.fill(
                    lang,
                    &[
                        ("names", &names),
                        ("place", &place_ordinal(g.place, lang)),
                        ("total", &g.total),
                    ],
                )
            };
            if let Some(net) = g.net {
                let money = Money::new(net, currency, lang).signed();
                let msg = if g.names.len() == 1 {
                    Msg::GameResultMoney
                } else {
                    Msg::GameResultMoneyEach
                };
                part.push(' ');
                part.push_str(&msg.fill(lang, &[("money", &money)]));
            }
            part
        })
        .collect();
    let (first, rest) = said.split_first()?;
    Some(if rest.is_empty() {
        format!("{first}.")
    } else {
        format!("{first} — {}.", rest.join(", "))
    })
}
