//! Browser services several views share: localStorage that never throws (a refused storage is
//! a value, for the view to say so) and the address's hash.

use web_sys::Storage;

/// The browser refused its storage: blocked (private mode, a policy), or full.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StorageRefused;

fn storage() -> Result<Storage, StorageRefused> {
    web_sys::window().ok_or(StorageRefused)?.local_storage().ok().flatten().ok_or(StorageRefused)
}

/// The stored text under `key` (`None` when there is none), or why it cannot be known.
pub fn read(key: &str) -> Result<Option<String>, StorageRefused> {
    storage()?.get_item(key).map_err(|_| StorageRefused)
}

/// The stored text under `key`, `None` also when storage is refused (for choices like the
/// language, which have a default).
pub fn load(key: &str) -> Option<String> {
    read(key).ok().flatten()
}

/// Writes `value` under `key`; a full or forbidden storage is the caller's to say.
pub fn store(key: &str, value: &str) -> Result<(), StorageRefused> {
    storage()?.set_item(key, value).map_err(|_| StorageRefused)
}

/// The address's hash (`#/stage/lesson/step`), empty when there is none.
pub fn hash() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

/// Puts `hash` in the address, unless it is there already.
pub fn set_hash(hash: &str) {
    if let Some(w) = web_sys::window() {
        if w.location().hash().ok().as_deref() != Some(hash) {
            let _ = w.location().set_hash(hash);
        }
    }
}

