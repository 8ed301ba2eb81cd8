//! Text handling for goals and column names: case and accent folding,
//! tokens with their place in the goal, singular forms, quoted phrases and
//! numbers written as digits or words (English, French, Spanish).

/// Lower case without accents: `Élevé` -> `eleve`, `año` -> `ano`,
/// `œuvre` -> `oeuvre`; typographic apostrophes become `'`.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        match c {
            'à' | 'á' | 'â' | 'ä' | 'ã' | 'å' => out.push('a'),
            'ç' => out.push('c'),
            'è' | 'é' | 'ê' | 'ë' => out.push('e'),
            'ì' | 'í' | 'î' | 'ï' => out.push('i'),
            'ñ' => out.push('n'),
            'ò' | 'ó' | 'ô' | 'ö' | 'õ' => out.push('o'),
            'ù' | 'ú' | 'û' | 'ü' => out.push('u'),
            'ý' | 'ÿ' => out.push('y'),
            'œ' => out.push_str("oe"),
            'æ' => out.push_str("ae"),
            'ß' => out.push_str("ss"),
            '²' => out.push('2'),
            '’' | '‘' | '`' | '´' => out.push('\''),
            other => out.push(other),
        }
    }
    out
}

/// The singular of a folded word by the rules all three languages share:
/// `values` -> `value`, `categories` -> `category`, `regiones` -> `region`,
/// `journaux` -> `journal`. Plurals in `-es` that keep their `e` in one
/// language and drop it in another are left to [`same_word`].
pub fn singular(word: &str) -> String {
    let n = word.chars().count();
    if n <= 3 || word.bytes().any(|b| b.is_ascii_digit()) {
        return word.to_owned();
    }
    for (suffix, keep) in [("iones", "ion"), ("ies", "y"), ("aux", "al")] {
        if let Some(stem) = word.strip_suffix(suffix) {
            return format!("{stem}{keep}");
        }
    }
    if word.ends_with("ss") || word.ends_with("us") || word.ends_with("is") {
        return word.to_owned();
    }
    word.strip_suffix('s').unwrap_or(word).to_owned()
}

/// The forms a folded word may take once its plural is removed.
fn stems(word: &str) -> [String; 3] {
    let one = singular(word);
    let two = match word.strip_suffix("es") {
        Some(stem) if stem.chars().count() >= 3 => stem.to_owned(),
        _ => one.clone(),
    };
    [word.to_owned(), one, two]
}

/// True when two folded words are the same word up to a plural:
/// `totales`/`total`, `villes`/`ville`, `mayores`/`mayor`, `prix`/`prix`.
pub fn same_word(a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    let (sa, sb) = (stems(a), stems(b));
    sa.iter().any(|x| sb.contains(x))
}

/// One word of a goal, folded and singular, with its place.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    /// Folded singular form used for matching.
    pub key: String,
    /// Folded form, as written.
    pub folded: String,
    /// The word as the user wrote it.
    pub raw: String,
    /// Which clause of the goal it is in: clauses are separated by `.`,
    /// `,`, `;`, `:`, `!`, `?`, dashes, brackets and line breaks.
    pub clause: usize,
    /// Where it is in the goal, in characters: `start..end`.
    pub span: (usize, usize),
}

/// Splits a goal into words. A number keeps its decimal point or comma
/// (`2.5`, `2,5`) and comparison signs are words of their own. The `s` of
/// an English possessive (`Python's`) is not a word.
pub fn tokens(goal: &str) -> Vec<Token> {
    let chars: Vec<char> = goal.chars().collect();
    let mut out = Vec::new();
    let mut clause = 0;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if matches!(
            c,
            '.' | ',' | ';' | ':' | '!' | '?' | '—' | '–' | '(' | ')' | '\n' | '\u{2028}'
        ) {
            clause += 1;
        }
        let possessive = matches!(c, 's' | 'S')
            && i >= 2
            && matches!(chars[i - 1], '\'' | '’')
            && chars[i - 2].is_alphanumeric()
            && chars.get(i + 1).is_none_or(|n| !n.is_alphanumeric());
        if possessive {
            i += 1;
            continue;
        }
        // "(natlecon = -1)", "x < -5": a minus sign right after a
        // comparison sign or a bracket is the number's own.
        let signed = c == '-'
            && chars.get(i + 1).is_some_and(char::is_ascii_digit)
            && chars[..i]
                .iter()
                .rev()
                .find(|p| !p.is_whitespace())
                .is_some_and(|p| matches!(p, '=' | '<' | '>' | '≥' | '≤' | '(' | '['));
        if c.is_alphanumeric() || signed {
            let start = i;
            i += usize::from(signed);
            while i < chars.len()
                && (chars[i].is_alphanumeric()
                    || ((chars[i] == '.' || chars[i] == ',')
                        && chars[i - 1].is_ascii_digit()
                        && chars.get(i + 1).is_some_and(char::is_ascii_digit)))
            {
                i += 1;
            }
            let raw: String = chars[start..i].iter().collect();
            // "aren't", "weren't", "doesn't": the verb, then "not" — not
            // when it opens its clause ("Isn't Paris our busiest store?").
            let opens_clause = out.last().is_none_or(|t: &Token| t.clause != clause);
            if let Some(verb) = negated_verb(&raw, &chars, i).filter(|_| !opens_clause) {
                let cut = start + verb.chars().count();
                let folded = fold(&verb);
                out.push(Token {
                    key: singular(&folded),
                    folded,
                    raw: verb,
                    clause,
                    span: (start, cut),
                });
                out.push(Token {
                    key: "not".into(),
                    folded: "not".into(),
                    raw: "not".into(),
                    clause,
                    span: (cut, i + 2),
                });
                i += 2;
                continue;
            }
            let folded = fold(&raw);
            out.push(Token {
                key: singular(&folded),
                folded,
                raw,
                clause,
                span: (start, i),
            });
            continue;
        }
        let not_equal = c == '!' && chars.get(i + 1) == Some(&'=');
        if matches!(c, '<' | '>' | '=' | '≥' | '≤' | '%') || not_equal {
            let mut raw = c.to_string();
            if chars.get(i + 1) == Some(&'=') && matches!(c, '<' | '>' | '!' | '=') {
                raw.push('=');
                i += 1;
            }
            out.push(Token {
                key: raw.clone(),
                folded: raw.clone(),
                span: (i + 1 - raw.chars().count(), i + 1),
                raw,
                clause,
            });
        }
        i += 1;
    }
    out
}

/// "aren't" written at `raw` (its letters end at `end`, before `'t`): the
/// verb without its "n" ("are"), for the verbs that take "n't".
fn negated_verb(raw: &str, chars: &[char], end: usize) -> Option<String> {
    const VERBS: &[&str] = &[
        "are", "is", "were", "was", "do", "does", "did", "has", "have", "had",
    ];
    let apostrophe = chars.get(end).is_some_and(|c| matches!(c, '\'' | '’'));
    let t = chars.get(end + 1).is_some_and(|c| matches!(c, 't' | 'T'));
    let alone = chars.get(end + 2).is_none_or(|c| !c.is_alphanumeric());
    // "don't worry about …", "don't forget": an aside, no negation.
    const ASIDES: &[&str] = &[
        "worry", "mind", "care", "forget", "bother", "matter", "know",
    ];
    let next: String = chars
        .iter()
        .skip(end + 2)
        .skip_while(|c| c.is_whitespace())
        .take_while(|c| c.is_alphanumeric())
        .collect::<String>()
        .to_lowercase();
    let verb = raw.strip_suffix(['n', 'N'])?;
    (apostrophe
        && t
        && alone
        && VERBS.contains(&verb.to_lowercase().as_str())
        && !ASIDES.contains(&next.as_str()))
    .then(|| verb.to_owned())
}

/// The words of a column name: `unit_price` -> `unit price`,
/// `customerAge` -> `customer age`, `Chiffre d'affaires` -> `chiffre d affaires`.
pub fn name_words(name: &str) -> Vec<String> {
    let mut spaced = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if c.is_uppercase() && prev_lower {
            spaced.push(' ');
        }
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
        spaced.push(c);
    }
    tokens(&spaced).into_iter().map(|t| t.key).collect()
}

/// Phrases between quotes: "…", «…», “…”, and '…' when it does not look
/// like an apostrophe (`chiffre d'affaires`).
pub fn quoted(goal: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (open, close) in [('"', '"'), ('«', '»'), ('“', '”'), ('\'', '\'')] {
        let mut rest = goal;
        while let Some(start) = rest.find(open) {
            let before_ok = open != '\''
                || rest[..start]
                    .chars()
                    .next_back()
                    .is_none_or(|c| c.is_whitespace() || c == '(');
            let after = &rest[start + open.len_utf8()..];
            let Some(end) = after.find(close) else { break };
            let inner = after[..end].trim();
            let after_ok = open != '\''
                || after[end + 1..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_alphanumeric());
            if before_ok && after_ok && !inner.is_empty() {
                out.push(inner.to_owned());
            }
            rest = &after[end + close.len_utf8()..];
        }
    }
    out
}

/// A number written in digits (`40`, `2.5`, `2,5`) or as a small word
/// (`two`, `deux`, `dos`).
pub fn number(token: &Token) -> Option<f64> {
    let t = token.folded.as_str();
    if t.starts_with(|c: char| c.is_ascii_digit()) {
        return digits(t);
    }
    if let Some(rest) = t
        .strip_prefix('-')
        .filter(|r| r.starts_with(|c: char| c.is_ascii_digit()))
    {
        return digits(rest).map(|n| -n);
    }
    let n = match t {
        "zero" | "cero" => 0.0,
        "one" | "un" | "une" | "uno" | "una" => 1.0,
        "two" | "deux" | "dos" => 2.0,
        "three" | "trois" | "tres" => 3.0,
        "four" | "quatre" | "cuatro" => 4.0,
        "five" | "cinq" | "cinco" => 5.0,
        "six" | "seis" => 6.0,
        "seven" | "sept" | "siete" => 7.0,
        "eight" | "huit" | "ocho" => 8.0,
        "nine" | "neuf" | "nueve" => 9.0,
        "ten" | "dix" | "diez" => 10.0,
        _ => return None,
    };
    Some(n)
}

/// A number written with digits: "2,5" and "2.5" are two and a half;
/// groups of three digits after a first group that is not 0 are
/// thousands, in every language ("100,000", "100.000", "1,000,000");
/// with both marks, the last one is the decimal mark ("1,500.50",
/// "1.500,50").
fn digits(t: &str) -> Option<f64> {
    let marks: Vec<(usize, char)> = t
        .char_indices()
        .filter(|(_, c)| matches!(c, ',' | '.'))
        .collect();
    let grouped = |mark: char, body: &str| {
        let groups: Vec<&str> = body.split(mark).collect();
        groups.len() > 1
            && (1..=3).contains(&groups[0].len())
            && groups[0] != "0"
            && groups[1..].iter().all(|g| g.len() == 3)
            && groups.iter().all(|g| g.bytes().all(|b| b.is_ascii_digit()))
    };
    match marks.as_slice() {
        [] => t.parse().ok(),
        [(_, m), ..] if marks.iter().all(|(_, c)| c == m) => {
            if grouped(*m, t) {
                t.replace(*m, "").parse().ok()
            } else if marks.len() == 1 {
                t.replace(',', ".").parse().ok()
            } else {
                None
            }
        }
        _ => {
            let (at, decimal) = *marks.last()?;
            let group = if decimal == ',' { '.' } else { ',' };
            let whole = &t[..at];
            if !grouped(group, whole) || whole.contains(decimal) {
                return None;
            }
            format!("{}.{}", whole.replace(group, ""), &t[at + 1..])
                .parse()
                .ok()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_digits_read_their_thousands_and_decimals() {
        for (written, value) in [
            ("100,000", 100_000.0),
            ("100.000", 100_000.0),
            ("1,000,000", 1_000_000.0),
            ("1.000", 1000.0),
            ("2,5", 2.5),
            ("2.40", 2.4),
            ("0.125", 0.125),
            ("1,80", 1.8),
            ("1,500.50", 1500.5),
            ("1.500,50", 1500.5),
            ("2024", 2024.0),
        ] {
            assert_eq!(digits(written), Some(value), "{written}");
        }
        assert_eq!(digits("1,5,0"), None);
        assert_eq!(digits("1.5,00.0"), None);
    }

    #[test]
    fn folds_accents_and_case() {
        assert_eq!(fold("Écart-type ÉLEVÉ"), "ecart-type eleve");
        assert_eq!(fold("Año ÇA œuvre"), "ano ca oeuvre");
        assert_eq!(fold("d’affaires"), "d'affaires");
    }

    #[test]
    fn singulars() {
        for (plural, single) in [
            ("ventes", "vente"),
            ("values", "value"),
            ("regiones", "region"),
            ("prices", "price"),
            ("categories", "category"),
            ("totales", "totale"),
            ("prix", "prix"),
            ("units", "unit"),
            ("unidades", "unidade"),
            ("affaires", "affaire"),
            ("villes", "ville"),
            ("ingresos", "ingreso"),
            ("status", "status"),
            ("sales", "sale"),
        ] {
            assert_eq!(singular(plural), single, "{plural}");
        }
    }

    #[test]
    fn plurals_across_languages_are_the_same_word() {
        for (a, b) in [
            ("totales", "total"),
            ("villes", "ville"),
            ("mayores", "mayor"),
            ("unidades", "unidad"),
            ("prix", "prix"),
            ("affaires", "affaire"),
        ] {
            assert!(same_word(a, b), "{a} {b}");
        }
        assert!(!same_word("prix", "pri"));
        assert!(!same_word("mean", "median"));
    }

    #[test]
    fn tokens_keep_numbers_and_signs() {
        let t: Vec<String> = tokens("age >= 40 and price < 2,5€")
            .into_iter()
            .map(|t| t.folded)
            .collect();
        assert_eq!(t, ["age", ">=", "40", "and", "price", "<", "2,5"]);
    }

    #[test]
    fn possessive_s_is_not_a_word_and_clauses_are_numbered() {
        let t = tokens("Python's mean fare, please. l'âge");
        let words: Vec<(&str, usize)> = t.iter().map(|t| (t.folded.as_str(), t.clause)).collect();
        assert_eq!(
            words,
            [
                ("python", 0),
                ("mean", 0),
                ("fare", 0),
                ("please", 1),
                ("l", 2),
                ("age", 2)
            ]
        );
    }

    #[test]
    fn column_name_words() {
        assert_eq!(name_words("unit_price"), ["unit", "price"]);
        assert_eq!(name_words("customerAge"), ["customer", "age"]);
        assert_eq!(
            name_words("Chiffre d'affaires"),
            ["chiffre", "d", "affaire"]
        );
    }

    #[test]
    fn quoted_phrases_skip_apostrophes() {
        assert_eq!(
            quoted("moyenne du chiffre d'affaires pour \"Unit Price\" et «Région»"),
            ["Unit Price", "Région"]
        );
        assert_eq!(quoted("mean of 'unit price'"), ["unit price"]);
    }
}
