//! Statistics with a verdict: hypothesis tests that state their null
//! hypothesis, their statistic, their p-value and the reading at the asked
//! significance level α (default [`DEFAULT_ALPHA`]; "at 1%", "α = 0.01",
//! "au seuil de 5 %", "con un nivel de significación del 10 %").
//!
//! - two groups of a column of numbers: Welch's t-test (the default, said
//!   as an assumption), Student's when "equal variances" is said, Mann–
//!   Whitney U when named; three groups or more: one-way ANOVA;
//! - two columns of categories: the chi-square test of independence;
//! - one column against a stated value: the one-sample t-test ("is the mean
//!   fare different from 30"); two columns measured on the same rows: the
//!   paired t-test, when "paired" is said;
//! - normality by the named test (Kolmogorov–Smirnov against a normal with
//!   the sample's mean and standard deviation, D'Agostino's K², or
//!   Shapiro–Wilk at a stated α);
//! - a correlation with its p-value (the `Correlation` recipe also reports
//!   its p-value and reading at 0.05: [`correlation_verdict`]).
//!
//! When the goal does not say enough to choose a test (a t-test asked on a
//! column with four groups and no two named), planning stops with a
//! question ([`GoalProblem::WhichTest`]); never a guess.
//!
//! Golden expectations (`tests/golden/steps-tests.txt`, the oracle in
//! `engine/tests/it/golden.rs`): `welch(c,g)`, `student(c,g)`,
//! `mannwhitney(c,g)`, `anova(c,g)` (groups of `g` among the rows kept),
//! `chi2(a,b)`, `pearsonp(a,b)`, `spearmanp(a,b)`, `paired(a,b)`,
//! `onesample(c,mu)`, `ks(c)`, `dagostino(c)`, `shapiro(c,α)`; each may end
//! with `,α` when α is not 0.05. The oracle computes the statistic and the
//! p-value itself, finds both among the answers, finds each group's size,
//! and checks that the reading follows p < α.

use serde::Serialize;

use crate::generator::codegen::{group_used, py_num, py_str, words, Code};
use crate::generator::lexicon::Op;
use crate::generator::plan::reading::Reading;
use crate::generator::plan::{GoalProblem, Plan, Recipe, Source};
use crate::generator::terms::Stat;
use crate::generator::text;
use crate::inputs::ColumnKind;
use crate::lang::Lang;

/// The significance level when the goal names none.
pub const DEFAULT_ALPHA: f64 = 0.05;
/// How many words before a level ("at the 5 % level") its cue may stand.
const ALPHA_REACH: usize = 6;
/// The largest significance level read as one (a larger number is not α).
const MAX_ALPHA: f64 = 0.2;

/// Which test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TestKind {
    /// Welch's t-test: two groups' means, variances not assumed equal.
    Welch,
    /// Student's t-test: two groups' means, equal variances.
    Student,
    /// Paired t-test: two columns measured on the same rows.
    Paired,
    /// Mann–Whitney U: two groups' ranks.
    MannWhitney,
    /// One-way ANOVA: the means of several groups.
    Anova,
    /// Chi-square test of independence of two columns of categories.
    ChiSquare,
    /// One-sample t-test against a stated value.
    OneSample,
    /// Pearson's correlation with its p-value.
    Pearson,
    /// Spearman's rank correlation with its p-value.
    Spearman,
    /// Shapiro–Wilk normality test at a stated α.
    Shapiro,
    /// Kolmogorov–Smirnov against a normal with the sample's mean and std.
    KolmogorovSmirnov,
    /// D'Agostino and Pearson's K² normality test.
    DAgostino,
}

/// A hypothesis test, planned.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HypothesisTest {
    /// Which test.
    pub kind: TestKind,
    /// The column tested (the first column of categories for chi-square).
    pub column: String,
    /// The groups' column (two groups, ANOVA), the second column of
    /// categories (chi-square), or the second column of numbers (paired,
    /// correlation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other: Option<String>,
    /// The value compared with (one-sample t-test).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mu: Option<f64>,
    /// The significance level.
    pub alpha: f64,
}

/// What the goal's words ask of a test, before columns are read.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Asked {
    /// A test named ("Mann-Whitney", "ANOVA", "chi cuadrado").
    pub named: Option<TestKind>,
    /// A t-test named without saying which ("t-test", "test de Student").
    pub t_test: bool,
    /// Independence or a relation asked ("independent of", "related").
    pub independence: bool,
    /// The level said.
    pub alpha: Option<f64>,
    /// "equal variances", "variances égales".
    pub equal_var: bool,
    /// "paired", "appariés", "pareados".
    pub paired: bool,
    /// The value a mean is compared with ("different from 30").
    pub mu: Option<f64>,
}

#[derive(Clone, Copy)]
enum Cue {
    Named(TestKind),
    TTest,
    Significance,
    Independence,
}

/// Words that ask for a test on their own.
const STRONG: &[(&str, Cue)] = &[
    ("statistically significant", Cue::Significance),
    ("significant", Cue::Significance),
    ("significantly", Cue::Significance),
    ("significance", Cue::Significance),
    ("statistiquement significatif", Cue::Significance),
    ("statistiquement significative", Cue::Significance),
    ("significatif", Cue::Significance),
    ("significative", Cue::Significance),
    ("significativement", Cue::Significance),
    ("estadisticamente significativa", Cue::Significance),
    ("estadisticamente significativo", Cue::Significance),
    ("significativo", Cue::Significance),
    ("significativa", Cue::Significance),
    ("significativamente", Cue::Significance),
    ("p value", Cue::Significance),
    ("test whether", Cue::Significance),
    ("test if", Cue::Significance),
    ("tester si", Cue::Significance),
    ("testez si", Cue::Significance),
    ("probar si", Cue::Significance),
    ("prueba si", Cue::Significance),
    ("shapiro wilk", Cue::Named(TestKind::Shapiro)),
    ("shapiro", Cue::Named(TestKind::Shapiro)),
    ("valeur p", Cue::Significance),
    ("valor p", Cue::Significance),
    ("p valor", Cue::Significance),
    ("p valeur", Cue::Significance),
    ("hypothesis test", Cue::Significance),
    ("test d hypothese", Cue::Significance),
    ("prueba de hipotesis", Cue::Significance),
    ("statistical test", Cue::Significance),
    ("test statistique", Cue::Significance),
    ("prueba estadistica", Cue::Significance),
    ("t test", Cue::TTest),
    ("ttest", Cue::TTest),
    ("test t", Cue::TTest),
    ("prueba t", Cue::TTest),
    ("test de student", Cue::TTest),
    ("prueba de student", Cue::TTest),
    ("t de student", Cue::TTest),
    ("student s t test", Cue::TTest),
    ("student t test", Cue::TTest),
    ("student test", Cue::TTest),
    ("welch", Cue::Named(TestKind::Welch)),
    // said before "equal variances" would be read as Student's
    ("unequal variance", Cue::Named(TestKind::Welch)),
    (
        "without assuming equal variance",
        Cue::Named(TestKind::Welch),
    ),
    ("not assuming equal variance", Cue::Named(TestKind::Welch)),
    ("variance inegale", Cue::Named(TestKind::Welch)),
    ("varianza desiguale", Cue::Named(TestKind::Welch)),
    ("varianza distinta", Cue::Named(TestKind::Welch)),
    ("mann whitney", Cue::Named(TestKind::MannWhitney)),
    ("wilcoxon rank sum", Cue::Named(TestKind::MannWhitney)),
    ("u de mann whitney", Cue::Named(TestKind::MannWhitney)),
    ("anova", Cue::Named(TestKind::Anova)),
    ("analysis of variance", Cue::Named(TestKind::Anova)),
    ("analyse de variance", Cue::Named(TestKind::Anova)),
    ("analyse de la variance", Cue::Named(TestKind::Anova)),
    ("analisis de varianza", Cue::Named(TestKind::Anova)),
    ("analisis de la varianza", Cue::Named(TestKind::Anova)),
    ("chi square", Cue::Named(TestKind::ChiSquare)),
    ("chi squared", Cue::Named(TestKind::ChiSquare)),
    ("chi2", Cue::Named(TestKind::ChiSquare)),
    ("khi2", Cue::Named(TestKind::ChiSquare)),
    ("khi deux", Cue::Named(TestKind::ChiSquare)),
    ("chi deux", Cue::Named(TestKind::ChiSquare)),
    ("khi carre", Cue::Named(TestKind::ChiSquare)),
    ("chi carre", Cue::Named(TestKind::ChiSquare)),
    ("chi cuadrado", Cue::Named(TestKind::ChiSquare)),
    ("ji cuadrado", Cue::Named(TestKind::ChiSquare)),
    (
        "kolmogorov smirnov",
        Cue::Named(TestKind::KolmogorovSmirnov),
    ),
    ("kolmogorov", Cue::Named(TestKind::KolmogorovSmirnov)),
    ("ks test", Cue::Named(TestKind::KolmogorovSmirnov)),
    ("test ks", Cue::Named(TestKind::KolmogorovSmirnov)),
    ("prueba ks", Cue::Named(TestKind::KolmogorovSmirnov)),
    ("d agostino", Cue::Named(TestKind::DAgostino)),
    ("dagostino", Cue::Named(TestKind::DAgostino)),
    ("agostino", Cue::Named(TestKind::DAgostino)),
    ("independent", Cue::Independence),
    ("independence", Cue::Independence),
    ("independant", Cue::Independence),
    ("independante", Cue::Independence),
    ("independance", Cue::Independence),
    ("independiente", Cue::Independence),
    ("independencia", Cue::Independence),
];

/// Words placed when a test is asked: what it compares, how it is said.
const WEAK: &[&str] = &[
    "compare",
    "comparing",
    "comparer",
    "comparez",
    "compara",
    "comparar",
    "across",
    "difference",
    "differ",
    "differs",
    "different",
    "differente",
    "diferencia",
    "diferente",
    "distinta",
    "distinto",
    "affect",
    "effect",
    "influence",
    "impact",
    "effet",
    "influe",
    "efecto",
    "influye",
    "afecta",
    "depend on",
    "depend",
    "depende de",
    "depende",
    "test",
    "tester",
    "testez",
    "teste",
    "prueba",
    "probar",
    "pruebe",
    "check",
    "verify",
    "verifie",
    "verifier",
    "comprueba",
    "whether",
    "si",
    "null hypothesis",
    "hypothese nulle",
    "hipotesis nula",
    "statistically",
    "statistiquement",
    "estadisticamente",
    "assuming",
    "en supposant",
    "suponiendo",
    "group",
    "groupe",
    "grupo",
    "it",
    // how benchmarks name a test and what it reports ("one-way ANOVA",
    // "two-sample t-test", "the F statistic", "W and the p-value")
    "one way",
    "two sample",
    "two samples",
    "two",
    "deux",
    "dos",
    "f",
    "w",
    "t",
    "u",
    "h",
    "chi square statistic",
    // "Report r and the p-value", "informa el valor p",
    // "Use a Welch t-test", "Utilisez un test t", "Usa una prueba t",
    // "una prueba de Shapiro sobre la columna time"
    "r",
    "rho",
    "informa",
    "indica",
    "indique",
    "use",
    "usa",
    "utilise",
    "utilisez",
    "utiliser",
    "usar",
    "sobre",
    // "the gap in charges", "la brecha" ("écart" is also a standard
    // deviation's word); "diffère-t-il selon
    // qu'elles ont une allée ou non"; "members and non-members"
    "gap",
    "brecha",
    "differe",
    "difieren",
    "difiere",
    "selon",
    "ou non",
    "or not",
    "o no",
    "non",
    // "Donnez la p-valeur", "Existe-t-il une corrélation", "une ANOVA à
    // un facteur", "indiquez"
    "donnez",
    "donner",
    "indiquez",
    "existe t il",
    "existe",
    "a un facteur",
    "un facteur",
    "de un factor",
    "un factor",
    "one factor",
];

/// Words that ask whether two columns are related (with a test asked).
const RELATED: &[&str] = &[
    "linear relationship",
    "linearly related",
    "linear association",
    "relation lineaire",
    "relacion lineal",
    "related",
    "associated",
    "association",
    "relationship",
    "lie",
    "liee",
    "associe",
    "associee",
    "relacionado",
    "relacionada",
    "asociado",
    "asociada",
    "relacion",
];

const EQUAL_VARIANCES: &[&str] = &[
    "equal variance",
    "same variance",
    "variance egale",
    "meme variance",
    "egalite des variance",
    "varianza iguale",
    "varianza igual",
    "misma varianza",
    "igualdad de varianza",
    "pooled",
];

const PAIRED: &[&str] = &[
    "paired",
    "apparie",
    "appariee",
    "pareado",
    "pareada",
    "emparejado",
    "emparejada",
];

/// Words of a level ("at the 5 % level", "au seuil de 1 %", "α = 0.01",
/// "is the p-value below 0.05").
const ALPHA_WORDS: &[&str] = &[
    "p",
    "value",
    "pvalue",
    "is",
    "below",
    "under",
    "less",
    "than",
    "at",
    "the",
    "a",
    "an",
    "of",
    "level",
    "alpha",
    "α",
    "=",
    "significance",
    "threshold",
    "confidence",
    "au",
    "seuil",
    "risque",
    "niveau",
    "de",
    "du",
    "signification",
    "confiance",
    "al",
    "un",
    "una",
    "nivel",
    "del",
    "con",
    "significacion",
    "significancia",
    "confianza",
    "en",
];

/// The words that say a level on their own (not "at" or "de" alone).
const ALPHA_CUES: &[&str] = &[
    "pvalue",
    "below",
    "at",
    "level",
    "alpha",
    "α",
    "significance",
    "threshold",
    "confidence",
    "au",
    "seuil",
    "risque",
    "niveau",
    "signification",
    "confiance",
    "al",
    "nivel",
    "significacion",
    "significancia",
    "confianza",
];

/// "different from 30", "différente de 30", "distinto de 30", "equal to 30".
const AGAINST: &[&str] = &[
    "different",
    "differ",
    "differs",
    "differente",
    "different",
    "diferente",
    "distinto",
    "distinta",
    "equal",
    "egal",
    "egale",
    "igual",
];

impl Reading<'_> {
    /// The words that ask for a test, its level, its options; placed before
    /// operations are read ("%" is no share here, "different" no count of
    /// distinct values).
    pub fn hypothesis_words(&mut self) {
        let mut asked = Asked::default();
        let mut found = false;
        let mut strong: Vec<&(&str, Cue)> = STRONG.iter().collect();
        strong.sort_by_key(|(p, _)| std::cmp::Reverse(p.split_whitespace().count()));
        for (phrase, cue) in strong {
            let len = phrase.split_whitespace().count();
            for start in self.g.find(phrase) {
                if !self.g.free(start, len) {
                    continue;
                }
                self.g.take(start, len);
                found = true;
                match cue {
                    Cue::Named(k) => asked.named = asked.named.or(Some(*k)),
                    Cue::TTest => asked.t_test = true,
                    Cue::Independence => asked.independence = true,
                    Cue::Significance => {}
                }
            }
        }
        asked.mu = self.against_value(found);
        found |= asked.mu.is_some();
        if !found {
            return;
        }
        asked.equal_var = self.g.take_all(EQUAL_VARIANCES);
        asked.paired = self.g.take_all(PAIRED);
        asked.independence |= self.g.take_all(RELATED);
        self.g.take_all(WEAK);
        self.coefficient_reported();
        asked.alpha = self.alpha();
        let said = self.say(
            "a hypothesis test".into(),
            "un test d'hypothèse".into(),
            "una prueba de hipótesis".into(),
        );
        self.understood.push(said);
        self.test = Some(asked);
    }

    /// "Report the coefficient and the p-value": the statistic reported,
    /// unless it names the correlation itself ("the Pearson coefficient",
    /// "coefficient of correlation"), left for the correlation's words.
    fn coefficient_reported(&mut self) {
        for i in 0..self.g.tokens.len() {
            let word = |at: Option<usize>| {
                at.and_then(|a| self.g.tokens.get(a))
                    .map_or("", |t| t.folded.as_str())
            };
            let coefficient = matches!(word(Some(i)), "coefficient" | "coeficiente");
            let named = matches!(
                word(i.checked_sub(1)),
                "pearson" | "spearman" | "correlation"
            ) || matches!(word(Some(i + 1)), "of" | "de");
            if coefficient && !named && self.g.free(i, 1) {
                self.g.take(i, 1);
            }
        }
    }

    /// "different from 30": the value a mean is tested against.
    /// "equal to 30" is such a value only beside a test's own words
    /// (`tested`); alone it is a condition ("the rows with op equal to 1").
    fn against_value(&mut self, tested: bool) -> Option<f64> {
        let tokens = &self.g.tokens;
        for i in 0..tokens.len() {
            if self.g.used[i] || !AGAINST.contains(&tokens[i].folded.as_str()) {
                continue;
            }
            let equal = matches!(
                tokens[i].folded.as_str(),
                "equal" | "egal" | "egale" | "igual"
            );
            if equal && !tested {
                continue;
            }
            // "different from 30", never "different 2024 orders".
            let j = i + 2;
            let joined = tokens.get(i + 1).is_some_and(|t| {
                matches!(
                    t.folded.as_str(),
                    "from" | "to" | "than" | "de" | "a" | "of"
                )
            });
            if !joined {
                continue;
            }
            let Some(t) = tokens.get(j) else { continue };
            let digits = t.folded.starts_with(|c: char| c.is_ascii_digit());
            let percent = tokens.get(j + 1).is_some_and(|n| n.folded == "%");
            if let (Some(n), true, false) = (text::number(t), digits, percent) {
                self.g.take(i, j + 1 - i);
                return Some(n);
            }
        }
        None
    }

    /// The level said: a number, with "%" or below 1, after a level's words.
    fn alpha(&mut self) -> Option<f64> {
        for i in 0..self.g.tokens.len() {
            let t = &self.g.tokens[i];
            if self.g.used[i] || !t.folded.starts_with(|c: char| c.is_ascii_digit()) {
                continue;
            }
            let Some(n) = text::number(t) else { continue };
            let percent = self.g.tokens.get(i + 1).is_some_and(|x| x.folded == "%");
            let mut end = if percent { i + 2 } else { i + 1 };
            let value = if percent { n / 100.0 } else { n };
            // The level's words before the number, and after it ("at the
            // 5% level", "5 % significance level").
            let mut start = i;
            while start > 0
                && i - (start - 1) <= ALPHA_REACH
                && ALPHA_WORDS.contains(&self.g.tokens[start - 1].folded.as_str())
            {
                start -= 1;
            }
            while self.g.tokens.get(end).is_some_and(|x| {
                matches!(
                    x.folded.as_str(),
                    "level" | "significance" | "confidence" | "threshold"
                )
            }) {
                end += 1;
            }
            let said: Vec<&str> = self.g.tokens[start..end]
                .iter()
                .map(|x| x.folded.as_str())
                .collect();
            if !said.iter().any(|w| ALPHA_CUES.contains(w)) {
                continue;
            }
            let confidence = said
                .iter()
                .any(|w| matches!(*w, "confidence" | "confiance" | "confianza"));
            let alpha = if confidence && value > 0.5 {
                1.0 - value
            } else {
                value
            };
            if alpha > 0.0 && alpha <= MAX_ALPHA {
                self.g.take(start, end - start);
                // Round away the float error of 1 - 0.95.
                return Some((alpha * 1e6).round() / 1e6);
            }
        }
        None
    }

    /// The test for what was placed.
    pub fn hypothesis(&mut self, source: &Source) -> Result<Recipe, GoalProblem> {
        let asked = self.test.clone().unwrap_or_default();
        let alpha = asked.alpha.unwrap_or(DEFAULT_ALPHA);
        if asked.alpha.is_none() {
            let said = self.say(
                format!("the significance level α = {DEFAULT_ALPHA} (no level was said)"),
                format!(
                    "le seuil de signification α = {} (aucun seuil n'était donné)",
                    fr_num(DEFAULT_ALPHA)
                ),
                format!(
                    "el nivel de significación α = {} (no se indicó ninguno)",
                    fr_num(DEFAULT_ALPHA)
                ),
            );
            let undo = crate::generator::plan::undo::at_end(
                &self.g.text,
                self.lang.pick("at 1%", "au seuil de 1 %", "al 1 %"),
            );
            self.assume(said, Some(undo));
        }
        let mut numbers: Vec<String> = Vec::new();
        let mut cats: Vec<String> = Vec::new();
        for m in &self.mentions {
            let kind = source.kind(&m.column);
            let list = if is_number(kind) {
                &mut numbers
            } else if matches!(kind, ColumnKind::Text | ColumnKind::Boolean) {
                &mut cats
            } else {
                continue;
            };
            if !list.contains(&m.column) {
                list.push(m.column.clone());
            }
        }
        let test = |kind, column: &String, other: Option<&String>| HypothesisTest {
            kind,
            column: column.clone(),
            other: other.cloned(),
            mu: None,
            alpha,
        };
        let normality = matches!(
            asked.named,
            Some(TestKind::KolmogorovSmirnov | TestKind::DAgostino | TestKind::Shapiro)
        ) || self.has(Op::Normality);
        if normality {
            let [column] = numbers.as_slice() else {
                return Err(self.test_needs_numbers(1));
            };
            let kind = asked.named.unwrap_or(TestKind::Shapiro);
            // "Is the distribution of wages normal?": the distribution is
            // what the test reads.
            self.ops.retain(|(_, o)| *o != Op::Distribution);
            self.g.take_all(&["normal", "normale", "normales"]);
            if kind == TestKind::Shapiro && asked.alpha.is_none() {
                // Shapiro-Wilk at 0.05: the normality recipe (`Normality`).
                self.assumptions.pop();
                return Ok(Recipe::Normality {
                    column: column.clone(),
                });
            }
            self.ops.retain(|(_, o)| *o != Op::Normality);
            return Ok(Recipe::Hypothesis(test(kind, column, None)));
        }
        if self.has(Op::Correlation) || self.has(Op::Spearman) {
            let [a, b] = numbers.as_slice() else {
                return Err(self.test_needs_numbers(2));
            };
            let kind = if self.has(Op::Spearman) {
                TestKind::Spearman
            } else {
                TestKind::Pearson
            };
            self.ops
                .retain(|(_, o)| !matches!(o, Op::Correlation | Op::Spearman));
            return Ok(Recipe::Hypothesis(test(kind, a, Some(b))));
        }
        if asked.named == Some(TestKind::ChiSquare) || asked.independence {
            return self.chi_square(&numbers, &cats, source, alpha);
        }
        if let Some(mu) = asked.mu {
            let [column] = numbers.as_slice() else {
                return Err(self.test_needs_numbers(1));
            };
            if self.group_by.is_some() || !cats.is_empty() {
                return Err(self.too_many());
            }
            self.ops.retain(|(_, o)| *o != Op::Stat(Stat::Mean));
            return Ok(Recipe::Hypothesis(HypothesisTest {
                mu: Some(mu),
                ..test(TestKind::OneSample, column, None)
            }));
        }
        if asked.paired {
            let [a, b] = numbers.as_slice() else {
                return Err(self.test_needs_numbers(2));
            };
            if self.group_by.is_some() || !cats.is_empty() {
                return Err(self.too_many());
            }
            self.ops.retain(|(_, o)| *o != Op::Stat(Stat::Mean));
            return Ok(Recipe::Hypothesis(test(TestKind::Paired, a, Some(b))));
        }
        self.groups_test(&numbers, &cats, &asked, alpha)
    }

    /// A test of a column of numbers between the groups of another.
    fn groups_test(
        &mut self,
        numbers: &[String],
        cats: &[String],
        asked: &Asked,
        alpha: f64,
    ) -> Result<Recipe, GoalProblem> {
        let numbers = self.codes_said_as_groups(numbers, cats);
        let [value] = numbers.as_slice() else {
            return Err(if numbers.is_empty() {
                self.test_needs_numbers(1)
            } else {
                self.too_many()
            });
        };
        let (group, levels) = self.test_groups(cats)?;
        let named_two = named_two_groups(asked);
        let count = match levels.as_ref().map(Vec::len) {
            None if named_two => {
                // A column of whole-number codes: its groups are read when
                // the code runs, and the test stops unless there are two.
                let said = self.say(
                    format!("the values of {group} are its groups: the test needs exactly two"),
                    format!("les valeurs de {group} sont ses groupes : le test en demande exactement deux"),
                    format!("los valores de {group} son sus grupos: la prueba necesita exactamente dos"),
                );
                self.assume(said, None);
                Some(2)
            }
            known => known,
        };
        let kind = match (asked.named, count) {
            (Some(TestKind::Anova), Some(n)) if n >= 2 => TestKind::Anova,
            (Some(TestKind::Anova), None) => TestKind::Anova,
            (_, Some(2)) if asked.named == Some(TestKind::MannWhitney) => TestKind::MannWhitney,
            (_, Some(2)) if asked.equal_var => TestKind::Student,
            (_, Some(2)) => {
                if asked.named != Some(TestKind::Welch) {
                    let said = self.say(
                        "Welch's t-test: the means are compared without assuming equal variances".into(),
                        "le test t de Welch : les moyennes sont comparées sans supposer des variances égales".into(),
                        "la prueba t de Welch: se comparan las medias sin suponer varianzas iguales".into(),
                    );
                    let undo = crate::generator::plan::undo::at_end(
                        &self.g.text,
                        self.lang.pick(
                            "assuming equal variances",
                            "en supposant des variances égales",
                            "suponiendo varianzas iguales",
                        ),
                    );
                    self.assume(said, Some(undo));
                }
                TestKind::Welch
            }
            (_, Some(n)) if n > 2 && !named_two && !asked.equal_var => {
                let said = self.say(
                    format!("a one-way ANOVA: the means of {value} are compared across the {n} groups of {group}"),
                    format!("une ANOVA à un facteur : les moyennes de {value} sont comparées entre les {n} groupes de {group}"),
                    format!("un ANOVA de un factor: se comparan las medias de {value} entre los {n} grupos de {group}"),
                );
                self.assume(said, None);
                TestKind::Anova
            }
            (_, Some(n)) if n > 2 => {
                return Err(self.which_test(&group, n));
            }
            _ => return Err(self.which_test(&group, 0)),
        };
        self.ops.retain(|(_, o)| *o != Op::Stat(Stat::Mean));
        self.group_by = Some(group.clone());
        Ok(Recipe::Hypothesis(HypothesisTest {
            kind,
            column: value.clone(),
            other: Some(group),
            mu: None,
            alpha,
        }))
    }

    /// "Speed across the Expt groups", "extra between the two groups
    /// (group)": of two columns of numbers and no column of categories, a
    /// column of whole numbers named after the measured one, past a word of
    /// grouping ("between", "across", "par", "según"...), holds the groups'
    /// codes; it becomes the grouping and the other is the one measured.
    fn codes_said_as_groups(&mut self, numbers: &[String], cats: &[String]) -> Vec<String> {
        let unchanged = numbers.to_vec();
        // "between male and female children": groups named by their
        // values are the groups ("children" is then the rows).
        let values_named = self
            .filters
            .iter()
            .any(|f| matches!(f.value, crate::generator::plan::FilterValue::List(_)));
        if numbers.len() != 2 || !cats.is_empty() || self.group_by.is_some() || values_named {
            return unchanged;
        }
        let first_at = |column: &str| {
            self.mentions
                .iter()
                .filter(|m| m.column == column)
                .map(|m| (m.start, m.start + m.len))
                .min()
        };
        let (Some(a), Some(b)) = (first_at(&numbers[0]), first_at(&numbers[1])) else {
            return unchanged;
        };
        let (measured, codes, from, to) = if a.0 < b.0 {
            (&numbers[0], &numbers[1], a.1, b.0)
        } else {
            (&numbers[1], &numbers[0], b.1, a.0)
        };
        let grouped = self.g.tokens[from..to]
            .iter()
            .any(|t| GROUPING.contains(&t.folded.as_str()));
        if self.kind(codes) != ColumnKind::Integer || !grouped {
            return unchanged;
        }
        self.group_by = Some(codes.clone());
        vec![measured.clone()]
    }

    /// The grouping column of a test and its groups: the grouping said
    /// ("per region"), the one column of categories named, or the column
    /// whose values are named ("men and women"). The values named become
    /// one filter (a strict part of the column's values), or none (all).
    fn test_groups(
        &mut self,
        cats: &[String],
    ) -> Result<(String, Option<Vec<String>>), GoalProblem> {
        let mut columns: Vec<String> = Vec::new();
        columns.extend(self.group_by.clone());
        for c in cats {
            if !columns.contains(c) {
                columns.push(c.clone());
            }
        }
        let filtered: Vec<String> = self
            .filters
            .iter()
            .filter(|f| f.cmp == crate::generator::terms::Cmp::Eq && f.part.is_none())
            .filter(|f| matches!(f.value, crate::generator::plan::FilterValue::List(_)))
            .map(|f| f.column.clone())
            .collect();
        if columns.is_empty() {
            // "men and women", "smokers": the values' column.
            for c in &filtered {
                if !columns.contains(c) {
                    columns.push(c.clone());
                }
            }
        }
        if columns.is_empty() {
            if let Some(found) = self.numbers_as_groups() {
                return Ok(found);
            }
        }
        let [group] = columns.as_slice() else {
            return Err(if columns.is_empty() {
                GoalProblem::NeedsColumn {
                    what: test_words(self.lang),
                    numbers: 0,
                    understood: self.understood.clone(),
                }
            } else {
                self.too_many()
            });
        };
        let group = group.clone();
        let all: Vec<String> = self
            .inputs
            .iter()
            .flat_map(|i| i.columns.iter())
            .find(|c| c.name == group)
            .map(|c| c.values.clone())
            .unwrap_or_default();
        let mut named: Vec<String> = Vec::new();
        for f in self.filters.iter().filter(|f| f.column == group) {
            if let (
                crate::generator::plan::FilterValue::List(v),
                crate::generator::terms::Cmp::Eq,
            ) = (&f.value, f.cmp)
            {
                named.extend(v.iter().cloned());
            }
        }
        named.sort();
        named.dedup();
        let levels = match named.len() {
            0 => (!all.is_empty()).then(|| all.clone()),
            // "do smokers pay more": the smokers against the others.
            1 if all.len() == 2 => {
                self.filters.retain(|f| f.column != group);
                let other = all
                    .iter()
                    .find(|v| !named.contains(v))
                    .cloned()
                    .unwrap_or_default();
                let said = self.say(
                    format!(
                        "the rows where {group} is {} compared with the rows where it is {other}",
                        named[0]
                    ),
                    format!(
                        "les lignes où {group} vaut {} comparées à celles où il vaut {other}",
                        named[0]
                    ),
                    format!(
                        "las filas donde {group} es {} comparadas con las filas donde es {other}",
                        named[0]
                    ),
                );
                self.assume(said, None);
                Some(all.clone())
            }
            1 => return Err(self.which_test(&group, all.len())),
            _ => {
                self.filters.retain(|f| f.column != group);
                if named.len() < all.len() {
                    self.filters.push(crate::generator::plan::Filter {
                        column: group.clone(),
                        cmp: crate::generator::terms::Cmp::Eq,
                        value: crate::generator::plan::FilterValue::List(named.clone()),
                        part: None,
                    });
                }
                Some(named)
            }
        };
        // "across the cut categories", "the ram sizes": the noun after
        // the groups' column names them.
        let after: Vec<usize> = self
            .mentions
            .iter()
            .filter(|m| m.column == group)
            .map(|m| m.start + m.len)
            .collect();
        for at in after {
            let noun = self.g.tokens.get(at).is_some_and(|t| {
                crate::generator::plan::glosses::GROUP_NOUNS.contains(&t.key.as_str())
            });
            if noun && self.g.free(at, 1) {
                self.g.take(at, 1);
            }
        }
        self.mentions.retain(|m| m.column != group);
        Ok((group, levels))
    }

    /// "between automatic (am = 0) and manual (am = 1) cars": two values or
    /// more of one column of whole numbers, each kept by a filter, are the
    /// groups compared; their filters become one ("am is 0 or 1").
    fn numbers_as_groups(&mut self) -> Option<(String, Option<Vec<String>>)> {
        use crate::generator::plan::{Filter, FilterValue};
        use crate::generator::terms::Cmp;
        let values_of = |f: &Filter| match (&f.value, f.cmp, f.part) {
            (FilterValue::Number(n), Cmp::Eq, None) => vec![*n],
            (FilterValue::AnyOf(v), Cmp::Eq, None) => v.clone(),
            _ => Vec::new(),
        };
        let integer = |name: &str| self.kind(name) == ColumnKind::Integer;
        let column = self
            .filters
            .iter()
            .find(|f| !values_of(f).is_empty() && integer(&f.column))?
            .column
            .clone();
        let mut values: Vec<f64> = self
            .filters
            .iter()
            .filter(|f| f.column == column)
            .flat_map(values_of)
            .collect();
        values.sort_by(f64::total_cmp);
        values.dedup();
        let others = self
            .filters
            .iter()
            .any(|f| f.column == column && values_of(f).is_empty());
        if values.len() < 2 || others {
            return None;
        }
        self.filters.retain(|f| f.column != column);
        self.filters.push(Filter {
            column: column.clone(),
            cmp: Cmp::Eq,
            value: FilterValue::AnyOf(values.clone()),
            part: None,
        });
        self.mentions.retain(|m| m.column != column);
        let levels = values.iter().map(|v| py_num(*v)).collect();
        Some((column, Some(levels)))
    }

    /// The chi-square test of two columns of categories (whole numbers
    /// with few values, such as a class or a 0/1 column, count as
    /// categories here).
    fn chi_square(
        &mut self,
        numbers: &[String],
        cats: &[String],
        source: &Source,
        alpha: f64,
    ) -> Result<Recipe, GoalProblem> {
        let mut columns: Vec<String> = Vec::new();
        columns.extend(self.group_by.clone());
        columns.extend(cats.iter().cloned());
        columns.extend(
            numbers
                .iter()
                .filter(|c| source.kind(c) == ColumnKind::Integer)
                .cloned(),
        );
        columns.dedup();
        // "between sex and smoker", "whether prefarea and airco are
        // independent": a yes/no column read as its "yes".
        while columns.len() < 2 && self.yes_no_as_column(&mut columns) {}
        let decimals = numbers
            .iter()
            .any(|c| source.kind(c) == ColumnKind::Decimal);
        let [a, b] = columns.as_slice() else {
            return Err(self.too_many());
        };
        if decimals {
            return Err(self.too_many());
        }
        let (a, b) = (a.clone(), b.clone());
        self.mentions.retain(|m| m.column != a && m.column != b);
        self.group_by = None;
        Ok(Recipe::Hypothesis(HypothesisTest {
            kind: TestKind::ChiSquare,
            column: a,
            other: Some(b),
            mu: None,
            alpha,
        }))
    }

    /// A one-value filter on a column of two values ("smoker" read as
    /// smoker = yes) names the column, not its rows, in a test of two
    /// columns: the filter goes, the column joins the test.
    fn yes_no_as_column(&mut self, columns: &mut Vec<String>) -> bool {
        let two_valued = |name: &str| {
            self.inputs
                .iter()
                .flat_map(|i| i.columns.iter())
                .any(|c| c.name == name && c.values.len() == 2)
        };
        let found = self.filters.iter().position(|f| {
            f.cmp == crate::generator::terms::Cmp::Eq
                && matches!(&f.value, crate::generator::plan::FilterValue::List(v) if v.len() == 1)
                && !columns.contains(&f.column)
                && two_valued(&f.column)
        });
        let Some(at) = found else { return false };
        let f = self.filters.remove(at);
        columns.push(f.column);
        true
    }

    fn test_needs_numbers(&self, n: usize) -> GoalProblem {
        GoalProblem::NeedsColumn {
            what: test_words(self.lang),
            numbers: n,
            understood: self.understood.clone(),
        }
    }

    fn too_many(&self) -> GoalProblem {
        GoalProblem::TooMany {
            understood: self.understood.clone(),
        }
    }

    /// Which test, when the goal does not say enough to choose.
    fn which_test(&self, group: &str, n: usize) -> GoalProblem {
        let question = if n > 2 {
            self.say(
                format!("{group} has {n} groups: a t-test or a Mann-Whitney test compares two. Name the two groups to compare, or ask for an ANOVA to compare them all"),
                format!("{group} a {n} groupes : un test t ou un test de Mann-Whitney en compare deux. Nommez les deux groupes à comparer, ou demandez une ANOVA pour les comparer tous"),
                format!("{group} tiene {n} grupos: una prueba t o una prueba de Mann-Whitney compara dos. Nombre los dos grupos que comparar, o pida un ANOVA para compararlos todos"),
            )
        } else {
            self.say(
                format!("which groups of {group} to compare is not clear: name them (for example \"between A and B\")"),
                format!("les groupes de {group} à comparer ne sont pas clairs : nommez-les (par exemple « entre A et B »)"),
                format!("no está claro qué grupos de {group} comparar: nómbrelos (por ejemplo «entre A y B»)"),
            )
        };
        GoalProblem::WhichTest { question }
    }
}

/// Words between a measured column and the column of its groups' codes
/// ("extra between the two groups (group)", "Speed across the Expt
/// groups", "alcohol entre las clases (target)").
const GROUPING: &[&str] = &[
    "between", "across", "among", "amongst", "by", "per", "entre", "selon", "par", "segun", "por",
];

/// A test of two groups was named: a t-test, Welch's, Student's or Mann–
/// Whitney's.
fn named_two_groups(asked: &Asked) -> bool {
    asked.t_test
        || matches!(
            asked.named,
            Some(TestKind::Welch | TestKind::Student | TestKind::MannWhitney)
        )
}

fn is_number(kind: ColumnKind) -> bool {
    matches!(kind, ColumnKind::Integer | ColumnKind::Decimal)
}

fn test_words(lang: Lang) -> String {
    lang.pick("hypothesis test", "test d'hypothèse", "prueba de hipótesis")
        .to_owned()
}

/// A number written the French and Spanish way (0,05).
fn fr_num(n: f64) -> String {
    format!("{n}").replace('.', ",")
}

/// α as written in the goal's language.
fn alpha_text(alpha: f64, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{alpha}"),
        Lang::Fr | Lang::Es => fr_num(alpha),
    }
}

/// Whether the recipe computes what `op` asks.
pub fn uses(test: &HypothesisTest, op: Op) -> bool {
    match op {
        Op::Stat(Stat::Mean) => matches!(
            test.kind,
            TestKind::Welch
                | TestKind::Student
                | TestKind::Anova
                | TestKind::OneSample
                | TestKind::Paired
        ),
        Op::Correlation | Op::Spearman => {
            matches!(test.kind, TestKind::Pearson | TestKind::Spearman)
        }
        Op::Normality => matches!(
            test.kind,
            TestKind::Shapiro | TestKind::KolmogorovSmirnov | TestKind::DAgostino
        ),
        _ => false,
    }
}

/// The columns a test uses.
pub fn columns(test: &HypothesisTest) -> Vec<&str> {
    let mut out = vec![test.column.as_str()];
    out.extend(test.other.as_deref());
    out
}

/// The test's name in the goal's language.
pub fn name(kind: TestKind, lang: Lang) -> String {
    let (en, fr, es) = match kind {
        TestKind::Welch => ("Welch's t-test", "test t de Welch", "prueba t de Welch"),
        TestKind::Student => (
            "Student's t-test (equal variances)",
            "test t de Student (variances égales)",
            "prueba t de Student (varianzas iguales)",
        ),
        TestKind::Paired => ("paired t-test", "test t apparié", "prueba t pareada"),
        TestKind::MannWhitney => (
            "Mann-Whitney U test",
            "test U de Mann-Whitney",
            "prueba U de Mann-Whitney",
        ),
        TestKind::Anova => ("one-way ANOVA", "ANOVA à un facteur", "ANOVA de un factor"),
        TestKind::ChiSquare => (
            "chi-square test of independence",
            "test du khi-deux d'indépendance",
            "prueba de chi cuadrado de independencia",
        ),
        TestKind::OneSample => (
            "one-sample t-test",
            "test t à un échantillon",
            "prueba t de una muestra",
        ),
        TestKind::Pearson => (
            "Pearson correlation test",
            "test de corrélation de Pearson",
            "prueba de correlación de Pearson",
        ),
        TestKind::Spearman => (
            "Spearman correlation test",
            "test de corrélation de Spearman",
            "prueba de correlación de Spearman",
        ),
        TestKind::Shapiro => (
            "Shapiro-Wilk normality test",
            "test de normalité de Shapiro-Wilk",
            "prueba de normalidad de Shapiro-Wilk",
        ),
        TestKind::KolmogorovSmirnov => (
            "Kolmogorov-Smirnov normality test",
            "test de normalité de Kolmogorov-Smirnov",
            "prueba de normalidad de Kolmogorov-Smirnov",
        ),
        TestKind::DAgostino => (
            "D'Agostino-Pearson K² normality test",
            "test de normalité K² de D'Agostino-Pearson",
            "prueba de normalidad K² de D'Agostino-Pearson",
        ),
    };
    lang.pick(en, fr, es).to_owned()
}

/// The null hypothesis, in words.
pub fn null_hypothesis(test: &HypothesisTest, lang: Lang) -> String {
    let c = &test.column;
    let o = test.other.as_deref().unwrap_or_default();
    match test.kind {
        TestKind::Welch | TestKind::Student | TestKind::Anova => lang.pick(
            format!("the mean of {c} is the same in every group of {o}"),
            format!("la moyenne de {c} est la même dans chaque groupe de {o}"),
            format!("la media de {c} es la misma en cada grupo de {o}"),
        ),
        TestKind::MannWhitney => lang.pick(
            format!("{c} is spread the same way in both groups of {o} (neither tends to be larger)"),
            format!("{c} se répartit de la même façon dans les deux groupes de {o} (aucun n'a tendance à être plus grand)"),
            format!("{c} se reparte igual en los dos grupos de {o} (ninguno tiende a ser mayor)"),
        ),
        TestKind::Paired => lang.pick(
            format!("the mean difference between {c} and {o} on the same row is 0"),
            format!("la différence moyenne entre {c} et {o} sur une même ligne est 0"),
            format!("la diferencia media entre {c} y {o} en la misma fila es 0"),
        ),
        TestKind::ChiSquare => lang.pick(
            format!("{c} and {o} are independent"),
            format!("{c} et {o} sont indépendants"),
            format!("{c} y {o} son independientes"),
        ),
        TestKind::OneSample => {
            let mu = py_num(test.mu.unwrap_or_default());
            lang.pick(
                format!("the mean of {c} is {mu}"),
                format!("la moyenne de {c} vaut {mu}"),
                format!("la media de {c} es {mu}"),
            )
        }
        TestKind::Pearson | TestKind::Spearman => lang.pick(
            format!("there is no correlation between {c} and {o}"),
            format!("il n'y a pas de corrélation entre {c} et {o}"),
            format!("no hay correlación entre {c} y {o}"),
        ),
        TestKind::Shapiro | TestKind::KolmogorovSmirnov | TestKind::DAgostino => lang.pick(
            format!("{c} follows a normal distribution"),
            format!("{c} suit une loi normale"),
            format!("{c} sigue una distribución normal"),
        ),
    }
}

/// The reading when p < α, and when not.
fn readings(test: &HypothesisTest, lang: Lang) -> (String, String) {
    let a = alpha_text(test.alpha, lang);
    let c = &test.column;
    let o = test.other.as_deref().unwrap_or_default();
    let (yes, no) = match test.kind {
        TestKind::Welch | TestKind::Student | TestKind::Anova | TestKind::MannWhitney => lang.pick(
            (
                format!("{c} differs between the groups of {o}"),
                format!("no evidence that {c} differs between the groups of {o}"),
            ),
            (
                format!("{c} diffère entre les groupes de {o}"),
                format!("rien ne montre que {c} diffère entre les groupes de {o}"),
            ),
            (
                format!("{c} difiere entre los grupos de {o}"),
                format!("nada indica que {c} difiera entre los grupos de {o}"),
            ),
        ),
        TestKind::Paired => lang.pick(
            (
                format!("{c} and {o} differ on average"),
                format!("no evidence that {c} and {o} differ on average"),
            ),
            (
                format!("{c} et {o} diffèrent en moyenne"),
                format!("rien ne montre que {c} et {o} diffèrent en moyenne"),
            ),
            (
                format!("{c} y {o} difieren en promedio"),
                format!("nada indica que {c} y {o} difieran en promedio"),
            ),
        ),
        TestKind::ChiSquare => lang.pick(
            (
                format!("{c} and {o} are related"),
                format!("no evidence that {c} and {o} are related"),
            ),
            (
                format!("{c} et {o} sont liés"),
                format!("rien ne montre que {c} et {o} soient liés"),
            ),
            (
                format!("{c} y {o} están relacionados"),
                format!("nada indica que {c} y {o} estén relacionados"),
            ),
        ),
        TestKind::OneSample => {
            let mu = py_num(test.mu.unwrap_or_default());
            lang.pick(
                (
                    format!("the mean of {c} differs from {mu}"),
                    format!("no evidence that the mean of {c} differs from {mu}"),
                ),
                (
                    format!("la moyenne de {c} diffère de {mu}"),
                    format!("rien ne montre que la moyenne de {c} diffère de {mu}"),
                ),
                (
                    format!("la media de {c} difiere de {mu}"),
                    format!("nada indica que la media de {c} difiera de {mu}"),
                ),
            )
        }
        TestKind::Pearson | TestKind::Spearman => lang.pick(
            (
                format!("{c} and {o} are correlated"),
                format!("no evidence of a correlation between {c} and {o}"),
            ),
            (
                format!("{c} et {o} sont corrélés"),
                format!("rien ne montre de corrélation entre {c} et {o}"),
            ),
            (
                format!("{c} y {o} están correlacionados"),
                format!("nada indica una correlación entre {c} y {o}"),
            ),
        ),
        TestKind::Shapiro | TestKind::KolmogorovSmirnov | TestKind::DAgostino => lang.pick(
            (
                format!("{c} does not follow a normal distribution"),
                format!("no evidence against a normal distribution of {c}"),
            ),
            (
                format!("{c} ne suit pas une loi normale"),
                format!("rien ne montre que {c} s'écarte d'une loi normale"),
            ),
            (
                format!("{c} no sigue una distribución normal"),
                format!("nada indica que {c} se aparte de una distribución normal"),
            ),
        ),
    };
    lang.pick(
        (
            format!("significant at α = {a} (p < {a}): the null hypothesis is rejected; {yes}"),
            format!("not significant at α = {a} (p ≥ {a}): the null hypothesis is not rejected; {no}"),
        ),
        (
            format!("significatif au seuil α = {a} (p < {a}) : l'hypothèse nulle est rejetée ; {yes}"),
            format!("non significatif au seuil α = {a} (p ≥ {a}) : l'hypothèse nulle n'est pas rejetée ; {no}"),
        ),
        (
            format!("significativo al nivel α = {a} (p < {a}): se rechaza la hipótesis nula; {yes}"),
            format!("no significativo al nivel α = {a} (p ≥ {a}): no se rechaza la hipótesis nula; {no}"),
        ),
    )
}

/// The names of the answers every test reports.
struct Names {
    p: &'static str,
    alpha: &'static str,
    null: &'static str,
    reading: &'static str,
    rows: &'static str,
}

fn names(lang: Lang) -> Names {
    match lang {
        Lang::En => Names {
            p: "p-value",
            alpha: "significance level α",
            null: "null hypothesis",
            reading: "reading",
            rows: "rows used",
        },
        Lang::Fr => Names {
            p: "valeur p",
            alpha: "seuil de signification α",
            null: "hypothèse nulle",
            reading: "lecture",
            rows: "lignes utilisées",
        },
        Lang::Es => Names {
            p: "valor p",
            alpha: "nivel de significación α",
            null: "hipótesis nula",
            reading: "lectura",
            rows: "filas usadas",
        },
    }
}

/// The prefix of the answers giving each group's size.
pub fn rows_prefix(lang: Lang) -> &'static str {
    names(lang).rows
}

/// The name of the p-value answer.
pub fn p_name(lang: Lang) -> &'static str {
    names(lang).p
}

/// The last lines of every test: p-value, α, null hypothesis, reading.
fn verdict(c: &mut Code, test: &HypothesisTest, lang: Lang) {
    let n = names(lang);
    let (yes, no) = readings(test, lang);
    c.line(format!("alpha = {}", py_num(test.alpha)));
    c.line(format!(
        "glovebox.answer({}, {})",
        py_str(n.p),
        c.value("float(p_value)")
    ));
    c.line(format!("glovebox.answer({}, alpha)", py_str(n.alpha)));
    c.line(format!(
        "glovebox.answer({}, {})",
        py_str(n.null),
        py_str(&null_hypothesis(test, lang))
    ));
    c.line(format!(
        "glovebox.answer({}, {} if p_value < alpha else {})",
        py_str(n.reading),
        py_str(&yes),
        py_str(&no)
    ));
}

/// The p-value and reading of a plain correlation (the `Correlation`
/// recipe), at [`DEFAULT_ALPHA`]; `a`, `b` and `both` are defined.
pub fn correlation_verdict(c: &mut Code, a: &str, b: &str, spearman: bool, lang: Lang) {
    let test = HypothesisTest {
        kind: if spearman {
            TestKind::Spearman
        } else {
            TestKind::Pearson
        },
        column: a.to_owned(),
        other: Some(b.to_owned()),
        mu: None,
        alpha: DEFAULT_ALPHA,
    };
    let f = if spearman { "spearmanr" } else { "pearsonr" };
    c.line(format!("statistic, p_value = stats.{f}(a[both], b[both])"));
    verdict(c, &test, lang);
}

/// The code of a hypothesis test.
pub fn code(c: &mut Code, plan: &Plan) {
    let Recipe::Hypothesis(test) = &plan.recipe else {
        return;
    };
    let lang = plan.lang;
    c.line(format!(
        "# {}: {}",
        name(test.kind, lang),
        null_hypothesis(test, lang)
    ));
    match test.kind {
        TestKind::Welch | TestKind::Student | TestKind::MannWhitney => {
            two_groups_code(c, test, lang)
        }
        TestKind::Anova => anova_code(c, test, lang),
        TestKind::ChiSquare => chi_square_code(c, test, lang),
        TestKind::OneSample | TestKind::Paired => one_sample_code(c, test, lang),
        TestKind::Pearson | TestKind::Spearman => {
            let (a, b) = (&test.column, test.other.as_deref().unwrap_or_default());
            c.line(format!("a = numbers({})", py_str(a)));
            c.line(format!("b = numbers({})", py_str(b)));
            c.line("both = a.notna() & b.notna()");
            let spearman = test.kind == TestKind::Spearman;
            let f = if spearman { "spearmanr" } else { "pearsonr" };
            c.line(format!("statistic, p_value = stats.{f}(a[both], b[both])"));
            let r = if spearman { "Spearman ρ" } else { "Pearson r" };
            c.line(format!(
                "glovebox.answer({}, {})",
                py_str(r),
                c.value("float(statistic)")
            ));
            c.line(format!(
                "glovebox.answer({}, int(both.sum()), unit=\"count\")",
                py_str(names(lang).rows)
            ));
        }
        TestKind::Shapiro | TestKind::KolmogorovSmirnov | TestKind::DAgostino => {
            normality_code(c, test, lang)
        }
    }
    verdict(c, test, lang);
}

/// Each group's values, in the groups' sorted order.
fn group_samples(c: &mut Code, test: &HypothesisTest) {
    let group = test.other.as_deref().unwrap_or_default();
    c.line(format!("values = numbers({})", py_str(&test.column)));
    group_used(c, group);
    c.line(format!("groups = data[{}]", py_str(group)));
    c.line("levels = sorted(groups.dropna().unique())");
    c.line("samples = [values[groups == level].dropna() for level in levels]");
}

/// Each group's size (and mean or median) as answers, and a table.
fn group_answers(c: &mut Code, test: &HypothesisTest, lang: Lang, median: bool) {
    let n = names(lang);
    let (stat, word) = if median {
        (Stat::Median, "median()")
    } else {
        (Stat::Mean, "mean()")
    };
    let measure = crate::generator::codegen::measure_name(stat, &test.column, lang);
    c.line("for level, sample in zip(levels, samples):");
    c.line(format!(
        "    glovebox.answer(f\"{} ({{level}})\", len(sample), unit=\"count\")",
        n.rows.replace('"', "")
    ));
    c.line(format!(
        "    glovebox.answer(f\"{} ({{level}})\", {})",
        measure.replace(['"', '{', '}'], ""),
        c.value(&format!("float(sample.{word})"))
    ));
}

fn two_groups_code(c: &mut Code, test: &HypothesisTest, lang: Lang) {
    group_samples(c, test);
    c.line("if len(levels) != 2:");
    c.line(format!(
        "    raise ValueError({})",
        py_str(&words(
            lang,
            "this test compares exactly two groups",
            "ce test compare exactement deux groupes",
            "esta prueba compara exactamente dos grupos",
        ))
    ));
    let (call, stat_name) = match test.kind {
        TestKind::MannWhitney => {
            c.line(format!(
                "# {}",
                words(
                    lang,
                    "The p-value uses the normal approximation with a correction for ties (method=\"asymptotic\"), the same whatever the groups' sizes.",
                    "La valeur p utilise l'approximation normale corrigée pour les ex æquo (method=\"asymptotic\"), la même quelle que soit la taille des groupes.",
                    "El valor p usa la aproximación normal con corrección por empates (method=\"asymptotic\"), la misma sea cual sea el tamaño de los grupos.",
                )
            ));
            (
                "stats.mannwhitneyu(samples[0], samples[1], alternative=\"two-sided\", method=\"asymptotic\")",
                "U",
            )
        }
        TestKind::Student => (
            "stats.ttest_ind(samples[0], samples[1], equal_var=True)",
            "t",
        ),
        _ => (
            "stats.ttest_ind(samples[0], samples[1], equal_var=False)",
            "t",
        ),
    };
    c.line(format!("statistic, p_value = {call}"));
    let label = statistic_label(test.kind, stat_name, lang);
    c.line(format!(
        "glovebox.answer({}, {})",
        py_str(&label),
        c.value("float(statistic)")
    ));
    group_answers(c, test, lang, test.kind == TestKind::MannWhitney);
}

fn statistic_label(kind: TestKind, stat: &str, lang: Lang) -> String {
    let short = match kind {
        TestKind::Welch => "Welch",
        TestKind::Student => "Student",
        TestKind::MannWhitney => "Mann-Whitney",
        TestKind::Anova => "ANOVA",
        TestKind::ChiSquare => "khi2",
        TestKind::OneSample => "1",
        TestKind::Paired => "paired",
        _ => "",
    };
    lang.pick(
        format!("{stat} statistic ({short})"),
        format!("statistique {stat} ({short})"),
        format!("estadístico {stat} ({short})"),
    )
}

fn anova_code(c: &mut Code, test: &HypothesisTest, lang: Lang) {
    group_samples(c, test);
    c.line("if len(levels) < 2:");
    c.line(format!(
        "    raise ValueError({})",
        py_str(&words(
            lang,
            "an ANOVA needs at least two groups",
            "une ANOVA demande au moins deux groupes",
            "un ANOVA necesita al menos dos grupos",
        ))
    ));
    c.line("statistic, p_value = stats.f_oneway(*samples)");
    let label = statistic_label(TestKind::Anova, "F", lang);
    c.line(format!(
        "glovebox.answer({}, {})",
        py_str(&label),
        c.value("float(statistic)")
    ));
    group_answers(c, test, lang, false);
}

fn chi_square_code(c: &mut Code, test: &HypothesisTest, lang: Lang) {
    let (a, b) = (&test.column, test.other.as_deref().unwrap_or_default());
    group_used(c, a);
    group_used(c, b);
    c.line(format!(
        "counts = pd.crosstab(data[{}], data[{}])",
        py_str(a),
        py_str(b)
    ));
    c.line(format!(
        "# {}",
        words(
            lang,
            "scipy applies Yates' continuity correction to a 2×2 table.",
            "scipy applique la correction de continuité de Yates à un tableau 2×2.",
            "scipy aplica la corrección de continuidad de Yates a una tabla 2×2.",
        )
    ));
    c.line("statistic, p_value, dof, expected = stats.chi2_contingency(counts)");
    let label = statistic_label(TestKind::ChiSquare, "χ²", lang);
    c.line(format!(
        "glovebox.answer({}, {})",
        py_str(&label),
        c.value("float(statistic)")
    ));
    c.line(format!(
        "glovebox.answer({}, int(dof), unit=\"count\")",
        py_str(&words(
            lang,
            "degrees of freedom",
            "degrés de liberté",
            "grados de libertad"
        ))
    ));
    c.line(format!(
        "glovebox.answer({}, int(counts.to_numpy().sum()), unit=\"count\")",
        py_str(names(lang).rows)
    ));
    c.line(format!(
        "glovebox.answer({}, float(expected.min()))",
        py_str(&words(
            lang,
            "smallest expected count",
            "plus petit effectif attendu",
            "menor frecuencia esperada",
        ))
    ));
    c.line(format!(
        "glovebox.table({}, counts)",
        py_str(&format!("{a} × {b}"))
    ));
}

fn one_sample_code(c: &mut Code, test: &HypothesisTest, lang: Lang) {
    let n = names(lang);
    if test.kind == TestKind::Paired {
        let b = test.other.as_deref().unwrap_or_default();
        c.line(format!("a = numbers({})", py_str(&test.column)));
        c.line(format!("b = numbers({})", py_str(b)));
        c.line("both = a.notna() & b.notna()");
        c.line("statistic, p_value = stats.ttest_rel(a[both], b[both])");
        c.line(format!(
            "glovebox.answer({}, {})",
            py_str(&statistic_label(TestKind::Paired, "t", lang)),
            c.value("float(statistic)")
        ));
        c.line(format!(
            "glovebox.answer({}, {})",
            py_str(&words(
                lang,
                "mean difference",
                "différence moyenne",
                "diferencia media"
            )),
            c.value("float((a[both] - b[both]).mean())")
        ));
        c.line(format!(
            "glovebox.answer({}, int(both.sum()), unit=\"count\")",
            py_str(n.rows)
        ));
        return;
    }
    let mu = py_num(test.mu.unwrap_or_default());
    c.line(format!(
        "values = numbers({}).dropna()",
        py_str(&test.column)
    ));
    c.line(format!(
        "statistic, p_value = stats.ttest_1samp(values, {mu})"
    ));
    c.line(format!(
        "glovebox.answer({}, {})",
        py_str(&statistic_label(TestKind::OneSample, "t", lang)),
        c.value("float(statistic)")
    ));
    c.line(format!(
        "glovebox.answer({}, {})",
        py_str(&crate::generator::codegen::measure_name(
            Stat::Mean,
            &test.column,
            lang
        )),
        c.value("float(values.mean())")
    ));
    c.line(format!(
        "glovebox.answer({}, len(values), unit=\"count\")",
        py_str(n.rows)
    ));
}

fn normality_code(c: &mut Code, test: &HypothesisTest, lang: Lang) {
    let n = names(lang);
    c.line(format!(
        "values = numbers({}).dropna()",
        py_str(&test.column)
    ));
    let label = match test.kind {
        TestKind::KolmogorovSmirnov => {
            c.line(format!(
                "# {}",
                words(
                    lang,
                    "Compared with a normal distribution of the sample's mean and standard deviation; the p-value uses the asymptotic distribution (method=\"asymp\").",
                    "Comparaison avec une loi normale de même moyenne et même écart-type que l'échantillon ; la valeur p utilise la loi asymptotique (method=\"asymp\").",
                    "Comparación con una distribución normal de la misma media y desviación estándar que la muestra; el valor p usa la distribución asintótica (method=\"asymp\").",
                )
            ));
            c.line("statistic, p_value = stats.kstest(values, \"norm\", args=(values.mean(), values.std()), method=\"asymp\")");
            "Kolmogorov-Smirnov D"
        }
        TestKind::DAgostino => {
            c.line("statistic, p_value = stats.normaltest(values)");
            "D'Agostino K²"
        }
        _ => {
            c.line(format!(
                "sample = values.sample({0}, random_state=0) if len(values) > {0} else values",
                crate::generator::codegen::SHAPIRO_MAX_VALUES
            ));
            c.line("statistic, p_value = stats.shapiro(sample)");
            "Shapiro-Wilk W"
        }
    };
    c.line(format!(
        "glovebox.answer({}, {})",
        py_str(label),
        c.value("float(statistic)")
    ));
    c.line(format!(
        "glovebox.answer({}, len(values), unit=\"count\")",
        py_str(n.rows)
    ));
}

/// What a test computed, for the explanation.
pub fn what(plan: &Plan, test: &HypothesisTest) -> String {
    let lang = plan.lang;
    let file = plan.source.display_name();
    let name = name(test.kind, lang);
    let null = null_hypothesis(test, lang);
    let a = alpha_text(test.alpha, lang);
    lang.pick(
        format!("test run on {file}: {name}; null hypothesis: {null}; read at the significance level α = {a}"),
        format!("test appliqué à {file} : {name} ; hypothèse nulle : {null} ; lu au seuil α = {a}"),
        format!("prueba aplicada a {file}: {name}; hipótesis nula: {null}; leída al nivel α = {a}"),
    )
}

/// The caveats of a test: its p-value against α, the groups' sizes, what
/// a p-value does not say.
pub fn caveats(
    plan: &Plan,
    test: &HypothesisTest,
    answers: &[(String, Option<f64>)],
) -> Vec<String> {
    let lang = plan.lang;
    let mut out = Vec::new();
    let p = answers
        .iter()
        .find(|(n, _)| n == p_name(lang))
        .and_then(|(_, v)| *v);
    if let Some(p) = p {
        let shown = match lang {
            Lang::En => crate::generator::explain::short(p),
            Lang::Fr | Lang::Es => crate::generator::explain::short(p).replace('.', ","),
        };
        let a = alpha_text(test.alpha, lang);
        let below = p < test.alpha;
        out.push(match (lang, below) {
            (Lang::En, true) => format!("the p-value is {shown}, below α = {a}: a result this far from the null hypothesis would be rare if it were true"),
            (Lang::En, false) => format!("the p-value is {shown}, not below α = {a}: the data are compatible with the null hypothesis, which does not prove it"),
            (Lang::Fr, true) => format!("la valeur p est {shown}, sous α = {a} : un résultat aussi éloigné de l'hypothèse nulle serait rare si elle était vraie"),
            (Lang::Fr, false) => format!("la valeur p est {shown}, pas sous α = {a} : les données sont compatibles avec l'hypothèse nulle, ce qui ne la prouve pas"),
            (Lang::Es, true) => format!("el valor p es {shown}, menor que α = {a}: un resultado tan alejado de la hipótesis nula sería raro si fuera cierta"),
            (Lang::Es, false) => format!("el valor p es {shown}, no menor que α = {a}: los datos son compatibles con la hipótesis nula, lo que no la prueba"),
        });
    }
    let prefix = format!("{} (", rows_prefix(lang));
    let sizes: Vec<String> = answers
        .iter()
        .filter_map(|(n, v)| {
            let group = n.strip_prefix(&prefix)?.strip_suffix(')')?;
            Some(format!(
                "{group}{}{}",
                lang.pick(": ", " : ", ": "),
                (*v)? as u64
            ))
        })
        .collect();
    if !sizes.is_empty() {
        let s = sizes.join(", ");
        out.push(lang.pick(
            format!("rows per group: {s}"),
            format!("lignes par groupe : {s}"),
            format!("filas por grupo: {s}"),
        ));
    }
    let extra = match test.kind {
        TestKind::ChiSquare => Some(lang.pick(
            "the chi-square test is reliable when every expected count is at least 5 (see the smallest expected count)",
            "le test du khi-deux est fiable quand chaque effectif attendu vaut au moins 5 (voir le plus petit effectif attendu)",
            "la prueba de chi cuadrado es fiable cuando cada frecuencia esperada es al menos 5 (vea la menor frecuencia esperada)",
        )),
        TestKind::KolmogorovSmirnov => Some(lang.pick(
            "the mean and standard deviation come from the same values, which makes the Kolmogorov-Smirnov p-value too large (Lilliefors); Shapiro-Wilk is stricter",
            "la moyenne et l'écart-type viennent des mêmes valeurs, ce qui rend la valeur p de Kolmogorov-Smirnov trop grande (Lilliefors) ; Shapiro-Wilk est plus strict",
            "la media y la desviación estándar salen de los mismos valores, lo que hace el valor p de Kolmogorov-Smirnov demasiado grande (Lilliefors); Shapiro-Wilk es más estricto",
        )),
        _ => Some(lang.pick(
            "a significant result says the difference is unlikely to be chance alone, not how large or important it is, nor what causes it",
            "un résultat significatif dit que l'écart n'est probablement pas dû au seul hasard, pas s'il est grand ou important, ni ce qui le cause",
            "un resultado significativo dice que la diferencia probablemente no se debe solo al azar, no si es grande o importante, ni qué la causa",
        )),
    };
    out.extend(extra.map(str::to_owned));
    out
}

#[cfg(test)]
/// The canonical form of a test in the golden corpora (see the module doc).
pub fn canonical(test: &HypothesisTest) -> String {
    let f = match test.kind {
        TestKind::Welch => "welch",
        TestKind::Student => "student",
        TestKind::Paired => "paired",
        TestKind::MannWhitney => "mannwhitney",
        TestKind::Anova => "anova",
        TestKind::ChiSquare => "chi2",
        TestKind::OneSample => "onesample",
        TestKind::Pearson => "pearsonp",
        TestKind::Spearman => "spearmanp",
        TestKind::Shapiro => "shapiro",
        TestKind::KolmogorovSmirnov => "ks",
        TestKind::DAgostino => "dagostino",
    };
    let mut args = vec![test.column.clone()];
    args.extend(test.other.clone());
    args.extend(test.mu.map(|m| format!("{m}")));
    if test.alpha != DEFAULT_ALPHA || test.kind == TestKind::Shapiro {
        args.push(format!("{}", test.alpha));
    }
    format!("{f}({})", args.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::plan::plan;

    fn planned(file: &str, goal: &str) -> Result<Recipe, GoalProblem> {
        let inputs = [crate::generator::golden_input(file)];
        plan(goal, Lang::detect(goal), &inputs).map(|p| p.recipe)
    }

    fn test_of(file: &str, goal: &str) -> HypothesisTest {
        match planned(file, goal) {
            Ok(Recipe::Hypothesis(t)) => t,
            other => panic!("{goal}: {other:?}"),
        }
    }

    #[test]
    fn whole_number_codes_named_after_a_grouping_word_are_the_groups() {
        let t = test_of(
            "pub4-sleep.csv",
            "Use a Welch t-test to compare extra between the two groups (group).",
        );
        assert_eq!(
            (t.column.as_str(), t.other.as_deref()),
            ("extra", Some("group"))
        );
        for (goal, kind) in [
            (
                "one-way ANOVA of Speed across the Expt groups",
                TestKind::Anova,
            ),
            ("Mann-Whitney test of Speed per Expt", TestKind::MannWhitney),
        ] {
            let t = test_of("pub4-morley.csv", goal);
            assert_eq!((t.kind, t.column.as_str()), (kind, "Speed"), "{goal}");
            assert_eq!(t.other.as_deref(), Some("Expt"));
        }
        // Two columns of numbers with no word of grouping: which is which
        // is not said.
        assert!(matches!(
            planned("pub4-morley.csv", "Welch t-test of Speed and Expt"),
            Err(GoalProblem::TooMany { .. })
        ));
        // Values of a column of codes, each in its condition, are its groups.
        let plan = plan(
            "Is there a significant difference in mpg between automatic (am = 0) and manual (am = 1) cars? Use Welch's t-test.",
            Lang::En,
            &[crate::generator::golden_input("pub-mtcars.csv")],
        )
        .unwrap();
        let Recipe::Hypothesis(t) = &plan.recipe else {
            panic!("{:?}", plan.recipe)
        };
        assert_eq!((t.kind, t.other.as_deref()), (TestKind::Welch, Some("am")));
        assert_eq!(plan.filters.len(), 1, "{:?}", plan.filters);
    }

    #[test]
    fn two_yes_no_columns_said_independent_are_a_chi_square() {
        let t = test_of(
            "pub7-housing.csv",
            "Test whether prefarea and airco are independent with a chi-square test.",
        );
        assert_eq!(t.kind, TestKind::ChiSquare);
        let mut pair = [t.column.as_str(), t.other.as_deref().unwrap_or_default()];
        pair.sort();
        assert_eq!(pair, ["airco", "prefarea"]);
    }

    #[test]
    fn the_level_is_read_in_three_languages() {
        let cases = [
            ("is the difference in charges between smokers and non-smokers significant at 1%?", 0.01),
            ("t-test of charges by smoker, α = 0.1", 0.1),
            ("la différence de charges selon smoker est-elle significative au seuil de 5 % ?", 0.05),
            ("¿hay una diferencia significativa de charges por smoker con un nivel de significación del 10 %?", 0.1),
        ];
        for (goal, alpha) in cases {
            assert_eq!(test_of("insurance.csv", goal).alpha, alpha, "{goal}");
        }
    }

    #[test]
    fn two_groups_are_welch_by_default_and_student_when_said() {
        let t = test_of(
            "hr.csv",
            "Is the salary difference between men and women statistically significant?",
        );
        assert_eq!(
            (t.kind, t.column.as_str(), t.other.as_deref()),
            (TestKind::Welch, "salary", Some("gender"))
        );
        let t = test_of(
            "hr.csv",
            "t-test of salary between men and women assuming equal variances",
        );
        assert_eq!(t.kind, TestKind::Student);
    }

    #[test]
    fn many_groups_are_an_anova_or_a_question() {
        let t = test_of("insurance.csv", "does the region affect charges (ANOVA)");
        assert_eq!(t.kind, TestKind::Anova);
        assert!(matches!(
            planned("insurance.csv", "t-test of charges by region"),
            Err(GoalProblem::WhichTest { .. })
        ));
    }

    #[test]
    fn independence_of_two_categories_is_a_chi_square() {
        let t = test_of("insurance.csv", "test whether sex and smoker are related");
        assert_eq!(t.kind, TestKind::ChiSquare);
        let t = test_of("passengers.csv", "is Survived independent of Pclass?");
        assert_eq!(t.kind, TestKind::ChiSquare);
    }

    /// Every answered goal of `steps-tests.txt` writes code the policy
    /// allows, importing scipy's stats and stating the null hypothesis.
    #[test]
    fn every_test_goal_writes_code_the_policy_allows() {
        use crate::policy::{self, Profile, Verdict};
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/golden/steps-tests.txt");
        let corpus = std::fs::read_to_string(path).expect("steps-tests.txt");
        let mut checked = 0;
        for line in corpus
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            let parts: Vec<&str> = line.split(" | ").collect();
            let (file, goal) = (parts[0], parts[1]);
            let inputs = [crate::generator::golden_input(file)];
            let lang = Lang::detect(goal);
            let Ok(p) = plan(goal, lang, &inputs) else {
                continue;
            };
            let code = crate::generator::codegen::generate(&p, goal);
            let report = policy::check(&code, lang, &Profile::builtin());
            assert_eq!(
                report.verdict,
                Verdict::Allow,
                "{goal}: {:?}\n{code}",
                report.findings
            );
            assert!(code.contains("from scipy import stats"), "{goal}");
            if let Recipe::Hypothesis(t) = &p.recipe {
                assert!(
                    code.contains(&py_str(&null_hypothesis(t, lang))),
                    "{goal}\n{code}"
                );
            }
            checked += 1;
        }
        assert!(checked >= 35, "{checked}");
    }

    #[test]
    fn a_plain_correlation_reports_its_p_value_under_the_old_names() {
        let inputs = [crate::generator::golden_input("insurance.csv")];
        let p = plan("correlation between age and charges", Lang::En, &inputs).expect("plan");
        assert!(matches!(p.recipe, Recipe::Correlation { .. }));
        let code = crate::generator::codegen::generate(&p, "correlation between age and charges");
        assert!(
            code.contains("\"correlation between age and charges (Pearson)\""),
            "{code}"
        );
        assert!(code.contains("stats.pearsonr(a[both], b[both])"), "{code}");
        assert!(
            code.contains("glovebox.answer(\"p-value\", float(p_value))"),
            "{code}"
        );
    }

    #[test]
    fn the_default_level_is_an_assumption_that_can_be_changed() {
        let inputs = [crate::generator::golden_input("insurance.csv")];
        let goal = "is there a significant difference in charges between smokers and non-smokers?";
        let p = plan(goal, Lang::En, &inputs).expect("plan");
        let texts: Vec<&str> = p.assumptions.iter().map(|a| a.text.as_str()).collect();
        assert!(texts.iter().any(|t| t.contains("α = 0.05")), "{texts:?}");
        assert!(texts.iter().any(|t| t.contains("Welch")), "{texts:?}");
        let instead: Vec<&str> = p
            .assumptions
            .iter()
            .filter_map(|a| a.instead.as_deref())
            .collect();
        assert!(
            instead.iter().any(|g| g.contains("non-smokers at 1%")),
            "{instead:?}"
        );
        assert!(
            instead
                .iter()
                .any(|g| g.contains("non-smokers assuming equal variances")),
            "{instead:?}"
        );
    }

    #[test]
    fn a_test_that_is_not_clear_offers_the_anova() {
        let inputs = [crate::generator::golden_input("insurance.csv")];
        let goal = "t-test of charges by region";
        let problem = plan(goal, Lang::En, &inputs).expect_err("which test");
        let offered =
            crate::generator::plan::rephrase::suggestions(&problem, goal, Lang::En, &inputs);
        assert!(
            offered
                .iter()
                .any(|g| g == "t-test of charges by region (ANOVA)"),
            "{offered:?}"
        );
        let t = test_of("insurance.csv", "t-test of charges by region (ANOVA)");
        assert_eq!(t.kind, TestKind::Anova);
    }

    /// The explanation states the test, its null hypothesis, α, the
    /// p-value against α and the groups' sizes, in the goal's language.
    #[test]
    fn explanations_in_three_languages() {
        let mut texts = Vec::new();
        for (goal, p, rows) in [
            (
                "is there a significant difference in charges between smokers and non-smokers?",
                "p-value",
                "rows used",
            ),
            (
                "la différence de charges entre fumeurs et non-fumeurs est-elle significative ?",
                "valeur p",
                "lignes utilisées",
            ),
            (
                "¿hay una diferencia significativa de charges entre fumadores y no fumadores?",
                "valor p",
                "filas usadas",
            ),
        ] {
            let json = format!(
                r#"{{"answers": [{{"name": "{p}", "value": 0.0123, "unit": null}},
                    {{"name": "{rows} (no)", "value": 194, "unit": "count"}},
                    {{"name": "{rows} (yes)", "value": 56, "unit": "count"}}],
                  "tables": [{{"name": "row_counts", "columns": ["step", "rows"],
                    "rows": [["read", 250], ["kept", 250]], "total_rows": 2}}],
                  "charts": [], "notes": [], "files_opened": [], "network_events": [], "process_events": []}}"#
            );
            let result: crate::validate::CheckedResult =
                serde_json::from_str(&json).expect("result");
            let inputs = [crate::generator::golden_input("insurance.csv")];
            let p = plan(goal, Lang::detect(goal), &inputs).expect("plan");
            texts.push(crate::generator::explain::explain(&p, &result));
        }
        expect_test::expect![[r#"
            Test run on insurance.csv: Welch's t-test; null hypothesis: the mean of charges is the same in every group of smoker; read at the significance level α = 0.05. Assumed: the significance level α = 0.05 (no level was said). Assumed: Welch's t-test: the means are compared without assuming equal variances. 250 rows of insurance.csv were read. The p-value is 0.0123, below α = 0.05: a result this far from the null hypothesis would be rare if it were true. Rows per group: no: 194, yes: 56. A significant result says the difference is unlikely to be chance alone, not how large or important it is, nor what causes it.
            Test appliqué à insurance.csv : test t de Welch ; hypothèse nulle : la moyenne de charges est la même dans chaque groupe de smoker ; lu au seuil α = 0,05. Hypothèse : le seuil de signification α = 0,05 (aucun seuil n'était donné). Hypothèse : le test t de Welch : les moyennes sont comparées sans supposer des variances égales. 250 lignes de insurance.csv ont été lues. La valeur p est 0,0123, sous α = 0,05 : un résultat aussi éloigné de l'hypothèse nulle serait rare si elle était vraie. Lignes par groupe : no : 194, yes : 56. Un résultat significatif dit que l'écart n'est probablement pas dû au seul hasard, pas s'il est grand ou important, ni ce qui le cause.
            Prueba aplicada a insurance.csv: prueba t de Welch; hipótesis nula: la media de charges es la misma en cada grupo de smoker; leída al nivel α = 0,05. Supuesto: el nivel de significación α = 0,05 (no se indicó ninguno). Supuesto: la prueba t de Welch: se comparan las medias sin suponer varianzas iguales. Se leyeron 250 filas de insurance.csv. El valor p es 0,0123, menor que α = 0,05: un resultado tan alejado de la hipótesis nula sería raro si fuera cierta. Filas por grupo: no: 194, yes: 56. Un resultado significativo dice que la diferencia probablemente no se debe solo al azar, no si es grande o importante, ni qué la causa."#]].assert_eq(&texts.join("\n"));
    }

    #[test]
    fn a_mean_against_a_value_is_a_one_sample_test() {
        let t = test_of("passengers.csv", "is the mean fare different from 30");
        assert_eq!((t.kind, t.mu), (TestKind::OneSample, Some(30.0)));
    }
}
