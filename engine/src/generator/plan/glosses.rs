//! Words a goal explains itself with. People (and benchmark questions)
//! name a column or a condition in brackets after their own words for it:
//! "the maximum horsepower (hp)", "le pourboire (tip) médian", "el salario
//! (salary) medio por rango (rank)", "in May (Month = 5)", "professors
//! (rank = 'Prof')". The brackets are what counts; the words just before
//! them are their gloss and are placed with them, never read on their own
//! (so "temperatura (Temp)" is `Temp`, not an ambiguous temperature).
//!
//! A gloss is at most `MAX_GLOSS_WORDS` words right before the opening
//! bracket, in the same clause, and stops at the first word that could
//! carry a meaning of its own: an article or a preposition, a number, a
//! value of the data, a word already placed. A statistic word on the way
//! ("el precio medio (Price)") is passed over and left for the statistic.
//!
//! The same module reads the file's own name, in the plural, as a noun of
//! its rows: with `diamonds.csv` loaded, "how many diamonds…" counts rows
//! (and "the 47 provinces" places the row count said), and a noun of kinds
//! beside a column of categories as that column ("each type of wool").

use super::reading::{Mention, Reading};
use super::said_conditions::Bracketed;
use super::Stat;
use crate::generator::lexicon;
use crate::generator::terms::Cmp;
use crate::generator::text;
use crate::inputs::ColumnKind;

/// The most words a gloss may have ("died during follow-up", "total
/// spending per pupil").
const MAX_GLOSS_WORDS: usize = 4;

/// The largest count of groups read as said ("the ten sectors"); a
/// larger number before a column is a value or a threshold.
const MAX_GROUPS_SAID: f64 = 20.0;

/// How many words may stand between a count of groups and the column
/// it counts ("the three ploidy statuses (ploidy)").
const MAX_WORDS_TO_THE_COLUMN: usize = 4;

/// Articles a count of groups follows ("the three oils", "les trois
/// huiles", "los tres grupos", "each of the four films").
const ARTICLES_BEFORE_A_COUNT: &[&str] = &[
    "the", "les", "des", "los", "las", "ces", "these", "those", "estos", "estas",
];

/// Signs that make the bracket a condition or an expression of columns
/// ("Month = 5", "temp_max - temp_min"), after a column's name.
const AFTER_COLUMN: &[&str] = &["=", "==", "<", ">", "<=", ">=", "-", "+", "/", "*", "x"];

/// The words of a question ("how many", "combien", "quel"): never a gloss.
const ASKING: &[&str] = &[
    "how", "many", "much", "what", "which", "combien", "cuantos", "cuantas", "cuanto", "cuanta",
    "quel", "quelle", "cual",
];

/// Units a column's name counts per ("students per teacher", "spending
/// per pupil", "income per capita"), singular.
const PER_UNITS: &[&str] = &[
    "capita", "habitant", "pupil", "student", "teacher", "person", "head", "eleve", "alumno",
    "persona", "resident", "pack", "unit", "item",
];

/// What the brackets hold.
enum Inside {
    /// Exactly one column's name.
    Column(String),
    /// A column's name, then a condition or an expression.
    Statement,
}

impl Reading<'_> {
    /// Reads every bracket that holds a column: the column is named there,
    /// and the words before it are its gloss.
    pub fn glossed_columns(&mut self) {
        for (open, close) in brackets(&self.g.text) {
            let inside: Vec<usize> = (0..self.g.tokens.len())
                .filter(|&i| {
                    let (s, e) = self.g.tokens[i].span;
                    s > open && e <= close
                })
                .collect();
            let (Some(&first), Some(&last)) = (inside.first(), inside.last()) else {
                continue;
            };
            let text: String = self
                .g
                .text
                .chars()
                .skip(open + 1)
                .take(close - open - 1)
                .collect();
            let Some(what) = self.inside(&text) else {
                continue;
            };
            // A bracket glosses its sentence; backquotes only name.
            if matches!(self.g.text.chars().nth(open), Some('(' | '[')) {
                self.one_clause_across(first, last);
            }
            let named = match &what {
                Inside::Column(c) => Some(c.clone()),
                Inside::Statement => None,
            };
            let gloss = self.gloss_before(first, named.as_deref(), &text);
            for &g in &gloss {
                self.g.take(g, 1);
            }
            let Inside::Column(column) = what else {
                self.said_condition(first, last, &text, &gloss);
                // "(country = Japan, category = Banking)": conditions on
                // columns of text, read here (a value a column of many
                // values does not list is taken as written).
                if let Some(conditions) = self.text_conditions(&text) {
                    for (column, value) in conditions {
                        let said = self.say(
                            format!("only rows where {column} is {value}"),
                            format!("seulement les lignes où {column} vaut {value}"),
                            format!("solo las filas donde {column} es {value}"),
                        );
                        self.understood.push(said);
                        self.add_value(column, Cmp::Eq, value);
                    }
                    self.g.take(first, last + 1 - first);
                }
                continue;
            };
            // The mention is the bracket, or the gloss and the bracket when
            // nothing stands between them ("el precio medio (Price)" keeps
            // "medio" free for the statistic: the mention is the bracket).
            self.bracketed.push(Bracketed {
                start: gloss.first().map_or(first, |&g| g.min(first)),
                first,
                last,
                condition: false,
                inside: text.clone(),
            });
            let joined = gloss.last().is_some_and(|&g| g + 1 == first);
            let mut start = if joined { gloss[0] } else { first };
            if joined && self.number_in_its_name(start, &column) {
                // "the highest number of stolen bases (sb)": the number
                // is the column's, no count.
                self.g.take(start - 2, 2);
                start -= 2;
            }
            self.mentions
                .retain(|m| m.start + m.len <= start || m.start > last);
            self.g.take(first, last + 1 - first);
            self.mentions.push(Mention {
                start,
                len: last + 1 - start,
                column,
            });
            self.mentions.sort_by_key(|m| m.start);
        }
    }

    /// "the highest number of stolen bases (sb)": "number of" said right
    /// before the gloss starting at `start` of a column of numbers, with
    /// another operation in the goal, is the column's own number.
    fn number_in_its_name(&self, start: usize, column: &str) -> bool {
        let Some(at) = start.checked_sub(2) else {
            return false;
        };
        let said = |w: &[&str]| self.g.says_at(at, w);
        let number_of = said(&["number", "of"])
            || said(&["nombre", "de"])
            || said(&["nombre", "d"])
            || said(&["numero", "de"])
            || said(&["cantidad", "de"]);
        // "the highest number of hospitals (provnum)": a column of codes
        // or ids counts rows; its number is no measure.
        let numeric = self.columns.iter().any(|k| {
            k.name == column
                && super::is_number(k.kind)
                && !super::reading::is_identifier(&k.name)
                && !super::names_each_row(self.inputs, &k.name)
        }) && !["id", "num", "no", "nr", "code", "number"]
            .iter()
            .any(|end| text::fold(column).ends_with(end));
        let other_operation = self.another_operation(at);
        number_of && numeric && other_operation && self.g.free(at, 2)
    }

    /// The bracket `first..=last` glosses the sentence it stands in: its
    /// words and the words after it, up to the next mark, are of the
    /// clause before it ("the mean tooth length (len) for the supplement
    /// type VC" is one question, never a question and an aside).
    fn one_clause_across(&mut self, first: usize, last: usize) {
        let Some(before) = first.checked_sub(1) else {
            return;
        };
        let clause = self.g.tokens[before].clause;
        let inside = self.g.tokens[first].clause;
        // "… between the sexes (sex). Report t …": a mark after the
        // bracket ends the sentence; what follows is a clause of its own.
        let ended = self.g.gap(last).contains(['.', ';', '!', '?', ':']);
        let after = (!ended)
            .then(|| self.g.tokens.get(last + 1).map(|t| t.clause))
            .flatten();
        for t in &mut self.g.tokens[first..] {
            if t.clause != inside && Some(t.clause) != after {
                break;
            }
            t.clause = clause;
        }
    }

    /// What the text `inside` a bracket holds, when it starts with the
    /// exact name of a column.
    fn inside(&self, inside: &str) -> Option<Inside> {
        let trimmed = inside.trim().trim_matches(['`', '\'', '"']);
        let folded = text::fold(trimmed);
        if let Some(k) = self.columns.iter().find(|k| text::fold(&k.name) == folded) {
            return Some(Inside::Column(k.name.clone()));
        }
        let column = self
            .columns
            .iter()
            .filter(|k| {
                let name = text::fold(&k.name);
                folded.starts_with(&name)
                    && folded[name.len()..]
                        .split_whitespace()
                        .next()
                        .is_some_and(|w| {
                            AFTER_COLUMN.iter().any(|s| w.starts_with(s))
                                || w.chars().all(|c| c.is_ascii_digit())
                        })
            })
            .max_by_key(|k| k.name.len());
        column.map(|_| Inside::Statement)
    }

    /// "country = Japan, category = Banking", "vote = \"Y\"", "airco =
    /// yes": every part of the bracket an equality on a column of text,
    /// its value one the column lists (or taken as written when the column
    /// has too many values to list). None when any part is not.
    fn text_conditions(&self, inside: &str) -> Option<Vec<(String, String)>> {
        let mut out = Vec::new();
        for part in inside.split([',', ';']).flat_map(|p| p.split(" and ")) {
            let (name, value) = part.split_once("==").or_else(|| part.split_once('='))?;
            let name = text::fold(name.trim().trim_matches(['`', '\'', '"']));
            let value = value.trim().trim_matches(['`', '\'', '"']).trim();
            let column = self
                .inputs
                .iter()
                .flat_map(|i| &i.columns)
                .find(|c| text::fold(&c.name) == name && super::is_category(c.kind))?;
            if value.is_empty() {
                return None;
            }
            let listed = column
                .values
                .iter()
                .find(|v| text::fold(v) == text::fold(value))
                .cloned();
            let value = match listed {
                Some(v) => v,
                None if column.values.is_empty() => value.to_owned(),
                None => return None,
            };
            out.push((column.name.clone(), value));
        }
        (!out.is_empty()).then_some(out)
    }

    /// The words before the token `first` (inside a bracket) that gloss
    /// it, first to last; empty when none.
    fn gloss_before(&self, first: usize, column: Option<&str>, inside: &str) -> Vec<usize> {
        let mut gloss = Vec::new();
        // "the income per person (income / pop)": a column the bracket's
        // own expression names is its gloss before it.
        let inside = super::said_conditions::bracket_words(inside);
        let named_inside =
            |i: usize| column.is_none() && inside.iter().any(|w| *w == self.g.tokens[i].folded);
        // Statistic words passed over, nearest the bracket first.
        let mut passed = Vec::new();
        let mut i = first;
        while i > 0 && gloss.len() < MAX_GLOSS_WORDS {
            i -= 1;
            let t = &self.g.tokens[i];
            let same_clause = gloss
                .last()
                .is_none_or(|&g: &usize| self.g.tokens[g].clause == t.clause);
            // "el precio medio (Price)": a statistic word stays free, for
            // the statistic, and the gloss goes on before it.
            if same_clause && is_operation_word(&t.folded) && !self.g.used[i] {
                passed.push(i);
                continue;
            }
            // "How many women (sex = F)": the question's words are no gloss.
            let asking = ASKING.contains(&t.folded.as_str());
            // "years of schooling (school)": "of" inside a gloss whose
            // last word spells the column ("schooling", `school`).
            let spells_it = |g: usize| {
                column.is_some_and(|c| {
                    let c = text::fold(c);
                    c.chars().count() >= 4 && self.g.tokens[g].folded.starts_with(&c)
                })
            };
            // "cause of death (chapter)": "of" between two words of it.
            // "each type of admission (type)": "of" after the column's own
            // name.
            let own_name = |b: usize| {
                column.is_some_and(|c| text::fold(c) == self.g.tokens[b].folded) && !self.g.used[b]
            };
            let inner_of = (gloss.last().is_some_and(|&g| spells_it(g))
                || i.checked_sub(1)
                    .is_some_and(|b| self.glossable(b) || own_name(b)))
                && !gloss.is_empty()
                && matches!(t.folded.as_str(), "of" | "de" | "d" | "du" | "del")
                && i > 0
                && !self.g.used[i - 1];
            // "mpg between automatic (am = 0)": before a condition, a
            // column's name is no gloss (before a column's name in brackets
            // it is: "temperatura (Temp)").
            // "who are smokers (age >= 50)": a yes/no column said in the
            // plural is a condition of its own too.
            let yes_no = |name: &str| {
                self.inputs.iter().flat_map(|i| &i.columns).any(|c| {
                    c.name == name
                        && (c.kind == crate::inputs::ColumnKind::Boolean || c.values.len() == 2)
                })
            };
            let column_before_condition = column.is_none()
                && !named_inside(i)
                && self.columns.iter().any(|k| {
                    let name = text::fold(&k.name);
                    name == t.folded || (name == t.key && yes_no(&k.name))
                });
            // "for each education level (education)": the grouping's word
            // is no gloss — but "per" between two words of it is ("students
            // per teacher (tchratio)", "per capita income (percap)").
            // Only before a unit counted ("per teacher", "per capita"):
            // "wage per education level (educ)" groups a wage.
            let per_unit = gloss
                .last()
                .is_some_and(|&g| PER_UNITS.contains(&self.g.tokens[g].key.as_str()));
            let inner_per = matches!(t.folded.as_str(), "per" | "par" | "por")
                && per_unit
                && (i
                    .checked_sub(1)
                    .is_some_and(|b| self.glossable(b) || named_inside(b))
                    || gloss.last().is_some_and(|&g| {
                        matches!(self.g.tokens[g].folded.as_str(), "capita" | "habitant")
                    }));
            let grouping = !inner_per
                && matches!(
                    t.folded.as_str(),
                    "each" | "every" | "per" | "chaque" | "cada" | "par" | "por" | "by"
                );
            // "the column [self]": the word "column" after an article is no
            // gloss ("the family income column `faminc`" is one).
            let column_word = matches!(t.folded.as_str(), "column" | "colonne" | "columna")
                && i.checked_sub(1)
                    .is_none_or(|b| lexicon::ARTICLES.contains(&self.g.tokens[b].folded.as_str()));
            // "a t-test between measured height (height) and …": the
            // opener of two things compared is no gloss.
            let opener = matches!(t.folded.as_str(), "between" | "entre");
            let meaningful = self.g.used[i]
                || Self::superlative(&t.folded)
                || column_word
                || opener
                || column_before_condition
                || grouping
                || asking
                || text::number(t).is_some()
                || (lexicon::STOP_WORDS.contains(&t.folded.as_str()) && !inner_of && !inner_per)
                || (lexicon::ARTICLES.contains(&t.folded.as_str()) && !inner_of)
                || (self.is_value(i) && !column.is_some_and(|c| self.word_of_its_values(i, c)))
                || !t.folded.chars().any(char::is_alphabetic);
            if !same_clause || meaningful {
                break;
            }
            gloss.push(i);
        }
        // "the average total spending per pupil (totday)": of two
        // statistic words on the way, the one farther from the bracket is
        // the statistic; the nearer ones name the column ("the highest
        // average horsepower (hp)" ranks a mean: both are read).
        // ("the mean total fish count (totabund)": a count is a noun of
        // the column too.)
        let statistics = passed.iter().all(|&p| {
            lexicon::OPS.iter().any(|(w, o)| {
                *w == self.g.tokens[p].folded
                    && matches!(o, lexicon::Op::Stat(_) | lexicon::Op::Count)
            })
        });
        match (passed.as_slice(), statistics, gloss.is_empty()) {
            ([nearer @ .., _], true, false) if !nearer.is_empty() => gloss.extend(nearer),
            _ => {
                let no_gloss = gloss.is_empty();
                gloss.extend(
                    self.means_in_its_name(&passed, column, no_gloss)
                        .unwrap_or_default(),
                );
            }
        }
        gloss.sort_unstable();
        gloss
    }

    /// "the highest average price (avgprs)", "the correlation between the
    /// average price (avgprs) and packpc": a column whose own name says it
    /// is a mean; the mean words passed (`passed`, nearest first) that are
    /// its name, when another operation is the question.
    fn means_in_its_name(
        &self,
        passed: &[usize],
        column: Option<&str>,
        no_gloss: bool,
    ) -> Option<Vec<usize>> {
        let nearer = match passed {
            [nearer @ .., _] if !nearer.is_empty() => nearer.to_vec(),
            [one] if self.another_operation(*one) => vec![*one],
            _ => return None,
        };
        let a_mean = column.is_some_and(|c| {
            let c = text::fold(c);
            ["avg", "average", "mean", "moy", "prom"]
                .iter()
                .any(|a| c.starts_with(a))
        });
        let mean_word = |p: &usize| {
            lexicon::OPS
                .iter()
                .any(|(w, o)| *w == self.g.tokens[*p].folded && *o == lexicon::Op::Stat(Stat::Mean))
        };
        (a_mean && !no_gloss && nearer.iter().all(mean_word)).then_some(nearer)
    }

    /// True when the goal asks a statistic, an extreme, a correlation or a
    /// test at a word other than `at` ("the highest…", "a Welch t-test",
    /// "the correlation"); "at least", "au moins" are no extreme.
    fn another_operation(&self, at: usize) -> bool {
        const TESTS: &[&str] = &[
            "test",
            "ttest",
            "anova",
            "regression",
            "regress",
            "welch",
            "chi",
            "prueba",
        ];
        let asks = |o: &lexicon::Op| {
            matches!(
                o,
                lexicon::Op::Stat(_)
                    | lexicon::Op::Highest
                    | lexicon::Op::Lowest
                    | lexicon::Op::Correlation
                    | lexicon::Op::Spearman
            )
        };
        (0..self.g.tokens.len()).any(|i| {
            let w = self.g.tokens[i].folded.as_str();
            let bound = i > 0
                && matches!(self.g.tokens[i - 1].folded.as_str(), "at" | "au" | "al")
                && matches!(w, "least" | "most" | "moins" | "plus" | "menos" | "mas");
            i != at
                && !bound
                && (lexicon::OPS.iter().any(|(p, o)| *p == w && asks(o)) || TESTS.contains(&w))
        })
    }

    /// "cause of death (chapter)" where `chapter` holds "External
    /// Causes": a word of one of the glossed column's own values, never a
    /// whole value ("Japan (Origin)" is the value), is its gloss.
    fn word_of_its_values(&self, i: usize, column: &str) -> bool {
        let t = &self.g.tokens[i];
        let values: Vec<Vec<text::Token>> = self
            .inputs
            .iter()
            .flat_map(|input| &input.columns)
            .filter(|c| c.name == column)
            .flat_map(|c| &c.values)
            .map(|v| text::tokens(v))
            .collect();
        let whole = values
            .iter()
            .any(|v| matches!(v.as_slice(), [w] if w.key == t.key));
        // "the Lev+5FU arm (rx)": the value written whole around the word
        // is the value, not a gloss.
        let written_whole = values.iter().filter(|v| v.len() > 1).any(|v| {
            v.iter().enumerate().any(|(k, w)| {
                w.key == t.key
                    && i.checked_sub(k).is_some_and(|start| {
                        self.g
                            .tokens
                            .get(start..start + v.len())
                            .is_some_and(|said| said.iter().zip(v).all(|(a, b)| a.key == b.key))
                    })
            })
        });
        !whole && !written_whole && values.iter().flatten().any(|w| w.key == t.key)
    }

    /// "the sample standard deviation of interview length (`length`)":
    /// a word of an operation said in several words is no gloss.
    fn in_an_operation_phrase(&self, i: usize) -> bool {
        lexicon::OPS
            .iter()
            .filter(|(phrase, _)| phrase.contains(' '))
            .any(|(phrase, _)| {
                let len = phrase.split_whitespace().count();
                self.g
                    .find(phrase)
                    .into_iter()
                    .any(|at| (at..at + len).contains(&i))
            })
    }

    /// A word that may stand inside a gloss: free, a word of letters, not
    /// an article, a preposition, a question or a statistic.
    fn glossable(&self, i: usize) -> bool {
        let t = &self.g.tokens[i];
        let column_named = self
            .mentions
            .iter()
            .any(|m| (m.start..m.start + m.len).contains(&i))
            || self.columns.iter().any(|k| text::fold(&k.name) == t.folded);
        !self.g.used[i]
            && !column_named
            && t.folded.chars().all(char::is_alphabetic)
            && !lexicon::STOP_WORDS.contains(&t.folded.as_str())
            && !lexicon::ARTICLES.contains(&t.folded.as_str())
            && !is_operation_word(&t.folded)
            && !self.in_an_operation_phrase(i)
            && !ASKING.contains(&t.folded.as_str())
            && !matches!(
                t.folded.as_str(),
                "number" | "nombre" | "numero" | "count" | "amount" | "percentage" | "proportion"
            )
    }

    /// The last word of the name of the one file loaded, without its
    /// digits ("cars93.csv": cars).
    fn file_noun(&self) -> Option<String> {
        let [input] = self.inputs else {
            return None;
        };
        let stem = input
            .name
            .rsplit_once('.')
            .map_or(input.name.as_str(), |(s, _)| s);
        text::name_words(stem)
            .pop()
            .map(|w| w.trim_end_matches(|c: char| c.is_ascii_digit()).to_owned())
            .filter(|w| !w.is_empty())
    }

    /// True when the word at `i` names the file's rows by the file's own
    /// name `subject`: in the plural, as rows are said ("the diamonds",
    /// "earthquakes" for quakes.csv, "chicks" for chickwts.csv; "le
    /// budget" of budget.csv may name its money), or in the singular after
    /// "which" or "each" ("which cereal" of uscereal.csv).
    fn names_the_file(&self, i: usize, subject: &str) -> bool {
        let t = &self.g.tokens[i];
        let plural = t.folded != t.key;
        let one_of_them = i > 0
            && matches!(
                self.g.tokens[i - 1].folded.as_str(),
                "which" | "each" | "every" | "quel" | "quelle" | "chaque" | "cada" | "cual" | "que"
            );
        let long = |w: &str| w.chars().count() >= 5;
        t.folded.chars().count() >= 4
            && (plural || (one_of_them && long(&t.key)))
            && (text::same_word(&t.folded, subject)
                || subject.ends_with(&t.key)
                || subject.ends_with(&t.folded)
                || (long(subject) && t.key.ends_with(subject))
                || (long(subject) && long(&t.key) && subject.starts_with(&t.key)))
    }

    /// "across all state-years", "the player seasons with…": a panel's
    /// rows said as what each row is, a thing and a time, the time in the
    /// plural; the thing a column of the file (or a player), the time a
    /// column of the file (a season is a year) or the file's dates. Both
    /// words name the rows (no mention of `state` or `year`); after
    /// "per", "each" or "by" they are left to the grouping's reading —
    /// unless the thing is one of [`PANEL_THINGS`] and no column ("mean
    /// patent per firm-year": one row each).
    pub fn panel_rows(&mut self) {
        const TIMES: &[&str] = &[
            "year",
            "season",
            "month",
            "quarter",
            "week",
            "annee",
            "saison",
            "mois",
            "ano",
            "temporada",
            "mes",
        ];
        let timed = |time: &str| {
            self.columns.iter().any(|k| {
                let name = text::fold(&k.name);
                k.kind == crate::inputs::ColumnKind::Date
                    || name == time
                    || (time == "season" && name == "year")
                    || (time == "saison" && name == "annee")
                    || (time == "temporada" && name == "ano")
            })
        };
        for i in 1..self.g.tokens.len() {
            let (thing, time) = (&self.g.tokens[i - 1], &self.g.tokens[i]);
            // The thing is a column of the file ("state-years") or a
            // player of a file of players' seasons — never a person of a
            // cohort ("person-years" are time followed, not rows).
            let a_column = self
                .columns
                .iter()
                .any(|k| text::fold(&k.name) == thing.key);
            // "per firm-year" of a file of firms' years whose firms are
            // codes (`fi`): a panel's own words, no column's.
            let a_panel_thing = PANEL_THINGS.contains(&thing.key.as_str()) && !self.is_value(i - 1);
            let thing_said = matches!(thing.key.as_str(), "player" | "joueur" | "jugador")
                || a_column
                || a_panel_thing;
            let grouped = i >= 2
                && matches!(
                    self.g.tokens[i - 2].folded.as_str(),
                    "per" | "each" | "every" | "by" | "par" | "chaque" | "por" | "cada"
                );
            let joined = matches!(self.g.gap(i - 1).trim(), "-" | "");
            let as_said = time.folded != time.key || (a_panel_thing && !a_column);
            if thing_said
                && joined
                && (!grouped || (a_panel_thing && !a_column))
                && as_said
                && TIMES.contains(&time.key.as_str())
                && timed(&time.key)
                && self.g.free(i - 1, 2)
            {
                self.g.take(i - 1, 2);
            }
        }
    }

    /// "the mean alcohol content of the wines" of wine.csv: the file's own
    /// name is a noun of its rows, read before columns are ("wines" is no
    /// mention of `od280/od315_of_diluted_wines`) unless a column of one
    /// or two words, or a word of the lexicon for columns, is named by it.
    pub fn file_nouns_first(&mut self) {
        let Some(subject) = self.file_noun() else {
            return;
        };
        // "ventes" of ventes.csv is its sales, a word for a measure.
        let named_column = |key: &str| {
            let synonym = lexicon::SYNONYMS.iter().any(|group| {
                group
                    .iter()
                    .any(|w| !w.contains(' ') && text::same_word(w, key))
            });
            synonym
                || self.inputs.iter().flat_map(|i| &i.columns).any(|c| {
                    let words = text::name_words(&c.name);
                    words.len() <= 2 && words.iter().any(|w| text::same_word(w, key))
                })
        };
        for i in 0..self.g.tokens.len() {
            let key = self.g.tokens[i].key.clone();
            if self.names_the_file(i, &subject)
                && self.g.free(i, 1)
                && !self.is_value(i)
                && !named_column(&key)
            {
                self.g.take(i, 1);
                self.take_row_count_before(i, self.inputs[0].row_count);
            }
        }
    }

    /// "how many diamonds…" with `diamonds.csv` (or `pub-mtcars.csv` and
    /// "cars") loaded alone: the file's own name is a noun of its rows.
    pub fn file_subject(&mut self) {
        let Some(subject) = self.file_noun() else {
            return;
        };
        let rows = self.inputs[0].row_count;
        for i in 0..self.g.tokens.len() {
            if self.names_the_file(i, &subject) && !self.g.used[i] && !self.is_value(i) {
                self.g.take(i, 1);
                self.take_row_count_before(i, rows);
            }
            // "the 47 provinces" with a column that tells each row apart.
            let t = &self.g.tokens[i];
            let rows_named = t.folded != t.key
                && self.mentions.iter().any(|m| {
                    m.start == i && m.len == 1 && super::names_each_row(self.inputs, &m.column)
                });
            if rows_named {
                self.take_row_count_before(i, rows);
            }
        }
    }
}

/// Nouns of one sale or order, the row of a file of sales ("average
/// revenue per sale", "ingreso medio por venta"), singular.
const ONE_SALE: &[&str] = &[
    "sale",
    "order",
    "transaction",
    "purchase",
    "vente",
    "commande",
    "achat",
    "venta",
    "pedido",
    "compra",
    "transaccion",
];

/// Prepositions that open the next phrase ("per sale in the North", "par
/// vente dans l'Ouest", "por venta en marzo").
const AFTER_A_PHRASE: &[&str] = &[
    "in", "for", "of", "at", "on", "during", "from", "to", "dans", "en", "pour", "de", "du", "des",
    "au", "sur", "pendant", "del", "para", "por", "durante", "con", "a",
];

impl Reading<'_> {
    /// "average revenue per sale", "la quantité moyenne par commande",
    /// "ingreso medio por venta": a mean said per sale is the mean of the
    /// rows, each row one sale (said as an assumption). Not where a
    /// column names the sales (`order_id`: several lines may make one
    /// order), nor without a mean said ("revenue per sale" may divide).
    pub fn per_sale_rows(&mut self) {
        let mean_said = self
            .ops
            .iter()
            .any(|(_, op)| *op == lexicon::Op::Stat(Stat::Mean))
            || self.g.tokens.iter().any(|t| {
                lexicon::OPS
                    .iter()
                    .any(|(w, op)| *w == t.folded && *op == lexicon::Op::Stat(Stat::Mean))
            });
        for at in 1..self.g.tokens.len() {
            let (per, noun) = (&self.g.tokens[at - 1], &self.g.tokens[at]);
            let named = self.columns.iter().any(|k| {
                text::name_words(&k.name)
                    .iter()
                    .any(|w| text::singular(&text::fold(w)) == noun.key)
            });
            // "per order type" groups by a type: the noun ends its phrase.
            let ends = self.g.tokens.get(at + 1).is_none_or(|next| {
                next.clause != noun.clause
                    || AFTER_A_PHRASE.contains(&next.folded.as_str())
                    || lexicon::STOP_WORDS.contains(&next.folded.as_str())
                    || lexicon::ARTICLES.contains(&next.folded.as_str())
            });
            if !mean_said
                || !ends
                || !matches!(per.folded.as_str(), "per" | "par" | "por")
                || !ONE_SALE.contains(&noun.key.as_str())
                || noun.key != noun.folded
                || named
                || !self.g.free(at - 1, 2)
            {
                continue;
            }
            let one = noun.raw.clone();
            self.g.take(at - 1, 2);
            let words = self.g.raw(at - 1, 2);
            let said = self.say(
                format!("\"{words}\": one row of the file is one {one}"),
                format!("« {words} » : une ligne du fichier = {one}"),
                format!("«{words}»: una fila del archivo = {one}"),
            );
            self.assume(said, None);
        }
    }
}

/// Things a panel follows year after year that no column of categories
/// is likely to hold, said before the time in a panel's rows ("per
/// firm-year" of a file whose firms are codes). Never a country, an
/// industry, a state: "per industry-year" may group by `sector` and year.
const PANEL_THINGS: &[&str] = &["firm", "company", "plant", "household"];

/// Nouns said after a column of numbers that only name its values ("the
/// Colour score", "sugars content", "la teneur en VitC", "el nivel de
/// glu"), when no column of the file is named so. A rate is no such noun:
/// "the conversion rate" divides conversions by visits.
const MEASURE_NOUNS: &[&str] = &[
    "score",
    "content",
    "level",
    "reading",
    "measurement",
    "figure",
    "teneur",
    "niveau",
    "puntuacion",
    "puntaje",
    "nivel",
    "contenido",
];

/// Nouns of [`KIND_NOUNS`] that any column has, whole numbers too ("each
/// value of rad").
pub(in crate::generator) const VALUE_NOUNS: &[&str] = &[
    "value", "values", "level", "levels", "valeur", "valeurs", "niveau", "niveaux", "valor",
    "valores", "nivel", "niveles",
];

/// Nouns of groups said after a value or a column of categories ("the FT
/// group", "each Treat group", "le groupe CBT"), and after the column of
/// a test's groups ("across the cut categories", "the ram sizes").
pub const GROUP_NOUNS: &[&str] = &[
    "group",
    "groupe",
    "grupo",
    "category",
    "categorie",
    "categoria",
    "size",
    "taille",
    "tamano",
    "classe",
    "clase",
    "level",
    "niveau",
    "nivel",
    "region",
];

/// Nouns of kinds said of a column of categories ("each type of wool",
/// "the feed types", "tipo de producto").
const KIND_NOUNS: &[&str] = &[
    "type", "types", "kind", "kinds", "sort", "sorts", "tipo", "tipos", "sorte", "sortes", "value",
    "values", "level", "levels", "valeur", "valeurs", "niveau", "niveaux", "valor", "valores",
    "nivel", "niveles",
];

impl Reading<'_> {
    /// "each type of wool", "distinct feed types", "el tipo de producto":
    /// a noun of kinds beside a column of categories is that column's.
    pub fn kinds_of_columns(&mut self) {
        for i in 0..self.g.tokens.len() {
            if !self.g.free(i, 1) || !KIND_NOUNS.contains(&self.g.tokens[i].folded.as_str()) {
                continue;
            }
            // "each value of rad", "each value of edema": a column of
            // numbers has values too.
            let values = VALUE_NOUNS.contains(&self.g.tokens[i].folded.as_str());
            let category_at = |at: usize| {
                self.mentions.iter().any(|m| {
                    let kind = self.kind(&m.column);
                    m.start == at
                        && (super::is_category(kind) || (values && super::is_number(kind)))
                })
            };
            let before = self
                .mentions
                .iter()
                .any(|m| m.start + m.len == i && super::is_category(self.kind(&m.column)));
            let of = self
                .g
                .tokens
                .get(i + 1)
                .is_some_and(|t| matches!(t.folded.as_str(), "of" | "de" | "d" | "du" | "del"));
            if before {
                self.g.take(i, 1);
            } else if of && category_at(i + 2) {
                // one mention from "type": "for each type of wool" groups
                self.g.take(i, 2);
                if let Some(m) = self.mentions.iter_mut().find(|m| m.start == i + 2) {
                    m.start = i;
                    m.len += 2;
                }
            }
        }
    }

    /// "the Colour score", "la teneur en VitC": a noun of
    /// [`MEASURE_NOUNS`] beside a column of numbers (after it, or before it
    /// with "de" / "of" / "en") is placed with it.
    pub fn measure_nouns(&mut self) {
        for i in 0..self.g.tokens.len() {
            let key = self.g.tokens[i].key.as_str();
            if !self.g.free(i, 1) || !MEASURE_NOUNS.contains(&key) {
                continue;
            }
            let measure = |m: &&super::reading::Mention| super::is_number(self.kind(&m.column));
            let after = self
                .mentions
                .iter()
                .filter(measure)
                .any(|m| m.start + m.len == i);
            let of = self.g.tokens.get(i + 1).is_some_and(|t| {
                matches!(t.folded.as_str(), "of" | "de" | "d" | "du" | "del" | "en")
            });
            let before = of
                && self
                    .mentions
                    .iter()
                    .filter(measure)
                    .any(|m| m.start == i + 2);
            if after {
                self.g.take(i, 1);
            } else if before {
                self.g.take(i, 2);
            }
        }
    }

    /// "How many distinct teams are there in the team86 column?": a word
    /// left that is a word of the name of a column the goal names ("teams"
    /// for `team86`) names that column again (read last).
    pub fn column_words_again(&mut self) {
        let named: Vec<Vec<String>> = self
            .mentions
            .iter()
            .map(|m| {
                text::name_words(&m.column)
                    .into_iter()
                    .map(|w| w.trim_end_matches(|c: char| c.is_ascii_digit()).to_owned())
                    .filter(|w| w.chars().count() >= 3)
                    .collect()
            })
            .collect();
        for i in 0..self.g.tokens.len() {
            let key = self.g.tokens[i].key.clone();
            let again = named.iter().flatten().any(|w| *w == key);
            if again && self.g.free(i, 1) && !self.is_value(i) {
                self.g.take(i, 1);
            }
        }
    }

    /// "the FT group", "le groupe CBT", "each Treat group": a noun of
    /// [`GROUP_NOUNS`] beside a value the plan keeps or a column it
    /// groups by is placed with it (read last, once values are placed).
    pub fn group_nouns(&mut self) {
        for i in 0..self.g.tokens.len() {
            if !self.g.free(i, 1) || !GROUP_NOUNS.contains(&self.g.tokens[i].key.as_str()) {
                continue;
            }
            let placed_value = |at: usize| self.g.used[at] && self.is_value(at);
            let grouped = |at: usize| {
                self.mentions.iter().any(|m| {
                    m.start + m.len == at && self.group_by.as_deref() == Some(m.column.as_str())
                })
            };
            let beside = (i > 0 && (placed_value(i - 1) || grouped(i)))
                || (i + 1 < self.g.tokens.len() && placed_value(i + 1));
            if beside {
                self.g.take(i, 1);
            }
        }
    }

    /// "across the three education levels (education)", "the five majors
    /// (major)", "entre les trois huiles (treatment)": a number said right
    /// after an article, before the words of a column of categories, is
    /// the count of its values — placed when the file's description lists
    /// exactly that many (the values of the rows it read, every row of a
    /// small file), left unplaced (the goal stops on it) otherwise, and
    /// always for a column of numbers, whose values it does not list.
    pub fn said_number_of_groups(&mut self) {
        for i in 1..self.g.tokens.len() {
            let t = &self.g.tokens[i];
            let Some(n) = text::number(t).filter(|n| (2.0..=MAX_GROUPS_SAID).contains(n)) else {
                continue;
            };
            if !self.g.free(i, 1)
                || !ARTICLES_BEFORE_A_COUNT.contains(&self.g.tokens[i - 1].folded.as_str())
            {
                continue;
            }
            let clause = t.clause;
            // The column's words follow (or its name in brackets after
            // the words for it), every word between placed.
            let last = (i + MAX_WORDS_TO_THE_COLUMN).min(self.g.tokens.len() - 1);
            let column = (i + 1..=last)
                .take_while(|&j| {
                    // the column's words in the clause, or its name in
                    // the brackets right after them
                    let t = &self.g.tokens[j];
                    !self.g.free(j, 1)
                        && (t.clause == clause || (t.clause == clause + 1 && self.in_brackets(j)))
                })
                .find_map(|j| self.column_said_at(j));
            let Some(column) = column else {
                continue;
            };
            let listed = self
                .inputs
                .iter()
                .flat_map(|input| &input.columns)
                .find(|c| {
                    c.name == column && matches!(c.kind, ColumnKind::Text | ColumnKind::Boolean)
                })
                .map(|c| c.values.len());
            if listed.is_some_and(|count| count as f64 == n) {
                self.g.take(i, 1);
            }
        }
    }

    /// The column named at word `at`: a mention starting there, or the
    /// column whose name is that one word (a test's groups are placed
    /// without a mention).
    fn column_said_at(&self, at: usize) -> Option<String> {
        if let Some(m) = self.mentions.iter().find(|m| m.start == at) {
            return Some(m.column.clone());
        }
        let t = &self.g.tokens[at];
        self.columns
            .iter()
            .find(|k| {
                let name = text::fold(&k.name);
                !name.contains(|c: char| !c.is_alphanumeric()) && text::same_word(&name, &t.folded)
            })
            .map(|k| k.name.clone())
    }

    /// "the median mortality of the 82 years" of a file of 82 rows, one
    /// per year: a number equal to the file's rows, after a determiner and
    /// before the plural of a column's name, counts the rows — no value of
    /// that column (never "Year = 82"); the number and the noun are placed.
    pub fn rows_said_with_their_count(&mut self) {
        const DETERMINERS: &[&str] = &[
            "the", "all", "these", "those", "les", "ces", "tous", "toutes", "los", "las", "estos",
            "estas", "todos", "todas",
        ];
        let [input] = self.inputs else {
            return;
        };
        let rows = input.row_count as f64;
        for at in 1..self.g.tokens.len().saturating_sub(1) {
            let t = &self.g.tokens[at];
            let counted = text::number(t).is_some_and(|n| n == rows)
                && self.g.free(at, 1)
                && DETERMINERS.contains(&self.g.tokens[at - 1].folded.as_str());
            let noun = &self.g.tokens[at + 1];
            let plural_name = noun.folded != noun.key
                && self
                    .mentions
                    .iter()
                    .any(|m| m.start == at + 1 && m.len == 1);
            if counted && plural_name {
                self.g.take(at, 2);
                self.mentions.retain(|m| m.start != at + 1);
            }
        }
    }

    /// "the 47 provinces" of a file of 47 rows: the number said before
    /// the noun of the rows is their count, placed when it is right.
    fn take_row_count_before(&mut self, noun: usize, rows: u64) {
        let Some(at) = noun.checked_sub(1) else {
            return;
        };
        let t = &self.g.tokens[at];
        let said = text::number(t).is_some_and(|n| n == rows as f64);
        if said && self.g.free(at, 1) {
            self.g.take(at, 1);
        }
    }
}

/// True when `word` (folded) is an operation word on its own ("maximum",
/// "moyenne", "media").
fn is_operation_word(word: &str) -> bool {
    lexicon::OPS.iter().any(|(p, _)| *p == word)
}

/// The places of the brackets of `text`, in characters: (open, close).
pub(super) fn brackets(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut open = None;
    // "Which hospital category `hos.cat` has the most records?": a name in
    // backquotes is glossed as one in brackets is.
    let mut quote = None;
    for (i, c) in text.chars().enumerate() {
        match c {
            '(' | '[' => open = Some(i),
            ')' | ']' => {
                if let Some(o) = open.take() {
                    out.push((o, i));
                }
            }
            '`' => match quote.take() {
                Some(q) => out.push((q, i)),
                None => quote = Some(i),
            },
            _ => {}
        }
    }
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brackets_are_found_in_characters() {
        assert_eq!(
            brackets("la température (Temp) en mai (Month = 5)"),
            [(15, 20), (29, 39)]
        );
        assert_eq!(brackets("no brackets ) here ("), []);
        assert_eq!(brackets("category `hos.cat` has"), [(9, 17)]);
    }
}
