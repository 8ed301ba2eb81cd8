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
mod generation;
mod logging;
mod paths;
mod runs;
mod sample;
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
            commands::files::initial_files,
            commands::files::describe_files,
            commands::files::preview_rows,
            commands::files::sample_file,
            commands::code::generate_code,
            commands::code::cancel_generation,
            commands::code::preview_prompt,
            commands::code::check_code,
            commands::run::start_run,
            commands::run::cancel_run,
            commands::history::list_runs,
            commands::history::get_run,
            commands::history::verify_audit,
            commands::history::export_report,
            commands::report::report_file_name,
            commands::report::open_report,
            commands::system::doctor,
            commands::settings::get_settings,
            commands::settings::set_settings,
            commands::settings::set_api_key,
            commands::files::app_ready,
            commands::settings::detect_local_models,
            commands::settings::test_connection,
        ])
        .run(tauri::generate_context!());
    if let Err(e) = result {
        tracing::error!(error = %e, "the window could not start");
        eprintln!("glovebox-app: the window could not start: {e}");
        std::process::exit(1);
    }
}
