import Foundation
import TestSupport
import Testing

import TextLayout
@testable import ScreenKit
@testable import ReaderUI
@testable import splitfeed

/// `o` must hand the browser exactly the URL, as one argument, and refuse anything but http(s).
@Suite struct BrowserLauncherTests {
  @Test("hostile but valid http URLs reach the browser as one argument", arguments: [
    "https://example.com/a%20b?q=1&r=2",
    "https://example.com/$(touch%20pwned)",
    "https://example.com/;rm%20-rf%20~",
    "http://example.com/'quoted'\"double\"",
    "https://example.com/-leading-dash",
  ])
  func oneArgument(url: String) throws {
    let temporary = try TemporaryDirectory("browser")
    let dir = temporary.url
    let log = dir.appendingPathComponent("args")
    let script = dir.appendingPathComponent("fake-browser")
    try """
      #!/bin/sh
      printf '%s\\n' "$#" > '\(log.path)'
      for a in "$@"; do printf '%s\\n' "$a" >> '\(log.path)'; done
      """.write(to: script, atomically: true, encoding: .utf8)
    // Run through /bin/sh rather than exec'ing the file just written: a process spawned meanwhile by a
    // parallel test can still hold it open for writing, and exec would fail with ETXTBSY.
    let launcher = BrowserLauncher.resolve(setting: nil, environment: ["BROWSER": "/bin/sh \(script.path)"])
    var suspended = 0
    var resumed = 0
    let failure = launcher.open(url, suspend: { suspended += 1 }, resume: { resumed += 1 })
    #expect(failure == nil)
    #expect((suspended, resumed) == (1, 1))
    let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "1")
    #expect(lines.dropFirst().first.map(String.init) == url)
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("pwned").path))
  }

  @Test("non-web links are refused with a message", arguments: [
    "file:///etc/passwd", "javascript:alert(1)", "-x", "", "ftp://example.com/x", "https://",
  ])
  func refused(url: String) {
    let launcher = BrowserLauncher(command: ["true"])
    #expect(throws: BrowserLauncher.Failure.notWeb(url)) { try launcher.arguments(for: url) }
    #expect(launcher.open(url)?.description.contains("only http and https") == true)
  }

  @Test func commandResolution() throws {
    #expect(BrowserLauncher.resolve(setting: nil, environment: [:]).command == ["xdg-open"])
    #expect(BrowserLauncher.resolve(setting: nil, environment: ["BROWSER": "w3m:lynx"]).command == ["w3m"])
    #expect(BrowserLauncher.resolve(setting: "firefox --new-tab", environment: ["BROWSER": "w3m"]).command == ["firefox", "--new-tab"])
    let placeholder = BrowserLauncher(command: ["open", "%u", "--background"])
    #expect(try placeholder.arguments(for: "https://a.example/") == ["open", "https://a.example/", "--background"])
  }

  @Test func failuresAreReported() {
    #expect(BrowserLauncher(command: ["false"]).open("https://example.com/") == .exited(command: "false", status: 1))
    if case .spawnFailed = BrowserLauncher(command: ["/nonexistent/browser"]).open("https://example.com/") {
    } else {
      Issue.record("a missing browser must be reported")
    }
  }
}

/// Links that would retitle a terminal or read backwards reach the browser percent-encoded.
@Suite struct BrowserLinkEncodingTests {
  @Test(arguments: [
    ("https://e.org/a\u{1B}]2;pwned\u{07}b", "https://e.org/a%1B]2;pwned%07b"),
    ("https://e.org/x\ny z\t", "https://e.org/x%0Ay%20z%09"),
    ("https://e.org/\u{9B}31m\u{7F}", "https://e.org/%C2%9B31m%7F"),
    ("https://e.org/\u{202E}fdp.exe", "https://e.org/%E2%80%AEfdp.exe"),
    ("https://e.org/caf%C3%A9?q=é&r=1#x", "https://e.org/caf%C3%A9?q=é&r=1#x"),
  ])
  func controlsArePercentEncoded(raw: String, encoded: String) throws {
    #expect(BrowserLauncher.percentEncodingControls(raw) == encoded)
    #expect(try BrowserLauncher(command: ["b"]).arguments(for: raw) == ["b", encoded])
  }
}
