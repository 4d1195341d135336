import Foundation
import Reader
import TestSupport
import Testing

@testable import splitfeed

/// The `sync …` config lines: each value checked with a one-line message naming its line, an incomplete
/// `sync greader` named on its own line, and the password read from a file or a command run without a
/// shell.
@Suite("sync settings")
struct SyncSettingsTests {
  @Test func offByDefault() {
    let config = ConfigParser.parse("").config
    #expect(config.engine.sync == SyncSettings())
    #expect(!config.engine.sync.isOn)
  }

  @Test func aCompleteSetup() {
    let text = """
      sync greader
      sync-url https://rss.example.org/api/greader.php
      sync-user alice
      sync-password-command pass show "rss/free rss"
      sync-keep-local yes
      """
    let (config, problems) = ConfigParser.parse(text)
    #expect(problems.isEmpty)
    #expect(config.engine.sync.service == .greader)
    #expect(config.engine.sync.url == URL(string: "https://rss.example.org/api/greader.php"))
    #expect(config.engine.sync.user == "alice")
    #expect(config.engine.sync.password == .command(["pass", "show", "rss/free rss"]))
    #expect(config.engine.sync.keepLocal)
    #expect(config.engine.sync.incompleteReason == nil)
  }

  @Test func theLastPasswordLineWins() {
    let (config, problems) = ConfigParser.parse("sync-password-command pass x\nsync-password-file ~/.fr-pass\n")
    #expect(problems.isEmpty)
    #expect(config.engine.sync.password == .file("~/.fr-pass"))
  }

  @Test(arguments: [
    ("sync dropbox", "config line 1: sync: expected greader"),
    ("sync-url ftp://host/api", "config line 1: sync-url: expected the API's http or https address"),
    ("sync-url greader.php", "config line 1: sync-url: expected the API's http or https address"),
    ("sync-user", "config line 1: sync-user takes one value, got 0"),
    ("sync-keep-local maybe", "config line 1: sync-keep-local: expected yes or no, got \"maybe\""),
    ("sync-password-command", "config line 1: sync-password-command: expected a command"),
    ("sync-password-file a b", "config line 1: sync-password-file takes one value, got 2"),
  ])
  func badValuesAreOneLineEach(line: String, start: String) {
    let (config, problems) = ConfigParser.parse(line + "\n")
    #expect(problems.count == 1)
    #expect(problems.first.map { "\($0)".hasPrefix(start) } == true, "\(problems)")
    #expect(config.engine.sync == SyncSettings())
  }

  @Test func anIncompleteSyncIsNamedOnItsLine() {
    let (config, problems) = ConfigParser.parse("reload-threads 2\nsync greader\nsync-user bob\n")
    #expect(problems.map(\.description) == ["config line 2: sync greader also needs sync-url, sync-password-file or sync-password-command"])
    #expect(config.engine.sync.isOn)
    #expect(config.engine.sync.incompleteReason != nil)
  }

  @Test func syncNoneTurnsItOff() {
    let (config, problems) = ConfigParser.parse("sync greader\nsync none\n")
    #expect(problems.isEmpty)
    #expect(!config.engine.sync.isOn)
  }

  // MARK: The password

  @Test func aPasswordFileGivesItsFirstLine() throws {
    let temporary = try TemporaryDirectory("sync-password")
    let dir = temporary.url
    try Data("s3cret word\r\nnotes\n".utf8).write(to: dir.appendingPathComponent("pw"))
    // Relative to the config folder, and from the home folder with ~/.
    #expect(try SyncPassword.read(.file("pw"), configDirectory: dir.path, home: "/nowhere") == "s3cret word")
    #expect(try SyncPassword.read(.file("~/pw"), configDirectory: "/nowhere", home: dir.path) == "s3cret word")
  }

  @Test func aMissingOrEmptyPasswordFileIsOneLine() throws {
    let temporary = try TemporaryDirectory("sync-password")
    let dir = temporary.url
    try Data("\n".utf8).write(to: dir.appendingPathComponent("empty"))
    #expect(throws: SyncPassword.Failure(description: "sync-password-file: \(dir.path)/gone could not be read (No such file or directory).")) {
      try SyncPassword.read(.file("gone"), configDirectory: dir.path, home: "/")
    }
    #expect(throws: SyncPassword.Failure(description: "sync-password-file \(dir.path)/empty gave an empty password.")) {
      try SyncPassword.read(.file("empty"), configDirectory: dir.path, home: "/")
    }
  }

  @Test func aPasswordCommandRunsWithoutAShell() throws {
    // printf gets its arguments as they are: no shell expands $HOME, splits words or runs `;`.
    let password = try SyncPassword.read(.command(["printf", "%s\\n", "a $HOME; b"]), configDirectory: "/", home: "/")
    #expect(password == "a $HOME; b")
  }

  @Test func aFailingPasswordCommandIsOneLine() {
    #expect(throws: SyncPassword.Failure(description: "sync-password-command false exited with status 1; no password.")) {
      try SyncPassword.read(.command(["false"]), configDirectory: "/", home: "/")
    }
    #expect(throws: SyncPassword.Failure(description: "sync-password-command no-such-program-here could not be started: No such file or directory.")) {
      try SyncPassword.read(.command(["no-such-program-here"]), configDirectory: "/", home: "/")
    }
    #expect(throws: SyncPassword.Failure(description: "sync-password-command true gave an empty password.")) {
      try SyncPassword.read(.command(["true"]), configDirectory: "/", home: "/")
    }
  }
}
