"""Many games at once: seeded random games (selfplay), random decks, tournaments and their reports."""
