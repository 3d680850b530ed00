//! The lesson player's side of a class-play board: a piece tapped is touched (after "I
//! adjust", straightened instead), and the class rules' buttons (I adjust, offer a draw, the
//! clock, the handshake) become the step's events.

use super::Player;
use crate::action::ClassRule;
use qitong_lessons::{Code, Event, Grade, KindSet};
use qitong_rules::Square;

impl<K: KindSet> Player<K> {
    /// A class-play tap on a piece: it is touched. True when the piece is picked up — a touch
    /// taken, not one refused by touch-move, and not a piece straightened.
    pub(super) fn touch_picks_up(&mut self, sq: Square) -> bool {
        self.send(&Event::Touch(sq));
        self.feedback.as_ref().is_some_and(|f| f.grade == Grade::Accepted && f.code != Code::Adjusted)
    }

    /// A class rule's button: a piece held is put down first (after "I adjust" the next tap
    /// straightens a piece).
    pub(super) fn class_rule(&mut self, rule: ClassRule) {
        self.out.push(super::Out::PutDown);
        self.send(&rule.event());
    }
}

#[cfg(test)]
mod tests {
    use crate::render::render;
    use crate::state::{Mode, Out, Player};
    use qitong_lessons::lang::Lang;
    use qitong_rules::{Color, Square};

    fn player(step: &str) -> Player {
        let text = format!(
            "title = {{ zh = \"课\", en = \"Lesson\" }}\n[[step]]\nkind = \"class-play\"\ngoal = {{ zh = \"试一试\", en = \"Try it\" }}\n{step}"
        );
        let mut p = Player::new(Mode::Lesson, Lang::En);
        p.set_course(Ok(Player::single_lesson("t/t.toml", Some(&text))), "");
        p
    }

    fn act(p: &mut Player, action: &str) -> &'static str {
        p.act(action.parse().expect("an action"), None);
        p.feedback.as_ref().map_or("", |f| f.code.as_str())
    }

    fn sq(name: &str) -> Square {
        name.parse().expect("square")
    }

    #[test]
    fn a_refused_touch_picks_nothing_up_and_the_capturing_piece_is_picked_up() {
        let mut p = player("fen = \"r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 3 3\"\ntouched = [\"c6\"]\nmoves = 1\n");
        assert_eq!(act(&mut p, "sq:e1"), "touch-move-must-capture");
        assert!(!p.out.contains(&Out::PickUp(sq("e1"))), "the board is told to pick up nothing");
        assert!(render(&p).all_text().contains("you must capture it"), "explained in kid words: {}", render(&p).all_text());
        assert_eq!(act(&mut p, "sq:b5"), "touch-move-must-capture");
        assert!(p.out.contains(&Out::PickUp(sq("b5"))), "the touch is taken: the board picks it up");
        assert_eq!(act(&mut p, "move:b5c6"), "class-play-done");
    }

    #[test]
    fn i_adjust_then_a_tap_straightens_the_piece_without_picking_it_up() {
        let mut p = player("fen = \"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\"\ntask = \"adjust\"\nsquare = \"g1\"\n");
        let page = render(&p);
        assert_eq!(page.find("data-act", "adjust").and_then(|b| b.get("aria-pressed")), Some("false"));
        assert!(crate::steer::board_steer(&p).is_some_and(|s| !s.shapes.is_empty()), "the crooked piece is ringed");
        assert_eq!(act(&mut p, "sq:b1"), "touch-move-must-move");
        p.out.clear();
        assert_eq!(act(&mut p, "adjust"), "adjust-said");
        assert!(p.out.contains(&Out::PutDown), "the piece held is put down");
        assert_eq!(render(&p).find("data-act", "adjust").and_then(|b| b.get("aria-pressed")), Some("true"));
        assert_eq!(act(&mut p, "sq:g1"), "adjusted");
        assert!(!p.out.contains(&Out::PickUp(sq("g1"))), "straightened, not picked up");
        assert!(render(&p).find("data-act", "adjust").is_some_and(|b| b.get("disabled").is_some()));
    }

    #[test]
    fn the_draw_offer_buttons_and_the_clock_faces() {
        let mut p = player("fen = \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\"\ntask = \"offer-draw\"\n");
        // The faces are the board's (`extensions::clock`), under the board the step steers.
        let faces = |p: &Player| crate::steer::board_steer(p).and_then(|s| s.clock).expect("the clock's faces");
        let running = |p: &Player| faces(p).running;
        assert_eq!(running(&p), Some(Color::White));
        assert_eq!(faces(&p).time, "10:00");
        assert_eq!(act(&mut p, "offer-draw"), "draw-offer-move-first");
        act(&mut p, "sq:f1");
        assert_eq!(act(&mut p, "move:f1c4"), "moved");
        assert_eq!(act(&mut p, "press-clock"), "draw-offer-before-press");
        assert_eq!(act(&mut p, "offer-draw"), "draw-offered");
        assert_eq!(act(&mut p, "press-clock"), "draw-offer-done");
        assert_eq!(running(&p), Some(Color::Black));
    }

    #[test]
    fn starting_the_clock_the_child_plays_black_from_the_bottom() {
        let mut p = player("task = \"start-clock\"\nhandshake = true\n");
        assert_eq!(p.bottom, Color::Black);
        assert!(render(&p).find("data-act", "handshake").is_some());
        assert_eq!(act(&mut p, "press-clock"), "clock-shake-first");
        assert_eq!(act(&mut p, "handshake"), "handshake-done");
        assert_eq!(act(&mut p, "press-clock"), "clock-started");
        assert!(render(&p).all_text().contains("White's time is running"));
    }
}
