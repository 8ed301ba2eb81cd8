//! Plain-language explanations in the goal's language, built from the plan
//! and the validated result (never from a model's prose): what was computed,
//! from which columns and file, how many rows were used or left out and
//! why, and the caveats that matter for reading the answer. Also the stop
//! reasons for goals the offline recipes cannot plan.

use super::plan::{GoalProblem, OutlierMethod, Plan, Recipe};
use super::terms::{Cmp, Period};
use crate::audit::event::Interpretation;
use crate::inputs::{ColumnKind, InputDescription};
use crate::lang::Lang;
use crate::validate::{CheckedResult, RawTable, RawValue, Value};

fn t(lang: Lang, en: String, fr: String, es: String) -> String {
    lang.pick(en, fr, es)
}

fn list(items: &[String], lang: Lang) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => {
            let and = match lang {
                Lang::En => "and",
                Lang::Fr => "et",
                Lang::Es => "y",
            };
            format!("{} {and} {last}", init.join(", "))
        }
    }
}

fn number(v: &RawValue) -> Option<f64> {
    match v {
        RawValue::Number(n) => Some(*n),
        _ => None,
    }
}

fn table<'a>(result: &'a CheckedResult, name: &str) -> Option<&'a RawTable> {
    result.tables.iter().find(|t| t.name == name)
}

fn answer(result: &CheckedResult, prefix: &str) -> Option<f64> {
    result
        .answers
        .iter()
        .find(|a| a.name.starts_with(prefix))
        .and_then(|a| match a.value {
            Value::Number(n) => Some(n),
            Value::Text(_) => None,
        })
}

/// Shows a number with few digits: `0.0523`, `1234.5`.
pub fn short(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        return format!("{}", n as i64);
    }
    let digits = if n.abs() >= 100.0 { 2 } else { 4 };
    let s = format!("{n:.digits$}");
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// The explanation of an answered run.
pub fn explain(plan: &Plan, result: &CheckedResult) -> String {
    let lang = plan.lang;
    let file = &plan.source.named(lang);
    let mut parts: Vec<String> = vec![what(plan) + &super::steps::prep::after_words(plan)];
    parts.extend(super::steps::derived::explained(plan));
    for a in plan.assumptions.iter().map(|a| &a.text) {
        parts.push(t(
            lang,
            format!("assumed: {a}"),
            format!("hypothèse : {a}"),
            format!("supuesto: {a}"),
        ));
    }
    for c in &plan.context {
        parts.push(t(
            lang,
            format!("set aside as context, not used: \"{c}\""),
            format!("mis de côté comme contexte, non utilisé : « {c} »"),
            format!("dejado de lado como contexto, no usado: «{c}»"),
        ));
    }

    // Rows read and kept.
    let counts = table(result, "row_counts");
    let read = counts
        .and_then(|t| t.rows.first())
        .and_then(|r| r.get(1))
        .and_then(number);
    let kept = counts
        .and_then(|t| t.rows.get(1))
        .and_then(|r| r.get(1))
        .and_then(number);
    let kept = super::steps::prep::kept_before(plan, result).or(kept);
    if let Some(read) = read {
        let read = read as u64;
        let file = if plan.source.joined.is_some() {
            &plan.source.name
        } else {
            file
        };
        parts.push(t(
            lang,
            format!("{read} rows of {file} were read"),
            format!("{read} lignes de {file} ont été lues"),
            format!("se leyeron {read} filas de {file}"),
        ));
        if let (Some(kept), false) = (kept, plan.filters.is_empty()) {
            let conditions: Vec<String> = plan.filters.iter().map(|f| condition(f, lang)).collect();
            let cond = list(&conditions, lang);
            parts.push(t(
                lang,
                format!("{} rows are kept where {cond}", kept as u64),
                format!("{} lignes sont gardées, celles où {cond}", kept as u64),
                format!("se conservan {} filas, las que cumplen {cond}", kept as u64),
            ));
        }
    }
    if let Some(j) = &plan.source.joined {
        parts.extend(joined_words(result, &j.key, lang));
    }
    // Values left out, per column.
    let mut all_used = true;
    if let Some(used) = table(result, "rows_used") {
        for row in &used.rows {
            let (Some(RawValue::Text(col)), Some(empty), Some(bad)) = (
                row.first(),
                row.get(2).and_then(number),
                row.get(3).and_then(number),
            ) else {
                continue;
            };
            let (empty, bad) = (empty as u64, bad as u64);
            if empty + bad == 0 {
                continue;
            }
            all_used = false;
            parts.push(t(
                lang,
                format!("in {col}, {} rows were left out ({empty} empty, {bad} not readable as a number or date)", empty + bad),
                format!("dans {col}, {} lignes ont été écartées ({empty} vides, {bad} illisibles comme nombre ou date)", empty + bad),
                format!("en {col}, se dejaron fuera {} filas ({empty} vacías, {bad} no legibles como número o fecha)", empty + bad),
            ));
        }
        if all_used && !used.rows.is_empty() {
            parts.push(t(
                lang,
                "no value was left out".into(),
                "aucune valeur n'a été écartée".into(),
                "no se dejó fuera ningún valor".into(),
            ));
        }
    }
    parts.extend(super::steps::prep::explained(plan, result));
    parts.extend(empty_groups(&result.empty_groups, lang));
    parts.extend(caveats(plan, result));
    parts.extend(super::steps::chart_kind::note(plan, result));
    match plan.rounding {
        Some(0) => parts.push(t(
            lang,
            "values are rounded to whole numbers, as asked".into(),
            "les valeurs sont arrondies à l'unité, comme demandé".into(),
            "los valores se redondean a números enteros, como se pidió".into(),
        )),
        Some(1) => parts.push(t(
            lang,
            "values are rounded to 1 decimal, as asked".into(),
            "les valeurs sont arrondies à 1 décimale, comme demandé".into(),
            "los valores se redondean a 1 decimal, como se pidió".into(),
        )),
        Some(n) => parts.push(t(
            lang,
            format!("values are rounded to {n} decimals, as asked"),
            format!("les valeurs sont arrondies à {n} décimales, comme demandé"),
            format!("los valores se redondean a {n} decimales, como se pidió"),
        )),
        None => {}
    }
    let mut text = String::new();
    for p in parts {
        let p = contract(&p, lang);
        let mut chars = p.chars();
        if let Some(first) = chars.next() {
            text.extend(first.to_uppercase());
            text.push_str(chars.as_str());
            text.push_str(". ");
        }
    }
    text.trim_end().to_owned()
}

/// The `joined` table in words: how many rows of each file found a match.
fn joined_words(result: &CheckedResult, key: &str, lang: Lang) -> Option<String> {
    let rows: Vec<(String, u64, u64)> = table(result, super::steps::join::JOINED_TABLE)?
        .rows
        .iter()
        .filter_map(|r| {
            match (
                r.first(),
                r.get(1).and_then(number),
                r.get(2).and_then(number),
            ) {
                (Some(RawValue::Text(f)), Some(n), Some(m)) => {
                    Some((f.clone(), n as u64, m as u64))
                }
                _ => None,
            }
        })
        .collect();
    super::steps::join::words(&rows, key, lang)
}

/// When no row was kept and a year or date the goal asked lies outside the
/// dates the file covers, the reason to stop instead of answering over no
/// rows ("the dates of Date go from 2024-01-02 to 2024-12-30: none is in
/// 2023").
pub fn outside_dates(plan: &Plan, result: &CheckedResult) -> Option<String> {
    let kept = table(result, "row_counts")
        .and_then(|t| t.rows.get(1))
        .and_then(|r| r.get(1))
        .and_then(number)?;
    if kept > 0.0 {
        return None;
    }
    let ranges = table(result, "date_range")?;
    let text = |v: Option<&RawValue>| match v {
        Some(RawValue::Text(t)) => Some(t.clone()),
        _ => None,
    };
    for row in &ranges.rows {
        let (Some(column), Some(first), Some(last)) =
            (text(row.first()), text(row.get(1)), text(row.get(2)))
        else {
            continue;
        };
        let outside = plan
            .filters
            .iter()
            .filter(|f| f.column == column)
            .find(|f| date_filter_outside(f, &first, &last));
        if let Some(f) = outside {
            let lang = plan.lang;
            let cond = condition(f, lang);
            return Some(t(
                lang,
                format!("the dates of {column} go from {first} to {last}: no row has {cond}, so nothing was computed"),
                format!("les dates de {column} vont du {first} au {last} : aucune ligne n'a {cond}, donc rien n'a été calculé"),
                format!("las fechas de {column} van del {first} al {last}: ninguna fila cumple {cond}, así que no se calculó nada"),
            ));
        }
    }
    None
}

/// When the filters kept no row and something other than a count was
/// asked, the reason to stop instead of answering over no rows ("no row
/// has year = 1995, so nothing was computed"): a mean, a total, a ranking
/// of nothing is no answer. A count of no rows (of rows, of distinct
/// values, of values) is 0, an answer.
pub fn nothing_kept(plan: &Plan, result: &CheckedResult) -> Option<String> {
    // The rows the filters kept, before any preparation dropped some
    // ("drop the rows with missing values, then …").
    let kept = super::steps::prep::kept_before(plan, result).or_else(|| {
        table(result, "row_counts")
            .and_then(|t| t.rows.get(1))
            .and_then(|r| r.get(1))
            .and_then(number)
    })?;
    let counted = match &plan.recipe {
        Recipe::CountRows { .. } | Recipe::Distinct { .. } => true,
        Recipe::Stats { items, .. } => items.iter().all(|(s, _)| *s == super::terms::Stat::Count),
        _ => false,
    };
    if kept > 0.0 || counted || plan.filters.is_empty() {
        return None;
    }
    let lang = plan.lang;
    let conds: Vec<String> = plan.filters.iter().map(|f| condition(f, lang)).collect();
    let conds = list(&conds, lang);
    Some(t(
        lang,
        format!("no row has {conds}, so nothing was computed"),
        format!("aucune ligne n'a {conds}, donc rien n'a été calculé"),
        format!("ninguna fila cumple {conds}, así que no se calculó nada"),
    ))
}

/// True when a year or date filter keeps nothing of `first..=last`
/// (`YYYY-MM-DD`).
fn date_filter_outside(f: &super::plan::Filter, first: &str, last: &str) -> bool {
    use super::plan::{DatePart, FilterValue};
    let year = |d: &str| d.get(..4).and_then(|y| y.parse::<f64>().ok());
    let (Some(y0), Some(y1)) = (year(first), year(last)) else {
        return false;
    };
    match (&f.value, f.part, f.cmp) {
        (FilterValue::Number(y), Some(DatePart::Year), cmp) => match cmp {
            Cmp::Eq => *y < y0 || *y > y1,
            Cmp::Lt => y0 >= *y,
            Cmp::Le => y0 > *y,
            Cmp::Gt => y1 <= *y,
            Cmp::Ge => y1 < *y,
            Cmp::Ne => false,
        },
        (FilterValue::AnyOf(ys), Some(DatePart::Year), Cmp::Eq) => {
            ys.iter().all(|y| *y < y0 || *y > y1)
        }
        (FilterValue::Date(d), None, Cmp::Lt) => first >= d.as_str(),
        (FilterValue::Date(d), None, Cmp::Ge) => last < d.as_str(),
        // A day said without its year is of the file's latest year: "after
        // August 20" in a file ending in June keeps nothing.
        (FilterValue::Number(code), Some(DatePart::MonthDay), cmp) => {
            let Some(latest) = last.get(..4) else {
                return false;
            };
            let code = *code as u32;
            let day = format!("{latest}-{:02}-{:02}", code / 100, code % 100);
            let start = std::cmp::max(first.to_owned(), format!("{latest}-01-01"));
            match cmp {
                Cmp::Ge => day.as_str() > last,
                Cmp::Gt => day.as_str() >= last,
                Cmp::Lt => day <= start,
                Cmp::Le => day < start,
                Cmp::Eq | Cmp::Ne => false,
            }
        }
        _ => false,
    }
}

/// The answers per group that had no value, in words.
pub fn empty_groups(groups: &[String], lang: Lang) -> Option<String> {
    if groups.is_empty() {
        return None;
    }
    let groups = list(groups, lang);
    Some(t(
        lang,
        format!("no value for {groups}: every cell of that group is empty or unreadable"),
        format!("aucune valeur pour {groups} : toutes les cellules de ce groupe sont vides ou illisibles"),
        format!("ningún valor para {groups}: todas las celdas de ese grupo están vacías o ilegibles"),
    ))
}

/// French and Spanish contractions: "de le" -> "du", "de el" -> "del".
fn contract(text: &str, lang: Lang) -> String {
    match lang {
        Lang::Fr => elide(text)
            .replace(" de le ", " du ")
            .replace(" de les ", " des ")
            .replace("Calcul de le ", "Calcul du ")
            .replace("calcul de le ", "calcul du "),
        Lang::Es => text.replace(" de el ", " del ").replace(" a el ", " al "),
        Lang::En => text.to_owned(),
    }
}

/// French elision: "le écart-type" -> "l'écart-type", "la asymétrie" ->
/// "l'asymétrie" (before a vowel).
fn elide(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(['l', 'L']) {
        let (before, from) = rest.split_at(at);
        out.push_str(before);
        let word_start = before.is_empty() && out.is_empty()
            || before.ends_with(' ')
            || (before.is_empty() && out.ends_with(' '));
        let article = ["le ", "la ", "Le ", "La "]
            .iter()
            .find(|a| from.starts_with(**a));
        match article {
            Some(a)
                if word_start
                    && from[a.len()..]
                        .chars()
                        .next()
                        .is_some_and(|c| "aeiouéèêàâîôûAEIOUÉ".contains(c)) =>
            {
                out.push_str(&a[..1]);
                out.push('\'');
                rest = &from[a.len()..];
            }
            _ => {
                out.push_str(&from[..1]);
                rest = &from[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// "le"/"la", "el"/"la" before a statistic's name.
fn article(stat: super::terms::Stat, lang: Lang) -> &'static str {
    use super::terms::Stat::*;
    match (lang, stat) {
        (Lang::Fr, Mean | Median | Var | PopVar | Skew) => "la",
        (Lang::Fr, _) => "le",
        (Lang::Es, Mean | Median | Std | PopStd | Var | PopVar | Skew | Mode) => "la",
        (Lang::Es, _) => "el",
        (Lang::En, _) => "the",
    }
}

fn condition(f: &super::plan::Filter, lang: Lang) -> String {
    f.words(lang, short)
}

/// What was computed, in one phrase of the goal's language.
fn what(plan: &Plan) -> String {
    let lang = plan.lang;
    let file = &plan.source.named(lang);
    let per = |g: &Option<String>| match g {
        Some(g) => t(
            lang,
            format!(" for each {g}"),
            format!(" pour chaque {g}"),
            format!(" para cada {g}"),
        ),
        None => String::new(),
    };
    match &plan.recipe {
        Recipe::Stats { items, group_by } => {
            let named: Vec<String> = items
                .iter()
                .map(|(s, c)| {
                    t(
                        lang,
                        format!("the {}", super::codegen::measure_name(*s, c, lang)),
                        format!(
                            "{} {}",
                            article(*s, lang),
                            super::codegen::measure_name(*s, c, lang)
                        ),
                        format!(
                            "{} {}",
                            article(*s, lang),
                            super::codegen::measure_name(*s, c, lang)
                        ),
                    )
                })
                .collect();
            let g = per(group_by);
            let l = list(&named, lang);
            t(
                lang,
                format!("computed {l} in {file}{g}"),
                format!("calcul de {l} dans {file}{g}"),
                format!("se calculó {l} en {file}{g}"),
            )
        }
        Recipe::CountRows { group_by } => {
            let g = per(group_by);
            t(
                lang,
                format!("counted the rows of {file}{g}"),
                format!("comptage des lignes de {file}{g}"),
                format!("se contaron las filas de {file}{g}"),
            )
        }
        Recipe::Ratio {
            numerator: n,
            denominator: d,
            row_mean,
            group_by,
        } => {
            let g = per(group_by);
            if *row_mean {
                t(
                    lang,
                    format!("computed {n} ÷ {d} row by row in {file} and took the mean of those ratios{g} (the ratio of the totals is given too)"),
                    format!("calcul de {n} ÷ {d} ligne par ligne dans {file} puis de la moyenne de ces rapports{g} (le rapport des totaux est aussi donné)"),
                    format!("se calculó {n} ÷ {d} fila por fila en {file} y la media de esas razones{g} (también se da la razón de los totales)"),
                )
            } else {
                t(
                    lang,
                    format!("divided the total of {n} by the total of {d} in {file}{g} (the ratio of totals; the mean of row-by-row ratios is given too)"),
                    format!("division du total de {n} par le total de {d} dans {file}{g} (rapport des totaux ; la moyenne des rapports ligne par ligne est aussi donnée)"),
                    format!("se dividió el total de {n} entre el total de {d} en {file}{g} (razón de los totales; también se da la media de las razones por fila)"),
                )
            }
        }
        Recipe::Share {
            value,
            group_by,
            part,
        } => {
            let of = value
                .clone()
                .unwrap_or_else(|| t(lang, "rows".into(), "lignes".into(), "filas".into()));
            match (group_by, part) {
                (Some(g), _) => t(
                    lang,
                    format!("computed each {g}'s share of the total {of} in {file}, in percent"),
                    format!("calcul de la part de chaque {g} dans le total de {of} de {file}, en pourcentage"),
                    format!("se calculó la proporción de cada {g} en el total de {of} de {file}, en porcentaje"),
                ),
                (None, Some(f)) => {
                    let c = condition(f, lang);
                    t(
                        lang,
                        format!("computed the share of the total {of} in {file} that comes from rows where {c}, in percent"),
                        format!("calcul de la part du total de {of} de {file} qui vient des lignes où {c}, en pourcentage"),
                        format!("se calculó la proporción del total de {of} de {file} que viene de las filas donde {c}, en porcentaje"),
                    )
                }
                (None, None) => String::new(),
            }
        }
        Recipe::Rank {
            stat,
            value,
            group_by,
            highest,
            n,
        } => {
            let measure = match value {
                Some(v) => super::codegen::measure_name(*stat, v, lang),
                None => t(
                    lang,
                    "number of rows".into(),
                    "nombre de lignes".into(),
                    "número de filas".into(),
                ),
            };
            let order = if *highest {
                t(
                    lang,
                    "highest first".into(),
                    "du plus haut au plus bas".into(),
                    "de mayor a menor".into(),
                )
            } else {
                t(
                    lang,
                    "lowest first".into(),
                    "du plus bas au plus haut".into(),
                    "de menor a mayor".into(),
                )
            };
            match group_by {
                Some(g) => t(
                    lang,
                    format!("ranked each {g} by its {measure} in {file}, {order}, and kept the first {n}"),
                    format!("classement de chaque {g} selon {measure} dans {file}, {order}, en gardant les {n} premiers"),
                    format!("se ordenó cada {g} según {measure} en {file}, {order}, y se conservaron los {n} primeros"),
                ),
                None => t(
                    lang,
                    format!("ranked the rows of {file} by {}, {order}, and kept the first {n}", value.clone().unwrap_or_default()),
                    format!("classement des lignes de {file} selon {}, {order}, en gardant les {n} premières", value.clone().unwrap_or_default()),
                    format!("se ordenaron las filas de {file} según {}, {order}, y se conservaron las {n} primeras", value.clone().unwrap_or_default()),
                ),
            }
        }
        _ => what_column(plan).unwrap_or_default(),
    }
}

/// What a one-column recipe computed (distinct values, missing values,
/// correlation, normality, outliers, trend, distribution); None for the
/// recipes `what` words itself.
fn what_column(plan: &Plan) -> Option<String> {
    let lang = plan.lang;
    let file = &plan.source.named(lang);
    let said = match &plan.recipe {
        Recipe::Distinct { column } => t(
            lang,
            format!("counted the different values of {column} in {file} (spaces around values are ignored, empty cells are not a value)"),
            format!("comptage des valeurs différentes de {column} dans {file} (les espaces autour des valeurs sont ignorés, une cellule vide n'est pas une valeur)"),
            format!("se contaron los valores distintos de {column} en {file} (se ignoran los espacios alrededor, una celda vacía no es un valor)"),
        ),
        Recipe::Missing { column } => {
            let scope = match column {
                Some(c) => c.clone(),
                None => t(lang, "every column".into(), "chaque colonne".into(), "cada columna".into()),
            };
            t(
                lang,
                format!("counted the empty cells of {scope} in {file}; blank cells and the markers NA, N/A, null and NaN count as empty"),
                format!("comptage des cellules vides de {scope} dans {file} ; les cellules blanches et les marqueurs NA, N/A, null et NaN comptent comme vides"),
                format!("se contaron las celdas vacías de {scope} en {file}; las celdas en blanco y los marcadores NA, N/A, null y NaN cuentan como vacías"),
            )
        }
        Recipe::Correlation { a, b, spearman } => {
            let m = if *spearman { "Spearman (rank)" } else { "Pearson (linear)" };
            t(
                lang,
                format!("measured the {m} correlation between {a} and {b} in {file}, using the rows where both are present; it goes from -1 to 1, and 0 means no relation of that kind"),
                format!("mesure de la corrélation de {} entre {a} et {b} dans {file}, sur les lignes où les deux sont présents ; elle va de -1 à 1, et 0 signifie aucune relation de ce type", if *spearman { "Spearman (rangs)" } else { "Pearson (linéaire)" }),
                format!("se midió la correlación de {} entre {a} y {b} en {file}, con las filas donde ambos están presentes; va de -1 a 1, y 0 significa ninguna relación de ese tipo", if *spearman { "Spearman (rangos)" } else { "Pearson (lineal)" }),
            )
        }
        Recipe::Normality { column } => t(
            lang,
            format!("ran the Shapiro-Wilk normality test on {column} in {file}"),
            format!("test de normalité de Shapiro-Wilk sur {column} dans {file}"),
            format!("se aplicó la prueba de normalidad de Shapiro-Wilk a {column} en {file}"),
        ),
        Recipe::Outliers { column, method } => match method {
            OutlierMethod::Iqr => t(
                lang,
                format!("looked for unusual values of {column} in {file} with the interquartile rule: below Q1 − 1.5×IQR or above Q3 + 1.5×IQR"),
                format!("recherche des valeurs inhabituelles de {column} dans {file} par la règle interquartile : sous Q1 − 1,5×IQR ou au-dessus de Q3 + 1,5×IQR"),
                format!("se buscaron valores inusuales de {column} en {file} con la regla intercuartílica: por debajo de Q1 − 1,5×IQR o por encima de Q3 + 1,5×IQR"),
            ),
            OutlierMethod::ZScore => t(
                lang,
                format!("looked for unusual values of {column} in {file} by z-score: more than 3 standard deviations from the mean"),
                format!("recherche des valeurs inhabituelles de {column} dans {file} par z-score : à plus de 3 écarts-types de la moyenne"),
                format!("se buscaron valores inusuales de {column} en {file} por puntuación z: a más de 3 desviaciones estándar de la media"),
            ),
        },
        Recipe::Trend { value, stat, date, period } => {
            let p = match (period, lang) {
                (Period::Day, Lang::En) => "day",
                (Period::Week, Lang::En) => "week (weeks start on Monday)",
                (Period::Month, Lang::En) => "month",
                (Period::Year, Lang::En) => "year",
                (Period::Day, Lang::Fr) => "jour",
                (Period::Week, Lang::Fr) => "semaine (du lundi)",
                (Period::Month, Lang::Fr) => "mois",
                (Period::Year, Lang::Fr) => "année",
                (Period::Day, Lang::Es) => "día",
                (Period::Week, Lang::Es) => "semana (desde el lunes)",
                (Period::Month, Lang::Es) => "mes",
                (Period::Year, Lang::Es) => "año",
            };
            let measure = match value {
                Some(v) => super::codegen::measure_name(*stat, v, lang),
                None => t(lang, "number of rows".into(), "nombre de lignes".into(), "número de filas".into()),
            };
            t(
                lang,
                format!("computed the {measure} per {p} in {file}, using the dates in {date}"),
                format!("calcul de {} {measure} par {p} dans {file}, d'après les dates de {date}", article(value.as_ref().map_or(super::terms::Stat::Count, |_| *stat), lang)),
                format!("se calculó {} {measure} por {p} en {file}, según las fechas de {date}", article(value.as_ref().map_or(super::terms::Stat::Count, |_| *stat), lang)),
            )
        }
        Recipe::Distribution { column } => t(
            lang,
            format!("described how {column} is spread in {file}: count, mean, median, minimum, maximum and a histogram"),
            format!("description de la répartition de {column} dans {file} : effectif, moyenne, médiane, minimum, maximum et histogramme"),
            format!("se describió cómo se reparte {column} en {file}: cantidad, media, mediana, mínimo, máximo e histograma"),
        ),
        Recipe::Hypothesis(test) => super::steps::hypothesis::what(plan, test),
        Recipe::Regression(m) => super::steps::regression::what(m, lang, file),
        Recipe::Pivot { .. } => super::steps::pivot::explain(plan),
        Recipe::Lookup { .. } => super::steps::lookup::explain(plan),
        _ => return None,
    };
    Some(said)
}

fn caveats(plan: &Plan, result: &CheckedResult) -> Vec<String> {
    let lang = plan.lang;
    let mut out = Vec::new();
    match &plan.recipe {
        Recipe::Ratio {
            row_mean,
            group_by: None,
            ..
        } => {
            let totals = result.answers.iter().find(|a| {
                a.name.contains(match lang {
                    Lang::En => "ratio of totals",
                    Lang::Fr => "rapport des totaux",
                    Lang::Es => "razón de los totales",
                })
            });
            let means = result.answers.iter().find(|a| {
                a.name.contains(match lang {
                    Lang::En => "mean of row ratios",
                    Lang::Fr => "moyenne des rapports",
                    Lang::Es => "media de las razones",
                })
            });
            if let (Some(a), Some(b)) = (totals, means) {
                if let (Value::Number(x), Value::Number(y)) = (&a.value, &b.value) {
                    let differ = (x - y).abs() > 0.01 * x.abs().max(y.abs());
                    if differ {
                        let (x, y) = (short(*x), short(*y));
                        out.push(t(
                            lang,
                            format!("the ratio of totals ({x}) differs from the mean of the row-by-row ratios ({y}): in the mean, a row with small numbers weighs as much as a row with large ones{}", if *row_mean { "; you asked for the mean of ratios" } else { "; the ratio of totals is the main answer" }),
                            format!("le rapport des totaux ({x}) diffère de la moyenne des rapports ligne par ligne ({y}) : dans la moyenne, une ligne aux petits nombres pèse autant qu'une ligne aux grands{}", if *row_mean { " ; vous avez demandé la moyenne des rapports" } else { " ; le rapport des totaux est la réponse principale" }),
                            format!("la razón de los totales ({x}) difiere de la media de las razones por fila ({y}): en la media, una fila con números pequeños pesa tanto como una con números grandes{}", if *row_mean { "; usted pidió la media de las razones" } else { "; la razón de los totales es la respuesta principal" }),
                        ));
                    }
                }
            }
        }
        Recipe::Normality { .. } => {
            if let Some(p) = answer(result, "p-value") {
                let p = short(p);
                out.push(t(
                    lang,
                    format!("the p-value is {p}: below 0.05 the values are unlikely to come from a normal distribution; above, the test finds no evidence against it, which does not prove that they do"),
                    format!("la valeur p est {p} : sous 0,05, il est peu probable que les valeurs suivent une loi normale ; au-dessus, le test ne trouve rien contre, ce qui ne prouve pas qu'elles la suivent"),
                    format!("el valor p es {p}: por debajo de 0,05 es poco probable que los valores sigan una distribución normal; por encima, la prueba no encuentra evidencia en contra, lo que no prueba que la sigan"),
                ));
            }
            if plan.source.rows > super::codegen::SHAPIRO_MAX_VALUES as u64 {
                out.push(t(
                    lang,
                    format!(
                        "the test used a fixed random sample of {} values",
                        super::codegen::SHAPIRO_MAX_VALUES
                    ),
                    format!(
                        "le test a porté sur un échantillon aléatoire fixe de {} valeurs",
                        super::codegen::SHAPIRO_MAX_VALUES
                    ),
                    format!(
                        "la prueba usó una muestra aleatoria fija de {} valores",
                        super::codegen::SHAPIRO_MAX_VALUES
                    ),
                ));
            }
        }
        Recipe::Trend { .. } => out.push(t(
            lang,
            "the first and last periods may hold only part of their days, so compare them with care".into(),
            "la première et la dernière période peuvent ne couvrir qu'une partie de leurs jours : comparez-les avec prudence".into(),
            "el primer y el último periodo pueden cubrir solo parte de sus días: compárelos con cuidado".into(),
        )),
        Recipe::Hypothesis(test) => {
            let answers: Vec<(String, Option<f64>)> = result
                .answers
                .iter()
                .map(|a| match a.value {
                    Value::Number(n) => (a.name.clone(), Some(n)),
                    Value::Text(_) => (a.name.clone(), None),
                })
                .collect();
            out.extend(super::steps::hypothesis::caveats(plan, test, &answers));
        }
        Recipe::Regression(_) => out.push(super::steps::regression::caveat(lang)),
        Recipe::Correlation { .. } => out.push(t(
            lang,
            "a correlation does not show that one causes the other".into(),
            "une corrélation ne montre pas que l'un cause l'autre".into(),
            "una correlación no demuestra que una cause la otra".into(),
        )),
        Recipe::Stats {
            group_by: Some(_), ..
        }
        | Recipe::Share {
            group_by: Some(_), ..
        }
        | Recipe::CountRows { group_by: Some(_) } => {
            let groups = result
                .tables
                .iter()
                .find(|t| !crate::validate::INTERNAL_TABLES.contains(&t.name.as_str()))
                .map_or(0, |t| t.total_rows);
            if groups as usize > super::codegen::MAX_GROUP_ANSWERS {
                out.push(t(
                    lang,
                    format!("there are {groups} groups: the answers list the first {}, the table has them all", super::codegen::MAX_GROUP_ANSWERS),
                    format!("il y a {groups} groupes : les réponses citent les {} premiers, le tableau les contient tous", super::codegen::MAX_GROUP_ANSWERS),
                    format!("hay {groups} grupos: las respuestas muestran los {} primeros, la tabla los tiene todos", super::codegen::MAX_GROUP_ANSWERS),
                ));
            }
        }
        _ => {}
    }
    out
}

fn kind_word(kind: ColumnKind, lang: Lang) -> &'static str {
    match (kind, lang) {
        (ColumnKind::Integer | ColumnKind::Decimal, Lang::En) => "numbers",
        (ColumnKind::Integer | ColumnKind::Decimal, Lang::Fr) => "nombres",
        (ColumnKind::Integer | ColumnKind::Decimal, Lang::Es) => "números",
        (ColumnKind::Date, Lang::En) => "dates",
        (ColumnKind::Date, Lang::Fr) => "dates",
        (ColumnKind::Date, Lang::Es) => "fechas",
        (ColumnKind::Boolean, Lang::En) => "yes/no",
        (ColumnKind::Boolean, Lang::Fr) => "oui/non",
        (ColumnKind::Boolean, Lang::Es) => "sí/no",
        (ColumnKind::Text, Lang::En) => "text",
        (ColumnKind::Text, Lang::Fr) => "texte",
        (ColumnKind::Text, Lang::Es) => "texto",
        (ColumnKind::Empty, Lang::En) => "empty",
        (ColumnKind::Empty, Lang::Fr) => "vide",
        (ColumnKind::Empty, Lang::Es) => "vacía",
    }
}

/// The columns once, grouped by type: "numbers: units, revenue; text:
/// region", per file when there are several.
pub fn columns_available(inputs: &[InputDescription], lang: Lang) -> String {
    let per_file: Vec<String> = inputs
        .iter()
        .map(|i| {
            let mut groups: Vec<(&'static str, Vec<&str>)> = Vec::new();
            for c in &i.columns {
                let word = kind_word(c.kind, lang);
                match groups.iter_mut().find(|(w, _)| *w == word) {
                    Some((_, names)) => names.push(&c.name),
                    None => groups.push((word, vec![&c.name])),
                }
            }
            let cols: Vec<String> = groups
                .iter()
                .map(|(word, names)| format!("{word}: {}", names.join(", ")))
                .collect();
            if inputs.len() > 1 {
                format!("{} ({})", i.name, cols.join("; "))
            } else {
                cols.join("; ")
            }
        })
        .collect();
    per_file.join(" — ")
}

/// The stop reason for a goal that cannot be planned.
pub fn goal_problem(
    problem: &GoalProblem,
    inputs: &[InputDescription],
    lang: Lang,
    suggestions: &[String],
) -> String {
    let columns = columns_available(inputs, lang);
    let understood = |u: &[String]| -> String {
        if u.is_empty() {
            t(lang, "nothing".into(), "rien".into(), "nada".into())
        } else {
            u.join(", ")
        }
    };
    let body = match problem {
        GoalProblem::NotUnderstood { understood: u } => t(
            lang,
            format!("the offline recipes did not understand what to compute (understood: {}). Say what you want (for example total, average, count, share, trend, correlation) and of which column", understood(u)),
            format!("les recettes hors ligne n'ont pas compris quoi calculer (compris : {}). Dites ce que vous voulez (par exemple total, moyenne, nombre, part, évolution, corrélation) et de quelle colonne", understood(u)),
            format!("las recetas sin conexión no entendieron qué calcular (entendido: {}). Diga qué quiere (por ejemplo total, media, número, proporción, tendencia, correlación) y de qué columna", understood(u)),
        ),
        GoalProblem::Ambiguous { phrase, candidates } => {
            let c = candidates.join(", ");
            t(
                lang,
                format!("\"{phrase}\" could mean several columns ({c}); write the exact column name in quotes"),
                format!("« {phrase} » peut désigner plusieurs colonnes ({c}) ; écrivez le nom exact de la colonne entre guillemets"),
                format!("«{phrase}» puede referirse a varias columnas ({c}); escriba el nombre exacto de la columna entre comillas"),
            )
        }
        GoalProblem::NeedsColumn { what, numbers, understood: u } => {
            if *numbers == 0 {
                t(
                    lang,
                    format!("to compute the {what}, name the column to use (understood: {})", understood(u)),
                    format!("pour calculer {what}, nommez la colonne à utiliser (compris : {})", understood(u)),
                    format!("para calcular {what}, indique la columna que se usará (entendido: {})", understood(u)),
                )
            } else {
                t(
                    lang,
                    format!("the {what} needs {numbers} column(s) of numbers; name them (understood: {})", understood(u)),
                    format!("{what} demande {numbers} colonne(s) de nombres ; nommez-les (compris : {})", understood(u)),
                    format!("{what} necesita {numbers} columna(s) de números; indíquelas (entendido: {})", understood(u)),
                )
            }
        }
        GoalProblem::NotNumbers { column, what } => t(
            lang,
            format!("the column {column} does not hold numbers, so its {what} cannot be computed"),
            format!("la colonne {column} ne contient pas de nombres, on ne peut donc pas calculer {what}"),
            format!("la columna {column} no contiene números, así que no se puede calcular {what}"),
        ),
        GoalProblem::SeveralFiles { files } => {
            let f = files.join(", ");
            t(
                lang,
                format!("the goal uses columns from several files ({f}); the offline recipes work on one file at a time (a language model provider can combine files)"),
                format!("l'objectif utilise des colonnes de plusieurs fichiers ({f}) ; les recettes hors ligne travaillent sur un fichier à la fois (un fournisseur de modèle de langage peut combiner des fichiers)"),
                format!("el objetivo usa columnas de varios archivos ({f}); las recetas sin conexión trabajan con un archivo a la vez (un proveedor de modelo de lenguaje puede combinar archivos)"),
            )
        }
        GoalProblem::JoinKey { files, candidates } => {
            let (f, c) = (files.join(", "), list(candidates, lang));
            t(
                lang,
                format!("the goal uses columns of two files ({f}) that share several columns ({c}); the offline recipes join two files only on their one shared column (a language model provider can combine them)"),
                format!("l'objectif utilise des colonnes de deux fichiers ({f}) qui ont plusieurs colonnes en commun ({c}) ; les recettes hors ligne ne relient deux fichiers que par leur unique colonne commune (un fournisseur de modèle de langage peut les combiner)"),
                format!("el objetivo usa columnas de dos archivos ({f}) que comparten varias columnas ({c}); las recetas sin conexión solo unen dos archivos por su única columna común (un proveedor de modelo de lenguaje puede combinarlos)"),
            )
        }
        GoalProblem::NoDate => t(
            lang,
            "a change over time needs a column of dates, and none was found".into(),
            "une évolution dans le temps demande une colonne de dates, et aucune n'a été trouvée".into(),
            "una evolución en el tiempo necesita una columna de fechas, y no se encontró ninguna".into(),
        ),
        GoalProblem::Unplaced { words, understood: u } => {
            let w = words.join(" ");
            t(
                lang,
                format!("I did not understand \"{w}\": it could be a condition I would otherwise leave out, so nothing was computed (understood: {}). Rephrase without it, or say it with the names of the columns and values in your file", understood(u)),
                format!("je n'ai pas compris « {w} » : ce pourrait être une condition que je laisserais de côté, donc rien n'a été calculé (compris : {}). Reformulez sans, ou dites-le avec les noms des colonnes et des valeurs de votre fichier", understood(u)),
                format!("no entendí «{w}»: podría ser una condición que dejaría fuera, así que no se calculó nada (entendido: {}). Reformule sin ello, o dígalo con los nombres de las columnas y valores de su archivo", understood(u)),
            )
        }
        GoalProblem::SeveralOperations { operations } => {
            let o = list(operations, lang);
            t(
                lang,
                format!("the goal asks for several calculations at once ({o}); ask one at a time"),
                format!("l'objectif demande plusieurs calculs à la fois ({o}) ; demandez-en un à la fois"),
                format!("el objetivo pide varios cálculos a la vez ({o}); pida uno a la vez"),
            )
        }
        GoalProblem::ShareOfWhich { part, group } => t(
            lang,
            format!("a share of the rows where {part} for each {group} can mean two things: in each {group}, the share of its rows where {part}; or how the rows where {part} spread over the {group}s (together 100 %). Ask instead for the number of rows where {part} per {group}, and the number of rows per {group}"),
            format!("une part des lignes où {part} pour chaque {group} peut vouloir dire deux choses : dans chaque {group}, la part de ses lignes où {part} ; ou comment les lignes où {part} se répartissent entre les {group} (toutes font 100 %). Demandez plutôt le nombre de lignes où {part} par {group}, et le nombre de lignes par {group}"),
            format!("una proporción de las filas donde {part} para cada {group} puede significar dos cosas: en cada {group}, la proporción de sus filas donde {part}; o cómo se reparten las filas donde {part} entre los {group} (todas suman 100 %). Pida mejor el número de filas donde {part} por {group}, y el número de filas por {group}"),
        ),
        GoalProblem::MeanPerPeriod { column } => t(
            lang,
            format!("an average of {column} per period can mean the average of the rows of each period, or the average period's total; ask for the total of {column} per month to see each month's total, or the average of {column} for the average row"),
            format!("une moyenne de {column} par période peut être la moyenne des lignes de chaque période, ou le total moyen d'une période ; demandez le total de {column} par mois pour voir le total de chaque mois, ou la moyenne de {column} pour la ligne moyenne"),
            format!("una media de {column} por periodo puede ser la media de las filas de cada periodo, o el total medio de un periodo; pida el total de {column} por mes para ver el total de cada mes, o la media de {column} para la fila media"),
        ),
        GoalProblem::WhichFile { files } => {
            let f = list(files, lang);
            t(
                lang,
                format!("several files have these columns ({f}); say which file to use, for example \"in {}\"", files[0]),
                format!("plusieurs fichiers ont ces colonnes ({f}) ; dites lequel utiliser, par exemple « dans {} »", files[0]),
                format!("varios archivos tienen estas columnas ({f}); diga cuál usar, por ejemplo «en {}»", files[0]),
            )
        }
        GoalProblem::WhichTest { question } => question.clone(),
        GoalProblem::CannotFollow { said, previous } => {
            super::plan::follow::problem(said, previous, lang)
        }
        GoalProblem::TooMany { understood: u } => t(
            lang,
            format!("the goal names more columns than one offline recipe can use ({}), for example two groupings at once; ask one calculation at a time", understood(u)),
            format!("l'objectif nomme plus de colonnes qu'une recette hors ligne ne peut en utiliser ({}), par exemple deux regroupements à la fois ; demandez un calcul à la fois", understood(u)),
            format!("el objetivo nombra más columnas de las que una receta sin conexión puede usar ({}), por ejemplo dos agrupaciones a la vez; pida un cálculo a la vez", understood(u)),
        ),
    };
    let asks = if suggestions.is_empty() {
        String::new()
    } else {
        let quoted: Vec<String> = suggestions
            .iter()
            .map(|q| match lang {
                Lang::En => format!("“{q}”"),
                Lang::Fr | Lang::Es => format!("« {q} »"),
            })
            .collect();
        let q = quoted.join(", ");
        t(
            lang,
            format!(" You could ask: {q}."),
            format!(" Vous pourriez demander : {q}."),
            format!(" Podría preguntar: {q}."),
        )
    };
    t(
        lang,
        format!("{body}. Columns in your files: {columns}.{asks}"),
        format!("{body}. Colonnes de vos fichiers : {columns}.{asks}"),
        format!("{body}. Columnas de sus archivos: {columns}.{asks}"),
    )
}

/// How a plan reads its goal, restated, with its parts.
pub fn interpretation(plan: &Plan) -> Interpretation {
    let lang = plan.lang;
    let measures = match &plan.recipe {
        Recipe::Stats { items, .. } => items
            .iter()
            .map(|(s, c)| super::codegen::measure_name(*s, c, lang))
            .collect(),
        _ => vec![what(plan)],
    };
    let mut columns: Vec<String> = super::plan::recipe_columns(&plan.recipe)
        .into_iter()
        .map(str::to_owned)
        .collect();
    for f in &plan.filters {
        if !columns.contains(&f.column) {
            columns.push(f.column.clone());
        }
    }
    Interpretation {
        sentence: super::plan::follow::restated(plan, reading_sentence(plan)),
        file: plan.source.named(lang),
        measures,
        columns,
        filters: plan.filters.iter().map(|f| condition(f, lang)).collect(),
        grouping: match &plan.recipe {
            Recipe::Stats { group_by, .. }
            | Recipe::CountRows { group_by }
            | Recipe::Ratio { group_by, .. }
            | Recipe::Share { group_by, .. }
            | Recipe::Rank { group_by, .. } => group_by.clone(),
            _ => None,
        },
        assumptions: plan.assumptions.clone(),
        context: plan.context.clone(),
    }
}

/// "Computed the mean of Fare in passengers.csv, over all 240 rows, no
/// filter".
fn reading_sentence(plan: &Plan) -> String {
    let lang = plan.lang;
    let what = contract(&(what(plan) + &super::steps::prep::after_words(plan)), lang);
    let rows = plan.source.rows;
    let conditions: Vec<String> = plan.filters.iter().map(|f| condition(f, lang)).collect();
    let mut sentence = if conditions.is_empty() {
        t(
            lang,
            format!("{what}, over all {rows} rows, no filter"),
            format!("{what}, sur les {rows} lignes, sans filtre"),
            format!("{what}, sobre las {rows} filas, sin filtro"),
        )
    } else {
        let c = list(&conditions, lang);
        t(
            lang,
            format!("{what}, over the rows where {c}"),
            format!("{what}, sur les lignes où {c}"),
            format!("{what}, sobre las filas donde {c}"),
        )
    };
    if let Some(derived) = super::steps::derived::explained(plan) {
        let sep = if lang == Lang::Fr { " ; " } else { "; " };
        sentence = format!("{sentence}{sep}{derived}");
    }
    if let Some(first) = sentence.get(..1) {
        sentence = first.to_uppercase() + &sentence[1..];
    }
    sentence
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_without_its_year_outside_the_files_last_year_keeps_nothing() {
        use crate::generator::plan::{DatePart, Filter, FilterValue};
        let bound = |cmp, code: f64| Filter {
            column: "date".into(),
            cmp,
            value: FilterValue::Number(code),
            part: Some(DatePart::MonthDay),
        };
        let (first, last) = ("2023-07-01", "2024-06-30");
        assert!(date_filter_outside(&bound(Cmp::Gt, 820.0), first, last));
        assert!(!date_filter_outside(&bound(Cmp::Gt, 520.0), first, last));
        assert!(date_filter_outside(&bound(Cmp::Lt, 101.0), first, last));
        assert!(!date_filter_outside(&bound(Cmp::Le, 303.0), first, last));
    }

    #[test]
    fn french_articles_elide_before_a_vowel_and_contract() {
        assert_eq!(
            contract(
                "calcul de le écart-type de la asymétrie de le total",
                Lang::Fr
            ),
            "calcul de l'écart-type de l'asymétrie du total"
        );
        assert_eq!(
            contract("la ville de la région", Lang::Fr),
            "la ville de la région"
        );
    }
}
