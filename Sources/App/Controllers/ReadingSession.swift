import Foundation
import Reader

/// What the reader is doing, shared by the lists and the container: the selected article, which
/// articles were read and the Recent list (SPEC §1: newest first, at most 20; in memory until the
/// app issue persists it). `select` is the one selection-change path (SPEC §4): every way of opening an
/// article goes through it, and its observer dismisses the popover.
@MainActor
final class ReadingSession {
  let configuration: UIConfiguration
  private(set) var selected: Item?
  private(set) var recent: [Item] = []
  private var read: Set<String> = []
  /// Called after the selection changed (the container dismisses popovers and refreshes Recent).
  var selectionDidChange: ((Item) -> Void)?
  static let recentLimit = 20

  init(configuration: UIConfiguration = UIConfiguration()) {
    self.configuration = configuration
  }

  static func key(_ item: Item) -> String { item.id ?? item.link ?? item.title }

  func isRead(_ item: Item) -> Bool { read.contains(Self.key(item)) }

  func select(_ item: Item) {
    selected = item
    let key = Self.key(item)
    read.insert(key)
    recent.removeAll { Self.key($0) == key }
    recent.insert(item, at: 0)
    if recent.count > Self.recentLimit { recent.removeLast(recent.count - Self.recentLimit) }
    selectionDidChange?(item)
  }
}

/// Settings of the interactive UI (SPEC §2–§4 defaults; the config file of the app issue sets them).
struct UIConfiguration: Sendable {
  var layout = LayoutOption.auto
  var preferredDisplayMode = DisplayMode.allVisible
  /// `none` keeps the popover floating in a compact width (SPEC §4); `fullScreen` covers the screen.
  var popoverStyle = AdaptivePresentationStyle.none
  var regularWidth = 100
  var compactHeight = 24
  var timeZone = TimeZone.current
}
