//! Can this machine run the sandbox? Says why not and how to fix it.

use glovebox_sandbox::MachineFacts;

use super::{blocking, Answer};
use crate::types::DoctorReport;
/// Can this machine run the sandbox? Says why not and how to fix it.
#[tauri::command]
pub async fn doctor() -> Answer<DoctorReport> {
    blocking(|| {
        let _span = tracing::info_span!("doctor").entered();
        // First start of an installed app: the image comes out of the package.
        if let Err(e) = crate::paths::unpack_bundled_image() {
            return Ok(DoctorReport {
                ready: false,
                mode: None,
                reason: Some(e.to_string()),
                fix: Some("free some disk space in your home folder, then restart Glovebox".into()),
            });
        }
        let facts = MachineFacts::probe();
        let mode = match facts.decide(false) {
            Ok(mode) => mode,
            Err(unsupported) => {
                return Ok(DoctorReport {
                    ready: false,
                    mode: None,
                    reason: Some(unsupported.reason().to_owned()),
                    fix: unsupported.fix().map(str::to_owned),
                })
            }
        };
        let helper = glovebox_sandbox::client::default_helper();
        if !helper.is_file() {
            return Ok(DoctorReport {
                ready: false,
                mode: Some(mode.label()),
                reason: Some(format!(
                    "the sandbox helper program is missing ({})",
                    helper.display()
                )),
                fix: Some("reinstall Glovebox".into()),
            });
        }
        if let Err(e) = glovebox_sandbox::image::locate() {
            return Ok(DoctorReport {
                ready: false,
                mode: Some(mode.label()),
                reason: Some(format!("the sandbox image is missing: {e}")),
                fix: Some(
                    "reinstall Glovebox, or build the image with 'make image' in the source folder"
                        .into(),
                ),
            });
        }
        tracing::info!(mode = %mode.label(), "sandbox ready");
        Ok(DoctorReport {
            ready: true,
            mode: Some(mode.label()),
            reason: None,
            fix: None,
        })
    })
    .await
}
