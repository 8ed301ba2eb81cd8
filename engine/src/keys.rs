//! API keys of model providers, kept in the OS keyring: the desktop's Secret
//! Service (GNOME Keyring, KWallet) when one answers on the session bus,
//! else the kernel key store (keyutils), which is what a server or CI has.
//!
//! The kernel store keeps a key in the user keyring (`@u`: every process of
//! the user reaches it, it lasts while the user has a process) and, where
//! the kernel allows it, also links it into the user's persistent keyring
//! (kept for a few days without any process). The `keyring` crate's own
//! keyutils store insists on the persistent keyring, which is refused in
//! containers (EACCES), so Glovebox calls `add_key`/`keyctl` itself there.
//! Kernel keys live in memory and are gone at reboot.
//!
//! `GLOVEBOX_API_KEY` is an explicit override for every provider. A key is
//! never written to a file, a log, the audit log or an error message: it
//! lives in [`ApiKey`], whose `Debug` hides it and whose bytes are zeroed
//! when dropped.

use std::path::Path;

/// The variable that overrides the keyring.
pub const API_KEY_ENV: &str = "GLOVEBOX_API_KEY";
/// The variable that names the keyring service (default [`DEFAULT_SERVICE`]).
pub const SERVICE_ENV: &str = "GLOVEBOX_KEYRING_SERVICE";
/// The variable that forces a keyring backend: `secret-service` or `keyutils`.
pub const BACKEND_ENV: &str = "GLOVEBOX_KEYRING";
/// Keyring service under which keys are stored (the entry's user is the provider).
pub const DEFAULT_SERVICE: &str = "glovebox";
/// Longest key accepted, in bytes.
pub const MAX_KEY_BYTES: usize = 4096;

/// A secret API key.
pub struct ApiKey(String);

impl ApiKey {
    /// A key from text: surrounding whitespace removed; it must be 1 to
    /// [`MAX_KEY_BYTES`] visible ASCII characters.
    pub fn new(mut text: String) -> Result<Self, KeyError> {
        let trimmed = text.trim();
        let check = if trimmed.is_empty() {
            Err(KeyError::Empty)
        } else if trimmed.len() > MAX_KEY_BYTES {
            Err(KeyError::TooLong)
        } else if !trimmed.bytes().all(|b| b.is_ascii_graphic()) {
            Err(KeyError::Invalid)
        } else {
            Ok(trimmed.to_owned())
        };
        wipe(&mut text);
        check.map(ApiKey)
    }

    /// The key, for the one header that carries it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

fn wipe(text: &mut str) {
    // SAFETY: zero bytes are valid UTF-8.
    unsafe { text.as_bytes_mut() }.fill(0);
}

impl Drop for ApiKey {
    fn drop(&mut self) {
        wipe(&mut self.0);
    }
}

impl std::fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ApiKey(<hidden>)")
    }
}

/// Why a key could not be read or stored. Messages never carry the key.
#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    /// Nothing was typed.
    #[error("the key is empty")]
    Empty,
    /// Longer than [`MAX_KEY_BYTES`].
    #[error("the key is longer than {}", crate::units::human_bytes(MAX_KEY_BYTES as u64))]
    TooLong,
    /// Spaces or control characters inside.
    #[error("the key contains spaces or characters that are not printable ASCII")]
    Invalid,
    /// The keyring failed.
    #[error("the {backend} keyring failed: {message}")]
    Store {
        /// Which backend.
        backend: &'static str,
        /// What it said.
        message: String,
    },
    /// The user cancelled the prompt.
    #[error("cancelled; no key was stored")]
    Cancelled,
    /// An unknown `GLOVEBOX_KEYRING` value.
    #[error("{BACKEND_ENV} must be secret-service or keyutils, not {0:?}")]
    UnknownBackend(String),
}

/// A keyring backend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// The desktop's Secret Service over D-Bus.
    SecretService,
    /// The kernel key store.
    Keyutils,
}

impl Backend {
    /// A name for people.
    pub fn name(self) -> &'static str {
        match self {
            Backend::SecretService => "Secret Service",
            Backend::Keyutils => "kernel (keyutils)",
        }
    }
}

/// Where keys are kept; behind a trait so tests need no keyring.
pub trait KeyStore {
    /// The backend.
    fn backend(&self) -> Backend;
    /// The key of `provider`, if one is stored.
    fn get(&self, provider: &str) -> Result<Option<ApiKey>, KeyError>;
    /// Stores the key of `provider`, replacing any.
    fn set(&self, provider: &str, key: &ApiKey) -> Result<(), KeyError>;
    /// Removes the key of `provider`; whether there was one.
    fn delete(&self, provider: &str) -> Result<bool, KeyError>;
}

/// The OS keyring through the `keyring` crate.
#[derive(Debug)]
pub struct OsKeyring {
    backend: Backend,
    service: String,
}

fn store_error(backend: Backend, e: keyring::Error) -> KeyError {
    // keyring's messages name the entry, never the secret.
    KeyError::Store {
        backend: backend.name(),
        message: e.to_string(),
    }
}

impl OsKeyring {
    /// The Secret Service when one answers, else the kernel key store;
    /// `GLOVEBOX_KEYRING` forces one.
    pub fn detect() -> Result<Self, KeyError> {
        let service = std::env::var(SERVICE_ENV)
            .ok()
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| DEFAULT_SERVICE.to_owned());
        let backend = match std::env::var(BACKEND_ENV).ok().as_deref() {
            Some("secret-service") => Backend::SecretService,
            Some("keyutils") => Backend::Keyutils,
            Some("") | None => {
                if secret_service_answers(&service) {
                    Backend::SecretService
                } else {
                    Backend::Keyutils
                }
            }
            Some(other) => return Err(KeyError::UnknownBackend(other.to_owned())),
        };
        tracing::debug!(backend = backend.name(), "keyring");
        Ok(Self { backend, service })
    }

    fn entry(&self, provider: &str) -> Result<keyring::Entry, KeyError> {
        let credential = keyring::secret_service::default_credential_builder()
            .build(None, &self.service, provider)
            .map_err(|e| store_error(self.backend, e))?;
        Ok(keyring::Entry::new_with_credential(credential))
    }

    fn description(&self, provider: &str) -> Result<std::ffi::CString, KeyError> {
        std::ffi::CString::new(format!("glovebox:{}:{provider}", self.service)).map_err(|_| {
            KeyError::Store {
                backend: Backend::Keyutils.name(),
                message: "the service name contains a NUL byte".into(),
            }
        })
    }
}

/// The kernel key store through its two system calls.
mod kernel {
    use std::ffi::CStr;
    use std::io;

    fn check(r: libc::c_long) -> io::Result<libc::c_long> {
        if r < 0 {
            Err(io::Error::last_os_error())
        } else {
            Ok(r)
        }
    }

    /// Adds (or replaces) a `user` key in `ring`; its serial number.
    pub fn add(description: &CStr, payload: &[u8], ring: i32) -> io::Result<i32> {
        // SAFETY: valid NUL-terminated strings and a buffer with its length.
        let r = unsafe {
            libc::syscall(
                libc::SYS_add_key,
                c"user".as_ptr(),
                description.as_ptr(),
                payload.as_ptr(),
                payload.len(),
                ring,
            )
        };
        check(r).map(|id| id as i32)
    }

    /// The `user` key named `description` reachable from `ring`.
    pub fn search(ring: i32, description: &CStr) -> io::Result<Option<i32>> {
        // SAFETY: valid NUL-terminated strings; no destination keyring.
        let r = unsafe {
            libc::syscall(
                libc::SYS_keyctl,
                libc::KEYCTL_SEARCH,
                ring,
                c"user".as_ptr(),
                description.as_ptr(),
                0,
            )
        };
        match check(r) {
            Ok(id) => Ok(Some(id as i32)),
            Err(e)
                if matches!(
                    e.raw_os_error(),
                    Some(libc::ENOKEY | libc::EKEYEXPIRED | libc::EKEYREVOKED)
                ) =>
            {
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    /// The payload of key `id`, at most `max` bytes.
    pub fn read(id: i32, max: usize) -> io::Result<Vec<u8>> {
        let mut buf = vec![0u8; max + 1];
        // SAFETY: the buffer is valid for its length.
        let r = unsafe {
            libc::syscall(
                libc::SYS_keyctl,
                libc::KEYCTL_READ,
                id,
                buf.as_mut_ptr(),
                buf.len(),
            )
        };
        let len = check(r)? as usize;
        if len > max {
            buf.fill(0);
            return Err(io::Error::other("the stored key is too long"));
        }
        buf.truncate(len);
        Ok(buf)
    }

    /// Makes key `id` unreachable at once.
    pub fn invalidate(id: i32) -> io::Result<()> {
        // SAFETY: plain integer arguments.
        check(unsafe { libc::syscall(libc::SYS_keyctl, libc::KEYCTL_INVALIDATE, id) }).map(|_| ())
    }

    /// Links key `id` into the user's persistent keyring, where the kernel
    /// allows it (not in most containers).
    pub fn link_persistent(id: i32) -> io::Result<()> {
        // SAFETY: plain integer arguments (-1: the caller's uid).
        let ring = check(unsafe {
            libc::syscall(
                libc::SYS_keyctl,
                libc::KEYCTL_GET_PERSISTENT,
                -1,
                libc::KEY_SPEC_USER_KEYRING,
            )
        })?;
        // SAFETY: plain integer arguments.
        check(unsafe { libc::syscall(libc::SYS_keyctl, libc::KEYCTL_LINK, id, ring) }).map(|_| ())
    }
}

fn kernel_error(e: std::io::Error) -> KeyError {
    KeyError::Store {
        backend: Backend::Keyutils.name(),
        message: e.to_string(),
    }
}

/// A session bus exists and a Secret Service on it answers.
fn secret_service_answers(service: &str) -> bool {
    let uid = std::fs::metadata("/proc/self").map(|m| {
        use std::os::unix::fs::MetadataExt;
        m.uid()
    });
    let bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
        || uid.is_ok_and(|uid| Path::new(&format!("/run/user/{uid}/bus")).exists());
    if !bus {
        return false;
    }
    let Ok(credential) =
        keyring::secret_service::default_credential_builder().build(None, service, "probe")
    else {
        return false;
    };
    matches!(
        keyring::Entry::new_with_credential(credential).get_password(),
        Ok(_) | Err(keyring::Error::NoEntry)
    )
}

impl KeyStore for OsKeyring {
    fn backend(&self) -> Backend {
        self.backend
    }

    fn get(&self, provider: &str) -> Result<Option<ApiKey>, KeyError> {
        if self.backend == Backend::Keyutils {
            let description = self.description(provider)?;
            let Some(id) =
                kernel::search(libc::KEY_SPEC_USER_KEYRING, &description).map_err(kernel_error)?
            else {
                return Ok(None);
            };
            let mut bytes = kernel::read(id, MAX_KEY_BYTES).map_err(kernel_error)?;
            let text = String::from_utf8(std::mem::take(&mut bytes)).map_err(|e| {
                let mut bytes = e.into_bytes();
                bytes.fill(0);
                KeyError::Invalid
            })?;
            return ApiKey::new(text).map(Some);
        }
        match self.entry(provider)?.get_password() {
            Ok(text) => ApiKey::new(text).map(Some),
            Err(keyring::Error::NoEntry) => Ok(None),
            Err(e) => Err(store_error(self.backend, e)),
        }
    }

    fn set(&self, provider: &str, key: &ApiKey) -> Result<(), KeyError> {
        if self.backend == Backend::Keyutils {
            let description = self.description(provider)?;
            let id = kernel::add(
                &description,
                key.expose().as_bytes(),
                libc::KEY_SPEC_USER_KEYRING,
            )
            .map_err(kernel_error)?;
            if let Err(e) = kernel::link_persistent(id) {
                tracing::debug!(error = %e, "the persistent keyring is not available; the key is in the user keyring");
            }
            return Ok(());
        }
        self.entry(provider)?
            .set_password(key.expose())
            .map_err(|e| store_error(self.backend, e))
    }

    fn delete(&self, provider: &str) -> Result<bool, KeyError> {
        if self.backend == Backend::Keyutils {
            let description = self.description(provider)?;
            let mut found = false;
            // An invalidated key is unreachable at once; a few rounds also
            // remove copies added by older versions or by hand.
            for _ in 0..8 {
                match kernel::search(libc::KEY_SPEC_USER_KEYRING, &description)
                    .map_err(kernel_error)?
                {
                    Some(id) => {
                        kernel::invalidate(id).map_err(kernel_error)?;
                        found = true;
                    }
                    None => break,
                }
            }
            return Ok(found);
        }
        match self.entry(provider)?.delete_credential() {
            Ok(()) => Ok(true),
            Err(keyring::Error::NoEntry) => Ok(false),
            Err(e) => Err(store_error(self.backend, e)),
        }
    }
}

/// The key for `provider`: `GLOVEBOX_API_KEY` if set, else the keyring's.
pub fn api_key(provider: &str) -> Result<Option<ApiKey>, KeyError> {
    if let Some(text) = std::env::var(API_KEY_ENV).ok().filter(|t| !t.is_empty()) {
        return ApiKey::new(text).map(Some);
    }
    OsKeyring::detect()?.get(provider)
}

/// Stores `text` as the key of `provider` in the OS keyring (the app's
/// settings); the name of the keyring used.
pub fn store_key(provider: &str, text: String) -> Result<&'static str, KeyError> {
    let key = ApiKey::new(text)?;
    let store = OsKeyring::detect()?;
    store.set(provider, &key)?;
    Ok(store.backend().name())
}

/// Whether `provider` has a key (`GLOVEBOX_API_KEY` or the keyring).
pub fn has_key(provider: &str) -> Result<bool, KeyError> {
    api_key(provider).map(|k| k.is_some())
}

/// Reads a key: from the terminal without echo when stdin is one, else the
/// first line of stdin.
pub fn read_key(prompt: &str) -> Result<ApiKey, KeyError> {
    use std::io::{BufRead, IsTerminal, Write};
    let stdin = std::io::stdin();
    let io = |e: std::io::Error| KeyError::Store {
        backend: "terminal",
        message: e.to_string(),
    };
    let mut line = String::new();
    if stdin.is_terminal() {
        let mut stderr = std::io::stderr();
        let _ = write!(stderr, "{prompt}");
        let _ = stderr.flush();
        let guard = NoEcho::new().map_err(io)?;
        let read = stdin.lock().read_line(&mut line);
        drop(guard);
        let _ = writeln!(stderr);
        read.map_err(io)?;
        if line.contains(['\u{3}', '\u{1c}']) {
            // Ctrl-C or Ctrl-\ while typing.
            wipe(&mut line);
            return Err(KeyError::Cancelled);
        }
    } else {
        stdin.lock().read_line(&mut line).map_err(io)?;
    }
    ApiKey::new(line)
}

/// Terminal echo off until dropped.
struct NoEcho {
    saved: libc::termios,
}

impl NoEcho {
    fn new() -> std::io::Result<Self> {
        // SAFETY: termios is plain data; tcgetattr fills it.
        let mut saved: libc::termios = unsafe { std::mem::zeroed() };
        // SAFETY: fd 0 and a valid pointer.
        if unsafe { libc::tcgetattr(0, &mut saved) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
        let mut quiet = saved;
        // No echo, and Ctrl-C typed as a character rather than a signal: a
        // signal would end the process before the echo is turned back on.
        quiet.c_lflag &= !(libc::ECHO | libc::ECHONL | libc::ISIG);
        quiet.c_lflag |= libc::ICANON;
        // SAFETY: fd 0 and a valid termios.
        if unsafe { libc::tcsetattr(0, libc::TCSANOW, &quiet) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
        Ok(Self { saved })
    }
}

impl Drop for NoEcho {
    fn drop(&mut self) {
        // SAFETY: restoring the settings read in `new`.
        unsafe {
            libc::tcsetattr(0, libc::TCSANOW, &self.saved);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_checked_and_hidden() {
        let k = ApiKey::new("  sk-abc123\n".into()).expect("key");
        assert_eq!(k.expose(), "sk-abc123");
        assert_eq!(format!("{k:?}"), "ApiKey(<hidden>)");
        assert!(matches!(ApiKey::new(" \n".into()), Err(KeyError::Empty)));
        assert!(matches!(
            ApiKey::new("sk abc".into()),
            Err(KeyError::Invalid)
        ));
        assert!(matches!(
            ApiKey::new("x".repeat(MAX_KEY_BYTES + 1)),
            Err(KeyError::TooLong)
        ));
    }

    /// The kernel key store works where the tests run (CI has no Secret
    /// Service): set, get, replace, delete.
    #[test]
    fn keyutils_round_trip() {
        let store = OsKeyring {
            backend: Backend::Keyutils,
            service: format!("glovebox-unit-{}", std::process::id()),
        };
        let provider = "openai";
        let _ = store.delete(provider);
        assert!(store.get(provider).expect("get").is_none());
        store
            .set(provider, &ApiKey::new("sk-one".into()).expect("key"))
            .expect("set");
        assert_eq!(
            store.get(provider).expect("get").map(|k| k.0.clone()),
            Some("sk-one".to_owned())
        );
        store
            .set(provider, &ApiKey::new("sk-two".into()).expect("key"))
            .expect("replace");
        assert_eq!(
            store.get(provider).expect("get").map(|k| k.0.clone()),
            Some("sk-two".to_owned())
        );
        assert!(store.delete(provider).expect("delete"));
        assert!(!store.delete(provider).expect("delete again"));
        assert!(store.get(provider).expect("get").is_none());
    }
}
