//! Which pieces a star drill's child moves (`mover`), and the validator's checks that the drill
//! says so where it is not plain: a drill with several kinds of pieces names its movers, and a
//! prompt names the piece it asks to move, so that the prompt, the exercise and par agree.

use crate::error::ErrorKind;
use crate::read::Reader;
use crate::text::Text;
use qitong_rules::{Bitboard, Position, Role};

/// Reads `mover` (the squares of the pieces the child may move) against the start position:
/// `None` when every piece may move. Reports squares without a piece of the child's, a drill
/// with several kinds of pieces that does not say which move, and a prompt that does not name
/// the pieces a `mover` restricts the child to.
pub(crate) fn read_movers(r: &mut Reader, start: &Position, prompt: Option<&Text>) -> Option<Bitboard> {
    let own = start.board().by_color(start.turn());
    // In Role::ALL's order, without sorting (a sort costs kilobytes of wasm).
    let roles_of = |squares: Bitboard| -> Vec<Role> { Role::ALL.into_iter().filter(|&role| (squares & start.board().by_role(role)).any()).collect() };
    if r.get("mover").is_none() {
        let roles = roles_of(own);
        if roles.len() > 1 {
            r.report(r.line_of("fen"), ErrorKind::MoverUnsaid { roles });
        }
        return None;
    }
    let mut movers = Bitboard::EMPTY;
    for square in r.squares("mover") {
        if own.contains(square) {
            movers.add(square);
        } else {
            r.report(r.line_of("mover"), ErrorKind::MoverNotOwnPiece { square });
        }
    }
    if movers.is_empty() {
        return None;
    }
    // Only a `mover` that leaves some pieces still needs saying in the prompt.
    if movers != own {
        for role in roles_of(movers) {
            for lang in [crate::lang::Lang::Zh, crate::lang::Lang::En] {
                if !prompt.is_some_and(|p| names_role(p.get(lang), role, lang)) {
                    r.report(r.line_of("mover"), ErrorKind::PromptMissesMover { role, lang });
                }
            }
        }
    }
    Some(movers)
}

/// Does `text` name `role` (its course name, its verse name, or in English its plural)?
pub(crate) fn names_role(text: &str, role: Role, lang: crate::lang::Lang) -> bool {
    match lang {
        crate::lang::Lang::Zh => {
            let verse_name = match role {
                Role::Rook => "城堡",
                Role::Bishop => "主教",
                Role::Knight => "骑士",
                Role::King => "国王",
                Role::Queen => "皇后",
                Role::Pawn => "小兵",
            };
            text.contains(role.zh_name()) || text.contains(verse_name)
        }
        crate::lang::Lang::En => {
            let name = role.name();
            text.split(|c: char| !c.is_ascii_alphabetic()).any(|word| {
                let singular = word.strip_suffix(['s', 'S']).unwrap_or(word);
                word.eq_ignore_ascii_case(name)
                    || singular.eq_ignore_ascii_case(name)
                    || (role == Role::Rook && singular.eq_ignore_ascii_case("castle"))
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    #[test]
    fn a_prompt_names_a_piece_by_its_course_or_verse_name_or_plural() {
        assert!(names_role("用车绕过去", Role::Rook, Lang::Zh));
        assert!(names_role("城堡通行整棋盘", Role::Rook, Lang::Zh));
        assert!(!names_role("绕过去吃星星", Role::Rook, Lang::Zh));
        assert!(names_role("Steer the Rook round", Role::Rook, Lang::En));
        assert!(names_role("Both knights, jump!", Role::Knight, Lang::En));
        assert!(!names_role("Keep taking the stars", Role::King, Lang::En), "\"taking\" is not \"king\"");
    }
}
