//! A class-play step's chess clock beside the board: White's and Black's faces, the side whose
//! time runs lit (`data-running`). A lesson's clock shows the time set and does not run: it
//! teaches when to press, not how to hurry.

use super::AroundText;
use qitong_rules::Color;
use qitong_view::node::{div, el, Node};
use qitong_words::{side_name, Lang};

/// What the faces show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockFaces {
    /// The side whose time runs, if the clock was started.
    pub running: Option<Color>,
    /// The time on each face (`10:00`).
    pub time: &'static str,
}

/// The two faces, White's first, as a labelled group.
pub fn clock_view(clock: &ClockFaces, lang: Lang) -> Node {
    let mut faces = div("clock").attr("role", "group").attr("aria-label", AroundText::Clock.text(lang));
    faces = faces.attr("data-running", clock.running.map_or("none", Color::name));
    for color in [Color::White, Color::Black] {
        let mut face = div("clock-face").attr("data-side", color.name());
        if clock.running == Some(color) {
            face = face.class("running").attr("aria-current", "true");
        }
        faces = faces.child(face.child(el("span").text(side_name(color, lang))).child(el("span").class("clock-time").text(clock.time)));
    }
    faces
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_running_side_is_lit_and_named() {
        let view = clock_view(&ClockFaces { running: Some(Color::Black), time: "10:00" }, Lang::En);
        assert_eq!((view.get("aria-label"), view.get("data-running")), (Some("Chess clock"), Some("black")));
        let black = view.find("data-side", "black").expect("Black's face");
        assert_eq!((black.get("class"), black.get("aria-current")), (Some("clock-face running"), Some("true")));
        assert_eq!(view.find("data-side", "white").and_then(|w| w.get("aria-current")), None);
        assert!(view.all_text().contains("10:00"));
        let stopped = clock_view(&ClockFaces { running: None, time: "10:00" }, Lang::Zh);
        assert_eq!((stopped.get("aria-label"), stopped.get("data-running")), (Some("棋钟"), Some("none")));
    }
}
