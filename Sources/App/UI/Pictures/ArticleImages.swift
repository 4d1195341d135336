import Foundation
import Pixels
import Reader
import TextLayout

/// `inline-images`, as the user wrote it: how the article pane draws pictures. `auto` is resolved at start
/// from what the terminal answers (`GraphicsProbe`, docs/MANUAL.md "Pictures") into the run's `PictureMode`, which
/// is passed down beside this setting, never written over it; `kitty` and `sixel` name the protocol the
/// terminal draws them with, `cells` half blocks; `off` shows the alt text.
public enum InlineImages: String, CaseIterable, Sendable {
  case auto, kitty, sixel, cells, off

  /// The mode this setting gives without asking the terminal (not a terminal, `off`, a backend that asks
  /// none): the protocol it names, else cells. Only the start asks (`GraphicsDetection`), and only for
  /// `auto`, `kitty` and `sixel`; the setting itself is kept as written.
  public var unasked: PictureMode {
    switch self {
    case .kitty: .kitty
    case .sixel: .sixel
    case .auto, .cells, .off: .cells
    }
  }
}

/// `fetch-pictures`: when the article's pictures are fetched. A picture fetched tells its server that
/// the article was read (a tracking pixel is made for nothing else), so the user may wait for `i`, or
/// never fetch them (docs/MANUAL.md "Pictures").
public enum FetchPictures: String, CaseIterable, Sendable {
  case onOpen = "on-open"
  case onKey = "on-key"
  case never
}

/// The pictures of the articles shown, by address: fetched and decoded off the main thread a few at a
/// time (`ImageLoader`), the result back as `.imageLoaded`. Kept in memory within one byte budget for
/// every decoded picture (`maxBytes`, docs/ROBUSTNESS.md), the least recently asked
/// for going first (the disk cache keeps the files); `revision` changes with every picture that arrives,
/// so the article pane lays its text out again.
@MainActor
public final class ArticleImages {
  public enum State: Sendable {
    case loading
    case loaded(Bitmap)
    case failed(ImageFailure)
    /// Not asked for, ever: a tracking pixel (`isTracker`).
    case skipped
  }

  /// A picture whose page declares it at most 2 pixels wide or tall: a tracking pixel, which shows
  /// nothing and is only there to tell its server the article was read, so it is never fetched, whatever
  /// `fetch-pictures` says.
  public static func isTracker(_ reference: ImageReference) -> Bool {
    (reference.declaredWidth.map { $0 <= 2 } ?? false) || (reference.declaredHeight.map { $0 <= 2 } ?? false)
  }

  private let fetcher: Fetcher
  private let disk: ImageDiskCache?
  private let events: EventQueue
  private let heavy: HeavyWork
  private let lanes: FetchLanes?
  private(set) var states: [String: State] = [:]
  /// Addresses, least recently asked for first; one still loading keeps its place, and is weighed (and
  /// may go) once it has arrived. Before, an address dropped while loading was never dropped again: 400
  /// pictures held 0.9 GB for the rest of the run.
  private var recent: [String] = []
  /// Addresses to load, with whether each refuses the user's own network.
  private var waiting: [(url: String, refusingLocal: Bool)] = []
  private var running = 0
  /// The bytes of the decoded pictures in `states`, at most `maxBytes` once a picture has arrived.
  public private(set) var keptBytes = 0
  public private(set) var revision = 0
  /// One object per picture in memory, so a frame's placements compare equal while it stays the same.
  private var pictures: [String: Picture] = [:]
  /// Sixel pictures by `sixelKey`: being made ready in the heavy lane (false) or ready (true).
  private var sixels: [String: Bool] = [:]
  /// The kitty graphics ids of the pictures drawn at one size (`KittyImageIDs`).
  var kittyIDs = KittyImageIDs()

  static let maxRunning = 4
  /// The decoded pictures' budget: 32 of the largest kept (480 × 1,080), over a hundred of a usual size.
  public static let maxBytes = 64 << 20
  /// The most addresses remembered, failed ones included (those weigh nothing in `maxBytes`).
  static let maxKept = 1_000
  /// An address among the last this many asked for stays in place when asked again (a layout asks for
  /// every picture of the article each time).
  static let recentTail = 32

  init(fetcher: Fetcher, disk: ImageDiskCache?, events: EventQueue, heavy: HeavyWork = .shared, lanes: FetchLanes? = nil) {
    self.fetcher = fetcher
    self.disk = disk
    self.events = events
    self.heavy = heavy
    self.lanes = lanes
  }

  /// The picture at `url`, asking for it the first time; `refusingLocal`: it is linked from a feed on the
  /// internet, so it is not fetched from the user's own network (`LocalNetwork`). A picture refused so is
  /// asked for again when a local feed shows it.
  public func state(of url: String, refusingLocal: Bool = false) -> State {
    if case .failed(.localAddress) = states[url], !refusingLocal {
      states[url] = nil
      recent.removeAll { $0 == url }
    }
    if let state = states[url] {
      if let index = recent.lastIndex(of: url), index < recent.count - Self.recentTail {
        recent.remove(at: index)
        recent.append(url)
      }
      return state
    }
    states[url] = .loading
    recent.append(url)
    waiting.append((url, refusingLocal))
    startWaiting()
    return .loading
  }

  /// The picture at `url` for the terminal's own graphics, once loaded.
  func picture(of url: String) -> Picture? {
    if let picture = pictures[url] { return picture }
    guard case .loaded(let bitmap) = states[url] else { return nil }
    let picture = Picture(bitmap)
    pictures[url] = picture
    return picture
  }

  /// The picture at `url` for sixel at `width` × `height` pixels, once its palette and dithering at that
  /// size are made (`Picture.prepareSixel`), in the heavy lane, started the first time it is asked:
  /// until then its cells stay blank and `.picturePrepared` lays the text out again, so the main thread
  /// never waits for the costly part of a sixel stream (DESIGN §1, pictures; docs/DECISIONS.md, "Sixel
  /// that looks like the picture").
  func sixelPicture(of url: String, width: Int, height: Int) -> Picture? {
    guard let picture = picture(of: url) else { return nil }
    let key = "\(url)#\(width)x\(height)"
    if let ready = sixels[key] { return ready ? picture : nil }
    if sixels.count >= Self.maxKept { sixels = [:] }
    sixels[key] = false
    let (heavy, events) = (self.heavy, self.events)
    Task.detached {
      _ = try? await heavy.run { picture.prepareSixel(fitting: width, height) }
      events.post(.picturePrepared(key: key))
    }
    return nil
  }

  /// A sixel picture is ready (`.picturePrepared`).
  func prepared(_ key: String) {
    guard sixels[key] == false else { return }
    sixels[key] = true
    revision += 1
  }

  /// A picture arrived (`.imageLoaded`).
  public func loaded(_ url: String, _ result: Result<Bitmap, ImageFailure>) {
    running -= 1
    switch result {
    case .success(let bitmap):
      states[url] = .loaded(bitmap)
      keptBytes += bitmap.pixels.count
    case .failure(let failure): states[url] = .failed(failure)
    }
    revision += 1
    dropLeastRecent(keeping: url)
    startWaiting()
  }

  /// Forgets the least recently asked for pictures that have arrived until the kept ones fit `maxBytes`
  /// and `maxKept`, but never `arrived` (it is about to be drawn; asked again at once, it would load again).
  private func dropLeastRecent(keeping arrived: String) {
    var index = 0
    while keptBytes > Self.maxBytes || recent.count > Self.maxKept, index < recent.count {
      let url = recent[index]
      let loading = if case .loading = states[url] { true } else { false }
      if loading || url == arrived {
        index += 1
        continue
      }
      recent.remove(at: index)
      if case .loaded(let bitmap) = states.removeValue(forKey: url) { keptBytes -= bitmap.pixels.count }
      pictures[url] = nil
      sixels = sixels.filter { !$0.key.hasPrefix(url + "#") }
    }
  }

  private func startWaiting() {
    while running < Self.maxRunning, !waiting.isEmpty {
      let (url, refusingLocal) = waiting.removeFirst()
      running += 1
      let (fetcher, disk, events, lanes, heavy) = (self.fetcher, self.disk, self.events, self.lanes, self.heavy)
      Task.detached {
        let result = await ImageLoader.load(
          url, fetcher: fetcher, disk: disk, heavy: heavy, lanes: lanes, refusingLocal: refusingLocal)
        events.post(.imageLoaded(url: url, result: result))
      }
    }
  }
}
