//! What a submission did, as data: what `sitemap submit --output json`
//! prints. Field names are part of the CLI's interface (README, "JSON
//! reports"): add fields, never rename them.

use serde::Serialize;

use super::{Plan, Request};
use crate::ledger::Submitted;

/// A submission's report: each request of the plan, whether it was sent,
/// what the endpoint answered and what the ledger recorded.
#[derive(Debug, Serialize)]
#[non_exhaustive]
pub struct SubmitReport {
    /// Whether this was a dry run (nothing sent, the live site not fetched).
    pub dry_run: bool,
    /// The ledger read (and, for accepted requests, written).
    pub ledger: String,
    /// URLs due, in all requests.
    pub urls: usize,
    /// URLs the ledger recorded as submitted by this run.
    pub recorded: usize,
    /// The requests, in the order they are sent.
    pub requests: Vec<RequestReport>,
}

/// One request to one endpoint.
#[derive(Debug, Serialize)]
#[non_exhaustive]
pub struct RequestReport {
    /// The endpoint, without its credentials.
    pub endpoint: String,
    /// The host every URL of the request is on.
    pub host: String,
    /// The key file the endpoint checks the key against.
    pub key_location: String,
    /// The URLs sent (added, changed and removed alike).
    pub urls: Vec<String>,
    /// Those of `urls` sent as removals.
    pub removed: Vec<String>,
    /// Whether the request was sent and accepted.
    pub sent: bool,
    /// The endpoint's status (200 or 202) for an accepted request; `null`
    /// for one not sent (a dry run, or a run that stopped before it).
    pub status: Option<u16>,
    /// Whether the ledger recorded its URLs as submitted.
    pub recorded: bool,
}

impl SubmitReport {
    /// The report of `plan` before anything is sent: every request
    /// unsent. `ledger` is the ledger as messages name it.
    pub fn new(plan: &Plan, ledger: String, dry_run: bool) -> SubmitReport {
        SubmitReport {
            dry_run,
            ledger,
            urls: plan.urls(),
            recorded: 0,
            requests: plan.requests.iter().map(RequestReport::new).collect(),
        }
    }

    /// The next request was accepted with `status`, and its URLs
    /// recorded in the ledger: [`super::Submission::send`] sends the
    /// plan's requests in order and records each before it tells of it.
    pub fn accepted(&mut self, status: u16) {
        if let Some(r) = self.requests.iter_mut().find(|r| !r.sent) {
            r.sent = true;
            r.status = Some(status);
            r.recorded = true;
            self.recorded += r.urls.len();
        }
    }
}

impl RequestReport {
    fn new(request: &Request) -> RequestReport {
        RequestReport {
            endpoint: request.endpoint_shown(),
            host: request.body.host.clone(),
            key_location: request.body.key_location.clone(),
            urls: request.body.url_list.clone(),
            removed: request
                .body
                .url_list
                .iter()
                .zip(&request.events)
                .filter(|(_, e)| **e == Submitted::Removed)
                .map(|(u, _)| u.clone())
                .collect(),
            sent: false,
            status: None,
            recorded: false,
        }
    }
}
