//! A small Chrome DevTools Protocol client over `--remote-debugging-pipe`: Chromium reads
//! commands on its file descriptor 3 and writes answers and events on 4, each message a JSON text
//! ended by a NUL byte. No WebSocket, no outside crate: a shell wrapper puts our pipes on fds 3
//! and 4 and starts Debian's `chromium` headless.
#![allow(dead_code)]

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// The Chromium binary to drive: `$FAIRYSPEC_CHROMIUM`, else `chromium` or `chromium-browser` on
/// the PATH.
pub fn find_chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("FAIRYSPEC_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path) {
        for name in ["chromium", "chromium-browser"] {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    None
}

/// A headless Chromium and one page (a target attached in flat mode).
pub struct Browser {
    child: Child,
    input: ChildStdin,
    messages: Receiver<Value>,
    next_id: u64,
    session: String,
    profile: PathBuf,
    /// Events seen while waiting for answers (console messages, exceptions).
    pub events: Vec<Value>,
}

impl Browser {
    /// Starts Chromium with an empty profile and opens a blank page of `width`×`height`.
    pub fn launch(chromium: &std::path::Path, width: u32, height: u32) -> Browser {
        // A profile of its own for every Chromium: two browsers started by parallel tests with
        // one profile folder collide (the second hands over to the first and exits).
        static LAUNCHED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let profile = std::env::temp_dir().join(format!(
            "fairyspec-chromium-{}-{}",
            std::process::id(),
            LAUNCHED.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&profile).expect("a temporary profile folder");
        let mut child = Command::new("bash")
            .arg("-c")
            // fd 3 <- our stdin (commands), fd 4 -> our stdout (answers); Chromium's own stdio
            // goes nowhere.
            .arg(r#"exec 3<&0 4>&1; exec "$@" </dev/null >/dev/null 2>/dev/null"#)
            .arg("chromium-wrapper")
            .arg(chromium)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-extensions",
                "--disable-default-apps",
                "--no-first-run",
                "--no-default-browser-check",
                "--mute-audio",
                "--hide-scrollbars",
                "--remote-debugging-pipe",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg(format!("--window-size={width},{height}"))
            .arg("about:blank")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromium");
        let input = child.stdin.take().expect("stdin");
        let output = child.stdout.take().expect("stdout");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(output);
            loop {
                let mut buf = Vec::new();
                match reader.read_until(0, &mut buf) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        buf.pop();
                        if let Ok(v) = serde_json::from_slice::<Value>(&buf) {
                            if tx.send(v).is_err() {
                                return;
                            }
                        }
                    }
                }
            }
        });
        let mut browser = Browser {
            child,
            input,
            messages: rx,
            next_id: 0,
            session: String::new(),
            profile,
            events: Vec::new(),
        };
        let target = browser.call_browser("Target.createTarget", json!({"url": "about:blank"}));
        let target_id = target["targetId"].as_str().expect("targetId").to_string();
        let attached = browser.call_browser(
            "Target.attachToTarget",
            json!({"targetId": target_id, "flatten": true}),
        );
        browser.session = attached["sessionId"]
            .as_str()
            .expect("sessionId")
            .to_string();
        browser.call("Page.enable", json!({}));
        browser.call("Runtime.enable", json!({}));
        browser.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}),
        );
        browser
    }

    fn send(&mut self, method: &str, params: Value, session: Option<&str>) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut msg = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            msg["sessionId"] = json!(s);
        }
        let mut bytes = serde_json::to_vec(&msg).expect("json");
        bytes.push(0);
        self.input.write_all(&bytes).expect("write to chromium");
        self.input.flush().expect("flush");
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let v = self
                .messages
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no answer from chromium to {method}"));
            if v["id"].as_u64() == Some(id) {
                if let Some(e) = v.get("error") {
                    panic!("chromium: {method} failed: {e}");
                }
                return v["result"].clone();
            }
            self.events.push(v);
        }
    }

    fn call_browser(&mut self, method: &str, params: Value) -> Value {
        self.send(method, params, None)
    }

    /// A command to the page.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        let session = self.session.clone();
        self.send(method, params, Some(&session))
    }

    /// Evaluates a JavaScript expression in the page; its value (awaited if a promise).
    pub fn eval(&mut self, expression: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
        );
        if let Some(e) = r.get("exceptionDetails") {
            panic!("page script failed: {expression}: {e}");
        }
        r["result"]["value"].clone()
    }

    /// Loads `url` and waits until `ready` (an expression) is true.
    pub fn goto(&mut self, url: &str, ready: &str) {
        self.call("Page.navigate", json!({"url": url}));
        self.wait_for(ready, Duration::from_secs(20));
    }

    /// Polls `expression` until it is `true`.
    pub fn wait_for(&mut self, expression: &str, timeout: Duration) {
        let deadline = Instant::now() + timeout;
        loop {
            let r = self.call(
                "Runtime.evaluate",
                json!({"expression": expression, "returnByValue": true}),
            );
            if r["result"]["value"] == json!(true) {
                return;
            }
            if Instant::now() > deadline {
                panic!(
                    "timed out waiting for {expression}; page errors: {:?}",
                    self.page_errors()
                );
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The exceptions and console errors the page reported so far.
    pub fn page_errors(&self) -> Vec<String> {
        self.events
            .iter()
            .filter(|e| {
                e["method"] == "Runtime.exceptionThrown"
                    || (e["method"] == "Runtime.consoleAPICalled" && e["params"]["type"] == "error")
            })
            .map(|e| e["params"].to_string())
            .collect()
    }

    /// The centre of the element `selector`, in CSS pixels of the viewport.
    pub fn centre(&mut self, selector: &str) -> (f64, f64) {
        let v = self.eval(&format!(
            "(() => {{ const e = document.querySelector({}); if (!e) return null; \
             e.scrollIntoView({{block: 'center'}}); const r = e.getBoundingClientRect(); \
             return [r.left + r.width / 2, r.top + r.height / 2]; }})()",
            json!(selector)
        ));
        let (Some(x), Some(y)) = (v[0].as_f64(), v[1].as_f64()) else {
            panic!("no element {selector}");
        };
        (x, y)
    }

    /// Moves the mouse onto the element (hover).
    pub fn hover(&mut self, selector: &str) {
        let (x, y) = self.centre(selector);
        self.call(
            "Input.dispatchMouseEvent",
            json!({"type": "mouseMoved", "x": x, "y": y}),
        );
    }

    /// Clicks the element with the mouse, as a person would: move, press, release.
    pub fn click(&mut self, selector: &str) {
        let (x, y) = self.centre(selector);
        self.call(
            "Input.dispatchMouseEvent",
            json!({"type": "mouseMoved", "x": x, "y": y}),
        );
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            );
        }
    }

    /// A PNG screenshot of the viewport.
    pub fn screenshot(&mut self) -> Vec<u8> {
        let r = self.call("Page.captureScreenshot", json!({"format": "png"}));
        base64_decode(r["data"].as_str().expect("screenshot data"))
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.send_close();
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

impl Browser {
    fn send_close(&mut self) -> std::io::Result<()> {
        self.next_id += 1;
        let mut bytes =
            serde_json::to_vec(&json!({"id": self.next_id, "method": "Browser.close"}))?;
        bytes.push(0);
        self.input.write_all(&bytes)
    }
}

/// Standard base64 (RFC 4648), as the protocol sends screenshots.
pub fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut acc = 0u32;
    let mut bits = 0;
    for &c in text.as_bytes() {
        let Some(v) = value(c) else { continue };
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}

#[test]
fn base64_decodes_the_rfc_examples() {
    // RFC 4648, section 10.
    assert_eq!(base64_decode("Zm9vYmFy"), b"foobar");
    assert_eq!(base64_decode("Zm9vYg=="), b"foob");
    assert_eq!(base64_decode("Zg=="), b"f");
}
