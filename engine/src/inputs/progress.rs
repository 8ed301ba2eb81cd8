//! How far the inspector has read a file, for the person waiting on a
//! large one: [`ReadProgress`] holds the file's name, its size and the
//! bytes read so far, updated as the file is hashed (every byte of a CSV,
//! JSON or compressed file goes through the hash: the positioned reads of
//! `hash` or a `HashingReader`), once per chunk. Whoever shows it polls
//! [`ReadProgress::now`] on a timer of its own (the CLI's stderr line, the
//! app's file card), so nothing in the inspector waits on a display and
//! no test depends on timing.
//!
//! The describe that reports is given the progress explicitly
//! ([`super::describe_reporting`]); inside it, the readers find it through
//! [`scope`] (a thread-local set for the describe's duration, handed to the
//! hashing thread when it is spawned), so the format readers keep their
//! signatures.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What is being read now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    /// The file's name.
    pub name: String,
    /// Bytes read so far.
    pub read: u64,
    /// The file's size in bytes.
    pub total: u64,
    /// Since the file started being read.
    pub elapsed: Duration,
}

/// Progress of the inspector over the files it describes, one at a time.
#[derive(Debug, Default)]
pub struct ReadProgress {
    name: Mutex<String>,
    started: Mutex<Option<Instant>>,
    active: AtomicBool,
    read: AtomicU64,
    total: AtomicU64,
    /// Updates heard (chunks read), for tests.
    updates: AtomicU64,
}

impl ReadProgress {
    /// No file being read.
    pub fn new() -> Arc<Self> {
        Arc::default()
    }

    /// The file being read now, if any.
    pub fn now(&self) -> Option<Reading> {
        if !self.active.load(Ordering::Acquire) {
            return None;
        }
        let started = (*self.started.lock().ok()?)?;
        Some(Reading {
            name: self.name.lock().ok()?.clone(),
            read: self.read.load(Ordering::Relaxed),
            total: self.total.load(Ordering::Relaxed),
            elapsed: started.elapsed(),
        })
    }

    /// Bytes read of the last file and its size, read or not.
    pub fn last(&self) -> (u64, u64) {
        (
            self.read.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
        )
    }

    /// How many times bytes read were reported.
    pub fn updates(&self) -> u64 {
        self.updates.load(Ordering::Relaxed)
    }

    /// `name` of `total` bytes starts being read.
    pub(crate) fn start(&self, name: &str, total: u64) {
        if let Ok(mut n) = self.name.lock() {
            name.clone_into(&mut n);
        }
        if let Ok(mut s) = self.started.lock() {
            *s = Some(Instant::now());
        }
        self.read.store(0, Ordering::Relaxed);
        self.total.store(total, Ordering::Relaxed);
        self.active.store(true, Ordering::Release);
    }

    /// `bytes` more were read.
    pub(crate) fn add(&self, bytes: u64) {
        let total = self.total.load(Ordering::Relaxed);
        let _ = self
            .read
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |r| {
                Some(r.saturating_add(bytes).min(total))
            });
        self.updates.fetch_add(1, Ordering::Relaxed);
    }

    /// The file is described (or refused): nothing is being read.
    pub(crate) fn finish(&self, whole: bool) {
        if whole {
            let total = self.total.load(Ordering::Relaxed);
            self.read.store(total, Ordering::Relaxed);
        }
        self.active.store(false, Ordering::Release);
    }
}

thread_local! {
    static CURRENT: RefCell<Option<Arc<ReadProgress>>> = const { RefCell::new(None) };
}

/// The progress of the describe running on this thread, if it reports.
pub(crate) fn current() -> Option<Arc<ReadProgress>> {
    CURRENT.with(|c| c.borrow().clone())
}

/// Runs `f` with `progress` as this thread's [`current`] (the previous one
/// back afterwards, also if `f` panics).
pub(crate) fn scope<T>(progress: Option<Arc<ReadProgress>>, f: impl FnOnce() -> T) -> T {
    struct Restore(Option<Arc<ReadProgress>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            CURRENT.with(|c| *c.borrow_mut() = previous);
        }
    }
    let previous = CURRENT.with(|c| c.replace(progress));
    let _restore = Restore(previous);
    f()
}

/// `read` of `total` in words for a terminal line: `45% of 1.0 GB`.
pub fn percent_of(read: u64, total: u64) -> String {
    let pct = (read.saturating_mul(100))
        .checked_div(total)
        .unwrap_or(100)
        .min(100);
    format!("{pct}% of {}", crate::units::human_bytes(total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_is_bounded_by_the_size_and_ends_whole() {
        let p = ReadProgress::new();
        assert_eq!(p.now(), None);
        p.start("sales.csv", 100);
        p.add(40);
        p.add(80);
        let now = p.now().expect("reading");
        assert_eq!(
            (now.name.as_str(), now.read, now.total),
            ("sales.csv", 100, 100)
        );
        p.finish(true);
        assert_eq!(p.now(), None);
        assert_eq!(p.last(), (100, 100));
        assert_eq!(p.updates(), 2);
    }

    #[test]
    fn the_scope_is_this_threads_and_is_restored() {
        let p = ReadProgress::new();
        assert!(current().is_none());
        scope(Some(Arc::clone(&p)), || {
            assert!(current().is_some_and(|c| Arc::ptr_eq(&c, &p)));
            std::thread::spawn(|| assert!(current().is_none()))
                .join()
                .expect("thread");
        });
        assert!(current().is_none());
    }

    /// A file of 3.5 chunks: told chunk by chunk, whole at the end; its
    /// description from the cache tells nothing (nothing is read).
    #[test]
    fn a_describe_tells_its_progress_chunk_by_chunk() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("big.csv");
        let mut text = String::from("id,amount\n");
        let mut i = 0u64;
        while text.len() < 3 * 1024 * 1024 + 512 * 1024 {
            text.push_str(&format!("{i},{}\n", i % 1000));
            i += 1;
        }
        std::fs::write(&path, &text).expect("write");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        let size = text.len() as u64;
        let p = ReadProgress::new();
        let access = crate::inputs::Access::of_this_process();
        let cache = crate::inputs::DescribeCache::new();
        let d = cache
            .describe_reporting(&path, u64::MAX, access, Some(&p))
            .expect("described");
        assert_eq!(d.row_count, i);
        assert_eq!(p.last(), (size, size));
        assert!(p.updates() >= 4, "{} updates", p.updates());
        assert_eq!(p.now(), None);
        let updates = p.updates();
        cache
            .describe_reporting(&path, u64::MAX, access, Some(&p))
            .expect("kept");
        assert_eq!(p.updates(), updates);
    }

    #[test]
    fn percent_in_words() {
        assert_eq!(percent_of(0, 1024 * 1024 * 1024), "0% of 1 GB");
        assert_eq!(percent_of(512, 1024), "50% of 1 KB");
        assert_eq!(percent_of(5, 0), "100% of 0 bytes");
    }
}
