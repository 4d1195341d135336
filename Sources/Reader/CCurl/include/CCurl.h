#ifndef CCURL_H
#define CCURL_H

#include <stddef.h>

/// HTTP GETs (and the sync API's form POSTs) run by libcurl's multi interface on one thread of their own, with splitfeed's limits (see
/// HTTPTransfer.swift for why libcurl is driven directly). One multi handle serves the whole process, so
/// its connection cache lets feeds on the same host share kept-alive connections.
///
/// Fill the inputs, call cc_start from any thread; on_done is called once, on the transfer thread, when
/// the outputs are ready; then cc_transfer_free. cc_cancel may be called from any thread at any time
/// before cc_transfer_free.
typedef enum {
  CC_OK = 0,
  /// libcurl could not be initialised or a handle not created.
  CC_UNAVAILABLE,
  /// The decoded body passed max_bytes: stopped at once.
  CC_TOO_LARGE,
  /// The response headers passed 256 KiB: stopped at once.
  CC_HEADERS_TOO_LARGE,
  /// Nothing arrived for idle_timeout_ms.
  CC_IDLE_TIMEOUT,
  /// The whole transfer took longer than total_timeout_ms.
  CC_TOTAL_TIMEOUT,
  CC_CANCELLED,
  /// libcurl failed: curl_code and error hold its code and words.
  CC_CURL_ERROR,
  /// refuse_local was set and the connection (new or reused, after any redirect) was to a loopback,
  /// private or link-local address, named in error: nothing was sent.
  CC_LOCAL_ADDRESS,
} cc_result;

typedef struct cc_transfer cc_transfer;

struct cc_transfer {
  // Inputs (copied by cc_start; the caller may free its strings once it returns).
  const char *url;
  const char *const *headers;
  size_t header_count;
  long connect_timeout_ms;
  long idle_timeout_ms;
  long total_timeout_ms;
  long max_redirects;
  /// Non-zero: no redirect is followed; a 3xx comes back as the response (its Location among the headers),
  /// for the caller to judge (the sync's requests carry a password or a token).
  int no_redirects;
  size_t max_bytes;
  /// How many transfers the caller runs at once: the connection cache keeps at least four times as many.
  long parallel;
  /// When not NULL, the request is a POST of these post_length bytes (a form body); else a GET.
  const char *post_body;
  size_t post_length;
  /// Non-zero: refuse to send the request over a connection to an address of the user's own network
  /// (cc_address_is_local), checked on the address actually connected to, before every request.
  int refuse_local;
  void (*on_done)(cc_transfer *transfer);
  void *context;

  // Outputs (freed by cc_transfer_free).
  cc_result result;
  int curl_code;
  char error[256];
  /// CC_LOCAL_ADDRESS: the address refused.
  char refused_ip[64];
  long status;
  char *effective_url;
  /// The header lines of the last response (after redirects), CRLF-separated.
  char *header_block;
  size_t header_length;
  unsigned char *body;
  size_t body_length;

  // Private to the transfer thread.
  void *handle;
  void *header_list;
  char *url_copy;
  char *post_copy;
  cc_transfer *next;
  int cancelled;
  size_t body_capacity;
  size_t header_capacity;
  long long started_ms;
  long long last_activity_ms;
};

void cc_start(cc_transfer *transfer);
/// 1 when `ip` (numeric IPv4 or IPv6, as libcurl reports a connection's address) is loopback, private,
/// link-local, shared (CGNAT), unique-local or unspecified, or an IPv4-mapped / NAT64 form of one; 0 for
/// any other address, -1 when `ip` is not a numeric address.
int cc_address_is_local(const char *ip);
void cc_cancel(cc_transfer *transfer);
void cc_transfer_free(cc_transfer *transfer);

#endif
