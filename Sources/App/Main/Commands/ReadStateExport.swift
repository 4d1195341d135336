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
    do {
      try (guids.map { $0 + "\n" }.joined()).write(toFile: file, atomically: true, encoding: .utf8)
    } catch {
      CommandOutput.warn("Could not write \(file): \(error.localizedDescription)")
      throw ExitCode.failure
    }
    print("Wrote the guids of \(guids.count) read article\(guids.count == 1 ? "" : "s") to \(file).")
  }
}
