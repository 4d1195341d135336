/// The selection and scroll position of a list with rows of varying height, as a value type so that
/// movement is unit-tested without a screen (docs/ARCHITECTURE.md, "A frame"; newsboat's ListMovementControl).
///
/// Every operation costs O(rows on screen), never O(count): rows are measured through a `rowHeight`
/// closure only for the rows that can be visible, which keeps a 50,000-row list as fast as a short one.
///
/// Invariants: `count == 0` ⇒ `selected == 0 && top == 0`; otherwise `0 ≤ top ≤ selected < count`, and
/// after `scrollToSelection` the selected row lies entirely inside the viewport when it can.
public struct ListMovement: Equatable, Sendable {
  public private(set) var count: Int
  public private(set) var selected: Int
  /// The first row drawn at the top of the viewport.
  public private(set) var top: Int

  public init(count: Int = 0, selected: Int = 0) {
    self.count = max(0, count)
    self.selected = 0
    self.top = 0
    select(selected)
  }

  /// Adopts a new row count (after a reload), keeping the selection where it still exists.
  public mutating func setCount(_ newCount: Int) {
    count = max(0, newCount)
    selected = clamp(selected)
    top = min(top, selected)
  }

  public mutating func select(_ index: Int) {
    selected = clamp(index)
    top = min(top, selected)
  }

  public mutating func move(by delta: Int) { select(selected + delta) }
  public mutating func moveToFirst() { select(0) }
  public mutating func moveToLast() { select(count - 1) }

  /// Moves the selection down by one screenful: to the first row that is not fully visible below it.
  public mutating func pageDown(viewport height: Int, rowHeight: (Int) -> Int) {
    guard count > 0 else { return }
    var used = 0
    var index = selected
    while index < count - 1 {
      used += max(1, rowHeight(index))
      if used > height { break }
      index += 1
    }
    select(max(index, selected + 1))
  }

  /// Moves the selection up by one screenful.
  public mutating func pageUp(viewport height: Int, rowHeight: (Int) -> Int) {
    guard count > 0 else { return }
    var used = 0
    var index = selected
    while index > 0 {
      used += max(1, rowHeight(index))
      if used > height { break }
      index -= 1
    }
    select(min(index, selected - 1))
  }

  /// Scrolls the least needed so that the selected row is visible in a viewport `height` lines tall.
  public mutating func scrollToSelection(viewport height: Int, rowHeight: (Int) -> Int) {
    guard count > 0, height > 0 else { return }
    if selected < top {
      top = selected
      return
    }
    // Each row takes at least one line, so a selection this far below `top` cannot be on screen: skip
    // straight to the backward walk (this is what keeps `G` on a long list cheap).
    if selected - top < height {
      var used = 0
      for index in top...selected { used += max(1, rowHeight(index)) }
      if used <= height { return }
    }
    var used = max(1, rowHeight(selected))
    var first = selected
    while first > 0 {
      let next = used + max(1, rowHeight(first - 1))
      if next > height { break }
      used = next
      first -= 1
    }
    top = first
  }

  /// This movement scrolled the least needed to show the selection in a viewport `height` lines tall,
  /// `self` left as it was: what a frame shows. A list lays itself out this way, so a size it was only
  /// passed through (a terminal shrunk and grown back) does not move the place its keys left, and the
  /// same size draws the same rows whatever sizes came between (docs/ROBUSTNESS.md, Terminal).
  public func fitted(viewport height: Int, rowHeight: (Int) -> Int) -> ListMovement {
    var shown = self
    shown.scrollToSelection(viewport: height, rowHeight: rowHeight)
    return shown
  }

  /// The rows to draw from `top`: index, first line (relative to the viewport) and height, stopping at
  /// the viewport's end (the last row may be cut).
  public func visibleRows(viewport height: Int, rowHeight: (Int) -> Int) -> [(index: Int, y: Int, height: Int)] {
    var rows: [(index: Int, y: Int, height: Int)] = []
    var y = 0
    var index = top
    while index < count, y < height {
      let h = max(1, rowHeight(index))
      rows.append((index, y, h))
      y += h
      index += 1
    }
    return rows
  }

  private func clamp(_ index: Int) -> Int { count == 0 ? 0 : min(max(index, 0), count - 1) }
}
