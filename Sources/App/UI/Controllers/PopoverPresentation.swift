import ScreenKit

/// What a popover becomes in the current environment (DESIGN §4, UIModalPresentationStyle as returned by
/// `adaptivePresentationStyle(for:)`): `none` keeps the floating window, `fullScreen` covers the screen.
public enum AdaptivePresentationStyle: String, CaseIterable, Sendable {
  case none
  case fullScreen = "fullscreen"
}

/// Asked how a popover adapts; the tutorials' presenting controller answers `none` so the popover stays a
/// small window even in a compact width.
@MainActor
protocol PopoverPresentationDelegate: AnyObject {
  func adaptivePresentationStyle(for presentation: PopoverPresentation, traitCollection: TraitCollection)
    -> AdaptivePresentationStyle
}

/// The popover half of a presentation (DESIGN §4, UIPopoverPresentationController): it holds an *anchor
/// identifier* — a toolbar item — rather than a rectangle, and resolves it after every layout, so the
/// popover re-anchors on resize and never shows off-screen.
@MainActor
final class PopoverPresentation {
  /// The id of the anchor element (resolved through `Controller.anchorFrame(for:)` on the presenter).
  let anchorID: String
  /// Cells wanted, border included (DESIGN §4: about 32×4, grown to fit the text by the content).
  var preferredContentSize: Size
  weak var delegate: PopoverPresentationDelegate?
  /// The result of the last layout: the adaptive style in effect and, as a popover, where it went.
  private(set) var adaptiveStyle = AdaptivePresentationStyle.none
  private(set) var placement: PopoverPlacement?
  private(set) var frame = Rect.zero

  init(anchorID: String, preferredContentSize: Size = Size(width: 32, height: 4)) {
    self.anchorID = anchorID
    self.preferredContentSize = preferredContentSize
  }

  /// Resolves the anchor on `presenter` and places the popover in `bounds`; false when it cannot be
  /// shown (anchor gone), which ends the presentation.
  func resolve(presenter: Controller, in bounds: Rect) -> Bool {
    let traits = presenter.traitCollection
    // Without a delegate, a compact width adapts to full screen (UIKit's default).
    adaptiveStyle =
      delegate?.adaptivePresentationStyle(for: self, traitCollection: traits)
      ?? (traits.horizontalSizeClass == .compact ? .fullScreen : .none)
    guard let anchor = presenter.anchorFrame(for: anchorID) else { return false }
    if adaptiveStyle == .fullScreen {
      placement = nil
      frame = bounds
      return true
    }
    guard let placed = placePopover(content: preferredContentSize, anchor: anchor, in: bounds) else {
      return false
    }
    placement = placed
    frame = placed.frame
    return true
  }
}
