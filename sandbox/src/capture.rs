//! Bounded capture of a pipe: keeps the first `cap` bytes, counts the rest,
//! and flags truncation. The pipe is always drained, so a job that floods
//! stdout never blocks on a full pipe; it runs until it ends or hits its
//! wall-time limit.

use std::os::fd::{AsFd, AsRawFd, BorrowedFd, OwnedFd};

/// Size of one read from the pipe.
const CHUNK: usize = 64 * 1024;

/// The read end of a captured pipe.
#[derive(Debug)]
pub struct Capture {
    fd: Option<OwnedFd>,
    kept: Vec<u8>,
    cap: usize,
    total: u64,
    /// Bytes of `kept` already handed out by [`Capture::fresh`].
    handed_out: usize,
}

impl Capture {
    /// Wraps the read end `fd` (set non-blocking here), keeping at most `cap` bytes.
    pub fn new(fd: OwnedFd, cap: u64) -> std::io::Result<Self> {
        set_nonblocking(fd.as_fd())?;
        Ok(Self {
            fd: Some(fd),
            kept: Vec::new(),
            cap: usize::try_from(cap).unwrap_or(usize::MAX),
            total: 0,
            handed_out: 0,
        })
    }

    /// The fd to poll, until end of file was seen.
    pub fn fd(&self) -> Option<BorrowedFd<'_>> {
        self.fd.as_ref().map(|f| f.as_fd())
    }

    /// Reads what is available; closes the fd at end of file.
    pub fn pump(&mut self) {
        let Some(fd) = self.fd.as_ref() else { return };
        let raw = fd.as_raw_fd();
        let mut buf = [0u8; CHUNK];
        loop {
            match nix::unistd::read(raw, &mut buf) {
                Ok(0) => {
                    self.fd = None;
                    return;
                }
                Ok(n) => {
                    self.total += n as u64;
                    let room = self.cap.saturating_sub(self.kept.len());
                    self.kept.extend_from_slice(&buf[..n.min(room)]);
                }
                Err(nix::errno::Errno::EAGAIN) => return,
                Err(nix::errno::Errno::EINTR) => continue,
                Err(_) => {
                    self.fd = None;
                    return;
                }
            }
        }
    }

    /// Whether kept text waits to be handed out by [`Capture::fresh`].
    pub fn has_fresh(&self) -> bool {
        self.handed_out < self.kept.len()
    }

    /// Kept text not handed out yet, up to `max` bytes and ending on a whole
    /// UTF-8 character (an unfinished one waits for its last bytes unless
    /// `all`); `None` when there is none.
    pub fn fresh(&mut self, max: usize, all: bool) -> Option<String> {
        let pending = &self.kept[self.handed_out..];
        let mut take = pending.len().min(max);
        if !all || take < pending.len() {
            if let Err(e) = std::str::from_utf8(&pending[..take]) {
                if e.error_len().is_none() {
                    take = e.valid_up_to();
                }
            }
        }
        if take == 0 {
            return None;
        }
        let text = String::from_utf8_lossy(&pending[..take]).into_owned();
        self.handed_out += take;
        Some(text)
    }

    /// Kept text (lossy UTF-8), total bytes seen, and whether bytes were dropped.
    pub fn finish(self) -> (String, u64, bool) {
        let truncated = self.total > self.kept.len() as u64;
        (
            String::from_utf8_lossy(&self.kept).into_owned(),
            self.total,
            truncated,
        )
    }
}

/// Sets `O_NONBLOCK` on `fd`.
pub fn set_nonblocking(fd: BorrowedFd<'_>) -> std::io::Result<()> {
    // SAFETY: fcntl on a valid, borrowed fd.
    let flags = unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_GETFL) };
    if flags < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: as above.
    if unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_SETFL, flags | libc::O_NONBLOCK) } < 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn keeps_the_cap_and_counts_the_rest() {
        let (r, w) = nix::unistd::pipe().unwrap();
        let mut cap = Capture::new(r, 10).unwrap();
        let mut w = std::fs::File::from(w);
        w.write_all(b"hello world, this is long").unwrap();
        drop(w);
        cap.pump();
        assert!(cap.fd().is_none(), "end of file closes the capture");
        let (text, total, truncated) = cap.finish();
        assert_eq!((text.as_str(), total, truncated), ("hello worl", 25, true));
    }

    #[test]
    fn fresh_text_is_handed_out_once_on_character_boundaries() {
        let (r, w) = nix::unistd::pipe().unwrap();
        let mut cap = Capture::new(r, 100).unwrap();
        let mut w = std::fs::File::from(w);
        // "é" is two bytes: send the first one alone.
        w.write_all(b"caf\xc3").unwrap();
        cap.pump();
        assert_eq!(cap.fresh(1024, false).as_deref(), Some("caf"));
        assert_eq!(cap.fresh(1024, false), None, "the half character waits");
        w.write_all(b"\xa9 ok\n").unwrap();
        cap.pump();
        assert_eq!(cap.fresh(2, false).as_deref(), Some("é"));
        assert_eq!(cap.fresh(1024, false).as_deref(), Some(" ok\n"));
        assert_eq!(cap.fresh(1024, true), None);
        drop(w);
        cap.pump();
        let (text, _, _) = cap.finish();
        assert_eq!(text, "café ok\n", "what was handed out is still kept whole");
    }
}
