//! Python code out of a model's reply: the one fenced code block.
//!
//! Fences follow CommonMark: three or more backticks or tildes, indented by
//! at most three spaces, closed by a fence of the same character at least as
//! long. Blocks tagged `python`/`py`/`python3` are the candidates; untagged
//! blocks count only when no block is tagged. Other languages (`bash`,
//! `json`, `csv`) are ignored. Identical candidates count once. No candidate,
//! an unclosed block, or several different candidates is a problem the
//! pipeline counts as a failed attempt.

/// Why a reply gave no code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExtractProblem {
    /// The reply was empty.
    #[error("the model's reply was empty")]
    EmptyReply,
    /// No fenced Python block.
    #[error("the model's reply has no fenced python code block")]
    NoBlock,
    /// A block was opened and never closed.
    #[error("the model's reply has a python code block that is never closed")]
    Unclosed,
    /// A block with nothing in it.
    #[error("the model's python code block is empty")]
    EmptyBlock,
    /// Several different blocks: which one to run is not clear.
    #[error("the model's reply has {0} different python code blocks; it must have exactly one")]
    Conflicting(usize),
}

#[derive(Debug)]
struct Block {
    info: String,
    body: String,
}

fn fence_of(line: &str) -> Option<(char, usize, &str)> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let rest = &line[indent..];
    let ch = rest.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let len = rest.chars().take_while(|c| *c == ch).count();
    if len < 3 {
        return None;
    }
    let info = &rest[len..];
    // A backtick fence's info string may not contain backticks (inline code).
    if ch == '`' && info.contains('`') {
        return None;
    }
    Some((ch, len, info.trim()))
}

fn blocks(reply: &str) -> Result<Vec<Block>, ExtractProblem> {
    let mut out = Vec::new();
    let mut open: Option<(char, usize, String, Vec<&str>)> = None;
    for line in reply.lines() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        match &mut open {
            None => {
                if let Some((ch, len, info)) = fence_of(line) {
                    open = Some((ch, len, info.to_owned(), Vec::new()));
                }
            }
            Some((ch, len, info, body)) => match fence_of(line) {
                Some((c, l, rest)) if c == *ch && l >= *len && rest.is_empty() => {
                    out.push(Block {
                        info: std::mem::take(info),
                        body: body.join("\n"),
                    });
                    open = None;
                }
                _ => body.push(line),
            },
        }
    }
    if open.is_some() {
        return Err(ExtractProblem::Unclosed);
    }
    Ok(out)
}

fn language(info: &str) -> String {
    info.split(|c: char| c.is_whitespace() || c == '{' || c == ',')
        .next()
        .unwrap_or("")
        .trim_start_matches('.')
        .to_ascii_lowercase()
}

/// The code of the reply's one Python block.
pub fn extract(reply: &str) -> Result<String, ExtractProblem> {
    if reply.trim().is_empty() {
        return Err(ExtractProblem::EmptyReply);
    }
    let all = blocks(reply)?;
    let tagged: Vec<&Block> = all
        .iter()
        .filter(|b| matches!(language(&b.info).as_str(), "python" | "py" | "python3"))
        .collect();
    let candidates = if tagged.is_empty() {
        all.iter()
            .filter(|b| language(&b.info).is_empty())
            .collect()
    } else {
        tagged
    };
    let mut distinct: Vec<&str> = Vec::new();
    for b in &candidates {
        let body = b.body.trim_matches('\n');
        if !distinct.iter().any(|d| d.trim_end() == body.trim_end()) {
            distinct.push(body);
        }
    }
    match distinct.as_slice() {
        [] => Err(ExtractProblem::NoBlock),
        [one] if one.trim().is_empty() => Err(ExtractProblem::EmptyBlock),
        [one] => Ok(format!("{}\n", one.trim_end())),
        many => Err(ExtractProblem::Conflicting(many.len())),
    }
}

#[cfg(test)]
mod tests {
    use expect_test::{expect, Expect};

    use super::*;

    fn check(reply: &str, expect: Expect) {
        let got = match extract(reply) {
            Ok(code) => format!("ok:\n{code}"),
            Err(e) => format!("err: {e}"),
        };
        expect.assert_eq(&got);
    }

    #[test]
    fn one_python_block_with_prose_around_it() {
        check(
            "Here is the code:\n\n```python\nimport glovebox\nglovebox.answer(\"n\", 1)\n```\n\nIt counts rows.",
            expect![[r#"
                ok:
                import glovebox
                glovebox.answer("n", 1)
            "#]],
        );
    }

    #[test]
    fn crlf_indented_fence_and_longer_fence() {
        check(
            "  ````py\r\nx = '```'\r\nprint(x)\r\n  ````\r\n",
            expect![[r#"
                ok:
                x = '```'
                print(x)
            "#]],
        );
    }

    #[test]
    fn tildes_and_info_attributes() {
        check(
            "~~~ {.python}\nprint(1)\n~~~\n",
            expect![[r#"
                ok:
                print(1)
            "#]],
        );
    }

    #[test]
    fn untagged_block_counts_when_none_is_tagged() {
        check(
            "```\nprint(2)\n```",
            expect![[r#"
                ok:
                print(2)
            "#]],
        );
    }

    #[test]
    fn other_languages_are_ignored() {
        check(
            "Run:\n```bash\npip install x\n```\n```python\nprint(3)\n```\n```json\n{}\n```",
            expect![[r#"
                ok:
                print(3)
            "#]],
        );
    }

    #[test]
    fn identical_blocks_count_once() {
        check(
            "```python\nprint(4)\n```\nagain:\n```python\nprint(4)\n\n```",
            expect![[r#"
                ok:
                print(4)
            "#]],
        );
    }

    #[test]
    fn conflicting_blocks_are_refused() {
        check(
            "```python\nprint(5)\n```\nor\n```python\nprint(6)\n```",
            expect![[
                r#"err: the model's reply has 2 different python code blocks; it must have exactly one"#
            ]],
        );
    }

    #[test]
    fn no_block_unclosed_empty() {
        check(
            "import glovebox\nglovebox.answer('n', 1)",
            expect![[r#"err: the model's reply has no fenced python code block"#]],
        );
        check(
            "```python\nprint(7)\n",
            expect![[r#"err: the model's reply has a python code block that is never closed"#]],
        );
        check(
            "```python\n\n```",
            expect![[r#"err: the model's python code block is empty"#]],
        );
        check(" \n", expect![[r#"err: the model's reply was empty"#]]);
        check(
            "```bash\nls\n```",
            expect![[r#"err: the model's reply has no fenced python code block"#]],
        );
    }

    #[test]
    fn inline_backticks_are_not_fences() {
        check(
            "Use ```python``` inline.\n```python\nprint(8)\n```",
            expect![[r#"
                ok:
                print(8)
            "#]],
        );
    }
}
