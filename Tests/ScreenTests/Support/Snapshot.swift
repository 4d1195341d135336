import Foundation
import Testing

import ScreenKit
import TextLayout
@testable import ReaderUI
@testable import Terminal

/// Compares a surface's text with `Tests/ScreenTests/Snapshots/<name>.txt` (docs/ARCHITECTURE.md,
/// "Tests, by kind"). When the file is missing or `RECORD_SNAPSHOTS=1`, it records the screen and FAILS,
/// so that every baseline is looked at before it is trusted.
func expectScreen(
  _ surface: Surface, matches name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
  let snapshots =
    (directory.lastPathComponent == "Support" ? directory.deletingLastPathComponent() : directory)
    .appendingPathComponent("Snapshots")
  let file = snapshots.appendingPathComponent(name + ".txt")
  // Frame the screen so trailing blank rows and its width are part of the baseline.
  let border = "+" + String(repeating: "-", count: surface.size.width) + "+"
  let actual = ([border] + surface.lines.map { "|" + $0 } + [border]).joined(separator: "\n") + "\n"
  let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
  guard !record, let expected = try? String(contentsOf: file, encoding: .utf8) else {
    try? FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
    try? actual.write(to: file, atomically: true, encoding: .utf8)
    Issue.record("Recorded snapshot \(name).txt — review it, then run again.", sourceLocation: sourceLocation)
    return
  }
  if expected != actual {
    Issue.record(
      "Screen differs from \(name).txt:\n--- expected\n\(expected)--- actual\n\(actual)", sourceLocation: sourceLocation)
  }
}
