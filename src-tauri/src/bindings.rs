//! The TypeScript declarations of every payload that crosses between the
//! shell and the front end, generated from the Rust types with ts-rs into
//! `ui/src/ipc/bindings.ts`. The test below fails when that file is stale;
//! `GLOVEBOX_BLESS=1 cargo test -p glovebox-app bindings` rewrites it.

use glovebox_engine::audit::event::{Answer, AnswerItem, Assumption, Interpretation, StopKind};
use glovebox_engine::inputs::{Column, ColumnKind, InputDescription, InputFormat, SheetInfo};
use glovebox_engine::lang::Lang;
use glovebox_engine::policy::{Finding, PolicyReport, Verdict};
use glovebox_engine::run_report::WrittenFile;
use glovebox_engine::run_report::{
    AttemptReport, AuditRef, DrawnChart, PolicySummary, RunReport, SandboxReport, Status,
};
use glovebox_engine::validate::{RawChart, RawTable};
use ts_rs::{Config, TS};

use crate::error::{ErrorCode, IpcError};
use crate::settings::{Provider, Settings, Theme, UiLanguage};
use crate::types::{
    AuditCheck, DoctorReport, ExportedReport, GeneratedCode, ListRunsQuery, RunFailed, RunFinished,
    RunOutput, RunProgress, RunSummary, StartRunRequest,
};

use crate::types::{DescribeProgress, GenerationProgress};

/// Where the declarations go, from the workspace root.
pub const BINDINGS_PATH: &str = "ui/src/ipc/bindings.ts";

/// The whole file.
pub fn typescript() -> String {
    let cfg = Config::new().with_large_int("number");
    let decls = [
        Verdict::decl(&cfg),
        Finding::decl(&cfg),
        PolicyReport::decl(&cfg),
        ColumnKind::decl(&cfg),
        Column::decl(&cfg),
        InputFormat::decl(&cfg),
        SheetInfo::decl(&cfg),
        InputDescription::decl(&cfg),
        RawTable::decl(&cfg),
        RawChart::decl(&cfg),
        DrawnChart::decl(&cfg),
        AttemptReport::decl(&cfg),
        glovebox_engine::pipeline::memory::MemoryFrom::decl(&cfg),
        SandboxReport::decl(&cfg),
        Status::decl(&cfg),
        StopKind::decl(&cfg),
        glovebox_engine::pipeline::Stage::decl(&cfg),
        AnswerItem::decl(&cfg),
        Answer::decl(&cfg),
        Assumption::decl(&cfg),
        Interpretation::decl(&cfg),
        glovebox_engine::audit::event::FollowUp::decl(&cfg),
        PolicySummary::decl(&cfg),
        AuditRef::decl(&cfg),
        Lang::decl(&cfg),
        RunReport::decl(&cfg),
        Provider::decl(&cfg),
        Theme::decl(&cfg),
        UiLanguage::decl(&cfg),
        Settings::decl(&cfg),
        GeneratedCode::decl(&cfg),
        StartRunRequest::decl(&cfg),
        RunProgress::decl(&cfg),
        RunOutput::decl(&cfg),
        RunFinished::decl(&cfg),
        RunFailed::decl(&cfg),
        RunSummary::decl(&cfg),
        ListRunsQuery::decl(&cfg),
        AuditCheck::decl(&cfg),
        DoctorReport::decl(&cfg),
        ExportedReport::decl(&cfg),
        ErrorCode::decl(&cfg),
        IpcError::decl(&cfg),
        glovebox_engine::provider::ServerKind::decl(&cfg),
        glovebox_engine::provider::LocalServer::decl(&cfg),
        glovebox_engine::provider::Connection::decl(&cfg),
        crate::types::ConnectionReport::decl(&cfg),
        GenerationProgress::decl(&cfg),
        DescribeProgress::decl(&cfg),
        WrittenFile::decl(&cfg),
    ];
    let mut out = String::from(
        "// Generated from the Rust types by src-tauri/src/bindings.rs (ts-rs). Do not edit:\n\
         // run `GLOVEBOX_BLESS=1 cargo test -p glovebox-app bindings` after changing them.\n\n",
    );
    for decl in decls {
        out.push_str("export ");
        out.push_str(&decl);
        out.push_str("\n\n");
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bindings_ts_matches_the_rust_types() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join(BINDINGS_PATH);
        let fresh = typescript();
        if std::env::var_os("GLOVEBOX_BLESS").is_some() {
            std::fs::write(&path, &fresh).expect("write the bindings");
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == fresh,
            "{BINDINGS_PATH} is stale: run `GLOVEBOX_BLESS=1 cargo test -p glovebox-app bindings` and commit it"
        );
    }
}
