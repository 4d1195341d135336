import ScreenKit

/// The publish-date popover (DESIGN §4): `p` presents it anchored to the toolbar item.
extension ArticleController {
  /// `p`: presents the publish-date popover anchored to the toolbar item, or closes it.
  @discardableResult
  func togglePublishDatePopover() -> Bool {
    guard let item else { return false }
    if presentedController is PopoverController {
      dismiss()
      return true
    }
    let content = PopoverController(publishDateOf: item, timeZone: configuration.timeZone)
    let presentation = PopoverPresentation(
      anchorID: Self.publishDateItemID, preferredContentSize: content.preferredContentSize)
    presentation.delegate = self
    content.presentation = presentation
    present(content, style: .popover(presentation))
    return true
  }

  /// The presenting controller is the popover's delegate and keeps it floating (`none`) unless the
  /// configuration asks for full screen — the tutorials' point.
  func adaptivePresentationStyle(for presentation: PopoverPresentation, traitCollection: TraitCollection)
    -> AdaptivePresentationStyle
  {
    configuration.popoverStyle
  }
}
