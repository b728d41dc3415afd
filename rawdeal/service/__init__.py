"""`rawdeal serve`: the replay and grading service (docs/service.md).

The web stack (FastAPI, SQLAlchemy, uvicorn) is an extra, `rawdeal[serve]`, imported only by the
modules that need it; `replays`, `problems`, `uploads` and `client` are plain Python, so the CLI's
`rawdeal submit` and the tests can use them without it. Importing this package does nothing.
"""
