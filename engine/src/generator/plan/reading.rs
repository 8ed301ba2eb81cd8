//! The goal as the planner reads it: its words and which of them are
//! placed, and the stages that place them — rounding, quoted names,
//! operations, column mentions, groupings and periods. Conditions have
//! their own module (`super::conditions`).

use super::names::{column_forms, describe_op};
use super::text::{self, Token};
use super::{lexicon, GoalProblem};
use crate::generator::lexicon::Op;
use crate::generator::terms::{Cmp, Period, Stat};
use crate::inputs::{ColumnKind, InputDescription};
use crate::lang::Lang;

/// A column mention in the goal.
#[derive(Debug, Clone)]
pub struct Mention {
    /// First word.
    pub start: usize,
    /// Number of words.
    pub len: usize,
    /// Column named.
    pub column: String,
}

/// Words of a column's name that say its rows are people ("name",
/// "gender"): the rows are then people, counted by "headcount".
const PERSON: &[&str] = &[
    "name", "nom", "nombre", "employee", "employe", "empleado", "gender", "sex", "sexe", "genre",
    "genero", "surname", "prenom", "apellido",
];

/// The goal's words and which of them are already placed.
pub struct Goal {
    /// The goal, as written.
    pub text: String,
    /// Words.
    pub tokens: Vec<Token>,
    /// Placed words.
    pub used: Vec<bool>,
}

impl Goal {
    /// Reads `goal` into words, none placed.
    pub fn new(goal: &str) -> Self {
        let tokens = text::tokens(goal);
        Goal {
            text: goal.to_owned(),
            used: vec![false; tokens.len()],
            tokens,
        }
    }

    fn keys(&self) -> Vec<&str> {
        self.tokens.iter().map(|t| t.key.as_str()).collect()
    }

    /// Unused places where `phrase` (folded words) starts.
    pub fn find(&self, phrase: &str) -> Vec<usize> {
        let words: Vec<String> = phrase.split_whitespace().map(text::singular).collect();
        let keys = self.keys();
        if words.is_empty() || words.len() > keys.len() {
            return vec![];
        }
        (0..=keys.len() - words.len())
            .filter(|&i| {
                words.iter().enumerate().all(|(j, w)| {
                    !self.used[i + j]
                        && (keys[i + j] == w || text::same_word(&self.tokens[i + j].folded, w))
                })
            })
            .collect()
    }

    /// True when `words` (folded) are said from `at`, all in the clause of
    /// the word at `at`.
    pub fn says_at(&self, at: usize, words: &[&str]) -> bool {
        words.iter().enumerate().all(|(j, w)| {
            self.tokens
                .get(at + j)
                .is_some_and(|t| t.folded == *w && t.clause == self.tokens[at].clause)
        })
    }

    /// Marks words as placed.
    pub fn take(&mut self, start: usize, len: usize) {
        for u in &mut self.used[start..start + len] {
            *u = true;
        }
    }

    /// Places every free occurrence of each of `phrases`, in their order;
    /// true when one was found.
    pub fn take_all(&mut self, phrases: &[&str]) -> bool {
        let mut any = false;
        for phrase in phrases {
            let len = phrase.split_whitespace().count();
            for at in self.find(phrase) {
                if self.free(at, len) {
                    self.take(at, len);
                    any = true;
                }
            }
        }
        any
    }

    /// True when none of the words `start..start+len` is placed yet.
    pub fn free(&self, start: usize, len: usize) -> bool {
        self.used[start..start + len].iter().all(|u| !u)
    }

    /// The next place after `i` that is not an article.
    pub fn skip_articles(&self, mut i: usize) -> usize {
        while i < self.tokens.len() && lexicon::ARTICLES.contains(&self.tokens[i].key.as_str()) {
            i += 1;
        }
        i
    }

    /// The goal as written from word `first` to word `last`, both included.
    pub fn between(&self, first: usize, last: usize) -> String {
        let (from, to) = (self.tokens[first].span.0, self.tokens[last].span.1);
        self.text
            .chars()
            .skip(from)
            .take(to.saturating_sub(from))
            .collect()
    }

    /// True when clause `clause` ends with an exclamation mark ("Thanks
    /// for your support!").
    pub fn exclaimed(&self, clause: usize) -> bool {
        let Some(last) = self.tokens.iter().rposition(|t| t.clause == clause) else {
            return false;
        };
        let end = self.tokens.get(last + 1).map_or(usize::MAX, |t| t.span.0);
        self.text
            .chars()
            .skip(self.tokens[last].span.1)
            .take(end.saturating_sub(self.tokens[last].span.1))
            .any(|c| c == '!')
    }

    /// The text between the word at `i` and the next one, as written;
    /// empty when no word follows.
    pub fn gap(&self, i: usize) -> String {
        let (Some(a), Some(b)) = (self.tokens.get(i), self.tokens.get(i + 1)) else {
            return String::new();
        };
        self.text
            .chars()
            .skip(a.span.1)
            .take(b.span.0.saturating_sub(a.span.1))
            .collect()
    }

    /// The words `start..start+len` as written.
    pub fn raw(&self, start: usize, len: usize) -> String {
        self.tokens[start..start + len]
            .iter()
            .map(|t| t.raw.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A column of the inputs, with the files that have it.
#[derive(Debug, Clone)]
pub struct Known {
    /// Name.
    pub name: String,
    /// Kind.
    pub kind: ColumnKind,
    /// Files that have it.
    pub files: Vec<String>,
}

/// Names whose last word says the column identifies rows (`PassengerId`,
/// `employee_id`, `order_no`): a goal's "passengers" is the rows, not it.
pub fn is_identifier(name: &str) -> bool {
    let words = text::name_words(name);
    words.len() > 1
        && words.last().is_some_and(|w| {
            matches!(
                w.as_str(),
                "id" | "no" | "nr" | "num" | "code" | "key" | "ref"
            )
        })
}

/// Measures a column name may end with after the thing it measures
/// (`adoption_fee`, `customer_age`, `order_amount`).
const MEASURE_WORDS: &[&str] = &[
    "fee", "age", "price", "amount", "rate", "score", "count", "total", "value", "cost", "time",
    "duration", "size", "weight", "height", "length", "frai", "prix", "montant", "edad", "precio",
    "importe", "monto", "cuota",
];

/// True when `word` is the first word of a name whose last word is a
/// measure: "adoption" in `adoption_fee` names the adoptions (the rows),
/// not the fee.
fn qualifies_a_measure(name: &str, word: &str) -> bool {
    let words = text::name_words(name);
    words.len() > 1
        && words
            .first()
            .is_some_and(|w| w == word || text::same_word(w, word))
        && words
            .last()
            .is_some_and(|w| MEASURE_WORDS.contains(&w.as_str()))
}

/// "de todas las adopciones" beside `adoption_fee`: the first word of a
/// measure's name translated, in the plural, names the rows too.
fn translated_rows(name: &str, word: &str) -> bool {
    let words = text::name_words(name);
    let translated = |w: &str| {
        lexicon::SYNONYMS
            .iter()
            .any(|g| g.contains(&w) && g.iter().any(|s| text::same_word(s, word)))
    };
    words.len() > 1
        && words.first().is_some_and(|w| translated(w))
        && words
            .last()
            .is_some_and(|w| MEASURE_WORDS.contains(&w.as_str()))
}

/// Ranking words that are ordinals: they rank only beside a number.
const ORDINAL_TOPS: &[&str] = &["first", "premier", "primero", "primer"];

/// How a goal asks the answer written in percent ("as a percentage", "en
/// %"): a format beside a mean or a rate of counts, a share elsewhere.
pub const PERCENT_FORMAT: &[&str] = &[
    "as a percentage",
    "as percentage",
    "as a percent",
    "in percent",
    "in percentage",
    "in %",
    "en %",
    "en pourcentage",
    "en porcentaje",
    "como porcentaje",
];

/// The planner's state while it reads one goal.
pub struct Reading<'a> {
    /// The goal's words.
    pub g: Goal,
    /// The goal's language.
    pub lang: Lang,
    /// The inputs.
    pub inputs: &'a [InputDescription],
    /// Every column, once.
    pub columns: Vec<Known>,
    /// What was recognised, in words, for stop messages.
    pub understood: Vec<String>,
    /// Choices made without the goal saying them, in words, each with the
    /// edit of the goal that says the other choice.
    pub assumptions: Vec<super::undo::Assumed>,
    /// Column mentions in goal order.
    pub mentions: Vec<Mention>,
    /// Operations with their place.
    pub ops: Vec<(usize, Op)>,
    /// Filters found.
    pub filters: Vec<super::Filter>,
    /// The words each filter was read from, as far as the reading passes
    /// tell (the words a pass placed when it added the filter).
    pub filter_words: Vec<(super::Filter, Vec<usize>)>,
    /// Which words were placed when the filters' words were last noted.
    noted_used: Vec<bool>,
    /// The column mentions when the filters' words were last noted.
    noted_mentions: Vec<Mention>,
    /// Grouping column.
    pub group_by: Option<String>,
    /// Second grouping column ("per product per region"): a pivot table.
    pub second_group: Option<String>,
    /// Trend period.
    pub period: Option<Period>,
    /// Where a period adjective ("daily", "mensuel") was read, if one was.
    pub period_adjective: Option<usize>,
    /// Decimal places asked.
    pub rounding: Option<u32>,
    /// A date column named (the trend's axis).
    pub date_mentioned: Option<String>,
    /// Files where some column fits a phrase of the goal, at any strength:
    /// with several files loaded, a phrase that fits columns of two files
    /// does not choose the file.
    pub candidate_files: Vec<String>,
    /// Files where a column is named by its own name (not a synonym).
    pub exact_files: Vec<String>,
    /// The file the goal names ("in sales_feb"), when several are loaded.
    pub named_file: Option<String>,
    /// Columns whose values the goal lists with "and" ("men and women"):
    /// compared, one result each, not one set.
    pub compared: Vec<String>,
    /// A hypothesis test asked, and how (`steps::hypothesis`).
    pub test: Option<crate::generator::steps::hypothesis::Asked>,
    /// A linear regression asked (`steps::regression`).
    pub model: Option<crate::generator::steps::regression::Model>,
    /// Preparation asked before the measure (`steps::prep`), in goal order.
    pub prep: Vec<crate::generator::steps::prep::Prep>,
    /// Columns computed from others ("quantity × price").
    pub derived: Vec<crate::generator::steps::derived::Derived>,
    /// The measure was named by an adjective ("pays best", "cheapest"):
    /// groups rank by their mean unless a statistic is said.
    pub adjective_measure: bool,
    /// "with the name", "con el nombre": rows ranked are shown by their
    /// name (the file's one column of names), said at `Some(at)`.
    pub names_asked: Option<usize>,
    /// Clauses set aside as the asker's story (`super::stories`), as
    /// written.
    pub told: Vec<String>,
    /// Where the goal names the rows by a column's partial name
    /// ("adoptions" beside `adoption_fee`, "orders" beside `order_id`):
    /// "which shelter had the most adoptions" counts them.
    pub rows_said: Vec<usize>,
    /// Calendar days said (`steps::days`): where, and each comparison with
    /// a day (`YYYY-MM-DD`), for the date reading to place on a column.
    pub days: Vec<(usize, Cmp, String)>,
    /// Days said without their year (`steps::days`): where their words
    /// start and end, the month and the day of the month.
    pub yearless_days: Vec<(usize, usize, u32, u32)>,
    /// Bounds said without their year (`steps::days`): where their words
    /// start and end, the comparison and the month and day (month × 100
    /// + day).
    pub yearless_bounds: Vec<(usize, usize, Cmp, u32)>,
    /// "How many passengers had a known age?": the column whose filled
    /// cells are counted.
    pub known: Option<String>,
    /// A rate said of a column of counts ("conversion rate"): the counted
    /// column and the base it is divided by (`steps::rates`).
    pub rate_of: Option<(String, String)>,
    /// Brackets that name a column or state a condition, for the words
    /// left before them (`said_conditions`).
    pub bracketed: Vec<super::said_conditions::Bracketed>,
    /// Two values compared with "than" ("dearer in Bristol than in
    /// Reading"), read by `than`.
    pub than: Option<super::than::Than>,
    /// Two values of a column offered as a choice ("North or South"): the
    /// column, where the first starts and the second ends (`than`).
    pub either: Vec<(String, usize, usize)>,
    /// Where two values of one column are joined by "or", whatever words
    /// stand between them: the column, the first word of the first, the
    /// end of the second.
    pub or_joined: Vec<(String, usize, usize)>,
}

impl<'a> Reading<'a> {
    /// Starts reading `goal` on `inputs`.
    pub fn new(goal: &str, lang: Lang, inputs: &'a [InputDescription]) -> Self {
        let mut columns: Vec<Known> = Vec::new();
        for input in inputs {
            for c in &input.columns {
                match columns.iter_mut().find(|k| k.name == c.name) {
                    Some(k) => k.files.push(input.name.clone()),
                    None => columns.push(Known {
                        name: c.name.clone(),
                        kind: c.kind,
                        files: vec![input.name.clone()],
                    }),
                }
            }
        }
        Reading {
            g: Goal::new(goal),
            lang,
            inputs,
            columns,
            understood: Vec::new(),
            assumptions: Vec::new(),
            mentions: Vec::new(),
            ops: Vec::new(),
            filters: Vec::new(),
            filter_words: Vec::new(),
            noted_used: Vec::new(),
            noted_mentions: Vec::new(),
            group_by: None,
            second_group: None,
            period: None,
            period_adjective: None,
            rounding: None,
            date_mentioned: None,
            candidate_files: Vec::new(),
            exact_files: Vec::new(),
            named_file: None,
            compared: Vec::new(),
            test: None,
            model: None,
            prep: Vec::new(),
            derived: Vec::new(),
            adjective_measure: false,
            names_asked: None,
            told: Vec::new(),
            rows_said: Vec::new(),
            days: Vec::new(),
            yearless_days: Vec::new(),
            yearless_bounds: Vec::new(),
            known: None,
            rate_of: None,
            bracketed: Vec::new(),
            than: None,
            either: Vec::new(),
            or_joined: Vec::new(),
        }
    }

    /// A column's kind (Empty when unknown).
    pub fn kind(&self, name: &str) -> ColumnKind {
        self.columns
            .iter()
            .find(|k| k.name == name)
            .map_or(ColumnKind::Empty, |k| k.kind)
    }

    /// Notes the words of the filters added since the last call: the
    /// words placed meanwhile (a pass that adds several filters gives each
    /// all of its words), or, when the pass placed none, the words of the
    /// mention of the filter's column it turned into the filter ("smokers"
    /// read as a column, then as smoker = yes).
    pub fn note_filter_words(&mut self) {
        let placed: Vec<usize> = (0..self.g.used.len())
            .filter(|&i| self.g.used[i] && !self.noted_used.get(i).copied().unwrap_or(false))
            .collect();
        let new: Vec<super::Filter> = self
            .filters
            .iter()
            .filter(|f| !self.filter_words.iter().any(|(g, _)| g == *f))
            .cloned()
            .collect();
        // Of several filters of one pass, each keeps the words that say
        // its column or its value ("first class survived": `survived` is
        // Survived's), and the rest go to those that have none of their own.
        let own: Vec<Vec<usize>> = new
            .iter()
            .map(|f| {
                let said = self.words_saying(f);
                placed
                    .iter()
                    .copied()
                    .filter(|i| said.contains(i))
                    .collect()
            })
            .collect();
        let claimed: Vec<usize> = own.iter().flatten().copied().collect();
        for (f, own) in new.into_iter().zip(own) {
            let rest: Vec<usize> = placed
                .iter()
                .copied()
                .filter(|i| !claimed.contains(i))
                .collect();
            let words = if placed.is_empty() {
                self.noted_mentions
                    .iter()
                    .filter(|m| m.column == f.column)
                    .flat_map(|m| m.start..m.start + m.len)
                    .collect()
            } else if !own.is_empty() {
                own
            } else if !rest.is_empty() {
                rest
            } else {
                placed.clone()
            };
            self.filter_words.push((f, words));
        }
        self.noted_used.clone_from(&self.g.used);
        self.noted_mentions.clone_from(&self.mentions);
    }

    /// The goal's words that say `filter`'s column or its value.
    fn words_saying(&self, filter: &super::Filter) -> Vec<usize> {
        let mut said: Vec<String> = text::name_words(&filter.column)
            .iter()
            .map(|w| text::fold(w))
            .collect();
        match &filter.value {
            super::FilterValue::List(values) => {
                said.extend(
                    values
                        .iter()
                        .flat_map(|v| text::name_words(v))
                        .map(|w| text::fold(&w)),
                );
            }
            super::FilterValue::Number(n) => said.push(n.to_string()),
            _ => {}
        }
        (0..self.g.tokens.len())
            .filter(|&i| {
                let t = &self.g.tokens[i];
                said.iter()
                    .any(|w| *w == t.folded || text::singular(w) == t.key)
            })
            .collect()
    }

    /// The words `filter` was read from, if they were noted.
    pub fn words_of_filter(&self, filter: &super::Filter) -> Option<&[usize]> {
        self.filter_words
            .iter()
            .find(|(f, _)| f == filter)
            .map(|(_, at)| at.as_slice())
            .filter(|at| !at.is_empty())
    }

    /// Says `en`/`fr`/`es` in the goal's language.
    pub fn say(&self, en: String, fr: String, es: String) -> String {
        self.lang.pick(en, fr, es)
    }

    /// With several files loaded, the one the goal names by its name
    /// ("in sales_feb", "dans ventes_2024.csv"), before its words are read
    /// as columns.
    pub fn file_names(&mut self) {
        if self.inputs.len() < 2 {
            return;
        }
        for input in self.inputs {
            let stem = input
                .name
                .rsplit_once('.')
                .map_or(input.name.as_str(), |(s, _)| s);
            let words = text::name_words(stem).join(" ");
            let Some(&at) = self.g.find(&words).first() else {
                continue;
            };
            let len = words.split(' ').count();
            let around = [at.checked_sub(1), Some(at + len)];
            let beside_file_word = around.into_iter().flatten().any(|i| {
                self.g.tokens.get(i).is_some_and(|t| {
                    matches!(
                        t.folded.as_str(),
                        "csv" | "file" | "fichier" | "archivo" | "table" | "tableau" | "tabla"
                    )
                })
            });
            // "how many departments are there?" beside hr.csv, whose rows
            // have a department: the word names a column of the other file
            // too, so it names neither file unless said as one.
            let a_column_elsewhere = self.inputs.iter().any(|other| {
                other.name != input.name
                    && other
                        .columns
                        .iter()
                        .any(|c| text::same_word(&text::name_words(&c.name).join(" "), &words))
            });
            if a_column_elsewhere && !beside_file_word {
                continue;
            }
            // "mean age of the people in Sales" beside people.csv and
            // hr.csv: a word anyone says of rows names the file only as
            // one ("in people", "the people file").
            const GENERIC: &[&str] = &[
                "people", "person", "data", "gens", "personne", "donnee", "persona", "gente",
                "dato",
            ];
            let after_in = at.checked_sub(1).is_some_and(|i| {
                matches!(
                    self.g.tokens[i].folded.as_str(),
                    "in" | "from" | "dans" | "en" | "del"
                )
            });
            if len == 1
                && GENERIC.contains(&self.g.tokens[at].key.as_str())
                && !beside_file_word
                && !after_in
            {
                continue;
            }
            self.g.take(at, len);
            for i in around.into_iter().flatten() {
                let word = self.g.tokens.get(i).map(|t| t.folded.as_str());
                if matches!(
                    word,
                    Some(
                        "csv"
                            | "file"
                            | "fichier"
                            | "archivo"
                            | "in"
                            | "dans"
                            | "en"
                            | "from"
                            | "de"
                            | "del"
                    )
                ) {
                    self.g.take(i, 1);
                }
            }
            self.named_file = Some(input.name.clone());
            return;
        }
    }

    /// "to two decimal places", "à 2 décimales", "con dos decimales", "to
    /// the nearest whole number".
    pub fn rounding(&mut self) {
        let g = &mut self.g;
        let mut found = None;
        for phrase in lexicon::WHOLE_NUMBER {
            if let Some(&start) = g.find(phrase).first() {
                g.take(start, phrase.split_whitespace().count());
                found = Some(0);
                break;
            }
        }
        let mut decimal_words: Vec<&&str> = lexicon::DECIMAL_WORDS.iter().collect();
        decimal_words.sort_by_key(|p| std::cmp::Reverse(p.split_whitespace().count()));
        'words: for word in decimal_words.into_iter().filter(|_| found.is_none()) {
            let len = word.split_whitespace().count();
            for start in g.find(word).into_iter().filter(|&s| s > 0) {
                if let Some(n) = text::number(&g.tokens[start - 1]) {
                    if (0.0..=10.0).contains(&n) && n.fract() == 0.0 {
                        g.take(start - 1, len + 1);
                        found = Some(n as u32);
                        break 'words;
                    }
                }
            }
        }
        // "rounded", "arrondi", "redondeado" before the amount are part of it.
        if found.is_some() {
            for w in [
                "round",
                "rounded",
                "arrondi",
                "arrondis",
                "arrondissez",
                "arrondie",
                "arrondir",
                "redondeado",
                "redondear",
                "redondea",
            ] {
                for start in g.find(w) {
                    g.take(start, 1);
                }
            }
        }
        self.rounding = found;
        if let Some(n) = found {
            let said = self.say(
                format!("rounded to {n} decimals"),
                format!("arrondi à {n} décimales"),
                format!("redondeado a {n} decimales"),
            );
            self.understood.push(said);
        }
    }

    /// Column names written between quotes.
    pub fn quoted_columns(&mut self, goal: &str) {
        for q in text::quoted(goal) {
            let fq = text::fold(&q);
            let Some(name) = self
                .columns
                .iter()
                .find(|k| text::fold(&k.name) == fq)
                .map(|k| k.name.clone())
            else {
                continue;
            };
            let words = text::name_words(&name).join(" ");
            if let Some(&start) = self.g.find(&words).first() {
                let len = words.split(' ').count();
                self.g.take(start, len);
                self.mentions.push(Mention {
                    start,
                    len,
                    column: name,
                });
            }
        }
    }

    /// True when the word at `i` is written inside brackets or
    /// backquotes.
    pub fn in_brackets(&self, i: usize) -> bool {
        let (s, e) = self.g.tokens[i].span;
        super::glosses::brackets(&self.g.text)
            .iter()
            .any(|&(open, close)| s > open && e <= close)
    }

    /// "houses with more than 2 bathrooms or a garage": an "or" left
    /// unread where the filters hold two columns joins two conditions as
    /// a choice; the filters keep the rows that meet both, so the plan
    /// stops on it rather than answer "and". An "or" between two values
    /// of one column was read with them; "u" is Spanish only ("où",
    /// folded "ou", asks where).
    pub fn either_of_two_conditions(&self) -> Option<String> {
        let mut columns: Vec<&str> = self.filters.iter().map(|f| f.column.as_str()).collect();
        columns.sort_unstable();
        columns.dedup();
        if columns.len() < 2 {
            return None;
        }
        (0..self.g.tokens.len())
            .find(|&i| {
                let t = &self.g.tokens[i];
                // "o" alone is "or" whatever the language a goal is read
                // in; "u" only in Spanish ("can u tell me")
                let or = match t.folded.as_str() {
                    "or" | "o" => true,
                    "ou" => !t.raw.to_lowercase().contains('ù'),
                    "u" => self.lang == Lang::Es,
                    _ => false,
                };
                self.g.free(i, 1) && or && !self.joins_a_list(i)
            })
            .map(|i| self.g.tokens[i].raw.clone())
    }

    /// Whether the "or" at `at` joins two items of one list: two values
    /// of one column ("Leeds or Bristol", "from Canada or from Germany",
    /// "satisfechas o muy satisfechas"), two numbers ("2 or 3") or two
    /// months ("March or April"), past articles and prepositions.
    fn joins_a_list(&self, at: usize) -> bool {
        if self.or_joined.iter().any(|&(_, s, e)| s < at && at < e) {
            return true;
        }
        // "smokers or non-smokers": two placed words beside a filter that
        // keeps several values no joined pair above explains (values read
        // by other passes than the list of values).
        let unexplained_list = self.filters.iter().any(|f| {
            let several = match &f.value {
                super::FilterValue::List(values) => values.len() > 1,
                super::FilterValue::AnyOf(values) => values.len() > 1,
                _ => false,
            };
            several && !self.or_joined.iter().any(|(c, _, _)| *c == f.column)
        });
        const GLUE: &[&str] = &[
            "the", "a", "an", "in", "at", "of", "le", "la", "les", "l", "en", "au", "aux", "de",
            "du", "des", "el", "los", "las", "del", "al",
        ];
        let tokens = &self.g.tokens;
        let before = (0..at)
            .rev()
            .find(|&i| !GLUE.contains(&tokens[i].folded.as_str()));
        let after = (at + 1..tokens.len()).find(|&i| !GLUE.contains(&tokens[i].folded.as_str()));
        let (Some(b), Some(a)) = (before, after) else {
            return false;
        };
        let number = |i: usize| tokens[i].folded.starts_with(|c: char| c.is_ascii_digit());
        let month = |i: usize| {
            super::conditions::MONTHS
                .iter()
                .any(|(m, _)| *m == tokens[i].folded)
        };
        (number(b) && number(a))
            || (month(b) && month(a))
            || (unexplained_list && self.g.used[b] && self.g.used[a])
    }

    /// "combien de clients suit Karim Haddad" of objectifs.csv, whose rows
    /// are regions: a word of people left as a filler, where the rows are
    /// things named one by one and no column describes a person, names
    /// rows that are not people; the plan stops on it rather than count
    /// the regions.
    pub fn people_where_rows_are_not(&self) -> Option<String> {
        // Columns of a person beyond `PERSON`'s names ("age", "bmi").
        const MORE_EVIDENCE: &[&str] = &[
            "age",
            "edad",
            "race",
            "bmi",
            "smoker",
            "smoke",
            "fumeur",
            "fumador",
            "passenger",
            "student",
            "respondent",
            "member",
            "patient",
        ];
        let people = self.inputs.iter().flat_map(|i| &i.columns).any(|c| {
            text::name_words(&c.name).iter().any(|w| {
                PERSON
                    .iter()
                    .chain(MORE_EVIDENCE)
                    .any(|e| text::same_word(w, e))
            })
        });
        // Rows named one by one (a region, a department per row) are no
        // people; rows of measures only ("patients" of anorexia.csv) may be.
        let named_rows = self.inputs.iter().any(|input| {
            input.columns.iter().any(|c| {
                !c.values.is_empty() && super::names_each_row(std::slice::from_ref(input), &c.name)
            })
        });
        if people || !named_rows {
            return None;
        }
        // As written: the feminine reading may have respelled a word
        // ("élevée" as "élèves").
        let as_written = |i: usize| text::singular(&text::fold(&self.g.tokens[i].raw));
        (0..self.g.tokens.len())
            .find(|&i| {
                self.g.free(i, 1) && super::words::PEOPLE_NOUNS.contains(&as_written(i).as_str())
            })
            .map(|i| self.g.tokens[i].raw.clone())
    }

    /// "how many cars" of an orders file: a noun of things left as a
    /// filler ([`super::words::THING_ROWS`]) where no file or column name
    /// shows the rows are such things names rows that are not; the plan
    /// stops on it rather than count the orders.
    pub fn things_where_rows_are_not(&self) -> Option<String> {
        let names: Vec<String> = self
            .inputs
            .iter()
            .flat_map(|i| {
                std::iter::once(i.name.as_str()).chain(i.columns.iter().map(|c| c.name.as_str()))
            })
            .flat_map(text::name_words)
            .collect();
        (0..self.g.tokens.len()).find_map(|i| {
            let key = &self.g.tokens[i].key;
            let (_, evidence) = super::words::THING_ROWS
                .iter()
                .find(|(nouns, _)| nouns.contains(&key.as_str()))?;
            // "cars93", "hits86": the word without its digits.
            let shown = names.iter().any(|n| {
                let word = text::singular(n.trim_end_matches(|c: char| c.is_ascii_digit()));
                evidence.contains(&word.as_str())
            });
            (self.g.free(i, 1) && !shown).then(|| self.g.tokens[i].raw.clone())
        })
    }

    /// "the headcount of Finance", "l'effectif", "la plantilla": a count of
    /// people, which is a count of rows only when the rows are people (a
    /// column names or describes a person). Otherwise the word stays
    /// unplaced: departments.csv has no staff numbers to count.
    pub fn headcount(&mut self) {
        const HEADCOUNT: &[&str] = &["headcount", "effectif", "effectifs", "plantilla"];
        let people = self.inputs.iter().any(|input| {
            input.columns.iter().any(|c| {
                text::name_words(&c.name)
                    .iter()
                    .any(|w| PERSON.contains(&w.as_str()))
            })
        });
        for i in 0..self.g.tokens.len() {
            if people && self.g.free(i, 1) && HEADCOUNT.contains(&self.g.tokens[i].folded.as_str())
            {
                self.g.take(i, 1);
                self.ops.push((i, Op::Count));
            }
        }
    }

    /// Operations of several words (before columns: "z score", "number of").
    pub fn phrase_ops(&mut self) {
        let mut phrases: Vec<&(&str, Op)> = lexicon::OPS
            .iter()
            .filter(|(p, _)| p.contains(' '))
            .collect();
        phrases.sort_by_key(|(p, _)| std::cmp::Reverse(p.split_whitespace().count()));
        for (phrase, op) in phrases {
            let len = phrase.split_whitespace().count();
            for start in self.g.find(phrase) {
                // "¿en qué parte del país…?" asks a place, not a share.
                let placed = *op == Op::Share
                    && start.checked_sub(1).is_some_and(|b| {
                        matches!(
                            self.g.tokens[b].folded.as_str(),
                            "en" | "de" | "a" | "por" | "desde" | "hacia" | "in" | "from"
                        )
                    });
                if self.g.free(start, len) && !self.comparison_follows(start + len, *op) && !placed
                {
                    self.g.take(start, len);
                    self.ops.push((start, *op));
                }
            }
        }
    }

    /// "les plus de 50 ans", "los más de 20": a ranking phrase whose last
    /// word opens a comparison with a number ("plus de 50") is that
    /// comparison, not a ranking.
    fn comparison_follows(&self, after: usize, op: Op) -> bool {
        let tokens = &self.g.tokens;
        let ranking = matches!(op, Op::Highest | Op::Lowest);
        let de = tokens
            .get(after)
            .is_some_and(|t| matches!(t.folded.as_str(), "de" | "d" | "que"));
        let number = tokens.get(after + 1).and_then(text::number).is_some();
        ranking && de && number
    }

    /// "l'âge moyen des salariés": in French the salariés are the
    /// employees (the rows), never the salaries their folded form spells;
    /// "nos salariées" are the women among them (left unread, so the plan
    /// stops, when no column holds women).
    fn french_employees(&mut self) {
        if self.lang != Lang::Fr {
            return;
        }
        for i in 0..self.g.tokens.len() {
            let folded = self.g.tokens[i].folded.as_str();
            let employees = matches!(folded, "salarie" | "salaries");
            let women = matches!(folded, "salariee" | "salariees");
            if !(employees || women) || !self.g.free(i, 1) {
                continue;
            }
            if women {
                let Some((column, value)) = crate::generator::steps::feminine::female_value(self)
                else {
                    continue;
                };
                let raw = self.g.tokens[i].raw.clone();
                self.add_value(column.clone(), Cmp::Eq, value.clone());
                let said = format!(
                    "« {raw} », dit au féminin : les femmes seulement ({column} vaut {value})"
                );
                self.understood.push(said);
            }
            self.g.take(i, 1);
            self.rows_said.push(i);
        }
    }

    /// Column mentions: longest phrase first, exact names before synonyms
    /// before partial names. A phrase that names two columns equally well
    /// stops the plan; a column whose name is only grammar ("IS", "A") is
    /// found only between quotes; a partial name of an identifier column
    /// ("passengers" for `PassengerId`) names the rows, not the column.
    pub fn column_mentions(&mut self) -> Result<(), GoalProblem> {
        self.french_employees();
        let mut candidates: Vec<(usize, usize, u8, String)> = Vec::new();
        for k in &self.columns {
            let grammar_only = text::name_words(&k.name).iter().all(|w| {
                lexicon::STOP_WORDS.contains(&w.as_str()) || lexicon::ARTICLES.contains(&w.as_str())
            });
            if grammar_only {
                // "the average length for each level of y?": a column named
                // by a word of grammar is said as the last word of a clause,
                // right after "of", "each", "by" or "per".
                const BEFORE: &[&str] = &[
                    "of", "each", "by", "per", "de", "par", "por", "chaque", "cada",
                ];
                let name = text::fold(&k.name);
                for at in (1..self.g.tokens.len()).filter(|&at| {
                    let t = &self.g.tokens[at];
                    let before = &self.g.tokens[at - 1];
                    t.folded == name
                        && self
                            .g
                            .tokens
                            .get(at + 1)
                            .is_none_or(|n| n.clause != t.clause)
                        && before.clause == t.clause
                        && BEFORE.contains(&before.folded.as_str())
                }) {
                    candidates.push((at, 1, 3, k.name.clone()));
                }
                continue;
            }
            for (words, score) in column_forms(&k.name) {
                for start in self.g.find(&words.join(" ")) {
                    candidates.push((start, words.len(), score, k.name.clone()));
                }
            }
        }
        candidates.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)).then(a.0.cmp(&b.0)));
        for (_, _, score, name) in &candidates {
            for k in self.columns.iter().filter(|k| &k.name == name) {
                self.candidate_files.extend(k.files.iter().cloned());
                if *score == 3 {
                    self.exact_files.extend(k.files.iter().cloned());
                }
            }
        }
        self.candidate_files.sort();
        self.candidate_files.dedup();
        for (start, len, score, name) in &candidates {
            if !self.g.free(*start, *len) {
                continue;
            }
            let mut same: Vec<String> = candidates
                .iter()
                .filter(|c| c.0 == *start && c.1 == *len && c.2 == *score)
                .map(|c| c.3.clone())
                .collect();
            // "hits" beside `hits` and `hits86`: the same measure of
            // another year is named by the word too.
            // "tax" beside `tax` and `taxs`: the name as written wins
            // over one that only its singular fits.
            let as_written: Vec<String> = same
                .iter()
                .filter(|c| *len == 1 && text::fold(c) == self.g.tokens[*start].folded)
                .cloned()
                .collect();
            if let [one] = as_written.as_slice() {
                same = vec![one.clone()];
            }
            // "(type = 3)" beside `type1`…: a name in brackets is exact.
            if *score == 3 && !self.in_brackets(*start) {
                let of_a_year = |other: &str| {
                    other.strip_prefix(name.as_str()).is_some_and(|rest| {
                        !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit())
                    })
                };
                same.extend(
                    self.columns
                        .iter()
                        .filter(|k| of_a_year(&k.name))
                        .map(|k| k.name.clone()),
                );
            }
            super::dedup_keep_order(&mut same);
            // "how many headsets were ordered", "combien de souris
            // commandées" (a participle right after a thing of the file):
            // the verb, past an identifier's noun ("order_id"), is no row
            // (a verb of buying).
            let said = &self.g.tokens[*start];
            let participle = said.folded.ends_with("ed")
                || (["é", "ée", "és", "ées"]
                    .iter()
                    .any(|e| said.raw.to_lowercase().ends_with(e))
                    && start.checked_sub(1).is_some_and(|i| self.names_a_value(i)));
            let verb = participle && super::verbs::SELLING.contains(&said.folded.as_str());
            if *score == 1 && verb && same.iter().any(|n| is_identifier(n)) {
                continue;
            }
            if *score == 1 && same.iter().any(|n| is_identifier(n)) {
                // "orders" beside order_id and order_date: the rows.
                self.g.take(*start, *len);
                self.rows_said.push(*start);
                continue;
            }
            if same.len() > 1 {
                if let Some((one, at)) = super::names::by_their_part(&same, &self.g.tokens) {
                    // "the adopters' age": `owner_age`, said by its part.
                    self.g.take(*start, *len);
                    self.take_parts(&at);
                    self.mentions.push(Mention {
                        start: *start,
                        len: *len,
                        column: one,
                    });
                    continue;
                }
                let beside =
                    super::names::by_the_part_beside(&same, &self.g.tokens, start + len, true);
                if let Some((one, at)) = beside {
                    // "age of adopters who took a dog": the part said just
                    // after the name.
                    self.g.take(*start, *len);
                    self.take_parts(&[at]);
                    self.mentions.push(Mention {
                        start: *start,
                        len: *len,
                        column: one,
                    });
                    continue;
                }
                // "how many goals did the home side score per match
                // (HomeGoals)": of the columns the word fits, the one the
                // goal names by its own name is the one said again.
                let named: Vec<&String> = same
                    .iter()
                    .filter(|c| self.mentions.iter().any(|m| &m.column == *c))
                    .collect();
                if named.len() == 1 {
                    self.g.take(*start, *len);
                    continue;
                }
                return Err(GoalProblem::Ambiguous {
                    phrase: self.g.raw(*start, *len),
                    candidates: same,
                });
            }
            self.g.take(*start, *len);
            let key = &self.g.tokens[*start].key;
            let plural = self.g.tokens[*start].folded != *key;
            if (*score == 1 && (is_identifier(name) || qualifies_a_measure(name, key)))
                || (plural && *len == 1 && translated_rows(name, key))
            {
                // "passengers", "employees", "adoptions" (beside
                // adoption_fee): the rows themselves.
                self.rows_said.push(*start);
                continue;
            }
            self.mentions.push(Mention {
                start: *start,
                len: *len,
                column: name.clone(),
            });
        }
        self.mentions.sort_by_key(|m| m.start);
        Ok(())
    }

    /// "How many passengers had a known age?", "How many cabins do we
    /// know?", "¿cuántas edades conocidas?": a count beside "known" counts
    /// the filled cells of the one column named, not the rows.
    pub fn known_values(&mut self) {
        const KNOWN: &[&str] = &[
            "known",
            "know",
            "connu",
            "connue",
            "connus",
            "connues",
            "conocido",
            "conocida",
            "conocidos",
            "conocidas",
        ];
        let [m] = self.mentions.as_slice() else {
            return;
        };
        if !self.has(Op::Count) {
            return;
        }
        let near = |i: usize| i + 4 >= m.start && i <= m.start + m.len + 4;
        let Some(at) = (0..self.g.tokens.len()).find(|&i| {
            self.g.free(i, 1) && near(i) && KNOWN.contains(&self.g.tokens[i].folded.as_str())
        }) else {
            return;
        };
        self.g.take(at, 1);
        self.known = Some(m.column.clone());
    }

    /// "How many bathrooms do 3-bedroom houses have on average?": "how
    /// many" with "on average" and a column of numbers asks for the mean
    /// of that column, not a count of rows; "how much … on average" its
    /// mean, not a total.
    pub fn how_many_on_average(&mut self) {
        const ON_AVERAGE: &[[&str; 2]] = &[
            ["on", "average"],
            ["en", "moyenne"],
            ["en", "promedio"],
            ["de", "media"],
            ["de", "promedio"],
        ];
        let said = self.g.tokens.windows(2).any(|w| {
            ON_AVERAGE
                .iter()
                .any(|p| w[0].folded == p[0] && w[1].folded == p[1])
        });
        let measured = self
            .mentions
            .iter()
            .any(|m| super::is_number(self.kind(&m.column)));
        if said && measured && self.has(Op::Count) && self.has(Op::Stat(Stat::Mean)) {
            self.ops.retain(|(_, o)| *o != Op::Count);
        }
        // "how much did they pay on average": the mean, not a total.
        let tokens = &self.g.tokens;
        let how_much = |i: usize| {
            matches!(
                tokens[i].folded.as_str(),
                "how" | "much" | "cuanto" | "cuanta" | "combien"
            )
        };
        if said && measured && self.has(Op::Stat(Stat::Mean)) {
            self.ops
                .retain(|(i, o)| !(*o == Op::Stat(Stat::Sum) && how_much(*i)));
        }
    }

    /// Places the words that said which column a phrase names ("adopters",
    /// "animal"), except values of the data ("dogs" stays a filter).
    pub fn take_parts(&mut self, at: &[usize]) {
        for &i in at {
            if !self.is_value_or_synonym(i) && self.g.free(i, 1) {
                self.g.take(i, 1);
            }
        }
    }

    /// True when the word right after mention `m` is a value of its
    /// column, kept by a filter ("mfr K").
    fn value_of_after(&self, m: &Mention) -> bool {
        let Some(next) = self.g.tokens.get(m.start + m.len) else {
            return false;
        };
        let filtered = self.filters.iter().any(|f| f.column == m.column);
        let of_column = self
            .inputs
            .iter()
            .flat_map(|i| &i.columns)
            .filter(|c| c.name == m.column)
            .flat_map(|c| &c.values)
            .any(|v| text::same_word(&text::fold(v), &next.folded));
        filtered && of_column && self.g.used[m.start + m.len]
    }

    /// Group markers and periods: "per region", "by month", "monthly".
    ///
    /// A column of whole numbers that is not an amount is grouped by ("per
    /// Pclass", "by number of bedrooms"); "per" before an amount or a
    /// measure ("revenue per unit") is a ratio the recipes do not read here:
    /// the plan stops and names it.
    pub fn groups_and_periods(&mut self) -> Result<(), GoalProblem> {
        let mut markers: Vec<&&str> = lexicon::GROUP_MARKERS.iter().collect();
        markers.sort_by_key(|p| std::cmp::Reverse(p.split_whitespace().count()));
        for marker in markers {
            let len = marker.split_whitespace().count();
            for start in self.g.find(marker) {
                if !self.g.free(start, len) {
                    continue;
                }
                let mut next = self.g.skip_articles(start + len);
                // "qué edad tienen", "quel âge ont": how old, not per age.
                if let Some(t) = self.g.tokens.get(next) {
                    if super::adjectives::asks_a_measure(&format!(
                        "{} {}",
                        text::fold(marker),
                        t.folded
                    )) {
                        continue;
                    }
                }
                // "per number of bedrooms": grouped by the bedrooms; the
                // "number of" counts nothing.
                let counted = self
                    .ops
                    .iter()
                    .position(|(i, o)| *i == next && *o == Op::Count)
                    .filter(|_| {
                        let after = self.g.skip_articles(next + 2);
                        self.mentions.iter().any(|m| m.start == after)
                    });
                if counted.is_some() {
                    next = self.g.skip_articles(next + 2);
                }
                let grouped_before = self.group_by.clone();
                if let Some(m) = self.mentions.iter().find(|m| m.start == next).cloned() {
                    let kind = self.kind(&m.column);
                    if *marker == "across" && super::names_each_row(self.inputs, &m.column) {
                        // "the average target across the regions" of a file
                        // of one region per row: over all of them.
                        self.g.take(start, m.start + m.len - start);
                        self.mentions.retain(|o| o.start != m.start);
                        continue;
                    }
                    if *marker == "across" && super::is_category(kind) {
                        // "mean load time across pages": one mean over every
                        // page, or one per page? Not said.
                        return Err(GoalProblem::Unplaced {
                            words: vec![self.g.raw(start, m.start + m.len - start)],
                            understood: self.understood.clone(),
                        });
                    }
                    if super::is_category(kind) && self.value_of_after(&m) {
                        // "made by mfr K", "sold by region North": the
                        // maker said, one value — a filter, no grouping.
                        self.g.take(start, len);
                    } else if super::is_category(kind) && self.group_by.is_none() {
                        self.g.take(start, len);
                        self.group_by = Some(m.column.clone());
                    } else if kind == ColumnKind::Date && self.period.is_none() {
                        self.g.take(start, len);
                        self.period = Some(Period::Day);
                    } else if super::is_number(kind) && self.group_by.is_none() && !self.ranks() {
                        // "average price per bedroom": divided by the
                        // bedrooms, or grouped by their number? Not said.
                        let per = matches!(*marker, "per" | "par" | "por");
                        let counted = text::tokens(&m.column)
                            .last()
                            .is_some_and(|t| t.key != t.folded);
                        // "for each value of edema": its values, said so.
                        let values_said = super::glosses::VALUE_NOUNS
                            .contains(&self.g.tokens[m.start].folded.as_str());
                        if values_said
                            || (kind == ColumnKind::Integer
                                && !super::recipe::summed(&m.column)
                                && !(per && counted))
                        {
                            self.g.take(start, len);
                            self.group_by = Some(m.column.clone());
                        } else {
                            return Err(GoalProblem::Unplaced {
                                words: vec![self.g.raw(start, m.start + m.len - start)],
                                understood: self.understood.clone(),
                            });
                        }
                    }
                } else if let Some((_, p)) = lexicon::PERIODS.iter().find(|(w, _)| {
                    self.g
                        .tokens
                        .get(next)
                        .is_some_and(|t| !self.g.used[next] && (t.key == *w || t.folded == *w))
                }) {
                    self.g.take(start, len);
                    self.g.take(next, 1);
                    self.period = self.period.or(Some(*p));
                }
                if let (Some(at), true) = (counted, self.group_by != grouped_before) {
                    self.ops.remove(at);
                }
            }
        }
        for (word, p) in lexicon::PERIODS {
            if lexicon::PERIOD_ADJECTIVES.contains(word) {
                for start in self.g.find(word) {
                    // "average daily volume" is one number (the mean over
                    // the days of each day's volume), not a mean per day:
                    // left unplaced, the plan stops and asks.
                    if self.next_to_a_mean(start) {
                        continue;
                    }
                    self.g.take(start, 1);
                    // "How many monthly records have…": how the rows are
                    // kept, no grouping.
                    if self.describes_the_records(start) {
                        continue;
                    }
                    self.period = self.period.or(Some(*p));
                    self.period_adjective = self.period_adjective.or(Some(start));
                }
            }
        }
        if let Some(group) = self.group_by.clone() {
            self.mentions.retain(|m| m.column != group);
            let said = self.say(
                format!("grouped by {group}"),
                format!("par {group}"),
                format!("por {group}"),
            );
            self.understood.push(said);
        }
        Ok(())
    }

    /// Whether the word at `at` stands next to a mean or a median in its
    /// clause ("average daily", "moyenne mensuelle", "mensuel moyen").
    fn next_to_a_mean(&self, at: usize) -> bool {
        const MEANS: &[&str] = &[
            "average", "mean", "avg", "median", "moyenne", "moyen", "moyens", "moyennes",
            "mediane", "promedio", "media", "medio", "mediana",
        ];
        let clause = self.g.tokens[at].clause;
        [at.checked_sub(1), Some(at + 1)]
            .into_iter()
            .flatten()
            .filter_map(|i| self.g.tokens.get(i))
            .any(|t| t.clause == clause && MEANS.contains(&t.folded.as_str()))
    }

    /// "average price in euros", "montant moyen en dollars": the currency
    /// the answer is asked in. When the file says its amounts are in it
    /// (a header or marks), the words are placed; when the file says no
    /// currency and writes its numbers as that currency's country does
    /// (a decimal comma for euros, a decimal point for dollars), they are
    /// placed and the amounts are taken to be in it, said as an
    /// assumption; otherwise converting is not computed (or the currency
    /// may differ): the plan stops and names the words. A number's unit
    /// ("above 100 euros") is no conversion.
    pub fn currency_conversion(&mut self) -> Result<(), GoalProblem> {
        const CURRENCIES: &[(&str, &str)] = &[
            ("euro", "EUR"),
            ("euros", "EUR"),
            ("eur", "EUR"),
            ("dollar", "USD"),
            ("dollars", "USD"),
            ("usd", "USD"),
            ("dolar", "USD"),
            ("dolares", "USD"),
            ("pound", "GBP"),
            ("pounds", "GBP"),
            ("gbp", "GBP"),
            ("sterling", "GBP"),
            ("livre", "GBP"),
            ("livres", "GBP"),
            ("libra", "GBP"),
            ("libras", "GBP"),
            ("yen", "JPY"),
            ("yens", "JPY"),
            ("franc", "CHF"),
            ("francs", "CHF"),
            ("peso", "MXN"),
            ("pesos", "MXN"),
        ];
        let code = |c: &str| match c {
            "€" => "EUR".to_owned(),
            "$" | "US$" => "USD".to_owned(),
            "£" => "GBP".to_owned(),
            other => other.to_uppercase(),
        };
        let mut files: Vec<String> = self
            .inputs
            .iter()
            .flat_map(|i| &i.columns)
            .filter_map(|c| c.currency.as_deref().map(code))
            .collect();
        files.sort();
        files.dedup();
        for i in 1..self.g.tokens.len() {
            let t = &self.g.tokens[i];
            let before = self.g.tokens[i - 1].folded.as_str();
            let Some((_, said)) = CURRENCIES.iter().find(|(w, _)| t.folded == *w) else {
                continue;
            };
            if !matches!(before, "in" | "en") || !self.g.free(i - 1, 2) {
                continue;
            }
            let words = self.g.raw(i - 1, 2);
            // Numbers written with a decimal comma are a euro file's; with
            // a decimal point, a dollar file's (a guess said, never more).
            let comma = self.inputs.iter().any(|f| f.decimal_comma);
            let likely = (*said == "EUR" && comma) || (*said == "USD" && !comma);
            match files.as_slice() {
                [] if likely => {
                    let assumed = self.say(
                        format!("\"{words}\": the amounts are taken to be in {said} (the file does not say its currency)"),
                        format!("« {words} » : les montants sont pris en {said} (le fichier ne dit pas sa devise)"),
                        format!("«{words}»: se toman los importes en {said} (el archivo no dice su moneda)"),
                    );
                    self.assume(assumed, None);
                }
                [one] if one == said => {}
                _ => {
                    return Err(GoalProblem::Unplaced {
                        words: vec![words],
                        understood: self.understood.clone(),
                    });
                }
            }
            self.g.take(i - 1, 2);
        }
        Ok(())
    }

    /// "just the number", "juste le chiffre", "solo el número": how the
    /// answer is given, never a count of rows; read before the words of
    /// operations.
    pub fn just_the_number(&mut self) {
        const PHRASES: &[&str] = &[
            "just the number",
            "only the number",
            "just the figure",
            "juste le nombre",
            "juste le chiffre",
            "seulement le nombre",
            "seulement le chiffre",
            "uniquement le chiffre",
            "solo el numero",
            "solo la cifra",
            "solamente el numero",
            "nada mas el numero",
        ];
        self.g.take_all(PHRASES);
        self.just_the_form();
    }

    /// "Just the name.", "juste le montant", "solo su nombre", "just
    /// their ID": a clause of its own that only says which part of the
    /// answer to give — "just" and a noun of an answer's form, nothing
    /// else ("only the North" is a filter, never this) — set aside and
    /// restated as context.
    fn just_the_form(&mut self) {
        const FORMS: &[&str] = &[
            "name",
            "nom",
            "nombre",
            "id",
            "date",
            "fecha",
            "price",
            "prix",
            "precio",
            "amount",
            "montant",
            "importe",
            "figure",
            "chiffre",
            "cifra",
            "city",
            "ville",
            "ciudad",
            "region",
            "value",
            "valeur",
            "valor",
            "result",
            "resultat",
            "resultado",
            "answer",
            "total",
            "percentage",
            "pourcentage",
            "porcentaje",
        ];
        let n = self.g.tokens.len();
        for at in 0..n {
            let t = &self.g.tokens[at];
            let opens = at == 0 || self.g.tokens[at - 1].clause != t.clause;
            if !opens || !super::words::JUST.contains(&t.folded.as_str()) {
                continue;
            }
            let mut end = at + 1;
            while end < n
                && self.g.tokens[end].clause == t.clause
                && lexicon::ARTICLES
                    .iter()
                    .chain(super::words::POSSESSIVES)
                    .any(|a| *a == self.g.tokens[end].folded)
            {
                end += 1;
            }
            let last_of_clause = self
                .g
                .tokens
                .get(end + 1)
                .is_none_or(|next| next.clause != t.clause);
            // "juste le montant" of a file with a `Montant` column may be
            // the measure: left to the column reading.
            let a_column = |key: &str| {
                self.columns.iter().any(|k| {
                    text::name_words(&k.name)
                        .iter()
                        .any(|w| text::fold(w) == key)
                })
            };
            let form = self.g.tokens.get(end).is_some_and(|w| {
                w.clause == t.clause && FORMS.contains(&w.key.as_str()) && !a_column(&w.key)
            });
            if form && last_of_clause && self.g.free(at, end + 1 - at) {
                self.g.take(at, end + 1 - at);
                self.told.push(self.g.between(at, end));
            }
        }
    }

    /// "how many people answered from France", "¿cuántas personas
    /// respondieron desde México?": a verb of replying only carries the
    /// question — unless a column is named by it ("responded" beside a
    /// 0/1 `Response` column is that column's condition, left to stop).
    pub fn reply_verbs(&mut self) {
        const REPLIED: &[&str] = &[
            "responded",
            "answered",
            "replied",
            "repondu",
            "respondieron",
            "respondio",
            "contestaron",
            "contesto",
        ];
        const STEMS: &[&str] = &["respon", "repon", "answer", "repl", "contest"];
        let named = self.columns.iter().any(|k| {
            let name = text::fold(&k.name);
            // `respondent` names who answered, not an answer
            STEMS.iter().any(|s| name.contains(s)) && !name.contains("respondent")
        });
        if !named {
            self.g.take_all(REPLIED);
        }
    }

    /// "with the name", "con el nombre", "avec les noms": the rows ranked
    /// are shown by their names (`recipe::rank`); read before the words of
    /// columns.
    pub fn names_shown(&mut self) {
        const PHRASES: &[&str] = &[
            "with the name",
            "with the names",
            "with their name",
            "with their names",
            "with names",
            "avec le nom",
            "avec les noms",
            "avec leur nom",
            "avec leurs noms",
            "con el nombre",
            "con los nombres",
            "con su nombre",
            "con sus nombres",
        ];
        for phrase in PHRASES {
            let len = phrase.split_whitespace().count();
            if let Some(at) = self
                .g
                .find(phrase)
                .into_iter()
                .find(|&at| self.g.free(at, len))
            {
                self.g.take(at, len);
                self.names_asked = Some(at + len - 1);
                return;
            }
        }
    }

    /// "le nom du responsable qui…", "the name of the product with…", "el
    /// nombre del cliente que…": the name of a thing a column of text
    /// holds is that column's value; the words "name of the" are placed
    /// with it (not where the file has a column of names of its own).
    pub fn name_of_a_column(&mut self) {
        const OF: &[&str] = &[
            "of", "the", "du", "de", "la", "l", "des", "del", "el", "los", "las",
        ];
        let name_word = match self.lang {
            Lang::Fr => "nom",
            Lang::Es => "nombre",
            _ => "name",
        };
        let names_column = self.columns.iter().any(|k| {
            text::name_words(&k.name)
                .iter()
                .any(|w| text::fold(w) == name_word)
        });
        if names_column {
            return;
        }
        for at in 0..self.g.tokens.len() {
            if self.g.tokens[at].folded != name_word || !self.g.free(at, 1) {
                continue;
            }
            let mut end = at + 1;
            while end < self.g.tokens.len()
                && end - at <= 2
                && OF.contains(&self.g.tokens[end].folded.as_str())
                && self.g.free(end, 1)
            {
                end += 1;
            }
            let of_text = self.mentions.iter().any(|m| {
                m.start == end && end > at + 1 && self.kind(&m.column) == ColumnKind::Text
            });
            if of_text {
                self.g.take(at, end - at);
            }
        }
    }

    /// "average discount, as a percentage", "remise moyenne, en %": beside
    /// a mean the percentage is how the answer is written, not a share of
    /// rows (beside a rate of counts, `steps::rates` reads it).
    pub fn percent_format(&mut self) {
        const MEASURED: &[&str] = &[
            "average", "mean", "avg", "moyenne", "moyen", "moy", "media", "medio", "promedio",
        ];
        // "survival rate by sex, in %": a rate (a mean of 0/1) too, unless
        // rows are counted ("how many loans have a rate above 15, as a
        // percentage of all loans" asks a share).
        const RATES: &[&str] = &["rate", "taux", "tasa"];
        const COUNTS: &[&str] = &[
            "how", "many", "count", "number", "combien", "nombre", "nb", "cuantos", "cuantas",
            "numero",
        ];
        let tokens = &self.g.tokens;
        let counted = tokens.iter().any(|t| COUNTS.contains(&t.folded.as_str()));
        let measured = tokens.iter().any(|t| {
            MEASURED.contains(&t.folded.as_str()) || (!counted && RATES.contains(&t.key.as_str()))
        });
        if !measured {
            return;
        }
        // "la variation en pourcentage", "percent change": a derived
        // column's words, not a format.
        const CHANGE: &[&str] = &[
            "variation",
            "change",
            "changes",
            "cambio",
            "evolution",
            "evolucion",
            "croissance",
            "crecimiento",
            "growth",
            "increase",
            "decrease",
            "hausse",
            "baisse",
            "aumento",
        ];
        for phrase in PERCENT_FORMAT {
            let len = phrase.split_whitespace().count();
            for at in self.g.find(phrase) {
                let change = at > 0 && CHANGE.contains(&self.g.tokens[at - 1].folded.as_str());
                if !change && self.g.free(at, len) {
                    self.g.take(at, len);
                }
            }
        }
    }

    /// "answer in French", "réponds en espagnol": the language of the
    /// answer, not a filter on a value "French".
    pub fn format_words(&mut self) {
        const LANGUAGES: &[&str] = &[
            "english", "french", "spanish", "anglais", "francais", "espagnol", "ingles", "frances",
            "espanol",
        ];
        const ANSWER: &[&str] = &[
            "answer",
            "reply",
            "respond",
            "write",
            "explain",
            "reponds",
            "repondez",
            "repondre",
            "ecris",
            "ecrivez",
            "responde",
            "responda",
            "responder",
            "escribe",
            "escriba",
        ];
        for i in 1..self.g.tokens.len() {
            let t = &self.g.tokens[i];
            if !LANGUAGES.contains(&t.folded.as_str()) {
                continue;
            }
            // "in plain English", "en français simple"
            if i >= 2 && matches!(self.g.tokens[i - 1].folded.as_str(), "plain" | "simple") {
                self.g.take(i - 2, 3);
                continue;
            }
            if !matches!(self.g.tokens[i - 1].folded.as_str(), "in" | "en") {
                continue;
            }
            let clause = t.clause;
            let verb = (0..i).rev().find(|&j| {
                self.g.tokens[j].clause == clause
                    && ANSWER.contains(&self.g.tokens[j].folded.as_str())
            });
            if let Some(j) = verb {
                self.g.take(j, 1);
                self.g.take(i - 1, 2);
            }
        }
    }

    /// "population formula", "de la population", "muestral": which standard
    /// deviation or variance is asked.
    pub fn population_words(&mut self) {
        let population = ["population", "poblacion", "poblacional"]
            .iter()
            .flat_map(|w| self.g.find(w))
            .collect::<Vec<_>>();
        let sample = ["sample", "echantillon", "muestra", "muestral"]
            .iter()
            .flat_map(|w| self.g.find(w))
            .collect::<Vec<_>>();
        let spread = self
            .ops
            .iter()
            .any(|(_, o)| matches!(o, Op::Stat(Stat::Std | Stat::Var)));
        if !spread || (population.is_empty() && sample.is_empty()) {
            return;
        }
        for i in population.iter().chain(&sample) {
            self.g.take(*i, 1);
        }
        for w in ["formula", "formule", "formula"] {
            for i in self.g.find(w) {
                self.g.take(i, 1);
            }
        }
        if !population.is_empty() {
            for (_, op) in &mut self.ops {
                *op = match *op {
                    Op::Stat(Stat::Std) => Op::Stat(Stat::PopStd),
                    Op::Stat(Stat::Var) => Op::Stat(Stat::PopVar),
                    other => other,
                };
            }
        }
    }

    /// True when the goal ranks ("top 3 products by revenue": "by" names
    /// what is ranked by, not a grouping).
    fn ranks(&self) -> bool {
        self.g.tokens.iter().any(|t| {
            lexicon::OPS.iter().any(|(p, op)| {
                matches!(op, Op::Top | Op::Highest | Op::Lowest)
                    && !p.contains(' ')
                    && (t.key == *p || t.folded == *p)
            })
        }) || self
            .ops
            .iter()
            .any(|(_, op)| matches!(op, Op::Top | Op::Highest | Op::Lowest))
    }

    /// Operations of one word.
    pub fn word_ops(&mut self) {
        for (phrase, op) in lexicon::OPS.iter().filter(|(p, _)| !p.contains(' ')) {
            for start in self.g.find(phrase) {
                // "first" ranks only with its number ("the first 10"): "the
                // first sale date" is the earliest date, not a top 5.
                if ORDINAL_TOPS.contains(phrase) && !self.number_beside(start) {
                    continue;
                }
                // "mayores de 30", "menor que 18": a comparison left without
                // its column, not a ranking: unplaced, the plan stops.
                if matches!(op, Op::Highest | Op::Lowest) && self.compares_a_number(start) {
                    continue;
                }
                self.g.take(start, 1);
                self.ops.push((start, *op));
            }
        }
        self.ops.sort_by_key(|(i, _)| *i);
        for (_, op) in self.ops.clone() {
            let d = describe_op(op, self.lang);
            if op != Op::Which && !self.understood.contains(&d) {
                self.understood.push(d);
            }
        }
    }

    /// Whether the period adjective at `at` qualifies the records
    /// themselves ("monthly records", "relevés mensuels", "registros
    /// diarios"): the file's rows, no period to group by.
    fn describes_the_records(&self, at: usize) -> bool {
        const RECORDS: &[&str] = &[
            "record",
            "row",
            "observation",
            "entry",
            "reading",
            "registro",
            "fila",
            "observacion",
            "releve",
            "enregistrement",
        ];
        // In the plural, in its clause: "a monthly line chart", "the
        // monthly record temperature" are no records.
        let clause = self.g.tokens[at].clause;
        let record = |i: usize| {
            self.g.tokens.get(i).is_some_and(|t| {
                t.clause == clause && t.key != t.folded && RECORDS.contains(&t.key.as_str())
            })
        };
        record(at + 1) || at.checked_sub(1).is_some_and(record)
    }

    /// Whether the word at `at` is followed by "de"/"que"/"than" and a number.
    fn compares_a_number(&self, at: usize) -> bool {
        let joined = self
            .g
            .tokens
            .get(at + 1)
            .is_some_and(|t| matches!(t.folded.as_str(), "de" | "que" | "than" | "a" | "to"));
        joined && self.g.tokens.get(at + 2).and_then(text::number).is_some()
    }

    /// Whether a number stands just before or after the word at `at`.
    fn number_beside(&self, at: usize) -> bool {
        [at.checked_sub(1), Some(at + 1)]
            .into_iter()
            .flatten()
            .filter_map(|i| self.g.tokens.get(i))
            .any(|t| text::number(t).is_some())
    }

    /// Dates named are the trend's axis, not measures; the other mentions
    /// join what was understood.
    pub fn settle_mentions(&mut self) {
        self.rows_named_after_a_value();
        self.rows_among_codes();
        self.date_mentioned = self
            .mentions
            .iter()
            .find(|m| self.kind(&m.column) == ColumnKind::Date)
            .map(|m| m.column.clone());
        let dates: Vec<String> = self
            .mentions
            .iter()
            .filter(|m| self.kind(&m.column) == ColumnKind::Date)
            .map(|m| m.column.clone())
            .collect();
        self.mentions.retain(|m| !dates.contains(&m.column));
        for m in self.mentions.clone() {
            let said = self.say(
                format!("column {}", m.column),
                format!("colonne {}", m.column),
                format!("columna {}", m.column),
            );
            self.understood.push(said);
        }
    }

    /// "the average fatality rate among states with a jail sentence" of
    /// a file whose `state` holds codes, "the mean wage of these firms"
    /// of a panel whose `firm` holds numbers: a column of whole numbers
    /// said in the plural after "among" or "of the" names the rows,
    /// beside another measure, never a second measure.
    fn rows_among_codes(&mut self) {
        const AMONG: &[&str] = &["among", "amongst", "parmi", "entre"];
        const OF_THE: &[&str] = &["the", "these", "those", "all", "our"];
        let measures = self
            .mentions
            .iter()
            .filter(|m| super::is_number(self.kind(&m.column)))
            .count();
        if measures < 2 {
            return;
        }
        let rows: Vec<Mention> = self
            .mentions
            .iter()
            .filter(|m| {
                let t = &self.g.tokens[m.start];
                let plural = m.len == 1 && t.key != t.folded && t.key == text::fold(&m.column);
                let word = |back: usize| {
                    m.start
                        .checked_sub(back)
                        .map_or("", |i| self.g.tokens[i].folded.as_str())
                };
                let after_among = AMONG.contains(&word(1));
                // "the mean wage of these firms", "weight of the pigs": right
                // after another measure, and not listed with one ("the mean
                // of the salaries and ages")
                let measure_before = m.start.checked_sub(3).is_some_and(|i| {
                    self.mentions
                        .iter()
                        .any(|o| o.start + o.len == i + 1 && super::is_number(self.kind(&o.column)))
                });
                let listed = self.g.tokens.get(m.start + 1).is_some_and(|n| {
                    n.clause == self.g.tokens[m.start].clause
                        && matches!(n.folded.as_str(), "and" | "or" | "et" | "ou" | "y" | "o")
                });
                let after_of = OF_THE.contains(&word(1))
                    && matches!(word(2), "of" | "across")
                    && measure_before
                    && !listed;
                plural && (after_among || after_of) && self.kind(&m.column) == ColumnKind::Integer
            })
            .cloned()
            .collect();
        for m in rows {
            self.mentions.retain(|o| o.start != m.start);
            self.g.take(m.start, m.len);
        }
    }

    /// "the average childHeight of the female children", "between male
    /// and female children": a column of numbers said right after a value
    /// kept by a filter, beside another column of numbers, names the rows
    /// (the children), not a second measure — unless the value is a place
    /// ("in Lille weight").
    fn rows_named_after_a_value(&mut self) {
        let numbers: Vec<String> = self
            .mentions
            .iter()
            .filter(|m| super::is_number(self.kind(&m.column)))
            .map(|m| m.column.clone())
            .collect();
        let rows: Vec<usize> = self
            .mentions
            .iter()
            .filter(|m| {
                let after_value = m.start > 0
                    && self.g.used[m.start - 1]
                    && self.is_value(m.start - 1)
                    && self.filters.iter().any(|f| f.column != m.column);
                // Not after a place: "the tallest person in Lille's salary"
                // asks the salary, one measure.
                // (a place is a name, written with its capital: "in female
                // children" still names the rows)
                let placed_in = m.start >= 2
                    && self.g.tokens[m.start - 1]
                        .raw
                        .starts_with(char::is_uppercase)
                    && matches!(
                        self.g.tokens[m.start - 2].folded.as_str(),
                        "in" | "at" | "from" | "en" | "dans"
                    );
                m.len == 1
                    && !placed_in
                    && after_value
                    && super::is_number(self.kind(&m.column))
                    && numbers.iter().any(|c| *c != m.column)
            })
            .map(|m| m.start)
            .collect();
        self.mentions.retain(|m| !rows.contains(&m.start));
        self.rows_said.extend(rows);
    }

    /// True when the goal asks for `op`.
    pub fn has(&self, op: Op) -> bool {
        self.ops.iter().any(|(_, o)| *o == op)
    }
}
