import ScreenKit

/// Content that can stand as a split's secondary (an article, or the empty placeholder). The split's
/// default rules need to tell the placeholder apart and to find details on a navigation stack.
@MainActor
protocol SecondaryContent: AnyObject {
  /// True for the "No article selected" placeholder.
  var isEmptyDetail: Bool { get }
  /// The list it was opened from while that list is open: Back goes to its column (DESIGN §3a).
  var openedFromList: Controller? { get }
}

/// Decisions a split leaves to its delegate (DESIGN §3, UISplitViewControllerDelegate). Every method has a
/// default implementation in the extension below carrying DESIGN §3's default rules, so a delegate
/// overrides only what it wants to change.
@MainActor
protocol SplitControllerDelegate: AnyObject {
  /// Collapsing: true when the delegate handled `secondary` (it is then discarded); false lets the
  /// split push it onto the primary's navigation stack.
  func collapseSecondary(_ secondary: Controller, onto primary: Controller) -> Bool
  /// Expanding: the controller to become the secondary, taken off the primary's stack; nil lets the
  /// split supply its empty placeholder.
  func separateSecondary(from primary: Controller) -> Controller?
  /// The display mode the display-mode action (`t`, the toolbar's left item) switches to.
  func targetDisplayModeForAction(in split: SplitController) -> DisplayMode
  /// Heard before the display mode in effect changes.
  func willChangeTo(_ displayMode: DisplayMode)
}

extension SplitControllerDelegate {
  /// Default: discard the placeholder (the list shows); keep an article (the split pushes it, so the
  /// reader goes on at the same scroll position).
  func collapseSecondary(_ secondary: Controller, onto primary: Controller) -> Bool {
    (secondary as? SecondaryContent)?.isEmptyDetail ?? false
  }

  /// Default: pop the article off the primary's stacks (the selected tab's first) and make it the
  /// secondary again.
  func separateSecondary(from primary: Controller) -> Controller? {
    var found: Controller?
    for navigation in SplitController.navigationControllers(in: primary) {
      if let detail = navigation.top as? SecondaryContent, !detail.isEmptyDetail, navigation.stack.count > 1 {
        let popped = navigation.pop()
        if found == nil { found = popped }
      }
    }
    return found
  }

  /// Default: toggle `allVisible` ⇄ `primaryHidden` (an overlay when `automatic` and narrow).
  func targetDisplayModeForAction(in split: SplitController) -> DisplayMode {
    DisplayMode.defaultTarget(
      current: split.displayMode, preferred: split.preferredDisplayMode, width: split.frame.width,
      regularWidth: split.regularWidth)
  }

  func willChangeTo(_ displayMode: DisplayMode) {}
}
