import Foundation

/// Where splitfeed keeps its files (DESIGN §6): XDG folders by default, `--config-dir` / `--cache` when
/// given. Pure: the environment is a parameter, so tests never look at the real home.
public struct Paths: Equatable, Sendable {
  /// Holds `config` and `urls`.
  public var configDirectory: String
  public var cacheFile: String

  public init(configDirectory: String, cacheFile: String) {
    self.configDirectory = configDirectory
    self.cacheFile = cacheFile
  }

  public var configFile: String { configDirectory + "/config" }
  public var urlsFile: String { configDirectory + "/urls" }

  /// `$XDG_CONFIG_HOME/splitfeed` (else `~/.config/splitfeed`) and `$XDG_DATA_HOME/splitfeed/cache.db`
  /// (else `~/.local/share/splitfeed/cache.db`); relative XDG values are ignored, as the spec says.
  public static func resolve(
    configDirectory: String? = nil, cacheFile: String? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Paths {
    let home = home(environment)
    func base(_ variable: String, _ fallback: String) -> String { xdgFolder(variable, else: fallback, environment) }
    func expand(_ path: String) -> String {
      if path == "~" { return home }
      if path.hasPrefix("~/") { return home + path.dropFirst() }
      if path.hasPrefix("/") { return path }
      return FileManager.default.currentDirectoryPath + "/" + path
    }
    return Paths(
      configDirectory: configDirectory.map(expand) ?? base("XDG_CONFIG_HOME", ".config") + "/splitfeed",
      cacheFile: cacheFile.map(expand) ?? base("XDG_DATA_HOME", ".local/share") + "/splitfeed/cache.db")
  }

  /// `$HOME`, else the account's home folder.
  public static func home(_ environment: [String: String]) -> String {
    environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
  }

  /// An XDG base folder: `$variable` when it is an absolute path, else `fallback` inside the home folder.
  public static func xdgFolder(_ variable: String, else fallback: String, _ environment: [String: String]) -> String {
    if let value = environment[variable], value.hasPrefix("/") { return value }
    return home(environment) + "/" + fallback
  }
}

extension UrlsFileStore {
  /// The urls file of these paths.
  public init(paths: Paths) { self.init(path: paths.urlsFile, directory: paths.configDirectory) }
}
