//! Grouping by two keys: "revenue per product per region", "average grade
//! by class and subject", "nombre de passagers par classe et par sexe",
//! "ingresos por región y producto". One statistic per pair of groups, as a
//! pivot table (the first key's groups as rows, the second key's as
//! columns), a grouped bar chart (one series per group of the second key;
//! the chart draws at most `chart::MAX_SERIES` of them and says so), and one
//! answer per cell named "measure (a, b)", the first `MAX_PIVOT_ANSWERS`.
//! A second key beside anything but one statistic of one column (or rows
//! counted) is still not computed: the plan stops (`TooMany`) as before.
//!
//! Golden expectation (tests/golden/steps-groups.txt): `groups EXPR by A,B`
//! — each pair of groups' answer, named "... (a, b)", equals EXPR over the
//! rows of that pair (pairs without rows have no answer).

use crate::generator::codegen::{self, group_used, measure_name, py_name, py_str, words, Code};
use crate::generator::lexicon::{self, Op};
use crate::generator::plan::reading::Reading;
use crate::generator::plan::{GoalProblem, Plan, Recipe, Stat};
use crate::inputs::ColumnKind;
use crate::lang::Lang;

/// Most answers a pivot table gives, one per cell (the table has them all).
pub const MAX_PIVOT_ANSWERS: usize = 60;

/// Words joining two keys: "by class and subject", "par classe et par sexe".
const JOINING: &[&str] = &["and", "et", "y", "e", "&"];

/// Markers that introduce a second key ("per product per region").
const SECOND_MARKERS: &[&str] = &[
    "per",
    "by",
    "par",
    "por",
    "for each",
    "pour chaque",
    "para cada",
];

/// Whether a column of this kind can be a key: categories, and whole
/// numbers that are not amounts ("by number of bedrooms", "per Pclass").
fn key_kind(kind: ColumnKind, column: &str) -> bool {
    match kind {
        ColumnKind::Text | ColumnKind::Boolean => true,
        ColumnKind::Integer => !crate::generator::plan::recipe::summed(column),
        _ => false,
    }
}

/// Words that say "the number of" before a key ("by number of bedrooms"):
/// they count nothing.
const NUMBER_OF: &[&str] = &["number", "nombre", "numero"];

/// The words before `at` that make the mention a second key, as
/// `(first word, count)`: a free marker ("per"), a joining word after the
/// first key's words ("and"), or both ("et par"); and the place of a
/// "number of" read as a count, which counts nothing there.
fn second_key_words(r: &Reading, at: usize) -> Option<(usize, usize, Option<usize>)> {
    let g = &r.g;
    let mut i = at;
    while i > 0 && lexicon::ARTICLES.contains(&g.tokens[i - 1].key.as_str()) {
        i -= 1;
    }
    let number_of = i
        .checked_sub(2)
        .filter(|&n| NUMBER_OF.contains(&g.tokens[n].folded.as_str()))
        .filter(|&n| r.ops.iter().any(|(k, o)| *k == n && *o == Op::Count));
    if let Some(n) = number_of {
        i = n;
    }
    let marker = SECOND_MARKERS.iter().find_map(|m| {
        let len = m.split_whitespace().count();
        let start = i.checked_sub(len)?;
        g.find(m).contains(&start).then_some((start, len))
    });
    let (start, _) = marker.unwrap_or((i, 0));
    let joined = start
        .checked_sub(1)
        .filter(|&j| g.free(j, 1) && JOINING.contains(&g.tokens[j].folded.as_str()));
    match (joined, marker) {
        // "by class and subject": the word before "and" is the first key's.
        (Some(j), _) if j > 0 && g.used[j - 1] && g.tokens[j - 1].clause == g.tokens[at].clause => {
            Some((j, at - j, number_of))
        }
        (_, Some(_)) => Some((start, at - start, number_of)),
        _ => None,
    }
}

/// After the first key is read: a second key named beside it is kept in
/// `second_group` (and its words placed); its mention is no measure.
pub fn second_group(r: &mut Reading) -> Result<(), GoalProblem> {
    let Some(first) = r.group_by.clone() else {
        return Ok(());
    };
    let found = r.mentions.iter().find_map(|m| {
        let keyed = m.column != first && key_kind(r.kind(&m.column), &m.column);
        keyed
            .then(|| second_key_words(r, m.start).map(|w| (w, m.column.clone())))
            .flatten()
    });
    let Some(((start, len, number_of), column)) = found else {
        return Ok(());
    };
    r.g.take(start, len);
    if let Some(n) = number_of {
        r.ops.retain(|(k, o)| !(*k == n && *o == Op::Count));
    }
    r.mentions.retain(|m| m.column != column);
    let said = r.say(
        format!("and by {column}"),
        format!("et par {column}"),
        format!("y por {column}"),
    );
    r.understood.push(said);
    r.second_group = Some(column);
    Ok(())
}

fn too_many(r: &Reading) -> GoalProblem {
    GoalProblem::TooMany {
        understood: r.understood.clone(),
    }
}

/// The pivot recipe for a goal with two keys: one statistic of one column,
/// or rows counted; anything else stops as before (`TooMany`).
pub fn recipe(r: &mut Reading, numbers: &[String]) -> Result<Recipe, GoalProblem> {
    let (Some(rows), Some(columns)) = (r.group_by.clone(), r.second_group.clone()) else {
        return Err(GoalProblem::TooMany {
            understood: r.understood.clone(),
        });
    };
    let mut stats: Vec<Stat> = r
        .ops
        .iter()
        .filter_map(|(_, o)| match o {
            Op::Stat(s) => Some(*s),
            _ => None,
        })
        .collect();
    stats.dedup();
    let others = r
        .ops
        .iter()
        .any(|(_, o)| !matches!(o, Op::Stat(_) | Op::Count | Op::Which));
    if others || stats.len() > 1 || numbers.len() > 1 {
        return Err(too_many(r));
    }
    // "combien de dépenses par…": the expenses are the rows.
    let count_at = r.ops.iter().find(|(_, o)| *o == Op::Count).map(|(k, _)| *k);
    let counted_rows = match (numbers, stats.is_empty(), count_at) {
        ([v], true, Some(at)) => r.mentions.iter().find(|m| &m.column == v).is_some_and(|m| {
            crate::generator::plan::recipe::counted_noun(&r.g.tokens, at, m.start)
        }),
        _ => false,
    };
    if counted_rows {
        r.mentions.retain(|m| m.column != numbers[0]);
    }
    let numbers = if counted_rows { &[] } else { numbers };
    let (stat, value) = match (numbers.first(), stats.first()) {
        // "how many passengers per class and sex", "nombre de ventes par…"
        (None, None | Some(Stat::Sum)) if r.has(Op::Count) => (Stat::Count, None),
        (Some(v), Some(s)) => (*s, Some(v.clone())),
        _ => return Err(too_many(r)),
    };
    Ok(Recipe::Pivot {
        stat,
        value,
        rows,
        columns,
    })
}

/// The measure's name in the table and the answers.
fn measure(stat: Stat, value: Option<&String>, lang: Lang) -> String {
    match value {
        Some(v) => measure_name(stat, v, lang),
        None => words(lang, "rows", "lignes", "filas"),
    }
}

/// The code of a `Pivot` recipe.
pub fn code(c: &mut Code, plan: &Plan) {
    let lang = plan.lang;
    let Recipe::Pivot {
        stat,
        value,
        rows,
        columns,
    } = &plan.recipe
    else {
        return;
    };
    let name = measure(*stat, value.as_ref(), lang);
    let (a, b) = (py_str(rows), py_str(columns));
    c.line(format!(
        "# {}",
        lang.pick(
            format!("{name} for each pair of {rows} and {columns}: {rows} as rows, {columns} as columns"),
            format!("{name} pour chaque couple {rows} et {columns} : {rows} en lignes, {columns} en colonnes"),
            format!("{name} para cada par de {rows} y {columns}: {rows} en filas, {columns} en columnas"),
        )
    ));
    group_used(c, rows);
    group_used(c, columns);
    c.line(format!("keys = [data[{a}], data[{b}]]"));
    match value {
        Some(v) => {
            c.line(format!("{} = numbers({})", py_name(v), py_str(v)));
            c.line(format!(
                "cells = {}.groupby(keys).{}",
                py_name(v),
                codegen::pandas_method(*stat)
            ));
        }
        None => c.line("cells = data.groupby(keys).size()"),
    }
    c.line(format!("cells = {}", c.frame("cells")));
    // A pair without rows counts 0 rows; its statistic is left empty.
    let fill = if value.is_none() {
        ", fill_value=0"
    } else {
        ""
    };
    c.line(format!("pivot = cells.unstack({b}{fill})"));
    c.line("pivot.columns = [str(column) for column in pivot.columns]");
    let table = lang.pick(
        format!("{name} by {rows} and {columns}"),
        format!("{name} par {rows} et {columns}"),
        format!("{name} por {rows} y {columns}"),
    );
    c.line(format!("glovebox.table({}, pivot)", py_str(&table)));
    c.line(format!(
        "glovebox.chart(\"bar\", {}, x={a}, y=list(pivot.columns))",
        py_str(&table)
    ));
    c.line(format!(
        "for (first, second), value in cells.dropna().head({MAX_PIVOT_ANSWERS}).items():"
    ));
    let unit = if value.is_none() {
        ", unit=\"count\""
    } else {
        ""
    };
    c.line(format!(
        "    glovebox.answer({} + \" (\" + str(first) + \", \" + str(second) + \")\", value{unit})",
        py_str(&name)
    ));
    c.line(format!("if len(cells.dropna()) > {MAX_PIVOT_ANSWERS}:"));
    c.line(format!(
        "    glovebox.note({} + str(len(cells.dropna())) + {})",
        py_str(&words(
            lang,
            &format!("The answers list the first {MAX_PIVOT_ANSWERS} cells of "),
            &format!("Les réponses citent les {MAX_PIVOT_ANSWERS} premières cellules sur "),
            &format!("Las respuestas muestran las {MAX_PIVOT_ANSWERS} primeras celdas de "),
        )),
        py_str(&words(
            lang,
            "; the table has them all.",
            " ; le tableau les contient toutes.",
            "; la tabla las tiene todas.",
        ))
    ));
}

/// What a `Pivot` recipe computed, in the goal's language.
pub fn explain(plan: &Plan) -> String {
    let Recipe::Pivot {
        stat,
        value,
        rows,
        columns,
    } = &plan.recipe
    else {
        return String::new();
    };
    let file = plan.source.display_name();
    let lang = plan.lang;
    // "the mean of grade", "la moyenne de grade", "el número de filas"
    let name = match value {
        Some(_) => {
            let feminine = matches!(
                (lang, stat),
                (
                    Lang::Fr,
                    Stat::Mean | Stat::Median | Stat::Var | Stat::PopVar | Stat::Skew
                ) | (
                    Lang::Es,
                    Stat::Mean
                        | Stat::Median
                        | Stat::Std
                        | Stat::PopStd
                        | Stat::Var
                        | Stat::PopVar
                        | Stat::Skew
                        | Stat::Mode
                )
            );
            let article = match lang {
                Lang::En => "the",
                Lang::Fr if feminine => "la",
                Lang::Fr => "le",
                Lang::Es if feminine => "la",
                Lang::Es => "el",
            };
            format!("{article} {}", measure(*stat, value.as_ref(), lang))
        }
        None => words(
            lang,
            "the number of rows",
            "le nombre de lignes",
            "el número de filas",
        ),
    };
    lang.pick(
        format!("computed {name} in {file} for each pair of {rows} and {columns}, in a table with {rows} as rows and {columns} as columns"),
        format!("calcul de {name} dans {file} pour chaque couple {rows} et {columns}, dans un tableau avec {rows} en lignes et {columns} en colonnes"),
        format!("se calculó {name} en {file} para cada par de {rows} y {columns}, en una tabla con {rows} en filas y {columns} en columnas"),
    )
}

#[cfg(test)]
mod tests {
    use crate::generator::plan::{plan, GoalProblem, Recipe, Stat};
    use crate::lang::Lang;

    fn recipe(file: &str, goal: &str) -> Result<Recipe, GoalProblem> {
        let inputs = [crate::generator::golden_input(file)];
        plan(goal, Lang::detect(goal), &inputs).map(|p| p.recipe)
    }

    fn pivot(stat: Stat, value: Option<&str>, rows: &str, columns: &str) -> Recipe {
        Recipe::Pivot {
            stat,
            value: value.map(str::to_owned),
            rows: rows.into(),
            columns: columns.into(),
        }
    }

    #[test]
    fn two_keys_make_a_pivot_in_three_languages() {
        assert_eq!(
            recipe("grades.csv", "average grade by class and subject"),
            Ok(pivot(Stat::Mean, Some("grade"), "class", "subject"))
        );
        assert_eq!(
            recipe("shop.csv", "total revenue per product per region"),
            Ok(pivot(Stat::Sum, Some("revenue"), "product", "region"))
        );
        assert_eq!(
            recipe("ventas.csv", "suma de ingresos por región y producto"),
            Ok(pivot(Stat::Sum, Some("ingresos"), "región", "producto"))
        );
    }

    #[test]
    fn rows_counted_per_pair_and_a_numeric_code_as_a_key() {
        assert_eq!(
            recipe("passengers.csv", "how many passengers per Pclass and sex?"),
            Ok(pivot(Stat::Count, None, "Pclass", "Sex"))
        );
    }

    #[test]
    fn two_measures_with_two_keys_still_stop() {
        assert!(matches!(
            recipe(
                "shop.csv",
                "average revenue and units per product and region"
            ),
            Err(GoalProblem::TooMany { .. })
        ));
    }
}
