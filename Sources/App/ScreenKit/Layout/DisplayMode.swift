/// How an expanded split shows its primary column (DESIGN §3, UISplitViewController.DisplayMode).
/// `automatic` is only ever a preference: `resolved(forWidth:)` turns it into a mode in effect.
public enum DisplayMode: String, CaseIterable, Sendable {
  case automatic, allVisible, primaryHidden, primaryOverlay

  /// The mode in effect for this preference in a split `width` columns wide: `automatic` shows both
  /// columns from `regularWidth` columns on and hides the primary below that (iPad in portrait).
  public func resolved(forWidth width: Int, regularWidth: Int = 100) -> DisplayMode {
    guard self == .automatic else { return self }
    return width >= regularWidth ? .allVisible : .primaryHidden
  }

  /// The default answer to `targetDisplayModeForAction(in:)` (DESIGN §3): toggle `allVisible` ⇄
  /// `primaryHidden`; when the preference is `automatic` and the split is narrow, the hidden primary comes
  /// back as an overlay instead, and the overlay goes away again.
  public static func defaultTarget(current: DisplayMode, preferred: DisplayMode, width: Int, regularWidth: Int = 100)
    -> DisplayMode
  {
    switch current {
    case .allVisible: return .primaryHidden
    case .primaryOverlay: return .primaryHidden
    case .primaryHidden, .automatic:
      return preferred == .automatic && width < regularWidth ? .primaryOverlay : .allVisible
    }
  }
}
