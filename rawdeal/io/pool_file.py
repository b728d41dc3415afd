"""Write rawdeal's Classic pool file from a RawDealDb-style source (atomically, like every rawdeal output).

    python -m rawdeal.io.pool_file ../shared/carddb/classic.json -o rawdeal/data/classic.json

The conversion itself is `rawdeal.cards.pool.convert`; a test checks the committed file is exactly what
this makes from `../shared/carddb/classic.json`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rawdeal.cards.pool.convert import dumps
from rawdeal.cards.pool.load import read_source_pool
from rawdeal.errors import RawdealError
from rawdeal.io.files import write_atomic


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rawdeal.io.pool_file", description=__doc__.split("\n")[0])
    parser.add_argument("source", type=Path, help="a pool in the layout of ../shared/carddb/classic.json")
    parser.add_argument("-o", "--output", type=Path, required=True)
    args = parser.parse_args(argv)
    try:
        cards = read_source_pool(args.source)
    except RawdealError as exc:
        print(f"rawdeal: {exc}", file=sys.stderr)
        return exc.exit_code
    write_atomic(args.output, dumps(list(cards), args.source.name))
    print(f"{len(cards)} cards written to {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
