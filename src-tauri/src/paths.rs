//! Where the app keeps its things: the audit log (shared with the `glovebox`
//! command line), settings, logs; and where the sandbox image comes from in
//! an installed package.

use std::path::{Path, PathBuf};

/// The app's files.
#[derive(Debug, Clone)]
pub struct AppPaths {
    /// Audit database: `$GLOVEBOX_DB`, else the engine's default
    /// (`~/.local/share/glovebox/audit.sqlite3`), the one the CLI uses.
    pub db: PathBuf,
    /// `settings.json` in `$XDG_CONFIG_HOME/glovebox` (`~/.config/glovebox`).
    pub settings: PathBuf,
    /// Rotating log files, next to the audit database in `logs/`.
    pub logs: PathBuf,
    /// The example file ("Try with an example"), next to the audit
    /// database in `samples/`.
    pub samples: PathBuf,
}

fn home() -> PathBuf {
    std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("."))
}

impl AppPaths {
    /// From the environment.
    pub fn from_env() -> Self {
        let db = std::env::var_os("GLOVEBOX_DB")
            .map(PathBuf::from)
            .unwrap_or_else(glovebox_engine::audit::default_db_path);
        let config = std::env::var_os("XDG_CONFIG_HOME")
            .map(PathBuf::from)
            .unwrap_or_else(|| home().join(".config"))
            .join("glovebox");
        let data = db
            .parent()
            .map(Path::to_owned)
            .unwrap_or_else(std::env::temp_dir);
        Self {
            settings: config.join("settings.json"),
            logs: data.join("logs"),
            samples: data.join("samples"),
            db,
        }
    }
}

/// Where an installed package puts the sandbox image (`.deb`: Tauri's
/// resource folder), as a tar of the image folder (`DIGEST`, `rootfs/`).
pub const BUNDLED_IMAGE_TARS: &[&str] =
    &["/usr/lib/Glovebox/image.tar", "/usr/lib/glovebox/image.tar"];

/// Why the bundled image could not be unpacked.
#[derive(Debug, thiserror::Error)]
pub enum UnpackError {
    /// Writing into the cache failed.
    #[error("cannot prepare the sandbox image in {dir}: {reason}")]
    Io {
        /// Where.
        dir: PathBuf,
        /// Why.
        reason: String,
    },
}

/// An installed app has no image in the person's cache on its first start:
/// unpack the one the package carries into `~/.cache/glovebox/image/` (a
/// folder the person owns, which rootless containers need) and make it
/// current. Answers the folder when it unpacked one; nothing when an image
/// is already there, `GLOVEBOX_IMAGE` is set, or the package carries none.
pub fn unpack_bundled_image() -> Result<Option<PathBuf>, UnpackError> {
    if std::env::var_os("GLOVEBOX_IMAGE").is_some() || glovebox_sandbox::image::locate().is_ok() {
        return Ok(None);
    }
    let Some(tar) = BUNDLED_IMAGE_TARS
        .iter()
        .map(Path::new)
        .find(|p| p.is_file())
    else {
        return Ok(None);
    };
    // One unpacking at a time (two windows' doctor checks may ask at once).
    static UNPACKING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _one = UNPACKING.lock().unwrap_or_else(|e| e.into_inner());
    if glovebox_sandbox::image::locate().is_ok() {
        return Ok(None);
    }
    let _span = tracing::info_span!("unpack_image", tar = %tar.display()).entered();
    let root = glovebox_sandbox::image::cache_dir().join("image");
    let io = |e: std::io::Error| UnpackError::Io {
        dir: root.clone(),
        reason: e.to_string(),
    };
    std::fs::create_dir_all(&root).map_err(io)?;
    let staging = root.join(format!(".unpacking-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&staging);
    std::fs::create_dir_all(&staging).map_err(io)?;
    let status = std::process::Command::new("tar")
        .arg("-xf")
        .arg(tar)
        .arg("-C")
        .arg(&staging)
        .arg("--no-same-owner")
        .status()
        .map_err(io)?;
    if !status.success() {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(io(std::io::Error::other(format!("tar failed ({status})"))));
    }
    let digest = std::fs::read_to_string(staging.join("DIGEST")).map_err(io)?;
    let name: String = digest
        .trim()
        .trim_start_matches("sha256:")
        .chars()
        .take(16)
        .collect();
    let target = root.join(&name);
    if target.exists() {
        let _ = std::fs::remove_dir_all(&staging);
    } else {
        std::fs::rename(&staging, &target).map_err(io)?;
    }
    let link = root.join("current");
    let tmp_link = root.join(format!(".current-{}", std::process::id()));
    let _ = std::fs::remove_file(&tmp_link);
    std::os::unix::fs::symlink(&name, &tmp_link).map_err(io)?;
    std::fs::rename(&tmp_link, &link).map_err(io)?;
    tracing::info!(image = %target.display(), "sandbox image unpacked");
    Ok(Some(target))
}
