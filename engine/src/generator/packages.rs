//! The sandbox image's analysis packages and their versions, as a model is
//! told them: read from the image's pinned lists
//! (`packaging/image/requirements.txt`, `sources.txt`) embedded at build
//! time, so the prompt names exactly what the image installs.
//!
//! Only the packages useful to an analysis are named (not every transitive
//! dependency); a named package missing from the lists is left out of the
//! prompt, and a test says so.

/// The image's pinned wheels (`name==version --hash=…` lines).
const REQUIREMENTS: &str = include_str!("../../../packaging/image/requirements.txt");
/// The image's source-only packages (`name version folder sha256 url` lines).
const SOURCES: &str = include_str!("../../../packaging/image/sources.txt");

/// The image's Python (Debian bookworm's `python3`; `requirements.txt`
/// says the same in its header, and a test checks it).
pub const PYTHON_VERSION: &str = "3.11";

/// The packages a model is told about, in this order, with how each is used
/// when the import name differs or it works through pandas.
pub const ANALYSIS_PACKAGES: &[(&str, &str)] = &[
    ("pandas", ""),
    ("numpy", ""),
    ("scipy", ""),
    ("matplotlib", ""),
    ("seaborn", ""),
    ("statsmodels", ""),
    ("scikit-learn", "import sklearn"),
    ("openpyxl", "pandas Excel files"),
    ("xlrd", "pandas old .xls files"),
    ("odfpy", "pandas OpenDocument files"),
    ("pyarrow", "pandas Parquet files"),
    ("tabulate", "DataFrame.to_markdown"),
];

/// The version the image pins for the distribution `name`, if any.
pub fn version(name: &str) -> Option<&'static str> {
    let pinned = REQUIREMENTS.lines().find_map(|line| {
        let spec = line.split_whitespace().next()?;
        let (n, v) = spec.split_once("==")?;
        n.eq_ignore_ascii_case(name).then_some(v)
    });
    pinned.or_else(|| {
        SOURCES.lines().find_map(|line| {
            let mut fields = line.split_whitespace();
            let n = fields.next().filter(|n| !n.starts_with('#'))?;
            let v = fields.next()?;
            n.eq_ignore_ascii_case(name).then_some(v)
        })
    })
}

/// `pandas 2.2.3, numpy 2.1.3, …, scikit-learn 1.7.2 (import sklearn), …`.
pub fn listing() -> String {
    ANALYSIS_PACKAGES
        .iter()
        .filter_map(|(name, how)| {
            let v = version(name)?;
            Some(if how.is_empty() {
                format!("{name} {v}")
            } else {
                format!("{name} {v} ({how})")
            })
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_package_is_pinned_in_the_image() {
        for (name, _) in ANALYSIS_PACKAGES {
            assert!(
                version(name).is_some(),
                "{name} is not in the image's lists"
            );
        }
        assert_eq!(version("pandas"), Some("2.2.3"));
        assert_eq!(version("odfpy"), Some("1.4.1"), "from sources.txt");
        assert_eq!(version("sha256"), None);
        assert_eq!(version("not-a-package"), None);
    }

    #[test]
    fn the_python_version_is_the_images() {
        assert!(REQUIREMENTS.contains(&format!("CPython {PYTHON_VERSION} ")));
    }

    #[test]
    fn the_listing_names_versions_and_import_names() {
        let text = listing();
        assert!(
            text.starts_with("pandas 2.2.3, numpy 2.1.3, scipy 1.14.1, "),
            "{text}"
        );
        assert!(
            text.contains("scikit-learn 1.7.2 (import sklearn)"),
            "{text}"
        );
        assert!(!text.contains("cloudpickle"), "{text}");
    }
}
