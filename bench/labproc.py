"""Starting `lab` servers and posting to them, for the Python bench scripts beside this file."""
import json, os, subprocess, tempfile, urllib.request


def start_lab(binary, command, *args, quiet=True):
    """Starts `binary command --port 0 --db <fresh file> args…` and returns (process, port) once it
    prints its address; raises if it ends before saying it."""
    db = os.path.join(tempfile.mkdtemp(), "bench.sqlite")
    process = subprocess.Popen([binary, command, "--port", "0", "--db", db, *args], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL if quiet else None, text=True)
    while True:
        line = process.stdout.readline()
        if not line:
            raise RuntimeError(f"{binary} {command} ended (status {process.wait()}) before printing its address")
        if line.startswith("listening on http://"):
            return process, int(line.strip().rsplit(":", 1)[1])


def post_message(port, user, subject, message):
    """POSTs one message to the Messages API at 127.0.0.1:port."""
    body = json.dumps({"user": user, "operation": "add_message", "subject": subject, "message": message}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/proto/messages", data=body,
                                     headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request).read()
