//! A set-up board's view: the tray of pieces still to place and "check"; a board of its own
//! (seen from White, the rhyme's side), its placed pieces draggable until done; a square pressed
//! places the tray's piece or lifts a placed one.

use crate::action::Action;
use crate::kinds::{Context, KindView, Press};
use crate::words::{word, word_with, Word};
use qitong_board::pieces::piece_svg;
use qitong_board::steer::Steer;
use qitong_lessons::kinds::setup_board::SetupBoard;
use qitong_lessons::{Event, Machine as _, Status};
use qitong_rules::{Color, Piece, Square};
use qitong_view::node::{button, div, el, Node};
use qitong_words::role_name;

impl KindView for SetupBoard {
    fn controls(&self, p: &Context, done: bool, out: &mut Vec<Node>) {
        let lang = p.lang;
        let mut tray = div("lp-tray").attr("role", "group").attr("aria-label", word(Word::Tray, lang)).child(el("p").text(word(Word::Tray, lang)));
        for (piece, left) in self.tray() {
            let name = format!("{}{}{}", qitong_words::side_name(piece.color, lang), lang.pick("", " "), role_name(piece.role, lang));
            let label = word_with(Word::TrayPiece, &[("piece", &name), ("n", &left.to_string())], lang);
            let mut b = el("button")
                .attr("type", "button")
                .class("lp-tray-piece")
                .attr("data-act", Action::Tray(piece).to_string())
                .attr("data-piece", piece.char().to_string())
                .attr("aria-label", label);
            b = b.attr("aria-pressed", if p.tray == Some(piece) { "true" } else { "false" });
            if left == 0 || done {
                b = b.attr("disabled", "");
            }
            let mut pic = div("lp-piece");
            pic.svg = Some(piece_svg(piece));
            tray = tray.child(b.child(pic).child(el("span").class("lp-left").attr("aria-hidden", "true").text(left.to_string())));
        }
        out.push(tray);
        out.push(div("lp-row").child(button("lp-main lp-go", Action::Check, word(Word::Check, lang))));
    }

    fn press(&self, sq: Square, tray: Option<Piece>) -> Press {
        match tray {
            Some(piece) => Press::Send(Event::Place { square: sq, piece }),
            None if self.board().piece_at(sq).is_some() => Press::Send(Event::Lift(sq)),
            None => Press::Nothing,
        }
    }
}

/// Its own board, seen from White, the placed pieces draggable until done.
pub(super) fn own_board(s: &SetupBoard) -> Steer {
    let mut steer = Steer::showing(*s.board(), Color::White);
    if !matches!(s.status(), Status::Complete { .. }) {
        steer.draggable = s.board().occupied() & !s.fixed();
    }
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
