import Foundation

/// Where a newsboat installation keeps its files, found the way newsboat 2.21 finds them: `~/.newsboat`
/// when it exists, else `$XDG_CONFIG_HOME/newsboat` (urls, config) and `$XDG_DATA_HOME/newsboat`
/// (cache.db); a folder given on the command line holds all three.
public struct NewsboatFolder: Equatable {
  public var urlsFile: String
  public var configFile: String
  public var cacheFile: String

  public init(urlsFile: String, configFile: String, cacheFile: String) {
    self.urlsFile = urlsFile
    self.configFile = configFile
    self.cacheFile = cacheFile
  }

  /// newsboat's lock: `cache.db.lock`, holding the pid of the newsboat that has a `lockf` lock on it.
  public var lockFile: String { cacheFile + ".lock" }

  public static func resolve(
    _ folder: String?, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> NewsboatFolder {
    if let folder {
      return NewsboatFolder(urlsFile: folder + "/urls", configFile: folder + "/config", cacheFile: folder + "/cache.db")
    }
    let dotFolder = Paths.home(environment) + "/.newsboat"
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: dotFolder, isDirectory: &isFolder), isFolder.boolValue {
      return resolve(dotFolder)
    }
    let config = Paths.xdgFolder("XDG_CONFIG_HOME", else: ".config", environment) + "/newsboat"
    let data = Paths.xdgFolder("XDG_DATA_HOME", else: ".local/share", environment) + "/newsboat"
    return NewsboatFolder(urlsFile: config + "/urls", configFile: config + "/config", cacheFile: data + "/cache.db")
  }

  /// The pid of the newsboat holding the cache, or nil when none does. newsboat takes a `lockf` lock on
  /// the lock file and removes the file when it quits, so a file nobody holds is a crashed newsboat's
  /// and does not count. Asked with `F_GETLK` on a read-only descriptor: nothing is locked or written.
  public func lockHolder() -> pid_t? {
    let fd = open(lockFile, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var query = flock()
    query.l_type = Int16(F_WRLCK)
    query.l_whence = Int16(SEEK_SET)
    query.l_start = 0
    query.l_len = 0
    guard fcntl(fd, F_GETLK, &query) == 0 else { return pidInFileIfAlive() }
    return query.l_type == Int16(F_UNLCK) ? nil : query.l_pid
  }

  /// When the lock cannot be asked about: the pid the file names, if that process is alive.
  private func pidInFileIfAlive() -> pid_t? {
    guard let text = try? String(contentsOfFile: lockFile, encoding: .utf8),
      let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0, kill(pid, 0) == 0
    else { return nil }
    return pid
  }
}
