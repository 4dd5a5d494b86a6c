//! Tests of the job, a module per idea.

mod images;
mod listed;
mod outputs;
