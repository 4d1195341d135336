import Foundation
import GRDB

/// Why the cache could not be opened or written, one case per thing the user can act on:
/// a second instance holding the write lock, a read-only file or folder, a full disk, a damaged file. Each
/// reads as one sentence naming the file, for the status line and for `splitfeed reload`'s stderr.
public enum CacheError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Another process (another splitfeed) kept the write lock longer than the busy timeout.
  case locked(path: String, seconds: Double)
  /// The file or its folder cannot be written.
  case readOnly(path: String)
  /// The disk (or the quota) is full.
  case diskFull(path: String)
  /// The file cannot be created or opened (missing folder that cannot be made, permissions).
  case cannotOpen(path: String, reason: String)
  /// The file is not a SQLite database, or it is damaged.
  case corrupt(path: String)
  /// Written by a newer splitfeed whose schema this version does not know.
  case newerSchema(path: String)
  /// Any other SQLite failure, with SQLite's wording.
  case database(path: String, reason: String)

  public var description: String {
    switch self {
    case .locked(let path, let seconds):
      return "The cache \(path) is busy: another splitfeed is writing to it (still locked after \(Int(seconds)) seconds)."
    case .readOnly(let path):
      return "The cache \(path) is read-only: check the permissions of the file and its folder."
    case .diskFull(let path):
      return "The disk holding the cache \(path) is full: nothing was lost, but new articles were not saved."
    case .cannotOpen(let path, let reason):
      return "Could not open the cache \(path): \(reason)."
    case .corrupt(let path):
      return "The cache \(path) is not a splitfeed cache or is damaged; move it aside to start a new one."
    case .newerSchema(let path):
      return "The cache \(path) was written by a newer splitfeed; this version cannot use it."
    case .database(let path, let reason):
      return "The cache \(path) failed: \(reason)."
    }
  }

  /// Maps any error thrown by GRDB while using the cache at `path`.
  static func from(_ error: any Error, path: String, busyTimeout: Double) -> CacheError {
    if let error = error as? CacheError { return error }
    guard let error = error as? DatabaseError else {
      return .database(path: path, reason: "\(error)")
    }
    switch error.resultCode {
    case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked(path: path, seconds: busyTimeout)
    case .SQLITE_READONLY, .SQLITE_PERM: return .readOnly(path: path)
    case .SQLITE_FULL: return .diskFull(path: path)
    case .SQLITE_CANTOPEN: return .cannotOpen(path: path, reason: error.message ?? "unable to open the database file")
    case .SQLITE_CORRUPT, .SQLITE_NOTADB: return .corrupt(path: path)
    default: return .database(path: path, reason: error.message ?? "\(error.resultCode)")
    }
  }
}
