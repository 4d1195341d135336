import Testing

@testable import App

/// The allocator settings are the program's default, not an override of the user's own malloc tuning.
struct MallocPolicyTests {
  @Test(arguments: [
    ([:], false),
    (["GLIBC_TUNABLES": "glibc.rtld.optional_static_tls=512"], false),
    (["GLIBC_TUNABLES": "glibc.malloc.arena_max=4"], true),
    (["GLIBC_TUNABLES": "glibc.rtld.x=1:glibc.malloc.trim_threshold=0"], true),
    (["MALLOC_ARENA_MAX": "1"], true),
    (["MALLOC_CHECK_": "3"], true),
    (["HOME": "/root", "LANG": "C.UTF-8"], false),
  ] as [([String: String], Bool)])
  func userTuningIsLeftAlone(environment: [String: String], tuned: Bool) {
    #expect(MallocPolicy.isTunedByUser(environment) == tuned)
  }
}
