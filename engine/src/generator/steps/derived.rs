//! Derived columns named in words: "quantity times price", "High minus
//! Low", "the difference between High and Low", "profit = price − cost",
//! "percent change from Open to Close", "log of Volume", "the length of
//! the names", "by weekday", "by month of the year", "age groups of 10
//! years". Each is a column of the table the other steps use as if the file
//! had it: the reading replaces the words with one mention of the derived
//! column (`Derived`, kept in `Plan::derived`), the code writes it as
//! `data["quantity × price"] = …` with a comment in the goal's language,
//! and the explanation says how it was made.
//!
//! Never a guess: an operand that names two columns stops where column
//! mentions stop (`Ambiguous`); an operand that is not a column of numbers
//! stops with `NotNumbers`; a date part without one date column stops.
//!
//! Golden expectations (`tests/golden/steps-derived.txt`, the oracle in
//! `engine/tests/it/golden.rs`, the canonical form in `corpus.rs`): a
//! derived column is written as an expression in place of a column name —
//! `a*b`, `a-b`, `a+b`, `a/b` (row by row), `pctchange(a,b)` (100 × (b − a)
//! / a), `log(a)` (natural), `len(a)` (characters of a text), and as group
//! keys `weekday(d)`, `month(d)`, `bin(a,W)` (bands of width W from 0),
//! `qbin(a,N)` (N quantile bands, Q1 the lowest):
//! `value sum(quantity*unit_price)`, `groups mean(temp_c) by month(date)`.

use serde::Serialize;

use crate::generator::codegen::{comment, py_str, words, Code};
use crate::generator::lexicon::Op;
use crate::generator::plan::reading::{Known, Mention, Reading};
use crate::generator::plan::{GoalProblem, Plan, Recipe, Source, Stat};
use crate::generator::text;
use crate::inputs::ColumnKind;
use crate::lang::Lang;

/// How a derived column is computed from its source columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "formula", rename_all = "snake_case")]
pub enum Formula {
    /// `a × b`, row by row.
    Product,
    /// `a − b`.
    Difference,
    /// `a + b`.
    Sum,
    /// `a / b` (empty where b is 0).
    Quotient,
    /// `100 × (b − a) / a` (empty where a is 0).
    PercentChange,
    /// Natural logarithm (empty where the value is not above 0).
    Log,
    /// Number of characters of a text.
    Length,
    /// Day of the week of a date, named in the goal's language.
    Weekday,
    /// Month of the year of a date (1 to 12), whatever the year.
    Month,
    /// Bands of `width` from 0 ("20–29").
    Bins {
        /// Width of a band.
        width: u32,
    },
    /// `count` bands of about as many rows each, by quantiles ("Q1" lowest).
    Quantiles {
        /// How many bands (4 for quartiles).
        count: u32,
    },
}

/// A column computed on each row from columns of the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Derived {
    /// Its name, in the goal's language ("quantity × unit_price").
    pub name: String,
    /// How it is computed.
    pub formula: Formula,
    /// The columns it is computed from, in order.
    pub columns: Vec<String>,
}

/// How many words of an unread new column's definition the stop shows.
const NEW_COLUMN_WORDS_SHOWN: usize = 8;

/// The largest band width read ("groups of 10 years").
const MAX_BIN_WIDTH: f64 = 1_000_000.0;

/// Words between two columns that make a product, a difference, a sum, a
/// quotient (folded, as the goal's words are).
const OPERATORS: &[(&str, Formula)] = &[
    ("times", Formula::Product),
    ("x", Formula::Product),
    ("multiplied by", Formula::Product),
    ("fois", Formula::Product),
    ("multiplie par", Formula::Product),
    ("multipliee par", Formula::Product),
    ("multiplicado por", Formula::Product),
    ("multiplicada por", Formula::Product),
    ("minus", Formula::Difference),
    ("moins", Formula::Difference),
    ("menos", Formula::Difference),
    ("plus", Formula::Sum),
    ("mas", Formula::Sum),
    ("divided by", Formula::Quotient),
    ("divise par", Formula::Quotient),
    ("divisee par", Formula::Quotient),
    ("dividido por", Formula::Quotient),
    ("dividido entre", Formula::Quotient),
    ("dividida por", Formula::Quotient),
    ("dividida entre", Formula::Quotient),
];

/// Words before two columns joined by "and" that ask their difference or
/// their percent change ("the difference between High and Low").
const BETWEEN: &[(&str, Formula)] = &[
    ("difference between", Formula::Difference),
    ("difference entre", Formula::Difference),
    ("ecart entre", Formula::Difference),
    ("diferencia entre", Formula::Difference),
    ("percent change from", Formula::PercentChange),
    ("percentage change from", Formula::PercentChange),
    ("% change from", Formula::PercentChange),
    ("percent change between", Formula::PercentChange),
    ("percentage change between", Formula::PercentChange),
    ("% change between", Formula::PercentChange),
    ("variation en pourcentage de", Formula::PercentChange),
    ("variation en pourcentage entre", Formula::PercentChange),
    ("variation en % de", Formula::PercentChange),
    ("variation en % entre", Formula::PercentChange),
    ("variacion porcentual de", Formula::PercentChange),
    ("variacion porcentual entre", Formula::PercentChange),
    ("cambio porcentual de", Formula::PercentChange),
    ("cambio porcentual entre", Formula::PercentChange),
];

/// Words before two columns joined by "and" that make their sum or
/// product, read only where a new column is being defined ("Create a new
/// column as the sum of pop15 and pop75"): elsewhere "the sum of A and B"
/// may ask two totals.
const OF_BOTH: &[(&str, Formula)] = &[
    ("sum of", Formula::Sum),
    ("somme de", Formula::Sum),
    ("suma de", Formula::Sum),
    ("product of", Formula::Product),
    ("produit de", Formula::Product),
    ("producto de", Formula::Product),
];

/// The words that define a new column, read back from its formula: "create
/// a new column equal to", "add a column as", "crée une nouvelle colonne
/// égale à", "crea una nueva columna igual a".
const NEW_COLUMN: &[&str] = &[
    "create", "add", "make", "compute", "cree", "creez", "ajoute", "ajoutez", "crea", "anade", "a",
    "an", "une", "una", "new", "nouvelle", "nueva", "column", "colonne", "columna", "equal",
    "egale", "egal", "igual", "to", "as", "comme", "como", "the", "la", "le", "el", "=",
];

/// Words joining the two columns after `BETWEEN` ("and", "to", "à").
const JOINS: &[&str] = &["and", "to", "et", "a", "y", "hasta"];

/// Words of one column's function ("log of Volume", "length of name").
const UNARY: &[(&str, Formula)] = &[
    ("log", Formula::Log),
    ("ln", Formula::Log),
    ("logarithm", Formula::Log),
    ("logarithme", Formula::Log),
    ("logaritmo", Formula::Log),
    ("length", Formula::Length),
    ("longueur", Formula::Length),
    ("longitud", Formula::Length),
];

/// Words between a function and its column ("of", "de", "du", "the").
const OF: &[&str] = &[
    "of", "the", "de", "du", "des", "d", "la", "le", "les", "l", "del", "el", "los", "las",
];

/// Date parts named in words.
const DATE_PARTS: &[(&str, Formula)] = &[
    ("day of the week", Formula::Weekday),
    ("day of week", Formula::Weekday),
    ("weekday", Formula::Weekday),
    ("jour de la semaine", Formula::Weekday),
    ("jour de semaine", Formula::Weekday),
    ("dia de la semana", Formula::Weekday),
    ("month of the year", Formula::Month),
    ("month of year", Formula::Month),
    ("calendar month", Formula::Month),
    ("mois de l annee", Formula::Month),
    ("mois de l an", Formula::Month),
    ("mes del ano", Formula::Month),
];

/// Question words before a thing asked for: "which month", "quel mois".
const ASKING: &[&str] = &["which", "what", "quel", "quelle", "que", "cual", "cuales"];

/// Words naming bands of a column ("age groups of 10 years").
const BANDS: &[&str] = &[
    "group",
    "band",
    "bracket",
    "bin",
    "bucket",
    "tranche",
    "groupe",
    "classe",
    "tramo",
    "grupo",
    "rango",
    "franja",
    "intervalle",
    "intervalo",
];

/// Quantile bands named in words, with how many bands each makes.
const QUANTILE_WORDS: &[(&str, u32)] = &[
    ("tercile", 3),
    ("tercil", 3),
    ("quartile", 4),
    ("cuartil", 4),
    ("quintile", 5),
    ("quintil", 5),
    ("decile", 10),
    ("decil", 10),
];

/// The word of "4 quantile bands", "en 4 quantiles", "5 cuantiles".
const QUANTILE: &[&str] = &["quantile", "cuantil", "quantil"];

/// Units after a band width ("10 years", "10 ans", "10 años").
const UNITS: &[&str] = &[
    "year", "an", "ans", "ano", "unit", "unite", "unidad", "point", "punto",
];

/// Words after a measure that divide it by the file's area ("price per
/// square metre", "prix moyen au m²", "precio por metro cuadrado").
const PER_AREA: &[&str] = &[
    "per square metre",
    "per square meter",
    "per square foot",
    "per sq m",
    "per sqm",
    "per sq ft",
    "per sqft",
    "per m2",
    "a square metre",
    "a square meter",
    "au metre carre",
    "par metre carre",
    "du metre carre",
    "au m2",
    "par m2",
    "du m2",
    "por metro cuadrado",
    "el metro cuadrado",
    "por m2",
    "el m2",
];

/// Unit suffixes and words that name an area column (`area_m2`,
/// `surface`, `superficie`).
const AREA_WORDS: &[&str] = &["m2", "sqm", "sqft", "area", "surface", "superficie"];

/// Verbs that make a derived column ("Divide weight by height", "Take the
/// log of …"), and the kind each makes (`None`: any kind).
const FORMULA_VERBS: &[(&str, Option<Formula>)] = &[
    ("divide", Some(Formula::Quotient)),
    ("divise", Some(Formula::Quotient)),
    ("divisez", Some(Formula::Quotient)),
    ("divida", Some(Formula::Quotient)),
    ("multiply", Some(Formula::Product)),
    ("multipliez", Some(Formula::Product)),
    ("multiplie", Some(Formula::Product)),
    ("multiplica", Some(Formula::Product)),
    ("subtract", Some(Formula::Difference)),
    ("soustrayez", Some(Formula::Difference)),
    ("resta", Some(Formula::Difference)),
    ("reste", Some(Formula::Difference)),
    ("take", None),
    ("prenez", None),
    ("prends", None),
    ("toma", None),
    ("tome", None),
];

/// "for each …", "pour chaque …", "para cada …": the words before a
/// noun said of every row.
const FOR: &[&str] = &["for", "pour", "para"];
const EACH: &[&str] = &["each", "every", "chaque", "cada"];

/// Verbs of computing that may open the making of a derived column ("For
/// each car compute the price per horsepower (Price / HP)").
const COMPUTING: &[&str] = &[
    "compute",
    "calculate",
    "work",
    "calcule",
    "calculez",
    "calcula",
    "calcular",
    "calculer",
];

/// Nouns that name a derived column again after it was made ("the mean of
/// that ratio", "la moyenne de ces différences", "the mean of the logs").
const FORMULA_NOUNS: &[(&str, Formula)] = &[
    ("ratio", Formula::Quotient),
    ("quotient", Formula::Quotient),
    ("rapport", Formula::Quotient),
    ("razon", Formula::Quotient),
    ("cociente", Formula::Quotient),
    ("difference", Formula::Difference),
    ("diferencia", Formula::Difference),
    ("product", Formula::Product),
    ("produit", Formula::Product),
    ("producto", Formula::Product),
    ("log", Formula::Log),
    ("logarithm", Formula::Log),
    ("logarithme", Formula::Log),
    ("logaritmo", Formula::Log),
];

/// "natural log", "log naturel", "logaritmo natural", "népérien".
const NATURAL: &[&str] = &["natural", "naturel", "neperien", "neperiano"];

/// Determiners before a derived column's noun said again.
const THAT: &[&str] = &[
    "that", "this", "these", "those", "ce", "cet", "cette", "ces", "ese", "esa", "esos", "esas",
    "este", "esta", "estos", "estas",
];

/// Statistic words that may stand between a function and its column in
/// French and Spanish ("longitud media de los nombres"): skipped, left for
/// the statistic.
const STAT_ADJECTIVES: &[&str] = &[
    "moyenne", "moyen", "media", "medio", "mediane", "mediana", "totale", "total", "maximale",
    "maxima", "minimale", "minima",
];

impl Formula {
    fn numeric(self) -> bool {
        !matches!(
            self,
            Formula::Weekday | Formula::Month | Formula::Bins { .. } | Formula::Quantiles { .. }
        )
    }

    /// What it computes, in words, for a stop ("a product").
    fn what(self, lang: Lang) -> String {
        let (en, fr, es) = match self {
            Formula::Product => ("a product", "un produit", "un producto"),
            Formula::Difference => ("a difference", "une différence", "una diferencia"),
            Formula::Sum => ("a sum", "une somme", "una suma"),
            Formula::Quotient => ("a division", "une division", "una división"),
            Formula::PercentChange => (
                "a percent change",
                "une variation en pourcentage",
                "una variación porcentual",
            ),
            Formula::Log => ("a logarithm", "un logarithme", "un logaritmo"),
            Formula::Length => ("a length", "une longueur", "una longitud"),
            Formula::Weekday => (
                "a day of the week",
                "un jour de la semaine",
                "un día de la semana",
            ),
            Formula::Month => (
                "a month of the year",
                "un mois de l'année",
                "un mes del año",
            ),
            Formula::Bins { .. } => ("bands", "des tranches", "tramos"),
            Formula::Quantiles { .. } => ("quantile bands", "des quantiles", "cuantiles"),
        };
        words(lang, en, fr, es)
    }
}

impl Derived {
    /// A derived column of `formula` on `columns`, named in `lang`.
    pub fn new(formula: Formula, columns: Vec<String>, lang: Lang) -> Self {
        let a = columns.first().cloned().unwrap_or_default();
        let b = columns.get(1).cloned().unwrap_or_default();
        let name = match formula {
            Formula::Product => format!("{a} × {b}"),
            Formula::Difference => format!("{a} − {b}"),
            Formula::Sum => format!("{a} + {b}"),
            Formula::Quotient => format!("{a} / {b}"),
            Formula::PercentChange => lang.pick(
                format!("% change from {a} to {b}"),
                format!("variation en % de {a} à {b}"),
                format!("variación % de {a} a {b}"),
            ),
            Formula::Log => format!("log({a})"),
            Formula::Length => lang.pick(
                format!("length of {a}"),
                format!("longueur de {a}"),
                format!("longitud de {a}"),
            ),
            Formula::Weekday => lang.pick(
                format!("weekday of {a}"),
                format!("jour de la semaine de {a}"),
                format!("día de la semana de {a}"),
            ),
            Formula::Month => lang.pick(
                format!("month of {a}"),
                format!("mois de {a}"),
                format!("mes de {a}"),
            ),
            Formula::Bins { width } => lang.pick(
                format!("{a} (bands of {width})"),
                format!("{a} (tranches de {width})"),
                format!("{a} (tramos de {width})"),
            ),
            Formula::Quantiles { count } => lang.pick(
                format!("{a} ({count} quantile bands)"),
                format!("{a} ({count} tranches de quantiles)"),
                format!("{a} ({count} tramos de cuantiles)"),
            ),
        };
        Derived {
            name,
            formula,
            columns,
        }
    }

    /// The kind of values it holds: numbers, or groups (text).
    pub fn kind(&self) -> ColumnKind {
        if self.formula.numeric() {
            ColumnKind::Decimal
        } else {
            ColumnKind::Text
        }
    }

    /// How it is computed, in words ("quantity times price on each row").
    pub fn words(&self, lang: Lang) -> String {
        let a = self.columns.first().map_or("", String::as_str);
        let b = self.columns.get(1).map_or("", String::as_str);
        let (en, fr, es) = match self.formula {
            Formula::Product => (
                format!("{a} times {b} on each row"),
                format!("{a} multiplié par {b} sur chaque ligne"),
                format!("{a} multiplicado por {b} en cada fila"),
            ),
            Formula::Difference => (
                format!("{a} minus {b} on each row"),
                format!("{a} moins {b} sur chaque ligne"),
                format!("{a} menos {b} en cada fila"),
            ),
            Formula::Sum => (
                format!("{a} plus {b} on each row"),
                format!("{a} plus {b} sur chaque ligne"),
                format!("{a} más {b} en cada fila"),
            ),
            Formula::Quotient => (
                format!("{a} divided by {b} on each row (empty where {b} is 0)"),
                format!("{a} divisé par {b} sur chaque ligne (vide quand {b} vaut 0)"),
                format!("{a} dividido por {b} en cada fila (vacío cuando {b} es 0)"),
            ),
            Formula::PercentChange => (
                format!("100 × ({b} − {a}) / {a} on each row (empty where {a} is 0)"),
                format!("100 × ({b} − {a}) / {a} sur chaque ligne (vide quand {a} vaut 0)"),
                format!("100 × ({b} − {a}) / {a} en cada fila (vacío cuando {a} es 0)"),
            ),
            Formula::Log => (
                format!("the natural logarithm of {a} on each row (empty where {a} is not above 0)"),
                format!("le logarithme népérien de {a} sur chaque ligne (vide quand {a} n'est pas supérieur à 0)"),
                format!("el logaritmo natural de {a} en cada fila (vacío cuando {a} no es mayor que 0)"),
            ),
            Formula::Length => (
                format!("the number of characters of {a} on each row"),
                format!("le nombre de caractères de {a} sur chaque ligne"),
                format!("el número de caracteres de {a} en cada fila"),
            ),
            Formula::Weekday => (
                format!("the day of the week of {a}"),
                format!("le jour de la semaine de {a}"),
                format!("el día de la semana de {a}"),
            ),
            Formula::Month => (
                format!("the month of {a} (1 to 12), whatever the year"),
                format!("le mois de {a} (1 à 12), quelle que soit l'année"),
                format!("el mes de {a} (1 a 12), sea cual sea el año"),
            ),
            Formula::Bins { width } => {
                let (lo, hi) = (2 * u64::from(width), 3 * u64::from(width));
                (
                    format!("{a} in bands of {width} from 0 (the band of {lo} holds {lo} up to but not including {hi})"),
                    format!("{a} en tranches de {width} à partir de 0 (la tranche de {lo} va de {lo} inclus à {hi} exclu)"),
                    format!("{a} en tramos de {width} desde 0 (el tramo de {lo} va de {lo} incluido a {hi} excluido)"),
                )
            }
            Formula::Quantiles { count } => (
                format!("{a} cut at its quantiles into {count} bands of about as many rows, Q1 the lowest values (a value on a cut goes to the lower band)"),
                format!("{a} coupé à ses quantiles en {count} tranches d'à peu près autant de lignes, Q1 les plus petites valeurs (une valeur sur une limite va dans la tranche du dessous)"),
                format!("{a} cortado en sus cuantiles en {count} tramos de más o menos las mismas filas, Q1 los valores más bajos (un valor en un corte va al tramo de abajo)"),
            ),
        };
        lang.pick(en, fr, es)
    }

    /// The canonical form of the golden expectations (`a*b`, `weekday(d)`).
    pub fn canonical(&self) -> String {
        let a = self.columns.first().map_or("", String::as_str);
        let b = self.columns.get(1).map_or("", String::as_str);
        match self.formula {
            Formula::Product => format!("{a}*{b}"),
            Formula::Difference => format!("{a}-{b}"),
            Formula::Sum => format!("{a}+{b}"),
            Formula::Quotient => format!("{a}/{b}"),
            Formula::PercentChange => format!("pctchange({a},{b})"),
            Formula::Log => format!("log({a})"),
            Formula::Length => format!("len({a})"),
            Formula::Weekday => format!("weekday({a})"),
            Formula::Month => format!("month({a})"),
            Formula::Bins { width } => format!("bin({a},{width})"),
            Formula::Quantiles { count } => format!("qbin({a},{count})"),
        }
    }
}

/// The names a goal's columns stand for in the files: a derived column's
/// source columns, any other name itself.
pub fn file_columns<'a>(derived: &'a [Derived], names: &[&'a str]) -> Vec<&'a str> {
    names
        .iter()
        .flat_map(|n| match derived.iter().find(|d| d.name == *n) {
            Some(d) => d.columns.iter().map(String::as_str).collect(),
            None => vec![*n],
        })
        .collect()
}

/// Whether `column` adds up over rows when it is derived: a product, a sum
/// or a difference of amounts does; a quotient, a percent change, a
/// logarithm or a length is never totalled without being asked.
pub fn adds_up(derived: &[Derived], column: &str) -> bool {
    derived.iter().find(|d| d.name == column).is_none_or(|d| {
        matches!(
            d.formula,
            Formula::Product | Formula::Sum | Formula::Difference
        )
    })
}

/// A derived column the recipe totals though its values do not add up
/// ("total of revenue / units": the ratio of the totals, or the sum of the
/// row ratios?): the plan stops and names it.
pub fn totalled_wrongly(recipe: &Recipe, derived: &[Derived]) -> Option<String> {
    let totalled: Vec<&str> = match recipe {
        Recipe::Stats { items, .. } => items
            .iter()
            .filter(|(s, _)| *s == Stat::Sum)
            .map(|(_, c)| c.as_str())
            .collect(),
        Recipe::Rank {
            stat: Stat::Sum,
            value: Some(v),
            ..
        }
        | Recipe::Trend {
            stat: Stat::Sum,
            value: Some(v),
            ..
        }
        | Recipe::Share { value: Some(v), .. } => vec![v.as_str()],
        _ => Vec::new(),
    };
    derived
        .iter()
        .find(|d| {
            totalled.contains(&d.name.as_str())
                && matches!(
                    d.formula,
                    Formula::Quotient | Formula::PercentChange | Formula::Log
                )
        })
        .map(|d| d.name.clone())
}

/// The source as the recipe sees it: the file's columns and the derived ones.
pub fn with_derived(source: &Source, derived: &[Derived]) -> Source {
    let mut view = source.clone();
    view.columns
        .extend(derived.iter().map(|d| (d.name.clone(), d.kind())));
    view
}

fn is_number(kind: ColumnKind) -> bool {
    matches!(kind, ColumnKind::Integer | ColumnKind::Decimal)
}

/// The place of `phrase`'s words at `at` (folded, singular), if they are
/// there and free.
fn phrase_at(r: &Reading, phrase: &str, at: usize) -> Option<usize> {
    let words: Vec<&str> = phrase.split_whitespace().collect();
    let ok = words.iter().enumerate().all(|(j, w)| {
        r.g.tokens.get(at + j).is_some_and(|t| {
            !r.g.used[at + j]
                && (t.folded == *w || t.key == text::singular(w) || text::same_word(&t.folded, w))
        })
    });
    ok.then_some(words.len())
}

impl Reading<'_> {
    /// Finds the derived columns the goal names and puts one mention of each
    /// in place of its words.
    pub fn derived_columns(&mut self) -> Result<(), GoalProblem> {
        self.mentions.sort_by_key(|m| m.start);
        self.new_column_names();
        self.binary_columns()?;
        self.per_area_columns()?;
        self.unary_columns()?;
        self.band_columns()?;
        self.quantile_columns()?;
        self.date_parts()?;
        self.aliases();
        self.derived_said_again();
        self.each_number_after_a_formula()?;
        self.new_column_read()
    }

    /// "Divide each patient's weight by their height (weight / height) and
    /// give the mean of that ratio", "Take the natural log of totabund …
    /// the mean of the logs", "Compute v6 - v1 … the mean difference": the
    /// verb that makes the one derived column of its kind, and the noun
    /// that names it again afterwards, are its words (placed, no second
    /// operation). Two derived columns of one kind leave the noun unplaced.
    fn derived_said_again(&mut self) {
        let mut taken = Vec::new();
        let mut restated = Vec::new();
        for d in &self.derived {
            if self
                .derived
                .iter()
                .filter(|x| x.formula == d.formula)
                .count()
                != 1
            {
                continue;
            }
            let Some(m) = self.mentions.iter().find(|m| m.column == d.name) else {
                continue;
            };
            let (start, end) = (m.start, m.start + m.len);
            let t = &self.g.tokens;
            let clause = t[start].clause;
            restated.extend(self.each_row_spans(start, end));
            for (i, w) in t.iter().enumerate() {
                let word = w.key.as_str();
                // The formula may follow in brackets, a clause of its own.
                let maker_before = i < start
                    && clause - w.clause <= 1
                    && FORMULA_VERBS
                        .iter()
                        .any(|(v, f)| *v == word && f.is_none_or(|f| f == d.formula));
                let noun_after = i >= end
                    && FORMULA_NOUNS
                        .iter()
                        .any(|(n, f)| *n == word && *f == d.formula)
                    && self.names_it_back(i);
                // "the natural log of …" (after it, "log naturel de …" is
                // inside the column's words).
                let natural_log =
                    d.formula == Formula::Log && NATURAL.contains(&word) && i + 1 == start;
                let maker = maker_before && self.restated_between(i + 1, start, d);
                // "that ratio" names it back even where "ratio" is part of
                // another column's name (Gear.Ratio)
                let pointed = noun_after
                    && i > 0
                    && !self.g.used[i - 1]
                    && THAT.contains(&t[i - 1].folded.as_str());
                if pointed && self.g.used[i] {
                    taken.push(i);
                    taken.push(i - 1);
                    continue;
                }
                if !self.g.used[i] && (maker || noun_after || natural_log) {
                    taken.push(i);
                    if maker {
                        restated.push((i + 1, start, d.columns.clone()));
                    }
                    if pointed {
                        taken.push(i - 1);
                    }
                }
            }
        }
        for i in taken {
            self.g.take(i, 1);
            self.ops.retain(|(at, _)| *at != i);
            self.mentions.retain(|m| {
                m.len != 1 || m.start != i || self.derived.iter().any(|d| d.name == m.column)
            });
        }
        restated.extend(self.formula_glossed_before());
        // "Divide each patient's weight by their height (weight / height)":
        // the words between the verb and the formula say it once more.
        for (from, to, columns) in restated {
            let rows_named = columns.is_empty();
            self.mentions.retain(|m| {
                !((from..to).contains(&m.start) && (rows_named || columns.contains(&m.column)))
            });
            for i in from..to {
                if !self.g.used[i] {
                    self.g.take(i, 1);
                    self.ops.retain(|(at, _)| *at != i);
                }
            }
        }
    }

    /// The noun at `at` ("ratio", "difference") points back at the derived
    /// column: after "that"/"ces"/"esa", after a word of the mean ("the
    /// mean difference"), or after "of the" ("the mean of the logs") — not
    /// "the largest difference" (a row asked) nor "the difference between
    /// men and women" (a comparison).
    fn names_it_back(&self, at: usize) -> bool {
        const MEAN: &[&str] = &[
            "mean", "average", "median", "moyenne", "mediane", "media", "mediana",
        ];
        let t = &self.g.tokens;
        let word = |i: usize| t.get(i).map_or("", |w| w.folded.as_str());
        let compared = (at + 1..(at + 4).min(t.len()))
            .any(|i| matches!(word(i), "between" | "entre" | "across" | "among"));
        let before = at.checked_sub(1).map_or("", word);
        let of_the = at >= 2
            && matches!(before, "the" | "les" | "los" | "las" | "la" | "le")
            && matches!(word(at - 2), "of" | "de" | "des");
        !compared && (THAT.contains(&before) || MEAN.contains(&before) || of_the)
    }

    /// The spans around a derived column's formula (`start..end`) that say
    /// it is made on every row: "For each car compute …", "… (hoursw +
    /// hoursh) for each couple" — placed, with no column of their own.
    fn each_row_spans(&self, start: usize, end: usize) -> Vec<(usize, usize, Vec<String>)> {
        let t = &self.g.tokens;
        let mut spans: Vec<(usize, usize, Vec<String>)> = self
            .each_row_after(end)
            .map(|(from, to)| (from, to, Vec::new()))
            .into_iter()
            .collect();
        for (v, w) in t.iter().enumerate().take(start) {
            let making = COMPUTING.contains(&w.folded.as_str())
                || FORMULA_VERBS.iter().any(|(f, _)| *f == w.key);
            if making && t[start].clause - w.clause <= 1 {
                if let Some(from) = self.each_row_before(v) {
                    spans.push((from, v, Vec::new()));
                }
            }
        }
        spans
    }

    /// The word at `at` names the rows, never a group: a noun of rows
    /// ("each patient"), or a column that names each row ("each car" of
    /// `Car`). Any other word may be a group said in other words ("each
    /// month", "chaque couleur"), and stays for the other passes.
    fn names_no_group(&self, at: usize) -> bool {
        crate::generator::plan::words::is_row_noun(&self.g.tokens[at].key)
            || self.mentions.iter().any(|m| {
                m.start == at
                    && m.len == 1
                    && crate::generator::plan::names_each_row(self.inputs, &m.column)
            })
    }

    /// "Compute the household hours (hoursw + hoursh) for each couple and
    /// report their mean": "for each" a word that names no group, right
    /// after the formula, says it is made on every row.
    fn each_row_after(&self, end: usize) -> Option<(usize, usize)> {
        let noun = self.noun_after_each(end)?;
        self.names_no_group(noun).then_some((end, noun + 1))
    }

    /// "for each X" / "each X" said from `at`: the place of X.
    fn noun_after_each(&self, at: usize) -> Option<usize> {
        let word = |i: usize| self.g.tokens.get(i).map(|w| w.folded.as_str());
        let each = if word(at).is_some_and(|w| FOR.contains(&w)) {
            at + 1
        } else {
            at
        };
        let noun = each + 1;
        (word(each).is_some_and(|w| EACH.contains(&w)) && noun < self.g.tokens.len())
            .then_some(noun)
    }

    /// "Compute Males - Females for each year and report the mean
    /// difference": "for each" a column of numbers right after the formula
    /// may name each row (one row per year) or groups of rows; the file's
    /// description cannot tell, so the plan stops on the words.
    fn each_number_after_a_formula(&self) -> Result<(), GoalProblem> {
        for d in &self.derived {
            let Some(m) = self.mentions.iter().find(|m| m.column == d.name) else {
                continue;
            };
            let end = m.start + m.len;
            let Some(noun) = self.noun_after_each(end) else {
                continue;
            };
            let number = self
                .mentions
                .iter()
                .any(|x| x.start == noun && x.column != d.name && is_number(self.kind(&x.column)));
            if number {
                return Err(GoalProblem::Unplaced {
                    words: vec![self.g.raw(end, noun + 1 - end)],
                    understood: self.understood.clone(),
                });
            }
        }
        Ok(())
    }

    /// "For each car compute …": "for each" and a noun of the rows (or a
    /// column naming each row) right before the verb that makes a derived
    /// column say it is made on every row — no grouping. Returns where
    /// those words start.
    fn each_row_before(&self, verb: usize) -> Option<usize> {
        let t = &self.g.tokens;
        let noun = verb.checked_sub(1)?;
        let each = noun.checked_sub(1)?;
        if !EACH.contains(&t[each].folded.as_str()) {
            return None;
        }
        let rows = self.names_no_group(noun);
        let from = match each.checked_sub(1) {
            Some(f) if FOR.contains(&t[f].folded.as_str()) => f,
            _ => each,
        };
        // "For each car, compute …": its own clause, right before the verb's
        let beside = (from..=noun).all(|i| t[i].clause == t[noun].clause)
            && t[verb].clause - t[noun].clause <= 1;
        (rows && beside).then_some(from)
    }

    /// "the price per horsepower (Price / HP)": the words right before a
    /// formula in brackets that name its columns, joined by words of the
    /// formula ("per", "to", "divided by"), are its name — not a second
    /// measure. Returns each such span with the columns it may drop.
    fn formula_glossed_before(&self) -> Vec<(usize, usize, Vec<String>)> {
        const OF_A_FORMULA: &[&str] = &[
            "per", "to", "over", "divided", "by", "times", "minus", "plus", "ratio", "of", "the",
            "a", "par", "sur", "divise", "fois", "moins", "rapport", "le", "la", "du", "de", "por",
            "entre", "sobre", "dividido", "menos", "razon", "el", "del",
        ];
        let mut spans = Vec::new();
        for d in &self.derived {
            let Some(m) = self.mentions.iter().find(|m| m.column == d.name) else {
                continue;
            };
            let Some(before) = m.start.checked_sub(1) else {
                continue;
            };
            if !self.g.gap(before).contains('(') {
                continue;
            }
            let t = &self.g.tokens;
            let clause = t[before].clause;
            let mut from = m.start;
            let mut named = false;
            while from > 0 && t[from - 1].clause == clause {
                let i = from - 1;
                let own = self
                    .mentions
                    .iter()
                    .find(|x| (x.start..x.start + x.len).contains(&i));
                // a word placed as a gloss of a column ("horsepower" of
                // HP), never one of a filter
                let glossed =
                    self.g.used[i] && !self.filter_words.iter().any(|(_, w)| w.contains(&i));
                match own {
                    Some(x) if d.columns.contains(&x.column) => named = true,
                    Some(_) => break,
                    None if glossed || OF_A_FORMULA.contains(&t[i].folded.as_str()) => {}
                    None => break,
                }
                from = i;
            }
            // The span starts on a word of its own, not on "of the".
            while from < m.start && OF_A_FORMULA.contains(&t[from].folded.as_str()) {
                from += 1;
            }
            if named {
                spans.push((from, m.start, d.columns.clone()));
            }
        }
        spans
    }

    /// The words `from..to`, between a verb that makes `d` and its formula,
    /// only say the formula again: mentions of its own columns, words of
    /// joining ("by", "from", "their") and nouns of rows ("each
    /// patient's"); any other word is left for the other passes.
    fn restated_between(&self, from: usize, to: usize, d: &Derived) -> bool {
        const JOINING: &[&str] = &[
            "by", "from", "of", "the", "each", "every", "their", "its", "par", "de", "du", "des",
            "chaque", "leur", "leurs", "sa", "son", "ses", "la", "le", "les", "l", "d", "por",
            "entre", "cada", "su", "sus", "el", "los", "las", "del", "and", "et", "y",
        ];
        (from..to).all(|i| {
            let in_mention = self
                .mentions
                .iter()
                .find(|m| (m.start..m.start + m.len).contains(&i));
            match in_mention {
                Some(m) => d.columns.contains(&m.column),
                None => {
                    let key = self.g.tokens[i].key.as_str();
                    self.g.used[i]
                        || JOINING.contains(&self.g.tokens[i].folded.as_str())
                        || NATURAL.contains(&key)
                        || crate::generator::plan::words::is_row_noun(key)
                }
            }
        })
    }

    /// "Create a column with the total of ofp and opp, then report its
    /// mean": a new column asked for and none read would answer another
    /// question; the plan stops and names the words.
    fn new_column_read(&self) -> Result<(), GoalProblem> {
        const CREATE: &[&str] = &[
            "create", "add", "make", "creez", "creer", "ajoutez", "ajouter", "crea", "crear",
            "anade", "agrega",
        ];
        let divided = self.ops.iter().any(|(_, o)| *o == Op::Ratio);
        if !self.derived.is_empty() || divided {
            return Ok(());
        }
        let t = &self.g.tokens;
        let asked = (0..t.len()).find(|&i| {
            CREATE.contains(&t[i].folded.as_str())
                && t[i + 1..t.len().min(i + 4)]
                    .iter()
                    .any(|w| matches!(w.folded.as_str(), "column" | "colonne" | "columna"))
        });
        match asked {
            Some(at) => Err(GoalProblem::Unplaced {
                words: vec![self.g.raw(at, (t.len() - at).min(NEW_COLUMN_WORDS_SHOWN))],
                understood: self.understood.clone(),
            }),
            None => Ok(()),
        }
    }

    /// "Create a price per square foot column (price / lotsize)": the
    /// words between the article and "column", before the formula in
    /// brackets, are the new column's name — placed, never a measure or a
    /// grouping ("price" is no second mean).
    fn new_column_names(&mut self) {
        const ARTICLES: &[&str] = &["a", "an", "new", "une", "nouvelle", "una", "nueva"];
        const MAX_NAME_WORDS: usize = 5;
        let tokens = &self.g.tokens;
        let mut named = Vec::new();
        for k in 1..tokens.len() {
            let column = matches!(tokens[k].folded.as_str(), "column" | "colonne" | "columna");
            // A bracket right after "column" holds the formula (a gloss
            // may have joined the bracket to this clause).
            let formula_after = self.g.gap(k).contains('(');
            if !column || !formula_after {
                continue;
            }
            let Some(first) = (k.saturating_sub(MAX_NAME_WORDS + 1)..k)
                .rev()
                .find(|&i| ARTICLES.contains(&tokens[i].folded.as_str()))
                .map(|i| i + 1)
            else {
                continue;
            };
            let same_clause = (first..k).all(|i| tokens[i].clause == tokens[k].clause);
            if first < k && same_clause {
                named.push((first, k));
            }
        }
        named.extend(self.names_after_column());
        // Whatever its words were read as (a column, "square foot", an
        // operation), they only name the new column.
        for (first, k) in named {
            self.g.take(first, k - first);
            self.mentions.retain(|m| m.start < first || m.start >= k);
            self.ops.retain(|(i, _)| !(first..k).contains(i));
        }
    }

    /// "Create a column with the total physician visits (ofp + opp)", "a
    /// column called net pay (salary - tax)": the words after "column"
    /// and its joining words, up to the formula's bracket, name it.
    fn names_after_column(&self) -> Vec<(usize, usize)> {
        const JOINING: &[&[&str]] = &[
            &["with", "the"],
            &["for", "the"],
            &["called"],
            &["named"],
            &["avec", "le"],
            &["avec", "la"],
            &["nommee"],
            &["appelee"],
            &["con", "el"],
            &["con", "la"],
            &["llamada"],
        ];
        const MAX_NAME_WORDS: usize = 5;
        let tokens = &self.g.tokens;
        let mut named = Vec::new();
        for k in 0..tokens.len() {
            if !matches!(tokens[k].folded.as_str(), "column" | "colonne" | "columna") {
                continue;
            }
            let Some(joining) = JOINING.iter().find(|w| self.g.says_at(k + 1, w)) else {
                continue;
            };
            let first = k + 1 + joining.len();
            let bracket = (first + 1..tokens.len().min(first + MAX_NAME_WORDS + 1))
                .find(|&i| self.g.gap(i - 1).contains('('));
            let Some(end) = bracket else {
                continue;
            };
            if (first..end).all(|i| tokens[i].clause == tokens[k].clause) {
                named.push((k + 1, end));
            }
        }
        named
    }

    /// How many words before `at` define a new column ("create a new
    /// column equal to"); 0 unless the word "column" is among them.
    pub fn new_column_words_before(&self, at: usize) -> usize {
        let mut i = at;
        while i > 0
            && !self.g.used[i - 1]
            && NEW_COLUMN.contains(&self.g.tokens[i - 1].folded.as_str())
        {
            i -= 1;
        }
        let column = (i..at).any(|j| {
            matches!(
                self.g.tokens[j].folded.as_str(),
                "column" | "colonne" | "columna"
            )
        });
        if column {
            at - i
        } else {
            0
        }
    }

    /// "… What is the mean of this new column?": the new column defined,
    /// said again.
    pub fn new_column_said_again(&mut self) {
        for i in 1..self.g.tokens.len() {
            let new = matches!(
                self.g.tokens[i - 1].folded.as_str(),
                "new" | "nouvelle" | "nueva"
            );
            let column = matches!(
                self.g.tokens[i].folded.as_str(),
                "column" | "colonne" | "columna"
            );
            if new && column && self.g.free(i - 1, 2) {
                self.g.take(i - 1, 2);
            }
        }
    }

    /// Replaces the words `start..end` (mentions inside them included) by
    /// one mention of `d`, with the words that define it as a new column.
    fn place(&mut self, start: usize, end: usize, d: Derived) {
        let defined = self.new_column_words_before(start);
        if defined > 0 {
            self.new_column_said_again();
        }
        let start = start - defined;
        self.mentions
            .retain(|m| m.start + m.len <= start || m.start >= end);
        for i in start..end {
            self.g.used[i] = true;
        }
        self.mentions.push(Mention {
            start,
            len: end - start,
            column: d.name.clone(),
        });
        self.mentions.sort_by_key(|m| m.start);
        if !self.columns.iter().any(|k| k.name == d.name) {
            let files = self
                .columns
                .iter()
                .filter(|k| d.columns.contains(&k.name))
                .map(|k| k.files.clone())
                .reduce(|a, b| a.into_iter().filter(|f| b.contains(f)).collect())
                .unwrap_or_default();
            self.columns.push(Known {
                name: d.name.clone(),
                kind: d.kind(),
                files,
            });
            self.understood.push(d.name.clone());
        }
        if d.formula == Formula::Quotient && !self.derived.iter().any(|x| x.name == d.name) {
            // "average of amount / quantity": the mean of the row values,
            // which differs from the ratio of the totals.
            let (a, b) = (&d.columns[0], &d.columns[1]);
            let said = self.say(
                format!("{a} / {b} is divided on each row, and the statistic taken of those values (not the ratio of the totals)"),
                format!("{a} / {b} est divisé ligne par ligne, et la statistique porte sur ces valeurs (pas le rapport des totaux)"),
                format!("{a} / {b} se divide fila por fila, y la estadística se toma de esos valores (no la razón de los totales)"),
            );
            self.assume(said, None);
        }
        if !self.derived.iter().any(|x| x.name == d.name) {
            self.derived.push(d);
        }
    }

    /// Both operands must be columns of numbers.
    fn operands(&self, formula: Formula, a: &Mention, b: &Mention) -> Result<(), GoalProblem> {
        for m in [a, b] {
            if !is_number(self.kind(&m.column)) {
                return Err(GoalProblem::NotNumbers {
                    column: m.column.clone(),
                    what: formula.what(self.lang),
                });
            }
        }
        Ok(())
    }

    /// The operator written between two words: a sign (`*`, `×`, `/`, `+`,
    /// `-`, `−`) with no word, or one of `OPERATORS`.
    fn operator_between(&self, end: usize, next: usize) -> Option<Formula> {
        if end == next {
            let from = self.g.tokens[end - 1].span.1;
            let to = self.g.tokens[next].span.0;
            let between: String = self.g.text.chars().skip(from).take(to - from).collect();
            let sign = between.trim();
            return match sign {
                "*" | "×" => Some(Formula::Product),
                "/" | "÷" => Some(Formula::Quotient),
                "+" => Some(Formula::Sum),
                "-" | "−" => Some(Formula::Difference),
                _ => None,
            };
        }
        // "multiplied by the price": the operator, then articles.
        OPERATORS.iter().find_map(|(p, f)| {
            let n = phrase_at(self, p, end)?;
            let articles = (end + n..next)
                .all(|i| !self.g.used[i] && OF.contains(&self.g.tokens[i].folded.as_str()));
            (end + n <= next && articles).then_some(*f)
        })
    }

    /// "quantity times price", "units * unit_price", "High minus Low", "the
    /// difference between High and Low", "percent change from Open to Close".
    fn binary_columns(&mut self) -> Result<(), GoalProblem> {
        let mut k = 0;
        while k + 1 < self.mentions.len() {
            let (a, b) = (self.mentions[k].clone(), self.mentions[k + 1].clone());
            let end = a.start + a.len;
            if let Some(formula) = self.operator_between(end, b.start) {
                self.operands(formula, &a, &b)?;
                let d = Derived::new(formula, vec![a.column, b.column], self.lang);
                self.place(a.start, b.start + b.len, d);
                continue;
            }
            let joined = b.start == end + 1
                && !self.g.used[end]
                && JOINS.contains(&self.g.tokens[end].folded.as_str());
            let before = joined
                .then(|| {
                    BETWEEN.iter().find_map(|(p, f)| {
                        let n = p.split_whitespace().count();
                        let at = a.start.checked_sub(n)?;
                        (phrase_at(self, p, at) == Some(n)).then_some((at, *f))
                    })
                })
                .flatten();
            let before = before.or_else(|| {
                joined
                    .then(|| {
                        OF_BOTH.iter().find_map(|(p, f)| {
                            let n = p.split_whitespace().count();
                            let at = a.start.checked_sub(n)?;
                            let said = phrase_at(self, p, at) == Some(n);
                            (said && self.new_column_words_before(at) > 0).then_some((at, *f))
                        })
                    })
                    .flatten()
            });
            if let Some((at, formula)) = before {
                self.operands(formula, &a, &b)?;
                let d = Derived::new(formula, vec![a.column, b.column], self.lang);
                self.place(at, b.start + b.len, d);
                continue;
            }
            if let Some(at) = joined.then(|| self.span_before(&a)).flatten() {
                // "the days between diagnosis and death": the later minus
                // the earlier, said in that order.
                self.operands(Formula::Difference, &a, &b)?;
                let d = Derived::new(Formula::Difference, vec![b.column, a.column], self.lang);
                self.ops.retain(|(i, _)| !(at..a.start).contains(i));
                self.place(at, b.start + b.len, d);
                continue;
            }
            k += 1;
        }
        Ok(())
    }

    /// Where "(the number of) days between", "jours entre", "días entre"
    /// starts, said right before the mention `a` or as its first words
    /// (a gloss: "days between diagnosis (diag)").
    fn span_before(&self, a: &Mention) -> Option<usize> {
        const SPANS: &[&[&str]] = &[
            &["days", "between"],
            &["time", "between"],
            &["jours", "entre"],
            &["temps", "entre"],
            &["dias", "entre"],
            &["tiempo", "entre"],
        ];
        const COUNTED: &[&[&str]] = &[&["number", "of"], &["nombre", "de"], &["numero", "de"]];
        let start = SPANS.iter().find_map(|w| {
            let inside = self.g.says_at(a.start, w) && a.len > w.len();
            let before = a
                .start
                .checked_sub(w.len())
                .filter(|&s| self.g.says_at(s, w));
            if inside {
                Some(a.start)
            } else {
                before
            }
        })?;
        let counted = COUNTED
            .iter()
            .find_map(|w| start.checked_sub(w.len()).filter(|&s| self.g.says_at(s, w)));
        Some(counted.unwrap_or(start))
    }

    /// "average price per square metre", "prix moyen au m²": the measure
    /// said before the words (a statistic word may stand between) divided,
    /// row by row, by the file's one area column. No area column, or
    /// several: left unread.
    fn per_area_columns(&mut self) -> Result<(), GoalProblem> {
        for phrase in PER_AREA {
            let len = phrase.split_whitespace().count();
            for at in self.g.find(phrase) {
                if phrase_at(self, phrase, at).is_none() {
                    continue;
                }
                let Some(area) = self.one_area_column() else {
                    continue;
                };
                let mut before = at;
                while before > 0
                    && STAT_ADJECTIVES.contains(&self.g.tokens[before - 1].folded.as_str())
                {
                    before -= 1;
                }
                let Some(m) = self
                    .mentions
                    .iter()
                    .find(|m| m.start + m.len == before && m.column != area)
                    .cloned()
                else {
                    continue;
                };
                let measure = Mention {
                    column: area.clone(),
                    ..m.clone()
                };
                self.operands(Formula::Quotient, &m, &measure)?;
                let d = Derived::new(Formula::Quotient, vec![m.column.clone(), area], self.lang);
                self.place(m.start, at + len, d);
                // The statistic word stays free, for the statistic.
                for i in before..at {
                    self.g.used[i] = false;
                }
            }
        }
        Ok(())
    }

    /// The one column of numbers of the file that holds an area.
    fn one_area_column(&self) -> Option<String> {
        let areas: Vec<&Known> = self
            .columns
            .iter()
            .filter(|k| is_number(k.kind))
            .filter(|k| {
                text::fold(&k.name)
                    .split(|c: char| !c.is_alphanumeric())
                    .any(|w| AREA_WORDS.contains(&w))
            })
            .collect();
        match areas.as_slice() {
            [one] => Some(one.name.clone()),
            _ => None,
        }
    }

    /// "log of Volume", "the length of the names".
    fn unary_columns(&mut self) -> Result<(), GoalProblem> {
        for i in 0..self.g.tokens.len() {
            let Some(formula) = UNARY
                .iter()
                .find(|(w, _)| !self.g.used[i] && self.g.tokens[i].key == *w)
                .map(|(_, f)| *f)
            else {
                continue;
            };
            let mut j = i + 1;
            let mut adjectives = Vec::new();
            while j < self.g.tokens.len() && !self.g.used[j] {
                let w = self.g.tokens[j].folded.as_str();
                if STAT_ADJECTIVES.contains(&w) {
                    adjectives.push(j);
                } else if !OF.contains(&w) && !NATURAL.contains(&w) {
                    break;
                }
                j += 1;
            }
            let Some(m) = self.mentions.iter().find(|m| m.start == j).cloned() else {
                continue;
            };
            let kind = self.kind(&m.column);
            let fits = match formula {
                Formula::Length => kind == ColumnKind::Text,
                _ => is_number(kind),
            };
            if !fits {
                return Err(GoalProblem::NotNumbers {
                    column: m.column,
                    what: formula.what(self.lang),
                });
            }
            let d = Derived::new(formula, vec![m.column.clone()], self.lang);
            self.place(i, m.start + m.len, d);
            for a in adjectives {
                self.g.used[a] = false;
            }
        }
        Ok(())
    }

    /// A band width at `at`: a whole number, then perhaps a unit.
    fn width_at(&self, at: usize) -> Option<(u32, usize)> {
        let t = self.g.tokens.get(at).filter(|_| !self.g.used[at])?;
        let n = text::number(t).filter(|n| *n >= 1.0 && *n <= MAX_BIN_WIDTH && n.fract() == 0.0)?;
        let unit = self
            .g
            .tokens
            .get(at + 1)
            .is_some_and(|u| !self.g.used[at + 1] && UNITS.contains(&u.key.as_str()));
        Some((n as u32, 1 + usize::from(unit)))
    }

    /// Skips the words of `OF` from `at`.
    fn skip_of(&self, mut at: usize) -> usize {
        while at < self.g.tokens.len()
            && !self.g.used[at]
            && OF.contains(&self.g.tokens[at].folded.as_str())
        {
            at += 1;
        }
        at
    }

    /// "age groups of 10 years", "tranches d'âge de 10 ans", "tramos de 10
    /// años de edad", "10-year age bands".
    fn band_columns(&mut self) -> Result<(), GoalProblem> {
        for i in 0..self.g.tokens.len() {
            if self.g.used[i] || !BANDS.contains(&self.g.tokens[i].key.as_str()) {
                continue;
            }
            let mention_at = |at: usize| self.mentions.iter().find(|m| m.start == at).cloned();
            let ends_at = |at: usize| {
                self.mentions
                    .iter()
                    .find(|m| m.start + m.len == at)
                    .cloned()
            };
            // column BAND of N / BAND of column of N
            let found = if let Some(m) = ends_at(i) {
                let at = self.skip_of(i + 1);
                self.width_at(at).map(|(w, n)| (m.start, at + n, m, w))
            } else if let Some(m) = mention_at(self.skip_of(i + 1)) {
                let at = self.skip_of(m.start + m.len);
                self.width_at(at).map(|(w, n)| (i, at + n, m, w))
            } else if let Some((w, n)) = self.width_at(self.skip_of(i + 1)) {
                let after = self.skip_of(self.skip_of(i + 1) + n);
                mention_at(after).map(|m| (i, m.start + m.len, m, w))
            } else {
                None
            };
            let Some((start, end, m, width)) = found else {
                continue;
            };
            if !is_number(self.kind(&m.column)) {
                return Err(GoalProblem::NotNumbers {
                    column: m.column,
                    what: Formula::Bins { width }.what(self.lang),
                });
            }
            let d = Derived::new(Formula::Bins { width }, vec![m.column.clone()], self.lang);
            self.place(start, end, d);
        }
        Ok(())
    }

    /// "by quartile of age", "par quintile de charges", "age quartiles",
    /// "in 4 quantile bands of bmi".
    fn quantile_columns(&mut self) -> Result<(), GoalProblem> {
        for i in 0..self.g.tokens.len() {
            if self.g.used[i] {
                continue;
            }
            let word = self.g.tokens[i].folded.as_str();
            let named = QUANTILE_WORDS
                .iter()
                .find(|(w, _)| text::same_word(word, w))
                .map(|(_, n)| (*n, i));
            let quantile = QUANTILE.iter().any(|w| text::same_word(word, w));
            let counted = (quantile && i > 0 && !self.g.used[i - 1])
                .then(|| text::number(&self.g.tokens[i - 1]))
                .flatten()
                .filter(|n| (2.0..=100.0).contains(n) && n.fract() == 0.0)
                .map(|n| (n as u32, i - 1));
            let Some((count, start)) = named.or(counted) else {
                continue;
            };
            // "4 quantile bands": the band word is part of it.
            let mut end = i + 1;
            if self
                .g
                .tokens
                .get(end)
                .is_some_and(|t| !self.g.used[end] && BANDS.contains(&t.key.as_str()))
            {
                end += 1;
            }
            let after = self.skip_of(end);
            let found = match self.mentions.iter().find(|m| m.start == after).cloned() {
                Some(m) => Some((start, m.start + m.len, m)),
                None => self
                    .mentions
                    .iter()
                    .find(|m| m.start + m.len == start)
                    .cloned()
                    .map(|m| (m.start, end, m)),
            };
            let Some((from, to, m)) = found else {
                continue;
            };
            if !is_number(self.kind(&m.column)) {
                return Err(GoalProblem::NotNumbers {
                    column: m.column,
                    what: Formula::Quantiles { count }.what(self.lang),
                });
            }
            let d = Derived::new(
                Formula::Quantiles { count },
                vec![m.column.clone()],
                self.lang,
            );
            self.place(from, to, d);
        }
        Ok(())
    }

    /// "by weekday", "par jour de la semaine", "by month of the year": a
    /// part of the date column named after it, or of the inputs' only one.
    fn date_parts(&mut self) -> Result<(), GoalProblem> {
        for (phrase, formula) in DATE_PARTS {
            let len = phrase.split_whitespace().count();
            for at in 0..self.g.tokens.len() {
                if !self.part_phrase_at(phrase, at) || super::recent::counted_before(&self.g, at) {
                    continue;
                }
                let after = self.skip_of(at + len);
                let named = self
                    .mentions
                    .iter()
                    .find(|m| m.start == after && self.kind(&m.column) == ColumnKind::Date)
                    .cloned();
                let (date, end) = match named {
                    Some(m) => (m.column.clone(), m.start + m.len),
                    None => (self.only_date(&self.g.raw(at, len))?, at + len),
                };
                let d = Derived::new(*formula, vec![date], self.lang);
                self.place(at, end, d);
            }
        }
        self.month_asked()
    }

    /// "which month sold the most", "quel mois", "¿en qué mes…?", "our
    /// busiest month" (the singular word of the goal's language: French
    /// "mes" is "my"), "le mois le plus cher": a month asked for without
    /// its year is the month of the year of the inputs' only date column,
    /// said as an assumption (in a file of several years it gathers each
    /// month's days of every year).
    fn month_asked(&mut self) -> Result<(), GoalProblem> {
        for at in 0..self.g.tokens.len() {
            let t = &self.g.tokens[at];
            let month_word = match self.lang {
                Lang::Fr => "mois",
                Lang::Es => "mes",
                _ => "month",
            };
            if t.folded != month_word
                || !self.g.free(at, 1)
                || !(self.asked_before(at) || self.ranked_around(at))
            {
                continue;
            }
            let word = t.raw.clone();
            let date = self.only_date(&word)?;
            let d = Derived::new(Formula::Month, vec![date.clone()], self.lang);
            self.place(at, at + 1, d);
            let said = self.say(
                format!("\"{word}\" read as the month of the year of {date}, whatever the year"),
                format!("« {word} » compris comme le mois de l'année de {date}, quelle que soit l'année"),
                format!("«{word}» entendido como el mes del año de {date}, sea cual sea el año"),
            );
            self.assume(said, None);
        }
        Ok(())
    }

    /// A question word right before `at`: "which month", "quel mois", "en
    /// qué mes", "cuál mes".
    fn asked_before(&self, at: usize) -> bool {
        at > 0 && ASKING.contains(&self.g.tokens[at - 1].folded.as_str())
    }

    /// A superlative right before `at` ("busiest month", "best month") or
    /// "the most" right after it ("le mois le plus cher", "el mes más
    /// caro", "el mes con más ventas").
    fn ranked_around(&self, at: usize) -> bool {
        let before = at.checked_sub(1).map(|i| self.g.tokens[i].folded.as_str());
        let after: Vec<&str> = self.g.tokens[at + 1..]
            .iter()
            .take(3)
            .map(|t| t.folded.as_str())
            .collect();
        let superlative = before.is_some_and(|w| {
            (w.ends_with("iest") || matches!(w, "best" | "worst" | "biggest" | "peak" | "top"))
                && w.len() > 3
        });
        let most_after = matches!(
            after.as_slice(),
            ["le" | "la", "plus" | "moins", ..]
                | ["mas" | "menos", ..]
                | ["con" | "de", "mas" | "menos" | "mayor" | "menor", ..]
        );
        superlative || most_after
    }

    /// Whether `phrase` is at `at`, its words free or a column's mention
    /// that lies inside it ("day of the week" beside a column `day`).
    fn part_phrase_at(&self, phrase: &str, at: usize) -> bool {
        let words: Vec<&str> = phrase.split_whitespace().collect();
        let end = at + words.len();
        if end > self.g.tokens.len() {
            return false;
        }
        let inside = |i: usize| {
            self.mentions.iter().any(|m| {
                m.start >= at && m.start + m.len <= end && (m.start..m.start + m.len).contains(&i)
            })
        };
        words.iter().enumerate().all(|(j, w)| {
            let t = &self.g.tokens[at + j];
            (!self.g.used[at + j] || inside(at + j))
                && (t.folded == *w || t.key == text::singular(w) || text::same_word(&t.folded, w))
        })
    }

    /// The only date column of the inputs (or the one the goal names).
    fn only_date(&self, phrase: &str) -> Result<String, GoalProblem> {
        let named: Vec<&Mention> = self
            .mentions
            .iter()
            .filter(|m| self.kind(&m.column) == ColumnKind::Date)
            .collect();
        if let [one] = named.as_slice() {
            return Ok(one.column.clone());
        }
        let dates: Vec<String> = self
            .columns
            .iter()
            .filter(|k| k.kind == ColumnKind::Date)
            .map(|k| k.name.clone())
            .collect();
        match dates.as_slice() {
            [] => Err(GoalProblem::NoDate),
            [one] => Ok(one.clone()),
            _ => Err(GoalProblem::Ambiguous {
                phrase: phrase.to_owned(),
                candidates: dates,
            }),
        }
    }

    /// "profit = price − cost": the word before `=` names the derived
    /// column, here and wherever else the goal uses it ("average profit
    /// per region, profit = price − cost").
    fn aliases(&mut self) {
        for d in self.derived.clone() {
            let Some(m) = self.mentions.iter().find(|m| m.column == d.name).cloned() else {
                continue;
            };
            let Some(eq) = m.start.checked_sub(1) else {
                continue;
            };
            let Some(word) = m.start.checked_sub(2) else {
                continue;
            };
            if self.g.used[eq] || self.g.used[word] || self.g.tokens[eq].key != "=" {
                continue;
            }
            // "total_visits = ofp + opp": the name's words joined by "_".
            let mut first = word;
            while first > 0 && self.joined_by_underscore(first - 1) && !self.g.used[first - 1] {
                first -= 1;
            }
            let alias = self.g.tokens[word].key.clone();
            self.g.take(eq, 1);
            self.g.take(first, word + 1 - first);
            self.ops.retain(|(i, _)| !(first..=word).contains(i));
            // The column takes the goal's word as its name ("margin"),
            // unless a column of the files has it.
            let (from, to) = (self.g.tokens[first].span.0, self.g.tokens[word].span.1);
            let raw: String = self.g.text.chars().skip(from).take(to - from).collect();
            let name = if self.columns.iter().any(|k| k.name == raw) {
                d.name.clone()
            } else {
                raw
            };
            self.rename(&d.name, &name);
            let elsewhere: Vec<usize> = self.g.find(&alias);
            for at in elsewhere {
                self.g.take(at, 1);
                self.mentions.push(Mention {
                    start: at,
                    len: 1,
                    column: name.clone(),
                });
            }
            self.mentions.sort_by_key(|m| m.start);
        }
    }
}

impl Reading<'_> {
    /// Whether the word at `at` and the next are written as one name with
    /// "_" between them ("total_visits").
    fn joined_by_underscore(&self, at: usize) -> bool {
        self.g.gap(at) == "_"
    }

    /// Gives the derived column `old` the name `new` wherever it is named.
    fn rename(&mut self, old: &str, new: &str) {
        for m in self.mentions.iter_mut().filter(|m| m.column == old) {
            m.column = new.to_owned();
        }
        for k in self.columns.iter_mut().filter(|k| k.name == old) {
            k.name = new.to_owned();
        }
        for d in self.derived.iter_mut().filter(|d| d.name == old) {
            d.name = new.to_owned();
        }
        for u in self.understood.iter_mut().filter(|u| *u == old) {
            *u = new.to_owned();
        }
    }
}

/// Whether the plan's derived columns read dates (the code's `dates()`).
pub fn needs_dates(plan: &Plan) -> bool {
    plan.derived
        .iter()
        .any(|d| matches!(d.formula, Formula::Weekday | Formula::Month))
}

/// Whether the plan's derived columns need numpy.
pub fn needs_numpy(plan: &Plan) -> bool {
    plan.derived.iter().any(|d| d.formula == Formula::Log)
}

/// Day names, Monday first, in `lang`.
fn day_names(lang: Lang) -> [&'static str; 7] {
    lang.pick(
        [
            "Monday",
            "Tuesday",
            "Wednesday",
            "Thursday",
            "Friday",
            "Saturday",
            "Sunday",
        ],
        [
            "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche",
        ],
        [
            "lunes",
            "martes",
            "miércoles",
            "jueves",
            "viernes",
            "sábado",
            "domingo",
        ],
    )
}

/// The code that adds the plan's derived columns to `data`, each with a
/// comment in the goal's language; the cells it reads are counted in `used`.
pub fn code(c: &mut Code, plan: &Plan) {
    let lang = plan.lang;
    for d in &plan.derived {
        let name = py_str(&d.name);
        let col = |i: usize| py_str(d.columns.get(i).map_or("", String::as_str));
        c.line(comment(&lang.pick(
            format!("The column {}: {}.", d.name, d.words(lang)),
            format!("La colonne {} : {}.", d.name, d.words(lang)),
            format!("La columna {}: {}.", d.name, d.words(lang)),
        )));
        match d.formula {
            Formula::Product | Formula::Sum | Formula::Difference => {
                let op = match d.formula {
                    Formula::Product => "*",
                    Formula::Sum => "+",
                    _ => "-",
                };
                c.line(format!(
                    "data[{name}] = numbers({}) {op} numbers({})",
                    col(0),
                    col(1)
                ));
            }
            Formula::Quotient => {
                c.line(format!("divisor = numbers({})", col(1)));
                c.line(format!(
                    "data[{name}] = numbers({}) / divisor.where(divisor != 0)",
                    col(0)
                ));
            }
            Formula::PercentChange => {
                c.line(format!("start = numbers({})", col(0)));
                c.line(format!(
                    "data[{name}] = 100 * (numbers({}) - start) / start.where(start != 0)",
                    col(1)
                ));
            }
            Formula::Log => {
                c.line(format!("values = numbers({})", col(0)));
                c.line(format!("data[{name}] = np.log(values.where(values > 0))"));
            }
            Formula::Length => {
                c.line(format!("data[{name}] = data[{}].str.len()", col(0)));
            }
            Formula::Weekday => {
                let days: Vec<String> = day_names(lang)
                    .iter()
                    .enumerate()
                    .map(|(i, n)| format!("{i}: {}", py_str(n)))
                    .collect();
                c.line(format!(
                    "data[{name}] = dates({}).dt.dayofweek.map({{{}}})",
                    col(0),
                    days.join(", ")
                ));
            }
            Formula::Month => {
                c.line(format!(
                    "data[{name}] = dates({}).dt.month.astype(\"Int64\")",
                    col(0)
                ));
            }
            Formula::Bins { width } => bins_code(c, d, &plan.source, width),
            Formula::Quantiles { count } => {
                let labels: Vec<String> = (1..=count).map(|i| format!("\"Q{i}\"")).collect();
                c.line(format!(
                    "data[{name}] = pd.qcut(numbers({}), {count}, labels=[{}]).astype(\"string\")",
                    col(0),
                    labels.join(", ")
                ));
            }
        }
    }
}

/// Bands of `width`: "20–29" for whole numbers, "[2.5, 5)" otherwise.
fn bins_code(c: &mut Code, d: &Derived, source: &Source, width: u32) {
    let column = d.columns.first().map_or("", String::as_str);
    c.line(format!("values = numbers({})", py_str(column)));
    c.line(format!("lower = (values // {width}) * {width}"));
    let label = if source.kind(column) == ColumnKind::Integer {
        format!(
            "lower.astype(\"Int64\").astype(str) + \"–\" + (lower + {}).astype(\"Int64\").astype(str)",
            width - 1
        )
    } else {
        format!(
            "\"[\" + lower.astype(\"Int64\").astype(str) + \", \" + (lower + {width}).astype(\"Int64\").astype(str) + \")\""
        )
    };
    c.line(format!(
        "data[{}] = ({label}).where(values.notna())",
        py_str(&d.name)
    ));
}

/// The sentence of the explanation and the reading that says how the
/// derived columns were made, if there are any.
pub fn explained(plan: &Plan) -> Option<String> {
    let lang = plan.lang;
    let each: Vec<String> = plan
        .derived
        .iter()
        .map(|d| format!("{} = {}", d.name, d.words(lang)))
        .collect();
    if each.is_empty() {
        return None;
    }
    let list = each.join("; ");
    Some(lang.pick(
        format!("computed column: {list}"),
        format!("colonne calculée : {list}"),
        format!("columna calculada: {list}"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::plan::plan;

    fn planned(file: &str, goal: &str) -> Result<Plan, GoalProblem> {
        let inputs = [crate::generator::golden_input(file)];
        plan(goal, Lang::detect(goal), &inputs)
    }

    #[test]
    fn a_product_of_two_columns_is_totalled_per_group() {
        let p = planned(
            "orders.csv",
            "total of quantity times unit_price per country",
        )
        .expect("plan");
        assert_eq!(
            p.derived,
            [Derived {
                name: "quantity × unit_price".into(),
                formula: Formula::Product,
                columns: vec!["quantity".into(), "unit_price".into()],
            }]
        );
        assert_eq!(
            p.recipe,
            Recipe::Stats {
                items: vec![(Stat::Sum, "quantity × unit_price".into())],
                group_by: Some("country".into()),
            }
        );
    }

    #[test]
    fn signs_and_words_between_columns_are_operators() {
        for (goal, formula) in [
            ("average of High - Low", Formula::Difference),
            ("mean of High minus Low", Formula::Difference),
            (
                "average difference between High and Low",
                Formula::Difference,
            ),
            ("moyenne de High moins Low", Formula::Difference),
            (
                "average percent change from Open to Close",
                Formula::PercentChange,
            ),
            ("media de High menos Low", Formula::Difference),
        ] {
            let p = planned("stocks.csv", goal).expect(goal);
            assert_eq!(p.derived.len(), 1, "{goal}");
            assert_eq!(p.derived[0].formula, formula, "{goal}");
        }
    }

    #[test]
    fn an_operand_that_is_not_numbers_stops() {
        assert!(matches!(
            planned("orders.csv", "total of country times quantity"),
            Err(GoalProblem::NotNumbers { column, .. }) if column == "country"
        ));
    }

    #[test]
    fn a_total_of_row_ratios_stops() {
        assert!(matches!(
            planned("orders.csv", "total of amount / quantity"),
            Err(GoalProblem::Unplaced { words, .. }) if words == ["amount / quantity"]
        ));
        assert!(planned("orders.csv", "average of amount / quantity").is_ok());
    }

    #[test]
    fn date_parts_and_bands_are_groups() {
        let p = planned("weather.csv", "average temp_c by month of the year").expect("plan");
        assert_eq!(p.derived[0].formula, Formula::Month);
        assert!(
            matches!(&p.recipe, Recipe::Stats { group_by: Some(g), .. } if g == "month of date")
        );
        let p =
            planned("insurance.csv", "average charges by age groups of 10 years").expect("plan");
        assert_eq!(p.derived[0].formula, Formula::Bins { width: 10 });
    }

    #[test]
    fn a_name_given_with_equals_is_the_column_s_name() {
        let p = planned(
            "shop.csv",
            "margin = list_price - unit_price; average margin per region",
        )
        .expect("plan");
        assert_eq!(p.derived[0].name, "margin");
        assert_eq!(p.derived[0].formula, Formula::Difference);
        assert_eq!(
            p.recipe,
            Recipe::Stats {
                items: vec![(Stat::Mean, "margin".into())],
                group_by: Some("region".into()),
            }
        );
    }

    /// Every answered goal of steps-derived.txt writes code the policy
    /// allows (the e2e lines run it in the sandbox).
    #[test]
    fn every_derived_golden_goal_writes_code_the_policy_allows() {
        use crate::policy::{self, Profile, Verdict};
        let corpus = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../tests/golden/steps-derived.txt"),
        )
        .expect("steps-derived.txt");
        let mut checked = 0;
        for line in corpus
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            let parts: Vec<&str> = line.split(" | ").collect();
            if parts[2].starts_with("stop") {
                continue;
            }
            let p = planned(parts[0], parts[1]).expect(parts[1]);
            assert!(
                !p.derived.is_empty() || parts[2].contains("meanratio"),
                "{line}"
            );
            let code = crate::generator::codegen::generate(&p, parts[1]);
            let report = policy::check(&code, p.lang, &Profile::builtin());
            assert_eq!(report.verdict, Verdict::Allow, "{line}\n{code}");
            checked += 1;
        }
        assert!(checked >= 35, "{checked}");
    }

    #[test]
    fn the_code_writes_the_column_with_its_comment() {
        let p = planned("orders.csv", "total of quantity times unit_price").expect("plan");
        let mut c = Code {
            lines: Vec::new(),
            rounding: None,
        };
        code(&mut c, &p);
        assert_eq!(
            c.lines,
            [
                "# The column quantity × unit_price: quantity times unit_price on each row.",
                "data[\"quantity × unit_price\"] = numbers(\"quantity\") * numbers(\"unit_price\")",
            ]
        );
    }
}
