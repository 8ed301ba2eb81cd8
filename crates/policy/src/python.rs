//! The one module that touches `ruff_python_parser` (its API is internal and
//! changes between versions): parses the exact source text and reduces the
//! tree to the few facts the policy rules look at.

use ruff_python_ast::visitor::source_order::{SourceOrderVisitor, TraversalSignal};
use ruff_python_ast::{AnyNodeRef, Expr};
use ruff_text_size::{Ranged, TextSize};

/// A literal or other argument value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// A plain string literal.
    Str(String),
    /// `True` or `False`.
    Bool(bool),
    /// Anything else (a name, a call, an f-string, ...).
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
    /// A string literal, or the literal text of an f-string.
    Str { text: String, line: usize },
    /// An identifier written with non-ASCII characters.
    NonAsciiIdentifier { text: String, line: usize },
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

fn arg_of(expr: &Expr) -> Arg {
    match expr {
        Expr::StringLiteral(s) => Arg::Str(s.value.to_str().to_owned()),
        Expr::BooleanLiteral(b) => Arg::Bool(b.value),
        _ => Arg::Other,
    }
}

struct Collector<'s> {
    source: &'s str,
    lines: Lines,
    facts: Vec<Fact>,
    /// Start offsets of names that are the function of a call.
    callees: std::collections::HashSet<TextSize>,
}

impl Collector<'_> {
    fn line(&self, node: &impl Ranged) -> usize {
        self.lines.line_of(node.start())
    }
    fn identifier(&mut self, range: ruff_text_size::TextRange) {
        let text = &self.source[range];
        if !text.is_ascii() {
            let line = self.lines.line_of(range.start());
            self.facts.push(Fact::NonAsciiIdentifier {
                text: text.to_owned(),
                line,
            });
        }
    }
}

impl<'a> SourceOrderVisitor<'a> for Collector<'_> {
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
            }
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
            AnyNodeRef::ExprCall(call) => {
                if let Expr::Name(n) = &*call.func {
                    self.callees.insert(n.range.start());
                }
                let callee = match &*call.func {
                    Expr::Name(n) => Callee::Name(n.id.as_str().to_owned()),
                    Expr::Attribute(a) => Callee::Attr(a.attr.as_str().to_owned()),
                    _ => Callee::Other,
                };
                let args = call.arguments.args.iter().map(arg_of).collect();
                let keywords = call
                    .arguments
                    .keywords
                    .iter()
                    .map(|k| {
                        (
                            k.arg.as_ref().map(|a| a.as_str().to_owned()),
                            arg_of(&k.value),
                        )
                    })
                    .collect();
                let line = self.line(call);
                self.facts.push(Fact::Call {
                    callee,
                    args,
                    keywords,
                    line,
                });
            }
            AnyNodeRef::ExprStringLiteral(s) => {
                let line = self.line(s);
                self.facts.push(Fact::Str {
                    text: s.value.to_str().to_owned(),
                    line,
                });
            }
            AnyNodeRef::ExprBytesLiteral(b) => {
                let bytes: Vec<u8> = b.value.bytes().collect();
                let line = self.line(b);
                self.facts.push(Fact::Str {
                    text: String::from_utf8_lossy(&bytes).into_owned(),
                    line,
                });
            }
            AnyNodeRef::InterpolatedStringLiteralElement(lit) => {
                let line = self.line(lit);
                self.facts.push(Fact::Str {
                    text: lit.value.to_string(),
                    line,
                });
            }
            _ => {}
        }
        TraversalSignal::Traverse
    }

    fn visit_identifier(&mut self, identifier: &'a ruff_python_ast::Identifier) {
        self.identifier(identifier.range);
    }
}

/// Parses `source` and returns its facts, or its first syntax error.
///
/// Callers must bound the nesting depth first (see `rules::nesting_depth`):
/// the parser and the visitor both recurse.
pub fn facts(source: &str) -> Result<Vec<Fact>, SyntaxProblem> {
    let lines = Lines::new(source);
    let parsed = ruff_python_parser::parse_module(source).map_err(|e| SyntaxProblem {
        message: e.error.to_string(),
        line: lines.line_of(e.location.start()),
    })?;
    let mut collector = Collector {
        source,
        lines,
        facts: Vec::new(),
        callees: std::collections::HashSet::new(),
    };
    collector.visit_body(&parsed.syntax().body);
    Ok(collector.facts)
}
