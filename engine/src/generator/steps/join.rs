//! Two files joined on a key column: the goal names columns of two files
//! ("total amount per segment" with `orders.csv` and `clients.csv`), and
//! the files share exactly one column of the same kind (`client`). The file
//! with more rows is read first; each of its rows gets the row of the other
//! file with the same key (a left join, so no row of the first file is
//! lost). The code refuses a key repeated in the second file (it would
//! count rows twice) and reports how many rows found their match, on each
//! side (the `joined` table), which the explanation states.
//!
//! The second file may only bring columns the goal groups or filters by: a
//! measure taken from it would be repeated on every matching row. When two
//! or more columns could be the key, the plan asks which.

use serde::Serialize;

use crate::generator::codegen::{py_str, Code};
use crate::generator::plan::{recipe_columns, GoalProblem, Recipe, Source};
use crate::inputs::{ColumnKind, InputDescription};
use crate::lang::Lang;

/// The internal table the code writes: per file, rows, matched, not matched.
pub const JOINED_TABLE: &str = "joined";

/// The second file of a join and how it is matched.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Joined {
    /// How the second file is read (its own encoding, delimiter, columns).
    pub source: Source,
    /// The key column, by the same name in both files.
    pub key: String,
    /// The second file's columns brought into the table (not the key, none
    /// of the first file's own).
    pub columns: Vec<String>,
}

/// Which two inputs a goal joins: (first, second, key).
#[derive(Debug, Clone, PartialEq)]
pub struct JoinChoice<'a> {
    /// The file read first (more rows).
    pub first: &'a InputDescription,
    /// The file looked up.
    pub second: &'a InputDescription,
    /// The shared column.
    pub key: String,
}

fn has(input: &InputDescription, column: &str) -> bool {
    input.columns.iter().any(|c| c.name == column)
}

fn kind(input: &InputDescription, column: &str) -> ColumnKind {
    input
        .columns
        .iter()
        .find(|c| c.name == column)
        .map_or(ColumnKind::Empty, |c| c.kind)
}

/// A column kind a key can have: words or whole numbers.
fn keyable(kind: ColumnKind) -> bool {
    matches!(
        kind,
        ColumnKind::Text | ColumnKind::Integer | ColumnKind::Boolean
    )
}

/// The join a goal asks for, if any, from the columns it names. `None`
/// when no pair of files covers the named columns with one shared key (the
/// caller says the columns are in several files); an error when the key is
/// not clear.
pub fn choose<'a>(
    inputs: &'a [InputDescription],
    named: &[&str],
) -> Result<Option<JoinChoice<'a>>, GoalProblem> {
    let mut pairs = Vec::new();
    for (i, a) in inputs.iter().enumerate() {
        for b in inputs.iter().skip(i + 1) {
            if named.iter().all(|n| has(a, n) || has(b, n)) {
                pairs.push(if b.row_count > a.row_count {
                    (b, a)
                } else {
                    (a, b)
                });
            }
        }
    }
    let [(first, second)] = pairs.as_slice() else {
        return Ok(None);
    };
    let shared: Vec<String> = first
        .columns
        .iter()
        .filter(|c| has(second, &c.name))
        .filter(|c| keyable(c.kind) && kind(second, &c.name) == c.kind)
        .map(|c| c.name.clone())
        .collect();
    match shared.as_slice() {
        [] => Ok(None),
        [key] => Ok(Some(JoinChoice {
            first,
            second,
            key: key.clone(),
        })),
        _ => Err(GoalProblem::JoinKey {
            files: vec![first.name.clone(), second.name.clone()],
            candidates: shared,
        }),
    }
}

/// The groups of a recipe: the columns a second file may bring. A filter may
/// use them too; anything else computed from them would repeat a value of
/// the second file on every matching row.
fn groups(recipe: &Recipe) -> Vec<&str> {
    match recipe {
        Recipe::Stats { group_by, .. }
        | Recipe::CountRows { group_by }
        | Recipe::Ratio { group_by, .. }
        | Recipe::Share { group_by, .. }
        | Recipe::Rank { group_by, .. } => group_by.iter().map(String::as_str).collect(),
        _ => Vec::new(),
    }
}

/// A recipe over a join measures only columns of the first file; a measure
/// from the second stops the plan (its files named).
pub fn measures_from_first(
    recipe: &Recipe,
    joined: &Joined,
    first: &str,
) -> Result<(), GoalProblem> {
    let groups = groups(recipe);
    let measured_second = recipe_columns(recipe)
        .into_iter()
        .any(|c| joined.columns.iter().any(|j| j == c) && !groups.contains(&c));
    if measured_second {
        return Err(GoalProblem::SeveralFiles {
            files: vec![first.to_owned(), joined.source.name.clone()],
        });
    }
    Ok(())
}

/// The second file's columns a join brings: all but the key and the first
/// file's own names.
pub fn brought_columns(choice: &JoinChoice) -> Vec<(String, ColumnKind)> {
    choice
        .second
        .columns
        .iter()
        .filter(|c| c.name != choice.key && !has(choice.first, &c.name))
        .map(|c| (c.name.clone(), c.kind))
        .collect()
}

/// The join, restated: "orders.csv and clients.csv are joined on client …".
pub fn said(first: &str, second: &str, key: &str, lang: Lang) -> String {
    lang.pick(
        format!("the columns are in two files: each row of {first} gets the row of {second} with the same {key} (the only column both files have)"),
        format!("les colonnes sont dans deux fichiers : chaque ligne de {first} reçoit la ligne de {second} qui a la même valeur de {key} (la seule colonne commune aux deux fichiers)"),
        format!("las columnas están en dos archivos: cada fila de {first} recibe la fila de {second} con el mismo valor de {key} (la única columna que tienen ambos archivos)"),
    )
}

/// The code that reads the second file and joins it to `data`, then
/// records the `joined` table.
pub(in crate::generator) fn code(
    c: &mut Code,
    first: &Source,
    joined: &Joined,
    read: &str,
    lang: Lang,
) {
    let (f1, f2, key) = (&first.name, &joined.source.name, py_str(&joined.key));
    c.line(format!(
        "# {}",
        lang.pick(
            format!(
                "Each row of {f1} gets the row of {f2} with the same {}.",
                joined.key
            ),
            format!(
                "Chaque ligne de {f1} reçoit la ligne de {f2} qui a la même valeur de {}.",
                joined.key
            ),
            format!(
                "Cada fila de {f1} recibe la fila de {f2} con el mismo valor de {}.",
                joined.key
            ),
        )
        .replace('\n', " ")
    ));
    c.line(format!("lookup = {read}"));
    let repeated = lang.pick(
        format!("{f2} has several rows for the same {}, so a row of {f1} would be counted more than once; keep one row per {} in {f2}: ", joined.key, joined.key),
        format!("{f2} a plusieurs lignes pour la même valeur de {}, donc une ligne de {f1} serait comptée plusieurs fois ; gardez une ligne par {} dans {f2} : ", joined.key, joined.key),
        format!("{f2} tiene varias filas para el mismo valor de {}, así que una fila de {f1} se contaría más de una vez; deje una fila por {} en {f2}: ", joined.key, joined.key),
    );
    c.line(format!(
        "repeated = lookup[{key}].dropna()[lookup[{key}].dropna().duplicated()]"
    ));
    c.line("if len(repeated) > 0:");
    c.line(format!(
        "    raise ValueError({} + \", \".join(str(v) for v in repeated.unique()[:5]))",
        py_str(&repeated)
    ));
    let mut kept = vec![key.clone()];
    kept.extend(joined.columns.iter().map(|n| py_str(n)));
    c.line(format!(
        "data = data.merge(lookup[[{}]], on={key}, how=\"left\", indicator=True)",
        kept.join(", ")
    ));
    c.line("matched = int((data[\"_merge\"] == \"both\").sum())");
    c.line("data = data.drop(columns=\"_merge\")");
    c.line(format!(
        "found = int(lookup[{key}].isin(data[{key}]).sum())"
    ));
    c.line(format!(
        "glovebox.table(\"{JOINED_TABLE}\", [[\"file\", \"rows\", \"matched\", \"not matched\"], [{}, len(data), matched, len(data) - matched], [{}, len(lookup), found, len(lookup) - found]])",
        py_str(f1),
        py_str(f2)
    ));
}

/// What the `joined` table says, in words: how many rows of each file
/// found their match.
pub fn words(rows: &[(String, u64, u64)], key: &str, lang: Lang) -> Option<String> {
    let [(f1, n1, m1), (f2, n2, m2)] = rows else {
        return None;
    };
    let (u1, u2) = (n1 - m1.min(n1), n2 - m2.min(n2));
    let mut out = lang.pick(
        format!("{m1} of the {n1} rows of {f1} found their {key} in {f2}"),
        format!("{m1} des {n1} lignes de {f1} ont trouvé leur {key} dans {f2}"),
        format!("{m1} de las {n1} filas de {f1} encontraron su {key} en {f2}"),
    );
    if u1 > 0 {
        out.push_str(&lang.pick(
            format!("; {u1} did not (their {key} is not in {f2}): they have no value from {f2} and are left out of its groups and conditions"),
            format!(" ; {u1} non (leur {key} n'est pas dans {f2}) : elles n'ont aucune valeur de {f2} et sont écartées de ses groupes et conditions"),
            format!("; {u1} no (su {key} no está en {f2}): no tienen ningún valor de {f2} y quedan fuera de sus grupos y condiciones"),
        ));
    }
    if u2 > 0 {
        out.push_str(&lang.pick(
            format!("; rows of {f2} that match no row of {f1}: {u2} of {n2}"),
            format!(" ; lignes de {f2} sans correspondance dans {f1} : {u2} sur {n2}"),
            format!("; filas de {f2} sin correspondencia en {f1}: {u2} de {n2}"),
        ));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::golden_input;

    fn inputs(files: &[&str]) -> Vec<InputDescription> {
        files.iter().map(|f| golden_input(f)).collect()
    }

    #[test]
    fn the_file_with_more_rows_is_read_first_and_the_shared_column_is_the_key() {
        let i = inputs(&["clients.csv", "orders.csv"]);
        let c = choose(&i, &["amount", "segment"])
            .expect("no question")
            .expect("a join");
        assert_eq!(
            (
                c.first.name.as_str(),
                c.second.name.as_str(),
                c.key.as_str()
            ),
            ("orders.csv", "clients.csv", "client")
        );
        let brought: Vec<String> = brought_columns(&c).into_iter().map(|(n, _)| n).collect();
        assert_eq!(
            brought,
            ["segment", "account_manager", "client_since", "credit_limit"]
        );
    }

    #[test]
    fn a_measure_from_the_looked_up_file_stops_the_plan() {
        // credit_limit would repeat on every order of a client.
        assert!(matches!(
            plan(
                &["orders.csv", "clients.csv"],
                "average credit limit per product"
            ),
            Err(GoalProblem::SeveralFiles { .. })
        ));
    }

    #[test]
    fn files_with_no_shared_column_are_not_joined() {
        let i = inputs(&["orders.csv", "weather.csv"]);
        assert_eq!(
            choose(&i, &["amount", "station"]).expect("no question"),
            None
        );
    }

    #[test]
    fn the_joined_table_in_words_names_unmatched_rows_on_both_sides() {
        let rows = vec![
            ("orders.csv".to_owned(), 220, 206),
            ("clients.csv".to_owned(), 8, 7),
        ];
        let w = words(&rows, "client", Lang::En).expect("words");
        assert!(
            w.starts_with(
                "206 of the 220 rows of orders.csv found their client in clients.csv; 14 did not"
            ),
            "{w}"
        );
        assert!(
            w.ends_with("rows of clients.csv that match no row of orders.csv: 1 of 8"),
            "{w}"
        );
    }

    fn plan(files: &[&str], goal: &str) -> Result<crate::generator::plan::Plan, GoalProblem> {
        let i = inputs(files);
        crate::generator::plan::plan(goal, Lang::detect(goal), &i)
    }

    #[test]
    fn a_goal_over_two_files_is_planned_as_a_join_and_its_code_passes_the_policy() {
        let p = plan(&["orders.csv", "clients.csv"], "total amount per segment").expect("plan");
        let j = p.source.joined.as_ref().expect("joined");
        assert_eq!(
            (
                p.source.name.as_str(),
                j.source.name.as_str(),
                j.key.as_str()
            ),
            ("orders.csv", "clients.csv", "client")
        );
        assert!(
            p.assumptions.iter().any(|a| a.text.contains(
                "each row of orders.csv gets the row of clients.csv with the same client"
            )),
            "{:?}",
            p.assumptions
        );
        let code = crate::generator::codegen::generate(&p, "total amount per segment");
        assert!(
            code.contains("data = data.merge(lookup[[\"client\", \"segment\""),
            "{code}"
        );
        let report = crate::policy::check(&code, Lang::En, &crate::policy::Profile::builtin());
        assert_eq!(
            report.verdict,
            crate::policy::Verdict::Allow,
            "{:?}",
            report.findings
        );
    }

    #[test]
    fn a_french_join_reads_each_file_with_its_own_options() {
        let p = plan(
            &["ventes.csv", "objectifs.csv"],
            "chiffre d'affaires total par responsable",
        )
        .expect("plan");
        let code = crate::generator::codegen::generate(&p, "x");
        assert!(
            code.contains(
                "lookup = pd.read_csv(\"/input/objectifs.csv\", sep=\";\", decimal=\",\")"
            ),
            "{code}"
        );
        assert!(code.contains("encoding=\"cp1252\""), "{code}");
    }
}
