import Foundation
import Reader
import ScreenKit
import Testing

@testable import ReaderUI
@testable import splitfeed

/// The config's `action` lines (DESIGN §8): the argument expansion (no shell, each word one argument),
/// the article's JSON on stdin, the runner's bounds, `save`'s file, and the `bind-key` that binds one.
@Suite("user actions")
struct UserActionTests {
  static let article = ActionArticle(
    title: "Two\nlines; $(rm -rf ~)", url: "https://example.com/a?b=1&c=2", feed: ("Example", "https://example.com/feed.xml"),
    author: "Ann", date: Date(timeIntervalSince1970: 1_800_000_000), tags: ["news", "tech"], read: true,
    starred: false, text: "First paragraph.\n\nSecond.", html: "<p>First paragraph.</p><p>Second.</p>")

  @Test func percentWordsExpandInPlaceAndStayOneArgumentEach() throws {
    let action = try UserAction(line: ["later", "wallabag", "add", "%u", "--title=%t", "100%%", "%x"])
    #expect(!action.shows)
    #expect(
      action.arguments(url: Self.article.url, title: Self.article.title) == [
        "wallabag", "add", "https://example.com/a?b=1&c=2", "--title=Two\nlines; $(rm -rf ~)", "100%", "%x",
      ])
    #expect(action.arguments(url: nil, title: "") == ["wallabag", "add", "", "--title=", "100%", "%x"])
  }

  @Test func aLineNamesTheActionThenShowThenTheCommand() throws {
    let action = try UserAction(line: ["summary", "--show", "llm", "-s", "summarise"])
    #expect(action == UserAction(name: "summary", shows: true, command: ["llm", "-s", "summarise"]))
    #expect(throws: UserAction.LineError.self) { try UserAction(line: ["only-a-name"]) }
    #expect(throws: UserAction.LineError.self) { try UserAction(line: ["x", "--show"]) }
    #expect(throws: UserAction.LineError.self) { try UserAction(line: ["bad name", "true"]) }
  }

  @Test func theArticleIsOneJSONObjectWithEveryField() throws {
    let object = try #require(JSONSerialization.jsonObject(with: Self.article.json) as? [String: Any])
    #expect(Set(object.keys) == ["title", "url", "feed", "author", "date", "tags", "read", "starred", "text", "html"])
    #expect(object["title"] as? String == "Two\nlines; $(rm -rf ~)")
    #expect(object["url"] as? String == "https://example.com/a?b=1&c=2")
    #expect(object["feed"] as? [String: String] == ["title": "Example", "url": "https://example.com/feed.xml"])
    #expect(object["date"] as? String == "2027-01-15T08:00:00Z")
    #expect(object["tags"] as? [String] == ["news", "tech"])
    #expect(object["read"] as? Bool == true && object["starred"] as? Bool == false)
    #expect(object["text"] as? String == "First paragraph.\n\nSecond.")
    #expect(object["html"] as? String == "<p>First paragraph.</p><p>Second.</p>")
    var undated = Self.article
    undated.date = nil
    undated.url = nil
    let bare = try #require(JSONSerialization.jsonObject(with: undated.json) as? [String: Any])
    #expect(bare["date"] is NSNull && bare["url"] is NSNull, "absent values are null, never left out")
  }

  @Test func theRunnerGivesTheInputAndKeepsTheOutput() throws {
    let run = try ChildProgram.capture(["sh", "-c", "cat; echo; echo done >&2"], input: Data("in".utf8)).get()
    #expect(String(decoding: run.output, as: UTF8.self) == "in\ndone\n")
    #expect(run.ending == .exited(0) && !run.truncated)
    let failing = try ChildProgram.capture(["sh", "-c", "echo nope; exit 3"], input: Data()).get()
    #expect(failing.ending == .exited(3))
    #expect(ChildProgram.capture(["/nonexistent/program"], input: Data()).isFailure)
  }

  /// 100 MB of output: 1 MiB kept, the rest read and dropped, and the program ends normally.
  @Test func theOutputIsBoundedAndTheRestDrained() throws {
    let run = try ChildProgram.capture(["head", "-c", "100000000", "/dev/zero"], input: Data()).get()
    #expect(run.output.count == 1 << 20)
    #expect(run.truncated && run.ending == .exited(0))
  }

  /// A program that never ends (and a child it started) is killed at the timeout.
  @Test func aRunPastTheTimeoutIsKilled() throws {
    let start = ContinuousClock.now
    let run = try ChildProgram.capture(
      ["sh", "-c", "sleep 600 & yes"], input: Data(), limits: .init(timeout: .milliseconds(300), outputBytes: 1000)
    ).get()
    #expect(run.ending == .timedOut && run.output.count == 1000)
    #expect(ContinuousClock.now - start < .seconds(60))
  }

  @Test func aCancelledRunIsKilled() throws {
    let run = try ChildProgram.capture(["sleep", "600"], input: Data(), isCancelled: { true }).get()
    #expect(run.ending == .cancelled)
  }

  @Test func saveWritesTextOrMarkdown() {
    #expect(ArticleFile.isMarkdown("/tmp/a.md") && ArticleFile.isMarkdown("x.MARKDOWN") && !ArticleFile.isMarkdown("a.txt"))
    let markdown = ArticleFile.contents(of: Self.article, markdown: true)
    #expect(markdown.hasPrefix("# Two lines; $(rm -rf ~)\n\n<https://example.com/a?b=1&c=2>\n\n*Example · Ann · 2027-01-15T08:00:00Z*\n\nFirst paragraph."))
    let text = ArticleFile.contents(of: Self.article, markdown: false)
    #expect(text.hasPrefix("Two\nlines; $(rm -rf ~)\nhttps://example.com/a?b=1&c=2\nExample · Ann"))
    #expect(ArticleFile.defaultPath(folder: "/tmp/saved", title: "Hello, World! 2026") == "/tmp/saved/hello-world-2026.txt")
    #expect(ArticleFile.defaultPath(folder: "/tmp", title: "…") == "/tmp/article.txt")
  }

  @Test func bindKeyBindsAnActionGivenAboveIt() {
    let (config, problems) = ConfigParser.parse(
      """
      action later wallabag add %u
      action summary --show llm -s "summarise"
      bind-key L later
      bind-key j summary
      bind-key X nothing
      save-path ~/articles
      action-timeout 5
      """)
    #expect(problems.map(\.line) == [5])
    let ui = config.ui
    #expect(ui.userActions["summary"] == UserAction(name: "summary", shows: true, command: ["llm", "-s", "summarise"]))
    #expect(ui.keyMap.userAction(for: .character("L")) == "later")
    #expect(ui.keyMap.userAction(for: .character("j")) == "summary")
    #expect(ui.keyMap.action(for: .character("j"), in: .list) == nil, "the key no longer moves down")
    #expect(ui.savePath == "~/articles" && ui.actionTimeout == 5)
    #expect(ConfigParser.parse("action open true").problems.first?.message.contains("built-in") == true)
  }
}

extension Result {
  fileprivate var isFailure: Bool {
    if case .failure = self { return true }
    return false
  }
}
