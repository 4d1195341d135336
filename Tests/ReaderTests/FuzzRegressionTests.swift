import Foundation
@_spi(Fuzzing) import Reader
import Testing
@testable import TextLayout

/// Replays every input the libFuzzer targets (Fuzz/, `scripts/fuzz`) ever failed on, through the same entry
/// point and with the same invariants as the fuzzer, so a fixed crash stays fixed without a sanitizer build.
/// The inputs live in `Fixtures/fuzz/<target>/`, one file each, named after what they broke.
@Suite("Fuzzer findings stay fixed")
struct FuzzRegressionTests {
  static func inputs(_ target: String) -> [URL] {
    let folder = Fixture.directory.appendingPathComponent("fuzz/\(target)")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
  }

  /// C0 controls, DEL and C1 controls: what must never reach the terminal.
  static func control(in text: String) -> Unicode.Scalar? {
    text.unicodeScalars.first { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
  }

  @Test(arguments: inputs("FuzzFeedParser"))
  func feedParser(_ file: URL) throws {
    let data = try Data(contentsOf: file)
    guard let result = try? FeedParser.parse(data: data, url: URL(string: "https://example.com/feeds/fuzz.xml"))
    else { return }
    for title in [result.feed.title] + result.feed.items.map(\.title) {
      #expect(Self.control(in: title) == nil, "\(title.debugDescription)")
      #expect(!title.hasPrefix(" ") && !title.hasSuffix(" "), "\(title.debugDescription)")
    }
  }

  @Test(arguments: inputs("FuzzDates"))
  func dates(_ file: URL) throws {
    let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
    guard let date = DateParser.parse(text) else { return }
    let seconds = date.timeIntervalSince1970
    // Years 0000–9999, offsets up to ±18 h.
    #expect(seconds.isFinite && seconds >= -62_167_284_000 && seconds < 253_402_365_600)
    // The parser reads its own RFC 3339 spelling of the instant back as the same instant.
    let whole = Int(seconds.rounded(.down))
    // An offset can carry year 9999 into UTC year 10000 (or 0000 into -1), which no 4-digit spelling reaches.
    guard let iso = Self.rfc3339(whole) else { return }
    let back = try #require(DateParser.parse(iso), "\(iso)")
    #expect(back.timeIntervalSince1970 == Double(whole), "\(text.debugDescription) → \(iso)")
  }

  /// The sync target's invariants: dates, lengths and the server clock in range, text within the cap.
  @Test(arguments: inputs("FuzzSyncJSON"))
  func syncJSON(_ file: URL) throws {
    let data = try Data(contentsOf: file)
    if let page = SyncPages.contents(data) {
      if let time = page.serverTime { #expect(time >= 0 && Double(time) <= StoredDate.latest) }
      for (_, item) in page.items {
        for date in [item.published, item.updated].compactMap({ $0 }) {
          #expect((StoredDate.earliest...StoredDate.latest).contains(date.timeIntervalSince1970))
        }
        for length in item.enclosures.compactMap(\.length) { #expect(SyncPages.enclosureLengths.contains(length)) }
        #expect((item.content?.utf8.count ?? 0) <= SyncPages.maxFieldBytes)
      }
    }
    if let page = SyncPages.itemIDs(data) { #expect(page.ids.allSatisfy { !$0.isEmpty }) }
  }

  @Test(arguments: inputs("FuzzHTML"))
  func html(_ file: URL) throws {
    let html = String(decoding: try Data(contentsOf: file), as: UTF8.self)
    let text = StyledText(html: html, baseURL: URL(string: "https://example.com/posts/fuzz.html"))
    for width in [1, 2, 7, 31, 80] {
      for line in text.wrap(width: width) {
        #expect(line.width <= width, "\(line.text.debugDescription) at width \(width)")
        #expect(Self.control(in: line.text) == nil, "\(line.text.debugDescription)")
      }
    }
  }

  /// Crashed inside FoundationXML (an attribute name that is not UTF-8); now a clear error.
  @Test(arguments: inputs("FuzzUserFiles"))
  func userFiles(_ file: URL) throws {
    let data = try Data(contentsOf: file)
    #expect(throws: OPMLError.self) { try OPML.parse(data) }
    _ = UrlsFile.parse(bytes: data)
  }

  /// GIFs of a few dozen bytes declaring a wide, empty canvas within the pixel budget (10241 × 508 up to
  /// 30209 × 256): decoded, the canvas took over 10 s to shrink in the fuzzer's instrumented build, about
  /// 5 s in a debug build; sampled down to the kept size it takes milliseconds.
  @Test(arguments: inputs("FuzzImage"))
  func image(_ file: URL) throws {
    guard case .success(let bitmap) = ImageDecoder.decode(try Data(contentsOf: file)) else { return }
    #expect(bitmap.width <= ImageDecoder.keptWidth && bitmap.pixels.count == bitmap.width * bitmap.height * 4)
  }

  /// `YYYY-MM-DDThh:mm:ssZ` by Howard Hinnant's civil-from-days, independent of the parser under test
  /// and of Foundation's calendar (which turns Julian before 1582); nil outside years 0000–9999.
  static func rfc3339(_ epochSeconds: Int) -> String? {
    let days = Int((Double(epochSeconds) / 86_400).rounded(.down))
    let rest = epochSeconds - days * 86_400
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    guard (0...9999).contains(year) else { return nil }
    func pad(_ v: Int, _ n: Int) -> String { String(repeating: "0", count: max(0, n - String(v).count)) + String(v) }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(rest / 3_600, 2)):\(pad(rest % 3_600 / 60, 2)):\(pad(rest % 60, 2))Z"
  }
}
