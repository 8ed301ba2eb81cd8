//! Large files read narrow: from [`NARROW_MIN_ROWS`] rows on, the code's
//! `pd.read_csv` reads only the columns the code uses (`usecols=`). A 1 GB
//! file of six columns asked for a total per region then holds two columns
//! in memory, not six (measured with pandas 2.2 on 25 M rows: 873 MiB and
//! 6.5 s, against 2.4 GiB and 13 s read whole).
//!
//! No `dtype=` is forced: measured on the same file, `dtype=str` for the
//! text column took 1451 MiB and 10.1 s (pandas then keeps one string per
//! cell instead of sharing repeated ones), `category` 1477 MiB; and a
//! number type cannot be forced safely when only the first 100 000 rows
//! were typed (a word further down would stop the read).
//!
//! The columns used are the ones whose name the code quotes (every recipe
//! names its columns as Python strings: `numbers("revenue")`,
//! `data.groupby("region")`). Code that works on the whole table
//! (`data.dropna()`, `data.isna()`, `data.loc[...]` showing whole rows…),
//! files whose columns pandas renames (`Unnamed: 1`, `a.1`) or that have
//! no header row are read whole, as are smaller files (their code stays
//! exactly as it was).

use super::codegen::{py_str, words};
use super::plan::Source;
use crate::inputs::ColumnKind;
use crate::lang::Lang;

/// Files of at least this many rows are read narrow.
pub const NARROW_MIN_ROWS: u64 = 1_000_000;

/// Code that uses every column of `data`: such code reads the file whole.
const WHOLE_TABLE: &[&str] = &[
    "data.isna()",
    "data.notna()",
    "data.dropna()",
    "data.drop_duplicates()",
    "data.duplicated(",
    "data.loc[",
    "data.iloc[",
    "data.columns",
    "data.describe(",
    "data.dtypes",
    "select_dtypes",
    "data.to_",
    "data.itertuples",
    "data.iterrows",
    "data.head(",
    "data.tail(",
    "data.sample(",
    "data.T",
    "data.values",
    "data.shape",
    "data.info(",
];

/// The `pd.read_csv` lines of the source (one read, or one per stacked
/// file); a lookup file joined to it is small and read whole.
fn is_read_line(line: &str) -> bool {
    let t = line.trim_start();
    (t.starts_with("data = pd.read_csv(") || t.starts_with("part = pd.read_csv("))
        && t.ends_with(')')
}

/// A column name pandas gave in place of the header's: `Unnamed: N`, or a
/// repeated name's `name.1`.
fn renamed(s: &Source) -> bool {
    s.columns.iter().any(|(name, _)| {
        name.starts_with("Unnamed: ")
            || name.rsplit_once('.').is_some_and(|(stem, n)| {
                !n.is_empty()
                    && n.bytes().all(|b| b.is_ascii_digit())
                    && s.columns.iter().any(|(other, _)| other == stem)
            })
    })
}

/// The extra `pd.read_csv` arguments for `s`, or `None` to read it whole.
fn narrowing(lines: &[String], s: &Source) -> Option<String> {
    if s.rows < NARROW_MIN_ROWS || s.names.is_some() || renamed(s) {
        return None;
    }
    let code: String = lines
        .iter()
        .filter(|l| !is_read_line(l))
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join("\n");
    if WHOLE_TABLE.iter().any(|m| code.contains(m)) {
        return None;
    }
    let used: Vec<&(String, ColumnKind)> = s
        .columns
        .iter()
        .filter(|(name, _)| code.contains(&py_str(name)))
        .collect();
    if used.is_empty() || used.len() == s.columns.len() {
        return None;
    }
    let names: Vec<String> = used.iter().map(|(n, _)| py_str(n)).collect();
    Some(format!("usecols=[{}]", names.join(", ")))
}

/// Reads `s` narrow in `lines` when it is large, with a comment saying so.
pub(super) fn apply(lines: &mut Vec<String>, s: &Source, lang: Lang) {
    let Some(args) = narrowing(lines, s) else {
        return;
    };
    let Some(first) = lines.iter().position(|l| is_read_line(l)) else {
        return;
    };
    for line in lines.iter_mut().filter(|l| is_read_line(l)) {
        line.truncate(line.len() - 1);
        line.push_str(&format!(", {args})"));
    }
    let rows = s.rows;
    let at = if lines[first].starts_with(' ') {
        // Stacked files: the comment goes above the loop.
        first.saturating_sub(1)
    } else {
        first
    };
    lines.insert(
        at,
        format!(
            "# {}",
            words(
                lang,
                &format!("The file has {rows} rows: only the columns used below are read."),
                &format!("Le fichier a {rows} lignes : seules les colonnes utilisées plus bas sont lues."),
                &format!("El archivo tiene {rows} filas: solo se leen las columnas usadas más abajo."),
            )
        ),
    );
}

#[cfg(test)]
mod tests {
    use crate::generator::{GenerationRequest, OfflineGenerator};
    use crate::inputs::InputDescription;
    use crate::lang::Lang;

    fn code(d: &InputDescription, goal: &str) -> String {
        OfflineGenerator
            .generate(&GenerationRequest {
                goal,
                lang: Lang::detect(goal),
                inputs: std::slice::from_ref(d),
                limits: &glovebox_sandbox::Limits::default(),
                follows: &[],
            })
            .expect("generate")
            .code
    }

    fn read_line(code: &str) -> &str {
        code.lines()
            .find(|l| l.starts_with("data = pd.read_csv("))
            .expect("read line")
    }

    #[test]
    fn a_large_file_is_read_with_only_the_columns_the_code_uses() {
        let mut d = crate::generator::golden_input("shop.csv");
        let small = code(&d, "total revenue per region");
        assert!(!small.contains("usecols"), "{small}");
        d.row_count = 20_000_000;
        let large = code(&d, "total revenue per region");
        assert_eq!(
            read_line(&large),
            r#"data = pd.read_csv("/input/shop.csv", usecols=["region", "revenue"])"#
        );
        assert!(
            large.contains("# The file has 20000000 rows: only the columns used below are read."),
            "{large}"
        );
        // Besides the comment and the read, the code is the same.
        let rest = |c: &str| -> Vec<String> {
            c.lines()
                .filter(|l| {
                    !l.starts_with("data = pd.read_csv(") && !l.starts_with("# The file has")
                })
                .map(str::to_owned)
                .collect()
        };
        assert_eq!(rest(&large), rest(&small));
    }

    #[test]
    fn code_on_the_whole_table_reads_it_whole() {
        let mut d = crate::generator::golden_input("shop.csv");
        d.row_count = 20_000_000;
        let missing = code(&d, "missing values per column");
        assert!(!missing.contains("usecols"), "{missing}");
    }
}
