// Every transfer of the process runs on one thread through one libcurl multi handle: its connection cache
// keeps finished transfers' connections open (HTTP/1.1 keep-alive, or one HTTP/2 connection), so the next
// feed on the same host reuses one instead of connecting again. The thread sleeps in curl_multi_poll until
// a socket is ready, libcurl's own timer or the nearest of our deadlines is due, or cc_start / cc_cancel
// wakes it.
#include "CCurl.h"

#include <arpa/inet.h>
#include <curl/curl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static struct {
  CURLM *multi;
  pthread_mutex_t lock;
  cc_transfer *pending;  // added by cc_start, taken by the thread (under lock)
  cc_transfer *active;   // in the multi handle (the thread's alone from here on)
  long keep;             // the connection cache's size
  CURL *spare[16];       // finished easy handles, reset, for the next transfers (they keep TLS sessions)
  int spare_count;
} engine = {.lock = PTHREAD_MUTEX_INITIALIZER};

static pthread_once_t start_once = PTHREAD_ONCE_INIT;

static long long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/// Appends to a buffer that never grows past `limit`; returns 0 when it would. An empty buffer starts at
/// `first` bytes (the announced length when known, so a 300 KB feed takes 300 KB, not the 512 KB that
/// doubling from 16 KiB reaches).
static int append(unsigned char **buffer, size_t *length, size_t *capacity, const void *data, size_t count,
                  size_t limit, size_t first) {
  if (count > limit || *length > limit - count) return 0;
  if (*length + count + 1 > *capacity) {
    size_t wanted = *capacity ? *capacity * 2 : (first > 16384 ? first : 16384);
    while (wanted < *length + count + 1) wanted *= 2;
    if (wanted > limit + 1) wanted = limit + 1;
    unsigned char *grown = realloc(*buffer, wanted);
    if (!grown) return 0;
    *buffer = grown;
    *capacity = wanted;
  }
  memcpy(*buffer + *length, data, count);
  *length += count;
  (*buffer)[*length] = 0;
  return 1;
}

// libcurl decodes gzip/deflate before this is called, so the cap counts decoded bytes, and returning
// short stops the transfer right here: a gzip bomb never holds more than the cap.
static size_t on_body(char *data, size_t size, size_t count, void *context) {
  cc_transfer *t = context;
  size_t n = size * count;
  t->last_activity_ms = now_ms();
  size_t first = 0;
  if (!t->body) {
    curl_off_t announced = -1;  // the Content-Length, -1 when not sent; decoded bytes may be more
    if (curl_easy_getinfo(t->handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &announced) == CURLE_OK &&
        announced > 0 && (unsigned long long)announced < t->max_bytes)
      first = (size_t)announced + 1;
  }
  if (!append(&t->body, &t->body_length, &t->body_capacity, data, n, t->max_bytes, first)) {
    t->result = CC_TOO_LARGE;
    return 0;
  }
  return n;
}

static size_t on_header(char *data, size_t size, size_t count, void *context) {
  cc_transfer *t = context;
  size_t n = size * count;
  t->last_activity_ms = now_ms();
  if (n >= 5 && memcmp(data, "HTTP/", 5) == 0) t->header_length = 0;  // a new response (redirect, 100)
  if (!append((unsigned char **)&t->header_block, &t->header_length, &t->header_capacity, data, n, 256 * 1024, 0)) {
    t->result = CC_HEADERS_TOO_LARGE;
    return 0;
  }
  return n;
}

static int ipv4_is_local(const unsigned char *a) {
  return a[0] == 0 || a[0] == 10 || a[0] == 127 ||               // unspecified, private, loopback
         (a[0] == 100 && (a[1] & 0xc0) == 64) ||                 // 100.64/10, shared (CGNAT)
         (a[0] == 169 && a[1] == 254) ||                         // link-local
         (a[0] == 172 && (a[1] & 0xf0) == 16) ||                 // 172.16/12
         (a[0] == 192 && a[1] == 168);                           // 192.168/16
}

int cc_address_is_local(const char *ip) {
  unsigned char a[16];
  if (!ip) return -1;
  if (inet_pton(AF_INET, ip, a) == 1) return ipv4_is_local(a);
  if (inet_pton(AF_INET6, ip, a) != 1) return -1;
  static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
  static const unsigned char nat64[12] = {0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0};
  if (memcmp(a, mapped, 12) == 0 || memcmp(a, nat64, 12) == 0) return ipv4_is_local(a + 12);
  int zero = 1;
  for (int i = 0; i < 15; i++) zero &= a[i] == 0;
  if (zero && (a[15] == 0 || a[15] == 1)) return 1;             // :: and ::1
  return (a[0] & 0xfe) == 0xfc ||                               // fc00::/7, unique local
         (a[0] == 0xfe && (a[1] & 0xc0) == 0x80) ||             // fe80::/10, link-local
         (a[0] == 0xfe && (a[1] & 0xc0) == 0xc0);               // fec0::/10, the old site-local
}

/// Called by libcurl once the connection for a request is there (a new one or one reused from the
/// cache, for the first request and after every redirect), before the request is sent: the address
/// checked is the one connected to, so neither a name that resolves to a local address nor a redirect
/// to one gets a request through.
static int on_connected(void *context, char *primary_ip, char *local_ip, int primary_port, int local_port) {
  (void)local_ip;
  (void)primary_port;
  (void)local_port;
  cc_transfer *t = context;
  if (!t->refuse_local || cc_address_is_local(primary_ip) == 0) return CURL_PREREQFUNC_OK;
  t->result = CC_LOCAL_ADDRESS;
  strncpy(t->refused_ip, primary_ip ? primary_ip : "?", sizeof t->refused_ip - 1);
  t->refused_ip[sizeof t->refused_ip - 1] = 0;
  return CURL_PREREQFUNC_ABORT;
}

/// Hands the outputs over: the last the thread does with `t` (its owner may free it from on_done on).
static void finish(cc_transfer *t, CURLcode code) {
  CURL *easy = t->handle;
  if (t->result == CC_OK && code != CURLE_OK) {
    t->result = CC_CURL_ERROR;
    t->curl_code = code;
    if (!t->error[0]) {
      strncpy(t->error, curl_easy_strerror(code), sizeof t->error - 1);
      t->error[sizeof t->error - 1] = 0;
    }
  }
  if (easy) {
    if (t->result == CC_OK) {
      char *url = NULL;
      curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &t->status);
      if (curl_easy_getinfo(easy, CURLINFO_EFFECTIVE_URL, &url) == CURLE_OK && url) t->effective_url = strdup(url);
    }
    curl_multi_remove_handle(engine.multi, easy);  // an unfinished transfer's connection is closed
    for (cc_transfer **link = &engine.active; *link; link = &(*link)->next) {
      if (*link == t) {
        *link = t->next;
        break;
      }
    }
    if (engine.spare_count < (int)(sizeof engine.spare / sizeof *engine.spare)) {
      curl_easy_reset(easy);
      engine.spare[engine.spare_count++] = easy;
    } else {
      curl_easy_cleanup(easy);
    }
  }
  // A body that outgrew its announced size (or had none) doubled its buffer: give the spare back before
  // it waits for the parser.
  if (t->body && t->body_capacity - t->body_length > 16384) {
    unsigned char *fitted = realloc(t->body, t->body_length + 1);
    if (fitted) {
      t->body = fitted;
      t->body_capacity = t->body_length + 1;
    }
  }
  curl_slist_free_all(t->header_list);
  free(t->url_copy);
  free(t->post_copy);
  t->header_list = NULL;
  t->url_copy = NULL;
  t->post_copy = NULL;
  t->handle = NULL;
  t->next = NULL;
  t->on_done(t);
}

/// Puts one pending transfer into the multi handle.
static void admit(cc_transfer *t) {
  if (__atomic_load_n(&t->cancelled, __ATOMIC_SEQ_CST)) {
    t->result = CC_CANCELLED;
    finish(t, CURLE_OK);
    return;
  }
  CURL *easy = engine.spare_count ? engine.spare[--engine.spare_count] : curl_easy_init();
  if (!easy) {
    t->result = CC_UNAVAILABLE;
    finish(t, CURLE_OK);
    return;
  }
  // Idle connections kept for reuse: libcurl's default (4 × the transfers running) drops while callers
  // parse what they fetched, and would close connections the next feeds could have reused.
  long keep = t->parallel * 4 > 64 ? t->parallel * 4 : 64;
  if (keep > engine.keep) {
    engine.keep = keep;
    curl_multi_setopt(engine.multi, CURLMOPT_MAXCONNECTS, engine.keep);
  }
  t->handle = easy;
  curl_easy_setopt(easy, CURLOPT_PRIVATE, t);
  curl_easy_setopt(easy, CURLOPT_URL, t->url_copy);
  curl_easy_setopt(easy, CURLOPT_HTTPHEADER, (struct curl_slist *)t->header_list);
  curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, t->error);
  // 256 KiB reads instead of libcurl's 16 KiB (the curl tool uses 100 KiB): a 29 MB feed was ~1,900
  // poll + recv + callback rounds (docs/DECISIONS.md, "The reload's own CPU").
  curl_easy_setopt(easy, CURLOPT_BUFFERSIZE, 256L * 1024);
  curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt(easy, CURLOPT_WRITEDATA, t);
  curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(easy, CURLOPT_HEADERDATA, t);
  curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
  if (t->refuse_local) {
    curl_easy_setopt(easy, CURLOPT_PREREQFUNCTION, on_connected);
    curl_easy_setopt(easy, CURLOPT_PREREQDATA, t);
  }
  curl_easy_setopt(easy, CURLOPT_FOLLOWLOCATION, t->no_redirects ? 0L : 1L);
  curl_easy_setopt(easy, CURLOPT_MAXREDIRS, t->max_redirects);
  curl_easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "");  // every encoding this libcurl decodes
  curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, t->connect_timeout_ms);
  curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  if (t->post_copy) {  // the body stays ours (freed by finish), so libcurl need not copy it
    curl_easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)t->post_length);
    curl_easy_setopt(easy, CURLOPT_POSTFIELDS, t->post_copy);
  }
  t->started_ms = t->last_activity_ms = now_ms();
  t->next = engine.active;
  engine.active = t;
  if (curl_multi_add_handle(engine.multi, easy) != CURLM_OK) {
    t->result = CC_UNAVAILABLE;
    finish(t, CURLE_OK);
  }
}

/// Ends the transfers that were cancelled or passed a deadline; returns the milliseconds until the
/// nearest deadline still ahead.
static int expire(void) {
  long long now = now_ms(), wait = 60000;
  cc_transfer *t = engine.active;
  while (t) {
    cc_transfer *next = t->next;  // finish unlinks t
    long long total = t->started_ms + t->total_timeout_ms - now;
    long long idle = t->last_activity_ms + t->idle_timeout_ms - now;
    if (__atomic_load_n(&t->cancelled, __ATOMIC_SEQ_CST)) t->result = CC_CANCELLED;
    else if (total <= 0) t->result = CC_TOTAL_TIMEOUT;
    else if (idle <= 0) t->result = CC_IDLE_TIMEOUT;
    if (t->result != CC_OK) {
      finish(t, CURLE_OK);
    } else {
      if (total < wait) wait = total;
      if (idle < wait) wait = idle;
    }
    t = next;
  }
  return (int)wait;
}

static void *run(void *unused) {
  (void)unused;
  for (;;) {
    pthread_mutex_lock(&engine.lock);
    cc_transfer *arrived = NULL;  // in the order they were started
    while (engine.pending) {
      cc_transfer *t = engine.pending;
      engine.pending = t->next;
      t->next = arrived;
      arrived = t;
    }
    pthread_mutex_unlock(&engine.lock);
    while (arrived) {
      cc_transfer *next = arrived->next;
      admit(arrived);
      arrived = next;
    }
    int running = 0, left = 0;
    curl_multi_perform(engine.multi, &running);
    CURLMsg *message;
    while ((message = curl_multi_info_read(engine.multi, &left))) {
      cc_transfer *t = NULL;
      if (message->msg != CURLMSG_DONE) continue;
      curl_easy_getinfo(message->easy_handle, CURLINFO_PRIVATE, (char **)&t);
      if (t) finish(t, message->data.result);
    }
    curl_multi_poll(engine.multi, NULL, 0, expire(), NULL);
  }
  return NULL;
}

static void start(void) {
  CURLM *multi = NULL;
  if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK || !(multi = curl_multi_init())) return;
  __atomic_store_n(&engine.multi, multi, __ATOMIC_RELEASE);
  // The thread takes no signals: they stay with the threads that wait for them (SIGWINCH, SIGTERM).
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &previous);
  pthread_t thread;
  if (pthread_create(&thread, NULL, run, NULL) == 0) {
    pthread_detach(thread);
  } else {
    __atomic_store_n(&engine.multi, NULL, __ATOMIC_RELEASE);
    curl_multi_cleanup(multi);
  }
  pthread_sigmask(SIG_SETMASK, &previous, NULL);
}

void cc_start(cc_transfer *t) {
  pthread_once(&start_once, start);
  t->result = CC_OK;
  t->error[0] = 0;
  t->refused_ip[0] = 0;
  t->url_copy = strdup(t->url);
  t->post_copy = NULL;
  int post_failed = 0;
  if (t->post_body) {
    t->post_copy = malloc(t->post_length + 1);
    if (t->post_copy) {
      memcpy(t->post_copy, t->post_body, t->post_length);
      t->post_copy[t->post_length] = 0;
    } else {
      post_failed = 1;
    }
  }
  t->post_body = NULL;
  struct curl_slist *headers = NULL;
  for (size_t i = 0; i < t->header_count; i++) headers = curl_slist_append(headers, t->headers[i]);
  t->header_list = headers;
  t->url = NULL;
  t->headers = NULL;
  if (!engine.multi || !t->url_copy || post_failed) {
    t->result = CC_UNAVAILABLE;
    finish(t, CURLE_OK);
    return;
  }
  pthread_mutex_lock(&engine.lock);
  t->next = engine.pending;
  engine.pending = t;
  pthread_mutex_unlock(&engine.lock);
  curl_multi_wakeup(engine.multi);
}

void cc_cancel(cc_transfer *t) {
  __atomic_store_n(&t->cancelled, 1, __ATOMIC_SEQ_CST);
  CURLM *multi = __atomic_load_n(&engine.multi, __ATOMIC_ACQUIRE);  // NULL until the first cc_start
  if (multi) curl_multi_wakeup(multi);
}

void cc_transfer_free(cc_transfer *t) {
  free(t->effective_url);
  free(t->header_block);
  free(t->body);
  t->effective_url = NULL;
  t->header_block = NULL;
  t->body = NULL;
}
