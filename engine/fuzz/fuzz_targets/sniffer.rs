//! Fuzzes the input inspector: any bytes must give a description or a
//! specific error, never a panic or a hang.
#![no_main]

#[allow(dead_code)]
#[path = "../../src/inputs.rs"]
mod inputs;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    thread_local! {
        static PATH: std::path::PathBuf =
            std::path::PathBuf::from(format!("/dev/shm/gbx-fuzz-{}-{:?}.csv", std::process::id(), std::thread::current().id()));
    }
    PATH.with(|path| {
        std::fs::write(path, data).expect("write the sample");
        let _ = inputs::describe(path, 1 << 20);
    });
});
