//! The browser services the player uses: stored progress, the address, speech and events.

use crate::lang::Lang;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CustomEvent, CustomEventInit, HtmlElement, SpeechSynthesisUtterance, Storage};

fn storage() -> Option<Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

pub fn load(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

pub fn store(key: &str, value: &str) {
    if let Some(s) = storage() {
        // A full or forbidden storage only loses the save; the lesson goes on.
        let _ = s.set_item(key, value);
    }
}

pub fn hash() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

pub fn set_hash(hash: &str) {
    if let Some(w) = web_sys::window() {
        if w.location().hash().ok().as_deref() != Some(hash) {
            let _ = w.location().set_hash(hash);
        }
    }
}

/// Is there a voice for `lang`?
pub fn has_voice(lang: Lang) -> bool {
    let Some(synth) = web_sys::window().and_then(|w| w.speech_synthesis().ok()) else { return false };
    let prefix = lang.pick("zh", "en");
    synth.get_voices().iter().any(|v| v.dyn_into::<web_sys::SpeechSynthesisVoice>().is_ok_and(|v| v.lang().starts_with(prefix)))
}

pub fn speak(text: &str, lang: Lang) {
    let Some(synth) = web_sys::window().and_then(|w| w.speech_synthesis().ok()) else { return };
    if let Ok(utterance) = SpeechSynthesisUtterance::new_with_text(text) {
        utterance.set_lang(lang.tag());
        utterance.set_rate(0.85);
        synth.cancel();
        synth.speak(&utterance);
    }
}

/// Dispatches the bubbling, composed `complete` event: `{ stars, lesson }`.
pub fn complete(host: &HtmlElement, lesson: &str, stars: u32) {
    let detail = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&detail, &"stars".into(), &JsValue::from(stars));
    let _ = js_sys::Reflect::set(&detail, &"lesson".into(), &JsValue::from_str(lesson));
    let init = CustomEventInit::new();
    init.set_bubbles(true);
    init.set_composed(true);
    init.set_detail(&detail);
    if let Ok(event) = CustomEvent::new_with_event_init_dict("complete", &init) {
        let _ = host.dispatch_event(&event);
    }
}
