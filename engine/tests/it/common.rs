//! Helpers shared by the suites: paths, running the CLI, leftover checks.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The `glovebox` binary under test.
pub const GLOVEBOX: &str = env!("CARGO_BIN_EXE_glovebox");

/// The repository root.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
        .to_owned()
}

/// The sandbox helper, built beside `glovebox` by the workspace build.
pub fn helper() -> PathBuf {
    let path = Path::new(GLOVEBOX).with_file_name("glovebox-sandbox");
    assert!(
        path.is_file(),
        "build the workspace binaries first (make build): {} is missing",
        path.display()
    );
    path
}

/// The `.py` files of a corpus folder under `tests/`, sorted.
pub fn python_files(corpus: &str) -> Vec<PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(repo().join("tests").join(corpus))
        .expect("corpus")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "py"))
        .collect();
    files.sort();
    files
}

/// A scratch folder with its own audit database and sandbox run folder.
pub struct Scratch {
    pub dir: tempfile::TempDir,
}

impl Drop for Scratch {
    /// A failed test may leave containers: sweep them before the folder goes.
    fn drop(&mut self) {
        for run in ["run", "direct"] {
            let _ = Command::new(helper())
                .args(["sweep", "--run-dir"])
                .arg(self.dir.path().join(run))
                .stderr(std::process::Stdio::null())
                .status();
        }
    }
}

impl Scratch {
    pub fn new() -> Self {
        Self {
            dir: tempfile::Builder::new()
                .prefix("gbx-e2e-")
                .tempdir_in("/var/tmp")
                .expect("tempdir"),
        }
    }
    pub fn db(&self) -> PathBuf {
        self.dir.path().join("audit.sqlite3")
    }
    pub fn file(&self, name: &str, content: &str) -> PathBuf {
        let path = self.dir.path().join(name);
        std::fs::write(&path, content).expect("write");
        path
    }
    /// `glovebox --db <db> ARGS` with the helper beside it.
    pub fn glovebox(&self, args: &[&str]) -> Output {
        self.command(args).output().expect("run glovebox")
    }
    pub fn command(&self, args: &[&str]) -> Command {
        let mut c = Command::new(GLOVEBOX);
        c.arg("--db")
            .arg(self.db())
            .args(args)
            .env("GLOVEBOX_SANDBOX_HELPER", helper());
        c
    }
    /// `glovebox run FILES --goal G --json` (the offline generator's code),
    /// parsed; the goal and the error output are said when no JSON came.
    pub fn offline_json(&self, files: &[&Path], goal: &str) -> serde_json::Value {
        let mut args: Vec<String> = vec!["run".into()];
        args.extend(files.iter().map(|f| f.to_string_lossy().into_owned()));
        args.extend(["--goal".into(), goal.into(), "--json".into()]);
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = self.glovebox(&refs);
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "{goal}: no JSON ({e}): {}",
                String::from_utf8_lossy(&out.stderr)
            )
        })
    }
    /// `glovebox run FILES --goal G --code CODE --yes --json`, parsed.
    pub fn run_json(
        &self,
        files: &[&Path],
        goal: &str,
        code: &Path,
        extra: &[&str],
    ) -> (serde_json::Value, i32) {
        let mut args: Vec<String> = vec!["run".into()];
        args.extend(files.iter().map(|f| f.to_string_lossy().into_owned()));
        args.extend([
            "--goal".into(),
            goal.into(),
            "--code".into(),
            code.to_string_lossy().into_owned(),
            "--json".into(),
        ]);
        args.extend(extra.iter().map(|s| s.to_string()));
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = self.glovebox(&refs);
        let code = out.status.code().unwrap_or(-1);
        let json = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "no JSON ({e}); exit {code}\nstdout: {}\nstderr: {}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            )
        });
        (json, code)
    }
}

/// Traces of containers started under `scratch` still on the host: mounts
/// below it, processes whose root is below it, state or work folders.
pub fn container_leftovers(scratch: &Path) -> Vec<String> {
    let prefix = scratch.to_string_lossy().into_owned();
    let mut found = Vec::new();
    for line in std::fs::read_to_string("/proc/self/mountinfo")
        .unwrap_or_default()
        .lines()
    {
        if line
            .split(' ')
            .nth(4)
            .is_some_and(|m| m.starts_with(&prefix))
        {
            found.push(format!("mount {line}"));
        }
    }
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        if let Ok(root) = std::fs::read_link(entry.path().join("root")) {
            if root.starts_with(scratch) {
                found.push(format!(
                    "process {} with root {}",
                    entry.file_name().to_string_lossy(),
                    root.display()
                ));
            }
        }
    }
    for run in ["run", "direct"] {
        for sub in ["state", "work"] {
            for e in std::fs::read_dir(scratch.join(run).join(sub))
                .into_iter()
                .flatten()
                .flatten()
            {
                found.push(format!("file {}", e.path().display()));
            }
        }
    }
    found
}
