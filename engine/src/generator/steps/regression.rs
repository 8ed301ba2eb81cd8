//! Linear regression, simple and multiple: "regression of price on area",
//! "linear model of charges from age and bmi", "how much does price go up
//! per extra bedroom", "régression linéaire du prix en fonction de la
//! surface", "regresión lineal de ingresos según unidades", and predictions
//! for given values ("predict charges for an age of 40 and a bmi of 30").
//!
//! Detection reads the target (the column before "on", "from", "en
//! fonction de", "según"…, or right after "predict") and the predictors
//! (the columns after it, joined by "and", or the ones given a value).
//! Every predictor is a column of numbers: a category predictor stops the
//! plan (one-hot coding is a choice the goal must make). Values for a
//! prediction sit beside their column ("an area of 120", "bmi 30",
//! "20 unidades"); a prediction that leaves a predictor without a value
//! stops. The code fits by least squares (`scipy.stats.linregress` for
//! one predictor, `numpy.linalg.lstsq` for several) over the rows where
//! every column has a number; a train/test error only when asked, with a
//! fixed seed (`MODEL_SEED`).
//!
//! Golden expectations (`tests/golden/steps-models.txt`), computed by the
//! oracle with the normal equations over the rows where every column has
//! a number (Y the target, X… the predictors, in the goal's order):
//! `slope(Y,X)` and `intercept(Y,X…)`, `r2(Y,X…)`, `coef(Y,X1,X2:X1)` (the
//! coefficient of X1 in the model of Y on X1 and X2), `predict(Y,X1=v1,X2=v2)`
//! (the model's value there), `rmse(Y,X…)` and `mae(Y,X…)` (in-sample
//! errors); preparations are written `after STEP` (see `steps::prep`).

use serde::Serialize;

use crate::generator::codegen::{py_str, words, Code};
use crate::generator::plan::reading::{Mention, Reading};
use crate::generator::plan::{GoalProblem, Plan, Recipe};
use crate::generator::text;
use crate::inputs::ColumnKind;
use crate::lang::Lang;

/// The seed of a train/test split, stated in the code and the explanation.
pub const MODEL_SEED: u64 = 42;
/// The share of rows held out for a test when the goal asks for a split
/// without saying how much (percent).
pub const DEFAULT_TEST_SHARE: u32 = 20;
/// Most predictors a model takes from a goal.
pub const MAX_PREDICTORS: usize = 6;

/// A linear model asked by the goal.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Model {
    /// The column explained.
    pub target: String,
    /// The columns explaining it, in the goal's order.
    pub predictors: Vec<String>,
    /// Values of the predictors for a prediction, in their order (empty
    /// when no prediction is asked).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub at: Vec<f64>,
    /// The errors (RMSE, MAE) were asked.
    pub errors: bool,
    /// Percent of rows held out for a test, when a train/test split is asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub test_share: Option<u32>,
}

/// Words that ask for a model (folded).
const CUES: &[&str] = &[
    "regression",
    "regress",
    "regressed",
    "regresion",
    "linear",
    "lineaire",
    "lineal",
    "ols",
    "slope",
    "pente",
    "pendiente",
    "intercept",
    "intercepto",
    "coefficient",
    "coefficients",
    "coeficiente",
    "coeficientes",
    "r2",
    "r²",
];

/// Words that ask for a prediction (folded).
const PREDICT: &[&str] = &[
    "predict",
    "predicts",
    "predicted",
    "prediction",
    "predire",
    "predis",
    "predisez",
    "prediction",
    "predice",
    "predecir",
    "prediccion",
];

/// Words of a model request placed with it (folded): "fit a model",
/// "how much does … go up per extra …".
const MODEL_WORDS: &[&str] = &[
    "predicting",
    "determination",
    "model",
    "modele",
    "modelo",
    "fit",
    "ajuste",
    "ajustement",
    "ajuster",
    "ajusta",
    "squares",
    "least",
    "moindres",
    "carres",
    "minimos",
    "cuadrados",
    "simple",
    "multiple",
    "multiple",
    "multiples",
    "how",
    "much",
    "does",
    "do",
    "go",
    "goes",
    "up",
    "increase",
    "increases",
    "rise",
    "rises",
    "change",
    "changes",
    "augmente",
    "augmenter",
    "aumenta",
    "aumentan",
    "aumentar",
    "sube",
    "suben",
    "subir",
    "combien",
    "cuanto",
    "cuanta",
    "would",
    "value",
    "valeur",
    "valor",
    "ordonnee",
    "origine",
    "squared",
    "cuadrado",
    "carre",
    "r",
    "run",
    "faire",
    "fais",
    "hacer",
    "haz",
    "tu",
    "puedes",
];

/// Words between a target and its predictors (folded, single words).
const SEPARATORS: &[&str] = &[
    "on", "from", "using", "with", "given", "against", "sur", "selon", "avec", "segun", "sobre",
    "con", "usando",
];

/// Separators of several words (folded).
const SEPARATOR_PHRASES: &[&[&str]] = &[
    &["based", "on"],
    &["as", "a", "function", "of"],
    &["en", "fonction", "de"],
    &["en", "fonction", "du"],
    &["en", "fonction", "des"],
    &["en", "fonction", "d"],
    &["a", "partir", "de"],
    &["a", "partir", "du"],
    &["a", "partir", "des"],
    &["en", "funcion", "de"],
    &["en", "funcion", "del"],
];

/// "per extra bedroom", "par unité supplémentaire", "por cada unidad adicional".
const PER: &[&str] = &["per", "each", "every", "par", "chaque", "por", "cada"];
const EXTRA: &[&str] = &[
    "extra",
    "additional",
    "more",
    "supplementaire",
    "supplementaires",
    "de",
    "plus",
    "adicional",
    "adicionales",
    "mas",
];

/// Words that join two predictors ("age and bmi").
const JOINING: &[&str] = &[
    "and", "et", "y", "e", "the", "le", "la", "les", "l", "el", "los", "las", "plus", "&", "du",
    "de", "des", "d", "del",
];

/// Words between a column and its value ("an area of 120", "bmi = 30").
const VALUE_LINKS: &[&str] = &[
    "of", "=", "de", "is", "at", "a", "equal", "to", "egal", "igual",
];

/// Words that ask for the errors of a model.
const ERRORS: &[&str] = &[
    "rmse", "mae", "error", "errors", "erreur", "erreurs", "errores",
];

/// Words that ask for a train/test split.
const SPLIT: &[&str] = &[
    "train",
    "training",
    "test",
    "split",
    "held",
    "hold",
    "out",
    "holdout",
    "entrainement",
    "apprentissage",
    "entrenamiento",
    "prueba",
    "set",
    "jeu",
    "conjunto",
];

/// The operation's name, for stop messages.
pub fn name(lang: Lang) -> String {
    words(
        lang,
        "linear regression",
        "régression linéaire",
        "regresión lineal",
    )
}

fn is_number(kind: ColumnKind) -> bool {
    matches!(kind, ColumnKind::Integer | ColumnKind::Decimal)
}

/// Free places of the words of `set` (folded or singular).
fn places(r: &Reading, set: &[&str]) -> Vec<usize> {
    (0..r.g.tokens.len())
        .filter(|&i| {
            !r.g.used[i] && {
                let t = &r.g.tokens[i];
                set.contains(&t.folded.as_str()) || set.contains(&t.key.as_str())
            }
        })
        .collect()
}

/// The mention starting at `i`, or after articles from `i`.
fn mention_at<'r>(r: &'r Reading, i: usize) -> Option<&'r Mention> {
    let j = r.g.skip_articles(i);
    r.mentions.iter().find(|m| m.start == j || m.start == i)
}

/// A separator at `i`: its length in words.
fn separator_at(r: &Reading, i: usize) -> Option<usize> {
    let t = &r.g.tokens;
    for phrase in SEPARATOR_PHRASES {
        let fits = phrase.iter().enumerate().all(|(k, w)| {
            t.get(i + k)
                .is_some_and(|x| x.folded == *w && !r.g.used[i + k])
        });
        if fits {
            return Some(phrase.len());
        }
    }
    (!r.g.used[i] && SEPARATORS.contains(&t[i].folded.as_str())).then_some(1)
}

/// What the goal asks of a model, read from its words.
struct Roles {
    target: Option<Mention>,
    predictors: Vec<Mention>,
    /// Places to mark as read.
    placed: Vec<usize>,
}

/// The target before a separator and the predictors after it ("price on
/// area and bedrooms").
fn by_separator(r: &Reading, roles: &mut Roles) {
    for i in 0..r.g.tokens.len() {
        let Some(len) = separator_at(r, i) else {
            continue;
        };
        let before = r
            .mentions
            .iter()
            .filter(|m| m.start + m.len <= i)
            .max_by_key(|m| m.start);
        let Some(before) = before else { continue };
        let between_ok = (before.start + before.len..i).all(|k| {
            r.g.tokens[k].clause == r.g.tokens[i].clause
                && crate::generator::plan::words::is_filler(&r.g.tokens[k])
        });
        let Some(first) = mention_at(r, i + len) else {
            continue;
        };
        if !between_ok && roles.target.is_none() {
            continue;
        }
        roles.target.get_or_insert_with(|| before.clone());
        roles.placed.extend(i..i + len);
        // Predictors: the first, then each joined by "and", ",".
        let mut last = first.clone();
        roles.predictors.push(first.clone());
        while let Some(next) = r
            .mentions
            .iter()
            .filter(|m| m.start >= last.start + last.len)
            .min_by_key(|m| m.start)
        {
            let gap = last.start + last.len..next.start;
            let joined = gap
                .clone()
                .all(|k| JOINING.contains(&r.g.tokens[k].folded.as_str()));
            if !joined {
                break;
            }
            roles.placed.extend(gap);
            roles.predictors.push(next.clone());
            last = next.clone();
        }
        return;
    }
}

/// "how much does price go up per extra bedroom": the target is the column
/// before "per", the predictor the one after it.
fn per_extra(r: &Reading, roles: &mut Roles) {
    for i in places(r, PER) {
        // "for each", "por cada": one marker
        let mut j = i + 1;
        if r.g
            .tokens
            .get(j)
            .is_some_and(|t| PER.contains(&t.folded.as_str()))
        {
            j += 1;
        }
        let extra_before =
            r.g.tokens
                .get(j)
                .is_some_and(|t| EXTRA.contains(&t.folded.as_str()) && t.folded != "de");
        let k = if extra_before { j + 1 } else { j };
        let Some(m) = mention_at(r, k).cloned().or_else(|| singular_column(r, k)) else {
            continue;
        };
        let end = m.start + m.len;
        let extra_after =
            r.g.tokens
                .get(end)
                .is_some_and(|t| EXTRA.contains(&t.folded.as_str()) && t.folded != "de");
        if !extra_before && !extra_after {
            continue;
        }
        let Some(before) = r
            .mentions
            .iter()
            .filter(|x| x.start + x.len <= i)
            .max_by_key(|x| x.start)
        else {
            continue;
        };
        roles.target = Some(before.clone());
        roles.placed.extend(m.start..m.start + m.len);
        roles.predictors.push(m);
        roles.placed.extend(i..j);
        if extra_before {
            roles.placed.push(j);
        }
        if extra_after {
            roles.placed.push(end);
        }
        return;
    }
}

/// "unidad" for `unidades`: a one-word column named by its singular,
/// which the mentions may miss (`-es` plurals).
fn singular_column(r: &Reading, at: usize) -> Option<Mention> {
    let t = r.g.tokens.get(at)?;
    if r.g.used[at] {
        return None;
    }
    let column = r.columns.iter().find(|k| {
        let name = text::fold(&k.name);
        is_number(k.kind)
            && !name.contains(' ')
            && name.len() > 3
            && text::same_word(&t.folded, &name)
    })?;
    Some(Mention {
        start: at,
        len: 1,
        column: column.name.clone(),
    })
}

/// A number beside a predictor ("an area of 120", "bmi 30", "20
/// unidades"): its place.
fn value_of(r: &Reading, m: &Mention, taken: &[usize]) -> Option<(usize, Vec<usize>)> {
    // Digits only: "une quantité" is no value of 1.
    let free_number = |i: usize| {
        !r.g.used[i]
            && !taken.contains(&i)
            && r.g.tokens[i]
                .folded
                .starts_with(|c: char| c.is_ascii_digit())
            && text::number(&r.g.tokens[i]).is_some()
    };
    if m.start > 0 && free_number(m.start - 1) {
        return Some((m.start - 1, vec![]));
    }
    // "a 90 m2 house": a number before a word of the column's name.
    let name = text::name_words(&m.column);
    if let Some(i) = (0..r.g.tokens.len().saturating_sub(1)).find(|&i| {
        free_number(i)
            && name.len() > 1
            && name.iter().any(|w| *w == r.g.tokens[i + 1].key)
            && !r
                .mentions
                .iter()
                .any(|x| x.start == i + 1 && x.column != m.column)
    }) {
        return Some((i, vec![i + 1]));
    }
    let mut links = Vec::new();
    let mut i = m.start + m.len;
    while i < r.g.tokens.len() && links.len() < 2 {
        if free_number(i) {
            // "for a department with complaints = 80": "with" gives it.
            let with = m.start.checked_sub(1).filter(|&w| {
                !r.g.used[w]
                    && matches!(
                        r.g.tokens[w].folded.as_str(),
                        "with" | "having" | "avec" | "con"
                    )
            });
            links.extend(with);
            return Some((i, links));
        }
        if !VALUE_LINKS.contains(&r.g.tokens[i].folded.as_str()) || r.g.used[i] {
            return None;
        }
        links.push(i);
        i += 1;
    }
    None
}

/// "predict charges …": the column right after the word; "what price
/// would you predict …": else the column before it, in its clause.
fn target_of_predict(r: &Reading, predict: &[usize], roles: &mut Roles) {
    let before = |p: usize| {
        r.mentions
            .iter()
            .filter(|m| m.start + m.len <= p && r.g.tokens[m.start].clause == r.g.tokens[p].clause)
            .max_by_key(|m| m.start)
    };
    if let Some(m) = predict
        .iter()
        .find_map(|&p| mention_at(r, p + 1).or_else(|| before(p)))
    {
        roles.target = Some(m.clone());
    }
}

/// Values for a prediction, beside each predictor; a column given a value
/// is a predictor too ("predict price for an area of 120"): the values by
/// column, and the places of their words.
fn prediction_values(r: &Reading, roles: &mut Roles) -> (Vec<(String, f64)>, Vec<usize>) {
    let mut at: Vec<(String, f64)> = Vec::new();
    let target_col = roles.target.as_ref().map(|m| m.column.clone());
    let mut candidates: Vec<Mention> = roles.predictors.clone();
    candidates.extend(
        r.mentions
            .iter()
            .filter(|m| Some(&m.column) != target_col.as_ref())
            .cloned(),
    );
    let mut taken: Vec<usize> = Vec::new();
    for m in &candidates {
        if at.iter().any(|(c, _)| *c == m.column) {
            continue;
        }
        if let Some((i, links)) = value_of(r, m, &taken) {
            let v = text::number(&r.g.tokens[i]).unwrap_or_default();
            at.push((m.column.clone(), v));
            taken.push(i);
            taken.extend(links);
            taken.extend(m.start..m.start + m.len);
            if !roles.predictors.iter().any(|p| p.column == m.column) {
                roles.predictors.push(m.clone());
            }
        }
    }
    (at, taken)
}

/// Reads a regression asked by the goal into `r.model`, marking its words;
/// nothing when the goal asks none. A model whose columns cannot be told
/// apart stops the plan.
pub fn read(r: &mut Reading) -> Result<(), GoalProblem> {
    // "ordinary least squares": the model's name, never a value.
    let ordinary = r.g.take_all(&[
        "ordinary least squares",
        "ordinary least square",
        "moindres carres ordinaires",
        "minimos cuadrados ordinarios",
    ]);
    let mut cues = places(r, CUES);
    if ordinary {
        cues.extend(places(r, &["least", "squares", "square"]));
    }
    let predict = places(r, PREDICT);
    let mut roles = Roles {
        target: None,
        predictors: Vec::new(),
        placed: Vec::new(),
    };
    per_extra(r, &mut roles);
    let asked = !cues.is_empty() || !predict.is_empty() || roles.target.is_some();
    if !asked {
        return Ok(());
    }
    if roles.target.is_none() {
        target_of_predict(r, &predict, &mut roles);
        by_separator(r, &mut roles);
    }
    let (at, taken) = prediction_values(r, &mut roles);
    let Some(target) = roles.target.clone() else {
        let words: Vec<String> = cues
            .iter()
            .chain(&predict)
            .map(|&i| r.g.tokens[i].raw.clone())
            .collect();
        return Err(GoalProblem::Unplaced {
            words,
            understood: r.understood.clone(),
        });
    };
    let mut predictors: Vec<String> = Vec::new();
    for p in &roles.predictors {
        if p.column != target.column && !predictors.contains(&p.column) {
            predictors.push(p.column.clone());
        }
    }
    if predictors.is_empty() || predictors.len() > MAX_PREDICTORS {
        return Err(GoalProblem::NeedsColumn {
            what: name(r.lang),
            numbers: 2,
            understood: r.understood.clone(),
        });
    }
    for column in std::iter::once(&target.column).chain(&predictors) {
        if !is_number(r.kind(column)) {
            return Err(GoalProblem::NotNumbers {
                column: column.clone(),
                what: name(r.lang),
            });
        }
    }
    // A prediction names a value for every predictor, or none.
    let values: Vec<Option<f64>> = predictors
        .iter()
        .map(|p| at.iter().find(|(c, _)| c == p).map(|(_, v)| *v))
        .collect();
    let at: Vec<f64> = if values.iter().all(Option::is_some) {
        values.iter().flatten().copied().collect()
    } else if values.iter().all(Option::is_none) {
        Vec::new()
    } else {
        let words = taken.iter().map(|&i| r.g.tokens[i].raw.clone()).collect();
        return Err(GoalProblem::Unplaced {
            words,
            understood: r.understood.clone(),
        });
    };
    let errors = !places(r, ERRORS).is_empty();
    let split = places(r, SPLIT);
    let test_share = (!split.is_empty()).then(|| test_share(r, &split));
    let share_said = share_said(r, &split);
    let mut placed: Vec<usize> = roles.placed.clone();
    placed.extend(&cues);
    placed.extend(&predict);
    placed.extend(&taken);
    placed.extend(places(r, MODEL_WORDS));
    placed.extend(places(r, ERRORS));
    placed.extend(&split);
    if let Some(share) = test_share {
        placed.extend(share_places(r, share));
    }
    for &i in &placed {
        r.g.take(i, 1);
    }
    // "how much does … go up": read with the model, not as a total.
    let tokens = r.g.tokens.clone();
    r.ops
        .retain(|(i, _)| !placed.contains(i) && !MODEL_WORDS.contains(&tokens[*i].folded.as_str()));
    let said = r.say(
        format!(
            "a linear regression of {} on {}",
            target.column,
            predictors.join(", ")
        ),
        format!(
            "une régression linéaire de {} en fonction de {}",
            target.column,
            predictors.join(", ")
        ),
        format!(
            "una regresión lineal de {} según {}",
            target.column,
            predictors.join(", ")
        ),
    );
    r.understood.push(said);
    if let (Some(share), false) = (test_share, share_said) {
        let said = r.say(
            format!("{share}% of the rows held out as a test set (seed {MODEL_SEED})"),
            format!("{share} % des lignes gardées pour le test (graine {MODEL_SEED})"),
            format!("el {share} % de las filas reservado para la prueba (semilla {MODEL_SEED})"),
        );
        r.assume(said, None);
    }
    r.model = Some(Model {
        target: target.column,
        predictors,
        at,
        errors: errors || test_share.is_some(),
        test_share,
    });
    Ok(())
}

/// The percent of rows held out: a number before "%" near the split words,
/// else `DEFAULT_TEST_SHARE`.
fn test_share(r: &Reading, split: &[usize]) -> u32 {
    share_number(r, split).map_or(DEFAULT_TEST_SHARE, |(_, n)| n)
}

fn share_number(r: &Reading, split: &[usize]) -> Option<(usize, u32)> {
    (0..r.g.tokens.len()).find_map(|i| {
        let near = split.iter().any(|s| s.abs_diff(i) <= 4);
        let pct = r.g.tokens.get(i + 1).is_some_and(|t| t.key == "%");
        let n = text::number(&r.g.tokens[i])?;
        (near && pct && !r.g.used[i] && n > 0.0 && n < 100.0 && n.fract() == 0.0)
            .then_some((i, n as u32))
    })
}

fn share_said(r: &Reading, split: &[usize]) -> bool {
    share_number(r, split).is_some()
}

fn share_places(r: &Reading, _share: u32) -> Vec<usize> {
    let split = places(r, SPLIT);
    share_number(r, &split).map_or(Vec::new(), |(i, _)| vec![i, i + 1])
}

/// The Python name of the table of a model's rows.
const ROWS: &str = "model_rows";

/// The code of a `Regression` recipe.
pub fn code(c: &mut Code, plan: &Plan) {
    let Recipe::Regression(m) = &plan.recipe else {
        return;
    };
    let lang = plan.lang;
    let mut columns = vec![m.target.clone()];
    columns.extend(m.predictors.iter().cloned());
    c.line(comment(lang, &format!(
        "Linear regression of {} on {} by least squares, over the rows where every one of these columns has a number.",
        m.target, m.predictors.join(", ")
    ), &format!(
        "Régression linéaire de {} en fonction de {} par les moindres carrés, sur les lignes où chacune de ces colonnes a un nombre.",
        m.target, m.predictors.join(", ")
    ), &format!(
        "Regresión lineal de {} según {} por mínimos cuadrados, sobre las filas donde cada una de estas columnas tiene un número.",
        m.target, m.predictors.join(", ")
    )));
    c.line(format!("{ROWS} = pd.DataFrame({{"));
    for col in &columns {
        c.line(format!("    {}: numbers({}),", py_str(col), py_str(col)));
    }
    c.line("}).dropna()");
    let target = py_str(&m.target);
    let names: Vec<String> = m.predictors.iter().map(|p| py_str(p)).collect();
    c.line(format!("predictors = [{}]", names.join(", ")));
    let fit_rows = if let Some(share) = m.test_share {
        split_code(c, lang, share);
        "train"
    } else {
        ROWS
    };
    if m.predictors.len() == 1 {
        c.line(format!(
            "fit = stats.linregress({fit_rows}[predictors[0]], {fit_rows}[{target}])"
        ));
        c.line("coefficients = np.array([fit.intercept, fit.slope])");
    } else {
        c.line(format!(
            "design = np.column_stack([np.ones(len({fit_rows}))] + [{fit_rows}[p].to_numpy(dtype=float) for p in predictors])"
        ));
        c.line(format!(
            "coefficients = np.linalg.lstsq(design, {fit_rows}[{target}].to_numpy(dtype=float), rcond=None)[0]"
        ));
    }
    c.line(format!(
        "fitted = coefficients[0] + {fit_rows}[predictors].to_numpy(dtype=float) @ coefficients[1:]"
    ));
    c.line(format!(
        "residuals = {fit_rows}[{target}].to_numpy(dtype=float) - fitted"
    ));
    c.line(format!(
        "r_squared = 1 - (residuals ** 2).sum() / (({fit_rows}[{target}] - {fit_rows}[{target}].mean()) ** 2).sum()"
    ));
    answers_code(c, m, lang, fit_rows);
}

fn comment(lang: Lang, en: &str, fr: &str, es: &str) -> String {
    crate::generator::codegen::comment(&words(lang, en, fr, es))
}

/// A train/test split with a fixed seed: `train` and `test`.
fn split_code(c: &mut Code, lang: Lang, share: u32) {
    c.line(comment(
        lang,
        &format!("{share}% of the rows, drawn with the fixed seed {MODEL_SEED}, are held out to test the model."),
        &format!("{share} % des lignes, tirées avec la graine fixe {MODEL_SEED}, sont gardées pour tester le modèle."),
        &format!("El {share} % de las filas, sorteadas con la semilla fija {MODEL_SEED}, se reserva para probar el modelo."),
    ));
    c.line(format!(
        "order = np.random.default_rng({MODEL_SEED}).permutation(len({ROWS}))"
    ));
    c.line(format!(
        "test_size = int(round(len({ROWS}) * {share} / 100))"
    ));
    c.line(format!("test = {ROWS}.iloc[order[:test_size]]"));
    c.line(format!("train = {ROWS}.iloc[order[test_size:]]"));
}

/// The answers and the table of a fitted model.
fn answers_code(c: &mut Code, m: &Model, lang: Lang, fit_rows: &str) {
    let intercept = words(lang, "intercept", "ordonnée à l'origine", "intercepto");
    c.line(format!(
        "glovebox.answer({}, {})",
        py_str(&intercept),
        c.value("coefficients[0]")
    ));
    for (k, p) in m.predictors.iter().enumerate() {
        let label = if m.predictors.len() == 1 {
            words(
                lang,
                &format!("slope of {p}"),
                &format!("pente de {p}"),
                &format!("pendiente de {p}"),
            )
        } else {
            words(
                lang,
                &format!("coefficient of {p}"),
                &format!("coefficient de {p}"),
                &format!("coeficiente de {p}"),
            )
        };
        c.line(format!(
            "glovebox.answer({}, {})",
            py_str(&label),
            c.value(&format!("coefficients[{}]", k + 1))
        ));
    }
    c.line(format!("glovebox.answer(\"R²\", {})", c.value("r_squared")));
    if m.predictors.len() == 1 {
        c.line(format!(
            "glovebox.answer({}, float(fit.pvalue))",
            py_str(&words(
                lang,
                "p-value of the slope",
                "valeur p de la pente",
                "valor p de la pendiente"
            ))
        ));
    }
    c.line(format!(
        "glovebox.answer({}, len({fit_rows}), unit=\"count\")",
        py_str(&words(
            lang,
            "rows used",
            "lignes utilisées",
            "filas usadas"
        ))
    ));
    let term = words(lang, "term", "terme", "término");
    let coefficient = words(lang, "coefficient", "coefficient", "coeficiente");
    c.line(format!(
        "glovebox.table(\"coefficients\", [[{}, {}], [{}, float(coefficients[0])]] + [[p, float(v)] for p, v in zip(predictors, coefficients[1:])])",
        py_str(&term),
        py_str(&coefficient),
        py_str(&intercept),
    ));
    if !m.at.is_empty() {
        let given: Vec<String> = m
            .predictors
            .iter()
            .zip(&m.at)
            .map(|(p, v)| format!("{p} = {}", crate::generator::codegen::py_num(*v)))
            .collect();
        let values: Vec<String> =
            m.at.iter()
                .map(|v| crate::generator::codegen::py_num(*v))
                .collect();
        let label = words(
            lang,
            &format!("predicted {} ({})", m.target, given.join(", ")),
            &format!("{} prédit ({})", m.target, given.join(", ")),
            &format!("{} previsto ({})", m.target, given.join(", ")),
        );
        c.line(format!(
            "glovebox.answer({}, {})",
            py_str(&label),
            c.value(&format!(
                "coefficients[0] + np.dot(coefficients[1:], [{}])",
                values.join(", ")
            ))
        ));
    }
    if m.errors {
        let (rows, pred) = if m.test_share.is_some() {
            c.line("test_fitted = coefficients[0] + test[predictors].to_numpy(dtype=float) @ coefficients[1:]");
            c.line(format!(
                "errors = test[{}].to_numpy(dtype=float) - test_fitted",
                py_str(&m.target)
            ));
            c.line(format!(
                "glovebox.answer({}, len(test), unit=\"count\")",
                py_str(&words(
                    lang,
                    "test rows",
                    "lignes de test",
                    "filas de prueba"
                ))
            ));
            ("test", true)
        } else {
            c.line("errors = residuals");
            ("fit", false)
        };
        let _ = (rows, pred);
        let on = if m.test_share.is_some() {
            words(lang, " (test)", " (test)", " (prueba)")
        } else {
            String::new()
        };
        c.line(format!(
            "glovebox.answer({}, {})",
            py_str(&format!("RMSE{on}")),
            c.value("np.sqrt((errors ** 2).mean())")
        ));
        c.line(format!(
            "glovebox.answer({}, {})",
            py_str(&format!("MAE{on}")),
            c.value("np.abs(errors).mean()")
        ));
    }
}

/// Imports the code of `plan` needs beyond pandas.
pub fn imports(c: &mut Code, plan: &Plan) {
    if let Recipe::Regression(m) = &plan.recipe {
        c.line("import numpy as np");
        if m.predictors.len() == 1 {
            c.line("from scipy import stats");
        }
    }
}

/// What a model computed, for the explanation.
pub fn what(m: &Model, lang: Lang, file: &str) -> String {
    let x = m.predictors.join(", ");
    let y = &m.target;
    let how = if m.predictors.len() == 1 {
        "scipy.stats.linregress"
    } else {
        "numpy.linalg.lstsq"
    };
    let mut said = words(
        lang,
        &format!("fitted a linear regression of {y} on {x} in {file} by least squares ({how}), over the rows where every one of these columns has a number: the intercept, the coefficient of each column (how much {y} changes when it goes up by 1, the others held fixed) and R² (the share of the variation of {y} the model accounts for)"),
        &format!("ajustement d'une régression linéaire de {y} en fonction de {x} dans {file} par les moindres carrés ({how}), sur les lignes où chacune de ces colonnes a un nombre : l'ordonnée à l'origine, le coefficient de chaque colonne (de combien {y} change quand elle augmente de 1, les autres fixées) et le R² (la part de la variation de {y} que le modèle explique)"),
        &format!("se ajustó una regresión lineal de {y} según {x} en {file} por mínimos cuadrados ({how}), sobre las filas donde cada una de estas columnas tiene un número: el intercepto, el coeficiente de cada columna (cuánto cambia {y} cuando ella sube 1, con las demás fijas) y el R² (la parte de la variación de {y} que explica el modelo)"),
    );
    if !m.at.is_empty() {
        let given: Vec<String> = m
            .predictors
            .iter()
            .zip(&m.at)
            .map(|(p, v)| format!("{p} = {}", crate::generator::codegen::py_num(*v)))
            .collect();
        let given = given.join(", ");
        said.push_str(&words(
            lang,
            &format!(", and the value it predicts for {given}"),
            &format!(", et la valeur qu'il prédit pour {given}"),
            &format!(", y el valor que predice para {given}"),
        ));
    }
    if let Some(share) = m.test_share {
        said.push_str(&words(
            lang,
            &format!("; the model was fitted on {}% of the rows and its errors (RMSE, MAE) measured on the other {share}%, drawn with the fixed seed {MODEL_SEED}", 100 - share),
            &format!(" ; le modèle a été ajusté sur {} % des lignes et ses erreurs (RMSE, MAE) mesurées sur les {share} % restants, tirés avec la graine fixe {MODEL_SEED}", 100 - share),
            &format!("; el modelo se ajustó con el {} % de las filas y sus errores (RMSE, MAE) se midieron en el {share} % restante, sorteado con la semilla fija {MODEL_SEED}", 100 - share),
        ));
    } else if m.errors {
        said.push_str(&words(
            lang,
            ", and its errors (RMSE, MAE) on the rows it was fitted on",
            ", et ses erreurs (RMSE, MAE) sur les lignes ayant servi à l'ajuster",
            ", y sus errores (RMSE, MAE) en las filas con que se ajustó",
        ));
    }
    said
}

/// What to keep in mind when reading a model.
pub fn caveat(lang: Lang) -> String {
    words(
        lang,
        "a regression describes how the columns move together in these rows; it does not show that one causes the other, and a prediction far from the values seen is a guess",
        "une régression décrit comment les colonnes varient ensemble dans ces lignes ; elle ne montre pas que l'une cause l'autre, et une prédiction loin des valeurs observées est une supposition",
        "una regresión describe cómo varían juntas las columnas en estas filas; no demuestra que una cause la otra, y una predicción lejos de los valores observados es una conjetura",
    )
}

/// The canonical measures of a model, as the golden corpus writes them.
#[cfg(test)]
pub fn canon(m: &Model) -> Vec<String> {
    let xs = m.predictors.join(",");
    let y = &m.target;
    let mut out = vec![format!("intercept({y},{xs})"), format!("r2({y},{xs})")];
    if let [x] = m.predictors.as_slice() {
        out.push(format!("slope({y},{x})"));
    }
    for p in &m.predictors {
        out.push(format!("coef({y},{xs}:{p})"));
    }
    if !m.at.is_empty() {
        let given: Vec<String> = m
            .predictors
            .iter()
            .zip(&m.at)
            .map(|(p, v)| format!("{p}={v}"))
            .collect();
        out.push(format!("predict({y},{})", given.join(",")));
    }
    if m.errors && m.test_share.is_none() {
        out.push(format!("rmse({y},{xs})"));
        out.push(format!("mae({y},{xs})"));
    }
    if let Some(share) = m.test_share {
        out.push(format!("testrmse({y},{xs}:{share})"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::plan;

    fn model(file: &str, goal: &str) -> Result<Model, String> {
        let inputs = [crate::generator::golden_input(file)];
        match plan::plan(goal, Lang::detect(goal), &inputs) {
            Ok(p) => match p.recipe {
                Recipe::Regression(m) => Ok(m),
                other => Err(format!("{other:?}")),
            },
            Err(e) => Err(format!("stop: {e}")),
        }
    }

    #[test]
    fn target_and_predictors_in_three_languages() {
        let m = model("housing.csv", "regression of price on area_m2").expect("model");
        assert_eq!(
            (m.target.as_str(), m.predictors.clone()),
            ("price", vec!["area_m2".to_owned()])
        );
        let m = model("insurance.csv", "linear model of charges from age and bmi").expect("model");
        assert_eq!(m.predictors, ["age", "bmi"]);
        assert!(m.at.is_empty() && !m.errors && m.test_share.is_none());
        let m = model("ventas.csv", "regresión lineal de ingresos según unidades").expect("model");
        assert_eq!(
            (m.target.as_str(), m.predictors.clone()),
            ("ingresos", vec!["unidades".to_owned()])
        );
        let m = model(
            "housing.csv",
            "how much does the price go up per extra bedroom?",
        )
        .expect("model");
        assert_eq!(
            (m.target.as_str(), m.predictors.clone()),
            ("price", vec!["bedrooms".to_owned()])
        );
    }

    #[test]
    fn a_prediction_takes_the_values_beside_their_columns() {
        let m = model(
            "insurance.csv",
            "predict charges from age and bmi for an age of 40 and a bmi of 30",
        )
        .expect("model");
        assert_eq!(m.at, [40.0, 30.0]);
    }

    #[test]
    fn a_category_predictor_or_a_missing_value_stops() {
        assert!(model(
            "insurance.csv",
            "linear regression of charges on age and smoker"
        )
        .is_err());
        assert!(model(
            "insurance.csv",
            "predict charges from age and bmi for an age of 40"
        )
        .is_err());
        assert!(model("stocks.csv", "predict next week's closing price").is_err());
    }

    #[test]
    fn the_explanation_says_the_method_the_prediction_and_the_caveat() {
        let inputs = [crate::generator::golden_input("ventas.csv")];
        let goal = "predice los ingresos para 20 unidades";
        let p = plan::plan(goal, Lang::Es, &inputs).expect("plan");
        let result: crate::validate::CheckedResult = serde_json::from_str(
            r#"{"answers": [{"name": "x", "value": 1.0, "unit": null}], "tables": [],
                "charts": [], "notes": [], "files_opened": [], "network_events": [], "process_events": []}"#,
        )
        .expect("result");
        let text = crate::generator::explain::explain(&p, &result);
        assert!(
            text.contains("regresión lineal de ingresos según unidades"),
            "{text}"
        );
        assert!(
            text.contains("el valor que predice para unidades = 20"),
            "{text}"
        );
        assert!(
            text.contains("no demuestra que una cause la otra"),
            "{text}"
        );
    }

    #[test]
    fn a_split_is_stated_with_its_seed() {
        let m = model(
            "housing.csv",
            "regression of price on area_m2 with a train/test split, and the RMSE",
        )
        .expect("model");
        assert_eq!(m.test_share, Some(DEFAULT_TEST_SHARE));
        assert!(m.errors);
        let code = crate::generator::codegen::generate(
            &plan::plan(
                "regression of price on area_m2 with a train/test split, and the RMSE",
                Lang::En,
                &[crate::generator::golden_input("housing.csv")],
            )
            .expect("plan"),
            "g",
        );
        assert!(
            code.contains(&format!("default_rng({MODEL_SEED})")),
            "{code}"
        );
        assert!(
            code.contains("test_size = int(round(len(model_rows) * 20 / 100))"),
            "{code}"
        );
    }
}
