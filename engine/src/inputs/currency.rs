//! Which currency a column's amounts are in, when the file says it: its
//! header names one ("price_eur", "Revenue (USD)", "montant €", "precio en
//! dólares") or its numbers carry one ("€12.50", "$1,200", "12,50 €",
//! "1.250,00 EUR"). Nothing is guessed: a header naming two currencies or
//! a rate ("eur_usd_rate"), a scaled amount ("k€") or cells in two
//! currencies give none.
//!
//! The unit is a code people read: `EUR`, `USD`, `GBP`, `JPY`, `CHF`, or
//! the bare symbol `$` and `¥` when only the symbol is written (a dollar
//! or a yen of which country, the file does not say).

/// A currency mark written beside a number, and the unit it names.
/// Longer marks first (`US$` before `$`).
const MARKS: [(&str, &str); 11] = [
    ("US$", "USD"),
    ("EUR", "EUR"),
    ("USD", "USD"),
    ("GBP", "GBP"),
    ("JPY", "JPY"),
    ("CHF", "CHF"),
    ("€", "EUR"),
    ("£", "GBP"),
    ("$", "$"),
    ("¥", "¥"),
    ("₣", "CHF"),
];

/// Words of a header that name a currency (lower case, whole words).
const HEADER_WORDS: [(&str, &str); 22] = [
    ("eur", "EUR"),
    ("euro", "EUR"),
    ("euros", "EUR"),
    ("€", "EUR"),
    ("usd", "USD"),
    ("us$", "USD"),
    ("$", "$"),
    ("dollar", "$"),
    ("dollars", "$"),
    ("dólar", "$"),
    ("dólares", "$"),
    ("dolares", "$"),
    ("gbp", "GBP"),
    ("£", "GBP"),
    ("sterling", "GBP"),
    ("jpy", "JPY"),
    ("yen", "JPY"),
    ("yens", "JPY"),
    ("¥", "¥"),
    ("chf", "CHF"),
    ("₣", "CHF"),
    ("francs", "CHF"),
];

/// Words of a header that make it something other than an amount of
/// money: a rate, a ratio, a share, a count.
const NOT_AN_AMOUNT: [&str; 14] = [
    "rate", "ratio", "taux", "tasa", "tipo", "pct", "percent", "%", "share", "part", "count",
    "nombre", "number", "per",
];

/// The header's words: lower case, split at anything that is not a letter,
/// a digit or a currency symbol (so `k€` stays one word and names nothing).
fn words(header: &str) -> Vec<String> {
    header
        .to_lowercase()
        .split(|c: char| !(c.is_alphanumeric() || is_symbol(c) || c == '%'))
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

fn is_symbol(c: char) -> bool {
    matches!(c, '€' | '$' | '£' | '¥' | '₣')
}

/// The currency a column's header names, if it names exactly one and does
/// not name a rate or a share. "francs" alone names Swiss francs only with
/// "suisses"/"swiss" beside it.
pub fn of_header(header: &str) -> Option<&'static str> {
    let words = words(header);
    if words.iter().any(|w| NOT_AN_AMOUNT.contains(&w.as_str())) {
        return None;
    }
    let mut found: Option<&'static str> = None;
    for w in &words {
        let Some((_, unit)) = HEADER_WORDS.iter().find(|(word, _)| word == w) else {
            continue;
        };
        if *w == "francs" && !words.iter().any(|x| x == "suisses" || x == "swiss") {
            continue;
        }
        match found {
            Some(u) if u != *unit => return None,
            _ => found = Some(unit),
        }
    }
    found
}

/// A cell written as a number with a currency mark before or after it
/// (`€12.50`, `-$5`, `$-5`, `12,50 €`, `1.250,00 EUR`, `USD 30`): the
/// number's text (its sign kept) and the mark's unit. `None` for a cell
/// without a mark, or with nothing but a mark.
pub fn strip(cell: &str) -> Option<(String, &'static str)> {
    let cell = cell.trim();
    let (sign, body) = match cell.strip_prefix(['-', '+']) {
        Some(rest) => (&cell[..1], rest.trim_start()),
        None => ("", cell),
    };
    for (mark, unit) in MARKS {
        if let Some(rest) = body.strip_prefix(mark) {
            let rest = rest.trim_start_matches(is_space);
            return number_start(rest).then(|| (format!("{sign}{rest}"), unit));
        }
        if let Some(rest) = body.strip_suffix(mark) {
            let rest = rest.trim_end_matches(is_space);
            // Letters glued to a code are a word ("PEUR"), not a mark.
            let glued = mark.chars().all(char::is_alphabetic)
                && rest.ends_with(|c: char| c.is_alphabetic());
            return (!glued && number_start(rest)).then(|| (format!("{sign}{rest}"), unit));
        }
    }
    None
}

/// Spaces between a number and its mark: a space, a no-break space or a
/// narrow no-break space.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\u{a0}' | '\u{202f}')
}

/// The text starts like a number (a digit, a sign or a decimal mark).
fn number_start(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '-' | '+' | '.' | ','))
}

/// Python regular expression (for `str.contains`) of the cells that may
/// carry a currency mark.
pub const PYTHON_MARKED: &str = r"US\$|EUR|USD|GBP|JPY|CHF|€|£|\$|¥|₣";
/// Python regular expression, for `str.replace(..., regex=True)`, of a
/// currency mark before a number (the sign before it kept as `\1`).
pub const PYTHON_MARK_BEFORE: &str =
    r"^\s*([+-]?)\s*(?:US\$|EUR|USD|GBP|JPY|CHF|€|£|\$|¥|₣)[\s\u00a0\u202f]*";
/// The same for a mark after the number (replaced by nothing).
pub const PYTHON_MARK_AFTER: &str = r"[\s\u00a0\u202f]*(?:US\$|EUR|USD|GBP|JPY|CHF|€|£|\$|¥|₣)\s*$";

/// The currency of a column's cells: the one unit its marked cells carry,
/// or a mix of several (which makes them no one amount).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Marks {
    /// No cell carried a mark.
    #[default]
    None,
    /// Every marked cell carried this unit.
    One(&'static str),
    /// Cells carried different units.
    Mixed,
}

impl Marks {
    /// Takes the unit of one marked cell.
    pub fn feed(&mut self, unit: &'static str) {
        *self = match *self {
            Self::None => Self::One(unit),
            Self::One(u) if u == unit => Self::One(u),
            _ => Self::Mixed,
        };
    }

    /// The unit of the marks, when there is one.
    pub fn unit(self) -> Option<&'static str> {
        match self {
            Self::One(u) => Some(u),
            Self::None | Self::Mixed => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_name_a_currency_in_english_french_and_spanish() {
        for (header, unit) in [
            ("price_eur", "EUR"),
            ("Revenue (USD)", "USD"),
            ("montant €", "EUR"),
            ("Prix (€)", "EUR"),
            ("prix en euros", "EUR"),
            ("precio en dólares", "$"),
            ("importe_EUR", "EUR"),
            ("Salary in GBP", "GBP"),
            ("amount $", "$"),
            ("coût (francs suisses)", "CHF"),
        ] {
            assert_eq!(of_header(header), Some(unit), "{header}");
        }
        for header in [
            "price",
            "europe_sales",
            "eur_usd_rate",
            "taux EUR",
            "revenue k€",
            "share of revenue (€)",
            "Peur",
            "francs",
            "units",
            "pounds",
        ] {
            assert_eq!(of_header(header), None, "{header}");
        }
    }

    #[test]
    fn numbers_carry_their_mark_before_or_after() {
        for (cell, number, unit) in [
            ("€12.50", "12.50", "EUR"),
            ("$1,200", "1,200", "$"),
            ("12,50 €", "12,50", "EUR"),
            ("1.250,00 EUR", "1.250,00", "EUR"),
            ("1\u{202f}250,00\u{a0}€", "1\u{202f}250,00", "EUR"),
            ("-€5.00", "-5.00", "EUR"),
            ("€-5.00", "-5.00", "EUR"),
            ("USD 30", "30", "USD"),
            ("US$7", "7", "USD"),
            ("£3", "3", "GBP"),
            ("3 500 ¥", "3 500", "¥"),
        ] {
            assert_eq!(strip(cell), Some((number.to_owned(), unit)), "{cell}");
        }
        for cell in ["12.50", "€", "EUR", "PEUR", "price €", "abc$", "$abc"] {
            assert_eq!(strip(cell), None, "{cell}");
        }
    }

    #[test]
    fn marks_of_two_currencies_are_mixed() {
        let mut m = Marks::default();
        assert_eq!(m.unit(), None);
        m.feed("EUR");
        m.feed("EUR");
        assert_eq!(m.unit(), Some("EUR"));
        m.feed("$");
        assert_eq!((m, m.unit()), (Marks::Mixed, None));
    }
}
