//! Finding the sandbox image built by `packaging/image/build.sh`.

use std::path::{Path, PathBuf};

use crate::protocol::ImageRef;

/// Errors locating the image.
#[derive(Debug, thiserror::Error)]
pub enum ImageError {
    /// No image where it was looked for.
    #[error("the sandbox image is not built (looked in {0}); run 'make image'")]
    Missing(PathBuf),
    /// The image has no digest file.
    #[error("the sandbox image at {0} has no DIGEST file; rebuild it with 'make image'")]
    NoDigest(PathBuf),
}

/// The cache folder: `$GLOVEBOX_CACHE`, else `~/.cache/glovebox`.
pub fn cache_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("GLOVEBOX_CACHE") {
        return PathBuf::from(dir);
    }
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| "/root".into());
    home.join(".cache/glovebox")
}

/// The image folder: `$GLOVEBOX_IMAGE`, else `<cache>/image/current`.
pub fn image_dir() -> PathBuf {
    std::env::var_os("GLOVEBOX_IMAGE")
        .map(PathBuf::from)
        .unwrap_or_else(|| cache_dir().join("image/current"))
}

/// Reads the image at `dir` (which holds `rootfs/` and `DIGEST`).
pub fn load(dir: &Path) -> Result<ImageRef, ImageError> {
    let dir = std::fs::canonicalize(dir).map_err(|_| ImageError::Missing(dir.to_owned()))?;
    let rootfs = dir.join("rootfs");
    if !rootfs.join("usr/bin/python3").exists() {
        return Err(ImageError::Missing(dir));
    }
    let digest = std::fs::read_to_string(dir.join("DIGEST"))
        .map_err(|_| ImageError::NoDigest(dir.clone()))?
        .trim()
        .to_owned();
    Ok(ImageRef { rootfs, digest })
}

/// The image at the default place.
pub fn locate() -> Result<ImageRef, ImageError> {
    load(&image_dir())
}
