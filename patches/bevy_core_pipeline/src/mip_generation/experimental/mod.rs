//! Experimental functionality related to mipmap generation.
//!
//! Currently, this consists only of hierarchical Z buffer generation.

pub mod depth;
