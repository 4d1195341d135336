import Foundation

/// A static file server on 127.0.0.1 (python3's http.server on an ephemeral port) for tests that need the
/// real binary to fetch over HTTP. Loopback only; it stops on `stop()` or deinit, and after `lifetime`
/// seconds at the latest. Started through `ChildProcess`, so it never inherits the test thread's blocked
/// SIGTERM and really stops.
final class LocalHTTPServer: @unchecked Sendable {
  struct Failure: Error, CustomStringConvertible { var description: String }

  let port: Int
  private let pid: pid_t
  private let logPath: String
  private var stopped = false

  init(directory: URL, lifetime: Int = 120) throws {
    logPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("http-server-\(UUID().uuidString).log").path
    pid = try ChildProcess.spawn(
      "/usr/bin/env",
      [
        "timeout", "\(lifetime)", "python3", "-u", "-m", "http.server", "--bind", "127.0.0.1",
        "--directory", directory.path, "0",
      ], stdoutPath: logPath)
    // "Serving HTTP on 127.0.0.1 port 45678 (http://127.0.0.1:45678/) ..."
    let deadline = Date().addingTimeInterval(10)
    var line = ""
    var found: Int?
    repeat {
      line = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
      if let range = line.range(of: "port "), let port = Int(line[range.upperBound...].prefix { $0.isNumber }) {
        found = port
        break
      }
      Thread.sleep(forTimeInterval: 0.02)
    } while Date() < deadline
    guard let found else {
      kill(pid, SIGTERM)
      ChildProcess.wait(pid)
      unlink(logPath)
      throw Failure(description: "http.server did not start: \(line)")
    }
    port = found
  }

  func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

  func stop() {
    guard !stopped else { return }
    stopped = true
    kill(pid, SIGTERM)  // `timeout` passes it on to python
    ChildProcess.wait(pid)
    unlink(logPath)
  }

  deinit { stop() }
}
