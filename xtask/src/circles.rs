//! The import-circle test (issue 30 §6): the `use` lines of the web side's crates (each
//! `web/*/src` and `web/*/*/src`, the pages' among them, and the root's `src/`, which re-exports
//! them), and the paths written out in their code (`crate::kinds::render::f()`), make a graph of
//! modules, and a circle in it — two modules
//! each needing the other, directly or round a ring — fails the test with the ring and the lines
//! that close it.
//!
//! Only `crate::`, `super::` and `self::` paths are read (other crates cannot be in a circle:
//! cargo refuses that); test modules are left out (a file named `tests.rs` or `*_tests.rs`, a
//! module declared under `#[cfg(test)]`, and a file's own `#[cfg(test)] mod … {` at its end). A
//! module and the modules inside it are one unit: a folder's `mod.rs` re-exporting its files,
//! and a file using its folder's `mod.rs` with `super::`, is how a module is built, not a circle.
//! The circles known when the test came are in [`KNOWN`], each with why it stays; a new one, or
//! a known one that grows or is gone, fails.

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};
    use std::fs;
    use std::path::{Path, PathBuf};

    /// The circles left, each as its modules (sorted, as the test prints them) and why it stays.
    const KNOWN: &[(&[&str], &str)] = &[];

    fn root() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives in the workspace").to_path_buf()
    }

    /// The source folders of the web side's crates: the root crate's `src/`, `web/*/src` and, for a
    /// folder of crates such as `web/pages/`, `web/*/*/src`.
    fn crate_dirs() -> Vec<(String, PathBuf)> {
        let web = root().join("web");
        let subfolders = |dir: &Path| -> Vec<PathBuf> {
            let mut found: Vec<PathBuf> =
                fs::read_dir(dir).map(|d| d.flatten().map(|e| e.path()).filter(|p| p.is_dir()).collect()).unwrap_or_default();
            found.sort();
            found
        };
        let mut dirs = vec![("qitong".to_string(), root().join("src"))];
        for folder in subfolders(&web) {
            let crates = if folder.join("src").is_dir() { vec![folder] } else { subfolders(&folder) };
            for krate in crates.into_iter().filter(|c| c.join("src").is_dir()) {
                let name = krate.strip_prefix(&web).map_or(String::new(), |n| n.to_string_lossy().into_owned());
                dirs.push((format!("web/{name}"), krate.join("src")));
            }
        }
        dirs
    }

    /// A file's module path in its crate (`ui::lesson::state`; the root is empty).
    fn module_of(src: &Path, file: &Path) -> Vec<String> {
        let rel = file.strip_prefix(src).unwrap_or(file).with_extension("");
        let mut parts: Vec<String> = rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
        if parts.last().is_some_and(|p| p == "mod" || p == "lib" || p == "main") {
            parts.pop();
        }
        parts
    }

    /// The text before a file's own test module (`#[cfg(test)]` then `mod name {`).
    fn without_tests(text: &str) -> &str {
        let at = text.match_indices("#[cfg(test)]").map(|(at, _)| at).find(|&at| {
            let after = text[at + "#[cfg(test)]".len()..].trim_start();
            after.starts_with("mod ") && after.lines().next().is_some_and(|line| line.trim_end().ends_with('{'))
        });
        &text[..at.unwrap_or(text.len())]
    }

    /// The child modules a file declares under `#[cfg(test)]` (`#[cfg(test)] mod tests;`).
    fn test_children(text: &str) -> Vec<String> {
        let mut names = Vec::new();
        for (at, _) in text.match_indices("#[cfg(test)]") {
            let after = text[at + "#[cfg(test)]".len()..].trim_start();
            let line = after.lines().next().unwrap_or("").trim();
            if let Some(name) = line.strip_prefix("mod ").and_then(|rest| rest.strip_suffix(';')) {
                names.push(name.trim().to_string());
            }
        }
        names
    }

    /// The Rust files of a crate's source folder, test files left out.
    fn files(src: &Path) -> Vec<PathBuf> {
        let mut out = Vec::new();
        let mut stack = vec![src.to_path_buf()];
        let mut test_only: BTreeSet<PathBuf> = BTreeSet::new();
        while let Some(dir) = stack.pop() {
            for entry in fs::read_dir(&dir).expect("a readable source folder").flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = fs::read_to_string(&path).expect("a Rust file is UTF-8");
                    // Where its children live: beside `mod.rs`/`lib.rs`, else in a folder of its name.
                    let stem = path.file_stem().map_or(String::new(), |s| s.to_string_lossy().into_owned());
                    let home = if ["mod", "lib", "main"].contains(&stem.as_str()) { dir.clone() } else { dir.join(&stem) };
                    for child in test_children(&text) {
                        test_only.insert(home.join(format!("{child}.rs")));
                        test_only.insert(home.join(&child));
                    }
                    out.push(path);
                }
            }
        }
        let is_test = |p: &Path| {
            let stem = p.file_stem().map_or(String::new(), |s| s.to_string_lossy().into_owned());
            stem == "tests" || stem.ends_with("_tests") || test_only.iter().any(|t| p.starts_with(t))
        };
        out.retain(|p| !is_test(p));
        out.sort();
        out
    }

    /// The `use` items of a file's code (before its tests), each with its line number, joined over
    /// lines and with comments dropped.
    fn use_items(text: &str) -> Vec<(usize, String)> {
        let mut items = Vec::new();
        let mut open: Option<(usize, String)> = None;
        for (n, line) in without_tests(text).lines().enumerate() {
            let code = line.split("//").next().unwrap_or("").trim();
            if let Some((_, item)) = &mut open {
                item.push_str(code);
            } else {
                let rest = code
                    .strip_prefix("pub ")
                    .or_else(|| code.strip_prefix("pub(crate) "))
                    .or_else(|| code.strip_prefix("pub(super) "))
                    .unwrap_or(code);
                if let Some(rest) = rest.strip_prefix("use ") {
                    open = Some((n + 1, rest.to_string()));
                }
            }
            if open.as_ref().is_some_and(|(_, item)| item.ends_with(';')) {
                if let Some((at, item)) = open.take() {
                    items.push((at, item.trim_end_matches(';').replace(" as ", "@").replace(' ', "")));
                }
            }
        }
        items
    }

    /// The `crate::…`, `super::…` and `self::…` paths written in a file's code (before its tests,
    /// comments dropped), outside `use` items, each with its line number.
    fn inline_paths(text: &str) -> Vec<(usize, String)> {
        let mut found = Vec::new();
        for (n, line) in without_tests(text).lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            let bytes = code.as_bytes();
            for head in ["crate::", "super::", "self::"] {
                for (at, _) in code.match_indices(head) {
                    let before = at.checked_sub(1).map(|i| bytes[i]);
                    if before.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b':') {
                        continue;
                    }
                    let end = code[at..].find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':')).map_or(code.len(), |e| at + e);
                    found.push((n + 1, code[at..end].trim_end_matches(':').to_string()));
                }
            }
        }
        found
    }

    /// A use tree (`a::{b,c::{d,e@f}}`, spaces dropped and ` as ` written `@`) spelt out as its paths (`a::b`, `a::c::d`, …).
    fn paths(tree: &str) -> Vec<String> {
        let Some(open) = tree.find('{') else { return vec![tree.split('@').next().unwrap_or(tree).to_string()] };
        let prefix = &tree[..open];
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut parts = Vec::new();
        let (mut depth, mut start) = (0, 0);
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(&inner[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        parts.push(&inner[start..]);
        parts.into_iter().filter(|p| !p.is_empty()).flat_map(|p| paths(p).into_iter().map(move |p| format!("{prefix}{p}"))).collect()
    }

    /// The module a path names, from the module `from`: the longest known module it starts with
    /// (`crate::ui::words::template` → `ui::words`), or None for another crate's path.
    fn target(from: &[String], path: &str, known: &BTreeSet<Vec<String>>) -> Option<Vec<String>> {
        let mut segments = path.split("::").map(str::to_string);
        let mut at: Vec<String> = match segments.next()?.as_str() {
            "crate" => Vec::new(),
            "self" => from.to_vec(),
            "super" => from[..from.len().saturating_sub(1)].to_vec(),
            _ => return None,
        };
        for segment in segments {
            match segment.as_str() {
                "super" => {
                    at.pop();
                }
                "self" | "*" => {}
                _ => {
                    at.push(segment);
                    if !known.contains(&at) {
                        at.pop();
                        break;
                    }
                }
            }
        }
        Some(at)
    }

    /// One `use` that makes a module need another: where it is written.
    type Edges = BTreeMap<(String, String), String>;

    /// The graph of every crate: an edge per pair of modules, with the first line that makes it.
    fn graph() -> Edges {
        let mut edges = Edges::new();
        for (name, src) in crate_dirs() {
            let files = files(&src);
            let known: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(&src, f)).collect();
            let show = |m: &[String]| if m.is_empty() { format!("{name}::") } else { format!("{name}::{}", m.join("::")) };
            for file in &files {
                let from = module_of(&src, file);
                let text = fs::read_to_string(file).expect("a Rust file is UTF-8");
                let lines: Vec<&str> = text.lines().collect();
                let uses = use_items(&text).into_iter().flat_map(|(line, item)| paths(&item).into_iter().map(move |p| (line, p)));
                for (line, path) in uses.chain(inline_paths(&text)) {
                    let Some(to) = target(&from, &path, &known) else { continue };
                    // A module and the modules inside it are one unit.
                    if to.starts_with(&from) || from.starts_with(&to) {
                        continue;
                    }
                    let written = lines.get(line - 1).map_or("", |l| l.trim());
                    let at = format!("{}:{line}: {written}", file.strip_prefix(root()).unwrap_or(file).display());
                    edges.entry((show(&from), show(&to))).or_insert(at);
                }
            }
        }
        edges
    }

    /// The strongly connected parts of more than one module (Tarjan), each sorted.
    fn circles(edges: &Edges) -> Vec<Vec<String>> {
        let nodes: BTreeSet<&String> = edges.keys().flat_map(|(a, b)| [a, b]).collect();
        let index_of: BTreeMap<&String, usize> = nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
        let names: Vec<&String> = nodes.into_iter().collect();
        let mut next: Vec<Vec<usize>> = vec![Vec::new(); names.len()];
        for (a, b) in edges.keys() {
            next[index_of[a]].push(index_of[b]);
        }
        struct Walk<'a> {
            next: &'a [Vec<usize>],
            index: Vec<Option<usize>>,
            low: Vec<usize>,
            on_stack: Vec<bool>,
            stack: Vec<usize>,
            counter: usize,
            found: Vec<Vec<usize>>,
        }
        fn visit(w: &mut Walk, v: usize) {
            w.index[v] = Some(w.counter);
            w.low[v] = w.counter;
            w.counter += 1;
            w.stack.push(v);
            w.on_stack[v] = true;
            for i in 0..w.next[v].len() {
                let u = w.next[v][i];
                match w.index[u] {
                    None => {
                        visit(w, u);
                        w.low[v] = w.low[v].min(w.low[u]);
                    }
                    Some(ui) if w.on_stack[u] => w.low[v] = w.low[v].min(ui),
                    Some(_) => {}
                }
            }
            if Some(w.low[v]) == w.index[v] {
                let mut part = Vec::new();
                while let Some(u) = w.stack.pop() {
                    w.on_stack[u] = false;
                    part.push(u);
                    if u == v {
                        break;
                    }
                }
                if part.len() > 1 {
                    w.found.push(part);
                }
            }
        }
        let n = names.len();
        let mut w =
            Walk { next: &next, index: vec![None; n], low: vec![0; n], on_stack: vec![false; n], stack: Vec::new(), counter: 0, found: Vec::new() };
        for v in 0..n {
            if w.index[v].is_none() {
                visit(&mut w, v);
            }
        }
        let mut parts: Vec<Vec<String>> = w.found.into_iter().map(|p| p.into_iter().map(|i| names[i].clone()).collect()).collect();
        for part in &mut parts {
            part.sort();
        }
        parts.sort();
        parts
    }

    /// One ring through `part` from its first module back to it, each step with its `use` line.
    fn ring(part: &[String], edges: &Edges) -> String {
        let inside: BTreeSet<&String> = part.iter().collect();
        let start = &part[0];
        // Breadth-first from `start` inside the part, back to `start`.
        let mut came_from: BTreeMap<&String, &String> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start]);
        let mut last = None;
        while let Some(at) = queue.pop_front() {
            for ((a, b), _) in edges.range((at.clone(), String::new())..) {
                if a != at {
                    break;
                }
                if b == start {
                    last = Some(at);
                    break;
                }
                if inside.contains(b) && !came_from.contains_key(b) {
                    came_from.insert(b, at);
                    queue.push_back(b);
                }
            }
            if last.is_some() {
                break;
            }
        }
        let mut steps = vec![start];
        let mut at = last.unwrap_or(start);
        while at != start {
            steps.push(at);
            at = came_from.get(at).copied().unwrap_or(start);
        }
        steps.push(start);
        let end = steps.len() - 1;
        steps[1..end].reverse();
        steps.windows(2).map(|w| format!("  {} -> {}\n      {}", w[0], w[1], edges[&(w[0].clone(), w[1].clone())])).collect::<Vec<_>>().join("\n")
    }

    #[test]
    fn no_new_import_circle() {
        let edges = graph();
        assert!(edges.len() > 100, "the use lines were read: {} edges", edges.len());
        let found = circles(&edges);
        let known: Vec<Vec<String>> = KNOWN.iter().map(|(part, _)| part.iter().map(|m| m.to_string()).collect()).collect();
        let new: Vec<String> = found.iter().filter(|p| !known.contains(p)).map(|p| format!("{}:\n{}", p.join(" ↔ "), ring(p, &edges))).collect();
        let gone: Vec<String> = known.iter().filter(|p| !found.contains(p)).map(|p| p.join(" ↔ ")).collect();
        assert!(new.is_empty(), "import circles (move what both need to a module both use; see docs in circles.rs):\n{}", new.join("\n"));
        assert!(gone.is_empty(), "circles in KNOWN that are gone or changed: take them off the list:\n{}", gone.join("\n"));
    }

    /// Every web crate the workspace names one by one (`web/view`, …, `web/pages/check`; the export
    /// and module crates, named by a glob, are read as `web/*/*/src` too) is in the graph.
    #[test]
    fn every_web_crate_is_read() {
        let manifest = fs::read_to_string(root().join("Cargo.toml")).expect("Cargo.toml");
        let members = manifest.split("members = [").nth(1).and_then(|rest| rest.split(']').next()).expect("the workspace's members");
        let read: BTreeSet<String> = crate_dirs().into_iter().map(|(name, _)| name).collect();
        let web: Vec<&str> = members.split('"').filter(|m| m.starts_with("web/") && !m.ends_with("/*")).collect();
        assert!(web.len() > 10, "the members were read: {web:?}");
        for member in web {
            assert!(read.contains(member), "{member} is not read: {read:?}");
        }
    }

    #[test]
    fn the_reading_finds_a_circle_and_spells_out_use_trees() {
        assert_eq!(paths("crate::a::{b,c::{d,e@f},self}"), ["crate::a::b", "crate::a::c::d", "crate::a::c::e", "crate::a::self"]);
        let known: BTreeSet<Vec<String>> =
            [vec![], vec!["ui".into()], vec!["ui".into(), "a".into()], vec!["ui".into(), "b".into()]].into_iter().collect();
        let from = vec!["ui".to_string(), "a".to_string()];
        assert_eq!(target(&from, "super::b::Thing", &known), Some(vec!["ui".to_string(), "b".to_string()]));
        assert_eq!(target(&from, "crate::ui::b::{X}", &known), Some(vec!["ui".to_string(), "b".to_string()]));
        assert_eq!(target(&from, "std::fmt", &known), None);
        let at = |s: &str| s.to_string();
        let edges: Edges = [
            ((at("a"), at("b")), at("a.rs:1")),
            ((at("b"), at("c")), at("b.rs:1")),
            ((at("c"), at("a")), at("c.rs:1")),
            ((at("c"), at("d")), at("c.rs:2")),
        ]
        .into_iter()
        .collect();
        assert_eq!(circles(&edges), [vec![at("a"), at("b"), at("c")]]);
        assert_eq!(ring(&["a".into(), "b".into(), "c".into()], &edges), "  a -> b\n      a.rs:1\n  b -> c\n      b.rs:1\n  c -> a\n      c.rs:1");
        assert_eq!(
            use_items("use crate::{\n    a::B, // why\n    c,\n};\n#[cfg(test)]\nmod tests {\n    use crate::d;\n}\n"),
            [(1, "crate::{a::B,c,}".to_string())]
        );
        assert_eq!(
            inline_paths("let x = crate::ui::render::f(super::g, $crate::h, a::crate::i); // crate::j"),
            [(1, "crate::ui::render::f".to_string()), (1, "super::g".to_string())]
        );
        assert_eq!(module_of(Path::new("/s"), Path::new("/s/ui/lesson/mod.rs")), ["ui", "lesson"]);
    }
}
