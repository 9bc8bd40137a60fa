#!/usr/bin/env python3
"""Serves the web build (dist/) as a real static host should.

- A file with a precompressed twin (`agon_bg.wasm.br`, `.gz`) is sent as
  that twin with `Content-Encoding`, whichever the request's
  `Accept-Encoding` allows (brotli first), and `Vary: Accept-Encoding`.
- `.wasm` is `application/wasm`, so browsers compile it while it streams.
- The file names carry no content hash, so every file is `no-cache` with an
  `ETag`: a return visit revalidates and gets `304 Not Modified` in one
  round trip instead of downloading the game again.

Usage: python3 web/serve.py [DIR] [PORT]   (defaults: dist 8080; binds 127.0.0.1)
"""

import http.server
import os
import sys

TYPES = {
    ".wasm": "application/wasm",
    ".js": "text/javascript; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".json": "application/json",
    ".ogg": "audio/ogg",
    ".png": "image/png",
}

# Twins in order of preference: (suffix, Content-Encoding, Accept-Encoding token).
ENCODINGS = ((".br", "br", "br"), (".gz", "gzip", "gzip"))


def accepted(header):
    """The encodings an Accept-Encoding header allows (q > 0), lower case."""
    allowed = set()
    for part in (header or "").split(","):
        fields = [f.strip() for f in part.split(";")]
        if not fields[0]:
            continue
        q = 1.0
        for f in fields[1:]:
            if f.startswith("q="):
                try:
                    q = float(f[2:])
                except ValueError:
                    q = 0.0
        if q > 0:
            allowed.add(fields[0].lower())
    return allowed


class Handler(http.server.SimpleHTTPRequestHandler):
    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?", 1)[0].endswith("/"):
                return super().send_head()  # redirects to the slash
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            self.send_error(404, "File not found")
            return None
        sent, encoding = path, None
        allowed = accepted(self.headers.get("Accept-Encoding"))
        for suffix, name, token in ENCODINGS:
            if token in allowed and os.path.isfile(path + suffix):
                sent, encoding = path + suffix, name
                break
        stat = os.stat(sent)
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}-{encoding or "identity"}"'
        if etag in [t.strip() for t in self.headers.get("If-None-Match", "").split(",")]:
            self.send_response(304)
            self.send_common(etag)
            self.end_headers()
            return None
        f = open(sent, "rb")
        self.send_response(200)
        ext = os.path.splitext(path)[1].lower()
        self.send_header("Content-Type", TYPES.get(ext) or self.guess_type(path))
        self.send_header("Content-Length", str(stat.st_size))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_common(etag)
        self.end_headers()
        return f

    def send_common(self, etag):
        self.send_header("ETag", etag)
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Vary", "Accept-Encoding")

    def log_message(self, *args):
        pass


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 else "dist"
    text = sys.argv[2] if len(sys.argv) > 2 else "8080"
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        sys.exit(f"serve.py: {text[:80]!r} is not a port (1 to 65535)")
    port = int(text)
    handler = lambda *a, **k: Handler(*a, directory=directory, **k)  # noqa: E731
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"serving {directory} at http://127.0.0.1:{port}/", flush=True)
        server.serve_forever()


if __name__ == "__main__":
    main()
