"""The shared table: a FastAPI server (``app.create_app``) that lets a table of people play
any registered system together, each on a phone, watching one shared screen.

``tokens`` makes and checks the keys to tables and seats, ``live`` moves one game step by
recorded step, ``payloads`` builds what each seat may see, ``tables`` ties them into the
service the routes call, ``app`` is the HTTP and WebSocket surface of docs/web-api.md, and
``pages`` serves the lobby, table and seat pages from ``static/``.
"""
