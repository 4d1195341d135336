import Foundation
import Testing

@testable import Reader
import TextLayout

/// Hand-made pages for the cases the fixture pages do not pin down one by one.
@Suite struct ArticleExtractorTests {
  static let pageURL = URL(string: "https://news.example.com/2026/05/story.html")!

  /// Prose long enough to be an article: `count` paragraphs about `topic`.
  static func prose(_ topic: String, count: Int = 5) -> String {
    (1...count).map { index in
      "<p>The \(topic) paragraph \(index) tells a long story, with commas, clauses and details, so that it reads "
        + "like the body of a real article about \(topic), which a reader came here to read in full, word by word.</p>"
    }.joined(separator: "\n")
  }

  /// A site's post: its navigation, then one `<article>` headed `title` around `body`, then `after`.
  static func post(_ title: String, _ body: String, after: String = "") -> String {
    """
    <html><head><title>\(title)</title></head><body>\(PageKindExtractionTests.siteNavigation)
    <article class="post"><h1>\(title)</h1>\(body)</article>\(after)</body></html>
    """
  }

  static func extract(_ html: String, charset: String? = nil) throws -> ExtractedArticle {
    try ArticleExtractor.extract(data: Data(html.utf8), charset: charset, url: pageURL)
  }

  @Test func keepsTheArticleAndDropsNavigationSidebarAndComments() throws {
    let page = """
      <html><head><title>Rivers in spring | The Daily Example</title></head><body>
      <nav class="site-nav"><ul><li><a href="/">Home</a></li><li><a href="/world">World</a></li></ul></nav>
      <div class="layout">
        <div class="main-column"><article><h1>Rivers in spring</h1>\(Self.prose("river"))</article></div>
        <div class="sidebar"><h3>Most read</h3><p>Sidebar teaser that should never appear in the article text at all.</p></div>
      </div>
      <div id="comments"><p>A comment saying first, which is not part of the article and must not be kept either.</p></div>
      <footer>Copyright footer text</footer></body></html>
      """
    let article = try Self.extract(page)
    #expect(article.text.contains("The river paragraph 1 tells a long story"))
    #expect(article.text.contains("The river paragraph 5"))
    #expect(!article.text.contains("Sidebar teaser"))
    #expect(!article.text.contains("A comment saying first"))
    #expect(!article.text.contains("Home"))
    #expect(!article.text.contains("Copyright"))
    #expect(!article.text.contains("Rivers in spring"), "the heading repeating the title is dropped")
    #expect(article.metadata.title == "Rivers in spring")
    #expect(article.text.components(separatedBy: "\n\n").count == 5)
  }

  @Test func picksTheLongerOfTwoCandidateColumns() throws {
    let page = """
      <html><body><div class="row">
        <div class="column-a">\(Self.prose("mountain", count: 8))</div>
        <div class="column-b"><p><a href="/t1">The teaser paragraph one</a> sums up another story in a sentence.</p>
          <p><a href="/t2">The teaser paragraph two</a> sums up a third story, briefly, for the curious.</p></div>
      </div></body></html>
      """
    let article = try Self.extract(page)
    #expect(article.text.contains("The mountain paragraph 8"))
    #expect(!article.text.contains("The teaser paragraph"))
  }

  @Test func aListOfLinksShowsTheList() throws {
    let links = (1...40).map { "<li><a href=\"/story/\($0)\">Headline number \($0) about something</a></li>" }
    let page = "<html><body><h1>Front page</h1><ul>\(links.joined())</ul></body></html>"
    let text = try Self.extract(page).text
    #expect(text.contains("- Headline number 1 about something\n\n- Headline number 2 about something"))
    #expect(text.contains("- Headline number 40 about something"))
  }

  @Test func aFrontPageOfTeasersShowsEveryTeaser() throws {
    let teasers = (1...12).map {
      "<div class=\"teaser\"><h2><a href=\"/s/\($0)\">Headline \($0) about the events of the day</a></h2>"
        + "<p>Teaser \($0): a summary of the story, with a few commas, some context, and enough words to look like "
        + "a paragraph of prose on the front page of a news site.</p></div>"
    }
    let page = "<html><head><title>Example News</title></head><body><main>\(teasers.joined())</main></body></html>"
    let text = try Self.extract(page).text
    for index in [1, 6, 12] {
      #expect(text.contains("Headline \(index) about the events of the day\n\nTeaser \(index): a summary"))
    }
  }

  @Test func aLoginWallIsNotAnArticle() {
    let page = """
      <html><body><h1>Subscribers only</h1><p>Sign in to keep reading.</p>
      <form action="/login"><input name="user"><input type="password" name="pass"><button>Sign in</button></form>
      </body></html>
      """
    #expect(throws: ExtractionError.notAnArticle) { try Self.extract(page) }
    #expect(ExtractionError.notAnArticle.description == "no article found on this page")
    // Nor when the wall is what the page marks as its main content.
    let marked = page.replacingOccurrences(of: "<body>", with: "<body><main>").replacingOccurrences(of: "</body>", with: "</main></body>")
    #expect(throws: ExtractionError.notAnArticle) { try Self.extract(marked) }
    #expect(throws: ExtractionError.notAnArticle) { try Self.extract("<html><body><div id=\"root\"></div></body></html>") }
  }

  @Test func lazyImagesGetTheirRealAddressAndKeepTheirAltText() throws {
    let page = """
      <html><body><article>\(Self.prose("photo", count: 3))
      <figure><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/images/lake.jpg" alt="The lake at dawn">
      <figcaption>The lake, photographed at dawn.</figcaption></figure>
      <p><img data-srcset="/images/hill-640.jpg 640w, /images/hill-1280.jpg 1280w" alt="A hill"></p>
      \(Self.prose("caption", count: 2))</article></body></html>
      """
    let article = try Self.extract(page)
    #expect(article.html.contains("src=\"https://news.example.com/images/lake.jpg\""))
    #expect(article.html.contains("alt=\"The lake at dawn\""))
    #expect(article.html.contains("src=\"https://news.example.com/images/hill-640.jpg\""))
    #expect(article.html.contains("<figcaption>The lake, photographed at dawn.</figcaption>"))
    #expect(!article.html.contains("data:image"))
    let rendered = renderLines(article.html, width: 200, base: Self.pageURL.absoluteString).joined(separator: "\n")
    // The figure's caption describes the picture once; the other picture's alt text does.
    #expect(rendered.contains("[image]\nThe lake, photographed at dawn."), "\(rendered)")
    #expect(rendered.contains("[image: A hill]"))
  }

  @Test func preformattedCodeKeepsItsLayout() throws {
    let code = "func greet() {\n    print(\"hello\")\n}"
    let page = "<html><body><article>\(Self.prose("code", count: 3))<pre><code>\(code)</code></pre>\(Self.prose("after", count: 2))</article></body></html>"
    let article = try Self.extract(page)
    #expect(article.text.contains(code))
    #expect(article.html.contains("<pre><code>func greet() {\n    print"))
  }

  @Test func aRightToLeftPageKeepsItsDirectionAndLanguage() throws {
    let sentence = "هذه فقرة طويلة من مقال عربي، تحكي قصة كاملة، بكلمات كثيرة وتفاصيل عديدة، حتى تبدو مثل نص مقال حقيقي يقرؤه القارئ."
    let paragraphs = (1...5).map { "<p>\(sentence) \($0)</p>" }.joined()
    let page = "<html lang=\"ar\" dir=\"rtl\"><head><meta charset=\"utf-8\"><title>مقال</title></head><body><article>\(paragraphs)</article></body></html>"
    let article = try Self.extract(page)
    #expect(article.metadata.dir == "rtl")
    #expect(article.metadata.lang == "ar")
    #expect(article.text.contains("هذه فقرة طويلة من مقال عربي"))
  }

  @Test func aWindows1252PageDeclaredOnlyInMetaIsDecoded() throws {
    let paragraph = "<p>Caf\u{E9} owners said \u{201C}we open early\u{201D}, and the na\u{EF}ve critics, who had never tasted the cr\u{E8}me, agreed that the place deserved a long review in full.</p>"
    let page = "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1252\"><title>Caf\u{E9}</title></head><body><article>"
      + String(repeating: paragraph, count: 4) + "</article></body></html>"
    let bytes = try #require(page.data(using: .windowsCP1252))
    #expect(String(data: bytes, encoding: .utf8) == nil, "the page must not be valid UTF-8")
    let article = try ArticleExtractor.extract(data: bytes, url: Self.pageURL)
    #expect(article.text.contains("Caf\u{E9} owners said \u{201C}we open early\u{201D}"))
    #expect(article.text.contains("cr\u{E8}me"))
  }

  @Test func linksAreResolvedAgainstThePageAddress() throws {
    let page = "<html><body><article>\(Self.prose("link", count: 4))<p>See <a href=\"../notes.html\">the notes</a> and <a href=\"javascript:void(0)\">nothing</a>, both mentioned in passing here.</p></article></body></html>"
    let article = try Self.extract(page)
    #expect(article.html.contains("<a href=\"https://news.example.com/2026/notes.html\">the notes</a>"))
    #expect(!article.html.contains("javascript"))
  }

  /// Issue 33 item 9: every URL attribute the cleaned HTML keeps has an allowed scheme as a browser parses
  /// it (tab, CR and LF removed, leading controls and spaces stripped), with a base address and without.
  @Test(arguments: [pageURL, nil] as [URL?])
  func onlyAllowedSchemesLeaveTheExtractor(base: URL?) throws {
    let hostile = [
      "java&#9;script:alert(1)", "java&#10;script:alert(2)", "java&#13;script:alert(3)", "&#1; javascript:alert(4)",
      "JaVa&#x09;ScRiPt:alert(5)", "vbscript:msgbox(6)", "file:///etc/passwd", "data:text/html,<script>alert(7)</script>",
      "jav&#x0A;ascript&#x0D;:alert(8)",
    ]
    let attributes = hostile.enumerated().map { index, url in
      """
      <p>Item \(index) has <a href="\(url)">a link</a>, a picture <img src="\(url)" alt="p\(index)"> and a quote
      <q cite="\(url)">said</q>, in a sentence long enough to count as prose for the extractor here.</p>
      <iframe src="\(url)//www.youtube.com/embed/x\(index)"></iframe><video src="\(url)"></video>
      """
    }.joined(separator: "\n")
    let page = """
      <html><body><article>\(Self.prose("scheme", count: 4))\(attributes)
      <p>Write to <a href="mailto:desk@example.com">the desk</a> or read <a href="https://example.org/a">this</a>,
      and look at <img src="data:image/png;base64,AAAA" alt="dot">, a picture written inline in the page.</p>
      </article></body></html>
      """
    let article = try ArticleExtractor.extract(data: Data(page.utf8), url: base)
    let html = article.html
    var kept: [(tag: String, key: String, value: String)] = []
    let pattern = try Regex(#"<(\w+)[^>]*?\s(href|src|data|cite)="([^"]*)""#)
    var rest = html[...]
    while let match = rest.firstMatch(of: pattern) {
      let tag = String(match.output[1].substring ?? "")
      let key = String(match.output[2].substring ?? "")
      kept.append((tag, key, String(match.output[3].substring ?? "")))
      rest = rest[match.range.upperBound...]
    }
    for (tag, key, value) in kept {
      let scheme = value.prefix { $0 != ":" }.lowercased()
      let allowed = ["http", "https", "mailto"].contains(scheme) || (tag == "img" && key == "src" && scheme == "data")
      #expect(allowed, "\(tag) \(key)=\"\(value)\"")
    }
    #expect(!html.lowercased().contains("script:"))
    #expect(html.contains("href=\"mailto:desk@example.com\""))
    #expect(html.contains("href=\"https://example.org/a\""))
    #expect(html.contains("src=\"data:image/png;base64,AAAA\""))
    let rendered = StyledText(html: html, baseURL: base)
    #expect(rendered.links.allSatisfy { ["http", "https", "mailto"].contains($0.prefix { $0 != ":" }.lowercased()) })
  }

  @Test func metadataComesFromMetaJSONLDAndTheDocument() throws {
    let page = """
      <html lang="en"><head><title>Tides explained - Coast Weekly</title>
      <meta property="og:site_name" content="Coast Weekly">
      <meta name="description" content="Why the sea rises twice a day.">
      <meta property="og:image" content="/img/tide.jpg">
      <script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"Tides explained",
        "datePublished":"2026-05-01T08:00:00Z","author":[{"@type":"Person","name":"Ada Wave"},{"@type":"Person","name":"Bo Shore"}]}</script>
      </head><body><article>\(Self.prose("tide"))</article></body></html>
      """
    let article = try Self.extract(page)
    #expect(article.metadata.title == "Tides explained")
    #expect(article.metadata.byline == "Ada Wave, Bo Shore")
    #expect(article.metadata.publishedTime == "2026-05-01T08:00:00Z")
    #expect(article.metadata.siteName == "Coast Weekly")
    #expect(article.metadata.excerpt == "Why the sea rises twice a day.")
    #expect(article.metadata.leadImage == "https://news.example.com/img/tide.jpg")
    #expect(article.metadata.lang == "en")

    let timed = "<html><head><title>A short walk through the old harbour town</title></head><body><article><p class=\"byline\">By Cy Quay</p><time datetime=\"2025-12-24\">Christmas Eve</time>\(Self.prose("walk"))</article></body></html>"
    let second = try Self.extract(timed)
    #expect(second.metadata.publishedTime == "2025-12-24")
    #expect(second.metadata.byline == "By Cy Quay")
    #expect(second.metadata.title == "A short walk through the old harbour town")
  }

  /// A template that closes the document after its header and prints the article afterwards: browsers
  /// show the article (`StrayContent`), so the extractor reads it, in order, headed by nothing of the menu.
  @Test func contentAfterTheDocumentsEndIsTheBodys() throws {
    let page = """
      <html><head><title>Outsourcing, six ways</title></head><body>
      <header><nav><ul><li><a href="/services">Services</a></li><li><a href="/blog">Blogs</a></li></ul></nav></header>
      </body></html>
      <div class="post"><h1>Outsourcing, six ways</h1>\(Self.prose("outsourcing", count: 3))</div>
      <html><body><div class="more">\(Self.prose("staffing", count: 2))</div></body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("The outsourcing paragraph 1") && text.contains("The outsourcing paragraph 3"))
    #expect(!text.contains("Services"))
    // Everything after the end tags is in the one body, in order.
    let root = try #require(ArticleExtractor.parse(Data(page.utf8), charset: "UTF-8"))
    let bodies = root.descendants(["body"])
    #expect(bodies.count == 1)
    let body = try #require(bodies.first).innerText
    let first = try #require(body.range(of: "The outsourcing paragraph 1"))
    let last = try #require(body.range(of: "The staffing paragraph 2"))
    #expect(first.upperBound <= last.lowerBound)
  }

  /// Generated worst cases for the extractor's passes (docs/ROBUSTNESS.md), each about 1.5 MB: a search per
  /// `<br>` or `<noscript>` and the title's words rebuilt per heading made them take from 30 s to minutes.
  /// Every pass is linear now and reads the clock as it goes, so each ends (an article, or `tooSlow` at
  /// the 3 s limit) within a bound far above a normal page on a loaded machine and far below that.
  static let worstCases: [(name: String, page: String)] = {
    let size = 1_500_000
    let prose = "<p>" + String(repeating: "word, ", count: 2_000) + "</p>"
    let longTitle = (0..<20_000).map { "word\($0)" }.joined(separator: " ")
    func body(_ unit: String, head: String = "") -> String {
      "<html><head>\(head)</head><body><div>" + String(repeating: unit, count: size / unit.utf8.count) + prose
        + "</div></body></html>"
    }
    return [
      ("a<br>", body("a<br>")),
      ("a<br><br>", body("a<br><br>")),
      ("<br> before <p>", body("<br><br> <p>text, text</p>")),
      ("headings and a long title", body("<h2>a heading here</h2><p>text</p>", head: "<title>\(longTitle)</title>")),
      ("noscript pictures", body("<img src=a.png><noscript><img src=b.png></noscript>")),
      ("hidden siblings", body("<div hidden>x</div>")),
      ("inputs", body("<p>word, word, word and more words here</p><input>")),
      ("paragraphs in the body", "<html><body>" + String(repeating: "<p>a short line, here</p>", count: size / 26) + "</body></html>"),
      (
        "streamed segments",
        "<html><body><div>" + (0..<15_000).map { "<!--$?--><template id=\"B:\($0)\"></template><p>wait</p><!--/$-->" }.joined()
          + (0..<15_000).map { "<div hidden id=\"S:\($0)\"><p>text, text</p></div>" }.joined() + prose + "</div></body></html>"
      ),
    ]
  }()

  @Test(.serialized, arguments: worstCases.indices)
  func worstCasePagesEndInBoundedTime(index: Int) {
    let (name, page) = Self.worstCases[index]
    let start = ContinuousClock.now
    _ = try? Self.extract(page)
    let elapsed = ContinuousClock.now - start
    #expect(elapsed < .seconds(20), "\(name): \(elapsed)")
  }

  @Test func hostilePagesAreBounded() throws {
    let deep = String(repeating: "<div>", count: 20_000) + Self.prose("deep") + String(repeating: "</div>", count: 20_000)
    let start = ContinuousClock.now
    _ = try? Self.extract(deep)
    #expect(ContinuousClock.now - start < .seconds(10))

    let huge = Data(repeating: UInt8(ascii: "a"), count: ArticleExtractor.maxBytes + 1)
    #expect(throws: ExtractionError.tooLarge(limit: ArticleExtractor.maxBytes)) {
      try ArticleExtractor.extract(data: huge)
    }
    #expect(throws: ExtractionError.unreadable) { try ArticleExtractor.extract(data: Data()) }
    let controls = "<html><body><article>\(Self.prose("escape"))<p>Bell \u{07} and CSI \u{9B}31m here in the text of the story.</p></article></body></html>"
    let article = try Self.extract(controls)
    #expect(!article.text.unicodeScalars.contains { $0.value == 0x07 || $0.value == 0x9B })
    #expect(!article.html.unicodeScalars.contains { $0.value == 0x07 || $0.value == 0x9B })
  }
}
