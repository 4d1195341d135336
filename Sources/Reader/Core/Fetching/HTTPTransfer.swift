internal import CCurl
import Foundation

/// One HTTP GET (or form POST) with the limits splitfeed needs enforced while the transfer runs, not after it: the
/// decoded body is counted as it arrives (stopped at the cap), redirects are limited, a silent server
/// times out, and a whole-transfer deadline stops a server that trickles.
///
/// It drives libcurl directly (the `CCurl` shim) rather than through URLSession because, on Linux,
/// URLSession hands every decoded chunk to its delegate asynchronously with no back-pressure, so a gzip
/// bomb inflates far past the cap before a cancel lands (docs/DECISIONS.md). Here the cap is checked
/// inside libcurl's write callback. Every transfer runs on the shim's one thread through one multi
/// handle, which keeps connections open for the next feed on the same host; how many run at once is the
/// caller's bounded pool.
final class HTTPTransfer: @unchecked Sendable {
  /// How the transfer ended.
  enum Outcome: Sendable {
    case response(HTTPResponse, Data)
    case failed(FetchError)
  }

  private let request: HTTPRequest
  private let configuration: Fetcher.Configuration
  /// The C state; lives as long as this object (the cancel handler may outlive the transfer).
  private let state = UnsafeMutablePointer<cc_transfer>.allocate(capacity: 1)
  /// Set before `cc_start`, resumed once by `on_done` on the transfer thread.
  private var continuation: CheckedContinuation<Outcome, Never>?

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
    if Task.isCancelled { return .failed(.cancelled) }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        self.continuation = continuation
        start()
      }
    } onCancel: {
      cc_cancel(state)
    }
  }

  /// Hands the transfer to the shim, which copies the URL and headers before this returns.
  private func start() {
    let headers = request.headerFields.map { strdup("\($0.name): \($0.value)") }
    let urlText = strdup(request.url.absoluteString)
    let body = request.body.map { Array($0) }
    defer {
      headers.forEach { free($0) }
      free(urlText)
    }
    let milliseconds = { (seconds: Double) in max(1, Int((seconds * 1000).rounded())) }
    headers.map { UnsafePointer($0) }.withUnsafeBufferPointer { headerPointers in
      state.pointee.url = UnsafePointer(urlText)
      state.pointee.headers = headerPointers.baseAddress
      state.pointee.header_count = headerPointers.count
      state.pointee.connect_timeout_ms = milliseconds(configuration.connectTimeout)
      state.pointee.idle_timeout_ms = milliseconds(configuration.connectTimeout)
      state.pointee.total_timeout_ms = milliseconds(configuration.transferTimeout)
      state.pointee.max_redirects = configuration.maxRedirects
      state.pointee.no_redirects = request.followsRedirects ? 0 : 1
      state.pointee.refuse_local = request.refusesLocalAddresses && !LocalNetwork.behindProxy ? 1 : 0
      state.pointee.max_bytes = configuration.maxBytes
      state.pointee.parallel = configuration.maxConcurrent
      state.pointee.context = Unmanaged.passRetained(self).toOpaque()
      state.pointee.on_done = { state in
        guard let state, let context = state.pointee.context else { return }
        let transfer = Unmanaged<HTTPTransfer>.fromOpaque(context).takeRetainedValue()
        transfer.finished()
      }
      guard let body else { return cc_start(state) }
      body.withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) { chars in
          // An empty POST still needs a non-NULL pointer to be sent as a POST.
          let empty: [CChar] = [0]
          empty.withUnsafeBufferPointer { fallback in
            state.pointee.post_body = chars.baseAddress ?? fallback.baseAddress
            state.pointee.post_length = chars.count
            cc_start(state)
          }
        }
      }
    }
  }

  /// Called once on the transfer thread when the outputs are ready.
  private func finished() {
    let outcome = outcome(url: request.url.absoluteString)
    cc_transfer_free(state)  // the headers and URL are copied out and the body handed over: free them now
    let continuation = self.continuation
    self.continuation = nil
    continuation?.resume(returning: outcome)
  }

  /// The response-header cap of the shim's `on_header` (256 KiB), for the message.
  static let maxHeaderBytes = 256 * 1024

  private func outcome(url: String) -> Outcome {
    let t = state.pointee
    switch t.result {
    case CC_OK:
      break
    case CC_TOO_LARGE:
      return .failed(.tooLarge(url: url, limit: configuration.maxBytes))
    case CC_HEADERS_TOO_LARGE:
      return .failed(.headersTooLarge(url: url, limit: Self.maxHeaderBytes))
    case CC_IDLE_TIMEOUT:
      return .failed(.timedOut(url: url, seconds: configuration.connectTimeout))
    case CC_TOTAL_TIMEOUT:
      return .failed(.timedOut(url: url, seconds: configuration.transferTimeout))
    case CC_CANCELLED:
      return .failed(.cancelled)
    case CC_UNAVAILABLE:
      return .failed(.network(url: url, reason: "libcurl could not be started"))
    case CC_LOCAL_ADDRESS:
      let address = withUnsafeBytes(of: t.refused_ip) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      return .failed(.localAddress(url: url, address: address))
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
