"""Altered Carbon: Fightdrome (Warcradle, 2020), the second game on rawdeal's tools: the whole rulebook
(`../shared/spec/other-games/fightdrome-es.txt`) as a `rawdeal.games` ruleset. Every number and ruling
the rulebook leaves open is data in `fightdrome.toml`, beside the sentence it settles; `rulebook.py`
lists the rules with where each is implemented and tested."""
