//! The checker's reasons in words: a [`Problem`] as a sentence in English or German.
//!
//! `rules::check` reports each reason as a code with its parameters; this module says it,
//! and says the answer to "Does this card fit?" ([`fit_words`]) for the page, API and CLI.
//! The JSON API, the pages and the command line say them in the request's language.
//!
//! Depends on `text` and `rules` only.

use super::{Lang, Say};
use crate::rules::cards::Card;
use crate::rules::check::Problem;
use crate::rules::layoff::{Fit, NoFit};
use crate::rules::meld::{MeldKind, WildShare};
use crate::rules::ruleset::RuleSet;

messages! {
    /// The sentences of the checker's problems.
    pub enum ProblemMsg {
        JokersNotInPlay => "Meld {meld} holds a joker, but this game is played without jokers.",
            "Meldung {meld} enthält einen Joker, aber diese Partie wird ohne Joker gespielt.";
        NoNatural => "Meld {meld} is all wild cards; it needs at least one natural card.",
            "Meldung {meld} besteht nur aus wilden Karten; sie braucht mindestens eine echte Karte.";
        MixedCards => "Meld {meld} is neither a set (one rank) nor a run (one suit).",
            "Meldung {meld} ist weder ein Satz (ein Rang) noch eine Folge (eine Farbe).";
        NotAPair => "Meld {meld} is not a pair: a pair is two cards of one rank.",
            "Meldung {meld} ist kein Paar: ein Paar sind zwei Karten eines Rangs.";
        SetSuitRepeats => "Meld {meld}: every card of a set must be of a different suit, but {suit} appears twice.",
            "Meldung {meld}: in einem Satz muss jede Karte eine andere Farbe haben, hier ist {suit} doppelt.";
        SetTooBig => "Meld {meld} has {len} {len|card|cards}; a set holds at most {max}.",
            "Meldung {meld} hat {len} {len|Karte|Karten}; ein Satz hat höchstens {max}.";
        RunRepeatsRank => "Meld {meld}: a run cannot hold {card} twice.",
            "Meldung {meld}: eine Folge kann {card} nicht zweimal enthalten.";
        RunGapsNoWilds => "Meld {meld}: the run is missing {missing} {missing|card|cards} and has no wild card to fill the gaps.",
            "Meldung {meld}: der Folge {missing|fehlt|fehlen} {missing} {missing|Karte|Karten}, und es gibt keine wilde Karte, um die Lücken zu füllen.";
        RunGaps => "Meld {meld}: the run is missing {missing} {missing|card|cards} but has only {wilds} wild {wilds|card|cards} to fill the gaps.",
            "Meldung {meld}: der Folge {missing|fehlt|fehlen} {missing} {missing|Karte|Karten}, aber es gibt nur {wilds} {wilds|wilde Karte|wilde Karten}, um die Lücken zu füllen.";
        AceOnlyHigh => "Meld {meld}: the ace counts only high here (Q-K-A), not below the 2.",
            "Meldung {meld}: das Ass zählt hier nur hoch (D-K-A), nicht vor der 2.";
        NoCorner => "Meld {meld}: a run may not turn the corner here (K-A-2).",
            "Meldung {meld}: eine Folge darf hier nicht um die Ecke gehen (K-A-2).";
        RunTooLong => "Meld {meld} has {len} {len|card|cards}; a run holds at most {max}.",
            "Meldung {meld} hat {len} {len|Karte|Karten}; eine Folge hat höchstens {max}.";
        TooManyWilds => "Meld {meld} has {wilds} wild {wilds|card|cards}; at most {max} per meld is allowed.",
            "Meldung {meld} hat {wilds} {wilds|wilde Karte|wilde Karten}; erlaubt ist höchstens {max} je Meldung.";
        TooLargeShareHalf => "Meld {meld} has {wilds} wild {wilds|card|cards} of {len}; here at most half of a meld may be wild (naturals at least as many as wild cards).",
            "Meldung {meld} hat {wilds} {wilds|wilde Karte|wilde Karten} von {len}; hier darf höchstens die Hälfte einer Meldung wild sein (mindestens so viele echte wie wilde Karten).";
        TooLargeShareThird => "Meld {meld} has {wilds} wild {wilds|card|cards} of {len}; here at most a third of a meld may be wild.",
            "Meldung {meld} hat {wilds} {wilds|wilde Karte|wilde Karten} von {len}; hier darf höchstens ein Drittel einer Meldung wild sein.";
        TooFewNaturals => "Meld {meld} has {naturals} natural {naturals|card|cards}; every meld needs at least {min}.",
            "Meldung {meld} hat {naturals} {naturals|echte Karte|echte Karten}; jede Meldung braucht mindestens {min}.";
        WrongMeldCount => "The contract needs exactly {needed} {needed|meld|melds}, but {given} {given|was|were} laid.",
            "Der Kontrakt verlangt genau {needed} {needed|Meldung|Meldungen}, gelegt {given|wurde|wurden} {given}.";
        /// `is` and `needs` carry their article: "a set", "ein Satz", "eine Folge".
        WrongKind => "Meld {meld} is {is}, but the contract needs {needs} here.",
            "Meldung {meld} ist {is}, aber der Kontrakt braucht hier {needs}.";
        TooShort => "Meld {meld} has {len} {len|card|cards}; {kinds} need at least {min} here.",
            "Meldung {meld} hat {len} {len|Karte|Karten}; {kinds} brauchen hier mindestens {min}.";
        TooLong => "Meld {meld} has {len} {len|card|cards}; on the first meld {kinds} hold exactly {max}, extras wait for the next turn.",
            "Meldung {meld} hat {len} {len|Karte|Karten}; beim ersten Auslegen haben {kinds} genau {max}, weitere Karten erst im nächsten Zug.";
        /// A run's span in a sentence: "♥3-6".
        RunSpan => "{suit}{from}-{to}", "{suit}{from}-{to}";
        ContiguousRuns => "{first} (meld {a}) and {second} (meld {b}) join end to end; in round {round} two runs of one suit need a gap or an overlap.",
            "{first} (Meldung {a}) und {second} (Meldung {b}) schließen lückenlos aneinander an; in Runde {round} brauchen zwei Folgen einer Farbe eine Lücke oder eine Überschneidung.";
        RunsTooClose => "Melds {a} and {b} are runs in {suit} with fewer than {gap} ranks between them; in round {round} two runs of one suit need at least {gap} ranks between them or an overlap.",
            "Meldungen {a} und {b} sind Folgen in {suit} mit weniger als {gap} Rängen dazwischen; in Runde {round} brauchen zwei Folgen einer Farbe mindestens {gap} Ränge Abstand oder eine Überschneidung.";
        SameSuitRuns => "Melds {a} and {b} are both runs in {suit}; here every run needs its own suit.",
            "Meldungen {a} und {b} sind beide Folgen in {suit}; jede Folge braucht hier ihre eigene Farbe.";
        SameRankSets => "Melds {a} and {b} are both sets of {rank}; two sets of one rank are not allowed here.",
            "Meldungen {a} und {b} sind beide Sätze aus {rank}; zwei Sätze eines Rangs sind hier nicht erlaubt.";
        NoAlternative => "The contract needs {contract}; the melds match none of these shapes.",
            "Der Kontrakt verlangt {contract}; die Meldungen passen zu keiner dieser Formen.";
        CardCount => "Going out takes exactly {needed} {needed|card|cards}, but {given} {given|was|were} laid.",
            "Zum Ausgehen müssen genau {needed} {needed|Karte|Karten} ausgelegt werden, hier {given|ist|sind} es {given}.";
        TooFewToGoOut => "Going out all at once takes every card in hand, at least {needed} after drawing, but only {given} {given|was|were} laid.",
            "Wer auf einmal ausgeht, legt alle Karten der Hand aus, nach dem Ziehen mindestens {needed}; hier {given|ist|sind} es nur {given}.";
        OpeningTooLow => "The melds count {points} {points|point|points}; the first meld needs at least {needed}.",
            "Die Meldung zählt {points} {points|Punkt|Punkte}; zum ersten Auslegen braucht es mindestens {needed}.";
        TooManyLeft => "The cards left in hand count {points} {points|point|points}; going out, at most {max} {max|point|points} may stay in hand.",
            "Die Karten, die auf der Hand bleiben, zählen {points} {points|Punkt|Punkte}; wer Rommé macht, darf höchstens {max} {max|Punkt|Punkte} auf der Hand behalten.";
        NothingLeft => "The cards left in hand count {points} {points|point|points}; going out, every card must be melded.",
            "Die Karten, die auf der Hand bleiben, zählen {points} {points|Punkt|Punkte}; wer Rommé macht, muss alle Karten auslegen.";
        PinOnNatural => "Meld {meld}: {card} is declared as another card, but 2s are not wild in this game.",
            "Meldung {meld}: {card} ist als andere Karte angesagt, aber 2en sind in dieser Partie nicht wild.";
        PinDoesNotFit => "Meld {meld}: the {card} is declared as {declared}, which does not fit the meld.",
            "Meldung {meld}: {card} ist als {declared} angesagt, das passt nicht in die Meldung.";
        PinNeeds => "Meld {meld}: the {card} is declared as {declared}, but the meld needs it as {needs}.",
            "Meldung {meld}: {card} ist als {declared} angesagt, aber die Meldung braucht an dieser Stelle {needs}.";
        AllWildUndeclared => "Meld {meld} is all wild cards; say what each one stands for ({undeclared} {undeclared|is|are} not declared yet, like JK=9H).",
            "Meldung {meld} besteht nur aus wilden Karten; sagt bei jeder, wofür sie steht ({undeclared} {undeclared|ist|sind} noch nicht angesagt, etwa JK=9H).";
        /// Between the cards a declared wild could be instead: "J♥ or A♥".
        Or => " or ", " oder ";
    }
}

messages! {
    /// Why a card does not fit a meld on the table.
    pub enum NoFitMsg {
        NotAMeld => "The cards on the table are not a legal meld.",
            "Die ausgelegten Karten sind keine gültige Meldung.";
        JokersNotInPlay => "This game is played without jokers.",
            "Diese Partie wird ohne Joker gespielt.";
        WrongRank => "The meld is a set of {rank}: only cards of that rank fit.",
            "Die Meldung ist ein Satz aus {rank}: nur Karten dieses Rangs passen.";
        SetFull => "The set already holds {max} {max|card|cards}, as many as a set may.",
            "Der Satz hat schon {max} {max|Karte|Karten}, mehr darf ein Satz nicht haben.";
        SuitTaken => "The set already holds a card in {suit}; every card of a set has its own suit.",
            "Der Satz hat schon eine Karte in {suit}; jede Karte eines Satzes hat ihre eigene Farbe.";
        WrongSuit => "The meld is a run in {suit}: only cards of that suit fit.",
            "Die Meldung ist eine Folge in {suit}: nur Karten dieser Farbe passen.";
        RunFull => "The run already holds {max} {max|card|cards}; no run is longer.",
            "Die Folge hat schon {max} {max|Karte|Karten}; länger ist keine Folge.";
        AceOnlyHigh => "The ace counts only high here (Q-K-A), not below the 2.",
            "Das Ass zählt hier nur hoch (D-K-A), nicht vor der 2.";
        NotAtAnEnd => "The run goes from {from} to {to}: a card fits only right below or above it, or in place of a wild card that stands for it.",
            "Die Folge geht von {from} bis {to}: eine Karte passt nur direkt darunter oder darüber oder anstelle einer wilden Karte, die für sie steht.";
        SwapNotAllowed => "It could replace the wild card that stands for it, but wild cards are not swapped back here.",
            "Sie könnte die wilde Karte ersetzen, die für sie steht, aber wilde Karten werden hier nicht zurückgetauscht.";
        PairFull => "The meld is a pair: a pair is two cards of one rank, so no card is laid off on it.",
            "Die Meldung ist ein Paar: ein Paar sind zwei Karten eines Rangs, daran wird nichts angelegt.";
        TooManyWilds => "The meld already holds as many wild cards as a meld may ({max}).",
            "Die Meldung hat schon so viele wilde Karten, wie erlaubt sind ({max}).";
        TooLargeShareHalf => "The meld holds {wilds} wild {wilds|card|cards} of {len}; another would make more than half of it wild (naturals must be at least as many as wild cards).",
            "Die Meldung hat {wilds} {wilds|wilde Karte|wilde Karten} von {len}; noch eine wäre mehr als die Hälfte (mindestens so viele echte wie wilde Karten).";
        NotWild => "{card} is declared as another card, but 2s are not wild in this game.",
            "{card} ist als andere Karte angesagt, aber 2en sind in dieser Partie nicht wild.";
        TooLargeShareThird => "The meld holds {wilds} wild {wilds|card|cards} of {len}; another would make more than a third of it wild.",
            "Die Meldung hat {wilds} {wilds|wilde Karte|wilde Karten} von {len}; noch eine wäre mehr als ein Drittel.";
    }
}

impl Say for crate::rules::layoff::NoFit {
    fn say(&self, lang: Lang) -> String {
        use crate::rules::layoff::NoFit;
        use NoFitMsg as M;
        match *self {
            NoFit::NotAMeld => M::NotAMeld.text(lang).to_owned(),
            NoFit::JokersNotInPlay => M::JokersNotInPlay.text(lang).to_owned(),
            NoFit::PairFull => M::PairFull.text(lang).to_owned(),
            NoFit::WrongRank { rank } => M::WrongRank.fill(lang, &[("rank", &rank.plural(lang))]),
            NoFit::SetFull { max } => M::SetFull.fill(lang, &[("max", &max)]),
            NoFit::SuitTaken { suit } => M::SuitTaken.fill(lang, &[("suit", &suit.name(lang))]),
            NoFit::WrongSuit { suit } => M::WrongSuit.fill(lang, &[("suit", &suit.name(lang))]),
            NoFit::RunFull { max } => M::RunFull.fill(lang, &[("max", &max)]),
            NoFit::NotAtAnEnd { from, to } => M::NotAtAnEnd.fill(
                lang,
                &[("from", &from.display(lang)), ("to", &to.display(lang))],
            ),
            NoFit::SwapNotAllowed => M::SwapNotAllowed.text(lang).to_owned(),
            NoFit::NotWild { card } => M::NotWild.fill(lang, &[("card", &card.display(lang))]),
            NoFit::AceOnlyHigh => M::AceOnlyHigh.text(lang).to_owned(),
            NoFit::TooManyWilds { max } => M::TooManyWilds.fill(lang, &[("max", &max)]),
            NoFit::TooLargeShare { share, wilds, len } => match share {
                WildShare::Half => M::TooLargeShareHalf,
                WildShare::Third => M::TooLargeShareThird,
            }
            .fill(lang, &[("wilds", &wilds), ("len", &len)]),
        }
    }
}

/// The answer to "Does this card fit?" in words, as the checker page, the JSON API
/// (`/api/v1/fit`) and the command line (`kontrakt fit`) all say it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FitWords {
    /// "Yes: 8♥ can replace Joker, which stands for it." / "No: 4♠ does not fit on …".
    pub headline: String,
    /// The sentences below it: how the card fits (a joker swap, a lay-off, the meld it
    /// makes), or why not (every "no" gives its reason).
    pub notes: Vec<String>,
}

/// What a wild card stands for: "Joker stands for 6♥" / "Der Joker steht für 6♥" (der Joker),
/// "Die 2♣ steht für 6♥" (die Zwei).
pub fn wild_stands_for(wild: Card, stands_for: Card, lang: Lang) -> String {
    use super::pages::Msg;
    let msg = if wild == Card::Joker {
        Msg::WildAsJoker
    } else {
        Msg::WildAs
    };
    msg.fill(
        lang,
        &[
            ("wild", &wild.display(lang)),
            ("card", &stands_for.display(lang)),
        ],
    )
}

/// [`FitWords`] for `answer`, the result of
/// [`fit_declared`](crate::rules::layoff::fit_declared) on this meld and card.
pub fn fit_words(
    rs: &RuleSet,
    (meld, pins): (&[Card], &[Option<Card>]),
    (card, declared): (Card, Option<Card>),
    answer: &Result<Fit, NoFit>,
    lang: Lang,
) -> FitWords {
    use super::pages::Msg;
    let shown = super::cards::pinned_cards_text(&[card], &[declared], lang);
    match answer {
        Ok(Fit::JokerSwap { wild, reading }) => {
            let (shown_wild, shown_card) = (wild.display(lang), card.display(lang));
            let both: [(&str, &dyn std::fmt::Display); 2] =
                [("card", &shown_card), ("wild", &shown_wild)];
            let (yes, swap) = if *wild == Card::Joker {
                (Msg::FitSwapYesJoker, Msg::FitSwapJoker)
            } else {
                (Msg::FitSwapYes, Msg::FitSwap)
            };
            FitWords {
                headline: yes.fill(lang, &both),
                notes: vec![swap.fill(lang, &both), super::cards::reading(reading, lang)],
            }
        }
        Ok(Fit::LayOff(reading)) => {
            let mut notes = Vec::new();
            if let Some((wild, stands_for)) = reading.wilds().iter().rev().find(|(w, _)| *w == card)
            {
                notes.push(wild_stands_for(*wild, *stands_for, lang) + ".");
            }
            let lay_off = if card == Card::Joker {
                Msg::FitLayOffJoker
            } else {
                Msg::FitLayOff
            };
            notes.push(lay_off.text(lang).to_owned());
            if rs.shanghai_calls {
                notes.push(Msg::FitShanghai.text(lang).to_owned());
            }
            FitWords {
                headline: Msg::FitYes.fill(
                    lang,
                    &[
                        ("card", &shown),
                        ("reading", &super::cards::reading(reading, lang)),
                    ],
                ),
                notes,
            }
        }
        Err(no) => {
            let mut notes = vec![no.say(lang)];
            if *no == NoFit::NotAMeld
                && let Some(problem) = crate::rules::pins::meld_problem(&rs.meld, 1, meld, pins)
            {
                notes.push(problem.message(lang));
            }
            FitWords {
                headline: Msg::FitNo.fill(
                    lang,
                    &[
                        ("card", &shown),
                        ("meld", &super::cards::pinned_cards_text(meld, pins, lang)),
                    ],
                ),
                notes,
            }
        }
    }
}

impl Problem {
    /// A sentence a player at the table understands, in English or German.
    pub fn message(&self, lang: Lang) -> String {
        use ProblemMsg as M;
        let kind = |k: MeldKind, plural: bool| k.noun_in(lang, plural);
        match *self {
            Problem::JokersNotInPlay { meld } => M::JokersNotInPlay.fill(lang, &[("meld", &meld)]),
            Problem::NoNatural { meld } => M::NoNatural.fill(lang, &[("meld", &meld)]),
            Problem::AllWildUndeclared { meld, undeclared } => {
                M::AllWildUndeclared.fill(lang, &[("meld", &meld), ("undeclared", &undeclared)])
            }
            Problem::MixedCards { meld } => M::MixedCards.fill(lang, &[("meld", &meld)]),
            Problem::NotAPair { meld } => M::NotAPair.fill(lang, &[("meld", &meld)]),
            Problem::SetSuitRepeats { meld, suit } => {
                M::SetSuitRepeats.fill(lang, &[("meld", &meld), ("suit", &suit.name(lang))])
            }
            Problem::SetTooBig { meld, max, len } => {
                M::SetTooBig.fill(lang, &[("meld", &meld), ("len", &len), ("max", &max)])
            }
            Problem::RunRepeatsRank { meld, card } => {
                M::RunRepeatsRank.fill(lang, &[("meld", &meld), ("card", &card.display(lang))])
            }
            Problem::RunGaps {
                meld,
                missing,
                wilds: 0,
            } => M::RunGapsNoWilds.fill(lang, &[("meld", &meld), ("missing", &missing)]),
            Problem::RunGaps {
                meld,
                missing,
                wilds,
            } => M::RunGaps.fill(
                lang,
                &[("meld", &meld), ("missing", &missing), ("wilds", &wilds)],
            ),
            Problem::AceOnlyHigh { meld } => M::AceOnlyHigh.fill(lang, &[("meld", &meld)]),
            Problem::NoCorner { meld } => M::NoCorner.fill(lang, &[("meld", &meld)]),
            Problem::RunTooLong { meld, max, len } => {
                M::RunTooLong.fill(lang, &[("meld", &meld), ("len", &len), ("max", &max)])
            }
            Problem::TooManyWilds { meld, max, wilds } => {
                M::TooManyWilds.fill(lang, &[("meld", &meld), ("wilds", &wilds), ("max", &max)])
            }
            Problem::TooLargeShare {
                meld,
                share,
                wilds,
                len,
            } => match share {
                WildShare::Half => M::TooLargeShareHalf,
                WildShare::Third => M::TooLargeShareThird,
            }
            .fill(lang, &[("meld", &meld), ("wilds", &wilds), ("len", &len)]),
            Problem::RunsTooClose {
                a,
                b,
                suit,
                gap,
                round,
            } => M::RunsTooClose.fill(
                lang,
                &[
                    ("a", &a),
                    ("b", &b),
                    ("suit", &suit.name(lang)),
                    ("gap", &gap),
                    ("round", &round),
                ],
            ),
            Problem::TooFewNaturals {
                meld,
                min,
                naturals,
            } => M::TooFewNaturals.fill(
                lang,
                &[("meld", &meld), ("naturals", &naturals), ("min", &min)],
            ),
            Problem::WrongMeldCount { needed, given } => {
                M::WrongMeldCount.fill(lang, &[("needed", &needed), ("given", &given)])
            }
            Problem::WrongKind { meld, is, needs } => M::WrongKind.fill(
                lang,
                &[
                    ("meld", &meld),
                    ("is", &is.with_article(lang, false)),
                    ("needs", &needs.with_article(lang, true)),
                ],
            ),
            Problem::TooShort {
                meld,
                kind: k,
                min,
                len,
            } => M::TooShort.fill(
                lang,
                &[
                    ("meld", &meld),
                    ("len", &len),
                    ("kinds", &kind(k, true)),
                    ("min", &min),
                ],
            ),
            Problem::TooLong {
                meld,
                kind: k,
                max,
                len,
            } => M::TooLong.fill(
                lang,
                &[
                    ("meld", &meld),
                    ("len", &len),
                    ("kinds", &kind(k, true)),
                    ("max", &max),
                ],
            ),
            Problem::ContiguousRuns {
                a,
                b,
                suit,
                first,
                second,
                round,
            } => {
                let run = |(from, to): (crate::rules::cards::Rank, crate::rules::cards::Rank)| {
                    M::RunSpan.fill(
                        lang,
                        &[
                            ("suit", &suit.symbol()),
                            ("from", &from.display(lang)),
                            ("to", &to.display(lang)),
                        ],
                    )
                };
                M::ContiguousRuns.fill(
                    lang,
                    &[
                        ("first", &run(first)),
                        ("second", &run(second)),
                        ("a", &a),
                        ("b", &b),
                        ("round", &round),
                    ],
                )
            }
            Problem::SameSuitRuns { a, b, suit } => {
                M::SameSuitRuns.fill(lang, &[("a", &a), ("b", &b), ("suit", &suit.name(lang))])
            }
            Problem::SameRankSets { a, b, rank } => {
                M::SameRankSets.fill(lang, &[("a", &a), ("b", &b), ("rank", &rank.plural(lang))])
            }
            Problem::NoAlternative { ref contract } => {
                M::NoAlternative.fill(lang, &[("contract", &contract.describe(lang))])
            }
            Problem::CardCount { needed, given } => {
                M::CardCount.fill(lang, &[("needed", &needed), ("given", &given)])
            }
            Problem::TooFewToGoOut { needed, given } => {
                M::TooFewToGoOut.fill(lang, &[("needed", &needed), ("given", &given)])
            }
            Problem::OpeningTooLow { points, needed } => {
                M::OpeningTooLow.fill(lang, &[("points", &points), ("needed", &needed)])
            }
            Problem::TooManyLeft { points, max: 0 } => {
                M::NothingLeft.fill(lang, &[("points", &points)])
            }
            Problem::TooManyLeft { points, max } => {
                M::TooManyLeft.fill(lang, &[("points", &points), ("max", &max)])
            }
            Problem::PinOnNatural { meld, card } => {
                M::PinOnNatural.fill(lang, &[("meld", &meld), ("card", &card.display(lang))])
            }
            Problem::PinDoesNotFit {
                meld,
                card,
                declared,
                ref needs,
            } => {
                let needs: Vec<String> = needs.iter().map(|c| c.display(lang)).collect();
                let msg = if needs.is_empty() {
                    M::PinDoesNotFit
                } else {
                    M::PinNeeds
                };
                msg.fill(
                    lang,
                    &[
                        ("meld", &meld),
                        ("card", &card.display(lang)),
                        ("declared", &declared.display(lang)),
                        ("needs", &needs.join(M::Or.text(lang))),
                    ],
                )
            }
        }
    }
}

impl Say for Problem {
    fn say(&self, lang: Lang) -> String {
        self.message(lang)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cards::Rank;

    use crate::rules::check::tests::{codes, run_check};

    #[test]
    fn contract_round_3_accepts_two_same_suit_runs_with_a_gap() {
        let r = run_check("contract", 3, "3H 4H 5H 6H | 8H 9H 10H JH");
        assert!(r.ok, "{:?}", r.problems);
        assert_eq!(
            r.contract.as_ref().map(|c| c.describe(Lang::En)).as_deref(),
            Some("2 runs of 4")
        );
        let first = r.melds[0].1.as_ref().unwrap();
        assert_eq!(first.ends().unzip(), (Rank::new(3), Rank::new(6)));
    }

    #[test]
    fn contiguous_same_suit_runs_are_rejected_in_round_3_with_a_sentence() {
        let r = run_check("contract", 3, "3H 4H 5H 6H | 7H 8H 9H 10H");
        assert!(!r.ok);
        assert_eq!(codes(&r), ["contiguous_runs"]);
        assert_eq!(
            r.problems[0].message(Lang::En),
            "♥3-6 (meld 1) and ♥7-10 (meld 2) join end to end; in round 3 two runs of one suit need a gap or an overlap."
        );
        assert!(r.problems[0].message(Lang::De).contains("Runde 3"));
        // German rank letters: D for the queen.
        let r = run_check("contract", 3, "5H 6H 7H 8H | 9H 10H JH QH");
        assert!(
            r.problems[0]
                .message(Lang::De)
                .starts_with("♥5-8 (Meldung 1) und ♥9-D (Meldung 2) ")
        );
        // The lower run given second is named as meld 2, in both languages.
        let r = run_check("contract", 3, "7H 8H 9H 10H | 3H 4H 5H 6H");
        assert_eq!(
            r.problems[0].message(Lang::En),
            "♥3-6 (meld 2) and ♥7-10 (meld 1) join end to end; in round 3 two runs of one suit need a gap or an overlap."
        );
        assert_eq!(
            r.problems[0].message(Lang::De),
            "♥3-6 (Meldung 2) und ♥7-10 (Meldung 1) schließen lückenlos aneinander an; in Runde 3 brauchen zwei Folgen einer Farbe eine Lücke oder eine Überschneidung."
        );
        // Jokers that can make the runs overlap make them legal: J-Q as jokers before K-A.
        assert!(run_check("contract", 3, "9H 10H JH QH | KH AH JK JK").ok);
    }

    #[test]
    fn every_reason_is_reported_not_just_the_first() {
        // Wrong kind for one requirement and a broken meld.
        let r = run_check("contract", 3, "3H 4H 5H 6H | 9C 9D 9S 9H | 2C 7D");
        assert_eq!(codes(&r), ["mixed_cards", "wrong_meld_count"]);
        let r = run_check("contract", 3, "3H 4H 5H | 9C 9D 9S 9H");
        assert_eq!(codes(&r), ["too_short", "wrong_kind"]);
        assert_eq!(
            r.problems[1].message(Lang::En),
            "Meld 2 is a set, but the contract needs a run here."
        );
    }

    #[test]
    fn a_german_wrong_kind_takes_the_article_of_its_noun_der_satz_die_folge_das_paar() {
        let r = run_check("contract", 3, "3H 4H 5H 6H | 9C 9D 9S 9H");
        assert_eq!(
            r.problems[0].message(Lang::De),
            "Meldung 2 ist ein Satz, aber der Kontrakt braucht hier eine Folge."
        );
        let r = run_check("contract", 1, "3H 4H 5H | 9C 9D 9S");
        assert_eq!(codes(&r), ["wrong_kind"]);
        assert_eq!(
            r.problems[0].message(Lang::De),
            "Meldung 1 ist eine Folge, aber der Kontrakt braucht hier einen Satz."
        );
        let pair = Problem::WrongKind {
            meld: 3,
            is: MeldKind::Set,
            needs: MeldKind::Pair,
        };
        assert_eq!(
            pair.message(Lang::De),
            "Meldung 3 ist ein Satz, aber der Kontrakt braucht hier ein Paar."
        );
        assert_eq!(
            pair.message(Lang::En),
            "Meld 3 is a set, but the contract needs a pair here."
        );
    }

    #[test]
    fn going_out_all_at_once_with_too_few_cards_is_said_in_both_languages() {
        let r = run_check("contract", 7, "3H 4H 5H 6H | 9S 10S JS QS | 2D 3D 4D JK");
        assert_eq!(
            r.problems[0].message(Lang::En),
            "Going out all at once takes every card in hand, at least 13 after drawing, but only 12 were laid."
        );
        assert_eq!(
            r.problems[0].message(Lang::De),
            "Wer auf einmal ausgeht, legt alle Karten der Hand aus, nach dem Ziehen mindestens 13; hier sind es nur 12."
        );
    }

    #[test]
    fn a_card_that_does_not_fit_says_why_in_both_languages() {
        use crate::rules::cards::parse_cards;
        use crate::rules::layoff::fit;
        let rs = crate::rules::ruleset::RuleSet::preset("contract").unwrap();
        let no = fit(
            &rs,
            &parse_cards("4H 5H 6H 7H").unwrap(),
            "8S".parse().unwrap(),
        )
        .unwrap_err();
        assert_eq!(no.code(), "wrong_suit");
        assert_eq!(
            no.say(Lang::En),
            "The meld is a run in hearts: only cards of that suit fit."
        );
        assert_eq!(
            no.say(Lang::De),
            "Die Meldung ist eine Folge in Herz: nur Karten dieser Farbe passen."
        );
        let no = fit(
            &rs,
            &parse_cards("4H 5H 6H 7H").unwrap(),
            "10H".parse().unwrap(),
        )
        .unwrap_err();
        assert_eq!(
            no.say(Lang::En),
            "The run goes from 4 to 7: a card fits only right below or above it, or in place of a wild card that stands for it."
        );
    }

    #[test]
    fn german_fit_answers_say_der_joker_for_a_joker_and_die_for_a_wild_two() {
        use crate::rules::cards::parse_cards;
        use crate::rules::layoff::fit;
        use crate::rules::ruleset::{OptionValue, RuleSet, test_preset};
        let words = |rs: &RuleSet, meld: &str, card: &str| {
            let meld = parse_cards(meld).unwrap();
            let card: Card = card.parse().unwrap();
            let answer = fit(rs, &meld, card);
            fit_words(
                rs,
                (&meld, &vec![None; meld.len()]),
                (card, None),
                &answer,
                Lang::De,
            )
        };
        let contract = RuleSet::preset("contract").unwrap();
        let swap = words(&contract, "5H 6H JK 8H", "7H");
        assert_eq!(
            swap.headline,
            "Ja: 7♥ kann den Joker ersetzen, der für sie steht."
        );
        assert_eq!(
            swap.notes[0],
            "Joker tauschen: 7♥ einlegen und den Joker nehmen."
        );
        let joker = words(&contract, "QS QH QD", "JK");
        assert_eq!(
            joker.notes[..2],
            [
                "Der Joker steht für D♣.",
                "Er kann an diese Meldung angelegt werden."
            ]
        );
        let twos = test_preset("hollywood", &[("twos_wild", OptionValue::Bool(true))]);
        let two = words(&twos, "5H 6H 2C 8H", "7H");
        assert_eq!(
            two.headline,
            "Ja: 7♥ kann die 2♣ ersetzen, die für sie steht."
        );
        assert_eq!(
            two.notes[0],
            "Wilde Karte tauschen: 7♥ einlegen und die 2♣ nehmen."
        );
        let natural = words(&contract, "QS QH QD", "QC");
        assert_eq!(
            natural.notes[0],
            "Sie kann an diese Meldung angelegt werden."
        );
    }

    #[test]
    fn either_or_contracts_name_every_shape() {
        let r = run_check("hollywood", 7, "3H 4H 5H 6H | 5C 5D 5S | 9D 10D JD QD");
        assert_eq!(codes(&r), ["no_alternative"]);
        assert_eq!(
            r.problems[0].message(Lang::En),
            "The contract needs 3 sets of 3 or 3 runs of 4; the melds match none of these shapes."
        );
        assert_eq!(
            r.problems[0].message(Lang::De),
            "Der Kontrakt verlangt 3 Sätze à 3 oder 3 Folgen à 4; die Meldungen passen zu keiner dieser Formen."
        );
        let r = run_check(
            "continental",
            1,
            "3H 4H 5H | 6S 7S 8S | 9D 10D JD | AC 2C 3C | QC QH QS",
        );
        assert_eq!(
            r.problems[0].message(Lang::En),
            "The contract needs one of: 5 runs of 3 · 3 runs of 4 + 1 run of 3 · 1 run of 5 + 1 run of 4 + 2 runs of 3; the melds match none of these shapes."
        );
        assert_eq!(
            r.problems[0].message(Lang::De),
            "Der Kontrakt verlangt eine der Formen: 5 Folgen à 3 · 3 Folgen à 4 + 1 Folge à 3 · 1 Folge à 5 + 1 Folge à 4 + 2 Folgen à 3; die Meldungen passen zu keiner dieser Formen."
        );
    }

    #[test]
    fn a_progressive_pair_of_two_ranks_gets_a_pair_message() {
        let r = run_check("progressive", 14, "7C 7D 7S 7H JK | 3H 4H 5H 2C 7H | KS QD");
        assert_eq!(codes(&r), ["not_a_pair"]);
        assert_eq!(
            r.problems[0].message(Lang::En),
            "Meld 3 is not a pair: a pair is two cards of one rank."
        );
        assert_eq!(
            r.problems[0].message(Lang::De),
            "Meldung 3 ist kein Paar: ein Paar sind zwei Karten eines Rangs."
        );
    }

    #[test]
    fn a_progressive_pair_of_two_declared_ranks_is_not_a_pair_rather_than_a_run() {
        let run_check = |rules: &str, round: usize, melds: &str| {
            let rs = RuleSet::preset(rules).unwrap();
            let spec = rs.round_for_check(Some(round)).unwrap();
            let m = crate::rules::cards::parse_pinned_melds(melds).unwrap();
            crate::rules::check::check_pinned(&rs, &spec, &m.melds, &m.pins)
        };
        let r = run_check(
            "progressive",
            14,
            "7C 7D 7S 7H JK | 3H 4H 5H 6H 7H | JK=QD JK=KD",
        );
        assert_eq!(codes(&r), ["not_a_pair"]);
        assert_eq!(r.melds[2].1, None, "two ranks are no meld");
        assert_eq!(
            r.problems[0].message(Lang::De),
            "Meldung 3 ist kein Paar: ein Paar sind zwei Karten eines Rangs."
        );
        // Declared as one rank, they are the pair.
        let r = run_check(
            "progressive",
            14,
            "7C 7D 7S 7H JK | 3H 4H 5H 6H 7H | JK=QD JK=QS",
        );
        assert!(r.ok, "{:?}", r.problems);
    }

    #[test]
    fn a_card_laid_on_a_progressive_pair_is_refused_because_a_pair_is_two_cards() {
        use crate::rules::cards::parse_cards;
        use crate::rules::layoff::fit;
        let rs = crate::rules::ruleset::RuleSet::preset("progressive").unwrap();
        let no = fit(&rs, &parse_cards("QD QS").unwrap(), "QH".parse().unwrap()).unwrap_err();
        assert_eq!(no.code(), "pair_full");
        assert_eq!(
            no.say(Lang::En),
            "The meld is a pair: a pair is two cards of one rank, so no card is laid off on it."
        );
        assert_eq!(
            no.say(Lang::De),
            "Die Meldung ist ein Paar: ein Paar sind zwei Karten eines Rangs, daran wird nichts angelegt."
        );
        let mixed = fit(&rs, &parse_cards("QD KS").unwrap(), "QH".parse().unwrap());
        assert_eq!(mixed.unwrap_err().code(), "not_a_meld");
        // A set of three still takes a fourth queen.
        assert!(
            fit(
                &rs,
                &parse_cards("QD QS QC").unwrap(),
                "QH".parse().unwrap()
            )
            .is_ok()
        );
    }

    #[test]
    fn rommee_with_twos_wild_reads_one_of_two_identical_2s_as_the_wild_card() {
        use crate::rules::cards::{parse_cards, parse_melds};
        use crate::rules::layoff::{Fit, fit};
        use crate::rules::ruleset::{OptionValue, test_preset};
        let rs = test_preset("rommee", &[("twos_wild", OptionValue::Bool(true))]);
        let spec = rs.round_for_check(None).unwrap();
        let check =
            |melds: &str| crate::rules::check::check(&rs, &spec, &parse_melds(melds).unwrap());
        // 2♣ 2♥ are the two naturals, the other 2♣ stands for a missing suit.
        let r = check("2C 2C 2H | KS KD KC KH");
        assert!(r.ok, "{:?}", r.problems);
        let two = r.melds[0].1.as_ref().unwrap();
        assert_eq!((two.naturals(), two.wilds().len()), (2, 1));
        assert!(check("2D 2D 2H 2S | KS KD KC KH").ok);
        // A 2♣ laid on 2♣ 2♥ 2♠ (three cards) or on 2♣ 2♥ fits as the wild card.
        for meld in ["2C 2H 2S", "2C 2H"] {
            let answer = fit(&rs, &parse_cards(meld).unwrap(), "2C".parse().unwrap());
            assert!(matches!(answer, Ok(Fit::LayOff(_))), "{meld}: {answer:?}");
        }
        // Only a set of four is full, and the reason says so with its true count.
        let full = fit(
            &rs,
            &parse_cards("2C 2H 2S 2D").unwrap(),
            "2C".parse().unwrap(),
        );
        assert_eq!(
            full.unwrap_err().say(Lang::En),
            "The set already holds 4 cards, as many as a set may."
        );
    }

    #[test]
    fn an_all_wild_meld_under_a_wild_share_is_refused_for_its_wild_cards_not_for_a_natural() {
        use crate::rules::cards::parse_melds;
        use crate::rules::ruleset::{OptionValue, test_preset};
        let check = |share: &str| {
            let rs = test_preset(
                "contract",
                &[("wilds_per_meld", OptionValue::Text(share.into()))],
            );
            let spec = rs.round_for_check(Some(1)).unwrap();
            let melds = parse_melds("JK JK JK | 5C 5D 5S").unwrap();
            crate::rules::check::check(&rs, &spec, &melds)
        };
        let half = check("half");
        assert_eq!(codes(&half), ["too_many_wilds"], "{:?}", half.problems);
        assert_eq!(
            half.problems[0].message(Lang::En),
            "Meld 1 has 3 wild cards of 3; here at most half of a meld may be wild (naturals at least as many as wild cards)."
        );
        assert_eq!(codes(&check("third")), ["too_many_wilds"]);
        // Where the table chose no share, a meld needs a natural card (RULES.md section 2).
        assert_eq!(codes(&check("any")), ["no_natural"]);
    }

    #[test]
    fn counts_are_pluralised_in_both_languages() {
        let one = Problem::WrongMeldCount {
            needed: 2,
            given: 1,
        };
        assert_eq!(
            one.say(Lang::En),
            "The contract needs exactly 2 melds, but 1 was laid."
        );
        assert_eq!(
            one.say(Lang::De),
            "Der Kontrakt verlangt genau 2 Meldungen, gelegt wurde 1."
        );
        // A run missing 1 card with no wild card: in `plural_tests`, with the sentences readers flagged.
        let gaps = Problem::RunGaps {
            meld: 2,
            missing: 2,
            wilds: 1,
        };
        assert_eq!(
            gaps.say(Lang::En),
            "Meld 2: the run is missing 2 cards but has only 1 wild card to fill the gaps."
        );
        let sets = Problem::SameRankSets {
            a: 1,
            b: 2,
            rank: Rank::QUEEN,
        };
        assert!(sets.say(Lang::En).contains("both sets of queens"));
        assert!(sets.say(Lang::De).contains("beide Sätze aus Damen"));
    }
}
