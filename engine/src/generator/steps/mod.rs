//! Plan steps, one module each, in the way rust-analyzer keeps one file per
//! assist: a step's detection (what words of a goal ask for it), its code
//! (the readable pandas it writes, commented in the goal's language), its
//! explanation and its tests live together. The planner (`plan`) composes
//! steps; `codegen` and `explain` call into the step's module.

pub mod lookup;
pub mod measures;
pub mod pivot;
