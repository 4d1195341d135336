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
