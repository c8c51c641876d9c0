"""A small notes web app: the Python standard library only.

    python3 app/notes.py --port 8000 [--title "My notes"] [--note "First"]...

NOTES_GREETING in the environment adds a greeting under the title. It binds 127.0.0.1 and keeps
its notes in memory: every start is fresh. Everything a user sends is escaped (html.escape).
"""
import argparse
import html
import os
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

parser = argparse.ArgumentParser(description="A small notes web app")
parser.add_argument("--port", type=int, required=True)
parser.add_argument("--host", default="127.0.0.1")
parser.add_argument("--title", default="Notes")
parser.add_argument("--note", action="append", default=[], help="a note to start with (repeatable)")
options = parser.parse_args()

notes = list(options.note)
greeting = os.environ.get("NOTES_GREETING", "")


def page():
    items = "".join(
        '<li><p data-testid="note-%d">%s</p></li>' % (index, html.escape(note)) for index, note in enumerate(notes, start=1)
    )
    listing = ('<ul aria-label="Notes" data-testid="notes">%s</ul>' % items) if notes else '<p data-testid="empty">No notes yet.</p>'
    hello = ('<p data-testid="greeting">%s</p>' % html.escape(greeting)) if greeting else ""
    return """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>%(title)s</title></head>
<body>
<h1 data-testid="title">%(title)s</h1>
%(hello)s
<form method="post" action="/notes">
  <label for="text">New note</label>
  <textarea id="text" name="text" data-testid="note-text" maxlength="500"></textarea>
  <button type="submit" data-testid="save">Save</button>
</form>
<p data-testid="count">%(count)d %(noun)s</p>
%(listing)s
</body>
</html>""" % {
        "title": html.escape(options.title),
        "hello": hello,
        "count": len(notes),
        "noun": "note" if len(notes) == 1 else "notes",
        "listing": listing,
    }


class Notes(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path.split("?")[0] != "/":
            return self.answer(404, "<!doctype html><title>Not found</title><h1>Not found</h1>")
        self.answer(200, page())

    def do_POST(self):
        if self.path != "/notes":
            return self.answer(404, "<!doctype html><title>Not found</title><h1>Not found</h1>")
        length = min(int(self.headers.get("Content-Length", "0")), 64 * 1024)
        fields = parse_qs(self.rfile.read(length).decode("utf-8", "replace"))
        text = fields.get("text", [""])[0].strip()
        if text:
            notes.append(text[:500])
        self.send_response(303)
        self.send_header("Location", "/")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def answer(self, status, body):
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format, *arguments):
        sys.stderr.write("notes: %s\n" % (format % arguments))


server = ThreadingHTTPServer((options.host, options.port), Notes)
print("notes: serving on http://%s:%d" % (options.host, server.server_address[1]), flush=True)
server.serve_forever()
