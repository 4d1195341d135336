internal import CCurl
import Foundation

/// One HTTP GET with the limits splitfeed needs enforced while the transfer runs, not after it: the
/// decoded body is counted as it arrives (stopped at the cap), redirects are limited, a silent server
/// times out, and a whole-transfer deadline stops a server that trickles.
///
/// It drives libcurl directly (the `CCurl` shim) rather than through URLSession because, on Linux,
/// URLSession hands every decoded chunk to its delegate asynchronously with no back-pressure: libcurl
/// inflated a 254 KiB gzip bomb to its full 256 MiB in memory before the delegate's cancel at the cap
/// could land (issue 6, "Network faults"; measured +277 MiB resident for an 8 MiB cap). Here the cap is
/// checked inside libcurl's write callback, so a bomb stops after at most the cap. Each transfer runs on
/// a thread of its own (libcurl blocks), at most `maxConcurrent` at a time through the fetcher's pool.
final class HTTPTransfer: @unchecked Sendable {
  /// How the transfer ended.
  enum Outcome: Sendable {
    case response(HTTPResponse, Data)
    case failed(FetchError)
  }

  private let request: HTTPRequest
  private let configuration: Fetcher.Configuration
  /// The C state; lives as long as this object (the cancel handler may outlive the transfer's thread).
  private let state = UnsafeMutablePointer<cc_transfer>.allocate(capacity: 1)

  init(request: HTTPRequest, configuration: Fetcher.Configuration) {
    self.request = request
    self.configuration = configuration
    state.initialize(to: cc_transfer())
  }

  deinit {
    cc_transfer_free(state)
    state.deinitialize(count: 1)
    state.deallocate()
  }

  /// Runs the transfer to its end; honours task cancellation.
  func run() async -> Outcome {
    let url = request.url.absoluteString
    if Task.isCancelled { return .failed(.cancelled) }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        let thread = Thread { [self] in continuation.resume(returning: perform(url: url)) }
        thread.name = "splitfeed fetch"
        thread.start()
      }
    } onCancel: {
      cc_cancel(state)
    }
  }

  private func perform(url: String) -> Outcome {
    let headers = request.headerFields.map { strdup("\($0.name): \($0.value)") }
    let urlText = strdup(url)
    defer {
      headers.forEach { free($0) }
      free(urlText)
    }
    let milliseconds = { (seconds: Double) in max(1, Int((seconds * 1000).rounded())) }
    let result: Outcome = headers.map { UnsafePointer($0) }.withUnsafeBufferPointer { headerPointers in
      state.pointee.url = UnsafePointer(urlText)
      state.pointee.headers = headerPointers.baseAddress
      state.pointee.header_count = headerPointers.count
      state.pointee.connect_timeout_ms = milliseconds(configuration.connectTimeout)
      state.pointee.idle_timeout_ms = milliseconds(configuration.connectTimeout)
      state.pointee.total_timeout_ms = milliseconds(configuration.transferTimeout)
      state.pointee.max_redirects = configuration.maxRedirects
      state.pointee.max_bytes = configuration.maxBytes
      cc_perform(state)
      state.pointee.url = nil
      state.pointee.headers = nil
      return outcome(url: url)
    }
    cc_transfer_free(state)  // the headers and URL are copied out and the body handed over: free them now
    return result
  }

  /// The response-header cap of the shim's `on_header` (256 KiB), for the message.
  static let maxHeaderBytes = 256 * 1024

  private func outcome(url: String) -> Outcome {
    let t = state.pointee
    switch t.result {
    case CC_OK:
      break
    case CC_TOO_LARGE:
      // The shim's header cap and body cap share the code; headers arrive before any body byte.
      if t.body_length == 0, t.header_length > 0 { return .failed(.headersTooLarge(url: url, limit: Self.maxHeaderBytes)) }
      return .failed(.tooLarge(url: url, limit: configuration.maxBytes))
    case CC_IDLE_TIMEOUT:
      return .failed(.timedOut(url: url, seconds: configuration.connectTimeout))
    case CC_TOTAL_TIMEOUT:
      return .failed(.timedOut(url: url, seconds: configuration.transferTimeout))
    case CC_CANCELLED:
      return .failed(.cancelled)
    case CC_UNAVAILABLE:
      return .failed(.network(url: url, reason: "libcurl could not be loaded"))
    default:
      let message = withUnsafeBytes(of: t.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      return .failed(
        FetchError.from(
          curlCode: Int(t.curl_code), message: message, url: request.url,
          timeout: configuration.connectTimeout, redirectLimit: configuration.maxRedirects))
    }
    let finalURL = t.effective_url.flatMap { URL(string: String(cString: $0)) } ?? request.url
    let headerText = t.header_block.map { String(decoding: UnsafeBufferPointer(start: $0, count: t.header_length).map(UInt8.init(bitPattern:)), as: UTF8.self) } ?? ""
    // The body's malloc'd buffer becomes the Data's storage (a 29 MB feed is not copied once more).
    var data = Data()
    if let body = t.body {
      data = Data(bytesNoCopy: body, count: t.body_length, deallocator: .free)
      state.pointee.body = nil
    }
    let response = HTTPResponse(url: finalURL, statusCode: t.status, headerBlock: headerText)
    return .response(response, data)
  }
}
