//! Lists in words: "A, B and C" / "A, B und C", "A, B or C" / "A, B oder C". Every other
//! module of `text` that names several things in a row says them through here.
//!
//! Depends on `text` only.

use super::Lang;

messages! {
    /// The words that end a list.
    pub enum ListMsg {
        And => "{rest} and {last}", "{rest} und {last}";
        Or => "{rest} or {last}", "{rest} oder {last}";
    }
}

/// "A, B and C" / "A, B und C".
pub fn and_list(items: &[String], lang: Lang) -> String {
    join(items, ListMsg::And, lang)
}

/// "A, B or C" / "A, B oder C".
pub fn or_list(items: &[String], lang: Lang) -> String {
    join(items, ListMsg::Or, lang)
}

fn join(items: &[String], word: ListMsg, lang: Lang) -> String {
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => word.fill(lang, &[("rest", &rest.join(", ")), ("last", last)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_end_with_and_or_or_in_each_language() {
        let names: Vec<String> = ["Ann", "Ben", "Cy"].map(String::from).to_vec();
        assert_eq!(and_list(&names, Lang::En), "Ann, Ben and Cy");
        assert_eq!(and_list(&names, Lang::De), "Ann, Ben und Cy");
        assert_eq!(or_list(&names[..2], Lang::De), "Ann oder Ben");
        assert_eq!(or_list(&names[..1], Lang::En), "Ann");
        assert_eq!(or_list(&[], Lang::En), "");
    }
}
