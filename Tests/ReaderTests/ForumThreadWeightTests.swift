import Foundation
import Testing

@testable import Reader

/// A thread weighed against the article search's pick of the same posts (`ForumThread.weighsAsPick`): the
/// pick keeps what the thread's clean takes out of each post (signatures, the poster's panel), so it can be
/// the longer of the two.
@Suite struct ForumThreadWeightTests {
  /// A post of the XenForo 1 family: the poster's panel of labelled pairs beside the text, a signature
  /// under it, the date in a meta line written out in a `span`.
  static func post(_ index: Int) -> String {
    """
    <li id="post-\(index)" class="message" data-author="member\(index)">
      <div class="messageUserInfo" itemscope="itemscope" itemtype="http://data-vocabulary.org/Person"><div class="messageUserBlock">
        <h3 class="userText"><a class="username" href="/m/\(index)">member\(index)</a><em class="userTitle">Well-Known Member</em></h3>
        <div class="extraUserInfo">
          <dl class="pairsJustified"><dt>Messages:</dt><dd>1,04\(index)</dd></dl>
          <dl class="pairsJustified"><dt>Likes Received:</dt><dd>10\(index)</dd></dl>
          <dl class="pairsJustified"><dt>Trophy Points:</dt><dd>11\(index)</dd></dl>
          <dl class="pairsJustified"><dt>Location:</dt><dd>Harbour town number \(index), far away</dd></dl>
        </div>
      </div></div>
      <div class="messageInfo primaryContent">
        <div class="messageContent"><article><div class="messageText">\(PageKindExtractionTests.reply(index))</div></article></div>
        <div class="baseHtml signature"><p>Member \(index)'s motto, printed under each of their posts for years now, about boats and harbours.</p></div>
        <div class="messageMeta"><div class="privateControls"><span class="item muted">
          <span class="authorEnd"><a class="username author" href="/m/\(index)">member\(index)</a>,</span>
          <span class="DateTime" title="May 1\(index), 2024 at 2:39 AM">May 1\(index), 2024</span></span></div></div>
      </div>
    </li>
    """
  }

  @Test func aThreadWhosePostsNameTheirPostersWinsOverAPickThatKeepsTheirSignatures() throws {
    let page = """
      <html><head><title>Do forums still have a role?</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <div class="pageContent"><ol class="messageList">\((1...5).map(Self.post).joined())</ol></div></body></html>
      """
    let text = try PageKindExtractionTests.extract(page).text
    for index in 1...5 {
      #expect(text.contains(PageKindExtractionTests.reply(index)))
      #expect(!text.contains("motto"), "signature of \(index)")
    }
  }
}
