"""A fake student program for grading tests: a tiny console in the course's style, and a bank made with it.

The console lists the category's decks, reads menu answers from standard input (re-reading answers
that are out of range or not numbers, as the course's program does), then plays a few "turns" drawn
from the decks. `#HOOK` marks the line a variant replaces to misbehave. `make_bank` writes decks in
the course's conventions and one transcript per answer list, made by running the console with its
answers echoed as `INPUT:` lines.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

DECKS = {"01-Alpha": ["Punch", "Kick", "Chop"], "02-Beta": ["Head Butt", "Arm Drag"]}
# Answers per test: out-of-range and non-numeric answers are read again, as people type them.
ANSWERS = {
    "01-Alpha": [["1", "2", "2"], ["3", "0", "1", "1", "1", "1", "2"], ["2", "x", "3", "1", "2"], ["1", "1", "1", "1", "1", "2"]],
    "02-Beta": [["2", "1", "1", "2"], ["1", "7", "2", "1", "1", "1", "1", "2"], ["2", "2", "2"]],
}

CONSOLE = '''\
import os, sys
ECHO = "--echo" in sys.argv
decks_dir = sys.argv[1]
decks = sorted(f for f in os.listdir(decks_dir) if f.endswith(".txt"))

def ask(n):
    while True:
        line = sys.stdin.readline()
        if not line:
            sys.exit(0)
        line = line.strip()
        if ECHO:
            print("INPUT: " + line)
        if line.isdigit() and 1 <= int(line) <= n:
            return int(line)

picks = []
for player in (1, 2):
    print("-------------------------")
    print("Elige un mazo")
    for i, d in enumerate(decks, 1):
        print(f"{i}- {decks_dir}/{d}")
    print(f"(Ingresa un número entre 1 y {len(decks)})")
    picks.append(ask(len(decks)))
hands = [open(os.path.join(decks_dir, decks[p - 1]), encoding="utf-8-sig").read().split("\\n") for p in picks]
turn = 0
while True:
    hand = hands[turn % 2]
    line = f"Turno {turn + 1}: jugador {turn % 2 + 1} juega {hand[turn % len(hand)]}"
    #HOOK
    print(line)
    print("1- Seguir")
    print("2- Rendirse")
    print("(Ingresa un número entre 1 y 2)")
    if ask(2) == 2:
        print(f"Felicidades, gana el jugador {2 - turn % 2}.")
        break
    turn += 1
'''

def write_program(folder: Path, hook: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "main.py").write_text(CONSOLE.replace("#HOOK", hook))
    return folder


def make_bank(root: Path) -> Path:
    """Decks in the course's conventions (BOM, no final newline) and transcripts made by the correct program."""
    program = write_program(root / "maker", "") / "main.py"
    for category, titles in DECKS.items():
        (root / "data" / category).mkdir(parents=True)
        (root / "data" / f"{category}-Tests").mkdir()
        for i in range(len(titles)):
            lines = [f"DECK {i + 1} (Superstar Card)"] + [titles[(i + k) % len(titles)] for k in range(4)]
            (root / "data" / category / f"0{i + 1}.txt").write_bytes(b"\xef\xbb\xbf" + "\n".join(lines).encode())
        for n, answers in enumerate(ANSWERS[category], 1):
            out = subprocess.run([sys.executable, str(program), f"data/{category}", "--echo"], cwd=root,
                                 input="".join(a + "\n" for a in answers), capture_output=True, text=True, check=True)
            (root / "data" / f"{category}-Tests" / f"{n}.txt").write_text(out.stdout)
    return root
