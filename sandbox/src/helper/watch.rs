//! The poll loop that watches the running job: the init's pidfd, the
//! stdout/stderr pipes, the result channel, the seccomp notify fd and the
//! helper's stdin (cancel), with the CPU-time limit (the cgroup's CPU time,
//! read every [`CPU_CHECK_INTERVAL`]), the wall-clock backstop and the live
//! output sent to the caller. Apart because it is the one part that runs while the job
//! does, and needs nothing of the container but these fds.

use std::os::fd::{AsFd, AsRawFd, OwnedFd};
use std::time::{Duration, Instant};

use crate::capture::Capture;
use crate::cgroup_stats::CgroupFiles;
use crate::outcome::NetworkAttempt;
use crate::protocol::{OutputStream, Reply, LIVE_OUTPUT_BYTES, LIVE_OUTPUT_INTERVAL_MS};

use super::outputs::open_output_of;
use super::reads::ReadWatch;
use super::send;

/// Network attempts kept in the outcome; the rest are only counted.
const MAX_RECORDED_ATTEMPTS: usize = 256;
/// After the job ends, how long pipes may stay open (a writer outside the pid namespace).
const DRAIN_GRACE: Duration = Duration::from_secs(2);
/// How often the helper reads the job's CPU time from its cgroup: 100 ms
/// (a job with N cores overshoots its CPU-time limit by at most about N
/// times this, plus the helper's own scheduling delay).
pub(super) const CPU_CHECK_INTERVAL: Duration = Duration::from_millis(100);

/// How the job ended.
#[derive(Debug, Default)]
pub(super) struct End {
    pub(super) exit_code: Option<i32>,
    pub(super) signal: Option<i32>,
    pub(super) timed_out: bool,
    /// The helper stopped the job at its CPU-time limit.
    pub(super) cpu_limited: bool,
    pub(super) cancelled: bool,
}

/// The CPU-time limit as the helper enforces it: the job's cgroup and the
/// most CPU time all its processes together may use.
pub(super) struct CpuBudget {
    pub(super) cgroup: CgroupFiles,
    pub(super) limit_ns: u64,
}

/// The poll loop's state.
pub(super) struct Watch {
    pub(super) stdout: Capture,
    pub(super) stderr: Capture,
    pub(super) result: Capture,
    pub(super) notify_fd: Option<OwnedFd>,
    pub(super) pidfd: OwnedFd,
    pub(super) started: Instant,
    pub(super) attempts: Vec<NetworkAttempt>,
    pub(super) attempts_total: u64,
    pub(super) stdin_open: bool,
    /// A `cancel` that arrived together with the code.
    pub(super) cancel_pending: bool,
    /// Rootless: the container's `/output`, once opened (see `open_output_of`).
    pub(super) output_pin: Option<OwnedFd>,
    /// Rootless: `/output` is still to be opened at the job's start.
    pub(super) pin_wanted: bool,
    /// When output was last sent to the caller, and how much of each stream.
    pub(super) live_sent_at: Instant,
    pub(super) live_sent: [usize; 2],
    /// The fanotify watch over the inputs (root modes).
    pub(super) reads: Option<ReadWatch>,
    /// The CPU-time limit (none when the cgroup's files are unknown: the
    /// kernel's `RLIMIT_CPU` per process still applies).
    pub(super) cpu: Option<CpuBudget>,
}

impl Watch {
    pub(super) fn until_exit(&mut self, pid: nix::unistd::Pid, deadline: Instant) -> End {
        let mut end = End::default();
        let mut killed = false;
        let mut cpu_checked_at: Option<Instant> = None;
        loop {
            let now = Instant::now();
            if self.cancel_pending && !killed {
                end.cancelled = true;
                kill(pid);
                killed = true;
            }
            if !killed && cpu_checked_at.is_none_or(|t| now - t >= CPU_CHECK_INTERVAL) {
                cpu_checked_at = Some(now);
                if let Some(budget) = &self.cpu {
                    if budget.cgroup.cpu_ns() >= budget.limit_ns {
                        end.cpu_limited = true;
                        kill(pid);
                        killed = true;
                    }
                }
            }
            if !killed && now >= deadline {
                end.timed_out = true;
                kill(pid);
                killed = true;
            }
            let mut timeout = if killed {
                100
            } else {
                let mut wait = deadline
                    .saturating_duration_since(now)
                    .min(Duration::from_secs(1));
                if self.cpu.is_some() {
                    wait = wait.min(CPU_CHECK_INTERVAL);
                }
                wait.as_millis() as i32 + 1
            };
            // Printed text waiting for its turn goes out within the interval.
            if self.stdout.has_fresh() || self.stderr.has_fresh() {
                timeout = timeout.min(LIVE_OUTPUT_INTERVAL_MS as i32);
            }
            let mut fds = vec![libc::pollfd {
                fd: self.pidfd.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            }];
            let slots = [
                self.stdout.fd().map(|f| f.as_raw_fd()),
                self.stderr.fd().map(|f| f.as_raw_fd()),
                self.result.fd().map(|f| f.as_raw_fd()),
                self.notify_fd.as_ref().map(|f| f.as_raw_fd()),
                self.stdin_open.then_some(0),
                self.reads.as_ref().map(|r| r.fd().as_raw_fd()),
            ];
            for fd in slots.iter().flatten() {
                fds.push(libc::pollfd {
                    fd: *fd,
                    events: libc::POLLIN,
                    revents: 0,
                });
            }
            // SAFETY: `fds` is a valid array of pollfd for its length.
            let rc = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, timeout) };
            if rc < 0 {
                continue;
            }
            let ready = |raw: i32| fds.iter().any(|p| p.fd == raw && p.revents != 0);
            if ready(self.stdout.fd().map_or(-1, |f| f.as_raw_fd())) {
                self.stdout.pump();
            }
            if ready(self.stderr.fd().map_or(-1, |f| f.as_raw_fd())) {
                self.stderr.pump();
            }
            if ready(self.result.fd().map_or(-1, |f| f.as_raw_fd())) {
                self.result.pump();
            }
            if let Some(reads) = self.reads.as_mut() {
                if ready(reads.fd().as_raw_fd()) {
                    reads.pump();
                }
            }
            self.send_output(false);
            if let Some(nfd) = self.notify_fd.as_ref() {
                let raw = nfd.as_raw_fd();
                let revents = fds.iter().find(|p| p.fd == raw).map_or(0, |p| p.revents);
                if revents & libc::POLLIN != 0 {
                    let at_ms = self.started.elapsed().as_millis() as u64;
                    let (pin_wanted, pin) = (self.pin_wanted, &mut self.output_pin);
                    let mut on_start = |pid: u32| {
                        if pin_wanted && pin.is_none() {
                            match open_output_of(pid) {
                                Ok(fd) => *pin = Some(fd),
                                Err(e) => {
                                    tracing::warn!(pid, error = %e, "cannot open the job's /output")
                                }
                            }
                        }
                    };
                    match crate::seccomp::answer_one(nfd.as_fd(), at_ms, &mut on_start) {
                        Ok(Some(crate::seccomp::Notification::Started(_))) => {}
                        Ok(Some(crate::seccomp::Notification::Network(attempt))) => {
                            tracing::info!(family = %attempt.family, "network attempt denied");
                            self.attempts_total += 1;
                            if self.attempts.len() < MAX_RECORDED_ATTEMPTS {
                                self.attempts.push(attempt);
                            }
                        }
                        Ok(None) => {}
                        Err(e) => tracing::warn!(error = %e, "seccomp listener"),
                    }
                } else if revents & (libc::POLLHUP | libc::POLLERR) != 0 {
                    self.notify_fd = None;
                }
            }
            if self.stdin_open && ready(0) && stdin_closed_or_cancel() {
                self.stdin_open = false;
                if !killed {
                    end.cancelled = true;
                    kill(pid);
                    killed = true;
                }
            }
            if ready(self.pidfd.as_raw_fd()) {
                match nix::sys::wait::waitpid(pid, Some(nix::sys::wait::WaitPidFlag::WNOHANG)) {
                    Ok(nix::sys::wait::WaitStatus::Exited(_, code)) => {
                        end.exit_code = Some(code);
                        return end;
                    }
                    Ok(nix::sys::wait::WaitStatus::Signaled(_, sig, _)) => {
                        end.signal = Some(sig as i32);
                        return end;
                    }
                    Ok(_) => {}
                    Err(_) => return end,
                }
            }
        }
    }

    /// Sends what the job printed since last time to the caller, at most
    /// every [`LIVE_OUTPUT_INTERVAL_MS`] (`last`: now, whatever the time)
    /// and [`LIVE_OUTPUT_BYTES`] per stream in all. The write blocks if the
    /// caller stops reading (the client reads while it awaits the outcome);
    /// the cap bounds what can be waiting in the pipe.
    pub(super) fn send_output(&mut self, last: bool) {
        if !last && self.live_sent_at.elapsed() < Duration::from_millis(LIVE_OUTPUT_INTERVAL_MS) {
            return;
        }
        self.live_sent_at = Instant::now();
        let mut out = std::io::stdout().lock();
        for (i, stream) in [OutputStream::Stdout, OutputStream::Stderr]
            .into_iter()
            .enumerate()
        {
            let room = LIVE_OUTPUT_BYTES.saturating_sub(self.live_sent[i]);
            let capture = match stream {
                OutputStream::Stdout => &mut self.stdout,
                OutputStream::Stderr => &mut self.stderr,
            };
            if let Some(text) = capture.fresh(room, last) {
                self.live_sent[i] += text.len();
                send(&mut out, &Reply::Output { stream, text });
            }
        }
    }

    /// Reads what is left in the pipes once the job is gone.
    pub(super) fn drain(&mut self) {
        let until = Instant::now() + DRAIN_GRACE;
        let open = |w: &Self| {
            w.stdout.fd().is_some() || w.stderr.fd().is_some() || w.result.fd().is_some()
        };
        while open(self) && Instant::now() < until {
            self.stdout.pump();
            self.stderr.pump();
            self.result.pump();
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

fn kill(pid: nix::unistd::Pid) {
    // SIGKILL of the init ends the whole pid namespace.
    let _ = nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGKILL);
}

/// Reads stdin after poll said it is readable: end of file or a `cancel` line.
fn stdin_closed_or_cancel() -> bool {
    let mut buf = [0u8; 256];
    match nix::unistd::read(0, &mut buf) {
        Ok(0) => true,
        Ok(n) => String::from_utf8_lossy(&buf[..n]).contains("cancel"),
        Err(nix::errno::Errno::EAGAIN) | Err(nix::errno::Errno::EINTR) => false,
        Err(_) => true,
    }
}
