"""Scenarios: a folder with a starting position, a move file and what is expected.

`model` is the one `Scenario` (its files, its metadata read once, the suite loader) and imports no
engine, so grading can load a suite without it; `play` starts and runs a scenario in the engine.
"""
