import Foundation

extension NewsboatFolder {
  /// The folder holding newsboat's urls file (its relative feed paths are read from there).
  public var folder: String { (urlsFile as NSString).deletingLastPathComponent }

  /// Appends to splitfeed's urls file and config (at `paths`) the lines of newsboat's `urlsText` and
  /// config that they lack. Each file is read, planned against and appended to under its lock
  /// (`UrlsFileStore.edit`), so a second splitfeed editing it meanwhile loses nothing; `check` is the
  /// config file's reader, which says why a candidate line is not taken.
  public func appendLines(
    urlsText: String, to paths: Paths, check: (String) -> String?
  ) throws -> (urls: NewsboatUrlsPlan, config: NewsboatConfigPlan) {
    try FileManager.default.createDirectory(atPath: paths.configDirectory, withIntermediateDirectories: true)
    let store = UrlsFileStore(paths: paths)
    var urlsPlan = NewsboatUrlsPlan(newsboat: "", existing: "", newsboatFolder: folder, configDirectory: paths.configDirectory)
    try store.edit { bytes in
      let existing = try store.text(of: bytes)
      urlsPlan = NewsboatUrlsPlan(
        newsboat: urlsText, existing: existing, newsboatFolder: folder, configDirectory: paths.configDirectory)
      return urlsPlan.lines.isEmpty ? nil : Array(Self.appending(urlsPlan.lines, to: existing).utf8)
    }
    let newsboatConfig = (try? String(contentsOfFile: configFile, encoding: .utf8)) ?? ""
    var configPlan = NewsboatConfigPlan(newsboat: "", existing: "", check: check)
    try UrlsFileStore.edit(path: paths.configFile) { bytes in
      let existing = try UrlsFileStore(path: paths.configFile, directory: "").text(of: bytes)
      configPlan = NewsboatConfigPlan(newsboat: newsboatConfig, existing: existing, check: check)
      guard !configPlan.lines.isEmpty else { return nil }
      return Array(Self.appending(["# from newsboat (splitfeed import-newsboat)"] + configPlan.lines, to: existing).utf8)
    }
    return (urlsPlan, configPlan)
  }

  private static func appending(_ lines: [String], to text: String) -> String {
    (text.isEmpty || text.hasSuffix("\n") ? text : text + "\n") + lines.joined(separator: "\n") + "\n"
  }
}
