"""Play in the browser (`rawdeal serve`): a person against a bot or another person over a WebSocket.

The game is the service's game (`games` table: its save, moves and decision number); `store` adds its
seats and opening save, `seats` makes each seat's view (never the opponent's hand or an Arsenal's
order), `routes` serves the pages and the socket.
"""
