//! The binary's global allocator: mimalloc, with transparent huge pages off.
//!
//! Labelling a library allocates a few hundred small strings per case (each label's field, term,
//! quote, section and rule, the parsed record's strings, the rendered report); glibc's malloc
//! spends several times mimalloc's instructions on each, and consolidating its free lists after
//! the large per-case buffers costs more again. With transparent huge pages, mimalloc's arenas are
//! backed by 2 MB pages that a thread touches only a little of, which showed as tens of MB more
//! peak memory on a library run; without them its peak stays near glibc's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
