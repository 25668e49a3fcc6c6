//! A group's paper import page (docs/paper-import.md): `GET /groups/{id}/import`
//! shows a file field and a text area to paste the CSV into; `POST /groups/{id}/import` with
//! `step=preview` (a `multipart/form-data` body with the file, or a URL-encoded one with the
//! pasted text) shows every game read and every bad row named, with an "Import N games"
//! button carrying the sheet's text and a form key; with `step=import` it makes the games in
//! the group once per key (a repeat makes nothing twice) and goes to the group page. Unlikely
//! rounds need the "import anyway" box. No JavaScript.
//!
//! A file is read as UTF-8 (with or without a byte-order mark), UTF-16 with a mark, or else
//! Windows-1252, as German Excel saves CSV (`rules::paper::sheet_text`). It may be as large
//! as any request ([`crate::web::BODY_LIMIT`]): a larger one is a 413 with that limit named.
//! A chosen file takes the place of pasted text.
//!
//! Part of `web::pages::groups`: the checks and the write are `store::import`'s, the words
//! `text::paper`'s; no SQL, nothing from `cli`.

use askama::Template;
use axum::extract::{FromRequest, Multipart, Path, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};

use super::load_edit;
use crate::db::games::Keyed;
use crate::store::groups::{GroupOutcome, GroupProblem, LoadedGroup};
use crate::store::import::{self, Preview};
use crate::text::paper::PaperMsg;
use crate::web::Result;
use crate::web::groups::problem_sentence;
use crate::web::i18n::{Msg, PageCtx};
use crate::web::idempotency::{canonical_form, request_hash};
use crate::web::links::GroupLinks;
use crate::web::page::render_status;
use crate::web::paper_import::{preview_json, refusal, too_much_work};
use crate::web::rate_limit::WorkCharge;
use crate::web::{AppError, AppState, Form};

/// The import page.
#[derive(Template)]
#[template(path = "group_import.html")]
struct ImportPage {
    ctx: PageCtx,
    title: String,
    group_url: String,
    group_name: String,
    action: String,
    key: String,
    csv: String,
    /// The file field's hint, with the size limit.
    file_hint: String,
    notice: Option<String>,
    /// The preview's lines, once previewed.
    games: Vec<String>,
    games_heading: String,
    problems: Vec<String>,
    warnings: Vec<String>,
    /// "Import N games", when the sheet can be imported.
    import_button: Option<String>,
    previewed: bool,
}

impl ImportPage {
    fn p(&self, msg: PaperMsg) -> &'static str {
        msg.text(self.ctx.lang)
    }
}

fn page(
    ctx: PageCtx,
    group: &LoadedGroup,
    csv: String,
    preview: Option<&Preview>,
    notice: Option<String>,
) -> ImportPage {
    let links = GroupLinks::new(&group.group.id);
    let action = links.import();
    let lang = ctx.lang;
    let json = preview.map(|p| preview_json(p, lang));
    let games: Vec<String> = json
        .iter()
        .flat_map(|j| j.games.iter())
        .map(|g| {
            let totals = if g.totals.is_empty() {
                g.players.join(", ")
            } else {
                g.players
                    .iter()
                    .zip(&g.totals)
                    .map(|(name, t)| format!("{name} {t}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            // The rule set by its name in the reader's language, not its id ("liverpool").
            let rules = crate::rules::presets::preset_info(&g.rules).map_or_else(
                || g.rules.clone(),
                |info| crate::text::rules::preset_name(&info, lang).to_owned(),
            );
            PaperMsg::PageGame.fill(
                lang,
                &[
                    ("date", &g.date),
                    ("rules", &rules),
                    ("number", &g.game),
                    ("totals", &totals),
                    ("rounds", &g.rounds.len()),
                ],
            )
        })
        .collect();
    let n = games.len();
    let import_button = json
        .as_ref()
        .filter(|j| j.can_import)
        .map(|_| PaperMsg::PageImport.fill(lang, &[("n", &n)]));
    ImportPage {
        title: PaperMsg::PageTitle.fill(lang, &[("group", &group.group.name)]),
        group_url: links.page(),
        group_name: group.group.name.clone(),
        key: ctx.form_key(&action),
        action,
        csv,
        // The form's other fields and the multipart framing take the rest of a request.
        file_hint: PaperMsg::PageFileHint
            .fill(lang, &[("kib", &(crate::web::BODY_LIMIT / 1024 - 1))]),
        notice,
        games_heading: PaperMsg::PageGames.fill(lang, &[("n", &n)]),
        games,
        problems: json
            .iter()
            .flat_map(|j| j.problems.iter().map(|p| p.message.clone()))
            .collect(),
        warnings: json
            .iter()
            .flat_map(|j| j.warnings.iter().map(|p| p.message.clone()))
            .collect(),
        import_button,
        previewed: json.is_some(),
        ctx,
    }
}

/// `GET /groups/{id}/import`: the empty form.
pub(super) async fn show(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path(id): Path<String>,
) -> Result<Response> {
    let group = load_edit(&state, &id).await?;
    render_status(
        StatusCode::OK,
        &page(ctx, &group, String::new(), None, None),
    )
}

/// The form's fields, from a URL-encoded body or a `multipart/form-data` one; a file in the
/// `file` field (if one was chosen) becomes the `csv` field's text.
async fn form_fields(request: Request, state: &AppState) -> Result<Vec<(String, String)>> {
    form_fields_with_file(request, state, "csv").await
}

/// [`form_fields`] where a chosen file becomes the field `text_field` (the rule set import's
/// `json`): read as UTF-8 (with or without a mark), UTF-16 with a mark, or Windows-1252.
pub(in crate::web::pages) async fn form_fields_with_file(
    request: Request,
    state: &AppState,
    text_field: &str,
) -> Result<Vec<(String, String)>> {
    let multipart = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.trim_start()
                .to_ascii_lowercase()
                .starts_with("multipart/form-data")
        });
    if !multipart {
        let Form(pairs) = Form::<Vec<(String, String)>>::from_request(request, state).await?;
        return Ok(pairs);
    }
    let unreadable = |e: axum::extract::multipart::MultipartError| {
        // The request limit's error arrives wrapped more deeply than axum's own check looks.
        let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(&e);
        while let Some(error) = cause {
            if error.is::<http_body_util::LengthLimitError>() {
                return AppError::PayloadTooLarge;
            }
            cause = error.source();
        }
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            AppError::PayloadTooLarge
        } else {
            AppError::Said(StatusCode::BAD_REQUEST, Msg::ErrBodyUnreadable)
        }
    };
    let mut form = Multipart::from_request(request, state)
        .await
        .map_err(|_| AppError::Said(StatusCode::BAD_REQUEST, Msg::ErrBodyUnreadable))?;
    let mut pairs = Vec::new();
    let mut file = None;
    while let Some(field) = form.next_field().await.map_err(unreadable)? {
        let name = field.name().unwrap_or_default().to_owned();
        let bytes = field.bytes().await.map_err(unreadable)?;
        if name == "file" {
            // A file field with no file chosen comes empty.
            if !bytes.is_empty() {
                file = Some(crate::rules::paper::sheet_text(&bytes));
            }
        } else {
            pairs.push((name, String::from_utf8_lossy(&bytes).into_owned()));
        }
    }
    if let Some(text) = file {
        pairs.retain(|(name, _)| name != text_field);
        pairs.push((text_field.to_owned(), text));
    }
    Ok(pairs)
}

/// `POST /groups/{id}/import` (`csv` or a `file`, `key`, `step` = `preview` or `import`,
/// `confirm`).
pub(super) async fn post(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path(id): Path<String>,
    request: Request,
) -> Result<Response> {
    let group = load_edit(&state, &id).await?;
    let charge = request.extensions().get::<WorkCharge>().cloned();
    let pairs = form_fields(request, &state).await?;
    let field = |name: &str| {
        pairs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    // Browsers send CRLF line ends from a text area; the reader takes either.
    let csv = field("csv");
    let confirm = !field("confirm").is_empty();
    let preview = import::preview_stored(&state.db, &csv).await?;
    if field("step") != "import" {
        return render_status(
            StatusCode::OK,
            &page(ctx, &group, csv, Some(&preview), None),
        );
    }
    let action = GroupLinks::new(&id).import();
    // The import form always sends a key: one missing is a damaged form.
    let key = state
        .form_keys
        .check(&action, &field("key"))?
        .ok_or(AppError::Said(
            StatusCode::BAD_REQUEST,
            Msg::RoundsFormDamaged,
        ))?;
    if let Some(notice) = refusal(&preview, confirm, ctx.lang) {
        let page = page(ctx, &group, csv, Some(&preview), Some(notice));
        return render_status(StatusCode::UNPROCESSABLE_ENTITY, &page);
    }
    let request = request_hash(
        &format!("POST {action}"),
        &canonical_form(&[("csv".to_string(), csv.clone())]),
    );
    let stored = key.stored();
    let keyed = Keyed {
        key: &stored,
        request: &request,
    };
    let games = preview.games.len();
    if let Some(charge) = &charge
        && let Err(seconds) = charge.spend(games)
    {
        let notice = too_much_work(games, seconds, ctx.lang).to_string();
        let page = page(ctx, &group, csv, Some(&preview), Some(notice));
        let mut response = render_status(StatusCode::TOO_MANY_REQUESTS, &page)?;
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        return Ok(response);
    }
    let outcome = import::import(&state.db, &id, &preview, keyed, |_| {
        "page: import".to_string()
    })
    .await?;
    if let (Some(charge), GroupOutcome::Replayed(_) | GroupOutcome::Problem(_)) =
        (&charge, &outcome)
    {
        charge.refund(games);
    }
    match outcome {
        GroupOutcome::Done(..) | GroupOutcome::Replayed(_) => {
            Ok(Redirect::to(&GroupLinks::new(&id).page()).into_response())
        }
        GroupOutcome::Problem(problem @ GroupProblem::TooManyImports { seconds, .. }) => {
            let notice = problem_sentence(&problem, ctx.lang);
            let page = page(ctx, &group, csv, Some(&preview), Some(notice));
            let mut response = render_status(StatusCode::TOO_MANY_REQUESTS, &page)?;
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
            Ok(response)
        }
        GroupOutcome::KeyReused => Err(AppError::Said(
            StatusCode::UNPROCESSABLE_ENTITY,
            Msg::ErrKeyReused,
        )),
        _ => Err(load_edit(&state, &id)
            .await
            .err()
            .unwrap_or(AppError::Said(StatusCode::NOT_FOUND, Msg::ErrNoGroup))),
    }
}
