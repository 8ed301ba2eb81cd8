//! Text shown in a terminal: one sanitiser for every string the CLI prints
//! that came from data, code, a model or the sandbox (answers, tables,
//! column names, chart titles, file names, explanations, stop reasons).
//!
//! A terminal obeys what it is sent: `ESC [2J` clears the screen, `CR` or
//! `ESC [A` rewrites a line that was already printed (a fake "Answer:"),
//! `ESC ]52;…` writes the clipboard, and bidi overrides make a text read
//! differently from what it holds. Here every such character is made
//! visible instead of obeyed: C0 controls become their Unicode control
//! pictures (`ESC` is `␛`), DEL is `␡`, and C1 controls, direction
//! overrides and isolates, line and paragraph separators and invisible
//! characters become `<U+XXXX>`. What follows an `ESC` (`[2J`) is then
//! plain text. [`line()`] keeps nothing (a newline is `␊`: one field, one
//! line); [`block`] keeps newlines and tabs (an explanation of several
//! lines), nothing else. Both cut text longer than a named cap.

use std::borrow::Cow;

/// Longest text [`line()`] prints, in characters; longer ones end with `…`.
pub const MAX_LINE_CHARS: usize = 2_000;
/// Longest text [`block`] prints, in characters; longer ones end with `…`.
pub const MAX_BLOCK_CHARS: usize = 20_000;

/// True for a character a terminal could obey or that hides or reorders
/// text: C0 and C1 controls, DEL, bidi marks, embeddings, overrides and
/// isolates, line and paragraph separators, zero-width and other invisible
/// characters, and Unicode tags.
pub fn is_unsafe(c: char) -> bool {
    // The same hidden characters the sandbox refuses in output names.
    c.is_control() || glovebox_sandbox::outcome::is_hidden(c)
}

/// The visible stand-in for an unsafe character.
fn visible(c: char, out: &mut String) {
    match c {
        '\u{0}'..='\u{1F}' => {
            // The control pictures block mirrors C0: U+2400 + code.
            out.push(char::from_u32(0x2400 + c as u32).unwrap_or('?'));
        }
        '\u{7F}' => out.push('\u{2421}'),
        _ => out.push_str(&format!("<U+{:04X}>", c as u32)),
    }
}

fn clean<'a>(text: &'a str, keep: &[char], max: usize) -> Cow<'a, str> {
    let over = text.len() > max && text.chars().nth(max).is_some();
    if !over && !text.chars().any(|c| is_unsafe(c) && !keep.contains(&c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len().min(max * 4) + 8);
    for c in text.chars().take(max) {
        if is_unsafe(c) && !keep.contains(&c) {
            visible(c, &mut out);
        } else {
            out.push(c);
        }
    }
    if over {
        out.push('…');
    }
    Cow::Owned(out)
}

/// `text` as one line a terminal cannot obey: every control character
/// (newline and tab included) and every bidi or invisible character made
/// visible, at most `MAX_LINE_CHARS` characters.
pub fn line(text: &str) -> Cow<'_, str> {
    clean(text, &[], MAX_LINE_CHARS)
}

/// `text` as lines a terminal cannot obey: newlines and tabs kept, every
/// other control, bidi or invisible character made visible (a carriage
/// return cannot rewrite a line), at most `MAX_BLOCK_CHARS` characters.
pub fn block(text: &str) -> Cow<'_, str> {
    clean(text, &['\n', '\t'], MAX_BLOCK_CHARS)
}

/// `text` as one line of at most `max` characters (a table cell).
pub fn cell(text: &str, max: usize) -> Cow<'_, str> {
    clean(text, &[], max)
}

/// Serialised JSON made safe for a terminal without changing what it
/// means: every unsafe character (which JSON allows raw inside strings:
/// C1 controls, DEL, bidi and invisible characters; `serde_json` already
/// escapes C0) becomes its `\uXXXX` escape, as a surrogate pair beyond
/// U+FFFF. A JSON reader gets the same values.
pub fn json(serialised: &str) -> Cow<'_, str> {
    // C0 characters outside strings are JSON's own whitespace (newlines of
    // pretty output); inside strings the serialiser escaped them already.
    let raw = |c: char| is_unsafe(c) && !(c.is_ascii_control() && c != '\u{7f}');
    if !serialised.chars().any(raw) {
        return Cow::Borrowed(serialised);
    }
    let mut out = String::with_capacity(serialised.len() + 16);
    let mut units = [0u16; 2];
    for c in serialised.chars() {
        if raw(c) {
            for unit in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No byte a terminal interprets is left: no C0 (but the kept ones),
    /// no DEL, no C1, no bidi or invisible character.
    fn inert(text: &str, keep: &[char]) -> bool {
        text.chars().all(|c| !is_unsafe(c) || keep.contains(&c))
    }

    #[test]
    fn escape_sequences_are_shown_not_obeyed() {
        let clear = "\u{1b}[2J\u{1b}[HAnswer: 1000000";
        assert_eq!(line(clear), "␛[2J␛[HAnswer: 1000000");
        let osc52 = "x\u{1b}]52;c;ZWNobyBwd25lZA==\u{7}y";
        assert_eq!(line(osc52), "x␛]52;c;ZWNobyBwd25lZA==␇y");
        let c1 = "a\u{9b}31mb\u{9d}0;title\u{9c}";
        assert_eq!(line(c1), "a<U+009B>31mb<U+009D>0;title<U+009C>");
        assert_eq!(line("del\u{7f}"), "del␡");
    }

    #[test]
    fn a_line_cannot_rewrite_or_add_lines() {
        assert_eq!(line("12\rAnswer: 999"), "12␍Answer: 999");
        assert_eq!(line("12\nAnswer: 999"), "12␊Answer: 999");
        assert_eq!(line("12\u{1b}[1AAnswer"), "12␛[1AAnswer");
        assert_eq!(line("a\u{2028}b\u{2029}c"), "a<U+2028>b<U+2029>c");
        assert_eq!(line("tab\there"), "tab␉here");
    }

    #[test]
    fn a_block_keeps_newlines_and_tabs_only() {
        assert_eq!(block("one\ntwo\tthree"), "one\ntwo\tthree");
        assert_eq!(block("one\r\ntwo"), "one␍\ntwo");
        assert_eq!(block("x\u{1b}[31m"), "x␛[31m");
    }

    #[test]
    fn bidi_and_invisible_characters_are_made_visible() {
        // "Trojan source": an override that makes 'txt.exe' read 'exe.txt'.
        assert_eq!(line("report\u{202E}txt.exe"), "report<U+202E>txt.exe");
        assert_eq!(line("\u{2066}a\u{2069}"), "<U+2066>a<U+2069>");
        assert_eq!(line("\u{200F}\u{061C}"), "<U+200F><U+061C>");
        assert_eq!(line("pa\u{200B}ypal"), "pa<U+200B>ypal");
        assert_eq!(line("\u{FEFF}bom"), "<U+FEFF>bom");
        assert_eq!(line("tag\u{E0041}"), "tag<U+E0041>");
    }

    #[test]
    fn ordinary_text_is_untouched_and_borrowed() {
        for text in ["Total revenue: 1,234.50 €", "Durchschnitt – été ☀ 北京", ""] {
            assert!(matches!(line(text), Cow::Borrowed(t) if t == text));
            assert!(matches!(block(text), Cow::Borrowed(t) if t == text));
        }
    }

    #[test]
    fn long_text_is_cut_with_an_ellipsis() {
        let long = "a".repeat(MAX_LINE_CHARS + 10);
        let cut = line(&long);
        assert_eq!(cut.chars().count(), MAX_LINE_CHARS + 1);
        assert!(cut.ends_with('…'));
        assert_eq!(cell("abcdef", 3), "abc…");
        assert_eq!(cell("abc", 3), "abc");
        // Multi-byte text at the cap is not cut.
        let wide = "é".repeat(MAX_LINE_CHARS);
        assert_eq!(line(&wide), wide);
    }

    #[test]
    fn json_keeps_its_values_and_loses_raw_controls() {
        let value = serde_json::json!({
            "name": "a\u{1b}[2J\u{9b}1m\u{202E}x\u{E0041}\u{7f}",
            "plain": "é ☀ 北京",
        });
        let text = serde_json::to_string_pretty(&value).unwrap();
        let safe = json(&text);
        assert!(safe.chars().all(|c| !is_unsafe(c) || c == '\n'), "{safe}");
        assert_eq!(safe.lines().count(), text.lines().count(), "layout kept");
        assert!(
            safe.contains("\\u009b") && safe.contains("\\udb40\\udc41"),
            "{safe}"
        );
        let back: serde_json::Value = serde_json::from_str(&safe).unwrap();
        assert_eq!(back, value);
        assert!(matches!(json("{\"a\":1}"), Cow::Borrowed(_)));
    }

    #[test]
    fn every_control_character_is_neutralised() {
        let all: String = (0u32..=0x9F)
            .chain(0x2000..=0x206F)
            .chain([0xFEFF, 0xE0001, 0xE007F])
            .filter_map(char::from_u32)
            .collect();
        assert!(inert(&line(&all), &[]));
        assert!(inert(&block(&all), &['\n', '\t']));
        assert!(!line(&all).contains('\u{1b}'));
    }
}
