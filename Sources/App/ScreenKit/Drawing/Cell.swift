/// One terminal cell of a `Surface`: a grapheme cluster and its style. A double-width grapheme occupies
/// its cell and the next, which is marked `isContinuation` so that diffing and text export skip it.
struct Cell: Hashable, Sendable {
  var grapheme: String = " "
  var style = Style()
  var isContinuation = false

  static let blank = Cell()
}
