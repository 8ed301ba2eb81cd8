//! `glovebox-app`: the desktop window. A thin Tauri shell: it loads the front
//! end (`ui/dist`) and answers its commands by calling `glovebox-engine`;
//! code never runs here, only in the sandbox the engine drives.
//!
//! `glovebox-app [FILE.csv ...]` opens with those files added (the desktop
//! entry passes the files a person opened with Glovebox).
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

#[cfg(test)]
mod bindings;
mod commands;
mod error;
mod logging;
mod paths;
mod runs;
mod settings;
mod state;
mod types;

use std::path::PathBuf;

fn main() {
    let paths = paths::AppPaths::from_env();
    let _log_guard = logging::init(&paths.logs);
    let started = std::time::Instant::now();
    tracing::info!(version = env!("CARGO_PKG_VERSION"), db = %paths.db.display(), "starting");
    let initial_files: Vec<PathBuf> = std::env::args_os()
        .skip(1)
        .map(PathBuf::from)
        .filter(|p| p.is_file())
        .collect();
    let app_state = state::AppState::new(paths, initial_files, started);
    let result = tauri::Builder::default()
        .plugin(tauri_plugin_dialog::init())
        .manage(app_state)
        .invoke_handler(tauri::generate_handler![
            commands::initial_files,
            commands::describe_files,
            commands::preview_rows,
            commands::generate_code,
            commands::preview_prompt,
            commands::check_code,
            commands::start_run,
            commands::cancel_run,
            commands::list_runs,
            commands::get_run,
            commands::verify_audit,
            commands::export_report,
            commands::doctor,
            commands::get_settings,
            commands::set_settings,
            commands::set_api_key,
            commands::app_ready,
        ])
        .run(tauri::generate_context!());
    if let Err(e) = result {
        tracing::error!(error = %e, "the window could not start");
        eprintln!("glovebox-app: the window could not start: {e}");
        std::process::exit(1);
    }
}
