//! Short names between a built module and its bindings. wasm-bindgen names each function the
//! wasm imports from its JS glue `__wbg_<name>_<16 hex digits>` (`__wbg_closest_39824b16065066bc`)
//! and writes each name twice, once in the wasm's import section and once as a key of the glue's
//! import object; the closures' entry points it exports are named the same way
//! (`wasm_bindgen__convert__closures_____invoke__h86b2f5cf7a2164f3`). The hashes do not compress:
//! the course's module and its glue carried ~5 KB gzipped of them (measured 2026-12-03: 176
//! imports). Here each import becomes `_0`, `_1`, … `_4x`, each such export `$0`, `$1`, …, the
//! module the imports come from (`./qitong_course_bg.js`, written once per import) `_`, in the
//! wasm, the glue and its TypeScript declarations; the custom sections but the function names
//! (`target_features`) go. A name the glue does not hold where expected stops the build (a newer
//! wasm-bindgen writing its glue differently).
//!
//! Against binaryen, measured 2026-12-05 on this machine: npm binaryen 132's `wasm-opt` run on
//! the modules as wasm-bindgen wrote them (`QITONG_NO_PASSES=1 cargo xtask build …`), one of its
//! passes in this file's place and ours around it, KB gzipped (zlib -9, 0.2-0.6 KB under
//! `cargo xtask build`'s figure) for teacher / course / elements, ours all three 374.9 / 202.6 /
//! 104.9: binaryen's `--minify-imports-and-exports-and-modules` here gives a wasm of
//! 374.3 / 202.5 / 104.6 (0.5 / 0.1 / 0.2 KB smaller: it renames every export, wasm-bindgen's
//! class methods too) but leaves the glue calling the old names, so the module does not run
//! without a rewrite of the glue, which is the other half of this file (the glue here goes from
//! 18.8 / 10.6 / 9.4 to 15.3 / 8.0 / 7.4 KB); `--minify-imports-and-exports`, which keeps the
//! imports' module name, 379.3 / 206.0 / 107.9. Ours stays; renaming the other exports too is
//! what is left to win.

use crate::merge::{read_leb, write_leb};
use anyhow::{bail, Context, Result};
use std::ops::Range;
use wasmparser::{BinaryReader, Validator};

/// The name the module gives the glue its imports come from.
pub const GLUE_MODULE: &str = "_";

/// The `n`th short name: `prefix` and `n` in base 36, a JavaScript identifier, never a keyword.
pub fn short_name(prefix: char, n: usize) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut digits = Vec::new();
    let mut rest = n;
    loop {
        digits.push(char::from(DIGITS[rest % 36]));
        rest /= 36;
        if rest == 0 {
            break;
        }
    }
    core::iter::once(prefix).chain(digits.into_iter().rev()).collect()
}

/// The bindings of one module: its glue and its TypeScript declarations.
pub struct Bindings {
    pub js: String,
    pub types: Vec<String>,
}

/// How many names were shortened.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Shortened {
    pub imports: usize,
    pub exports: usize,
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '$'
}

/// The places of `word` in `text` as a whole identifier.
fn word_places(text: &str, word: &str) -> Vec<usize> {
    text.match_indices(word)
        .filter(|(at, _)| !text[..*at].chars().next_back().is_some_and(is_ident) && !text[at + word.len()..].chars().next().is_some_and(is_ident))
        .map(|(at, _)| at)
        .collect()
}

/// `text` with the byte ranges `places` (sorted, each `long` bytes) replaced by `short`.
fn replaced(text: &str, places: &[(usize, usize, &str)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for &(at, long, short) in places {
        out.push_str(&text[from..at]);
        out.push_str(short);
        from = at + long;
    }
    out.push_str(&text[from..]);
    out
}

/// A name written as wasm writes it (its length, then its bytes), and where the reader is after.
fn name_at(wasm: &[u8], at: usize) -> Result<(&str, usize)> {
    let (len, size) = read_leb(wasm, at)?;
    let start = at + size;
    let bytes = wasm.get(start..start + len).context("a name runs past the end of the module")?;
    Ok((std::str::from_utf8(bytes).context("a name that is not UTF-8")?, start + len))
}

fn push_name(out: &mut Vec<u8>, name: &str) {
    write_leb(out, name.len() as u64);
    out.extend_from_slice(name.as_bytes());
}

/// Does the export's name end in a hash: `__h` and 16 hex digits, maybe `_<n>` after them?
fn hashed(name: &str) -> bool {
    let base = match name.rsplit_once('_') {
        Some((base, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => base,
        _ => name,
    };
    let at = base.len().saturating_sub(17);
    match (base.get(..at), base.get(at..)) {
        (Some(before), Some(hash)) if hash.len() == 17 => {
            before.ends_with("__") && hash.starts_with('h') && hash[1..].bytes().all(|b| b.is_ascii_hexdigit())
        }
        _ => false,
    }
}

/// The import section's content with short names; the glue's keys to rename (place in the glue,
/// length, new name).
fn imports(wasm: &[u8], range: Range<usize>, js: &str, glue_module: &str, renames: &mut Vec<(usize, usize, String)>) -> Result<Vec<u8>> {
    let (count, size) = read_leb(wasm, range.start)?;
    let mut at = range.start + size;
    let mut content = Vec::with_capacity(range.len());
    write_leb(&mut content, count as u64);
    for _ in 0..count {
        let (module, after) = name_at(wasm, at)?;
        let (name, after) = name_at(wasm, after)?;
        // The type: one kind byte and what the kind needs, as wasmparser reads it.
        let mut reader = BinaryReader::new(&wasm[after..range.end], after);
        reader.read::<wasmparser::TypeRef>()?;
        let end = reader.original_position();
        if module == glue_module {
            // The import object's key: `__wbg_closest_39824b16065066bc:`.
            let places: Vec<usize> =
                word_places(js, name).into_iter().filter(|&p| js[p + name.len()..].trim_start_matches(' ').starts_with(':')).collect();
            let [place] = places[..] else {
                bail!("the glue holds the import `{name}` {} times as a key, not once", places.len());
            };
            let short = short_name('_', renames.len());
            push_name(&mut content, GLUE_MODULE);
            push_name(&mut content, &short);
            renames.push((place, name.len(), short));
        } else {
            push_name(&mut content, module);
            push_name(&mut content, name);
        }
        content.extend_from_slice(&wasm[after..end]);
        at = end;
    }
    Ok(content)
}

/// The export section's content with short names for the hashed ones; the names renamed.
fn exports(wasm: &[u8], range: Range<usize>, js: &str, renames: &mut Vec<(String, String)>) -> Result<Vec<u8>> {
    let (count, size) = read_leb(wasm, range.start)?;
    let mut at = range.start + size;
    let mut content = Vec::with_capacity(range.len());
    write_leb(&mut content, count as u64);
    for _ in 0..count {
        let (name, after) = name_at(wasm, at)?;
        // The kind (a byte) and the index.
        let (_, index_size) = read_leb(wasm, after + 1)?;
        let end = after + 1 + index_size;
        if hashed(name) && !word_places(js, name).is_empty() {
            let short = short_name('$', renames.len());
            push_name(&mut content, &short);
            renames.push((name.to_owned(), short));
        } else {
            push_name(&mut content, name);
        }
        content.extend_from_slice(&wasm[after..end]);
        at = end;
    }
    Ok(content)
}

/// `wasm` and its bindings with short names (see above); `glue_module` is `./<name>_bg.js`.
pub fn shorten_names(wasm: &[u8], bindings: &Bindings, glue_module: &str) -> Result<(Vec<u8>, Bindings, Shortened)> {
    let mut out = wasm.get(..8).context("not a wasm module")?.to_vec();
    let mut imported = Vec::new();
    let mut exported = Vec::new();
    let mut at = 8;
    while at < wasm.len() {
        let id = wasm[at];
        let (size, len) = read_leb(wasm, at + 1)?;
        let range = at + 1 + len..at + 1 + len + size;
        at = range.end;
        let content = match id {
            2 => imports(wasm, range, &bindings.js, glue_module, &mut imported)?,
            7 => exports(wasm, range, &bindings.js, &mut exported)?,
            0 if name_at(wasm, range.start)?.0 != "name" => continue,
            _ => wasm[range].to_vec(),
        };
        out.push(id);
        write_leb(&mut out, content.len() as u64);
        out.extend_from_slice(&content);
    }
    Validator::new().validate_all(&out).context("shortening the names made the module invalid")?;

    // The glue: the import object's keys, its module's name, and the exports wherever named.
    let quoted_module = format!("\"{glue_module}\"");
    let module_places: Vec<usize> = bindings.js.match_indices(&quoted_module).map(|(at, _)| at).collect();
    let short_module = format!("\"{GLUE_MODULE}\"");
    let mut places: Vec<(usize, usize, &str)> = imported.iter().map(|(at, len, short)| (*at, *len, short.as_str())).collect();
    match (imported.is_empty(), &module_places[..]) {
        (true, _) => {}
        (false, [at]) => places.push((*at, quoted_module.len(), &short_module)),
        (false, found) => bail!("the glue names the module {quoted_module} {} times, not once", found.len()),
    }
    places.sort_by_key(|p| p.0);
    let js = replaced(&bindings.js, &places);
    let rename_exports = |text: &str| {
        let mut places: Vec<(usize, usize, &str)> =
            exported.iter().flat_map(|(long, short)| word_places(text, long).into_iter().map(move |at| (at, long.len(), short.as_str()))).collect();
        places.sort_by_key(|p| p.0);
        replaced(text, &places)
    };
    let renamed = Bindings { js: rename_exports(&js), types: bindings.types.iter().map(|t| rename_exports(t)).collect() };
    Ok((out, renamed, Shortened { imports: imported.len(), exports: exported.len() }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_encoder::{
        CodeSection, CustomSection, EntityType, ExportKind, ExportSection, Function, FunctionSection, ImportSection, Instruction, Module,
        TypeSection, ValType,
    };

    const HASHED: &str = "wasm_bindgen__convert__closures_____invoke__h86b2f5cf7a2164f3";

    fn module(names: &[&str]) -> Vec<u8> {
        let mut types = TypeSection::new();
        types.ty().function([], [ValType::I32]);
        let mut imports = ImportSection::new();
        for name in names {
            imports.import("./m_bg.js", name, EntityType::Function(0));
        }
        imports.import("env", "other", EntityType::Function(0));
        let mut functions = FunctionSection::new();
        functions.function(0);
        let mut code = CodeSection::new();
        let mut f = Function::new([]);
        f.instruction(&Instruction::Call(0)).instruction(&Instruction::End);
        code.function(&f);
        let mut exports = ExportSection::new();
        let own = names.len() as u32 + 1;
        exports.export("run", ExportKind::Func, own).export(HASHED, ExportKind::Func, own).export(&format!("{HASHED}_13"), ExportKind::Func, own);
        let mut module = Module::new();
        module.section(&types).section(&imports).section(&functions).section(&exports).section(&code);
        module.section(&CustomSection { name: "target_features".into(), data: b"\x01+\x08sign-ext".as_slice().into() });
        module.finish()
    }

    fn names(wasm: &[u8]) -> Vec<String> {
        let mut names = Vec::new();
        for payload in wasmparser::Parser::new(0).parse_all(wasm) {
            match payload.expect("valid") {
                wasmparser::Payload::ImportSection(section) => {
                    for import in section.into_imports() {
                        let import = import.expect("import");
                        names.push(format!("{} {}", import.module, import.name));
                    }
                }
                wasmparser::Payload::ExportSection(section) => names.extend(section.into_iter().map(|e| e.expect("export").name.to_owned())),
                wasmparser::Payload::CustomSection(section) => names.push(format!("custom {}", section.name())),
                _ => {}
            }
        }
        names
    }

    #[test]
    fn short_names_are_identifiers_in_base_36() {
        assert_eq!([0, 9, 10, 35, 36, 1295, 1296].map(|n| short_name('_', n)), ["_0", "_9", "_a", "_z", "_10", "_zz", "_100"]);
        assert_eq!(short_name('$', 11), "$b");
    }

    #[test]
    fn only_the_names_ending_in_a_hash_are_hashed() {
        assert!(hashed(HASHED) && hashed(&format!("{HASHED}_13")));
        assert!(!hashed("lessonplayer_new") && !hashed("__wbindgen_malloc") && !hashed("xh86b2f5cf7a2164f3"));
    }

    #[test]
    fn the_glue_names_get_short_in_the_module_its_glue_and_its_types() {
        let long = ["__wbg_closest_39824b16065066bc", "__wbg_call_a410eb4b59ed5965"];
        let wasm = module(&long);
        let js = format!(
            "const import0 = {{\n    __proto__: null,\n    __wbg_closest_39824b16065066bc: function(a) {{ return a.__wbg_call_a410eb4b59ed5965; }},\n    __wbg_call_a410eb4b59ed5965: function() {{}},\n}};\nreturn {{ \"./m_bg.js\": import0 }};\nfunction {HASHED}() {{ wasm.{HASHED}(); wasm.{HASHED}_13(); }}\n"
        );
        let types = vec![format!("readonly {HASHED}: () => void;\nreadonly {HASHED}_13: () => void;\n")];
        let (short, bindings, count) = shorten_names(&wasm, &Bindings { js, types }, "./m_bg.js").expect("renamed");
        assert_eq!(count, Shortened { imports: 2, exports: 2 });
        assert!(short.len() < wasm.len());
        assert_eq!(
            bindings.js,
            "const import0 = {\n    __proto__: null,\n    _0: function(a) { return a.__wbg_call_a410eb4b59ed5965; },\n    _1: function() {},\n};\nreturn { \"_\": import0 };\nfunction $0() { wasm.$0(); wasm.$1(); }\n"
        );
        assert_eq!(bindings.types, ["readonly $0: () => void;\nreadonly $1: () => void;\n"]);
        assert_eq!(names(&short), ["_ _0", "_ _1", "env other", "run", "$0", "$1"], "the target features are gone");
    }

    #[test]
    fn an_import_the_glue_does_not_hold_once_stops_the_build() {
        let wasm = module(&["__wbg_gone_0123456789abcdef"]);
        let bindings = |js: &str| Bindings { js: js.to_owned(), types: Vec::new() };
        assert!(shorten_names(&wasm, &bindings("const import0 = {}; \"./m_bg.js\""), "./m_bg.js").is_err());
        let twice = "{ __wbg_gone_0123456789abcdef: 1, x: { __wbg_gone_0123456789abcdef: 2 } } \"./m_bg.js\"";
        assert!(shorten_names(&wasm, &bindings(twice), "./m_bg.js").is_err());
        assert!(shorten_names(&wasm, &bindings("{ __wbg_gone_0123456789abcdef: 1 }"), "./m_bg.js").is_err(), "no module name");
        assert!(shorten_names(&wasm, &bindings("{ __wbg_gone_0123456789abcdef: 1 } \"./m_bg.js\""), "./m_bg.js").is_ok());
    }
}
