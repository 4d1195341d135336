import Reader
import ScreenKit

/// The article's links and enclosures handed to the outside (DESIGN §5 `L`, `#`, `e`): the links view,
/// open link N, the player.
extension ArticleController {
  /// `L` (newsboat's `show-urls`): every link of the article in the links view.
  func showLinks() {
    guard let session, let item, let text = shownText else { return }
    let links = ArticleLinks.of(item, shown: text)
    guard !links.isEmpty else { return session.status.notify(.noLinks) }
    present(LinksController(links: links, session: session), style: .fullScreen)
  }

  /// `#` (newsboat's `goto-url`): asks for a number on the status line, then opens the text's link of
  /// that number (`[3]`) in the browser.
  func askLinkNumber() {
    guard let session, let text = shownText else { return }
    let links = text.links
    guard !links.isEmpty || item?.link != nil else { return session.status.notify(.noLinks) }
    present(
      LineFieldController(
        prompt: Prompt(field: .linkNumber, label: "Open link: "), status: { [session] in session.status.notify($0) }
      ) { [session] typed in
        guard let n = Int(typed), links.indices.contains(n - 1) else {
          return session.status.notify(.noSuchLink(number: typed, count: links.count))
        }
        session.outside.openInBrowser(links[n - 1])
      }, style: .statusLine)
  }

  /// `e`: the enclosure in the player; a chooser when there are several.
  func openEnclosure() {
    guard let session, let enclosures = item?.enclosures else { return }
    switch enclosures.count {
    case 0: session.status.notify(.noEnclosure)
    case 1: session.outside.openMedia(enclosures[0].url)
    default: present(EnclosureChooserController(enclosures: enclosures, session: session), style: .fullScreen)
    }
  }
}
