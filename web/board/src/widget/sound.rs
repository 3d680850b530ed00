//! The board's sounds, made on the spot with WebAudio (no sound files): a short beep for a
//! move, two falling notes for a capture, two rising ones for check, a low buzz for a refusal,
//! a little rising tune for a won game.
//! Off unless the element has the `sound` attribute.

use web_sys::{AudioContext, OscillatorType};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Beep {
    Move,
    Capture,
    Check,
    Illegal,
    Win,
}

/// One note: frequency (Hz), start and length (seconds), waveform.
type Note = (f32, f64, f64, OscillatorType);

fn notes(beep: Beep) -> &'static [Note] {
    match beep {
        Beep::Move => &[(660.0, 0.0, 0.07, OscillatorType::Sine)],
        Beep::Capture => &[(587.0, 0.0, 0.06, OscillatorType::Triangle), (392.0, 0.07, 0.1, OscillatorType::Triangle)],
        Beep::Check => &[(784.0, 0.0, 0.08, OscillatorType::Sine), (1047.0, 0.1, 0.14, OscillatorType::Sine)],
        Beep::Illegal => &[(170.0, 0.0, 0.2, OscillatorType::Triangle)],
        Beep::Win => &[
            (523.0, 0.0, 0.12, OscillatorType::Triangle),
            (659.0, 0.13, 0.12, OscillatorType::Triangle),
            (784.0, 0.26, 0.12, OscillatorType::Triangle),
            (1047.0, 0.39, 0.3, OscillatorType::Triangle),
        ],
    }
}

/// The audio context, made at the first sound (after a user gesture, as browsers require).
#[derive(Default)]
pub struct Sound {
    context: Option<AudioContext>,
}

impl Sound {
    pub fn play(&mut self, beep: Beep) {
        if self.context.is_none() {
            self.context = AudioContext::new().ok();
        }
        let Some(context) = &self.context else { return };
        let now = context.current_time();
        for &(frequency, start, length, wave) in notes(beep) {
            let (Ok(oscillator), Ok(gain)) = (context.create_oscillator(), context.create_gain()) else { return };
            oscillator.set_type(wave);
            oscillator.frequency().set_value(frequency);
            let volume = gain.gain();
            let (from, to) = (now + start, now + start + length);
            let _ = volume.set_value_at_time(0.0001, from);
            let _ = volume.exponential_ramp_to_value_at_time(0.18, from + 0.01);
            let _ = volume.exponential_ramp_to_value_at_time(0.0001, to);
            if oscillator.connect_with_audio_node(&gain).is_err() || gain.connect_with_audio_node(&context.destination()).is_err() {
                return;
            }
            let _ = oscillator.start_with_when(from);
            let _ = oscillator.stop_with_when(to + 0.02);
        }
    }
}
