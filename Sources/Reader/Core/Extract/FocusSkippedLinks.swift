import Foundation

/// A card often links its title, its picture and its teaser to one story; the page keeps the extra links
/// out of the keyboard's path and out of screen readers (`tabindex="-1"`, `aria-hidden="true"`), so that
/// the story is announced once. They are shown all the same — an element nobody sees needs no
/// `tabindex` — and on a listing the teaser such a link wraps is part of the content. On a page that
/// declares an article they stay hidden: its rails of other stories are set so too.
enum FocusSkippedLinks {
  /// Clears `aria-hidden` from the links under `body` that are also taken out of the focus order.
  static func show(in body: PageNode) {
    for link in body.descendants(["a"]) where link["aria-hidden"] == "true" && link["tabindex"] == "-1" {
      link["aria-hidden"] = nil
    }
  }
}
