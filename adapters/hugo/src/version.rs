//! [`HugoVersion`]: a Hugo release, as `hugo version` and the
//! `hugo-version` setting write it, with the current release
//! ([`CURRENT`]) and Debian's ([`DEBIAN`]). Which one a scan follows is
//! `followed`'s; what each does is the table in `rules`.

/// A Hugo release, `0.minor.patch` (every Hugo so far is `0.x`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HugoVersion {
    /// The `x` of `0.x.y`.
    pub minor: u32,
    /// The `y` of `0.x.y`.
    pub patch: u32,
}

/// The current Hugo release, followed when nothing says which Hugo
/// builds the site (measured against it: `cargo xtask differential
/// hugo-tests`).
pub const CURRENT: HugoVersion = HugoVersion {
    minor: 168,
    patch: 0,
};

/// Debian's Hugo, the oldest the scan follows.
pub const DEBIAN: HugoVersion = HugoVersion {
    minor: 111,
    patch: 3,
};

impl HugoVersion {
    /// `0.168.0`, `v0.168.0`, `0.168` or `168`'s forms; `None` for
    /// anything else (a Hugo 1.x is not known yet).
    pub fn parse(text: &str) -> Option<HugoVersion> {
        let t = text.trim();
        let t = t.strip_prefix('v').unwrap_or(t);
        let mut parts = t.split('.');
        if parts.next()? != "0" {
            return None;
        }
        let minor = parts.next()?.parse().ok()?;
        let patch = match parts.next() {
            // `0.168.0-e27a67…+extended`: the patch ends at the first
            // non-digit.
            Some(p) => {
                let digits: String = p.chars().take_while(char::is_ascii_digit).collect();
                digits.parse().ok()?
            }
            None => 0,
        };
        Some(HugoVersion { minor, patch })
    }
}

impl std::fmt::Display for HugoVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "0.{}.{}", self.minor, self.patch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_read_as_hugo_prints_them() {
        let v = |minor, patch| Some(HugoVersion { minor, patch });
        assert_eq!(HugoVersion::parse("0.168.0"), v(168, 0));
        assert_eq!(HugoVersion::parse("v0.111.3+extended"), v(111, 3));
        assert_eq!(
            HugoVersion::parse("v0.168.0-e27a6760c5547237f87d353aebe0580feadb20f4+extended"),
            v(168, 0)
        );
        assert_eq!(HugoVersion::parse("0.125"), v(125, 0));
        assert_eq!(HugoVersion::parse("1.0.0"), None);
        assert_eq!(HugoVersion::parse("latest"), None);
        assert!(v(111, 3).unwrap() < CURRENT);
        assert_eq!(CURRENT.to_string(), "0.168.0");
    }
}
