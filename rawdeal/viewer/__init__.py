"""See a game: one self-contained HTML page per replay (`rawdeal view`) or per divergence (`grade --html`).

`record` plays a game once and keeps the board at every step; `page` writes the page, its data
encoded compactly (`encode`), for a browser that renders only the step on screen. Nothing here
prints or touches the network: the page carries its own CSS and script (`static/`).
"""
