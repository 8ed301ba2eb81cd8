//! Text checks behind the gadget rules: what a string handed to an
//! expression evaluator (`pd.eval`, `DataFrame.query/eval`, formulas), an
//! attribute walker (`operator.attrgetter`, `Formatter.get_field`) or a
//! pandas option setter may contain. Pure functions on text; the profile
//! lists which qualified names are gadgets (`gadgets` in `profile.json`).

use serde::Deserialize;

/// What a gadget does with what it is given, which decides how its uses
/// are checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GadgetKind {
    /// Walks attributes named in a string (`operator.attrgetter`): allowed
    /// only when called with literal, public, harmless names.
    AttributeWalker,
    /// Walks a format field (`Formatter.get_field("0.a")`): literal, public fields only.
    FieldWalker,
    /// Evaluates an expression text (`pd.eval`, `df.query`): allowed only
    /// when called with a literal plain column expression.
    Expression,
    /// Evaluates a model formula (patsy, statsmodels): same, with `~`.
    Formula,
    /// Turns text into Python with no way to check it (`typing.get_type_hints`,
    /// `string.Formatter`): refused wherever it is named.
    Evaluator,
    /// Unpickles (`pd.read_pickle`, `joblib`): refused wherever it is named.
    Pickle,
    /// `numpy.load`: allowed unless `allow_pickle` is given by position.
    NumpyLoad,
    /// Starts other programs (`read_clipboard`, `numpy.f2py`): refused.
    RunsPrograms,
    /// Sets pandas options (`pd.set_option`): the option named must be a
    /// literal that cannot select `plotting.backend` (a module imported by name).
    OptionSetter,
    /// Imports a module named by its argument (`matplotlib.use`): a literal
    /// backend name only, not `module://…`.
    ImportsByName,
    /// Downloads data (`sklearn.datasets.fetch_openml`, `sns.load_dataset`):
    /// refused wherever it is named, the sandbox has no network.
    Network,
    /// Reads matplotlib settings from a file (`matplotlib.rc_file`), which
    /// can name a backend module or a program: refused wherever it is named.
    SettingsFile,
    /// Applies a matplotlib style (`plt.style.use`) or settings
    /// (`rc_context`): a built-in style name or a dict only, no file.
    StyleSheet,
}

/// Where a gadget's last name is recognised on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeafMatch {
    /// On any object (`x.attrgetter`, `anything.read_pickle`): a distinctive name.
    Anywhere,
    /// Only on an object the check cannot resolve (`df.query`): a common
    /// name (`json.load` is not `numpy.load`).
    UnknownObject,
    /// Only by its qualified name.
    Never,
}

/// One gadget of the profile.
#[derive(Debug, Clone, Deserialize)]
pub struct Gadget {
    /// Qualified name (`operator.attrgetter`); everything under it is covered too.
    pub name: String,
    /// How its uses are checked.
    pub kind: GadgetKind,
    /// Where its last name alone is recognised.
    pub leaf: LeafMatch,
}

impl Gadget {
    /// The last component of the name.
    pub fn leaf_name(&self) -> &str {
        self.name.rsplit('.').next().unwrap_or(&self.name)
    }
}

/// Python keywords a plain expression may use.
const EXPRESSION_KEYWORDS: [&str; 8] = ["and", "or", "not", "in", "is", "True", "False", "None"];

/// Every Python keyword (the others are refused in an expression text).
const PYTHON_KEYWORDS: [&str; 35] = [
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

/// Functions pandas' expression language offers by name.
const MATH_FUNCTIONS: [&str; 22] = [
    "sin", "cos", "tan", "exp", "log", "log10", "log1p", "expm1", "sqrt", "abs", "floor", "ceil",
    "sinh", "cosh", "tanh", "arcsin", "arccos", "arctan", "arctan2", "arcsinh", "arccosh",
    "arctanh",
];

/// Functions a model formula may call (patsy's categorical and identity markers).
const FORMULA_FUNCTIONS: [&str; 4] = ["C", "I", "Q", "center"];

/// Column accessors and properties an expression may reach with `.`.
const ACCESSORS: [&str; 17] = [
    "str",
    "dt",
    "year",
    "month",
    "day",
    "hour",
    "minute",
    "second",
    "quarter",
    "dayofweek",
    "dayofyear",
    "weekday",
    "date",
    "is_month_start",
    "is_month_end",
    "days",
    "size",
];

/// Column methods an expression may call.
const METHODS: [&str; 14] = [
    "contains",
    "startswith",
    "endswith",
    "lower",
    "upper",
    "strip",
    "len",
    "isna",
    "notna",
    "isnull",
    "notnull",
    "isin",
    "between",
    "abs",
];

/// Operators and punctuation of a plain expression.
const OPERATOR_CHARS: &str = "+-*/%<>=!&|~^()[],:";

/// Settings (matplotlib rc keys) that make a library start another program
/// (TeX, ffmpeg, ImageMagick) or run one at a configured path.
pub const PROGRAM_SETTINGS: [&str; 6] = [
    "text.usetex",
    "animation.ffmpeg_path",
    "animation.convert_path",
    "animation.writer",
    "pgf.texsystem",
    "ps.usedistiller",
];

/// Keywords that turn on such a program (`plt.rc("text", usetex=True)`).
pub const PROGRAM_KEYWORDS: [&str; 1] = ["usetex"];

/// A plotting backend named by text, which the library imports as a module
/// (`matplotlib.use("module://x")`, `rcParams["backend"]`, `plotting.backend`).
pub fn names_backend_module(text: &str) -> bool {
    let t = text.trim();
    t.starts_with("module://") || t == "backend" || t.ends_with(".backend")
}

/// Which expression language a text is checked against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grammar {
    /// `pd.eval`, `df.query`, `df.eval`.
    Expression,
    /// A patsy / statsmodels formula (`y ~ x + C(region)`).
    Formula,
}

/// Why an expression text is not plain: the piece that is not.
pub type NotPlain = String;

/// Checks that `text` is a plain column expression: names (not `reserved`,
/// not private, not keywords that build code), numbers, quoted texts,
/// operators, a few column accessors and math functions. No attribute walk,
/// no `@`, no call of anything else. `Err` carries the offending piece.
pub fn plain_expression(
    text: &str,
    grammar: Grammar,
    reserved: &dyn Fn(&str) -> bool,
) -> Result<(), NotPlain> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut after_dot = false;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if matches!(c, '\'' | '"' | '`') {
            if after_dot {
                return Err(format!(".{c}"));
            }
            let close = chars[i + 1..]
                .iter()
                .position(|d| *d == c)
                .ok_or_else(|| c.to_string())?;
            i += close + 2;
        } else if c.is_ascii_digit() {
            if after_dot {
                return Err(format!(".{c}"));
            }
            i = number_end(&chars, i);
        } else if c.is_ascii_alphabetic() || c == '_' {
            let end = chars[i..]
                .iter()
                .position(|d| !(d.is_ascii_alphanumeric() || *d == '_'))
                .map_or(chars.len(), |p| i + p);
            let word: String = chars[i..end].iter().collect();
            let called = chars[end..].iter().find(|d| !d.is_whitespace()) == Some(&'(');
            name_is_plain(&word, after_dot, called, grammar, reserved)?;
            after_dot = false;
            i = end;
        } else if c == '.' {
            if after_dot || !chars.get(i + 1).is_some_and(|d| d.is_ascii_alphabetic()) {
                return Err(".".into());
            }
            after_dot = true;
            i += 1;
        } else if OPERATOR_CHARS.contains(c) || (grammar == Grammar::Formula && c == '~') {
            i += 1;
        } else {
            return Err(c.to_string());
        }
    }
    if after_dot {
        return Err(".".into());
    }
    Ok(())
}

/// End of the number starting at `i`: digits and `_`, one `.`, an exponent, `j`.
fn number_end(chars: &[char], mut i: usize) -> usize {
    let digits = |chars: &[char], mut i: usize| {
        while chars
            .get(i)
            .is_some_and(|d| d.is_ascii_digit() || *d == '_')
        {
            i += 1;
        }
        i
    };
    i = digits(chars, i);
    if chars.get(i) == Some(&'.') && chars.get(i + 1).is_some_and(char::is_ascii_digit) {
        i = digits(chars, i + 1);
    }
    if matches!(chars.get(i), Some('e' | 'E')) {
        let sign = usize::from(matches!(chars.get(i + 1), Some('+' | '-')));
        if chars.get(i + 1 + sign).is_some_and(char::is_ascii_digit) {
            i = digits(chars, i + 1 + sign);
        }
    }
    if matches!(chars.get(i), Some('j' | 'J')) {
        i += 1;
    }
    i
}

fn name_is_plain(
    word: &str,
    after_dot: bool,
    called: bool,
    grammar: Grammar,
    reserved: &dyn Fn(&str) -> bool,
) -> Result<(), NotPlain> {
    if after_dot {
        let ok = if called {
            METHODS.contains(&word)
        } else {
            ACCESSORS.contains(&word) || METHODS.contains(&word)
        };
        return if ok { Ok(()) } else { Err(format!(".{word}")) };
    }
    if EXPRESSION_KEYWORDS.contains(&word) {
        return Ok(());
    }
    if word.starts_with('_') || PYTHON_KEYWORDS.contains(&word) || reserved(word) {
        return Err(word.into());
    }
    if called {
        let function = MATH_FUNCTIONS.contains(&word)
            || (grammar == Grammar::Formula && FORMULA_FUNCTIONS.contains(&word));
        if !function {
            return Err(format!("{word}("));
        }
    }
    Ok(())
}

/// The first `__name__`-like token in `text` (`"0.__class__"` gives
/// `__class__`), other than `__main__`.
pub fn dunder_token(text: &str) -> Option<&str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .find(|t| t.len() > 4 && t.starts_with("__") && t.ends_with("__") && *t != "__main__")
}

/// The first component of a dotted or indexed path (`"a.b[c]"`) that is
/// empty, private, not a plain ASCII name or `denied`.
pub fn path_problem<'t>(path: &'t str, denied: &dyn Fn(&str) -> bool) -> Option<&'t str> {
    path.split(['.', '[', ']'])
        .map(|part| part.trim().trim_matches(['\'', '"']))
        .enumerate()
        .find(|(i, part)| {
            let empty_ok = *i > 0 && part.is_empty();
            !empty_ok
                && (part.is_empty()
                    || part.starts_with('_')
                    || !part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    || denied(part))
        })
        .map(|(_, part)| part)
}

/// Whether `key`, used by pandas as a regular expression searched in the
/// option names (`pd.set_option`), can select the option `target`. A key
/// with anything but letters, digits, `_` and `.` (a wildcard) is assumed to.
pub fn option_may_select(key: &str, target: &str) -> bool {
    let key = key.to_ascii_lowercase();
    if !key
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
    {
        return true;
    }
    let key: Vec<char> = key.chars().collect();
    let target: Vec<char> = target.chars().collect();
    if key.is_empty() {
        return true;
    }
    target
        .windows(key.len())
        .any(|window| window.iter().zip(&key).all(|(t, k)| *k == '.' || t == k))
}
