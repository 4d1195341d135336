import Foundation

/// A static file server on 127.0.0.1 (python3's http.server on an ephemeral port) for tests that need the
/// real binary to fetch over HTTP. Loopback only; it stops on `stop()` or deinit, and after `lifetime`
/// seconds at the latest.
final class LocalHTTPServer: @unchecked Sendable {
  struct Failure: Error, CustomStringConvertible { var description: String }

  let port: Int
  private let process: Process

  init(directory: URL, lifetime: Int = 120) throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "timeout", "\(lifetime)", "python3", "-u", "-m", "http.server", "--bind", "127.0.0.1",
      "--directory", directory.path, "0",
    ]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    // "Serving HTTP on 127.0.0.1 port 45678 (http://127.0.0.1:45678/) ..."
    var buffer = Data()
    let reader = out.fileHandleForReading
    while !buffer.contains(UInt8(ascii: "\n")) {
      let chunk = reader.availableData
      if chunk.isEmpty { break }
      buffer.append(chunk)
    }
    let line = String(decoding: buffer, as: UTF8.self)
    guard let range = line.range(of: "port "), let port = Int(line[range.upperBound...].prefix { $0.isNumber })
    else {
      process.terminate()
      throw Failure(description: "http.server did not start: \(line)")
    }
    self.port = port
  }

  func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

  func stop() {
    if process.isRunning { process.terminate() }
  }

  deinit { stop() }
}
