"""Checks of the card database: every card compiled and every clause of its effect executed."""
