//! The files `Sitemap::write` publishes: readable by the web server.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

use sitemap_build::{Page, Sitemap};

/// Set in the child this test runs itself as: where to write.
const CHILD_OUT: &str = "SITEMAP_BUILD_TEST_UMASK_OUT";

fn write(out: &Path, max_urls: u64) {
    Sitemap::pages("https://example.org/", ["", "a/", "b/"].map(Page::new))
        .max_urls(max_urls)
        .out_dir(out)
        .robots(true)
        .write()
        .unwrap();
}

/// Issue 12: with umask 022 every written file was mode 0600 (tempfile's
/// default), so nginx as www-data answered 403. A build script runs with
/// the umask of its cargo; here a child process (this test binary again,
/// since the umask is per process) writes a single-file set and a split
/// one under umask 022.
#[test]
fn umask_022_every_file_written_is_0644() {
    if let Ok(out) = std::env::var(CHILD_OUT) {
        let out = Path::new(&out);
        write(&out.join("single"), 10);
        write(&out.join("split"), 1);
        return;
    }
    let out = tempfile::tempdir().unwrap();
    let status = Command::new("sh")
        .arg("-c")
        .arg("umask 022; exec \"$0\" \"$@\"")
        .arg(std::env::current_exe().unwrap())
        .args([
            "files::umask_022_every_file_written_is_0644",
            "--exact",
            "--test-threads=1",
            "--quiet",
        ])
        .env(CHILD_OUT, out.path())
        .status()
        .unwrap();
    assert!(status.success());
    for (set, files) in [("single", 2), ("split", 5)] {
        let dir = out.path().join(set);
        let names = sitemap_testkit::list_files(&dir);
        assert_eq!(names.len(), files, "{names:?}");
        for name in names {
            let mode = std::fs::metadata(dir.join(&name))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o7777, 0o644, "{set}/{name}");
        }
        sitemap_testkit::assert_all_valid(&dir);
    }
}
