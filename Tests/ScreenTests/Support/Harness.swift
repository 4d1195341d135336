import Foundation
import Testing
import Reader

import ScreenKit
import TextLayout
@testable import ReaderUI
@testable import Terminal
@testable import splitfeed

/// The in-process pilot (docs/ARCHITECTURE.md, "Tests, by kind"): the real `ContainerController` over a
/// `MemoryBackend`; every input goes through `Screen.handle` followed by `renderNow()`, as in the run
/// loop, and what background work posts is handed over by `drain()` (the run loop's other source). The feeds live in
/// a cache like the app's: a scratch cache of the given `Feed`s, or a cache file the test made.
@MainActor
final class Harness {
  let backend: MemoryBackend
  let screen: Screen
  let root: ContainerController

  /// Sample feeds stored first seen on 2014-08-25, so an undated item sorts where SampleFeeds lists it.
  convenience init(
    _ width: Int, _ height: Int, feeds: [Feed] = [SampleFeeds.appcoda], queryFeeds: [QueryFeed] = [],
    configure: (inout UIConfiguration) -> Void = { _ in }
  ) {
    let sources = feeds.enumerated().map { ("file:///sample/\($0.offset)", $0.element) }
    let (cache, rows) = try! ScratchCache.make(sources, firstSeen: SampleFeeds.date("2014-08-25 00:00")!)
    self.init(width, height, cache: cache, feeds: rows, queryFeeds: queryFeeds, configure: configure)
  }

  /// The reader over `feeds` of `cache` (persistence tests reopen the same file), with the urls file's
  /// `queryFeeds` given before the tree is built, as the application does.
  init(
    _ width: Int, _ height: Int, cache: Cache, feeds: [CachedFeed], queryFeeds: [QueryFeed] = [],
    configure: (inout UIConfiguration) -> Void = { _ in }
  ) {
    var configuration = UIConfiguration()
    configuration.timeZone = TimeZone(identifier: "UTC") ?? .current
    configure(&configuration)
    backend = MemoryBackend(size: Size(width: width, height: height))
    session = ReadingSession(cache: cache, feeds: feeds, configuration: configuration)
    session.queryFeeds = queryFeeds
    root = ContainerController.reader(session: session)
    screen = Screen(root: root, backend: backend)
    screen.handle(.resize(backend.size))
    screen.renderNow()
  }

  /// Hands over what background work has posted, then draws.
  func drain() {
    screen.handlePosted()
    screen.renderNow()
  }

  /// How long a test waits for background work before it records an issue.
  static let patience: Duration = .seconds(300)

  /// Waits (without blocking the main actor) until `condition` holds after a drain; background work that
  /// reports through events lands this way. Records an issue after 300 s: a loaded machine is slow, never
  /// wrong, and the main-actor tests of the whole suite share one thread (docs/DECISIONS.md, "Flakes under
  /// load: a test server gone before the main actor came back").
  func eventually(_ what: String, _ condition: () throws -> Bool) async throws {
    // A deadline, not a count of sleeps: under the full parallel suite a sleep can take far longer than
    // asked. The last look comes after the deadline, so a main actor held past it still sees what arrived.
    let deadline = ContinuousClock.now + Self.patience
    while true {
      let late = ContinuousClock.now >= deadline
      drain()
      if try condition() { return }
      if late { break }
      try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("timed out waiting for \(what)")
  }

  /// Waits until the running reload (if any) has reported its end and it was handled.
  func waitForReload() async throws {
    try await eventually("the reload's end") { !session.reloads.isRunning }
  }

  let session: ReadingSession

  var split: SplitController { root.split }
  var lines: [String] { backend.lines }
  var surface: Surface { backend.lastFrame ?? Surface(size: .zero) }
  var text: String { lines.joined(separator: "\n") }

  func press(_ keys: Key...) {
    for key in keys {
      screen.handle(.key(key))
      screen.renderNow()
    }
  }

  /// Types each character as a key.
  func type(_ text: String) {
    for character in text { press(.character(character)) }
  }

  func click(_ x: Int, _ y: Int) {
    screen.handle(.mouse(MouseEvent(kind: .press, point: Point(x: x, y: y))))
    screen.renderNow()
  }

  func resize(_ width: Int, _ height: Int) {
    backend.size = Size(width: width, height: height)
    screen.handle(.resize(backend.size))
    screen.renderNow()
  }

  /// The article on screen (secondary, or top of the collapsed stack).
  var article: ArticleController? { root.visibleArticle }
  var popover: PopoverPresentation? {
    for p in root.presentations { if case .popover(let popover) = p.style { return popover } }
    return nil
  }

  /// Screen position of the first occurrence of `text` (columns counted in cells).
  func find(_ needle: String) -> Point? {
    for (y, line) in lines.enumerated() {
      if let range = line.range(of: needle) {
        return Point(x: DisplayWidth.of(line[..<range.lowerBound]), y: y)
      }
    }
    return nil
  }
}
