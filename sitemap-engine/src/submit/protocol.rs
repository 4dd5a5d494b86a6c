//! The IndexNow request: `POST` of a JSON body `{host, key, keyLocation,
//! urlList}` to the endpoint, one host a request and at most
//! [`MAX_URLS`] URLs, so a change set is grouped by host, then cut.

use serde::Serialize;

use crate::ledger::Submitted;

/// At most this many URLs a request (IndexNow's limit).
pub const MAX_URLS: usize = 10_000;

/// The body of one request, as IndexNow spells its fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Body {
    /// The host every URL of `url_list` is on.
    pub host: String,
    /// The key.
    pub key: String,
    /// Where the key file is served.
    pub key_location: String,
    /// The URLs, added, changed and removed alike.
    pub url_list: Vec<String>,
}

/// One request to send, and what the ledger records once it is accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Request {
    /// The endpoint it is posted to.
    pub endpoint: String,
    /// The JSON body.
    pub body: Body,
    /// For each URL of the body, what it tells of the ledger's entry:
    /// what is marked submitted after a 200/202.
    pub events: Vec<Submitted>,
}

impl Request {
    /// The body as sent (`application/json; charset=utf-8`).
    pub fn json(&self) -> String {
        serde_json::to_string(&self.body).expect("strings and lists serialise")
    }

    /// The endpoint as messages show it: without its credentials.
    pub fn endpoint_shown(&self) -> String {
        super::quote::redacted(&self.endpoint)
    }
}

/// A URL due for submission, with what it tells of its ledger entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Due {
    /// As the ledger spells it (what is sent, and recorded).
    pub(crate) loc: String,
    /// Parsed, for its host and path.
    pub(crate) url: url::Url,
    pub(crate) state: Submitted,
}

/// The requests for `due` (already grouped by host, in order): one host a
/// request, cut at [`MAX_URLS`]. `key_location` gives each host's key file.
pub(crate) fn requests(
    groups: Vec<(String, String, Vec<Due>)>,
    key: &str,
    endpoint: &str,
) -> Vec<Request> {
    let mut out = Vec::new();
    for (host, key_location, due) in groups {
        for chunk in due.chunks(MAX_URLS) {
            out.push(Request {
                endpoint: endpoint.to_owned(),
                body: Body {
                    host: host.clone(),
                    key: key.to_owned(),
                    key_location: key_location.clone(),
                    url_list: chunk.iter().map(|d| d.loc.clone()).collect(),
                },
                events: chunk.iter().map(|d| d.state).collect(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cut_at_ten_thousand_and_camel_case_fields() {
        let due: Vec<Due> = (0..10_001)
            .map(|i| Due {
                loc: format!("https://e.org/{i}"),
                url: format!("https://e.org/{i}").parse().unwrap(),
                state: Submitted::Content(1),
            })
            .collect();
        let requests = requests(
            vec![("e.org".to_owned(), "https://e.org/k.txt".to_owned(), due)],
            "kkkkkkkk",
            "https://api.indexnow.org/indexnow",
        );
        let sizes: Vec<usize> = requests.iter().map(|r| r.body.url_list.len()).collect();
        assert_eq!(sizes, [10_000, 1]);
        assert_eq!(
            requests[1].json(),
            r#"{"host":"e.org","key":"kkkkkkkk","keyLocation":"https://e.org/k.txt","urlList":["https://e.org/10000"]}"#
        );
    }
}
