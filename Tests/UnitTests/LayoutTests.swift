import Testing

import TextLayout
@testable import ScreenKit
@testable import ReaderUI
@testable import splitfeed

/// Pure layout rules (DESIGN §2–§4) as tables of inputs and expected outputs.
struct LayoutTests {
  @Test(arguments: [
    (Size(width: 200, height: 60), SizeClass.regular, SizeClass.regular),
    (Size(width: 100, height: 24), .regular, .regular),
    (Size(width: 99, height: 24), .compact, .regular),
    (Size(width: 80, height: 23), .compact, .compact),
    (Size(width: 40, height: 20), .compact, .compact),
    (Size(width: 120, height: 10), .regular, .compact),
  ])
  func screenTraits(size: Size, horizontal: SizeClass, vertical: SizeClass) {
    let traits = TraitCollection.screen(size)
    #expect(traits.horizontalSizeClass == horizontal)
    #expect(traits.verticalSizeClass == vertical)
  }

  @Test func overrideReplacesOnlySetFields() {
    let base = TraitCollection(horizontalSizeClass: .compact, verticalSizeClass: .compact)
    #expect(base.applying(nil) == base)
    let wide = base.applying(TraitOverride(horizontalSizeClass: .regular))
    #expect(wide == TraitCollection(horizontalSizeClass: .regular, verticalSizeClass: .compact))
  }

  @Test(arguments: [
    // landscape: wider than twice the height and at least 60 columns → regular
    (Size(width: 200, height: 60), LayoutOption.auto, SizeClass?.some(.regular)),
    (Size(width: 80, height: 24), .auto, .regular),
    (Size(width: 80, height: 40), .auto, nil),  // exactly twice: not wider
    (Size(width: 81, height: 40), .auto, .regular),
    (Size(width: 59, height: 10), .auto, nil),  // too narrow
    (Size(width: 60, height: 40), .auto, nil),  // portrait
    (Size(width: 120, height: 40), .auto, .regular),
    (Size(width: 40, height: 20), .split, .regular),
    (Size(width: 200, height: 60), .stack, .compact),
  ])
  func containerOverride(size: Size, layout: LayoutOption, expected: SizeClass?) {
    #expect(splitOverride(for: size, layout: layout)?.horizontalSizeClass == expected)
  }

  @Test(arguments: [
    (200, 60),  // 70 clamped to 60
    (120, 42),
    (100, 35),
    (80, 28),
    (60, 24),  // 21 clamped to 24
    (30, 24),
    (20, 18),  // never leaves less than separator + one column
  ])
  func primaryColumnWidth(width: Int, expected: Int) {
    #expect(SplitMetrics().primaryWidth(for: width) == expected)
  }

  @Test func splitFramesPerMode() {
    let bounds = Rect(x: 0, y: 0, width: 120, height: 40)
    let all = splitFrames(in: bounds, collapsed: false, mode: .allVisible)
    #expect(all.primary == Rect(x: 0, y: 0, width: 42, height: 40))
    #expect(all.separator == Rect(x: 42, y: 0, width: 1, height: 40))
    #expect(all.secondary == Rect(x: 43, y: 0, width: 77, height: 40))
    #expect(!all.isOverlay)

    let hidden = splitFrames(in: bounds, collapsed: false, mode: .primaryHidden)
    #expect(hidden == SplitFrames(primary: nil, separator: nil, secondary: bounds))

    let overlay = splitFrames(in: bounds, collapsed: false, mode: .primaryOverlay)
    #expect(overlay.isOverlay && overlay.secondary == bounds)
    #expect(overlay.primary == Rect(x: 0, y: 0, width: 42, height: 40))

    let collapsed = splitFrames(in: bounds, collapsed: true, mode: .allVisible)
    #expect(collapsed == SplitFrames(primary: bounds))
  }

  @Test(arguments: [
    (DisplayMode.automatic, 120, DisplayMode.allVisible),
    (.automatic, 99, .primaryHidden),
    (.allVisible, 60, .allVisible),
    (.primaryHidden, 200, .primaryHidden),
    (.primaryOverlay, 80, .primaryOverlay),
  ])
  func displayModeResolution(preferred: DisplayMode, width: Int, expected: DisplayMode) {
    #expect(preferred.resolved(forWidth: width) == expected)
  }

  @Test(arguments: [
    (DisplayMode.allVisible, DisplayMode.allVisible, 120, DisplayMode.primaryHidden),
    (.primaryHidden, .allVisible, 120, .allVisible),
    (.primaryHidden, .primaryHidden, 80, .allVisible),
    (.primaryHidden, .automatic, 80, .primaryOverlay),
    (.primaryOverlay, .automatic, 80, .primaryHidden),
    (.allVisible, .automatic, 120, .primaryHidden),
  ])
  func displayModeAction(current: DisplayMode, preferred: DisplayMode, width: Int, expected: DisplayMode) {
    #expect(DisplayMode.defaultTarget(current: current, preferred: preferred, width: width) == expected)
  }
}

/// The triple-column split's pure rules (DESIGN §3a): how many columns, their widths, their frames per
/// mode, and how a preference reads at two and three columns.
struct TripleColumnLayoutTests {
  @Test(arguments: [
    // width, collapsed, layout, three-column-min-width, expected columns
    (200, false, LayoutOption.auto, 160, 3),
    (160, false, .auto, 160, 3),
    (159, false, .auto, 160, 2),
    (130, false, .auto, 160, 2),
    (130, false, .auto, 120, 3),
    (200, false, .auto, 0, 2),  // 0: never three
    (200, true, .auto, 160, 1),
    (200, false, .split, 160, 2),
    (100, false, .three, 160, 3),
    (50, true, .three, 160, 1),
  ])
  func columnCount(width: Int, collapsed: Bool, layout: LayoutOption, threshold: Int, expected: Int) {
    var metrics = SplitMetrics()
    metrics.tripleColumnMinWidth = threshold
    #expect(metrics.columnCount(forWidth: width, collapsed: collapsed, layout: layout) == expected)
  }

  @Test(arguments: [
    // width, feed max, list max, expected feeds, expected list
    (200, 32, 60, 32, 60),  // 32 and 60: clamped at the maxima
    (160, 32, 60, 25, 48),
    (150, 32, 60, 24, 45),
    (100, 32, 60, 24, 40),  // the least widths
    (70, 32, 60, 24, 40),  // 3 columns of article left
    (50, 32, 60, 24, 23),  // the list shrinks first, one column of article stays
    (240, 28, 50, 28, 50),  // the settings' maxima
    (240, 20, 30, 20, 30),  // a maximum under the least wins
  ])
  func columnWidths(width: Int, feedMax: Int, listMax: Int, feeds: Int, list: Int) {
    var metrics = SplitMetrics()
    metrics.maximumFeedColumnWidth = feedMax
    metrics.maximumListColumnWidth = listMax
    let widths = metrics.tripleWidths(for: width)
    #expect(widths.feeds == feeds && widths.list == list)
    #expect(widths.feeds + widths.list + 2 < width, "two separators and some article remain")
  }

  @Test func framesPerMode() {
    let bounds = Rect(x: 0, y: 0, width: 200, height: 50)
    let three = splitFrames(in: bounds, collapsed: false, mode: .twoBesideSecondary)
    #expect(three.primary == Rect(x: 0, y: 0, width: 32, height: 50))
    #expect(three.separator == Rect(x: 32, y: 0, width: 1, height: 50))
    #expect(three.supplementary == Rect(x: 33, y: 0, width: 60, height: 50))
    #expect(three.supplementarySeparator == Rect(x: 93, y: 0, width: 1, height: 50))
    #expect(three.secondary == Rect(x: 94, y: 0, width: 106, height: 50))
    #expect(!three.isOverlay && three.separators.count == 2)

    let over = splitFrames(in: bounds, collapsed: false, mode: .twoOverSecondary)
    #expect(over.isOverlay && over.secondary == bounds)
    #expect(over.primary == three.primary && over.supplementary == three.supplementary)
    #expect(over.supplementarySeparator == three.supplementarySeparator)

    // The article alone, and the two-column forms, have no middle column.
    let hidden = splitFrames(in: bounds, collapsed: false, mode: .primaryHidden)
    #expect(hidden == SplitFrames(secondary: bounds))
    let two = splitFrames(in: bounds, collapsed: false, mode: .allVisible)
    #expect(two.supplementary == nil && two.supplementarySeparator == nil && two.separators.count == 1)
    #expect(splitFrames(in: bounds, collapsed: true, mode: .twoBesideSecondary) == SplitFrames(primary: bounds))
  }

  @Test(arguments: [
    (DisplayMode.allVisible, 3, DisplayMode.twoBesideSecondary),
    (.primaryOverlay, 3, .twoOverSecondary),
    (.primaryHidden, 3, .primaryHidden),
    (.twoBesideSecondary, 2, .allVisible),
    (.twoOverSecondary, 2, .primaryOverlay),
    (.twoBesideSecondary, 3, .twoBesideSecondary),
    (.allVisible, 2, .allVisible),
  ])
  func modeForColumns(mode: DisplayMode, columns: Int, expected: DisplayMode) {
    #expect(mode.columns(columns) == expected)
    // One column at a time: 3 → 2 → 3 comes back to the same form.
    #expect(mode.columns(columns).columns(2).columns(columns) == mode.columns(columns))
  }

  @Test func displayModeActionAtThreeColumns() {
    #expect(DisplayMode.defaultTarget(current: .twoBesideSecondary, preferred: .allVisible, width: 200) == .primaryHidden)
    #expect(DisplayMode.defaultTarget(current: .twoOverSecondary, preferred: .automatic, width: 200) == .primaryHidden)
    #expect(DisplayMode.defaultTarget(current: .primaryHidden, preferred: .twoBesideSecondary, width: 200) == .allVisible)
  }
}

/// `placePopover` edge cases (DESIGN §4): below if it fits, else above, never off-screen, arrow on anchor.
struct PopoverPlacementTests {
  struct Case: Sendable, CustomStringConvertible {
    var name: String
    var content: Size
    var anchor: Rect
    var bounds: Rect
    var frame: Rect?
    var direction: ArrowDirection?
    var arrow: Point?
    var description: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "room below", content: Size(width: 32, height: 4), anchor: Rect(x: 50, y: 5, width: 14, height: 1),
      bounds: Rect(x: 0, y: 0, width: 120, height: 40),
      frame: Rect(x: 40, y: 6, width: 32, height: 4), direction: .up, arrow: Point(x: 56, y: 6)),
    Case(
      name: "toolbar on the last line: above", content: Size(width: 32, height: 4),
      anchor: Rect(x: 100, y: 39, width: 14, height: 1), bounds: Rect(x: 0, y: 0, width: 120, height: 40),
      frame: Rect(x: 88, y: 35, width: 32, height: 4), direction: .down, arrow: Point(x: 106, y: 38)),
    Case(
      name: "anchor at the right edge", content: Size(width: 32, height: 4),
      anchor: Rect(x: 114, y: 39, width: 6, height: 1), bounds: Rect(x: 0, y: 0, width: 120, height: 40),
      frame: Rect(x: 88, y: 35, width: 32, height: 4), direction: .down, arrow: Point(x: 116, y: 38)),
    Case(
      name: "anchor at the left edge", content: Size(width: 32, height: 4),
      anchor: Rect(x: 0, y: 39, width: 4, height: 1), bounds: Rect(x: 0, y: 0, width: 120, height: 40),
      frame: Rect(x: 0, y: 35, width: 32, height: 4), direction: .down, arrow: Point(x: 1, y: 38)),
    Case(
      name: "wider than the screen", content: Size(width: 32, height: 4),
      anchor: Rect(x: 10, y: 19, width: 14, height: 1), bounds: Rect(x: 0, y: 0, width: 20, height: 20),
      frame: Rect(x: 0, y: 15, width: 20, height: 4), direction: .down, arrow: Point(x: 16, y: 18)),
    Case(
      name: "no room either side: shrunk on the larger side", content: Size(width: 10, height: 8),
      anchor: Rect(x: 5, y: 3, width: 4, height: 1), bounds: Rect(x: 0, y: 0, width: 20, height: 6),
      frame: Rect(x: 1, y: 0, width: 10, height: 3), direction: .down, arrow: Point(x: 6, y: 2)),
    Case(
      name: "tiny terminal", content: Size(width: 32, height: 4), anchor: Rect(x: 0, y: 1, width: 2, height: 1),
      bounds: Rect(x: 0, y: 0, width: 2, height: 2), frame: nil, direction: nil, arrow: nil),
  ]

  @Test(arguments: cases)
  func placement(_ c: Case) {
    let placement = placePopover(content: c.content, anchor: c.anchor, in: c.bounds)
    #expect(placement?.frame == c.frame)
    #expect(placement?.arrowDirection == c.direction)
    #expect(placement?.arrow == c.arrow)
    if let frame = placement?.frame {
      #expect(frame.intersection(c.bounds) == frame, "never off-screen")
    }
  }

  @Test func alwaysInsideForEveryAnchorPosition() {
    let bounds = Rect(x: 0, y: 0, width: 40, height: 12)
    for y in 0..<12 {
      for x in stride(from: 0, to: 40, by: 3) {
        let anchor = Rect(x: x, y: y, width: 5, height: 1)
        guard let p = placePopover(content: Size(width: 32, height: 4), anchor: anchor, in: bounds) else {
          Issue.record("no placement at \(x),\(y)")
          continue
        }
        #expect(p.frame.intersection(bounds) == p.frame)
        #expect(p.arrow.x > p.frame.minX && p.arrow.x < p.frame.maxX - 1)
        #expect(p.frame.intersection(anchor).isEmpty, "the popover does not cover its anchor")
      }
    }
  }
}
