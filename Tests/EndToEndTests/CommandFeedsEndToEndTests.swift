import Foundation
import Testing

import Reader
import TestSupport

/// The urls file's `exec:` and `filter:` feeds through the binary: listed and read like any feed, a
/// program's garbage one line in `E` with the feed's articles kept, and the same lines refused from an OPML
/// import and from `subscribe`.
@Suite("exec: and filter: feeds", .serialized)
struct CommandFeedsEndToEndTests {
  /// A folder with a feed file and a script printing it while `good` exists, garbage after.
  struct Scene {
    let folder: RunFolder
    var good: String { folder.root.appendingPathComponent("good").path }

    init() throws {
      folder = try RunFolder("command-feeds")
      try folder.writeFeed("made.xml", title: "Made By A Program", items: ["Program story one", "Program story two"])
      try folder.writeFeed("raw.xml", title: "Raw Title", items: ["Raw story"])
      let made = folder.root.appendingPathComponent("www/made.xml").path
      let script = try folder.temporary.writeExecutable(
        "#!/bin/sh\nif [ -e \(good) ]; then cat \(made); else printf 'garbage \\001\\002 not xml'; fi\n", to: "bin/make-feed")
      try Data().write(to: URL(fileURLWithPath: good))
      let raw = folder.root.appendingPathComponent("www/raw.xml").path
      let urls = "\"exec:\(script) --quiet\"\n\"filter:sed s/Raw/Filtered/:\(raw)\"\n"
      try Data(urls.utf8).write(to: URL(fileURLWithPath: folder.configDir + "/urls"))
    }
  }

  @Test("an exec: feed is listed, a filter: feed transformed, an exec: printing garbage is one line in E and loses nothing")
  func execAndFilterFeedsInTheReader() throws {
    let scene = try Scene()
    let tmux = try scene.folder.launch(size: (120, 30))
    defer { tmux.close() }
    let started = try tmux.waitFor(text: "Reloaded", timeout: 30)
    let text = started.joined(separator: "\n")
    #expect(text.contains("Made By A Program"), "\(text)")
    #expect(text.contains("Filtered Title"), "the filter's output is the feed:\n\(text)")
    #expect(!text.contains("Raw Title"), "\(text)")

    try FileManager.default.removeItem(atPath: scene.good)
    try tmux.send(keys: "R")
    try tmux.waitUntil(timeout: 30, "the reload failed") { ($0.last ?? "").contains("Failed") }
    try tmux.send(keys: "E")
    let problems = try tmux.waitFor(text: "Problems").joined(separator: "\n")
    #expect(problems.contains("1 feed failed to load"), "\(problems)")
    #expect(problems.contains("make-feed"), "the feed is named by its command:\n\(problems)")
    try tmux.send(keys: "Escape")
    try tmux.waitUntil("the list closed") { !$0.joined().contains("Problems") }
    try tmux.send(keys: "Enter")  // the program's feed, first in the list
    let articles = try tmux.waitFor(text: "Program story two").joined(separator: "\n")
    #expect(articles.contains("Program story one"), "the feed's articles are kept:\n\(articles)")
  }

  @Test("OPML import and subscribe refuse exec: and filter: addresses; the urls file is not touched")
  func refusedFromImportAndSubscribe() throws {
    let folder = try RunFolder("command-refused")
    let marker = folder.root.appendingPathComponent("ran").path
    let opml = folder.root.appendingPathComponent("in.opml")
    try Data("""
      <opml version="2.0"><body>
      <outline text="Evil" xmlUrl="exec:touch \(marker)"/>
      <outline text="Evil too" xmlUrl="filter:touch \(marker):https://a.example/feed"/>
      <outline text="Fine" xmlUrl="https://b.example/feed"/>
      </body></opml>
      """.utf8).write(to: opml)
    let library = ["--config-dir", folder.configDir, "--cache", folder.cacheFile]
    let imported = try DumpCommandTests.run(["import"] + library + [opml.path])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect((imported.stdout + imported.stderr).contains("runs a program: exec: and filter: feeds are read only from your own urls file"), "\(imported)")
    let urls = try String(contentsOfFile: folder.configDir + "/urls", encoding: .utf8)
    #expect(urls == "https://b.example/feed\n")

    let subscribed = try DumpCommandTests.run(["subscribe", "exec:touch \(marker)"] + library)
    #expect(subscribed.status != 0)
    #expect(subscribed.stderr.contains("runs a program"), "\(subscribed.stderr)")
    #expect(try String(contentsOfFile: folder.configDir + "/urls", encoding: .utf8) == urls)
    #expect(!FileManager.default.fileExists(atPath: marker))
  }
}
