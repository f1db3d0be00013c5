/// The Python launcher of the test servers, written to a temporary file when the tests start (kept in
/// Swift so that the test target has no unhandled resource files).
///
/// `run_server.py radicale CONFIG` runs Radicale; `run_server.py xandikos DIR PORT` runs Xandikos;
/// `run_server.py hostile PORT` runs a deliberately misbehaving HTTP server for the robustness
/// tests. A watchdog thread exits as soon as the test
/// process is gone, so no server outlives the tests even when they crash.
let runServerScript = #"""
"""Starts a test server for the OhanaCardDAV tests and stops it when the test process goes away.

    run_server.py radicale CONFIG     Radicale with that configuration file
    run_server.py xandikos DIR PORT   Xandikos serving DIR on 127.0.0.1:PORT (no authentication)
    run_server.py hostile PORT        a deliberately misbehaving HTTP server (robustness tests only)

A watchdog thread exits as soon as the parent process (the test run) is gone, so no server outlives
the tests even when they crash.
"""
import os
import re
import sys
import threading
import time


def watch_parent():
    parent = os.getppid()
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            os._exit(0)


threading.Thread(target=watch_parent, daemon=True).start()

mode = sys.argv[1]
if mode == "radicale":
    from radicale.__main__ import run
    sys.argv = ["radicale", "--config", sys.argv[2]]
    run()
elif mode == "xandikos":
    import asyncio
    from xandikos.__main__ import main
    folder, port = sys.argv[2], sys.argv[3]
    sys.exit(asyncio.run(main(["serve", "-d", folder + "/data", "--defaults", "-l", "127.0.0.1", "-p", port,
                               "--state-dir", folder + "/state", "--no-detect-systemd"])))
elif mode == "hostile":
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    MULTISTATUS_HEAD = '<?xml version="1.0"?>\n'
    LAUGHS = (MULTISTATUS_HEAD + '<!DOCTYPE lolz [<!ENTITY lol "lol">'
              + "".join('<!ENTITY lol%d "%s">' % (i, ("&lol%d;" % (i - 1) if i > 1 else "&lol;") * 10) for i in range(1, 10))
              + ']>\n<D:multistatus xmlns:D="DAV:"><D:response><D:href>&lol9;</D:href></D:response></D:multistatus>')
    EXTERNAL = (MULTISTATUS_HEAD + '<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
                + '<D:multistatus xmlns:D="DAV:"><D:response><D:href>&xxe;</D:href></D:response></D:multistatus>')
    MALFORMED = MULTISTATUS_HEAD + '<D:multistatus xmlns:D="DAV:"><D:response><D:href>/x</D:multistatus>'
    DEEP = MULTISTATUS_HEAD + '<D:multistatus xmlns:D="DAV:">' + "<D:x>" * 5000 + "</D:x>" * 5000 + "</D:multistatus>"

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def reply(self, status, body=b"", headers=()):
            if isinstance(body, str):
                body = body.encode()
            self.send_response(status)
            for name, value in headers:
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def handle_any(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length).decode() if length else ""
            path = self.path.split("?")[0]
            xml = [("Content-Type", "application/xml; charset=utf-8")]
            if path.startswith("/slow"):
                time.sleep(30)
                self.reply(207, "")
            elif path.startswith("/laughs"):
                self.reply(207, LAUGHS, xml)
            elif path.startswith("/external"):
                self.reply(207, EXTERNAL, xml)
            elif path.startswith("/malformed"):
                self.reply(207, MALFORMED, xml)
            elif path.startswith("/deep"):
                self.reply(207, DEEP, xml)
            elif path.startswith("/huge"):
                self.reply(207, MULTISTATUS_HEAD + '<D:multistatus xmlns:D="DAV:">' + " " * (4 << 20) + "</D:multistatus>", xml)
            elif path.startswith("/error"):
                self.reply(500, "boom")
            elif path.startswith("/elsewhere"):
                self.reply(301, "", [("Location", "http://127.0.0.2:%d/book/" % self.server.server_port)])
            elif path.startswith("/loop"):
                self.reply(302, "", [("Location", "/loop2" if path.startswith("/loop1") else "/loop1")])
            elif path.startswith("/truncated") or path.startswith("/nosync"):
                self.truncated(path, body, xml)
            elif path.startswith("/unauthorized"):
                self.reply(401, "", [("WWW-Authenticate", 'Basic realm="hostile"')])
            else:
                self.reply(404, "")

        def truncated(self, path, body, xml):
            """An address book whose sync-collection answers come in truncated parts (507)."""
            ok = "<D:status>HTTP/1.1 200 OK</D:status>"
            base = "/nosync/" if path.startswith("/nosync") else "/truncated/"
            if base == "/nosync/" and self.command == "PROPFIND" and self.headers.get("Depth") == "1":
                self.reply(207, MULTISTATUS_HEAD + '<D:multistatus xmlns:D="DAV:"><D:response><D:href>/nosync/</D:href>'
                           '<D:propstat><D:prop><D:resourcetype><D:collection/></D:resourcetype></D:prop>' + ok
                           + '</D:propstat></D:response><D:response><D:href>/nosync/a.vcf</D:href><D:propstat><D:prop>'
                           '<D:getetag>"a1"</D:getetag></D:prop>' + ok + '</D:propstat></D:response></D:multistatus>', xml)
            elif base == "/nosync/" and "sync-collection" in body:
                self.reply(403, "sync-collection is switched off here")
            elif self.command == "PROPFIND":
                self.reply(207, MULTISTATUS_HEAD + '<D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">'
                           '<D:response><D:href>' + base + '</D:href><D:propstat><D:prop><D:resourcetype><D:collection/>'
                           '<C:addressbook/></D:resourcetype><D:supported-report-set><D:supported-report><D:report>'
                           '<D:sync-collection/></D:report></D:supported-report></D:supported-report-set></D:prop>'
                           + ok + '</D:propstat></D:response></D:multistatus>', xml)
            elif "sync-collection" in body:
                token = re.search(r"<D:sync-token>([^<]*)</D:sync-token>", body)
                token = token.group(1) if token else ""
                parts = {"": ("a", "t1", True), "t1": ("b", "t2", False), "t2": (None, "t2", False)}
                if token not in parts:
                    self.reply(403, '<D:error xmlns:D="DAV:"><D:valid-sync-token/></D:error>', xml)
                    return
                member, new_token, more = parts[token]
                out = MULTISTATUS_HEAD + '<D:multistatus xmlns:D="DAV:">'
                if member:
                    out += ('<D:response><D:href>/truncated/%s.vcf</D:href><D:propstat><D:prop><D:getetag>"%s1"</D:getetag>'
                            '</D:prop>%s</D:propstat></D:response>' % (member, member, ok))
                if more:
                    out += '<D:response><D:href>/truncated/</D:href><D:status>HTTP/1.1 507 Insufficient Storage</D:status></D:response>'
                self.reply(207, out + "<D:sync-token>%s</D:sync-token></D:multistatus>" % new_token, xml)
            elif "addressbook-multiget" in body:
                out = MULTISTATUS_HEAD + '<D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">'
                for href in re.findall(r"<D:href>([^<]*)</D:href>", body):
                    name = href.rsplit("/", 1)[-1][:-4]
                    card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:%s\r\nFN:Part %s\r\nN:%s;;;;\r\nEND:VCARD\r\n" % (name, name, name)
                    out += ('<D:response><D:href>%s</D:href><D:propstat><D:prop><D:getetag>"%s1"</D:getetag>'
                            '<C:address-data>%s</C:address-data></D:prop>%s</D:propstat></D:response>' % (href, name, card, ok))
                self.reply(207, out + "</D:multistatus>", xml)
            else:
                self.reply(405, "")

        do_GET = do_PUT = do_DELETE = do_REPORT = do_PROPFIND = do_MKCOL = do_OPTIONS = handle_any

    server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2])), Handler)
    server.daemon_threads = True
    server.serve_forever()
else:
    sys.exit("unknown mode " + mode)
"""#
