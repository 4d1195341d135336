/// Column sizes of an expanded split (DESIGN §3 defaults: 35 % of the width, clamped to 24…60 columns).
public struct SplitMetrics: Equatable, Sendable {
  public var preferredPrimaryColumnWidthFraction = 0.35
  public var minimumPrimaryColumnWidth = 24
  public var maximumPrimaryColumnWidth = 60

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
}

/// Where each part of a split goes. Invariant: `primary` and `secondary` never overlap except in
/// `primaryOverlay`, where `primary` is drawn over the secondary's left part (`isOverlay`); a nil
/// `primary` means it is not shown, a nil `separator` that no separator is drawn.
public struct SplitFrames: Equatable, Sendable {
  public var primary: Rect?
  public var separator: Rect?
  public var secondary: Rect?
  public var isOverlay = false
  public init(primary: Rect? = nil, separator: Rect? = nil, secondary: Rect? = nil, isOverlay: Bool = false) {
    self.primary = primary
    self.separator = separator
    self.secondary = secondary
    self.isOverlay = isOverlay
  }
}

/// Frames for the split's children (DESIGN §3). Collapsed, the primary's navigation stack fills the
/// bounds and there is no secondary; expanded, `mode` (already resolved, never `automatic`) decides.
public func splitFrames(
  in bounds: Rect, collapsed: Bool, mode: DisplayMode, metrics: SplitMetrics = SplitMetrics()
) -> SplitFrames {
  if collapsed { return SplitFrames(primary: bounds) }
  let primaryWidth = metrics.primaryWidth(for: bounds.width)
  switch mode {
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
