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

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    // `Storage`'s `getItem` and `setItem` with the value as the browser holds it, not as a
    // Rust `String`.
    type RawStorage;
    #[wasm_bindgen(method, catch, js_name = getItem)]
    fn get_raw(this: &RawStorage, key: &str) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue>;
    #[wasm_bindgen(method, catch, js_name = setItem)]
    fn set_raw(this: &RawStorage, key: &str, value: &wasm_bindgen::JsValue) -> Result<(), wasm_bindgen::JsValue>;
}

/// Copies what is stored under `from` to `to` unit for unit, never through Rust's UTF-8, where
/// a lone surrogate — damaged data kept aside to be looked at — would become U+FFFD (issue 29).
pub fn copy(from: &str, to: &str) -> Result<(), StorageRefused> {
    let storage = storage()?;
    let storage: &RawStorage = wasm_bindgen::JsCast::unchecked_ref(&storage);
    let value = storage.get_raw(from).ok().filter(|v| !v.is_null()).ok_or(StorageRefused)?;
    storage.set_raw(to, &value).map_err(|_| StorageRefused)
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
