import Foundation
import Synchronization

/// The regular expressions of `=~` / `!~` (NSRegularExpression syntax, case ignored, as newsboat's
/// matcher ignores case), run inside SQLite by the `splitfeed_regexp` function. A query compiles its
/// pattern once, not once per row: compiled patterns are kept, a few dozen at most.
public enum FilterRegex {
  private static let compiled = Mutex<[String: NSRegularExpressionBox]>([:])
  private static let keep = 64

  /// A wrapper that lets a compiled pattern cross threads: NSRegularExpression is immutable once made,
  /// and matching with it from several threads is documented as safe.
  final class NSRegularExpressionBox: @unchecked Sendable {
    let regex: NSRegularExpression
    init(_ regex: NSRegularExpression) { self.regex = regex }
  }

  static func compile(_ pattern: String) throws -> NSRegularExpression {
    if let box = compiled.withLock({ $0[pattern] }) { return box.regex }
    let regex = try NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
    compiled.withLock { cache in
      if cache.count >= keep { cache.removeAll() }
      cache[pattern] = NSRegularExpressionBox(regex)
    }
    return regex
  }

  /// Whether `text` contains a match of `pattern`; false for a pattern that does not compile (the parser
  /// refuses those, so only a hand-made query meets this).
  ///
  /// Bounded: a pattern such as `(a+)+$` backtracks exponentially, and a hostile title made seconds of
  /// CPU per article, before the first frame and on every reload. Only the first `maxInput` UTF-16 units
  /// are searched, and a search that has used `budget` of its thread's CPU time stops (ICU's progress
  /// callback, asked for with `.reportProgress`) and counts as no match; the pattern is noted for
  /// `takeOverBudget`. CPU time, not the wall clock: on a busy machine a thread waiting for a core would
  /// otherwise run out of budget on an ordinary pattern and drop an article from a list.
  static func matches(_ pattern: String, _ text: String) -> Bool {
    !boundedMatches(pattern, text, all: false).isEmpty
  }

  /// Where `pattern` matches in `text` (UTF-16 ranges, in order), with the same bounds as `matches`: the
  /// first `maxInput` units and `budget` of CPU for the whole search, past which the matches found so far
  /// are all there is. For the config's `highlight` lines, run over every line drawn.
  public static func ranges(of pattern: String, in text: String) -> [NSRange] {
    boundedMatches(pattern, text, all: true)
  }

  private static func boundedMatches(_ pattern: String, _ text: String, all: Bool) -> [NSRange] {
    guard let regex = try? compile(pattern) else { return [] }
    let length = min(text.utf16.count, maxInput)
    // The wall clock first, since it is cheap and ICU reports progress often: CPU time never runs ahead
    // of it. Once the wall budget is spent, the thread's CPU time (a system call) decides: the match
    // stops when it has used another whole budget of CPU from there, so 10–20 ms of CPU in all.
    let wallDeadline = DispatchTime.now().uptimeNanoseconds + budgetNanoseconds
    var cpuDeadline: UInt64?
    var found: [NSRange] = []
    var stopped = false
    regex.enumerateMatches(in: text, options: [.reportProgress], range: NSRange(location: 0, length: length)) { match, _, stop in
      if let match {
        if match.range.length > 0 || !all { found.append(match.range) }  // an empty match still matches
        if !all { stop.pointee = true }
      } else if DispatchTime.now().uptimeNanoseconds > wallDeadline {
        let cpu = threadCPUNanoseconds()
        guard let deadline = cpuDeadline else { return cpuDeadline = cpu + budgetNanoseconds }
        if cpu > deadline {
          stopped = true
          stop.pointee = true
        }
      }
    }
    if stopped { overBudget.withLock { $0[pattern, default: 0] += 1 } }
    return found
  }

  /// Characters of an article's text a pattern is matched against (UTF-16 units, 64 Ki).
  static let maxInput = 65_536
  /// How much CPU one match may use: 10 ms.
  static let budgetNanoseconds: UInt64 = 10_000_000

  /// The CPU time the calling thread has used (also the indexer's measure of its writes' work).
  static func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  private static let overBudget = Mutex<[String: Int]>([:])

  /// The patterns whose matches ran over the budget since the last call, and how many times each; for
  /// the one line a run says about them.
  public static func takeOverBudget() -> [(pattern: String, count: Int)] {
    overBudget.withLock { found in
      defer { found.removeAll() }
      return found.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
  }
}
