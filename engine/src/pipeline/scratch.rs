//! Where the files the code writes are copied when no output folder was
//! given: a private folder per run (mode 0700, beside the sandbox's work
//! folders), emptied before each attempt and removed with the run. So the
//! files are always listed (names and sizes) and figures always read, and
//! no copy is left behind; the record then names no copy.

use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};

/// A run's private output folder, removed when dropped.
#[derive(Debug)]
pub(super) struct Scratch(PathBuf);

impl Scratch {
    /// `root/<run id>`, new and empty.
    pub(super) fn create(root: &Path, run_id: &str) -> std::io::Result<Self> {
        std::fs::create_dir_all(root)?;
        let dir = root.join(run_id);
        std::fs::DirBuilder::new().mode(0o700).create(&dir)?;
        Ok(Self(dir))
    }

    /// The folder.
    pub(super) fn path(&self) -> &Path {
        &self.0
    }

    /// Empties it: an earlier attempt's files are not this one's.
    pub(super) fn empty(&self) -> std::io::Result<()> {
        std::fs::remove_dir_all(&self.0)?;
        std::fs::DirBuilder::new().mode(0o700).create(&self.0)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if let Err(e) = std::fs::remove_dir_all(&self.0) {
            tracing::warn!(dir = %self.0.display(), "cannot remove the run's output folder: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scratch_folder_is_private_emptied_and_removed() {
        use std::os::unix::fs::PermissionsExt;
        let root = tempfile::tempdir().expect("tmp");
        let scratch = Scratch::create(&root.path().join("outputs"), "run-1").expect("create");
        let dir = scratch.path().to_owned();
        let mode = std::fs::metadata(&dir).expect("meta").permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
        std::fs::write(dir.join("fig.png"), b"x").expect("write");
        scratch.empty().expect("empty");
        assert_eq!(std::fs::read_dir(&dir).expect("dir").count(), 0);
        assert!(
            Scratch::create(&root.path().join("outputs"), "run-1").is_err(),
            "a run's folder is new"
        );
        drop(scratch);
        assert!(!dir.exists());
    }
}
