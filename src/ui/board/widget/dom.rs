//! The board's shadow DOM: written once as one string (styles, the 8 × 8 ARIA grid of square
//! buttons, the overlays, the toolbar and the live region), then looked up into `Dom`, which
//! keeps the elements and what was last drawn into them.

use crate::rules::{Color, Piece, Square};
use crate::ui::board::config::Coordinates;
use crate::ui::board::markup::display_order;
use crate::ui::board::render::{coordinate_labels, screen_cell, BubbleView, PromotionView, SquareView};
use crate::ui::board::state::BoardState;
use crate::ui::board::words::board_text;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, HtmlElement, HtmlInputElement, ShadowRoot};

/// All the board's styles, shipped inside the element.
const CSS: &str = crate::ui::css::minified_css!(include_str!("../board.css"));

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

/// Escapes text for an attribute value or element content.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

const PEN_ICON: &str = r#"<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 20l1-5L16 4l4 4L9 19z M14 6l4 4" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linejoin="round"/></svg>"#;
const FLIP_ICON: &str = r#"<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M8 20V5M4 9l4-4 4 4M16 4v15M12 15l4 4 4-4" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linejoin="round" stroke-linecap="round"/></svg>"#;
const CLEAR_ICON: &str = r#"<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M5 6h14M9 6V4h6v2M7 6l1 14h8l1-14" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linejoin="round"/></svg>"#;

/// The whole content of the shadow root for this state.
pub fn skeleton(state: &BoardState) -> String {
    let config = &state.config;
    let lang = config.lang;
    let text = |code: &str| escape(board_text(code, lang).unwrap_or(code));
    let mut html = String::with_capacity(CSS.len() + 16 * 1024);
    html.push_str("<style>");
    html.push_str(CSS);
    html.push_str("</style>");
    html.push_str(r#"<div class="wrap" part="container"><div class="frame"#);
    if config.coordinates == Coordinates::Outside {
        html.push_str(" outside");
    }
    html.push_str(r#"" part="frame"><div class="board" part="board"><div class="grid" role="grid" aria-label=""#);
    html.push_str(&text("board"));
    html.push_str(r#"">"#);
    let (files, ranks) = coordinate_labels(config.orientation);
    for (i, sq) in display_order(config.orientation).enumerate() {
        if i % 8 == 0 {
            html.push_str(r#"<div role="row" class="row">"#);
        }
        let shade = if sq.is_light() { "light" } else { "dark" };
        html.push_str(&format!(
            r#"<div role="gridcell" class="sq {shade}" part="square {shade}" data-square="{sq}"><button type="button" tabindex="-1"><span class="piece" part="piece"></span></button>"#
        ));
        // Outside the button: a button's visible text must be part of its name, and the
        // square's name says its coordinates already.
        if config.coordinates == Coordinates::Inside {
            let (column, row) = screen_cell(sq, config.orientation);
            if row == 7 {
                html.push_str(&format!(r#"<span class="coord file" part="coordinate" aria-hidden="true">{}</span>"#, files[usize::from(column)]));
            }
            if column == 0 {
                html.push_str(&format!(r#"<span class="coord rank" part="coordinate" aria-hidden="true">{}</span>"#, ranks[usize::from(row)]));
            }
        }
        html.push_str("</div>");
        if i % 8 == 7 {
            html.push_str("</div>");
        }
    }
    // The overlays are the grid's siblings: a grid holds rows only.
    html.push_str("</div>");
    html.push_str(r#"<svg class="shapes" part="shapes" viewBox="0 0 8 8" aria-hidden="true"></svg>"#);
    html.push_str(r#"<div class="preview" aria-hidden="true" hidden></div><div class="ghost" part="ghost" aria-hidden="true" hidden></div>"#);
    html.push_str(&format!(r#"<div class="promotion" part="promotion" role="group" aria-label="{}" hidden></div>"#, text("promotion")));
    html.push_str(&format!(
        r#"<div class="bubble" part="bubble" hidden><p></p><button type="button" class="bubble-close">{}</button></div>"#,
        text("close")
    ));
    html.push_str("</div>");
    if config.coordinates == Coordinates::Outside {
        html.push_str(r#"<div class="frame-coords files" part="coordinate" aria-hidden="true">"#);
        for c in files {
            html.push_str(&format!("<span>{c}</span>"));
        }
        html.push_str(r#"</div><div class="frame-coords ranks" part="coordinate" aria-hidden="true">"#);
        for c in ranks {
            html.push_str(&format!("<span>{c}</span>"));
        }
        html.push_str("</div>");
    }
    html.push_str("</div>");
    html.push_str(&format!(
        concat!(
            r#"<div class="bar" part="toolbar"><form class="movebox"><input part="move-input" name="move" autocomplete="off" "#,
            r#"autocapitalize="off" spellcheck="false" enterkeyhint="go" aria-label="{box}" placeholder="{placeholder}">"#,
            r#"<button type="submit" part="button">{play}</button></form>"#,
            r#"<button type="button" class="tool pen" part="button" aria-pressed="false" aria-label="{pen}" title="{pen}">{pen_icon}</button>"#,
            r#"<button type="button" class="tool clear" part="button" aria-label="{clear}" title="{clear}">{clear_icon}</button>"#,
            r#"<button type="button" class="tool flip" part="button" aria-label="{flip}" title="{flip}">{flip_icon}</button>"#,
            r#"<button type="button" class="tool adjust" part="button" aria-pressed="false" title="{adjust}" hidden>{adjust}</button>"#,
            r#"<span class="fouls" part="fouls" hidden></span></div>"#,
            r#"<p class="status" part="status" role="status" aria-live="polite" aria-atomic="true">{status}</p></div>"#
        ),
        status = escape(state.status().0),
        r#box = text("move-box"),
        placeholder = text("move-box-placeholder"),
        play = text("play"),
        pen = text("pen"),
        pen_icon = PEN_ICON,
        clear = text("clear"),
        clear_icon = CLEAR_ICON,
        flip = text("flip"),
        flip_icon = FLIP_ICON,
        adjust = text("adjust"),
    ));
    html
}

fn find<T: JsCast>(root: &ShadowRoot, selector: &str) -> Result<T, JsValue> {
    root.query_selector(selector)?
        .and_then(|el| el.dyn_into::<T>().ok())
        .ok_or_else(|| JsValue::from_str(&format!("<chess-board>: {selector} is missing")))
}

impl Dom {
    /// Writes `skeleton` (see [`skeleton`]) into `root` and finds the board's parts. Replacing
    /// the content may fire `focusout` at once: the caller holds no borrow of the state.
    pub fn build(root: &ShadowRoot, skeleton: &str, orientation: Color, square_px: f64) -> Result<Dom, JsValue> {
        root.set_inner_html(skeleton);
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
