//! From what was placed to one recipe. The strongest operation decides the
//! recipe; an operation the recipe would not use is not dropped: the goal
//! asked two things and the plan stops ("missing" beside "average", unless
//! it says to ignore the missing values, which every statistic does).

use super::lexicon::{self, Op};
use super::names::describe_op;
use super::reading::Reading;
use super::text::{self, Token};
use super::{Cmp, FilterValue, GoalProblem, OutlierMethod, Recipe, Source, Stat};
use crate::inputs::ColumnKind;
use crate::lang::Lang;

/// Words that set missing values aside rather than ask for them.
const IGNORE_WORDS: &[&str] = &[
    "ignoring",
    "ignore",
    "excluding",
    "exclude",
    "without",
    "skip",
    "skipping",
    "drop",
    "dropping",
    "omitting",
    "leave",
    "leaving",
    "ignorant",
    "ignorer",
    "excluant",
    "exclure",
    "sans",
    "hors",
    "ignorando",
    "ignorar",
    "excluyendo",
    "excluir",
    "sin",
    "omitiendo",
    "worry",
    "mind",
    "inquiete",
    "preocupes",
];

/// Concepts counted by summing: "how many units", "combien on a dépensé".
const SUMMED_CONCEPTS: &[&str] = &[
    "quantity",
    "unit",
    "qty",
    "quantite",
    "cantidad",
    "unidad",
    "unidades",
    "amount",
    "montant",
    "importe",
    "monto",
    "cost",
    "budget",
    "presupuesto",
    "cout",
    "costo",
    "coste",
    "expense",
    "depense",
    "gasto",
    "revenue",
    "vente",
    "venta",
    "ingreso",
    "salary",
    "salaire",
    "salario",
    "price",
    "prix",
    "precio",
    "precipitation",
    "visit",
    "visite",
    "visita",
    "conversion",
    "volume",
    "volumen",
];

/// How far from its ranking word a number may stand to be the count of
/// results ("the 5 best paid employees": 2 words).
const TOP_N_REACH: usize = 3;

/// True when a column names a price or a rate: ranked by its mean, never
/// summed.
pub(in crate::generator) fn priced(column: &str) -> bool {
    let words = super::text::name_words(column);
    lexicon::PRICES
        .iter()
        .chain(["rate", "taux", "tasa", "fee", "frais", "tarifa", "cuota"].iter())
        .any(|p| words.iter().any(|w| super::text::same_word(w, p)))
}

/// What falls from the sky ("precipitation_mm", "rainfall", "pluie"):
/// "combien de pluie" asks its total, never a count of rows ("how much
/// rain" and "cuánta lluvia" are read as amounts).
const FALLEN: &[&str] = &[
    "precipitation",
    "rain",
    "rainfall",
    "snowfall",
    "pluie",
    "precipitacion",
    "lluvia",
];

/// Measures that accumulate over time besides [`FALLEN`]: a month's volume
/// or visits are the total of its days.
const ACCUMULATED: &[&str] = &[
    "volume", "volumen", "visit", "visite", "visita", "session", "click", "clic",
];

/// True when one of a column's name words is one of `words`.
fn named_by(column: &str, words: &[&str]) -> bool {
    super::text::name_words(column)
        .iter()
        .any(|w| words.iter().any(|a| super::text::same_word(w, a)))
}

/// Verbs of money coming in ("brought in", "earned", "rapporté",
/// "recaudó"): what a group earned is the total of its amounts.
const EARNED: &[&str] = &[
    "brought",
    "bring",
    "brings",
    "earned",
    "earn",
    "earns",
    "generated",
    "generate",
    "generates",
    "collected",
    "rapporte",
    "rapportent",
    "encaisse",
    "recaudo",
    "recaudaron",
    "generaron",
];

/// True when a column measures what fell from the sky (see [`FALLEN`]).
fn fallen(column: &str) -> bool {
    named_by(column, FALLEN)
}

/// True when a column counts things ("quantity", "units", "unidades",
/// "Quantité"): its name, as written or singular, is a word of quantity.
pub(in crate::generator) fn counts_things(column: &str) -> bool {
    let folded = super::text::fold(column);
    let words: Vec<String> = super::text::name_words(column)
        .into_iter()
        .chain(
            folded
                .split(|c: char| !c.is_alphanumeric())
                .map(str::to_owned),
        )
        .collect();
    lexicon::QUANTITIES
        .iter()
        .any(|p| words.iter().any(|w| super::text::same_word(w, p)))
}

/// True when a column names an amount or a quantity (counted by summing).
pub(in crate::generator) fn summed(column: &str) -> bool {
    let words = super::text::name_words(column);
    let joined = words.join(" ");
    if fallen(column) || named_by(column, ACCUMULATED) {
        return true;
    }
    // What each insured person costs ("charges", "premium") is said with
    // words of cost but compared person by person: "do smokers have
    // higher charges" compares means.
    if named_by(column, &["charges", "premium"]) {
        return false;
    }
    let named = words
        .iter()
        .any(|w| SUMMED_CONCEPTS.iter().any(|c| super::text::same_word(w, c)));
    named
        || lexicon::SYNONYMS
            .iter()
            .filter(|g| g.iter().any(|p| SUMMED_CONCEPTS.contains(p)))
            .any(|g| {
                g.iter().any(|p| {
                    // "chiffre d affaire" is one concept of several words
                    let phrase: Vec<String> =
                        p.split_whitespace().map(super::text::singular).collect();
                    phrase.join(" ") == joined
                        || (phrase.len() == 1 && words.iter().any(|w| super::text::same_word(w, p)))
                })
            })
}

/// Whether the word at `noun` is what the count at `count` counts: only
/// joining words between them ("how many sales", "combien de ventes",
/// "number of the orders"; not "how many pens were sold").
pub(in crate::generator) fn counted_noun(tokens: &[Token], count: usize, noun: usize) -> bool {
    const JOINING: &[&str] = &[
        "many", "much", "of", "the", "de", "d", "des", "du", "le", "la", "les", "el", "los", "las",
        "del",
    ];
    noun > count
        && tokens
            .get(count + 1..noun)
            .is_some_and(|between| between.iter().all(|t| JOINING.contains(&t.folded.as_str())))
}

/// The columns the goal named, by kind.
struct Named {
    numbers: Vec<String>,
    categories: Vec<String>,
    first_text: Option<String>,
}

/// Words of the name of a column that names a row by a person or a
/// label: "who has the highest target" of a file of regions shows it.
const LABELS: &[&str] = &[
    "name",
    "nom",
    "nombre",
    "student",
    "eleve",
    "alumno",
    "estudiante",
    // the person a row is in the charge of: "who has the highest
    // target" of a file of regions
    "responsable",
    "manager",
    "gestionnaire",
    "gestor",
    "encargado",
];

/// True when a column's name says it holds people or labels (`name`,
/// `Responsable`, `account_manager`, `student`).
pub(super) fn names_a_person(column: &str) -> bool {
    super::text::name_words(column)
        .iter()
        .any(|w| LABELS.contains(&w.as_str()))
}

/// Prepositions that open the next phrase of a share's rows ("the women
/// IN first class", "las mujeres DE Madrid").
const PHRASE_OPENERS: &[&str] = &[
    "in", "for", "of", "at", "on", "from", "with", "dans", "en", "pour", "de", "du", "des", "au",
    "avec", "del", "para", "por", "con", "a", "y", "and", "et",
];

/// The ordinal 1 in words: "first class", "première classe".
const FIRST: &[&str] = &[
    "first", "1st", "premier", "premiere", "1er", "1re", "primer", "primera", "primero",
];

/// The verbs between a share's rows and its part: "what percentage of
/// the women ARE smokers", "quelle part des clients SONT des femmes",
/// "qué porcentaje de las ventas FUERON devueltas" (a relative pronoun
/// opens a condition on the rows: "women who smoke").
const SHARE_VERBS: &[&str] = &[
    "are", "is", "were", "was", "have", "has", "had", "come", "came", "comes", "went", "got",
    "belong", "belongs", "belonged", "sont", "est", "etaient", "etait", "ont", "viennent", "vient",
    "venaient", "son", "es", "fueron", "fue", "eran", "era", "tienen", "tiene", "tenian", "vienen",
    "viene",
];
impl Reading<'_> {
    /// "average age, ignoring missing values": the missing values are set
    /// aside (every statistic leaves them out), not counted.
    pub fn missing_aside(&mut self) {
        let at: Vec<usize> = self
            .ops
            .iter()
            .filter(|(_, o)| *o == Op::Missing)
            .map(|(i, _)| *i)
            .collect();
        let others = self
            .ops
            .iter()
            .any(|(_, o)| !matches!(o, Op::Missing | Op::Which | Op::Count));
        for i in at {
            let cue = (i.saturating_sub(3)..i).rev().find(|&j| {
                !self.g.used[j] && IGNORE_WORDS.contains(&self.g.tokens[j].folded.as_str())
            });
            if let (Some(j), true) = (cue, others) {
                self.g.take(j, 1);
                self.ops.retain(|(k, _)| *k != i);
                // "ignore the missing hours": hours is not a measure.
                self.mentions.retain(|m| !(m.start > i && m.start <= i + 2));
                let said = self.say(
                    "empty cells are left out".into(),
                    "les cellules vides sont écartées".into(),
                    "las celdas vacías se dejan fuera".into(),
                );
                self.assume(said, None);
            }
        }
    }

    fn named(&self, source: &Source) -> Named {
        let mut numbers: Vec<String> = self
            .mentions
            .iter()
            .filter(|m| super::is_number(source.kind(&m.column)))
            .map(|m| m.column.clone())
            .collect();
        super::dedup_keep_order(&mut numbers);
        Named {
            numbers,
            categories: self
                .mentions
                .iter()
                .filter(|m| super::is_category(source.kind(&m.column)))
                .map(|m| m.column.clone())
                .collect(),
            first_text: self
                .mentions
                .iter()
                .find(|m| !super::is_number(source.kind(&m.column)))
                .map(|m| m.column.clone()),
        }
    }

    /// "What's Emma's average?", "which subject has the lowest average?":
    /// a statistic without its column, in a file with one column of numbers
    /// (identifiers aside), is of that column — said as an assumption.
    fn only_number(&mut self, named: &mut Named, source: &Source) {
        let ranked = self.has(Op::Top) || self.has(Op::Highest) || self.has(Op::Lowest);
        let groups_only = if ranked {
            named.categories.len() <= 1
        } else {
            named
                .categories
                .iter()
                .all(|c| self.group_by.as_ref() == Some(c))
        };
        // A statistic, or a ranking of groups by nothing named ("who is the
        // best student?").
        // "which nation has the most cases": the rows are ranked, counted.
        let rows_noun = self.row_noun_left();
        let asked = self.stats().iter().any(|(_, s)| *s != Stat::Count)
            || (ranked
                && !self.has(Op::Count)
                && self.rows_said.is_empty()
                && !rows_noun
                && !self.filter_glossed_after_the_extreme()
                && named.categories.len() == 1);
        if !named.numbers.is_empty() || !asked || !groups_only {
            return;
        }
        let numbers: Vec<&String> = source
            .columns
            .iter()
            .filter(|(n, k)| super::is_number(*k) && !super::reading::is_identifier(n))
            .map(|(n, _)| n)
            .collect();
        let [only] = numbers.as_slice() else { return };
        let said = self.say(
            format!("{only}, the only column of numbers"),
            format!("{only}, la seule colonne de nombres"),
            format!("{only}, la única columna de números"),
        );
        self.assume(said, None);
        named.numbers.push((*only).clone());
    }

    /// "revenue in March", "ventas por región": an amount named without an
    /// operation is totalled — said as an assumption.
    fn total_by_default(&mut self, named: &Named) {
        let [column] = named.numbers.as_slice() else {
            return;
        };
        if !self.no_operation_named()
            || !summed(column)
            || !super::super::steps::derived::adds_up(&self.derived, column)
        {
            return;
        }
        let at = self.total_asked_of(column);
        let said = self.say(
            format!("the total of {column} (no operation was named)"),
            format!("le total de {column} (aucune opération n'était nommée)"),
            format!("el total de {column} (no se nombró ninguna operación)"),
        );
        let undo = match &self.than {
            // "Did the north bring in more money than the south?" → "…
            // than the south on average?"
            Some(than) => self.on_average_after(than.at),
            None => super::undo::stat_before(&self.g.tokens, at, Stat::Mean, self.lang),
        };
        self.assume(said, undo);
    }

    /// The edit that adds "on average" at the end of the clause of the
    /// word at `at`.
    fn on_average_after(&self, at: usize) -> Option<super::undo::Edit> {
        let clause = self.g.tokens.get(at)?.clause;
        let last = self.g.tokens.iter().rev().find(|t| t.clause == clause)?;
        let text = match self.lang {
            Lang::En => " on average",
            Lang::Fr => " en moyenne",
            Lang::Es => " de media",
        };
        Some(super::undo::Edit {
            from: last.span.1,
            to: last.span.1,
            text: text.into(),
        })
    }

    /// "what's the target for the Ouest region?", "l'objectif de Léa
    /// Petit": a column of numbers named without an operation, on the one
    /// row a value of a column that tells each row apart picks, is that
    /// row's value (taken as its total over that one row; said).
    fn value_of_one_row(&mut self, named: &Named) {
        let [column] = named.numbers.as_slice() else {
            return;
        };
        let one_row = !self.filters.is_empty()
            && self.filters.iter().all(|f| {
                f.cmp == Cmp::Eq
                    && f.part.is_none()
                    && matches!(&f.value, FilterValue::List(v) if v.len() == 1)
                    && super::names_each_row(self.inputs, &f.column)
            });
        if !self.no_operation_named() || self.group_by.is_some() {
            return;
        }
        if !one_row {
            self.value_on_a_day(column);
            return;
        }
        self.total_asked_of(column);
        let said = self.say(
            format!("the value of {column} on the one row asked for (no operation was named)"),
            format!("la valeur de {column} sur la seule ligne demandée (aucune opération n'était nommée)"),
            format!("el valor de {column} en la única fila pedida (no se nombró ninguna operación)"),
        );
        self.assume(said, None);
    }

    /// "What did the stock close at on 2024-03-15?", "the temperature in
    /// Nice on 2023-07-14": a column of numbers named with no operation, on
    /// one day, is its value that day — the mean of the rows kept, which is
    /// that value when one row is kept (said).
    fn value_on_a_day(&mut self, column: &str) {
        let Some(day) = crate::generator::steps::days::one_day(&self.filters) else {
            return;
        };
        self.stat_asked_of(column, Stat::Mean);
        let said = self.say(
            format!("the value of {column} on {day}: the mean of the rows kept, which is that value when one row is kept (no operation was named)"),
            format!("la valeur de {column} le {day} : la moyenne des lignes gardées, qui est cette valeur quand une seule ligne est gardée (aucune opération n'était nommée)"),
            format!("el valor de {column} el {day}: la media de las filas conservadas, que es ese valor cuando se conserva una sola fila (no se nombró ninguna operación)"),
        );
        self.assume(said, None);
    }

    /// No operation and no period was said ("which" asks none).
    fn no_operation_named(&self) -> bool {
        self.ops.iter().all(|(_, o)| *o == Op::Which) && self.period.is_none()
    }

    /// Asks the total of `column`, placed where the goal names it; returns
    /// that place.
    fn total_asked_of(&mut self, column: &str) -> usize {
        self.stat_asked_of(column, Stat::Sum)
    }

    /// Asks `stat` of `column`, placed where the goal names it; returns
    /// that place.
    fn stat_asked_of(&mut self, column: &str, stat: Stat) -> usize {
        let at = self
            .mentions
            .iter()
            .find(|m| m.column == column)
            .map_or(0, |m| m.start);
        self.ops.push((at, Op::Stat(stat)));
        at
    }

    fn need_numbers(&self, named: &Named, what: Op, n: usize) -> GoalProblem {
        match &named.first_text {
            Some(col) => GoalProblem::NotNumbers {
                column: col.clone(),
                what: describe_op(what, self.lang),
            },
            None => GoalProblem::NeedsColumn {
                what: describe_op(what, self.lang),
                numbers: n,
                understood: self.understood.clone(),
            },
        }
    }

    fn stats(&self) -> Vec<(usize, Stat)> {
        self.ops
            .iter()
            .filter_map(|(i, o)| match o {
                Op::Stat(s) => Some((*i, *s)),
                _ => None,
            })
            .collect()
    }

    /// The first statistic said that `fits`, else a count when one was
    /// asked, else `default`.
    fn said_stat(&self, default: Stat, fits: impl Fn(Stat) -> bool) -> Stat {
        self.stats()
            .iter()
            .map(|(_, s)| *s)
            .find(|s| fits(*s))
            .or(self.has(Op::Count).then_some(Stat::Count))
            .unwrap_or(default)
    }

    /// The recipe for what was placed.
    pub fn recipe(&mut self, source: &Source) -> Result<Recipe, GoalProblem> {
        if self.test.is_some() {
            let recipe = self.hypothesis(source)?;
            self.check_ops_used(&recipe)?;
            return Ok(recipe);
        }
        if let Some(recipe) = crate::generator::steps::recipe_of(self) {
            self.check_ops_used(&recipe)?;
            return Ok(recipe);
        }
        if let Some(column) = self.known.clone() {
            let recipe = Recipe::Stats {
                items: vec![(Stat::Count, column)],
                group_by: self.group_by.clone(),
            };
            self.check_ops_used(&recipe)?;
            return Ok(recipe);
        }
        self.missing_aside();
        self.used_most();
        let mut named = self.named(source);
        self.only_number(&mut named, source);
        self.total_by_default(&named);
        self.value_of_one_row(&named);
        let recipe = if self.second_group.is_some() {
            crate::generator::steps::pivot::recipe(self, &named.numbers)?
        } else if self.has(Op::Normality) {
            let column = named
                .numbers
                .first()
                .ok_or_else(|| self.need_numbers(&named, Op::Normality, 1))?;
            Recipe::Normality {
                column: column.clone(),
            }
        } else if self.has(Op::Outliers) || self.has(Op::ZScore) || self.has(Op::Iqr) {
            let column = named
                .numbers
                .first()
                .ok_or_else(|| self.need_numbers(&named, Op::Outliers, 1))?;
            let method = if self.has(Op::ZScore) {
                OutlierMethod::ZScore
            } else {
                OutlierMethod::Iqr
            };
            Recipe::Outliers {
                column: column.clone(),
                method,
            }
        } else if self.has(Op::Correlation) || self.has(Op::Spearman) {
            if named.numbers.len() < 2 {
                return Err(self.need_numbers(&named, Op::Correlation, 2));
            }
            Recipe::Correlation {
                a: named.numbers[0].clone(),
                b: named.numbers[1].clone(),
                spearman: self.has(Op::Spearman),
            }
        } else if self.has(Op::Missing) {
            Recipe::Missing {
                column: self.mentions.first().map(|m| m.column.clone()),
            }
        } else if self.has(Op::Distinct) {
            self.distinct(&named)?
        } else if self.has(Op::Share) {
            self.share(&named)?
        } else if let (true, Some((numerator, denominator))) =
            (self.has(Op::Ratio), self.rate_of.clone())
        {
            // "conversion rate": the counted column over the file's base.
            Recipe::Ratio {
                numerator,
                denominator,
                row_mean: false,
                group_by: self.group_by.clone(),
            }
        } else if self.has(Op::Ratio) {
            if named.numbers.len() < 2 {
                return Err(self.need_numbers(&named, Op::Ratio, 2));
            }
            // "Create a new column equal to Assault divided by UrbanPop"
            if let Some(at) = self.mentions.iter().find(|m| m.column == named.numbers[0]) {
                let at = at.start;
                let n = self.new_column_words_before(at);
                self.g.take(at - n, n);
                if n > 0 {
                    self.new_column_said_again();
                }
            }
            Recipe::Ratio {
                numerator: named.numbers[0].clone(),
                denominator: named.numbers[1].clone(),
                row_mean: self.stats().iter().any(|(_, s)| *s == Stat::Mean),
                group_by: self.group_by.clone(),
            }
        } else if self.has(Op::Top) || self.has(Op::Highest) || self.has(Op::Lowest) {
            self.rank(&named)?
        } else if self.has(Op::Trend) || self.period.is_some() {
            self.averaged_periods()?;
            self.trend(&named, source)?
        } else if self.has(Op::Distribution) {
            if let Some(column) = named.numbers.first() {
                Recipe::Distribution {
                    column: column.clone(),
                }
            } else if let Some(column) = named.categories.first() {
                Recipe::CountRows {
                    group_by: Some(column.clone()),
                }
            } else {
                return Err(self.need_numbers(&named, Op::Distribution, 1));
            }
        } else if !self.stats().is_empty() || self.has(Op::Count) {
            self.statistics(&named, source)?
        } else if let (Some(g), false, true) = (
            &self.group_by,
            self.rows_said.is_empty(),
            named.numbers.is_empty(),
        ) {
            // "adoptions per species", "orders per client": the rows of
            // each group, counted.
            Recipe::CountRows {
                group_by: Some(g.clone()),
            }
        } else {
            return Err(GoalProblem::NotUnderstood {
                understood: self.understood.clone(),
            });
        };
        crate::generator::steps::measures::check(self, &recipe)?;
        self.check_ops_used(&recipe)?;
        Ok(recipe)
    }

    /// "What percentage of counties have inmetro = 1", "qué porcentaje de
    /// los condados está en…": the column of categories said in the plural
    /// right after the share's words, with a condition, names the rows
    /// shared out, not groups.
    fn things_shared(&self, named: &Named) -> bool {
        let Some(first) = named.categories.first() else {
            return false;
        };
        if self.filters.is_empty() || self.group_by.is_some() {
            return false;
        }
        let shares: Vec<usize> = self
            .ops
            .iter()
            .filter(|(_, o)| *o == Op::Share)
            .map(|(i, _)| *i)
            .collect();
        self.mentions.iter().any(|m| {
            let t = &self.g.tokens[m.start];
            let plural = t.key != t.folded;
            let mut at = m.start;
            while at > 0
                && matches!(
                    self.g.tokens[at - 1].folded.as_str(),
                    "of" | "the" | "de" | "des" | "d" | "les" | "los" | "las"
                )
            {
                at -= 1;
            }
            &m.column == first && plural && at > 0 && shares.contains(&(at - 1))
        })
    }

    fn distinct(&self, named: &Named) -> Result<Recipe, GoalProblem> {
        let column = named
            .categories
            .first()
            .or(self.group_by.as_ref())
            .or(self.mentions.first().map(|m| &m.column))
            .ok_or_else(|| GoalProblem::NeedsColumn {
                what: describe_op(Op::Distinct, self.lang),
                numbers: 0,
                understood: self.understood.clone(),
            })?;
        Ok(Recipe::Distinct {
            column: column.clone(),
        })
    }

    fn share(&mut self, named: &Named) -> Result<Recipe, GoalProblem> {
        let rows_shared = self.things_shared(named);
        let group = self.group_by.clone().or(named
            .categories
            .iter()
            .find(|c| !self.rows_said_as(c))
            .cloned()
            .filter(|_| !rows_shared));
        if let (Some(group), Some(f)) = (&group, self.filters.first()) {
            if &f.column != group && self.group_by.is_some() {
                return Err(GoalProblem::ShareOfWhich {
                    part: f.words(self.lang, |n| n.to_string()),
                    group: group.clone(),
                });
            }
        }
        let part = if group.is_none() && !self.filters.is_empty() {
            Some(self.share_part()?)
        } else {
            None
        };
        if group.is_none() && part.is_none() {
            return Err(GoalProblem::NeedsColumn {
                what: describe_op(Op::Share, self.lang),
                numbers: 0,
                understood: self.understood.clone(),
            });
        }
        // "what percentage of sales got returned": the sales that are
        // returned or not are rows; their money is shared out by other
        // parts ("what share of sales comes from the North").
        let value = named
            .numbers
            .first()
            .filter(|v| {
                !(part
                    .as_ref()
                    .is_some_and(|p| self.kind(&p.column) == ColumnKind::Boolean)
                    && self.said_as_sales(v))
            })
            .cloned();
        if value.is_none() && named.numbers.len() == 1 {
            self.mentions.retain(|m| m.column != named.numbers[0]);
        }
        if let Some(at) = value.as_deref().and_then(|v| self.said_of_the_rows(v)) {
            // "Among the women (female = 1), what proportion are out of
            // work (outwork)?": the rate of a 0/1 column over the rows
            // kept, or the share of its total they hold? The description
            // does not tell a 0/1 column: asked back.
            return Err(GoalProblem::Unplaced {
                words: vec![self.g.raw(at, 1)],
                understood: self.understood.clone(),
            });
        }
        Ok(Recipe::Share {
            value,
            group_by: group,
            part,
        })
    }

    /// The condition whose share is asked, taken out of the filters; the
    /// others keep the rows it is a share of. Of two or more conditions,
    /// the part is told by where it is said: before "among" ("the
    /// percentage of smokers among women"), or after the share's verb in
    /// its clause ("what percentage of the women are smokers"); without
    /// either, the one outcome said ("¿qué porcentaje de las mujeres
    /// fuman?": smoker). When that does not single one out ("what share of
    /// all insured are women who smoke": two conditions make the part) the
    /// plan stops.
    fn share_part(&mut self) -> Result<super::Filter, GoalProblem> {
        let candidates: Vec<usize> = (0..self.filters.len()).collect();
        let at = match candidates.as_slice() {
            [_] => Some(0),
            _ => match self.share_split() {
                Err(()) => None,
                Ok(Some(split)) => self.part_said_apart(&candidates, split),
                Ok(None) => self
                    .spans_of(&candidates)
                    .and_then(|spans| self.verb_between(&spans))
                    .map_or_else(
                        || self.the_one_outcome(&candidates),
                        |verb| self.part_said_apart(&candidates, (verb, false)),
                    ),
            },
        };
        let at = at.ok_or_else(|| GoalProblem::TooMany {
            understood: self.understood.clone(),
        })?;
        Ok(self.filters.remove(at))
    }

    /// Each filter's first and last word, when every filter's are known.
    fn spans_of(&self, candidates: &[usize]) -> Option<Vec<(usize, usize, usize)>> {
        candidates
            .iter()
            .map(|&i| {
                let words = self.words_of_filter(&self.filters[i])?;
                Some((i, *words.iter().min()?, *words.iter().max()?))
            })
            .collect()
    }

    /// Where the goal parts a share's rows from its part: "among",
    /// "parmi", "chez", "entre" (the rows after it), or else a verb of
    /// [`SHARE_VERBS`] (the part after it), anywhere in the goal and free
    /// ("How many smokers are women, in %?"); unclear (`Err`) when a verb
    /// follows "among" ("of smokers among men are over 50").
    fn share_split(&self) -> Result<Option<(usize, bool)>, ()> {
        let free: Vec<usize> = (0..self.g.tokens.len())
            .filter(|&i| !self.g.used[i])
            .collect();
        let among = free.iter().copied().find(|&i| {
            matches!(
                self.g.tokens[i].folded.as_str(),
                "among" | "amongst" | "within" | "parmi" | "chez" | "entre"
            )
        });
        let verb = free
            .iter()
            .copied()
            .find(|&i| SHARE_VERBS.contains(&self.g.tokens[i].folded.as_str()));
        match (among, verb) {
            (Some(a), Some(v)) if v > a => Err(()),
            (Some(a), _) => Ok(Some((a, true))),
            (None, Some(v)) => Ok(Some((v, false))),
            (None, None) => Ok(None),
        }
    }

    /// "en segunda clase, ¿qué proporción de viajeros se salvó?": with no
    /// word parting them, the one outcome among the conditions (a yes/no
    /// column at one value, a column at 1 said with no number 1 in its
    /// words — `Survived`, not `Pclass` of "first class") is the part.
    fn the_one_outcome(&self, candidates: &[usize]) -> Option<usize> {
        // "what percentage of survivors travelled in third class": a word
        // no pass placed may be a verb before the part; asked back.
        let free_word = (0..self.g.tokens.len()).any(|i| {
            self.a_free_content_word(i) && !super::words::is_row_noun(&self.g.tokens[i].key)
        });
        if free_word {
            return None;
        }
        let said_one = |f: &super::Filter| {
            self.words_of_filter(f).is_none_or(|words| {
                words.iter().any(|&i| {
                    let t = &self.g.tokens[i];
                    matches!(t.folded.as_str(), "1" | "one") || FIRST.contains(&t.folded.as_str())
                })
            })
        };
        let outcome = |f: &super::Filter| {
            f.cmp == Cmp::Eq
                && match &f.value {
                    FilterValue::Number(n) => {
                        *n == 1.0 && self.kind(&f.column) == ColumnKind::Integer && !said_one(f)
                    }
                    FilterValue::List(v) => {
                        self.kind(&f.column) == ColumnKind::Boolean && v.len() == 1
                    }
                    _ => false,
                }
        };
        let outcomes: Vec<usize> = candidates
            .iter()
            .copied()
            .filter(|&i| outcome(&self.filters[i]))
            .collect();
        match outcomes.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// Of the filters at `candidates`, the one on the part's side of the
    /// share's split, alone, every other on the rows' side; none when
    /// their words are not all known.
    fn part_said_apart(
        &self,
        candidates: &[usize],
        (split, among): (usize, bool),
    ) -> Option<usize> {
        let spans = self.spans_of(candidates)?;
        // Before "among" is the part; after a verb is the part.
        let on_part_side =
            |s: &(usize, usize, usize)| if among { s.2 < split } else { s.1 > split };
        let on_rows_side =
            |s: &(usize, usize, usize)| if among { s.1 > split } else { s.2 < split };
        let part: Vec<&(usize, usize, usize)> = spans.iter().filter(|s| on_part_side(s)).collect();
        let rows_apart = spans.iter().filter(|s| !on_part_side(s)).all(on_rows_side);
        match part.as_slice() {
            [one] if rows_apart => Some(one.0),
            _ => None,
        }
    }

    /// A word between two conditions that is none of the small words and
    /// is placed by nothing: a verb ("what percentage of smokers LIVE in
    /// the southeast": the part after it).
    fn verb_between(&self, spans: &[(usize, usize, usize)]) -> Option<usize> {
        let mut sorted = spans.to_vec();
        sorted.sort_by_key(|s| s.1);
        sorted
            .windows(2)
            .find_map(|w| (w[0].2 + 1..w[1].1).find(|&i| self.a_free_content_word(i)))
    }

    /// The word at `i` is placed by nothing and is none of the small
    /// words (articles, stop words, prepositions): it may be a verb.
    fn a_free_content_word(&self, i: usize) -> bool {
        let t = &self.g.tokens[i];
        !self.g.used[i]
            && t.folded.chars().all(char::is_alphabetic)
            && !lexicon::STOP_WORDS.contains(&t.folded.as_str())
            && !lexicon::ARTICLES.contains(&t.folded.as_str())
            && !PHRASE_OPENERS.contains(&t.folded.as_str())
    }

    /// Where a share's column is said as what the rows are, after the
    /// share word and a verb of being ("what proportion are out of work
    /// (outwork)", "what proportion identify as Democrats (dem)"): the
    /// verb's place.
    fn said_of_the_rows(&self, column: &str) -> Option<usize> {
        const BEING: &[&str] = &[
            "are",
            "is",
            "were",
            "was",
            "identify",
            "identifies",
            "sont",
            "est",
            "etaient",
            "son",
            "es",
            "eran",
            "fueron",
        ];
        let share = self.ops.iter().find(|(_, o)| *o == Op::Share)?.0;
        // Where the column is said: its mention, or its name as written
        // ("Democrats (dem)": the bracket, its gloss before it).
        let name = super::text::fold(column);
        let said = self
            .mentions
            .iter()
            .filter(|m| m.column == column)
            .map(|m| m.start)
            .chain((0..self.g.tokens.len()).filter(|&i| self.g.tokens[i].folded == name));
        said.filter(|&at| at > share).find_map(|at| {
            (at.saturating_sub(4).max(share + 1)..at)
                .find(|&i| BEING.contains(&self.g.tokens[i].folded.as_str()))
        })
    }

    /// True when `column` is named by a word of sales ("sales", "ventes",
    /// "ventas"), not by its own name.
    fn said_as_sales(&self, column: &str) -> bool {
        self.mentions.iter().any(|m| {
            m.column == column
                && m.len == 1
                && matches!(
                    self.g.tokens[m.start].key.as_str(),
                    "sale" | "vente" | "venta"
                )
        })
    }

    /// "What is the id of the patient with the highest creat?": the row's
    /// id, looked up at the other column's extreme (no statistic said).
    fn column_of_the_row(&self, named: &Named, highest: bool) -> Option<Recipe> {
        if !self.stats().is_empty() {
            return None;
        }
        let show = crate::generator::steps::lookup::column_of_the_row(self)?;
        let value = named.numbers.iter().find(|c| **c != show)?.clone();
        Some(Recipe::Lookup {
            show,
            value,
            highest,
        })
    }

    /// "the best grade of each class", "highest wind per station": each
    /// group's own extreme, not the best group — unless "which" asks one
    /// group ("Which state had the highest rate").
    fn extreme_of_each_group(&self, named: &Named, highest: bool, n: usize) -> Option<Recipe> {
        let which = self.has(Op::Which) && crate::generator::steps::codes::asked_which(self);
        let (Some(g), Some(v)) = (&self.group_by, named.numbers.first()) else {
            return None;
        };
        (n == 1 && !self.has(Op::Top) && self.stats().is_empty() && !which).then(|| Recipe::Stats {
            items: vec![(extreme(highest), v.clone())],
            group_by: Some(g.clone()),
        })
    }

    fn rank(&mut self, named: &Named) -> Result<Recipe, GoalProblem> {
        self.ordinal_value()?;
        let highest = !self.has(Op::Lowest);
        let n = self
            .top_n()
            .unwrap_or(if self.has(Op::Top) { 5 } else { 1 });
        if let Some(each) = self.extreme_of_each_group(named, highest, n) {
            return Ok(each);
        }
        let mut group = self.group_by.clone().or(named
            .categories
            .iter()
            .find(|c| !self.rows_said_as(c))
            .cloned());
        // "the five highest salaries in Sales, with the name": each name's
        // value (one row each), ranked.
        let by_names = group.is_none() && self.names_asked.is_some();
        if by_names {
            group = Some(self.names_column()?);
        }
        if let Some(lookup) = self.row_shown(named, group.as_ref(), by_names, n, highest) {
            return Ok(lookup);
        }
        // "which product was in our biggest order": one row at an extreme
        // of a measure not said, never the most rows.
        if (group.is_none() || self.extreme_of_one_row()) && named.numbers.is_empty() {
            return Err(self.need_numbers(named, Op::Highest, 1));
        }
        if let (None, 1, Some(lookup)) = (&group, n, self.column_of_the_row(named, highest)) {
            return Ok(lookup);
        }
        let value = named.numbers.first().cloned();
        if let (Some(g), Some(v), 1) = (&group, &value, n) {
            // "which customer has been with us the longest" of a file of
            // one row per customer: that row, no average of one value.
            let one_row_each = self.adjective_measure && super::names_each_row(self.inputs, g);
            if (self.extreme_of_one_row() || one_row_each) && self.stats().is_empty() {
                // "in which state does the oldest patient live": the row
                // with the highest age, not the state of the oldest mean.
                return Ok(Recipe::Lookup {
                    show: g.clone(),
                    value: v.clone(),
                    highest,
                });
            }
        }
        let lookup = crate::generator::steps::lookup::recipe(
            self,
            value.as_ref(),
            group.as_ref(),
            highest,
            n,
        );
        if let Some(recipe) = lookup {
            return Ok(recipe);
        }
        if group.is_none() {
            // "which passenger paid the most", "who earns the most": a row
            // to look up, not a value (the recipes do not look rows up).
            let asks_who = self.asks_which_row();
            if let (Some(_), Some(label), Some(v)) = (asks_who, self.label_column(), &value) {
                // "Which passenger paid the highest fare?", "Who earns the
                // most?": the name on the row with the highest value.
                let stat = extreme(highest);
                let said = self.say(
                    format!(
                        "the {label} of the row(s) with the {} {v}",
                        if highest { "highest" } else { "lowest" }
                    ),
                    format!(
                        "le {label} de la ou des lignes où {v} est le plus {}",
                        if highest { "élevé" } else { "bas" }
                    ),
                    format!(
                        "el {label} de la o las filas con {v} {}",
                        if highest { "más alto" } else { "más bajo" }
                    ),
                );
                self.assume(said, None);
                if n == 1 && !self.has(Op::Top) {
                    // One row asked: its name, every tied row listed.
                    return Ok(Recipe::Lookup {
                        show: label,
                        value: v.clone(),
                        highest,
                    });
                }
                return Ok(Recipe::Rank {
                    stat,
                    value: Some(v.clone()),
                    group_by: Some(label),
                    highest,
                    n,
                });
            }
            if let Some(i) = asks_who {
                let len = if i + 1 < self.g.tokens.len() { 2 } else { 1 };
                return Err(GoalProblem::Unplaced {
                    words: vec![self.g.raw(i, len)],
                    understood: self.understood.clone(),
                });
            }
        }
        if group.is_none() && n == 1 && !self.has(Op::Top) {
            // "the highest fee": the largest value itself.
            let stat = extreme(highest);
            let column = value.clone().unwrap_or_default();
            return Ok(Recipe::Stats {
                items: vec![(stat, column)],
                group_by: None,
            });
        }
        if value.is_none() && (!self.rows_ranked() || !self.stats().is_empty()) {
            // "which subject has the lowest average?", "quel produit rapporte
            // le plus ?": the highest what is not said.
            return Err(self.need_numbers(named, Op::Highest, 1));
        }
        // Without a statistic named, amounts and quantities rank by their
        // total, other measures (prices, ages, scores) by their mean — said.
        // "pays best", "the cheapest city": an adjective ranks by the
        // typical value, never a total.
        let default = match &value {
            Some(v) if summed(v) && !priced(v) && !self.adjective_measure => Stat::Sum,
            // "Which breed brought in the most in fees?": money earned is
            // the fees' total, never their mean.
            Some(v) if self.earns(v) && !self.adjective_measure => Stat::Sum,
            Some(_) => Stat::Mean,
            None => Stat::Count,
        };
        let stat = if group.is_none() {
            Stat::Sum
        } else if by_names {
            self.said_stat(extreme(highest), |s| !matches!(s, Stat::Count | Stat::Mode))
        } else if self.adjective_measure && value.is_some() && self.stats().is_empty() {
            Stat::Mean
        } else {
            // "which rank has the largest standard deviation of salary":
            // the groups ranked by the statistic said, whichever it is (the
            // mode of a category is its top group by rows, read elsewhere).
            self.said_stat(default, |s| !matches!(s, Stat::Count | Stat::Mode))
        };
        // Names of one row each rank by their one value: nothing assumed.
        let stated = self.stats().iter().any(|(_, s)| *s != Stat::Count)
            || (by_names
                && group
                    .as_ref()
                    .is_some_and(|g| super::names_each_row(self.inputs, g)));
        if let (Some(v), Some(g), false) = (&value, &group, stated) {
            let said = self.say(
                format!(
                    "each {g} ranked by its {} of {v}",
                    super::stat_name(stat, Lang::En)
                ),
                format!(
                    "chaque {g} classé selon {} de {v}",
                    super::stat_name(stat, Lang::Fr)
                ),
                format!(
                    "cada {g} ordenado según {} de {v}",
                    super::stat_name(stat, Lang::Es)
                ),
            );
            let other = match stat {
                Stat::Sum => Stat::Mean,
                _ => Stat::Sum,
            };
            let undo = super::undo::ranked_by(&self.g.text, other, self.lang);
            self.assume(said, undo);
        }
        Ok(Recipe::Rank {
            stat: if value.is_none() { Stat::Count } else { stat },
            value,
            group_by: group,
            highest,
            n,
        })
    }

    /// Where the goal asks which row: "which", "who", "qui", "quién", or
    /// a question word before a noun of the rows ("¿Qué socio es el más
    /// joven?", "quel élève…").
    fn asks_which_row(&self) -> Option<usize> {
        (0..self.g.tokens.len()).find(|&i| {
            let row_after = self
                .g
                .tokens
                .get(i + 1)
                .is_some_and(|n| super::words::is_row_noun(&n.key));
            matches!(
                self.g.tokens[i].folded.as_str(),
                "which"
                    | "who"
                    | "whom"
                    | "qui"
                    | "quien"
                    | "lequel"
                    | "laquelle"
                    | "lesquels"
                    | "lesquelles"
            ) || (self.g.tokens[i].folded == "cual"
                && self.g.tokens.get(i + 1).is_some_and(|n| n.folded == "de"))
                || (row_after
                    && (matches!(
                        self.g.tokens[i].folded.as_str(),
                        "quel" | "quelle" | "cual" | "what"
                    ) || matches!(self.g.tokens[i].raw.as_str(), "qué" | "Qué")))
        })
    }

    /// "notre plus grosse dépense de santé ? juste le libellé", "the
    /// highest salary in Sales, with the name": the label on the one row
    /// with the extreme, not the label whose total is the largest (labels
    /// repeat).
    fn row_shown(
        &self,
        named: &Named,
        group: Option<&String>,
        by_names: bool,
        n: usize,
        highest: bool,
    ) -> Option<Recipe> {
        // Asked alone after the question, the label is the row's only when
        // the measure is said as one row ("notre plus grosse dépense") or
        // is no amount: "What brought in the most revenue? Just the
        // product." ranks each product by its total.
        let one_row = |v: &str| {
            !summed(v)
                || self.mentions.iter().any(|m| {
                    let t = &self.g.tokens[m.start];
                    m.column == v && t.key == t.folded && super::words::is_row_noun(&t.key)
                })
        };
        let shown = by_names
            || (self.group_by.is_none()
                && group.is_some()
                && group == self.shown_alone().as_ref()
                && named.numbers.first().is_some_and(|v| one_row(v)));
        let (Some(g), Some(v)) = (group, named.numbers.first()) else {
            return None;
        };
        (shown && n == 1 && self.stats().is_empty() && !self.has(Op::Top)).then(|| Recipe::Lookup {
            show: g.clone(),
            value: v.clone(),
            highest,
        })
    }

    /// The column of text asked alone in a clause of its own after the
    /// question ("…? juste le libellé", "just the label", "solo la
    /// categoría"): what to show of the row found, never a grouping.
    fn shown_alone(&self) -> Option<String> {
        const JUST: &[&str] = &["just", "only", "juste", "seulement", "solo", "solamente"];
        let t = &self.g.tokens;
        self.mentions.iter().find_map(|m| {
            let just = m.start.checked_sub(2)?;
            let opens = just == 0 || t[just - 1].clause != t[just].clause;
            let asked = opens
                && JUST.contains(&t[just].folded.as_str())
                && lexicon::ARTICLES.contains(&t[just + 1].key.as_str())
                && t.get(m.start + m.len)
                    .is_none_or(|n| n.clause != t[m.start].clause);
            // said there only: "¿cuál de las regiones…? solo la región"
            // asks the groups
            let once = self
                .mentions
                .iter()
                .filter(|o| o.column == m.column)
                .count()
                == 1;
            (asked && once && super::is_category(self.kind(&m.column))).then(|| m.column.clone())
        })
    }

    /// "with the name": the file's one column of names, or a stop that
    /// names the word.
    fn names_column(&self) -> Result<String, GoalProblem> {
        self.label_column().ok_or_else(|| GoalProblem::Unplaced {
            words: vec![self.g.raw(self.names_asked.unwrap_or(0), 1)],
            understood: self.understood.clone(),
        })
    }

    /// The one column of text that names each row ("Name", "nom",
    /// "student"), if there is exactly one. A column the goal calls its
    /// rows by comes first ("which of Priya's clients": `client`, not
    /// `account_manager`), and a column filtered to one value names no row
    /// apart.
    fn label_column(&self) -> Option<String> {
        let one_value = |name: &str| {
            self.filters
                .iter()
                .any(|f| f.column == name && f.cmp == Cmp::Eq)
        };
        let said = self.columns.iter().find(|k| {
            let name = super::text::fold(&k.name);
            k.kind == crate::inputs::ColumnKind::Text
                && !one_value(&k.name)
                && super::names_each_row(self.inputs, &k.name)
                && self.g.tokens.iter().enumerate().any(|(i, t)| {
                    // asked right before: "which of Priya's clients",
                    // "which of our retail customers"
                    let asked = (i.saturating_sub(4)..i).any(|j| {
                        matches!(
                            self.g.tokens[j].folded.as_str(),
                            "which"
                                | "quel"
                                | "quels"
                                | "quelle"
                                | "quelles"
                                | "lequel"
                                | "laquelle"
                                | "lesquels"
                                | "lesquelles"
                                | "cual"
                                | "cuales"
                                // "Parmi les services du 2e étage, lequel…",
                                // "Among the departments on floor 2, which
                                // one…": the rows the pronoun asks among
                                | "parmi"
                                | "among"
                                | "amongst"
                                // "Out of our wholesale customers, who…"
                                | "out"
                        )
                    });
                    // its name or a word for it ("les services": department)
                    let names_it = t.key == name
                        || self
                            .mentions
                            .iter()
                            .any(|m| m.start == i && m.len == 1 && m.column == k.name);
                    names_it && t.folded != t.key && asked
                })
        });
        if let Some(k) = said {
            return Some(k.name.clone());
        }
        let mut found = self.columns.iter().filter(|k| {
            k.kind == crate::inputs::ColumnKind::Text
                && !one_value(&k.name)
                && super::text::name_words(&k.name)
                    .iter()
                    .any(|w| LABELS.contains(&w.as_str()))
        });
        let one = found.next()?;
        found.next().is_none().then(|| one.name.clone())
    }

    /// True when a verb of money coming in is said (see [`EARNED`]).
    /// Only for a priced column that is no rate ("which channel generated
    /// the highest conversion rate" ranks by its mean; amounts are summed
    /// anyway), the verb in the clause that names the column.
    fn earns(&self, column: &str) -> bool {
        const RATES: &[&str] = &["rate", "taux", "tasa", "pct", "percent", "ratio"];
        if !priced(column) || named_by(column, RATES) {
            return false;
        }
        let clauses: Vec<usize> = self
            .mentions
            .iter()
            .filter(|m| m.column == column)
            .map(|m| self.g.tokens[m.start].clause)
            .collect();
        self.g
            .tokens
            .iter()
            .any(|t| EARNED.contains(&t.folded.as_str()) && clauses.contains(&t.clause))
    }

    /// A ranking with no measure ranks the groups by their rows: a count
    /// asked, the rows said ("the most orders", "the most cases"), or the
    /// rows a filter keeps said after the extreme ("the most smokers").
    fn rows_ranked(&self) -> bool {
        self.has(Op::Count)
            || !self.rows_said.is_empty()
            || self.row_noun_left()
            || self.filter_values_after_the_extreme()
    }

    /// A noun of the rows left as a filler ("the most cases").
    fn row_noun_left(&self) -> bool {
        (0..self.g.tokens.len())
            .any(|i| !self.g.used[i] && super::words::is_row_noun(&self.g.tokens[i].key))
    }

    /// "which region has the most smokers", "quel refuge a fait adopter le
    /// plus de lapins": the rows a filter keeps, named right after the
    /// extreme's words, are what each group has most of — its rows are
    /// counted.
    fn filter_values_after_the_extreme(&self) -> bool {
        if self.filters.is_empty() {
            return false;
        }
        let filtered_column = |word: &str| {
            self.filters.iter().any(|f| {
                super::text::name_words(&f.column)
                    .iter()
                    .any(|w| super::text::same_word(w, word))
            })
        };
        self.ops
            .iter()
            .filter(|(_, o)| matches!(o, Op::Highest | Op::Lowest))
            .any(|(at, _)| {
                (at + 1..(at + 4).min(self.g.tokens.len())).any(|j| {
                    let t = &self.g.tokens[j];
                    self.g.used[j] && (self.is_value_or_synonym(j) || filtered_column(&t.key))
                })
            })
    }

    /// "the most negative tests (y = n)": the words of a filter right
    /// after the extreme, its condition written in brackets after them —
    /// the rows it keeps are ranked, no measure is asked.
    fn filter_glossed_after_the_extreme(&self) -> bool {
        self.ops
            .iter()
            .filter(|(_, o)| matches!(o, Op::Highest | Op::Lowest))
            .any(|(at, _)| {
                // "the most negative tests": a word of quantity, not of
                // quality ("does best in Math (subject = Math)")
                let most = matches!(
                    self.g.tokens[*at].folded.as_str(),
                    "most" | "fewest" | "least" | "plus" | "moins" | "mas" | "menos"
                );
                most && (at + 1..(at + 4).min(self.g.tokens.len())).any(|j| {
                    let opens = |i: usize| self.g.gap(i).contains('(');
                    self.filter_words.iter().any(|(_, w)| w.contains(&j))
                        && (opens(j) || (j > at + 1 && opens(j - 1)))
                })
            })
    }

    /// "Quel moyen de paiement j'utilise le plus ?", "which port is used
    /// the most": a verb of use beside "the most" counts the rows; it is
    /// placed.
    fn used_most(&mut self) {
        const USE: &[&str] = &[
            "use",
            "used",
            "utilise",
            "utilisee",
            "utilises",
            "utilisons",
            "usa",
            "uso",
            "usan",
            "utilizo",
            "utiliza",
            "utilizan",
            "utilizado",
            "usado",
            "usada",
        ];
        let at = (0..self.g.tokens.len())
            .find(|&i| !self.g.used[i] && USE.contains(&self.g.tokens[i].folded.as_str()));
        if let Some(i) = at.filter(|_| self.has(Op::Highest) || self.has(Op::Lowest)) {
            self.g.take(i, 1);
            self.rows_said.push(i);
        }
    }

    /// "au premier trimestre", "the first term", "primer semestre": an
    /// ordinal naming a value of a column (is it "T1"?), not the first N
    /// groups — the plan stops and names the words.
    fn ordinal_value(&self) -> Result<(), GoalProblem> {
        const ORDINALS: &[&str] = &[
            "first", "premier", "premiere", "primer", "primero", "primera",
        ];
        for (at, op) in &self.ops {
            if *op != Op::Top || !ORDINALS.contains(&self.g.tokens[*at].folded.as_str()) {
                continue;
            }
            if let Some(m) = self.mentions.iter().find(|m| m.start == at + 1) {
                return Err(GoalProblem::Unplaced {
                    words: vec![self.g.raw(*at, m.len + 1)],
                    understood: self.understood.clone(),
                });
            }
        }
        Ok(())
    }

    /// "average daily volume", "moyenne des ventes mensuelles": the mean
    /// of each period's total, or the mean of the rows, or each period's
    /// mean — which one is not said, so the plan stops and names the words.
    /// A trend asked ("monthly trend of the average price") is a series.
    fn averaged_periods(&self) -> Result<(), GoalProblem> {
        let Some(at) = self.period_adjective else {
            return Ok(());
        };
        let averaged = self
            .stats()
            .iter()
            .any(|(_, s)| matches!(s, Stat::Mean | Stat::Median));
        if !averaged || self.has(Op::Trend) {
            return Ok(());
        }
        Err(GoalProblem::Unplaced {
            words: vec![self.g.raw(at, 1)],
            understood: self.understood.clone(),
        })
    }

    fn trend(&mut self, named: &Named, source: &Source) -> Result<Recipe, GoalProblem> {
        let date = self
            .date_mentioned
            .clone()
            .or_else(|| {
                source
                    .columns
                    .iter()
                    .find(|(_, k)| *k == ColumnKind::Date)
                    .map(|(n, _)| n.clone())
            })
            .ok_or(GoalProblem::NoDate)?;
        let value = named.numbers.first().cloned();
        // Amounts and quantities add up over a period; prices, temperatures
        // and scores are averaged (a month's total of closing prices means
        // nothing) — said when the goal names no statistic.
        // "pays best", "the cheapest city": an adjective ranks by the
        // typical value, never a total.
        let default = match &value {
            Some(v) if summed(v) && !priced(v) && !self.adjective_measure => Stat::Sum,
            _ => Stat::Mean,
        };
        let stat = if value.is_some() {
            // a trend of a mean, total, median or extreme per period
            self.said_stat(default, |s| {
                matches!(
                    s,
                    Stat::Mean | Stat::Sum | Stat::Median | Stat::Max | Stat::Min
                )
            })
        } else {
            Stat::Count
        };
        if let (Some(v), Stat::Mean, true) = (&value, stat, self.stats().is_empty()) {
            let said = self.lang.pick(
                format!("the mean of {v} in each period (it is averaged, not added up)"),
                format!("la moyenne de {v} dans chaque période (elle se moyenne, elle ne s'additionne pas)"),
                format!("la media de {v} en cada periodo (se promedia, no se suma)"),
            );
            let undo = super::undo::ranked_by(&self.g.text, Stat::Sum, self.lang);
            self.assume(said, undo);
        }
        if value.is_none() && !named.categories.is_empty() && !self.has(Op::Count) {
            return Err(self.need_numbers(named, Op::Trend, 1));
        }
        // "combien je dépense par mois en moyenne": an amount's average per
        // month may be the average month's total, not the mean of its rows.
        if let (Some(column), Stat::Mean | Stat::Median) = (&value, stat) {
            if summed(column) && !priced(column) {
                return Err(GoalProblem::MeanPerPeriod {
                    column: column.clone(),
                });
            }
        }
        Ok(Recipe::Trend {
            value,
            stat,
            date,
            period: self.period.unwrap_or(super::Period::Month),
        })
    }

    /// "how much", "combien on a dépensé", "cuánto", "how many units": a
    /// count of an amount or a quantity is its total.
    fn count_is_total(&self, column: &str) -> bool {
        let Some(&(at, _)) = self.ops.iter().find(|(_, o)| *o == Op::Count) else {
            return false;
        };
        let word = &self.g.tokens[at];
        let next = self.g.tokens.get(at + 1).map(|t| t.folded.as_str());
        let how_much = matches!(word.folded.as_str(), "cuanto" | "cuanta")
            || (word.folded == "combien" && !matches!(next, Some("de" | "d")));
        let summed = summed(column) && !priced(column);
        (how_much && summed)
            || counts_things(column)
            || self.counts_in_its_name(column)
            || (fallen(column) && word.folded == "combien" && self.said_right_after(at, column))
    }

    /// Whether `column` is named right after the count's word at `at`
    /// ("combien de pluie"), no noun of rows before or after it ("combien
    /// de jours de pluie", "combien de pluie jours" count days).
    fn said_right_after(&self, at: usize, column: &str) -> bool {
        let of = self
            .g
            .tokens
            .get(at + 1)
            .is_some_and(|t| matches!(t.folded.as_str(), "de" | "d" | "of"));
        let first = at + 1 + usize::from(of);
        let rows_after = |m: &super::reading::Mention| {
            self.g
                .tokens
                .get(m.start + m.len)
                .is_some_and(|t| super::words::is_row_noun(&t.key) || super::words::is_time_word(t))
        };
        self.mentions
            .iter()
            .any(|m| m.column == column && m.start == first && !rows_after(m))
    }

    /// "how many visits did the blog get", "combien de conversions": a
    /// column of whole numbers named by a plural noun (`visits`,
    /// `conversions`) counts those things on each row, so their number is
    /// its total — when the goal says the column's own name, or a plural
    /// word for it ("combien de visites", "cuántas conversiones").
    fn counts_in_its_name(&self, column: &str) -> bool {
        let folded = text::fold(column);
        let said_as_named = self.mentions.iter().any(|m| {
            let said = text::fold(&self.g.tokens[m.start].raw);
            m.column == column && m.len == 1 && (said == folded || text::singular(&said) != said)
        });
        self.counts_on_each_row(column) && said_as_named
    }

    /// A column of whole numbers whose name ends in a plural noun
    /// (`visits`, `conversions`): it counts those things on each row.
    pub(in crate::generator) fn counts_on_each_row(&self, column: &str) -> bool {
        let plural_name = text::fold(column)
            .rsplit(|c: char| !c.is_alphanumeric())
            .next()
            .is_some_and(|w| w.chars().count() >= 4 && text::singular(w) != w);
        self.kind(column) == ColumnKind::Integer && plural_name
    }

    fn statistics(&mut self, named: &Named, source: &Source) -> Result<Recipe, GoalProblem> {
        let stats = self.stats();
        if named.numbers.is_empty() {
            if self.has(Op::Count) && stats.iter().all(|(_, s)| *s == Stat::Sum) {
                // "how many sales per region", "number of rows"
                return Ok(Recipe::CountRows {
                    group_by: self.group_by.clone(),
                });
            }
            if let ([(_, Stat::Mode)], [category], None) = (
                stats.as_slice(),
                named.categories.as_slice(),
                &self.group_by,
            ) {
                // "the most common breed": the value on the most rows.
                return Ok(Recipe::Rank {
                    stat: Stat::Count,
                    value: None,
                    group_by: Some(category.clone()),
                    highest: true,
                    n: 1,
                });
            }
            let op = stats.first().map_or(Op::Count, |(_, s)| Op::Stat(*s));
            return Err(self.need_numbers(named, op, 1));
        }
        let mut all_stats = stats.clone();
        if self.has(Op::Count) && all_stats.is_empty() {
            let (at, _) = *self
                .ops
                .iter()
                .find(|(_, o)| *o == Op::Count)
                .expect("count");
            if named.numbers.len() == 1 && !self.count_is_total(&named.numbers[0]) {
                // "how many sales": the sales are the rows. "how many days
                // did it rain": a count of rain cells would answer another
                // question; the plan stops and names the measure.
                let column = named.numbers[0].clone();
                if let Some(m) = self.mentions.iter().find(|m| m.column == column) {
                    return if counted_noun(&self.g.tokens, at, m.start) {
                        self.mentions.retain(|x| x.column != column);
                        Ok(Recipe::CountRows {
                            group_by: self.group_by.clone(),
                        })
                    } else {
                        Err(GoalProblem::Unplaced {
                            words: vec![self.g.raw(m.start, m.len)],
                            understood: self.understood.clone(),
                        })
                    };
                }
            }
            let stat = if named.numbers.len() == 1 && self.count_is_total(&named.numbers[0]) {
                let column = &named.numbers[0];
                let said = self.say(
                    format!(
                        "\"{}\" read as the total of {column}",
                        self.g.tokens[at].raw
                    ),
                    format!(
                        "« {} » compris comme le total de {column}",
                        self.g.tokens[at].raw
                    ),
                    format!(
                        "«{}» entendido como el total de {column}",
                        self.g.tokens[at].raw
                    ),
                );
                let undo = self
                    .mentions
                    .iter()
                    .find(|m| &m.column == column)
                    .and_then(|m| {
                        super::undo::rows_instead(&self.g.tokens, at, m.start, m.len, self.lang)
                    });
                self.assume(said, undo);
                Stat::Sum
            } else {
                Stat::Count
            };
            all_stats.push((at, stat));
        }
        let mut number_mentions: Vec<(usize, String)> = self
            .mentions
            .iter()
            .filter(|m| super::is_number(source.kind(&m.column)))
            .map(|m| (m.start, m.column.clone()))
            .collect();
        if number_mentions.is_empty() {
            // The only column of numbers, chosen without being named.
            number_mentions.extend(named.numbers.iter().map(|c| (0, c.clone())));
        }
        let mut items: Vec<(Stat, String)> = Vec::new();
        if all_stats.len() == 1 || number_mentions.len() == 1 {
            for (_, s) in &all_stats {
                for (_, c) in &number_mentions {
                    items.push((*s, c.clone()));
                }
            }
        } else {
            // "average age and total revenue": each statistic takes the
            // next column named after it (or, for the last, the one before).
            for (k, (at, s)) in all_stats.iter().enumerate() {
                let until = all_stats.get(k + 1).map_or(usize::MAX, |(i, _)| *i);
                let column = number_mentions
                    .iter()
                    .find(|(start, _)| start > at && *start < until)
                    .or_else(|| number_mentions.iter().rev().find(|(start, _)| start < at))
                    .or(number_mentions.first())
                    .map(|(_, c)| c.clone());
                if let Some(c) = column {
                    items.push((*s, c));
                }
            }
        }
        items.dedup();
        Ok(Recipe::Stats {
            items,
            group_by: self.group_by.clone(),
        })
    }

    /// "l'objectif le plus bas de nos régions", "the biggest credit limit
    /// among our retail clients": `column`, said in the plural after "of"
    /// or "among" in a file of one row each, names the rows the extreme is
    /// taken over, not what is asked — unless "which" asks for one of them
    /// ("which of our regions", "quelle région").
    fn rows_said_as(&self, column: &str) -> bool {
        // "goes to the wholesale clients", "revient aux clients
        // grossistes": where a share goes, the rows too.
        const OVER: &[&str] = &[
            "of", "among", "amongst", "de", "des", "d", "parmi", "entre", "del", "to", "aux", "a",
        ];
        const OWNERS: &[&str] = &[
            "our", "my", "the", "all", "nos", "mes", "les", "tous", "toutes", "nuestros",
            "nuestras", "mis", "los", "las", "todos", "todas",
        ];
        let which_of_them = self.ops.iter().any(|(i, o)| {
            *o == Op::Which
                && self
                    .mentions
                    .iter()
                    .any(|m| m.column == column && m.start == self.g.skip_articles(i + 1))
        });
        if which_of_them || !super::names_each_row(self.inputs, column) {
            return false;
        }
        self.mentions
            .iter()
            .filter(|m| m.column == column)
            .all(|m| {
                let t = &self.g.tokens[m.start];
                let owners_before = |mut at: usize| {
                    while at > 0 && OWNERS.contains(&self.g.tokens[at - 1].folded.as_str()) {
                        at -= 1;
                    }
                    at
                };
                let mut at = owners_before(m.start);
                // A value said before the noun ("our retail clients").
                if at > 0 && self.g.used[at - 1] && self.is_value(at - 1) {
                    at = owners_before(at - 1);
                }
                let over = at > 0 && OVER.contains(&self.g.tokens[at - 1].folded.as_str());
                t.key != t.folded && over
            })
    }

    /// "the oldest patient", "le passager le plus âgé": the extreme is
    /// said of one row (a noun of rows in the singular beside it).
    pub(super) fn extreme_of_one_row(&self) -> bool {
        // A noun of the rows, not a column ("the best student" of
        // grades.csv is the student with the best average).
        // "the oldest animal" of pets.csv: the noun that told pet_age
        // from owner_age is placed, yet still names the row.
        let in_mention = |at: usize| {
            self.mentions
                .iter()
                .any(|m| (m.start..m.start + m.len).contains(&at))
        };
        // "the youngest employee" of a file with an `employee_id`, "our
        // biggest order" of orders.csv: the noun the file names its rows
        // by, in the singular — unless a column follows ("the cheapest
        // house prices").
        let own = self.own_row_nouns();
        // "the highest grade" of grades.csv: a column said, not a row
        let measure_named = |at: usize| {
            self.mentions.iter().any(|m| {
                (m.start..m.start + m.len).contains(&at)
                    && super::text::name_words(&m.column)
                        .last()
                        .map(String::as_str)
                        != Some("id")
            })
        };
        let one_row = |at: usize| {
            self.g.tokens.get(at).is_some_and(|t| {
                let noun =
                    super::words::is_row_noun(&t.key) && (!self.g.used[at] || !in_mention(at));
                // "más gente", "the most people": many rows, said in the
                // singular
                let collective = matches!(
                    t.key.as_str(),
                    "people"
                        | "ppl"
                        | "folk"
                        | "gente"
                        | "gens"
                        | "staff"
                        | "personnel"
                        | "housing"
                        | "vivienda"
                        | "logement"
                );
                // "the highest employee count": the rows counted ("our
                // largest order total" is one order's)
                let counted = self.g.tokens.get(at + 1).is_some_and(|n| {
                    matches!(
                        n.key.as_str(),
                        "count" | "number" | "headcount" | "nombre" | "numero"
                    )
                });
                // "le plus élevé" is no "élève"
                let extreme = crate::generator::steps::lookup::EXTREME_WORDS
                    .contains(&t.folded.as_str())
                    && !t.raw.contains('è');
                t.key == t.folded
                    && !collective
                    && !counted
                    && !extreme
                    && (noun || (own.contains(&t.key) && !measure_named(at)))
                    && !in_mention(at + 1)
            })
        };
        // "the most expensive house", "la plus grande maison": past the
        // words the superlative is said with.
        // "la casa más grande", "la maison la plus chère": the noun before
        // it, after its article.
        const SAID_WITH: usize = 3;
        let before = |i: usize| {
            let mut noun = i.checked_sub(1);
            // "el empleado de más edad": past the words said with it
            let said_with = |j: usize| {
                self.g.used[j] || matches!(self.g.tokens[j].folded.as_str(), "de" | "du")
            };
            while let Some(j) = noun.filter(|&j| j + SAID_WITH > i && said_with(j) && !one_row(j)) {
                noun = j.checked_sub(1);
            }
            noun.is_some_and(|j| {
                j >= 1
                    && self.lang != Lang::En
                    && lexicon::ARTICLES.contains(&self.g.tokens[j - 1].folded.as_str())
                    && one_row(j)
            })
        };
        self.ops.iter().any(|&(i, o)| {
            matches!(o, Op::Highest | Op::Lowest)
                && ((i + 1..(i + 1 + SAID_WITH).min(self.g.tokens.len()))
                    .take_while(|&j| j == i + 1 || self.g.used[j - 1])
                    .any(one_row)
                    || before(i))
        })
    }

    /// The nouns a file names its rows by: the word before "id" in a
    /// column's name (`employee_id`, `PassengerId`, `pet_id`) and the
    /// file's own name when plural, in the singular (`orders.csv`:
    /// "order"), folded.
    fn own_row_nouns(&self) -> Vec<String> {
        let mut nouns = Vec::new();
        for input in self.inputs {
            let stem = input.name.rsplit('/').next().unwrap_or(&input.name);
            let stem = stem.split('.').next().unwrap_or(stem);
            // only a plural name names its rows ("orders"; never
            // "housing", "weather", "hr")
            let stem = super::text::fold(stem);
            let one = super::text::singular(&stem);
            if one != stem {
                nouns.push(one);
            }
            for c in &input.columns {
                let words = super::text::name_words(&c.name);
                if let [.., noun, id] = words.as_slice() {
                    if id == "id" {
                        nouns.push(super::text::fold(noun));
                    }
                }
            }
        }
        // said in French or Spanish: "el empleado más joven"
        const SAID_AS: &[(&str, &[&str])] = &[
            (
                "employee",
                &[
                    "employe", "employee", "salarie", "salariee", "empleado", "empleada",
                ],
            ),
            ("order", &["commande", "pedido"]),
            ("pet", &["animal", "mascota"]),
            ("sale", &["vente", "venta"]),
        ];
        let translated: Vec<String> = SAID_AS
            .iter()
            .filter(|(en, _)| nouns.iter().any(|n| n == en))
            .flat_map(|(_, said)| said.iter().map(|w| (*w).to_owned()))
            .collect();
        nouns.extend(translated);
        nouns
    }

    /// A number next to "top", "first", "premiers"… that is not used yet;
    /// it is placed.
    fn top_n(&mut self) -> Option<usize> {
        // Beside the ranking word: "the 5 best", "top 3", "les 10 premiers";
        // a number elsewhere ("older than 30") is not a count of results.
        let ranks: Vec<usize> = self
            .ops
            .iter()
            .filter(|(_, o)| matches!(o, Op::Top | Op::Highest | Op::Lowest))
            .map(|(i, _)| *i)
            .collect();
        // "which 2 departments have the lowest salary": the number right
        // after the question word counts the results asked.
        let asked: Vec<usize> = self
            .ops
            .iter()
            .filter(|(_, o)| matches!(o, Op::Which) && !ranks.is_empty())
            .map(|(i, _)| i + 1)
            .collect();
        // "les 2 régions qui font le plus", "the 3 cities with the highest
        // price": the number right before the groups said in the plural.
        let before_groups = self.mentions.iter().filter_map(|m| {
            let t = &self.g.tokens[m.start];
            let grouped = self.group_by.as_deref() == Some(m.column.as_str())
                || super::is_category(self.kind(&m.column));
            // "which of the three stations…": how many there are, one asked
            let among = (m.start.saturating_sub(4)..m.start).any(|j| {
                matches!(
                    self.g.tokens[j].folded.as_str(),
                    "which" | "lequel" | "laquelle" | "lesquels" | "lesquelles" | "cual" | "cuales"
                ) && self.g.tokens.get(j + 1).is_some_and(|n| {
                    matches!(
                        n.folded.as_str(),
                        "of" | "de" | "des" | "d" | "among" | "parmi"
                    )
                })
            });
            (grouped && t.key != t.folded && !ranks.is_empty())
                .then(|| m.start.checked_sub(1).map(|at| (at, among)))?
        });
        let (there_are, before_groups): (Vec<_>, Vec<_>) = before_groups.partition(|(_, a)| *a);
        // Said, not asked: how many groups there are.
        for (at, _) in there_are {
            if super::text::number(&self.g.tokens[at]).is_some() {
                self.g.take(at, 1);
            }
        }
        let asked: Vec<usize> = asked
            .into_iter()
            .chain(before_groups.into_iter().map(|(at, _)| at))
            .collect();
        let (i, n) = self
            .g
            .tokens
            .iter()
            .enumerate()
            .filter(|(i, _)| {
                !self.g.used[*i]
                    && (ranks.iter().any(|r| r.abs_diff(*i) <= TOP_N_REACH) || asked.contains(i))
            })
            .find_map(|(i, t)| super::text::number(t).map(|n| (i, n)))
            .filter(|(_, n)| *n >= 1.0 && *n <= 1000.0 && n.fract() == 0.0)?;
        self.g.take(i, 1);
        Some(n as usize)
    }

    /// Every operation asked is one the recipe computes.
    fn check_ops_used(&self, recipe: &Recipe) -> Result<(), GoalProblem> {
        let stats = self.stats();
        let count_beside_stat = |i: usize| stats.iter().any(|(j, _)| j.abs_diff(i) <= 2);
        // "does the price go up with the number of bathrooms": the count
        // is the name of a column of numbers, correlated as it is.
        let count_names_numbers = |i: usize| {
            matches!(recipe, Recipe::Correlation { .. })
                && self.mentions.iter().any(|m| {
                    counted_noun(&self.g.tokens, i, m.start)
                        && super::is_number(self.kind(&m.column))
                })
        };
        let unused: Vec<Op> = self
            .ops
            .iter()
            .filter(|(i, op)| {
                let named = *op == Op::Count && count_names_numbers(*i);
                !named && !used_by(recipe, *op, count_beside_stat(*i))
            })
            .map(|(_, op)| *op)
            .collect();
        if unused.is_empty() {
            return Ok(());
        }
        let mut asked: Vec<String> = vec![recipe_words(recipe, self.lang)];
        for op in unused {
            let d = describe_op(op, self.lang);
            if !asked.contains(&d) {
                asked.push(d);
            }
        }
        Err(GoalProblem::SeveralOperations { operations: asked })
    }
}

/// The highest value's statistic, or the lowest's.
fn extreme(highest: bool) -> Stat {
    if highest {
        Stat::Max
    } else {
        Stat::Min
    }
}

/// True when `recipe` computes what `op` asks.
fn used_by(recipe: &Recipe, op: Op, count_beside_stat: bool) -> bool {
    use Op as O;
    match (recipe, op) {
        (_, O::Which) => true,
        (Recipe::Hypothesis(test), op) => crate::generator::steps::hypothesis::uses(test, op),
        // "average amount of the 5 largest orders": rows ranked, no mean
        (Recipe::Rank { group_by: None, .. }, O::Stat(s))
            if !matches!(s, Stat::Sum | Stat::Max | Stat::Min) =>
        {
            false
        }
        (Recipe::Normality { .. }, O::Normality)
        | (Recipe::Outliers { .. }, O::Outliers | O::ZScore | O::Iqr | O::Count)
        | (Recipe::Correlation { .. }, O::Correlation | O::Spearman)
        | (Recipe::Missing { .. }, O::Missing | O::Count)
        | (Recipe::Distinct { .. }, O::Distinct | O::Count)
        | (Recipe::Share { .. }, O::Share | O::Count | O::Stat(Stat::Sum))
        | (Recipe::Ratio { .. }, O::Ratio | O::Stat(Stat::Sum | Stat::Mean))
        | (Recipe::Rank { .. }, O::Top | O::Highest | O::Lowest | O::Count)
        | (Recipe::Trend { .. }, O::Trend | O::Count)
        | (Recipe::Distribution { .. }, O::Distribution)
        | (Recipe::CountRows { .. }, O::Count | O::Distribution | O::Stat(Stat::Sum)) => true,
        // "which rank has the largest standard deviation": ranked by it
        // ("the most common breed", the mode, is the top group by rows)
        (Recipe::Rank { stat, .. }, O::Stat(s)) => {
            *stat == s
                || matches!(s, Stat::Sum | Stat::Max | Stat::Min)
                || (s == Stat::Mode && *stat == Stat::Count)
        }
        (Recipe::Trend { stat, .. }, O::Stat(s)) => *stat == s,
        (Recipe::Pivot { stat, .. }, O::Stat(s)) => *stat == s || s == Stat::Sum,
        (Recipe::Pivot { .. }, O::Count)
        | (Recipe::Lookup { .. }, O::Highest | O::Lowest | O::Stat(Stat::Max | Stat::Min)) => true,
        (Recipe::Stats { items, .. }, O::Stat(s)) => items.iter().any(|(i, _)| *i == s),
        // "the highest fee" without a group is its maximum
        (Recipe::Stats { items, .. }, O::Highest) => items.iter().any(|(i, _)| *i == Stat::Max),
        (Recipe::Stats { items, .. }, O::Lowest) => items.iter().any(|(i, _)| *i == Stat::Min),
        (Recipe::Stats { items, .. }, O::Count) => {
            count_beside_stat
                || items
                    .iter()
                    .all(|(s, _)| matches!(s, Stat::Count | Stat::Sum))
        }
        _ => false,
    }
}

/// What a recipe computes, in a word.
fn recipe_words(recipe: &Recipe, lang: crate::lang::Lang) -> String {
    let op = match recipe {
        Recipe::Stats { items, .. } => items.first().map_or(Op::Count, |(s, _)| Op::Stat(*s)),
        Recipe::CountRows { .. } => Op::Count,
        Recipe::Ratio { .. } => Op::Ratio,
        Recipe::Share { .. } => Op::Share,
        Recipe::Rank { highest: true, .. } => Op::Highest,
        Recipe::Rank { .. } => Op::Lowest,
        Recipe::Distinct { .. } => Op::Distinct,
        Recipe::Missing { .. } => Op::Missing,
        Recipe::Correlation { .. } => Op::Correlation,
        Recipe::Normality { .. } => Op::Normality,
        Recipe::Outliers { .. } => Op::Outliers,
        Recipe::Trend { .. } => Op::Trend,
        Recipe::Distribution { .. } => Op::Distribution,
        Recipe::Hypothesis(test) => {
            return crate::generator::steps::hypothesis::name(test.kind, lang)
        }
        Recipe::Regression(_) => return crate::generator::steps::regression::name(lang),
        Recipe::Pivot { stat, .. } => Op::Stat(*stat),
        Recipe::Lookup { highest: true, .. } => Op::Highest,
        Recipe::Lookup { .. } => Op::Lowest,
    };
    describe_op(op, lang)
}
