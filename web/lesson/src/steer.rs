//! What a step lets the board show and do, as the board's [`Steer`]: the exercise's pieces,
//! which of them may be picked up or dragged and where they may go, the squares it marks (stars,
//! found, warn, lit) and its arrows. The board plays click-click and drag and reports the move
//! or the child's other input; the lesson state decides.

use crate::kinds::{self, KindView};
use crate::state::{Hint, Player};
use qitong_board::shapes::Brush;
use qitong_board::steer::Steer;
use qitong_lessons::{Grade, KindSet};
use qitong_rules::{Bitboard, Color};

/// Whether the step shows a board (the render leaves it a place; `board_steer` fills it).
pub fn has_board<K: KindSet>(p: &Player<K>) -> bool {
    p.exercise.as_ref().is_some_and(|e| kinds::own_board(e).is_some() || e.position().is_some())
}

/// The side at the bottom of the step's board: White on a board of the kind's own (setting up:
/// the rhyme is said from White's side), else the lesson's choice.
pub fn board_bottom<K: KindSet>(p: &Player<K>) -> Color {
    if p.exercise.as_ref().is_some_and(|e| kinds::own_board(e).is_some()) {
        Color::White
    } else {
        p.bottom
    }
}

/// The step's board, if it has one.
pub fn board_steer<K: KindSet>(p: &Player<K>) -> Option<Steer> {
    let exercise = p.exercise.as_ref()?;
    let step = p.current()?.steps.get(p.place.step)?;
    // A revealed answer's replay draws its own moves, not the last feedback's.
    let fb = p.feedback.as_ref().filter(|_| p.present.replay.is_none());
    let mut steer = match kinds::own_board(exercise) {
        Some(steer) => steer,
        None => {
            // A wrong move's line, while it is shown (`state::line`), else the exercise's board.
            let pos = p.line.or(exercise.position())?;
            let mut steer = Steer::showing(*pos.board(), pos.turn());
            // Both kings: a game position, whose turn matters (legal or not, mate, stalemate).
            steer.says_turn = Color::ALL.iter().all(|&c| pos.board().king_of(c).is_some());
            // The board plays the moves (and holds the piece picked up); while the computer
            // thinks, nothing is picked up.
            if exercise.moves_pieces() && !p.computer_thinking() && p.line.is_none() {
                steer.draggable = pos.board().by_color(pos.turn());
                steer.dests = steer.draggable.into_iter().map(|sq| (sq, pos.dests(sq))).collect();
                steer.moves = true;
                steer.touch_move = exercise.touch_move();
            }
            steer
        }
    };
    steer.marks.lit.0 = step.scene.highlight;
    steer.drawing = p.present.on;
    steer.pen = p.present.pen;
    for &(from, to) in &step.scene.arrows {
        steer.arrow(from, to, Brush::Blue);
    }
    steer.shapes.extend(p.present.shapes.iter().copied());
    if let Some(fb) = fb {
        if matches!(fb.grade, Grade::Wrong | Grade::Failed) {
            // On a shown line, the piece lost is where the answer took it.
            let taken = fb.reply.and_then(|m| m.captured_square()).filter(|_| p.line.is_some());
            steer.marks.warn.0 = taken.map_or(fb.squares, Bitboard::from_square);
        } else {
            steer.marks.lit.0 |= fb.squares;
        }
        if let Some(m) = fb.reply {
            steer.arrow(m.from, m.to, Brush::Red);
        }
    }
    if let Hint::Move(m) = p.hint {
        steer.arrow(m.from, m.to, Brush::Blue);
    }
    exercise.mark(&mut steer, fb);
    if let Some(m) = fb.and_then(|f| f.played) {
        if exercise.lights_played() {
            steer.marks.lit.0.add(m.from);
            steer.marks.lit.0.add(m.to);
        }
    }
    if let Some(replay) = &p.present.replay {
        replay.steer(&mut steer);
    }
    Some(steer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Mode;
    use qitong_lessons::lang::Lang;
    use qitong_rules::{Role, Square};

    fn player_of(file: &str) -> Player {
        let text = std::fs::read_to_string(format!("{}/lessons/examples/{file}", concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))).expect("file");
        let mut p = Player::new(Mode::Lesson, Lang::En);
        p.set_course(Ok(Player::single_lesson(&format!("lessons/examples/{file}"), Some(&text))), "");
        p
    }

    #[test]
    fn a_star_drill_shows_its_stars_and_lets_the_board_move_the_rook() {
        let p = player_of("star-drill.toml");
        let steer = board_steer(&p).expect("a board");
        assert_eq!(steer.board.role_at(Square::A1), Some(Role::Rook));
        assert_eq!(steer.marks.stars.0, Bitboard::from_square(Square::A5).with(Square::E5).with(Square::E8));
        assert!(steer.moves && steer.draggable.contains(Square::A1) && !steer.touch_move);
        let dests = steer.dests_of(Square::A1);
        assert!(dests.contains(Square::A5) && dests.contains(Square::H1));
    }

    #[test]
    fn a_paint_drill_shows_its_paint_its_area_and_only_the_moves_inside_it() {
        let mut p = player_of("paint.toml");
        let steer = board_steer(&p).expect("a board");
        assert_eq!(steer.marks.paint.painted, Square::A1.into(), "the king's own square is painted from the start");
        assert!(steer.marks.paint.outside.contains(Square::D4) && !steer.marks.paint.outside.contains(Square::C3));
        p.act("move:a1b2".parse().unwrap(), None);
        let steer = board_steer(&p).expect("a board");
        assert_eq!(steer.marks.paint.painted, Bitboard::from_square(Square::A1).with(Square::B2));
        assert_eq!(steer.dests_of(Square::B2).count(), 8, "every king step stays inside a1:c3");
    }

    #[test]
    fn a_tap_shows_found_squares_and_a_wrong_one_says_why() {
        let mut p = player_of("tap-squares.toml");
        p.act("sq:d4".parse().unwrap(), None);
        let steer = board_steer(&p).expect("a board");
        assert_eq!(steer.marks.warn.0, Square::D4.into());
        let said = crate::words::feedback_message(p.feedback.as_ref().expect("feedback"), p.position().as_ref(), Lang::En);
        assert_eq!(said, "That is d4, not e4.");
        p.act("sq:e4".parse().unwrap(), None);
        assert_eq!(board_steer(&p).expect("a board").marks.found.0, Square::E4.into());
    }

    #[test]
    fn on_the_set_up_board_a_placed_piece_drags_to_another_square() {
        let mut p = player_of("setup-board.toml");
        let steer = board_steer(&p).expect("a board");
        assert!(!steer.draggable.contains(Square::E8) && !steer.moves, "Black is set up already: fixed; the page places");
        let tray = board_steer(&p).and_then(|s| s.tray).expect("the board's set-up tray");
        let king = Role::King.of(Color::White);
        assert!(tray.open && tray.left(king) == 1, "{tray:?}");
        assert!(tray.pieces.iter().all(|(piece, _)| piece.color == Color::White), "Black is given whole: no black piece in the tray");
        p.act("place:K:d1".parse().unwrap(), None);
        let steer = board_steer(&p).expect("a board");
        assert!(steer.draggable.contains(Square::D1));
        assert_eq!(steer.tray.map(|t| t.left(king)), Some(0), "the king left the tray");
        p.act("drag:d1:e1".parse().unwrap(), None);
        let steer = board_steer(&p).expect("a board");
        assert_eq!(
            (steer.board.role_at(Square::D1), steer.board.role_at(Square::E1)),
            (None, Some(Role::King)),
            "the misplaced king moved to its square"
        );
        p.act("drag:e1:e8".parse().unwrap(), None);
        assert_eq!(board_steer(&p).expect("a board").board.role_at(Square::E1), Some(Role::King), "not onto a fixed piece");
    }

    #[test]
    fn a_board_has_its_place_only_where_a_step_shows_one_and_a_set_up_board_is_seen_from_white() {
        let mut quiz = player_of("quiz.toml");
        assert!(!has_board(&quiz) && board_steer(&quiz).is_none());
        quiz.bottom = Color::Black;
        assert_eq!(board_bottom(&quiz), Color::Black, "else the lesson's side");
        let drill = player_of("star-drill.toml");
        assert!(has_board(&drill) && board_steer(&drill).is_some());
        let mut setup = player_of("setup-board.toml");
        setup.bottom = Color::Black;
        assert!(has_board(&setup));
        assert_eq!(board_bottom(&setup), Color::White);
    }
}
