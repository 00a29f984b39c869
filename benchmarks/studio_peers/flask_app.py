"""Peer for studio_frameworks.py: Flask, served by waitress (threads) or gunicorn (one
synchronous worker process per core).

    python flask_app.py waitress PORT WORKERS
    gunicorn -w WORKERS -b 127.0.0.1:PORT flask_app:app
"""

import sys

from flask import Flask, jsonify
from work import burn

app = Flask(__name__)


@app.get("/ping")
def ping():
    return jsonify(ok=True)


@app.get("/work")
def work():
    return jsonify(done=burn())


if __name__ == "__main__":
    import waitress

    waitress.serve(
        app, host="127.0.0.1", port=int(sys.argv[2]), threads=int(sys.argv[3]) * 2, _quiet=True
    )
