//! Follow-ups in a run (`glovebox run --follow RUN`, the app's "Ask a
//! follow-up"): the run followed is read back from the audit log — its goal
//! and the goals it itself built on (`run_started.follows`), and its inputs'
//! hashes. The new run records which run it follows (a typed
//! [`FollowUp`] in `run_started`) and runs on the same inputs: a file whose
//! bytes changed since is said and the run stops, never answered on other
//! data. The plan is the followed goals planned again, deterministically,
//! then refined (`generator::plan::follow`): no plan is stored.

use std::path::PathBuf;

use crate::audit::event::{Event, FollowUp};
use crate::audit::{AuditError, AuditStore};
use crate::inputs::InputDescription;
use crate::lang::Lang;

use super::{Engine, EngineError, Halt, RunCtx, Stop};

/// The run `run_id` as a follow-up records it: its id and the chain of
/// goals (its own last); no goals when the log has no such run.
pub fn follow_up(store: &AuditStore, run_id: &str) -> Result<FollowUp, AuditError> {
    let goals = store
        .events(run_id)?
        .into_iter()
        .find_map(|r| match r.event {
            Event::RunStarted(started) => {
                let mut goals = started.follows.map(|f| f.goals).unwrap_or_default();
                goals.push(started.goal);
                Some(goals)
            }
            _ => None,
        })
        .unwrap_or_default();
    Ok(FollowUp {
        run_id: run_id.to_owned(),
        goals,
    })
}

/// The files run `run_id` was given, as given (a follow-up that names no
/// file reads these); `None` when the log has no such run.
pub fn files_of(store: &AuditStore, run_id: &str) -> Result<Option<Vec<PathBuf>>, AuditError> {
    Ok(store
        .events(run_id)?
        .into_iter()
        .find_map(|r| match r.event {
            Event::RunStarted(started) => Some(started.files),
            _ => None,
        }))
}

/// The inputs of run `run_id`, as described when it ran.
fn inputs_of(store: &AuditStore, run_id: &str) -> Result<Vec<InputDescription>, AuditError> {
    Ok(store
        .events(run_id)?
        .into_iter()
        .filter_map(|r| match r.event {
            Event::Input(description) => Some(description),
            _ => None,
        })
        .collect())
}

/// The goals the run builds on (empty for a new question).
pub(super) fn goals(ctx: &RunCtx) -> Vec<String> {
    ctx.report
        .follows
        .as_ref()
        .map(|f| f.goals.clone())
        .unwrap_or_default()
}

/// The inputs whose bytes differ from the followed run's, or that it did
/// not read, or that it read and are missing now: names, in order.
pub fn changed_inputs(before: &[InputDescription], now: &[InputDescription]) -> Vec<String> {
    let mut changed: Vec<String> = now
        .iter()
        .filter(|n| {
            !before
                .iter()
                .any(|b| b.name == n.name && b.sha256 == n.sha256)
        })
        .map(|n| n.name.clone())
        .collect();
    changed.extend(
        before
            .iter()
            .filter(|b| !now.iter().any(|n| n.name == b.name))
            .map(|b| b.name.clone()),
    );
    changed
}

/// Why a follow-up stops before its plan: the run followed is unknown, or
/// its inputs are not the same.
fn stop_reason(lang: Lang, run_id: &str, changed: &[String]) -> String {
    if changed.is_empty() {
        return lang.pick(
            format!("there is no run {run_id} in the audit log to follow up; see glovebox history"),
            format!("il n'y a pas d'exécution {run_id} dans le journal d'audit à poursuivre ; voir glovebox history"),
            format!("no hay ninguna ejecución {run_id} en el registro de auditoría que continuar; vea glovebox history"),
        );
    }
    let files = changed.join(", ");
    lang.pick(
        format!("the follow-up of {run_id} must read the same files, and {files} changed since (or was not one of them): nothing was computed on other data. Ask the whole question again on these files"),
        format!("la question de suite de {run_id} doit lire les mêmes fichiers, et {files} a changé depuis (ou n'en faisait pas partie) : rien n'a été calculé sur d'autres données. Posez de nouveau la question entière sur ces fichiers"),
        format!("la pregunta de seguimiento de {run_id} debe leer los mismos archivos, y {files} cambió desde entonces (o no era uno de ellos): no se calculó nada con otros datos. Haga de nuevo la pregunta entera sobre estos archivos"),
    )
}

impl Engine {
    /// For a follow-up: the run followed exists and its inputs are the
    /// ones just described, byte for byte; else the run stops, saying so.
    pub(super) fn check_follow(&mut self, ctx: &mut RunCtx) -> Result<(), Halt> {
        let Some(follows) = ctx.report.follows.clone() else {
            return Ok(());
        };
        let lang = ctx.lang();
        if follows.goals.is_empty() {
            return Err(Stop::input(stop_reason(lang, &follows.run_id, &[])).into());
        }
        let before = inputs_of(&self.store, &follows.run_id).map_err(EngineError::from)?;
        let changed = changed_inputs(&before, &ctx.report.inputs);
        if changed.is_empty() {
            Ok(())
        } else {
            Err(Stop::input(stop_reason(lang, &follows.run_id, &changed)).into())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(name: &str, sha: &str) -> InputDescription {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/golden/data/shop.csv");
        let mut d = crate::inputs::describe(&path, u64::MAX).expect("describe");
        d.name = name.into();
        d.sha256 = sha.into();
        d
    }

    #[test]
    fn a_changed_missing_or_new_file_is_named() {
        let before = [input("a.csv", "1"), input("b.csv", "2")];
        assert!(changed_inputs(&before, &before).is_empty());
        let now = [input("a.csv", "9"), input("c.csv", "3")];
        assert_eq!(changed_inputs(&before, &now), ["a.csv", "c.csv", "b.csv"]);
    }

    #[test]
    fn run_started_without_a_follow_up_is_written_and_read_as_before() {
        use crate::audit::event::RunStarted;
        let old = serde_json::json!({"goal": "total", "files": ["/d/shop.csv"], "provider": "offline", "model": null, "lang": "en", "pid": 7, "pid_start": null, "limits": glovebox_sandbox::Limits::default(), "rerun_of": null});
        let Event::RunStarted(read) =
            Event::from_entry("run_started", &old).expect("an old entry reads")
        else {
            panic!("not run_started");
        };
        assert_eq!(read.follows, None);
        // Written again, its body is the same: the hash chain is unchanged.
        let (_, body) = Event::RunStarted(read.clone()).to_entry().expect("entry");
        assert_eq!(body, old);
        let follows = FollowUp {
            run_id: "run-1".into(),
            goals: vec!["total revenue in 2024".into()],
        };
        let linked = RunStarted {
            follows: Some(follows.clone()),
            ..read
        };
        let (_, body) = Event::RunStarted(linked).to_entry().expect("entry");
        assert_eq!(body["follows"]["run_id"], "run-1");
        let Event::RunStarted(back) = Event::from_entry("run_started", &body).expect("reads")
        else {
            panic!("not run_started");
        };
        assert_eq!(back.follows, Some(follows));
    }

    #[test]
    fn the_stop_says_the_run_and_the_files_in_the_goals_language() {
        let said = stop_reason(Lang::Fr, "run-1", &["a.csv".into()]);
        assert!(said.contains("run-1") && said.contains("a.csv") && said.contains("changé"));
        assert!(stop_reason(Lang::En, "run-2", &[]).contains("no run run-2"));
    }
}
