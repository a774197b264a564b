"""`undercroft play squad`: Dungeon Squad! at one terminal, the GM software or a person."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from undercroft.cli.play_turns import given_options, run_table
from undercroft.engine.api import Seat
from undercroft.engine.registry import default_agent
from undercroft.engine.table import Table
from undercroft.errors import BadInput
from undercroft.systems.squad.heroes.specials import SPECIALS
from undercroft.systems.squad.heroes.spells import spell


def register(play_app: typer.Typer) -> None:
    play_app.command("squad")(play_squad)


def play_squad(
    ctx: typer.Context,
    players: Annotated[int, typer.Option("--players", help="Hero Guides, 1 to 4.")] = 1,
    heroes: Annotated[int, typer.Option("--heroes", help="Heroes per Guide, 1 or 2.")] = 2,
    example: Annotated[bool, typer.Option(
        "--example", help="Play the seed's Faf of the Blue Steel and Urd the Indomitable.")
    ] = False,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed; same seed and choices, "
                                             "same game.")] = None,
    auto: Annotated[str, typer.Option(
        "--auto", help="Seats the agent plays: GM (the default), Guide-1, ..., or 'all'; "
        "'none' puts a person in the GM's seat too.")] = "GM",
    agent: Annotated[str, typer.Option("--agent", help="sensible or random.")
                     ] = default_agent("squad"),
    record: Annotated[Path | None, typer.Option(
        "--record", help="Write the game record to FILE after every step.")] = None,
    resume: Annotated[Path | None, typer.Option(
        "--resume", help="Go on with a saved game record (choices are added to it).")] = None,
) -> None:
    """Play Dungeon Squad! + Coin-Op hot-seat; the software is the Gamemaster unless a
    person takes the GM seat."""
    fields: dict[str, Any] = {"players": players, "heroes_per_player": heroes,
                              "party": "example" if example else "random"}
    given = given_options(ctx, {"players": "players", "heroes": "heroes_per_player",
                                "example": "party"})
    run_table("squad", fields, seed, auto, agent, record, Console(highlight=False),
              sys.stdin, show_table, resume=resume, given=given, sheet=sheet,
              default_auto="GM")


def show_table(console: Console, view: dict[str, Any], seat: str, legal: Sequence[Any]
               ) -> None:
    """The table as ``seat`` sees it: the stage, the monsters, its own heroes' whole
    sheets (the GM: every hero's), the others' in a line, the roll or spoils waiting on
    a choice, and the numbered choices."""
    def say(text: str) -> None:
        console.print(text, markup=False)

    coins = view["coins"]
    turn = f" ({legal[0].actor}'s turn)" if view["phase"] == "heroes" and legal else ""
    say(f"\n{view['stage']}, round {view['round']} ({view['phase']}). {seat} to act{turn}. "
        f"Stage Value {coins['stage_value']}, the Pool {coins['pool']}.")
    for monster in view["scene"]:
        if monster["hit_points"] > 0 and not monster["fled"]:
            say(f"  {monster_line(monster)}")
    own = [h for h, guide in view["guides"].items() if guide == seat]
    if seat not in view["guides"].values():  # the GM's seat: every sheet
        own = list(view["heroes"])
    for hero_id, hero in view["heroes"].items():
        marks = view["effects"].get(hero_id, {})
        if hero_id in own:
            for line in hero_sheet(hero_id, hero, marks):
                say(f"  {line}")
        else:
            say(f"  {hero_line(hero_id, hero, marks)}")
    for hero_id, roll in view["rolls"].items():
        if hero_id in view["asking"][:1]:
            say(f"  {hero_id}'s {roll['ability']} roll: {roll['roll']} on {roll['die']}, "
                "a failure the party's 1E can save")
    if view["spoils"]:
        say("  The boss's Stuff to divide: " + ", ".join(
            f"{s['name']} {s['die']} ({s['spell'] or s['kind']})" for s in view["spoils"]))


def sheet(table: Table, seat: Seat, name: str) -> list[str]:
    """``sheet NAME``: heroes' whole sheets. NAME is a hero (its id or name) or a Guide's
    seat (both its heroes); without it, the seat's own heroes (the GM's: every hero)."""
    view = table.view(seat)
    guides: dict[str, str] = view["guides"]
    wanted = (name or seat).strip().lower()
    if wanted == "gm" or (not name and seat not in guides.values()):
        chosen = list(view["heroes"])
    else:
        chosen = [hero_id for hero_id, hero in view["heroes"].items()
                  if wanted in (hero_id.lower(), hero["name"].lower(),
                                guides[hero_id].lower())]
    if not chosen:
        raise BadInput(f"sheet {name}: no such hero or seat (heroes: "
                       f"{', '.join(view['heroes'])}; seats: {', '.join(table.seats)})")
    lines: list[str] = []
    for hero_id in chosen:
        lines += hero_sheet(hero_id, view["heroes"][hero_id],
                            view["effects"].get(hero_id, {}))
    return lines


def monster_line(monster: dict[str, Any]) -> str:
    stuff = ", ".join(f"{s['name']} {s['die']} ({s['kind']})" for s in monster["stuff"])
    return (f"{monster['id']}: {monster['die']}, {monster['hit_points']} of "
            f"{monster['full']} hit points{'; ' + stuff if stuff else ''}")


def hero_line(hero_id: str, hero: dict[str, Any], marks: dict[str, int]) -> str:
    """Another seat's hero in one line: what the table sees at a glance."""
    if hero["hit_points"] <= 0:
        return f"{hero_id}: out of the game"
    stuff = ", ".join(f"{s['name']} {s['die']}" for s in hero["stuff"])
    loot = " ".join(f"{n}x1{k}" for k, n in hero["loot"].items() if n)
    now = modifiers(marks)
    return (f"{hero_id}: {hero['hit_points']}/{hero['max_hit_points']} hp, {hero['pennies']} "
            f"pennies; {stuff}{'; loot ' + loot if loot else ''}"
            f"{'; ' + now if now else ''}")


def hero_sheet(hero_id: str, hero: dict[str, Any], marks: dict[str, int]) -> list[str]:
    """A seat's own hero, its whole sheet: abilities and their dice, Stuff, the Special
    Ability at its level, Hit Points, pennies, loot and what each adds, and what is on
    it now (spells, a companion, a readied special)."""
    name = f"{hero['name']} ({hero_id})" if hero["name"] != hero_id else hero_id
    if hero["hit_points"] <= 0:
        return [f"{name}: out of the game"]
    special = SPECIALS[hero["special"]]
    level = hero["special_level"]
    lines = [
        f"{name}: {hero['hit_points']}/{hero['max_hit_points']} hit points, "
        f"{hero['pennies']} pennies",
        "  Abilities: " + ", ".join(f"{a.title()} {d}"
                                    for a, d in sorted(hero["abilities"].items())),
        "  Stuff: " + ", ".join(stuff_text(s) for s in hero["stuff"]),
        f"  Special: {special.name} +{level}: {special.text(level)} (a penny a use)",
    ]
    loot = [f"{n}x1{k} ({LOOT_TEXT[k]})" for k, n in hero["loot"].items() if n]
    if loot:
        lines.append("  Loot: " + ", ".join(loot))
    now = modifiers(marks)
    if now:
        lines.append(f"  Now: {now}")
    return lines


LOOT_TEXT = {"E": "+1 to an Explorer roll", "M": "+1 to a Mage roll",
             "W": "+1 to a Warrior roll", "HP": "+1 Hit Point",
             "C": "+1 damage on a monster already damaged"}


def stuff_text(stuff: dict[str, Any]) -> str:
    what = stuff["kind"]
    if stuff.get("spell"):
        what = f"spell: {spell(stuff['spell']).name}"
    return f"{stuff['name']} {stuff['die']} ({what})"


def modifiers(marks: dict[str, int]) -> str:
    """What is on a hero this scene, in words."""
    words = []
    for key, n in marks.items():
        if n:
            words.append(_modifier(key, n, marks))
    return ", ".join(w for w in words if w)


def _modifier(key: str, n: int, marks: dict[str, int]) -> str:
    plural = "s" if n > 1 else ""
    return {"shield": f"Shield d{n} armour", "invisible": f"invisible {n} round{plural}",
            "illusions": f"{n} illusion{plural}",
            "bless": f"Bless (reroll a failure with d{n})",
            "haste": "Haste (one more action next turn)",
            "hasted": "Haste (one more action now)",
            "companion": f"a d{n} companion ({marks.get('companion_hp', 0)} hp)",
            "hardy": "Hardy Resilience ready", "fled": "fled the fight"}.get(key, "")
