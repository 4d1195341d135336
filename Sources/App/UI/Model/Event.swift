import Pixels
import Reader
import ScreenKit
import Synchronization

/// Everything that changes what is on screen. Each one enters through `Screen.handle`, the one door:
/// terminal input, and what background work reports back. Background work never calls into the model or
/// the controllers; it posts one of these and the main loop hands it over.
public enum Event: Sendable {
  case key(Key)
  case mouse(MouseEvent)
  /// The terminal's size, at start and after every settled resize.
  case resize(Size)
  /// Text the terminal marked as pasted: never keys.
  case paste(String)
  /// A reload has fetched and stored `done` of `total` feeds.
  case reloadProgress(done: Int, total: Int)
  case reloadFinished(ReloadRun)
  /// The web page of article `itemID` was fetched; `html` is its main text (already stored).
  case pageFetched(itemID: Int64, html: String)
  case pageFailed(itemID: Int64, notice: Notice)
  /// A picture of an article was fetched and decoded, or why not (`ArticleImages`).
  case imageLoaded(url: String, result: Result<Bitmap, ImageFailure>)
  /// A picture's sixel palette and dithering at one size are made (`ArticleImages.sixelPicture`).
  case picturePrepared(key: String)
  /// The marks and openings handed to the cache writer in one batch are written (or reported failed).
  case marksWritten
  /// `reload-interval` has passed since the last automatic reload.
  case reloadTimer
  /// Typing in the status line's field paused (`TypingPause`); `generation` tells which pause.
  case promptPaused(generation: Int)
  /// How many articles `scope` lists, counted in the background (a search's results).
  case listCounted(ItemScope, count: Int)
  /// Pages of a list in an order no index serves, read in the background (`BackgroundCounts.read`);
  /// `asked` numbers the request.
  case listPagesRead(ItemScope, ListPages, asked: Int)
  /// The query feeds' counts, read in full in the background (`QueryCount`).
  case queryFeedsCounted(QueryCount.Found)
  /// A sync's progress, as one line (`Syncing: articles 200/900…`).
  case syncProgress(String)
  case syncFinished(SyncRun)
  /// The queued marks were sent (how many), or sending failed and they wait for a retry.
  case marksSent(Result<Int, SyncError>)
  /// The wait after a failed send is over: send the queue again.
  case sendRetry
  /// The start-up login with the configured password failed (a token kept from an earlier login may
  /// still work, so nothing else would say so).
  case loginFailed(SyncError)
  /// The search indexer's run `run` has indexed so far (`Indexing`).
  case indexProgress(SearchIndexer.Progress, run: Int)
  /// The search indexer's run `run` ended (nil: it failed, and said so in a `.failure`).
  case indexFinished(SearchIndexer.Progress?, run: Int)
  /// Background work failed in a way the user must hear about (a cache write, say).
  case failure(String)
  /// A user action or `pipe-to` ended (`UserActions`).
  case actionFinished(ActionRun)

  public init(_ input: InputEvent) {
    switch input {
    case .key(let key): self = .key(key)
    case .mouse(let mouse): self = .mouse(mouse)
    case .resize(let size): self = .resize(size)
    case .paste(let text): self = .paste(text)
    }
  }
}

/// Where background work posts its events, from any thread. The main loop takes them in order; posting
/// wakes it through the one callback it registered, so the model never knows who is listening.
public final class EventQueue: Sendable {
  private let state = Mutex(State())

  private struct State {
    var pending: [Event] = []
    var wake: (@Sendable () -> Void)?
  }

  public init() {}

  public func post(_ event: Event) {
    let wake = state.withLock { state in
      state.pending.append(event)
      return state.wake
    }
    wake?()
  }

  /// Called (on the posting thread) after each post; the run loop schedules a drain on the main queue.
  public func onPost(_ wake: @escaping @Sendable () -> Void) {
    state.withLock { $0.wake = wake }
  }

  /// The events posted since the last call, oldest first.
  public func take() -> [Event] {
    state.withLock { state in
      defer { state.pending.removeAll(keepingCapacity: true) }
      return state.pending
    }
  }
}
