"""The seam between rawdeal's tools and the games they play: a small `Ruleset` interface
(`protocol`), a registry of games by name (`registry`), and generic code written only against it
(saves, move files, transcripts, random play). No module here imports a game's package: the registry
names each game's ruleset by its import path (the layer contract in pyproject.toml checks it)."""
