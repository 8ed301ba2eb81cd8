//! The policy check: static analysis of the exact text that will run.
//!
//! An early, explained refusal in front of the sandbox (which stays the
//! boundary). Rules live in a typed profile (`assets/policy/profile.json`);
//! each finding has a rule id, a line and a plain-language message in the
//! goal's language. The verdict is `allow`, `review` (a person must approve)
//! or `deny`.
//!
//! Nesting depth is bounded on the raw text before parsing, so neither the
//! parser nor the tree walk can recurse without bound.
//!
//! The policy reads code and never runs it, by construction: this crate
//! depends on neither the sandbox nor the engine (only on `glovebox-lang`
//! and parsing crates), so cargo refuses any call to them, and it forbids
//! `unsafe`. `engine/tests/it/tidy.rs` checks its dependencies.

#![forbid(unsafe_code)]

mod gadgets;
mod python;
mod references;

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use gadgets::{
    dunder_token, names_backend_module, option_may_select, path_problem, plain_expression, Grammar,
    PROGRAM_KEYWORDS, PROGRAM_SETTINGS,
};
pub use gadgets::{Gadget, GadgetKind, LeafMatch};
use glovebox_lang::Lang;
pub use python::{Arg, Callee, Fact, Usage, UNKNOWN};

/// The profile shipped in `assets/`.
pub const DEFAULT_PROFILE: &str = include_str!("../../../assets/policy/profile.json");

/// Errors loading a profile.
#[derive(Debug, thiserror::Error)]
pub enum PolicyError {
    /// The profile file is not valid.
    #[error("policy profile is invalid: {0}")]
    BadProfile(#[from] serde_json::Error),
    /// A rule has no message in some language.
    #[error("policy profile has no {lang} message for rule {rule}")]
    MissingMessage {
        /// Rule id.
        rule: String,
        /// Language code.
        lang: &'static str,
    },
}

/// The verdict.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Nothing found.
    Allow,
    /// Needs an explicit approval, which is recorded.
    Review,
    /// Refused.
    Deny,
}

/// One finding.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finding {
    /// Rule id (`import_denied`, `private_attribute`, ...).
    pub rule: String,
    /// 1-based line.
    pub line: usize,
    /// Plain-language message in the goal's language.
    pub message: String,
    /// What this finding asks for.
    pub severity: Verdict,
}

/// The check's result.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PolicyReport {
    /// The strongest severity found.
    pub verdict: Verdict,
    /// Findings in line order.
    pub findings: Vec<Finding>,
}

/// The typed profile.
#[derive(Debug, Clone, Deserialize)]
pub struct Profile {
    /// Profile format version.
    pub version: u32,
    /// Longest source accepted.
    pub max_source_bytes: usize,
    /// Deepest bracket or indentation nesting accepted.
    pub max_nesting_depth: usize,
    /// Modules (and their submodules) imported without comment.
    pub allowed_modules: Vec<String>,
    /// Top-level modules the sandbox image has (public names only):
    /// `sandbox/tests/it/modules.rs` compares them with the image.
    pub image_modules: ImageModules,
    /// Modules refused.
    pub denied_modules: Vec<String>,
    /// Built-in names refused.
    pub denied_names: Vec<String>,
    /// `getattr`-like functions: allowed only with a literal, public name.
    pub dynamic_attribute_functions: Vec<String>,
    /// Attribute names refused on any object.
    pub denied_attributes: Vec<String>,
    /// Keywords that turn on unpickling (`allow_pickle`).
    pub pickle_keywords: Vec<String>,
    /// Qualified names that turn text into code, walk attributes named in
    /// text, unpickle or start programs, recognised whatever the import form.
    #[serde(default)]
    pub gadgets: Vec<Gadget>,
    /// Denied module names that are also ordinary parts of allowed
    /// libraries (`scipy.signal`, `numpy.select`), by qualified name.
    #[serde(default)]
    pub denied_module_exceptions: Vec<String>,
    /// Absolute paths the code may name.
    pub allowed_path_prefixes: Vec<String>,
    /// Absolute paths the code may write to.
    pub writable_path_prefixes: Vec<String>,
    /// rule id -> language code -> template with `{detail}`.
    pub messages: BTreeMap<String, BTreeMap<String, String>>,
}

/// The top-level modules of the sandbox image.
#[derive(Debug, Clone, Deserialize)]
pub struct ImageModules {
    /// Python's standard library as the image has it (`sys.stdlib_module_names`
    /// that can be found there).
    pub stdlib: Vec<String>,
    /// Installed packages, by import name, dependencies included (`sklearn`,
    /// `dateutil`, `PIL`, `joblib`).
    pub packages: Vec<String>,
}

/// The module Glovebox mounts next to the code (not part of the image).
pub const RUNNER_MODULE: &str = "glovebox";

const RULES: [&str; 28] = [
    "unpacked_keywords",
    "syntax_error",
    "too_large",
    "coding_header",
    "hidden_character",
    "non_ascii_identifier",
    "nesting_too_deep",
    "import_denied",
    "import_unknown",
    "module_missing",
    "import_star",
    "private_attribute",
    "private_name",
    "denied_name",
    "denied_attribute",
    "dynamic_attribute",
    "path_outside_inputs",
    "write_outside_output",
    "unresolved_path",
    "url",
    "pickle",
    "query_eval",
    "format_attribute",
    "text_evaluator",
    "replaces_library",
    "runs_programs",
    "network",
    "settings_file",
];

impl Profile {
    /// Parses and checks a profile (every rule has a message in every language).
    pub fn parse(text: &str) -> Result<Self, PolicyError> {
        let profile: Profile = serde_json::from_str(text)?;
        for rule in RULES {
            for lang in Lang::ALL {
                let ok = profile
                    .messages
                    .get(rule)
                    .and_then(|m| m.get(lang.code()))
                    .is_some();
                if !ok {
                    return Err(PolicyError::MissingMessage {
                        rule: rule.into(),
                        lang: lang.code(),
                    });
                }
            }
        }
        Ok(profile)
    }

    /// The profile shipped with Glovebox.
    pub fn builtin() -> Self {
        #[allow(clippy::expect_used)]
        Self::parse(DEFAULT_PROFILE).expect("the shipped profile is checked by a test")
    }

    /// The analysis packages code may import, in the profile's order
    /// (`pandas`, `numpy`, …, `sklearn`): the allowed modules that are
    /// installed packages of the image. For the model's prompt.
    pub fn analysis_packages(&self) -> Vec<&str> {
        self.allowed_modules
            .iter()
            .map(String::as_str)
            .filter(|m| self.image_modules.packages.iter().any(|p| p == m))
            .collect()
    }

    /// The standard-library modules code may import, in the profile's order.
    pub fn allowed_standard_modules(&self) -> Vec<&str> {
        self.allowed_modules
            .iter()
            .map(String::as_str)
            .filter(|m| self.image_modules.stdlib.iter().any(|s| s == m))
            .collect()
    }

    /// Whether `module` (dotted or not) belongs to a top-level module the
    /// image has, or is Glovebox's own.
    pub fn in_image(&self, module: &str) -> bool {
        let top = module.split('.').next().unwrap_or(module);
        let modules = &self.image_modules;
        top == RUNNER_MODULE
            || modules.stdlib.iter().any(|m| m == top)
            || modules.packages.iter().any(|m| m == top)
    }

    fn module_matches(list: &[String], module: &str) -> bool {
        list.iter()
            .any(|m| module == m || module.starts_with(&format!("{m}.")))
    }
}

struct Checker<'p> {
    profile: &'p Profile,
    lang: Lang,
    findings: Vec<Finding>,
    /// Names bound to modules or imported objects (an expression text must not name them).
    module_names: BTreeSet<String>,
}

impl Checker<'_> {
    fn add(&mut self, rule: &str, line: usize, severity: Verdict, detail: &str) {
        let template = self
            .profile
            .messages
            .get(rule)
            .and_then(|m| m.get(self.lang.code()))
            .map(String::as_str)
            .unwrap_or("{detail}");
        let detail: String = detail.chars().take(80).collect();
        let mut message = template.replace("{detail}", &detail);
        if message.contains("{packages}") {
            message = message.replace("{packages}", &self.profile.analysis_packages().join(", "));
        }
        let finding = Finding {
            rule: rule.into(),
            line,
            message,
            severity,
        };
        if !self.findings.contains(&finding) {
            self.findings.push(finding);
        }
    }
}

/// Methods that write a file, with the position of the file among their
/// arguments (it may also be given by one of [`FILE_KEYWORDS`]).
const FILE_WRITERS: [(&str, usize); 26] = [
    ("to_csv", 0),
    ("to_excel", 0),
    ("to_json", 0),
    ("to_parquet", 0),
    ("to_feather", 0),
    ("to_html", 0),
    ("to_stata", 0),
    ("to_hdf", 0),
    ("to_markdown", 0),
    ("to_latex", 0),
    ("to_string", 0),
    ("to_xml", 0),
    ("to_orc", 0),
    ("savetxt", 0),
    ("save", 0),
    ("savez", 0),
    ("savez_compressed", 0),
    ("tofile", 0),
    ("savefig", 0),
    ("imsave", 0),
    ("ExcelWriter", 0),
    ("savemat", 0),
    ("write_table", 1),
    ("write_feather", 1),
    ("write_csv", 1),
    ("write_to_dataset", 1),
];

/// Keywords naming the file a writer writes.
const FILE_KEYWORDS: [&str; 12] = [
    "path_or_buf",
    "path_or_buffer",
    "excel_writer",
    "fname",
    "path",
    "buf",
    "where",
    "file",
    "filename",
    "file_name",
    "output_file",
    "root_path",
];

/// File types matplotlib writes by running another program (LaTeX).
const PROGRAM_FORMATS: [&str; 1] = ["pgf"];

/// Methods that call a method or function given by name (`df.agg("sum")`).
const STRING_DISPATCH: [&str; 7] = [
    "apply",
    "agg",
    "aggregate",
    "transform",
    "map",
    "applymap",
    "pipe",
];

/// Characters that change text direction or are invisible.
fn hidden_character(c: char) -> bool {
    matches!(c,
        '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200B}'..='\u{200F}' | '\u{061C}' | '\u{FEFF}' | '\u{2028}' | '\u{2029}')
        || (c.is_control() && !matches!(c, '\n' | '\t' | '\r' | '\x0c'))
}

/// Deepest bracket nesting plus indentation level, computed on the raw text
/// (over-approximating inside strings, which only makes the bound stricter).
pub fn nesting_depth(source: &str) -> usize {
    let mut deepest = 0usize;
    let mut brackets = 0usize;
    for line in source.lines() {
        let indent = line.chars().take_while(|c| *c == ' ' || *c == '\t').count();
        let indent_level = indent / 4 + usize::from(indent % 4 != 0);
        for c in line.chars() {
            match c {
                '(' | '[' | '{' => brackets += 1,
                ')' | ']' | '}' => brackets = brackets.saturating_sub(1),
                _ => {}
            }
            deepest = deepest.max(brackets + indent_level);
        }
        deepest = deepest.max(indent_level);
    }
    deepest
}

fn coding_header(source: &str) -> Option<(usize, String)> {
    for (i, line) in source.lines().take(2).enumerate() {
        let trimmed = line.trim_start();
        if !trimmed.starts_with('#') {
            continue;
        }
        if let Some(pos) = trimmed.find("coding") {
            let rest = &trimmed[pos + 6..];
            if let Some(rest) = rest.strip_prefix(':').or_else(|| rest.strip_prefix('=')) {
                let name: String = rest
                    .trim_start()
                    .chars()
                    .take_while(|c| {
                        c.is_ascii_alphanumeric() || *c == '-' || *c == '_' || *c == '.'
                    })
                    .collect();
                let normal = name.to_ascii_lowercase().replace('_', "-");
                if !matches!(normal.as_str(), "utf-8" | "utf8") {
                    return Some((i + 1, name));
                }
            }
        }
    }
    None
}

/// An absolute path, `~` path or parent reference named in a string.
fn path_like(text: &str) -> bool {
    let t = text.trim();
    let absolute = t.len() > 1
        && t.starts_with('/')
        && t[1..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '/'))
        && !t.contains(char::is_whitespace);
    absolute || t.starts_with("~/") || t.starts_with("../") || t.contains("/../")
}

/// Whether `path` is the folder `prefix` (`/output/` or `/output`) or
/// inside it, with no `..` component (`/outputs/x`, `/output/../etc` are not).
fn within(path: &str, prefix: &str) -> bool {
    let folder = prefix.trim_end_matches('/');
    let inside = path == folder
        || path
            .strip_prefix(folder)
            .is_some_and(|rest| rest.starts_with('/'));
    inside && !path.split('/').any(|part| part == "..")
}

fn is_url(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    lower.contains("://") || lower.starts_with("www.") || lower.starts_with("file:")
}

/// A `{...}` replacement field that reaches `_something`: `{0.__class__}`, `{x[_y]}`.
fn format_reaches_private(text: &str) -> Option<String> {
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let end = after.find('}').unwrap_or(after.len());
        let field = &after[..end];
        let reaches = field
            .split(['.', '['])
            .skip(1)
            .any(|part| part.trim().trim_matches(['\'', '"']).starts_with('_'));
        if reaches {
            return Some(format!("{{{field}}}"));
        }
        rest = &after[end.min(after.len())..];
    }
    None
}

fn open_mode_writes(args: &[Arg], keywords: &[(Option<String>, Arg)]) -> bool {
    let mode = keywords
        .iter()
        .find(|(k, _)| k.as_deref() == Some("mode"))
        .map(|(_, v)| v)
        .or_else(|| args.get(1));
    matches!(mode, Some(Arg::Str(m)) if m.contains(['w', 'a', 'x', '+']))
}

impl Checker<'_> {
    fn check_path(&mut self, path: &str, writes: bool, line: usize) {
        let p = self.profile;
        if writes && !p.writable_path_prefixes.iter().any(|pre| within(path, pre)) {
            self.add("write_outside_output", line, Verdict::Deny, path);
        } else if path_like(path) && !p.allowed_path_prefixes.iter().any(|pre| within(path, pre)) {
            self.add("path_outside_inputs", line, Verdict::Deny, path);
        }
    }

    /// The file a writer is given: a known path, a text computed inside a
    /// writable folder (`f"/output/{name}.png"`), or one that cannot be checked.
    fn written_file(&mut self, method: &str, file: &Arg, format: Option<&Arg>, line: usize) {
        let p = self.profile;
        match file {
            Arg::Str(path) => {
                self.check_path(path, true, line);
                let extension = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
                let format = match format {
                    Some(Arg::Str(f)) => Some(f.to_ascii_lowercase()),
                    _ => extension,
                };
                if method == "savefig"
                    && format.is_some_and(|f| PROGRAM_FORMATS.contains(&f.as_str()))
                {
                    self.add(
                        "runs_programs",
                        line,
                        Verdict::Deny,
                        &format!("{method} (PGF, LaTeX)"),
                    );
                }
            }
            Arg::Template { prefix, .. }
                if prefix.ends_with('/')
                    && p.writable_path_prefixes
                        .iter()
                        .any(|pre| within(prefix, pre)) => {}
            _ => self.add("unresolved_path", line, Verdict::Review, method),
        }
    }

    fn fact(&mut self, fact: &Fact) {
        let p = self.profile;
        match fact {
            Fact::Import { module, line } => {
                let top = module.trim_start_matches('.');
                if module.starts_with('.') || Profile::module_matches(&p.denied_modules, top) {
                    self.add("import_denied", *line, Verdict::Deny, module);
                } else if top.split('.').any(|part| part.starts_with('_')) {
                    self.add("private_name", *line, Verdict::Deny, module);
                } else if !Profile::module_matches(&p.allowed_modules, top) {
                    if p.in_image(top) {
                        self.add("import_unknown", *line, Verdict::Review, module);
                    } else {
                        // Nothing to approve: the import could only fail.
                        let missing = top.split('.').next().unwrap_or(top);
                        self.add("module_missing", *line, Verdict::Deny, missing);
                    }
                }
            }
            Fact::ImportStar { module, line } => {
                self.add("import_star", *line, Verdict::Review, module)
            }
            Fact::Attribute {
                attr,
                on_self,
                on_super,
                line,
            } => {
                let dunder = attr.starts_with("__");
                if attr.starts_with('_') {
                    let allowed = (*on_self && !dunder) || (*on_super && attr == "__init__");
                    if !allowed {
                        self.add("private_attribute", *line, Verdict::Deny, attr);
                    }
                } else if p.denied_attributes.iter().any(|d| d == attr) {
                    self.add("denied_attribute", *line, Verdict::Deny, attr);
                }
            }
            Fact::Name { id, called, line } => {
                if p.denied_names.iter().any(|d| d == id) {
                    self.add("denied_name", *line, Verdict::Deny, id);
                } else if id.starts_with("__") && id != "__name__" {
                    self.add("private_name", *line, Verdict::Deny, id);
                } else if !called && p.dynamic_attribute_functions.iter().any(|f| f == id) {
                    // `g = getattr` would escape the literal-name rule below.
                    self.add("dynamic_attribute", *line, Verdict::Deny, id);
                }
            }
            Fact::ImportedName { name, line } => {
                if name.starts_with('_') {
                    self.add("private_name", *line, Verdict::Deny, name);
                } else if p.denied_attributes.iter().any(|d| d == name)
                    || p.denied_names.iter().any(|d| d == name)
                {
                    self.add("denied_attribute", *line, Verdict::Deny, name);
                }
            }
            Fact::Call {
                callee,
                args,
                keywords,
                line,
            } => self.call(callee, args, keywords, *line),
            Fact::Str { text, line, whole } => {
                if is_url(text) {
                    self.add("url", *line, Verdict::Deny, text);
                } else if *whole && path_like(text) {
                    self.check_path(text, false, *line);
                }
                if let Some(field) = format_reaches_private(text) {
                    self.add("format_attribute", *line, Verdict::Deny, &field);
                }
                if names_backend_module(text) {
                    // A backend is a module the library imports by this name.
                    self.add("text_evaluator", *line, Verdict::Deny, text);
                }
                if PROGRAM_SETTINGS.contains(&text.trim()) {
                    self.add("runs_programs", *line, Verdict::Deny, text);
                }
                if p.pickle_keywords.iter().any(|k| k == text) {
                    // `**{"allow_pickle": True}` spells the keyword as a string.
                    self.add("pickle", *line, Verdict::Deny, text);
                }
                if let Some(token) = dunder_token(text) {
                    // "__import__", "0.__class__", "x.__globals__": spelled out for a lookup.
                    self.add("private_name", *line, Verdict::Deny, token);
                }
            }
            Fact::NonAsciiIdentifier { text, line } => {
                self.add("non_ascii_identifier", *line, Verdict::Deny, text)
            }
            Fact::Reference { paths, usage, line } => {
                for path in paths {
                    self.reference(path, usage, *line);
                }
            }
            Fact::ComputedTemplate { built, line } => {
                // A template's fields walk attributes (`{0.a.b}`): one built
                // at run time can reach anything; one only named needs a person.
                let severity = if *built {
                    Verdict::Deny
                } else {
                    Verdict::Review
                };
                self.add("dynamic_attribute", *line, severity, "str.format");
            }
            Fact::Annotation { text, line } => {
                let plain = text
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || " _.,[]|'\"-".contains(c))
                    && !text
                        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                        .any(|w| w.starts_with('_'));
                if !plain {
                    let detail = format!("the annotation \"{text}\"");
                    self.add("text_evaluator", *line, Verdict::Deny, &detail);
                }
            }
        }
    }

    fn call(
        &mut self,
        callee: &Callee,
        args: &[Arg],
        keywords: &[(Option<String>, Arg)],
        line: usize,
    ) {
        let p = self.profile;
        for (key, value) in keywords {
            if key.is_none() {
                // `f(**options)`: the keywords cannot be checked.
                self.add("unpacked_keywords", line, Verdict::Review, "**");
            }
            if let Some(k) = key {
                if p.pickle_keywords.iter().any(|pk| pk == k) && *value != Arg::Bool(false) {
                    self.add("pickle", line, Verdict::Deny, &format!("{k}=True"));
                }
                if k == "stylesheet" {
                    // An XSLT stylesheet (`read_xml`, `to_xml`) can read and write files.
                    self.add("text_evaluator", line, Verdict::Deny, "stylesheet=");
                }
                if PROGRAM_KEYWORDS.contains(&k.as_str()) && *value != Arg::Bool(false) {
                    // `usetex=True` runs TeX.
                    self.add("runs_programs", line, Verdict::Deny, &format!("{k}="));
                }
                if k == "backend" && !matches!(value, Arg::Str(b) if b == "matplotlib") {
                    // pandas imports a plotting backend by its name.
                    self.add("text_evaluator", line, Verdict::Deny, "backend=");
                }
            }
        }
        match callee {
            Callee::Name(name) if p.dynamic_attribute_functions.iter().any(|f| f == name) => {
                // A text put together (`"ev" + "al"`) is not followed by the
                // resolver: it must not name anything a walker may not reach.
                match args.get(1) {
                    Some(Arg::Str(attr)) if !attr.starts_with('_') && !self.walker_denied(attr) => {
                    }
                    _ => self.add("dynamic_attribute", line, Verdict::Deny, name),
                }
            }
            Callee::Name(name) if name == "open" => {
                let writes = open_mode_writes(args, keywords);
                match args.first() {
                    Some(Arg::Str(path)) => self.check_path(path, writes, line),
                    _ => self.add("unresolved_path", line, Verdict::Review, "open"),
                }
            }
            Callee::Attr(method) if STRING_DISPATCH.contains(&method.as_str()) => {
                // `df.apply("to_clipboard")`: pandas calls the method named.
                let named = args.iter().chain(
                    keywords
                        .iter()
                        .filter(|(k, _)| k.as_deref() == Some("func"))
                        .map(|(_, v)| v),
                );
                for arg in named {
                    if let Arg::Str(text) = arg {
                        // Only an existing attribute can be reached: a text
                        // that is not a name is an ordinary (failing) value.
                        let reached = text
                            .split('.')
                            .map(str::trim)
                            .find(|part| part.starts_with('_') || self.walker_denied(part));
                        if let Some(part) = reached {
                            self.walked_part(part, method, line);
                        }
                    }
                }
            }
            // Reads need no case of their own: every path literal is checked.
            Callee::Attr(method) => {
                if let Some((_, position)) = FILE_WRITERS.iter().find(|(w, _)| w == method) {
                    let keyword = |names: &[&str]| {
                        keywords
                            .iter()
                            .find(|(k, _)| k.as_deref().is_some_and(|k| names.contains(&k)))
                            .map(|(_, v)| v)
                    };
                    let file = args.get(*position).or_else(|| keyword(&FILE_KEYWORDS));
                    if let Some(file) = file {
                        self.written_file(method, file, keyword(&["format"]), line);
                    }
                }
            }
            _ => {}
        }
    }
}

/// Stack for the check: ruff's tree walk and drop recurse once per level of an
/// expression chain (`a.b.b.b…`, `1+1+1…`), which the bracket bound does not
/// see. 1 GiB of address space is reserved, only what is used is committed.
const CHECK_STACK_BYTES: usize = 1 << 30;

/// Checks `source` against `profile`, with messages in `lang`, on a thread
/// with a stack large enough for any source within `max_source_bytes`.
pub fn check(source: &str, lang: Lang, profile: &Profile) -> PolicyReport {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("policy-check".into())
            .stack_size(CHECK_STACK_BYTES)
            .spawn_scoped(scope, || check_here(source, lang, profile))
            .map(|handle| handle.join())
    })
    .ok()
    .and_then(Result::ok)
    .unwrap_or_else(|| {
        let mut checker = Checker {
            profile,
            lang,
            findings: Vec::new(),
            module_names: BTreeSet::new(),
        };
        checker.add(
            "too_large",
            1,
            Verdict::Deny,
            "the check could not complete",
        );
        checker.finish()
    })
}

fn check_here(source: &str, lang: Lang, profile: &Profile) -> PolicyReport {
    let _span = tracing::info_span!("policy_check", bytes = source.len()).entered();
    let mut checker = Checker {
        profile,
        lang,
        findings: Vec::new(),
        module_names: BTreeSet::new(),
    };
    if source.len() > profile.max_source_bytes {
        checker.add(
            "too_large",
            1,
            Verdict::Deny,
            &format!("{} bytes", source.len()),
        );
        return checker.finish();
    }
    if let Some((line, name)) = coding_header(source) {
        checker.add("coding_header", line, Verdict::Deny, &name);
    }
    for (i, line) in source.split('\n').enumerate() {
        if let Some(c) = line.chars().find(|c| hidden_character(*c)) {
            checker.add(
                "hidden_character",
                i + 1,
                Verdict::Deny,
                &format!("U+{:04X}", c as u32),
            );
        }
    }
    let depth = nesting_depth(source);
    if depth > profile.max_nesting_depth {
        checker.add("nesting_too_deep", 1, Verdict::Deny, &depth.to_string());
        return checker.finish();
    }
    match python::facts(source) {
        Ok(facts) => {
            checker.module_names = facts.module_names;
            for fact in &facts.facts {
                checker.fact(fact);
            }
        }
        Err(problem) => checker.add(
            "syntax_error",
            problem.line,
            Verdict::Deny,
            &problem.message,
        ),
    }
    checker.finish()
}

impl Checker<'_> {
    fn finish(mut self) -> PolicyReport {
        self.findings
            .sort_by(|a, b| (a.line, &a.rule, &a.message).cmp(&(b.line, &b.rule, &b.message)));
        let verdict = self
            .findings
            .iter()
            .map(|f| f.severity)
            .max()
            .unwrap_or(Verdict::Allow);
        PolicyReport {
            verdict,
            findings: self.findings,
        }
    }
}

#[cfg(test)]
mod tests;
