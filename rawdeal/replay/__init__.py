"""Replaying move files: one move a line, checked against the engine's decisions, with a transcript."""
