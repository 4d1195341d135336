/// Web pages as news sites serve them, for the full-article tests: the article among navigation, a
/// sidebar, a share bar, comments, a newsletter box and a footer — everything the extractor must leave
/// out — a front page of headlines (a listing), and a sign-in wall, which has no article.
public enum NewsPage {
  /// The paragraph `n` of the article: unique words (`story3word`…) so a test can tell exactly which text
  /// shows, and long enough with commas to read as prose.
  public static func paragraph(_ n: Int) -> String {
    "Paragraph \(n) of the story, with story\(n)word one, then story\(n)word two, told at length so that it reads "
      + "like the body of a real article, which a reader opened to read in full, from the first line to the last."
  }

  /// A whole article page: `paragraphs` paragraphs (see `paragraph(_:)`) under the heading `title`.
  public static func article(title: String = "The river in spring", paragraphs: Int = 12) -> String {
    let body = (1...paragraphs).map { "<p>\(paragraph($0))</p>" }.joined(separator: "\n")
    return """
      <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>\(title) | The Example Times</title>
      <meta property="og:site_name" content="The Example Times">
      <meta property="article:published_time" content="2026-05-01T08:00:00Z">
      <script>window.analytics = "SCRIPTTEXT";</script><style>body { color: black }</style></head>
      <body>
      <header class="site-header"><a href="/">The Example Times</a>
        <nav class="menu"><ul><li><a href="/world">World</a></li><li><a href="/sport">Sport</a></li>
        <li><a href="/navigationlink">Navigationlink</a></li></ul></nav></header>
      <div class="cookie-banner">We use cookies. Cookiebannertext accept all.</div>
      <div class="page">
        <main class="content">
          <article>
            <h1>\(title)</h1>
            <p class="byline">By Ada Writer</p>
            <div class="share-tools"><a href="/share/fb">Share</a> <a href="/share/tw">Tweet</a> Sharebartext</div>
            \(body)
          </article>
          <section id="comments" class="comments"><h2>Comments</h2>
            <div class="comment"><p>Commenttext: first! This comment is long enough to be a paragraph of its own, with
            commas, and opinions, and more words than a teaser would have, but it is not the article.</p></div>
          </section>
        </main>
        <aside class="sidebar"><h3>Most read</h3><ul>
          <li><a href="/a">Sidebarlink one about something else entirely</a></li>
          <li><a href="/b">Sidebarlink two about another thing</a></li></ul>
          <div class="newsletter"><p>Newsletterbox: sign up for our newsletter to get the news every morning.</p>
          <form><input type="email"><button>Subscribe</button></form></div></aside>
      </div>
      <footer class="site-footer"><p>Footertext © The Example Times. All rights reserved.</p></footer>
      </body></html>
      """
  }

  /// A page with no main content at all: a sign-in wall (a front page is a listing, and shows its items).
  public static func signInWall() -> String {
    "<!DOCTYPE html><html><head><title>The Example Times</title></head><body><h1>Subscribers only</h1>"
      + "<p>Sign in to keep reading.</p><form action=\"/login\"><input name=\"user\"><input type=\"password\">"
      + "<button>Sign in</button></form></body></html>"
  }

  /// A front page: a list of headlines, no prose (the extractor shows the list itself).
  public static func frontPage(stories: Int = 30) -> String {
    let items = (1...stories).map { "<li><a href=\"/story/\($0)\">Headline \($0): something happened today</a></li>" }
    return "<!DOCTYPE html><html><head><title>The Example Times</title></head><body><h1>The Example Times</h1>"
      + "<ul class=\"headlines\">\(items.joined())</ul></body></html>"
  }
}

/// An article's data table and how the article pane lays it out at two widths.
public enum PlanetsTable {
  public static let html = """
    <table><tr><th>Planet</th><th>Moons</th><th>Notes</th></tr>
    <tr><td>Mercury</td><td>0</td><td>closest to the Sun</td></tr>
    <tr><td>Jupiter</td><td>95</td><td>the largest, a gas giant</td></tr>
    <tr><td>Neptune</td><td>16</td><td>windy</td></tr></table>
    """

  /// The first row's start, to find the table on a screen.
  public static let firstRow = "Planet  │"

  /// Wide enough for every cell on one line (80 columns).
  public static let wide = [
    "Planet  │ Moons │ Notes",
    "────────┼───────┼─────────────────────────",
    "Mercury │ 0     │ closest to the Sun",
    "Jupiter │ 95    │ the largest, a gas giant",
    "Neptune │ 16    │ windy",
  ]

  /// At 40 columns: a long note wraps inside its column.
  public static let narrow = [
    "Planet  │ Moons │ Notes",
    "────────┼───────┼─────────────────────",
    "Mercury │ 0     │ closest to the Sun",
    "Jupiter │ 95    │ the largest, a gas",
    "        │       │ giant",
    "Neptune │ 16    │ windy",
  ]

  /// The screen's rows from the one holding `first`, from its column on, trimmed at the right.
  public static func rows(_ screen: [String], from first: String = firstRow, count: Int) -> [String] {
    guard let start = screen.firstIndex(where: { $0.contains(first) }), let range = screen[start].range(of: first) else { return [] }
    let column = screen[start].distance(from: screen[start].startIndex, to: range.lowerBound)
    return screen[start..<min(screen.count, start + count)].map { line in
      var row = String(line.dropFirst(column))
      while row.last == " " { row.removeLast() }
      return row
    }
  }
}
