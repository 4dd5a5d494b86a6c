//! Integration tests for the `sitemap` binary: each runs the built binary
//! on a copy of a fixture site and compares the whole output.

mod agree;
mod base_urls;
mod broken_links;
mod build_check;
mod cli_flags;
mod closed_pipe;
mod deps;
mod differential;
mod exit_codes;
mod files;
mod format_switch;
mod gate;
mod git_timeout;
mod hostile;
mod hugo_env;
mod hugo_modules;
mod hugo_own_sitemap;
mod hugo_refusals;
mod hugo_twins;
mod hugo_version;
mod images_agree;
mod index;
mod ledger;
mod ledger_kill;
mod ledger_link;
mod llms_edited;
mod llms_languages;
mod lock_wait;
mod markdown_images;
mod mdbook;
mod membership;
mod messages;
mod multihost;
mod new_user;
mod new_user_mistakes;
mod nothing_listed;
mod owned_files;
mod progress;
mod project_root;
mod readme_hugo;
mod robots_rules;
mod scan;
mod served;
mod settings_table;
mod shallow;
mod signals;
mod site;
mod split_by;
mod split_by_limits;
#[cfg(feature = "submit")]
mod submit;
mod submodule_lastmod;
mod timings;
mod unmatched_patterns;
mod url_patterns;
mod validate;
#[cfg(not(feature = "submit"))]
mod without_submit;
mod write;
mod write_hostile;
mod write_sitemap;
mod x_default;
mod yaml_sites;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Copies a fixture tree (tests write into the copy).
fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Sets every file's mtime under `dir` to one instant, so lastmod taken
/// from mtime is the same on every run.
fn pin_mtimes(dir: &Path) {
    let status = Command::new("find")
        .arg(dir)
        .args([
            "-type",
            "f",
            "-exec",
            "touch",
            "-d",
            "2024-03-04T05:06:07Z",
            "{}",
            "+",
        ])
        .status()
        .unwrap();
    assert!(status.success());
}

/// Runs `sitemap ARGS` in `dir` with a clean environment for colours.
fn sitemap(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

/// Output as text with the temporary folder's path redacted.
fn text(bytes: &[u8], dir: &Path) -> String {
    String::from_utf8_lossy(bytes).replace(&*dir.to_string_lossy(), "<site>")
}

/// `examples/NAME` of the repository.
fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name)
}

/// Builds the example Hugo site into `public` with the real `hugo`
/// (Hugo's own sitemap off: ours replaces it), for `base` when given;
/// `env` adds Hugo settings such as `HUGO_UGLYURLS`.
fn hugo_build_example(base: Option<&str>, public: &Path, env: &[(&str, &str)]) {
    let mut cmd = Command::new("hugo");
    cmd.arg("--source").arg(example("hugo-site"));
    if let Some(base) = base {
        cmd.args(["--baseURL", base]);
    }
    let out = cmd
        .args(["--disableKinds", "RSS,sitemap", "--quiet", "--destination"])
        .arg(public)
        .envs(env.iter().copied())
        .output()
        .unwrap_or_else(|e| panic!("cannot run hugo ({e}); install it: apt-get install hugo"));
    assert!(
        out.status.success(),
        "hugo failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
