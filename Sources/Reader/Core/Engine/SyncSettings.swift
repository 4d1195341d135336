import Foundation

/// The `sync …` lines of the config: which server keeps the subscriptions, read state and stars, who the
/// user is there, and where the password comes from. The password itself is never part of the settings:
/// it is read from its file or its command when a run needs it (`SyncPassword`), so it is never written
/// anywhere by us.
public struct SyncSettings: Equatable, Sendable {
  /// The APIs splitfeed speaks; `sync greader` is the Google Reader API (FreshRSS, Miniflux, Inoreader,
  /// The Old Reader).
  public enum Service: String, CaseIterable, Sendable {
    case greader
  }

  /// Where the password comes from: exactly one of the two settings.
  public enum PasswordSource: Equatable, Sendable {
    /// `sync-password-file`: the file's first line.
    case file(String)
    /// `sync-password-command`: run as this argument vector, no shell; its stdout is the password.
    case command([String])
  }

  /// nil: no sync, the urls file is the list of feeds.
  public var service: Service?
  /// The API's address (FreshRSS: `https://host/api/greader.php`).
  public var url: URL?
  public var user: String?
  public var password: PasswordSource?
  /// `sync-keep-local yes`: the urls file's feeds stay alongside the server's, fetched directly.
  public var keepLocal = false

  public init() {}

  public var isOn: Bool { service != nil }

  /// What the settings lack for a sync, as one sentence naming the missing lines; nil when complete
  /// (or when sync is off). A problem of the `sync` line, and the reason `sync-login` and `reload` fail.
  public var incompleteReason: String? {
    guard let service else { return nil }
    var missing: [String] = []
    if url == nil { missing.append("sync-url") }
    if user == nil { missing.append("sync-user") }
    if password == nil { missing.append("sync-password-file or sync-password-command") }
    guard !missing.isEmpty else { return nil }
    return "sync \(service.rawValue) also needs \(missing.joined(separator: ", "))"
  }

  /// The `sync-url` value checked: an http or https address with a host. Returns the URL or the problem.
  public static func apiURL(_ text: String) -> Result<URL, SettingProblem> {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      url.host?.isEmpty == false
    else {
      return .failure(SettingProblem("expected the API's http or https address (FreshRSS: https://host/api/greader.php), got \"\(text)\""))
    }
    return .success(url)
  }

  /// `sync-password-file`'s path as written: `~/` is the home folder, a relative path is read from the
  /// config folder (as relative paths in the urls file are).
  public static func passwordFilePath(_ text: String, configDirectory: String, home: String) -> String {
    if text == "~" { return home }
    if text.hasPrefix("~/") { return home + text.dropFirst() }
    if text.hasPrefix("/") { return text }
    return configDirectory + "/" + text
  }

  /// A problem with one setting, for the config file's line messages.
  public struct SettingProblem: Error, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
  }
}
