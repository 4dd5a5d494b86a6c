//! `cargo xtask dist [--target TRIPLE] [--profile PROFILE]`: the release
//! archives, as `cargo binstall` finds them (`[package.metadata.binstall]`
//! of `sitemap-cli` and `mdbook-sitemap-toolkit`) and as the release
//! workflow (`.github/workflows/release.yml`) uploads them.
//!
//! One archive per installable crate, so `cargo binstall sitemap-cli` and
//! `cargo binstall mdbook-sitemap-toolkit` each fetch their own binary:
//! `target/dist/<crate>-v<version>-<target>.tar.gz` (`.zip` for a Windows
//! target), holding one folder of the same name with the binary, the
//! crate's README and both licence files; the version is the crate's own
//! (`cargo metadata`), as binstall's `{ version }` is. The target is the
//! host's (`rustc -vV`) unless `--target` names another (the workflow
//! builds each on its own runner); `--profile dev` makes the same layout
//! quickly, for the test that unpacks it.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

/// The crates a release ships: package, binary, folder.
const SHIPPED: [(&str, &str, &str); 2] = [
    ("sitemap-cli", "sitemap", "integrations/cli"),
    (
        "mdbook-sitemap-toolkit",
        "mdbook-sitemap",
        "integrations/mdbook",
    ),
];

/// The licence files beside each binary, from the root: the crates'
/// copies are symbolic links, which a Windows checkout may leave as text
/// files naming their target.
const LICENCES: [&str; 2] = ["LICENSE-MIT", "LICENSE-APACHE"];

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
/// `profile` and packs each crate's archive into `target/dist/`; returns
/// their paths.
pub(crate) fn build(target: Option<&str>, profile: &str) -> Result<Vec<PathBuf>> {
    let mut args = vec!["--locked", "--profile", profile];
    for (package, bin, _) in SHIPPED {
        args.extend(["-p", package, "--bin", bin]);
    }
    if let Some(target) = target {
        args.extend(["--target", target]);
    }
    // Cargo names the binaries it wrote, wherever `CARGO_TARGET_DIR`, the
    // target and the profile put them.
    let built = crate::executables(&args)?;
    let triple = match target {
        Some(t) => t.to_owned(),
        None => host_triple()?,
    };
    let out = crate::target_dir().join("dist");
    std::fs::create_dir_all(&out)?;
    SHIPPED
        .iter()
        .map(|(package, bin, folder)| {
            let binary = built
                .iter()
                .find(|p| p.file_stem().is_some_and(|s| s == *bin))
                .with_context(|| format!("cargo built no `{bin}`"))?;
            // The crate's own README, the one crates.io shows for it.
            let readme = crate::root().join(folder).join("README.md");
            let version = package_version(package)?;
            let best = profile == "release";
            archive(&out, package, &version, &triple, binary, &readme, best)
        })
        .collect()
}

/// Packs `binary`, `readme` and the licences into `out/<package>-v<version>-<target>`
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
    readme: &Path,
    best: bool,
) -> Result<PathBuf> {
    let root = crate::root();
    let name = format!("{package}-v{version}-{target}");
    let bin_name = binary
        .file_name()
        .with_context(|| format!("{} has no file name", binary.display()))?;
    let mut files: Vec<(PathBuf, String, u32)> = vec![
        (
            binary.to_path_buf(),
            format!("{name}/{}", bin_name.to_string_lossy()),
            0o755,
        ),
        (readme.to_path_buf(), format!("{name}/README.md"), 0o644),
    ];
    for licence in LICENCES {
        files.push((root.join(licence), format!("{name}/{licence}"), 0o644));
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

/// A workspace package's version, as `cargo metadata` reads its
/// manifest: the `{ version }` binstall puts in the archive's name.
fn package_version(package: &str) -> Result<String> {
    let meta = crate::workspace_metadata()?;
    meta["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| p["name"] == package)
        .and_then(|p| p["version"].as_str())
        .map(str::to_owned)
        .with_context(|| format!("cargo metadata names no package `{package}`"))
}

#[cfg(test)]
mod tests {
    use std::io::Read as _;
    use std::path::{Path, PathBuf};
    use std::process::Command;

    /// The entries of a `.tar.gz`, sorted, after unpacking it into `into`.
    fn unpack(archive: &Path, into: &Path) -> Vec<String> {
        let mut bytes = Vec::new();
        flate2::read::GzDecoder::new(std::fs::File::open(archive).unwrap())
            .read_to_end(&mut bytes)
            .unwrap();
        let mut entries: Vec<String> = tar::Archive::new(&bytes[..])
            .entries()
            .unwrap()
            .map(|e| e.unwrap().path().unwrap().to_string_lossy().into_owned())
            .collect();
        entries.sort();
        tar::Archive::new(&bytes[..]).unpack(into).unwrap();
        entries
    }

    /// What `binary --version` prints on stdout, after checking it exits 0.
    fn version_line(binary: &Path) -> String {
        let out = Command::new(binary).arg("--version").output().unwrap();
        assert!(
            out.status.success(),
            "{} --version failed",
            binary.display()
        );
        String::from_utf8(out.stdout).unwrap()
    }

    /// The archives binstall downloads, unpacked: each one folder named as
    /// `bin-dir` says, holding its binary, the README and the licences;
    /// each binary runs and names the crates' version; and the unpacked
    /// `sitemap` scans the bundled Hugo example into a sitemap that
    /// validates against the official XSDs and lists the example's
    /// expected URLs. Built with the `dev` profile, through the same
    /// `build` and `archive` the release workflow runs.
    #[test]
    fn the_release_archives_unpack_to_binaries_that_run_and_scan() {
        let archives = super::build(None, "dev").unwrap();
        let triple = super::host_triple().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let mut unpacked: Vec<PathBuf> = Vec::new();
        for (package, bin, _) in super::SHIPPED {
            let version = super::package_version(package).unwrap();
            let name = format!("{package}-v{version}-{triple}");
            let archive = archives
                .iter()
                .find(|a| a.file_name().unwrap().to_string_lossy() == format!("{name}.tar.gz"))
                .unwrap_or_else(|| panic!("no {name}.tar.gz among {archives:?}"));
            assert_eq!(
                unpack(archive, dir.path()),
                [
                    format!("{name}/LICENSE-APACHE"),
                    format!("{name}/LICENSE-MIT"),
                    format!("{name}/README.md"),
                    format!("{name}/{bin}"),
                ]
            );
            let binary = dir.path().join(&name).join(bin);
            assert_eq!(version_line(&binary), format!("{bin} {version}\n"));
            unpacked.push(binary);
        }
        // The bundled Hugo example (the README's first commands), scanned
        // by the unpacked binary into a folder of its own.
        let sitemap = &unpacked[0];
        let example = crate::root().join("examples/hugo-site");
        let written = dir.path().join("public");
        let scan = Command::new(sitemap)
            .args(["scan", "--quiet", "--out"])
            .arg(&written)
            .arg(&example)
            .status()
            .unwrap();
        assert!(scan.success());
        assert!(sitemap_testkit::assert_all_valid(&written) > 0);
        let expected = example.join("expected/sitemap.xml");
        let (pages, sitemaps) = sitemap_testkit::set_locs(&written.join("sitemap.xml"));
        assert!(!pages.is_empty());
        assert_eq!((pages, sitemaps), sitemap_testkit::set_locs(&expected));
        assert_eq!(
            std::fs::read_to_string(written.join("sitemap.xml")).unwrap(),
            std::fs::read_to_string(&expected).unwrap()
        );
    }

    /// A Windows target's archive is the `.zip` binstall's override asks
    /// for, in the same layout, its binary named with `.exe`; packed by
    /// the same `archive`, from stand-in files (no Windows build here).
    #[test]
    fn a_windows_archive_is_a_zip_of_the_same_layout() {
        let dir = tempfile::tempdir().unwrap();
        let binary = dir.path().join("sitemap.exe");
        std::fs::write(&binary, b"MZ").unwrap();
        let readme = crate::root().join("integrations/cli/README.md");
        let target = "x86_64-pc-windows-msvc";
        let zip = super::archive(
            dir.path(),
            "sitemap-cli",
            "1.2.3",
            target,
            &binary,
            &readme,
            false,
        )
        .unwrap();
        let name = format!("sitemap-cli-v1.2.3-{target}");
        assert_eq!(zip, dir.path().join(format!("{name}.zip")));
        let mut archive = zip::ZipArchive::new(std::fs::File::open(&zip).unwrap()).unwrap();
        let mut entries: Vec<String> = archive
            .file_names()
            .map(|n| n.unwrap().into_owned())
            .collect();
        entries.sort();
        assert_eq!(
            entries,
            [
                format!("{name}/LICENSE-APACHE"),
                format!("{name}/LICENSE-MIT"),
                format!("{name}/README.md"),
                format!("{name}/sitemap.exe"),
            ]
        );
        let mut exe = Vec::new();
        archive
            .by_name(&format!("{name}/sitemap.exe"))
            .unwrap()
            .read_to_end(&mut exe)
            .unwrap();
        assert_eq!(exe, b"MZ");
    }
}
