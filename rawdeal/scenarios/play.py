"""Playing a scenario in the engine: its opening, its moves, and the reference transcript."""

from __future__ import annotations

from rawdeal.replay.movefile import play_moves, read_moves
from rawdeal.engine import events as ev
from rawdeal.engine.game import Game
from rawdeal.errors import ScenarioError
from rawdeal.io.transcript import Transcript
from rawdeal.scenarios.model import Scenario


def start(sc: Scenario) -> tuple[Game, Transcript]:
    """The scenario's opening game (its save, else a new game from its decks) and the transcript so far."""
    transcript = Transcript()
    if sc.save.is_file():
        from rawdeal.io.save import read_save

        game = read_save(sc.save)
        transcript.events(game.resume())
        return game, transcript
    game, events = new_game(sc)
    transcript.events(events)
    return game, transcript


def new_game(sc: Scenario) -> tuple[Game, list[ev.Event]]:
    """A new game from the scenario's two decks, with its profile and seed, and the events of its start."""
    if not all(d.is_file() for d in sc.decks):
        raise ScenarioError(f"{sc.path}: needs start.json, or deck-a.txt and deck-b.txt")
    from rawdeal.decks import read_deck
    from rawdeal.engine.setup import new_game as start_game

    return start_game(read_deck(sc.decks[0]), read_deck(sc.decks[1]), sc.profile, sc.seed)


def run(sc: Scenario) -> tuple[Game, Transcript]:
    """The scenario played to the end of its move file."""
    game, transcript = start(sc)
    if sc.moves.is_file():
        play_moves(game, read_moves(sc.moves), transcript, source=f"{sc.name}/moves.txt")
    return game, transcript


def reference_transcript(sc: Scenario) -> str:
    """What rawdeal prints for the scenario: the reference a student's transcript is graded against.
    A scenario whose start.json names another game (`"game"`) is played by that game's ruleset."""
    if sc.save.is_file() and b'"game":' in sc.save.read_bytes():
        return _other_game_transcript(sc)
    return run(sc)[1].text()


def _other_game_transcript(sc: Scenario) -> str:
    from rawdeal.games.replay import play_file
    from rawdeal.games.saves import read
    from rawdeal.games.transcript import collect

    rules, state = read(sc.save)
    transcript, parts = collect(rules)
    transcript.events(state.resume())
    if sc.moves.is_file():
        play_file(rules, state, sc.moves, transcript)
    return "".join(parts)
