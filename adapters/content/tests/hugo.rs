//! Hugo's URL rules.
