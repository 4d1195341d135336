"""Serves a folder over HTTP/1.1 on 127.0.0.1 for the benchmarks (keep-alive, as real feed hosts do);
prints "serving on port N" once listening.

Its listen backlog is raised from http.server's 5 to 128: with 8 fetches at once the 5-slot queue
overflowed, the kernel dropped SYNs and the client waited a 1 s SYN retransmit, for either program.
"""
import functools
import http.server
import sys


class Server(http.server.ThreadingHTTPServer):
    request_queue_size = 128


class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep connections open between requests (Content-Length is sent)

    def log_message(self, *args):
        pass


httpd = Server(("127.0.0.1", 0), functools.partial(Handler, directory=sys.argv[1]))
print("serving on port", httpd.server_address[1], flush=True)
httpd.serve_forever()
