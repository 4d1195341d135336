/// Which way a popover's arrow points: `up` when the popover hangs below its anchor, `down` when it
/// stands above it (DESIGN §4, `permittedArrowDirections = any` restricted to what a terminal line allows).
public enum ArrowDirection: Sendable {
  case up, down
}

/// Where a popover goes: its frame (border included) and the arrow cell on the border facing the anchor.
/// Invariant: `frame` lies inside the bounds it was placed in, and `arrow` is on its top or bottom border.
public struct PopoverPlacement: Equatable, Sendable {
  public var frame: Rect
  public var arrowDirection: ArrowDirection
  public var arrow: Point
  public init(frame: Rect, arrowDirection: ArrowDirection, arrow: Point) {
    self.frame = frame
    self.arrowDirection = arrowDirection
    self.arrow = arrow
  }
}

/// Places a popover of `content` size (border included) next to `anchor` inside `bounds` (DESIGN §4): below
/// the anchor's line if it fits, else above it, else on the side with more room, shrunk to fit; centred
/// on the anchor horizontally and pushed back inside at the edges; never off-screen. Returns nil when the
/// bounds cannot hold even an empty bordered box (3×3).
public func placePopover(content: Size, anchor: Rect, in bounds: Rect) -> PopoverPlacement? {
  guard bounds.width >= 3, bounds.height >= 3 else { return nil }
  let width = min(max(content.width, 3), bounds.width)
  var height = min(max(content.height, 3), bounds.height)
  let roomBelow = bounds.maxY - anchor.maxY
  let roomAbove = anchor.minY - bounds.minY
  let below: Bool
  if roomBelow >= height {
    below = true
  } else if roomAbove >= height {
    below = false
  } else {
    below = roomBelow > roomAbove
    height = max(3, min(height, max(roomBelow, roomAbove)))
  }
  var y = below ? anchor.maxY : anchor.minY - height
  y = min(max(y, bounds.minY), bounds.maxY - height)
  let anchorMid = anchor.minX + max(0, anchor.width - 1) / 2
  var x = anchorMid - width / 2
  x = min(max(x, bounds.minX), bounds.maxX - width)
  let frame = Rect(x: x, y: y, width: width, height: height)
  // The arrow sits on the border facing the anchor, as close to the anchor's middle as the corners allow.
  let arrowX = min(max(anchorMid, frame.minX + 1), frame.maxX - 2)
  return PopoverPlacement(
    frame: frame, arrowDirection: below ? .up : .down,
    arrow: Point(x: arrowX, y: below ? frame.minY : frame.maxY - 1))
}
