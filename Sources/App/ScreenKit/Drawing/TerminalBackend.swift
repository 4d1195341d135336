import Pixels

/// The only layer that talks to a terminal: it receives whole frames and decides how to show them.
/// Controllers never see it; `Screen` hands it one `Surface` per turn (docs/ARCHITECTURE.md, "A frame").
@MainActor
public protocol TerminalBackend: AnyObject {
  /// Shows `frame` (the ncurses backend sends only the cells that changed since the last frame).
  func present(_ frame: Surface)
  /// Whether box-drawing characters and arrows can be shown (false under a non-UTF-8 locale).
  var supportsUnicode: Bool { get }
  /// A cell's size in pixels when the terminal draws pictures as pixels (sixel), which then take the
  /// cells their own size needs; nil otherwise.
  var cellPixels: PixelSize? { get }
  /// How this terminal draws pictures, resolved once at start (`PictureMode`); nil for a backend that
  /// asked no terminal (the in-memory one), where the `inline-images` setting alone decides.
  var pictureMode: PictureMode? { get }
}

extension TerminalBackend {
  public var cellPixels: PixelSize? { nil }
  public var pictureMode: PictureMode? { nil }
}
