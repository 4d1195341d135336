import Foundation
import Reader

/// Wires the interactive reader together: loads the feeds, builds the controller tree, starts the
/// terminal and the run loop. Anything that fails before the terminal is taken over is reported on stderr.
@MainActor
enum Application {
  static func run(sources: [String], layout: LayoutOption) throws {
    let feed = try loadDemoFeed()
    var configuration = UIConfiguration()
    configuration.layout = layout
    let root = ContainerController.reader(feeds: [feed], configuration: configuration)
    let backend: NcursesBackend
    do {
      backend = try NcursesBackend()
    } catch {
      FileHandle.standardError.write(Data("splitfeed: \(error)\n".utf8))
      exit(1)
    }
    atexit { NcursesBackend.stop() }
    let screen = Screen(root: root, backend: backend, configuration: configuration)
    RunLoop(backend: backend, screen: screen).run()
  }

  /// The bundled demo feed (a package resource), so a fresh offline machine shows a working reader.
  static func loadDemoFeed() throws -> Feed {
    guard let url = Bundle.module.url(forResource: "demo-feed", withExtension: "xml") else {
      throw CleanExit.message("splitfeed: the bundled demo feed is missing from the installation")
    }
    return try FeedParser.parse(data: Data(contentsOf: url), url: url).feed
  }
}

import ArgumentParser
