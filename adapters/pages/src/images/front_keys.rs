//! Images a page's front matter names (Hugo's `images`, a theme's
//! `cover.image`, the `image-keys` setting), resolved as themes resolve
//! them.

use std::path::Path;

use serde_json::Value;
use sitemap_core::Loc;

use super::{ImageRules, PageImages};
use crate::Error;
use crate::front_matter::{FrontMatter, kind_of};

/// An image a front matter key names.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FrontImage {
    /// The value as written.
    pub reference: String,
    /// A file beside the page in its bundle: resolved against the page's
    /// URL, where the generator publishes it, instead of the base URL.
    pub beside_page: bool,
}

impl FrontImage {
    /// Resolves the image for the page at `page` on the site at `base`
    /// into `images`.
    pub fn add_to(&self, rules: &ImageRules, page: &Loc, base: &Loc, images: &mut PageImages) {
        let against = if self.beside_page { page } else { base };
        images.push(rules.resolve(against, &self.reference));
    }
}

/// The images under `keys` (dotted, compared as the front matter's
/// format does) of the page `path` (named in errors), in key order then
/// list order. A key takes a string or a list of strings (an empty key,
/// null, is no image, as in the generators' templates); anything else
/// is an error naming the file and line, since the key was named for its
/// images (Hugo's own templates fail the build on an `images` they cannot
/// range over, and a theme's on a non-string `cover.image`).
///
/// `bundle_dir` is the folder of a bundle page (`index.md`, `_index.md`):
/// a relative value naming a file there is that file, which the generator
/// publishes beside the page; any other relative value is relative to
/// the base URL, as Hugo's `absURL` and themes' `get_url` make it.
pub fn front_matter_images(
    path: &Path,
    fm: &FrontMatter,
    keys: &[String],
    bundle_dir: Option<&Path>,
) -> Result<Vec<FrontImage>, Error> {
    let mut out = Vec::new();
    for key in keys {
        let Some(value) = fm.get(key) else {
            continue;
        };
        let wrong = |found: &Value| Error::WrongType {
            path: path.to_owned(),
            line: fm.line_of(key),
            key: key.clone(),
            expected: "an image URL or a list of them",
            found: match found {
                Value::Number(n) => format!("a number {n}"),
                other => kind_of(other).to_owned(),
            },
        };
        let values: Vec<&str> = match value {
            Value::String(s) => vec![s.as_str()],
            // `images:` with nothing after it (an archetype's empty key)
            // is no image: Hugo's templates `with` it and pass over it.
            Value::Null => continue,
            Value::Array(items) => items
                .iter()
                .filter(|v| !v.is_null())
                .map(|v| v.as_str().ok_or_else(|| wrong(v)))
                .collect::<Result<_, _>>()?,
            other => return Err(wrong(other)),
        };
        for reference in values {
            let reference = reference.trim();
            if reference.is_empty() {
                continue;
            }
            let relative = !reference.starts_with('/') && !reference.contains(':');
            let beside_page = relative
                && bundle_dir.is_some_and(|dir| {
                    let file = reference.split(['?', '#']).next().unwrap_or_default();
                    dir.join(file).is_file()
                });
            out.push(FrontImage {
                reference: reference.to_owned(),
                beside_page,
            });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::front_matter::parse;

    #[test]
    fn keys_take_a_string_or_a_list_and_bundle_files_stay_beside_the_page() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("cover.jpg"), "x").unwrap();
        let text = "---\nimages: [cover.jpg, /img/a.png, missing.png]\ncover:\n  image: https://cdn.example/c.png\n---\n";
        let fm = parse(Path::new("p/index.md"), text).unwrap();
        let keys = [
            "images".to_owned(),
            "cover.image".to_owned(),
            "none".to_owned(),
        ];
        let got =
            front_matter_images(Path::new("p/index.md"), &fm, &keys, Some(dir.path())).unwrap();
        let got: Vec<(&str, bool)> = got
            .iter()
            .map(|f| (f.reference.as_str(), f.beside_page))
            .collect();
        assert_eq!(
            got,
            [
                ("cover.jpg", true),
                ("/img/a.png", false),
                ("missing.png", false),
                ("https://cdn.example/c.png", false)
            ]
        );
        // Not a bundle: every relative value is the base URL's.
        let got = front_matter_images(Path::new("p.md"), &fm, &keys[..1], None).unwrap();
        assert!(got.iter().all(|f| !f.beside_page));
    }

    #[test]
    fn a_wrong_type_names_the_file_line_and_key() {
        let text = "+++\ntitle = \"x\"\n[extra]\nimage = 3\n+++\n";
        let fm = parse(Path::new("blog/a.md"), text).unwrap();
        let err = front_matter_images(
            Path::new("blog/a.md"),
            &fm,
            &["extra.image".to_owned()],
            None,
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "blog/a.md:4: `extra.image`: expected an image URL or a list of them, found a number 3"
        );
        let text = "---\nimages: [a.png, {x: 1}]\n---\n";
        let fm = parse(Path::new("b.md"), text).unwrap();
        let err =
            front_matter_images(Path::new("b.md"), &fm, &["images".to_owned()], None).unwrap_err();
        assert_eq!(
            err.to_string(),
            "b.md:2: `images`: expected an image URL or a list of them, found a table"
        );
    }

    /// `images:` left empty by an archetype (a real site had eight such
    /// posts), or a null among the list, is no image rather than a
    /// refusal: Hugo builds the page and its templates list nothing.
    #[test]
    fn an_empty_key_is_no_image() {
        let keys = ["images".to_owned()];
        for text in ["---\nimages:\n---\n", "---\nimages: [~, a.png]\n---\n"] {
            let fm = parse(Path::new("c.md"), text).unwrap();
            let got = front_matter_images(Path::new("c.md"), &fm, &keys, None).unwrap();
            let got: Vec<&str> = got.iter().map(|f| f.reference.as_str()).collect();
            let want: &[&str] = if text.contains("a.png") {
                &["a.png"]
            } else {
                &[]
            };
            assert_eq!(got, want, "{text}");
        }
    }
}
