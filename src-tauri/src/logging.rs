//! `tracing` to a daily-rotating log file in the app's data folder (the last
//! [`KEPT_LOG_FILES`] days are kept), and to stderr.

use std::path::Path;

use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{fmt, EnvFilter, Layer};

/// Daily log files kept.
pub const KEPT_LOG_FILES: usize = 7;

/// Starts logging; keep the guard alive until the end (it flushes the file).
/// `GLOVEBOX_LOG` sets the filter (default `info`).
pub fn init(dir: &Path) -> Option<tracing_appender::non_blocking::WorkerGuard> {
    let file = std::fs::create_dir_all(dir).ok().and_then(|()| {
        tracing_appender::rolling::Builder::new()
            .rotation(tracing_appender::rolling::Rotation::DAILY)
            .filename_prefix("glovebox-app")
            .filename_suffix("log")
            .max_log_files(KEPT_LOG_FILES)
            .build(dir)
            .ok()
    });
    match file {
        Some(appender) => {
            let (writer, guard) = tracing_appender::non_blocking(appender);
            let to_file = fmt::layer()
                .with_writer(writer)
                .with_ansi(false)
                .with_filter(filter());
            let _ = tracing_subscriber::registry()
                .with(to_file)
                .with(stderr_layer())
                .try_init();
            Some(guard)
        }
        None => {
            let _ = tracing_subscriber::registry()
                .with(stderr_layer())
                .try_init();
            None
        }
    }
}

fn filter() -> EnvFilter {
    EnvFilter::try_from_env("GLOVEBOX_LOG").unwrap_or_else(|_| EnvFilter::new("info"))
}

fn stderr_layer<S>() -> impl Layer<S>
where
    S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
{
    fmt::layer()
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .with_filter(filter())
}
