import ArgumentParser
import Foundation
import Reader

/// `splitfeed export --read-state FILE`: the way back to newsboat. newsboat's `-E` writes one guid per
/// line for every read article and `-I` marks those read again, so this file is what `newsboat -I FILE`
/// expects.
enum ReadStateExport {
  static func write(to file: String, library: Library) throws {
    let guids: [String]
    do {
      guids = try library.openCache(readOnly: true).readGuids()
    } catch {
      CommandOutput.warn("\(error)")
      throw ExitCode.failure
    }
    // newsboat reads the file a line at a time: a guid holding a line break would be two guids, the
    // second naming any article of any feed. Such guids are left out, and counted.
    let kept = guids.filter { !$0.contains(where: \.isNewline) }
    do {
      try (kept.map { $0 + "\n" }.joined()).write(toFile: file, atomically: true, encoding: .utf8)
    } catch {
      CommandOutput.warn("Could not write \(file): \(error.localizedDescription)")
      throw ExitCode.failure
    }
    var report = "Wrote the guids of \(kept.count) read article\(kept.count == 1 ? "" : "s") to \(file)."
    let skipped = guids.count - kept.count
    if skipped > 0 { report += " Left out \(skipped) guid\(skipped == 1 ? "" : "s") holding a line break." }
    CommandOutput.out(report + "\n")
  }
}
