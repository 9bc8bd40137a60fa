"""Tests of web/serve.py on a scratch folder: precompressed twins chosen by
Accept-Encoding, types, caching headers, 304 on revalidation, 404s.

Run: python3 -m unittest web/test_serve.py   (part of scripts/test.sh)
"""

import gzip
import http.client
import os
import sys
import tempfile
import threading
import unittest

sys.path.insert(0, os.path.dirname(__file__))
import serve  # noqa: E402

WASM = b"\0asm" + bytes(range(256)) * 64


class ServeTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        d = cls.dir.name
        with open(os.path.join(d, "agon_bg.wasm"), "wb") as f:
            f.write(WASM)
        with open(os.path.join(d, "agon_bg.wasm.gz"), "wb") as f:
            f.write(gzip.compress(WASM))
        with open(os.path.join(d, "agon_bg.wasm.br"), "wb") as f:
            f.write(b"pretend brotli")
        with open(os.path.join(d, "index.html"), "wb") as f:
            f.write(b"<!doctype html>")
        handler = lambda *a, **k: serve.Handler(*a, directory=d, **k)  # noqa: E731
        cls.server = serve.http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        cls.port = cls.server.server_address[1]
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()
        cls.server.server_close()
        cls.dir.cleanup()

    def get(self, path, **headers):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        c.request("GET", path, headers=headers)
        r = c.getresponse()
        body = r.read()
        c.close()
        return r, body

    def test_the_best_accepted_twin_is_sent_with_its_encoding(self):
        r, body = self.get("/agon_bg.wasm", **{"Accept-Encoding": "gzip, deflate, br"})
        self.assertEqual(r.getheader("Content-Encoding"), "br")
        self.assertEqual(body, b"pretend brotli")
        r, body = self.get("/agon_bg.wasm", **{"Accept-Encoding": "gzip;q=1, br;q=0"})
        self.assertEqual(r.getheader("Content-Encoding"), "gzip")
        self.assertEqual(gzip.decompress(body), WASM)
        r, body = self.get("/agon_bg.wasm")
        self.assertIsNone(r.getheader("Content-Encoding"))
        self.assertEqual(body, WASM)
        for r, _ in [self.get("/agon_bg.wasm"), self.get("/agon_bg.wasm", **{"Accept-Encoding": "br"})]:
            self.assertEqual(r.getheader("Content-Type"), "application/wasm")
            self.assertEqual(r.getheader("Vary"), "Accept-Encoding")
            self.assertEqual(r.getheader("Cache-Control"), "no-cache")

    def test_a_return_visit_revalidates_with_the_etag(self):
        r, _ = self.get("/", **{"Accept-Encoding": "gzip"})
        self.assertEqual(r.status, 200)
        self.assertTrue(r.getheader("Content-Type").startswith("text/html"))
        etag = r.getheader("ETag")
        r, body = self.get("/", **{"Accept-Encoding": "gzip", "If-None-Match": etag})
        self.assertEqual((r.status, body), (304, b""))
        # Another encoding is another representation: no 304 for it.
        r, _ = self.get("/agon_bg.wasm", **{"Accept-Encoding": "br", "If-None-Match": etag})
        self.assertEqual(r.status, 200)

    def test_missing_files_and_escapes_are_not_found(self):
        self.assertEqual(self.get("/nothing.js")[0].status, 404)
        self.assertEqual(self.get("/../../etc/passwd")[0].status, 404)

    def test_accept_encoding_is_read_with_its_weights(self):
        self.assertEqual(serve.accepted("gzip, br;q=0, deflate;q=0.5"), {"gzip", "deflate"})
        self.assertEqual(serve.accepted(None), set())
        self.assertEqual(serve.accepted("br;q=x"), set())


if __name__ == "__main__":
    unittest.main()
