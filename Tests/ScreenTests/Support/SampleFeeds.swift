import Foundation
import Reader

/// Feeds made in Swift for controller tests (the parser is another issue's work).
enum SampleFeeds {
  static func date(_ text: String) -> Date? {
    let f = DateFormatter()
    f.locale = Locale(identifier: "en_US_POSIX")
    f.timeZone = TimeZone(identifier: "UTC")
    f.dateFormat = "yyyy-MM-dd HH:mm"
    return f.date(from: text)
  }

  static func body(_ topic: String, paragraphs: Int) -> String {
    (1...paragraphs).map { n in
      "<p>Paragraph \(n) about \(topic). In iOS 8, Apple introduces new features that make adaptive "
        + "layouts easier: size classes, trait collections and a split view controller on every device.</p>"
    }.joined()
  }

  static let appcoda = Feed(
    title: "AppCoda", link: "https://www.appcoda.com",
    items: [
      Item(
        title: "Understanding Self Sizing Cells and Dynamic Type in iOS 8", link: "https://www.appcoda.com/self-sizing-cells/",
        author: "Simon Ng", published: date("2014-09-04 17:09"), content: body("self sizing cells", paragraphs: 30)),
      Item(
        title: "Building a Simple Barcode Reader App in Swift", link: "https://www.appcoda.com/barcode-reader-swift/",
        published: date("2014-09-01 08:30"), content: body("barcodes", paragraphs: 5)),
      Item(
        title: "Working with Size Classes in Interface Builder", published: nil, publishedText: "sometime in 2014",
        summary: "<p>Size classes &amp; you.</p>"),
      Item(title: "日本語のタイトル：アダプティブ・レイアウト入門", published: date("2014-08-20 12:00"), summary: "<p>本文</p>"),
      Item(title: "A Beginner's Guide to Animated Custom Segues in iOS 8", published: date("2014-08-12 09:00")),
    ])

  static let many: [Feed] = [
    appcoda,
    Feed(title: "Swift Blog", items: [Item(title: "Swift 1.1", published: date("2014-10-01 00:00"))]),
  ]

  /// A feed of `count` numbered items (benchmarks, long-list tests).
  static func numbered(_ count: Int) -> Feed {
    Feed(
      title: "Numbered", items: (0..<count).map { Item(title: "Article number \($0) with a title long enough to wrap", id: "\($0)") })
  }
}
