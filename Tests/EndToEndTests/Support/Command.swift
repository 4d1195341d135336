import Foundation

/// Runs a program other than splitfeed to its end (newsboat, sqlite3, the install scripts) for the
/// end-to-end tests that set the scene with real tools; `environment` is added to the inherited one.
enum Command {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  @discardableResult
  static func run(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [executable] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    if let directory { process.currentDirectoryURL = directory }
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("command-\(UUID().uuidString)")
    let err = out.appendingPathExtension("err")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    defer {
      try? FileManager.default.removeItem(at: out)
      try? FileManager.default.removeItem(at: err)
    }
    // Files, not pipes: a long build's output cannot fill a pipe nobody reads yet.
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
  }
}
