/// Where serialized or captured UTF-8 goes: `[UInt8]` for one-off work, `TextBuffer` on the hot path.
protocol ByteSink: ~Copyable {
  mutating func append(_ byte: UInt8)
  mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {}

extension ByteSink where Self: ~Copyable {
  /// Appends the bytes of a literal (`"&amp;"`) without building an array for it.
  @inline(__always)
  mutating func append(_ literal: StaticString) {
    append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }
}

/// The growable byte buffer a captured element's text is gathered in, one `append` per SAX text callback.
///
/// Why not `[UInt8]`: libxml2 hands text over in runs of at most 300 bytes, and in one-byte runs around
/// every entity reference (`&lt;p&gt;` is five callbacks), so a 2 KB escaped body is a hundred appends.
/// `Array.append(contentsOf:)` spent about 70 instructions per call on uniqueness and capacity
/// bookkeeping before copying anything (callgrind, 264k calls on a 2k-item feed); this is a bounds check
/// and a copy. Non-copyable, so the memory has exactly one owner and is freed exactly once.
struct TextBuffer: ~Copyable, ByteSink {
  private var base: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// The bytes gathered so far; valid until the next mutation.
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    if count == capacity { grow(toAtLeast: count + 1) }
    base[count] = byte
    count += 1
  }

  @inline(__always)
  mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
    let n = bytes.count
    guard n > 0, let source = bytes.baseAddress else { return }
    if capacity - count < n { grow(toAtLeast: count + n) }
    if n == 1 {
      base[count] = source.pointee  // the entity-reference case: no memcpy call for one byte
    } else {
      (base + count).update(from: source, count: n)
    }
    count += n
  }

  /// Forgets the contents, keeping the memory for the next field.
  mutating func removeAll() { count = 0 }

  @inline(never)
  private mutating func grow(toAtLeast minimum: Int) {
    let newCapacity = max(minimum, capacity * 2)
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }
}
