import Foundation

/// A private X server (Xvfb) for tests that need a real terminal emulator other than tmux: it picks a free
/// display itself (`-displayfd`), so tests never collide, and `stop()` (also run on deinit) ends it and
/// every client started through `launch`. Screenshots come from `xwd -root`, read by `XwdImage`.
final class XvfbScreen: @unchecked Sendable {
  /// Xvfb, xterm and xwd are installed (scripts/test installs them: xvfb xterm x11-apps xfonts-base).
  static var isAvailable: Bool { installed(["Xvfb", "xterm", "xwd"]) }

  /// Every one of `tools` is on the PATH.
  static func installed(_ tools: [String]) -> Bool {
    tools.allSatisfy { tool in
      (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }
  }

  let display: String
  private let server: pid_t
  private var clients: [pid_t] = []
  private let folder: URL
  private var stopped = false

  init(width: Int, height: Int) throws {
    // ChildProcess, not Foundation's Process: a child of the latter inherits the test thread's blocked
    // SIGTERM, so neither Xvfb nor xterm would ever end.
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("xvfb-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let numberFile = folder.appendingPathComponent("display").path
    server = try ChildProcess.spawn(
      "/usr/bin/env", ["Xvfb", "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"],
      stdoutPath: numberFile)
    // Xvfb writes the display's number once it accepts clients.
    let deadline = Date().addingTimeInterval(10)
    var number: String?
    while number == nil {
      let text = (try? String(contentsOfFile: numberFile, encoding: .utf8)) ?? ""
      if text.hasSuffix("\n") { number = text.trimmingCharacters(in: .whitespacesAndNewlines) }
      if number == nil && Date() > deadline {
        kill(server, SIGKILL)
        ChildProcess.wait(server)
        throw TmuxHarness.Failure(description: "Xvfb did not report a display in 10 s")
      }
      usleep(20_000)
    }
    display = ":" + (number ?? "")
    // An xterm started at once failed now and then with "Can't open display" (under CI's load; the
    // screen stayed black): a first client must connect before the test's. `-noreset` keeps the server
    // up when that client leaves: without it the server resets then, and refused the xterm every time.
    while (try? Command.run("xwd", ["-root", "-silent", "-display", display, "-out", "/dev/null"]))?.status != 0 {
      if Date() > deadline.addingTimeInterval(20) {
        stop()
        throw TmuxHarness.Failure(description: "Xvfb on \(display) took no connection in 30 s")
      }
      usleep(50_000)
    }
  }

  /// Starts `arguments` on this display in a clean environment: `environment` and DISPLAY.
  func launch(_ arguments: [String], environment: [String: String]) throws {
    let variables = environment.merging(["DISPLAY": display]) { _, new in new }.sorted { $0.key < $1.key }
      .map { "\($0.key)=\($0.value)" }
    let errors = folder.appendingPathComponent("client\(clients.count).stderr").path
    clients.append(try ChildProcess.spawn("/usr/bin/env", ["-i"] + variables + arguments, stdoutPath: "/dev/null", stderrPath: errors))
  }

  /// Each client's state (running, or the state /proc gives) and what it wrote to stderr: for a failure's
  /// message when a terminal shows nothing.
  var clientStates: String {
    clients.enumerated().map { index, pid in
      let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
      let state = stat.split(separator: ")").last?.split(separator: " ").first.map(String.init) ?? "gone"
      let errors = (try? String(contentsOfFile: folder.appendingPathComponent("client\(index).stderr").path, encoding: .utf8)) ?? ""
      return "\(pid) \(state) stderr: \(errors.prefix(400))"
    }.joined(separator: "; ")
  }

  /// The whole screen now.
  func screenshot() throws -> XwdImage {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("xwd-\(UUID().uuidString).xwd")
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try Command.run("xwd", ["-root", "-silent", "-display", display, "-out", file.path])
    guard result.status == 0 else { throw TmuxHarness.Failure(description: "xwd: \(result.stderr)") }
    return try XwdImage(Data(contentsOf: file))
  }

  /// Ends the clients (SIGKILL: xterm passes SIGTERM on to its program) and the server.
  func stop() {
    guard !stopped else { return }
    stopped = true
    for client in clients {
      kill(client, SIGKILL)
      ChildProcess.wait(client)
    }
    clients.removeAll()
    kill(server, SIGTERM)
    ChildProcess.wait(server)
    try? FileManager.default.removeItem(at: folder)
  }

  deinit { stop() }
}

/// An `xwd` dump of a 24- or 32-bit TrueColor screen (the XWD file format: a big-endian header of 25
/// 32-bit fields, the window name, the colormap, then the pixels row by row).
struct XwdImage: Equatable {
  let width: Int
  let height: Int
  private let pixels: [UInt32]

  init(_ data: Data) throws {
    let bytes = [UInt8](data)
    func field(_ i: Int) -> Int {
      let o = i * 4
      guard o + 4 <= bytes.count else { return 0 }
      return Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3])
    }
    let headerSize = field(0), bitsPerPixel = field(11), bytesPerLine = field(12), byteOrder = field(7)
    let colors = field(19)
    width = field(4)
    height = field(5)
    guard bitsPerPixel == 32 || bitsPerPixel == 24 else {
      throw TmuxHarness.Failure(description: "xwd: \(bitsPerPixel) bits per pixel")
    }
    let start = headerSize + colors * 12
    guard width > 0, height > 0, start + bytesPerLine * height <= bytes.count else {
      throw TmuxHarness.Failure(description: "xwd: a short file (\(bytes.count) bytes)")
    }
    let step = bitsPerPixel / 8
    var pixels = [UInt32](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        let o = start + y * bytesPerLine + x * step
        var value: UInt32 = 0
        for k in 0..<step {
          let byte = UInt32(bytes[o + (byteOrder == 0 ? step - 1 - k : k)])
          value = value << 8 | byte
        }
        pixels[y * width + x] = value & 0xFF_FFFF
      }
    }
    self.pixels = pixels
  }

  /// The pixel's RGB (0xRRGGBB for the usual masks).
  subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

  /// The image as a binary PPM, for looking at a failure (`convert shot.ppm shot.png`).
  var ppm: Data {
    var data = Data("P6\n\(width) \(height)\n255\n".utf8)
    data.reserveCapacity(data.count + pixels.count * 3)
    for p in pixels { data.append(contentsOf: [UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF)]) }
    return data
  }
}
