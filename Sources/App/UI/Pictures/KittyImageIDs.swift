/// Image ids for the kitty graphics protocol: one per picture at one size (`key`), 1…255 so that the id
/// fits the 256-colour foreground of its placeholder cells on any terminal the protocol runs on; the
/// least recently used id is given again (the backend then sends the new picture under it).
struct KittyImageIDs {
  static let maxID = 255
  private var ids: [String: Int] = [:]
  /// Keys, least recently used first.
  private var order: [String] = []

  mutating func id(for key: String) -> Int {
    if let id = ids[key] {
      if let index = order.firstIndex(of: key) { order.remove(at: index) }
      order.append(key)
      return id
    }
    let id: Int
    if ids.count < Self.maxID {
      id = ids.count + 1
    } else {
      let old = order.removeFirst()
      id = ids.removeValue(forKey: old) ?? 1
    }
    ids[key] = id
    order.append(key)
    return id
  }
}
