import ArgumentParser
import Foundation
import Reader
import ScreenKit
import ReaderUI
import Terminal

/// Wires the interactive reader together (DESIGN §1, §6): the library's config and feeds, the
/// cache the UI reads, the controller tree, the terminal and the run loop. What fails before the terminal
/// is taken over (a bad source, a cache that cannot be opened) is reported on stderr; config problems
/// after that go to the status line, never stop the program.
@MainActor
enum Application {
  /// `layout` is the `--layout` flag (nil: the config's `layout` setting).
  static func run(sources: [String], layout: LayoutOption?, library: Library, configuration: UIConfiguration) throws {
    var configuration = configuration
    configuration.isSynced = library.settings.sync.isOn
    if let layout { configuration.layout = layout }
    // The terminal is asked once; its answer goes to the backend, which hands the mode down the tree like
    // the glyphs (`TerminalBackend.pictureMode`), and `inline-images` stays as the user wrote it.
    let pictureTerminal = GraphicsDetection.resolve(configuration.inlineImages)
    let (session, openNotices) = try openSession(sources: sources, library: library, configuration: configuration)
    // Before the terminal is taken over: a password command may ask for a passphrase on it.
    var notices = openNotices
    do {
      if !session.cache.isReadOnly, let synchronizer = try library.synchronizer(cache: session.cache) {
        session.serverSync = ServerSync(synchronizer: synchronizer, events: session.events)
      }
    } catch {
      notices.insert(error.description + " Reading from the cache only.", at: 0)
    }
    let backend: NcursesBackend
    do {
      backend = try NcursesBackend(pictures: pictureTerminal)
    } catch {
      CommandOutput.warn("\(error)")
      exit(1)
    }
    atexit { NcursesBackend.stop() }
    let screen = Screen(session: session, backend: backend)
    session.outside.browser = BrowserLauncher.resolve(setting: configuration.browser)
    session.outside.player = BrowserLauncher.resolve(setting: configuration.player ?? configuration.browser)
    session.outside.launch = { launcher, url in
      launcher.open(url, suspend: { backend.suspend() }, resume: { backend.resume() })?.description
    }
    session.outside.copyToClipboard = { backend.copyToClipboard($0) }
    session.problems.startup = notices
    if let notice = session.problems.startupNotice(errorsKey: session.errorsKey) { session.status.notify(notice) }
    if ProcessInfo.processInfo.environment["SPLITFEED_EXIT_AFTER_FIRST_FRAME"] == "1" {
      screen.handle(.resize(backend.size))
      screen.renderNow()  // the start-up benchmark: the first frame is on the terminal, stop here
      RunLoop.quit(status: 0)
    }
    session.start()
    RunLoop(backend: backend, screen: screen, session: session).run()
  }

  /// The session over the cache with this run's feeds: the SOURCE arguments, else the urls file, else
  /// every cached feed; with none at all, the bundled demo feed in a scratch cache. A cache another
  /// splitfeed holds is opened read-only with a notice. Returns the session and the notices to show.
  static func openSession(sources: [String], library: Library, configuration: UIConfiguration) throws
    -> (ReadingSession, [String])
  {
    var notices = library.problems.map(\.description)
    var cache: Cache
    do {
      cache = try library.openCache()
    } catch CacheError.locked {
      do {
        cache = try library.openCache(readOnly: true)
      } catch {
        throw startFailure(error)
      }
    } catch {
      throw startFailure(error)
    }
    var feeds: [CachedFeed]
    do {
      feeds = cache.isReadOnly ? try library.knownFeeds(sources: sources, in: cache)
        : try library.feeds(sources: sources, in: cache)
    } catch {
      throw startFailure(error)
    }
    if sources.isEmpty && !library.subscriptions.isEmpty {
      feeds = library.applyingUrlsSettings(to: consume feeds, in: cache, notices: &notices)
    }
    if feeds.isEmpty && sources.isEmpty && library.subscriptions.isEmpty && !library.settings.sync.isOn {
      (cache, feeds) = try DemoFeed.scratchCache()
    }
    if cache.isReadOnly {
      notices.insert(
        "The cache is busy (another splitfeed is writing to it): reading only, no reload, read marks not kept.",
        at: 0)
    }
    let session = ReadingSession(cache: cache, feeds: feeds, configuration: configuration, fetcher: library.fetcher)
    if sources.isEmpty {
      session.queryFeeds = library.queryFeeds
    }
    if sources.isEmpty && !library.subscriptions.isEmpty {
      session.subscriptions.urlsFile = UrlsFileStore(paths: library.paths)
      session.jobs.reloads.commandFeeds = library.commandFeeds
    }
    return (session, notices)
  }

  /// Reports why the reader cannot start (on stderr: the terminal is not taken over yet) and fails.
  private static func startFailure(_ error: any Error) -> ExitCode {
    CommandOutput.warn("\(error)")
    return ExitCode.failure
  }
}
