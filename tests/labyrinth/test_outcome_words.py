"""The end of a game at the terminal is said in words, not printed as a Python dict, for
the turn-based systems whose outcome summaries hold lists and per-seat tables (Labyrinth,
Dungeon Squad!, Card Crawl)."""

from __future__ import annotations

from labyrinth_table import game

from undercroft.cli.outcome_words import outcome_line
from undercroft.systems.cardcrawl.play.config import CardCrawlConfig
from undercroft.systems.cardcrawl.play.setup import new_game as new_crawl
from undercroft.systems.cardcrawl.ruleset import RULESET as CARDCRAWL
from undercroft.systems.labyrinth.ruleset import RULESET as LABYRINTH
from undercroft.systems.squad.play.config import SquadConfig
from undercroft.systems.squad.play.setup import new_game as new_squad
from undercroft.systems.squad.ruleset import RULESET as SQUAD


def test_labyrinths_end_reads_as_words() -> None:
    state = game("human:warrior", "hollow:medic")
    state.ended, state.deepest = "victory", 3
    state.party[1].alive = False
    outcome = LABYRINTH.outcome(state)
    assert outcome is not None
    assert outcome_line(outcome.result, outcome.summary) == (
        "victory. Deepest floor 3; unlocked 1; alive: Seat-1; silver: Seat-1 10, Seat-2 10")


def test_squads_end_reads_as_words() -> None:
    state = new_squad(SquadConfig(players=2, party="example"), 1)
    state.ended = "pool spent"
    state.heroes["Faf"].pennies = 1
    outcome = SQUAD.outcome(state)
    assert outcome is not None
    line = outcome_line(outcome.result, outcome.summary)
    assert line == ("pool spent. Stage The Mountain Pass; stages played 0; standing: Faf, "
                    "Urd; pennies: Faf 1, Urd 0")


def test_card_crawls_end_reads_as_words_and_an_empty_list_as_none() -> None:
    state = new_crawl(CardCrawlConfig(players=1, rooms=6), 1)
    state.ended = "defeated"
    for card in state.fighters[0].defence:
        card.state = "discarded"
    outcome = CARDCRAWL.outcome(state)
    assert outcome is not None
    line = outcome_line(outcome.result, outcome.summary)
    assert line == "defeated. Rounds 0; rooms visited 0; standing: none"
    assert "{" not in line and "[" not in line
