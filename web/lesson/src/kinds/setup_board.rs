//! A set-up board's view: "check"; a board of its own (seen from White, the rhyme's side) with
//! the board's set-up tray under it (`qitong_board::extensions::tray`: a piece from it arrives
//! as `Action::Place`), its placed pieces draggable until done; a placed piece pressed is lifted.

use crate::action::Action;
use crate::kinds::{Context, KindView, Press};
use crate::words::{word, Word};
use qitong_board::extensions::tray::Tray;
use qitong_board::steer::Steer;
use qitong_lessons::kinds::setup_board::SetupBoard;
use qitong_lessons::{Event, Machine as _, Status};
use qitong_rules::{Color, Square};
use qitong_view::node::{button, div, Node};

impl KindView for SetupBoard {
    fn controls(&self, p: &Context, _done: bool, out: &mut Vec<Node>) {
        out.push(div("lp-row").child(button("lp-main lp-go", Action::Check, word(Word::Check, p.lang))));
    }

    fn press(&self, sq: Square) -> Press {
        if self.board().piece_at(sq).is_some() {
            Press::Send(Event::Lift(sq))
        } else {
            Press::Nothing
        }
    }
}

/// Its own board, seen from White, the placed pieces draggable and the tray open until done.
pub(super) fn own_board(s: &SetupBoard) -> Steer {
    let mut steer = Steer::showing(*s.board(), Color::White);
    let open = !matches!(s.status(), Status::Complete { .. });
    if open {
        steer.draggable = s.board().occupied() & !s.fixed();
    }
    steer.tray = Some(Tray { pieces: s.tray(), open });
    steer
}
/// A placed piece moves to its new square: lifted, then placed there; onto a fixed piece
/// only the placing, refused with its reason, and nothing lifted.
pub(super) fn drag(s: &SetupBoard, from: Square, to: Square) -> Vec<Event<'static>> {
    let Some(piece) = s.board().piece_at(from) else { return Vec::new() };
    let place = Event::Place { square: to, piece };
    if s.fixed().contains(to) {
        vec![place]
    } else {
        vec![Event::Lift(from), place]
    }
}
