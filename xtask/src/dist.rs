//! `cargo xtask dist [--target TRIPLE] [--profile PROFILE]`: the release
//! archives, as `cargo binstall` finds them (`[package.metadata.binstall]`
//! of `sitemap-cli` and `mdbook-sitemap-toolkit`) and as the release
//! workflow (`.github/workflows/release.yml`) uploads them.
//!
//! One archive per installable crate, so `cargo binstall sitemap-cli` and
//! `cargo binstall mdbook-sitemap-toolkit` each fetch their own binary:
//! `target/dist/<crate>-v<version>-<target>.tar.gz` (`.zip` for a Windows
//! target), holding one folder of the same name with the binary, the
//! README and both licence files. The target is the host's unless
//! `--target` names another (the workflow builds each on its own
//! runner); `--profile dev` makes the same layout quickly, for the test
//! that unpacks it.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

/// The crates a release ships, each with its binary.
const SHIPPED: [(&str, &str); 2] = [
    ("sitemap-cli", "sitemap"),
    ("mdbook-sitemap-toolkit", "mdbook-sitemap"),
];

/// The files beside each binary.
const DOCS: [&str; 3] = ["README.md", "LICENSE-MIT", "LICENSE-APACHE"];

pub(crate) fn run(args: &[String]) -> Result<()> {
    let mut target = None;
    let mut profile = "release".to_owned();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--target" => target = Some(args.next().context("--target needs a triple")?.clone()),
            "--profile" => profile = args.next().context("--profile needs a name")?.clone(),
            other => bail!(
                "unknown argument `{other}`: cargo xtask dist [--target TRIPLE] [--profile PROFILE]"
            ),
        }
    }
    for path in build(target.as_deref(), &profile)? {
        println!("{}", path.display());
    }
    Ok(())
}

/// Builds the shipped binaries for `target` (the host's when `None`) with
/// `profile` and packs each crate's archive; returns their paths.
pub(crate) fn build(target: Option<&str>, profile: &str) -> Result<Vec<PathBuf>> {
    let root = crate::root();
    let mut cargo = crate::cargo();
    cargo.args(["build", "--locked", "--profile", profile]);
    for (package, _) in SHIPPED {
        cargo.args(["-p", package]);
    }
    if let Some(target) = target {
        cargo.args(["--target", target]);
    }
    crate::run(&mut cargo)?;
    let triple = match target {
        Some(t) => t.to_owned(),
        None => host_triple()?,
    };
    // Cargo's folder for a profile: `dev` builds into `debug/`.
    let folder = if profile == "dev" { "debug" } else { profile };
    let built = match target {
        Some(t) => root.join("target").join(t).join(folder),
        None => root.join("target").join(folder),
    };
    let version = workspace_version(&root)?;
    let out = root.join("target/dist");
    std::fs::create_dir_all(&out)?;
    SHIPPED
        .iter()
        .map(|(package, bin)| {
            let binary = built.join(format!("{bin}{}", exe_suffix(&triple)));
            archive(
                &out,
                package,
                &version,
                &triple,
                &binary,
                profile == "release",
            )
        })
        .collect()
}

/// Packs `binary` and the docs into `out/<package>-v<version>-<target>`
/// (`.tar.gz`, or `.zip` for Windows), under a folder of that name, as
/// binstall's `bin-dir` expects; returns the archive's path. `best`: the
/// smallest archive (a release's); else one packed as it is (a `dev`
/// binary of some 200 MB, for the test: compressing it took half a
/// minute).
pub(crate) fn archive(
    out: &Path,
    package: &str,
    version: &str,
    target: &str,
    binary: &Path,
    best: bool,
) -> Result<PathBuf> {
    let root = crate::root();
    let name = format!("{package}-v{version}-{target}");
    let bin_name = binary
        .file_name()
        .with_context(|| format!("{} has no file name", binary.display()))?;
    let mut files: Vec<(PathBuf, String, u32)> = vec![(
        binary.to_path_buf(),
        format!("{name}/{}", bin_name.to_string_lossy()),
        0o755,
    )];
    for doc in DOCS {
        files.push((root.join(doc), format!("{name}/{doc}"), 0o644));
    }
    if target.contains("windows") {
        let path = out.join(format!("{name}.zip"));
        write_zip(&path, &files)?;
        Ok(path)
    } else {
        let path = out.join(format!("{name}.tar.gz"));
        write_tar_gz(&path, &files, best)?;
        Ok(path)
    }
}

/// A gzipped tar of `files` (source, path in the archive, mode), written
/// beside `path` and renamed over it, so a half-written archive is never
/// left under the name a download would take.
fn write_tar_gz(path: &Path, files: &[(PathBuf, String, u32)], best: bool) -> Result<()> {
    let partial = path.with_extension("partial");
    let level = if best {
        flate2::Compression::best()
    } else {
        flate2::Compression::none()
    };
    let gz = flate2::write::GzEncoder::new(File::create(&partial)?, level);
    let mut tar = tar::Builder::new(gz);
    for (source, inside, mode) in files {
        let mut file =
            File::open(source).with_context(|| format!("cannot read {}", source.display()))?;
        let mut header = tar::Header::new_gnu();
        header.set_size(file.metadata()?.len());
        header.set_mode(*mode);
        // A fixed time: the same inputs make the same archive.
        header.set_mtime(0);
        tar.append_data(&mut header, inside, &mut file)?;
    }
    tar.into_inner()?.finish()?;
    std::fs::rename(&partial, path)?;
    Ok(())
}

/// A zip of `files`, as [`write_tar_gz`] writes a tarball.
fn write_zip(path: &Path, files: &[(PathBuf, String, u32)]) -> Result<()> {
    let partial = path.with_extension("partial");
    let mut zip = zip::ZipWriter::new(File::create(&partial)?);
    for (source, inside, mode) in files {
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .unix_permissions(*mode);
        zip.start_file(inside.as_str(), options)?;
        let mut file =
            File::open(source).with_context(|| format!("cannot read {}", source.display()))?;
        std::io::copy(&mut file, &mut zip)?;
    }
    zip.finish()?;
    std::fs::rename(&partial, path)?;
    Ok(())
}

/// The host's target triple, as `rustc -vV` names it.
fn host_triple() -> Result<String> {
    let out = Command::new("rustc")
        .arg("-vV")
        .output()
        .context("cannot run rustc")?;
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .map(str::to_owned)
        .context("`rustc -vV` names no host")
}

/// The workspace's version (`[workspace.package] version`), which every
/// shipped crate takes.
fn workspace_version(root: &Path) -> Result<String> {
    let manifest: toml::Table = std::fs::read_to_string(root.join("Cargo.toml"))?.parse()?;
    manifest
        .get("workspace")
        .and_then(|w| w.get("package"))
        .and_then(|p| p.get("version"))
        .and_then(toml::Value::as_str)
        .map(str::to_owned)
        .context("Cargo.toml has no [workspace.package] version")
}

fn exe_suffix(target: &str) -> &'static str {
    if target.contains("windows") {
        ".exe"
    } else {
        ""
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read as _;

    /// The archive binstall downloads, unpacked: one folder named as
    /// `bin-dir` says, holding a binary that runs, `--version` naming
    /// the crate's version, and a scan of the bundled example that writes
    /// the sitemap the example expects. Built with the `dev` profile,
    /// through the same `build` the release workflow runs.
    #[test]
    fn the_release_archive_unpacks_to_a_sitemap_that_scans() {
        let archives = super::build(None, "dev").unwrap();
        let version = super::workspace_version(&crate::root()).unwrap();
        let triple = super::host_triple().unwrap();
        let cli = archives
            .iter()
            .find(|a| {
                a.file_name()
                    .unwrap()
                    .to_string_lossy()
                    .starts_with("sitemap-cli-")
            })
            .unwrap();
        let name = format!("sitemap-cli-v{version}-{triple}");
        assert_eq!(
            cli.file_name().unwrap().to_string_lossy(),
            format!("{name}.tar.gz")
        );
        let dir = tempfile::tempdir().unwrap();
        let mut bytes = Vec::new();
        flate2::read::GzDecoder::new(std::fs::File::open(cli).unwrap())
            .read_to_end(&mut bytes)
            .unwrap();
        let mut entries: Vec<String> = tar::Archive::new(&bytes[..])
            .entries()
            .unwrap()
            .map(|e| e.unwrap().path().unwrap().to_string_lossy().into_owned())
            .collect();
        entries.sort();
        assert_eq!(
            entries,
            [
                format!("{name}/LICENSE-APACHE"),
                format!("{name}/LICENSE-MIT"),
                format!("{name}/README.md"),
                format!("{name}/sitemap"),
            ]
        );
        tar::Archive::new(&bytes[..]).unpack(dir.path()).unwrap();
        let sitemap = dir.path().join(&name).join("sitemap");
        let out = std::process::Command::new(&sitemap)
            .arg("--version")
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            format!("sitemap {version}\n")
        );
        // The bundled Hugo example, scanned by the unpacked binary into a
        // folder of its own: the sitemap the example's expected files hold.
        let example = crate::root().join("examples/hugo-site");
        let written = dir.path().join("public");
        let scan = std::process::Command::new(&sitemap)
            .args(["scan", "--quiet", "--out"])
            .arg(&written)
            .arg(&example)
            .status()
            .unwrap();
        assert!(scan.success());
        assert_eq!(
            std::fs::read_to_string(written.join("sitemap.xml")).unwrap(),
            std::fs::read_to_string(example.join("expected/sitemap.xml")).unwrap()
        );
    }
}
