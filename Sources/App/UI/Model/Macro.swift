import ScreenKit

/// A config `macro KEY command ; command …` line (newsboat's), run by the macro prefix key (`,`) then
/// KEY: its steps in order, each an action (as `bind-key` names it) or `set SETTING VALUE` on one of the
/// settings a run can change (`settable`) — the `mpv` and "other browser" macros set the browser, open
/// the link, and set it back.
public struct Macro: Equatable, Sendable {
  public enum Step: Equatable, Sendable {
    case action(Action)
    case set(String, String)
  }

  public var steps: [Step]

  public init(steps: [Step]) { self.steps = steps }

  /// The settings `set` may change while the reader runs: the programs links are handed to.
  public static let settable = ["browser", "player"]

  /// The key that starts a macro: newsboat's.
  public static let prefix = Key.character(",")

  /// The steps of a macro line's words after its key (`;` separates commands, alone or ending a word),
  /// or the problem.
  public static func parse(_ words: ArraySlice<String>) -> Result<Macro, MacroProblem> {
    var commands: [[String]] = [[]]
    for word in words {
      if word == ";" {
        commands.append([])
      } else if word.hasSuffix(";") && word.count > 1 {
        commands[commands.count - 1].append(String(word.dropLast()))
        commands.append([])
      } else {
        commands[commands.count - 1].append(word)
      }
    }
    var steps: [Step] = []
    for command in commands where !command.isEmpty {
      if command[0] == "set" {
        guard command.count == 3 else { return .failure(MacroProblem("\"set\" takes a setting and one value (quote a value with spaces)")) }
        guard settable.contains(command[1]) else {
          return .failure(MacroProblem("\"set \(command[1])\" cannot change while the reader runs (macros may set \(settable.joined(separator: ", ")))"))
        }
        steps.append(.set(command[1], command[2]))
      } else {
        guard command.count == 1, let action = Action(configName: command[0]) else {
          return .failure(MacroProblem("\"\(command.joined(separator: " "))\" is neither an action (as bind-key names them) nor set SETTING VALUE"))
        }
        steps.append(.action(action))
      }
    }
    guard !steps.isEmpty else { return .failure(MacroProblem("no command after the key")) }
    return .success(Macro(steps: steps))
  }
}

/// Why a `macro` line was not taken.
public struct MacroProblem: Error, Equatable {
  public var message: String
  init(_ message: String) { self.message = message }
}
