//! Tests of the job, a module per idea.

mod book;
mod images;
mod listed;
mod outputs;
mod pages;
