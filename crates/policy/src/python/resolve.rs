//! Qualified names of expressions, whatever the import form: a first pass
//! over the tree records what each name is bound to (`import numpy as np`,
//! `from operator import attrgetter as ag`, `f = np.lib`, `a, b = x, y`,
//! `(g := pd)`), then `np.lib.format.read_array`, `f.format.read_array` and
//! `getattr(np, "lib").format.read_array` all resolve to
//! `numpy.lib.format.read_array`. Flow-insensitive on purpose: a name bound
//! several times resolves to every binding, so rebinding cannot hide one.

use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};

use ruff_python_ast::visitor::source_order::{SourceOrderVisitor, TraversalSignal};
use ruff_python_ast::{AnyNodeRef, Expr, ExprContext};

/// Root of a path whose object the check cannot name (`df.query` gives `?.query`).
pub const UNKNOWN: &str = "?";

/// Longest attribute chain resolved; a longer one resolves to [`UNKNOWN`]
/// (its attribute names are still checked one by one).
const MAX_PATH_COMPONENTS: usize = 32;

/// Most qualified names one expression resolves to (one per binding).
const MAX_PATHS: usize = 16;

/// What a name is bound to.
enum Binding<'a> {
    /// An imported module or name, by qualified name.
    Module(String),
    /// The value of an assignment.
    Expr(&'a Expr),
}

/// Every binding of every name in a module, and the resolver built on them.
#[derive(Default)]
pub struct Bindings<'a> {
    names: HashMap<String, Vec<Binding<'a>>>,
    /// How many times each name is bound in any way (assignment, loop,
    /// parameter, `def`, `except … as`, pattern, import).
    stores: HashMap<String, usize>,
    /// How many statements bind each name to a recorded value (an
    /// assignment, or a loop over literal texts).
    statements: HashMap<String, usize>,
    /// Modules imported with `from m import *`: a name bound nowhere may come from them.
    star_modules: Vec<String>,
    /// Resolved names; `None` while being resolved (a cycle contributes nothing).
    cache: RefCell<HashMap<String, Option<Vec<String>>>>,
}

/// `getattr(obj, "literal")`: the object and the literal.
pub fn getattr_literal(expr: &Expr) -> Option<(&Expr, &str)> {
    match expr {
        Expr::Call(call) => getattr_call(call),
        _ => None,
    }
}

/// [`getattr_literal`] of a call.
pub fn getattr_call(call: &ruff_python_ast::ExprCall) -> Option<(&Expr, &str)> {
    let Expr::Name(func) = &*call.func else {
        return None;
    };
    if func.id.as_str() != "getattr" || !call.arguments.keywords.is_empty() {
        return None;
    }
    match &*call.arguments.args {
        [object, Expr::StringLiteral(name)] | [object, Expr::StringLiteral(name), _] => {
            Some((object, name.value.to_str()))
        }
        _ => None,
    }
}

impl<'a> Bindings<'a> {
    /// Records the bindings of `body`.
    pub fn of(body: &'a [ruff_python_ast::Stmt]) -> Self {
        let mut bindings = Self::default();
        bindings.visit_body(body);
        bindings
    }

    fn bind(&mut self, name: &str, binding: Binding<'a>) {
        self.names.entry(name.to_owned()).or_default().push(binding);
    }

    fn count(&mut self, name: &str) {
        *self.stores.entry(name.to_owned()).or_default() += 1;
    }

    /// Binds `target = value`, pairing tuple and list elements.
    fn bind_target(&mut self, target: &'a Expr, value: &'a Expr) {
        match (target, value) {
            (Expr::Name(name), _) => {
                self.bind(name.id.as_str(), Binding::Expr(value));
                *self.statements.entry(name.id.to_string()).or_default() += 1;
            }
            (Expr::Tuple(t), Expr::Tuple(v)) if t.elts.len() == v.elts.len() => {
                for (t, v) in t.elts.iter().zip(&v.elts) {
                    self.bind_target(t, v);
                }
            }
            (Expr::List(t), Expr::List(v)) if t.elts.len() == v.elts.len() => {
                for (t, v) in t.elts.iter().zip(&v.elts) {
                    self.bind_target(t, v);
                }
            }
            _ => {}
        }
    }

    /// The texts a name can hold when every statement binding it binds a
    /// literal text (`cond = "a > 1"`, `for cond in ["a > 1", "b < 2"]`).
    pub fn literals(&self, name: &str) -> Option<Vec<&'a str>> {
        if self.stores.get(name) != self.statements.get(name) {
            return None;
        }
        let texts: Option<Vec<&'a str>> = self
            .names
            .get(name)?
            .iter()
            .map(|b| match b {
                Binding::Expr(Expr::StringLiteral(s)) => Some(s.value.to_str()),
                _ => None,
            })
            .collect();
        texts.filter(|t| !t.is_empty())
    }

    /// The value of a name bound exactly once, by an assignment.
    pub fn single_value(&self, name: &str) -> Option<&'a Expr> {
        if self.stores.get(name) != Some(&1) || self.statements.get(name) != Some(&1) {
            return None;
        }
        match self.names.get(name)?.as_slice() {
            [Binding::Expr(value)] => Some(value),
            _ => None,
        }
    }

    /// Whether some value of the name is computed right there (`a + b`,
    /// a call) rather than a literal or another name.
    pub fn built(&self, name: &str) -> bool {
        self.names.get(name).is_some_and(|bindings| {
            bindings.iter().any(|b| {
                matches!(b, Binding::Expr(e) if !matches!(e,
                    Expr::StringLiteral(_) | Expr::Name(_) | Expr::Attribute(_)))
            })
        })
    }

    /// Names bound, directly or through aliases, to a module or something
    /// imported (`np`, `m = np`): an expression text must not name them.
    pub fn module_names(&self) -> BTreeSet<String> {
        self.names
            .keys()
            .filter(|name| {
                self.name_paths(name)
                    .iter()
                    .any(|p| !p.starts_with(UNKNOWN))
            })
            .cloned()
            .collect()
    }

    /// The qualified names `expr` may stand for: `numpy.lib.format`,
    /// `?.query` when the object is unknown, `?` for anything else.
    pub fn paths(&self, expr: &Expr) -> Vec<String> {
        let mut attrs: Vec<&str> = Vec::new();
        let mut root = expr;
        loop {
            if attrs.len() > MAX_PATH_COMPONENTS {
                return vec![UNKNOWN.to_owned()];
            }
            root = match root {
                Expr::Attribute(a) => {
                    attrs.push(a.attr.as_str());
                    &a.value
                }
                other => match getattr_literal(other) {
                    Some((object, name)) => {
                        attrs.push(name);
                        object
                    }
                    None => break,
                },
            };
        }
        let roots = match root {
            Expr::Name(name) => self.name_paths(name.id.as_str()),
            _ => vec![UNKNOWN.to_owned()],
        };
        let tail: String = attrs.iter().rev().map(|a| format!(".{a}")).collect();
        let paths: BTreeSet<String> = roots.into_iter().map(|r| format!("{r}{tail}")).collect();
        paths.into_iter().take(MAX_PATHS).collect()
    }

    fn name_paths(&self, name: &str) -> Vec<String> {
        if let Some(known) = self.cache.borrow().get(name) {
            return known.clone().unwrap_or_default();
        }
        let Some(bindings) = self.names.get(name) else {
            if self.stores.contains_key(name) {
                // A parameter, loop variable, function or class of the code.
                return vec![UNKNOWN.to_owned()];
            }
            // Bound nowhere: a builtin, or a name from `from m import *`.
            let mut paths = vec![format!("{UNKNOWN}.{name}")];
            paths.extend(self.star_modules.iter().map(|m| format!("{m}.{name}")));
            paths.truncate(MAX_PATHS);
            return paths;
        };
        self.cache.borrow_mut().insert(name.to_owned(), None);
        let mut paths = BTreeSet::new();
        for binding in bindings {
            match binding {
                Binding::Module(qualified) => {
                    paths.insert(qualified.clone());
                }
                Binding::Expr(value) => paths.extend(self.paths(value)),
            }
        }
        if paths.is_empty() {
            // Only a cycle of aliases: nothing is known of it.
            paths.insert(UNKNOWN.to_owned());
        }
        let paths: Vec<String> = paths.into_iter().take(MAX_PATHS).collect();
        self.cache
            .borrow_mut()
            .insert(name.to_owned(), Some(paths.clone()));
        paths
    }
}

impl<'a> SourceOrderVisitor<'a> for Bindings<'a> {
    fn enter_node(&mut self, node: AnyNodeRef<'a>) -> TraversalSignal {
        match node {
            AnyNodeRef::StmtImport(import) => {
                for alias in &import.names {
                    let module = alias.name.as_str();
                    match &alias.asname {
                        Some(local) => self.bind(local.as_str(), Binding::Module(module.into())),
                        None => {
                            let top = module.split('.').next().unwrap_or(module);
                            self.bind(top, Binding::Module(top.into()));
                        }
                    }
                    let local = alias.asname.as_ref().map_or(module, |a| a.as_str());
                    self.count(local.split('.').next().unwrap_or(local));
                }
            }
            AnyNodeRef::StmtImportFrom(import) => {
                let module = import.module.as_ref().map(|m| m.as_str().to_owned());
                if let (0, Some(module)) = (import.level, &module) {
                    if import.names.iter().any(|a| a.name.as_str() == "*") {
                        self.star_modules.push(module.clone());
                    }
                }
                for alias in &import.names {
                    let local = alias.asname.as_ref().unwrap_or(&alias.name).as_str();
                    if let (0, Some(module)) = (import.level, &module) {
                        let qualified = format!("{module}.{}", alias.name.as_str());
                        self.bind(local, Binding::Module(qualified));
                    }
                    self.count(local);
                }
            }
            AnyNodeRef::StmtAssign(assign) => {
                for target in &assign.targets {
                    self.bind_target(target, &assign.value);
                }
            }
            AnyNodeRef::StmtAnnAssign(assign) => {
                if let Some(value) = &assign.value {
                    self.bind_target(&assign.target, value);
                }
            }
            AnyNodeRef::ExprNamed(named) => self.bind_target(&named.target, &named.value),
            AnyNodeRef::StmtFor(stmt) => {
                let elements = match &*stmt.iter {
                    Expr::List(l) => Some(&l.elts),
                    Expr::Tuple(t) => Some(&t.elts),
                    _ => None,
                };
                let texts =
                    elements.filter(|e| e.iter().all(|e| matches!(e, Expr::StringLiteral(_))));
                if let (Expr::Name(target), Some(texts)) = (&*stmt.target, texts) {
                    for text in texts {
                        self.bind(target.id.as_str(), Binding::Expr(text));
                    }
                    *self.statements.entry(target.id.to_string()).or_default() += 1;
                }
            }
            AnyNodeRef::ExprName(name) if name.ctx != ExprContext::Load => {
                self.count(name.id.as_str());
            }
            AnyNodeRef::Parameter(p) => self.count(p.name.as_str()),
            AnyNodeRef::StmtFunctionDef(f) => self.count(f.name.as_str()),
            AnyNodeRef::StmtClassDef(c) => self.count(c.name.as_str()),
            AnyNodeRef::ExceptHandlerExceptHandler(h) => {
                if let Some(name) = &h.name {
                    self.count(name.as_str());
                }
            }
            AnyNodeRef::PatternMatchAs(p) => {
                if let Some(name) = &p.name {
                    self.count(name.as_str());
                }
            }
            AnyNodeRef::PatternMatchStar(p) => {
                if let Some(name) = &p.name {
                    self.count(name.as_str());
                }
            }
            AnyNodeRef::PatternMatchMapping(p) => {
                if let Some(name) = &p.rest {
                    self.count(name.as_str());
                }
            }
            _ => {}
        }
        TraversalSignal::Traverse
    }
}
