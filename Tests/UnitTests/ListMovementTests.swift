import Testing
import Reader

import TextLayout
@testable import ScreenKit
@testable import ReaderUI
@testable import splitfeed

/// The list's selection and scroll model (docs/ARCHITECTURE.md, "A frame"), without a screen.
struct ListMovementTests {
  static func one(_: Int) -> Int { 1 }
  static func three(_: Int) -> Int { 3 }

  enum Op: Sendable { case down, up, pageDown, pageUp, first, last, select(Int) }

  @Test(arguments: [
    // (count, viewport, row height, ops, selected, top)
    (10, 5, 1, [Op.down, .down], 2, 0),
    (10, 5, 1, [.up], 0, 0),
    (10, 5, 1, [.last], 9, 5),
    (10, 5, 1, [.last, .down], 9, 5),
    (10, 5, 1, [.last, .first], 0, 0),
    (10, 5, 1, [.pageDown], 5, 1),
    (10, 5, 1, [.pageDown, .pageDown], 9, 5),
    (10, 5, 1, [.last, .pageUp], 4, 4),
    (10, 6, 3, [.down, .down], 2, 1),  // two 3-line rows fit in 6 lines
    (10, 6, 3, [.last], 9, 8),
    (10, 6, 3, [.pageDown], 2, 1),
    (0, 5, 1, [.down, .last, .pageDown], 0, 0),
    (1, 5, 1, [.pageDown, .pageUp], 0, 0),
    (50_000, 20, 2, [.last], 49_999, 49_990),
    (50_000, 20, 2, [.select(25_000), .up], 24_999, 24_991),
  ] as [(Int, Int, Int, [Op], Int, Int)])
  func movement(count: Int, viewport: Int, height: Int, ops: [Op], selected: Int, top: Int) {
    var list = ListMovement(count: count)
    let rowHeight: (Int) -> Int = { _ in height }
    for op in ops {
      switch op {
      case .down: list.move(by: 1)
      case .up: list.move(by: -1)
      case .pageDown: list.pageDown(viewport: viewport, rowHeight: rowHeight)
      case .pageUp: list.pageUp(viewport: viewport, rowHeight: rowHeight)
      case .first: list.moveToFirst()
      case .last: list.moveToLast()
      case .select(let i): list.select(i)
      }
      list.scrollToSelection(viewport: viewport, rowHeight: rowHeight)
    }
    #expect(list.selected == selected)
    #expect(list.top == top)
  }

  @Test func countChangesClampTheSelection() {
    var list = ListMovement(count: 100, selected: 80)
    list.setCount(10)
    #expect(list.selected == 9 && list.top <= 9)
    list.setCount(0)
    #expect(list.selected == 0 && list.top == 0)
  }

  @Test func visibleRowsStopAtTheViewport() {
    var list = ListMovement(count: 100)
    list.select(50)
    list.scrollToSelection(viewport: 7, rowHeight: Self.three)
    let rows = list.visibleRows(viewport: 7, rowHeight: Self.three)
    #expect(rows.map(\.index) == [49, 50, 51])
    #expect(rows.map(\.y) == [0, 3, 6])
  }

  @Test func fittingToAShortViewportLeavesThePlace() {
    var list = ListMovement(count: 20)
    list.select(4)
    list.scrollToSelection(viewport: 10, rowHeight: Self.one)
    let short = list.fitted(viewport: 2, rowHeight: Self.one)
    #expect(short.top == 3 && short.selected == 4, "the selection shown at 2 lines")
    #expect(list.top == 0, "the place itself not moved")
    #expect(list.fitted(viewport: 10, rowHeight: Self.one) == list)
  }

  @Test func scrollingAFarSelectionMeasuresOnlyVisibleRows() {
    var list = ListMovement(count: 1_000_000)
    var measured = 0
    list.moveToLast()
    list.scrollToSelection(viewport: 30) { _ in
      measured += 1
      return 1
    }
    #expect(measured <= 31)
    #expect(list.top == 999_970)
  }
}
