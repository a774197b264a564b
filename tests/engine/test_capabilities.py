"""Optional capabilities (docs/game-api.md): asked for with isinstance, refused plainly."""

from __future__ import annotations

import pytest

from undercroft.engine.capabilities import (
    PlayersMap,
    Wording,
    choice_words,
    players_map,
    simulated,
)
from undercroft.engine.registry import get, names
from undercroft.errors import BadInput


def test_amulet_and_card_crawl_offer_a_players_map_and_the_others_say_they_have_none(
        ) -> None:
    assert [name for name in names() if isinstance(get(name), PlayersMap)] == [
        "amulet", "cardcrawl"]
    labyrinth = get("labyrinth")
    state = labyrinth.new(labyrinth.config_model()(), 1)
    with pytest.raises(BadInput, match="labyrinth has no level map"):
        players_map(labyrinth, state, None)


def test_amulets_players_map_draws_only_seen_rooms_without_notes_or_seed() -> None:
    """Seed 1 starts with room 2 generated behind a secret exit."""
    amulet = get("amulet")
    state = amulet.new(amulet.config_model()(), 1)
    drawn = players_map(amulet, state, None)
    assert {room.id for room in drawn.rooms if room.discovered} == state.level.seen
    assert 2 not in state.level.seen
    assert all(not room.contents and not room.labels and not room.details
               for room in drawn.rooms)
    assert "seed" not in drawn.title


def test_a_ruleset_without_figures_is_refused_by_the_balance_lab() -> None:
    class Bare:
        name = "bare"

    with pytest.raises(BadInput, match="bare declares no figures"):
        simulated(Bare())  # type: ignore[arg-type]


def test_a_system_without_wordings_says_each_choice_by_its_own_text() -> None:
    class Plain:
        name = "plain"

    class Choice:
        text = "wait"

    worded = choice_words(Plain(), None, "Seat-1", [Choice()])  # type: ignore[arg-type]
    assert worded == [Wording("wait")]
    assert worded[0].as_dict() == {"words": "wait", "futile": None, "pointless": False}


def test_card_crawls_players_map_draws_only_the_rooms_entered_and_the_ways_seen() -> None:
    cardcrawl = get("cardcrawl")
    state = cardcrawl.new(cardcrawl.config_model()(), 1)
    drawn = players_map(cardcrawl, state, None)
    assert drawn.rooms == []  # at the entrance: only the ways in are seen
    assert {p.end for p in drawn.passages} == {n for n, room in state.rooms.items()
                                               if 0 in room.links}
    first = min(p.end for p in drawn.passages if p.end is not None)
    state.rooms[first].visited = True
    drawn = players_map(cardcrawl, state, None)
    assert [room.id for room in drawn.rooms] == [first]
    assert all(first in (p.start, p.end) or p.start is None for p in drawn.passages)
    assert {e.id for e in drawn.rooms[0].exits} <= {
        "entrance" if n == 0 else f"room {n}" for n in state.rooms[first].links}
