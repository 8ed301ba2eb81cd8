//! The commands the front end calls (`ui/src/ipc/index.ts` lists them with
//! their argument and answer types). Each is thin: it checks what it is
//! given, calls the engine off the UI thread, and turns errors into
//! `{code, message}`. One file per domain: `files`, `code`, `run`,
//! `history`, `report`, `settings`, `system`; here the bounds and checks they share.

pub mod code;
pub mod files;
pub mod history;
pub mod report;
pub mod run;
pub mod settings;
pub mod system;

use std::path::PathBuf;

use glovebox_engine::provider::ModelSettings;
use glovebox_sandbox::Limits;

use crate::error::{ErrorCode, IpcError};
use crate::settings::{Provider, Settings};
use crate::state::AppState;

/// Longest goal accepted, in characters.
pub const MAX_GOAL_CHARS: usize = 2_000;
/// Longest code accepted from the editor: 1 MiB.
pub const MAX_CODE_BYTES: usize = 1024 * 1024;
/// Most files in one question.
pub const MAX_FILES: usize = 16;
/// Keys shorter than this get no hint of their last characters.
pub const MIN_KEY_CHARS_FOR_HINT: usize = 12;

pub(crate) type Answer<T> = Result<T, IpcError>;

pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Answer<T> + Send + 'static,
) -> Answer<T> {
    tauri::async_runtime::spawn_blocking(f)
        .await
        .map_err(|e| IpcError::internal("a background task failed", e))?
}

pub(crate) fn check_goal(goal: &str) -> Answer<()> {
    if goal.trim().is_empty() {
        return Err(IpcError::new(
            ErrorCode::Goal,
            "write what you want to know first",
        ));
    }
    if goal.chars().count() > MAX_GOAL_CHARS {
        return Err(IpcError::new(
            ErrorCode::Goal,
            format!("the question is too long (more than {MAX_GOAL_CHARS} characters)"),
        ));
    }
    Ok(())
}

pub(crate) fn check_files(files: &[String]) -> Answer<Vec<PathBuf>> {
    if files.is_empty() {
        return Err(IpcError::new(ErrorCode::Input, "add a CSV file first"));
    }
    if files.len() > MAX_FILES {
        return Err(IpcError::new(
            ErrorCode::Input,
            format!("too many files at once (at most {MAX_FILES})"),
        ));
    }
    Ok(files.iter().map(PathBuf::from).collect())
}

/// A question checked: its files, the limits, and the model settings of
/// `provider` (from the saved settings).
pub(crate) fn question(
    state: &AppState,
    goal: &str,
    files: &[String],
    provider: Provider,
) -> Answer<(Vec<PathBuf>, Limits, Option<ModelSettings>)> {
    check_goal(goal)?;
    let paths = check_files(files)?;
    let settings = Settings {
        provider,
        ..state.settings()
    };
    Ok((paths, settings.limits()?, settings.model_settings()?))
}

#[cfg(test)]
mod tests {
    use super::code::{check, plan_text};
    use super::*;
    use glovebox_engine::policy;

    #[test]
    fn plan_text_is_the_leading_comment_block() {
        let code = "# Goal: total revenue per region\n# Written by the offline recipes\n\nimport pandas as pd\n# not this\n";
        assert_eq!(
            plan_text(code),
            "Goal: total revenue per region\nWritten by the offline recipes"
        );
        assert_eq!(plan_text("import pandas"), "");
    }

    #[test]
    fn empty_goals_files_and_too_many_files_are_refused_in_plain_words() {
        assert_eq!(check_goal("  ").expect_err("empty").code, ErrorCode::Goal);
        assert_eq!(
            check_goal(&"x".repeat(MAX_GOAL_CHARS + 1))
                .expect_err("long")
                .code,
            ErrorCode::Goal
        );
        assert_eq!(
            check_files(&[]).expect_err("none").message,
            "add a CSV file first"
        );
        let many = vec!["a.csv".to_owned(); MAX_FILES + 1];
        assert_eq!(check_files(&many).expect_err("many").code, ErrorCode::Input);
    }

    #[test]
    fn check_code_denies_hostile_code_with_a_plain_message() {
        let report = check("import socket\nsocket.socket()\n", "en").expect("checked");
        assert_eq!(report.verdict, policy::Verdict::Deny);
        assert!(report.findings.iter().any(|f| f.line == 1));
        let big = "x = 1\n".repeat(MAX_CODE_BYTES / 6 + 1);
        assert_eq!(
            check(&big, "en").expect_err("too long").code,
            ErrorCode::Input
        );
    }
}
