"""Amulet's choices in words (systems/amulet/choice_words.py): what the phones show."""

from __future__ import annotations

import random
import re

from undercroft.engine.capabilities import ChoiceWords, Wording, choice_words
from undercroft.engine.registry import get
from undercroft.systems.amulet.game.state import GameState
from undercroft.systems.amulet.room.scene import Content

RULESET = get("amulet")


def _game(seed: int = 3) -> GameState:
    state: GameState = RULESET.new(RULESET.config_model()(), seed)
    return state


def _worded(state: GameState, seat: str) -> dict[str, Wording]:
    legal = RULESET.legal(state, seat)
    return {action.text: wording
            for action, wording in zip(legal, choice_words(RULESET, state, seat, legal),
                                       strict=True)}


def test_both_amulet_rulesets_offer_their_choices_in_words() -> None:
    assert isinstance(RULESET, ChoiceWords)
    assert isinstance(get("amulet-encounter"), ChoiceWords)


def test_the_first_choices_of_a_seeded_game_name_what_they_are_aimed_at() -> None:
    """Seed 3 wakes the party in a hallway with a stair, a teleporter, a food ward in
    the east wall and three demons with their generator."""
    worded = _worded(_game(), "Warrior")
    said = {text: wording.words for text, wording in worded.items()}
    assert said["descend by 1.1"] == "Take the stair down (1.1)"
    assert said["teleport by 1.2"] == "Step into the teleporter (1.2)"
    assert said["pick up 1.3"] == "Eat the food ward east: it opens the way (1.3)"
    assert said["attack demon-2 with shot"] == "Attack the demon with a shot (demon-2)"
    assert said["attack gen-1 with melee"] == "Attack the demon generator in melee (gen-1)"
    assert said["search north"] == "Search the north wall for a secret way (north)"
    assert said["spend a token"] == "Spend a token: +50 health (spend a token)"
    assert said["wait"] == "Wait"  # the words are the id: not said twice
    assert not any(wording.futile or wording.pointless for wording in worded.values())


def test_a_weapon_on_a_slime_is_marked_futile_and_a_potion_is_not() -> None:
    state = _game()
    scene = state.level.scenes[1]
    scene.monsters[0].kind = "slime"
    state.forget()
    worded = _worded(state, "Warrior")
    melee = worded["attack demon-1 with melee"]
    assert melee.words == "Attack the slime in melee (demon-1)"
    assert melee.futile == "only potions hurt slimes"
    assert worded["attack demon-1 with shot"].futile == "only potions hurt slimes"
    assert worded["flank demon-1"].futile == "only potions hurt slimes"
    assert worded["attack demon-2 with melee"].futile is None
    assert worded["attack gen-1 with shot"].futile is None  # the generator is no slime


def test_shooting_food_drinking_poison_and_an_empty_spot_are_pointless() -> None:
    state = _game()
    scene = state.level.scenes[1]
    scene.contents += [Content("c7", "food"), Content("c8", "poison"), Content("c9", "none"),
                       Content("c6", "ale")]
    state.forget()
    worded = _worded(state, "Warrior")
    assert worded["attack c7 with shot"] == Wording("Shoot the food to destroy it (c7)",
                                                    pointless=True)
    assert worded["pick up c7"] == Wording("Pick up the food (c7)")
    assert worded["pick up c8"] == Wording("Pick up the poison (c8)", pointless=True)
    assert worded["pick up c9"].pointless
    assert not worded["pick up c6"].pointless
    assert not worded["attack c6 with shot"].pointless
    assert worded["take cover behind c7"].words == "Take cover behind the food (c7)"


def test_a_dead_heros_player_is_told_what_a_token_does() -> None:
    state = _game()
    hero = state.hero("Elf")
    hero.health, hero.status = 0, "dead"
    state.forget()
    worded = _worded(state, "Elf")
    assert list(worded) == ["wait", "spend a token"]
    assert worded["wait"].words == "Stay down for now (wait)"
    assert worded["spend a token"].words == ("Spend a token: back in the game with 100 "
                                             "health beside the party (spend a token)")


def test_a_level_point_says_what_it_raises() -> None:
    state = _game()
    hero = state.hero("Warrior")
    hero.points = 1
    state.forget()
    worded = _worded(state, "Warrior")
    assert worded["spend a level point on melee"].words == \
        "Spend a level point on melee: d10 to d12 (melee)"
    assert worded["spend a level point on armor"].words == \
        "Spend a level point on armor: 3 to 4 (armor)"


_ID = re.compile(r"\b(c\d+|\d+\.\d+|[a-z]+-\d+|e\d+)\b")


def test_no_choice_falls_back_to_naming_its_target_by_id_alone_in_many_games() -> None:
    """Every foe, content and exit a choice is aimed at is named in words (its id only
    in the brackets), through whole random games on several seeds."""
    seen = 0
    for seed in range(1, 7):
        state = RULESET.new(RULESET.config_model().model_validate(
            dict(RULESET.info.quick_config)), seed)
        rng = random.Random(seed)
        for _ in range(150):
            if RULESET.outcome(state) is not None:
                break
            choices = {}
            for seat in sorted(RULESET.to_act(state)):
                legal = RULESET.legal(state, seat)
                for action, wording in zip(legal, choice_words(RULESET, state, seat, legal),
                                           strict=True):
                    words = wording.words.rsplit(" (", 1)[0]
                    assert not _ID.search(words), (action.text, wording.words)
                    assert wording.words[0].isupper()
                    seen += 1
                if legal:
                    choices[seat] = rng.choice(legal)
            RULESET.step(state, choices)
    assert seen > 1000
