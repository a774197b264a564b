"""A new game of Dungeon Squad! + Coin-Op: the heroes made, the Pool filled, the first stage.

Random heroes (``party = "random"``) follow Character Creation: the d12, d8 and d4
assigned to the three Abilities (the d12 going round Mage, Warrior, Explorer so
that a party holds each kind), "one offensive and one defensive item" at d4 and d6
(a weapon for a Warrior, an attack spell for a Mage, either for an Explorer, and
armour), and a Special Ability that suits the best Ability.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from undercroft.dice.roll_log import LoggedStream
from undercroft.engine.tally import fired
from undercroft.engine.words import counted
from undercroft.rng import Stream
from undercroft.systems.squad.gm.coin_pool import CoinPool
from undercroft.systems.squad.heroes.examples import faf, urd
from undercroft.systems.squad.heroes.hero import Hero, Stuff, StuffKind, check_party, new_hero
from undercroft.systems.squad.heroes.spells import spell
from undercroft.systems.squad.play.config import SquadConfig
from undercroft.systems.squad.play.content_ids import deal
from undercroft.systems.squad.play.rules import open_stage
from undercroft.systems.squad.play.state import SquadState

BEST: Final = ("mage", "warrior", "explorer")
SECOND: Final = {"mage": ("explorer", "warrior"), "warrior": ("mage", "explorer"),
                 "explorer": ("warrior", "mage")}
SPECIAL_FOR: Final = {"mage": ("arcane-vigor", "inhuman-alacrity", "divine-insight"),
                      "warrior": ("deadly-strike", "blurring-speed", "hardy-resilience"),
                      "explorer": ("hardy-resilience", "deadly-strike", "blurring-speed")}
OFFENCE: Final[dict[str, tuple[str, StuffKind, str | None]]] = {
    "mage": ("Lightning Arc", "spell", "fireball"),
    "warrior": ("Longsword", "weapon", None),
    "explorer": ("Hunting Bow", "weapon", None)}


def new_game(config: SquadConfig, seed: int) -> SquadState:
    guides = [f"Guide-{n}" for n in range(1, config.players + 1)]
    if config.party == "example":
        heroes = {"Faf": faf(guides[0]), "Urd": urd(guides[0])}
    else:
        stream = Stream(seed, "squad/heroes")
        heroes = {}
        for index in range(config.players * config.heroes_per_player):
            best = BEST[index % len(BEST)]
            hero = random_hero(f"{best.title()}-{index + 1}", best,
                               guides[index // config.heroes_per_player], stream,
                               config.helping_spells)
            heroes[hero.name] = hero
    check_party(list(heroes.values()))
    fired("squad.loop.party")
    for hero in heroes.values():
        deal(hero)
    state = SquadState(config, seed, heroes, {h: hero.player for h, hero in heroes.items()},
                       CoinPool.for_guides(config.players), LoggedStream(seed, "squad/play"))
    names = ", ".join(f"{h} ({hero.name})" if h != hero.name else h
                      for h, hero in heroes.items())
    state.say("start", f"The heroes: {names}; the Pool holds "
              f"{counted(state.coins.pool, 'penny', 'pennies')}")
    open_stage(state)
    return state


def random_hero(name: str, best: str, guide: str, stream: Stream,
                helping_spells: Sequence[str] = ()) -> Hero:
    """A hero whose best Ability is ``best``; the rest of the choices from ``stream``. A
    Mage holds one of ``helping_spells`` (when there are any) in place of armour, and has
    Divine Insight only with such a spell."""
    second, third = SECOND[best] if stream.random() < 0.5 else SECOND[best][::-1]
    abilities = {best: "d12", second: "d8", third: "d4"}
    attack_name, kind, spell_id = OFFENCE[best]
    dice = [4, 6] if stream.random() < 0.5 else [6, 4]
    defence = Stuff("Leather Armour", "armour", dice[1])
    if best == "mage" and helping_spells:
        helping = spell(stream.choice(list(helping_spells)))
        fired("squad.loop.helping-spells")
        defence = Stuff(helping.name, "spell", dice[1], helping.id)
    stuff = [Stuff(attack_name, kind, dice[0], spell_id), defence]
    return new_hero(name, abilities, stuff, stream.choice(specials_for(best, stuff)), guide)


def specials_for(best: str, stuff: Sequence[Stuff]) -> list[str]:
    """The Special Abilities that suit a hero's best Ability and work with its Stuff:
    Divine Insight only for a Mage holding a spell cast on heroes."""
    helps = any(s.spell is not None and spell(s.spell).targets == "hero" for s in stuff)
    return [s for s in SPECIAL_FOR[best] if s != "divine-insight" or helps]
