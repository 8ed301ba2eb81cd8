//! The chart kind a goal asks for ("as a pie chart", "bar chart", "en
//! camembert", "en gráfico de barras", "as a line chart"): its words are
//! placed (never fillers, never a stop), and the chart is drawn that way
//! when it fits the result — a pie only for parts of one whole (totals,
//! counts or shares per group) with positive values and at most
//! [`MAX_PIE_SLICES`] slices (checked where the values are, in the
//! sandbox), a line only over time. Otherwise the kind the recipe draws is
//! kept and the explanation says why in plain words.
//!
//! Corpus grammar (`tests/golden/steps-charts.txt`, and the follow-ups):
//! an expectation may end with `chart KIND` (`pie`, `bar`, `line`): the
//! kind the plan asks the code to draw (for a pie, when the values allow
//! it); `chart none` says a chart was asked that does not fit (the recipe's
//! own kind is drawn, with the note).

use serde::Serialize;

use crate::generator::codegen::{measure_name, py_str};
use crate::generator::plan::{Plan, Recipe, Stat};
use crate::lang::Lang;
use crate::validate::CheckedResult;

/// Most slices a pie is drawn with; more groups are drawn as bars.
pub const MAX_PIE_SLICES: usize = crate::chart::MAX_SLICES;

/// A chart kind a goal can ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChartKind {
    /// Bars, one per group or period.
    Bar,
    /// A line over time.
    Line,
    /// Slices of one whole.
    Pie,
}

impl ChartKind {
    /// The kind's name in `glovebox.chart(...)`.
    pub fn code_name(self) -> &'static str {
        match self {
            Self::Bar => "bar",
            Self::Line => "line",
            Self::Pie => "pie",
        }
    }

    /// "a pie chart", in `lang`.
    pub fn words(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Self::Bar, Lang::En) => "a bar chart",
            (Self::Bar, Lang::Fr) => "un graphique en barres",
            (Self::Bar, Lang::Es) => "un gráfico de barras",
            (Self::Line, Lang::En) => "a line chart",
            (Self::Line, Lang::Fr) => "une courbe",
            (Self::Line, Lang::Es) => "un gráfico de líneas",
            (Self::Pie, Lang::En) => "a pie chart",
            (Self::Pie, Lang::Fr) => "un camembert",
            (Self::Pie, Lang::Es) => "un gráfico circular",
        }
    }
}

/// The phrases that ask for a chart kind, folded (no accents), longest
/// first within a kind; the words around them ("as a", "en", "como", "in")
/// are part of the phrase so that none is left unplaced.
pub const PHRASES: &[(&str, ChartKind)] = &[
    ("as a pie chart", ChartKind::Pie),
    ("in a pie chart", ChartKind::Pie),
    ("as a pie", ChartKind::Pie),
    ("pie chart", ChartKind::Pie),
    ("pie graph", ChartKind::Pie),
    ("sous forme de camembert", ChartKind::Pie),
    ("en camembert", ChartKind::Pie),
    ("camembert", ChartKind::Pie),
    ("en diagramme circulaire", ChartKind::Pie),
    ("diagramme circulaire", ChartKind::Pie),
    ("en secteurs", ChartKind::Pie),
    ("en grafico circular", ChartKind::Pie),
    ("como grafico circular", ChartKind::Pie),
    ("grafico circular", ChartKind::Pie),
    ("en grafico de pastel", ChartKind::Pie),
    ("grafico de pastel", ChartKind::Pie),
    ("en grafico de tarta", ChartKind::Pie),
    ("grafico de tarta", ChartKind::Pie),
    ("en pastel", ChartKind::Pie),
    ("en tarta", ChartKind::Pie),
    ("as a bar chart", ChartKind::Bar),
    ("in a bar chart", ChartKind::Bar),
    ("as a bar graph", ChartKind::Bar),
    ("bar chart", ChartKind::Bar),
    ("bar graph", ChartKind::Bar),
    ("as bars", ChartKind::Bar),
    ("en diagramme en barres", ChartKind::Bar),
    ("diagramme en barres", ChartKind::Bar),
    ("en graphique en barres", ChartKind::Bar),
    ("graphique en barres", ChartKind::Bar),
    ("en barres", ChartKind::Bar),
    ("en grafico de barras", ChartKind::Bar),
    ("como grafico de barras", ChartKind::Bar),
    ("grafico de barras", ChartKind::Bar),
    ("en barras", ChartKind::Bar),
    ("as a line chart", ChartKind::Line),
    ("in a line chart", ChartKind::Line),
    ("as a line graph", ChartKind::Line),
    ("line chart", ChartKind::Line),
    ("line graph", ChartKind::Line),
    ("as a line", ChartKind::Line),
    ("en courbe", ChartKind::Line),
    ("sous forme de courbe", ChartKind::Line),
    ("graphique en ligne", ChartKind::Line),
    ("en grafico de lineas", ChartKind::Line),
    ("como grafico de lineas", ChartKind::Line),
    ("grafico de lineas", ChartKind::Line),
    ("en lineas", ChartKind::Line),
];

/// Finds the first phrase of [`PHRASES`] in `keys` (a goal's folded words)
/// whose words are all free: its kind, first word and length.
pub fn find(
    keys: &[String],
    free: impl Fn(usize, usize) -> bool,
) -> Option<(ChartKind, usize, usize)> {
    let same = |a: &str, b: &str| {
        a == b || crate::generator::text::singular(a) == crate::generator::text::singular(b)
    };
    for (phrase, kind) in PHRASES {
        let words: Vec<&str> = phrase.split_whitespace().collect();
        if words.len() > keys.len() {
            continue;
        }
        // "en lineas", "as bars" say a chart only as written ("horas en
        // línea" is time online, "vendidas en barra" no bar chart).
        let as_written = words.len() == 2 && matches!(words[0], "en" | "as");
        for start in 0..=keys.len() - words.len() {
            let fits = words.iter().enumerate().all(|(j, w)| {
                let key = &keys[start + j];
                if as_written {
                    key == w
                } else {
                    same(key, w)
                }
            });
            if fits && free(start, words.len()) {
                return Some((*kind, start, words.len()));
            }
        }
    }
    None
}

/// Why the asked kind is not drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Misfit {
    /// A pie, but the values are not parts of one whole (means, ratios…).
    NotParts,
    /// A line, but the result is not a series over time.
    NotOverTime,
    /// The answer is one number (or a test): nothing to chart.
    NoChart,
    /// Bars asked where the recipe draws another kind (a scatter, a
    /// histogram): that kind is kept.
    Other,
}

/// The Python expression of a recipe's values when they are parts of one
/// whole (a total, a count or a share per group), for the pie's check.
fn parts_values(plan: &Plan) -> Option<String> {
    match &plan.recipe {
        Recipe::Stats {
            items,
            group_by: Some(_),
        } if items.len() == 1 && matches!(items[0].0, Stat::Sum | Stat::Count) => Some(format!(
            "result[{}]",
            py_str(&measure_name(items[0].0, &items[0].1, plan.lang))
        )),
        Recipe::CountRows { group_by: Some(_) } => Some("counts".into()),
        Recipe::Share {
            group_by: Some(_), ..
        } => Some("share".into()),
        _ => None,
    }
}

/// Whether the asked kind fits the plan's result, before it is run.
pub fn fit(plan: &Plan, asked: ChartKind, drawn: Option<&str>) -> Result<(), Misfit> {
    let Some(drawn) = drawn else {
        return Err(Misfit::NoChart);
    };
    match asked {
        ChartKind::Pie if parts_values(plan).is_some() => Ok(()),
        ChartKind::Pie => Err(Misfit::NotParts),
        ChartKind::Line if matches!(plan.recipe, Recipe::Trend { .. }) => Ok(()),
        ChartKind::Line => Err(Misfit::NotOverTime),
        ChartKind::Bar if matches!(drawn, "bar" | "pie" | "line") => Ok(()),
        ChartKind::Bar => Err(Misfit::Other),
    }
}

/// The kind in a `glovebox.chart("kind", …)` line, if it is one.
fn chart_line_kind(line: &str) -> Option<&str> {
    line.strip_prefix("glovebox.chart(\"")?.split('"').next()
}

/// Rewrites the recipe's chart line (the last `glovebox.chart(...)` of
/// `lines`) to the kind asked, when it fits; a pie is drawn only when the
/// values are positive and few, else as bars (decided in the sandbox).
pub fn apply(lines: &mut Vec<String>, plan: &Plan) {
    let Some(asked) = plan.chart else {
        return;
    };
    let Some(at) = lines.iter().rposition(|l| chart_line_kind(l).is_some()) else {
        return;
    };
    let drawn = chart_line_kind(&lines[at]).unwrap_or_default().to_owned();
    if fit(plan, asked, Some(&drawn)).is_err() || drawn == asked.code_name() {
        return;
    }
    let rest = lines[at]["glovebox.chart(\"".len() + drawn.len() + 1..].to_owned();
    match (asked, parts_values(plan)) {
        (ChartKind::Pie, Some(values)) => {
            let check = format!(
                "chart_kind = \"pie\" if len({values}) <= {MAX_PIE_SLICES} and bool(({values} > 0).all()) else \"bar\"  # {}",
                crate::generator::codegen::words(
                    plan.lang,
                    "a pie, as asked, when the parts are positive and few",
                    "un camembert, comme demandé, si les parts sont positives et peu nombreuses",
                    "un gráfico circular, como se pidió, si las partes son positivas y pocas",
                )
            );
            lines[at] = format!("glovebox.chart(chart_kind{rest}");
            lines.insert(at, check);
        }
        _ => lines[at] = format!("glovebox.chart(\"{}\"{rest}", asked.code_name()),
    }
}

/// The kind the plan's code draws without a request, from its recipe.
fn recipe_kind(plan: &Plan) -> Option<&'static str> {
    match &plan.recipe {
        Recipe::Stats { group_by, .. }
        | Recipe::CountRows { group_by }
        | Recipe::Ratio { group_by, .. }
        | Recipe::Rank { group_by, .. } => group_by.as_ref().map(|_| "bar"),
        Recipe::Share { group_by, .. } => group_by.as_ref().map(|_| "pie"),
        Recipe::Trend { .. } => Some("line"),
        Recipe::Distribution { .. } => Some("histogram"),
        Recipe::Correlation { .. } => Some("scatter"),
        _ => None,
    }
}

/// The kind the plan asks its code to draw, for the corpus: the asked kind
/// when it fits, `None` when a kind was asked that does not fit.
pub fn planned_kind(plan: &Plan) -> Option<ChartKind> {
    let asked = plan.chart?;
    fit(plan, asked, recipe_kind(plan)).ok().map(|()| asked)
}

/// The explanation's note when the chart asked was not drawn, and why.
pub fn note(plan: &Plan, result: &CheckedResult) -> Option<String> {
    let asked = plan.chart?;
    let lang = plan.lang;
    let drawn = result.charts.first().map(|c| c.kind.as_str());
    if drawn == Some(asked.code_name()) {
        return None;
    }
    let want = asked.words(lang);
    let why = match fit(plan, asked, drawn) {
        Err(Misfit::NoChart) => return Some(lang.pick(
            format!("{want} was asked, but the answer is not a table of groups or periods: no chart is drawn"),
            format!("{want} était demandé, mais la réponse n'est pas un tableau de groupes ou de périodes : aucun graphique n'est tracé"),
            format!("se pidió {want}, pero la respuesta no es una tabla de grupos o periodos: no se dibuja ningún gráfico"),
        )),
        Err(Misfit::NotParts) => lang.pick(
            "a pie shows the parts of one whole, and these values are not parts of a whole (a total, a count or a share per group is)".to_owned(),
            "un camembert montre les parts d'un tout, et ces valeurs ne sont pas les parts d'un tout (un total, un nombre ou une part par groupe le sont)".to_owned(),
            "un gráfico circular muestra las partes de un todo, y estos valores no son partes de un todo (un total, un recuento o una proporción por grupo lo son)".to_owned(),
        ),
        Err(Misfit::NotOverTime) => lang.pick(
            "a line shows values over time, and this result is not a series of dates or periods".to_owned(),
            "une courbe montre des valeurs dans le temps, et ce résultat n'est pas une suite de dates ou de périodes".to_owned(),
            "una línea muestra valores en el tiempo, y este resultado no es una serie de fechas o periodos".to_owned(),
        ),
        Err(Misfit::Other) => lang.pick(
            "this result is drawn the way it reads best".to_owned(),
            "ce résultat est tracé de la façon qui se lit le mieux".to_owned(),
            "este resultado se dibuja de la forma que mejor se lee".to_owned(),
        ),
        Ok(()) => lang.pick(
            format!("a pie needs positive parts and at most {MAX_PIE_SLICES} of them"),
            format!("un camembert demande des parts positives, {MAX_PIE_SLICES} au plus"),
            format!("un gráfico circular necesita partes positivas, {MAX_PIE_SLICES} como máximo"),
        ),
    };
    let drawn = drawn.unwrap_or("bar");
    Some(lang.pick(
        format!("{want} was asked, but {why}: drawn as a {drawn} chart instead"),
        format!("{want} était demandé, mais {why} : tracé en graphique « {drawn} » à la place"),
        format!("se pidió {want}, pero {why}: se dibuja un gráfico «{drawn}» en su lugar"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(goal: &str) -> Vec<String> {
        crate::generator::text::tokens(goal)
            .into_iter()
            .map(|t| t.folded)
            .collect()
    }

    #[test]
    fn phrases_in_three_languages_name_the_kind_and_its_words() {
        let free = |_: usize, _: usize| true;
        assert_eq!(
            find(&keys("revenue per region as a pie chart"), free),
            Some((ChartKind::Pie, 3, 4))
        );
        assert_eq!(
            find(&keys("ventes par région en camembert"), free),
            Some((ChartKind::Pie, 3, 2))
        );
        assert_eq!(
            find(&keys("ingresos por región en gráfico de barras"), free),
            Some((ChartKind::Bar, 3, 4))
        );
        assert_eq!(
            find(&keys("monthly revenue as a line chart"), free),
            Some((ChartKind::Line, 2, 4))
        );
        assert_eq!(find(&keys("the bottom line of revenue"), free), None);
        assert_eq!(find(&keys("total pie sales"), free), None);
    }

    #[test]
    fn a_placed_word_is_not_read_again() {
        assert_eq!(find(&keys("a pie chart"), |s, _| s != 1), None);
    }

    #[test]
    fn a_pie_line_is_checked_in_the_sandbox_and_bars_replace_the_kind() {
        let mut lines = vec![
            "counts = data[\"region\"].value_counts()".to_owned(),
            "glovebox.chart(\"bar\", \"rows by region\", x=\"region\", y=\"rows\")".to_owned(),
        ];
        let mut plan = crate::generator::plan::plan(
            "number of rows per region",
            Lang::En,
            &[crate::generator::golden_input("shop.csv")],
        )
        .expect("plan");
        plan.chart = Some(ChartKind::Pie);
        apply(&mut lines, &plan);
        assert_eq!(
            lines[1].split("  #").next(),
            Some("chart_kind = \"pie\" if len(counts) <= 8 and bool((counts > 0).all()) else \"bar\"")
        );
        assert_eq!(
            lines[2],
            "glovebox.chart(chart_kind, \"rows by region\", x=\"region\", y=\"rows\")"
        );
        plan.chart = Some(ChartKind::Line);
        let before = lines.clone();
        apply(&mut lines, &plan);
        assert_eq!(lines, before, "a line over regions is not drawn");
        assert_eq!(planned_kind(&plan), None);
    }
}
