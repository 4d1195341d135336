/// How an expanded split shows its list columns (DESIGN §3, UISplitViewController.DisplayMode).
/// `automatic` is only ever a preference: `resolved(forWidth:)` turns it into a mode in effect.
///
/// The two-column names are the iOS 8 ones; the triple-column split (DESIGN §3a) adds UIKit's
/// `twoBesideSecondary` (feeds, articles and the article side by side) and `twoOverSecondary` (both list
/// columns over the article). `primaryHidden` is UIKit's `secondaryOnly`, `allVisible` its
/// `oneBesideSecondary`, `primaryOverlay` its `oneOverSecondary`: a preference means the same thing at two
/// and three columns, and `columns(_:)` gives the form in effect for the split's column count.
public enum DisplayMode: String, CaseIterable, Sendable {
  case automatic, allVisible, primaryHidden, primaryOverlay, twoBesideSecondary, twoOverSecondary

  /// The mode in effect for this preference in a split `width` columns wide: `automatic` shows both
  /// columns from `regularWidth` columns on and hides the primary below that (iPad in portrait).
  public func resolved(forWidth width: Int, regularWidth: Int = 100) -> DisplayMode {
    guard self == .automatic else { return self }
    return width >= regularWidth ? .allVisible : .primaryHidden
  }

  /// This mode's form in a split of `columns` columns (2 or 3): the list columns side by side or over the
  /// article stay so when a column is added or taken away, one column at a time (DESIGN §3a).
  public func columns(_ columns: Int) -> DisplayMode {
    switch (self, columns >= 3) {
    case (.allVisible, true): return .twoBesideSecondary
    case (.primaryOverlay, true): return .twoOverSecondary
    case (.twoBesideSecondary, false): return .allVisible
    case (.twoOverSecondary, false): return .primaryOverlay
    default: return self
    }
  }

  /// True when the list columns are drawn over the article (with a border), not beside it.
  public var isOverlay: Bool { self == .primaryOverlay || self == .twoOverSecondary }

  /// The default answer to `targetDisplayModeForAction(in:)` (DESIGN §3): toggle `allVisible` ⇄
  /// `primaryHidden`; when the preference is `automatic` and the split is narrow, the hidden primary comes
  /// back as an overlay instead, and the overlay goes away again. At three columns the same toggle hides
  /// and brings back both list columns.
  public static func defaultTarget(current: DisplayMode, preferred: DisplayMode, width: Int, regularWidth: Int = 100)
    -> DisplayMode
  {
    switch current {
    case .allVisible, .twoBesideSecondary: return .primaryHidden
    case .primaryOverlay, .twoOverSecondary: return .primaryHidden
    case .primaryHidden, .automatic:
      return preferred == .automatic && width < regularWidth ? .primaryOverlay : .allVisible
    }
  }
}
