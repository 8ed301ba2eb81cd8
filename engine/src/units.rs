//! Sizes as people read them: `12 bytes`, `3.4 KB`, `512 MB`, `5 GB` (in
//! French `octets`, `Ko`, `Mo`, `Go`, as the app writes them) — never a
//! raw count of bytes in a message. A KB is 1024 bytes, as file managers
//! and the app's own sizes count.

use crate::lang::Lang;

/// A size in bytes, in English units (see [`human_bytes_in`]).
pub fn human_bytes(bytes: u64) -> String {
    human_bytes_in(Lang::En, bytes)
}

/// A size in bytes in the largest unit it reaches, with `lang`'s unit
/// names: a whole number when it is one or from 10 units up, else one
/// decimal (`1.5 GB`).
pub fn human_bytes_in(lang: Lang, bytes: u64) -> String {
    let (byte, many, kb, mb, gb) = match lang {
        Lang::Fr => ("octet", "octets", "Ko", "Mo", "Go"),
        Lang::En | Lang::Es => ("byte", "bytes", "KB", "MB", "GB"),
    };
    let units: [(u64, &str); 3] = [(1 << 30, gb), (1 << 20, mb), (1 << 10, kb)];
    let Some(&(size, unit)) = units.iter().find(|(size, _)| bytes >= *size) else {
        return format!("{bytes} {}", if bytes == 1 { byte } else { many });
    };
    if bytes % size == 0 {
        return format!("{} {unit}", bytes / size);
    }
    let value = bytes as f64 / size as f64;
    // Halves round up, as people round ("1.25 GB" is "1.3 GB"; the
    // formatter alone would round to even).
    let shown = if value < 10.0 {
        format!("{:.1}", (value * 10.0).round() / 10.0)
    } else {
        format!("{:.0}", value.round())
    };
    // 9.96 GB rounds to "10.0": say "10" instead.
    let shown = shown.trim_end_matches(".0");
    match lang {
        Lang::Fr => format!("{} {unit}", shown.replace('.', ",")),
        Lang::En | Lang::Es => format!("{shown} {unit}"),
    }
}

#[cfg(test)]
mod tests {
    use super::{human_bytes, human_bytes_in};
    use crate::lang::Lang;

    #[test]
    fn sizes_read_as_people_say_them() {
        let cases = [
            (0, "0 bytes"),
            (1, "1 byte"),
            (12, "12 bytes"),
            (1023, "1023 bytes"),
            (1024, "1 KB"),
            (1536, "1.5 KB"),
            (1280 << 20, "1.3 GB"),
            (256 * 1024 * 1024, "256 MB"),
            (123_456_789, "118 MB"),
            (1 << 30, "1 GB"),
            (1536 << 20, "1.5 GB"),
            (4 * (1 << 30), "4 GB"),
            (5_368_709_120, "5 GB"),
            (10_695_000_000, "10 GB"),
        ];
        for (bytes, text) in cases {
            assert_eq!(human_bytes(bytes), text, "{bytes}");
        }
    }

    #[test]
    fn french_sizes_use_french_units() {
        assert_eq!(human_bytes_in(Lang::Fr, 1536 << 20), "1,5 Go");
        assert_eq!(human_bytes_in(Lang::Fr, 12), "12 octets");
        assert_eq!(human_bytes_in(Lang::Es, 256 << 20), "256 MB");
    }
}
