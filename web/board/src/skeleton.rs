//! The board's shadow DOM as `qitong_view::node` trees (pure, tested natively): the styles, the 8 × 8 ARIA
//! grid of square buttons, the overlays, the toolbar and the live region, built by the widget
//! (`widget::dom`), and the promotion chooser's four buttons. Every word goes in as text.

use crate::config::{Config, Coordinates};
use crate::markup::display_order;
use crate::pieces::piece_svg;
use crate::render::{coordinate_labels, screen_cell, PromotionView};
use crate::state::BoardState;
use crate::words::{piece_name, BoardText};
use qitong_rules::Square;
use qitong_view::node::{div, el, Node};
use qitong_words::Lang;

const PEN_ICON: &str = r#"<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 20l1-5L16 4l4 4L9 19z M14 6l4 4" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linejoin="round"/></svg>"#;
const FLIP_ICON: &str = r#"<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M8 20V5M4 9l4-4 4 4M16 4v15M12 15l4 4 4-4" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linejoin="round" stroke-linecap="round"/></svg>"#;
const CLEAR_ICON: &str = r#"<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M5 6h14M9 6V4h6v2M7 6l1 14h8l1-14" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linejoin="round"/></svg>"#;

/// The whole content of the shadow root for this state, `css` its stylesheet.
pub fn skeleton(state: &BoardState, css: &str) -> Vec<Node> {
    let config = &state.config;
    let lang = config.lang;
    let outside = config.coordinates == Coordinates::Outside;
    let (files, ranks) = coordinate_labels(config.orientation);
    let mut board = div("board").attr("part", "board").child(grid(config));
    // The overlays are the grid's siblings: a grid holds rows only.
    board = board
        .child(el("svg").class("shapes").attr("part", "shapes").attr("viewBox", "0 0 8 8").attr("aria-hidden", "true"))
        .child(div("preview").attr("aria-hidden", "true").attr("hidden", ""))
        .child(div("ghost").attr("part", "ghost").attr("aria-hidden", "true").attr("hidden", ""))
        .child(
            div("promotion").attr("part", "promotion").attr("role", "group").attr("aria-label", BoardText::Promotion.text(lang)).attr("hidden", ""),
        )
        .child(
            div("bubble")
                .attr("part", "bubble")
                .attr("hidden", "")
                .child(el("p"))
                .child(el("button").attr("type", "button").class("bubble-close").text(BoardText::Close.text(lang))),
        );
    let mut frame = div("frame").class(if outside { "outside" } else { "" }).attr("part", "frame").child(board);
    if outside {
        let strip = |class: &str, labels: [char; 8]| {
            div("frame-coords").class(class).attr("part", "coordinate").attr("aria-hidden", "true").children(labels.map(|c| el("span").text(c)))
        };
        frame = frame.child(strip("files", files)).child(strip("ranks", ranks));
    }
    // `status-line="off"`: the live region is read out but takes no room (`.quiet`).
    let wrap = div(if state.config.status_line { "wrap" } else { "wrap quiet" });
    // What a steered board's extensions draw under it (the set-up tray, the clock's faces):
    // filled by the widget, empty (and taking no room) on every other board.
    let around = div("around").attr("part", "around");
    let wrap = wrap.attr("part", "container").child(frame).child(around).child(toolbar(lang)).child(status(state.status().0));
    vec![el("style").text(css), wrap]
}

/// The 8 × 8 grid: rows of square cells in screen order, each a button holding an empty piece
/// slot (filled on every redraw), with the inside coordinates on the edge squares.
fn grid(config: &Config) -> Node {
    let (files, ranks) = coordinate_labels(config.orientation);
    let squares: Vec<Square> = display_order(config.orientation).collect();
    let rows = squares.chunks(8).map(|row| {
        el("div").attr("role", "row").class("row").children(row.iter().map(|&sq| {
            let shade = if sq.is_light() { "light" } else { "dark" };
            let button = el("button").attr("type", "button").attr("tabindex", "-1").child(el("span").class("piece").attr("part", "piece"));
            let mut cell = el("div")
                .attr("role", "gridcell")
                .class("sq")
                .class(shade)
                .attr("part", format!("square {shade}"))
                .attr("data-square", sq.to_string())
                .child(button);
            // Outside the button: a button's visible text must be part of its name, and the
            // square's name says its coordinates already.
            if config.coordinates == Coordinates::Inside {
                let (column, row) = screen_cell(sq, config.orientation);
                let coord = |class: &str, label: char| {
                    el("span").class("coord").class(class).attr("part", "coordinate").attr("aria-hidden", "true").text(label)
                };
                if row == 7 {
                    cell = cell.child(coord("file", files[usize::from(column)]));
                }
                if column == 0 {
                    cell = cell.child(coord("rank", ranks[usize::from(row)]));
                }
            }
            cell
        }))
    });
    div("grid").attr("role", "grid").attr("aria-label", BoardText::Board.text(config.lang)).children(rows)
}

/// The move box, the drawing tools (their icons our own constant drawings) and the class-play
/// parts (hidden until class play).
fn toolbar(lang: Lang) -> Node {
    let input = el("input")
        .attr("part", "move-input")
        .attr("name", "move")
        .attr("autocomplete", "off")
        .attr("autocapitalize", "off")
        .attr("spellcheck", "false")
        .attr("enterkeyhint", "go")
        .attr("aria-label", BoardText::MoveBox.text(lang))
        .attr("placeholder", BoardText::MoveBoxPlaceholder.text(lang));
    let movebox =
        el("form").class("movebox").child(input).child(el("button").attr("type", "submit").attr("part", "button").text(BoardText::Play.text(lang)));
    let tool = |class: &str| el("button").attr("type", "button").class("tool").class(class).attr("part", "button");
    let drawn = |node: Node, label: BoardText, icon: &'static str| {
        let label = label.text(lang);
        Node { svg: Some(icon), ..node.attr("aria-label", label).attr("title", label) }
    };
    let adjust = BoardText::Adjust.text(lang);
    div("bar")
        .attr("part", "toolbar")
        .child(movebox)
        .child(drawn(tool("pen").attr("aria-pressed", "false"), BoardText::Pen, PEN_ICON))
        .child(drawn(tool("clear"), BoardText::Clear, CLEAR_ICON))
        .child(drawn(tool("flip"), BoardText::Flip, FLIP_ICON))
        .child(tool("adjust").attr("aria-pressed", "false").attr("title", adjust).attr("hidden", "").text(adjust))
        .child(el("span").class("fouls").attr("part", "fouls").attr("hidden", ""))
}

/// The live region, holding its first words from the start: a live region filled later would
/// be read out for every board as the page loads.
fn status(said: &str) -> Node {
    let line = el("p").class("status").attr("part", "status").attr("role", "status").attr("aria-live", "polite").attr("aria-atomic", "true");
    // No empty text node: the same children as the markup this replaced.
    if said.is_empty() {
        line
    } else {
        line.text(said)
    }
}

/// The promotion chooser's buttons, one per piece the pawn may become (each named, and drawn
/// with our own piece drawing).
pub fn promotion(view: &PromotionView, lang: Lang) -> Vec<Node> {
    view.pieces
        .iter()
        .map(|&piece| Node {
            svg: Some(piece_svg(piece)),
            ..el("button")
                .attr("type", "button")
                .attr("part", "promotion-choice")
                .attr("data-role", piece.role.char())
                .attr("aria-label", piece_name(piece, lang))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use qitong_rules::{Color, Role};

    fn board(orientation: Color, coordinates: Coordinates, lang: Lang) -> BoardState {
        BoardState::new(Config { orientation, coordinates, lang, ..Config::default() })
    }

    /// The shadow root's wrapper (after the style).
    fn wrap(state: &BoardState) -> Node {
        let [style, wrap] = <[Node; 2]>::try_from(skeleton(state, "p{}")).expect("the style and the wrapper");
        assert_eq!((style.tag, style.text.as_deref()), ("style", Some("p{}")));
        wrap
    }

    fn texts_of(tree: &Node, class: &str) -> String {
        tree.walk().into_iter().filter(|n| n.get("class") == Some(class)).filter_map(|n| n.text.as_deref()).collect()
    }

    #[test]
    fn the_64_squares_come_in_display_order_in_eight_rows_for_both_sides() {
        for side in [Color::White, Color::Black] {
            let wrap = wrap(&board(side, Coordinates::Inside, Lang::Zh));
            let grid = wrap.find("role", "grid").expect("the grid");
            assert_eq!(grid.children.len(), 8);
            assert!(grid.children.iter().all(|row| row.get("role") == Some("row") && row.children.len() == 8));
            let cells: Vec<&Node> = grid.walk().into_iter().filter(|n| n.get("role") == Some("gridcell")).collect();
            let names: Vec<String> = cells.iter().filter_map(|c| c.get("data-square").map(str::to_owned)).collect();
            let expected: Vec<String> = display_order(side).map(|sq| sq.to_string()).collect();
            assert_eq!(names, expected, "{side:?} below");
            for (cell, sq) in cells.iter().zip(display_order(side)) {
                let shade = if sq.is_light() { "light" } else { "dark" };
                assert_eq!(cell.get("class"), Some(format!("sq {shade}").as_str()));
                let button = &cell.children[0];
                assert_eq!((button.tag, button.get("tabindex")), ("button", Some("-1")));
                assert_eq!(button.children.iter().map(|c| c.get("class")).collect::<Vec<_>>(), [Some("piece")]);
            }
        }
        assert_eq!(wrap(&board(Color::Black, Coordinates::Inside, Lang::Zh)).find("role", "gridcell").and_then(|c| c.get("data-square")), Some("h1"));
    }

    #[test]
    fn coordinates_inside_on_the_edge_squares_outside_in_the_frame_or_none() {
        let inside = wrap(&board(Color::Black, Coordinates::Inside, Lang::Zh));
        assert_eq!((texts_of(&inside, "coord file"), texts_of(&inside, "coord rank")), ("hgfedcba".into(), "12345678".into()));
        assert_eq!(inside.find("class", "frame").map(|f| f.children.len()), Some(1));
        // The file letters sit on the bottom row's squares, the rank numbers on the left column's.
        let grid = inside.find("role", "grid").expect("the grid");
        assert_eq!(grid.children[7].children[0].children.len(), 3);
        assert_eq!(grid.children[0].children[7].children.len(), 1);

        let outside = wrap(&board(Color::White, Coordinates::Outside, Lang::Zh));
        assert!(outside.find("class", "frame").is_none());
        let frame = outside.find("class", "frame outside").expect("the frame");
        assert_eq!(
            frame.children.iter().map(|c| c.get("class")).collect::<Vec<_>>(),
            [Some("board"), Some("frame-coords files"), Some("frame-coords ranks")]
        );
        assert_eq!(frame.children[1].all_text().replace(' ', ""), "abcdefgh");
        assert_eq!(frame.children[2].all_text().replace(' ', ""), "87654321");
        assert_eq!(texts_of(&outside, "coord file"), "");

        let off = wrap(&board(Color::White, Coordinates::Off, Lang::Zh));
        assert!(off.find("part", "coordinate").is_none());
        assert!(off.find("class", "frame").is_some());
    }

    #[test]
    fn the_status_line_holds_its_words_as_text_even_with_tags_in_them() {
        let mut state = board(Color::White, Coordinates::Inside, Lang::En);
        state.announce("<b>White</b> to move & <img src=x>".to_owned());
        let wrap = wrap(&state);
        let status = wrap.find("role", "status").expect("the live region");
        assert_eq!((status.text.as_deref(), status.svg, status.children.len()), (Some("<b>White</b> to move & <img src=x>"), None, 0));
        assert_eq!((status.get("aria-live"), status.get("aria-atomic")), (Some("polite"), Some("true")));
        state.announce(String::new());
        assert_eq!(self::wrap(&state).find("role", "status").map(|s| s.text.clone()), Some(None));
    }

    #[test]
    fn words_come_in_the_boards_language_and_only_the_three_tool_icons_are_markup() {
        let wrap = wrap(&board(Color::White, Coordinates::Inside, Lang::En));
        assert_eq!(wrap.find("role", "grid").and_then(|g| g.get("aria-label")), Some("Chess board"));
        let drawn: Vec<(Option<&str>, &str)> = wrap.walk().into_iter().filter_map(|n| n.svg.map(|svg| (n.get("class"), svg))).collect();
        assert_eq!(drawn, [(Some("tool pen"), PEN_ICON), (Some("tool clear"), CLEAR_ICON), (Some("tool flip"), FLIP_ICON)]);
        let pen = wrap.find("class", "tool pen").expect("the pen");
        assert_eq!((pen.get("aria-pressed"), pen.get("aria-label"), pen.text.as_deref()), (Some("false"), pen.get("title"), None));
        let adjust = wrap.find("class", "tool adjust").expect("the adjust button");
        assert_eq!((adjust.get("hidden"), adjust.text.as_deref()), (Some(""), adjust.get("title")));
        let zh = self::wrap(&board(Color::White, Coordinates::Inside, Lang::Zh));
        assert_ne!(zh.find("role", "grid").and_then(|g| g.get("aria-label")), Some("Chess board"));
        // Overlays after the grid, all hidden but the drawing layer.
        let board = wrap.find("part", "board").expect("the board");
        let parts: Vec<Option<&str>> = board.children.iter().map(|c| c.get("class")).collect();
        assert_eq!(parts, [Some("grid"), Some("shapes"), Some("preview"), Some("ghost"), Some("promotion"), Some("bubble")]);
        assert_eq!(board.children.iter().filter(|c| c.get("hidden").is_some()).count(), 4);
        assert_eq!(board.children[1].tag, "svg");
    }

    #[test]
    fn the_promotion_chooser_offers_queen_rook_bishop_and_knight_by_name() {
        let view = PromotionView { column: 4, from_top: true, pieces: Role::PROMOTIONS.map(|r| r.of(Color::Black)) };
        let choices = promotion(&view, Lang::En);
        let roles: Vec<Option<&str>> = choices.iter().map(|c| c.get("data-role")).collect();
        assert_eq!(roles, [Some("q"), Some("r"), Some("b"), Some("n")]);
        let names: Vec<Option<&str>> = choices.iter().map(|c| c.get("aria-label")).collect();
        assert_eq!(names, [Some("black queen"), Some("black rook"), Some("black bishop"), Some("black knight")]);
        for (choice, piece) in choices.iter().zip(view.pieces) {
            assert_eq!((choice.tag, choice.get("type"), choice.get("part")), ("button", Some("button"), Some("promotion-choice")));
            assert_eq!((choice.svg, choice.text.as_deref()), (Some(piece_svg(piece)), None));
        }
        let zh = promotion(&PromotionView { pieces: Role::PROMOTIONS.map(|r| r.of(Color::White)), ..view }, Lang::Zh);
        assert_eq!(zh[0].get("aria-label"), Some("白后"));
    }

    /// The skeleton as HTML (`qitong_view::markup`, one parser call): whole, no end tag for an input.
    #[test]
    fn the_board_skeleton_is_written_whole() {
        let out = qitong_view::markup::html(&skeleton(&BoardState::new(Config::default()), "p{}"));
        assert_eq!(out.matches("role=\"gridcell\"").count(), 64);
        assert_eq!(out.matches("<button").count(), out.matches("</button>").count());
        assert!(!out.contains("</input>"));
    }
}
