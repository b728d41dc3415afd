"""Drivers answer the engine's decisions: move files, course transcripts, random players."""
