import Foundation
import Testing

import TestSupport

/// newsboat's `mpv` macro through the binary in tmux: `,` `v` hands the article's link to the other
/// program, and the browser is the usual one again after it.
@Suite("macro lines")
struct MacroEndToEndTests {
  @Test("the mpv macro: , v opens the link in the player script, o in the browser script again")
  func mpvMacroSetsTheBrowserAndSetsItBack() throws {
    let folder = try RunFolder("macro")
    try folder.writeFeed("a.xml", title: "Alpha", items: ["First story", "Second story"])
    try Data("\(folder.root.appendingPathComponent("www/a.xml").path)\n".utf8)
      .write(to: URL(fileURLWithPath: folder.configDir + "/urls"))
    var logs: [String: String] = [:]
    for name in ["usual", "mpv"] {
      let log = folder.root.appendingPathComponent("\(name).log").path
      try folder.temporary.writeExecutable("#!/bin/sh\nprintf '%s\\n' \"$@\" >> '\(log)'\n", to: "bin/\(name)")
      logs[name] = log
    }
    let bin = folder.root.appendingPathComponent("bin").path
    let config = "browser \"\(bin)/usual %u\"\nmacro v set browser \"\(bin)/mpv --fs %u\" ; open-in-browser ; set browser \"\(bin)/usual %u\"\n"
    try Data(config.utf8).write(to: URL(fileURLWithPath: folder.configDir + "/config"))
    let read = { (name: String) in (try? String(contentsOfFile: logs[name]!, encoding: .utf8)) ?? "" }
    let tmux = try folder.launch(size: (120, 30))
    defer { tmux.close() }
    try tmux.waitFor(text: "Second story", timeout: 30)
    let link = "https://example.com/a.xml/0?a=1&b=2"

    try tmux.send(keys: ",")
    try tmux.waitUntil("the prefix said") { ($0.last ?? "").contains("Macro: v") }
    try tmux.send(keys: "v")
    try tmux.waitUntil(timeout: 20, "the player script got the link") { _ in read("mpv") == "--fs\n\(link)\n" }
    #expect(read("usual").isEmpty)
    try tmux.send(keys: "o")
    try tmux.waitUntil(timeout: 20, "the usual browser again") { _ in read("usual") == "\(link)\n" }
    #expect(read("mpv") == "--fs\n\(link)\n", "the macro ran once")
  }
}
