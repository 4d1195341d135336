internal import CCurl
import Foundation

/// The user's own network — loopback, private, link-local addresses and the names that lead to them —
/// and which feeds are on it. A page on the internet does not get a browser to request addresses on its
/// reader's network, and a feed on the internet does not get splitfeed to either: the pages and pictures
/// its articles link to are fetched with `refusingLocal` (the address connected to is checked, after
/// every redirect, in the transport), unless the feed is itself local or `fetch-local-links` is set
/// (docs/ROBUSTNESS.md, "Reading's own fetches").
public enum LocalNetwork {
  /// Whether libcurl sends requests through a proxy named in the environment (`http_proxy`,
  /// `https_proxy`, `all_proxy`): the address connected to is then the proxy's, not the site's, so the
  /// transport's check cannot be made and is not (a local proxy would otherwise refuse every link).
  public static let behindProxy: Bool = {
    let environment = ProcessInfo.processInfo.environment
    return ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"].contains {
      !(environment[$0] ?? "").isEmpty
    }
  }()

  /// Whether the numeric address `address` (IPv4, or IPv6 with or without brackets) is on the user's own
  /// network; nil when it is not a numeric address. The same test the transport applies (`cc_address_is_local`).
  public static func isLocal(address: String) -> Bool? {
    let bare = address.hasPrefix("[") && address.hasSuffix("]") ? String(address.dropFirst().dropLast()) : address
    switch cc_address_is_local(bare) {
    case 0: return false
    case 1: return true
    default: return nil
    }
  }

  /// Whether the host `host` is on the user's own network by its name alone (no lookup): a local
  /// address, `localhost` and the names under `.localhost`, `.local` (mDNS), `.lan`, `.internal`,
  /// `.home.arpa`, and a name without a dot (completed by the resolver's search domains).
  public static func isLocal(host: String) -> Bool {
    if let local = isLocal(address: host) { return local }
    let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
    if name.isEmpty || !name.contains(".") { return true }
    return localSuffixes.contains { name == $0.dropFirst() || name.hasSuffix($0) }
  }

  private static let localSuffixes = [".localhost", ".local", ".lan", ".internal", ".home.arpa"]

  /// Whether `url` is on the server `server` (same host and port, the scheme's port when none is
  /// written): the sync server the user named (`sync-url`) serves its articles' pictures itself when it
  /// proxies them, wherever it runs, so its own address is never refused.
  public static func isOnServer(_ url: URL?, _ server: URL?) -> Bool {
    guard let url, let server, let host = url.host?.lowercased(), host == server.host?.lowercased() else { return false }
    let port = { (url: URL) in url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80) }
    return port(url) == port(server)
  }

  /// Whether the feed whose address is `feedURL` (as the cache keeps it) is local, so its links may lead
  /// to the user's own network: a feed read from a file, or from a local host. Anything else, an address
  /// that cannot be read included, counts as on the internet.
  public static func isLocal(feed feedURL: String) -> Bool {
    guard let url = URL(string: feedURL) else { return false }
    if url.isFileURL { return true }
    guard let host = url.host, !host.isEmpty else { return false }
    return isLocal(host: host)
  }
}
