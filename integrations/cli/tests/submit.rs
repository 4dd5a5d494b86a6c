//! `sitemap submit` end to end (issue 18): a real HTTP server on
//! 127.0.0.1 in the test process plays both the IndexNow endpoint
//! (recording every request) and the live site (the key file, the home
//! page); the site is a small Zola site scanned with the ledger by the
//! real `sitemap scan`. Nothing here reaches the internet: the endpoint is
//! always the local one, and the proxy variables are removed.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};

/// The key of every test site.
const KEY: &str = "0123456789abcdef0123456789abcdef";

/// What the server answers, and what it saw.
#[derive(Default)]
struct State {
    /// The key file's body; `None` answers 404.
    key_file: Option<String>,
    /// The home page's body.
    home: String,
    /// An `X-Robots-Tag` header on the home page.
    robots_tag: Option<String>,
    /// The endpoint's next answers (status, `Retry-After`, body); 200
    /// once they run out.
    answers: Vec<(u16, Option<&'static str>, &'static str)>,
    /// Every request to the endpoint: its content type and parsed body.
    posts: Vec<(String, Value)>,
    /// Every path requested, in order.
    seen: Vec<String>,
}

/// The server: the live site at `http://127.0.0.1:PORT/`, the endpoint at
/// `/indexnow`.
struct Server {
    port: u16,
    state: Arc<Mutex<State>>,
}

impl Server {
    fn start() -> Server {
        let server = tiny_http::Server::http("127.0.0.1:0").unwrap();
        let port = server.server_addr().to_ip().unwrap().port();
        let state = Arc::new(Mutex::new(State {
            key_file: Some(format!("{KEY}\n")),
            home: "<!doctype html><html><head><title>Home</title></head><body>Hi</body></html>"
                .to_owned(),
            ..State::default()
        }));
        let shared = Arc::clone(&state);
        std::thread::spawn(move || {
            for mut request in server.incoming_requests() {
                let path = request.url().to_owned();
                let mut body = String::new();
                std::io::Read::read_to_string(request.as_reader(), &mut body).unwrap();
                let mut state = shared.lock().unwrap();
                state.seen.push(format!("{} {path}", request.method()));
                let response = if path == "/indexnow" {
                    let content_type = request
                        .headers()
                        .iter()
                        .find(|h| h.field.equiv("Content-Type"))
                        .map(|h| h.value.to_string())
                        .unwrap_or_default();
                    state
                        .posts
                        .push((content_type, serde_json::from_str(&body).unwrap()));
                    let (status, retry_after, text) = if state.answers.is_empty() {
                        (200, None, "")
                    } else {
                        state.answers.remove(0)
                    };
                    let mut r = tiny_http::Response::from_string(text).with_status_code(status);
                    if let Some(after) = retry_after {
                        r = r.with_header(
                            tiny_http::Header::from_bytes("Retry-After", after).unwrap(),
                        );
                    }
                    r
                } else if path == format!("/{KEY}.txt") {
                    match &state.key_file {
                        Some(text) => tiny_http::Response::from_string(text.clone()),
                        None => tiny_http::Response::from_string("not found").with_status_code(404),
                    }
                } else if path == "/" {
                    let mut r = tiny_http::Response::from_string(state.home.clone()).with_header(
                        tiny_http::Header::from_bytes("Content-Type", "text/html").unwrap(),
                    );
                    if let Some(tag) = &state.robots_tag {
                        r = r.with_header(
                            tiny_http::Header::from_bytes("X-Robots-Tag", tag.as_str()).unwrap(),
                        );
                    }
                    r
                } else {
                    tiny_http::Response::from_string("not found").with_status_code(404)
                };
                drop(state);
                let _ = request.respond(response);
            }
        });
        Server { port, state }
    }

    fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}/{path}", self.port)
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap()
    }

    /// The URL lists of every request to the endpoint so far, as sent.
    fn bodies(&self) -> Vec<Value> {
        self.state().posts.iter().map(|(_, b)| b.clone()).collect()
    }
}

/// Runs `sitemap ARGS` in `dir`, at the run time `epoch`, with no proxy.
fn sitemap(dir: &Path, args: &[&str], epoch: &str) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sitemap"));
    cmd.args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("SOURCE_DATE_EPOCH", epoch);
    for v in [
        "ALL_PROXY",
        "all_proxy",
        "HTTPS_PROXY",
        "https_proxy",
        "HTTP_PROXY",
        "http_proxy",
    ] {
        cmd.env_remove(v);
    }
    cmd.output().unwrap()
}

/// stderr with the server's port redacted.
fn stderr(out: &Output, server: &Server) -> String {
    ported(&out.stderr, server)
}

/// Output with the server's address as `127.0.0.1:PORT`: only after the
/// host, since the port's digits can stand in a key too (port 34567 in
/// `0123456789abcdef`).
fn ported(bytes: &[u8], server: &Server) -> String {
    String::from_utf8_lossy(bytes).replace(&format!("127.0.0.1:{}", server.port), "127.0.0.1:PORT")
}

fn ok(out: &Output) {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A Zola site served by `server`, with pages `a`..`d`, the ledger on,
/// the key and the local endpoint in sitemap.toml; scanned once.
fn site(dir: &Path, server: &Server) {
    fs::write(
        dir.join("zola.toml"),
        format!("base_url = \"{}\"\n", server.url("").trim_end_matches('/')),
    )
    .unwrap();
    fs::write(
        dir.join("sitemap.toml"),
        format!(
            "ledger = \"sitemap.ledger\"\nlastmod = []\n\n[submit]\nkey = \"{KEY}\"\nendpoint = \"{}\"\n",
            server.url("indexnow")
        ),
    )
    .unwrap();
    fs::create_dir_all(dir.join("content")).unwrap();
    fs::write(dir.join("content/_index.md"), "+++\n+++\nHome\n").unwrap();
    for page in ["a", "b", "c", "d"] {
        fs::write(
            dir.join(format!("content/{page}.md")),
            format!("+++\ntitle = \"{page}\"\n+++\nPage {page}.\n"),
        )
        .unwrap();
    }
    ok(&sitemap(dir, &["scan", "-q"], "1767225600"));
}

/// The body IndexNow expects for `paths` of `server`.
fn body(server: &Server, paths: &[&str]) -> Value {
    json!({
        "host": "127.0.0.1",
        "key": KEY,
        "keyLocation": server.url(&format!("{KEY}.txt")),
        "urlList": paths.iter().map(|p| server.url(p)).collect::<Vec<_>>(),
    })
}

/// Issue 18: the first submission sends every URL the ledger holds; after
/// two pages are edited and one removed, and the site scanned again, the
/// next sends exactly those three; a third sends nothing.
#[test]
fn first_submission_sends_everything_then_exactly_what_changed() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    site(d, &server);
    let out = sitemap(d, &["submit"], "1767225700");
    ok(&out);
    assert_eq!(
        server.bodies(),
        [body(&server, &["", "a/", "b/", "c/", "d/"])]
    );
    assert_eq!(server.state().posts[0].0, "application/json; charset=utf-8");
    assert_eq!(
        stderr(&out, &server),
        "submitted 5 URL(s) of 127.0.0.1 to http://127.0.0.1:PORT/indexnow (200)\nsubmit: 5 URL(s) in 1 request(s) accepted; recorded in sitemap.ledger\n"
    );

    fs::write(
        d.join("content/a.md"),
        "+++\ntitle = \"a\"\n+++\nPage a, edited.\n",
    )
    .unwrap();
    fs::write(d.join("content/b.md"), "+++\ntitle = \"B\"\n+++\nPage b.\n").unwrap();
    fs::remove_file(d.join("content/c.md")).unwrap();
    ok(&sitemap(d, &["scan", "-q"], "1767312000"));
    ok(&sitemap(d, &["submit"], "1767312100"));
    assert_eq!(server.bodies()[1..], [body(&server, &["a/", "b/", "c/"])]);

    let out = sitemap(d, &["submit"], "1767312200");
    ok(&out);
    assert_eq!(server.bodies().len(), 2);
    assert_eq!(
        stderr(&out, &server),
        "submit: nothing to submit; every change in sitemap.ledger was submitted\n"
    );
}

/// Issue 18: 12,000 changed URLs go out in two requests (10,000 and
/// 2,000, IndexNow's limit); when the second is refused, the ledger holds
/// exactly what the first sent, and the rerun sends the other 2,000.
#[test]
fn twelve_thousand_urls_in_two_requests_and_a_failed_second_loses_nothing() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    site(d, &server);
    ok(&sitemap(d, &["submit", "-q"], "1767225700"));
    fs::create_dir_all(d.join("content/many")).unwrap();
    fs::write(d.join("content/many/_index.md"), "+++\n+++\nMany\n").unwrap();
    for i in 0..11_999 {
        fs::write(
            d.join(format!("content/many/p{i:05}.md")),
            format!("+++\n+++\n{i}\n"),
        )
        .unwrap();
    }
    ok(&sitemap(d, &["scan", "-q"], "1767312000"));
    server.state().answers = vec![
        (200, None, ""),
        (
            422,
            None,
            "{\"message\":\"URLs do not belong to the host\"}",
        ),
    ];
    let out = sitemap(d, &["submit"], "1767312100");
    assert_eq!(out.status.code(), Some(4));
    assert_eq!(
        stderr(&out, &server),
        "submitted 10000 URL(s) of 127.0.0.1 to http://127.0.0.1:PORT/indexnow (200)\nsubmit: 1 of 2 request(s) accepted and recorded in sitemap.ledger\nerror: http://127.0.0.1:PORT/indexnow refused the request (422): {\"message\":\"URLs do not belong to the host\"}\n  hint: nothing of this request was recorded as submitted: the next run sends it again\n"
    );
    let bodies = server.bodies();
    let lens: Vec<usize> = bodies[1..]
        .iter()
        .map(|b| b["urlList"].as_array().unwrap().len())
        .collect();
    assert_eq!(lens, [10_000, 2_000]);
    let mut all: Vec<String> = (0..11_999)
        .map(|i| server.url(&format!("many/p{i:05}/")))
        .collect();
    all.push(server.url("many/"));
    all.sort();
    let sent = |b: &Value| -> Vec<String> {
        b["urlList"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u.as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!([sent(&bodies[1]), sent(&bodies[2])].concat(), all);

    ok(&sitemap(d, &["submit", "-q"], "1767312200"));
    let bodies = server.bodies();
    assert_eq!(bodies.len(), 4);
    assert_eq!(bodies[3], bodies[2]);
}

/// Issue 18: a 429 with `Retry-After: 1` is waited out and retried, and
/// the retry's success is recorded.
#[test]
fn too_many_requests_is_retried_after_the_wait_it_asks() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    site(d, &server);
    server.state().answers = vec![(429, Some("1"), "slow down")];
    let out = sitemap(d, &["submit"], "1767225700");
    ok(&out);
    let expected = body(&server, &["", "a/", "b/", "c/", "d/"]);
    assert_eq!(server.bodies(), [expected.clone(), expected]);
    let out = sitemap(d, &["submit", "-q"], "1767225800");
    ok(&out);
    assert_eq!(server.bodies().len(), 2, "the retry's success was recorded");
}

/// Issue 18: a 422 fails with the server's answer quoted, and the ledger
/// still holds every change: the rerun sends them all.
#[test]
fn unprocessable_fails_quoting_the_server_and_the_rerun_sends_it_all() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    site(d, &server);
    let before = fs::read(d.join("sitemap.ledger")).unwrap();
    server.state().answers = vec![(
        422,
        None,
        "URLs don't belong to the host\nor the key is not valid",
    )];
    let out = sitemap(d, &["submit"], "1767225700");
    assert_eq!(out.status.code(), Some(4));
    assert_eq!(
        stderr(&out, &server),
        "error: http://127.0.0.1:PORT/indexnow refused the request (422): URLs don't belong to the host or the key is not valid\n  hint: nothing of this request was recorded as submitted: the next run sends it again\n"
    );
    assert_eq!(fs::read(d.join("sitemap.ledger")).unwrap(), before);
    ok(&sitemap(d, &["submit", "-q"], "1767225800"));
    let expected = body(&server, &["", "a/", "b/", "c/", "d/"]);
    assert_eq!(server.bodies(), [expected.clone(), expected]);
}

/// Issue 18: a key file that is missing or holds another key sends
/// nothing, and the message says which.
#[test]
fn a_wrong_or_missing_key_file_sends_nothing() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    site(d, &server);
    server.state().key_file = Some("another-key-entirely".to_owned());
    let out = sitemap(d, &["submit"], "1767225700");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out, &server),
        format!(
            "error: the key file http://127.0.0.1:PORT/{KEY}.txt does not vouch for the key: it holds `another-key-entirely`, not the key `{KEY}`; nothing was sent\n  hint: deploy the key file with the site (`--init` wrote it into the output folder; keep a copy where your generator copies static files), or set `submit.key-location`\n"
        )
    );
    server.state().key_file = None;
    let out = sitemap(d, &["submit", "-q"], "1767225700");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out, &server).lines().next().unwrap(),
        format!(
            "error: the key file http://127.0.0.1:PORT/{KEY}.txt does not vouch for the key: it answered 404; nothing was sent"
        )
    );
    assert_eq!(server.bodies(), Vec::<Value>::new());
}

/// Issue 18: a staging build (noindex home page, by header or by meta)
/// sends nothing, and the message says which.
#[test]
fn a_noindex_home_page_sends_nothing() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    site(d, &server);
    server.state().robots_tag = Some("noindex, nofollow".to_owned());
    let out = sitemap(d, &["submit"], "1767225700");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out, &server),
        "error: the live home page http://127.0.0.1:PORT/ is noindex: its X-Robots-Tag header says `noindex, nofollow`; nothing was sent\n  hint: submit from the production deploy, not a staging build; run it after the deploy is live\n"
    );
    {
        let mut state = server.state();
        state.robots_tag = None;
        state.home = "<html><head><meta name=\"robots\" content=\"NOINDEX\"></head><body>Staging</body></html>".to_owned();
    }
    let out = sitemap(d, &["submit", "-q"], "1767225700");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out, &server).lines().next().unwrap(),
        "error: the live home page http://127.0.0.1:PORT/ is noindex: its <meta name=\"robots\"> says noindex; nothing was sent"
    );
    assert_eq!(server.bodies(), Vec::<Value>::new());
}

/// Issue 18: a sitemap set that does not validate sends nothing.
#[test]
fn an_invalid_sitemap_set_sends_nothing() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    site(d, &server);
    let xml = fs::read_to_string(d.join("public/sitemap.xml")).unwrap();
    fs::write(d.join("public/sitemap.xml"), xml.replace("</urlset>", "")).unwrap();
    let out = sitemap(d, &["submit", "-q"], "1767225700");
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out, &server);
    assert_eq!(
        err,
        "error: public/sitemap.xml does not validate; nothing was sent:\npublic/sitemap.xml:19:1: the file ends before the root element is closed\n  hint: fix the sitemap (`sitemap validate` names each problem), rebuild, then submit\n"
    );
    assert_eq!(server.state().seen, Vec::<String>::new());
}

/// Issue 18: `--dry-run` prints each request and sends nothing, not even
/// a look at the live site.
#[test]
fn dry_run_prints_the_requests_and_sends_nothing() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    site(d, &server);
    let out = sitemap(d, &["submit", "--dry-run"], "1767225700");
    ok(&out);
    let stdout = ported(&out.stdout, &server);
    insta::assert_snapshot!(stdout);
    assert_eq!(
        stderr(&out, &server),
        "submit: 5 URL(s) in 1 request(s); dry run, nothing sent, the live site not fetched\n"
    );
    assert_eq!(server.state().seen, Vec::<String>::new());
    // Nothing recorded: the real run sends the same.
    ok(&sitemap(d, &["submit", "-q"], "1767225800"));
    assert_eq!(
        server.bodies(),
        [body(&server, &["", "a/", "b/", "c/", "d/"])]
    );
}

/// Issue 18: `--init` writes the key file (the key alone, the umask's
/// mode) into the output folder and `submit.key` into sitemap.toml,
/// keeping the user's text; a second `--init` keeps the key.
#[test]
fn init_writes_the_key_file_and_the_setting() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("zola.toml"), "base_url = \"https://example.org\"\n").unwrap();
    fs::create_dir_all(d.join("content")).unwrap();
    fs::write(d.join("content/a.md"), "+++\n+++\nA\n").unwrap();
    let text = "# my settings\nledger = \"sitemap.ledger\" # kept in git\n";
    fs::write(d.join("sitemap.toml"), text).unwrap();
    let out = Command::new("sh")
        .args([
            "-c",
            "umask 027 && exec \"$0\" submit --init",
            env!("CARGO_BIN_EXE_sitemap"),
        ])
        .current_dir(d)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    ok(&out);
    let settings = fs::read_to_string(d.join("sitemap.toml")).unwrap();
    let table: toml::Table = settings.parse().unwrap();
    let key = table["submit"]["key"].as_str().unwrap().to_owned();
    assert_eq!(settings, format!("{text}\n[submit]\nkey = \"{key}\"\n"));
    assert_eq!(key.len(), 32);
    assert!(key.chars().all(|c| c.is_ascii_hexdigit()));
    let key_file = d.join(format!("public/{key}.txt"));
    assert_eq!(fs::read_to_string(&key_file).unwrap(), key);
    assert_eq!(
        fs::metadata(&key_file).unwrap().permissions().mode() & 0o777,
        0o640
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "submit: wrote the key file public/{key}.txt and `submit.key` into sitemap.toml; deploy the key file with the site (keep a copy where your generator copies static files, so a rebuild keeps it), then run `sitemap submit` once the deploy is live\n"
        )
    );
    let out = sitemap(d, &["submit", "--init"], "1767225700");
    ok(&out);
    assert_eq!(
        fs::read_to_string(d.join("sitemap.toml")).unwrap(),
        settings
    );
}

/// The submit keys as flags of `sitemap submit` (no `[submit]` table),
/// and a key file in a subfolder refusing URLs outside it.
#[test]
fn flags_set_the_submit_keys_and_a_subfolder_key_file_covers_only_its_folder() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    site(d, &server);
    fs::write(
        d.join("sitemap.toml"),
        "ledger = \"sitemap.ledger\"\nlastmod = []\n",
    )
    .unwrap();
    let endpoint = server.url("indexnow");
    let location = server.url(&format!("a/{KEY}.txt"));
    let out = sitemap(
        d,
        &[
            "submit",
            "--key",
            KEY,
            "--endpoint",
            &endpoint,
            "--key-location",
            &location,
        ],
        "1767225700",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out, &server),
        format!(
            "error: 4 URL(s) lie outside what the key file http://127.0.0.1:PORT/a/{KEY}.txt covers (such as http://127.0.0.1:PORT/); nothing was sent\n  hint: serve the key file at the host root (`submit.key-location`), where it covers every URL of the host\n"
        )
    );
    let out = sitemap(
        d,
        &["submit", "--key", "bad_key!", "--endpoint", &endpoint],
        "1767225700",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out, &server),
        "error: `--key`: the key holds `_`; IndexNow takes only a-z, A-Z, 0-9 and -\n  hint: change --key on the command line\n"
    );
    ok(&sitemap(
        d,
        &["submit", "-q", "--key", KEY, "--endpoint", &endpoint],
        "1767225700",
    ));
    assert_eq!(
        server.bodies(),
        [body(&server, &["", "a/", "b/", "c/", "d/"])]
    );
}

/// The mdBook plugin's submission: `[output.sitemap]` of book.toml holds
/// the ledger and `[output.sitemap.submit]`; the set in the book's HTML
/// folder, written by the plugin, is what is checked and submitted.
#[test]
fn a_books_output_sitemap_table_submits_its_ledger() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let files = [
        (
            "book.toml".to_owned(),
            format!(
                "[book]\ntitle = \"t\"\n\n[output.html]\n\n[output.sitemap]\nbase-url = \"{}\"\nledger = \"sitemap.ledger\"\nlastmod = []\n\n[output.sitemap.submit]\nkey = \"{KEY}\"\nendpoint = \"{}\"\n",
                server.url(""),
                server.url("indexnow")
            ),
        ),
        (
            "src/SUMMARY.md".to_owned(),
            "- [A](a.md)\n- [B](b.md)\n".to_owned(),
        ),
        ("src/a.md".to_owned(), "# A\n".to_owned()),
        ("src/b.md".to_owned(), "# B\n".to_owned()),
    ];
    for (path, text) in files {
        let path = root.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    let book = mdbook_sitemap::SitemapBook::load(root).unwrap();
    book.write().unwrap();
    let submission = book.submission().unwrap();
    let plan = submission.plan().unwrap();
    let client = sitemap_engine::submit::Client::new(std::time::Duration::from_secs(10));
    let mut accepted = Vec::new();
    submission
        .send(&plan, &client, &mut |r, status| {
            accepted.push((r.body.url_list.len(), status));
        })
        .unwrap();
    assert_eq!(accepted, [(2, 200)]);
    assert_eq!(server.bodies(), [body(&server, &["a.html", "b.html"])]);
    assert_eq!(book.submission().unwrap().plan().unwrap().requests, []);
}

/// build.rs's skin (feature `submit`): the builder's settings plan the
/// same request as `sitemap submit`, and `submit` sends it.
#[test]
fn the_build_rs_builder_plans_and_submits_the_same_request() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    site(d, &server);
    fs::write(
        d.join("sitemap.toml"),
        "ledger = \"sitemap.ledger\"\nlastmod = []\n",
    )
    .unwrap();
    let builder = sitemap_build::Sitemap::content(d)
        .submit_key(KEY)
        .submit_endpoint(server.url("indexnow"))
        .ledger(d.join("sitemap.ledger"));
    let plan = builder.clone().submit_plan().unwrap();
    let expected = body(&server, &["", "a/", "b/", "c/", "d/"]);
    assert_eq!(
        serde_json::to_value(&plan.requests[0].body).unwrap(),
        expected
    );
    let submitted = builder.submit(std::time::Duration::from_secs(10)).unwrap();
    assert_eq!(submitted.requests, [("127.0.0.1".to_owned(), 5, 200)]);
    assert_eq!(server.bodies(), [expected]);
}

/// Points `sitemap.toml`'s endpoint at the local one with credentials in
/// its URL.
fn endpoint_with_credentials(dir: &Path, server: &Server) {
    let toml = fs::read_to_string(dir.join("sitemap.toml")).unwrap();
    let with = server
        .url("indexnow")
        .replace("http://", "http://indexnow-user:s3cret-pass@");
    fs::write(
        dir.join("sitemap.toml"),
        toml.replace(&server.url("indexnow"), &with),
    )
    .unwrap();
}

/// An endpoint URL with credentials was printed whole, password and all,
/// in the success line and in every error: now shown as `***@`.
#[test]
fn endpoint_credentials_are_never_printed() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    site(d, &server);
    endpoint_with_credentials(d, &server);
    server.state().answers = vec![(403, None, "forbidden")];
    let out = sitemap(d, &["submit"], "1767225700");
    assert_eq!(out.status.code(), Some(4));
    assert_eq!(
        stderr(&out, &server),
        "error: http://***@127.0.0.1:PORT/indexnow refused the request (403): forbidden\n  hint: nothing of this request was recorded as submitted: the next run sends it again\n"
    );
    let out = sitemap(d, &["submit"], "1767225800");
    ok(&out);
    assert_eq!(
        stderr(&out, &server),
        "submitted 5 URL(s) of 127.0.0.1 to http://***@127.0.0.1:PORT/indexnow (200)\nsubmit: 5 URL(s) in 1 request(s) accepted; recorded in sitemap.ledger\n"
    );
    let out = sitemap(d, &["submit", "--dry-run"], "1767225900");
    ok(&out);
    let printed = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!printed.contains("s3cret-pass"), "{printed}");
}

/// An endpoint's answer was quoted with its raw terminal escapes, so a
/// hostile endpoint could retitle, clear or rewrite the user's terminal
/// or CI log: every control character is now shown as its escape.
#[test]
fn endpoint_answer_is_quoted_with_control_characters_escaped() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    site(d, &server);
    server.state().answers = vec![(
        422,
        None,
        "\u{1b}]0;owned\u{7}\u{1b}[2J\u{1b}[1Abad key\u{202e}txt.exe",
    )];
    let out = sitemap(d, &["submit"], "1767225700");
    assert_eq!(out.status.code(), Some(4));
    assert_eq!(
        stderr(&out, &server),
        "error: http://127.0.0.1:PORT/indexnow refused the request (422): \\u{1b}]0;owned\\u{7}\\u{1b}[2J\\u{1b}[1Abad key\\u{202e}txt.exe\n  hint: nothing of this request was recorded as submitted: the next run sends it again\n"
    );
}

/// A ledger that cannot be written was found out only after the endpoint
/// had accepted the request, so the next run sent the same URLs again.
/// Now nothing is sent. The ledger's name is long enough that its
/// temporary file's is past the file system's limit (255 bytes): a write
/// that fails as surely for root as for anyone, where a read-only folder
/// would not.
#[test]
fn unwritable_ledger_is_found_out_before_anything_is_sent() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    site(d, &server);
    let long = format!("{}.ledger", "l".repeat(240));
    fs::rename(d.join("sitemap.ledger"), d.join(&long)).unwrap();
    let toml = fs::read_to_string(d.join("sitemap.toml")).unwrap();
    fs::write(
        d.join("sitemap.toml"),
        toml.replace("sitemap.ledger", &long),
    )
    .unwrap();
    let before = fs::read(d.join(&long)).unwrap();
    let out = sitemap(d, &["submit"], "1767225700");
    assert_eq!(out.status.code(), Some(1));
    let mut message = stderr(&out, &server)
        .replace(&long, "LEDGER")
        .replace(&*d.to_string_lossy(), "<site>");
    // The temporary file's random part.
    if let Some(at) = message.find(".LEDGER.") {
        message.replace_range(at + 8..at + 14, "RANDOM");
    }
    // The ledger as its diagnostic's place: its name cut to 200
    // characters, with the count of the rest.
    let cut = format!("{}… (47 more characters)", &long[..200]);
    assert_eq!(
        message.replacen(&cut, "LEDGER", 1),
        "LEDGER: error: the ledger cannot be written (.: cannot create a temporary file: File name too long (os error 36) at path \"<site>/./.LEDGER.RANDOM.sitemap-tmp\"); nothing was sent\n  hint: make the ledger's folder writable (or move the ledger, `ledger = …`), then submit: what is accepted is recorded there\n"
    );
    assert_eq!(server.bodies(), Vec::<Value>::new());
    assert_eq!(fs::read(d.join(&long)).unwrap(), before);
    let mut left: Vec<String> = fs::read_dir(d)
        .unwrap()
        .map(|e| {
            e.unwrap()
                .file_name()
                .to_string_lossy()
                .replace(&long, "LEDGER")
        })
        .collect();
    left.sort();
    assert_eq!(
        left,
        ["LEDGER", "content", "public", "sitemap.toml", "zola.toml"]
    );
}

/// A page edited, scanned and submitted within the second of the previous
/// run's events was recorded as already sent (`nothing to submit`): what
/// was submitted is now named by the content's fingerprint, not by the
/// run's time in whole seconds.
#[test]
fn an_edit_in_the_same_second_as_the_last_submission_is_submitted() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    site(d, &server);
    ok(&sitemap(d, &["submit", "-q"], "1767225600"));
    fs::write(
        d.join("content/a.md"),
        "+++\ntitle = \"a\"\n+++\nPage a, edited.\n",
    )
    .unwrap();
    fs::remove_file(d.join("content/d.md")).unwrap();
    ok(&sitemap(d, &["scan", "-q"], "1767225600"));
    let out = sitemap(d, &["submit"], "1767225600");
    ok(&out);
    assert_eq!(server.bodies()[1..], [body(&server, &["a/", "d/"])]);
    assert_eq!(
        stderr(&out, &server),
        "submitted 2 URL(s) of 127.0.0.1 to http://127.0.0.1:PORT/indexnow (200)\nsubmit: 2 URL(s) in 1 request(s) accepted; recorded in sitemap.ledger\n"
    );
    let out = sitemap(d, &["submit"], "1767225600");
    ok(&out);
    assert_eq!(server.bodies().len(), 2);
}

/// A list page with no source file (a Zola home page without
/// `content/_index.md`) was in the sitemap but not in the ledger, so
/// `submit` never sent it: the ledger now holds exactly the sitemap's URLs.
#[test]
fn a_home_page_without_a_source_file_is_in_the_ledger_and_submitted() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    site(d, &server);
    fs::remove_file(d.join("content/_index.md")).unwrap();
    fs::remove_file(d.join("sitemap.ledger")).unwrap();
    ok(&sitemap(d, &["scan", "-q"], "1767225600"));
    let sitemap_xml = fs::read_to_string(d.join("public/sitemap.xml")).unwrap();
    let listed: Vec<&str> = sitemap_xml
        .split("<loc>")
        .skip(1)
        .map(|s| &s[..s.find("</loc>").unwrap()])
        .collect();
    let ledger = fs::read_to_string(d.join("sitemap.ledger")).unwrap();
    let recorded: Vec<&str> = ledger
        .lines()
        .skip(1)
        .map(|l| &l[..l.find('\t').unwrap()])
        .collect();
    assert_eq!(recorded, listed);
    let out = sitemap(d, &["submit"], "1767225700");
    ok(&out);
    assert_eq!(
        server.bodies(),
        [body(&server, &["", "a/", "b/", "c/", "d/"])]
    );
    // Scanned again with nothing changed, the ledger is the same file.
    let before = fs::read_to_string(d.join("sitemap.ledger")).unwrap();
    ok(&sitemap(d, &["scan", "-q"], "1767312000"));
    assert_eq!(
        fs::read_to_string(d.join("sitemap.ledger")).unwrap(),
        before
    );
}

/// mdBook chapters outside `src/` (a path escaping it, an absolute path)
/// were read and fingerprinted, and recorded in the ledger even when the
/// set left them out (an absolute path's URL lies on another host), so
/// every later submit was refused as outside the key file's scope: they
/// are now warned about by name and never read (the absolute one is a
/// FIFO, which a read would refuse), and the ledger holds exactly the
/// sitemap's URLs.
#[test]
fn book_chapters_outside_src_are_named_never_read_and_not_in_the_ledger() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("book");
    let outside = dir.path().join("outside");
    fs::create_dir_all(&outside).unwrap();
    fs::write(outside.join("x.md"), "# Outside\n").unwrap();
    let fifo = outside.join("fifo.md");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let files = [
        (
            "book.toml".to_owned(),
            format!(
                "[book]\ntitle = \"t\"\n\n[output.html]\n\n[output.sitemap]\nbase-url = \"{}\"\nledger = \"sitemap.ledger\"\nlastmod = []\n\n[output.sitemap.submit]\nkey = \"{KEY}\"\nendpoint = \"{}\"\n",
                server.url(""),
                server.url("indexnow")
            ),
        ),
        (
            "src/SUMMARY.md".to_owned(),
            format!(
                "- [A](a.md)\n- [Out](../../outside/x.md)\n- [Abs]({})\n- [B](b.md)\n",
                fifo.display()
            ),
        ),
        ("src/a.md".to_owned(), "# A\n".to_owned()),
        ("src/b.md".to_owned(), "# B\n".to_owned()),
    ];
    for (path, text) in files {
        let path = root.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    let book = mdbook_sitemap::SitemapBook::load(&root).unwrap();
    // As `mdbook build` leaves it.
    fs::create_dir_all(book.html_dir()).unwrap();
    for page in ["a.html", "b.html"] {
        fs::write(book.html_dir().join(page), "<p>built</p>\n").unwrap();
    }
    let report = book.write().unwrap();
    let tmp = dir.path().display().to_string();
    let warnings: Vec<String> = report
        .warnings
        .iter()
        .map(|w| w.unlabelled().to_string().replace(&tmp, "TMP"))
        .collect();
    assert_eq!(
        warnings,
        [
            "src/../../outside/x.md: chapter `Out` lies outside src/: not read, and left out of the sitemap",
            "TMP/outside/fifo.md: chapter `Abs` lies outside src/: not read, and left out of the sitemap",
            // The live site of this test is on this computer (issue #40).
            &format!(
                "TMP/book/book.toml:7: [output.sitemap] base-url {} is a loopback address: only this computer reaches it; search engines cannot fetch these URLs: set the URL the site is served at",
                server.url("")
            ),
        ]
    );
    let sitemap_xml = fs::read_to_string(book.html_dir().join("sitemap.xml")).unwrap();
    let listed: Vec<&str> = sitemap_xml
        .split("<loc>")
        .skip(1)
        .map(|s| &s[..s.find("</loc>").unwrap()])
        .collect();
    assert_eq!(listed, [server.url("a.html"), server.url("b.html")]);
    let ledger = fs::read_to_string(root.join("sitemap.ledger")).unwrap();
    let recorded: Vec<&str> = ledger
        .lines()
        .skip(1)
        .map(|l| &l[..l.find('\t').unwrap()])
        .collect();
    assert_eq!(recorded, listed);
    let submission = book.submission().unwrap();
    let plan = submission.plan().unwrap();
    let client = sitemap_engine::submit::Client::new(std::time::Duration::from_secs(10));
    submission.send(&plan, &client, &mut |_, _| {}).unwrap();
    assert_eq!(server.bodies(), [body(&server, &["a.html", "b.html"])]);
}

/// stdout with the server's port redacted.
fn stdout(out: &Output, server: &Server) -> String {
    ported(&out.stdout, server)
}

/// `--output json`: one document on stdout (each request: endpoint,
/// host, key file, URLs, removals, whether it was sent, the status, what
/// the ledger recorded), nothing on stderr; a dry run, a real run, a run
/// with nothing due and a refused request, each compared whole, and each
/// document against what the fake endpoint received.
#[test]
fn output_json_reports_each_request_its_status_and_the_ledger() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    site(d, &server);
    fs::write(
        d.join("content/a.md"),
        "+++\ntitle = \"a\"\n+++\nPage a, edited.\n",
    )
    .unwrap();
    fs::remove_file(d.join("content/c.md")).unwrap();
    ok(&sitemap(d, &["scan", "-q"], "1767312000"));

    let out = sitemap(
        d,
        &["submit", "--output", "json", "--dry-run"],
        "1767312100",
    );
    ok(&out);
    assert_eq!(stderr(&out, &server), "");
    assert_eq!(server.state().seen, Vec::<String>::new());
    insta::assert_snapshot!("output_json_dry_run", stdout(&out, &server));

    let out = sitemap(d, &["submit", "--output", "json"], "1767312200");
    ok(&out);
    assert_eq!(stderr(&out, &server), "");
    insta::assert_snapshot!("output_json_sent", stdout(&out, &server));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        server.bodies(),
        [json!({
            "host": report["requests"][0]["host"],
            "key": KEY,
            "keyLocation": report["requests"][0]["key_location"],
            "urlList": report["requests"][0]["urls"],
        })]
    );

    let out = sitemap(d, &["submit", "--output", "json"], "1767312300");
    ok(&out);
    assert_eq!(stderr(&out, &server), "");
    assert_eq!(
        serde_json::from_slice::<Value>(&out.stdout).unwrap(),
        json!({"dry_run": false, "ledger": "sitemap.ledger", "urls": 0, "recorded": 0, "requests": []})
    );

    // Refused: the document says nothing was recorded; the error is on
    // stderr and the exit code 4, as in text.
    fs::write(d.join("content/b.md"), "+++\ntitle = \"B\"\n+++\nPage b.\n").unwrap();
    ok(&sitemap(d, &["scan", "-q"], "1767398400"));
    server.state().answers = vec![(422, None, "no")];
    let out = sitemap(d, &["submit", "--output", "json"], "1767398500");
    assert_eq!(out.status.code(), Some(4));
    assert_eq!(
        stderr(&out, &server),
        "error: http://127.0.0.1:PORT/indexnow refused the request (422): no\n  hint: nothing of this request was recorded as submitted: the next run sends it again\n"
    );
    insta::assert_snapshot!("output_json_refused", stdout(&out, &server));
}
