//! The browser-test harness: the real `kontrakt` binary on a free loopback port with its own
//! temporary database, Debian's chromedriver on another free port, and a headless Chromium
//! session through fantoccini with a phone's 390×844 viewport ([`run`]), or another phone
//! ([`run_on`] with a [`Phone`]: the narrowest 360 px one, or one with JavaScript switched off).
//!
//! [`run`] runs one test at a time (a process-wide lock), each on its own runtime, server,
//! database and browser profile. When a test fails it saves a screenshot, the page source and
//! the server's log as `test-artifacts/<test>.{png,html,log}`. The server and chromedriver (with
//! the Chromium it started) live in their own process groups, killed by [`Reaped`]'s `Drop`, so a
//! failing or panicking test leaves no process behind.
//!
//! A test can stop the server ([`Browser::stop_server`], as if the table's Wi-Fi dropped) and
//! start it again on the same database and port ([`Browser::start_server`]); the log of every
//! run goes into the same file. [`Browser::api`] speaks to the JSON API over plain HTTP, as
//! another phone at the table would.
//!
//! [`run_served`] serves the app as a table would reach it from another phone: with
//! `--https` (the certificate the server makes itself, whose key Chromium is told to trust
//! with `--ignore-certificate-errors-spki-list`) and/or by a name that is not loopback to the
//! browser (Chromium's `--host-resolver-rules` map it to 127.0.0.1), so the page is a secure
//! context only where a phone's would be.
//!
//! Without `chromium` and `chromedriver` on `PATH` a test skips with a loud message, unless
//! `CI=true`: then it fails. `.ci/browser-deps.sh` installs them.

use std::error::Error;
use std::io::{Read as _, Write as _};
use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

/// What a test body returns; a WebDriver error or a failed wait fails the test.
pub type TestResult = Result<(), Box<dyn Error>>;

/// The phone the tests hold: CSS pixels of the viewport.
pub const VIEWPORT: (u32, u32) = (390, 844);

/// The phone a test's browser emulates: its viewport in CSS pixels, and whether pages run
/// their JavaScript.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Phone {
    /// Viewport width: a page that fits has exactly this `window.innerWidth` (one too wide
    /// is zoomed out, and its innerWidth grows).
    pub width: u32,
    /// Viewport height.
    pub height: u32,
    /// `false`: Chromium runs no page script at all (WebDriver's own scripts still run), as a
    /// phone with JavaScript switched off.
    pub javascript: bool,
    /// The phone asks for dark pages (`prefers-color-scheme: dark`), as one set to dark mode
    /// for a dim room.
    pub dark: bool,
}

impl Phone {
    /// The phone most tests hold: [`VIEWPORT`], JavaScript on.
    pub const DEFAULT: Phone = Phone {
        width: VIEWPORT.0,
        height: VIEWPORT.1,
        javascript: true,
        dark: false,
    };

    /// The narrowest phone the app is made for: 360×740 CSS pixels.
    pub const NARROW: Phone = Phone {
        width: 360,
        height: 740,
        javascript: true,
        dark: false,
    };

    /// The same phone with JavaScript switched off.
    pub const fn without_javascript(self) -> Phone {
        Phone {
            javascript: false,
            ..self
        }
    }

    /// The same phone in dark mode.
    pub const fn dark(self) -> Phone {
        Phone { dark: true, ..self }
    }
}

/// How a test's server is served and reached by the browser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Served {
    /// `--https`: the server makes its own certificate beside its database; the browser trusts
    /// that certificate's key and nothing else.
    pub https: bool,
    /// The name the browser opens the server by, mapped to 127.0.0.1 by Chromium's host
    /// resolver; `None`: `127.0.0.1` itself (a secure context even over plain HTTP).
    pub host: Option<&'static str>,
}

impl Served {
    /// Plain HTTP on 127.0.0.1, as most tests are served.
    pub const LOOPBACK: Served = Served {
        https: false,
        host: None,
    };
}

/// Longest wait for an element, a text or a process to come up.
pub const WAIT: Duration = Duration::from_secs(10);

/// Longest a `chromium --print-to-pdf` run may take.
const PRINT_WAIT: Duration = Duration::from_secs(30);

/// How often a wait looks again.
const POLL: Duration = Duration::from_millis(25);

/// Browser tests run one at a time: one Chromium at a time is plenty for two cores.
static SERIAL: Mutex<()> = Mutex::new(());

/// Runs `test` against a fresh server and browser. Saves artifacts and fails when the test
/// returns an error or panics; skips (or fails, under `CI=true`) without a browser.
pub fn run(name: &str, test: impl AsyncFnOnce(&Browser) -> TestResult) {
    run_on(name, Phone::DEFAULT, test);
}

/// [`run`] on another [`Phone`]: another viewport, or JavaScript off.
pub fn run_on(name: &str, phone: Phone, test: impl AsyncFnOnce(&Browser) -> TestResult) {
    run_served(name, phone, Served::LOOPBACK, test);
}

/// [`run_on`] with the server [`Served`] another way: over HTTPS, or by another name.
pub fn run_served(
    name: &str,
    phone: Phone,
    served: Served,
    test: impl AsyncFnOnce(&Browser) -> TestResult,
) {
    let _serial = SERIAL
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let Some(tools) = Tools::find() else {
        return;
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let browser = runtime
        .block_on(Browser::start(&tools, phone, served))
        .unwrap_or_else(|error| panic!("{name}: the browser did not start: {error}"));
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        runtime.block_on(async {
            let started = Instant::now();
            let result = test(&browser).await;
            eprintln!(
                "{name}: {:.1} s in the browser",
                started.elapsed().as_secs_f64()
            );
            result
        })
    }));
    let failed = !matches!(outcome, Ok(Ok(())));
    if failed {
        runtime.block_on(browser.save_artifacts(name));
    }
    runtime.block_on(browser.close());
    match outcome {
        Ok(Ok(())) => {}
        Ok(Err(error)) => panic!("{name}: {error} (artifacts in test-artifacts/{name}.*)"),
        Err(panic) => {
            eprintln!("{name}: artifacts in test-artifacts/{name}.*");
            std::panic::resume_unwind(panic)
        }
    }
}

/// The programs the tests need.
pub struct Tools {
    pub chromium: PathBuf,
    pub chromedriver: PathBuf,
}

impl Tools {
    /// Chromium and chromedriver from `PATH`; `None` (test skipped) when either is missing,
    /// except under `CI=true`, where that is a failure.
    pub fn find() -> Option<Tools> {
        let chromium = which("chromium");
        let chromedriver = which("chromedriver");
        match (chromium, chromedriver) {
            (Some(chromium), Some(chromedriver)) => Some(Tools {
                chromium,
                chromedriver,
            }),
            _ => {
                let message = "chromium and chromedriver are not both on PATH; \
                    install them with `bash .ci/browser-deps.sh` (root or sudo needed)";
                assert!(
                    std::env::var("CI").as_deref() != Ok("true"),
                    "CI=true and the browser tests cannot run: {message}"
                );
                // Straight to stderr: the test harness would swallow an eprintln! of a pass.
                let _ = writeln!(
                    std::io::stderr(),
                    "\n!!!!! BROWSER TEST SKIPPED: {message} !!!!!\n"
                );
                None
            }
        }
    }
}

/// A program on `PATH`.
pub fn which(program: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(program))
        .find(|path| path.is_file())
}

/// A listener that never answers: see [`Browser::silence`].
pub struct Silent {
    stop: Arc<AtomicBool>,
    accepted: Arc<AtomicUsize>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Silent {
    /// Connections taken so far.
    pub fn accepted(&self) -> usize {
        self.accepted.load(Ordering::SeqCst)
    }
}

impl Drop for Silent {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A child process in its own process group; dropping it kills the whole group (chromedriver
/// takes its Chromium with it) and reaps the child.
pub struct Reaped(Child);

impl Reaped {
    fn spawn(command: &mut Command) -> std::io::Result<Reaped> {
        command.process_group(0).stdin(Stdio::null());
        command.spawn().map(Reaped)
    }

    /// Asks the process to stop (SIGTERM, as a service manager would) and waits for it to
    /// exit, at most `limit`. When it does not, `Drop` kills its group all the same.
    fn terminate(&mut self, limit: Duration) -> Result<ExitStatus, Box<dyn Error>> {
        Command::new("kill")
            .args(["-TERM", &self.0.id().to_string()])
            .stderr(Stdio::null())
            .status()?;
        wait_until("the process to exit after SIGTERM", limit, || {
            self.0.try_wait().ok().flatten()
        })
    }
}

impl Drop for Reaped {
    fn drop(&mut self) {
        let group = format!("-{}", self.0.id());
        let _ = Command::new("kill")
            .args(["-KILL", "--", &group])
            .stderr(Stdio::null())
            .status();
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A free loopback port (the listener is closed again at once).
fn free_port() -> std::io::Result<u16> {
    Ok(TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

/// Waits until `ready` returns `Some`, looking again every few milliseconds, for at most
/// `limit`.
fn wait_until<T>(
    what: &str,
    limit: Duration,
    mut ready: impl FnMut() -> Option<T>,
) -> Result<T, Box<dyn Error>> {
    let deadline = Instant::now() + limit;
    loop {
        if let Some(value) = ready() {
            return Ok(value);
        }
        if Instant::now() > deadline {
            return Err(format!("timed out waiting for {what}").into());
        }
        std::thread::sleep(POLL);
    }
}

/// One plain HTTP request with `Connection: close`; the status and the body (read to the end
/// of the connection; a chunked body is an error, the server sends its JSON with a length).
pub fn http_request(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Result<(u16, String), Box<dyn Error>> {
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(WAIT))?;
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    stream.write_all(request.as_bytes())?;
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer)?;
    let split = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| format!("an answer without a blank line: {answer:?}"))?;
    let head = std::str::from_utf8(&answer[..split])?;
    let body = &answer[split + 4..];
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| format!("an answer without a status: {head:?}"))?;
    if head
        .lines()
        .any(|line| line.eq_ignore_ascii_case("transfer-encoding: chunked"))
    {
        return Err(format!("a chunked answer, not read here: {head}").into());
    }
    Ok((status, String::from_utf8(body.to_vec())?))
}

/// One plain HTTP GET; the whole answer as text.
pub fn http_get(addr: &str, path: &str) -> std::io::Result<String> {
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(WAIT))?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer)?;
    Ok(answer)
}

/// A running server and a browser session on it.
pub struct Browser {
    /// The WebDriver session.
    pub client: Client,
    /// `http://127.0.0.1:PORT` (or `https://`, or another name: [`Served`]), without a
    /// trailing slash.
    pub base: String,
    /// `127.0.0.1:PORT`: the server's address, the same across a restart.
    addr: String,
    /// The phone the browser emulates.
    pub phone: Phone,
    /// How the server is served.
    pub served: Served,
    chromium: PathBuf,
    // Fields drop in order: the processes go before their files.
    _driver: Reaped,
    /// The server while it runs; `None` between [`Browser::stop_server`] and
    /// [`Browser::start_server`].
    server: Mutex<Option<Reaped>>,
    dir: tempfile::TempDir,
}

/// Starts the server on `addr` (port 0: any free one) with the database and log in `dir`,
/// its log appended to `server.log`, with `--https` if `https`; returns it and the address it
/// serves once `GET /healthz` answers 200 (over HTTPS: once plain HTTP is redirected).
fn spawn_server(dir: &Path, addr: &str, https: bool) -> Result<(Reaped, String), Box<dyn Error>> {
    let server_log = dir.join("server.log");
    let logged_before = std::fs::read_to_string(&server_log)
        .map(|log| log.len())
        .unwrap_or(0);
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&server_log)?;
    let mut server = Reaped::spawn(
        Command::new(env!("CARGO_BIN_EXE_kontrakt"))
            .args(["--addr", addr, "--db"])
            .arg(dir.join("kontrakt.db"))
            .args(https.then_some("--https"))
            .env("RUST_LOG", "info")
            .stdout(Stdio::null())
            .stderr(log),
    )?;
    // This run's line "serving http://ADDR with database …" says which port was chosen.
    let serving = if https {
        "serving https://"
    } else {
        "serving http://"
    };
    let addr = wait_until("the server's address in its log", WAIT, || {
        if let Ok(Some(status)) = server.0.try_wait() {
            return Some(Err(format!("the server exited at start: {status}")));
        }
        let log = std::fs::read_to_string(&server_log).ok()?;
        let rest = log.get(logged_before..)?.split(serving).nth(1)?;
        Some(Ok(rest.split_whitespace().next()?.to_owned()))
    })??;
    // Over HTTPS, plain HTTP to the port is redirected: the server is up.
    let up = if https {
        "HTTP/1.1 307"
    } else {
        "HTTP/1.1 200"
    };
    wait_until("GET /healthz to answer", WAIT, || {
        http_get(&addr, "/healthz")
            .ok()
            .filter(|answer| answer.starts_with(up))
    })?;
    Ok((server, addr))
}

impl Browser {
    async fn start(tools: &Tools, phone: Phone, served: Served) -> Result<Browser, Box<dyn Error>> {
        let dir = tempfile::tempdir()?;
        let (server, addr) = spawn_server(dir.path(), "127.0.0.1:0", served.https)?;

        let driver_port = free_port()?;
        let driver = Reaped::spawn(
            Command::new(&tools.chromedriver)
                .arg(format!("--port={driver_port}"))
                .stdout(std::fs::File::create(dir.path().join("chromedriver.log"))?)
                .stderr(Stdio::null()),
        )?;
        let driver_addr = format!("127.0.0.1:{driver_port}");
        wait_until("chromedriver to accept connections", WAIT, || {
            TcpStream::connect(&driver_addr).ok()
        })?;

        let profile = dir.path().join("profile");
        let mut args = chrome_args(&profile);
        args.push(format!("--window-size={},{}", phone.width, phone.height));
        args.push("--lang=en-US".to_owned());
        if let Some(host) = served.host {
            args.push(format!("--host-resolver-rules=MAP {host} 127.0.0.1"));
        }
        if served.https {
            let cert = dir.path().join(kontrakt::serve::own_cert::CERT_FILE);
            args.push(format!(
                "--ignore-certificate-errors-spki-list={}",
                spki_sha256_base64(&cert)?
            ));
        }
        let mut prefs = json!({ "intl": { "accept_languages": "en-US,en" } });
        let mut blink = Vec::new();
        if !phone.javascript {
            // Pages run no script; chromedriver's own (finding, clicking, `execute`) still do,
            // through DevTools.
            blink.push("scriptEnabled=false");
            prefs["profile"] = json!({ "managed_default_content_settings": { "javascript": 2 } });
        }
        if phone.dark {
            blink.push("preferredColorScheme=0");
        }
        if !blink.is_empty() {
            args.push(format!("--blink-settings={}", blink.join(",")));
        }
        // With scripts off, chromedriver's click never returns on an emulated touch screen:
        // that phone taps with a mouse.
        let capabilities = json!({
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": tools.chromium,
                "args": args,
                "mobileEmulation": {
                    "deviceMetrics": {
                        "width": phone.width,
                        "height": phone.height,
                        "pixelRatio": 2.0,
                        "mobile": true,
                        "touch": phone.javascript,
                    }
                },
                "prefs": prefs,
            }
        });
        let Value::Object(capabilities) = capabilities else {
            unreachable!("capabilities are an object")
        };
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = ClientBuilder::new(connector)
            .capabilities(capabilities)
            .connect(&format!("http://{driver_addr}"))
            .await?;
        let port = addr.rsplit(':').next().unwrap_or_default();
        let browser = Browser {
            client,
            base: format!(
                "{}://{}:{port}",
                if served.https { "https" } else { "http" },
                served.host.unwrap_or("127.0.0.1")
            ),
            addr,
            phone,
            served,
            chromium: tools.chromium.clone(),
            _driver: driver,
            server: Mutex::new(Some(server)),
            dir,
        };
        Ok(browser)
    }

    /// Ends the session (Chromium quits); `Drop` then kills what is left.
    async fn close(self) {
        let Browser { client, .. } = self;
        let _ = client.close().await;
    }

    /// Screenshot, page source and server log into `test-artifacts/<name>.*`.
    async fn save_artifacts(&self, name: &str) {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("test-artifacts");
        let _ = std::fs::create_dir_all(&dir);
        match self.client.screenshot().await {
            Ok(png) => {
                let _ = std::fs::write(dir.join(format!("{name}.png")), png);
            }
            Err(error) => eprintln!("{name}: no screenshot: {error}"),
        }
        match self.client.source().await {
            Ok(html) => {
                let _ = std::fs::write(dir.join(format!("{name}.html")), html);
            }
            Err(error) => eprintln!("{name}: no page source: {error}"),
        }
        let _ = std::fs::copy(
            self.dir.path().join("server.log"),
            dir.join(format!("{name}.log")),
        );
    }

    /// Stops the server (SIGTERM, then its exit awaited) as if the table's Wi-Fi had gone: the
    /// browser's requests are refused until [`Browser::start_server`].
    pub fn stop_server(&self) -> TestResult {
        let mut server = self.server.lock().unwrap_or_else(|p| p.into_inner());
        let mut running = server.take().ok_or("the server is not running")?;
        let status = running.terminate(WAIT)?;
        if !status.success() {
            return Err(format!("the server stopped with {status}").into());
        }
        Ok(())
    }

    /// While the server is stopped: a listener on its address that takes every connection
    /// and never answers, as a weak signal does (the request went out, nothing comes back).
    /// Dropping it closes the listener and every connection it took.
    pub fn silence(&self) -> Result<Silent, Box<dyn Error>> {
        if self
            .server
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .is_some()
        {
            return Err("stop the server before silencing its address".into());
        }
        let listener = TcpListener::bind(&self.addr)?;
        listener.set_nonblocking(true)?;
        let stop = Arc::new(AtomicBool::new(false));
        let accepted = Arc::new(AtomicUsize::new(0));
        let (stop_flag, count) = (stop.clone(), accepted.clone());
        let thread = std::thread::spawn(move || {
            let mut held = Vec::new();
            while !stop_flag.load(Ordering::SeqCst) {
                match listener.accept() {
                    Ok((stream, _)) => {
                        held.push(stream);
                        count.fetch_add(1, Ordering::SeqCst);
                    }
                    Err(_) => std::thread::sleep(POLL),
                }
            }
        });
        Ok(Silent {
            stop,
            accepted,
            thread: Some(thread),
        })
    }

    /// Starts the server again on the same database file and the same port.
    pub fn start_server(&self) -> TestResult {
        let mut server = self.server.lock().unwrap_or_else(|p| p.into_inner());
        if server.is_some() {
            return Err("the server is running already".into());
        }
        let (started, addr) = spawn_server(self.dir.path(), &self.addr, self.served.https)?;
        if addr != self.addr {
            return Err(format!("the server came back on {addr}, not {}", self.addr).into());
        }
        *server = Some(started);
        Ok(())
    }

    /// Enters these rounds (who went out, the others' points) into game `id` through the
    /// API, each answered 200.
    pub fn enter_rounds(&self, id: &str, rounds: &[(&str, Value)]) -> TestResult {
        for (out, points) in rounds {
            let (status, answer) = self.api(
                "POST",
                &format!("/api/v1/games/{id}/rounds"),
                None,
                Some(&serde_json::json!({"went_out": out, "points": points})),
            )?;
            assert_eq!(status, 200, "{answer}");
        }
        Ok(())
    }

    /// One JSON API request over plain HTTP, as another phone would send it: `method` and
    /// `path`, an `Idempotency-Key` if given, `body` as JSON if given. The status and the
    /// answer's JSON.
    pub fn api(
        &self,
        method: &str,
        path: &str,
        key: Option<&str>,
        body: Option<&Value>,
    ) -> Result<(u16, Value), Box<dyn Error>> {
        let mut headers = vec![("Accept", "application/json")];
        if let Some(key) = key {
            headers.push(("Idempotency-Key", key));
        }
        let body = match body {
            Some(body) => {
                headers.push(("Content-Type", "application/json"));
                body.to_string()
            }
            None => String::new(),
        };
        let (status, answer) = http_request(&self.addr, method, path, &headers, &body)?;
        let json = serde_json::from_str(&answer)
            .map_err(|e| format!("{method} {path}: {status} and not JSON ({e}): {answer}"))?;
        Ok((status, json))
    }

    /// The full address of a path on the server.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Opens a path on the server and waits for the page to load.
    pub async fn goto(&self, path: &str) -> TestResult {
        self.client.goto(&self.url(path)).await?;
        Ok(())
    }

    /// The path (and query) of the page now shown.
    pub async fn path(&self) -> Result<String, Box<dyn Error>> {
        let url = self.client.current_url().await?;
        Ok(match url.query() {
            Some(query) => format!("{}?{query}", url.path()),
            None => url.path().to_owned(),
        })
    }

    /// Waits for an element matching `css` and returns it.
    pub async fn find(&self, css: &str) -> Result<Element, Box<dyn Error>> {
        self.client
            .wait()
            .at_most(WAIT)
            .every(POLL)
            .for_element(Locator::Css(css))
            .await
            .map_err(|error| format!("no element {css:?}: {error}").into())
    }

    /// Waits for an element matching `css`, scrolls it to the middle of the screen (as a thumb
    /// would: sticky bars at the edges cannot cover it) and clicks (taps) it.
    pub async fn click(&self, css: &str) -> TestResult {
        let element = self.find(css).await?;
        self.client
            .execute(
                "arguments[0].scrollIntoView({block: 'center', inline: 'center'});",
                vec![serde_json::to_value(&element)?],
            )
            .await?;
        element.click().await?;
        Ok(())
    }

    /// [`Browser::click`] on a button that sends a form, then waits until the page it was on
    /// has gone (its root element no longer in the document), so the next step never reaches
    /// into the page being left while the answer loads.
    pub async fn tap_and_wait(&self, css: &str) -> TestResult {
        let before = self.find("html").await?;
        self.click(css).await?;
        let started = Instant::now();
        while before.tag_name().await.is_ok() {
            if started.elapsed() > WAIT {
                return Err(format!("tapping {css:?} left the page as it was").into());
            }
            tokio::time::sleep(POLL).await;
        }
        Ok(())
    }

    /// Waits for a text field matching `css`, empties it and types `text`.
    pub async fn fill(&self, css: &str, text: &str) -> TestResult {
        let field = self.find(css).await?;
        field.clear().await?;
        field.send_keys(text).await?;
        Ok(())
    }

    /// Chooses the option with `value` in the select matching `css`.
    pub async fn select(&self, css: &str, value: &str) -> TestResult {
        let select = self.find(css).await?;
        select.select_by_value(value).await?;
        Ok(())
    }

    /// Waits until the text of the first element matching `css` contains `needle`; returns
    /// that text.
    pub async fn wait_text(&self, css: &str, needle: &str) -> Result<String, Box<dyn Error>> {
        let deadline = Instant::now() + WAIT;
        let mut last = String::new();
        loop {
            if let Ok(element) = self.client.find(Locator::Css(css)).await
                && let Ok(text) = element.text().await
            {
                if text.contains(needle) {
                    return Ok(text);
                }
                last = text;
            }
            if Instant::now() > deadline {
                return Err(
                    format!("{css:?} never contained {needle:?}; last text: {last:?}").into(),
                );
            }
            tokio::time::sleep(POLL).await;
        }
    }

    /// Waits until the page's path (and query) is `path`, after a submit or a link.
    pub async fn wait_path_is(&self, path: &str) -> TestResult {
        let deadline = Instant::now() + WAIT;
        loop {
            let now = self.path().await?;
            if now == path {
                return Ok(());
            }
            if Instant::now() > deadline {
                return Err(format!("never reached {path:?}; still at {now:?}").into());
            }
            tokio::time::sleep(POLL).await;
        }
    }

    /// The value of a form field.
    pub async fn value(&self, css: &str) -> Result<String, Box<dyn Error>> {
        Ok(self
            .find(css)
            .await?
            .prop("value")
            .await?
            .unwrap_or_default())
    }

    /// Runs a script and returns what it returns.
    pub async fn js(&self, script: &str) -> Result<Value, Box<dyn Error>> {
        Ok(self.client.execute(script, Vec::new()).await?)
    }

    /// Fails unless the page fits the phone's width: nothing to scroll sideways.
    pub async fn assert_no_horizontal_scroll(&self) -> TestResult {
        let sizes = self
            .js(
                "return [document.documentElement.scrollWidth, window.innerWidth, \
                 location.pathname];",
            )
            .await?;
        let scroll = sizes[0].as_u64().ok_or("scrollWidth is a number")?;
        let inner = sizes[1].as_u64().ok_or("innerWidth is a number")?;
        let phone = u64::from(self.phone.width);
        // A page too wide is zoomed out until it fits, and innerWidth grows with it: the
        // phone's width is the measure.
        if scroll > phone || inner != phone {
            return Err(format!(
                "{}: the page is {scroll} px wide on a {phone} px phone (horizontal scroll; \
                 zoomed out to {inner} px)",
                sizes[2]
            )
            .into());
        }
        Ok(())
    }

    /// What keeps the page now shown from working on this phone, every problem at once: the
    /// page scrolls sideways, an element sticks out past the viewport's right (or left) edge
    /// outside a box that scrolls on purpose (`overflow-x: auto` or `scroll`), such a box
    /// scrolls though it does not match `may_scroll` (a CSS selector: a score sheet with a
    /// column per player may need its own scroll; a table of four columns hiding its last
    /// behind one does not fit), or a visible tap target is smaller than 44×44 CSS px. Each
    /// problem names the element (a CSS path and its text) and its size. Empty: the page fits.
    ///
    /// A radio button or checkbox counts with its label (the label is where the thumb taps);
    /// a link inside running text is exempt, as WCAG 2.5.8 exempts inline targets whose size
    /// the line of text sets. Elements that are not shown (`display: none`, `hidden`, a closed
    /// `<details>`, `visibility: hidden`, `.visually-hidden` or `aria-hidden`) are skipped.
    ///
    /// Readable in a dim room: text (and what is typed in a field) of at least 12 px, in
    /// WCAG AA contrast with the background behind it (4.5:1, large text 3:1; disabled
    /// controls exempt).
    pub async fn phone_problems(&self, may_scroll: &str) -> Result<PhoneCheck, Box<dyn Error>> {
        let found = self
            .js(&format!(
                "var phone = {}, mayScroll = {};\n{PHONE_CHECK}",
                self.phone.width,
                serde_json::to_string(may_scroll)?
            ))
            .await?;
        let strings = |key: &str| -> Vec<String> {
            found[key]
                .as_array()
                .map(|list| {
                    list.iter()
                        .filter_map(|v| v.as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default()
        };
        Ok(PhoneCheck {
            path: found["path"].as_str().unwrap_or_default().to_owned(),
            problems: strings("problems"),
            scrollers: strings("scrollers"),
            inline: strings("inline"),
        })
    }

    /// Saves a screenshot of the page now shown as `test-artifacts/<name>.png`.
    pub async fn save_screenshot(&self, name: &str) -> TestResult {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("test-artifacts");
        std::fs::create_dir_all(&dir)?;
        std::fs::write(
            dir.join(format!("{name}.png")),
            self.client.screenshot().await?,
        )?;
        Ok(())
    }

    /// Opens the fold of the round form's player row that holds the element `css` (its cards
    /// and buys, folded under a toggle: a tap on it), if it is folded.
    pub async fn unfold(&self, css: &str) -> TestResult {
        let script = format!(
            "var d = document.querySelector({css:?}).closest('details.more'); \
             return d && !d.open ? d.closest('fieldset.player').id : null;"
        );
        if let Value::String(row) = self.js(&script).await? {
            self.click(&format!("#{row} details.more > summary"))
                .await?;
            self.find(&format!("#{row} details.more[open]")).await?;
        }
        Ok(())
    }

    /// Opens the card grid of the field with id `target` (a tap on its summary, unless it is
    /// open; first a tap on the round form's fold that holds it, if folded) once `cards.js`
    /// has filled it; returns the grid's selector.
    pub async fn open_card_grid(&self, target: &str) -> Result<String, Box<dyn Error>> {
        let grid = format!("details[data-card-grid][data-target=\"{target}\"]");
        self.unfold(&grid).await?;
        // cards.js unhides the grid and fills it with buttons once it has run.
        self.find(&format!("{grid}:not([hidden]) .grid-cells .card-btn"))
            .await?;
        if self.find(&grid).await?.attr("open").await?.is_none() {
            // The words "Tap cards", not the summary's middle: there the card count (an
            // <output>) can stand, and Chromium does not open a <details> for a tap on a form
            // control inside its summary.
            self.click(&format!("{grid} > summary > span")).await?;
        }
        self.find(&format!("{grid}[open]")).await?;
        Ok(grid)
    }

    /// Taps the cards of `cards` in the card grid of the field with id `target` (each card as
    /// the grid writes it, e.g. `10♥`), `"|"` taps "new meld". Opens the grid first if it is
    /// closed.
    pub async fn tap_cards(&self, target: &str, cards: &[&str]) -> TestResult {
        let grid = self.open_card_grid(target).await?;
        for card in cards {
            let button = if *card == "|" {
                format!("{grid} [data-new-meld]")
            } else {
                format!("{grid} .card-btn[data-card=\"{card}\"]")
            };
            self.click(&button).await?;
        }
        Ok(())
    }

    /// Prints `path` with `chromium --headless --print-to-pdf` (a browser of its own, print
    /// media, no header or footer) and returns the PDF's text from `pdftotext -layout`.
    pub fn print_to_text(&self, path: &str) -> Result<String, Box<dyn Error>> {
        let pdf = self.dir.path().join("print.pdf");
        let _ = std::fs::remove_file(&pdf);
        let mut args = chrome_args(&self.dir.path().join("print-profile"));
        args.push("--no-pdf-header-footer".to_owned());
        args.push(format!("--print-to-pdf={}", pdf.display()));
        args.push(self.url(path));
        let mut chromium = Reaped::spawn(
            Command::new(&self.chromium)
                .args(&args)
                .stdout(Stdio::null())
                .stderr(Stdio::null()),
        )?;
        let status = wait_until("chromium --print-to-pdf to finish", PRINT_WAIT, || {
            chromium.0.try_wait().ok().flatten()
        })?;
        if !status.success() || !pdf.exists() {
            return Err(format!("chromium --print-to-pdf failed: {status}").into());
        }
        let text = Command::new("pdftotext")
            .args(["-layout"])
            .arg(&pdf)
            .arg("-")
            .output()?;
        if !text.status.success() {
            return Err(format!(
                "pdftotext failed: {}",
                String::from_utf8_lossy(&text.stderr)
            )
            .into());
        }
        Ok(String::from_utf8(text.stdout)?)
    }
}

/// What [`Browser::phone_problems`] found on one page.
#[derive(Debug)]
pub struct PhoneCheck {
    /// The page's path.
    pub path: String,
    /// Everything that does not fit or is too small to tap; empty when the page is fine.
    pub problems: Vec<String>,
    /// Boxes that scroll sideways inside the page and may (they match `may_scroll`).
    pub scrollers: Vec<String>,
    /// Links exempt as inline links in running text.
    pub inline: Vec<String>,
}

/// The script behind [`Browser::phone_problems`].
const PHONE_CHECK: &str = r##"
    // The phone's width (set before this script runs): a mobile browser zooms a page that
    // is too wide out until it fits, and then its innerWidth grows with it.
    var vw = phone, eps = 0.5, min = 44 - 0.01;
    var problems = [], scrollers = [], inline = [], seen = [];
    function name(el) {
        var parts = [], node = el;
        while (node && node.nodeType === 1 && node !== document.body && parts.length < 5) {
            var part = node.tagName.toLowerCase();
            if (node.id) { parts.unshift(part + "#" + node.id); break; }
            var classes = Array.prototype.slice.call(node.classList, 0, 2);
            if (classes.length) { part += "." + classes.join("."); }
            var parent = node.parentElement;
            if (parent) {
                var same = Array.prototype.filter.call(parent.children, function (c) {
                    return c.tagName === node.tagName;
                });
                if (same.length > 1) { part += ":nth-of-type(" + (same.indexOf(node) + 1) + ")"; }
            }
            parts.unshift(part);
            node = parent;
        }
        var text = (el.innerText || el.value || el.getAttribute("aria-label") || el.getAttribute("name") || "")
            .trim().replace(/\s+/g, " ");
        if (text.length > 40) { text = text.slice(0, 39) + "…"; }
        return parts.join(" > ") + (text ? " \"" + text + "\"" : "");
    }
    function isCheck(el) {
        var type = (el.getAttribute("type") || "").toLowerCase();
        return el.tagName === "INPUT" && (type === "radio" || type === "checkbox");
    }
    function shown(el) {
        if (!el.getClientRects().length) { return false; }
        if (getComputedStyle(el).visibility !== "visible") { return false; }
        return !el.closest(".visually-hidden, [aria-hidden=\"true\"]");
    }
    // The nearest ancestor (below body) that scrolls sideways on purpose, if any.
    function scroller(el) {
        for (var node = el.parentElement; node && node !== document.body; node = node.parentElement) {
            var overflow = getComputedStyle(node).overflowX;
            if (overflow === "auto" || overflow === "scroll") { return node; }
        }
        return null;
    }

    var root = document.documentElement;
    if (root.scrollWidth > vw || document.body.scrollWidth > vw) {
        problems.push("the page scrolls sideways: " + root.scrollWidth + " px wide on a " + vw + " px phone");
    }
    if (window.innerWidth !== vw) {
        problems.push("the page is zoomed out to " + window.innerWidth + " px to fit a " + vw + " px phone");
    }

    var all = document.body.querySelectorAll("*");
    for (var i = 0; i < all.length; i++) {
        var el = all[i];
        if (!el.getClientRects().length || el.closest(".visually-hidden")) { continue; }
        var box = scroller(el);
        if (box) {
            if (box.scrollWidth > box.clientWidth + eps && seen.indexOf(box) < 0) {
                seen.push(box);
                if (mayScroll && box.matches(mayScroll)) {
                    scrollers.push(name(box));
                } else {
                    problems.push("scrolls sideways, hiding part of itself: " + name(box) +
                        " is " + box.scrollWidth + " px wide in " + box.clientWidth + " px");
                }
            }
            continue;
        }
        var r = el.getBoundingClientRect();
        if (r.right > vw + eps || r.left < -eps) {
            problems.push("sticks out: " + name(el) + " spans x " + r.left.toFixed(1) + " to " + r.right.toFixed(1));
        }
    }

    var targets = document.body.querySelectorAll(
        "a[href], button, input:not([type=hidden]), select, textarea, summary, label");
    for (var j = 0; j < targets.length; j++) {
        var t = targets[j];
        if (!shown(t)) { continue; }
        var tag = t.tagName.toLowerCase();
        var rect = t.getBoundingClientRect();
        var left = rect.left, top = rect.top, right = rect.right, bottom = rect.bottom;
        if (isCheck(t) && Array.prototype.some.call(t.labels || [], shown)) {
            // A radio button or checkbox with a label: the label is the tap target.
            continue;
        }
        if (tag === "label") {
            // A label is a tap target of its own only where it stands for a radio button or
            // checkbox; then its tap box is the label and the box together.
            if (!t.control || !isCheck(t.control)) { continue; }
            var c = t.control.getBoundingClientRect();
            left = Math.min(left, c.left); top = Math.min(top, c.top);
            right = Math.max(right, c.right); bottom = Math.max(bottom, c.bottom);
        }
        var w = right - left, h = bottom - top;
        if (w >= min && h >= min) { continue; }
        if (tag === "a" && getComputedStyle(t).display === "inline") {
            // WCAG 2.5.8's inline exception: a link in a line of running text takes the
            // line's size. It counts as running text where its block holds words besides it.
            var block = t.parentElement;
            while (block && getComputedStyle(block).display.indexOf("inline") === 0) {
                block = block.parentElement;
            }
            var around = block ? block.innerText.replace(t.innerText, "").trim() : "";
            if (around.length > 0) { inline.push(name(t)); continue; }
        }
        problems.push("tap target " + w.toFixed(1) + "×" + h.toFixed(1) + " px: " + name(t));
    }

    // Readable in a dim room: text of at least 12 px, in WCAG AA contrast with what is
    // behind it (4.5:1; 3:1 for large text). Disabled controls are exempt, as in WCAG.
    function rgba(css) {
        var m = css.match(/rgba?\(([^)]+)\)/);
        if (!m) { return null; }
        var p = m[1].split(/[ ,\/]+/).filter(Boolean).map(parseFloat);
        return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    }
    function over(top, under) {
        var a = top[3];
        return [0, 1, 2].map(function (i) { return top[i] * a + under[i] * (1 - a); }).concat([1]);
    }
    function background(el) {
        var layers = [];
        for (var node = el; node; node = node.parentElement) {
            var bg = rgba(getComputedStyle(node).backgroundColor);
            if (bg && bg[3] > 0) {
                layers.push(bg);
                if (bg[3] >= 1) { break; }
            }
        }
        var color = [255, 255, 255, 1];
        for (var i = layers.length - 1; i >= 0; i--) { color = over(layers[i], color); }
        return color;
    }
    function luminance(c) {
        var l = c.slice(0, 3).map(function (v) {
            v /= 255;
            return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
        });
        return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
    }
    var texts = document.body.querySelectorAll("*");
    for (var n = 0; n < texts.length; n++) {
        var e = texts[n];
        var field = /^(INPUT|SELECT|TEXTAREA)$/.test(e.tagName) && e.type !== "hidden" &&
            e.type !== "radio" && e.type !== "checkbox";
        var own = field || Array.prototype.some.call(e.childNodes, function (c) {
            return c.nodeType === 3 && c.textContent.trim();
        });
        if (!own || !shown(e) || e.closest(":disabled, svg")) { continue; }
        var st = getComputedStyle(e), px = parseFloat(st.fontSize);
        if (px < 12 - 0.01) {
            problems.push("text of " + px.toFixed(1) + " px: " + name(e));
        }
        var fg = rgba(st.color), bg = background(e);
        if (!fg) { continue; }
        fg = over(fg, bg);
        var l1 = luminance(fg), l2 = luminance(bg);
        var ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
        var large = px >= 24 || (px >= 18.66 && Number(st.fontWeight) >= 700);
        if (ratio < (large ? 3 : 4.5)) {
            problems.push("contrast " + ratio.toFixed(2) + ":1 (" + st.color + " on rgb(" +
                bg.slice(0, 3).map(Math.round).join(", ") + ")): " + name(e));
        }
    }
    return {
        path: location.pathname + location.search,
        problems: problems,
        scrollers: scrollers,
        inline: inline,
    };
"##;

/// Chromium's arguments for a quiet, headless, sandbox-free run with its own profile.
/// The base64 SHA-256 of the public key (SubjectPublicKeyInfo) of the PEM certificate at
/// `path`: what `--ignore-certificate-errors-spki-list` takes.
fn spki_sha256_base64(path: &Path) -> Result<String, Box<dyn Error>> {
    use sha2::Digest as _;
    use tokio_rustls::rustls::pki_types::CertificateDer;
    use tokio_rustls::rustls::pki_types::pem::PemObject as _;
    let der = CertificateDer::from_pem_file(path)?;
    let spki = spki(&der).ok_or("a certificate without a readable public key")?;
    Ok(base64(&sha2::Sha256::digest(spki)))
}

/// One DER element at the start of `bytes`: its whole encoding, its contents and what follows.
fn der_element(bytes: &[u8]) -> Option<(&[u8], &[u8], &[u8])> {
    let first = *bytes.get(1)?;
    let (head, len) = if first < 0x80 {
        (2, usize::from(first))
    } else {
        let n = usize::from(first & 0x7f);
        let len = bytes
            .get(2..2 + n)?
            .iter()
            .fold(0usize, |len, &b| (len << 8) | usize::from(b));
        (2 + n, len)
    };
    let end = head + len;
    (bytes.len() >= end).then(|| (&bytes[..end], &bytes[head..end], &bytes[end..]))
}

/// The SubjectPublicKeyInfo of a certificate: Certificate → TBSCertificate → (version,
/// serial, signature algorithm, issuer, validity, subject) → subjectPublicKeyInfo.
fn spki(der: &[u8]) -> Option<&[u8]> {
    let (_, certificate, _) = der_element(der)?;
    let (_, tbs, _) = der_element(certificate)?;
    let mut rest = tbs;
    if tbs.first() == Some(&0xa0) {
        rest = der_element(rest)?.2; // the explicit version
    }
    for _ in 0..5 {
        rest = der_element(rest)?.2;
    }
    Some(der_element(rest)?.0)
}

/// Standard base64 with padding.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn chrome_args(profile: &Path) -> Vec<String> {
    [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
    ]
    .into_iter()
    .map(str::to_owned)
    .chain([format!("--user-data-dir={}", profile.display())])
    .collect()
}
