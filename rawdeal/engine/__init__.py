"""The rules engine: state, pure rule queries, tasks, the game loop, moves and events."""
