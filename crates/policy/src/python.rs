//! The one module that touches `ruff_python_parser` (its API is internal and
//! changes between versions): parses the exact source text and reduces the
//! tree to the few facts the policy rules look at. Names and attribute
//! chains are resolved to qualified names first (`resolve.rs`), so a gadget
//! is recognised whatever the import form or alias.

mod resolve;

use std::collections::{BTreeSet, HashSet};

use ruff_python_ast::visitor::source_order::{SourceOrderVisitor, TraversalSignal};
use ruff_python_ast::{AnyNodeRef, Expr, ExprContext, InterpolatedStringElement, Operator};
use ruff_text_size::{Ranged, TextRange, TextSize};

pub use resolve::UNKNOWN;
use resolve::{getattr_call, getattr_literal, Bindings};

/// A literal or other argument value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// A text known in advance: a literal, a name bound once to one, an
    /// f-string or a `+` of such texts.
    Str(String),
    /// `True` or `False`.
    Bool(bool),
    /// A name holding one of these literal texts (`for q in ["a", "b"]`).
    OneOf(Vec<String>),
    /// An f-string whose text is not all known: its text, each unknown
    /// interpolation written `0`, and the known text before the first one.
    Template {
        /// The whole text.
        text: String,
        /// The text before the first unknown interpolation.
        prefix: String,
    },
    /// A list or tuple of texts known in advance (`["ggplot", "dark"]`).
    Texts(Vec<String>),
    /// A dict literal (its keys and values are checked where written).
    Dict,
    /// `*args`: any number of unknown arguments.
    Starred,
    /// Anything else (a name, a call, ...).
    Other,
}

/// What is called.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Callee {
    /// A bare name: `open(...)`.
    Name(String),
    /// An attribute: `df.query(...)` gives `query`.
    Attr(String),
    /// Anything else.
    Other,
}

/// One fact about the code, with its 1-based line (field names say the rest).
#[allow(missing_docs)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fact {
    /// `import a.b` or `from a.b import c` (module `a.b`).
    Import { module: String, line: usize },
    /// `from a import *`.
    ImportStar { module: String, line: usize },
    /// `x.attr`; `on_self`: the object is the name `self`; `on_super`: the object is `super()`.
    Attribute {
        attr: String,
        on_self: bool,
        on_super: bool,
        line: usize,
    },
    /// A bare name used in an expression; `called`: it is the function of a call.
    Name {
        id: String,
        called: bool,
        line: usize,
    },
    /// A name imported with `from module import name`.
    ImportedName { name: String, line: usize },
    /// A call with its positional and keyword arguments.
    Call {
        callee: Callee,
        args: Vec<Arg>,
        keywords: Vec<(Option<String>, Arg)>,
        line: usize,
    },
    /// A string literal, the literal text of an f-string, or the text a
    /// composition of them gives when known (`f"{OUTPUT_DIR}/x.csv"`);
    /// `whole`: not a piece of such a composition, whose text is reported
    /// on its own (a piece is not a path by itself).
    Str {
        text: String,
        line: usize,
        whole: bool,
    },
    /// An identifier written with non-ASCII characters.
    NonAsciiIdentifier { text: String, line: usize },
    /// A name or attribute chain, by the qualified names it may stand for
    /// (`numpy.load`, `?.query` when the object is unknown), and its use.
    Reference {
        paths: Vec<String>,
        usage: Usage,
        line: usize,
    },
    /// `template.format(...)` or `template.format_map(...)` whose template
    /// is not a literal: `built` when it is computed right there
    /// (`("{0." + x + "}").format`), not just named.
    ComputedTemplate { built: bool, line: usize },
    /// A type annotation written as text (`x: "int"`), which
    /// `typing.get_type_hints` and `functools.singledispatch` evaluate.
    Annotation { text: String, line: usize },
}

/// How a referenced name or attribute chain is used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Usage {
    /// Called right here, with these arguments.
    Called {
        /// Positional arguments.
        args: Vec<Arg>,
        /// Keyword arguments (`None`: `**mapping`).
        keywords: Vec<(Option<String>, Arg)>,
    },
    /// Given a second name (`f = operator.attrgetter`), whose uses are checked.
    Alias,
    /// Imported (`from operator import attrgetter`).
    Import,
    /// Assigned or deleted (`json.dumps = f`, `setattr(json, "dumps", f)`).
    Replaced,
    /// Anything else: passed, stored, returned; its later calls are unknown.
    Other,
}

/// A syntax error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxProblem {
    /// Parser message.
    pub message: String,
    /// 1-based line.
    pub line: usize,
}

/// Byte offset to line number.
pub struct Lines {
    starts: Vec<usize>,
}

impl Lines {
    /// Indexes `source`.
    pub fn new(source: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(source.match_indices('\n').map(|(i, _)| i + 1));
        Self { starts }
    }
    /// 1-based line of byte `offset`.
    pub fn line_of(&self, offset: TextSize) -> usize {
        let offset = offset.to_usize();
        self.starts.partition_point(|&s| s <= offset)
    }
}

/// Most pieces (literals, names, parts of an f-string) a text is put
/// together from in [`known_text`]; a longer composition is unknown.
const MAX_TEXT_PIECES: usize = 64;

/// The text `expr` always gives, when it is known before the code runs: a
/// literal, a name bound once to such a text, an f-string or a `+` of such
/// texts (`f"{OUTPUT_DIR}/x.csv"`, `OUTPUT_DIR + "/x.csv"`). A number is
/// written `0`: only its being a number matters to the checks.
pub fn known_text(expr: &Expr, bindings: &Bindings) -> Option<String> {
    let mut budget = MAX_TEXT_PIECES;
    let mut text = String::new();
    known_text_into(expr, bindings, &mut budget, &mut text).then_some(text)
}

fn known_text_into(expr: &Expr, bindings: &Bindings, budget: &mut usize, out: &mut String) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    match expr {
        Expr::StringLiteral(s) => {
            out.push_str(s.value.to_str());
            true
        }
        Expr::NumberLiteral(_) => {
            out.push('0');
            true
        }
        Expr::Name(n) => bindings
            .single_value(n.id.as_str())
            .is_some_and(|value| known_text_into(value, bindings, budget, out)),
        Expr::BinOp(b) if b.op == Operator::Add => {
            known_text_into(&b.left, bindings, budget, out)
                && known_text_into(&b.right, bindings, budget, out)
        }
        Expr::FString(f) => f_string_pieces(f, bindings, budget, out).is_none(),
        _ => false,
    }
}

/// Appends an f-string's text to `out`, each interpolation whose text is
/// not known written `0`; returns the length of `out` before the first
/// unknown one (`None`: the whole text is known).
fn f_string_pieces(
    f: &ruff_python_ast::ExprFString,
    bindings: &Bindings,
    budget: &mut usize,
    out: &mut String,
) -> Option<usize> {
    let mut first_unknown = None;
    for part in f.value.iter() {
        match part {
            ruff_python_ast::FStringPart::Literal(l) => out.push_str(&l.value),
            ruff_python_ast::FStringPart::FString(f) => {
                for element in f.elements.iter() {
                    match element {
                        InterpolatedStringElement::Literal(l) => out.push_str(&l.value),
                        InterpolatedStringElement::Interpolation(i) => {
                            let plain = i.conversion == ruff_python_ast::ConversionFlag::None
                                && i.format_spec.is_none()
                                && i.debug_text.is_none();
                            let mut piece = String::new();
                            if plain && known_text_into(&i.expression, bindings, budget, &mut piece)
                            {
                                out.push_str(&piece);
                            } else {
                                first_unknown.get_or_insert(out.len());
                                out.push('0');
                            }
                        }
                    }
                }
            }
        }
    }
    first_unknown
}

fn arg_of(expr: &Expr, bindings: &Bindings) -> Arg {
    let number = |e: &Expr| matches!(e, Expr::NumberLiteral(_));
    let a_number = number(expr)
        || matches!(expr, Expr::Name(n) if bindings.single_value(n.id.as_str()).is_some_and(number));
    if let Some(text) = known_text(expr, bindings).filter(|_| !a_number) {
        return Arg::Str(text);
    }
    match expr {
        Expr::BooleanLiteral(b) => Arg::Bool(b.value),
        Expr::Name(n) => match bindings.literals(n.id.as_str()).as_deref() {
            Some([one]) => Arg::Str((*one).to_owned()),
            Some(many) => Arg::OneOf(many.iter().map(|s| (*s).to_owned()).collect()),
            None => Arg::Other,
        },
        Expr::List(ruff_python_ast::ExprList { elts, .. })
        | Expr::Tuple(ruff_python_ast::ExprTuple { elts, .. }) => {
            let texts: Option<Vec<String>> = elts.iter().map(|e| known_text(e, bindings)).collect();
            texts.map_or(Arg::Other, Arg::Texts)
        }
        Expr::Dict(_) => Arg::Dict,
        Expr::Starred(_) => Arg::Starred,
        Expr::FString(f) => {
            let mut budget = MAX_TEXT_PIECES;
            let mut text = String::new();
            let known = f_string_pieces(f, bindings, &mut budget, &mut text);
            let prefix = text[..known.unwrap_or(text.len())].to_owned();
            Arg::Template { text, prefix }
        }
        _ => Arg::Other,
    }
}

/// String literals inside an annotation (`"int"`, `Optional["Frame"]`).
fn annotation_strings<'e>(expr: &'e Expr, out: &mut Vec<&'e ruff_python_ast::ExprStringLiteral>) {
    match expr {
        Expr::StringLiteral(s) => out.push(s),
        Expr::Subscript(s) => {
            annotation_strings(&s.value, out);
            annotation_strings(&s.slice, out);
        }
        Expr::Tuple(t) => t.elts.iter().for_each(|e| annotation_strings(e, out)),
        Expr::List(l) => l.elts.iter().for_each(|e| annotation_strings(e, out)),
        Expr::BinOp(b) => {
            annotation_strings(&b.left, out);
            annotation_strings(&b.right, out);
        }
        _ => {}
    }
}

struct Collector<'s, 'a> {
    source: &'s str,
    lines: Lines,
    facts: Vec<Fact>,
    bindings: &'s Bindings<'a>,
    /// Start offsets of names that are the function of a call.
    callees: HashSet<TextSize>,
    /// Functions of calls, already reported with the call.
    called: HashSet<TextRange>,
    /// Values given a second name outside a class body (`f = x.y`).
    aliases: HashSet<TextRange>,
    /// Objects of a longer chain (`a.b` in `a.b.c`), reported with it.
    inner: HashSet<TextRange>,
    /// One entry per enclosing scope: `true` for a class body.
    class_scopes: Vec<bool>,
    /// Literals and compositions inside a composed text already reported whole.
    pieces: HashSet<TextRange>,
}

impl<'a> Collector<'_, 'a> {
    fn line(&self, node: &impl Ranged) -> usize {
        self.lines.line_of(node.start())
    }
    fn identifier(&mut self, range: TextRange) {
        let text = &self.source[range];
        if !text.is_ascii() {
            let line = self.lines.line_of(range.start());
            self.facts.push(Fact::NonAsciiIdentifier {
                text: text.to_owned(),
                line,
            });
        }
    }

    fn arguments(&self, call: &ruff_python_ast::ExprCall) -> Usage {
        Usage::Called {
            args: call
                .arguments
                .args
                .iter()
                .map(|a| arg_of(a, self.bindings))
                .collect(),
            keywords: call
                .arguments
                .keywords
                .iter()
                .map(|k| {
                    (
                        k.arg.as_ref().map(|a| a.as_str().to_owned()),
                        arg_of(&k.value, self.bindings),
                    )
                })
                .collect(),
        }
    }

    fn reference(&mut self, paths: Vec<String>, usage: Usage, line: usize) {
        if paths.iter().any(|p| p != UNKNOWN) {
            self.facts.push(Fact::Reference { paths, usage, line });
        }
    }

    /// Marks the values given a second name by `target = value`.
    fn mark_aliases(&mut self, target: &Expr, value: &Expr) {
        if self.class_scopes.last() == Some(&true) {
            // A class attribute is reached as `Class.name` or `self.name`,
            // which the resolver cannot follow.
            return;
        }
        match (target, value) {
            (Expr::Name(_), _) => {
                self.aliases.insert(value.range());
            }
            (Expr::Tuple(t), Expr::Tuple(v)) if t.elts.len() == v.elts.len() => {
                for (t, v) in t.elts.iter().zip(&v.elts) {
                    self.mark_aliases(t, v);
                }
            }
            (Expr::List(t), Expr::List(v)) if t.elts.len() == v.elts.len() => {
                for (t, v) in t.elts.iter().zip(&v.elts) {
                    self.mark_aliases(t, v);
                }
            }
            _ => {}
        }
    }

    /// A name, attribute chain or `getattr(x, "name")` not inside a longer one.
    fn chain(&mut self, expr: &'a Expr) {
        let range = expr.range();
        if self.inner.contains(&range) || self.called.contains(&range) {
            return;
        }
        let usage = match expr {
            Expr::Attribute(a) if a.ctx != ExprContext::Load => Usage::Replaced,
            Expr::Name(n) if n.ctx != ExprContext::Load => return,
            _ if self.aliases.contains(&range) => Usage::Alias,
            _ => Usage::Other,
        };
        let paths = self.bindings.paths(expr);
        let line = self.line(expr);
        self.reference(paths, usage, line);
    }

    fn import_references(&mut self, node: AnyNodeRef<'a>) {
        match node {
            AnyNodeRef::StmtImport(import) => {
                for alias in &import.names {
                    let line = self.line(alias);
                    self.reference(vec![alias.name.as_str().to_owned()], Usage::Import, line);
                }
            }
            AnyNodeRef::StmtImportFrom(import) if import.level == 0 => {
                let module = import.module.as_ref().map_or("", |m| m.as_str());
                for alias in &import.names {
                    let line = self.line(alias);
                    let path = format!("{module}.{}", alias.name.as_str());
                    self.reference(vec![path], Usage::Import, line);
                }
            }
            _ => {}
        }
    }

    fn annotation(&mut self, expr: Option<&'a Expr>) {
        let mut strings = Vec::new();
        if let Some(expr) = expr {
            annotation_strings(expr, &mut strings);
        }
        for s in strings {
            let line = self.line(s);
            self.facts.push(Fact::Annotation {
                text: s.value.to_str().to_owned(),
                line,
            });
        }
    }

    /// For `t.format(...)` / `t.format_map(...)` / `str.format(t, ...)`:
    /// `None` when `t` is a literal (or a name always holding one), else
    /// whether it is built right there.
    fn computed_template(&self, call: &ruff_python_ast::ExprCall) -> Option<bool> {
        let Expr::Attribute(method) = &*call.func else {
            return None;
        };
        if !matches!(method.attr.as_str(), "format" | "format_map") {
            return None;
        }
        let template = match &*method.value {
            Expr::Name(n) if n.id.as_str() == "str" => call.arguments.args.first()?,
            other => other,
        };
        match template {
            Expr::StringLiteral(_) => None,
            Expr::Name(n) if self.bindings.literals(n.id.as_str()).is_some() => None,
            Expr::Name(n) => Some(self.bindings.built(n.id.as_str())),
            Expr::Attribute(_) => Some(false),
            _ => Some(true),
        }
    }

    /// An f-string or `+` of texts whose text is known: reported whole,
    /// its pieces marked (`"/x.csv"` in `f"{OUTPUT_DIR}/x.csv"`).
    fn composed_text(&mut self, expr: &Expr) {
        let composed = matches!(expr, Expr::FString(_))
            || matches!(expr, Expr::BinOp(b) if b.op == Operator::Add);
        if !composed || self.pieces.contains(&expr.range()) {
            return;
        }
        if let Some(text) = known_text(expr, self.bindings) {
            let line = self.line(expr);
            self.facts.push(Fact::Str {
                text,
                line,
                whole: true,
            });
            self.mark_pieces(expr);
        }
    }

    fn mark_pieces(&mut self, expr: &Expr) {
        match expr {
            Expr::StringLiteral(s) => {
                self.pieces.insert(s.range);
            }
            Expr::BinOp(b) => {
                self.pieces.insert(b.range);
                self.mark_pieces(&b.left);
                self.mark_pieces(&b.right);
            }
            Expr::FString(f) => {
                self.pieces.insert(f.range);
                for element in f.value.elements() {
                    match element {
                        InterpolatedStringElement::Literal(l) => {
                            self.pieces.insert(l.range);
                        }
                        InterpolatedStringElement::Interpolation(i) => {
                            self.mark_pieces(&i.expression);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn call(&mut self, call: &'a ruff_python_ast::ExprCall) {
        if let Expr::Name(n) = &*call.func {
            self.callees.insert(n.range.start());
        }
        if let Some((object, _)) = getattr_call(call) {
            self.inner.insert(object.range());
        }
        let callee = match &*call.func {
            Expr::Name(n) => Callee::Name(n.id.as_str().to_owned()),
            Expr::Attribute(a) => Callee::Attr(a.attr.as_str().to_owned()),
            _ => Callee::Other,
        };
        let usage = self.arguments(call);
        let line = self.line(call);
        // The chain called: `np.load(...)`, `f(...)`, `getattr(m, "x")(...)`.
        let func = &*call.func;
        if matches!(func, Expr::Name(_) | Expr::Attribute(_)) || getattr_literal(func).is_some() {
            self.called.insert(func.range());
            let paths = self.bindings.paths(func);
            self.reference(paths, usage.clone(), line);
        }
        // `setattr(module, "name", value)` replaces a library's attribute.
        if matches!(&*call.func, Expr::Name(n) if matches!(n.id.as_str(), "setattr" | "delattr")) {
            if let [object, Expr::StringLiteral(name), ..] = &*call.arguments.args {
                let paths = self
                    .bindings
                    .paths(object)
                    .into_iter()
                    .map(|p| format!("{p}.{}", name.value.to_str()))
                    .collect();
                self.reference(paths, Usage::Replaced, line);
            }
        }
        if let Some(built) = self.computed_template(call) {
            self.facts.push(Fact::ComputedTemplate { built, line });
        }
        let Usage::Called { args, keywords } = usage else {
            return;
        };
        self.facts.push(Fact::Call {
            callee,
            args,
            keywords,
            line,
        });
    }
}

impl<'a> SourceOrderVisitor<'a> for Collector<'_, 'a> {
    fn enter_node(&mut self, node: AnyNodeRef<'a>) -> TraversalSignal {
        match node {
            AnyNodeRef::StmtImport(import) => {
                for alias in &import.names {
                    let line = self.line(alias);
                    self.facts.push(Fact::Import {
                        module: alias.name.as_str().to_owned(),
                        line,
                    });
                }
                self.import_references(node);
            }
            AnyNodeRef::StmtImportFrom(import) => {
                let module = import
                    .module
                    .as_ref()
                    .map(|m| m.as_str().to_owned())
                    .unwrap_or_default();
                let module = format!("{}{module}", ".".repeat(import.level as usize));
                let line = self.line(import);
                if import.names.iter().any(|a| a.name.as_str() == "*") {
                    self.facts.push(Fact::ImportStar {
                        module: module.clone(),
                        line,
                    });
                }
                self.facts.push(Fact::Import { module, line });
                for alias in &import.names {
                    // `from x import _private` or `import read_pickle` reach names directly.
                    let line = self.line(alias);
                    self.facts.push(Fact::ImportedName {
                        name: alias.name.as_str().to_owned(),
                        line,
                    });
                }
                self.import_references(node);
            }
            AnyNodeRef::StmtClassDef(_) => self.class_scopes.push(true),
            AnyNodeRef::StmtFunctionDef(f) => {
                self.class_scopes.push(false);
                self.annotation(f.returns.as_deref());
            }
            AnyNodeRef::ExprLambda(_) => self.class_scopes.push(false),
            AnyNodeRef::Parameter(p) => self.annotation(p.annotation.as_deref()),
            AnyNodeRef::StmtAnnAssign(assign) => {
                self.annotation(Some(&assign.annotation));
                if let Some(value) = &assign.value {
                    self.mark_aliases(&assign.target, value);
                }
            }
            AnyNodeRef::StmtAssign(assign) => {
                for target in &assign.targets {
                    self.mark_aliases(target, &assign.value);
                }
            }
            AnyNodeRef::ExprNamed(named) => self.mark_aliases(&named.target, &named.value),
            AnyNodeRef::ExprAttribute(attr) => {
                let on_self = matches!(&*attr.value, Expr::Name(n) if n.id.as_str() == "self");
                let on_super = matches!(&*attr.value, Expr::Call(c)
                    if matches!(&*c.func, Expr::Name(n) if n.id.as_str() == "super"));
                let line = self.line(&attr.attr);
                self.facts.push(Fact::Attribute {
                    attr: attr.attr.as_str().to_owned(),
                    on_self,
                    on_super,
                    line,
                });
                self.inner.insert(attr.value.range());
            }
            AnyNodeRef::ExprName(name) => {
                self.identifier(name.range);
                let line = self.line(name);
                self.facts.push(Fact::Name {
                    id: name.id.as_str().to_owned(),
                    called: self.callees.contains(&name.range.start()),
                    line,
                });
            }
            AnyNodeRef::ExprCall(call) => self.call(call),
            AnyNodeRef::ExprStringLiteral(s) => {
                let line = self.line(s);
                self.facts.push(Fact::Str {
                    text: s.value.to_str().to_owned(),
                    line,
                    whole: !self.pieces.contains(&s.range),
                });
            }
            AnyNodeRef::ExprBytesLiteral(b) => {
                let bytes: Vec<u8> = b.value.bytes().collect();
                let line = self.line(b);
                self.facts.push(Fact::Str {
                    text: String::from_utf8_lossy(&bytes).into_owned(),
                    line,
                    whole: true,
                });
            }
            AnyNodeRef::InterpolatedStringLiteralElement(lit) => {
                let line = self.line(lit);
                self.facts.push(Fact::Str {
                    text: lit.value.to_string(),
                    line,
                    whole: !self.pieces.contains(&lit.range),
                });
            }
            _ => {}
        }
        TraversalSignal::Traverse
    }

    fn leave_node(&mut self, node: AnyNodeRef<'a>) {
        if matches!(
            node,
            AnyNodeRef::StmtClassDef(_)
                | AnyNodeRef::StmtFunctionDef(_)
                | AnyNodeRef::ExprLambda(_)
        ) {
            self.class_scopes.pop();
        }
    }

    fn visit_expr(&mut self, expr: &'a Expr) {
        self.composed_text(expr);
        if matches!(expr, Expr::Name(_) | Expr::Attribute(_)) || getattr_literal(expr).is_some() {
            self.chain(expr);
        }
        ruff_python_ast::visitor::source_order::walk_expr(self, expr);
    }

    fn visit_identifier(&mut self, identifier: &'a ruff_python_ast::Identifier) {
        self.identifier(identifier.range);
    }
}

/// What [`facts`] finds.
pub struct Facts {
    /// The facts, in source order.
    pub facts: Vec<Fact>,
    /// Names bound to a module or imported object (`np`, `m = np`).
    pub module_names: BTreeSet<String>,
}

/// Parses `source` and returns its facts, or its first syntax error.
///
/// Callers must bound the nesting depth first (see `nesting_depth`):
/// the parser and the visitors all recurse.
pub fn facts(source: &str) -> Result<Facts, SyntaxProblem> {
    let lines = Lines::new(source);
    let parsed = ruff_python_parser::parse_module(source).map_err(|e| SyntaxProblem {
        message: e.error.to_string(),
        line: lines.line_of(e.location.start()),
    })?;
    let body = &parsed.syntax().body;
    let bindings = Bindings::of(body);
    let mut collector = Collector {
        source,
        lines,
        facts: Vec::new(),
        bindings: &bindings,
        callees: HashSet::new(),
        called: HashSet::new(),
        aliases: HashSet::new(),
        inner: HashSet::new(),
        class_scopes: Vec::new(),
        pieces: HashSet::new(),
    };
    collector.visit_body(body);
    Ok(Facts {
        facts: collector.facts,
        module_names: bindings.module_names(),
    })
}
