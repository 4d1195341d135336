/// Column sizes of an expanded split (DESIGN §3 defaults: 35 % of the width, clamped to 24…60 columns;
/// DESIGN §3a: three columns from 160 columns, the feeds 16 % clamped to 24…32, the articles 30 % clamped
/// to 40…60, the article the rest).
public struct SplitMetrics: Equatable, Sendable {
  public var preferredPrimaryColumnWidthFraction = 0.35
  public var minimumPrimaryColumnWidth = 24
  public var maximumPrimaryColumnWidth = 60
  /// The split shows three columns from this many columns (`three-column-min-width`); 0: never.
  public var tripleColumnMinWidth = 160
  /// The feed column's greatest width at three columns (`feed-column-max-width`); its least is 24.
  public var maximumFeedColumnWidth = 32
  /// The article list column's greatest width at three columns (`list-column-max-width`); its least is 40.
  public var maximumListColumnWidth = 60

  public init(
    preferredPrimaryColumnWidthFraction: Double = 0.35, minimumPrimaryColumnWidth: Int = 24,
    maximumPrimaryColumnWidth: Int = 60
  ) {
    self.preferredPrimaryColumnWidthFraction = preferredPrimaryColumnWidthFraction
    self.minimumPrimaryColumnWidth = minimumPrimaryColumnWidth
    self.maximumPrimaryColumnWidth = maximumPrimaryColumnWidth
  }

  /// The primary column width for a split `width` columns wide, leaving at least one column for the
  /// separator and one for the secondary.
  public func primaryWidth(for width: Int) -> Int {
    let preferred = Int(Double(width) * preferredPrimaryColumnWidthFraction)
    let clamped = min(max(preferred, minimumPrimaryColumnWidth), maximumPrimaryColumnWidth)
    return max(0, min(clamped, width - 2))
  }

  /// The feed column and the article list column at three columns in a split `width` columns wide: 16 %
  /// and 30 % of it, clamped to 24…`maximumFeedColumnWidth` and 40…`maximumListColumnWidth` (a maximum
  /// under the least wins), then shrunk, the list first, so that two separators and one column of
  /// article always remain.
  public func tripleWidths(for width: Int) -> (feeds: Int, list: Int) {
    func clamp(_ fraction: Double, _ least: Int, _ most: Int) -> Int {
      min(max(Int(Double(width) * fraction), min(least, most)), most)
    }
    var feeds = clamp(0.16, 24, maximumFeedColumnWidth)
    var list = clamp(0.30, 40, maximumListColumnWidth)
    let room = max(0, width - 3)
    list = max(0, min(list, room - feeds))
    feeds = max(0, min(feeds, room - list))
    return (feeds, list)
  }

  /// How many columns an expanded split `width` columns wide shows (DESIGN §3a): three from
  /// `tripleColumnMinWidth` (never when it is 0), two below; `--layout three` and `--layout split`
  /// force three and two. A collapsed split shows one.
  public func columnCount(forWidth width: Int, collapsed: Bool, layout: LayoutOption = .auto) -> Int {
    if collapsed { return 1 }
    switch layout {
    case .three: return 3
    case .split: return 2
    case .auto, .stack: return tripleColumnMinWidth > 0 && width >= tripleColumnMinWidth ? 3 : 2
    }
  }
}

/// Where each part of a split goes. Invariant: the columns never overlap except in the overlay modes,
/// where the list columns are drawn over the secondary's left part (`isOverlay`); a nil column means it is
/// not shown, a nil separator that none is drawn. `supplementary` (the middle column, DESIGN §3a) and its
/// separator exist only at three columns; `separator` is then the one after the primary.
public struct SplitFrames: Equatable, Sendable {
  public var primary: Rect?
  public var separator: Rect?
  public var supplementary: Rect?
  public var supplementarySeparator: Rect?
  public var secondary: Rect?
  public var isOverlay = false
  public init(
    primary: Rect? = nil, separator: Rect? = nil, supplementary: Rect? = nil, supplementarySeparator: Rect? = nil,
    secondary: Rect? = nil, isOverlay: Bool = false
  ) {
    self.primary = primary
    self.separator = separator
    self.supplementary = supplementary
    self.supplementarySeparator = supplementarySeparator
    self.secondary = secondary
    self.isOverlay = isOverlay
  }

  /// The separators drawn, left to right.
  public var separators: [Rect] { [separator, supplementarySeparator].compactMap { $0 } }
}

/// Frames for the split's children (DESIGN §3). Collapsed, the primary's navigation stack fills the
/// bounds and there is no secondary; expanded, `mode` (already resolved, never `automatic`) decides.
public func splitFrames(
  in bounds: Rect, collapsed: Bool, mode: DisplayMode, metrics: SplitMetrics = SplitMetrics()
) -> SplitFrames {
  if collapsed { return SplitFrames(primary: bounds) }
  let primaryWidth = metrics.primaryWidth(for: bounds.width)
  func column(_ x: Int, _ width: Int) -> Rect { Rect(x: x, y: bounds.minY, width: width, height: bounds.height) }
  switch mode {
  case .twoBesideSecondary, .twoOverSecondary:
    let (feeds, list) = metrics.tripleWidths(for: bounds.width)
    let primary = column(bounds.minX, feeds)
    let separator = column(primary.maxX, 1)
    let supplementary = column(separator.maxX, list)
    let second = column(supplementary.maxX, 1)
    let overlay = mode == .twoOverSecondary
    return SplitFrames(
      primary: primary, separator: separator, supplementary: supplementary, supplementarySeparator: second,
      secondary: overlay ? bounds : column(second.maxX, bounds.maxX - second.maxX), isOverlay: overlay)
  case .allVisible, .automatic:
    let primary = Rect(x: bounds.minX, y: bounds.minY, width: primaryWidth, height: bounds.height)
    let separator = Rect(x: primary.maxX, y: bounds.minY, width: 1, height: bounds.height)
    let secondary = Rect(
      x: separator.maxX, y: bounds.minY, width: bounds.maxX - separator.maxX, height: bounds.height)
    return SplitFrames(primary: primary, separator: separator, secondary: secondary)
  case .primaryHidden:
    return SplitFrames(secondary: bounds)
  case .primaryOverlay:
    // The overlay's right border takes the separator's column.
    let primary = Rect(x: bounds.minX, y: bounds.minY, width: primaryWidth, height: bounds.height)
    let border = Rect(x: primary.maxX, y: bounds.minY, width: 1, height: bounds.height)
    return SplitFrames(primary: primary, separator: border, secondary: bounds, isOverlay: true)
  }
}
