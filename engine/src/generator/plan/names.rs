//! Names in words: operations and statistics in the goal's language, and
//! the forms under which a column may be named in a goal (its words, the
//! synonyms of its concept, one of its words alone).

use super::lexicon::{self, Op};
use super::text;
use super::{Cmp, DatePart, Filter, FilterValue, SpanUnit, Stat};
use crate::lang::Lang;

impl Filter {
    /// The condition in words, numbers written by `number`: "region is
    /// North", "region is North or South", "region is not North",
    /// "units > 20", "the year of order_date is 2024".
    pub fn words(&self, lang: Lang, number: impl Fn(f64) -> String) -> String {
        let c = &self.column;
        let subject = match self.part {
            None => c.clone(),
            Some(DatePart::Year) => lang.pick(
                format!("the year of {c}"),
                format!("l'année de {c}"),
                format!("el año de {c}"),
            ),
            Some(DatePart::Month) => lang.pick(
                format!("the month of {c}"),
                format!("le mois de {c}"),
                format!("el mes de {c}"),
            ),
            Some(DatePart::Day) => lang.pick(
                format!("the day of the month of {c}"),
                format!("le jour du mois de {c}"),
                format!("el día del mes de {c}"),
            ),
            Some(DatePart::MonthDay) => lang.pick(
                format!("the month and day of {c}"),
                format!("le mois et le jour de {c}"),
                format!("el mes y el día de {c}"),
            ),
        };
        let or = lang.pick(" or ", " ou ", " o ");
        let value = match &self.value {
            FilterValue::Number(n) if self.part == Some(DatePart::MonthDay) => {
                month_day_words(*n, lang)
            }
            FilterValue::Number(n) => number(*n),
            FilterValue::AnyOf(ns) => ns.iter().map(|n| number(*n)).collect::<Vec<_>>().join(or),
            FilterValue::Date(d) => d.clone(),
            FilterValue::List(values) => values.join(or),
            FilterValue::Recent { count, unit } => {
                let what = match (unit, lang) {
                    (SpanUnit::Day, Lang::Fr) => "jours",
                    (SpanUnit::Day, Lang::Es) => "días",
                    (SpanUnit::Day, _) => "days",
                    (SpanUnit::Month, Lang::Fr) => "mois",
                    (SpanUnit::Month, Lang::Es) => "meses",
                    (SpanUnit::Month, _) => "months",
                    (SpanUnit::Year, Lang::Fr) => "années",
                    (SpanUnit::Year, Lang::Es) => "años",
                    (SpanUnit::Year, _) => "years",
                };
                let last = match unit {
                    SpanUnit::Year => "dernières",
                    _ => "derniers",
                };
                return lang.pick(
                    format!("{c} is in the file's last {count} {what}"),
                    format!("{c} est dans les {count} {last} {what} du fichier"),
                    format!("{c} está en los últimos {count} {what} del archivo"),
                );
            }
            FilterValue::Latest { latest } => {
                return match latest {
                    DatePart::Month => lang.pick(
                        format!("{c} is in the file's last month"),
                        format!("{c} est dans le dernier mois du fichier"),
                        format!("{c} está en el último mes del archivo"),
                    ),
                    DatePart::Year => lang.pick(
                        format!("{c} is in the file's last year"),
                        format!("{c} est dans la dernière année du fichier"),
                        format!("{c} está en el último año del archivo"),
                    ),
                    DatePart::Day | DatePart::MonthDay => lang.pick(
                        format!("{c} is the file's last day"),
                        format!("{c} est le dernier jour du fichier"),
                        format!("{c} es el último día del archivo"),
                    ),
                }
            }
        };
        match self.cmp {
            Cmp::Eq => lang.pick(
                format!("{subject} is {value}"),
                format!("{subject} vaut {value}"),
                format!("{subject} es {value}"),
            ),
            Cmp::Ne => lang.pick(
                format!("{subject} is not {value}"),
                format!("{subject} ne vaut pas {value}"),
                format!("{subject} no es {value}"),
            ),
            _ if self.part.is_none() && !matches!(self.value, FilterValue::Date(_)) => {
                format!("{subject} {} {value}", self.cmp.python())
            }
            cmp => {
                let said = match cmp {
                    Cmp::Lt => lang.pick("before", "avant", "antes de"),
                    Cmp::Le => lang.pick("at most", "au plus", "como máximo"),
                    Cmp::Gt => lang.pick("after", "après", "después de"),
                    _ => lang.pick("at least", "au moins", "como mínimo"),
                };
                lang.pick(
                    format!("{subject} is {said} {value}"),
                    format!("{subject} est {said} {value}"),
                    format!("{subject} es {said} {value}"),
                )
            }
        }
    }
}

/// A month and day written month × 100 + day, in words: "20 April", "20
/// avril", "20 de abril".
fn month_day_words(code: f64, lang: Lang) -> String {
    const MONTHS: [[&str; 3]; 12] = [
        ["January", "janvier", "enero"],
        ["February", "février", "febrero"],
        ["March", "mars", "marzo"],
        ["April", "avril", "abril"],
        ["May", "mai", "mayo"],
        ["June", "juin", "junio"],
        ["July", "juillet", "julio"],
        ["August", "août", "agosto"],
        ["September", "septembre", "septiembre"],
        ["October", "octobre", "octubre"],
        ["November", "novembre", "noviembre"],
        ["December", "décembre", "diciembre"],
    ];
    let code = code as u32;
    let (month, day) = (code / 100, code % 100);
    let Some(names) = month.checked_sub(1).and_then(|m| MONTHS.get(m as usize)) else {
        return code.to_string();
    };
    lang.pick(
        format!("{day} {}", names[0]),
        format!("{day} {}", names[1]),
        format!("{day} de {}", names[2]),
    )
}

/// An operation in words, in `lang`.
pub fn describe_op(op: Op, lang: Lang) -> String {
    let en = match op {
        Op::Stat(s) => return stat_name(s, lang).to_owned(),
        Op::Count => "count",
        Op::Ratio => "ratio",
        Op::Share => "share",
        Op::Highest => "highest",
        Op::Lowest => "lowest",
        Op::Top => "top",
        Op::Distinct => "distinct values",
        Op::Missing => "missing values",
        Op::Correlation | Op::Spearman => "correlation",
        Op::Normality => "normality",
        Op::Outliers | Op::ZScore | Op::Iqr => "outliers",
        Op::Trend => "trend",
        Op::Distribution => "distribution",
        Op::Which => "which",
    };
    let (fr, es) = match en {
        "count" => ("nombre", "número"),
        "ratio" => ("rapport", "razón"),
        "share" => ("part", "proporción"),
        "highest" => ("le plus élevé", "el más alto"),
        "lowest" => ("le plus bas", "el más bajo"),
        "top" => ("premiers", "primeros"),
        "distinct values" => ("valeurs distinctes", "valores distintos"),
        "missing values" => ("valeurs manquantes", "valores faltantes"),
        "correlation" => ("corrélation", "correlación"),
        "normality" => ("normalité", "normalidad"),
        "outliers" => ("valeurs aberrantes", "valores atípicos"),
        "trend" => ("évolution", "tendencia"),
        "distribution" => ("répartition", "distribución"),
        _ => ("lequel", "cuál"),
    };
    match lang {
        Lang::En => en.into(),
        Lang::Fr => fr.into(),
        Lang::Es => es.into(),
    }
}

/// A statistic's name in a language.
pub fn stat_name(stat: Stat, lang: Lang) -> &'static str {
    use Lang::{En, Es, Fr};
    match (stat, lang) {
        (Stat::Mean, En) => "mean",
        (Stat::Mean, Fr) => "moyenne",
        (Stat::Mean, Es) => "media",
        (Stat::Sum, En) => "total",
        (Stat::Sum, Fr) => "total",
        (Stat::Sum, Es) => "total",
        (Stat::Count, En) => "count",
        (Stat::Count, Fr) => "nombre",
        (Stat::Count, Es) => "número",
        (Stat::Min, En) => "minimum",
        (Stat::Min, Fr) => "minimum",
        (Stat::Min, Es) => "mínimo",
        (Stat::Max, En) => "maximum",
        (Stat::Max, Fr) => "maximum",
        (Stat::Max, Es) => "máximo",
        (Stat::Median, En) => "median",
        (Stat::Median, Fr) => "médiane",
        (Stat::Median, Es) => "mediana",
        (Stat::Std, En) => "standard deviation",
        (Stat::Std, Fr) => "écart-type",
        (Stat::Std, Es) => "desviación estándar",
        (Stat::Var, En) => "variance",
        (Stat::Var, Fr) => "variance",
        (Stat::Var, Es) => "varianza",
        (Stat::PopStd, En) => "population standard deviation",
        (Stat::PopStd, Fr) => "écart-type de la population",
        (Stat::PopStd, Es) => "desviación estándar poblacional",
        (Stat::PopVar, En) => "population variance",
        (Stat::PopVar, Fr) => "variance de la population",
        (Stat::PopVar, Es) => "varianza poblacional",
        (Stat::Skew, En) => "skewness",
        (Stat::Skew, Fr) => "asymétrie",
        (Stat::Skew, Es) => "asimetría",
        (Stat::Mode, En) => "mode",
        (Stat::Mode, Fr) => "mode",
        (Stat::Mode, Es) => "moda",
        (Stat::Percentile(_), En) => "percentile",
        (Stat::Percentile(_), Fr) => "centile",
        (Stat::Percentile(_), Es) => "percentil",
    }
}

/// Column forms: the words of its name (score 3), synonyms of its concept
/// (score 2), its last word alone (score 1).
pub fn column_forms(name: &str) -> Vec<(Vec<String>, u8)> {
    let all_words = text::name_words(name);
    let mut forms = vec![(all_words.clone(), 3u8)];
    // "height_cm", "load_time_ms": the unit is not said in goals. Never
    // "min": `temp_min` is a minimum, not minutes, and is not "temp".
    let mut words = all_words.clone();
    while words.len() > 1
        && words
            .last()
            .is_some_and(|w| w != "min" && lexicon::UNIT_SUFFIXES.contains(&w.as_str()))
    {
        words.pop();
    }
    if words != all_words {
        forms.push((words.clone(), 3));
    }
    // "UrbanPop", "Miles_per_Gallon" typed as one word: "urbanpop".
    if all_words.len() > 1 {
        let joined: String = text::fold(name)
            .chars()
            .filter(|c| c.is_alphanumeric())
            .collect();
        forms.push((vec![text::singular(&joined)], 3));
    }
    let joined = words.join(" ");
    let last = words.last().cloned().unwrap_or_default();
    for group in lexicon::SYNONYMS {
        let singulars: Vec<String> = group
            .iter()
            .map(|p| {
                p.split_whitespace()
                    .map(text::singular)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        if singulars
            .iter()
            .any(|p| *p == joined || text::same_word(p, &last))
        {
            for p in singulars {
                if p != joined {
                    forms.push((p.split(' ').map(str::to_owned).collect(), 2));
                }
            }
        }
    }
    if words.len() > 1 {
        // "price" for unit_price, "edad" for edad_cliente
        for w in [&words[0], &last] {
            if w.len() > 2 && !lexicon::STOP_WORDS.contains(&w.as_str()) {
                forms.push((vec![w.clone()], 1));
            }
        }
        // the first word may name the concept: "edad_cliente" is an age
        for group in lexicon::SYNONYMS {
            if group.iter().any(|p| text::singular(p) == words[0]) {
                for p in group.iter() {
                    let f: Vec<String> = p.split_whitespace().map(text::singular).collect();
                    if f != [words[0].clone()] {
                        forms.push((f, 1));
                    }
                }
            }
        }
    }
    forms
}

/// Words that name the part that tells columns apart ("owner" in
/// `owner_age`, "pet" in `pet_age`), in the three languages.
const PART_WORDS: &[&[&str]] = &[
    &[
        "owner",
        "adopter",
        "adoptant",
        "adoptante",
        "dueno",
        "proprietaire",
        "propietario",
        "maitre",
        "people",
        "person",
        "personne",
        "gens",
        "persona",
    ],
    &[
        "pet", "animal", "animaux", "dog", "cat", "rabbit", "chien", "chat", "lapin", "perro",
        "gato", "conejo", "mascota",
    ],
    &["client", "customer", "cliente"],
    &["employee", "staff", "employe", "salarie", "empleado"],
];

/// Of columns that one phrase names equally ("age" for `pet_age` and
/// `owner_age`), the one whose other part the goal says by a word of
/// [`PART_WORDS`] ("the adopters' age", "how old are the dogs",
/// "edad media de los gatos"); none when it says none or several.
/// Returns the column and where the goal says its part.
pub fn by_their_part(names: &[String], tokens: &[text::Token]) -> Option<(String, Vec<usize>)> {
    // Only the parts of PART_WORDS: "units" must not pick `unit_price`
    // over `list_price`.
    let said_at = |part: &str| -> Vec<usize> {
        let Some(words) = PART_WORDS
            .iter()
            .find(|group| group.iter().any(|w| text::same_word(w, part)))
        else {
            return Vec::new();
        };
        (0..tokens.len())
            .filter(|&i| {
                let t = &tokens[i];
                words
                    .iter()
                    .any(|w| text::same_word(&t.folded, w) || t.key == *w)
            })
            .collect()
    };
    let said = |part: &str| !said_at(part).is_empty();
    let shared = shared_words(names);
    let mut found = names.iter().filter(|name| {
        text::name_words(name)
            .iter()
            .filter(|w| !shared.contains(w))
            .any(|w| said(w))
    });
    let one = found.next()?;
    if found.next().is_some() {
        return None;
    }
    let at = text::name_words(one)
        .iter()
        .filter(|w| !shared.contains(w))
        .flat_map(|w| said_at(w))
        .collect();
    Some((one.clone(), at))
}

/// The words every one of `names` has ("age" of `pet_age` and
/// `owner_age`): what the names do not differ by.
fn shared_words(names: &[String]) -> Vec<String> {
    let Some(first) = names.first() else {
        return Vec::new();
    };
    text::name_words(first)
        .into_iter()
        .filter(|w| names.iter().all(|n| text::name_words(n).contains(w)))
        .collect()
}

/// The group of [`PART_WORDS`] the word `t` belongs to.
fn part_group(t: &text::Token) -> Option<&'static [&'static str]> {
    PART_WORDS
        .iter()
        .find(|g| {
            g.iter()
                .any(|w| text::same_word(&t.folded, w) || t.key == *w)
        })
        .copied()
}

/// Words that bring in who did something ("adopted by", "adoptés par").
const AGENT_WORDS: &[&str] = &["by", "par", "por"];

/// Of columns that one phrase names equally, the one whose part is said
/// nearest to `at` in its clause: searching back from a condition ("How
/// many dogs were adopted by people over 60" → the people's age), or in
/// the few words after a mention ("age of adopters who took a dog" → the
/// adopters'). Returns the column and where its part is said.
pub fn by_the_part_beside(
    names: &[String],
    tokens: &[text::Token],
    at: usize,
    after: bool,
) -> Option<(String, usize)> {
    const AFTER_REACH: usize = 3;
    let clause = tokens.get(at.min(tokens.len().checked_sub(1)?))?.clause;
    let places: Vec<usize> = if after {
        (at..tokens.len().min(at + AFTER_REACH)).collect()
    } else {
        (0..at.min(tokens.len())).rev().collect()
    };
    let shared = shared_words(names);
    for j in places {
        let t = &tokens[j];
        if t.clause != clause {
            break;
        }
        // "les chats adoptés par des plus de 60 ans": searching back, an
        // agent word before any part says the number is someone else's.
        if !after && AGENT_WORDS.contains(&t.folded.as_str()) {
            return None;
        }
        let Some(group) = part_group(t) else {
            continue;
        };
        let mut found = names.iter().filter(|n| {
            text::name_words(n)
                .iter()
                .filter(|w| !shared.contains(w))
                .any(|w| group.iter().any(|g| text::same_word(g, w)))
        });
        let one = found.next()?;
        return found.next().is_none().then(|| (one.clone(), j));
    }
    None
}
