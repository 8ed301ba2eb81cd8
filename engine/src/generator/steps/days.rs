//! Calendar days said in a goal, read before the numbers, months and years
//! are (their words are taken, so "2024-04-29" is not read as the year
//! 2024 and two stray numbers):
//! - a day written `2024-04-29` or `2024/04/29`, `29/04/2024` or
//!   `29-04-2024` (day first, as French and Spanish write it; in an English
//!   goal the first number is the month, and `04/05/2024` stops: which of
//!   the two is the month is not said), "3 janvier 2024", "1er avril 2023",
//!   "3 January 2024", "January 3, 2024", "March 15th 2024", "29 de marzo
//!   de 2022";
//! - one day ("on", "le", "el" or no cue): its rows, `date >= D` and
//!   `date < D + 1` (cells with a time of day still match); "before D",
//!   "avant le D", "antes del D": `< D`; "after D", "après le D", "después
//!   del D": `>= D + 1`; "since D", "depuis le D", "desde el D": `>= D`;
//!   "until D", "jusqu'au D", "hasta el D": `< D + 1`;
//! - two days: "between D1 and D2", "entre D1 et D2", "entre D1 y D2",
//!   "from D1 to D2", "du D1 au D2", "del D1 al D2", "desde D1 hasta D2",
//!   both days included; the first day takes the month and year it lacks
//!   from the second ("du 1er au 30 juin 2023", "del 1 al 15 de abril de
//!   2026", "between March 1 and May 31, 2024").
//!
//! - a bound or a span said without its year ("después del 20 de abril",
//!   "before March 3", "del 1 al 15 de abril", "between March 1 and June
//!   30"): days of the file's latest year, said as an assumption, compared
//!   by month and day (`DatePart::MonthDay`); one day without its year
//!   ("le 3 janvier", after "on", "le", "el", "the") is that day of the
//!   latest year;
//! - a part of a month: "the first half of April" (days 1–15), "la
//!   seconde quinzaine de mars" (16 to the end), "the first two weeks of
//!   April" (1–14), "la deuxième semaine d'avril" (8–14), "la última
//!   semana de marzo de 2024" (its last 7 days), of the year said or of
//!   the file's latest year.
//!
//! What stops, the words named: a day without a year after "from", "de"
//! (its own rows or a bound: not said) or after a cue this reading does
//! not know ("through", "as of", "dès le"), a span over the new year
//! without its year, a yearless bound with a year, a month or another day
//! said apart, a day that does not exist (31 February, month 13), a span
//! that ends before it starts, and two days or spans said as the rows'
//! days in one goal (no row is on both). "may" and "mar" are read as
//! months only with their year. Numbers that are not days are left
//! alone: "top 3 in 2024", "2 bedrooms", "50 000", a score `25/12` with no
//! year after it. The filters go on the goal's date column, found and said
//! in the goal's language by the date reading (`Reading::date_filters`);
//! without a date column nothing is read here and the words are named.

use crate::generator::plan::conditions::{year_of, MONTHS};
use crate::generator::plan::reading::{Goal, Reading};
use crate::generator::plan::{Filter, FilterValue, GoalProblem};
use crate::generator::terms::Cmp;
use crate::generator::text::{self, Token};
use crate::inputs::ColumnKind;
use crate::lang::Lang;

/// Words that stand between a cue and its day: "avant le", "on the".
const ARTICLES: &[&str] = &["le", "la", "l", "el", "the"];

/// Words between a day's number and its month, or its month and its year:
/// "29 de marzo de 2022", "3rd of March", "marzo del 2022".
const GLUE: &[&str] = &["de", "del", "of"];

/// Suffixes of a day said as an ordinal: "1er", "1re", "1st", "15th".
const ORDINAL_SUFFIXES: &[&str] = &["er", "re", "st", "nd", "rd", "th"];

/// Words after which a number is a count, not a day: "top 5 May 2024
/// clients".
const COUNTED_AFTER: &[&str] = &["top"];

/// Month words that are other words too ("may", "mar"): a day with them is
/// read only when its year is written.
const UNSURE_MONTHS: &[&str] = &["may", "mar"];

/// Words that open a span of two days.
const SPAN_OPENERS: &[&str] = &["between", "entre", "from", "du", "de", "del", "desde"];

/// Openers that need "and" / "et" / "y" between the two days.
const BETWEEN: &[&str] = &["between", "entre"];

/// Words between the two days of a span that is opened by "between".
const AND_WORDS: &[&str] = &["and", "et", "y"];

/// Words between the two days of a span; those marked `true` also join
/// two days without an opener ("2024-03-01 to 2024-05-31").
const TO_WORDS: &[(&str, bool)] = &[
    ("to", true),
    ("through", true),
    ("until", true),
    ("till", true),
    ("au", true),
    ("al", true),
    ("hasta", true),
    ("a", false),
];

/// The separators a day written in digits is joined by.
const DIGIT_SEPARATORS: &[&str] = &["-", "/"];

/// How a single day bounds the rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bound {
    /// The day's rows.
    On,
    /// Rows before the day.
    Before,
    /// Rows after the day.
    After,
    /// Rows from the day on.
    Since,
    /// Rows up to the day, the day included.
    Until,
}

/// Words before a single day and how they bound it (articles after them
/// are skipped: "avant le", "hasta el").
const CUES: &[(&str, Bound)] = &[
    ("on", Bound::On),
    // "on or after 1989-10-01" includes the day ("after" alone does not).
    ("on or after", Bound::Since),
    ("on or before", Bound::Until),
    ("at or after", Bound::Since),
    ("at or before", Bound::Until),
    ("before", Bound::Before),
    ("prior to", Bound::Before),
    ("avant", Bound::Before),
    ("antes de", Bound::Before),
    ("antes del", Bound::Before),
    ("after", Bound::After),
    ("apres", Bound::After),
    ("despues de", Bound::After),
    ("despues del", Bound::After),
    ("since", Bound::Since),
    ("from", Bound::Since),
    ("depuis", Bound::Since),
    ("a partir de", Bound::Since),
    ("a partir du", Bound::Since),
    ("a partir del", Bound::Since),
    ("desde", Bound::Since),
    ("until", Bound::Until),
    ("till", Bound::Until),
    ("up to", Bound::Until),
    ("jusqu au", Bound::Until),
    ("jusqu a", Bound::Until),
    ("hasta", Bound::Until),
];

/// A calendar day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Day {
    year: i32,
    month: u32,
    day: u32,
}

impl Day {
    /// The day, if it exists.
    fn new(year: i32, month: u32, day: u32) -> Option<Day> {
        let exists = (1..=12).contains(&month) && (1..=days_in(year, month)).contains(&day);
        exists.then_some(Day { year, month, day })
    }

    /// The day after.
    fn next(self) -> Day {
        if self.day < days_in(self.year, self.month) {
            Day {
                day: self.day + 1,
                ..self
            }
        } else if self.month < 12 {
            Day {
                month: self.month + 1,
                day: 1,
                ..self
            }
        } else {
            Day {
                year: self.year + 1,
                month: 1,
                day: 1,
            }
        }
    }

    /// The day written `YYYY-MM-DD`.
    fn from_iso(iso: &str) -> Option<Day> {
        let mut parts = iso.splitn(3, '-');
        let year = parts.next()?.parse().ok()?;
        let month = parts.next()?.parse().ok()?;
        let day = parts.next()?.parse().ok()?;
        Day::new(year, month, day)
    }

    /// `YYYY-MM-DD`.
    fn iso(self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// The one day the filters keep on a date column (at least the day, before
/// the next), as `YYYY-MM-DD`.
pub fn one_day(filters: &[Filter]) -> Option<String> {
    filters.iter().find_map(|from| {
        let FilterValue::Date(day) = &from.value else {
            return None;
        };
        let next = Day::from_iso(day)?.next().iso();
        let bounded = filters.iter().any(|to| {
            to.column == from.column
                && to.cmp == Cmp::Lt
                && matches!(&to.value, FilterValue::Date(d) if *d == next)
        });
        (from.cmp == Cmp::Ge && from.part.is_none() && bounded).then(|| day.clone())
    })
}

/// How many days `month` of `year` has.
fn days_in(year: i32, month: u32) -> u32 {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// A day as written, perhaps without its month or year ("1er" in "du 1er
/// au 30 juin"), and the words it takes: `start..next`.
#[derive(Debug, Clone, Copy)]
struct Written {
    day: u32,
    month: Option<u32>,
    year: Option<i32>,
    start: usize,
    next: usize,
}

/// What the words at a place say: a day or a span (their rows: each
/// comparison with a day), where the words start and end.
struct Said {
    start: usize,
    next: usize,
    bound: Bound,
    bounds: Vec<(Cmp, Day)>,
    /// One day said without its year ("on April 15", "el 15 de abril"):
    /// its month and day, of the file's latest year.
    yearless: Option<(u32, u32)>,
    /// Bounds said without their year ("después del 20 de abril", "del 1
    /// al 15 de abril"): each comparison with a month and day written
    /// month × 100 + day, of the file's latest year.
    yearless_bounds: Vec<(Cmp, u32)>,
}

impl Said {
    /// Words said as days of no year at all: a span or a bound.
    fn of_no_year(start: usize, next: usize, bounds: Vec<(Cmp, u32)>) -> Said {
        Said {
            start,
            next,
            bound: Bound::On,
            bounds: Vec::new(),
            yearless: None,
            yearless_bounds: bounds,
        }
    }
}

/// A month and day that every year has, written month × 100 + day.
fn month_day(month: u32, day: u32) -> Option<u32> {
    Day::new(2001, month, day).map(|_| month * 100 + day)
}

/// Words that look like a day but cannot be read: the words to name.
#[derive(Debug, Clone, Copy)]
struct Unread {
    start: usize,
    next: usize,
}

/// Reads the calendar days of the goal, takes their words and keeps their
/// comparisons for the date reading (`Reading::days`). Stops on a day that
/// cannot be read.
pub fn read(r: &mut Reading) -> Result<(), GoalProblem> {
    if !r.columns.iter().any(|k| k.kind == ColumnKind::Date) {
        return Ok(());
    }
    let mut i = 0;
    let mut single = false;
    while i < r.g.tokens.len() {
        let said = match said_at(&r.g, r.lang, i) {
            None => {
                i += 1;
                continue;
            }
            Some(Err(unread)) => return Err(unplaced(r, unread)),
            Some(Ok(said)) => said,
        };
        let one_day = said.bound == Bound::On
            && (said.bounds.len() == 2
                || said.yearless.is_some()
                || said.yearless_bounds.len() == 2);
        if one_day && single {
            let unread = Unread {
                start: said.start,
                next: said.next,
            };
            return Err(unplaced(r, unread));
        }
        single |= one_day;
        r.g.take(said.start, said.next - said.start);
        let at = said.start;
        if let Some((month, day)) = said.yearless {
            r.yearless_days.push((at, said.next, month, day));
            i = said.next;
            continue;
        }
        r.yearless_bounds.extend(
            said.yearless_bounds
                .iter()
                .map(|(cmp, code)| (at, said.next, *cmp, *code)),
        );
        r.days
            .extend(said.bounds.iter().map(|(cmp, day)| (at, *cmp, day.iso())));
        i = said.next;
    }
    Ok(())
}

/// The stop that names words read as a day that is not one.
fn unplaced(r: &Reading, unread: Unread) -> GoalProblem {
    GoalProblem::Unplaced {
        words: vec![r.g.between(unread.start, unread.next - 1)],
        understood: r.understood.clone(),
    }
}

/// A span or a single day starting at `i`, with its cue.
fn said_at(g: &Goal, lang: Lang, i: usize) -> Option<Result<Said, Unread>> {
    if let Some(part) = part_of_month_at(g, i) {
        return Some(Ok(part));
    }
    if let Some(span) = span_at(g, lang, i) {
        return Some(span);
    }
    let first = match written_at(g, lang, i)? {
        Ok(w) => w,
        Err(unread) => return Some(Err(unread)),
    };
    let (bound, start) = cue_before(g, first.start);
    let unread = Unread {
        start,
        next: first.next,
    };
    let Some(day) = complete(&first, None) else {
        // "el 15 de abril": one day without its year is that day of the
        // file's latest year (said where the filters are placed); a bound
        // without its year is read by `yearless_bound`.
        // Only said plainly as one day: after "on", "le", "el", "the"
        // ("orders through March 3", "the first 10 January orders", "dès
        // le 3 janvier" stop); never 29 February, which not every year has.
        let yearless = match (first.month, first.year, bound) {
            (Some(m), None, Bound::On)
                if Day::new(2001, m, first.day).is_some() && plainly_one_day(g, start) =>
            {
                Some((m, first.day))
            }
            _ => None,
        };
        if let Some(month_day) = yearless {
            return Some(Ok(Said {
                start,
                next: first.next,
                bound,
                bounds: Vec::new(),
                yearless: Some(month_day),
                yearless_bounds: Vec::new(),
            }));
        }
        return Some(yearless_bound(g, &first, bound, start).ok_or(unread));
    };
    let bounds = match bound {
        Bound::On => vec![(Cmp::Ge, day), (Cmp::Lt, day.next())],
        Bound::Before => vec![(Cmp::Lt, day)],
        Bound::After => vec![(Cmp::Ge, day.next())],
        Bound::Since => vec![(Cmp::Ge, day)],
        Bound::Until => vec![(Cmp::Lt, day.next())],
    };
    Some(Ok(Said {
        start,
        next: first.next,
        bound,
        bounds,
        yearless: None,
        yearless_bounds: Vec::new(),
    }))
}

/// Words that say which part of a month: its first or second half, its
/// first or last weeks.
const MONTH_PART_ORDINALS: &[(&str, Ordinal)] = &[
    ("first", Ordinal::First),
    ("premiere", Ordinal::First),
    ("premieres", Ordinal::First),
    ("primera", Ordinal::First),
    ("primeras", Ordinal::First),
    ("second", Ordinal::Second),
    ("seconde", Ordinal::Second),
    ("deuxieme", Ordinal::Second),
    ("segunda", Ordinal::Second),
    ("last", Ordinal::Last),
    ("derniere", Ordinal::Last),
    ("dernieres", Ordinal::Last),
    ("ultima", Ordinal::Last),
    ("ultimas", Ordinal::Last),
];

/// Which part of a month is said.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ordinal {
    First,
    Second,
    Last,
}

/// Words of a bound before a part of a month (the part is then not read;
/// "dès" is told from "des" by its accent).
const BOUND_WORDS_BEFORE_A_PART: &[&str] = &[
    "before", "after", "since", "until", "till", "from", "to", "through", "by", "up", "avant",
    "apres", "depuis", "jusqu", "partir", "desde", "hasta", "antes", "despues", "tras", "compter",
];

/// Halves of a month (days 1–15, 16 to its end) and weeks (7 days).
const HALVES: &[&str] = &["half", "moitie", "mitad", "quinzaine", "quincena"];
const WEEKS: &[&str] = &["week", "semaine", "semana"];

/// "the first half of April", "the first two weeks of April", "la
/// première quinzaine d'avril", "les deux premières semaines d'avril",
/// "la primera semana de abril", "la última semana de marzo de 2024": the
/// days of that part of the month (of its year, or of the file's latest
/// year when none is said). A last week of February without its year is
/// not read (its last day is not known).
fn part_of_month_at(g: &Goal, i: usize) -> Option<Said> {
    let word = |k: usize| g.tokens.get(k).map(|t| t.folded.as_str());
    // Read from its article when it has one (tried first): "as of the
    // first week" is not read again from "first".
    if i > 0 && matches!(word(i - 1), Some("the" | "la" | "les" | "las" | "los")) {
        return None;
    }
    // "since the first week of April", "dès la deuxième semaine", "desde
    // la primera semana": a bound this reading does not make; left unread.
    let bound_before = (i.saturating_sub(2)..i).any(|k| {
        let t = &g.tokens[k];
        // "dès", or "des" typed without its accent before an article
        // ("des la deuxième semaine"); "as of".
        let des = t.raw.to_lowercase() == "dès"
            || (t.folded == "des" && matches!(word(k + 1), Some("la" | "le" | "l")));
        let as_of = t.folded == "as" && word(k + 1) == Some("of");
        BOUND_WORDS_BEFORE_A_PART.contains(&t.folded.as_str()) || des || as_of
    });
    if bound_before {
        return None;
    }
    let mut j = i;
    if matches!(word(j), Some("the" | "la" | "les" | "las" | "los")) {
        j += 1;
    }
    let mut ordinal: Option<Ordinal> = None;
    let mut count: Option<u32> = None;
    // The unit ends the words: a half (true) or weeks (false).
    let mut half: Option<bool> = None;
    while half.is_none() && j < i + 4 {
        let t = g.tokens.get(j)?;
        let number = text::number(t).filter(|n| (2.0..=4.0).contains(n) && n.fract() == 0.0);
        if let Some((_, f)) = MONTH_PART_ORDINALS.iter().find(|(w, _)| t.folded == *w) {
            ordinal = Some(*f);
        } else if let Some(n) = number {
            count = Some(n as u32);
        } else if HALVES.contains(&t.key.as_str()) {
            half = Some(true);
        } else if WEEKS.contains(&t.key.as_str()) {
            half = Some(false);
        } else {
            return None;
        }
        j += 1;
    }
    let (ordinal, half) = (ordinal?, half?);
    if (half || ordinal == Ordinal::Second) && count.is_some() {
        return None;
    }
    if !matches!(word(j), Some("of" | "d" | "de" | "del")) {
        return None;
    }
    let month = month_of(g.tokens.get(j + 1)?)?;
    let mut next = j + 2;
    let year = match (word(next), g.tokens.get(next).and_then(year_of)) {
        (_, Some(y)) => Some(y),
        (Some("of" | "de" | "del"), _) => g
            .tokens
            .get(next + 1)
            .and_then(year_of)
            .inspect(|_| next += 1),
        _ => None,
    };
    // "may", "mar" are months only with their year.
    if year.is_none() && UNSURE_MONTHS.contains(&g.tokens[j + 1].folded.as_str()) {
        return None;
    }
    if year.is_some() {
        next += 1;
    }
    if !g.free(i, next - i) {
        return None;
    }
    let end = match year {
        Some(y) => days_in(y, month),
        // 29 matches no day of a common year's February.
        None if month == 2 => 29,
        None => days_in(2001, month),
    };
    let (from, until) = match (half, ordinal, count.unwrap_or(1) * 7) {
        (true, Ordinal::First, _) => (1, 15),
        (true, _, _) => (16, end),
        (false, Ordinal::First, days) => (1, days),
        (false, Ordinal::Second, _) => (8, 14),
        (false, Ordinal::Last, _) if year.is_none() && month == 2 => return None,
        (false, Ordinal::Last, days) => (end + 1 - days, end),
    };
    let start = i;
    Some(match year {
        Some(y) => {
            let (a, b) = (Day::new(y, month, from)?, Day::new(y, month, until)?);
            Said {
                start,
                next,
                bound: Bound::On,
                bounds: vec![(Cmp::Ge, a), (Cmp::Lt, b.next())],
                yearless: None,
                yearless_bounds: Vec::new(),
            }
        }
        None => Said::of_no_year(
            start,
            next,
            vec![
                (Cmp::Ge, month * 100 + from),
                (Cmp::Le, month * 100 + until),
            ],
        ),
    })
}

/// "después del 20 de abril", "before March 3", "jusqu'au 15 juin": a
/// bound said without its year, of the file's latest year. Only after a
/// cue of a bound ("from March 3" may be the day's own rows, "through
/// March 3" is a bound this reading does not know: they stop), never 29
/// February.
fn yearless_bound(g: &Goal, first: &Written, bound: Bound, start: usize) -> Option<Said> {
    let code = month_day(first.month?, first.day)?;
    let from = matches!(
        g.tokens[start].folded.as_str(),
        "from" | "de" | "du" | "del"
    );
    let cmp = match bound {
        Bound::On => return None,
        _ if from || first.year.is_some() => return None,
        Bound::Before => Cmp::Lt,
        Bound::After => Cmp::Gt,
        Bound::Since => Cmp::Ge,
        Bound::Until => Cmp::Le,
    };
    Some(Said::of_no_year(start, first.next, vec![(cmp, code)]))
}

/// Whether the words from `start` say one day plainly: "on", "le", "el"
/// or "the" open them, with no other bound word before ("dès le", "tras
/// el", "as of the" are bounds this reading does not know).
fn plainly_one_day(g: &Goal, start: usize) -> bool {
    const OPENERS: &[&str] = &["on", "le", "el", "the"];
    const UNKNOWN_BOUNDS: &[&str] = &[
        "des",
        "tras",
        "of",
        "through",
        "thru",
        "than",
        "including",
        "by",
        "compter",
        "partir",
    ];
    let opened = OPENERS.contains(&g.tokens[start].folded.as_str());
    let bound_before = start
        .checked_sub(1)
        .is_some_and(|b| UNKNOWN_BOUNDS.contains(&g.tokens[b].folded.as_str()));
    opened && !bound_before
}

/// The day `w` says, its month and year taken from `from` when it lacks
/// them; `None` when it has no year or does not exist.
fn complete(w: &Written, from: Option<&Written>) -> Option<Day> {
    let month = w.month.or(from.and_then(|f| f.month))?;
    let year = w.year.or(from.and_then(|f| f.year))?;
    Day::new(year, month, w.day)
}

/// The cue before a single day starting at `start`: how it bounds the
/// rows and where its words start ("le 3 janvier": the day's rows).
fn cue_before(g: &Goal, start: usize) -> (Bound, usize) {
    let article = start
        .checked_sub(1)
        .filter(|&a| !g.used[a] && ARTICLES.contains(&g.tokens[a].folded.as_str()));
    let from = article.unwrap_or(start);
    let mut cues: Vec<&(&str, Bound)> = CUES.iter().collect();
    cues.sort_by_key(|(p, _)| std::cmp::Reverse(p.split_whitespace().count()));
    let cue = cues.into_iter().find_map(|(phrase, bound)| {
        let at = from.checked_sub(phrase.split_whitespace().count())?;
        g.find(phrase).contains(&at).then_some((*bound, at))
    });
    cue.unwrap_or((Bound::On, from))
}

/// "between D1 and D2", "du D1 au D2", "2024-03-01 to 2024-05-31": the
/// rows from the first day to the second, both included.
fn span_at(g: &Goal, lang: Lang, i: usize) -> Option<Result<Said, Unread>> {
    let first = match written_at(g, lang, i) {
        Some(Ok(w)) => w,
        Some(Err(_)) => return None,
        None => day_only(g, i)?,
    };
    let opener = opener_before(g, first.start);
    let joiner = g.tokens.get(first.next)?.folded.as_str();
    let joins = match opener {
        Some((_, word)) if BETWEEN.contains(&word) => AND_WORDS.contains(&joiner),
        Some(_) => TO_WORDS.iter().any(|(w, _)| *w == joiner),
        None => TO_WORDS.iter().any(|(w, alone)| *w == joiner && *alone),
    };
    if !joins || g.used[first.next] {
        return None;
    }
    let second_at = skip_articles(g, first.next + 1);
    let second = match written_at(g, lang, second_at)? {
        Ok(w) => w,
        Err(unread) => return Some(Err(unread)),
    };
    if first.month.is_none() && opener.is_none() {
        return None;
    }
    let start = opener.map_or(first.start, |(at, _)| at);
    let unread = Unread {
        start,
        next: second.next,
    };
    if second.year.is_none() && first.year.is_none() {
        // "del 1 al 15 de abril", "between March 1 and May 31": the days
        // of the file's latest year; a span over the new year stops.
        let from = month_day(first.month.or(second.month)?, first.day);
        let until = second.month.and_then(|m| month_day(m, second.day));
        return Some(match from.zip(until).filter(|(a, b)| a <= b) {
            Some((a, b)) => Ok(Said::of_no_year(
                start,
                second.next,
                vec![(Cmp::Ge, a), (Cmp::Le, b)],
            )),
            None => Err(unread),
        });
    }
    let days = complete(&first, Some(&second)).zip(complete(&second, None));
    let Some((from, until)) = days.filter(|(a, b)| a <= b) else {
        return Some(Err(unread));
    };
    Some(Ok(Said {
        start,
        next: second.next,
        bound: Bound::On,
        bounds: vec![(Cmp::Ge, from), (Cmp::Lt, until.next())],
        yearless: None,
        yearless_bounds: Vec::new(),
    }))
}

/// The opener of a span before its first day at `start` ("entre el"):
/// where it is and the word.
fn opener_before(g: &Goal, start: usize) -> Option<(usize, &str)> {
    let before = start.checked_sub(1)?;
    let before = if ARTICLES.contains(&g.tokens[before].folded.as_str()) {
        before.checked_sub(1)?
    } else {
        before
    };
    let word = g.tokens[before].folded.as_str();
    (SPAN_OPENERS.contains(&word) && g.free(before, start - before)).then_some((before, word))
}

/// The first place from `at` that is not an article.
fn skip_articles(g: &Goal, mut at: usize) -> usize {
    while g
        .tokens
        .get(at)
        .is_some_and(|t| ARTICLES.contains(&t.folded.as_str()))
    {
        at += 1;
    }
    at
}

/// A day's number alone ("1er" in "du 1er au 30 juin").
fn day_only(g: &Goal, i: usize) -> Option<Written> {
    let day = day_number(g.tokens.get(i)?)?;
    g.free(i, 1).then_some(Written {
        day,
        month: None,
        year: None,
        start: i,
        next: i + 1,
    })
}

/// A day written at `i` in digits or with its month's name: the day read
/// (with a month at least), or the words that look like a day and are not
/// one.
fn written_at(g: &Goal, lang: Lang, i: usize) -> Option<Result<Written, Unread>> {
    if let Some(digits) = in_digits(g, lang, i) {
        return Some(digits);
    }
    day_first(g, i).or_else(|| month_first(g, i)).map(Ok)
}

/// `2024-04-29`, `2024/04/29`, `29/04/2024`, `04/29/2024` (English).
fn in_digits(g: &Goal, lang: Lang, i: usize) -> Option<Result<Written, Unread>> {
    let parts = g.tokens.get(i..i + 3)?;
    let all_digits = parts
        .iter()
        .all(|t| t.folded.bytes().all(|b| b.is_ascii_digit()));
    let sep = separator(g, i)?;
    if !all_digits || separator(g, i + 1)? != sep || !g.free(i, 3) {
        return None;
    }
    let lens: Vec<usize> = parts.iter().map(|t| t.folded.len()).collect();
    let number = |t: &Token| t.folded.parse::<u32>().ok();
    let (a, b) = (number(&parts[0])?, number(&parts[1])?);
    let unread = Unread {
        start: i,
        next: i + 3,
    };
    let (year, month, day) = match lens.as_slice() {
        [4, 1 | 2, 1 | 2] => (year_of(&parts[0])?, b, number(&parts[2])?),
        [1 | 2, 1 | 2, 4] => {
            let year = year_of(&parts[2])?;
            match (lang, a, b) {
                (Lang::En, a, b) if a <= 12 && b <= 12 && a != b => return Some(Err(unread)),
                (Lang::En, a, b) if a <= 12 => (year, a, b),
                (_, a, b) => (year, b, a),
            }
        }
        _ => return None,
    };
    let read = Day::new(year, month, day).map(|_| Written {
        day,
        month: Some(month),
        year: Some(year),
        start: i,
        next: i + 3,
    });
    Some(read.ok_or(unread))
}

/// The separator written between the words at `i` and `i + 1`, when it is
/// one of `DIGIT_SEPARATORS` with no space.
fn separator(g: &Goal, i: usize) -> Option<&'static str> {
    let gap = g.gap(i);
    DIGIT_SEPARATORS.iter().copied().find(|s| *s == gap)
}

/// "3 janvier 2024", "29 de marzo de 2022", "3rd of March", "1er avril".
fn day_first(g: &Goal, i: usize) -> Option<Written> {
    let day = day_number(g.tokens.get(i)?)?;
    let counted = i
        .checked_sub(1)
        .is_some_and(|b| COUNTED_AFTER.contains(&g.tokens[b].folded.as_str()));
    if counted {
        return None;
    }
    let month_at = glued(g, i + 1);
    let month = month_of(g.tokens.get(month_at)?)?;
    let (year, next) = year_after(g, month_at + 1);
    written(g, [day, month], year, i, next, month_at)
}

/// "January 3, 2024", "March 15th 2024", "March 1".
fn month_first(g: &Goal, i: usize) -> Option<Written> {
    let month = month_of(g.tokens.get(i)?)?;
    let day = day_number(g.tokens.get(i + 1)?)?;
    let (year, next) = year_after(g, i + 2);
    written(g, [day, month], year, i, next, i)
}

/// The day of `[day, month]` and `year` written at `start..next`, when its
/// words are free and its month word (at `month_at`) is sure.
fn written(
    g: &Goal,
    [day, month]: [u32; 2],
    year: Option<i32>,
    start: usize,
    next: usize,
    month_at: usize,
) -> Option<Written> {
    let unsure = UNSURE_MONTHS.contains(&g.tokens[month_at].folded.as_str());
    (g.free(start, next - start) && !(unsure && year.is_none())).then_some(Written {
        day,
        month: Some(month),
        year,
        start,
        next,
    })
}

/// The place of the word after one glue word at `at` ("de", "of"), or `at`.
fn glued(g: &Goal, at: usize) -> usize {
    match g.tokens.get(at) {
        Some(t) if GLUE.contains(&t.folded.as_str()) => at + 1,
        _ => at,
    }
}

/// The year written at `at` ("2024", "de 2024") and the place after it, or
/// no year and `at`.
fn year_after(g: &Goal, at: usize) -> (Option<i32>, usize) {
    let year_at = glued(g, at);
    match g.tokens.get(year_at).and_then(year_of) {
        Some(year) => (Some(year), year_at + 1),
        None => (None, at),
    }
}

/// The month a word names.
fn month_of(t: &Token) -> Option<u32> {
    MONTHS.iter().find(|(w, _)| t.folded == *w).map(|m| m.1)
}

/// A day's number: `3`, `03`, `1er`, `15th` (1 to 31).
fn day_number(t: &Token) -> Option<u32> {
    let word = t.folded.as_str();
    let digits = ORDINAL_SUFFIXES
        .iter()
        .find_map(|s| word.strip_suffix(s))
        .unwrap_or(word);
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|d| (1..=31).contains(d))
}

#[cfg(test)]
mod tests {
    use super::{one_day, read, Day};
    use crate::generator::golden_input;
    use crate::generator::plan::reading::Reading;
    use crate::generator::plan::{plan, DatePart, Filter, FilterValue, GoalProblem};
    use crate::generator::terms::Cmp;
    use crate::lang::Lang;

    /// What the day reading of `goal` on `file` keeps: each comparison
    /// with a day (`>=2024-04-29`), or the words it names when it stops.
    fn days_of(file: &str, goal: &str) -> Result<Vec<String>, Vec<String>> {
        let inputs = [golden_input(file)];
        let mut r = Reading::new(goal, Lang::detect(goal), &inputs);
        match read(&mut r) {
            Ok(()) => Ok(r
                .days
                .iter()
                .map(|(_, cmp, day)| format!("{}{day}", cmp.python()))
                .collect()),
            Err(GoalProblem::Unplaced { words, .. }) => Err(words),
            Err(other) => Err(vec![format!("{other:?}")]),
        }
    }

    /// (file, goal, the comparisons read).
    const READ: &[(&str, &str, &[&str])] = &[
        // English
        (
            "orders.csv",
            "How many orders were there on 2024-04-29?",
            &[">=2024-04-29", "<2024-04-30"],
        ),
        (
            "weather.csv",
            "average humidity in Lyon between 2024-03-01 and 2024-05-31",
            &[">=2024-03-01", "<2024-06-01"],
        ),
        (
            "pets.csv",
            "How many dogs were adopted between 2023-06-01 and 2023-08-31?",
            &[">=2023-06-01", "<2023-09-01"],
        ),
        (
            "stocks.csv",
            "What did the stock close at on 2024-03-15?",
            &[">=2024-03-15", "<2024-03-16"],
        ),
        (
            "stocks.csv",
            "average close on January 3, 2024",
            &[">=2024-01-03", "<2024-01-04"],
        ),
        (
            "stocks.csv",
            "average close since March 15th 2024",
            &[">=2024-03-15"],
        ),
        (
            "orders.csv",
            "total amount before 3 January 2024",
            &["<2024-01-03"],
        ),
        (
            "orders.csv",
            "total amount after 2024-03-15",
            &[">=2024-03-16"],
        ),
        (
            "orders.csv",
            "total amount until 12/31/2024",
            &["<2025-01-01"],
        ),
        (
            "orders.csv",
            "total amount between March 1 and May 31, 2024",
            &[">=2024-03-01", "<2024-06-01"],
        ),
        (
            "orders.csv",
            "total amount from 2024-03-01 to 2024-03-31",
            &[">=2024-03-01", "<2024-04-01"],
        ),
        (
            "orders.csv",
            "total amount on 29/04/2024",
            &[">=2024-04-29", "<2024-04-30"],
        ),
        (
            "orders.csv",
            "orders on 2024/02/29, a leap day",
            &[">=2024-02-29", "<2024-03-01"],
        ),
        // French
        (
            "budget.csv",
            "Combien j'ai dépensé le 3 janvier 2024 ?",
            &[">=2024-01-03", "<2024-01-04"],
        ),
        (
            "weather.csv",
            "pluie totale à Paris du 1er avril au 30 juin 2023",
            &[">=2023-04-01", "<2023-07-01"],
        ),
        (
            "budget.csv",
            "total dépensé avant le 15/03/2024",
            &["<2024-03-15"],
        ),
        (
            "budget.csv",
            "total dépensé après le 31 décembre 2023",
            &[">=2024-01-01"],
        ),
        (
            "budget.csv",
            "total dépensé depuis le 1er février 2024",
            &[">=2024-02-01"],
        ),
        (
            "budget.csv",
            "total dépensé jusqu'au 15 mars 2024",
            &["<2024-03-16"],
        ),
        (
            "budget.csv",
            "dépenses entre le 1er et le 15 mars 2024",
            &[">=2024-03-01", "<2024-03-16"],
        ),
        // Spanish
        (
            "club.csv",
            "¿Cuántos socios se dieron de alta el 29 de marzo de 2022?",
            &[">=2022-03-29", "<2022-03-30"],
        ),
        (
            "ventas.csv",
            "ingresos totales del 1 al 15 de abril de 2026",
            &[">=2026-04-01", "<2026-04-16"],
        ),
        (
            "ventas.csv",
            "ingresos entre el 1 de febrero y el 15 de marzo de 2026",
            &[">=2026-02-01", "<2026-03-16"],
        ),
        (
            "ventas.csv",
            "ingresos desde el 1 de marzo hasta el 30 de abril de 2026",
            &[">=2026-03-01", "<2026-05-01"],
        ),
        (
            "ventas.csv",
            "ingresos antes del 15/04/2026",
            &["<2026-04-15"],
        ),
        (
            "ventas.csv",
            "ingresos después del 15 de abril de 2026",
            &[">=2026-04-16"],
        ),
        (
            "ventas.csv",
            "ingresos hasta el 15 de abril de 2026",
            &["<2026-04-16"],
        ),
        // Numbers that are not days.
        ("orders.csv", "top 3 clients in 2024", &[]),
        ("shop.csv", "sales of 2 units in March 2026", &[]),
        ("orders.csv", "top 5 May 2024 clients by amount", &[]),
        ("weather.csv", "days with more than 10 mm of rain", &[]),
        ("ventes.csv", "ventes entre 50 000 et 70 000", &[]),
        ("orders.csv", "orders with a score of 25/12 in 2024", &[]),
        ("orders.csv", "orders with a 3-1 score", &[]),
        ("orders.csv", "orders in March 2024", &[]),
        ("orders.csv", "orders between 2015 and 2018", &[]),
        ("orders.csv", "the 3 biggest orders in May", &[]),
    ];

    /// (file, goal, the words named when the reading stops).
    const STOPS: &[(&str, &str, &str)] = &[
        ("orders.csv", "orders from March 3", "from March 3"),
        ("orders.csv", "orders through March 3", "March 3"),
        (
            "stocks.csv",
            "average close from December 20 to January 5",
            "from December 20 to January 5",
        ),
        (
            "budget.csv",
            "dépenses du 31 février 2024",
            "31 février 2024",
        ),
        ("orders.csv", "orders on 2024-13-01", "2024-13-01"),
        (
            "orders.csv",
            "How many orders were there on 04/05/2024?",
            "04/05/2024",
        ),
        (
            "orders.csv",
            "orders between 2024-05-01 and 2024-03-01",
            "between 2024-05-01 and 2024-03-01",
        ),
        (
            "orders.csv",
            "orders on 2024-03-01 and on 2024-03-02",
            "on 2024-03-02",
        ),
    ];

    #[test]
    fn days_are_read_in_three_languages_and_other_numbers_are_not() {
        for (file, goal, expected) in READ {
            assert_eq!(
                days_of(file, goal),
                Ok(expected.iter().map(|s| (*s).to_owned()).collect()),
                "{goal}"
            );
        }
    }

    #[test]
    fn a_day_without_year_or_that_does_not_exist_stops_naming_it() {
        for (file, goal, words) in STOPS {
            assert_eq!(
                days_of(file, goal),
                Err(vec![(*words).to_owned()]),
                "{goal}"
            );
        }
    }

    #[test]
    fn one_day_without_its_year_is_kept_for_the_latest_year() {
        for (file, goal, month_day) in [
            ("budget.csv", "Combien j'ai dépensé le 3 janvier ?", (1, 3)),
            ("orders.csv", "orders on March 3", (3, 3)),
            (
                "web.csv",
                "¿cuantas visitas tuvo el blog el 15 de abril?",
                (4, 15),
            ),
        ] {
            let inputs = [golden_input(file)];
            let mut r = Reading::new(goal, Lang::detect(goal), &inputs);
            assert!(read(&mut r).is_ok(), "{goal}");
            assert!(r.days.is_empty(), "{goal}");
            let read: Vec<(u32, u32)> = r.yearless_days.iter().map(|d| (d.2, d.3)).collect();
            assert_eq!(read, [month_day], "{goal}");
        }
        let plan = plan(
            "How many orders were there on March 3?",
            Lang::En,
            &[golden_input("orders.csv")],
        )
        .expect("a day of the latest year");
        let parts: Vec<_> = plan
            .filters
            .iter()
            .map(|f| (f.part, f.value.clone()))
            .collect();
        assert!(parts.contains(&(Some(DatePart::Month), FilterValue::Number(3.0))));
        assert!(parts.contains(&(Some(DatePart::Day), FilterValue::Number(3.0))));
        assert!(parts.contains(&(
            None,
            FilterValue::Latest {
                latest: DatePart::Year
            }
        )));
        assert!(!plan.assumptions.is_empty(), "the year is said");
    }

    #[test]
    fn a_bound_or_a_span_without_its_year_is_kept_for_the_latest_year() {
        for (file, goal, expected) in [
            ("orders.csv", "orders before March 3", &[(Cmp::Lt, 303)][..]),
            (
                "ventas.csv",
                "ingresos totales del 1 al 15 de abril",
                &[(Cmp::Ge, 401), (Cmp::Le, 415)],
            ),
            (
                "web.csv",
                "conversiones después del 20 de abril",
                &[(Cmp::Gt, 420)],
            ),
            ("budget.csv", "dépenses jusqu'au 15 juin", &[(Cmp::Le, 615)]),
            (
                "stocks.csv",
                "average close between March 1 and June 30",
                &[(Cmp::Ge, 301), (Cmp::Le, 630)],
            ),
        ] {
            let inputs = [golden_input(file)];
            let mut r = Reading::new(goal, Lang::detect(goal), &inputs);
            assert!(read(&mut r).is_ok(), "{goal}");
            assert!(r.days.is_empty() && r.yearless_days.is_empty(), "{goal}");
            let read: Vec<(Cmp, u32)> = r.yearless_bounds.iter().map(|b| (b.2, b.3)).collect();
            assert_eq!(read, expected, "{goal}");
        }
        let plan = plan(
            "How much did we spend from 1 to 15 April?",
            Lang::En,
            &[golden_input("budget.csv")],
        )
        .expect("a span of the latest year");
        let parts: Vec<_> = plan
            .filters
            .iter()
            .map(|f| (f.part, f.cmp, f.value.clone()))
            .collect();
        let latest = FilterValue::Latest {
            latest: DatePart::Year,
        };
        assert!(parts.contains(&(None, Cmp::Eq, latest)), "{parts:?}");
        let from = FilterValue::Number(401.0);
        assert!(parts.contains(&(Some(DatePart::MonthDay), Cmp::Ge, from)));
        let until = FilterValue::Number(415.0);
        assert!(parts.contains(&(Some(DatePart::MonthDay), Cmp::Le, until)));
        assert!(!plan.assumptions.is_empty(), "the year is said");
        let mixed = plan_line_result("orders.csv", "orders after March 3 in 2024");
        assert!(mixed.is_err(), "a year said apart stops");
    }

    fn plan_line_result(
        file: &str,
        goal: &str,
    ) -> Result<crate::generator::plan::Plan, GoalProblem> {
        plan(goal, Lang::detect(goal), &[golden_input(file)])
    }

    #[test]
    fn without_a_date_column_no_day_is_read() {
        assert_eq!(days_of("survey.csv", "scores on 2024-03-01"), Ok(vec![]));
    }

    #[test]
    fn one_day_is_a_day_and_the_day_after_on_one_column() {
        let bound = |column: &str, cmp, day: &str| Filter {
            column: column.into(),
            cmp,
            value: FilterValue::Date(day.into()),
            part: None,
        };
        let day = [
            bound("date", Cmp::Ge, "2024-02-29"),
            bound("date", Cmp::Lt, "2024-03-01"),
        ];
        assert_eq!(one_day(&day).as_deref(), Some("2024-02-29"));
        let two = [
            bound("date", Cmp::Ge, "2024-02-28"),
            bound("date", Cmp::Lt, "2024-03-01"),
        ];
        assert_eq!(one_day(&two), None);
        let other = [
            bound("date", Cmp::Ge, "2024-02-29"),
            bound("paid", Cmp::Lt, "2024-03-01"),
        ];
        assert_eq!(one_day(&other), None);
    }

    #[test]
    fn the_day_after_crosses_months_years_and_leap_days() {
        let next = |y, m, d| Day::new(y, m, d).map(|d| d.next().iso());
        assert_eq!(next(2024, 2, 28).as_deref(), Some("2024-02-29"));
        assert_eq!(next(2023, 2, 28).as_deref(), Some("2023-03-01"));
        assert_eq!(next(2024, 12, 31).as_deref(), Some("2025-01-01"));
        assert_eq!(next(2024, 4, 30).as_deref(), Some("2024-05-01"));
        assert_eq!(next(2023, 2, 29), None);
        assert_eq!(next(2100, 2, 29), None);
        assert_eq!(next(2000, 2, 29).as_deref(), Some("2000-03-01"));
    }

    #[test]
    fn a_day_is_said_in_the_reading_and_written_in_the_code() {
        for (file, goal, said) in [
            (
                "orders.csv",
                "How many orders were there on 2024-04-29?",
                "order_date is at least 2024-04-29",
            ),
            (
                "budget.csv",
                "Combien j'ai dépensé le 3 janvier 2024 ?",
                "Date est avant 2024-01-04",
            ),
            (
                "club.csv",
                "¿Cuántos socios se dieron de alta el 29 de marzo de 2022?",
                "Fecha de alta es como mínimo 2022-03-29",
            ),
        ] {
            let p = plan(goal, Lang::detect(goal), &[golden_input(file)]).expect(goal);
            let days: Vec<&str> = p
                .filters
                .iter()
                .filter_map(|f| match &f.value {
                    FilterValue::Date(d) => Some(d.as_str()),
                    _ => None,
                })
                .collect();
            assert_eq!(days.len(), 2, "{goal}: {:?}", p.filters);
            let reading = crate::generator::explain::interpretation(&p).sentence;
            assert!(reading.contains(said), "{goal}: {reading}");
            let code = crate::generator::codegen::generate(&p, goal);
            for day in days {
                assert!(
                    code.contains(&format!("\"{day}\"")),
                    "{goal}: {day}\n{code}"
                );
            }
        }
    }
}
