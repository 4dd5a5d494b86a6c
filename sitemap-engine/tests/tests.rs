//! Tests of the job, a module per idea.

mod book;
mod images;
mod jobs;
mod listed;
mod llms_languages;
mod outputs;
mod pages;
