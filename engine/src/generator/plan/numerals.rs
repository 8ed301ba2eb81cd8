//! Numbers written as words: "under eighteen", "over thirty", "trois
//! chambres", "plus de cinq heures", "trente-cinq ans", "mayores de sesenta
//! años", "treinta y cinco", "nine or ten". Before a goal is read, each
//! such number is written with digits, so every pass that reads a number
//! ("over 30", "3 bedrooms", "top 5") reads it the same way.
//!
//! Only the words of the goal's language are read, and never a word that
//! is also something else: "one", "un", "une", "uno", "una" are articles
//! (read only after a tens word: "twenty-one", "vingt et un"), "neuf" is
//! also "new" (read only in "dix-neuf", "vingt-neuf"), "cent" is also the
//! "cent" of "per cent" (read only after a number: "deux cents"), and a
//! word the data holds (a value "Seven Seas", a column "ten_year") is the
//! data's. A number word after "the", "les", "los" ("the two groups",
//! "los cinco sueldos más altos": all of them) or in a test's or a
//! rounding's name ("two-sample", "khi-deux", "four decimals") is left to
//! the passes that read those.

use crate::generator::text::{self, Token};
use crate::inputs::InputDescription;
use crate::lang::Lang;

/// What a number word is worth, and how it joins its neighbours.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Word {
    /// 1 to 9: ends a compound ("twenty-five", "trente-cinq").
    Unit(u32),
    /// 10 to 19: ends a compound after the French 60 and 80 ("soixante-dix").
    Teen(u32),
    /// 20, 30 … 90: may take a unit after it.
    Tens(u32),
    /// A hundred: multiplies the number before it.
    Hundred,
    /// A word that only joins ("et", "y") or only follows ("one", "un").
    Joining,
}

/// The worth of `word` (folded) in `lang`, alone (`standalone`) or inside
/// a compound.
fn worth(word: &str, lang: Lang, standalone: bool) -> Option<Word> {
    use Word::*;
    let w = match lang {
        Lang::En => match word {
            "one" if !standalone => Unit(1),
            "two" => Unit(2),
            "three" => Unit(3),
            "four" => Unit(4),
            "five" => Unit(5),
            "six" => Unit(6),
            "seven" => Unit(7),
            "eight" => Unit(8),
            "nine" => Unit(9),
            "ten" => Teen(10),
            "eleven" => Teen(11),
            "twelve" => Teen(12),
            "thirteen" => Teen(13),
            "fourteen" => Teen(14),
            "fifteen" => Teen(15),
            "sixteen" => Teen(16),
            "seventeen" => Teen(17),
            "eighteen" => Teen(18),
            "nineteen" => Teen(19),
            "twenty" => Tens(20),
            "thirty" => Tens(30),
            "forty" => Tens(40),
            "fifty" => Tens(50),
            "sixty" => Tens(60),
            "seventy" => Tens(70),
            "eighty" => Tens(80),
            "ninety" => Tens(90),
            "hundred" if !standalone => Hundred,
            _ => return None,
        },
        Lang::Fr => match word {
            "un" | "une" if !standalone => Unit(1),
            "deux" => Unit(2),
            "trois" => Unit(3),
            "quatre" => Unit(4),
            "cinq" => Unit(5),
            "six" => Unit(6),
            "sept" => Unit(7),
            "huit" => Unit(8),
            "neuf" if !standalone => Unit(9),
            "dix" => Teen(10),
            "onze" => Teen(11),
            "douze" => Teen(12),
            "treize" => Teen(13),
            "quatorze" => Teen(14),
            "quinze" => Teen(15),
            "seize" => Teen(16),
            "vingt" | "vingts" => Tens(20),
            "trente" => Tens(30),
            "quarante" => Tens(40),
            "cinquante" => Tens(50),
            "soixante" => Tens(60),
            "cent" | "cents" if !standalone => Hundred,
            "et" if !standalone => Joining,
            _ => return None,
        },
        Lang::Es => match word {
            "uno" | "un" | "una" if !standalone => Unit(1),
            "dos" => Unit(2),
            "tres" => Unit(3),
            "cuatro" => Unit(4),
            "cinco" => Unit(5),
            "seis" => Unit(6),
            "siete" => Unit(7),
            "ocho" => Unit(8),
            "nueve" => Unit(9),
            "diez" => Teen(10),
            "once" => Teen(11),
            "doce" => Teen(12),
            "trece" => Teen(13),
            "catorce" => Teen(14),
            "quince" => Teen(15),
            "dieciseis" => Teen(16),
            "diecisiete" => Teen(17),
            "dieciocho" => Teen(18),
            "diecinueve" => Teen(19),
            "veinte" => Tens(20),
            "treinta" => Tens(30),
            "cuarenta" => Tens(40),
            "cincuenta" => Tens(50),
            "sesenta" => Tens(60),
            "setenta" => Tens(70),
            "ochenta" => Tens(80),
            "noventa" => Tens(90),
            "cien" => Tens(100),
            "y" if !standalone => Joining,
            _ => return veinti(word).map(Tens),
        },
    };
    Some(w)
}

/// "veintiuno" … "veintinueve": one word in Spanish.
fn veinti(word: &str) -> Option<u32> {
    let unit = match word.strip_prefix("veinti")? {
        "un" | "uno" | "una" => 1,
        "dos" => 2,
        "tres" => 3,
        "cuatro" => 4,
        "cinco" => 5,
        "seis" => 6,
        "siete" => 7,
        "ocho" => 8,
        "nueve" => 9,
        _ => return None,
    };
    Some(20 + unit)
}

/// A goal with its numbers said as words written with digits.
#[derive(Debug, Clone, PartialEq)]
pub struct InDigits {
    /// The goal as it is read.
    pub text: String,
    /// Each number rewritten: its place in the goal as typed and in
    /// [`InDigits::text`], in characters, in the goal's order.
    rewritten: Vec<((usize, usize), (usize, usize))>,
}

impl InDigits {
    /// `said`, a part of [`InDigits::text`] (a clause set aside), in the
    /// words of `typed`, the goal as typed: "with 2 kids" → "with two
    /// kids".
    pub fn as_typed(&self, typed: &str, said: &str) -> String {
        let Some(byte) = self.text.find(said) else {
            return said.to_owned();
        };
        let from = self.text[..byte].chars().count();
        let to = from + said.chars().count();
        let back = |at: usize, end: bool| {
            let mut shift: isize = 0;
            for ((tf, tt), (rf, rt)) in &self.rewritten {
                let inside = if end {
                    *rf < at && at <= *rt
                } else {
                    *rf <= at && at < *rt
                };
                if inside {
                    return if end { *tt } else { *tf };
                }
                if *rt <= at {
                    shift += (tt - tf) as isize - (rt - rf) as isize;
                }
            }
            (at as isize + shift) as usize
        };
        typed
            .chars()
            .skip(back(from, false))
            .take(back(to, true) - back(from, false))
            .collect()
    }
}

/// The goal with each number said as words written with digits; none
/// when it has none.
pub fn in_digits(goal: &str, lang: Lang, inputs: &[InputDescription]) -> Option<InDigits> {
    let tokens = text::tokens(goal);
    let chars: Vec<char> = goal.chars().collect();
    let data = super::typos::data_words(inputs);
    let mut found: Vec<((usize, usize), u32)> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        match number_at(&tokens, &chars, i, lang, &data) {
            Some((value, last)) => {
                found.push(((tokens[i].span.0, tokens[last].span.1), value));
                i = last + 1;
            }
            None => i += 1,
        }
    }
    if found.is_empty() {
        return None;
    }
    let mut text = String::new();
    let mut rewritten = Vec::new();
    let mut copied = 0;
    for ((from, to), value) in found {
        text.extend(&chars[copied..from]);
        let start = text.chars().count();
        let digits = value.to_string();
        text.push_str(&digits);
        rewritten.push(((from, to), (start, start + digits.chars().count())));
        copied = to;
    }
    text.extend(&chars[copied..]);
    Some(InDigits { text, rewritten })
}

/// The number said from token `at`, and the index of its last word.
fn number_at(
    tokens: &[Token],
    chars: &[char],
    at: usize,
    lang: Lang,
    data: &[String],
) -> Option<(u32, usize)> {
    let word = |i: usize| tokens[i].folded.as_str();
    let first = worth(word(at), lang, true)?;
    if data.iter().any(|d| d == word(at)) || september(tokens, at) {
        return None;
    }
    // The next word, when it is written right after this one (a space or
    // a hyphen between them, in the same clause).
    let next = |i: usize| -> Option<(usize, Word)> {
        let n = tokens.get(i + 1)?;
        let gap: String = chars[tokens[i].span.1..n.span.0].iter().collect();
        let close = n.clause == tokens[i].clause && gap.chars().all(|c| c == ' ' || c == '-');
        if !close || data.iter().any(|d| d == &n.folded) {
            return None;
        }
        Some((i + 1, worth(&n.folded, lang, false)?))
    };
    let (value, last) = compound(first, at, lang, &next)?;
    let before = at.checked_sub(1).map(word);
    let after = tokens.get(last + 1).map(|t| t.folded.as_str());
    // The passes that read "the two groups", "top five", "four decimals"
    // read the words up to ten themselves.
    let read_elsewhere = value <= 10
        && (before.is_some_and(|b| NOT_AFTER.contains(&b))
            || after.is_some_and(|a| NOT_BEFORE.contains(&a))
            || (before.is_some_and(|b| matches!(b, "between" | "entre"))
                && !after.is_some_and(|a| matches!(a, "and" | "et" | "y" | "to" | "a"))));
    let ordinal_after = after.is_some_and(|a| ORDINALS.contains(&a));
    (!read_elsewhere && !ordinal_after).then_some((value, last))
}

/// "sept 2024", "le 15 sept": the month, not seven.
fn september(tokens: &[Token], at: usize) -> bool {
    let digits = |t: &Token| t.folded.bytes().all(|b| b.is_ascii_digit());
    tokens[at].folded == "sept"
        && (tokens
            .get(at + 1)
            .is_some_and(|t| digits(t) && t.folded.len() == 4)
            || at.checked_sub(1).is_some_and(|i| digits(&tokens[i])))
}

/// The number of the words from `at` (`first` is the first word's worth),
/// and the index of its last word.
fn compound(
    first: Word,
    at: usize,
    lang: Lang,
    next: &dyn Fn(usize) -> Option<(usize, Word)>,
) -> Option<(u32, usize)> {
    let (mut value, mut last) = match first {
        Word::Unit(u) | Word::Teen(u) | Word::Tens(u) => (u, at),
        Word::Hundred | Word::Joining => return None,
    };
    // "quatre-vingt(s)": four twenties.
    if let (Lang::Fr, Word::Unit(4), Some((j, Word::Tens(20)))) = (lang, first, next(at)) {
        value = 80;
        last = j;
    }
    // "dix-sept", "dix-huit", "dix-neuf".
    if let (Word::Teen(10), Some((j, Word::Unit(u)))) = (first, next(at)) {
        return Some((10 + u, j));
    }
    // A hundred, after a unit: "two hundred", "trois cents".
    if let (Word::Unit(u), Some((j, Word::Hundred))) = (first, next(last)) {
        return Some(match after_hundred(next, j) {
            Some((rest, end)) => (u * 100 + rest, end),
            None => (u * 100, j),
        });
    }
    if value >= 20 && value % 10 == 0 && value < 100 {
        if let Some((unit, end)) = after_tens(next, last, value) {
            last = end;
            value += unit;
        }
    }
    Some((value, last))
}

/// Ordinals after a number word: "March twenty-third" is a day.
const ORDINALS: &[&str] = &[
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
];

/// Words after which a number word is something else: "the two groups",
/// "les deux saisons", "los cinco sueldos más altos" (both, all of them),
/// "khi-deux", "the last two weeks" (read by the passes that read them).
const NOT_AFTER: &[&str] = &[
    "the",
    "these",
    "those",
    "les",
    "ces",
    "los",
    "las",
    "estos",
    "estas",
    "esos",
    "esas",
    "chi",
    "khi",
    "ji",
    "top",
    "des",
    "past",
    "last",
    "next",
    "derniers",
    "dernieres",
    "prochains",
    "ultimos",
    "ultimas",
    "proximos",
    "pasados",
];

/// Words before which a number word belongs to a test or a rounding:
/// "two-sample", "two-sided", "one-way", "four decimals", "deux chiffres".
const NOT_BEFORE: &[&str] = &[
    "sample",
    "samples",
    "sided",
    "tailed",
    "way",
    "decimal",
    "decimals",
    "decimale",
    "decimales",
    "place",
    "places",
    "digit",
    "digits",
    "chiffre",
    "chiffres",
    "cifra",
    "cifras",
    "significant",
    "significative",
    "significativos",
    "first",
    "last",
    "premiers",
    "premieres",
    "derniers",
    "dernieres",
    "primeros",
    "primeras",
    "ultimos",
    "ultimas",
];

/// What follows a hundred: "two hundred fifty", "deux cent trente-cinq".
fn after_hundred(next: &dyn Fn(usize) -> Option<(usize, Word)>, at: usize) -> Option<(u32, usize)> {
    match next(at)? {
        (j, Word::Unit(u)) if u > 1 => Some((u, j)),
        (j, Word::Teen(t)) => Some((t, j)),
        (j, Word::Tens(t)) if t < 100 => match after_tens(next, j, t) {
            Some((u, end)) => Some((t + u, end)),
            None => Some((t, j)),
        },
        _ => None,
    }
}

/// The unit after a tens word: "twenty-five", "trente et un", "treinta y
/// cinco", and the French teens after 60 and 80 ("soixante-dix",
/// "quatre-vingt-douze").
fn after_tens(
    next: &dyn Fn(usize) -> Option<(usize, Word)>,
    at: usize,
    tens: u32,
) -> Option<(u32, usize)> {
    let (j, w) = next(at)?;
    let (j, w) = match w {
        Word::Joining => next(j)?,
        _ => (j, w),
    };
    match w {
        Word::Unit(u) => Some((u, j)),
        // "soixante-dix-sept", "quatre-vingt-dix-huit".
        Word::Teen(10) if tens == 60 || tens == 80 => match next(j) {
            Some((k, Word::Unit(u))) if u >= 7 => Some((10 + u, k)),
            _ => Some((10, j)),
        },
        Word::Teen(t) if tens == 60 || tens == 80 => Some((t, j)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digits(goal: &str, lang: Lang) -> String {
        in_digits(goal, lang, &[]).map_or_else(|| goal.to_owned(), |d| d.text)
    }

    #[test]
    fn a_part_of_the_goal_read_is_said_back_in_the_words_typed() {
        let typed = "We're house hunting with two kids: how many houses have twenty-five rooms?";
        let read = in_digits(typed, Lang::En, &[]).expect("numbers");
        assert_eq!(
            read.text,
            "We're house hunting with 2 kids: how many houses have 25 rooms?"
        );
        for (said, back) in [
            (
                "We're house hunting with 2 kids",
                "We're house hunting with two kids",
            ),
            ("with 2", "with two"),
            ("have 25 rooms", "have twenty-five rooms"),
            ("how many houses", "how many houses"),
        ] {
            assert_eq!(read.as_typed(typed, said), back);
        }
    }

    #[test]
    fn numbers_said_as_words_are_written_with_digits() {
        for (goal, lang, want) in [
            ("members under twelve", Lang::En, "members under 12"),
            ("a BMI over thirty", Lang::En, "a BMI over 30"),
            ("aged twenty-five or more", Lang::En, "aged 25 or more"),
            ("a score of nine or ten", Lang::En, "a score of 9 or 10"),
            ("over two hundred fifty", Lang::En, "over 250"),
            ("trois chambres", Lang::Fr, "3 chambres"),
            ("plus de cinq heures", Lang::Fr, "plus de 5 heures"),
            ("trente-cinq ans", Lang::Fr, "35 ans"),
            ("vingt et un ans", Lang::Fr, "21 ans"),
            ("dix-huit ans", Lang::Fr, "18 ans"),
            ("soixante-dix ans", Lang::Fr, "70 ans"),
            ("quatre-vingt-douze", Lang::Fr, "92"),
            ("plus de soixante-dix-sept ans", Lang::Fr, "plus de 77 ans"),
            ("quatre-vingt-dix-huit", Lang::Fr, "98"),
            ("the last twelve months", Lang::En, "the last 12 months"),
            ("top twenty clients", Lang::En, "top 20 clients"),
            ("four twenty-five", Lang::En, "4 25"),
            (
                "entre veinte y treinta años",
                Lang::Es,
                "entre 20 y 30 años",
            ),
            (
                "between two and five children",
                Lang::En,
                "between 2 and 5 children",
            ),
            ("quatre-vingts euros", Lang::Fr, "80 euros"),
            ("deux cents euros", Lang::Fr, "200 euros"),
            ("mayores de sesenta años", Lang::Es, "mayores de 60 años"),
            ("treinta y cinco años", Lang::Es, "35 años"),
            ("veintidós grados", Lang::Es, "22 grados"),
            ("dieciséis o más", Lang::Es, "16 o más"),
            ("dos baños o más", Lang::Es, "2 baños o más"),
        ] {
            assert_eq!(digits(goal, lang), want, "{goal}");
        }
    }

    #[test]
    fn words_that_are_also_something_else_stay_words() {
        for (goal, lang) in [
            ("which one has the most", Lang::En),
            ("un appartement neuf", Lang::Fr),
            ("the Sept figures", Lang::En),
            ("una casa con garaje", Lang::Es),
            ("once a week", Lang::En),
            ("et puis cent euros", Lang::Fr),
            ("between the two groups", Lang::En),
            ("a two-sample t-test", Lang::En),
            ("les deux saisons", Lang::Fr),
            ("un test du khi-deux", Lang::Fr),
            ("los cinco sueldos más altos", Lang::Es),
            ("to four decimals", Lang::En),
            ("in the past two weeks", Lang::En),
            ("between two regions", Lang::En),
            ("dépenses de sept 2024", Lang::Fr),
            ("depuis le 15 sept", Lang::Fr),
            ("March twenty-third", Lang::En),
        ] {
            assert_eq!(digits(goal, lang), goal);
        }
        assert_eq!(
            digits("une hausse de dix pour cent", Lang::Fr),
            "une hausse de 10 pour cent"
        );
    }
}
