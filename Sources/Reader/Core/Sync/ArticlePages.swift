import Foundation

/// The `stream/contents` pages of a sync as a chain of fetches running ahead of the store
/// (docs/DECISIONS.md, "The first sync near the wire"). Each page's request goes out as soon as the
/// page before it has arrived — its continuation taken from the answer's last bytes, before the page is
/// read — so the server works on page n+1 while page n is read and page n−1 stored, and a slow store
/// (a checkpoint, a busy core) never leaves the server idle. At most `window` pages are fetched or
/// waiting ahead of the store. After the last page the read state is asked for, as before only once
/// every article page has been served: an article the server gains later is on no page and in no id
/// list, so it cannot be misread as read (the next sync brings it).
extension Synchronizer {
  /// One link of the chain: a page, read, and what comes after it.
  struct FetchedPage: Sendable {
    var page: GReader.StreamContents
    var next: Next
  }

  enum Next: Sendable {
    case page(Task<Result<FetchedPage, SyncError>, Never>)
    /// After the last page: the read state (nil when the pages give it), and the warning when paging
    /// was cut short.
    case states(Task<Result<RemoteStates, SyncError>, Never>?, pagingWarning: String?)
  }

  /// Starts the chain at `continuation` (nil: the first page); with `readState`, the read state is
  /// asked for after the last page. The caller gives `window` a permit back for every page it has
  /// stored, and closes it when it stops, which ends the chain.
  func pageChain(since: Int?, continuation: String?, paging: PageGuard, window: PageWindow, readState: Bool)
    -> Task<Result<FetchedPage, SyncError>, Never>
  {
    Task {
      let cancelled = SyncError("Sync: cancelled.")
      guard await window.acquire() else { return .failure(cancelled) }
      // A task dropped for a wrong guess gives its permit back (the window is closed at the sync's end,
      // which stops any fetch still waiting).
      if Task.isCancelled {
        await window.release()
        return .failure(cancelled)
      }
      var query: [(String, String)] = [("n", String(pageSize))]
      if let since { query.append(("ot", String(since))) }
      if let continuation { query.append(("c", continuation)) }
      let data: Data
      do throws(SyncError) {
        data = try await client.get("stream/contents/" + GReader.readingList, query)
      } catch {
        return .failure(error)
      }
      // The next page is asked for now, on the continuation the answer ends with; reading this one
      // confirms it (a wrong guess, only from a server writing its answer another way, is dropped).
      var guessed = paging
      let hint = guessed.follow(GReader.continuationHint(data))
      let early = hint.map { pageChain(since: since, continuation: $0, paging: guessed, window: window, readState: readState) }
      if Task.isCancelled {
        await Self.abandon(early, window: window)
        await window.release()
        return .failure(cancelled)
      }
      let page: GReader.StreamContents
      do throws(SyncError) {
        page = try GReader.read(from: data, what: "stream/contents", GReader.StreamContents.init(reading:))
      } catch {
        early?.cancel()
        return .failure(error)
      }
      var paging = paging
      let next = page.items.isEmpty ? nil : paging.follow(page.continuation)
      if let early, next == hint { return .success(FetchedPage(page: page, next: .page(early))) }
      await Self.abandon(early, window: window)
      if let next {
        let chain = pageChain(since: since, continuation: next, paging: paging, window: window, readState: readState)
        return .success(FetchedPage(page: page, next: .page(chain)))
      }
      let states = readState ? Task { await remoteStates() } : nil
      return .success(FetchedPage(page: page, next: .states(states, pagingWarning: paging.warning)))
    }
  }

  /// Stops a link asked for on a wrong guess. Cancelled, it gives its permit back itself; fetched before
  /// the cancel reached it, its permit is given back here and what it started after it is stopped too,
  /// so no permit is lost to a page nobody stores.
  static func abandon(_ link: Task<Result<FetchedPage, SyncError>, Never>?, window: PageWindow) async {
    guard let link else { return }
    link.cancel()
    guard case .success(let fetched) = await link.value else { return }
    await window.release()
    switch fetched.next {
    case .page(let next): await abandon(next, window: window)
    case .states(let states, _): states?.cancel()
    }
  }
}

/// At most `size` pages fetched ahead of the store: a fetch waits for a permit, the store gives one
/// back for each page it has stored. Closed, it lets no fetch start (the sync has ended early).
actor PageWindow {
  private var free: Int
  private var waiting: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
  private var nextID = 0
  private var closed = false

  init(size: Int) { free = size }

  /// False once closed, or when the task waiting is cancelled: the fetch is not made.
  func acquire() async -> Bool {
    if closed || Task.isCancelled { return false }
    if free > 0 {
      free -= 1
      return true
    }
    let id = nextID
    nextID += 1
    // The handler's hop onto this actor comes after the append: the actor is busy until the wait.
    return await withTaskCancellationHandler {
      await withCheckedContinuation { waiting.append((id, $0)) }
    } onCancel: {
      Task { await self.stopWaiting(id) }
    }
  }

  func release() {
    if waiting.isEmpty { free += 1 } else { waiting.removeFirst().continuation.resume(returning: !closed) }
  }

  func close() {
    closed = true
    for waiter in waiting { waiter.continuation.resume(returning: false) }
    waiting.removeAll()
  }

  private func stopWaiting(_ id: Int) {
    guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
    waiting.remove(at: index).continuation.resume(returning: false)
  }
}

extension GReader {
  /// The `continuation` of a `stream/contents` answer read from its last bytes, where FreshRSS puts it
  /// (`…],"continuation":"1732…"}`), so the next page can be asked for before this one is read. Only a
  /// plain value (no escapes, at most 200 bytes) as the last member is taken; anything else is nil, and
  /// the next page waits for the read.
  static func continuationHint(_ data: Data) -> String? {
    let tail = Array(data.suffix(256))
    var i = tail.count - 1
    func skipSpace() { while i >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(tail[i]) { i -= 1 } }
    func expect(_ byte: UInt8) -> Bool {
      guard i >= 0, tail[i] == byte else { return false }
      i -= 1
      return true
    }
    skipSpace()
    guard expect(UInt8(ascii: "}")) else { return nil }
    skipSpace()
    guard expect(UInt8(ascii: "\"")) else { return nil }
    let end = i + 1
    while i >= 0, tail[i] != UInt8(ascii: "\"") {
      guard tail[i] >= 0x20, tail[i] != UInt8(ascii: "\\"), end - i <= 200 else { return nil }
      i -= 1
    }
    guard i >= 0 else { return nil }
    let value = tail[(i + 1)..<end]
    i -= 1
    skipSpace()
    guard expect(UInt8(ascii: ":")) else { return nil }
    skipSpace()
    for byte in "\"continuation\"".utf8.reversed() { guard expect(byte) else { return nil } }
    skipSpace()
    guard i >= 0, tail[i] == UInt8(ascii: ",") || tail[i] == UInt8(ascii: "{") else { return nil }
    return String(decoding: value, as: UTF8.self)
  }
}
