//! Rates said of a column of counts: "conversion rate by page", "le taux
//! de conversion de la page pricing", "tasa de conversión". A rate of
//! things counted on each row (`conversions`) is their total divided by
//! the total of the one other column that counts things on each row
//! (`visits`, a word of chances: visits, sessions, clicks, orders…), the
//! file's base; that reading is said as an assumption. With
//! no such column, or two, the word is left unplaced and the plan stops:
//! the base is not said. Rates of a yes/no column ("survival rate") are
//! read as its share (`steps::codes`).
//!
//! The word is also placed when the column is itself a rate ("the average
//! Murder rate", a column of decimals named after it) and when the goal
//! says the division ("the accident rate, the sum of accident divided by
//! the sum of service").

use crate::generator::lexicon::Op;
use crate::generator::plan::reading::{Mention, Reading};
use crate::generator::text;
use crate::inputs::ColumnKind;

/// Words of a rate: after the counted thing in English ("conversion
/// rate"), before it in French and Spanish ("taux de conversion", "tasa
/// de conversión").
const RATE_AFTER: &[&str] = &["rate", "rates"];
const RATE_BEFORE: &[&str] = &["taux", "tasa", "tasas"];

/// Words between a French or Spanish rate and its thing.
const OF: &[&str] = &["de", "d", "del"];

/// Words of the chances a rate is taken over ("visits", "sessions"): a
/// base is one of them ("deaths" over "births" is no rate said).
const BASES: &[&str] = &[
    "visit",
    "visitor",
    "session",
    "view",
    "pageview",
    "impression",
    "click",
    "order",
    "user",
    "attempt",
    "trial",
    "application",
    "lead",
    "call",
    "shot",
    "request",
];

/// The rate word and the mention of its counted column: the word's place
/// and how many words it takes with it ("taux de").
fn rate_of(r: &Reading) -> Option<(usize, usize, Mention)> {
    let word = |i: usize| r.g.tokens.get(i).map_or("", |t| t.folded.as_str());
    r.mentions.iter().find_map(|m| {
        let after = m.start + m.len;
        if RATE_AFTER.contains(&word(after)) && r.g.free(after, 1) {
            return Some((after, 1, m.clone()));
        }
        let of = m.start.checked_sub(1)?;
        let rate = of.checked_sub(1)?;
        (OF.contains(&word(of)) && RATE_BEFORE.contains(&word(rate)) && r.g.free(rate, 2))
            .then(|| (rate, 2, m.clone()))
    })
}

/// Reads a rate said of a column into a ratio of two totals.
pub fn read(r: &mut Reading) {
    let Some((at, len, counted)) = rate_of(r) else {
        return;
    };
    let column = counted.column.clone();
    if r.ops.iter().any(|(_, o)| *o == Op::Ratio) {
        // "the accident rate, the sum of accident divided by the sum of
        // service": the division is said.
        r.g.take(at, len);
        return;
    }
    if r.kind(&column) == ColumnKind::Decimal && len == 1 {
        // "the average Murder rate": the column is the rate.
        r.g.take(at, len);
        return;
    }
    if !r.counts_on_each_row(&column) {
        return;
    }
    let bases: Vec<String> = r
        .columns
        .iter()
        .filter(|k| k.name != column && r.counts_on_each_row(&k.name))
        .filter(|k| {
            text::name_words(&k.name)
                .iter()
                .any(|w| BASES.iter().any(|b| text::same_word(w, b)))
        })
        .map(|k| k.name.clone())
        .collect();
    let [base] = bases.as_slice() else {
        return;
    };
    r.g.take(at, len);
    // "conversion rate, as a percentage": how the rate is written.
    r.g.take_all(crate::generator::plan::reading::PERCENT_FORMAT);
    r.ops.retain(|(_, o)| *o != Op::Share);
    r.ops.push((at, Op::Ratio));
    r.rate_of = Some((column.clone(), base.clone()));
    let words = r.g.between(
        at.min(counted.start),
        (at + len).max(counted.start + counted.len) - 1,
    );
    let said = r.say(
        format!("\"{words}\" read as the total of {column} divided by the total of {base}"),
        format!("« {words} » compris comme le total de {column} divisé par le total de {base}"),
        format!("«{words}» entendido como el total de {column} dividido por el total de {base}"),
    );
    r.assume(said, None);
}

#[cfg(test)]
mod tests {
    use crate::generator::golden_input;
    use crate::generator::plan::{plan, Recipe};
    use crate::lang::Lang;

    #[test]
    fn a_rate_of_counted_things_divides_by_the_files_base_in_three_languages() {
        for goal in [
            "conversion rate by page",
            "taux de conversion de la page pricing",
            "tasa de conversión de la página de precios",
        ] {
            let p = plan(goal, Lang::detect(goal), &[golden_input("web.csv")]).expect(goal);
            let Recipe::Ratio {
                numerator,
                denominator,
                ..
            } = &p.recipe
            else {
                panic!("{goal}: {:?}", p.recipe);
            };
            assert_eq!(
                (numerator.as_str(), denominator.as_str()),
                ("conversions", "visits")
            );
            assert!(!p.assumptions.is_empty(), "{goal}: the reading is said");
        }
    }

    #[test]
    fn a_rate_without_a_base_stops() {
        let p = plan(
            "What's the bounce rate?",
            Lang::En,
            &[golden_input("web.csv")],
        );
        assert!(p.is_err(), "{p:?}");
    }
}
