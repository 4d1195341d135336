import Foundation
import Reader
import ScreenKit
import Synchronization

/// One run of a user action or `pipe-to`, as it comes back from the background (`.actionFinished`).
public struct ActionRun: Sendable {
  /// Which run (the model's counter), so a cancelled run's late result is recognised.
  public var run: Int
  /// The action's name, or the program `pipe-to` ran.
  public var name: String
  public var articleID: Int64
  /// `--show`: the output goes to the article pane.
  public var shows: Bool
  public var seconds: Int
  public var result: Result<ChildProgram.Captured, ChildProgram.Failure>

  /// How a run ended, as the status line says it.
  public enum Outcome: Equatable, Sendable {
    case succeeded(shown: Bool, truncated: Bool)
    /// A status other than 0, with the first line the program wrote (its own words for the failure).
    case exited(status: Int32, firstLine: String?)
    case timedOut(seconds: Int)
    case cancelled
    case notStarted(reason: String)

    public var isFailure: Bool {
      if case .succeeded = self { return false }
      return true
    }

    func text(_ name: String) -> String {
      switch self {
      case .succeeded(let shown, let truncated):
        (shown ? "\(name)'s output (Back or f: the article)" : "\(name) ran and exited with status 0")
          + (truncated ? "; its output past 1 MiB was dropped." : ".")
      case .exited(let status, let line):
        "\(name) failed: exited with status \(status)" + (line.map { ": " + $0 } ?? ".")
      case .timedOut(let seconds): "\(name) ran past \(seconds) s and was stopped (action-timeout)."
      case .cancelled: "\(name) was cancelled."
      case .notStarted(let reason): "\(name): \(reason)"
      }
    }
  }

  var outcome: Outcome {
    switch result {
    case .failure(let failure): return .notStarted(reason: failure.description)
    case .success(let captured):
      switch captured.ending {
      case .timedOut: return .timedOut(seconds: seconds)
      case .cancelled: return .cancelled
      case .exited(0): return .succeeded(shown: shows, truncated: captured.truncated)
      case .exited(let status):
        let first = String(decoding: captured.output.prefix(4096), as: UTF8.self)
          .split(whereSeparator: \.isNewline).first.map { String(TerminalText.sanitized($0).prefix(160)) }
        return .exited(status: status, firstLine: first)
      }
    }
  }
}

/// The config's `action` lines and `pipe-to` run on the open article (DESIGN §8: programs run without a
/// shell, bounded in time and output like a feed): each run is a `ChildProgram.capture` on a thread of
/// its own, reporting back as `.actionFinished`; a failure is one notice and changes nothing. It owns
/// the output a `--show` action put in the article pane (`output`), until Back, `f` or another article.
@MainActor
public final class UserActions {
  /// What a `--show` action printed, shown in place of article `articleID`'s text.
  public struct Output: Equatable, Sendable {
    public var articleID: Int64
    public var name: String
    public var text: String
  }

  private let configuration: UIConfiguration
  private let events: EventQueue
  private let board: StatusBoard
  public private(set) var output: Output?
  /// Bumped when `output` changes: the article pane lays its text out again.
  public private(set) var revision = 0
  private var running: [Int: (cancel: Cancel, shows: Bool)] = [:]
  private var lastRun = 0

  /// A run's cancel flag, read by the runner's thread.
  private final class Cancel: Sendable {
    let flag = Atomic(false)
  }

  init(configuration: UIConfiguration, events: EventQueue, board: StatusBoard) {
    self.configuration = configuration
    self.events = events
    self.board = board
  }

  /// Runs the `action` line named `name` on `article`: its words with `%u` and `%t` expanded, the
  /// article's JSON on stdin.
  func run(named name: String, on article: ActionArticle, id: Int64) {
    guard let action = configuration.userActions[name] else { return }
    start(
      name: name, argv: action.arguments(url: article.url, title: article.title), input: article.json, articleID: id,
      shows: action.shows)
  }

  /// `pipe-to`: `line` split into words as the config's lines are (quotes group, never a shell), the
  /// article's plain text on stdin.
  func pipe(_ line: String, article: ActionArticle, id: Int64) {
    switch LineTokenizer.words(Substring(line)) {
    case .failure(let error): board.line.notify(.actionEnded(name: "pipe-to", .notStarted(reason: "\(error)")))
    case .success(let words):
      guard let program = words.first else { return board.line.notify(.cancelled) }
      start(name: program, argv: words, input: Data(article.text.utf8), articleID: id, shows: false)
    }
  }

  private func start(name: String, argv: [String], input: Data, articleID: Int64, shows: Bool) {
    lastRun += 1
    let run = lastRun
    let cancel = Cancel()
    running[run] = (cancel, shows)
    let seconds = configuration.actionTimeout
    let limits = ChildProgram.Limits(timeout: .seconds(seconds), outputBytes: 1 << 20)
    let events = events
    board.line.progress = .actionStarted(name: name)
    DispatchQueue.global(qos: .userInitiated).async {
      let result = ChildProgram.capture(argv, input: input, limits: limits) { cancel.flag.load(ordering: .relaxed) }
      events.post(
        .actionFinished(
          ActionRun(run: run, name: name, articleID: articleID, shows: shows, seconds: seconds, result: result)))
    }
  }

  /// Stops every run still going (quit); each reports back as cancelled.
  func cancelAll() {
    for run in running.values { run.cancel.flag.store(true, ordering: .relaxed) }
  }

  /// Back, `f` or another article: the output goes, the article's text comes back.
  func hideOutput() {
    guard output != nil else { return }
    output = nil
    revision += 1
  }

  /// Another article was opened: a `--show` action still running for the last one is stopped, since
  /// nothing would show its output (it reports back as cancelled); other actions run on.
  func articleChanged() {
    hideOutput()
    for run in running.values where run.shows { run.cancel.flag.store(true, ordering: .relaxed) }
  }

  /// A run ended: one notice saying how; a `--show` action's output replaces the article's text while
  /// that article is still the open one.
  func apply(_ event: Event, selected: Int64?) {
    guard case .actionFinished(let run) = event, running.removeValue(forKey: run.run) != nil else { return }
    if running.isEmpty, case .actionStarted? = board.line.progress { board.line.progress = nil }
    let outcome = run.outcome
    if run.shows, case .success(let captured) = run.result, case .succeeded = outcome, selected == run.articleID {
      output = Output(articleID: run.articleID, name: run.name, text: String(decoding: captured.output, as: UTF8.self))
      revision += 1
    }
    board.line.notify(.actionEnded(name: run.name, outcome))
  }
}
