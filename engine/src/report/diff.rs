//! A line diff (longest common subsequence) between the generated code and
//! the code that ran, for reports.

/// One line of a diff.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiffLine<'a> {
    /// In both.
    Same(&'a str),
    /// Only in the generated code.
    Removed(&'a str),
    /// Only in the code that ran.
    Added(&'a str),
}

/// Most lines compared; longer texts are shown whole instead of diffed.
pub const MAX_DIFF_LINES: usize = 4000;

/// The diff of `before` -> `after`, or `None` when either is too long.
pub fn lines<'a>(before: &'a str, after: &'a str) -> Option<Vec<DiffLine<'a>>> {
    let a: Vec<&str> = before.lines().collect();
    let b: Vec<&str> = after.lines().collect();
    if a.len() > MAX_DIFF_LINES || b.len() > MAX_DIFF_LINES {
        return None;
    }
    // lcs[i][j] = length of the LCS of a[i..] and b[j..]
    let mut lcs = vec![vec![0u32; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, Vec::new());
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            out.push(DiffLine::Same(a[i]));
            i += 1;
            j += 1;
        } else if j < b.len() && (i == a.len() || lcs[i][j + 1] >= lcs[i + 1][j]) {
            out.push(DiffLine::Added(b[j]));
            j += 1;
        } else {
            out.push(DiffLine::Removed(a[i]));
            i += 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_changed_line() {
        let d = lines("a\nb\nc\n", "a\nB\nc\n").expect("diff");
        assert_eq!(
            d,
            [
                DiffLine::Same("a"),
                DiffLine::Added("B"),
                DiffLine::Removed("b"),
                DiffLine::Same("c")
            ]
        );
    }

    #[test]
    fn identical_texts_have_no_change() {
        let d = lines("x\ny", "x\ny").expect("diff");
        assert!(d.iter().all(|l| matches!(l, DiffLine::Same(_))));
    }
}
