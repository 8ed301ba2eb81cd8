//! Detection against fake servers on ephemeral loopback ports (the probed
//! ports are given, so nothing running on the machine changes the result).

use std::time::{Duration, Instant};

use super::fake_http::{FakeServer, Reply};
use super::*;

/// Long enough for any loaded machine to answer on loopback.
const GENEROUS: Duration = Duration::from_secs(5);

fn block_on<T>(f: impl std::future::Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
        .block_on(f)
}

fn at(kind: ServerKind, server: &FakeServer) -> [Probe; 1] {
    [Probe {
        kind,
        port: server.port,
    }]
}

#[test]
fn ollama_tags_give_its_models_and_its_v1_base() {
    let server = FakeServer::start(Reply::Json(
        200,
        r#"{"models":[{"name":"qwen2.5-coder:7b","size":1},{"name":"llama3.1:8b"},{"model":"phi3:mini"}]}"#.into(),
    ));
    let found = block_on(detect(&at(ServerKind::Ollama, &server), GENEROUS));
    assert_eq!(
        found,
        vec![LocalServer {
            kind: ServerKind::Ollama,
            base_url: format!("http://127.0.0.1:{}/v1", server.port),
            models: vec![
                "llama3.1:8b".into(),
                "phi3:mini".into(),
                "qwen2.5-coder:7b".into()
            ],
            more_models: 0,
        }]
    );
    assert_eq!(server.paths(), vec!["/api/tags"]);
    // One GET with no body: nothing of the person's is sent.
    let head = &server.heads()[0];
    assert!(head.starts_with("GET /api/tags HTTP/1.1\r\n"), "{head}");
    assert!(
        !head.to_ascii_lowercase().contains("content-length"),
        "{head}"
    );
}

#[test]
fn openai_compatible_servers_answer_v1_models_and_say_who_they_are() {
    let llama = FakeServer::start(Reply::Json(
        200,
        r#"{"object":"list","data":[{"id":"Qwen2.5-7B-Instruct-Q4_K_M.gguf","owned_by":"llamacpp"}]}"#.into(),
    ));
    let studio = FakeServer::start(Reply::Json(
        200,
        r#"{"data":[{"id":"mistral-7b","owned_by":"organization_owner"},{"id":"mistral-7b"}]}"#
            .into(),
    ));
    // Both ports probed as "some OpenAI-compatible server": llama.cpp says so.
    let probes = [
        Probe {
            kind: ServerKind::OpenAiCompatible,
            port: llama.port,
        },
        Probe {
            kind: ServerKind::LmStudio,
            port: studio.port,
        },
    ];
    let found = block_on(detect(&probes, GENEROUS));
    let kinds: Vec<ServerKind> = found.iter().map(|s| s.kind).collect();
    assert_eq!(kinds, vec![ServerKind::LlamaCpp, ServerKind::LmStudio]);
    assert_eq!(found[0].models, vec!["Qwen2.5-7B-Instruct-Q4_K_M.gguf"]);
    assert_eq!(found[1].models, vec!["mistral-7b"], "deduplicated");
    assert_eq!(
        found[1].base_url,
        format!("http://127.0.0.1:{}/v1", studio.port)
    );
    assert_eq!(llama.paths(), vec!["/v1/models"]);
}

#[test]
fn a_server_that_hangs_is_given_up_at_the_probe_timeout() {
    let server = FakeServer::start(Reply::Hang);
    let timeout = Duration::from_millis(200);
    let started = Instant::now();
    let answer = block_on(probe(ServerKind::Ollama, &server.root(), timeout));
    assert_eq!(answer, Err(ProbeError::NoAnswer(timeout)));
    assert!(
        started.elapsed() < GENEROUS,
        "gave up long before the server did"
    );
    assert_eq!(server.paths(), vec!["/api/tags"], "the request reached it");
    assert!(block_on(detect(&at(ServerKind::Ollama, &server), timeout)).is_empty());
}

#[test]
fn a_huge_reply_is_cut_at_the_size_limit() {
    // No length given: the stream is read up to the limit, then dropped.
    let endless = FakeServer::start(Reply::Endless);
    assert_eq!(
        block_on(probe(ServerKind::LlamaCpp, &endless.root(), GENEROUS)),
        Err(ProbeError::TooLarge(MAX_PROBE_BYTES))
    );
    // A declared length over the limit is refused before reading.
    let declared = FakeServer::start(Reply::Declared(MAX_PROBE_BYTES + 1));
    assert_eq!(
        block_on(probe(ServerKind::LlamaCpp, &declared.root(), GENEROUS)),
        Err(ProbeError::TooLarge(MAX_PROBE_BYTES))
    );
}

#[test]
fn model_names_are_capped_and_the_rest_counted() {
    let total = MAX_MODELS_PER_SERVER + 70;
    let ids: Vec<String> = (0..total)
        .rev()
        .map(|i| format!("{{\"id\":\"m{i:04}\"}}"))
        .collect();
    let bad = format!(
        "{{\"id\":\"{}\"}},{{\"id\":\"a\\u0007b\"}},{{\"id\":\"  \"}}",
        "x".repeat(MAX_MODEL_NAME_CHARS + 1)
    );
    let server = FakeServer::start(Reply::Json(
        200,
        format!("{{\"data\":[{},{bad}]}}", ids.join(",")),
    ));
    let found = block_on(probe(ServerKind::Vllm, &server.root(), GENEROUS)).expect("found");
    let expected: Vec<String> = (0..MAX_MODELS_PER_SERVER)
        .map(|i| format!("m{i:04}"))
        .collect();
    assert_eq!(found.models, expected, "sorted, the first ones kept");
    assert_eq!(found.more_models, 70, "the unusable names are not counted");
}

#[test]
fn only_loopback_ip_literals_are_probed() {
    for root in [
        "http://192.0.2.7:11434",
        "http://example.com:11434",
        "http://localhost:11434",
        "https://127.0.0.1:11434",
        "not a url",
    ] {
        assert_eq!(
            block_on(probe(ServerKind::Ollama, root, GENEROUS)),
            Err(ProbeError::NotLoopback(root.into())),
            "{root}"
        );
    }
    let v6 = reqwest::Url::parse("http://[::1]:8080").expect("url");
    assert!(is_loopback_literal(&v6));
    let other = reqwest::Url::parse("http://10.0.0.1:8080").expect("url");
    assert!(!is_loopback_literal(&other));
}

#[test]
fn a_server_that_is_not_a_model_service_is_not_listed() {
    let missing = FakeServer::start(Reply::Json(404, r#"{"error":"not found"}"#.into()));
    let html = FakeServer::start(Reply::Json(200, "<html>hello</html>".into()));
    assert_eq!(
        block_on(probe(ServerKind::Ollama, &missing.root(), GENEROUS)),
        Err(ProbeError::Status(404))
    );
    assert!(matches!(
        block_on(probe(ServerKind::LmStudio, &html.root(), GENEROUS)),
        Err(ProbeError::Malformed(_))
    ));
    let probes = [
        at(ServerKind::Ollama, &missing)[0],
        at(ServerKind::LmStudio, &html)[0],
    ];
    assert!(block_on(detect(&probes, GENEROUS)).is_empty());
}
