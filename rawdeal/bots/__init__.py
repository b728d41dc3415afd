"""Computer players: one interface (`base`), a registry by name (`registry`), random, greedy and search."""
