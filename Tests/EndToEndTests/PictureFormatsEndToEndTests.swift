import Foundation
import TestSupport
import Testing

/// Picture formats in the binary, in tmux (cells mode): a GIF and a WebP saved under misleading names
/// are drawn as cells (the format is read from the bytes), and an SVG, a GIF bomb and a GIF of 5,000
/// frames show their alt text with the reason.
struct PictureFormatsEndToEndTests {
  @Test func gifAndWebPAreDrawnAndHostilePicturesGiveTheirReason() throws {
    let folder = try RunFolder("splitfeed-formats")
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let site = folder.root.appendingPathComponent("site")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    let files: [(String, Data)] = [
      ("photo.png", TestGIF.file(width: 80, height: 80, frames: [Array(repeating: 1, count: 6400)], frameWidth: 80)),
      ("strip.jpg", TestWebP.green),
      ("chart.png", Data("<svg xmlns='http://www.w3.org/2000/svg' width='100' height='50'/>".utf8)),
      ("bomb.gif", TestGIF.file(width: 50_000, height: 50_000, frames: [[1]], frameWidth: 1)),
      ("flipbook.gif", TestGIF.file(width: 1, height: 1, frames: Array(repeating: [1], count: 5_000), frameWidth: 1)),
    ]
    for (name, data) in files { try data.write(to: site.appendingPathComponent(name)) }
    let server = try TestHTTPServer(serving: site)
    defer { server.stop() }
    let base = "http://127.0.0.1:\(server.port)"
    let html = "<p>Firstpara text.</p><p><img src='\(base)/photo.png' alt='Gif photo'></p>"
      + "<p><img src='\(base)/strip.jpg' alt='Webp strip'></p><p><img src='\(base)/chart.png' alt='Chart'></p>"
      + "<p><img src='\(base)/bomb.gif' alt='Bomb'></p><p><img src='\(base)/flipbook.gif' alt='Flipbook'></p><p>Lastpara text.</p>"
    let escaped = html.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    let feed = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Formats</title>"
      + "<item><title>Five pictures</title><link>\(base)/post.html</link><guid>f1</guid>"
      + "<pubDate>Fri, 01 May 2026 08:00:00 GMT</pubDate><description>\(escaped)</description></item></channel></rss>"
    try feed.write(toFile: folder.root.appendingPathComponent("feed.xml").path, atomically: true, encoding: .utf8)
    try "".write(toFile: folder.configDir + "/config", atomically: true, encoding: .utf8)

    let tmux = try TmuxHarness(
      arguments: ["--layout", "stack", "--config-dir", folder.configDir, "--cache", folder.cacheFile,
                  folder.root.appendingPathComponent("feed.xml").path],
      cols: 80, rows: 60, environment: ["TZ": "UTC", "NO_COLOR": ""])
    defer { tmux.close() }
    try tmux.waitFor(text: "Reloaded")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Five pictures")
    try tmux.send(keys: "Enter")
    let red = "38:5:196"
    let green = "38:5:46"
    try tmux.waitUntil(styled: true, "the GIF and the WebP drawn") { screen in
      ImagesEndToEndTests.picture(red, in: screen) != nil && ImagesEndToEndTests.picture(green, in: screen) != nil
    }
    let styled = try tmux.settledScreen(styled: true)
    let gif = try #require(ImagesEndToEndTests.picture(red, in: styled))
    let webp = try #require(ImagesEndToEndTests.picture(green, in: styled))
    #expect(gif.columns == 10 && gif.rows == 5, "80 × 80: its own 10 columns")
    #expect(webp.columns == 10 && webp.top > gif.top, "80 × 40: its own 10 columns, below the GIF")
    let plain = try tmux.waitUntil("the three refusals") { screen in
      screen.joined(separator: "\n").contains("(animation of more than 1000 frames)")
    }
    let shown = plain.joined(separator: "\n")
    #expect(shown.contains("[image: Chart] (SVG is not shown)"), "\(shown)")
    #expect(shown.contains("[image: Bomb] (too large: 50000×50000)"), "\(shown)")
    #expect(shown.contains("[image: Flipbook] (animation of more than 1000 frames)"), "\(shown)")
    #expect(shown.contains("Gif photo") && shown.contains("Webp strip") && !shown.contains("[image: Gif photo]"))
  }
}
