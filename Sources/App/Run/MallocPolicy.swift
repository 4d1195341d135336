import CMalloc

/// How glibc's allocator is set up before any thread starts.
///
/// By default glibc gives threads up to 8 × cores arenas of their own and keeps what they free: a reload
/// runs eight fetch threads, two parse threads and the cache writer, so every arena keeps the high-water
/// mark of the bodies and items that passed through it. Measured with `scripts/bench-app` (100 feeds ×
/// 100 items, `reload-threads 8`): the process peaked at ~12 MB anonymous memory for ~5.5 MB of live
/// heap. Two arenas, buffers of 64 KiB and more given back to the kernel when freed (feed bodies,
/// libxml2's input buffers) and a 128 KiB trim threshold bring the peak down by ~2.5 MB, with the
/// reload's wall time unchanged within the benchmark's noise.
///
/// A user who tunes malloc through the environment (`GLIBC_TUNABLES`, `MALLOC_ARENA_MAX`, …) keeps
/// their settings.
enum MallocPolicy {
  /// Sets the allocator up unless `environment` tunes malloc itself; says whether it did.
  @discardableResult
  static func apply(environment: [String: String]) -> Bool {
    guard !isTunedByUser(environment) else { return false }
    mallopt(M_ARENA_MAX, 2)
    mallopt(M_MMAP_THRESHOLD, 64 * 1024)
    mallopt(M_TRIM_THRESHOLD, 128 * 1024)
    return true
  }

  static func isTunedByUser(_ environment: [String: String]) -> Bool {
    environment["GLIBC_TUNABLES"]?.contains("glibc.malloc.") == true
      || environment.keys.contains { $0.hasPrefix("MALLOC_") }
  }
}
