//! The addresses of a game, built in one place: [`GameLinks`] (the edit link's pages and
//! forms), [`ViewLinks`] (the read-only link's pages) and their JSON API twins. Handlers and
//! page data use these instead of formatting `/games/…` themselves, so a route and the links
//! to it cannot drift apart (the routes are declared in `pages` and `api`).
//!
//! A shared web piece: must not depend on `pages`, `api`, `store` or `rules`.

/// The addresses under a game's edit id.
#[derive(Clone, Copy, Debug)]
pub struct GameLinks<'a> {
    id: &'a str,
}

impl<'a> GameLinks<'a> {
    /// The links of the game with edit id `id`.
    pub fn new(id: &'a str) -> Self {
        Self { id }
    }

    /// The game page: `/games/{id}`.
    pub fn page(self) -> String {
        format!("/games/{}", self.id)
    }

    /// Where a new round is posted: `/games/{id}/rounds`.
    pub fn rounds(self) -> String {
        format!("/games/{}/rounds", self.id)
    }

    /// The form for the next round: `/games/{id}/rounds/new`.
    pub fn rounds_new(self) -> String {
        format!("/games/{}/rounds/new", self.id)
    }

    /// Where a correction of round `n` is posted: `/games/{id}/rounds/{n}`.
    pub fn round(self, n: usize) -> String {
        format!("/games/{}/rounds/{n}", self.id)
    }

    /// The correction form of round `n`: `/games/{id}/rounds/{n}/edit`.
    pub fn round_edit(self, n: usize) -> String {
        format!("/games/{}/rounds/{n}/edit", self.id)
    }

    /// The history page: `/games/{id}/history`.
    pub fn history(self) -> String {
        format!("/games/{}/history", self.id)
    }

    /// A change to the whole game (`undo`, `end`, `resume`): `/games/{id}/{action}`.
    pub fn action(self, action: &str) -> String {
        format!("/games/{}/{action}", self.id)
    }

    /// The game's JSON state: `/api/v1/games/{id}`.
    pub fn api(self) -> String {
        format!("/api/v1/games/{}", self.id)
    }

    /// The game's JSON history: `/api/v1/games/{id}/history`.
    pub fn api_history(self) -> String {
        format!("/api/v1/games/{}/history", self.id)
    }
}

/// The addresses under a game's read-only token.
#[derive(Clone, Copy, Debug)]
pub struct ViewLinks<'a> {
    token: &'a str,
}

impl<'a> ViewLinks<'a> {
    /// The links of the game with read-only token `token`.
    pub fn new(token: &'a str) -> Self {
        Self { token }
    }

    /// The read-only game page: `/view/{token}`.
    pub fn page(self) -> String {
        format!("/view/{}", self.token)
    }

    /// The game's JSON state, read-only: `/api/v1/view/{token}`.
    pub fn api(self) -> String {
        format!("/api/v1/view/{}", self.token)
    }
}

/// The addresses of a group: its edit link's pages and API (`edit`), and its
/// read-only link's (`view`).
#[derive(Clone, Copy, Debug)]
pub struct GroupLinks<'a> {
    id: &'a str,
}

impl<'a> GroupLinks<'a> {
    /// The links of the group with edit id `id`.
    pub fn new(id: &'a str) -> Self {
        Self { id }
    }

    /// The group page: `/groups/{id}`.
    pub fn page(self) -> String {
        format!("/groups/{}", self.id)
    }

    /// A form of the group page posts here: `/groups/{id}/{action}`.
    pub fn action(self, action: &str) -> String {
        format!("/groups/{}/{action}", self.id)
    }

    /// The group's new-game form: `/groups/{id}/games/new` (it posts to `/groups/{id}/games`).
    pub fn games_new(self) -> String {
        format!("/groups/{}/games/new", self.id)
    }

    /// The group's paper import page: `/groups/{id}/import`.
    pub fn import(self) -> String {
        format!("/groups/{}/import", self.id)
    }

    /// The group's export, `json` or `csv`: `/groups/{id}/export.{ext}`.
    pub fn export(self, ext: &str) -> String {
        format!("/groups/{}/export.{ext}", self.id)
    }

    /// The read-only twin of [`GroupLinks::export`] (its token in `id`):
    /// `/groups/view/{token}/export.{ext}`.
    pub fn view_export(self, ext: &str) -> String {
        format!("{}/export.{ext}", self.view_page())
    }

    /// The group's JSON: `/api/v1/groups/{id}`.
    pub fn api(self) -> String {
        format!("/api/v1/groups/{}", self.id)
    }

    /// The group's read-only page: `/groups/view/{token}` (`id` is the read-only token).
    pub fn view_page(self) -> String {
        format!("/groups/view/{}", self.id)
    }

    /// The group's read-only JSON: `/api/v1/groups/view/{token}`.
    pub fn view_api(self) -> String {
        format!("/api/v1/groups/view/{}", self.id)
    }

    /// The base of the group's pages through this link: `/groups/{id}`, or with `view`
    /// (`id` is the read-only token) `/groups/view/{token}`.
    fn base(self, view: bool) -> String {
        if view { self.view_page() } else { self.page() }
    }

    /// The standings page: `/groups/{id}/standings` (`view`: `/groups/view/{token}/…`).
    pub fn standings(self, view: bool) -> String {
        format!("{}/standings", self.base(view))
    }

    /// The head-to-head page: `/groups/{id}/head-to-head` (`view`: the read-only twin).
    pub fn head_to_head(self, view: bool) -> String {
        format!("{}/head-to-head", self.base(view))
    }

    /// The ledger (Kasse) page: `/groups/{id}/ledger` (`view`: the read-only twin).
    pub fn ledger(self, view: bool) -> String {
        format!("{}/ledger", self.base(view))
    }

    /// Where the ledger page's "Settled up" form posts: `/groups/{id}/ledger/settle-up`.
    pub fn settle_up_form(self) -> String {
        format!("/groups/{}/ledger/settle-up", self.id)
    }

    /// Where the ledger page's "Undo the settle-up" form posts:
    /// `/groups/{id}/ledger/settle-up/undo`.
    pub fn settle_up_undo_form(self) -> String {
        format!("/groups/{}/ledger/settle-up/undo", self.id)
    }

    /// The group's money chart: `/groups/{id}/chart.svg` (`view`: the read-only twin).
    pub fn chart(self, view: bool) -> String {
        format!("{}/chart.svg", self.base(view))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_links_are_the_routes_of_pages_and_api() {
        let game = GameLinks::new("abc");
        assert_eq!(game.page(), "/games/abc");
        assert_eq!(game.rounds(), "/games/abc/rounds");
        assert_eq!(game.rounds_new(), "/games/abc/rounds/new");
        assert_eq!(game.round(2), "/games/abc/rounds/2");
        assert_eq!(game.round_edit(2), "/games/abc/rounds/2/edit");
        assert_eq!(game.history(), "/games/abc/history");
        assert_eq!(game.action("undo"), "/games/abc/undo");
        assert_eq!(game.api(), "/api/v1/games/abc");
        assert_eq!(game.api_history(), "/api/v1/games/abc/history");
        let view = ViewLinks::new("xyz");
        assert_eq!(view.page(), "/view/xyz");
        assert_eq!(view.api(), "/api/v1/view/xyz");
        let group = GroupLinks::new("g");
        assert_eq!(group.page(), "/groups/g");
        assert_eq!(group.action("players"), "/groups/g/players");
        assert_eq!(group.api(), "/api/v1/groups/g");
        assert_eq!(group.view_page(), "/groups/view/g");
        assert_eq!(group.view_api(), "/api/v1/groups/view/g");
        assert_eq!(group.games_new(), "/groups/g/games/new");
        assert_eq!(group.import(), "/groups/g/import");
        assert_eq!(group.export("csv"), "/groups/g/export.csv");
        assert_eq!(group.standings(false), "/groups/g/standings");
        assert_eq!(group.standings(true), "/groups/view/g/standings");
        assert_eq!(group.head_to_head(false), "/groups/g/head-to-head");
        assert_eq!(group.ledger(true), "/groups/view/g/ledger");
        assert_eq!(group.settle_up_form(), "/groups/g/ledger/settle-up");
        assert_eq!(group.chart(false), "/groups/g/chart.svg");
        assert_eq!(group.chart(true), "/groups/view/g/chart.svg");
    }
}
