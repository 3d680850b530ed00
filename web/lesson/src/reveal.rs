//! A revealed answer that moves pieces (puzzle, paint drill, star drill, mate in one, special
//! move, ways out of check, a move or a game written down): the kind's answer played into a
//! [`Replay`] (its moves and their words are `replay`'s), and the sentence the kind says it
//! with (a written move is said in both notation and words); and a points question's worked
//! answer. Pure: the player steps it (`Action::ShowMore`), the page's timer paces it.

use crate::kinds::{self, KindView};
pub use crate::replay::{Ply, Replay};
use qitong_lessons::lang::Lang;
use qitong_lessons::{Event, Exercise, Feedback, KindSet};

impl Replay {
    /// Plays the answer's `events` on `exercise` (started over), then types its typed answer
    /// (a move written down, a points change), keeping every move and reply; the exercise ends
    /// answered. Also returns the last feedback.
    pub fn play<K: KindSet>(exercise: &mut Exercise<K>, events: &[Event]) -> (Option<Replay>, Option<Feedback>) {
        exercise.retry();
        let typed = kinds::typed_answer(exercise);
        let (mut plies, mut last) = (Vec::new(), None);
        for event in events.iter().copied().chain(typed.iter().map(|text| Event::Text(text))) {
            let before = exercise.position();
            let fb = exercise.handle(&event);
            if let (Some(before), Some(mv)) = (before, fb.played) {
                plies.push(Ply { before, mv });
                if let Some(reply) = fb.reply {
                    // `play`, not the inlined `play_unchecked`: one copy of the move maker in the wasm.
                    plies.push(Ply { before: before.play(&mv).unwrap_or(before), mv: reply });
                }
            }
            last = Some(fb);
        }
        let end = exercise.position();
        let moves = exercise.moves_pieces() || !typed.is_empty();
        let stars = kinds::replay_stars(exercise);
        let replay = end.filter(|_| moves && !plies.is_empty()).map(|end| Replay { plies, end, shown: 0, stars });
        (replay, last)
    }

    /// The answer in words, as the kind says it (`KindView::answer_said`: a drill's route, a
    /// written move's notation and the move, a written game's score sheet), by default each
    /// move ("White's rook goes from e2 to e5 and takes the queen").
    pub fn sentence<K: KindSet>(&self, exercise: &Exercise<K>, lang: Lang) -> String {
        exercise.answer_said(self, lang)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{Mode, Player};
    use qitong_board::shapes::Brush;
    use qitong_rules::Bitboard;

    fn revealed(file: &str, step: usize) -> Player {
        let text = std::fs::read_to_string(format!("{}/lessons/{file}", concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))).expect("file");
        revealed_text(file, &text, step)
    }

    fn revealed_text(file: &str, text: &str, step: usize) -> Player {
        let mut p = Player::new(Mode::Lesson, Lang::En);
        p.set_course(Ok(Player::single_lesson(&format!("lessons/{file}"), Some(text))), "");
        for _ in 1..step {
            p.act("next".parse().expect("next"), None);
        }
        p.set_present(true);
        p.act("show".parse().expect("show"), None);
        p
    }

    #[test]
    fn a_puzzle_reveal_plays_the_move_and_the_reply_with_their_arrows_and_says_them() {
        let mut p = revealed("value/trades.toml", 2);
        let replay = p.present.replay.clone().expect("a replay");
        assert_eq!(replay.plies.len(), 2, "the rook takes, the pawn takes back");
        let steer = crate::steer::board_steer(&p).expect("a board");
        assert_eq!(steer.board.role_at(qitong_rules::Square::E2), Some(qitong_rules::Role::Rook), "the start first");
        assert_eq!(steer.shapes.len(), 1);
        assert_eq!(steer.shapes[0].brush, Brush::Green);
        let en = replay.sentence(p.exercise.as_ref().expect("a step"), Lang::En);
        assert_eq!(en, "The answer: White's rook goes from e2 to e5 and takes the queen; then Black's pawn goes from d6 to e5 and takes the rook");
        assert!(replay.sentence(p.exercise.as_ref().expect("a step"), Lang::Zh).starts_with("答案：白方的车从 e2 走到 e5，吃掉后；黑方的兵"));
        p.act("show-more".parse().expect("show-more"), None);
        p.act("show-more".parse().expect("show-more"), None);
        let steer = crate::steer::board_steer(&p).expect("a board");
        assert_eq!(steer.board.role_at(qitong_rules::Square::E5), Some(qitong_rules::Role::Pawn), "the end");
        assert_eq!(steer.shapes.iter().map(|s| s.brush).collect::<Vec<_>>(), [Brush::Green, Brush::Red]);
        assert!(!p.present.replay.as_ref().expect("a replay").more());
    }

    #[test]
    fn every_kind_with_an_answer_to_move_reveals_it_in_words() {
        let said = |file: &str, step: usize| {
            let p = revealed(file, step);
            let replay = p.present.replay.as_ref().unwrap_or_else(|| panic!("{file} {step}: a replay"));
            replay.sentence(p.exercise.as_ref().expect("a step"), Lang::En)
        };
        assert_eq!(said("examples/mate-in-one.toml", 1), "The answer: White's rook goes from a1 to a8");
        assert_eq!(said("examples/special-move.toml", 1), "The answer: White's king goes from e1 to g1");
        assert_eq!(said("examples/special-move.toml", 3), "The answer: White's pawn goes from e7 to e8 and becomes a queen");
        let ways = said("examples/escape-check.toml", 1);
        assert_eq!(ways.matches("; or ").count(), 2, "three ways: {ways}");
        assert!(ways.contains("White's bishop goes from b5 to e8 and takes the rook"), "{ways}");
        let stalemate = revealed("examples/is-stalemate.toml", 1);
        assert!(stalemate.present.replay.is_none(), "nothing moves");
        let text = crate::render::render(&stalemate).all_text();
        assert!(text.contains("The answer: Stalemate"), "{text}");
    }

    fn said(p: &mut Player, lang: Lang) -> String {
        p.lang = lang;
        crate::render::render(p).all_text()
    }

    #[test]
    fn a_star_drill_reveal_plays_a_shortest_route_with_the_replies() {
        let p = revealed("examples/star-drill.toml", 1);
        let replay = p.present.replay.as_ref().expect("a replay");
        assert_eq!(replay.plies.len(), 3, "a5, e5, e8 in three rook moves");
        let en = replay.sentence(p.exercise.as_ref().expect("a step"), Lang::En);
        assert!(en == "The answer: the rook's route a1 → a5 → e5 → e8.", "{en}");
        assert!(replay.sentence(p.exercise.as_ref().expect("a step"), Lang::Zh).ends_with("e5 → e8。"));
        // The black pawn's scripted replies come as red arrows; the knight's route is said alone.
        let p = revealed("examples/star-drill.toml", 4);
        let replay = p.present.replay.as_ref().expect("a replay");
        assert_eq!(replay.plies.iter().map(|p| p.mv.to_uci()).collect::<Vec<_>>(), ["a1c2", "h7h6", "c2a3", "h6h5", "a3b5"]);
        assert_eq!(replay.sentence(p.exercise.as_ref().expect("a step"), Lang::En), "The answer: the knight's route a1 → c2 → a3 → b5.");
        // The stars go one by one as the knight reaches them.
        let mut p = p;
        let stars = || crate::steer::board_steer(&p).expect("a board").marks.stars.0.count();
        assert_eq!(stars(), 3);
        // The words under the board count along with it, not from the end (3 stars, no move yet).
        assert!(said(&mut p, Lang::En).contains("3 stars to go"), "{}", said(&mut p, Lang::En));
        for (left, moves) in [(2, 1), (2, 1), (1, 2), (1, 2), (0, 3)] {
            p.act("show-more".parse().expect("show-more"), None);
            assert_eq!(crate::steer::board_steer(&p).expect("a board").marks.stars.0.count(), left);
            let text = said(&mut p, Lang::En);
            assert!(text.contains(&format!("{left} stars to go")) && text.contains(&format!("{moves} moves ·")), "{text}");
        }
    }

    #[test]
    fn a_reply_that_lands_on_a_star_leaves_it_for_the_child() {
        // The black pawn steps onto the star on h5; the rook then takes it there.
        let lesson = "title = { zh = \"星星\", en = \"Stars\" }\n[[step]]\nkind = \"star-drill\"\nfen = \"8/7p/8/8/8/8/8/R7\"\ndrill = true\nstars = [\"a5\", \"h5\"]\nreplies = [\"h7h5\"]\n";
        let mut p = revealed_text("examples/reply-on-star.toml", lesson, 1);
        let replay = p.present.replay.as_ref().expect("a replay");
        assert_eq!(replay.plies.iter().map(|p| p.mv.to_uci()).collect::<Vec<_>>(), ["a1a5", "h7h5", "a5h5"]);
        let stars = |p: &Player| crate::steer::board_steer(p).expect("a board").marks.stars.0;
        for left in [&["a5", "h5"][..], &["h5"], &["h5"], &[]] {
            let want = left.iter().fold(Bitboard::EMPTY, |b, sq| b.with(sq.parse().expect("a square")));
            assert_eq!(stars(&p), want, "{} moves shown", p.present.replay.as_ref().expect("a replay").shown);
            p.act("show-more".parse().expect("show-more"), None);
        }
    }

    #[test]
    fn a_written_move_is_revealed_in_notation_and_in_words_and_a_game_on_its_sheet() {
        let mut p = revealed("examples/write-san.toml", 1);
        let replay = p.present.replay.as_ref().expect("an arrow for the move");
        assert_eq!(replay.plies.len(), 1);
        assert_eq!(replay.sentence(p.exercise.as_ref().expect("a step"), Lang::En), "The answer: Nf3 (White's knight goes from g1 to f3)");
        assert!(said(&mut p, Lang::Zh).contains("答案：Nf3（白方的马从 g1 走到 f3）"));
        assert!(!said(&mut p, Lang::En).contains("Well recorded"), "the class's answer is not praised");
        let p = revealed("examples/write-san.toml", 3);
        let replay = p.present.replay.as_ref().expect("the game's moves");
        assert_eq!(replay.plies.len(), 3);
        assert_eq!(replay.sentence(p.exercise.as_ref().expect("a step"), Lang::En), "The answer: 1. e4 e5 2. Nf3");
    }

    #[test]
    fn a_points_reveal_works_the_answer_out() {
        let mut p = revealed("examples/points-calculator.toml", 1);
        assert!(p.present.replay.is_none(), "no board");
        let en = said(&mut p, Lang::En);
        assert!(en.contains("The answer: D = 150 − 50 = 100; the player with fewer points won: D/2 = 50; so Ming gets -50 and Hong +50"), "{en}");
        assert!(said(&mut p, Lang::Zh).contains("答案：分差 D = 150 − 50 = 100；分少的一方赢了：D/2 = 50；所以小明 -50 分，小红 +50 分"));
        let mut p = revealed("examples/points-calculator.toml", 2);
        assert!(said(&mut p, Lang::En)
            .contains("The answer: D = 80 − 80 = 0; a draw: the player with fewer points gains: 0; so Player A gets 0 and Player B 0"));
        // A rounded cell says so: D = 100.2, D/4 = 25.05 ≈ 25.1.
        let lesson =
            "title = { zh = \"积分\", en = \"Points\" }\n[[step]]\nkind = \"points-calculator\"\npoints = [0, \"100.2\"]\nresult = \"draw\"\n";
        let en = said(&mut revealed_text("examples/rounded.toml", lesson, 1), Lang::En);
        assert!(
            en.contains("D = 100.2 − 0 = 100.2; a draw: the player with fewer points gains: D/4 ≈ 25.1; so Player A gets +25.1 and Player B -25.1"),
            "{en}"
        );
    }

    #[test]
    fn every_star_route_and_typed_answer_of_the_course_completes_its_step_with_three_stars() {
        let root = concat!(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."), "/lessons");
        let mut revealed = 0;
        for stage in std::fs::read_dir(root).expect("lessons").flatten().filter(|e| e.path().is_dir()) {
            for file in std::fs::read_dir(stage.path()).expect("a stage").flatten() {
                let path = file.path();
                if path.extension().is_none_or(|e| e != "toml") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).expect("a lesson");
                let lesson = qitong_lessons::Lesson::parse(&path.display().to_string(), &text).expect("the course reads");
                for (i, step) in lesson.steps.iter().enumerate() {
                    let mut ex = Exercise::new(step);
                    if !matches!(ex, Exercise::StarDrill(_) | Exercise::WriteSan(_) | Exercise::PointsCalculator(_)) {
                        continue;
                    }
                    let events = ex.answer_events().expect("an answer");
                    let (_, last) = Replay::play(&mut ex, &events);
                    assert_eq!(last.and_then(|fb| fb.stars), Some(3), "{} step {}", path.display(), i + 1);
                    revealed += 1;
                }
            }
        }
        assert!(revealed > 100, "{revealed}");
    }

    #[test]
    fn a_paint_reveal_names_the_route_and_the_square_never_reached() {
        let p = revealed("knight/paint.toml", 2);
        let replay = p.present.replay.as_ref().expect("a replay");
        let en = replay.sentence(p.exercise.as_ref().expect("a step"), Lang::En);
        assert!(en.starts_with("The answer: the knight's route a1 → b3 → "), "{en}");
        assert!(en.ends_with("It can never reach b2."), "{en}");
        assert!(replay.sentence(p.exercise.as_ref().expect("a step"), Lang::Zh).contains("b2 去不了"));
    }
}
