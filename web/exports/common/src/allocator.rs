//! The wasm module's global allocator: power-of-two size classes, one free list per class,
//! blocks carved from memory that the module grows page by page.
//!
//! Why: `dlmalloc`, Rust's default on wasm32, is ~7 KB of code; this is under 1 KB (measured
//! 2026-11-30, when this allocator replaced it: app 118.7 → 115.4 KB gzipped, teacher 152.3 →
//! 149.0). The price is memory: a block is rounded up to a power of two (at most twice the size asked for), and
//! freed blocks are reused only for their own class, never returned to the browser — fine for
//! a page that holds a few games, boards and strings. Single-threaded wasm only (see `ALLOC`).
//!
//! Kept after issue 13's SIGSEGV, which was not this allocator's: the crash (Node 20.20, 7 of 42
//! runs of `segv_repro.mjs` and a copy logging each call) is in V8's optimised JS, in wasm-bindgen's `passStringToWasm0`
//! reading `arg.length` of the Smi `-1` (a core dump: a field load from `0xffffffff00000000`),
//! and it happens with `--disable-wasm-trap-handler` too (explicit wasm bounds checks). It
//! went (0 of 22 runs) once the exports took `JsValue` and checked it (`args.rs`), so no
//! non-string reaches that glue. The one real fault found here: a zero-size "block" (the glue's
//! `malloc(0)` answers the dangling pointer `align`) could be freed onto a list by `realloc`;
//! it is now never freed nor copied from. `talc` 4.4.3 (`TalckWasm`) measured instead on 2026-12-02, gzipped by
//! `cargo xtask build`: app 161.5 KB (this one 160.0), lessons 167.9 (166.5), teacher 327.4
//! (325.8), the sweep equally clean and 0 of 12 crashes: 1.5 KB more per module for nothing
//! the pages need.

use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;
use core::ptr::null_mut;

/// A wasm memory page.
const PAGE: usize = 65536;
/// The smallest block: room for the free list's link, 8-byte aligned.
const MIN_SHIFT: u32 = 3;
/// Classes 2^3 .. 2^31 bytes (wasm32 addresses stop at 4 GiB).
const CLASSES: usize = 29;

/// The free lists and the bump region at the end of memory.
struct Heap {
    /// The first free block of each class (0: none); a free block starts with the next one's address.
    free: [usize; CLASSES],
    /// Where the next fresh block may start, and the end of the memory the heap owns.
    next: usize,
    end: usize,
}

/// The class of a layout: blocks of `1 << (class + MIN_SHIFT)` bytes, at least `size` and `align`.
fn class_of(layout: Layout) -> Option<usize> {
    let bytes = layout.size().max(layout.align()).max(1 << MIN_SHIFT);
    let shift = bytes.checked_next_power_of_two()?.trailing_zeros();
    let class = (shift - MIN_SHIFT) as usize;
    // Blocks are aligned to their size up to a page: a larger alignment cannot be promised.
    (class < CLASSES && layout.align() <= PAGE).then_some(class)
}

const fn block_size(class: usize) -> usize {
    1 << (class as u32 + MIN_SHIFT)
}

impl Heap {
    /// A block of `class`: the last one freed, else fresh memory (growing it when needed).
    /// Null when the browser gives no more memory.
    ///
    /// # Safety
    /// The heap's lists must hold only blocks it handed out and that were freed since.
    unsafe fn alloc(&mut self, class: usize) -> *mut u8 {
        let head = self.free[class];
        if head != 0 {
            // SAFETY: `head` is a freed block of this class; its first word links to the next.
            self.free[class] = unsafe { *(head as *const usize) };
            return head as *mut u8;
        }
        let size = block_size(class);
        let align = size.min(PAGE);
        loop {
            let Some(start) = self.next.checked_add(align - 1).map(|n| n & !(align - 1)) else { return null_mut() };
            let Some(stop) = start.checked_add(size) else { return null_mut() };
            if stop <= self.end {
                self.next = stop;
                return start as *mut u8;
            }
            let pages = (stop - self.end).div_ceil(PAGE);
            let old_pages = core::arch::wasm32::memory_grow(0, pages);
            if old_pages == usize::MAX {
                return null_mut();
            }
            let old_end = old_pages * PAGE;
            if old_end != self.end {
                // The first growth (or memory grown by someone else): start at the old end.
                self.next = old_end;
            }
            self.end = old_end + pages * PAGE;
        }
    }

    /// Puts a block back on its class's list.
    ///
    /// # Safety
    /// `ptr` came from `alloc(class)` and is not used any more.
    unsafe fn free(&mut self, ptr: *mut u8, class: usize) {
        // SAFETY: the block is at least 8 bytes, 8-aligned, and ours again.
        unsafe { *(ptr as *mut usize) = self.free[class] };
        self.free[class] = ptr as usize;
    }
}

/// The heap behind [`GlobalAlloc`]. Sound because the module runs on one thread and an
/// allocation never re-enters the allocator; with wasm threads (`atomics`) dlmalloc stays.
pub struct ClassAllocator(UnsafeCell<Heap>);

// SAFETY: single-threaded wasm32 (the global is only installed without `atomics`).
unsafe impl Sync for ClassAllocator {}

impl ClassAllocator {
    pub const fn new() -> ClassAllocator {
        ClassAllocator(UnsafeCell::new(Heap { free: [0; CLASSES], next: 0, end: 0 }))
    }
}

impl Default for ClassAllocator {
    fn default() -> ClassAllocator {
        ClassAllocator::new()
    }
}

unsafe impl GlobalAlloc for ClassAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match class_of(layout) {
            // SAFETY: one thread, no re-entry: this is the only live reference to the heap.
            Some(class) => unsafe { (*self.0.get()).alloc(class) },
            None => null_mut(),
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // A zero-size "block" is a dangling pointer (wasm-bindgen's `malloc(0)` answers `align`):
        // it must never reach a free list, where the next allocation would hand it out.
        if layout.size() == 0 {
            return;
        }
        if let Some(class) = class_of(layout) {
            // SAFETY: `ptr` was allocated with `layout`, hence with this class.
            unsafe { (*self.0.get()).free(ptr, class) }
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let Ok(new_layout) = Layout::from_size_align(new_size, layout.align()) else { return null_mut() };
        if layout.size() == 0 {
            // Growing a zero-size "block" (a dangling pointer): a fresh block, nothing to copy or free.
            // SAFETY: the caller's contract of `realloc`, passed on.
            return unsafe { self.alloc(new_layout) };
        }
        if class_of(layout).is_some() && class_of(layout) == class_of(new_layout) {
            // Still fits its block (a `String` growing within its power of two).
            return ptr;
        }
        // SAFETY: the caller's contract of `realloc`, passed on.
        let new = unsafe { self.alloc(new_layout) };
        if !new.is_null() {
            // SAFETY: both blocks hold at least the smaller size and do not overlap.
            unsafe {
                core::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                self.dealloc(ptr, layout);
            }
        }
        new
    }
}

#[cfg(not(target_feature = "atomics"))]
#[global_allocator]
static ALLOC: ClassAllocator = ClassAllocator::new();

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn classes_round_up_to_powers_of_two_and_alignment() {
        let class = |size, align| class_of(Layout::from_size_align(size, align).expect("layout")).map(block_size);
        assert_eq!(class(0, 1), Some(8));
        assert_eq!(class(8, 4), Some(8));
        assert_eq!(class(9, 1), Some(16));
        assert_eq!(class(3, 64), Some(64));
        assert_eq!(class(100_000, 8), Some(131_072));
        assert_eq!(class(1, 2 * PAGE), None, "no alignment beyond a page");
        assert_eq!(class(isize::MAX as usize, 1), Some(1 << 31), "the largest class");
    }

    #[wasm_bindgen_test]
    fn blocks_are_aligned_distinct_and_keep_their_bytes() {
        let heap = ClassAllocator::new();
        let mut blocks = Vec::new();
        for (i, size) in [1usize, 7, 8, 9, 24, 100, 4096, 5000, 70_000, 300_000].into_iter().enumerate() {
            for align in [1usize, 8, 16, 4096] {
                let layout = Layout::from_size_align(size, align).expect("layout");
                // SAFETY: a valid, non-zero layout; the block is freed below with it.
                let ptr = unsafe { heap.alloc(layout) };
                assert!(!ptr.is_null());
                assert_eq!(ptr as usize % align, 0, "size {size} align {align}");
                // SAFETY: the block holds `size` bytes.
                unsafe { core::ptr::write_bytes(ptr, i as u8 + 1, size) };
                blocks.push((ptr, layout, i as u8 + 1));
            }
        }
        for &(ptr, layout, fill) in &blocks {
            // SAFETY: each block is live and `layout.size()` bytes long.
            let bytes = unsafe { core::slice::from_raw_parts(ptr, layout.size()) };
            assert!(bytes.iter().all(|&b| b == fill), "a block was overwritten by another");
        }
        for (ptr, layout, _) in blocks {
            // SAFETY: allocated above with this layout, freed once.
            unsafe { heap.dealloc(ptr, layout) };
        }
    }

    #[wasm_bindgen_test]
    fn freed_blocks_are_reused_by_their_class() {
        let heap = ClassAllocator::new();
        let small = Layout::from_size_align(20, 4).expect("layout");
        let same_class = Layout::from_size_align(32, 8).expect("layout");
        // SAFETY: valid layouts; every block is freed with the layout it was allocated with.
        unsafe {
            let a = heap.alloc(small);
            heap.dealloc(a, small);
            let b = heap.alloc(same_class);
            assert_eq!(a, b, "the freed 32-byte block comes back");
            let c = heap.alloc(same_class);
            assert_ne!(b, c);
            heap.dealloc(b, same_class);
            heap.dealloc(c, same_class);
        }
    }

    #[wasm_bindgen_test]
    fn realloc_keeps_the_contents_and_stays_in_place_within_a_class() {
        let heap = ClassAllocator::new();
        let layout = Layout::from_size_align(5, 1).expect("layout");
        // SAFETY: valid layouts; each pointer is used with the layout it currently has.
        unsafe {
            let p = heap.alloc(layout);
            core::ptr::copy_nonoverlapping(b"hello".as_ptr(), p, 5);
            let same = heap.realloc(p, layout, 8);
            assert_eq!(same, p, "5 and 8 bytes share a class");
            let grown = heap.realloc(same, Layout::from_size_align(8, 1).expect("layout"), 1000);
            assert_eq!(core::slice::from_raw_parts(grown, 5), b"hello");
            let shrunk = heap.realloc(grown, Layout::from_size_align(1000, 1).expect("layout"), 3);
            assert_eq!(core::slice::from_raw_parts(shrunk, 3), b"hel");
            heap.dealloc(shrunk, Layout::from_size_align(3, 1).expect("layout"));
        }
    }

    #[wasm_bindgen_test]
    fn zero_size_blocks_never_reach_a_free_list() {
        let heap = ClassAllocator::new();
        let empty = Layout::from_size_align(0, 1).expect("layout");
        let small = Layout::from_size_align(8, 1).expect("layout");
        // wasm-bindgen's `malloc(0, 1)` answers the dangling pointer 1, and the glue may then
        // `realloc(1, 0, n)` or free it: neither may put address 1 on a list.
        let dangling = 1 as *mut u8;
        // SAFETY: the zero-size calls touch no memory; the real blocks are freed once.
        unsafe {
            heap.dealloc(dangling, empty);
            let grown = heap.realloc(dangling, empty, 100);
            assert!(!grown.is_null() && grown != dangling);
            let a = heap.alloc(small);
            let b = heap.alloc(small);
            assert!(a as usize >= 8 && b as usize >= 8 && a != b, "no block at the dangling address");
            heap.dealloc(a, small);
            heap.dealloc(b, small);
            heap.dealloc(grown, Layout::from_size_align(100, 1).expect("layout"));
        }
    }

    #[wasm_bindgen_test]
    fn zeroed_blocks_are_zero_even_when_reused() {
        let heap = ClassAllocator::new();
        let layout = Layout::from_size_align(64, 8).expect("layout");
        // SAFETY: valid layout, freed once each.
        unsafe {
            let dirty = heap.alloc(layout);
            core::ptr::write_bytes(dirty, 0xAB, 64);
            heap.dealloc(dirty, layout);
            let zeroed = heap.alloc_zeroed(layout);
            assert_eq!(zeroed, dirty);
            assert!(core::slice::from_raw_parts(zeroed, 64).iter().all(|&b| b == 0));
            heap.dealloc(zeroed, layout);
        }
    }

    #[wasm_bindgen_test]
    fn the_global_allocator_serves_std_collections() {
        let mut words: Vec<String> = Vec::new();
        for i in 0..2000u32 {
            words.push(i.to_string().repeat((i % 17) as usize + 1));
        }
        words.retain(|w| w.len() % 3 != 0);
        let total: usize = words.iter().map(String::len).sum();
        let again: usize = words.iter().map(|w| w.clone().len()).sum();
        assert_eq!(total, again);
        assert!(words.iter().all(|w| !w.is_empty()));
    }
}
