//! A group's numbers as the web shows them: the standings filter read from GET
//! parameters (`period=year|all|custom`, `from`, `to`, `rules`), with a sentence for a bad
//! one, the same in the JSON API and on the pages. The numbers themselves come from
//! `store::numbers`; this module only reads the request and names the filter.
//!
//! A shared web piece: `rules` for the filter's types, `text` for the sentences; nothing from
//! `pages`, `api`, `db` or `cli`.

use time::OffsetDateTime;

use crate::rules::paper::parse_day;
use crate::rules::standings::{Day, Filter};
use crate::text::Lang;
use crate::text::numbers::NumbersMsg;

/// Which period the filter asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Period {
    /// The calendar year of today (UTC).
    Year,
    /// Every game.
    All,
    /// From `from` to `to` (either may be open).
    Custom,
}

impl Period {
    /// The parameter's value.
    pub fn code(self) -> &'static str {
        match self {
            Period::Year => "year",
            Period::All => "all",
            Period::Custom => "custom",
        }
    }
}

/// The filter as asked for, with what the form shows again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AskedFilter {
    /// The period chosen.
    pub period: Period,
    /// `from` as typed (for the form).
    pub from: String,
    /// `to` as typed (for the form).
    pub to: String,
    /// The rule set's id, if one.
    pub rules: Option<String>,
    /// The engine's filter.
    pub filter: Filter,
}

impl Default for AskedFilter {
    fn default() -> Self {
        AskedFilter {
            period: Period::All,
            from: String::new(),
            to: String::new(),
            rules: None,
            filter: Filter::all_time(),
        }
    }
}

/// A day as `2026-11-24`.
pub fn iso_day(day: Day) -> String {
    format!("{:04}-{:02}-{:02}", day.year, day.month, day.day)
}

/// The filter of GET parameters (`pairs`: every one, others ignored); `today` gives "this
/// year". Without `period`: custom when `from` or `to` is given, else all time. A bad one is
/// a sentence in `lang`.
pub fn asked_filter(
    pairs: &[(String, String)],
    today: OffsetDateTime,
    lang: Lang,
) -> Result<AskedFilter, String> {
    let get = |name: &str| {
        super::last_field(pairs, name)
            .filter(|v| !v.is_empty())
            .map(str::to_owned)
    };
    let (from, to) = (get("from"), get("to"));
    let period = match get("period").as_deref() {
        None if from.is_some() || to.is_some() => Period::Custom,
        None | Some("all") => Period::All,
        Some("year") => Period::Year,
        Some("custom") => Period::Custom,
        Some(other) => return Err(NumbersMsg::BadPeriod.fill(lang, &[("value", &other)])),
    };
    let day = |v: &Option<String>| -> Result<Option<Day>, String> {
        match v {
            None => Ok(None),
            Some(text) => parse_day(text)
                .map(Some)
                .ok_or_else(|| NumbersMsg::BadDate.fill(lang, &[("value", text)])),
        }
    };
    let rules = match get("rules") {
        None => None,
        Some(id) if crate::rules::presets::preset_info(&id).is_some() || may_be_stored(&id) => {
            Some(id)
        }
        Some(id) => return Err(NumbersMsg::UnknownRules.fill(lang, &[("value", &id)])),
    };
    let mut filter = match period {
        Period::Year => Filter::year(today.year()),
        Period::All => Filter::all_time(),
        Period::Custom => {
            let (f, t) = (day(&from)?, day(&to)?);
            if let (Some(f), Some(t)) = (f, t)
                && f > t
            {
                return Err(NumbersMsg::FromAfterTo.text(lang).to_owned());
            }
            Filter {
                from: f,
                to: t,
                ..Filter::all_time()
            }
        }
    };
    filter.rules.clone_from(&rules);
    Ok(AskedFilter {
        period,
        from: from.unwrap_or_default(),
        to: to.unwrap_or_default(),
        rules,
        filter,
    })
}

/// Whether `id` may name a table's own rule set (`rs-<token>`, one version) or its family
/// (`rf-<token>`, every version): the caller looks it up ([`crate::web::groups::stored_rules`]).
pub fn may_be_stored(id: &str) -> bool {
    (id.starts_with("rs-") || id.starts_with("rf-"))
        && id.len() <= 80
        && id[3..].chars().all(|c| c.is_ascii_alphanumeric())
        && id.len() > 3
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    fn today() -> OffsetDateTime {
        OffsetDateTime::from_unix_timestamp(1_795_000_000).unwrap()
    }

    #[test]
    fn a_period_a_custom_range_and_a_rule_set_become_the_engine_s_filter() {
        let all = asked_filter(&[], today(), Lang::En).unwrap();
        assert_eq!(all.filter, Filter::all_time());
        let year = asked_filter(&pairs(&[("period", "year")]), today(), Lang::En).unwrap();
        assert_eq!(year.filter, Filter::year(today().year()));
        let custom = asked_filter(
            &pairs(&[
                ("from", "2026-01-05"),
                ("to", "31.03.2026"),
                ("rules", "liverpool"),
            ]),
            today(),
            Lang::En,
        )
        .unwrap();
        assert_eq!(custom.period, Period::Custom);
        assert_eq!(custom.filter.from, Some(Day::new(2026, 1, 5)));
        assert_eq!(custom.filter.to, Some(Day::new(2026, 3, 31)));
        assert_eq!(custom.filter.rules.as_deref(), Some("liverpool"));
    }

    #[test]
    fn a_bad_filter_is_a_sentence_in_both_languages() {
        let bad = |list: &[(&str, &str)], lang| asked_filter(&pairs(list), today(), lang);
        assert_eq!(
            bad(&[("from", "soon")], Lang::En).unwrap_err(),
            "\"soon\" is not a date; write it as 2026-11-24."
        );
        assert!(
            bad(&[("from", "soon")], Lang::De)
                .unwrap_err()
                .contains("kein Datum")
        );
        assert!(
            bad(&[("from", "2026-05-01"), ("to", "2026-04-01")], Lang::En)
                .unwrap_err()
                .contains("starts after it ends")
        );
        assert!(
            bad(&[("period", "decade")], Lang::De)
                .unwrap_err()
                .contains("decade")
        );
        assert!(
            bad(&[("rules", "poker")], Lang::En)
                .unwrap_err()
                .contains("no rule set \"poker\"")
        );
    }
}
