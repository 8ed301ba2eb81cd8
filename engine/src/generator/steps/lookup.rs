//! Lookup of another column at the highest or lowest row: "on which date
//! was the close price lowest" → the date (and the price), "which student
//! has the highest grade in Math" → the student (and the grade). Every row
//! that reaches the extreme is listed (ties are never cut), the first
//! `MAX_TIED_LISTED` of them in the answer, all in the table.
//!
//! When the looked-up column is a group named in the goal ("which
//! student"), the single highest value is one reading and each student's
//! average another: the lookup is chosen only when the extreme is said
//! right before the measure ("the highest grade", "la nota más alta"), no
//! statistic is named, the measure is not an amount (amounts rank by
//! their total: "which region has the highest revenue") nor said in the
//! plural ("the best scores" are each group's); the choice is
//! stated as an assumption whose undo asks for the average.
//!
//! Golden expectation (tests/golden/steps-lookup.txt): `lookup COL at
//! max(C)` / `lookup COL at min(C)` — a text answer lists exactly the
//! values of COL on the rows where C is highest (lowest), and an answer
//! equals that extreme.

use crate::generator::codegen::{py_name, py_str, words, Code};
use crate::generator::lexicon::Op;
use crate::generator::plan::reading::{Mention, Reading};
use crate::generator::plan::{Plan, Recipe, Stat};
use crate::generator::text::Token;
use crate::inputs::ColumnKind;
use crate::lang::Lang;

/// Most tied rows named in the answer (the table lists them all).
pub const MAX_TIED_LISTED: usize = 20;

/// Words that ask for a row's other column: "which", "when", "quel jour".
const ASKING: &[&str] = &[
    "which", "what", "when", "who", "where", "quel", "quelle", "quand", "qui", "que", "cual",
    "cuando", "quien",
];

/// Words that say the extreme right before or after a measure.
pub(crate) const EXTREME_WORDS: &[&str] = &[
    "highest",
    "lowest",
    "largest",
    "smallest",
    "biggest",
    "best",
    "worst",
    "top",
    "haut",
    "haute",
    "bas",
    "basse",
    "elevee",
    "eleve",
    "meilleure",
    "meilleur",
    "alta",
    "alto",
    "baja",
    "bajo",
    "mejor",
    "peor",
    "grande",
    "pequena",
];

fn asks(tokens: &[Token]) -> bool {
    tokens.iter().any(|t| ASKING.contains(&t.folded.as_str()))
}

/// "coldest day on record", "best day for conversions", "el día más
/// frío", "le jour le plus chaud": a day said right beside the extreme
/// asks for that day, with or without a question word.
fn extreme_day(r: &Reading) -> bool {
    const DAYS: &[&str] = &["day", "date", "jour", "journee", "dia", "fecha"];
    let day_at = |i: usize| {
        r.g.tokens
            .get(i)
            .is_some_and(|t| DAYS.contains(&t.key.as_str()))
    };
    // "the date of our worst closing price", "la fecha del precio más
    // bajo": the words between the day and the extreme.
    const GLUE: &[&str] = &[
        "of", "the", "our", "my", "its", "de", "du", "la", "le", "l", "del", "el", "notre", "mon",
        "nuestro", "nuestra", "mi",
    ];
    let day_before = |p: usize| {
        let mut i = p;
        while i > 0 && i + 4 > p && GLUE.contains(&r.g.tokens[i - 1].folded.as_str()) {
            i -= 1;
        }
        i.checked_sub(1).is_some_and(day_at)
    };
    r.ops.iter().any(|(p, o)| {
        matches!(o, Op::Highest | Op::Lowest)
            && (day_at(p + 1)
                || (p.checked_sub(1).is_some_and(day_at))
                || (p.checked_sub(2).is_some_and(day_at))
                || day_before(*p))
    })
}

/// Words of a column of places ("station", "city", "ville", "ciudad").
const PLACE_COLUMNS: &[&str] = &[
    "station",
    "city",
    "town",
    "region",
    "site",
    "country",
    "state",
    "place",
    "location",
    "ville",
    "pays",
    "lieu",
    "ciudad",
    "pais",
    "sede",
    "provincia",
    "county",
    "shelter",
];

/// "where is it the most humid?", "¿dónde hace más calor?", "où fait-il
/// le plus chaud ?": "where" with an extreme asks which place, the
/// file's one column of places, as "which station" is.
pub fn where_asked(r: &mut Reading) {
    if r.group_by.is_some() {
        return;
    }
    let at = r.g.tokens.iter().position(|t| {
        t.folded == "where" || matches!(t.raw.as_str(), "dónde" | "Dónde" | "où" | "Où")
    });
    // The question's own word, first in its clause ("Count the readings
    // where it was at most 5 degrees" is a relative clause).
    let opens = |i: usize| i == 0 || r.g.tokens[i - 1].clause != r.g.tokens[i].clause;
    let Some(at) = at.filter(|&i| r.g.free(i, 1) && opens(i)) else {
        return;
    };
    // The extreme's words (the operations are read later).
    const EXTREME: &[&str] = &[
        "most", "least", "highest", "lowest", "hottest", "coldest", "warmest", "wettest", "driest",
        "rainiest", "windiest", "best", "worst", "cheapest", "biggest", "largest", "smallest",
        "plus", "moins", "mas", "menos",
    ];
    let clause = r.g.tokens[at].clause;
    // "plus de 100 unités", "more than 5 mm" compare; they rank nothing.
    let said: Vec<&str> = r.g.tokens[at..]
        .iter()
        .take_while(|t| t.clause == clause)
        .map(|t| t.folded.as_str())
        .collect();
    let extreme = said.iter().enumerate().any(|(j, w)| {
        EXTREME.contains(w) && !matches!(said.get(j + 1), Some(&("de" | "d" | "que" | "than")))
    });
    let places: Vec<String> = r
        .columns
        .iter()
        .filter(|k| k.kind == ColumnKind::Text)
        .filter(|k| {
            crate::generator::text::name_words(&k.name)
                .iter()
                .any(|w| PLACE_COLUMNS.contains(&w.as_str()))
        })
        .map(|k| k.name.clone())
        .collect();
    if let ([place], true) = (places.as_slice(), extreme) {
        // Read as "which station": ranked, or looked up at the extreme.
        r.g.take(at, 1);
        r.mentions.push(Mention {
            start: at,
            len: 1,
            column: place.clone(),
        });
        r.mentions.sort_by_key(|m| m.start);
    }
}

/// The date column the goal asks for: the one it names, or with "when"
/// ("quand", "cuándo") the file's only date column. A date named only in
/// a condition ("the best paid person we hired since 2021") is not asked.
fn asked_date(r: &Reading) -> Option<String> {
    let when =
        r.g.tokens
            .iter()
            .any(|t| matches!(t.folded.as_str(), "when" | "quand" | "cuando"));
    if let Some(d) = &r.date_mentioned {
        let conditioned = r.filters.iter().any(|f| f.column == *d);
        let day_said = r.g.tokens.iter().any(|t| {
            matches!(
                t.key.as_str(),
                "date" | "day" | "jour" | "dia" | "fecha" | "when" | "quand" | "cuando"
            )
        });
        return (day_said || !conditioned).then(|| d.clone());
    }
    let dates: Vec<&String> = r
        .columns
        .iter()
        .filter(|k| k.kind == ColumnKind::Date)
        .map(|k| &k.name)
        .collect();
    match (when, dates.as_slice()) {
        (true, [one]) => Some((*one).clone()),
        _ => None,
    }
}

/// "What is the id of the patient with the highest creatinine?", "the
/// name of the player who hit the most…": a column named right before
/// "of the <rows> with / who" is what the row at the extreme shows.
pub fn column_of_the_row(r: &Reading) -> Option<String> {
    let word = |i: usize| r.g.tokens.get(i).map_or("", |t| t.folded.as_str());
    let key = |i: usize| r.g.tokens.get(i).map_or("", |t| t.key.as_str());
    r.mentions.iter().find_map(|m| {
        let mut at = m.start + m.len;
        if !matches!(word(at), "of" | "de" | "del" | "du") {
            return None;
        }
        at += 1;
        if matches!(word(at), "the" | "la" | "le" | "l" | "el") {
            at += 1;
        }
        // "the salary of the tallest person": the extreme said before
        // the row, in one word.
        let superlative = Reading::superlative(word(at));
        if superlative {
            at += 1;
        }
        let rows = crate::generator::plan::words::is_row_noun(key(at))
            || crate::generator::plan::words::PEOPLE_NOUNS.contains(&key(at));
        let with = matches!(
            word(at + 1),
            "with" | "who" | "that" | "avec" | "qui" | "con" | "que"
        );
        (rows && (with || superlative)).then(|| m.column.clone())
    })
}

/// Whether an extreme word stands right beside the measure's mention
/// ("the highest grade", "la nota más alta", "la note la plus haute").
fn said_beside(r: &Reading, value: &str) -> bool {
    let Some(m) = r.mentions.iter().find(|m| m.column == value) else {
        return false;
    };
    let t = &r.g.tokens;
    let before = m.start.checked_sub(1).map(|i| &t[i]);
    let after: Vec<&Token> = t.iter().skip(m.start + m.len).take(3).collect();
    before.is_some_and(|b| EXTREME_WORDS.contains(&b.folded.as_str()))
        || after
            .iter()
            .any(|a| EXTREME_WORDS.contains(&a.folded.as_str()))
}

/// "Which country gives us the best scores?": the measure said in the
/// plural is each group's many values, not one row's.
fn said_in_plural(r: &Reading, value: &str) -> bool {
    r.mentions.iter().filter(|m| m.column == value).any(|m| {
        let t = &r.g.tokens[m.start + m.len - 1];
        // "avgprs" is the column's own name, not a plural
        let own_name = crate::generator::text::fold(value)
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| w == t.folded);
        t.key != t.folded && !own_name
    })
}

/// The lookup a ranking asks for, if it asks for one; `group` is the
/// category the goal names ("which student"), without "per".
pub fn recipe(
    r: &mut Reading,
    value: Option<&String>,
    group: Option<&String>,
    highest: bool,
    n: usize,
) -> Option<Recipe> {
    let value = value?.clone();
    let stats_ok = r.ops.iter().all(|(_, o)| match o {
        Op::Stat(s) => matches!(s, Stat::Max | Stat::Min),
        _ => true,
    });
    let asked = asks(&r.g.tokens) || (group.is_none() && extreme_day(r));
    let grouped = r.group_by.is_some() && !super::codes::asked_which(r);
    if n != 1 || r.has(Op::Top) || !stats_ok || !asked || grouped {
        return None;
    }
    let show = match group {
        None => asked_date(r)?,
        Some(g) => {
            let named_stat = r.ops.iter().any(|(_, o)| matches!(o, Op::Stat(_)));
            let amount = crate::generator::plan::recipe::summed(&value);
            if named_stat || amount || !said_beside(r, &value) || said_in_plural(r, &value) {
                return None;
            }
            let extreme = r.lang.pick(
                if highest { "highest" } else { "lowest" },
                if highest {
                    "la plus haute"
                } else {
                    "la plus basse"
                },
                if highest { "más alta" } else { "más baja" },
            );
            let said = r.say(
                format!("the {g} of the row with the {extreme} {value} (not each {g}'s average)"),
                format!(
                    "le {g} de la ligne où {value} est {extreme} (pas la moyenne de chaque {g})"
                ),
                format!("el {g} de la fila con {value} {extreme} (no la media de cada {g})"),
            );
            let undo = crate::generator::plan::undo::ranked_by(&r.g.text, Stat::Mean, r.lang);
            r.assume(said, undo);
            g.clone()
        }
    };
    Some(Recipe::Lookup {
        show,
        value,
        highest,
    })
}

fn extreme_word(highest: bool, lang: Lang) -> String {
    if highest {
        words(lang, "highest", "le plus élevé", "más alto")
    } else {
        words(lang, "lowest", "le plus bas", "más bajo")
    }
}

/// The code of a `Lookup` recipe.
pub fn code(c: &mut Code, plan: &Plan) {
    let lang = plan.lang;
    let Recipe::Lookup {
        show,
        value,
        highest,
    } = &plan.recipe
    else {
        return;
    };
    let v = py_name(value);
    let top = extreme_word(*highest, lang);
    c.line(format!(
        "# {}",
        lang.pick(
            format!("the rows where {value} is {top}, and their {show}: every tied row is kept"),
            format!("les lignes où {value} est {top}, et leur {show} : toutes les lignes ex aequo sont gardées"),
            format!("las filas donde {value} es {top}, y su {show}: se guardan todas las filas empatadas"),
        )
    ));
    c.line(format!("{v} = numbers({})", py_str(value)));
    c.line(format!(
        "extreme = {v}.{}()",
        if *highest { "max" } else { "min" }
    ));
    c.line(format!("at = data[{v} == extreme]"));
    c.line(format!(
        "shown = [str(x) for x in at[{}].dropna().drop_duplicates()]",
        py_str(show)
    ));
    let table = lang.pick(
        format!("rows where {value} is {top}"),
        format!("lignes où {value} est {top}"),
        format!("filas donde {value} es {top}"),
    );
    c.line(format!("glovebox.table({}, at)", py_str(&table)));
    c.line(format!(
        "glovebox.answer({}, \", \".join(shown[:{MAX_TIED_LISTED}]))",
        py_str(&format!("{show} ({value} {top})"))
    ));
    c.line(format!(
        "glovebox.answer({}, {})",
        py_str(&format!("{value} ({top})")),
        c.value("extreme")
    ));
    c.line("if len(shown) > 1:");
    c.line(format!(
        "    glovebox.note({} + str(len(shown)) + {})",
        py_str(&words(
            lang,
            "Tied rows: ",
            "Lignes ex aequo : ",
            "Filas empatadas: "
        )),
        py_str(&lang.pick(
            format!(" values of {show} reach it; all are listed in the table."),
            format!(" valeurs de {show} l'atteignent ; toutes sont dans le tableau."),
            format!(" valores de {show} lo alcanzan; todos están en la tabla."),
        ))
    ));
}

/// What a `Lookup` recipe computed, in the goal's language.
pub fn explain(plan: &Plan) -> String {
    let Recipe::Lookup {
        show,
        value,
        highest,
    } = &plan.recipe
    else {
        return String::new();
    };
    let file = plan.source.display_name();
    let top = extreme_word(*highest, plan.lang);
    plan.lang.pick(
        format!("found the rows of {file} where {value} is {top} and gave their {show}, every tied row included"),
        format!("recherche des lignes de {file} où {value} est {top}, et de leur {show}, lignes ex aequo comprises"),
        format!("se buscaron las filas de {file} donde {value} es {top} y se dio su {show}, filas empatadas incluidas"),
    )
}

#[cfg(test)]
mod tests {
    use crate::generator::plan::{plan, Recipe};
    use crate::lang::Lang;

    fn recipe(file: &str, goal: &str) -> Option<Recipe> {
        let inputs = [crate::generator::golden_input(file)];
        plan(goal, Lang::detect(goal), &inputs)
            .ok()
            .map(|p| p.recipe)
    }

    fn lookup(show: &str, value: &str, highest: bool) -> Option<Recipe> {
        Some(Recipe::Lookup {
            show: show.into(),
            value: value.into(),
            highest,
        })
    }

    #[test]
    fn the_column_of_the_row_with_the_extreme_is_looked_up() {
        assert_eq!(
            recipe(
                "pub12-mgus.csv",
                "What is the id of the patient with the highest creatinine (creat)?"
            ),
            lookup("id", "creat", true)
        );
        assert_eq!(
            recipe("stocks.csv", "the date of our worst closing price, please"),
            lookup("Date", "Close", false)
        );
    }

    #[test]
    fn the_date_of_the_lowest_close() {
        assert_eq!(
            recipe("stocks.csv", "on which date was the Close lowest?"),
            lookup("Date", "Close", false)
        );
    }

    #[test]
    fn the_student_with_the_highest_grade_is_a_lookup_with_an_assumption() {
        let inputs = [crate::generator::golden_input("grades.csv")];
        let goal = "which student has the highest grade in Math?";
        let p = plan(goal, Lang::En, &inputs).expect("plan");
        assert_eq!(Some(p.recipe), lookup("student", "grade", true));
        assert_eq!(p.assumptions.len(), 1, "{:?}", p.assumptions);
    }

    #[test]
    fn an_average_named_ranks_the_groups_instead() {
        assert!(matches!(
            recipe("grades.csv", "which student has the highest average grade?"),
            Some(Recipe::Rank { .. })
        ));
    }
}
