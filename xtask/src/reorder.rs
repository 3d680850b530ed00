//! The functions of a built wasm module laid out to compress better: those nothing refers to
//! (the stubs `merge.rs` leaves behind) dropped, the rest grouped by size and then by their first
//! instructions, then chained so that each comes next to the ones it most looks like (`chained`):
//! gzip copies what it has seen within its 32 KB window. rustc lays functions out in codegen
//! order, where neighbours seldom look alike: the course's module gzips 4.4 KB smaller laid out
//! so (measured 2026-12-03: 2.2 KB by size and first instructions with the 201 stubs dropped,
//! 2.2 more chained), the board's 2.6 KB.
//!
//! Only function indices change: every reference `merge.rs` finds (calls, `ref.func`, exports,
//! element segments, the start function) is written anew, and the function names, when the build
//! keeps them (`QITONG_WASM_NAMES=1`), follow their functions. The result is validated.
//!
//! Against binaryen, measured 2026-12-05 on this machine: npm binaryen 132's `wasm-opt` run on
//! the modules as wasm-bindgen wrote them (`QITONG_NO_PASSES=1 cargo xtask build …`), one of its
//! passes in this file's place and ours around it, KB gzipped (zlib -9, 0.2-0.6 KB under
//! `cargo xtask build`'s figure) for teacher / course / elements, ours all three 374.9 / 202.6 /
//! 104.9: binaryen's `--reorder-functions` here (it sorts by how often a function is
//! called, for shorter call indices, not for gzip) 402.5 / 215.3 / 111.5 (+27.6 / +12.7 / +6.6);
//! with no reordering at all 388.9 / 207.5 / 107.3. Ours stays.

use crate::merge::{read, read_leb, rewritten, write_leb, Reference};
use anyhow::{Context, Result};
use std::collections::VecDeque;
use std::ops::Range;
use wasmparser::Validator;

/// The sizes grouped together: 0-255 bytes, 256-511, … (tried 16 to 2048 on the course's, the
/// lessons and the board's modules, 2026-12-03: 256 did best on the first two, within 0.4 KB on
/// the third).
const SIZE_STEP: usize = 256;
/// How many bytes of a body's code order the functions of one size group.
const PREFIX: usize = 16;

/// How many of the next functions in size order the chain weighs for the one most like those
/// laid out last (tried 100 to all on the course's module, 2026-12-03: 400 as good as all).
const LOOK_AHEAD: usize = 400;
/// How many functions laid out last the next one is compared with (4, 8 and 16 tried).
const RECENT: usize = 8;
/// The length of the byte strings compared (3 to 8 tried).
const SHINGLE: usize = 4;
/// The byte strings are counted in a table of this many bits' worth of slots (a string's slot:
/// its hash): lookups in a plain table keep the chain a second's work even in the task runner's
/// unoptimised build; the rare two strings in one slot only blur the choice.
const SLOT_BITS: u32 = 20;

/// The slots of the distinct byte strings of `SHINGLE` bytes in `body`.
fn shingles_of(body: &[u8]) -> Vec<u32> {
    let mut out: Vec<u32> =
        body.windows(SHINGLE).map(|w| w.iter().fold(0u32, |n, &b| (n << 8) | u32::from(b)).wrapping_mul(0x9E37_79B1) >> (32 - SLOT_BITS)).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The order in which to lay out functions given in size order (by their `shingles`): each time
/// the one, among the next `LOOK_AHEAD`, with the largest share of its byte strings in the
/// `RECENT` functions laid out last — what gzip can then copy from nearby.
fn chained(shingles: &[Vec<u32>]) -> Vec<usize> {
    let mut remaining: Vec<usize> = (0..shingles.len()).collect();
    let mut out = Vec::with_capacity(remaining.len());
    let mut context = vec![0u16; 1 << SLOT_BITS];
    let mut recent: VecDeque<usize> = VecDeque::new();
    while !remaining.is_empty() {
        let mut best = (0, -1.0);
        for (at, &candidate) in remaining.iter().enumerate().take(LOOK_AHEAD) {
            let own = &shingles[candidate];
            let shared = own.iter().filter(|&&s| context[s as usize] > 0).count();
            let score = shared as f64 / (own.len() + 1) as f64;
            if score > best.1 {
                best = (at, score);
            }
        }
        let chosen = remaining.remove(best.0);
        out.push(chosen);
        for &s in &shingles[chosen] {
            context[s as usize] += 1;
        }
        recent.push_back(chosen);
        if recent.len() > RECENT {
            for &s in recent.pop_front().map(|old| &shingles[old]).into_iter().flatten() {
                context[s as usize] -= 1;
            }
        }
    }
    out
}

/// The code of a body after its locals (a body is its locals' declarations, then its code).
fn code_of(wasm: &[u8], body: &Range<usize>) -> Result<Range<usize>> {
    let (groups, mut at) = read_leb(wasm, body.start)?;
    at += body.start;
    for _ in 0..groups {
        let (_, len) = read_leb(wasm, at)?;
        // The count, then the value type (one byte for the number and reference types rustc uses).
        at += len + 1;
    }
    Ok(at.min(body.end)..body.end)
}

/// The module's custom `name` section with each function's name under its new index (`order`
/// maps old indices to new, `u32::MAX` for the dropped); the local names are left out.
fn renamed(wasm: &[u8], content: Range<usize>, order: &[u32]) -> Result<Vec<u8>> {
    let (name_len, len) = read_leb(wasm, content.start)?;
    let mut at = content.start + len + name_len;
    let mut out = wasm[content.start..at].to_vec();
    while at < content.end {
        let start = at;
        let id = wasm[at];
        let (size, len) = read_leb(wasm, at + 1)?;
        let sub = at + 1 + len..at + 1 + len + size;
        at = sub.end;
        match id {
            // Function names: (index, name) pairs, in index order.
            1 => {
                let (count, len) = read_leb(wasm, sub.start)?;
                let mut pos = sub.start + len;
                let mut names = Vec::with_capacity(count);
                for _ in 0..count {
                    let (index, len) = read_leb(wasm, pos)?;
                    pos += len;
                    let (name_len, len) = read_leb(wasm, pos)?;
                    let name = pos..pos + len + name_len;
                    pos = name.end;
                    if let Some(&new) = order.get(index).filter(|&&n| n != u32::MAX) {
                        names.push((new, name));
                    }
                }
                names.sort_by_key(|(index, _)| *index);
                let mut content = Vec::new();
                write_leb(&mut content, names.len() as u64);
                for (index, name) in names {
                    write_leb(&mut content, u64::from(index));
                    content.extend_from_slice(&wasm[name]);
                }
                out.push(1);
                write_leb(&mut out, content.len() as u64);
                out.extend_from_slice(&content);
            }
            // Local names are per function index: left out (a profile needs the functions').
            2 => {}
            _ => out.extend_from_slice(&wasm[start..at]),
        }
    }
    Ok(out)
}

/// `wasm` with its unreferenced functions dropped and the others reordered (see above), and how
/// many were dropped.
pub fn reorder_functions(wasm: &[u8]) -> Result<(Vec<u8>, usize)> {
    let module = read(wasm)?;
    let imported = module.imported as usize;
    let total = imported + module.bodies.len();
    let mut referenced = vec![false; total];
    for r in module.elsewhere.iter().chain(module.bodies.iter().flat_map(|b| &b.references)) {
        if let Some(seen) = referenced.get_mut(r.function as usize) {
            *seen = true;
        }
    }
    let mut kept: Vec<(usize, &[u8], usize)> = Vec::new();
    for (i, body) in module.bodies.iter().enumerate() {
        if referenced[imported + i] {
            let code = code_of(wasm, &body.range)?;
            let prefix = &wasm[code.start..code.end.min(code.start + PREFIX)];
            kept.push((body.range.len() / SIZE_STEP, prefix, imported + i));
        }
    }
    // A stable sort: look-alike functions keep rustc's order among themselves.
    kept.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
    let shingles: Vec<Vec<u32>> = kept.iter().map(|&(_, _, old)| shingles_of(&wasm[module.bodies[old - imported].range.clone()])).collect();
    let kept: Vec<(usize, &[u8], usize)> = chained(&shingles).into_iter().map(|i| kept[i]).collect();
    let mut order: Vec<u32> = (0..total as u32).collect();
    for index in order.iter_mut().skip(imported) {
        *index = u32::MAX;
    }
    for (position, &(_, _, old)) in kept.iter().enumerate() {
        order[old] = (imported + position) as u32;
    }
    let dropped = module.bodies.len() - kept.len();

    let mut out = wasm[..8].to_vec();
    let elsewhere: Vec<&Reference> = module.elsewhere.iter().collect();
    for (id, range) in &module.sections {
        let mut content = Vec::with_capacity(range.len());
        match id {
            3 => {
                write_leb(&mut content, kept.len() as u64);
                for &(_, _, old) in &kept {
                    write_leb(&mut content, u64::from(module.bodies[old - imported].ty));
                }
            }
            10 => {
                write_leb(&mut content, kept.len() as u64);
                for &(_, _, old) in &kept {
                    let body = &module.bodies[old - imported];
                    let mut bytes = Vec::with_capacity(body.range.len());
                    rewritten(wasm, body.range.clone(), &body.references.iter().collect::<Vec<_>>(), &order, &mut bytes);
                    write_leb(&mut content, bytes.len() as u64);
                    content.extend_from_slice(&bytes);
                }
            }
            0 if custom_name(wasm, range)? == b"name" => content = renamed(wasm, range.clone(), &order)?,
            _ => rewritten(wasm, range.clone(), &elsewhere, &order, &mut content),
        }
        out.push(*id);
        write_leb(&mut out, content.len() as u64);
        out.extend_from_slice(&content);
    }
    Validator::new().validate_all(&out).context("reordering the functions made the module invalid")?;
    Ok((out, dropped))
}

/// The name of the custom section whose content is `range`.
fn custom_name<'a>(wasm: &'a [u8], range: &Range<usize>) -> Result<&'a [u8]> {
    let (len, size) = read_leb(wasm, range.start)?;
    wasm.get(range.start + size..range.start + size + len).context("a custom section's name runs past its end")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::merge::merge_identical_functions;
    use wasm_encoder::{
        CodeSection, ExportKind, ExportSection, Function, FunctionSection, IndirectNameMap, Instruction, Module, NameMap, NameSection, TypeSection,
        ValType,
    };

    /// f0 and f1 return 1 and 2, and nothing calls f0; f2 is big and calls f1 and f3, which is f1
    /// again (merged away); f2 is exported.
    fn module() -> Vec<u8> {
        let mut types = TypeSection::new();
        types.ty().function([], [ValType::I32]);
        let mut functions = FunctionSection::new();
        let mut code = CodeSection::new();
        let mut add = |instructions: &[Instruction]| {
            functions.function(0);
            let mut f = Function::new([]);
            for i in instructions {
                f.instruction(i);
            }
            code.function(f.instruction(&Instruction::End));
        };
        add(&[Instruction::I32Const(1)]);
        add(&[Instruction::I32Const(2)]);
        let mut big = vec![Instruction::Call(1), Instruction::Call(3), Instruction::I32Add];
        for n in 0..100 {
            big.extend([Instruction::I32Const(n * 1000), Instruction::I32Add]);
        }
        add(&big);
        add(&[Instruction::I32Const(2)]);
        let mut exports = ExportSection::new();
        exports.export("big", ExportKind::Func, 2);
        let mut names = NameMap::new();
        for (i, name) in ["one", "two", "big", "two again"].iter().enumerate() {
            names.append(i as u32, name);
        }
        let mut section = NameSection::new();
        section.functions(&names);
        section.locals(&IndirectNameMap::new());
        let mut module = Module::new();
        module.section(&types).section(&functions).section(&exports).section(&code).section(&section);
        module.finish()
    }

    #[test]
    fn unreferenced_functions_go_and_the_rest_is_sorted_by_size() {
        let (merged, count) = merge_identical_functions(&module()).expect("merged");
        assert_eq!(count, 1);
        let (reordered, dropped) = reorder_functions(&merged).expect("reordered");
        assert_eq!(dropped, 2, "the merged stub and f0, which nothing calls any more");
        let read = read(&reordered).expect("readable");
        let sizes: Vec<usize> = read.bodies.iter().map(|b| b.range.len()).collect();
        assert_eq!(sizes.len(), 2);
        assert!(sizes[0] < sizes[1], "{sizes:?}");
        // The big function now calls the small one, at index 0, twice; the export follows it.
        assert_eq!(read.bodies[1].references.iter().map(|r| r.function).collect::<Vec<_>>(), [0, 0]);
        assert_eq!(read.elsewhere.iter().map(|r| r.function).collect::<Vec<_>>(), [1]);
        let names = String::from_utf8_lossy(&reordered);
        assert!(names.contains("two") && names.contains("big") && !names.contains("one"), "the names follow");
    }
}
