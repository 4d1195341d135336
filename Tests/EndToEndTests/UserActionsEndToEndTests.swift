import Foundation
import TestSupport
import Testing

/// The config's `action` lines, `pipe-to` (`|`) and `save` (`w`), driven in tmux (issue 37; DESIGN §8):
/// each program is a small script the test writes and the reader executes directly (no shell of the
/// reader's), and what it received is read back from the files it wrote.
@Suite(.serialized)
struct UserActionsEndToEndTests {
  /// A folder with one feed of two articles, scripts, and a config of `lines` (`$DIR` is the folder).
  final class Setup {
    let folder: RunFolder
    var dir: String { folder.root.path }

    init(config lines: [String], scripts: [String: String]) throws {
      folder = try RunFolder("splitfeed-actions")
      try folder.writeFeed("news.xml", title: "News", items: ["First story", "Second story"])
      for (name, body) in scripts {
        try folder.temporary.writeExecutable("#!/bin/sh\n" + body.replacing("$DIR", with: dir) + "\n", to: name)
      }
      _ = try folder.temporary.write(
        lines.map { $0.replacing("$DIR", with: dir) }.joined(separator: "\n") + "\n", to: "conf/config")
    }

    deinit { try? FileManager.default.removeItem(at: folder.root) }

    /// The reader at 120×40 with the first article open.
    func startOnFirstArticle() throws -> TmuxHarness {
      let tmux = try folder.launchReader(feeds: ["www/news.xml"], size: (120, 40))
      try tmux.send(keys: "Enter")
      try tmux.waitFor(text: "Second story")
      try tmux.send(keys: "Enter")
      try tmux.waitFor(text: "Body of First story.")
      return tmux
    }

    func file(_ name: String) -> String? { try? String(contentsOfFile: dir + "/" + name, encoding: .utf8) }
  }

  func text(_ lines: [String]) -> String { lines.joined(separator: "\n") }

  /// `--show`: the script gets the article's JSON on stdin and `%u`/`%t` as single arguments; its output,
  /// escapes and all, is shown as text in the pane (the terminal's title is never set) until Back.
  @Test func aShowActionGetsTheJSONAndItsOutputIsShown() throws {
    let setup = try Setup(
      config: ["action peek --show $DIR/show.sh %u \"title: %t\"", "bind-key X peek"],
      scripts: [
        "show.sh": """
          cat > $DIR/stdin.json
          for a in "$@"; do printf '%s\\n' "$a" >> $DIR/args.txt; done
          printf 'shown output line\\n'
          printf '\\033]0;pwned\\007\\033[2J escaped text\\n'
          """
      ])
    let tmux = try setup.startOnFirstArticle()
    defer { tmux.close() }
    try tmux.send(keys: "X")
    let shown = text(try tmux.waitFor(text: "shown output line"))
    #expect(shown.contains("Output of peek"))
    #expect(shown.contains("]0;pwned") && shown.contains("escaped text"), "the escapes are shown as text:\n\(shown)")
    #expect(try tmux.paneFormat("#{pane_title}") != "pwned")
    #expect(shown.contains("peek's output (Back or f: the article)."))

    let json = try #require(setup.file("stdin.json"))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
    #expect(object["title"] as? String == "First story")
    #expect(object["url"] as? String == "https://example.com/news.xml/0?a=1&b=2")
    #expect((object["feed"] as? [String: Any])?["title"] as? String == "News")
    #expect(((object["feed"] as? [String: Any])?["url"] as? String)?.hasSuffix("www/news.xml") == true)
    #expect(object["date"] as? String == "2014-09-04T17:09:00Z")
    #expect(object["read"] as? Bool == true && object["starred"] as? Bool == false)
    #expect(object["text"] as? String == "Body of First story.")
    #expect((object["html"] as? String)?.contains("Body of First story.") == true)
    #expect(object.keys.contains("author") && object.keys.contains("tags"))
    #expect(setup.file("args.txt") == "https://example.com/news.xml/0?a=1&b=2\ntitle: First story\n")

    try tmux.send(keys: "Escape")
    let back = text(try tmux.waitFor(text: "Body of First story."))
    #expect(!back.contains("shown output line"))
    // `f` brings the article back too, and does not switch to the web page.
    try tmux.send(keys: "X")
    try tmux.waitFor(text: "shown output line")
    try tmux.send(keys: "f")
    let again = text(try tmux.waitFor(text: "Body of First story."))
    #expect(!again.contains("shown output line") && !again.contains("Fetching"))
  }

  /// A failing program: one line with its status and its first words, the article unchanged.
  @Test func aFailingActionIsOneLine() throws {
    let setup = try Setup(
      config: ["action later $DIR/fail.sh %u", "bind-key X later"],
      scripts: ["fail.sh": "echo 'no token configured' >&2\nexit 3"])
    let tmux = try setup.startOnFirstArticle()
    defer { tmux.close() }
    try tmux.send(keys: "X")
    let screen = text(try tmux.waitFor(text: "later failed: exited with status 3: no token configured"))
    #expect(screen.contains("Body of First story."))
  }

  /// A program that never ends is stopped at `action-timeout`, and the reader answered keys meanwhile.
  @Test func anActionPastItsTimeoutIsStopped() throws {
    let setup = try Setup(
      config: ["action-timeout 2", "action slow $DIR/slow.sh", "bind-key X slow"],
      scripts: ["slow.sh": "echo started > $DIR/started\nexec sleep 600"])
    let tmux = try setup.startOnFirstArticle()
    defer { tmux.close() }
    try tmux.send(keys: "X")
    try tmux.waitFor(text: "Running slow")
    try tmux.send(keys: "?")
    try tmux.waitFor(text: "─ Keys ─")
    // The help's end, where the user's actions are listed (the help pages when it is long).
    try tmux.send(keys: "G")
    try tmux.waitFor(text: "Your actions")
    try tmux.send(keys: "Escape")
    try tmux.waitFor(text: "slow ran past 2 s and was stopped (action-timeout).", timeout: 30)
    #expect(setup.file("started") == "started\n")
  }

  /// A `--show` action still running when another article opens is cancelled (its output would have
  /// nowhere to show); it is killed, not left behind.
  @Test func aShowActionIsCancelledByTheNextArticle() throws {
    let setup = try Setup(
      config: ["action peek --show $DIR/slow.sh", "bind-key X peek"],
      scripts: ["slow.sh": "echo $$ > $DIR/pid\nexec sleep 600"])
    let tmux = try setup.startOnFirstArticle()
    defer { tmux.close() }
    try tmux.send(keys: "X")
    try tmux.waitFor(text: "Running peek")
    try tmux.waitUntil("the action started") { _ in setup.file("pid") != nil }
    try tmux.send(keys: "J")
    try tmux.waitFor(text: "peek was cancelled.")
    let pid = try #require(setup.file("pid").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
    #expect(kill(pid, 0) == -1, "the program was killed")
    #expect(try tmux.screen().joined().contains("Body of Second story."))
  }

  /// 100 MB of output: the first MiB kept, the rest drained, the reader live throughout.
  @Test func anActionPrinting100MBIsBounded() throws {
    let setup = try Setup(
      config: ["action flood $DIR/flood.sh", "bind-key X flood"],
      scripts: ["flood.sh": "head -c 100000000 /dev/zero | tr '\\0' x"])
    let tmux = try setup.startOnFirstArticle()
    defer { tmux.close() }
    try tmux.send(keys: "X")
    try tmux.waitFor(text: "flood ran and exited with status 0; its output past 1 MiB was dropped.", timeout: 60)
    try tmux.send(keys: "J")
    try tmux.waitFor(text: "Body of Second story.")
  }

  /// `|`: the command line typed is split into words, never given to a shell, and gets the text.
  @Test func pipeToGivesTheArticlesText() throws {
    let setup = try Setup(config: [], scripts: ["pipe.sh": "cat > \"$DIR/$1\""])
    let tmux = try setup.startOnFirstArticle()
    defer { tmux.close() }
    try tmux.send(keys: "|")
    try tmux.waitFor(text: "Pipe to:")
    try tmux.type("\(setup.dir)/pipe.sh \"piped;text\"")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "pipe.sh ran and exited with status 0.")
    #expect(setup.file("piped;text") == "Body of First story.")
  }

  /// `w`: `save-path` offered, Markdown for `.md`, an existing file kept unless `y`, a failed write one
  /// notice.
  @Test func saveWritesAskingBeforeOverwriting() throws {
    let setup = try Setup(config: ["save-path $DIR/saved"], scripts: [:])
    try FileManager.default.createDirectory(atPath: setup.dir + "/saved", withIntermediateDirectories: true)
    let tmux = try setup.startOnFirstArticle()
    defer { tmux.close() }
    try tmux.send(keys: "w")
    try tmux.waitFor(text: "Save to: \(setup.dir)/saved/first-story.txt")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Saved to \(setup.dir)/saved/first-story.txt.")
    #expect(setup.file("saved/first-story.txt")?.hasPrefix("First story\nhttps://example.com/news.xml/0") == true)

    let markdown = setup.dir + "/saved/story.md"
    try "keep me".write(toFile: markdown, atomically: true, encoding: .utf8)
    try tmux.send(keys: "w")
    try tmux.waitFor(text: "Save to:")
    try tmux.send(keys: "C-u")
    try tmux.type(markdown)
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "exists. Overwrite it? (y/n)")
    try tmux.send(keys: "n")
    try tmux.waitFor(text: "Cancelled.")
    #expect(setup.file("saved/story.md") == "keep me")
    try tmux.send(keys: "w")
    try tmux.waitFor(text: "Save to:")
    try tmux.send(keys: "C-u")
    try tmux.type(markdown)
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Overwrite it?")
    try tmux.send(keys: "y")
    try tmux.waitFor(text: "Saved to \(markdown).")
    #expect(setup.file("saved/story.md")?.hasPrefix("# First story\n\n<https://example.com/news.xml/0") == true)

    try tmux.send(keys: "w")
    try tmux.waitFor(text: "Save to:")
    try tmux.send(keys: "C-u")
    try tmux.type(setup.dir + "/missing/x.txt")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Could not save \(setup.dir)/missing/x.txt")
  }
}
