#if canImport(Glibc)
  import Glibc
#endif

/// Stops the run when an invariant does not hold. `abort()` (SIGABRT) is what libFuzzer reports as a
/// crash and saves the input for, so a wrong answer is kept exactly like a memory error would be; the
/// message goes to stderr first so the crash log says which invariant broke.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if condition { return }
  var text = "invariant failed: \(message())\n"
  // write(2) rather than fputs(stderr): Swift 6 refuses the global `stderr` as shared mutable state.
  _ = text.withUTF8 { write(2, $0.baseAddress, $0.count) }
  abort()
}

/// C0 controls, DEL and C1 controls: the characters that must never reach the terminal. Tab, newline and carriage return count too: a title or a wrapped line has no
/// business holding them either.
public func isControl(_ scalar: Unicode.Scalar) -> Bool {
  scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
}

/// The first control character in `text`, for the failure message; nil when there is none.
public func firstControl(in text: String) -> Unicode.Scalar? {
  text.unicodeScalars.first(where: isControl)
}

/// Renders a scalar as `U+001B` for failure messages (never the raw character, which would itself be a
/// control sequence in the log).
public func describe(_ scalar: Unicode.Scalar) -> String {
  let hex = String(scalar.value, radix: 16, uppercase: true)
  return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}

/// The fuzzer's input as a Swift array (libFuzzer passes a null pointer for the empty input).
public func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  guard let data, size > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: size))
}

/// A libFuzzer callback: the input bytes and their count; returns 0 (−1 would ask libFuzzer not to add the
/// input to the corpus).
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// libFuzzer's documented way to be started by a program that has its own `main` (LLVM ≥ 11).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: FuzzCallback
) -> CInt

/// Hands the process to libFuzzer with the command line as given.
///
/// Why not libFuzzer's own `main`: SwiftPM links every executable target with `--defsym main=<Module>_main`
/// (so tests can link it), and a `-parse-as-library` target defines no `<Module>_main`, so the link fails
/// ("undefined symbol 'FuzzHTML_main'", debug and release alike). Each target therefore has a Swift `@main`
/// that calls this, and libFuzzer's `main` object is simply never pulled from its archive.
public func runFuzzer(_ callback: FuzzCallback) -> Never {
  var argc = CommandLine.argc
  var argv = CommandLine.unsafeArgv
  exit(LLVMFuzzerRunDriver(&argc, &argv, callback))
}
