//! The in-sandbox support files (`assets/glovebox/`): the `glovebox` module
//! analysis code imports, the runner that executes the checked code with
//! an audit hook and writes the result channel, and `glovebox_figures`,
//! matplotlib's backend there (figures shown or left open become PNG files
//! of `/output`). Embedded in the binary and
//! written to a content-addressed cache folder, mounted read-only at
//! `/glovebox` in every container.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

/// The runner, started as `python3 -I -B /glovebox/run.py /job/main.py`.
pub const RUNNER: &str = include_str!("../../assets/glovebox/run.py");
/// The `glovebox` module.
pub const MODULE: &str = include_str!("../../assets/glovebox/glovebox.py");
/// matplotlib's backend in the sandbox (selected by the runner).
pub const FIGURES: &str = include_str!("../../assets/glovebox/glovebox_figures.py");
/// The runner's file name.
pub const ENTRYPOINT: &str = "run.py";

/// Every support file by name.
const FILES: [(&str, &str); 3] = [
    (ENTRYPOINT, RUNNER),
    ("glovebox.py", MODULE),
    ("glovebox_figures.py", FIGURES),
];

/// Writes the support files under `cache` (once per content) and returns the folder.
pub fn install(cache: &Path) -> std::io::Result<PathBuf> {
    let mut h = Sha256::new();
    h.update(RUNNER.as_bytes());
    h.update([0]);
    h.update(MODULE.as_bytes());
    h.update([0]);
    h.update(FIGURES.as_bytes());
    let key = hex::encode(&h.finalize()[..8]);
    let dir = cache.join("support").join(key);
    if FILES.iter().all(|(name, _)| dir.join(name).is_file()) {
        return Ok(dir);
    }
    let tmp = cache
        .join("support")
        .join(format!(".tmp-{}", std::process::id()));
    std::fs::create_dir_all(&tmp)?;
    for (name, text) in FILES {
        let path = tmp.join(name);
        std::fs::write(&path, text)?;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444))?;
    }
    std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(0o755))?;
    match std::fs::rename(&tmp, &dir) {
        Ok(()) => Ok(dir),
        // Another process installed it first.
        Err(_) if dir.join(ENTRYPOINT).is_file() => {
            let _ = std::fs::remove_dir_all(&tmp);
            Ok(dir)
        }
        Err(e) => Err(e),
    }
}
