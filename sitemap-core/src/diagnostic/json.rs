//! The JSON form: each field its own, the file and key shown as the text
//! shows them (escaped and cut), so a report piped to a terminal or a CI
//! log is as safe as the text one, and one hostile name cannot make it
//! megabytes long.

use serde::ser::{Serialize, SerializeStruct, Serializer};

use super::Diagnostic;
use super::shown::{self, MESSAGE_BOUND};

impl Serialize for Diagnostic {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let notes = !self.notes.is_empty();
        let mut s = serializer.serialize_struct("Diagnostic", 8 + usize::from(notes))?;
        s.serialize_field("severity", &self.severity)?;
        s.serialize_field("file", &self.file.as_deref().map(shown::path))?;
        s.serialize_field("line", &self.line)?;
        s.serialize_field("column", &self.column)?;
        s.serialize_field("key", &self.shown_key())?;
        s.serialize_field("message", &shown::shown(&self.message, MESSAGE_BOUND))?;
        s.serialize_field(
            "hint",
            &self.hint.as_deref().map(|h| shown::shown(h, MESSAGE_BOUND)),
        )?;
        s.serialize_field("kind", &self.kind.map(|k| k.name()))?;
        if notes {
            s.serialize_field("notes", &self.notes)?;
        }
        s.end()
    }
}

#[cfg(test)]
mod tests {
    use super::super::Kind;
    use super::*;

    #[test]
    fn every_field_is_its_own() {
        let d = Diagnostic::warning("`k` is no setting")
            .at("./zola.toml", 2)
            .with_key("k")
            .with_hint("remove it")
            .with_kind(Kind::new("zola-unknown-key", "keys"));
        assert_eq!(
            serde_json::to_value(&d).unwrap(),
            serde_json::json!({
                "severity": "warning", "file": "zola.toml", "line": 2, "column": null,
                "key": "k", "message": "`k` is no setting", "hint": "remove it",
                "kind": "zola-unknown-key"
            })
        );
        let bare = serde_json::to_value(Diagnostic::error("e")).unwrap();
        assert_eq!(
            bare,
            serde_json::json!({
                "severity": "error", "file": null, "line": null, "column": null,
                "key": null, "message": "e", "hint": null, "kind": null
            })
        );
    }

    #[test]
    fn names_are_escaped_and_cut_in_json_too() {
        let key = format!("\x1b]0;{}", "k".repeat(300));
        let d = Diagnostic::warning("m").in_file("a\nb").with_key(&key);
        let json = serde_json::to_value(&d).unwrap();
        assert_eq!(json["file"], "a\\nb");
        let shown = json["key"].as_str().unwrap();
        assert!(shown.starts_with("\\x1b]0;kkk"), "{shown}");
        assert!(shown.ends_with("k… (107 more characters)"), "{shown}");
    }
}
