//! Change submission (IndexNow): the ledger's URLs whose last event
//! (added, changed, removed) was not submitted yet, posted to an IndexNow
//! endpoint, and recorded in the ledger once each request is accepted.
//!
//! - `protocol.rs`: the request ([`Request`], its JSON [`Body`]), one
//!   host a request, at most [`MAX_URLS`] URLs.
//! - `key.rs`: the key ([`key::check`], [`key::make`], [`key::init`] for
//!   `--init`) and which URLs a key file covers.
//! - `http.rs`: the [`Client`] (ureq: rustls, proxies from the
//!   environment, a timeout on every request, retries with backoff
//!   honouring `Retry-After`).
//! - `live.rs`: the checks before anything is sent (the set validates,
//!   the live key file holds the key, the live home page is not noindex).
//! - `ledger.rs`: what is due, checking the ledger can be written before
//!   anything is sent, and recording what an accepted request sent.
//! - `quote.rs`: what messages quote: URLs without their credentials,
//!   the network's text with its control characters escaped.
//! - `report.rs`: [`SubmitReport`], what a run did as data (`sitemap
//!   submit --output json`).
//! - this file: [`Submission`] (settings in), [`Submission::plan`] (no
//!   network: what `--dry-run` prints) and [`Submission::send`].
//!
//! Which URLs: an entry is due while what a submission would tell of it
//! (its content's fingerprint, or its removal) differs from what the last
//! accepted one told (ledger format version 3), so a page edited twice
//! between submissions is sent once, an edit within the second of the
//! last submission is still sent, a removed page is sent once, and a run
//! whose second request fails has recorded exactly what its first one
//! sent.

mod http;
pub mod key;
mod ledger;
mod live;
mod protocol;
mod quote;
mod report;

use std::collections::BTreeMap;
use std::path::PathBuf;

pub use http::Client;
pub use protocol::{Body, MAX_URLS, Request};
pub use report::{RequestReport, SubmitReport};

use crate::error::Error;
use crate::publish::Outputs;
use crate::settings::Resolved;

/// IndexNow's shared endpoint: one submission reaches every engine that
/// takes part (Bing, Yandex, Naver, Seznam, Yep).
pub const DEFAULT_ENDPOINT: &str = "https://api.indexnow.org/indexnow";

/// Why a submission did not happen, or stopped.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SubmitError {
    /// The ledger file does not exist.
    #[error("{}: no such ledger", path.display())]
    NoLedger {
        /// The file.
        path: PathBuf,
    },
    /// The key file on the live site is missing or wrong.
    #[error("the key file {url} does not vouch for the key: {problem}; nothing was sent")]
    KeyFile {
        /// Its URL.
        url: String,
        /// What it answered.
        problem: String,
    },
    /// The live home page says noindex.
    #[error("the live home page {url} is noindex: {how}; nothing was sent")]
    Noindex {
        /// Its URL.
        url: String,
        /// Which header or meta says so.
        how: String,
    },
    /// The live home page did not answer 200.
    #[error("the live home page {url} answered {status}; nothing was sent")]
    HomePage {
        /// Its URL.
        url: String,
        /// Its status.
        status: u16,
    },
    /// The sitemap set in the output folder does not validate.
    #[error("{} does not validate; nothing was sent:\n{}", path.display(), problems.join("\n"))]
    InvalidSet {
        /// The root file of the set.
        path: PathBuf,
        /// Each error, naming its file, line and column.
        problems: Vec<String>,
    },
    /// URLs on a host no search engine reaches or a documentation name
    /// (`localhost`, `example.org`).
    #[error("{count} URL(s) of the ledger are on {host}, {why}; nothing was sent")]
    UnservedHost {
        /// The host.
        host: String,
        /// Why it is refused.
        why: &'static str,
        /// How many URLs.
        count: usize,
    },
    /// URLs lie outside what their host's key file covers.
    #[error(
        "{count} URL(s) lie outside what the key file {key_location} covers (such as {example}); nothing was sent"
    )]
    OutOfScope {
        /// The key file.
        key_location: String,
        /// How many URLs.
        count: usize,
        /// The first of them.
        example: String,
    },
    /// The endpoint refused a request (400, 403, 422, …).
    #[error("{url} refused the request ({status}): {answer}")]
    Refused {
        /// The endpoint.
        url: String,
        /// Its status.
        status: u16,
        /// Its answer, clipped.
        answer: String,
    },
    /// 429 or 5xx on every try.
    #[error("{url} still answered {last} after {attempts} tries")]
    GaveUp {
        /// The URL.
        url: String,
        /// How many tries.
        attempts: u32,
        /// The last status and answer, clipped.
        last: String,
    },
    /// The request could not be made (DNS, connection, timeout).
    #[error("{url}: {message}")]
    Http {
        /// The URL.
        url: String,
        /// What failed.
        message: String,
    },
    /// The operating system gave no randomness for a key.
    #[error("cannot make a key: {0}")]
    Random(String),
    /// What the job's own steps refused (a setting, the ledger, a file),
    /// as the engine's [`Error`] says it (boxed: the engine's error is
    /// large, and a submission's own are not).
    #[error(transparent)]
    Job(Box<Error>),
}

impl From<Error> for SubmitError {
    fn from(e: Error) -> SubmitError {
        SubmitError::Job(Box::new(e))
    }
}

impl SubmitError {
    /// What the user can do about it, where the job knows.
    pub fn hint(&self) -> Option<&str> {
        let hint = match self {
            SubmitError::NoLedger { .. } => {
                "`sitemap scan --ledger FILE` (or `ledger = …` in the settings) keeps the ledger submission reads"
            }
            SubmitError::KeyFile { .. } => {
                "deploy the key file with the site (`--init` wrote it into the output folder; keep a copy where your generator copies static files), or set `submit.key-location`"
            }
            SubmitError::HomePage { .. } => {
                "check `base-url`, and that the deploy is live before submitting"
            }
            SubmitError::Noindex { .. } => {
                "submit from the production deploy, not a staging build; run it after the deploy is live"
            }
            SubmitError::InvalidSet { .. } => {
                "fix the sitemap (`sitemap validate` names each problem), rebuild, then submit"
            }
            SubmitError::UnservedHost { .. } => {
                "set `base-url` to the URL the site is served at, scan again, then submit"
            }
            SubmitError::OutOfScope { .. } => {
                "serve the key file at the host root (`submit.key-location`), where it covers every URL of the host"
            }
            SubmitError::Refused { .. } => {
                "nothing of this request was recorded as submitted: the next run sends it again"
            }
            SubmitError::GaveUp { .. } | SubmitError::Http { .. } => {
                "nothing of this request was recorded as submitted: run again later"
            }
            SubmitError::Random(_) => "run it again",
            SubmitError::Job(e) => return e.hint(),
        };
        Some(hint)
    }

    /// Whether a value given as a command-line flag was refused: a usage
    /// error ([`Error::from_flag`]).
    pub fn from_flag(&self) -> bool {
        matches!(self, SubmitError::Job(e) if e.from_flag())
    }
}

/// A submission's settings, resolved.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Submission {
    /// The ledger read and recorded into.
    pub ledger: PathBuf,
    /// The output folder and its base URL (the set is validated there).
    pub outputs: Outputs,
    /// The IndexNow key.
    pub key: String,
    /// The key file's URL, when set.
    pub key_location: Option<url::Url>,
    /// The endpoint.
    pub endpoint: url::Url,
}

/// What a run would send; made without the network.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Plan {
    /// The requests, in order.
    pub requests: Vec<Request>,
}

impl Plan {
    /// URLs in all requests.
    pub fn urls(&self) -> usize {
        self.requests.iter().map(|r| r.body.url_list.len()).sum()
    }
}

/// How to start a ledger where this job's settings live: a book's
/// `[output.sitemap]` table, else sitemap.toml or the flag.
fn no_ledger_hint(resolved: &Resolved) -> String {
    match resolved.origin("base-url") {
        Some(crate::settings::Origin::File {
            path,
            table: Some(table),
        }) => format!(
            "add `ledger = \"sitemap.ledger\"` under [{table}] in {}; the next `mdbook build` writes it, and submit then sends what changed since",
            crate::settings::shown(path)
        ),
        _ => "pass --ledger FILE or set `ledger = \"sitemap.ledger\"` in sitemap.toml; the next `sitemap scan` writes it, and submit then sends what changed since".to_owned(),
    }
}

impl Submission {
    /// The settings of a submission from `resolved` (key, key location,
    /// endpoint, ledger) and where the set is (`outputs`); each bad value
    /// names where it was set.
    pub fn new(resolved: &Resolved, outputs: Outputs) -> Result<Submission, SubmitError> {
        let s = &resolved.settings;
        let ledger = s.ledger.clone().ok_or_else(|| {
            Error::job(
                "no ledger: submission sends the changes the ledger records",
                no_ledger_hint(resolved),
            )
        })?;
        let key = s.submit.key.clone().ok_or_else(|| {
            Error::job(
                "no IndexNow key (`submit.key`)",
                "make one with `submit --init`, deploy the key file it writes, then submit",
            )
        })?;
        key::check(&key).map_err(|m| resolved.value_error("submit.key", m))?;
        let web_url = |name: &str, value: &str| -> Result<url::Url, Error> {
            match value.parse::<url::Url>() {
                Ok(u) if matches!(u.scheme(), "http" | "https") && u.host().is_some() => Ok(u),
                Ok(_) => {
                    Err(resolved.value_error(name, format!("`{value}` is not an http(s) URL")))
                }
                Err(e) => Err(resolved.value_error(name, format!("`{value}`: {e}"))),
            }
        };
        let key_location = match &s.submit.key_location {
            Some(v) => Some(web_url("submit.key-location", v)?),
            None => None,
        };
        let endpoint = web_url(
            "submit.endpoint",
            s.submit.endpoint.as_deref().unwrap_or(DEFAULT_ENDPOINT),
        )?;
        Ok(Submission {
            ledger,
            outputs,
            key,
            key_location,
            endpoint,
        })
    }

    /// The key file covering `origin`'s URLs: `submit.key-location` when
    /// on that origin, else `{base-url}{key}.txt` on the base URL's
    /// origin, else `/{key}.txt` at the origin's root.
    fn key_location_for(&self, sample: &url::Url) -> url::Url {
        let base: url::Url = self
            .outputs
            .set
            .base_url
            .as_str()
            .parse()
            .expect("a loc is a URL");
        if let Some(k) = &self.key_location
            && k.origin() == sample.origin()
        {
            return k.clone();
        }
        let folder = if base.origin() == sample.origin() {
            base
        } else {
            let mut root = sample.clone();
            root.set_path("/");
            root.set_query(None);
            root.set_fragment(None);
            root
        };
        key::default_location(&folder, &self.key).unwrap_or(folder)
    }

    /// What is due, as requests: the ledger read, grouped by host, every
    /// URL checked against its host's key file. No network.
    pub fn plan(&self) -> Result<Plan, SubmitError> {
        let due = ledger::due(&self.ledger)?;
        let mut groups: BTreeMap<String, Vec<protocol::Due>> = BTreeMap::new();
        for d in due {
            groups
                .entry(d.url.origin().ascii_serialization())
                .or_default()
                .push(d);
        }
        // An endpoint on this computer is a test double, which may be
        // sent anything; a real one must not hear of URLs nobody reaches.
        let endpoint_local = self
            .endpoint
            .host()
            .is_some_and(|h| crate::settings::base_url_check::unreachable(&h).is_some());
        let mut grouped = Vec::new();
        for due in groups.into_values() {
            if !endpoint_local
                && let Some(why) = crate::settings::base_url_check::refused_for_submit(&due[0].url)
            {
                return Err(SubmitError::UnservedHost {
                    host: due[0].url.host_str().unwrap_or_default().to_owned(),
                    why,
                    count: due.len(),
                });
            }
            let location = self.key_location_for(&due[0].url);
            let outside: Vec<&protocol::Due> = due
                .iter()
                .filter(|d| !key::covers(&location, &d.url))
                .collect();
            if let Some(first) = outside.first() {
                return Err(SubmitError::OutOfScope {
                    key_location: location.to_string(),
                    count: outside.len(),
                    example: first.loc.clone(),
                });
            }
            let host = due[0].url.host_str().unwrap_or_default().to_owned();
            grouped.push((host, location.to_string(), due));
        }
        Ok(Plan {
            requests: protocol::requests(grouped, &self.key, self.endpoint.as_str()),
        })
    }

    /// Sends `plan`: first the checks (the ledger can be written, the set
    /// validates, each key file
    /// holds the key, the home page is not noindex), then each request;
    /// after each 200 or 202 its URLs are recorded in the ledger, so a
    /// request that fails later leaves them recorded and its own due.
    /// `accepted` hears of each accepted request and its status.
    pub fn send(
        &self,
        plan: &Plan,
        client: &Client,
        accepted: &mut dyn FnMut(&Request, u16),
    ) -> Result<(), SubmitError> {
        if plan.requests.is_empty() {
            return Ok(());
        }
        ledger::check_writable(&self.ledger)?;
        live::check_set(&self.outputs)?;
        let mut checked = std::collections::BTreeSet::new();
        for request in &plan.requests {
            if checked.insert(request.body.key_location.clone()) {
                live::check_key_file(client, &request.body.key_location, &self.key)?;
            }
        }
        live::check_indexable(client, &self.outputs.set.base_url)?;
        for request in &plan.requests {
            let answer = client.post_json(&request.endpoint, &request.json())?;
            if !matches!(answer.status, 200 | 202) {
                return Err(SubmitError::Refused {
                    url: quote::redacted(&request.endpoint),
                    status: answer.status,
                    answer: quote::clip(&answer.body),
                });
            }
            ledger::record(
                &self.ledger,
                request
                    .body
                    .url_list
                    .iter()
                    .map(String::as_str)
                    .zip(request.events.iter().copied()),
            )?;
            accepted(request, answer.status);
        }
        Ok(())
    }
}
