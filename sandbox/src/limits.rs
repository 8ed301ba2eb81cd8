//! Resource limits of one sandboxed job.
//!
//! Every limit has a documented name and a safe default (nsjail's habit); the
//! [`LimitsBuilder`] checks each value as it is set so that an invalid
//! combination never reaches the container.

use std::time::Duration;

use serde::{Deserialize, Serialize};

const MIB: u64 = 1024 * 1024;
const GIB: u64 = 1024 * MIB;

/// Default CPU time a job may use, all its processes together: 60 s. The
/// primary run limit: it counts only the time the job computed, so a loaded
/// machine does not stop a job that was merely waiting for a core.
pub const DEFAULT_CPU_TIME: Duration = Duration::from_secs(60);
/// The smallest wall-clock backstop derived from a CPU-time limit: 5 min.
pub const WALL_BACKSTOP_MIN: Duration = Duration::from_secs(5 * 60);
/// The wall-clock backstop derived from a CPU-time limit is at least this
/// many times the CPU-time limit: 10.
pub const WALL_BACKSTOP_FACTOR: u32 = 10;
/// Default wall-clock backstop: [`wall_backstop_for`] the default CPU time
/// (10 min). It stops a job that waits (sleeps, blocks) instead of computing.
pub const DEFAULT_WALL_TIME: Duration = wall_backstop_for(DEFAULT_CPU_TIME);
/// Longest accepted CPU-time or wall-clock limit: 24 h.
pub const MAX_TIME: Duration = Duration::from_secs(24 * 3600);
/// Shortest accepted CPU-time or wall-clock limit: 100 ms.
pub const MIN_TIME: Duration = Duration::from_millis(100);
/// Default memory limit of the container's cgroup: 1 GiB (swap: none).
pub const DEFAULT_MEMORY_BYTES: u64 = GIB;
/// Default maximum number of processes and threads: 128.
pub const DEFAULT_PIDS: u32 = 128;
/// Default CPU quota, in thousandths of a core: 1000 (one core).
pub const DEFAULT_CPU_MILLICORES: u32 = 1000;
/// Default size of the container's writable `/tmp`: 256 MiB.
pub const DEFAULT_TMP_BYTES: u64 = 256 * MIB;
/// Default size of the output directory `/output`: 64 MiB.
pub const DEFAULT_OUTPUT_BYTES: u64 = 64 * MIB;
/// Default maximum number of files and folders in `/output`: 256.
pub const DEFAULT_OUTPUT_FILES: u32 = 256;
/// Default largest file the job may write anywhere (`RLIMIT_FSIZE`): 256 MiB.
pub const DEFAULT_FILE_BYTES: u64 = 256 * MIB;
/// Default maximum number of open file descriptors (`RLIMIT_NOFILE`): 256.
pub const DEFAULT_OPEN_FILES: u32 = 256;
/// Default number of bytes of stdout kept: 1 MiB (the rest is counted, flagged, dropped).
pub const DEFAULT_STDOUT_BYTES: u64 = MIB;
/// Default number of bytes of stderr kept: 1 MiB.
pub const DEFAULT_STDERR_BYTES: u64 = MIB;
/// Default size of the result channel (fd 3): 8 MiB.
pub const DEFAULT_RESULT_BYTES: u64 = 8 * MIB;

/// Errors raised while building [`Limits`].
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LimitError {
    /// A limit was set to zero or below its smallest useful value.
    #[error("limit {name} must be at least {min} (got {value})")]
    TooSmall {
        /// The limit's documented name.
        name: &'static str,
        /// The smallest accepted value.
        min: u64,
        /// The value given.
        value: u64,
    },
    /// A limit was set above what the sandbox accepts.
    #[error("limit {name} must be at most {max} (got {value})")]
    TooLarge {
        /// The limit's documented name.
        name: &'static str,
        /// The largest accepted value.
        max: u64,
        /// The value given.
        value: u64,
    },
}

/// Validated resource limits of one job. Build with [`Limits::builder`] or take
/// [`Limits::default`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// `cpu_time_ms`: the job is stopped once all its processes together
    /// have used this much CPU time (user + system), read from its cgroup by
    /// the helper; `RLIMIT_CPU` of each process is the kernel's backstop
    /// (see `spec::cpu_time_limit_secs`). Records written before this limit
    /// existed had none: they read as 0 and are written back without it
    /// (0 is refused by [`Limits::validate`], so such limits never reach a
    /// container as they are).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cpu_time_ms: u64,
    /// `wall_time_ms`: the backstop on elapsed time: the job is killed after
    /// this many milliseconds, however little CPU it used. By default
    /// [`wall_backstop_for`] the CPU-time limit.
    pub wall_time_ms: u64,
    /// `memory_bytes`: cgroup memory limit; swap is disabled.
    pub memory_bytes: u64,
    /// `pids`: maximum processes and threads in the container.
    pub pids: u32,
    /// `cpu_millicores`: CPU quota in thousandths of a core.
    pub cpu_millicores: u32,
    /// `tmp_bytes`: size of the writable tmpfs at `/tmp`.
    pub tmp_bytes: u64,
    /// `output_bytes`: size of the output directory `/output`.
    pub output_bytes: u64,
    /// `output_files`: number of inodes in the output directory.
    pub output_files: u32,
    /// `file_bytes`: largest file the job may write (`RLIMIT_FSIZE`).
    pub file_bytes: u64,
    /// `open_files`: maximum open file descriptors (`RLIMIT_NOFILE`).
    pub open_files: u32,
    /// `stdout_bytes`: bytes of stdout kept.
    pub stdout_bytes: u64,
    /// `stderr_bytes`: bytes of stderr kept.
    pub stderr_bytes: u64,
    /// `result_bytes`: bytes of the result channel (fd 3) kept.
    #[serde(default = "default_result_bytes")]
    pub result_bytes: u64,
}

fn default_result_bytes() -> u64 {
    DEFAULT_RESULT_BYTES
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// The wall-clock backstop of a CPU-time limit: the larger of
/// [`WALL_BACKSTOP_MIN`] and [`WALL_BACKSTOP_FACTOR`] times `cpu`, at most
/// [`MAX_TIME`].
pub const fn wall_backstop_for(cpu: Duration) -> Duration {
    let scaled = match cpu.checked_mul(WALL_BACKSTOP_FACTOR) {
        Some(d) => d,
        None => MAX_TIME,
    };
    let wall = if scaled.as_millis() > WALL_BACKSTOP_MIN.as_millis() {
        scaled
    } else {
        WALL_BACKSTOP_MIN
    };
    if wall.as_millis() > MAX_TIME.as_millis() {
        MAX_TIME
    } else {
        wall
    }
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            cpu_time_ms: DEFAULT_CPU_TIME.as_millis() as u64,
            wall_time_ms: DEFAULT_WALL_TIME.as_millis() as u64,
            memory_bytes: DEFAULT_MEMORY_BYTES,
            pids: DEFAULT_PIDS,
            cpu_millicores: DEFAULT_CPU_MILLICORES,
            tmp_bytes: DEFAULT_TMP_BYTES,
            output_bytes: DEFAULT_OUTPUT_BYTES,
            output_files: DEFAULT_OUTPUT_FILES,
            file_bytes: DEFAULT_FILE_BYTES,
            open_files: DEFAULT_OPEN_FILES,
            stdout_bytes: DEFAULT_STDOUT_BYTES,
            stderr_bytes: DEFAULT_STDERR_BYTES,
            result_bytes: DEFAULT_RESULT_BYTES,
        }
    }
}

impl Limits {
    /// Starts from the defaults; each `with_*` step validates its value.
    pub fn builder() -> LimitsBuilder {
        LimitsBuilder {
            limits: Limits::default(),
            wall_set: false,
        }
    }

    /// The wall-clock backstop as a [`Duration`].
    pub fn wall_time(&self) -> Duration {
        Duration::from_millis(self.wall_time_ms)
    }

    /// The CPU-time limit as a [`Duration`].
    pub fn cpu_time(&self) -> Duration {
        Duration::from_millis(self.cpu_time_ms)
    }

    /// Checks every field, for limits that arrive deserialized.
    pub fn validate(&self) -> Result<(), LimitError> {
        let b = Limits::builder()
            .with_cpu_time(self.cpu_time())?
            .with_wall_time(self.wall_time())?
            .with_memory_bytes(self.memory_bytes)?
            .with_pids(self.pids)?
            .with_cpu_millicores(self.cpu_millicores)?
            .with_tmp_bytes(self.tmp_bytes)?
            .with_output_bytes(self.output_bytes)?
            .with_output_files(self.output_files)?
            .with_file_bytes(self.file_bytes)?
            .with_open_files(self.open_files)?
            .with_stdout_bytes(self.stdout_bytes)?
            .with_stderr_bytes(self.stderr_bytes)?
            .with_result_bytes(self.result_bytes)?;
        debug_assert_eq!(&b.build(), self);
        Ok(())
    }
}

fn in_range(name: &'static str, value: u64, min: u64, max: u64) -> Result<u64, LimitError> {
    if value < min {
        Err(LimitError::TooSmall { name, min, value })
    } else if value > max {
        Err(LimitError::TooLarge { name, max, value })
    } else {
        Ok(value)
    }
}

/// Builder of [`Limits`]; every step checks its value. The order of the
/// steps does not matter: unless [`LimitsBuilder::with_wall_time`] sets it,
/// the wall-clock backstop is [`wall_backstop_for`] the CPU-time limit.
#[derive(Debug, Clone)]
pub struct LimitsBuilder {
    limits: Limits,
    /// The wall-clock backstop was given, not derived.
    wall_set: bool,
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl LimitsBuilder {
    /// `cpu_time_ms`: 100 ms to 24 h, the primary run limit.
    pub fn with_cpu_time(mut self, cpu: Duration) -> Result<Self, LimitError> {
        self.limits.cpu_time_ms = in_range(
            "cpu_time_ms",
            millis(cpu),
            millis(MIN_TIME),
            millis(MAX_TIME),
        )?;
        Ok(self)
    }
    /// `wall_time_ms`: 100 ms to 24 h, the backstop on elapsed time (by
    /// default derived from the CPU-time limit).
    pub fn with_wall_time(mut self, wall: Duration) -> Result<Self, LimitError> {
        self.limits.wall_time_ms = in_range(
            "wall_time_ms",
            millis(wall),
            millis(MIN_TIME),
            millis(MAX_TIME),
        )?;
        self.wall_set = true;
        Ok(self)
    }
    /// `memory_bytes`: 32 MiB to 1 TiB.
    pub fn with_memory_bytes(mut self, bytes: u64) -> Result<Self, LimitError> {
        self.limits.memory_bytes = in_range("memory_bytes", bytes, 32 * MIB, 1024 * GIB)?;
        Ok(self)
    }
    /// `pids`: 8 to 65536 (CPython and its BLAS threads need a few).
    pub fn with_pids(mut self, pids: u32) -> Result<Self, LimitError> {
        self.limits.pids = in_range("pids", pids.into(), 8, 65536)? as u32;
        Ok(self)
    }
    /// `cpu_millicores`: 10 (1% of a core) to 1024 cores.
    pub fn with_cpu_millicores(mut self, millicores: u32) -> Result<Self, LimitError> {
        self.limits.cpu_millicores =
            in_range("cpu_millicores", millicores.into(), 10, 1024 * 1000)? as u32;
        Ok(self)
    }
    /// `tmp_bytes`: 1 MiB to 64 GiB.
    pub fn with_tmp_bytes(mut self, bytes: u64) -> Result<Self, LimitError> {
        self.limits.tmp_bytes = in_range("tmp_bytes", bytes, MIB, 64 * GIB)?;
        Ok(self)
    }
    /// `output_bytes`: 1 MiB to 16 GiB.
    pub fn with_output_bytes(mut self, bytes: u64) -> Result<Self, LimitError> {
        self.limits.output_bytes = in_range("output_bytes", bytes, MIB, 16 * GIB)?;
        Ok(self)
    }
    /// `output_files`: 4 to 100000.
    pub fn with_output_files(mut self, files: u32) -> Result<Self, LimitError> {
        self.limits.output_files = in_range("output_files", files.into(), 4, 100_000)? as u32;
        Ok(self)
    }
    /// `file_bytes`: 1 MiB to 64 GiB.
    pub fn with_file_bytes(mut self, bytes: u64) -> Result<Self, LimitError> {
        self.limits.file_bytes = in_range("file_bytes", bytes, MIB, 64 * GIB)?;
        Ok(self)
    }
    /// `open_files`: 16 to 65536.
    pub fn with_open_files(mut self, files: u32) -> Result<Self, LimitError> {
        self.limits.open_files = in_range("open_files", files.into(), 16, 65536)? as u32;
        Ok(self)
    }
    /// `stdout_bytes`: 1 KiB to 256 MiB.
    pub fn with_stdout_bytes(mut self, bytes: u64) -> Result<Self, LimitError> {
        self.limits.stdout_bytes = in_range("stdout_bytes", bytes, 1024, 256 * MIB)?;
        Ok(self)
    }
    /// `stderr_bytes`: 1 KiB to 256 MiB.
    pub fn with_stderr_bytes(mut self, bytes: u64) -> Result<Self, LimitError> {
        self.limits.stderr_bytes = in_range("stderr_bytes", bytes, 1024, 256 * MIB)?;
        Ok(self)
    }
    /// `result_bytes`: 1 KiB to 256 MiB.
    pub fn with_result_bytes(mut self, bytes: u64) -> Result<Self, LimitError> {
        self.limits.result_bytes = in_range("result_bytes", bytes, 1024, 256 * MIB)?;
        Ok(self)
    }
    /// The validated limits.
    pub fn build(mut self) -> Limits {
        if !self.wall_set {
            self.limits.wall_time_ms = millis(wall_backstop_for(self.limits.cpu_time()));
        }
        self.limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_valid() {
        assert_eq!(Limits::default().validate(), Ok(()));
    }

    #[test]
    fn builder_rejects_zero_memory_and_names_the_limit() {
        let err = Limits::builder().with_memory_bytes(0).unwrap_err();
        assert_eq!(
            err.to_string(),
            "limit memory_bytes must be at least 33554432 (got 0)"
        );
    }

    #[test]
    fn builder_rejects_huge_pids() {
        let err = Limits::builder().with_pids(1_000_000).unwrap_err();
        assert!(matches!(err, LimitError::TooLarge { name: "pids", .. }));
    }

    #[test]
    fn the_wall_backstop_follows_the_cpu_limit_unless_given() {
        assert_eq!(DEFAULT_WALL_TIME, Duration::from_secs(600));
        assert_eq!(Limits::default().wall_time(), Duration::from_secs(600));
        // Short CPU limits get the 5 min floor, long ones ten times theirs.
        let short = Limits::builder()
            .with_cpu_time(Duration::from_secs(2))
            .unwrap()
            .build();
        assert_eq!(short.wall_time(), Duration::from_secs(300));
        let long = Limits::builder()
            .with_cpu_time(Duration::from_secs(120))
            .unwrap()
            .build();
        assert_eq!(long.wall_time(), Duration::from_secs(1200));
        assert_eq!(
            wall_backstop_for(Duration::from_secs(20 * 3600)),
            Duration::from_secs(24 * 3600)
        );
        // A backstop given explicitly stays, whichever step comes first.
        for limits in [
            Limits::builder()
                .with_wall_time(Duration::from_secs(3))
                .unwrap()
                .with_cpu_time(Duration::from_secs(40))
                .unwrap()
                .build(),
            Limits::builder()
                .with_cpu_time(Duration::from_secs(40))
                .unwrap()
                .with_wall_time(Duration::from_secs(3))
                .unwrap()
                .build(),
        ] {
            assert_eq!((limits.cpu_time_ms, limits.wall_time_ms), (40_000, 3_000));
            assert_eq!(limits.validate(), Ok(()));
        }
    }

    #[test]
    fn limits_recorded_before_the_cpu_limit_read_as_having_none() {
        let mut old = serde_json::to_value(Limits::default()).unwrap();
        old.as_object_mut().unwrap().remove("cpu_time_ms");
        old["wall_time_ms"] = serde_json::json!(60_000);
        let limits: Limits = serde_json::from_value(old.clone()).unwrap();
        assert_eq!((limits.cpu_time_ms, limits.wall_time_ms), (0, 60_000));
        // Written back as they were read (signed manifests hold them).
        assert_eq!(serde_json::to_value(&limits).unwrap(), old);
        assert!(matches!(
            limits.validate(),
            Err(LimitError::TooSmall {
                name: "cpu_time_ms",
                ..
            })
        ));
        assert_eq!(
            serde_json::to_value(Limits::default()).unwrap()["cpu_time_ms"],
            60_000
        );
    }

    #[test]
    fn deserialized_limits_are_checked() {
        let limits = Limits {
            wall_time_ms: 5,
            ..Limits::default()
        };
        assert!(matches!(
            limits.validate(),
            Err(LimitError::TooSmall {
                name: "wall_time_ms",
                ..
            })
        ));
    }
}
