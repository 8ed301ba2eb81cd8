//! Sizes as people read them: `12 bytes`, `3.4 KiB`, `512 MiB`, `5 GiB` —
//! never a raw count of bytes in a message.

/// A size in bytes, in the largest binary unit it reaches: a whole number
/// when it is one or from 10 units up, else one decimal (`1.5 GiB`).
pub fn human_bytes(bytes: u64) -> String {
    const UNITS: [(u64, &str); 3] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")];
    let Some(&(size, unit)) = UNITS.iter().find(|(size, _)| bytes >= *size) else {
        return format!("{bytes} byte{}", if bytes == 1 { "" } else { "s" });
    };
    if bytes % size == 0 {
        return format!("{} {unit}", bytes / size);
    }
    let value = bytes as f64 / size as f64;
    let shown = if value < 10.0 {
        format!("{value:.1}")
    } else {
        format!("{value:.0}")
    };
    // 9.96 GiB rounds to "10.0": say "10" instead.
    format!("{} {unit}", shown.trim_end_matches(".0"))
}

#[cfg(test)]
mod tests {
    use super::human_bytes;

    #[test]
    fn sizes_read_as_people_say_them() {
        let cases = [
            (0, "0 bytes"),
            (1, "1 byte"),
            (12, "12 bytes"),
            (1023, "1023 bytes"),
            (1024, "1 KiB"),
            (1536, "1.5 KiB"),
            (256 * 1024 * 1024, "256 MiB"),
            (123_456_789, "118 MiB"),
            (1 << 30, "1 GiB"),
            (1536 << 20, "1.5 GiB"),
            (4 * (1 << 30), "4 GiB"),
            (5_368_709_120, "5 GiB"),
            (10_695_000_000, "10 GiB"),
        ];
        for (bytes, text) in cases {
            assert_eq!(human_bytes(bytes), text, "{bytes}");
        }
    }
}
