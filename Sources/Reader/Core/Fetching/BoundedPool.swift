/// Runs an async operation over many inputs with at most `limit` running at once (a TaskGroup kept
/// `limit` wide), so that reloading 200 feeds neither opens 200 connections nor waits on them one by one.
enum BoundedPool {
  /// `operation` applied to every input; outputs in input order. `progress(done, total)` is called after
  /// each completion, from the calling task.
  static func map<Input: Sendable, Output: Sendable>(
    _ inputs: [Input], limit: Int, progress: (@Sendable (Int, Int) -> Void)? = nil,
    _ operation: @escaping @Sendable (Input) async -> Output
  ) async -> [Output] {
    let total = inputs.count
    var outputs = [Output?](repeating: nil, count: total)
    await withTaskGroup(of: (Int, Output).self) { group in
      var next = 0
      func startNext() {
        guard next < total else { return }
        let index = next
        let input = inputs[index]
        group.addTask { (index, await operation(input)) }
        next += 1
      }
      for _ in 0..<max(1, limit) { startNext() }
      var done = 0
      for await (index, output) in group {
        outputs[index] = output
        done += 1
        progress?(done, total)
        startNext()
      }
    }
    let results = outputs.compactMap { $0 }
    assert(results.count == total, "every input produces one output")
    return results
  }
}
