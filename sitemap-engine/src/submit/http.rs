//! The HTTP client: ureq (blocking, rustls, no OpenSSL), with a timeout
//! on every request, proxies from the environment (`ALL_PROXY`,
//! `HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY`, as ureq reads them by
//! default), and retries of 429 and 5xx answers and of failed connections
//! with backoff, honouring `Retry-After` (seconds or an HTTP date).

use std::time::{Duration, SystemTime};

use super::SubmitError;
use super::quote::{clip, redacted, without_credentials};

/// How many times a request is tried in all.
const ATTEMPTS: u32 = 4;
/// The longest wait between tries, whatever `Retry-After` asks: a run in
/// CI must end.
const MAX_WAIT: Duration = Duration::from_secs(120);
/// The most of an answer's body kept (for messages; key files are short).
const MAX_BODY: u64 = 256 * 1024;

/// An answer: the status, its `X-Robots-Tag` headers, the body (clipped
/// at 256 KiB).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Answer {
    pub(crate) status: u16,
    pub(crate) robots_tags: Vec<String>,
    pub(crate) body: String,
}

/// A blocking client, one per run.
#[derive(Debug)]
pub struct Client {
    agent: ureq::Agent,
    /// How each wait is spent (tests could count them; the CLI sleeps).
    sleep: fn(Duration),
}

impl Client {
    /// A client whose every request ends within `timeout` (connecting,
    /// sending and reading the answer together).
    pub fn new(timeout: Duration) -> Client {
        let config = ureq::Agent::config_builder()
            .timeout_global(Some(timeout))
            // 4xx and 5xx are answers to judge, not errors of transport.
            .http_status_as_error(false)
            .user_agent(concat!("sitemap-toolkit/", env!("CARGO_PKG_VERSION")))
            .build();
        Client {
            agent: config.into(),
            sleep: std::thread::sleep,
        }
    }

    /// `GET url`, retried as the module doc says.
    pub(crate) fn get(&self, url: &str) -> Result<Answer, SubmitError> {
        self.with_retries(url, || self.agent.get(url).call())
    }

    /// `POST url` of a JSON `body`, retried as the module doc says.
    pub(crate) fn post_json(&self, url: &str, body: &str) -> Result<Answer, SubmitError> {
        self.with_retries(url, || {
            self.agent
                .post(url)
                .header("Content-Type", "application/json; charset=utf-8")
                .send(body)
        })
    }

    fn with_retries(
        &self,
        url: &str,
        send: impl Fn() -> Result<ureq::http::Response<ureq::Body>, ureq::Error>,
    ) -> Result<Answer, SubmitError> {
        let mut attempt = 1;
        loop {
            let wait = match send() {
                Ok(mut response) => {
                    let status = response.status().as_u16();
                    let retry_after = response
                        .headers()
                        .get("retry-after")
                        .and_then(|v| v.to_str().ok())
                        .and_then(|v| retry_after(v, SystemTime::now()));
                    let robots_tags = response
                        .headers()
                        .get_all("x-robots-tag")
                        .iter()
                        .filter_map(|v| v.to_str().ok().map(str::to_owned))
                        .collect();
                    let body = response
                        .body_mut()
                        .with_config()
                        .limit(MAX_BODY)
                        .read_to_vec()
                        .map(|b| String::from_utf8_lossy(&b).into_owned())
                        .unwrap_or_default();
                    let answer = Answer {
                        status,
                        robots_tags,
                        body,
                    };
                    if status != 429 && status < 500 {
                        return Ok(answer);
                    }
                    if attempt == ATTEMPTS {
                        return Err(SubmitError::GaveUp {
                            url: redacted(url),
                            attempts: ATTEMPTS,
                            last: format!("{status} {}", clip(&answer.body)),
                        });
                    }
                    retry_after
                }
                Err(e) => {
                    if attempt == ATTEMPTS {
                        return Err(SubmitError::Http {
                            url: redacted(url),
                            message: without_credentials(
                                &format!("{e} (tried {ATTEMPTS} times)"),
                                url,
                            ),
                        });
                    }
                    None
                }
            };
            // 1 s, 2 s, 4 s unless the server says.
            let backoff = Duration::from_secs(1 << (attempt - 1));
            (self.sleep)(wait.unwrap_or(backoff).min(MAX_WAIT));
            attempt += 1;
        }
    }
}

/// A `Retry-After` value as a wait from `now`: whole seconds, or an HTTP
/// date (a date past is no wait).
pub(crate) fn retry_after(value: &str, now: SystemTime) -> Option<Duration> {
    let value = value.trim();
    if let Ok(secs) = value.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let at = httpdate::parse_http_date(value).ok()?;
    Some(at.duration_since(now).unwrap_or(Duration::ZERO))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_in_seconds_or_as_a_date() {
        let now = httpdate::parse_http_date("Sun, 06 Nov 1994 08:49:37 GMT").unwrap();
        assert_eq!(retry_after("7", now), Some(Duration::from_secs(7)));
        assert_eq!(
            retry_after("Sun, 06 Nov 1994 08:50:07 GMT", now),
            Some(Duration::from_secs(30))
        );
        assert_eq!(
            retry_after("Sun, 06 Nov 1994 08:00:00 GMT", now),
            Some(Duration::ZERO)
        );
        assert_eq!(retry_after("soon", now), None);
    }
}
