//! Text on charts: numbers with the language's separators, ISO dates shown as
//! short dates, and labels from data made safe and short.

use crate::lang::Lang;

/// Longest category or legend label shown, in characters; longer ones end
/// with an ellipsis.
pub const MAX_LABEL_CHARS: usize = 24;
/// Longest title shown, in characters.
pub const MAX_TITLE_CHARS: usize = 90;
/// Numbers at least this large (in absolute value) are shown in scientific
/// notation rather than with dozens of digits.
pub const SCIENTIFIC_FROM: f64 = 1e15;

/// The narrow no-break space French puts between groups of thousands.
const NARROW_NBSP: char = '\u{202F}';

/// Makes a text from data safe and short for a chart: control,
/// direction-changing and invisible characters (`terminal::is_unsafe`)
/// become spaces, runs of spaces collapse, and
/// anything longer than `max` characters is cut with an ellipsis.
pub fn clean_label(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max * 4));
    let mut last_space = true;
    for c in text.chars() {
        let c = if crate::terminal::is_unsafe(c) || c.is_whitespace() {
            ' '
        } else {
            c
        };
        if c == ' ' {
            if !last_space {
                out.push(' ');
            }
            last_space = true;
        } else {
            out.push(c);
            last_space = false;
        }
    }
    let trimmed = out.trim_end();
    if trimmed.chars().count() <= max {
        return trimmed.to_string();
    }
    let mut cut: String = trimmed.chars().take(max.saturating_sub(1)).collect();
    cut.truncate(cut.trim_end().len());
    cut.push('…');
    cut
}

/// Decimals that show a number readably: none for whole numbers, up to two
/// for numbers of 1 or more, three significant digits below 1.
fn auto_decimals(v: f64) -> usize {
    let a = v.abs();
    if a == 0.0 || v.fract() == 0.0 {
        0
    } else if a >= 1.0 {
        2
    } else {
        let lead = (-a.log10().floor()) as i64;
        (lead + 2).clamp(1, 12) as usize
    }
}

/// A number as people of `lang` write it, with a readable number of decimals
/// (trailing zeros dropped): En `1,234.5`, Fr `1 234,5`, Es `1.234,5`.
pub fn number(v: f64, lang: Lang) -> String {
    with_decimals(v, auto_decimals(v), lang, true)
}

/// Decimals for the ticks of an axis spanning `span`.
pub fn tick_decimals(span: f64) -> usize {
    if !(span.is_finite() && span > 0.0) {
        return 0;
    }
    let step = span / 10.0;
    (-step.log10().floor()).clamp(0.0, 10.0) as usize
}

/// A tick label: `v` with `decimals` decimals (trailing zeros dropped).
pub fn tick(v: f64, decimals: usize, lang: Lang) -> String {
    with_decimals(v, decimals, lang, true)
}

/// A share (0..=1) as a percentage with one decimal: En `12.5%`,
/// Fr `12,5 %`, Es `12,5 %`.
pub fn percent(share: f64, lang: Lang) -> String {
    let n = with_decimals(share * 100.0, 1, lang, false);
    match lang {
        Lang::En => format!("{n}%"),
        Lang::Fr => format!("{n}{NARROW_NBSP}%"),
        Lang::Es => format!("{n} %"),
    }
}

fn with_decimals(v: f64, decimals: usize, lang: Lang, trim: bool) -> String {
    if !v.is_finite() {
        return String::new();
    }
    if v.abs() >= SCIENTIFIC_FROM {
        let text = format!("{v:.2e}");
        return match lang {
            Lang::En => text,
            Lang::Fr | Lang::Es => text.replace('.', ","),
        };
    }
    let mut text = format!("{:.*}", decimals, v.abs());
    if trim && text.contains('.') {
        text.truncate(text.trim_end_matches('0').trim_end_matches('.').len());
    }
    let (int, frac) = match text.split_once('.') {
        Some((i, f)) => (i.to_string(), Some(f.to_string())),
        None => (text.clone(), None),
    };
    let (group, point) = match lang {
        Lang::En => (",", "."),
        Lang::Fr => ("\u{202F}", ","),
        Lang::Es => (".", ","),
    };
    let digits: Vec<char> = int.chars().collect();
    let mut out = String::new();
    let negative = v < 0.0
        && (int != "0"
            || frac
                .as_deref()
                .is_some_and(|f| f.bytes().any(|b| b != b'0')));
    if negative {
        out.push('-');
    }
    for (i, d) in digits.iter().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push_str(group);
        }
        out.push(*d);
    }
    if let Some(f) = frac {
        out.push_str(point);
        out.push_str(&f);
    }
    out
}

/// How precise a date column is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum DatePrecision {
    /// `YYYY-MM-DD` (a time after the date is ignored).
    Day,
    /// `YYYY-Www`, an ISO week.
    Week,
    /// `YYYY-MM`.
    Month,
}

/// A date parsed from ISO text, as days since 1970-01-01 (weeks and months
/// as their first day).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParsedDate {
    /// Days since 1970-01-01.
    pub days: i64,
    /// What the text said.
    pub precision: DatePrecision,
}

/// Parses `YYYY-MM-DD` (optionally followed by `T` or a space and a time),
/// `YYYY-MM` or `YYYY-Www`.
pub fn parse_date(text: &str) -> Option<ParsedDate> {
    let t = text.trim();
    let b = t.as_bytes();
    if b.len() < 7 || b[4] != b'-' {
        return None;
    }
    let year = digits(&b[0..4])?;
    if b[5] == b'W' {
        if b.len() != 8 {
            return None;
        }
        let week = digits(&b[6..8])?;
        if !(1..=weeks_in_year(year)).contains(&week) {
            return None;
        }
        let days = iso_week_monday(year, week);
        return Some(ParsedDate {
            days,
            precision: DatePrecision::Week,
        });
    }
    let month = digits(&b[5..7])?;
    if !(1..=12).contains(&month) {
        return None;
    }
    if b.len() == 7 {
        return Some(ParsedDate {
            days: days_from_civil(year, month, 1),
            precision: DatePrecision::Month,
        });
    }
    if b.len() < 10 || b[7] != b'-' || (b.len() > 10 && b[10] != b'T' && b[10] != b' ') {
        return None;
    }
    let day = digits(&b[8..10])?;
    if day < 1 || day > days_in_month(year, month) {
        return None;
    }
    Some(ParsedDate {
        days: days_from_civil(year, month, day),
        precision: DatePrecision::Day,
    })
}

fn digits(b: &[u8]) -> Option<i64> {
    if b.is_empty() || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(b.iter().fold(0i64, |n, d| n * 10 + i64::from(d - b'0')))
}

fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date (year, month, day) of days since 1970-01-01.
pub fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (
        if m <= 2 {
            yoe + era * 400 + 1
        } else {
            yoe + era * 400
        },
        m,
        d,
    )
}

/// 0 for Monday ... 6 for Sunday.
fn weekday(days: i64) -> i64 {
    (days + 3).rem_euclid(7)
}

fn iso_week_monday(year: i64, week: i64) -> i64 {
    let jan4 = days_from_civil(year, 1, 4);
    jan4 - weekday(jan4) + (week - 1) * 7
}

fn weeks_in_year(year: i64) -> i64 {
    let next = iso_week_monday(year + 1, 1);
    (next - iso_week_monday(year, 1)) / 7
}

/// The ISO (year, week) of a day.
fn iso_week(days: i64) -> (i64, i64) {
    let thursday = days - weekday(days) + 3;
    let (year, _, _) = civil_from_days(thursday);
    (year, (thursday - days_from_civil(year, 1, 1)) / 7 + 1)
}

const MONTHS_EN: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];
const MONTHS_FR: [&str; 12] = [
    "janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.",
    "déc.",
];
const MONTHS_ES: [&str; 12] = [
    "ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic",
];

/// A day shown as a short date at `precision`: En `Mar 5, 2024`,
/// Fr `5 mars 2024`, Es `5 mar 2024`; months `Mar 2024`; weeks `W10 2024`
/// (Fr and Es `S10 2024`).
pub fn short_date(days: i64, precision: DatePrecision, lang: Lang) -> String {
    let (y, m, d) = civil_from_days(days);
    let names = match lang {
        Lang::En => &MONTHS_EN,
        Lang::Fr => &MONTHS_FR,
        Lang::Es => &MONTHS_ES,
    };
    let month = names[usize::try_from(m - 1).unwrap_or(0).min(11)];
    match precision {
        DatePrecision::Day => match lang {
            Lang::En => format!("{month} {d}, {y}"),
            Lang::Fr | Lang::Es => format!("{d} {month} {y}"),
        },
        DatePrecision::Month => format!("{month} {y}"),
        DatePrecision::Week => {
            let (wy, w) = iso_week(days);
            let letter = if lang == Lang::En { 'W' } else { 'S' };
            format!("{letter}{w:02} {wy}")
        }
    }
}

/// The first day of the month after the one holding `days`, `step` months on.
pub fn add_months(days: i64, step: i64) -> i64 {
    let (y, m, _) = civil_from_days(days);
    let total = y * 12 + (m - 1) + step;
    days_from_civil(total.div_euclid(12), total.rem_euclid(12) + 1, 1)
}

/// The first day of the month holding `days`.
pub fn month_start(days: i64) -> i64 {
    let (y, m, _) = civil_from_days(days);
    days_from_civil(y, m, 1)
}

/// The Monday of the week holding `days`.
pub fn week_start(days: i64) -> i64 {
    days - weekday(days)
}
