/// A terminal in memory for tests and benchmarks (ratatui's TestBackend): it keeps the frames it was given
/// so layout can be asserted without a terminal.
@MainActor
final class MemoryBackend: TerminalBackend {
  var size: Size
  var supportsUnicode = true
  private(set) var lastFrame: Surface?
  private(set) var frameCount = 0

  init(size: Size) { self.size = size }

  func present(_ frame: Surface) {
    lastFrame = frame
    frameCount += 1
  }

  /// The last frame as text rows (empty before the first frame).
  var lines: [String] { lastFrame?.lines ?? [] }
}
