//! The board's shadow DOM: built once from its node tree (`board::skeleton`: styles, the 8 × 8
//! ARIA grid of square buttons, the overlays, the toolbar and the live region), then looked up
//! into `Dom`, which keeps the elements and what was last drawn into them.

use crate::render::{screen_cell, BubbleView, PromotionView, SquareView};
use qitong_rules::{Color, Piece, Square};
use qitong_view::node::Node;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, HtmlElement, HtmlInputElement, ShadowRoot};

/// All the board's styles, shipped inside the element.
pub const CSS: &str = qitong_view::css::minified_css!(include_str!("../board.css"));

/// What was last drawn, so that a redraw touches only what changed.
#[derive(Default)]
pub struct Drawn {
    pub squares: Vec<Option<SquareView>>,
    pub focus: Option<usize>,
    pub shapes: Option<String>,
    pub preview: Option<Option<(Square, Piece)>>,
    pub promotion: Option<Option<PromotionView>>,
    pub bubble: Option<Option<BubbleView>>,
    pub status_seq: Option<u32>,
    pub board_class: Option<String>,
    pub toolbar: Option<String>,
    /// The markup of the parts under a steered board (`widget::around`).
    pub around: Option<String>,
    pub lifted: Option<usize>,
    pub ghost_piece: Option<Piece>,
}

/// The elements of one board.
pub struct Dom {
    pub orientation: Color,
    pub wrap: HtmlElement,
    pub board: HtmlElement,
    pub cells: Vec<Element>,
    pub buttons: Vec<HtmlElement>,
    pub pieces: Vec<HtmlElement>,
    pub shapes: Element,
    pub ghost: HtmlElement,
    pub preview: HtmlElement,
    pub promotion: HtmlElement,
    pub bubble: HtmlElement,
    pub bubble_text: HtmlElement,
    pub around: HtmlElement,
    pub bar: HtmlElement,
    pub movebox: HtmlElement,
    pub input: HtmlInputElement,
    pub pen: HtmlElement,
    pub clear: HtmlElement,
    pub adjust: HtmlElement,
    pub fouls: HtmlElement,
    pub status: HtmlElement,
    pub drawn: Drawn,
}

fn find<T: JsCast>(root: &ShadowRoot, selector: &str) -> Result<T, JsValue> {
    root.query_selector(selector)?
        .and_then(|el| el.dyn_into::<T>().ok())
        .ok_or_else(|| JsValue::from_str(&format!("<chess-board>: {selector} is missing")))
}

impl Dom {
    /// Replaces `root`'s content with the elements of `skeleton` (see
    /// [`skeleton`](crate::skeleton::skeleton)) and finds the board's parts. Replacing
    /// the content may fire `focusout` at once: the caller holds no borrow of the state.
    pub fn build(root: &ShadowRoot, skeleton: &[Node], orientation: Color, square_px: f64) -> Result<Dom, JsValue> {
        // One parse of the whole skeleton: building it element by element crossed the wasm
        // boundary ~500 times, the longest part of a board's start on a slow phone (issue 27).
        root.set_inner_html(&qitong_view::markup::html(skeleton));
        let cell_list = root.query_selector_all(".sq")?;
        let mut cells = Vec::with_capacity(64);
        let mut buttons = Vec::with_capacity(64);
        let mut pieces = Vec::with_capacity(64);
        for i in 0..cell_list.length() {
            let cell: Element = cell_list.item(i).and_then(|n| n.dyn_into().ok()).ok_or("<chess-board>: a square is missing")?;
            let button: HtmlElement = cell.first_element_child().and_then(|b| b.dyn_into().ok()).ok_or("<chess-board>: a button is missing")?;
            let piece: HtmlElement = button.first_element_child().and_then(|p| p.dyn_into().ok()).ok_or("<chess-board>: a piece slot is missing")?;
            cells.push(cell);
            buttons.push(button);
            pieces.push(piece);
        }
        let wrap: HtmlElement = find(root, ".wrap")?;
        if square_px > 0.0 {
            wrap.style().set_property("--sq", &super::px(square_px))?;
            wrap.class_list().add_1("sized")?;
        }
        Ok(Dom {
            orientation,
            board: find(root, ".board")?,
            shapes: find(root, ".shapes")?,
            ghost: find(root, ".ghost")?,
            preview: find(root, ".preview")?,
            promotion: find(root, ".promotion")?,
            bubble: find(root, ".bubble")?,
            bubble_text: find(root, ".bubble p")?,
            around: find(root, ".around")?,
            bar: find(root, ".bar")?,
            movebox: find(root, ".movebox")?,
            input: find(root, ".movebox input")?,
            pen: find(root, ".pen")?,
            clear: find(root, ".clear")?,
            adjust: find(root, ".adjust")?,
            fouls: find(root, ".fouls")?,
            status: find(root, ".status")?,
            wrap,
            cells,
            buttons,
            pieces,
            drawn: Drawn { squares: vec![None; 64], ..Drawn::default() },
        })
    }

    /// The index (screen order) of a square.
    pub fn index_of(&self, sq: Square) -> usize {
        let (column, row) = screen_cell(sq, self.orientation);
        usize::from(row) * 8 + usize::from(column)
    }
}
