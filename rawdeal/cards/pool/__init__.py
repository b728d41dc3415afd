"""Card pools beyond the course's 137 cards: the Classic pool (`data/classic.json`, converted from
`../shared/carddb/classic.json` by `rawdeal.cards.pool.convert`, written by `python -m rawdeal.io.pool_file`) and any pool file in the same layout.

Loaded lazily, only by the commands that ask for a pool, so the course pool and `import rawdeal.cli`
stay as fast as before.
"""
