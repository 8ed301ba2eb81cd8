//! How the human part of a report writes values: numbers with the
//! language's thousands separators (every digit kept: a report does not
//! round what the code computed), units (`%`, currencies), durations in
//! seconds and minutes, memory in MiB and GiB, dates without the
//! milliseconds. The signed manifest keeps the raw values; only the page
//! reads them this way.

use serde_json::Value;

use crate::lang::Lang;
use crate::validate::RawValue;

/// The narrow no-break space French puts between groups of thousands and
/// before `%` (as the charts and the app write them).
pub(crate) const NARROW_NBSP: char = '\u{202F}';

/// A number as people of `lang` write it, every digit the manifest holds
/// kept: En `6,109.2`, Fr `6 109,2` (narrow no-break space), Es `6.109,2`.
/// Very large or very small numbers keep their exponent (`1e20`).
pub(crate) fn number(v: f64, lang: Lang) -> String {
    let plain = super::words::number(v);
    let (group, point) = match lang {
        Lang::En => (",", "."),
        Lang::Fr => ("\u{202F}", ","),
        Lang::Es => (".", ","),
    };
    if plain.contains(['e', 'E']) {
        return plain.replace('.', point);
    }
    let (sign, digits) = plain
        .strip_prefix('-')
        .map_or(("", plain.as_str()), |d| ("-", d));
    let (int, frac) = digits
        .split_once('.')
        .map_or((digits, None), |(i, f)| (i, Some(f)));
    let mut out = String::from(sign);
    for (i, d) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            out.push_str(group);
        }
        out.push(d);
    }
    if let Some(f) = frac {
        out.push_str(point);
        out.push_str(f);
    }
    out
}

/// A number without thousands separators (a year: `2026`, not `2,026`),
/// with the language's decimal mark.
fn number_ungrouped(v: f64, lang: Lang) -> String {
    let plain = super::words::number(v);
    match lang {
        Lang::En => plain,
        Lang::Fr | Lang::Es => plain.replace('.', ","),
    }
}

/// Whether a column holds years by its name, so its numbers are written
/// without thousands separators.
pub(crate) fn is_year_column(name: &str) -> bool {
    let lower = name.to_lowercase();
    lower.split(|c: char| !c.is_alphanumeric()).any(|w| {
        matches!(
            w,
            "year" | "years" | "yr" | "année" | "annee" | "an" | "año" | "ano"
        )
    })
}

/// The symbol of a currency code people know, placed as `lang` places it.
fn currency(shown: &str, code: &str, lang: Lang) -> Option<String> {
    let symbol = match code.to_ascii_uppercase().as_str() {
        "EUR" | "€" => "€",
        "USD" | "$" => "$",
        "GBP" | "£" => "£",
        "JPY" | "¥" => "¥",
        "CHF" => "CHF",
        _ => return None,
    };
    Some(match (lang, symbol) {
        (Lang::En, "CHF") => format!("CHF {shown}"),
        (Lang::En, s) => match shown.strip_prefix('-') {
            Some(rest) => format!("-{s}{rest}"),
            None => format!("{s}{shown}"),
        },
        (Lang::Fr, s) => format!("{shown}\u{a0}{s}"),
        (Lang::Es, s) => format!("{shown} {s}"),
    })
}

/// A shown number with its unit: `31 %` (`31%` in English), `€1,250`,
/// `1 250 €`; counts and rates bare, any other unit after the number.
pub(crate) fn with_unit(shown: &str, unit: Option<&str>, lang: Lang) -> String {
    let Some(unit) = unit.map(str::trim).filter(|u| !u.is_empty()) else {
        return shown.to_owned();
    };
    match unit {
        "count" | "rate" => shown.to_owned(),
        "percent" | "%" => match lang {
            Lang::En => format!("{shown}%"),
            Lang::Fr => format!("{shown}{NARROW_NBSP}%"),
            Lang::Es => format!("{shown} %"),
        },
        other => currency(shown, other, lang).unwrap_or_else(|| format!("{shown} {other}")),
    }
}

/// Yes or no in `lang`.
pub(crate) fn yes_no(b: bool, lang: Lang) -> &'static str {
    match (lang, b) {
        (Lang::En, true) => "yes",
        (Lang::En, false) => "no",
        (Lang::Fr, true) => "oui",
        (Lang::Fr, false) => "non",
        (Lang::Es, true) => "sí",
        (Lang::Es, false) => "no",
    }
}

/// An answer's value (number, text, yes/no) with its unit.
pub(crate) fn value(v: &Value, unit: Option<&str>, lang: Lang) -> String {
    match v {
        Value::Number(n) => n
            .as_f64()
            .map(|f| with_unit(&number(f, lang), unit, lang))
            .unwrap_or_default(),
        Value::String(s) => s.clone(),
        Value::Bool(b) => yes_no(*b, lang).to_owned(),
        Value::Null => String::new(),
        // Answers are numbers or texts; anything else is not shown as JSON.
        Value::Array(_) | Value::Object(_) => String::new(),
    }
}

/// A table cell: numbers grouped (not in a year column), texts as they
/// are, a value that is not a number (NaN: said in the notes) left empty.
pub(crate) fn cell(v: &RawValue, lang: Lang, year: bool) -> String {
    match v {
        RawValue::Null | RawValue::NonFinite { .. } => String::new(),
        RawValue::Bool(b) => yes_no(*b, lang).to_owned(),
        RawValue::Number(f) if year => number_ungrouped(*f, lang),
        RawValue::Number(f) => number(*f, lang),
        RawValue::Text(s) => s.clone(),
    }
}

/// One decimal (dropped when zero), with the language's decimal mark.
fn one_decimal(v: f64, lang: Lang) -> String {
    let rounded = (v * 10.0).round() / 10.0;
    let text = if rounded.fract() == 0.0 {
        format!("{rounded:.0}")
    } else {
        format!("{rounded:.1}")
    };
    match lang {
        Lang::En => text,
        Lang::Fr | Lang::Es => text.replace('.', ","),
    }
}

/// A duration: `0.6 s`, `12 s`, `1 min`, `2 min 30 s`, `1 h 5 min`.
pub(crate) fn duration(ms: u64, lang: Lang) -> String {
    if ms < 10_000 {
        return format!("{} s", one_decimal(ms as f64 / 1000.0, lang));
    }
    let secs = (ms + 500) / 1000;
    match (secs / 3600, secs % 3600 / 60, secs % 60) {
        (0, 0, s) => format!("{s} s"),
        (0, m, 0) => format!("{m} min"),
        (0, m, s) => format!("{m} min {s} s"),
        (h, 0, _) => format!("{h} h"),
        (h, m, _) => format!("{h} h {m} min"),
    }
}

/// An amount of memory or a file size in KiB, MiB or GiB (1,024-based, as
/// the limits are set): `5.9 KiB`, `40.6 MiB`, `1 GiB`; French writes
/// `Kio`, `Mio`, `Gio`. Never a raw count of bytes.
pub(crate) fn memory(bytes: u64, lang: Lang) -> String {
    const MIB: f64 = 1024.0 * 1024.0;
    let (kib, mib, gib) = match lang {
        Lang::Fr => ("Kio", "Mio", "Gio"),
        Lang::En | Lang::Es => ("KiB", "MiB", "GiB"),
    };
    let b = bytes as f64;
    if b < MIB / 10.0 {
        format!("{} {kib}", one_decimal(b / 1024.0, lang))
    } else if b < 1024.0 * MIB {
        format!("{} {mib}", one_decimal(b / MIB, lang))
    } else {
        format!("{} {gib}", one_decimal(b / (1024.0 * MIB), lang))
    }
}

/// An RFC 3339 time as `2026-11-29 17:38 UTC` (as recorded when it does
/// not read as one).
pub(crate) fn when(at: &str) -> String {
    let ok =
        at.len() >= 16 && at.is_char_boundary(16) && at.as_bytes()[10] == b'T' && at.ends_with('Z');
    if ok {
        format!("{} {} UTC", &at[..10], &at[11..16])
    } else {
        at.to_owned()
    }
}

/// From one time to another: `2026-11-29 17:38 → 17:39 UTC` on one day,
/// both dates in full otherwise.
pub(crate) fn span(from: &str, to: &str) -> String {
    let (a, b) = (when(from), when(to));
    match (a.strip_suffix(" UTC"), b.strip_suffix(" UTC")) {
        (Some(a), Some(b)) if a.get(..10) == b.get(..10) && b.len() > 11 => {
            format!("{a} → {} UTC", &b[11..])
        }
        _ => format!("{a} → {b}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_keep_every_digit_and_group_thousands_per_language() {
        // (value, en, fr, es), written out by hand.
        let cases = [
            (6109.2, "6,109.2", "6\u{202F}109,2", "6.109,2"),
            (5025.0, "5,025", "5\u{202F}025", "5.025"),
            (120.0, "120", "120", "120"),
            (
                -1234567.25,
                "-1,234,567.25",
                "-1\u{202F}234\u{202F}567,25",
                "-1.234.567,25",
            ),
            (0.0123, "0.0123", "0,0123", "0,0123"),
            (31.0, "31", "31", "31"),
            (1e20, "1e+20", "1e+20", "1e+20"),
        ];
        for (v, en, fr, es) in cases {
            assert_eq!(number(v, Lang::En), en, "{v}");
            assert_eq!(number(v, Lang::Fr), fr, "{v}");
            assert_eq!(number(v, Lang::Es), es, "{v}");
        }
    }

    #[test]
    fn units_are_written_as_people_read_them() {
        assert_eq!(with_unit("31", Some("percent"), Lang::En), "31%");
        assert_eq!(
            with_unit("27,4", Some("percent"), Lang::Fr),
            "27,4\u{202F}%"
        );
        assert_eq!(with_unit("1,250", Some("EUR"), Lang::En), "€1,250");
        assert_eq!(with_unit("-3", Some("USD"), Lang::En), "-$3");
        assert_eq!(
            with_unit("1\u{202F}250", Some("EUR"), Lang::Fr),
            "1\u{202F}250\u{a0}€"
        );
        assert_eq!(with_unit("12", Some("count"), Lang::En), "12");
        assert_eq!(with_unit("12", Some("kg"), Lang::Es), "12 kg");
        assert_eq!(with_unit("12", None, Lang::Es), "12");
    }

    #[test]
    fn years_are_not_grouped() {
        assert!(is_year_column("year") && is_year_column("Année") && is_year_column("order year"));
        assert!(!is_year_column("yearly revenue") && !is_year_column("region"));
        assert_eq!(cell(&RawValue::Number(2026.0), Lang::En, true), "2026");
        assert_eq!(cell(&RawValue::Number(2026.0), Lang::En, false), "2,026");
        assert_eq!(cell(&RawValue::Number(2.5), Lang::Fr, true), "2,5");
    }

    #[test]
    fn durations_and_memory_in_human_units() {
        assert_eq!(duration(605, Lang::En), "0.6 s");
        assert_eq!(duration(605, Lang::Fr), "0,6 s");
        assert_eq!(duration(60_000, Lang::En), "1 min");
        assert_eq!(duration(150_000, Lang::En), "2 min 30 s");
        assert_eq!(duration(12_400, Lang::En), "12 s");
        assert_eq!(duration(3_900_000, Lang::En), "1 h 5 min");
        // 42,614,784 bytes / 1,048,576 = 40.64 MiB.
        assert_eq!(memory(42_614_784, Lang::En), "40.6 MiB");
        assert_eq!(memory(42_614_784, Lang::Fr), "40,6 Mio");
        assert_eq!(memory(1_073_741_824, Lang::En), "1 GiB");
        assert_eq!(memory(268_435_456, Lang::Es), "256 MiB");
        assert_eq!(memory(2048, Lang::En), "2 KiB");
        // 6050 bytes / 1024 = 5.91 KiB.
        assert_eq!(memory(6050, Lang::Es), "5,9 KiB");
        assert_eq!(memory(0, Lang::En), "0 KiB");
    }

    #[test]
    fn dates_lose_their_milliseconds() {
        assert_eq!(when("2026-11-29T17:38:40.900Z"), "2026-11-29 17:38 UTC");
        assert_eq!(when("yesterday"), "yesterday");
        assert_eq!(
            span("2026-11-29T17:38:40.900Z", "2026-11-29T17:39:01.563Z"),
            "2026-11-29 17:38 → 17:39 UTC"
        );
        assert_eq!(
            span("2026-11-29T23:59:40.900Z", "2026-11-30T00:00:01.563Z"),
            "2026-11-29 23:59 UTC → 2026-11-30 00:00 UTC"
        );
    }
}
