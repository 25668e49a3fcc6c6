//! Server-rendered SVG line charts: a game's race (running totals per player per
//! round) and a group's money over time (cumulative net per player per game). No JavaScript.
//!
//! One renderer, [`LineChart::svg`]: a `viewBox` and `width="100%"`, so it fits a 360 px
//! phone and scales on paper. Each line has its own colour AND dash pattern AND marker shape,
//! and a direct label at its end (marker, name, value), so lines are told apart without
//! colour (colour-blind readers, black-and-white print). Text and grid lines are drawn in
//! `currentColor`: inline in a page they take the page's text colour (dark mode included);
//! the standalone file (`chart.svg`) carries a small `<style>` of its own with
//! `prefers-color-scheme`. Line colours are presentation attributes (the light palette) that
//! `game.css` and the standalone style turn lighter in dark mode and keep in print. For
//! screen readers: `role="img"` with `<title>` and `<desc>` (the last values in words); the
//! pages show the score sheet beside it as the data table.
//!
//! Every word comes in from the caller (`text::charts`); every name is XML-escaped here.
//! A piece of `web`: depends on `std` only (the callers bring the words and numbers); nothing
//! from `db`, `store` or `cli`.

use std::fmt::Write as _;

/// The chart's size in user units (the `viewBox`); drawn at 100 % of the available width.
const WIDTH: f64 = 360.0;
const HEIGHT: f64 = 230.0;
/// Room for the y axis's tick labels and title.
const LEFT: f64 = 50.0;
/// Room for the labels at the lines' ends.
const RIGHT: f64 = 92.0;
const TOP: f64 = 10.0;
/// Room for the x axis's tick labels and title.
const BOTTOM: f64 = 38.0;
/// Least vertical distance between two end labels.
const LABEL_GAP: f64 = 11.0;
/// Longest name at a line's end, in characters (the full name is in the description).
const LABEL_CHARS: usize = 9;
/// Up to this many points per line, every point gets a marker; beyond, only the end.
const MARKER_POINTS: usize = 12;

/// Line colours (Okabe-Ito and Tol, without yellow and black): readable on white and, with
/// the dark-mode overrides of the same index in `game.css` and [`STANDALONE_STYLE`], on dark.
pub const COLOURS: [&str; 8] = [
    "#0072b2", "#d55e00", "#009e73", "#cc79a7", "#b8860b", "#332288", "#882255", "#117733",
];

/// Dash patterns, combined with [`COLOURS`] and [`MARKERS`] so no two of 12 lines look alike.
const DASHES: [&str; 6] = ["", "7 3", "2 3", "9 3 2 3", "4 4", "12 3 2 3 2 3"];

/// Marker shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Marker {
    Circle,
    Square,
    Triangle,
    Diamond,
    Cross,
    TriangleDown,
    Plus,
}

const MARKERS: [Marker; 7] = [
    Marker::Circle,
    Marker::Square,
    Marker::Triangle,
    Marker::Diamond,
    Marker::Cross,
    Marker::TriangleDown,
    Marker::Plus,
];

/// The style of the standalone `chart.svg` (inline in a page, `game.css` does the same).
pub const STANDALONE_STYLE: &str = "svg.kc{color:#1b1d1f;background:#fff}\
@media (prefers-color-scheme:dark){svg.kc{color:#eceae4;background:#16181b}\
.kc .kc-s0{stroke:#56b4e9}.kc :not(polyline).kc-s0{fill:#56b4e9}\
.kc .kc-s1{stroke:#ff8c42}.kc :not(polyline).kc-s1{fill:#ff8c42}\
.kc .kc-s2{stroke:#3ddc97}.kc :not(polyline).kc-s2{fill:#3ddc97}\
.kc .kc-s3{stroke:#e8a3cc}.kc :not(polyline).kc-s3{fill:#e8a3cc}\
.kc .kc-s4{stroke:#f5c242}.kc :not(polyline).kc-s4{fill:#f5c242}\
.kc .kc-s5{stroke:#a89cf0}.kc :not(polyline).kc-s5{fill:#a89cf0}\
.kc .kc-s6{stroke:#e07aa6}.kc :not(polyline).kc-s6{fill:#e07aa6}\
.kc .kc-s7{stroke:#7fcb8a}.kc :not(polyline).kc-s7{fill:#7fcb8a}\
}@media print{svg.kc{color:#000;background:#fff}}";

/// One line: a name and a value per x position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    /// The player's name (plain text; escaped when drawn).
    pub name: String,
    /// The value at each x position (all series have the same length).
    pub values: Vec<i64>,
}

/// A line chart with its words.
pub struct LineChart<'a> {
    /// Prefix of the element ids (`race`, `money`): unique on a page.
    pub id: &'a str,
    /// The chart's title (for screen readers and as tooltip).
    pub title: String,
    /// The description: what the chart shows and the last values, in words.
    pub desc: String,
    /// The x axis's title ("Round").
    pub x_title: String,
    /// The y axis's title ("Points").
    pub y_title: String,
    /// Label of each x position (the same length as the series' values).
    pub x_ticks: Vec<String>,
    /// The lines.
    pub series: Vec<Series>,
    /// How a y value is written (points as is, cents as money).
    pub y_format: &'a dyn Fn(i64) -> String,
    /// The standalone file: put [`STANDALONE_STYLE`] and the XML namespace in it.
    pub standalone: bool,
}

/// Text escaped for XML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Control characters are not allowed in XML 1.0.
            c if c.is_control() && c != '\n' && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

/// A name cut to [`LABEL_CHARS`] characters with `…`.
fn short(name: &str) -> String {
    let mut chars = name.chars();
    let head: String = chars.by_ref().take(LABEL_CHARS).collect();
    if chars.next().is_some() {
        let head: String = head.chars().take(LABEL_CHARS - 1).collect();
        format!("{}…", head.trim_end())
    } else {
        head
    }
}

/// A "nice" step (1, 2 or 5 × 10^k) that splits `range` into about `parts`.
fn nice_step(range: i64, parts: i64) -> i64 {
    let rough = (range.max(1) as f64 / parts as f64).max(1.0);
    let magnitude = 10f64.powf(rough.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|s| *s >= rough)
        .unwrap_or(10.0 * magnitude);
    (step as i64).max(1)
}

/// The y range and its ticks: from the lowest to the highest value (0 always included),
/// widened to whole steps.
fn y_axis(series: &[Series]) -> (i64, i64, Vec<i64>) {
    let values = series.iter().flat_map(|s| s.values.iter().copied());
    let lo = values.clone().min().unwrap_or(0).min(0);
    let hi = values.max().unwrap_or(0).max(0);
    let step = nice_step(hi.saturating_sub(lo), 5);
    let lo = lo.div_euclid(step).saturating_mul(step);
    let mut hi = (hi.saturating_add(step - 1))
        .div_euclid(step)
        .saturating_mul(step);
    if hi == lo {
        hi = lo.saturating_add(step);
    }
    let ticks = (0..)
        .map(|k: i64| lo.saturating_add(k.saturating_mul(step)))
        .take_while(|&v| v <= hi)
        .take(20)
        .collect();
    (lo, hi, ticks)
}

/// End labels' y positions: each at its line's end, pushed apart to [`LABEL_GAP`] and kept
/// inside the chart.
fn spread(mut wanted: Vec<(usize, f64)>) -> Vec<(usize, f64)> {
    wanted.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    let mut placed: Vec<(usize, f64)> = Vec::with_capacity(wanted.len());
    for (i, y) in wanted {
        let y = match placed.last() {
            Some(&(_, prev)) => y.max(prev + LABEL_GAP),
            None => y.max(TOP + 4.0),
        };
        placed.push((i, y));
    }
    // Pushed off the bottom: move everything up as far as needed (and possible).
    let limit = HEIGHT - BOTTOM + 8.0;
    if let Some(&(_, last)) = placed.last()
        && last > limit
    {
        let shift = last - limit;
        for p in &mut placed {
            p.1 -= shift;
        }
    }
    placed
}

/// A marker's shape at `(x, y)`.
fn marker(out: &mut String, shape: Marker, x: f64, y: f64, class: &str, colour: &str) {
    let r = 3.2;
    let paint = format!("class=\"{class}\" stroke=\"{colour}\" fill=\"{colour}\"");
    let _ = match shape {
        Marker::Circle => write!(
            out,
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r}\" {paint}/>"
        ),
        Marker::Square => write!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" {paint}/>",
            x - r,
            y - r,
            2.0 * r,
            2.0 * r
        ),
        Marker::Triangle => write!(
            out,
            "<path d=\"M{x:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}Z\" {paint}/>",
            y - r - 0.6,
            x + r + 0.4,
            y + r,
            x - r - 0.4,
            y + r
        ),
        Marker::TriangleDown => write!(
            out,
            "<path d=\"M{x:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}Z\" {paint}/>",
            y + r + 0.6,
            x + r + 0.4,
            y - r,
            x - r - 0.4,
            y - r
        ),
        Marker::Diamond => write!(
            out,
            "<path d=\"M{x:.1} {:.1}L{:.1} {y:.1}L{x:.1} {:.1}L{:.1} {y:.1}Z\" {paint}/>",
            y - r - 0.8,
            x + r + 0.8,
            y + r + 0.8,
            x - r - 0.8
        ),
        Marker::Cross => write!(
            out,
            "<path d=\"M{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}\" {paint} stroke-width=\"2\"/>",
            x - r,
            y - r,
            x + r,
            y + r,
            x - r,
            y + r,
            x + r,
            y - r
        ),
        Marker::Plus => write!(
            out,
            "<path d=\"M{:.1} {y:.1}L{:.1} {y:.1}M{x:.1} {:.1}L{x:.1} {:.1}\" {paint} stroke-width=\"2\"/>",
            x - r - 0.5,
            x + r + 0.5,
            y - r - 0.5,
            y + r + 0.5
        ),
    };
}

impl LineChart<'_> {
    /// The chart as SVG markup; `None` without a line or with fewer than 2 x positions.
    pub fn svg(&self) -> Option<String> {
        let points = self.x_ticks.len();
        if self.series.is_empty()
            || points < 2
            || self.series.iter().any(|s| s.values.len() != points)
        {
            return None;
        }
        let (lo, hi, ticks) = y_axis(&self.series);
        let plot_w = WIDTH - LEFT - RIGHT;
        let plot_h = HEIGHT - TOP - BOTTOM;
        let x_at = |k: usize| LEFT + plot_w * k as f64 / (points - 1) as f64;
        let y_at = |v: i64| TOP + plot_h * (hi - v) as f64 / (hi - lo) as f64;
        let id = escape(self.id);
        let mut out = String::with_capacity(4096);
        let xmlns = if self.standalone {
            " xmlns=\"http://www.w3.org/2000/svg\""
        } else {
            ""
        };
        let _ = write!(
            out,
            "<svg{xmlns} class=\"kc\" id=\"{id}-chart\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" width=\"100%\" \
             role=\"img\" aria-labelledby=\"{id}-title {id}-desc\" font-family=\"system-ui, sans-serif\" font-size=\"10\">\
             <title id=\"{id}-title\">{}</title><desc id=\"{id}-desc\">{}</desc>",
            escape(&self.title),
            escape(&self.desc)
        );
        if self.standalone {
            let _ = write!(out, "<style>{STANDALONE_STYLE}</style>");
        }
        // Grid and y ticks.
        out.push_str("<g class=\"kc-axis\" fill=\"currentColor\">");
        for &v in &ticks {
            let y = y_at(v);
            let opacity = if v == 0 { "0.6" } else { "0.2" };
            let _ = write!(
                out,
                "<line x1=\"{LEFT}\" x2=\"{:.1}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"currentColor\" stroke-opacity=\"{opacity}\"/>\
                 <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
                LEFT + plot_w,
                LEFT - 4.0,
                y + 3.5,
                escape(&(self.y_format)(v))
            );
        }
        // X ticks: at most about 12 labels.
        let every = points.div_ceil(12).max(1);
        for (k, label) in self.x_ticks.iter().enumerate() {
            if k % every != 0 && k != points - 1 {
                continue;
            }
            let _ = write!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
                x_at(k),
                TOP + plot_h + 12.0,
                escape(label)
            );
        }
        let _ = write!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-weight=\"bold\">{}</text>\
             <text transform=\"translate(11 {:.1}) rotate(-90)\" text-anchor=\"middle\" font-weight=\"bold\">{}</text></g>",
            LEFT + plot_w / 2.0,
            HEIGHT - 6.0,
            escape(&self.x_title),
            TOP + plot_h / 2.0,
            escape(&self.y_title)
        );
        // Each line's marker, drawn by the browser at every point (or only at the end of a
        // long line) through `marker-start`/`-mid`/`-end`: one definition per line.
        let every_point = points <= MARKER_POINTS;
        out.push_str("<defs>");
        for i in 0..self.series.len() {
            let class = format!("kc-s{}", i % COLOURS.len());
            let _ = write!(
                out,
                "<marker id=\"{id}-m{i}\" viewBox=\"-5 -5 10 10\" markerWidth=\"10\" markerHeight=\"10\" markerUnits=\"userSpaceOnUse\" orient=\"0\">"
            );
            marker(
                &mut out,
                MARKERS[i % MARKERS.len()],
                0.0,
                0.0,
                &class,
                COLOURS[i % COLOURS.len()],
            );
            out.push_str("</marker>");
        }
        out.push_str("</defs>");
        // The lines and their end labels.
        let mut ends = Vec::with_capacity(self.series.len());
        for (i, s) in self.series.iter().enumerate() {
            let colour = COLOURS[i % COLOURS.len()];
            let dash = DASHES[i % DASHES.len()];
            let class = format!("kc-s{}", i % COLOURS.len());
            let path: Vec<String> = s
                .values
                .iter()
                .enumerate()
                .map(|(k, &v)| format!("{:.0},{:.0}", x_at(k), y_at(v)))
                .collect();
            let dash_attr = if dash.is_empty() {
                String::new()
            } else {
                format!(" stroke-dasharray=\"{dash}\"")
            };
            let markers = if every_point {
                format!(
                    " marker-start=\"url(#{id}-m{i})\" marker-mid=\"url(#{id}-m{i})\" marker-end=\"url(#{id}-m{i})\""
                )
            } else {
                format!(" marker-end=\"url(#{id}-m{i})\"")
            };
            let _ = write!(
                out,
                "<polyline class=\"{class}\" points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"{dash_attr}{markers}/>",
                path.join(" ")
            );
            ends.push((i, y_at(s.values[points - 1])));
        }
        for (i, y) in spread(ends) {
            let s = &self.series[i];
            let colour = COLOURS[i % COLOURS.len()];
            let class = format!("kc-s{}", i % COLOURS.len());
            let x = LEFT + plot_w + 8.0;
            marker(&mut out, MARKERS[i % MARKERS.len()], x, y, &class, colour);
            let _ = write!(
                out,
                "<text class=\"kc-label\" x=\"{:.1}\" y=\"{:.1}\" fill=\"currentColor\">{} {}</text>",
                x + 6.0,
                y + 3.5,
                escape(&short(&s.name)),
                escape(&(self.y_format)(s.values[points - 1]))
            );
        }
        out.push_str("</svg>");
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart(series: Vec<Series>, standalone: bool) -> Option<String> {
        let format = |v: i64| v.to_string();
        let ticks = (0..series.first().map_or(0, |s| s.values.len()))
            .map(|k| k.to_string())
            .collect();
        LineChart {
            id: "race",
            title: "Race".into(),
            desc: "Ann 35, Ben 50".into(),
            x_title: "Round".into(),
            y_title: "Points".into(),
            x_ticks: ticks,
            series,
            y_format: &format,
            standalone,
        }
        .svg()
    }

    fn line(name: &str, values: &[i64]) -> Series {
        Series {
            name: name.into(),
            values: values.to_vec(),
        }
    }

    #[test]
    fn each_line_has_its_own_colour_dash_and_marker_and_a_label_at_its_end() {
        let svg = chart(
            vec![line("Ann", &[0, 10, 35]), line("Ben", &[0, 30, 50])],
            false,
        )
        .expect("a chart");
        assert!(svg.starts_with("<svg class=\"kc\""));
        assert!(svg.contains("role=\"img\""));
        assert!(svg.contains("aria-labelledby=\"race-title race-desc\""));
        assert!(svg.contains("<title id=\"race-title\">Race</title>"));
        assert!(svg.contains("<desc id=\"race-desc\">Ann 35, Ben 50</desc>"));
        assert!(svg.contains("viewBox=\"0 0 360 230\" width=\"100%\""));
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(svg.contains(&format!(
            "stroke=\"{}\" stroke-width=\"2\" marker-start",
            COLOURS[0]
        )));
        assert!(svg.contains(&format!(
            "stroke=\"{}\" stroke-width=\"2\" stroke-dasharray=\"7 3\"",
            COLOURS[1]
        )));
        // Ann's markers are circles, Ben's squares: one definition drawn at every point, and
        // one by the label each.
        assert_eq!(svg.matches("<circle").count(), 2);
        assert_eq!(svg.matches("<rect").count(), 2);
        assert!(svg.contains("marker-mid=\"url(#race-m0)\""));
        assert!(svg.contains("<marker id=\"race-m1\""));
        assert!(svg.contains(">Ann 35</text>"));
        assert!(svg.contains(">Ben 50</text>"));
        assert!(svg.contains(">Round</text>") && svg.contains(">Points</text>"));
        // Inline: no style element (the page's CSP allows none), no namespace needed.
        assert!(!svg.contains("<style>") && !svg.contains("xmlns"));
        let standalone = chart(vec![line("Ann", &[0, 10])], true).expect("a chart");
        assert!(standalone.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(standalone.contains("prefers-color-scheme:dark"));
    }

    #[test]
    fn names_are_escaped_and_long_ones_cut_at_the_line_end() {
        let svg = chart(
            vec![
                line("<script>&\"x\"", &[0, 1]),
                line("Bartholomäus Maximilian", &[0, 2]),
            ],
            false,
        )
        .expect("a chart");
        assert!(!svg.contains("<script>"));
        assert!(svg.contains(">&lt;script&gt;… 1</text>"));
        assert!(svg.contains(">Bartholo… 2</text>"));
    }

    #[test]
    fn a_long_line_is_marked_at_its_end_only() {
        let values: Vec<i64> = (0..40).collect();
        let svg = chart(vec![line("Ann", &values)], false).expect("a chart");
        assert!(svg.contains("marker-end=\"url(#race-m0)\""));
        assert!(!svg.contains("marker-mid"));
        // At most about 12 x labels: every 4th of 40 (0 … 36) and the last (39).
        assert_eq!(svg.matches("text-anchor=\"middle\">").count(), 11);
    }

    #[test]
    fn nothing_to_draw_is_no_chart() {
        assert_eq!(chart(vec![], false), None);
        assert_eq!(chart(vec![line("Ann", &[0])], false), None);
    }

    #[test]
    fn the_y_axis_takes_whole_steps_around_zero() {
        let (lo, hi, ticks) = y_axis(&[line("a", &[0, 35, 180]), line("b", &[0, -40, 10])]);
        assert_eq!((lo, hi), (-50, 200));
        assert_eq!(ticks, [-50, 0, 50, 100, 150, 200]);
        let (lo, hi, ticks) = y_axis(&[line("a", &[0, 0])]);
        assert_eq!((lo, hi, ticks.len()), (0, 1, 2));
    }

    #[test]
    fn end_labels_never_overlap_and_stay_inside() {
        let placed = spread(vec![(0, 100.0), (1, 100.0), (2, 101.0), (3, 300.0)]);
        let mut ys: Vec<f64> = placed.iter().map(|p| p.1).collect();
        ys.sort_by(f64::total_cmp);
        for pair in ys.windows(2) {
            assert!(pair[1] - pair[0] >= LABEL_GAP - 1e-9);
        }
        assert!(ys.last().copied().unwrap_or(0.0) <= HEIGHT - BOTTOM + 8.0 + 1e-9);
    }
}
