"""Serves a folder over HTTP on 127.0.0.1 for the benchmarks and scripts/order-functions; prints
"serving on port N" once listening.

Its listen backlog is raised from http.server's 5 to 128: with 8 fetches at once the 5-slot queue
overflowed, the kernel dropped SYNs and the client waited a 1 s SYN retransmit, for either program
(seen with strace: a connect pending ~1 s; the 100-feed reload varied 0.6-1.5 s).
"""
import functools
import http.server
import sys


class Server(http.server.ThreadingHTTPServer):
    request_queue_size = 128


handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
handler.log_message = lambda *args: None
httpd = Server(("127.0.0.1", 0), handler)
print("serving on port", httpd.server_address[1], flush=True)
httpd.serve_forever()
