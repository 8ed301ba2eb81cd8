//! The example file offered on the first screen ("Try with an example"):
//! the project's sample shop sales (`assets/samples/shop.csv`, the README's
//! demo), built into the app so every build and package has it, and
//! written as an ordinary file the person can open, beside the audit log.
//! A copy that differs (edited, damaged) is put back as it was, so the
//! example questions always get the answers they were checked for.

use std::path::{Path, PathBuf};

/// The example's file name, as the person sees it.
pub const SAMPLE_NAME: &str = "shop.csv";
/// Its bytes: 120 rows of a small shop's sales.
pub const SAMPLE_CSV: &[u8] = include_bytes!("../../assets/samples/shop.csv");

/// Why the example could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write the example file in {dir}: {reason}")]
pub struct SampleError {
    /// Where.
    pub dir: PathBuf,
    /// Why.
    pub reason: String,
}

/// The example in `dir` (created if needed), written again when missing or
/// different; its path.
pub fn place(dir: &Path) -> Result<PathBuf, SampleError> {
    let fail = |e: std::io::Error| SampleError {
        dir: dir.to_owned(),
        reason: e.to_string(),
    };
    let path = dir.join(SAMPLE_NAME);
    if std::fs::read(&path).is_ok_and(|bytes| bytes == SAMPLE_CSV) {
        return Ok(path);
    }
    std::fs::create_dir_all(dir).map_err(fail)?;
    // Written beside it, then renamed: a reader never sees half a file.
    let staging = dir.join(format!(".{SAMPLE_NAME}.{}", std::process::id()));
    std::fs::write(&staging, SAMPLE_CSV).map_err(fail)?;
    std::fs::rename(&staging, &path).map_err(|e| {
        let _ = std::fs::remove_file(&staging);
        fail(e)
    })?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_is_written_once_and_put_back_when_changed() {
        let dir = tempfile::tempdir().expect("temp dir");
        let samples = dir.path().join("samples");
        let path = place(&samples).expect("written");
        assert_eq!(path, samples.join("shop.csv"));
        assert_eq!(std::fs::read(&path).expect("read"), SAMPLE_CSV);
        // The README's demo file: a header and 120 rows.
        let text = std::str::from_utf8(SAMPLE_CSV).expect("utf-8");
        assert!(text.starts_with("date,region,product,units,"));
        assert_eq!(text.lines().count(), 121);
        std::fs::write(&path, "date,region\n").expect("damage it");
        assert_eq!(place(&samples).expect("again"), path);
        assert_eq!(std::fs::read(&path).expect("read"), SAMPLE_CSV);
        let names: Vec<_> = std::fs::read_dir(&samples)
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("shop.csv")]);
    }

    #[test]
    fn a_folder_that_cannot_be_made_is_a_plain_error() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("not-a-folder");
        std::fs::write(&file, "x").expect("file");
        let e = place(&file.join("samples")).expect_err("cannot");
        assert!(e
            .to_string()
            .starts_with("cannot write the example file in "));
    }
}
