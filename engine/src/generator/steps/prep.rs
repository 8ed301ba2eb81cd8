//! Preparation asked before the measure, in the goal's order: drop the rows
//! with an empty cell ("after dropping rows with missing values"), fill the
//! empty cells of a column (mean, median, mode or a number: "fill missing
//! ages with the median"), drop duplicate rows ("without duplicates"),
//! drop the outliers of a column ("average salary without the outliers",
//! IQR by default, z-score when said) and scale a column (min-max to 0–1,
//! or z: "normalise the prices between 0 and 1"). Each step runs after the
//! filters and before the measure; its rows before and after (and the
//! cells it changed) go to the table `prep_steps` and the explanation.
//!
//! Golden expectations (`tests/golden/steps-prep.txt`): `after STEP`, once
//! per step, in order, after the conditions (which apply first):
//! `dropna` (rows with an empty cell in any column), `dropna(C)`, `dedup`
//! (rows equal in every column, the first kept), `fillmean(C)`,
//! `fillmedian(C)`, `fillmode(C)` (the smallest of the most frequent
//! values), `fill(C,V)`, `noiqr(C)` (rows whose C is beyond 1.5 IQR outside
//! the quartiles dropped; empty cells kept), `noz(C)` (beyond 3 sample
//! standard deviations), `minmax(C)` (C scaled to 0–1), `zscale(C)` (C
//! minus its mean, over its sample standard deviation). Example:
//! `value mean(salary) after noiqr(salary)`.

use serde::Serialize;

use crate::generator::codegen::{py_num, py_str, words, Code};
use crate::generator::plan::reading::Reading;
use crate::generator::plan::{recipe_columns, GoalProblem, OutlierMethod, Plan, Recipe};
use crate::generator::text;
use crate::inputs::ColumnKind;
use crate::lang::Lang;
use crate::validate::{CheckedResult, RawValue};

/// How the empty cells of a column are filled.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Fill {
    /// The column's mean.
    Mean,
    /// The column's median.
    Median,
    /// The column's most frequent value (the smallest when tied).
    Mode,
    /// A number.
    Value(f64),
}

/// How a column is scaled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Scaling {
    /// (x − min) / (max − min): from 0 to 1.
    MinMax,
    /// (x − mean) / sample standard deviation.
    ZScore,
}

/// One preparation step. An empty `column` (while reading only) is the
/// column the measure uses, settled once the recipe is known.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Prep {
    /// Drop the rows with an empty cell (in `column`, or in any column).
    DropMissing {
        /// The column, or every column.
        column: Option<String>,
    },
    /// Fill the empty cells of a column.
    Fill {
        /// Column.
        column: String,
        /// With what.
        with: Fill,
    },
    /// Drop rows equal to an earlier one in every column.
    DropDuplicates,
    /// Drop the rows whose value of `column` is an outlier.
    DropOutliers {
        /// Column.
        column: String,
        /// How outliers are found.
        method: OutlierMethod,
    },
    /// Scale a column.
    Scale {
        /// Column.
        column: String,
        /// How.
        method: Scaling,
    },
}

impl Prep {
    /// The column the step reads, if one.
    pub fn column(&self) -> Option<&str> {
        match self {
            Prep::DropMissing { column } => column.as_deref(),
            Prep::Fill { column, .. }
            | Prep::DropOutliers { column, .. }
            | Prep::Scale { column, .. } => Some(column),
            Prep::DropDuplicates => None,
        }
    }

    fn column_mut(&mut self) -> Option<&mut String> {
        match self {
            Prep::Fill { column, .. }
            | Prep::DropOutliers { column, .. }
            | Prep::Scale { column, .. } => Some(column),
            _ => None,
        }
    }

    /// The step in words, in `lang`.
    pub fn words(&self, lang: Lang) -> String {
        match self {
            Prep::DropMissing { column: Some(c) } => words(lang, &format!("rows with an empty {c} dropped"), &format!("lignes où {c} est vide retirées"), &format!("filas con {c} vacío quitadas")),
            Prep::DropMissing { column: None } => words(lang, "rows with an empty cell (in any column) dropped", "lignes ayant une cellule vide (dans n'importe quelle colonne) retirées", "filas con una celda vacía (en cualquier columna) quitadas"),
            Prep::Fill { column, with } => {
                let how = match with {
                    Fill::Mean => words(lang, "its mean", "sa moyenne", "su media"),
                    Fill::Median => words(lang, "its median", "sa médiane", "su mediana"),
                    Fill::Mode => words(lang, "its most frequent value", "sa valeur la plus fréquente", "su valor más frecuente"),
                    Fill::Value(v) => py_num(*v),
                };
                words(lang, &format!("empty cells of {column} filled with {how}"), &format!("cellules vides de {column} remplies avec {how}"), &format!("celdas vacías de {column} rellenadas con {how}"))
            }
            Prep::DropDuplicates => words(lang, "duplicate rows dropped (the first of each kept)", "lignes en double retirées (la première gardée)", "filas duplicadas quitadas (se conserva la primera)"),
            Prep::DropOutliers { column, method: OutlierMethod::Iqr } => words(lang, &format!("outliers of {column} dropped (beyond 1.5 × IQR outside the quartiles)"), &format!("valeurs aberrantes de {column} retirées (au-delà de 1,5 × IQR hors des quartiles)"), &format!("valores atípicos de {column} quitados (más allá de 1,5 × IQR fuera de los cuartiles)")),
            Prep::DropOutliers { column, method: OutlierMethod::ZScore } => words(lang, &format!("outliers of {column} dropped (more than 3 standard deviations from the mean)"), &format!("valeurs aberrantes de {column} retirées (à plus de 3 écarts-types de la moyenne)"), &format!("valores atípicos de {column} quitados (a más de 3 desviaciones estándar de la media)")),
            Prep::Scale { column, method: Scaling::MinMax } => words(lang, &format!("{column} scaled from 0 to 1 (min-max)"), &format!("{column} ramené entre 0 et 1 (min-max)"), &format!("{column} escalado de 0 a 1 (min-max)")),
            Prep::Scale { column, method: Scaling::ZScore } => words(lang, &format!("{column} standardised (minus its mean, over its standard deviation)"), &format!("{column} centré-réduit (moins sa moyenne, divisé par son écart-type)"), &format!("{column} estandarizado (menos su media, entre su desviación estándar)")),
        }
    }

    /// The step as the golden corpus writes it.
    #[cfg(test)]
    pub fn canon(&self) -> String {
        match self {
            Prep::DropMissing { column: None } => "dropna".into(),
            Prep::DropMissing { column: Some(c) } => format!("dropna({c})"),
            Prep::DropDuplicates => "dedup".into(),
            Prep::Fill {
                column,
                with: Fill::Mean,
            } => format!("fillmean({column})"),
            Prep::Fill {
                column,
                with: Fill::Median,
            } => format!("fillmedian({column})"),
            Prep::Fill {
                column,
                with: Fill::Mode,
            } => format!("fillmode({column})"),
            Prep::Fill {
                column,
                with: Fill::Value(v),
            } => format!("fill({column},{v})"),
            Prep::DropOutliers {
                column,
                method: OutlierMethod::Iqr,
            } => format!("noiqr({column})"),
            Prep::DropOutliers {
                column,
                method: OutlierMethod::ZScore,
            } => format!("noz({column})"),
            Prep::Scale {
                column,
                method: Scaling::MinMax,
            } => format!("minmax({column})"),
            Prep::Scale {
                column,
                method: Scaling::ZScore,
            } => format!("zscale({column})"),
        }
    }
}

/// Words that remove (folded).
const REMOVE: &[&str] = &[
    "without",
    "excluding",
    "exclude",
    "excluded",
    "remove",
    "removing",
    "removed",
    "drop",
    "dropping",
    "dropped",
    "delete",
    "deleting",
    "deleted",
    "after",
    "ignoring",
    "ignore",
    "no",
    "sans",
    "hors",
    "retirer",
    "retire",
    "retirant",
    "retirees",
    "retires",
    "supprimer",
    "supprime",
    "supprimant",
    "supprimees",
    "supprimes",
    "suppression",
    "enlever",
    "enleve",
    "enlevant",
    "exclure",
    "excluant",
    "exclues",
    "apres",
    "sin",
    "quitar",
    "quitando",
    "quitados",
    "quitadas",
    "eliminar",
    "elimina",
    "elimine",
    "eliminez",
    "elimine",
    "supprimez",
    "retirez",
    "quita",
    "eliminando",
    "eliminados",
    "eliminadas",
    "eliminacion",
    "tras",
    "excluyendo",
    "excluir",
    "excluidos",
    "excluidas",
    "despues",
    "removal",
    "avoir",
    "having",
    "once",
    "une",
    "fois",
    "de",
    "haber",
    "having",
];

/// Words that ask what is left once the steps are done (folded).
const REMAIN: &[&str] = &[
    "left",
    "remain",
    "remains",
    "remaining",
    "reste",
    "restent",
    "restantes",
    "restants",
    "quedan",
    "queda",
    "restante",
];
const OUTLIER_NOUNS: &[&str] = &[
    "outlier",
    "outliers",
    "aberrante",
    "aberrantes",
    "atipico",
    "atipicos",
];
const OUTLIER_HEADS: &[&str] = &["valeur", "valeurs", "valor", "valores"];
const DUPLICATES: &[&str] = &[
    "duplicate",
    "duplicates",
    "duplicated",
    "dedup",
    "deduplicated",
    "deduplicate",
    "doublon",
    "doublons",
    "duplicado",
    "duplicados",
    "duplicada",
    "duplicadas",
    "repetidas",
    "repetidos",
];
const MISSING: &[&str] = &[
    "missing",
    "empty",
    "blank",
    "null",
    "nan",
    "manquant",
    "manquante",
    "manquantes",
    "manquants",
    "vide",
    "vides",
    "faltante",
    "faltantes",
    "vacio",
    "vacia",
    "vacios",
    "vacias",
    "nulo",
    "nulos",
];
const ROW_WORDS: &[&str] = &[
    "row", "rows", "ligne", "lignes", "fila", "filas", "record", "records", "value", "values",
    "valeur", "valeurs", "valor", "valores", "cell", "cells", "cellule", "cellules", "celda",
    "celdas", "with", "avec", "con", "of", "de", "des", "the", "les", "las", "los", "a", "any",
    "all",
];
const FILL: &[&str] = &[
    "fill",
    "filling",
    "filled",
    "impute",
    "imputing",
    "imputed",
    "replace",
    "replacing",
    "replaced",
    "remplir",
    "remplissant",
    "rempli",
    "remplis",
    "remplacer",
    "remplacant",
    "remplace",
    "remplaces",
    "imputer",
    "imputant",
    "rellenar",
    "rellenando",
    "rellena",
    "imputar",
    "imputando",
    "reemplazar",
    "reemplazando",
    "sustituir",
    "sustituyendo",
];
const WITH: &[&str] = &["with", "by", "par", "avec", "con", "por"];
const SCALE: &[&str] = &[
    "normalise",
    "normalize",
    "normalised",
    "normalized",
    "normalising",
    "normalizing",
    "normalisation",
    "normalization",
    "rescale",
    "rescaled",
    "scale",
    "scaled",
    "scaling",
    "normaliser",
    "normalisee",
    "normalisees",
    "normalises",
    "normalizar",
    "normaliza",
    "normalizado",
    "normalizados",
    "normalizada",
    "normalizadas",
    "escalar",
    "escala",
    "escalado",
    "escalados",
];
const STANDARDISE: &[&str] = &[
    "standardise",
    "standardize",
    "standardised",
    "standardized",
    "standardising",
    "standardizing",
    "standardiser",
    "standardisee",
    "standardisees",
    "centrer",
    "reduire",
    "centree",
    "reduite",
    "estandarizar",
    "estandariza",
    "estandarizado",
    "estandarizados",
    "estandarizada",
    "estandarizadas",
    "tipificar",
];

fn folded<'r>(r: &'r Reading, i: usize) -> &'r str {
    r.g.tokens.get(i).map_or("", |t| t.folded.as_str())
}

fn free_in(r: &Reading, i: usize, set: &[&str]) -> bool {
    i < r.g.tokens.len() && !r.g.used[i] && set.contains(&folded(r, i))
}

/// A removal word within three words before `at` (its place), or within
/// two after ("outliers removed").
fn removal_near(r: &Reading, at: usize, len: usize) -> Option<usize> {
    (at.saturating_sub(3)..at)
        .rev()
        .chain(at + len..at + len + 2)
        .find(|&i| free_in(r, i, REMOVE) && !matches!(folded(r, i), "de" | "une" | "fois"))
}

/// "outliers are removed", "doublons supprimés": the removal words just
/// after the noun at `at`, past "are"/"sont"/"son".
fn removed_after(r: &Reading, at: usize) -> Vec<usize> {
    (at + 1..at + 3)
        .filter(|&i| {
            free_in(r, i, REMOVE)
                && !matches!(
                    folded(r, i),
                    "de" | "une" | "fois" | "after" | "apres" | "tras" | "despues"
                )
        })
        .collect()
}

/// The removal words just before `cue` that go with it ("after
/// removing", "après avoir retiré", "una vez"): their places.
fn removal_run(r: &Reading, cue: usize) -> Vec<usize> {
    let mut out = vec![cue];
    let mut i = cue;
    while i > 0 && free_in(r, i - 1, REMOVE) && out.len() < 4 {
        i -= 1;
        out.push(i);
    }
    out
}

/// The column named right after `i` past linking words ("outliers of
/// salary", "valeurs aberrantes du salaire"): its mention's place.
fn column_after(r: &Reading, i: usize) -> Option<(usize, String)> {
    const LINKS: &[&str] = &[
        "of", "in", "for", "de", "du", "des", "en", "la", "le", "les", "l", "el", "los", "las",
        "del", "the", "dans",
    ];
    let mut j = i;
    while j < r.g.tokens.len() && LINKS.contains(&folded(r, j)) && j < i + 3 {
        j += 1;
    }
    r.mentions
        .iter()
        .find(|m| m.start == j)
        .map(|m| (m.start, m.column.clone()))
}

/// Reads the preparation steps the goal asks into `r.prep`, marking their
/// words.
pub fn read(r: &mut Reading) -> Result<(), GoalProblem> {
    let mut steps: Vec<(usize, Prep)> = Vec::new();
    let mut placed: Vec<usize> = Vec::new();
    let mut consumed: Vec<usize> = Vec::new();
    outliers(r, &mut steps, &mut placed, &mut consumed);
    duplicates(r, &mut steps, &mut placed);
    missing(r, &mut steps, &mut placed, &mut consumed);
    scaling(r, &mut steps, &mut placed, &mut consumed);
    if steps.is_empty() {
        return Ok(());
    }
    // "how many rows are left after …", "combien de lignes restent".
    placed.extend((0..r.g.tokens.len()).filter(|&i| free_in(r, i, REMAIN)));
    for &i in &placed {
        r.g.take(i, 1);
    }
    r.ops.retain(|(i, _)| !placed.contains(i));
    r.mentions.retain(|m| !consumed.contains(&m.start));
    steps.sort_by_key(|(at, _)| *at);
    for (_, s) in &steps {
        let said = s.words(r.lang);
        r.understood.push(said);
    }
    r.prep = steps.into_iter().map(|(_, s)| s).collect();
    Ok(())
}

/// The method words of outliers ("(IQR)", "by z-score"), their places.
fn outlier_method(r: &Reading) -> (Option<OutlierMethod>, Vec<usize>) {
    let mut places = Vec::new();
    let mut method = None;
    for i in 0..r.g.tokens.len() {
        let f = folded(r, i);
        let m = match f {
            "iqr" | "interquartile" | "intercuartil" | "intercuartilico" => {
                Some((OutlierMethod::Iqr, 1))
            }
            "zscore" => Some((OutlierMethod::ZScore, 1)),
            "z" if folded(r, i + 1) == "score" => Some((OutlierMethod::ZScore, 2)),
            _ => None,
        };
        if let Some((m, len)) = m {
            method = Some(m);
            places.extend(i..i + len);
            for j in [i.wrapping_sub(1), i + len] {
                if matches!(
                    folded(r, j),
                    "method"
                        | "methode"
                        | "metodo"
                        | "rule"
                        | "regle"
                        | "regla"
                        | "using"
                        | "by"
                        | "par"
                        | "con"
                        | "selon"
                        | "segun"
                        | "with"
                        | "avec"
                        | "range"
                ) {
                    places.push(j);
                }
            }
        }
    }
    if method == Some(OutlierMethod::ZScore) {
        places.extend(three_deviations(r));
    }
    (method, places)
}

/// "beyond 3 standard deviations", "more than 3 SD", "à plus de 3
/// écarts-types": the z-score rule said in words (the threshold the
/// z-score step uses), its places — never a standard deviation asked.
fn three_deviations(r: &Reading) -> Vec<usize> {
    const DEVIATIONS: &[&[&str]] = &[
        &["standard", "deviations"],
        &["standard", "deviation"],
        &["std"],
        &["sd"],
        &["sigma"],
        &["ecarts", "types"],
        &["ecart", "type"],
        &["desviaciones", "estandar"],
        &["desviaciones", "tipicas"],
    ];
    const BEFORE: &[&str] = &[
        "beyond", "above", "over", "than", "more", "plus", "de", "mas", "outside", "within",
    ];
    let mut places = Vec::new();
    for i in 0..r.g.tokens.len() {
        if !matches!(folded(r, i), "3" | "three" | "trois" | "tres") {
            continue;
        }
        let Some(words) = DEVIATIONS.iter().find(|w| {
            w.iter()
                .enumerate()
                .all(|(j, x)| folded(r, i + 1 + j) == *x)
        }) else {
            continue;
        };
        places.extend(i..=i + words.len());
        let mut b = i;
        while b > 0 && BEFORE.contains(&folded(r, b - 1)) {
            b -= 1;
            places.push(b);
        }
    }
    // "absolute z above 3", "z greater than 3": the rule said on z itself.
    for i in 0..r.g.tokens.len() {
        if folded(r, i) != "z" {
            continue;
        }
        let mut j = i + 1;
        while matches!(
            folded(r, j),
            "above"
                | "over"
                | "greater"
                | "than"
                | "beyond"
                | ">"
                | "of"
                | "superieur"
                | "a"
                | "mayor"
                | "que"
                | "de"
        ) {
            j += 1;
        }
        if j > i + 1 && matches!(folded(r, j), "3" | "three" | "trois" | "tres") {
            places.extend(i..=j);
            if matches!(
                folded(r, i.wrapping_sub(1)),
                "absolute" | "absolu" | "absolue" | "absoluto"
            ) {
                places.push(i - 1);
            }
        }
    }
    places
}

fn outliers(
    r: &mut Reading,
    steps: &mut Vec<(usize, Prep)>,
    placed: &mut Vec<usize>,
    consumed: &mut Vec<usize>,
) {
    for i in 0..r.g.tokens.len() {
        if !OUTLIER_NOUNS.contains(&folded(r, i)) {
            continue;
        }
        let head = i > 0 && OUTLIER_HEADS.contains(&folded(r, i - 1));
        let start = if head { i - 1 } else { i };
        let Some(cue) = removal_near(r, start, i + 1 - start) else {
            continue;
        };
        let (method, method_places) = outlier_method(r);
        let column = column_after(r, i + 1);
        placed.extend(start..=i);
        placed.extend(removal_run(r, cue));
        placed.extend(removed_after(r, i));
        placed.extend(method_places);
        if let Some((at, _)) = &column {
            placed.extend(i + 1..*at);
            consumed.push(*at);
        }
        if method.is_none() {
            let said = r.say(
                "outliers found by the IQR rule (beyond 1.5 × IQR outside the quartiles), as no method was named".into(),
                "valeurs aberrantes repérées par la règle de l'IQR (au-delà de 1,5 × IQR hors des quartiles), aucune méthode n'étant nommée".into(),
                "valores atípicos según la regla del IQR (más allá de 1,5 × IQR fuera de los cuartiles), al no nombrarse ningún método".into(),
            );
            r.assume(said, None);
        }
        steps.push((
            start,
            Prep::DropOutliers {
                column: column.map(|c| c.1).unwrap_or_default(),
                method: method.unwrap_or(OutlierMethod::Iqr),
            },
        ));
        return;
    }
}

fn duplicates(r: &mut Reading, steps: &mut Vec<(usize, Prep)>, placed: &mut Vec<usize>) {
    for i in 0..r.g.tokens.len() {
        if !DUPLICATES.contains(&folded(r, i)) || r.g.used[i] {
            continue;
        }
        let alone = matches!(folded(r, i), "dedup" | "deduplicated" | "deduplicate");
        let cue = removal_near(r, i, 1);
        if cue.is_none() && !alone {
            continue;
        }
        placed.push(i);
        placed.extend(cue.map(|c| removal_run(r, c)).unwrap_or_default());
        // "duplicate rows", "filas duplicadas", "lignes en double"
        for j in [i.wrapping_sub(1), i + 1] {
            if free_in(
                r,
                j,
                &[
                    "row", "rows", "ligne", "lignes", "fila", "filas", "entries", "records",
                ],
            ) {
                placed.push(j);
            }
        }
        steps.push((i, Prep::DropDuplicates));
        return;
    }
}

fn missing(
    r: &mut Reading,
    steps: &mut Vec<(usize, Prep)>,
    placed: &mut Vec<usize>,
    consumed: &mut Vec<usize>,
) {
    let n = r.g.tokens.len();
    for i in 0..n {
        if r.g.used[i] {
            continue;
        }
        if folded(r, i) == "dropna" {
            placed.push(i);
            steps.push((i, Prep::DropMissing { column: None }));
            return;
        }
        if !MISSING.contains(&folded(r, i)) {
            continue;
        }
        let clause = r.g.tokens[i].clause;
        let before = |set: &[&str]| {
            (i.saturating_sub(6)..i)
                .rev()
                .find(|&j| r.g.tokens[j].clause == clause && free_in(r, j, set))
        };
        if let Some(cue) = before(FILL) {
            if let Some(step) = fill(r, cue, i, placed, consumed) {
                placed.extend(removal_run(r, cue));
                steps.push((cue, step));
                return;
            }
            continue;
        }
        // "drop the rows with missing values": a row word between.
        let Some(cue) = before(REMOVE) else { continue };
        let rows_said = (cue + 1..i).any(|j| {
            matches!(
                folded(r, j),
                "row" | "rows" | "ligne" | "lignes" | "fila" | "filas" | "record" | "records"
            )
        });
        if !rows_said || !(cue + 1..i).all(|j| ROW_WORDS.contains(&folded(r, j))) {
            continue;
        }
        placed.extend(cue..=i);
        placed.extend(removal_run(r, cue));
        let column = column_after(r, i + 1);
        if let Some((at, _)) = &column {
            placed.extend(i + 1..*at);
            consumed.push(*at);
        } else {
            // "with missing values", "avec des valeurs manquantes"
            for j in [i.wrapping_sub(1), i + 1] {
                if free_in(
                    r,
                    j,
                    &[
                        "value", "values", "valeur", "valeurs", "valor", "valores", "cell",
                        "cells", "cellule", "cellules", "celda", "celdas", "data", "donnees",
                        "datos",
                    ],
                ) {
                    placed.push(j);
                }
            }
        }
        if column.is_none() {
            let said = r.say(
                "every column is checked: a row with an empty cell anywhere is dropped".into(),
                "toutes les colonnes sont vérifiées : une ligne ayant une cellule vide n'importe où est retirée".into(),
                "se revisan todas las columnas: se quita una fila con una celda vacía en cualquier lugar".into(),
            );
            r.assume(said, None);
        }
        steps.push((
            cue,
            Prep::DropMissing {
                column: column.map(|c| c.1),
            },
        ));
        return;
    }
}

/// "fill missing ages with the median": the step, from the fill word at
/// `cue` and the missing word at `at`.
fn fill(
    r: &Reading,
    cue: usize,
    at: usize,
    placed: &mut Vec<usize>,
    consumed: &mut Vec<usize>,
) -> Option<Prep> {
    let n = r.g.tokens.len();
    let with = (at + 1..(at + 6).min(n)).find(|&j| WITH.contains(&folded(r, j)))?;
    let mut k = with + 1;
    while k < n
        && matches!(
            folded(r, k),
            "the" | "la" | "le" | "l" | "el" | "its" | "sa" | "su" | "their" | "leur"
        )
    {
        k += 1;
    }
    let (how, len) = match folded(r, k) {
        "mean" | "average" | "moyenne" | "media" | "promedio" => (Fill::Mean, 1),
        "median" | "mediane" | "mediana" => (Fill::Median, 1),
        "mode" | "moda" => (Fill::Mode, 1),
        "most" if folded(r, k + 1) == "frequent" => (Fill::Mode, 2),
        "zero" | "cero" => (Fill::Value(0.0), 1),
        _ => (Fill::Value(text::number(r.g.tokens.get(k)?)?), 1),
    };
    // The column: named between the fill word and "with", else the measure's.
    let named = r
        .mentions
        .iter()
        .find(|m| m.start > cue && m.start < with)
        .map(|m| (m.start, m.column.clone()));
    if let Some((start, column)) = &named {
        if !matches!(r.kind(column), ColumnKind::Integer | ColumnKind::Decimal) {
            return None;
        }
        consumed.push(*start);
    }
    for j in cue..k + len {
        let mention = r
            .mentions
            .iter()
            .any(|m| j >= m.start && j < m.start + m.len);
        if !mention {
            placed.push(j);
        }
    }
    Some(Prep::Fill {
        column: named.map(|c| c.1).unwrap_or_default(),
        with: how,
    })
}

fn scaling(
    r: &mut Reading,
    steps: &mut Vec<(usize, Prep)>,
    placed: &mut Vec<usize>,
    consumed: &mut Vec<usize>,
) {
    let n = r.g.tokens.len();
    for i in 0..n {
        let z = free_in(r, i, STANDARDISE);
        if !z && !free_in(r, i, SCALE) {
            continue;
        }
        // "on a scale of 1 to 10", "en una escala": a noun, unless a column
        // follows ("scale the prices").
        let noun = matches!(folded(r, i), "scale" | "escala");
        if noun && column_after(r, i + 1).is_none() {
            continue;
        }
        placed.push(i);
        // "centrer-réduire", "normalise with z-scores", "min-max"
        let mut method = if z { Some(Scaling::ZScore) } else { None };
        for j in 0..n {
            let f = folded(r, j);
            if free_in(r, j, STANDARDISE) {
                placed.push(j);
            }
            // "… and report the mean of the normalized column": the column
            // scaled, said again.
            if j > i
                && free_in(r, j, SCALE)
                && matches!(
                    folded(r, j + 1),
                    "column" | "colonne" | "columna" | "values" | "valeurs" | "valores"
                )
            {
                placed.extend([j, j + 1]);
            }
            if f == "min" && folded(r, j + 1) == "max" {
                placed.extend([j, j + 1]);
                method = method.or(Some(Scaling::MinMax));
            }
            if (f == "z" && folded(r, j + 1) == "score") || f == "zscore" {
                placed.push(j);
                if f == "z" {
                    placed.push(j + 1);
                }
                method = Some(Scaling::ZScore);
            }
            // "between 0 and 1", "entre 0 et 1", "entre 0 y 1", "to 0-1"
            if matches!(
                f,
                "between" | "entre" | "to" | "from" | "de" | "a" | "in" | "dans" | "en"
            ) && folded(r, j + 1) == "0"
                && folded(r, j + 3) == "1"
                && matches!(folded(r, j + 2), "and" | "et" | "y" | "to" | "a")
            {
                placed.extend(j..j + 4);
                method = method.or(Some(Scaling::MinMax));
            }
        }
        if method.is_none() {
            let said = r.say(
                "scaled by min-max, from 0 to 1, as no method was named".into(),
                "mise à l'échelle min-max, entre 0 et 1, aucune méthode n'étant nommée".into(),
                "escalado min-max, de 0 a 1, al no nombrarse ningún método".into(),
            );
            r.assume(said, None);
        }
        // "centrer-réduire les montants": the column after the last word.
        let mut end = i + 1;
        while free_in(r, end, STANDARDISE) || free_in(r, end, SCALE) {
            end += 1;
        }
        let column = column_after(r, end).or_else(|| {
            // "the prices normalised"
            r.mentions
                .iter()
                .find(|m| m.start + m.len == i)
                .map(|m| (m.start, m.column.clone()))
        });
        if let Some((at, _)) = &column {
            placed.extend(i + 1..(*at).max(i + 1));
            if r.mentions
                .iter()
                .filter(|m| Some(&m.column) == column.as_ref().map(|c| &c.1))
                .count()
                > 1
            {
                consumed.push(*at);
            }
        }
        steps.push((
            i,
            Prep::Scale {
                column: column.map(|c| c.1).unwrap_or_default(),
                method: method.unwrap_or(Scaling::MinMax),
            },
        ));
        return;
    }
}

/// Gives each step without a column the one column of numbers the recipe
/// uses; with none or several, the plan stops and asks which.
pub fn settle(r: &mut Reading, recipe: &Recipe) -> Result<Vec<super::prep::Prep>, GoalProblem> {
    let mut steps = std::mem::take(&mut r.prep);
    let numbers: Vec<String> = {
        let mut v: Vec<String> = recipe_columns(recipe)
            .into_iter()
            .filter(|c| matches!(r.kind(c), ColumnKind::Integer | ColumnKind::Decimal))
            .map(str::to_owned)
            .collect();
        v.dedup();
        v
    };
    for s in &mut steps {
        let words = s.words(r.lang);
        let Some(column) = s.column_mut() else {
            continue;
        };
        if !column.is_empty() {
            continue;
        }
        match numbers.as_slice() {
            [one] => *column = one.clone(),
            _ => {
                return Err(GoalProblem::NeedsColumn {
                    what: words,
                    numbers: 1,
                    understood: r.understood.clone(),
                })
            }
        }
    }
    Ok(steps)
}

/// The code of the preparation steps, after the filters.
pub fn code(c: &mut Code, plan: &Plan) {
    if plan.prep.is_empty() {
        return;
    }
    let lang = plan.lang;
    c.line(crate::generator::codegen::comment(&words(
        lang,
        "Preparation asked, step by step: the rows before and after each step go to the table prep_steps.",
        "Préparation demandée, étape par étape : les lignes avant et après chaque étape vont dans la table prep_steps.",
        "Preparación pedida, paso a paso: las filas antes y después de cada paso van a la tabla prep_steps.",
    )));
    let header = [
        words(lang, "step", "étape", "paso"),
        words(lang, "rows before", "lignes avant", "filas antes"),
        words(lang, "rows after", "lignes après", "filas después"),
        words(
            lang,
            "cells changed",
            "cellules modifiées",
            "celdas cambiadas",
        ),
    ];
    let header: Vec<String> = header.iter().map(|h| py_str(h)).collect();
    c.line(format!("prep_steps = [[{}]]", header.join(", ")));
    for step in &plan.prep {
        c.line(crate::generator::codegen::comment(&step.words(lang)));
        c.line("before = len(data)");
        c.line("changed = 0");
        step_code(c, step);
        c.line(format!(
            "prep_steps.append([{}, before, len(data), changed])",
            py_str(&step.words(lang))
        ));
    }
    c.line("glovebox.table(\"prep_steps\", prep_steps)");
}

/// The column as numbers, without recording its use (the measure records it).
fn numbers_quietly(c: &mut Code, column: &str) {
    c.line(format!("values = numbers({})", py_str(column)));
    c.line("used.pop()  # the measure below records its own use of the column");
}

fn step_code(c: &mut Code, step: &Prep) {
    match step {
        Prep::DropMissing { column: None } => c.line("data = data.dropna()"),
        Prep::DropMissing { column: Some(col) } => {
            numbers_quietly(c, col);
            c.line("data = data[values.notna()]");
        }
        Prep::DropDuplicates => c.line("data = data.drop_duplicates()"),
        Prep::Fill { column, with } => {
            numbers_quietly(c, column);
            let fill = match with {
                Fill::Mean => "values.mean()".to_owned(),
                Fill::Median => "values.median()".to_owned(),
                Fill::Mode => "values.mode().min()".to_owned(),
                Fill::Value(v) => py_num(*v),
            };
            c.line("changed = int(values.isna().sum())");
            c.line(format!("data[{}] = values.fillna({fill})", py_str(column)));
        }
        Prep::DropOutliers { column, method } => {
            numbers_quietly(c, column);
            match method {
                OutlierMethod::Iqr => {
                    c.line("q1, q3 = values.quantile(0.25), values.quantile(0.75)");
                    c.line("low, high = q1 - 1.5 * (q3 - q1), q3 + 1.5 * (q3 - q1)");
                }
                OutlierMethod::ZScore => {
                    c.line("low = values.mean() - 3 * values.std()");
                    c.line("high = values.mean() + 3 * values.std()");
                }
            }
            c.line("# empty cells are not outliers: their rows stay");
            c.line("data = data[values.isna() | ((values >= low) & (values <= high))]");
        }
        Prep::Scale { column, method } => {
            numbers_quietly(c, column);
            let expr = match method {
                Scaling::MinMax => "(values - values.min()) / (values.max() - values.min())",
                Scaling::ZScore => "(values - values.mean()) / values.std()",
            };
            c.line(format!("data[{}] = {expr}", py_str(column)));
            c.line("changed = int(values.notna().sum())");
            c.line(format!(
                "glovebox.table({}, pd.DataFrame({{\"before\": values, \"after\": data[{}]}}))",
                py_str(&format!("scaled {column}")),
                py_str(column)
            ));
        }
    }
}

/// ", after: outliers of salary dropped (…)": the steps, for the reading.
pub fn after_words(plan: &Plan) -> String {
    if plan.prep.is_empty() {
        return String::new();
    }
    let steps: Vec<String> = plan.prep.iter().map(|s| s.words(plan.lang)).collect();
    let steps = steps.join("; ");
    words(
        plan.lang,
        &format!(" (first: {steps})"),
        &format!(" (d'abord : {steps})"),
        &format!(" (primero: {steps})"),
    )
}

fn number(v: Option<&RawValue>) -> Option<u64> {
    match v {
        Some(RawValue::Number(n)) => Some(*n as u64),
        _ => None,
    }
}

/// Each step's rows before and after, for the explanation.
pub fn explained(plan: &Plan, result: &CheckedResult) -> Vec<String> {
    let Some(table) = result.tables.iter().find(|t| t.name == "prep_steps") else {
        return Vec::new();
    };
    let lang = plan.lang;
    plan.prep
        .iter()
        .zip(&table.rows)
        .filter_map(|(step, row)| {
            let (before, after) = (number(row.get(1))?, number(row.get(2))?);
            let changed = number(row.get(3)).unwrap_or(0);
            let what = step.words(lang);
            Some(match step {
                Prep::Fill { .. } | Prep::Scale { .. } => words(
                    lang,
                    &format!("{what}: {changed} cells changed, {after} rows"),
                    &format!("{what} : {changed} cellules modifiées, {after} lignes"),
                    &format!("{what}: {changed} celdas cambiadas, {after} filas"),
                ),
                _ => words(
                    lang,
                    &format!(
                        "{what}: {before} rows before, {after} after ({} dropped)",
                        before - after.min(before)
                    ),
                    &format!(
                        "{what} : {before} lignes avant, {after} après ({} retirées)",
                        before - after.min(before)
                    ),
                    &format!(
                        "{what}: {before} filas antes, {after} después ({} quitadas)",
                        before - after.min(before)
                    ),
                ),
            })
        })
        .collect()
}

/// The rows the filters kept, before any preparation (the last row count
/// is taken after it).
pub fn kept_before(plan: &Plan, result: &CheckedResult) -> Option<f64> {
    if plan.prep.is_empty() {
        return None;
    }
    let table = result.tables.iter().find(|t| t.name == "prep_steps")?;
    number(table.rows.first()?.get(1)).map(|n| n as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::plan;

    fn prep(file: &str, goal: &str) -> Result<(Vec<String>, Recipe), String> {
        let inputs = [crate::generator::golden_input(file)];
        plan::plan(goal, Lang::detect(goal), &inputs)
            .map(|p| (p.prep.iter().map(Prep::canon).collect(), p.recipe))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn outliers_removed_before_the_measure_default_to_iqr() {
        let (steps, recipe) = prep("hr.csv", "average salary without the outliers").expect("plan");
        assert_eq!(steps, ["noiqr(salary)"]);
        assert!(matches!(recipe, Recipe::Stats { .. }), "{recipe:?}");
        let (steps, _) = prep(
            "passengers.csv",
            "mean fare after removing outliers using z-score",
        )
        .expect("plan");
        assert_eq!(steps, ["noz(Fare)"]);
    }

    #[test]
    fn fill_dedup_dropna_and_scaling_are_read() {
        let (steps, _) = prep(
            "passengers.csv",
            "fill missing ages with the median, then the average age",
        )
        .expect("plan");
        assert_eq!(steps, ["fillmedian(Age)"]);
        let (steps, _) =
            prep("people.csv", "average salary after removing duplicate rows").expect("plan");
        assert_eq!(steps, ["dedup"]);
        let (steps, _) = prep(
            "passengers.csv",
            "average fare after dropping rows with missing values",
        )
        .expect("plan");
        assert_eq!(steps, ["dropna"]);
        let (steps, recipe) =
            prep("housing.csv", "normalise the prices between 0 and 1").expect("plan");
        assert_eq!(steps, ["minmax(price)"]);
        assert!(matches!(recipe, Recipe::Distribution { .. }), "{recipe:?}");
    }

    fn explained_with(file: &str, goal: &str) -> String {
        let inputs = [crate::generator::golden_input(file)];
        let plan = plan::plan(goal, Lang::detect(goal), &inputs).expect("plan");
        let result: CheckedResult = serde_json::from_str(
            r#"{"answers": [{"name": "x", "value": 1.0, "unit": null}],
                "tables": [
                  {"name": "prep_steps", "columns": ["step", "before", "after", "changed"],
                   "rows": [["s", 40, 37, 0]], "total_rows": 1},
                  {"name": "row_counts", "columns": ["step", "rows"],
                   "rows": [["read", 250], ["kept", 37]], "total_rows": 2}],
                "charts": [], "notes": [], "files_opened": [], "network_events": [], "process_events": []}"#,
        )
        .expect("result");
        crate::generator::explain::explain(&plan, &result)
    }

    #[test]
    fn the_explanation_gives_each_step_its_rows_before_and_after() {
        let en = explained_with(
            "insurance.csv",
            "average charges for smokers without outliers",
        );
        assert!(en.contains("40 rows are kept where smoker is yes"), "{en}");
        assert!(en.contains("Outliers of charges dropped (beyond 1.5 × IQR outside the quartiles): 40 rows before, 37 after (3 dropped)"), "{en}");
        assert!(
            en.contains("Assumed: outliers found by the IQR rule"),
            "{en}"
        );
        let fr = explained_with(
            "ventes.csv",
            "chiffre d'affaires moyen sans les valeurs aberrantes",
        );
        assert!(
            fr.contains("40 lignes avant, 37 après (3 retirées)"),
            "{fr}"
        );
        let es = explained_with("ventas.csv", "ingresos medios sin valores atípicos");
        assert!(
            es.contains("40 filas antes, 37 después (3 quitadas)"),
            "{es}"
        );
    }

    #[test]
    fn outliers_of_which_column_unsaid_with_two_columns_stops() {
        assert!(prep(
            "people.csv",
            "correlation between height and weight without outliers"
        )
        .is_err());
    }
}
