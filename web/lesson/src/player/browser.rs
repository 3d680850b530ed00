//! The browser services the player uses: stored progress, the address (both shared with the
//! home page, `qitong_view::dom::browser`), projector mode, speech and events.

use qitong_lessons::lang::Lang;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CustomEvent, CustomEventInit, HtmlElement, SpeechSynthesisUtterance};

pub use qitong_view::dom::browser::{copy, hash, load, read, set_hash, store};

/// Projector mode remembered for this browser tab (sessionStorage), for this page only: the key
/// names the page's path, so the lesson page's choice is not another page's.
fn present_key() -> Option<String> {
    Some(format!("qitong-present:{}", web_sys::window()?.location().pathname().ok()?))
}

pub fn load_present() -> Option<bool> {
    let stored = web_sys::window()?.session_storage().ok().flatten()?.get_item(&present_key()?).ok().flatten()?;
    Some(stored == "1")
}

pub fn store_present(on: bool) {
    if let (Some(s), Some(key)) = (web_sys::window().and_then(|w| w.session_storage().ok().flatten()), present_key()) {
        let _ = s.set_item(&key, if on { "1" } else { "0" });
    }
}

/// `?present` in the page's address: Some(true), or Some(false) for `?present=0`.
pub fn present_in_address() -> Option<bool> {
    qitong_view::choices::present_param(&web_sys::window()?.location().search().ok()?)
}

/// The browser's full screen for the whole page: entered, or left when already in it.
pub fn toggle_fullscreen() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    if document.fullscreen_element().is_some() {
        document.exit_fullscreen();
    } else if let Some(html) = document.document_element() {
        // Refused without a user gesture or in a frame without permission: the page stays as is.
        let _ = html.request_fullscreen();
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
    dispatch(host, "complete", &detail);
}

/// Mirrors projector mode on the element (attribute `present`) and dispatches the bubbling,
/// composed `presentchange` event: `{ present }`.
pub fn present_changed(host: &HtmlElement, on: bool) {
    let _ = if on { host.set_attribute("present", "") } else { host.remove_attribute("present") };
    let detail = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&detail, &"present".into(), &JsValue::from_bool(on));
    dispatch(host, "presentchange", &detail);
}

fn dispatch(host: &HtmlElement, kind: &str, detail: &JsValue) {
    let init = CustomEventInit::new();
    init.set_bubbles(true);
    init.set_composed(true);
    init.set_detail(detail);
    if let Ok(event) = CustomEvent::new_with_event_init_dict(kind, &init) {
        let _ = host.dispatch_event(&event);
    }
}

/// Asks the element's shell for the rest of the course (a plain `need-course` event on the
/// host; it does not bubble: it is between the player and its own shell).
pub fn need_course(host: &HtmlElement) {
    if let Ok(event) = web_sys::Event::new("need-course") {
        let _ = host.dispatch_event(&event);
    }
}

/// Asks the element's shell for the module that plays every step kind (a plain `need-module`
/// event, not bubbling either): the basics module met a lesson with a kind it leaves out.
pub fn need_module(host: &HtmlElement) {
    if let Ok(event) = web_sys::Event::new("need-module") {
        let _ = host.dispatch_event(&event);
    }
}

/// Asks the element's shell for one lesson's file (a `need-lesson` event whose `detail` is its
/// name, `stage/id.toml`; it does not bubble either): the shell answers with `addLesson`.
pub fn need_lesson(host: &HtmlElement, file: &str) {
    let init = CustomEventInit::new();
    init.set_detail(&JsValue::from_str(file));
    if let Ok(event) = CustomEvent::new_with_event_init_dict("need-lesson", &init) {
        let _ = host.dispatch_event(&event);
    }
}

thread_local! {
    /// The audio context, made at the first cheer (a user gesture has happened by then).
    static AUDIO: std::cell::RefCell<Option<web_sys::AudioContext>> = const { std::cell::RefCell::new(None) };
}

/// The end-of-lesson cheer, made with WebAudio (no sound files): two rising notes for a lesson,
/// a four-note fanfare when the stage is complete. Silent where audio is unavailable.
pub fn cheer(stage: bool) {
    const LESSON: &[(f32, f64)] = &[(784.0, 0.0), (1047.0, 0.12)];
    const STAGE: &[(f32, f64)] = &[(523.0, 0.0), (659.0, 0.12), (784.0, 0.24), (1047.0, 0.36)];
    AUDIO.with(|audio| {
        let mut audio = audio.borrow_mut();
        if audio.is_none() {
            *audio = web_sys::AudioContext::new().ok();
        }
        let Some(context) = audio.as_ref() else { return };
        let now = context.current_time();
        for &(frequency, start) in if stage { STAGE } else { LESSON } {
            let (Ok(oscillator), Ok(gain)) = (context.create_oscillator(), context.create_gain()) else { return };
            oscillator.set_type(web_sys::OscillatorType::Triangle);
            oscillator.frequency().set_value(frequency);
            let (from, to) = (now + start, now + start + 0.16);
            let volume = gain.gain();
            let _ = volume.set_value_at_time(0.0001, from);
            let _ = volume.exponential_ramp_to_value_at_time(0.15, from + 0.01);
            let _ = volume.exponential_ramp_to_value_at_time(0.0001, to);
            if oscillator.connect_with_audio_node(&gain).is_err() || gain.connect_with_audio_node(&context.destination()).is_err() {
                return;
            }
            let _ = oscillator.start_with_when(from);
            let _ = oscillator.stop_with_when(to + 0.02);
        }
    });
}
