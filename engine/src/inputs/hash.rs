//! The sha256 of an input, computed on a thread of its own while the
//! inspector reads the rows, so a large file is hashed and parsed at the
//! same time instead of one after the other.
//!
//! The thread reads the open file with positioned reads (`pread`) on a
//! duplicate of its descriptor: the inspector's own offset never moves,
//! and no path is opened again (the file was opened under the person's
//! rights by `access`). Dropping a [`HashJob`] that was not finished (the
//! inspector stopped early on a bad row) tells the thread to stop at its
//! next chunk. A stream that cannot be re-read at offsets (a JSON file
//! parsed as it is read, a compressed file) is hashed as it is read by a
//! [`HashingReader`].

use std::fs::File;
use std::os::unix::fs::FileExt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use sha2::{Digest, Sha256};

use super::progress::ReadProgress;

/// Bytes hashed per read.
const HASH_CHUNK: usize = 1024 * 1024;

/// Why the hash could not be computed.
#[derive(Debug, thiserror::Error)]
pub(crate) enum HashError {
    /// The file could not be read (or duplicated) for hashing.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The hashing thread ended without a result.
    #[error("the hashing thread stopped")]
    Stopped,
}

/// A sha256 being computed on its own thread.
pub(crate) struct HashJob {
    stop: Arc<AtomicBool>,
    handle: Option<JoinHandle<Result<String, HashError>>>,
}

/// Starts hashing the bytes of `file`, all of them, from its start.
pub(crate) fn spawn(file: &File) -> Result<HashJob, HashError> {
    let file = file.try_clone()?;
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let progress = super::progress::current();
    let handle = std::thread::Builder::new()
        .name("input-sha256".into())
        .spawn(move || hash_all(&file, &flag, progress.as_deref()))?;
    Ok(HashJob {
        stop,
        handle: Some(handle),
    })
}

impl HashJob {
    /// The hex sha256, once the thread has read the whole file.
    pub(crate) fn finish(mut self) -> Result<String, HashError> {
        let handle = self.handle.take().ok_or(HashError::Stopped)?;
        handle.join().map_err(|_| HashError::Stopped)?
    }
}

impl Drop for HashJob {
    fn drop(&mut self) {
        // Not finished: the thread stops at its next chunk, unjoined.
        self.stop.store(true, Ordering::Relaxed);
    }
}

fn hash_all(
    file: &File,
    stop: &AtomicBool,
    progress: Option<&ReadProgress>,
) -> Result<String, HashError> {
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; HASH_CHUNK];
    let mut at = 0u64;
    loop {
        if stop.load(Ordering::Relaxed) {
            return Err(HashError::Stopped);
        }
        let n = match file.read_at(&mut buf, at) {
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        if n == 0 {
            return Ok(hex::encode(hasher.finalize()));
        }
        hasher.update(&buf[..n]);
        at += n as u64;
        if let Some(p) = progress {
            p.add(n as u64);
        }
    }
}

/// Reads and hashes at once: what the reader reads is hashed on the way.
pub(crate) struct HashingReader<R> {
    inner: R,
    hasher: Sha256,
    /// The describe's progress, when it reports (bytes read added).
    progress: Option<Arc<ReadProgress>>,
}

impl<R: std::io::Read> HashingReader<R> {
    pub(crate) fn new(inner: R) -> Self {
        Self {
            inner,
            hasher: Sha256::new(),
            progress: super::progress::current(),
        }
    }

    /// Reads what is left (without keeping it) and returns the hex sha256
    /// of everything read.
    pub(crate) fn finish(mut self) -> std::io::Result<String> {
        std::io::copy(&mut self, &mut std::io::sink())?;
        Ok(hex::encode(self.hasher.finalize()))
    }
}

impl<R: std::io::Read> std::io::Read for HashingReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hasher.update(&buf[..n]);
        if let Some(p) = &self.progress {
            p.add(n as u64);
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Seek, SeekFrom};

    #[test]
    fn the_thread_hashes_every_byte_without_moving_the_readers_offset() {
        let mut f = tempfile::tempfile().expect("temp file");
        // More than one chunk, not a multiple of it.
        let bytes: Vec<u8> = (0..HASH_CHUNK * 2 + 77).map(|i| (i % 251) as u8).collect();
        std::io::Write::write_all(&mut f, &bytes).expect("write");
        f.seek(SeekFrom::Start(10)).expect("seek");
        let job = spawn(&f).expect("spawn");
        let mut first = [0u8; 4];
        f.read_exact(&mut first).expect("read");
        assert_eq!(first, bytes[10..14]);
        let want = hex::encode(Sha256::digest(&bytes));
        assert_eq!(job.finish().expect("hash"), want);
    }
}
