import Pixels

/// A terminal in memory for tests and benchmarks (ratatui's TestBackend): it keeps the frames it was given
/// so layout can be asserted without a terminal.
@MainActor
public final class MemoryBackend: TerminalBackend {
  public var size: Size
  public var supportsUnicode = true
  public var cellPixels: PixelSize?
  /// The mode a real terminal would have resolved; nil: the setting's own (`TerminalBackend.pictureMode`).
  public var pictureMode: PictureMode?
  public private(set) var lastFrame: Surface?
  public private(set) var frameCount = 0

  public init(size: Size) { self.size = size }

  public func present(_ frame: Surface) {
    lastFrame = frame
    frameCount += 1
  }

  /// The last frame as text rows (empty before the first frame).
  public var lines: [String] { lastFrame?.lines ?? [] }
}
