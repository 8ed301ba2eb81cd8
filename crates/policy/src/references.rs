//! Rules on resolved qualified names: the allowlist read as names *and*
//! the objects reachable from them. A denied module reached as a submodule
//! or an attribute of an allowed one (`np.ctypeslib`, `pd.io.common.os`),
//! a gadget of the profile reached under any name (`from operator import
//! attrgetter as ag`, `f = np.load`, `getattr(pd, "eval")`), a library's
//! attribute replaced (`json.dumps = f`).

use crate::gadgets::GadgetKind;
use crate::{
    dunder_token, names_backend_module, option_may_select, path_problem, plain_expression, Arg,
    Checker, Gadget, Grammar, LeafMatch, Usage, Verdict, UNKNOWN,
};

/// Names an attribute walker must not be given: they evaluate text, load
/// data by position or walk further.
const WALKER_DENIED: [&str; 9] = [
    "format",
    "format_map",
    "vformat",
    "get_field",
    "get_value",
    "load",
    "loads",
    "query",
    "eval",
];

/// Keywords that give an expression evaluator names beyond the columns.
const EXPRESSION_SCOPE_KEYWORDS: [&str; 4] = ["local_dict", "global_dict", "resolvers", "level"];

/// The pandas option naming a module pandas imports by name.
const BACKEND_OPTION: &str = "plotting.backend";

/// Where under `pandas.options` assignments are ordinary settings.
const PANDAS_OPTIONS: &str = "pandas.options.";

/// How a path matched a gadget.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// The gadget itself.
    Exact,
    /// Something inside it (`joblib.load`, `pandas.eval.x`).
    Inside,
}

/// A path for messages: `?.query` is shown as `query`.
fn shown(path: &str) -> &str {
    path.strip_prefix(UNKNOWN)
        .map_or(path, |p| p.trim_start_matches('.'))
}

impl Checker<'_> {
    /// Checks one qualified name `path` used as `usage`.
    pub(crate) fn reference(&mut self, path: &str, usage: &Usage, line: usize) {
        let parts: Vec<&str> = path.split('.').collect();
        let rooted = parts[0] != UNKNOWN;
        if rooted {
            if let Some(part) = self.denied_part(&parts) {
                match usage {
                    Usage::Import => self.add("import_denied", line, Verdict::Deny, path),
                    _ => self.add("denied_attribute", line, Verdict::Deny, part),
                }
            }
        }
        if parts
            .iter()
            .any(|p| p.to_ascii_lowercase().contains("pickle"))
        {
            self.add("pickle", line, Verdict::Deny, shown(path));
        }
        if rooted && *usage == Usage::Replaced {
            let option = path.strip_prefix(PANDAS_OPTIONS);
            if option.is_none_or(|o| option_may_select(o, BACKEND_OPTION)) {
                self.add("replaces_library", line, Verdict::Deny, path);
            }
        }
        if let Some((gadget, reach)) = self.gadget(path, &parts, rooted) {
            self.gadget_use(&gadget, reach, path, usage, line);
        }
    }

    /// The first part after the root naming a denied module or attribute, unless the
    /// profile lists that qualified name as an ordinary part of a library.
    fn denied_part<'a>(&self, parts: &[&'a str]) -> Option<&'a str> {
        let p = self.profile;
        (1..parts.len())
            .find(|&i| {
                let part = parts[i];
                (p.denied_modules.iter().any(|m| m == part)
                    || p.denied_attributes.iter().any(|a| a == part))
                    && !p
                        .denied_module_exceptions
                        .iter()
                        .any(|e| *e == parts[..=i].join("."))
            })
            .map(|i| parts[i])
    }

    fn gadget(&self, path: &str, parts: &[&str], rooted: bool) -> Option<(Gadget, Reach)> {
        let last = parts.last().copied().unwrap_or_default();
        let gadgets = &self.profile.gadgets;
        if rooted {
            for g in gadgets {
                if path == g.name {
                    return Some((g.clone(), Reach::Exact));
                }
                let inside = path
                    .strip_prefix(g.name.as_str())
                    .is_some_and(|rest| rest.starts_with('.'));
                if inside {
                    return Some((g.clone(), Reach::Inside));
                }
            }
        }
        gadgets.iter().find_map(|g| {
            let leaf = g.leaf_name();
            match g.leaf {
                LeafMatch::Anywhere if last == leaf => Some((g.clone(), Reach::Exact)),
                LeafMatch::Anywhere if parts[1..].contains(&leaf) => {
                    Some((g.clone(), Reach::Inside))
                }
                // `df.query`, and within the gadget's own library
                // (`numpy.lib.npyio.load` is `numpy.load`).
                LeafMatch::UnknownObject
                    if last == leaf && (!rooted || g.name.split('.').next() == Some(parts[0])) =>
                {
                    Some((g.clone(), Reach::Exact))
                }
                _ => None,
            }
        })
    }

    fn gadget_use(&mut self, g: &Gadget, reach: Reach, path: &str, usage: &Usage, line: usize) {
        let name = shown(path);
        match g.kind {
            GadgetKind::Evaluator => self.add("text_evaluator", line, Verdict::Deny, name),
            GadgetKind::Pickle => self.add("pickle", line, Verdict::Deny, name),
            GadgetKind::RunsPrograms => self.add("runs_programs", line, Verdict::Deny, name),
            GadgetKind::Network => self.add("network", line, Verdict::Deny, name),
            GadgetKind::SettingsFile => self.add("settings_file", line, Verdict::Deny, name),
            _ => match usage {
                Usage::Import | Usage::Alias => {}
                Usage::Called { args, keywords }
                    if reach == Reach::Exact || g.kind == GadgetKind::Formula =>
                {
                    self.gadget_call(g, path, args, keywords, line)
                }
                _ => {
                    // Passed, stored or reached into: its arguments cannot be checked.
                    let rule = match g.kind {
                        GadgetKind::AttributeWalker => "dynamic_attribute",
                        GadgetKind::FieldWalker => "format_attribute",
                        GadgetKind::Expression => "query_eval",
                        GadgetKind::NumpyLoad => "pickle",
                        GadgetKind::StyleSheet => "settings_file",
                        _ => "text_evaluator",
                    };
                    self.add(rule, line, Verdict::Deny, name);
                }
            },
        }
    }

    fn gadget_call(
        &mut self,
        g: &Gadget,
        path: &str,
        args: &[Arg],
        keywords: &[(Option<String>, Arg)],
        line: usize,
    ) {
        let name = shown(path);
        if args.contains(&Arg::Starred) || keywords.iter().any(|(k, _)| k.is_none()) {
            // `f(*args)` / `f(**kw)`: what it is given cannot be checked.
            let rule = match g.kind {
                GadgetKind::NumpyLoad => "pickle",
                GadgetKind::AttributeWalker => "dynamic_attribute",
                GadgetKind::FieldWalker => "format_attribute",
                GadgetKind::Expression => "query_eval",
                GadgetKind::StyleSheet => "settings_file",
                _ => "text_evaluator",
            };
            self.add(rule, line, Verdict::Deny, name);
            return;
        }
        match g.kind {
            GadgetKind::AttributeWalker => {
                let names = if g.leaf_name() == "methodcaller" {
                    &args[..args.len().min(1)]
                } else {
                    args
                };
                if names.is_empty() || names.iter().any(|a| !matches!(a, Arg::Str(_))) {
                    self.add("dynamic_attribute", line, Verdict::Deny, name);
                }
                let parts: Vec<String> = names
                    .iter()
                    .filter_map(|a| match a {
                        Arg::Str(text) => {
                            path_problem(text, &|part| self.walker_denied(part)).map(str::to_owned)
                        }
                        _ => None,
                    })
                    .collect();
                for part in parts {
                    self.walked_part(&part, name, line);
                }
            }
            GadgetKind::FieldWalker => match args.first() {
                Some(Arg::Str(field))
                    if path_problem(field, &|part| self.walker_denied(part)).is_none() => {}
                Some(Arg::Str(field)) => {
                    self.add("format_attribute", line, Verdict::Deny, field);
                }
                _ => self.add("format_attribute", line, Verdict::Deny, name),
            },
            GadgetKind::Expression | GadgetKind::Formula => {
                self.expression_call(g, path, args, keywords, line)
            }
            GadgetKind::NumpyLoad => {
                if args.get(2).is_some_and(|a| *a != Arg::Bool(false)) {
                    self.add(
                        "pickle",
                        line,
                        Verdict::Deny,
                        &format!("{name} with allow_pickle given by position"),
                    );
                }
            }
            GadgetKind::OptionSetter => {
                let selects_backend = args.iter().step_by(2).any(|a| match a {
                    Arg::Str(key) => option_may_select(key, BACKEND_OPTION),
                    _ => true,
                });
                if args.is_empty() || selects_backend {
                    let detail = format!("{name} ({BACKEND_OPTION})");
                    self.add("text_evaluator", line, Verdict::Deny, &detail);
                }
            }
            GadgetKind::ImportsByName => match args.first() {
                Some(Arg::Str(backend)) if !names_backend_module(backend) => {}
                _ => self.add("text_evaluator", line, Verdict::Deny, name),
            },
            GadgetKind::StyleSheet => self.style_call(g, name, args, keywords, line),
            GadgetKind::Evaluator
            | GadgetKind::Pickle
            | GadgetKind::RunsPrograms
            | GadgetKind::Network
            | GadgetKind::SettingsFile => {}
        }
    }

    /// `pd.eval(text)`, `df.query(text)`, `smf.ols(formula, data)`: the text
    /// must be a literal plain expression naming no module and nothing hidden.
    fn expression_call(
        &mut self,
        g: &Gadget,
        path: &str,
        args: &[Arg],
        keywords: &[(Option<String>, Arg)],
        line: usize,
    ) {
        let grammar = match g.kind {
            GadgetKind::Formula => Grammar::Formula,
            _ => Grammar::Expression,
        };
        for (key, value) in keywords {
            if let Some(k) = key
                .as_deref()
                .filter(|k| EXPRESSION_SCOPE_KEYWORDS.contains(k))
            {
                self.add("query_eval", line, Verdict::Deny, &format!("{k}="));
            }
            if key.as_deref() == Some("engine") && *value != Arg::Str("numexpr".into()) {
                // The python engine evaluates with Python's own rules.
                self.add("query_eval", line, Verdict::Deny, "engine=\"python\"");
            }
        }
        let keyword = ["expr", "formula"]
            .iter()
            .find_map(|k| keywords.iter().find(|(key, _)| key.as_deref() == Some(*k)));
        // `pd.DataFrame.query(df, text)`: the frame comes first.
        let unbound = path.starts_with("pandas.") && path.contains("DataFrame.");
        let text = keyword
            .map(|(_, v)| v)
            .or_else(|| args.get(usize::from(unbound)));
        let reserved = |word: &str| self.reserved_in_expression(word);
        match text {
            Some(Arg::Str(text)) => {
                if plain_expression(text, grammar, &reserved).is_err() {
                    self.add("query_eval", line, Verdict::Deny, text);
                }
            }
            Some(Arg::OneOf(texts)) => {
                let bad: Vec<&String> = texts
                    .iter()
                    .filter(|t| plain_expression(t, grammar, &reserved).is_err())
                    .collect();
                for text in bad {
                    self.add("query_eval", line, Verdict::Deny, text);
                }
            }
            Some(Arg::Template { text, .. }) => match plain_expression(text, grammar, &reserved) {
                Err(_) => self.add("query_eval", line, Verdict::Deny, text),
                // What is put into the text is only known when it runs: a person decides.
                Ok(()) => self.add("query_eval", line, Verdict::Review, text),
            },
            _ => {
                let detail = format!("{} with a text computed at run time", shown(path));
                self.add("query_eval", line, Verdict::Deny, &detail);
            }
        }
    }

    /// `plt.style.use(style)`, `plt.style.context(style)`: matplotlib's own
    /// style names only (a file, a URL or a dotted `package.style`, which
    /// imports the package, is refused; a style computed at run time needs a
    /// person). `rc_context(rc, fname)`: settings given as a dict only.
    fn style_call(
        &mut self,
        g: &Gadget,
        name: &str,
        args: &[Arg],
        keywords: &[(Option<String>, Arg)],
        line: usize,
    ) {
        let keyword = |k: &str| {
            keywords
                .iter()
                .find(|(key, _)| key.as_deref() == Some(k))
                .map(|(_, v)| v)
        };
        if g.leaf_name() == "rc_context" {
            if args.len() > 1 || keyword("fname").is_some() {
                self.add(
                    "settings_file",
                    line,
                    Verdict::Deny,
                    &format!("{name} (fname)"),
                );
            }
            return;
        }
        let named = |s: &String| {
            !s.is_empty()
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        };
        match args.first().or_else(|| keyword("style")) {
            None | Some(Arg::Dict) => {}
            Some(Arg::Str(style)) if named(style) => {}
            Some(Arg::Texts(styles)) if styles.iter().all(named) => {}
            Some(Arg::Str(style)) => self.add("settings_file", line, Verdict::Deny, style),
            Some(Arg::Texts(styles)) => {
                for style in styles.iter().filter(|s| !named(s)) {
                    self.add("settings_file", line, Verdict::Deny, style);
                }
            }
            Some(_) => self.add("settings_file", line, Verdict::Review, name),
        }
    }

    /// A part of a text an attribute walker is given that it must not
    /// reach: hidden (`_x`), leading outside analysis (`ctypeslib`), or not
    /// a plain name at all.
    pub(crate) fn walked_part(&mut self, part: &str, walker: &str, line: usize) {
        if part.starts_with('_') {
            self.add("private_attribute", line, Verdict::Deny, part);
        } else if !part.is_empty() && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            self.add("denied_attribute", line, Verdict::Deny, part);
        } else {
            self.add("dynamic_attribute", line, Verdict::Deny, walker);
        }
    }

    /// A name an expression text must not use: a module or imported name,
    /// a denied name, attribute or module.
    fn reserved_in_expression(&self, word: &str) -> bool {
        let p = self.profile;
        self.module_names.contains(word)
            || dunder_token(word).is_some()
            || p.denied_names.iter().any(|n| n == word)
            || p.dynamic_attribute_functions.iter().any(|n| n == word)
            || p.denied_attributes.iter().any(|n| n == word)
            || p.denied_modules.iter().any(|n| n == word)
    }

    /// A name an attribute walker must not be given.
    pub(crate) fn walker_denied(&self, part: &str) -> bool {
        let p = self.profile;
        WALKER_DENIED.contains(&part)
            || crate::FILE_WRITERS.iter().any(|(w, _)| *w == part)
            || p.denied_attributes.iter().any(|n| n == part)
            || p.denied_modules.iter().any(|n| n == part)
            || p.dynamic_attribute_functions.iter().any(|n| n == part)
            || p.gadgets.iter().any(|g| g.leaf_name() == part)
    }
}
