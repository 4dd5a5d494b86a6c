//! Tests of the job, a module per idea.

mod listed;
mod outputs;
