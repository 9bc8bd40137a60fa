//! The Agon engine's text protocol and the arena, as a library so both can
//! be tested in process. The binaries `agon-engine` and `agon-arena` are thin
//! shells around it.

pub mod arena;
pub mod number;
pub mod protocol;
