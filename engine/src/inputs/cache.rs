//! Descriptions kept between the steps of one question, so an input is
//! read once: the app describes a file when it is dropped, and its preview,
//! the code's generation and the run reuse that description instead of
//! reading the file again.
//!
//! A description is reused only while the file is the one described: same
//! size, modification time, inode and change time (a `chmod` changes it),
//! and the same [`FINGERPRINT_BYTES`] at its start and at its end (a
//! rewrite of the same size within one tick of the file system's clock).
//! The file is opened under [`Access`] rules for the check, as for a
//! description, so a file the person or the job may no longer read is
//! never served from the cache. The key is taken before the file is read:
//! a file that changes while it is described does not match it afterwards
//! and is described again. Errors are not kept.

use std::collections::HashMap;
use std::os::unix::fs::{FileExt, MetadataExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use sha2::{Digest, Sha256};

use super::{
    access, describe_reporting, split_sheet, Access, InputDescription, InputError, ReadProgress,
};

/// Most files whose description is kept; past it the oldest is forgotten.
pub const MAX_CACHED_INPUTS: usize = 32;
/// Bytes read at each end of a file for its fingerprint.
pub const FINGERPRINT_BYTES: u64 = 64 * 1024;

/// What a description is valid for: the file as it was when it was read.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Seen {
    size: u64,
    modified_ns: i128,
    changed_ns: i128,
    inode: u64,
    device: u64,
    fingerprint: [u8; 32],
}

/// One path's kept description (`None` until one is made).
type Slot = Arc<Mutex<Option<(Seen, InputDescription)>>>;

/// Why a lookup failed, as [`InputError`] (the cache adds none of its own).
type Described = Result<InputDescription, InputError>;

/// The kept descriptions, per path as given (`book.xlsx#Sheet` apart from
/// `book.xlsx`). Shared between threads: the describe of
/// one path waits for another describe of the same path in progress
/// rather than reading the file twice.
#[derive(Debug, Default)]
pub struct DescribeCache {
    slots: Mutex<HashMap<PathBuf, (u64, Slot)>>,
    /// Files read to describe them (cache misses), for tests and the log.
    inspections: AtomicU64,
    /// Order of insertion, to forget the oldest.
    counter: AtomicU64,
}

impl DescribeCache {
    /// An empty cache.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many times a file was read to be described.
    pub fn inspections(&self) -> u64 {
        self.inspections.load(Ordering::Relaxed)
    }

    /// [`super::describe`] of `path`, from the cache while the file is
    /// unchanged.
    pub fn describe(&self, path: &Path, max_bytes: u64) -> Described {
        self.describe_with(path, max_bytes, Access::of_this_process())
    }

    /// [`super::describe_with`], from the cache while the file is unchanged.
    pub fn describe_with(&self, path: &Path, max_bytes: u64, access: &Access) -> Described {
        self.describe_reporting(path, max_bytes, access, None)
    }

    /// [`super::describe_reporting`], from the cache while the file is
    /// unchanged (`progress` then hears nothing: nothing is read).
    pub fn describe_reporting(
        &self,
        path: &Path,
        max_bytes: u64,
        access: &Access,
        progress: Option<&Arc<ReadProgress>>,
    ) -> Described {
        let slot = self.slot(path);
        let mut kept = slot.lock().unwrap_or_else(|e| e.into_inner());
        let (on_disk, _) = split_sheet(path);
        let Some(seen) = seen(&on_disk, access) else {
            // Missing or unreadable: the inspector says why, nothing kept.
            *kept = None;
            self.inspections.fetch_add(1, Ordering::Relaxed);
            return describe_reporting(path, max_bytes, access, progress);
        };
        if let Some((was, description)) = kept.as_ref() {
            // Kept for a larger limit than this one: the inspector refuses it.
            if *was == seen && description.size_bytes <= max_bytes {
                tracing::debug!(path = %path.display(), "input description reused");
                return Ok(description.clone());
            }
        }
        self.inspections.fetch_add(1, Ordering::Relaxed);
        let described = describe_reporting(path, max_bytes, access, progress);
        *kept = described.as_ref().ok().map(|d| (seen, d.clone()));
        described
    }

    /// The slot of `path`, made (and the oldest forgotten) if needed.
    fn slot(&self, path: &Path) -> Slot {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        let key = path.to_owned();
        if let Some((_, slot)) = slots.get(&key) {
            return Arc::clone(slot);
        }
        if slots.len() >= MAX_CACHED_INPUTS {
            let oldest = slots
                .iter()
                .min_by_key(|(_, (order, _))| *order)
                .map(|(k, _)| k.clone());
            if let Some(oldest) = oldest {
                slots.remove(&oldest);
            }
        }
        let order = self.counter.fetch_add(1, Ordering::Relaxed);
        let slot = Slot::default();
        slots.insert(key, (order, Arc::clone(&slot)));
        slot
    }
}

/// The file at `path` as it is now, opened under `access`; `None` when it
/// cannot be opened (the description then says why).
fn seen(path: &Path, access: &Access) -> Option<Seen> {
    let opened = access::open(path, access).ok()?;
    let meta = &opened.meta;
    let size = meta.len();
    let mut hasher = Sha256::new();
    hasher.update(size.to_le_bytes());
    let head = size.min(FINGERPRINT_BYTES);
    let tail_from = size.saturating_sub(FINGERPRINT_BYTES).max(head);
    for (from, to) in [(0, head), (tail_from, size)] {
        let mut buf = vec![0u8; usize::try_from(to - from).ok()?];
        opened.file.read_exact_at(&mut buf, from).ok()?;
        hasher.update(&buf);
    }
    Some(Seen {
        size,
        modified_ns: i128::from(meta.mtime()) * 1_000_000_000 + i128::from(meta.mtime_nsec()),
        changed_ns: i128::from(meta.ctime()) * 1_000_000_000 + i128::from(meta.ctime_nsec()),
        inode: meta.ino(),
        device: meta.dev(),
        fingerprint: hasher.finalize().into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn write(path: &Path, text: &str) {
        std::fs::write(path, text).expect("write");
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o644)).expect("chmod");
    }

    fn sales(rows: u32) -> String {
        let mut text = String::from("region,revenue\n");
        for i in 0..rows {
            text.push_str(&format!("r{},{}\n", i % 3, i * 10));
        }
        text
    }

    #[test]
    fn a_second_use_of_an_unchanged_file_does_not_read_it_again() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("sales.csv");
        write(&path, &sales(100));
        let cache = DescribeCache::new();
        let first = cache.describe(&path, u64::MAX).expect("described");
        let again = cache.describe(&path, u64::MAX).expect("described");
        let third = cache.describe(&path, u64::MAX).expect("described");
        assert_eq!(cache.inspections(), 1);
        assert_eq!(first, again);
        assert_eq!(first, third);
        assert_eq!(first.row_count, 100);
    }

    #[test]
    fn a_modified_file_is_described_again() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("sales.csv");
        write(&path, &sales(100));
        let cache = DescribeCache::new();
        assert_eq!(
            cache.describe(&path, u64::MAX).expect("first").row_count,
            100
        );
        // Another size.
        write(&path, &sales(150));
        assert_eq!(
            cache.describe(&path, u64::MAX).expect("grown").row_count,
            150
        );
        assert_eq!(cache.inspections(), 2);
        // The same size and modification time, other bytes.
        let modified = std::fs::metadata(&path)
            .and_then(|m| m.modified())
            .expect("mtime");
        let text = sales(150).replace("r1,", "r7,");
        write(&path, &text);
        let file = std::fs::File::options()
            .write(true)
            .open(&path)
            .expect("open");
        file.set_modified(modified).expect("set mtime");
        let changed = cache.describe(&path, u64::MAX).expect("rewritten");
        assert_eq!(cache.inspections(), 3);
        let region = &changed.columns[0].values;
        assert!(region.contains(&"r7".to_owned()), "{region:?}");
        // Unchanged since: kept.
        cache.describe(&path, u64::MAX).expect("kept");
        assert_eq!(cache.inspections(), 3);
    }

    #[test]
    fn errors_are_not_kept_and_a_fixed_file_is_described() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("late.csv");
        let cache = DescribeCache::new();
        assert!(matches!(
            cache.describe(&path, u64::MAX),
            Err(InputError::NotFound(_))
        ));
        write(&path, &sales(5));
        assert_eq!(cache.describe(&path, u64::MAX).expect("now").row_count, 5);
        std::fs::write(&path, "").expect("emptied");
        assert!(cache.describe(&path, u64::MAX).is_err());
        assert!(cache.describe(&path, u64::MAX).is_err());
        assert_eq!(cache.inspections(), 4);
    }

    #[test]
    fn the_oldest_of_too_many_files_is_forgotten() {
        let dir = tempfile::tempdir().expect("dir");
        let cache = DescribeCache::new();
        let paths: Vec<PathBuf> = (0..=MAX_CACHED_INPUTS)
            .map(|i| {
                let p = dir.path().join(format!("f{i}.csv"));
                write(&p, &sales(3));
                cache.describe(&p, u64::MAX).expect("described");
                p
            })
            .collect();
        let read = cache.inspections();
        cache
            .describe(&paths[MAX_CACHED_INPUTS], u64::MAX)
            .expect("kept");
        assert_eq!(cache.inspections(), read);
        cache.describe(&paths[0], u64::MAX).expect("forgotten");
        assert_eq!(cache.inspections(), read + 1);
    }
}
