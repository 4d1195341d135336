import Foundation
import Testing

@testable import Reader
import TestSupport

/// The urls file's `exec:` and `filter:` feeds (newsboat's): read from the user's own file only, run
/// without a shell, bounded as a download is, and failing as one feed's error.
@Suite(.timeLimit(.minutes(1)))
struct CommandFeedTests {
  static let rss = FeedXML.rss(title: "Old title", items: [FeedXML.Item(title: "One", guid: "1")])

  /// An executable script `name` in `dir` with `body` after its `#!/bin/sh` line, written close-on-exec
  /// (`TemporaryDirectory.writeExecutable`): feeds run programs while other tests start theirs.
  static func script(_ dir: TemporaryDirectory, _ name: String, _ body: String) throws -> String {
    try dir.writeExecutable("#!/bin/sh\n" + body + "\n", to: name)
  }

  /// The feed `text` of a urls file fetches, or its fetch error.
  static func fetch(_ text: String, fetcher: Fetcher = testFetcher()) async throws -> Result<FetchedFeed, FetchError> {
    let source = try FeedSource(urlsFileAddress: text)
    do throws(FetchError) {
      guard case .fetched(let body) = try await fetcher.fetch(source) else { throw .cancelled }
      return .success(body)
    } catch {
      return .failure(error)
    }
  }

  @Test func theUrlsFileReadsExecAndFilterLinesAsFeedsKeyedAsWritten() {
    let parsed = UrlsFile.parse(
      "\"exec:~/bin/feed --all\" news\n\"filter:tr a b:https://example.com/rss\"\nfilter:nocolon\nexec:\n",
      currentDirectory: "/conf")
    let home = FileManager.default.homeDirectoryForCurrentUser.path
    #expect(parsed.entries.map(\.url) == ["exec:~/bin/feed --all", "filter:tr a b:https://example.com/rss"])
    #expect(parsed.entries.map(\.tags) == [["news"], []])
    #expect(parsed.entries[1].source.location == .filter(command: "tr a b", source: .web(URL(string: "https://example.com/rss")!)))
    #expect(FeedSource.words(of: "~/bin/feed --all \"two words\" a~b") == [home + "/bin/feed", "--all", "two words", "a~b"])
    #expect(parsed.problems.map(\.line) == [3, 4])
    #expect(parsed.problems.allSatisfy { $0.message.contains("names no program") }, "\(parsed.problems)")
  }

  @Test("exec: and filter: are refused from every address but the urls file's", arguments: [
    "exec:touch /tmp/x", "filter:cat:https://example.com/rss", "EXEC:touch /tmp/x",
  ])
  func refusedOutsideTheUrlsFile(text: String) {
    #expect(throws: FeedSourceError.commandOutsideUrlsFile(text)) { try FeedSource(parsing: text) }
  }

  @Test func anExecFeedIsTheProgramsOutput() async throws {
    let dir = try TemporaryDirectory("exec-feed")
    let program = try Self.script(dir, "feed", "cat <<'EOF'\n\(Self.rss)\nEOF")
    let body = try await Self.fetch("exec:\(program) ignored-argument").get()
    let parsed = try FeedParser.parse(data: body.data, url: body.finalURL)
    #expect(parsed.feed.title == "Old title")
  }

  @Test func aFilterFeedIsTheFetchedFeedThroughTheProgram() async throws {
    let server = try TestHTTPServer { _ in TestHTTPServer.Response(body: Data(Self.rss.utf8)) }
    let body = try await Self.fetch("filter:sed s/Old/New/:\(server.url("rss"))").get()
    #expect(try FeedParser.parse(data: body.data, url: body.finalURL).feed.title == "New title")
    #expect(body.finalURL.absoluteString == server.url("rss"))
  }

  @Test func aFailingProgramIsOneSentenceWithWhatItSaid() async throws {
    let dir = try TemporaryDirectory("exec-fail")
    let program = try Self.script(dir, "feed", "echo 'first' >&2; echo 'no network today' >&2; exit 3")
    let result = try await Self.fetch("exec:\(program)")
    #expect(result.failure?.description == "\(program) exited with status 3: no network today")
    let missing = try await Self.fetch("exec:no-such-program-here")
    #expect(missing.failure?.description.hasPrefix("Could not start no-such-program-here:") == true, "\(String(describing: missing))")
  }

  @Test func aProgramStillBeingWrittenFailsAsBusyAfterWaitingForIt() async throws {
    let dir = try TemporaryDirectory("exec-busy")
    let program = try Self.script(dir, "feed", "echo never")
    let writer = open(program, O_WRONLY | O_CLOEXEC)  // an editor saving it in place, for good
    try #require(writer >= 0)
    defer { close(writer) }
    let started = Date()
    let result = try await Self.fetch("exec:\(program)")
    #expect(result.failure == .program("Could not start \(program): Text file busy."), "\(String(describing: result))")
    #expect(Date().timeIntervalSince(started) >= 0.9, "tried again for about a second first")
  }

  @Test func aProgramIsBoundedInTimeAndSizeAndStoppedWithItsChildren() async throws {
    let dir = try TemporaryDirectory("exec-bounds")
    let pidFile = dir.path("child.pid")
    // The child outlives the script unless the whole group is killed.
    let program = try Self.script(dir, "slow", "sh -c 'echo $$ > \(pidFile); exec sleep 60' & sleep 30")
    let started = Date()
    let slow = try await Self.fetch("exec:\(program)", fetcher: testFetcher(transfer: 1))
    #expect(slow.failure == .program("\(program) did not finish within 1 seconds; it was stopped."))
    #expect(Date().timeIntervalSince(started) < 20)
    let large = try await Self.fetch("exec:yes", fetcher: testFetcher(maxBytes: 1 << 20))
    #expect(large.failure == .program("yes printed more than 1 MiB; it was stopped."))
    let child = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    // Gone (or a zombie waiting for its reaper) within a generous bound; it would sleep a minute.
    let deadline = Date().addingTimeInterval(20)
    func gone() -> Bool {
      kill(child, 0) != 0 || ((try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8))?.contains(") Z ") ?? true)
    }
    while !gone() && Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
    #expect(gone(), "the script's child was stopped with it")
  }

  @Test func aFilterThatReadsNothingStillEndsCleanly() async throws {
    // `true` exits without reading its input: our write fails with EPIPE, the reader is not killed.
    let server = try TestHTTPServer { _ in TestHTTPServer.Response(body: Data(String(repeating: Self.rss, count: 20_000).utf8)) }
    let result = try await Self.fetch("filter:true:\(server.url("rss"))")
    #expect((try? result.get())?.data.isEmpty == true, "\(String(describing: result))")
  }

  @Test func aCachedCommandFeedNotInTheUrlsFileRunsNothing() async throws {
    let dir = try TemporaryDirectory("exec-gate")
    let marker = dir.path("ran")
    let cache = try Cache(path: dir.path("cache.db"))
    let key = "exec:touch \(marker)"
    let feeds = try cache.addFeeds(urls: [key])  // as a sync server or an old urls file might have left it
    let refused = await Reloader(cache: cache).reload(feeds)
    #expect(refused.first?.error == FeedSourceError.commandOutsideUrlsFile(key).description)
    #expect(!FileManager.default.fileExists(atPath: marker))
    var allowed = Reloader(cache: cache)
    allowed.commandFeeds = [key]
    let ran = await allowed.reload(feeds)
    #expect(FileManager.default.fileExists(atPath: marker))
    #expect(ran.first?.error != nil)  // `touch` prints no feed: a parse error, listed like any feed's
  }
}

/// What `import-newsboat` says of newsboat's `exec:` and `filter:` lines: they run here now, so only a
/// command written for newsboat's `sh -c` is named as not taken.
@Suite struct NewsboatCommandLinesTests {
  @Test func onlyACommandNeedingAShellIsNamed() {
    let plan = NewsboatUrlsPlan(
      newsboat: "\"exec:~/bin/feed --all\"\n\"exec:curl -s x | sed s/a/b/\"\n\"filter:tr a b:https://a.example/rss\"\n\"filter:a;b:https://b.example/x?y=1&z=2\"\n",
      existing: "", newsboatFolder: "/nb", configDirectory: "/conf")
    #expect(plan.commands == 4)
    #expect(plan.shellCommands == [
      "urls line 2: \"exec:curl -s x | sed s/a/b/\" uses |, which needs a shell",
      "urls line 4: \"filter:a;b:https://b.example/x?y=1&z=2\" uses ;, which needs a shell",
    ])
  }
}
