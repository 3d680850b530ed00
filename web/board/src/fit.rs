//! The board's size from its container, as plain arithmetic (the DOM side is
//! `board/widget/size.rs`): whole device pixels per square, and the space under the board as a
//! function of the square size only, so that what the status line says never moves the board.

/// The smallest square the board draws, in CSS pixels.
pub const SMALLEST_SQUARE: f64 = 12.0;

/// The status line's reserved height at `square` px: two lines of its font
/// (`.status { font-size: clamp(15px, calc(var(--sq) * 0.3), 34px); min-height: 2.8em }`).
pub fn status_reserve(square: f64) -> f64 {
    2.8 * (square * 0.3).clamp(15.0, 34.0)
}

/// The square size for a board `width` wide with `free_height` for the board and what is under
/// it (`chrome` px of it), in whole device pixels.
pub fn square_for(width: f64, free_height: f64, chrome: f64, outside: bool, ratio: f64) -> f64 {
    let cells = 8.0 + if outside { 0.54 } else { 0.0 };
    let square = (width / cells).min((free_height - chrome) / cells);
    let ratio = ratio.max(1.0);
    ((square * ratio).floor() / ratio).max(SMALLEST_SQUARE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_square_is_whole_device_pixels_and_fits_both_ways() {
        assert_eq!(square_for(800.0, 2000.0, 100.0, false, 1.0), 100.0);
        assert_eq!(square_for(800.0, 900.0, 100.0, false, 1.0), 100.0);
        assert_eq!(square_for(800.0, 500.0, 100.0, false, 1.0), 50.0);
        assert_eq!(square_for(801.0, 2000.0, 0.0, false, 2.0), 100.0);
        assert_eq!(square_for(100.0, 2000.0, 0.0, true, 1.0), SMALLEST_SQUARE);
    }

    #[test]
    fn the_status_reserve_follows_the_square_only() {
        assert_eq!(status_reserve(10.0), 42.0);
        assert_eq!(status_reserve(100.0), 84.0);
        assert_eq!(status_reserve(200.0), 2.8 * 34.0);
    }
}
