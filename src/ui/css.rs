//! The test that the site's own stylesheets, as the view core's `minified_css!` puts them into
//! the wasm (comments and the spaces a browser does not need taken out at compile time), lose
//! nothing else: the sheets are the board's, the clock's and the lesson player's, hence here.

use qitong_view::css::minified_css;

/// The site's stylesheets, minified, differ from their sources only by comments and spaces.
#[test]
fn the_stylesheets_keep_every_rule() {
    let sheets = [
        (include_str!("../../web/board/src/board.css"), minified_css!(include_str!("../../web/board/src/board.css"))),
        (include_str!("../../web/clock/src/clock.css"), minified_css!(include_str!("../../web/clock/src/clock.css"))),
        (include_str!("../../web/lesson/src/lesson.css"), minified_css!(include_str!("../../web/lesson/src/lesson.css"))),
        (include_str!("../../web/lesson/src/present.css"), minified_css!(include_str!("../../web/lesson/src/present.css"))),
    ];
    let no_space = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    for (source, minified) in sheets {
        assert!(!minified.contains("/*") && !minified.contains('\n'), "{minified}");
        assert!(minified.len() < source.len(), "{} of {}", minified.len(), source.len());
        let mut without_comments = String::new();
        let mut rest = source;
        while let Some((before, after)) = rest.split_once("/*") {
            without_comments.push_str(before);
            rest = after.split_once("*/").map_or("", |(_, after)| after);
        }
        without_comments.push_str(rest);
        assert_eq!(no_space(minified), no_space(&without_comments).replace(";}", "}"));
    }
}
