"""Who plays which seat of a game at the terminal, and with which settings.

``--auto`` names the seats automated players take, ``--agent`` which player,
``--party`` and ``--depth-limit`` the game's settings; each is refused in one
line naming the option when it is wrong.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from undercroft.engine.agents import Agent
from undercroft.errors import BadInput, first_problem
from undercroft.systems.amulet.game.config import GameConfig


def agent_classes() -> dict[str, type[Any]]:
    """The automated players by name."""
    from undercroft.systems.amulet.game.agents import AGENTS

    return dict(AGENTS)


def make_agent(name: str) -> Agent:
    classes = agent_classes()
    chosen = classes.get(name.strip().lower())
    if chosen is None:
        raise BadInput(f"--agent {name!r}: unknown (known: {', '.join(sorted(classes))})")
    agent: Agent = chosen()
    return agent


def auto_seats(text: str | None, config: GameConfig) -> list[str]:
    """The seats ``--auto`` names: seat names, class names (every seat of it), or 'all'."""
    seats = config.hero_names()
    if text is None:
        return []
    if text.strip().lower() == "all":
        return seats
    chosen: set[str] = set()
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        fits = [seat for seat, hero_class in zip(seats, config.party, strict=True)
                if item.lower() in (seat.lower(), hero_class)]
        if not fits:
            raise BadInput(f"--auto {item!r}: no seat or class of that name (seats: "
                           f"{', '.join(seats)}; or 'all')")
        chosen.update(fits)
    return [seat for seat in seats if seat in chosen]


def game_config(party: str | None, depth_limit: int | None) -> GameConfig:
    """The game's settings from --party and --depth-limit, refused in one line if wrong."""
    fields: dict[str, Any] = {}
    if party is not None:
        fields["party"] = tuple(name.strip().lower() for name in party.split(","))
    if depth_limit is not None:
        fields["depth_limit"] = depth_limit
    try:
        return GameConfig(**fields)
    except ValidationError as error:
        problem = first_problem(error)
        option = "--party" if problem.field.split(".")[0] == "party" else "--depth-limit"
        given = party if option == "--party" else depth_limit
        raise BadInput(f"{option} {given}: {problem.message}") from None
