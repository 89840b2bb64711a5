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
use std::ffi::{c_int, c_long};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_purge_delay` in mimalloc's `mi_option_t` (the same in its v2 and v3 headers).
const MI_OPTION_PURGE_DELAY: c_int = 15;

extern "C" {
    // Linked in by libmimalloc-sys (the mimalloc crate's C library).
    fn mi_option_set(option: c_int, value: c_long);
}

/// Sets the allocator's options; call first thing in `main`.
pub fn init() {
    // SAFETY: sets one integer option of the linked mimalloc; any value is valid for it.
    unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, 0) };
}
