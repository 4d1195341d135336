import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP GET driven through URLSession's delegate callbacks, because the limits splitfeed needs are
/// enforced while the transfer runs, not after it: the body is counted as it streams in (cancelled past
/// the cap), redirects are counted (stopped past the limit), and a whole-transfer deadline cancels a server
/// that trickles. Each transfer owns its session, so nothing is shared between concurrent fetches.
final class HTTPTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  /// How the transfer ended.
  enum Outcome: Sendable {
    case response(HTTPURLResponse, Data)
    case failed(FetchError)
    case transport(any Error)
  }

  private let request: URLRequest
  private let configuration: Fetcher.Configuration
  // Everything below is guarded by `lock` (delegate callbacks arrive on URLSession's queue).
  private let lock = NSLock()
  private var body = Data()
  private var redirects = 0
  private var redirectRefused = false
  private var continuation: CheckedContinuation<Outcome, Never>?
  private var task: URLSessionDataTask?
  private var finished = false

  init(request: URLRequest, configuration: Fetcher.Configuration) {
    self.request = request
    self.configuration = configuration
  }

  /// Runs the transfer to its end; honours task cancellation.
  func run() async -> Outcome {
    let sessionConfiguration = URLSessionConfiguration.ephemeral
    sessionConfiguration.timeoutIntervalForRequest = configuration.connectTimeout
    sessionConfiguration.timeoutIntervalForResource = configuration.transferTimeout
    sessionConfiguration.urlCache = nil
    sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
    sessionConfiguration.httpShouldSetCookies = false
    let session = URLSession(configuration: sessionConfiguration, delegate: self, delegateQueue: nil)
    defer { session.invalidateAndCancel() }
    let deadline = configuration.transferTimeout
    let url = request.url?.absoluteString ?? ""

    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        let task = session.dataTask(with: request)
        lock.lock()
        if finished {  // cancelled before we started
          lock.unlock()
          continuation.resume(returning: .failed(.cancelled))
          return
        }
        self.continuation = continuation
        self.task = task
        lock.unlock()
        task.resume()
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline) { [weak self] in
          self?.finish(.failed(.timedOut(url: url, seconds: deadline)))
        }
      }
    } onCancel: {
      finish(.failed(.cancelled))
    }
  }

  /// Ends the transfer once (later calls are ignored) and, on failure, cancels the network task. Delegate
  /// methods call their completion handler before this: FoundationNetworking traps when a task is
  /// cancelled while it waits for one.
  private func finish(_ outcome: Outcome) {
    lock.lock()
    guard !finished else {
      lock.unlock()
      return
    }
    finished = true
    let continuation = self.continuation
    let task = self.task
    self.continuation = nil
    lock.unlock()
    continuation?.resume(returning: outcome)
    if case .failed = outcome { task?.cancel() }
  }

  // MARK: - URLSessionDataDelegate

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    if response.expectedContentLength > Int64(configuration.maxBytes) {
      completionHandler(.cancel)
      finish(.failed(.tooLarge(url: request.url?.absoluteString ?? "", limit: configuration.maxBytes)))
      return
    }
    // Size the body once from Content-Length (capped): appending 16 KiB chunks to an empty Data makes it
    // regrow by doubling, so a 29 MB feed was copied about twice over and briefly held twice in memory.
    let expected = response.expectedContentLength
    if expected > 0 {
      lock.lock()
      body.reserveCapacity(Int(min(expected, Int64(configuration.maxBytes))))
      lock.unlock()
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    lock.lock()
    // Chunks keep coming until the cancellation reaches libcurl: once over the cap (or finished
    // otherwise), drop them and the body, so a gzip bomb never holds more than the cap plus one chunk.
    if finished {
      lock.unlock()
      return
    }
    body.append(data)
    let over = body.count > configuration.maxBytes
    if over { body = Data() }
    lock.unlock()
    if over {
      finish(.failed(.tooLarge(url: request.url?.absoluteString ?? "", limit: configuration.maxBytes)))
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    lock.lock()
    redirects += 1
    let over = redirects > configuration.maxRedirects
    if over { redirectRefused = true }
    lock.unlock()
    if over {
      // Refusing ends the task normally with the 3xx response; didCompleteWithError reports it.
      completionHandler(nil)
      return
    }
    // Keep our headers (User-Agent, validators) on the next hop.
    var next = newRequest
    for (field, value) in request.allHTTPHeaderFields ?? [:] where next.value(forHTTPHeaderField: field) == nil {
      next.setValue(value, forHTTPHeaderField: field)
    }
    completionHandler(next)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    if let error {
      finish(.transport(error))
      return
    }
    guard let response = task.response as? HTTPURLResponse else {
      finish(.transport(URLError(.badServerResponse)))
      return
    }
    lock.lock()
    let data = body
    let refused = redirectRefused
    lock.unlock()
    if refused {
      finish(.failed(.tooManyRedirects(url: request.url?.absoluteString ?? "", limit: configuration.maxRedirects)))
    } else {
      finish(.response(response, data))
    }
  }
}
