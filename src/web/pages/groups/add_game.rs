//! "Add to group" on a standalone game's page: `POST /games/{id}/group` with one of
//! this phone's groups (`group`, its edit id) or a pasted group edit link (`link`, which wins
//! when given) and the form's `key`. The game's players join the group's list (names read the
//! same are the same player); then the game page links its group.
//!
//! The game's read-only token is refused (403) like every game write, and so is a group's
//! read-only link: it can never add to the group.
//!
//! Part of `web::pages::groups`: groups through `store`; no SQL, no scoring, nothing from `cli`.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};

use crate::db::games::Once;
use crate::store::groups::{self, GroupOutcome};
use crate::text::groups::GroupMsg;
use crate::web::Result;
use crate::web::cookies::CookieJar;
use crate::web::groups::{missing_group, problem_sentence};
use crate::web::i18n::{Msg, PageCtx};
use crate::web::idempotency::{canonical_form, request_hash};
use crate::web::links::{GameLinks, GroupLinks};
use crate::web::recent::{self, RecentGame};
use crate::web::{AppError, AppState, Form, last_field};

/// The "add to group" form of a standalone game's page.
pub(crate) struct AddToGroup {
    /// Where it posts, and its key.
    pub(crate) action: String,
    pub(crate) key: String,
    /// This phone's groups through their edit links: (edit id, name).
    pub(crate) groups: Vec<(String, String)>,
}

impl AddToGroup {
    /// The form for the game with edit id `id`, offering the groups of this phone's list.
    pub(crate) fn new(ctx: &PageCtx, jar: &CookieJar, id: &str) -> AddToGroup {
        let action = action(id);
        AddToGroup {
            key: ctx.form_key(&action),
            action,
            groups: recent::groups(jar)
                .into_iter()
                .filter_map(|RecentGame { url, label }| {
                    let id = url.strip_prefix("/groups/")?;
                    (!id.starts_with("view/") && !id.contains('/')).then(|| (id.to_owned(), label))
                })
                .collect(),
        }
    }
}

/// The form's action: `/games/{id}/group`.
fn action(id: &str) -> String {
    GameLinks::new(id).action("group")
}

/// A group's edit id from what was pasted: the id itself or its edit link
/// (`…/groups/{id}`, with or without a query). A read-only link gives `view`, no group's id.
pub(crate) fn group_id_of(given: &str) -> &str {
    let given = given.trim().trim_end_matches('/');
    given
        .rsplit_once("/groups/")
        .map_or(given, |(_, id)| id)
        .split(['/', '?', '#'])
        .next()
        .unwrap_or_default()
}

/// `POST /games/{id}/group`.
pub(super) async fn add(
    State(state): State<AppState>,
    ctx: PageCtx,
    jar: CookieJar,
    Path(id): Path<String>,
    Form(pairs): Form<Vec<(String, String)>>,
) -> Result<Response> {
    // The game's read-only token is refused first.
    state.load_edit(&id).await?;
    let action = action(&id);
    let field = |name: &str| last_field(&pairs, name).unwrap_or_default();
    let key = state.form_keys.check(&action, field("key"))?;
    let lang = ctx.lang;
    let group_id = match (field("link"), field("group")) {
        ("", "") => {
            return Err(AppError::Unprocessable(
                GroupMsg::PageAddToNone.text(lang).to_owned(),
            ));
        }
        ("", chosen) => group_id_of(chosen).to_owned(),
        (link, _) => {
            // A group's read-only link pasted: refused like every write through it.
            let token = link
                .rsplit_once("/groups/view/")
                .map(|(_, rest)| group_id_of(&format!("/groups/{rest}")).to_owned());
            match token {
                Some(token) => token,
                None => group_id_of(link).to_owned(),
            }
        }
    };
    let request = request_hash(&format!("POST {action}"), &canonical_form(&pairs));
    let location = GameLinks::new(&id).page();
    let stored = key.map(|k| k.stored());
    let once = stored.as_deref().map(|key| Once {
        key,
        request: &request,
        response: &location,
    });
    let outcome = groups::add_game(&state.db, &group_id, None, once, &id).await?;
    match outcome {
        GroupOutcome::Done(..) | GroupOutcome::Replayed(_) => {
            let group = crate::db::groups::group(&state.db, &group_id).await?;
            let jar = match group {
                Some(group) => {
                    recent::remember_group(jar, &GroupLinks::new(&group_id).page(), &group.name)
                }
                None => jar,
            };
            Ok((jar, Redirect::to(&location)).into_response())
        }
        // The game page is kept and shared (`web::kept`): another phone that read the same
        // page used its key first, for another group. This page is out of date.
        GroupOutcome::KeyReused => Err(AppError::Said(
            StatusCode::UNPROCESSABLE_ENTITY,
            Msg::ErrFormStale,
        )),
        GroupOutcome::NotFound => match missing_group(&state, &group_id).await {
            AppError::Said(StatusCode::NOT_FOUND, _) => Err(AppError::Unprocessable(
                GroupMsg::PageNoSuchGroup.text(lang).to_owned(),
            )),
            other => Err(other),
        },
        GroupOutcome::Problem(problem) => {
            Err(AppError::Unprocessable(problem_sentence(&problem, lang)))
        }
        GroupOutcome::Conflict(_) | GroupOutcome::Invalid(_) => Err(AppError::Unprocessable(
            GroupMsg::PageNoSuchGroup.text(lang).to_owned(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::group_id_of;

    #[test]
    fn a_pasted_group_link_gives_the_group_s_id() {
        let id = "0123456789abcdef0123456789abcdef";
        assert_eq!(group_id_of(id), id);
        assert_eq!(
            group_id_of(&format!(" http://10.0.0.2:3000/groups/{id}/ ")),
            id
        );
        assert_eq!(group_id_of(&format!("/groups/{id}?lang=de")), id);
    }
}
