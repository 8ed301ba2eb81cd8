//! Randomness for ids and nonces: the kernel's `getrandom(2)`, and an error
//! when it cannot give enough bytes. Never a fallback: a run id, a result
//! nonce or a signing key made from a clock or from zeros would be guessable,
//! so every caller stops instead (the one helper the engine, the reports and
//! the sandbox helper share).

/// Fills `buf` with random bytes from the kernel; fails rather than leaving
/// any byte unset.
pub fn fill(buf: &mut [u8]) -> std::io::Result<()> {
    let mut filled = 0;
    while filled < buf.len() {
        let rest = &mut buf[filled..];
        // SAFETY: getrandom writes at most `rest.len()` bytes into `rest`.
        let got = unsafe { libc::getrandom(rest.as_mut_ptr().cast(), rest.len(), 0) };
        if got < 0 {
            let err = std::io::Error::last_os_error();
            if err.kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return Err(err);
        }
        if got == 0 {
            return Err(std::io::Error::other("the kernel gave no random bytes"));
        }
        filled += got as usize;
    }
    Ok(())
}

/// `bytes` random bytes as lowercase hex (twice as many characters).
pub fn hex(bytes: usize) -> std::io::Result<String> {
    let mut buf = vec![0u8; bytes];
    fill(&mut buf)?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_has_the_asked_length_and_differs_between_calls() {
        let a = hex(16).expect("random");
        let b = hex(16).expect("random");
        assert_eq!(a.len(), 32);
        assert!(a
            .bytes()
            .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()));
        assert_ne!(a, b, "two 128-bit values were equal");
    }

    #[test]
    fn fill_sets_large_buffers_and_accepts_an_empty_one() {
        let mut big = vec![0u8; 4096];
        fill(&mut big).expect("random");
        // 4096 random bytes with no non-zero byte: probability 2^-32768.
        assert!(big.iter().any(|b| *b != 0));
        fill(&mut []).expect("empty");
    }
}
