//! `glovebox models`: list the models a provider offers, with the stored
//! API key; `--local`: the model servers found on this computer's loopback
//! addresses (Ollama, llama.cpp, LM Studio, vLLM) and their models.

use std::process::ExitCode;

use anyhow::Result;
use glovebox_engine::keys;
use glovebox_engine::provider::local::{self, LocalServer, DEFAULT_PROBES, PROBE_TIMEOUT};
use glovebox_engine::provider::ModelGenerator;
use glovebox_engine::terminal::line;

use crate::ModelArgs;

/// Runs `glovebox models`: one model id per line.
#[allow(clippy::print_stdout)]
pub(crate) fn run(provider: Option<String>, local: bool, model: ModelArgs) -> Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let Some(provider) = provider.filter(|_| !local) else {
        let servers = runtime.block_on(local::detect(&DEFAULT_PROBES, PROBE_TIMEOUT));
        print!("{}", local_listing(&servers));
        return Ok(ExitCode::SUCCESS);
    };
    let settings = model.settings(&provider)?;
    let key = keys::api_key(&provider)?;
    let generator = ModelGenerator::new(settings, key)?;
    for id in runtime.block_on(generator.list_models())? {
        println!("{}", line(&id));
    }
    Ok(ExitCode::SUCCESS)
}

/// The servers found, each with its base URL and its models indented, and
/// how to use one; or where Glovebox looked.
fn local_listing(servers: &[LocalServer]) -> String {
    if servers.is_empty() {
        let ports: Vec<String> = DEFAULT_PROBES.iter().map(|p| p.port.to_string()).collect();
        return format!(
            "No model server found on this computer (looked on 127.0.0.1 and ::1, ports {}).\n",
            ports.join(", ")
        );
    }
    let mut out = String::new();
    for s in servers {
        out.push_str(&format!(
            "{}  {}  (stays on this computer)\n",
            s.kind.label(),
            s.base_url
        ));
        for m in &s.models {
            out.push_str(&format!("  {}\n", line(m)));
        }
        if s.more_models > 0 {
            out.push_str(&format!("  … and {} more\n", s.more_models));
        }
    }
    out.push_str("Use one with: --provider openai --base-url URL --model NAME\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use glovebox_engine::provider::ServerKind;

    #[test]
    fn local_listing_names_each_server_and_its_models() {
        let servers = [LocalServer {
            kind: ServerKind::Ollama,
            base_url: "http://127.0.0.1:11434/v1".into(),
            models: vec!["llama3.1:8b".into(), "qwen2.5-coder:7b".into()],
            more_models: 2,
        }];
        assert_eq!(
            local_listing(&servers),
            "Ollama  http://127.0.0.1:11434/v1  (stays on this computer)\n  llama3.1:8b\n  qwen2.5-coder:7b\n  … and 2 more\nUse one with: --provider openai --base-url URL --model NAME\n"
        );
        assert_eq!(
            local_listing(&[]),
            "No model server found on this computer (looked on 127.0.0.1 and ::1, ports 11434, 8080, 1234, 8000).\n"
        );
    }
}
