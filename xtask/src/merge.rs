//! Identical functions merged in a built wasm module: every call of a function whose body is
//! byte for byte another's (of the same type) goes to that one, and its own body becomes
//! `unreachable`. Rust instantiates a generic once per crate that uses it, and nothing in these
//! release builds merges the copies (`-C llvm-args=-enable-merge-functions` changed nothing), so
//! the modules carried a few hundred (measured 2026-12-02: app 125, lessons 164, teacher 270
//! functions; −0.5 / −0.8 / −1.6 KB gzipped).
//!
//! Function indices stay as they are (nothing is renumbered: the stubs cost a few bytes each), so
//! the only rewrites are function indices where they occur: calls, `ref.func`, exports, element
//! segments, the start function. Merging is repeated until nothing changes (two callers become
//! identical once their callees are merged). The result is validated before it is written.
//!
//! Against binaryen, measured 2026-12-05 on this machine: npm binaryen 132's `wasm-opt` run on
//! the modules as wasm-bindgen wrote them (`QITONG_NO_PASSES=1 cargo xtask build …`), one of its
//! passes in this file's place and ours around it, KB gzipped (zlib -9, 0.2-0.6 KB under
//! `cargo xtask build`'s figure) for teacher / course / elements, ours all three 374.9 / 202.6 /
//! 104.9: `--duplicate-function-elimination` here 374.9 / 202.9 / 104.9 (9 bytes
//! smaller, 0.3 KB larger, 15 bytes smaller). A tie: ours stays, and the build needs no wasm-opt
//! (binaryen's npm package is 104 MB).

use anyhow::{bail, Context, Result};
use std::collections::HashMap;
use std::ops::Range;
use wasmparser::{ConstExpr, ElementItems, ExternalKind, Operator, Parser, Payload, TableInit, TypeRef, Validator};

/// The body of a merged-away function: no locals, `unreachable`, `end` (valid for any type).
const STUB: [u8; 3] = [0x00, 0x00, 0x0b];

/// A function index written somewhere in the module: where (a byte range of the module) and which.
#[derive(Debug, Clone)]
pub(crate) struct Reference {
    pub at: Range<usize>,
    pub function: u32,
}

/// A local function: its type, its body's byte range and the references in the body.
pub(crate) struct Body {
    pub ty: u32,
    pub range: Range<usize>,
    pub references: Vec<Reference>,
}

/// What the module says about its functions.
pub(crate) struct Module {
    pub imported: u32,
    pub bodies: Vec<Body>,
    /// The references outside the code: exports, elements, the start function, constant
    /// expressions.
    pub elsewhere: Vec<Reference>,
    /// Every section: its id and content range.
    pub sections: Vec<(u8, Range<usize>)>,
}

/// The length of the LEB128 number at `wasm[at..]`.
fn leb_len(wasm: &[u8], at: usize) -> Result<usize> {
    let end = wasm[at..].iter().position(|b| b & 0x80 == 0).context("a number runs past the end of the module")?;
    Ok(end + 1)
}

pub(crate) fn write_leb(out: &mut Vec<u8>, mut n: u64) {
    loop {
        let byte = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// The reference whose index starts at `at`.
fn reference(wasm: &[u8], at: usize, function: u32) -> Result<Reference> {
    Ok(Reference { at: at..at + leb_len(wasm, at)?, function })
}

/// The references in a function body or constant expression: `call`, `return_call` and
/// `ref.func` (each a one-byte opcode followed by the function index).
fn references_in(wasm: &[u8], mut reader: wasmparser::OperatorsReader<'_>, out: &mut Vec<Reference>) -> Result<()> {
    while !reader.eof() {
        let (op, offset) = reader.read_with_offset()?;
        if let Operator::Call { function_index } | Operator::ReturnCall { function_index } | Operator::RefFunc { function_index } = op {
            out.push(reference(wasm, offset + 1, function_index)?);
        }
    }
    Ok(())
}

fn const_expr(wasm: &[u8], expr: &ConstExpr<'_>, out: &mut Vec<Reference>) -> Result<()> {
    references_in(wasm, expr.get_operators_reader(), out)
}

pub(crate) fn read(wasm: &[u8]) -> Result<Module> {
    let mut module = Module { imported: 0, bodies: Vec::new(), elsewhere: Vec::new(), sections: Vec::new() };
    let mut types = Vec::new();
    for payload in Parser::new(0).parse_all(wasm) {
        match payload? {
            Payload::ImportSection(imports) => {
                for import in imports.into_imports() {
                    if matches!(import?.ty, TypeRef::Func(_) | TypeRef::FuncExact(_)) {
                        module.imported += 1;
                    }
                }
            }
            Payload::FunctionSection(functions) => {
                for ty in functions {
                    types.push(ty?);
                }
            }
            Payload::TableSection(tables) => {
                for table in tables {
                    if let TableInit::Expr(expr) = table?.init {
                        const_expr(wasm, &expr, &mut module.elsewhere)?;
                    }
                }
            }
            Payload::GlobalSection(globals) => {
                for global in globals {
                    const_expr(wasm, &global?.init_expr, &mut module.elsewhere)?;
                }
            }
            Payload::ExportSection(exports) => {
                for entry in exports.into_iter_with_offsets() {
                    let (offset, export) = entry?;
                    if matches!(export.kind, ExternalKind::Func | ExternalKind::FuncExact) {
                        // An export is its name (length, bytes), its kind (a byte), its index.
                        let name_len = export.name.len();
                        let at = offset + leb_len(wasm, offset)? + name_len + 1;
                        module.elsewhere.push(reference(wasm, at, export.index)?);
                    }
                }
            }
            Payload::StartSection { func, range } => module.elsewhere.push(reference(wasm, range.start, func)?),
            Payload::ElementSection(elements) => {
                for element in elements {
                    match element?.items {
                        ElementItems::Functions(functions) => {
                            for entry in functions.into_iter_with_offsets() {
                                let (offset, function) = entry?;
                                module.elsewhere.push(reference(wasm, offset, function)?);
                            }
                        }
                        ElementItems::Expressions(_, exprs) => {
                            for expr in exprs {
                                const_expr(wasm, &expr?, &mut module.elsewhere)?;
                            }
                        }
                    }
                }
            }
            Payload::CodeSectionEntry(body) => {
                let index = module.bodies.len();
                let ty = *types.get(index).context("more bodies than functions")?;
                let mut references = Vec::new();
                references_in(wasm, body.get_operators_reader()?, &mut references)?;
                module.bodies.push(Body { ty, range: body.range(), references });
            }
            _ => {}
        }
    }
    // In module order (each section's references are in order): `rewritten` walks them so.
    module.elsewhere.sort_by_key(|r| r.at.start);
    let mut at = 8;
    while at < wasm.len() {
        let id = wasm[at];
        let (size, len) = read_leb(wasm, at + 1)?;
        let start = at + 1 + len;
        module.sections.push((id, start..start + size));
        at = start + size;
    }
    Ok(module)
}

pub(crate) fn read_leb(wasm: &[u8], at: usize) -> Result<(usize, usize)> {
    let len = leb_len(wasm, at)?;
    let value = wasm[at..at + len].iter().rev().fold(0usize, |n, b| (n << 7) | usize::from(b & 0x7f));
    Ok((value, len))
}

/// `wasm[range]` with each reference in it written as its merged function's index.
pub(crate) fn rewritten(wasm: &[u8], range: Range<usize>, references: &[&Reference], merged: &[u32], out: &mut Vec<u8>) {
    let mut from = range.start;
    for r in references.iter().filter(|r| range.contains(&r.at.start)) {
        out.extend_from_slice(&wasm[from..r.at.start]);
        write_leb(out, u64::from(merged[r.function as usize]));
        from = r.at.end;
    }
    out.extend_from_slice(&wasm[from..range.end]);
}

/// Which function each function is merged into (itself when it stays), until nothing changes.
fn merge_map(wasm: &[u8], module: &Module) -> Vec<u32> {
    let total = module.imported as usize + module.bodies.len();
    let mut merged: Vec<u32> = (0..total as u32).collect();
    loop {
        let mut seen: HashMap<(u32, Vec<u8>), u32> = HashMap::new();
        let mut changed = false;
        for (i, body) in module.bodies.iter().enumerate() {
            let index = module.imported + i as u32;
            // Stubs (of an earlier run) stay apart: nothing calls them.
            if merged[index as usize] != index || wasm[body.range.clone()] == STUB {
                continue;
            }
            let mut bytes = Vec::with_capacity(body.range.len());
            rewritten(wasm, body.range.clone(), &body.references.iter().collect::<Vec<_>>(), &merged, &mut bytes);
            match seen.get(&(body.ty, bytes.clone())) {
                Some(&first) => {
                    merged[index as usize] = first;
                    changed = true;
                }
                None => {
                    seen.insert((body.ty, bytes), index);
                }
            }
        }
        if !changed {
            return merged;
        }
        // A function merged into one that was merged in turn goes to the last of the chain.
        for i in 0..total {
            let mut to = merged[i];
            while merged[to as usize] != to {
                to = merged[to as usize];
            }
            merged[i] = to;
        }
    }
}

/// `wasm` with its identical functions merged, and how many were merged away.
pub fn merge_identical_functions(wasm: &[u8]) -> Result<(Vec<u8>, usize)> {
    if wasm.len() < 8 {
        bail!("not a wasm module");
    }
    Validator::new().validate_all(wasm).context("the module to merge is not valid")?;
    let module = read(wasm)?;
    let merged = merge_map(wasm, &module);
    let count = merged.iter().enumerate().filter(|(i, m)| *i as u32 != **m).count();
    let mut out = wasm[..8].to_vec();
    let elsewhere: Vec<&Reference> = module.elsewhere.iter().collect();
    for (id, range) in &module.sections {
        let mut content = Vec::with_capacity(range.len());
        if *id == 10 {
            write_leb(&mut content, module.bodies.len() as u64);
            for (i, body) in module.bodies.iter().enumerate() {
                let index = module.imported as usize + i;
                let mut bytes = Vec::with_capacity(body.range.len());
                if merged[index] == index as u32 {
                    rewritten(wasm, body.range.clone(), &body.references.iter().collect::<Vec<_>>(), &merged, &mut bytes);
                } else {
                    bytes.extend_from_slice(&STUB);
                }
                write_leb(&mut content, bytes.len() as u64);
                content.extend_from_slice(&bytes);
            }
        } else {
            rewritten(wasm, range.clone(), &elsewhere, &merged, &mut content);
        }
        out.push(*id);
        write_leb(&mut out, content.len() as u64);
        out.extend_from_slice(&content);
    }
    Validator::new().validate_all(&out).context("merging identical functions made the module invalid")?;
    Ok((out, count))
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_encoder::{
        CodeSection, ConstExpr, ElementSection, Elements, ExportKind, ExportSection, Function, FunctionSection, Instruction, Module as Encoder,
        RefType, TableSection, TableType, TypeSection, ValType,
    };

    /// f0 returns 7; f1 and f2 are the same call of f0; f3 and f4 call f1 and f2 (identical
    /// once f2 is merged); f4 is exported and in the table at slot 1.
    fn module() -> Vec<u8> {
        let mut types = TypeSection::new();
        types.ty().function([], [ValType::I32]);
        let mut functions = FunctionSection::new();
        let mut code = CodeSection::new();
        let mut body = |calls: Option<u32>| {
            functions.function(0);
            let mut f = Function::new([]);
            match calls {
                None => f.instruction(&Instruction::I32Const(7)),
                Some(callee) => f.instruction(&Instruction::Call(callee)),
            };
            f.instruction(&Instruction::End);
            code.function(&f);
        };
        for calls in [None, Some(0), Some(0), Some(1), Some(2)] {
            body(calls);
        }
        let mut tables = TableSection::new();
        tables.table(TableType { element_type: RefType::FUNCREF, minimum: 2, maximum: None, table64: false, shared: false });
        let mut exports = ExportSection::new();
        exports.export("four", ExportKind::Func, 4).export("three", ExportKind::Func, 3);
        let mut elements = ElementSection::new();
        elements.active(None, &ConstExpr::i32_const(0), Elements::Functions([2, 4].as_slice().into()));
        let mut module = Encoder::new();
        module.section(&types).section(&functions).section(&tables).section(&exports).section(&elements).section(&code);
        module.finish()
    }

    #[test]
    fn identical_functions_are_merged_until_nothing_changes() {
        let wasm = module();
        let (merged, count) = merge_identical_functions(&wasm).expect("merged");
        assert_eq!(count, 2, "f2 into f1, then f4 into f3");
        let read = read(&merged).expect("readable");
        let stubs: Vec<bool> = read.bodies.iter().map(|b| merged[b.range.clone()] == STUB).collect();
        assert_eq!(stubs, [false, false, true, false, true]);
        assert_eq!(read.bodies[3].references.iter().map(|r| r.function).collect::<Vec<_>>(), [1]);
        // The export and the table slot of f4 go to f3, the table slot of f2 to f1.
        let mut elsewhere: Vec<u32> = read.elsewhere.iter().map(|r| r.function).collect();
        elsewhere.sort_unstable();
        assert_eq!(elsewhere, [1, 3, 3, 3]);
        let (again, none) = merge_identical_functions(&merged).expect("merged again");
        assert_eq!((none, again.len()), (0, merged.len()), "nothing is left to merge");
    }

    #[test]
    fn what_is_not_a_module_is_refused() {
        assert!(merge_identical_functions(b"\0asm").is_err());
        assert!(merge_identical_functions(b"\0asm\x01\0\0\0\x0a\x05").is_err());
    }
}
