//! The binary's global allocator: mimalloc, with transparent huge pages off and freed memory
//! returned to the system at once.
//!
//! Labelling a library allocates a few hundred small strings per case (each label's field, term,
//! quote, section and rule, the parsed record's strings, the rendered report); glibc's malloc
//! spends several times mimalloc's instructions on each, and consolidating its free lists after
//! the large per-case buffers costs more again (about a sixth of `reprocess`'s user CPU).
//!
//! Memory: with transparent huge pages, mimalloc's arenas are backed by 2 MB pages a thread
//! touches only a little of; and by default it keeps freed pages for a second before giving
//! them back, which put a one-page `draft` at 46 MB peak (glibc: 37 MB) and the varied reprocess
//! library at 80 MB (71 MB). Purging at once brings both back to glibc's figures (38 and 69 MB)
//! at no measurable cost in CPU.
//!
//! Allocations aligned to at most a word (nearly all: strings, vectors of offsets and of
//! records) call `mi_malloc` and `mi_realloc` themselves: every mimalloc block is word-aligned,
//! and the `mimalloc` crate's allocator sends every call through `mi_malloc_aligned`, whose
//! alignment checks cost about as much again as the small-block fast path it ends in.
use std::alloc::{GlobalAlloc, Layout};
use std::ffi::{c_int, c_long, c_void};

/// mimalloc, with the word-aligned calls made directly (see the module's note).
struct Allocator;

/// The alignment every mimalloc block has (a machine word).
const WORD: usize = std::mem::size_of::<usize>();

// SAFETY: every call is forwarded to mimalloc, which returns blocks of at least the requested
// size (or null), word-aligned for `mi_malloc`/`mi_zalloc`/`mi_realloc` (used only when the
// layout asks for no more) and aligned as asked for the crate's aligned calls; blocks from
// either kind are freed and grown by mimalloc's own `mi_free`/`mi_realloc*`.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= WORD {
            mi_malloc(layout.size()).cast()
        } else {
            mimalloc::MiMalloc.alloc(layout)
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= WORD {
            mi_zalloc(layout.size()).cast()
        } else {
            mimalloc::MiMalloc.alloc_zeroed(layout)
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        mimalloc::MiMalloc.dealloc(ptr, layout)
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if layout.align() <= WORD {
            mi_realloc(ptr.cast(), new_size).cast()
        } else {
            mimalloc::MiMalloc.realloc(ptr, layout, new_size)
        }
    }
}

#[global_allocator]
static GLOBAL: Allocator = Allocator;

/// Purge delay for `links`: a link check frees each page's buffers, parse tree and response
/// within a millisecond of allocating them, thousands of times a second, and purging at once
/// gave those pages back only for the next URL to fault them in again: madvise and the page
/// faults were 7% of a check's CPU (10,000 URLs: 1.42 s CPU at 0 ms, 1.35 s at 10 ms, 1.24 s at
/// 100 ms, 1.23 s at 1,000 ms; peak RSS 57, 65, 71 and 78 MB; lychee 91 MB; medians of 9
/// alternating runs). 100 ms keeps the pages a check reuses and still gives back what a
/// finished phase leaves (the other commands keep purging at once; see the module's note).
pub const LINKS_PURGE_DELAY_MS: i64 = 100;

/// `mi_option_purge_delay` in mimalloc's `mi_option_t` (the same in its v2 and v3 headers).
const MI_OPTION_PURGE_DELAY: c_int = 15;

extern "C" {
    // Linked in by libmimalloc-sys (the mimalloc crate's C library).
    fn mi_option_set(option: c_int, value: c_long);
    fn mi_malloc(size: usize) -> *mut c_void;
    fn mi_zalloc(size: usize) -> *mut c_void;
    fn mi_realloc(p: *mut c_void, newsize: usize) -> *mut c_void;
}

/// Sets the allocator's options; call first thing in `main`.
pub fn init() {
    set_purge_delay_ms(0);
}

/// How long freed memory is kept before it is given back to the system (0: at once).
pub fn set_purge_delay_ms(ms: i64) {
    // SAFETY: sets one integer option of the linked mimalloc; any value is valid for it, and
    // mimalloc reads it afresh each time it schedules a purge.
    unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, ms as c_long) };
}
