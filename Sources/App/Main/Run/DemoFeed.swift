import Foundation
import Reader

/// The demo feed the reader opens when no feed is configured (DESIGN §6), compiled into the binary rather
/// than shipped as a resource: an installed or copied `splitfeed` is one file and still opens it.
/// Edit the XML in place; it is a raw string, so quotes and backslashes are written as they are.
enum DemoFeed {
  /// The address the demo is cached under (never fetched).
  static let url = "splitfeed:demo"

  /// The demo feed in a scratch cache.
  static func scratchCache() throws -> (Cache, [CachedFeed]) {
    let feed = try FeedParser.parse(data: Data(xml.utf8), url: URL(string: url)).feed
    return try ScratchCache.make([(url, feed)])
  }

  static let xml = #"""
<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"
     xmlns:content="http://purl.org/rss/1.0/modules/content/"
     xmlns:dc="http://purl.org/dc/elements/1.1/"
     xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>splitfeed demo</title>
    <link>https://splitfeed.example/</link>
    <description>Notes on adaptive layouts, split views, popovers and reading feeds in the terminal. This is the demo feed bundled with splitfeed, so you have something pleasant to read before you add your own subscriptions.</description>
    <language>en-us</language>
    <lastBuildDate>Mon, 02 Mar 2026 09:30:00 GMT</lastBuildDate>
    <generator>splitfeed demo generator</generator>
    <atom:link href="https://splitfeed.example/feed.xml" rel="self" type="application/rss+xml"/>
    <item>
      <title>Understanding Self Sizing Cells and Dynamic Type in iOS 8</title>
      <link>https://splitfeed.example/articles/self-sizing-cells-dynamic-type</link>
      <guid isPermaLink="true">https://splitfeed.example/articles/self-sizing-cells-dynamic-type</guid>
      <dc:creator>Mika Sato</dc:creator>
      <pubDate>Mon, 02 Mar 2026 09:15:00 GMT</pubDate>
      <description>Why the article list in splitfeed grows and shrinks with your text size, and the small iOS 8 idea that inspired it.</description>
      <content:encoded><![CDATA[
<p>Before iOS 8, every table view cell had to answer one awkward question up front: <em>how tall are you?</em> You computed it by hand in <code>heightForRowAtIndexPath</code>, usually by measuring strings with a font you hoped the user had not changed. Then Apple shipped <strong>self-sizing cells</strong>, and the question quietly went away.</p>
<h2>The two-line change</h2>
<p>The whole feature hangs on an estimate and a sentinel value. You tell the table roughly how tall a row will be, and then you tell it to work out the real height from Auto Layout constraints:</p>
<pre><code>override func viewDidLoad() {
    super.viewDidLoad()
    tableView.estimatedRowHeight = 88.0
    tableView.rowHeight = UITableViewAutomaticDimension

    NSNotificationCenter.defaultCenter().addObserver(self,
        selector: "preferredContentSizeChanged:",
        name: UIContentSizeCategoryDidChangeNotification,
        object: nil)
}

func preferredContentSizeChanged(notification: NSNotification) {
    tableView.reloadData()
}

// In the cell subclass:
titleLabel.font = UIFont.preferredFontForTextStyle(UIFontTextStyleHeadline)
titleLabel.numberOfLines = 0
</code></pre>
<p>The estimate matters more than it looks. The table uses it to size the scroll indicator before it has measured anything, so a wildly wrong guess makes the scroll bar jump around as rows come into view.</p>
<h2>Dynamic Type is the reason it matters</h2>
<p>Self-sizing cells would be a nice convenience on their own, but they exist because of <a href="https://developer.apple.com/documentation/uikit/uifont/scaling_fonts_automatically">Dynamic Type</a>. Once users can pick anything from a tiny font to a huge accessibility size, a fixed row height stops making sense. The cell has to grow with the text, or the text gets cut off.</p>
<h3>What splitfeed borrowed</h3>
<p>A terminal has no points or font sizes, but it has the same problem in another form: the window width decides how many lines a title wraps onto. splitfeed measures every title against the current column width (counting <em>display cells</em>, not bytes) and gives each row exactly the height it needs, up to a limit of three lines. Resize the window and the list re-flows, like a table view after a content-size-category change.</p>
<p>If you have never seen a title clipped with an ellipsis&hellip; scroll down a little. One of the articles below has a title long enough to show you.</p>
]]></content:encoded>
    </item>
    <item>
      <title>ターミナルで読む日本語のフィード</title>
      <link>https://splitfeed.example/articles/japanese-feeds-in-the-terminal</link>
      <guid isPermaLink="true">https://splitfeed.example/articles/japanese-feeds-in-the-terminal</guid>
      <dc:creator>佐藤 美香</dc:creator>
      <pubDate>Tue, 18 Nov 2025 21:40:00 +0900</pubDate>
      <description>全角文字、折り返し、そして文字幅の話。CJK text in a fixed-width world.</description>
      <content:encoded><![CDATA[
<p>ターミナルで日本語のフィードを読むと、まず気になるのは<strong>文字幅</strong>です。ASCII の文字は 1 セル、ひらがなや漢字は 2 セルを使います。この違いを無視すると、タイトルの折り返し位置がずれたり、右端の枠線が崩れたりします。</p>
<p>splitfeed では、各文字の表示幅を <code>wcwidth()</code> で調べてから行を組み立てます。たとえば「日本語」は 3 文字ですが、画面上では 6 セルです。<br>
バイト数で数えると 9 バイトになるので、三つの数え方がすべて違うことになります。</p>
<p>Numeric character references are handy for testing this: &#x65E5;&#x672C;&#x8A9E; should render exactly like 日本語, and &#12354;&#12356;&#12358; like あいう. If the two versions look different in your terminal, the bug is in the decoder, not the font.</p>
<p>もう一つの注意点は<em>禁則処理</em>です。句読点「、」「。」や閉じ括弧「」」が行頭に来ないようにするのが日本語組版の基本ですが、ターミナルでは完全な禁則処理は難しいので、splitfeed では最低限のルールだけを実装しています。</p>
<p>最後に、フォントの話を少しだけ。等幅フォントでも、日本語のグリフが正確に 2 セル幅になっているとは限りません。表示が崩れる場合は、まずフォント設定を確認してみてください。&#12371;&#12428;&#12391;&#32066;&#12431;&#12426;&#12391;&#12377;&#12290;</p>
]]></content:encoded>
    </item>
    <item>
      <title>Q&amp;A: Why Does My Split View Collapse When I Rotate the iPad?</title>
      <link>https://splitfeed.example/articles/qa-split-view-collapse</link>
      <guid isPermaLink="true">https://splitfeed.example/articles/qa-split-view-collapse</guid>
      <dc:creator>Owen Hartley</dc:creator>
      <pubDate>Tue, 10 Jun 2025 07:05:00 -0700</pubDate>
      <description>Reader questions about collapsing, expanding and the secondary view controller, answered in one place.</description>
      <content:encoded><![CDATA[
<p>This one comes up more than any other question in the inbox, so here is a proper answer. A reader writes:</p>
<blockquote><p>My <code>UISplitViewController</code> shows both columns on the iPad in landscape, but when I open it in Slide Over it suddenly shows only the detail screen, with no way back to the list. What am I doing wrong?</p></blockquote>
<p>Nothing, really. You are seeing the split view <strong>collapse</strong>. When the horizontal size class becomes <em>compact</em>, the split view turns its two columns into a single navigation stack. By default it keeps the secondary (detail) view controller on top, on the assumption that whatever the user was looking at is what matters most.</p>
<p>The fix is to implement the delegate method <code>splitViewController(_:collapseSecondaryViewController:ontoPrimaryViewController:)</code> and return <code>true</code> when the detail screen is empty. Returning <code>true</code> means &ldquo;I handled it&rdquo;&nbsp;&mdash; the split view throws the secondary away and shows the primary list instead.</p>
<p>A follow-up question: <em>&ldquo;What about the opposite direction?&rdquo;</em> When the window widens again, the split view <strong>separates</strong>, and you can decide what to put in the new secondary column. Apple&rsquo;s <a href="https://developer.apple.com/documentation/uikit/uisplitviewcontroller">UISplitViewController reference</a> covers both callbacks, and the WWDC 2014 session <a href="https://developer.apple.com/videos/play/wwdc2014/216/">Building Adaptive Apps with UIKit</a> is still the best walkthrough.</p>
<p>In splitfeed the same rule applies to terminal width: below 80 columns the list and the reader collapse into one pane, and an empty reader is never shown on its own. Press <kbd>Esc</kbd> and you are back at the list.</p>
]]></content:encoded>
    </item>
    <item>
      <title>Rebuilding the Master-Detail Layout From Scratch: What Three Years of Terminal Split Views, Floating Popovers, Resize Storms and Wide Characters Taught Us About Adaptive Design Far Beyond the Phone Screen</title>
      <link>https://splitfeed.example/articles/rebuilding-master-detail</link>
      <guid isPermaLink="true">https://splitfeed.example/articles/rebuilding-master-detail</guid>
      <dc:creator>Priya Raman</dc:creator>
      <pubDate>Tue, 03 Dec 2024 18:30:00 +0530</pubDate>
      <description>A retrospective on the layout engine, and a deliberately long title so you can watch it wrap and truncate.</description>
      <content:encoded><![CDATA[
<p>Yes, the title is too long. That is on purpose: it is here so you can watch the list clip it to three lines and add an ellipsis. Everything below it is a real retrospective, though.</p>
<p>The first version of splitfeed&rsquo;s layout code was a single function that drew two boxes side by side. It worked fine until the window got narrower than the sum of the two boxes, and then it drew garbage. The second version added an <code>if</code>. The third version added several more. By the fourth, we admitted that we were reinventing <em>size classes</em> badly, and started again.</p>
<p>The rewrite treats the screen as a tree of containers, each of which can ask its parent one question: <strong>how much room do I have?</strong> The answer comes back as a pair of classes, <em>compact</em> or <em>regular</em>, one for each axis. Containers never look at raw column counts except to draw. This one rule removed almost every layout bug we had.</p>
<p>The second lesson was about time. A resize is not an event, it is a storm: dragging a window corner can produce dozens of size changes per second. Laying out on every one of them made the UI flicker. Coalescing them, and re-laying out at most once per frame, made it feel solid.</p>
<p>The third lesson was humility about text. Measuring a string sounds easy until the string contains combining accents (caf&eacute;, written with a separate accent mark), emoji built from several code points, or Hangul syllables. We now measure by grapheme cluster and display width, and we test with real feeds from around the world.</p>
]]></content:encoded>
    </item>
    <item>
      <title>Building a Simple Barcode Reader App in Swift</title>
      <link>https://splitfeed.example/articles/barcode-reader-swift</link>
      <guid isPermaLink="true">https://splitfeed.example/articles/barcode-reader-swift</guid>
      <dc:creator>Jonas Berg</dc:creator>
      <pubDate>Wed, 17 Jan 2024 11:00:00 EST</pubDate>
      <description>AVFoundation can find barcodes for you. Here is the smallest app that uses it, step by step.</description>
      <content:encoded><![CDATA[
<p>Since iOS 7, <strong>AVFoundation</strong> has been able to detect barcodes and QR codes in the camera feed, with no third-party library needed. This walkthrough builds the smallest useful scanner: point the camera at a code, see its value on screen.</p>
<img src="https://splitfeed.example/images/barcode-scanner.png" alt="An iPhone pointed at the EAN-13 barcode on the back of a paperback, with a green rectangle drawn around the detected code" width="640" height="400">
<h2>Steps</h2>
<ol>
  <li>Create a single-view project and add <code>NSCameraUsageDescription</code> to <em>Info.plist</em>.</li>
  <li>Create an <code>AVCaptureSession</code> and attach the default video device as input.</li>
  <li>Add an <code>AVCaptureMetadataOutput</code> and choose which barcode types you care about.</li>
  <li>Show a preview layer so the user can aim.</li>
  <li>Handle the delegate callback and display the decoded string.</li>
</ol>
<h3>The capture setup</h3>
<pre><code>let captureSession = AVCaptureSession()
let device = AVCaptureDevice.defaultDeviceWithMediaType(AVMediaTypeVideo)
var error: NSError?
let input = AVCaptureDeviceInput.deviceInputWithDevice(device, error: &amp;error) as AVCaptureDeviceInput
captureSession.addInput(input)

let output = AVCaptureMetadataOutput()
captureSession.addOutput(output)
output.setMetadataObjectsDelegate(self, queue: dispatch_get_main_queue())
output.metadataObjectTypes = [AVMetadataObjectTypeQRCode, AVMetadataObjectTypeEAN13Code]

let codes: Array&lt;String&gt; = []
captureSession.startRunning()
</code></pre>
<p>Order matters here: set <code>metadataObjectTypes</code> <em>after</em> adding the output to the session. If you set it earlier, the list of available types is still empty, and the assignment fails with an exception.</p>
<h3>Getting the value</h3>
<p>Each detected code arrives as an <code>AVMetadataMachineReadableCodeObject</code> with a <code>stringValue</code> and a set of corner points. Convert the object through the preview layer&rsquo;s <code>transformedMetadataObjectForMetadataObject</code> and you can draw a box exactly where the code appears on screen.</p>
<p>That is the whole app: roughly sixty lines, and no network access required.</p>
]]></content:encoded>
    </item>
    <item>
      <title>Handling SIGWINCH Without Tearing the Screen</title>
      <link>https://splitfeed.example/articles/sigwinch-without-tearing</link>
      <guid isPermaLink="true">https://splitfeed.example/articles/sigwinch-without-tearing</guid>
      <dc:creator>Owen Hartley</dc:creator>
      <pubDate>sometime last spring</pubDate>
      <description>Terminal resize signals, the self-pipe trick, and why this article's date looks odd.</description>
      <content:encoded><![CDATA[
<p>If the date on this article looks strange, that is deliberate. Its <code>pubDate</code> is not a valid RFC&nbsp;822 date, so splitfeed cannot parse it and shows the raw text instead. Real feeds do this more often than you would expect.</p>
<p>Now, the actual topic. When you resize a terminal window, the kernel sends the foreground process group a <strong>SIGWINCH</strong> signal. The tempting thing is to redraw the screen right there in the signal handler. <em>Don&rsquo;t.</em> Almost nothing is async-signal-safe: not <code>malloc</code>, not stdio, and certainly not curses.</p>
<p>The classic fix is the <a href="https://cr.yp.to/docs/selfpipe.html">self-pipe trick</a>. The handler writes a single byte to a pipe, and the main loop, which is already waiting on stdin with <code>poll()</code>, wakes up and sees the pipe is readable. From there it is ordinary code: query the new size with <code>ioctl(TIOCGWINSZ)</code>, tell curses with <code>resizeterm()</code>, lay out, redraw.</p>
<p>Two details make it feel smooth. First, drain the pipe completely and only re-lay out once, however many bytes were waiting. Second, do all drawing to an off-screen buffer and flush it in one go with <code>doupdate()</code>, so a half-drawn frame never reaches the terminal.</p>
]]></content:encoded>
    </item>
    <item>
      <title>Size Classes for the Terminal</title>
      <link>https://splitfeed.example/articles/size-classes-for-the-terminal</link>
      <guid isPermaLink="true">https://splitfeed.example/articles/size-classes-for-the-terminal</guid>
      <dc:creator>Priya Raman</dc:creator>
      <pubDate>Thu, 14 Sep 2023 16:20:00 PDT</pubDate>
      <description>How splitfeed maps column and row counts onto compact and regular size classes.</description>
      <content:encoded><![CDATA[
<p>iOS 8 replaced a pile of device checks with two abstract traits: a <strong>horizontal</strong> and a <strong>vertical</strong> size class, each either <em>compact</em> or <em>regular</em>. Code asks &ldquo;am I compact?&rdquo; instead of &ldquo;am I an iPhone?&rdquo;, and keeps working on devices that did not exist when it was written.</p>
<p>splitfeed does the same with terminal dimensions. The thresholds are deliberately coarse:</p>
<table>
  <thead>
    <tr><th>Terminal size</th><th>Horizontal</th><th>Vertical</th><th>Layout</th></tr>
  </thead>
  <tbody>
    <tr><td>&lt; 80 columns</td><td>compact</td><td>&mdash;</td><td>single pane, stack navigation</td></tr>
    <tr><td>80&ndash;119 columns</td><td>regular</td><td>&mdash;</td><td>list and reader side by side</td></tr>
    <tr><td>&ge; 120 columns</td><td>regular</td><td>&mdash;</td><td>feeds, list and reader</td></tr>
    <tr><td>&lt; 24 rows</td><td>&mdash;</td><td>compact</td><td>status bar hidden</td></tr>
  </tbody>
</table>
<p>Notice that there is no &ldquo;large&rdquo; class. Apple resisted adding one for years, and we followed them. Two states per axis is few enough to test by hand, and once a layout is regular it should simply use the extra room well.</p>
<p>For the Apple side of the story, the <a href="https://developer.apple.com/design/human-interface-guidelines/layout">Human Interface Guidelines on layout</a> still have the clearest table of which device gets which class.</p>
]]></content:encoded>
    </item>
    <item>
      <title>Streaming Feeds With libxml2's xmlTextReader</title>
      <link>https://splitfeed.example/articles/libxml2-streaming</link>
      <guid isPermaLink="true">https://splitfeed.example/articles/libxml2-streaming</guid>
      <dc:creator>Jonas Berg</dc:creator>
      <pubDate>Tue, 07 Feb 2023 08:00:00 +0000</pubDate>
      <description>&lt;p&gt;A summary-only entry: some feeds publish just a teaser. This one explains why splitfeed parses feeds with a &lt;strong&gt;pull parser&lt;/strong&gt; instead of building a DOM, and how that keeps a 40&amp;nbsp;MB podcast feed from using 400&amp;nbsp;MB of memory. Follow the link to read the rest on the &lt;em&gt;web&lt;/em&gt;.&lt;/p&gt;</description>
    </item>
    <item>
      <title>Wide Characters in ncurses: A Field Guide</title>
      <link>https://splitfeed.example/articles/ncurses-wide-characters</link>
      <guid isPermaLink="true">https://splitfeed.example/articles/ncurses-wide-characters</guid>
      <dc:creator>Lucía Ferrer</dc:creator>
      <pubDate>Tue, 30 Aug 2022 12:45:00 GMT</pubDate>
      <description>ncursesw, locales, cchar_t and the handful of mistakes everyone makes once.</description>
      <content:encoded><![CDATA[
<p>ncurses has supported wide characters for a long time, but it is easy to link the wrong library or forget one line of setup and end up with mojibake. Here is the checklist we wish we had started with.</p>
<h2>Setup</h2>
<ul>
  <li><strong>Link the right library.</strong>
    <ul>
      <li>On most Linux distributions that is <code>-lncursesw</code>, not <code>-lncurses</code>.</li>
      <li>On macOS the system ncurses is already wide-capable, but old versions have bugs; Homebrew&rsquo;s is newer.</li>
    </ul>
  </li>
  <li><strong>Set the locale before <code>initscr()</code>.</strong>
    <ul>
      <li>Call <code>setlocale(LC_ALL, "")</code> first thing in <code>main</code>.</li>
      <li>Check that the result mentions UTF-8; if it does not, warn the user instead of guessing.</li>
    </ul>
  </li>
  <li><strong>Use the wide API for output.</strong>
    <ul>
      <li><code>mvadd_wch</code> with a <code>cchar_t</code> for single characters.</li>
      <li><code>mvaddwstr</code> or <code>mvaddnwstr</code> for strings.</li>
      <li>Combining marks travel <em>inside</em> the <code>cchar_t</code> of their base character, not in a cell of their own.</li>
    </ul>
  </li>
</ul>
<h3>The mistakes</h3>
<p>The most common bug is counting characters where you should count cells. A title like &#x201C;&#x5317;&#x4EAC; travel notes&#x201D; is 17 characters but 19 cells wide. The second most common is splitting a double-width character across the right edge of a pane: the terminal will either wrap it or drop it, and in both cases your border moves. splitfeed pads with a space instead.</p>
<p>The third is trusting <code>wcwidth()</code> for emoji. Its tables lag behind Unicode, so a recent emoji may measure as 1 cell and draw as 2. We ship our own width table and regenerate it with every Unicode release.</p>
]]></content:encoded>
    </item>
    <item>
      <title>SQLite as a Feed Cache: Small, Boring, Perfect</title>
      <link>https://splitfeed.example/articles/sqlite-feed-cache</link>
      <guid isPermaLink="true">https://splitfeed.example/articles/sqlite-feed-cache</guid>
      <dc:creator>Mika Sato</dc:creator>
      <pubDate>Tue, 12 Oct 2021 10:10:00 -0700</pubDate>
      <description>Why splitfeed keeps articles in a single SQLite file, and the three pragmas that matter.</description>
      <content:encoded><![CDATA[
<p>Every feed reader needs somewhere to put articles between runs. We tried flat JSON files first. They were simple until two splitfeed windows ran at once and both rewrote the same file. We moved to <a href="https://www.sqlite.org/">SQLite</a> and have not looked back.</p>
<p>The schema is almost embarrassingly small: one table of feeds, one of articles, and an index on <code>(feed_id, published_at)</code>. Read state is a nullable timestamp rather than a boolean, which gives us &ldquo;read since&rdquo; queries for free.</p>
<p>Three settings do most of the work. <code>journal_mode=WAL</code> lets a reader and a writer work at the same time, which is exactly what happens when a background refresh runs while you scroll. <code>synchronous=NORMAL</code> is safe with WAL and much faster than the default. And <code>busy_timeout</code> means a second process waits briefly instead of failing with <em>database is locked</em>.</p>
<p>Deduplication is the only subtle part. Feeds change GUIDs, drop them, or reuse them, so we key articles on the GUID when there is one and fall back to a hash of link &amp; title when there is not. It is not perfect, but it is predictable, and that is what matters.</p>
<p>One final tip: run <code>PRAGMA optimize</code> on exit. It costs a few milliseconds and keeps the query planner&rsquo;s statistics fresh as your archive grows.</p>
]]></content:encoded>
    </item>
    <item>
      <title>Reading Without Letting Go of the Home Row</title>
      <link>https://splitfeed.example/articles/keyboard-driven-reading</link>
      <guid isPermaLink="true">https://splitfeed.example/articles/keyboard-driven-reading</guid>
      <dc:creator>Lucía Ferrer</dc:creator>
      <pubDate>Thu, 16 Apr 2020 22:00:00 +0900</pubDate>
      <description>The key bindings of splitfeed, and the thinking behind them.</description>
      <content:encoded><![CDATA[
<p>splitfeed is designed to be used entirely from the keyboard. The bindings borrow from <em>vi</em>, <em>less</em> and mail clients, because your fingers probably already know them.</p>
<ul>
  <li><kbd>j</kbd> / <kbd>k</kbd> &mdash; next and previous article</li>
  <li><kbd>Space</kbd> &mdash; page down in the reader, or open the next unread article at the end</li>
  <li><kbd>Enter</kbd> &mdash; open the selected article</li>
  <li><kbd>Tab</kbd> &mdash; move focus between panes</li>
  <li><kbd>o</kbd> &mdash; open the link in your browser</li>
  <li><kbd>m</kbd> &mdash; toggle read / unread</li>
  <li><kbd>?</kbd> &mdash; show every binding in a popover</li>
</ul>
<p>The <kbd>Space</kbd> key deserves a word. It does the obvious thing until there is nothing left to scroll, and then it moves on. You can read a whole feed by pressing one key, which is the most relaxing way we have found to catch up after a week away.<br>
No modifier keys, no chords, no reaching.</p>
<p>Focus is always visible: the focused pane has a bright border, the other a dim one. That matters more than it sounds when the terminal is split in three and you have just come back from making tea.</p>
]]></content:encoded>
    </item>
    <item>
      <title>RSS, Atom and JSON Feed: One Model, Three Formats</title>
      <link>https://splitfeed.example/articles/feed-formats-compared</link>
      <guid isPermaLink="true">https://splitfeed.example/articles/feed-formats-compared</guid>
      <dc:creator>Priya Raman</dc:creator>
      <pubDate>Tue, 10 Dec 2019 14:30:00 EST</pubDate>
      <description>The same ideas spelled three different ways, and how splitfeed normalises them.</description>
      <content:encoded><![CDATA[
<p>Under the syntax, the three popular feed formats describe nearly the same thing: a channel with a title and a list of dated entries. The differences are in the details, and the details are where parsers break.</p>
<h2>Field by field</h2>
<table>
  <tr><th>Concept</th><th>RSS 2.0</th><th>Atom</th><th>JSON Feed</th></tr>
  <tr><td>Entry</td><td><code>item</code></td><td><code>entry</code></td><td><code>items[]</code></td></tr>
  <tr><td>Identifier</td><td><code>guid</code> (optional)</td><td><code>id</code> (required)</td><td><code>id</code> (required)</td></tr>
  <tr><td>Date</td><td>RFC 822</td><td>RFC 3339</td><td>RFC 3339</td></tr>
  <tr><td>Full content</td><td><code>content:encoded</code></td><td><code>content</code></td><td><code>content_html</code></td></tr>
</table>
<h3>Dates are the worst part</h3>
<p>RSS dates use the old RFC 822 form: <code>Tue, 10 Dec 2019 14:30:00 EST</code>. It allows named zones like <em>EST</em> and <em>PDT</em>, two-digit years in old feeds, and plenty of real-world variation. Atom and <a href="https://www.jsonfeed.org/version/1.1/">JSON Feed</a> use RFC 3339, which is far stricter. splitfeed tries both, then a few common mistakes, and if nothing matches it shows the raw text rather than inventing a date.</p>
<h3>Content is the other worst part</h3>
<p>RSS lets <code>description</code> hold either plain text or escaped HTML, with no way to tell which. We guess by looking for tags and entities like <code>&amp;lt;p&amp;gt;</code>. Atom&rsquo;s <code>type</code> attribute removes the guesswork, and JSON Feed splits the two into separate fields. Guess which format we enjoy parsing most.</p>
]]></content:encoded>
    </item>
    <item>
      <title>Popovers Without a Pointer</title>
      <link>https://splitfeed.example/articles/popovers-without-a-pointer</link>
      <guid isPermaLink="true">https://splitfeed.example/articles/popovers-without-a-pointer</guid>
      <dc:creator>Owen Hartley</dc:creator>
      <pubDate>Fri, 23 Jun 2017 09:00:00 PDT</pubDate>
      <description>Another summary-only entry. In iOS 8, &lt;code&gt;UIPopoverPresentationController&lt;/code&gt; turned popovers into ordinary presentations that adapt to a full screen when space is tight. splitfeed&amp;#8217;s help and feed-picker popovers work the same way: anchored and floating in a wide terminal, full-pane in a narrow one &amp;mdash; and always dismissed with &lt;kbd&gt;Esc&lt;/kbd&gt;.</description>
    </item>
    <item>
      <title>Accessibility Starts With Text</title>
      <link>https://splitfeed.example/articles/accessibility-starts-with-text</link>
      <guid isPermaLink="true">https://splitfeed.example/articles/accessibility-starts-with-text</guid>
      <dc:creator>Mika Sato</dc:creator>
      <pubDate>Tue, 08 Mar 2016 19:15:00 +0530</pubDate>
      <description>A terminal app is not automatically accessible. Some notes on screen readers, contrast and motion.</description>
      <content:encoded><![CDATA[
<p>It is tempting to assume that a text-only interface is accessible by default. It is a good start, but it is not enough on its own. Screen readers read what is on the screen, and a terminal screen full of box-drawing characters, spinners and redrawn status lines is noisy to listen to.</p>
<blockquote>
<p>The question is not whether your app shows text. It is whether someone who cannot see the layout can still tell where they are.</p>
</blockquote>
<p>splitfeed makes a few concrete choices here. The cursor always sits on the selected row, because many screen readers follow it. There is a <strong>plain mode</strong> (<code>--plain</code>) that drops borders and spinners and prints a short line when focus changes between panes. Colours are never the only signal: unread articles are marked with a bullet as well as bold text.</p>
<p>Contrast matters too. The default theme uses your terminal&rsquo;s own foreground and background, so if you have already chosen a high-contrast palette, splitfeed will use it. The only hard-coded colours are in the optional themes, and each one was checked against WCAG&nbsp;AA contrast ratios.</p>
<p>Finally, motion: splitfeed never animates anything on its own. Scrolling happens when you press a key, and the refresh indicator is one static character. Calm by default is a good rule for any reader.</p>
]]></content:encoded>
    </item>
    <item>
      <title>Adaptive Layouts in iOS 8: A First Look</title>
      <link>https://splitfeed.example/articles/adaptive-layouts-first-look</link>
      <guid isPermaLink="true">https://splitfeed.example/articles/adaptive-layouts-first-look</guid>
      <dc:creator>Jonas Berg</dc:creator>
      <pubDate>Wed, 17 Sep 2014 17:00:00 GMT</pubDate>
      <description>iOS 8 is out today. Trait collections, size classes and a split view that finally works on the iPhone.</description>
      <content:encoded><![CDATA[
<p>iOS 8 shipped today, and the part of it that will change how we write apps is not the most visible one. It is the quiet move from <em>device idioms</em> to <strong>trait collections</strong>.</p>
<p>Until now, a universal app usually contained two apps: an iPhone layout and an iPad layout, chosen by checking <code>UIDevice.currentDevice().userInterfaceIdiom</code>. With larger iPhones arriving, that split no longer holds. A 5.5-inch phone in landscape has room for more than a phone layout, but much less than an iPad.</p>
<p>Trait collections describe the environment instead of the hardware. A view controller can react when its traits change:</p>
<pre><code>override func traitCollectionDidChange(previousTraitCollection: UITraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    if traitCollection.horizontalSizeClass == .Compact {
        stackDetailBelowList()
    } else {
        showDetailBesideList()
    }
}
</code></pre>
<p>The best news is that <code>UISplitViewController</code> now works on the iPhone as well. On a compact width it collapses into a navigation stack; on a regular width it shows both columns. One controller and one storyboard can serve both, and the same code is ready for whatever screen sizes come next&hellip; including, as it turns out, an 80&times;24 terminal.</p>
]]></content:encoded>
    </item>
  </channel>
</rss>
"""#
}
