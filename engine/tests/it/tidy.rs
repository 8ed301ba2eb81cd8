//! House rules checked on the source tree itself (rust-analyzer's
//! `tidy.rs`): every Rust module opens with a `//!` doc,
//! `ARCHITECTURE.md`'s code map names every source file in its crate's
//! section, so the map cannot drift from the code, and the policy crate
//! depends on nothing that can run code.

use std::path::{Path, PathBuf};

use crate::common::repo;

/// The crates' folders, from the repository root: each has its sources in
/// `src/` and its section `### `folder/`` in the code map.
const CRATES: &[&str] = &[
    "crates/lang",
    "crates/policy",
    "engine",
    "sandbox",
    "src-tauri",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("source folder")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A source file: its crate's folder, its path relative to the crate's
/// `src/`, and its path on disk.
struct Source {
    krate: &'static str,
    rel: String,
    path: PathBuf,
}

/// Every source file of every crate.
fn sources() -> Vec<Source> {
    let mut all = Vec::new();
    for krate in CRATES {
        let root = repo().join(krate).join("src");
        let mut files = Vec::new();
        rust_files(&root, &mut files);
        for path in files {
            let rel = path
                .strip_prefix(&root)
                .expect("under its root")
                .to_string_lossy()
                .into_owned();
            all.push(Source { krate, rel, path });
        }
    }
    all
}

#[test]
fn every_module_opens_with_a_module_doc() {
    let missing: Vec<String> = sources()
        .into_iter()
        .filter(|s| {
            let text = std::fs::read_to_string(&s.path).expect("read");
            !text.starts_with("//!")
        })
        .map(|s| format!("{}/src/{}", s.krate, s.rel))
        .collect();
    assert!(missing.is_empty(), "modules without a //! doc: {missing:?}");
}

/// How the code map names a file: `name.rs` for a file at the top of its
/// crate, `folder/name.rs` inside a folder, and the folder (`folder/`) for
/// its `mod.rs`.
fn map_name(rel: &str) -> String {
    match rel.strip_suffix("mod.rs") {
        Some(folder) if folder.ends_with('/') => format!("`{folder}`"),
        _ => format!("`{rel}`"),
    }
}

/// A crate's section of the code map: from its `### `folder/`` heading to
/// the next heading.
fn code_map_section<'a>(doc: &'a str, krate: &str) -> &'a str {
    let heading = format!("### `{krate}/`");
    let start = doc
        .find(&heading)
        .unwrap_or_else(|| panic!("ARCHITECTURE.md has no section {heading}"));
    let body = &doc[start + heading.len()..];
    let end = ["\n### ", "\n## "]
        .iter()
        .filter_map(|h| body.find(h))
        .min()
        .unwrap_or(body.len());
    &body[..end]
}

#[test]
fn the_architecture_code_map_names_every_source_file() {
    let doc = std::fs::read_to_string(repo().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let unnamed: Vec<String> = sources()
        .into_iter()
        .filter(|s| !code_map_section(&doc, s.krate).contains(map_name(&s.rel).as_str()))
        .map(|s| format!("{} in the `{}/` section", map_name(&s.rel), s.krate))
        .collect();
    assert!(
        unnamed.is_empty(),
        "ARCHITECTURE.md does not name these source files: {unnamed:?}"
    );
}

/// Crates through which code could be run: the sandbox, the engine that
/// drives it, the app, what starts containers and processes.
const RUNS_CODE: &[&str] = &[
    "glovebox-sandbox",
    "glovebox-engine",
    "glovebox-app",
    "libcontainer",
    "libcgroups",
    "libseccomp",
    "oci-spec",
    "nix",
    "tokio",
    "async-process",
    "duct",
];

/// The `[[package]]` entries of `Cargo.lock`: `name version` and the
/// dependencies as the lock file writes them (`name` or `name version`).
fn locked_packages() -> Vec<(String, String, Vec<String>)> {
    let lock = std::fs::read_to_string(repo().join("Cargo.lock")).expect("Cargo.lock");
    let quoted = |line: &str| line.split('"').nth(1).unwrap_or_default().to_owned();
    let mut packages = Vec::new();
    for block in lock.split("[[package]]").skip(1) {
        let (mut name, mut version, mut deps) = (String::new(), String::new(), Vec::new());
        let mut in_deps = false;
        for line in block.lines().map(str::trim) {
            if in_deps {
                if line == "]" {
                    in_deps = false;
                } else {
                    let dep = quoted(line);
                    // "name version (source)": the source says nothing here.
                    let dep = dep.split(" (").next().unwrap_or_default().to_owned();
                    deps.push(dep);
                }
            } else if let Some(rest) = line.strip_prefix("name = ") {
                name = quoted(rest);
            } else if let Some(rest) = line.strip_prefix("version = ") {
                version = quoted(rest);
            } else if line == "dependencies = [" {
                in_deps = true;
            }
        }
        packages.push((name, version, deps));
    }
    packages
}

/// Every crate `root` can reach in the lock file (all platforms, build and
/// dev dependencies included, so more than it really links: on the safe
/// side), by name.
fn reachable(root: &str) -> std::collections::BTreeSet<String> {
    let packages = locked_packages();
    let mut seen = std::collections::BTreeSet::new();
    let mut todo = vec![root.to_owned()];
    while let Some(dep) = todo.pop() {
        let mut parts = dep.splitn(2, ' ');
        let name = parts.next().unwrap_or_default();
        let version = parts.next();
        if !seen.insert(dep.clone()) {
            continue;
        }
        for (n, v, deps) in &packages {
            if n == name && version.is_none_or(|version| version == v) {
                todo.extend(deps.iter().cloned());
            }
        }
    }
    seen.into_iter()
        .map(|d| d.split(' ').next().unwrap_or_default().to_owned())
        .collect()
}

/// The invariant "the policy never executes code" holds by construction:
/// `glovebox-policy` depends, directly or not, on nothing that can run code
/// (not the sandbox, not the engine, no container or process crate), so
/// cargo refuses any code in it that would reach them; its own source
/// starts no process and has no `unsafe` (`#![forbid(unsafe_code)]`).
#[test]
fn the_policy_crate_cannot_run_code() {
    let manifest = std::fs::read_to_string(repo().join("crates/policy/Cargo.toml"))
        .expect("crates/policy/Cargo.toml");
    let own: Vec<&str> = manifest
        .lines()
        .filter_map(|l| l.split_once(['=', '.']).map(|(name, _)| name.trim()))
        .filter(|name| name.starts_with("glovebox-") && *name != "glovebox-lang")
        .collect();
    assert!(
        own.is_empty(),
        "crates/policy/Cargo.toml names Glovebox crates {own:?}: the policy may depend on \
         glovebox-lang only, so that it cannot run code (ARCHITECTURE.md, crates/policy/)"
    );

    let reached = reachable("glovebox-policy");
    assert!(
        reached.contains("ruff_python_parser"),
        "the dependency walk found nothing: {reached:?}"
    );
    let forbidden: Vec<&str> = RUNS_CODE
        .iter()
        .copied()
        .filter(|c| reached.contains(*c))
        .collect();
    assert!(
        forbidden.is_empty(),
        "glovebox-policy reaches {forbidden:?} through its dependencies (Cargo.lock): the policy \
         must not be able to run code, so it may depend on nothing that runs processes or \
         containers (ARCHITECTURE.md, crates/policy/)"
    );

    let mut files = Vec::new();
    rust_files(&repo().join("crates/policy/src"), &mut files);
    let lib = std::fs::read_to_string(repo().join("crates/policy/src/lib.rs")).expect("lib.rs");
    assert!(
        lib.contains("#![forbid(unsafe_code)]"),
        "crates/policy/src/lib.rs must keep #![forbid(unsafe_code)]"
    );
    for file in files {
        let text = std::fs::read_to_string(&file).expect("read");
        for word in ["std::process", "process::Command", "Command::new", "libc::"] {
            assert!(
                !text.contains(word),
                "{} uses {word}: the policy reads code and never runs anything",
                file.display()
            );
        }
    }
}
