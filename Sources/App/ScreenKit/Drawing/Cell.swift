/// One terminal cell of a `Surface`: a grapheme cluster and its style. A double-width grapheme occupies
/// its cell and the next, which is marked `isContinuation` so that diffing and text export skip it.
public struct Cell: Hashable, Sendable {
  public var grapheme: String = " "
  public var style = Style()
  public var isContinuation = false
  /// A blank under a picture the terminal draws itself (`Cell.reservedForPicture`).
  public var isReservedForPicture = false

  public init(grapheme: String = " ", style: Style = Style(), isContinuation: Bool = false, isReservedForPicture: Bool = false) {
    self.grapheme = grapheme
    self.style = style
    self.isContinuation = isContinuation
    self.isReservedForPicture = isReservedForPicture
  }

  public static let blank = Cell()
}
