import Foundation
import Reader

/// An enclosure as one short line for the article header and the chooser: what it is, how big, how long
/// and which file, from whatever the feed gave (`audio/mpeg · 24.3 MB · 1:02:03 · episode-12.mp3`).
public enum EnclosureDescription {
  public static func text(_ enclosure: Enclosure) -> String {
    var parts: [String] = []
    if let type = enclosure.type, !type.isEmpty { parts.append(type) }
    if let length = enclosure.length, length > 0 { parts.append(size(length)) }
    if let duration = enclosure.duration, duration > 0 { parts.append(time(duration)) }
    let name = URL(string: enclosure.url)?.lastPathComponent ?? ""
    parts.append(name.isEmpty || name == "/" ? enclosure.url : name)
    return parts.joined(separator: " · ")
  }

  /// `812 B`, `34 KB`, `24.3 MB`, `1.2 GB` (powers of 1,000, as players and shops show them).
  static func size(_ bytes: Int) -> String {
    let units = ["B", "KB", "MB", "GB", "TB"]
    var value = Double(bytes)
    var unit = 0
    while value >= 1000 && unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    if unit == 0 || value >= 100 { return "\(Int(value.rounded())) \(units[unit])" }
    return String(format: "%.1f %@", value, units[unit])
  }

  /// `4:05`, `1:02:03`.
  static func time(_ seconds: Int) -> String {
    let h = seconds / 3600
    let m = seconds % 3600 / 60
    let s = seconds % 60
    return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
  }
}
