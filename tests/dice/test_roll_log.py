"""The roll log every system shares: one roll value, labelled rolls, forcing one way."""

from __future__ import annotations

import copy
import pickle

import pytest

from undercroft.dice import roll
from undercroft.dice.roll_log import LoggedStream, Rolled, RollLog
from undercroft.rng import Stream


def test_a_logged_stream_draws_what_a_plain_stream_of_its_name_draws() -> None:
    logged, plain = LoggedStream(5, "play"), Stream(5, "play")
    assert [logged.die(20, "to hit") for _ in range(30)] == [plain.die(20) for _ in range(30)]
    assert logged.dice(4, 6) == plain.dice(4, 6)
    assert logged.total("damage", 2, 8, 3) == sum(plain.dice(2, 8)) + 3
    assert logged.sum_of("damage", "1d4+1") == roll("1d4+1", plain).value  # type: ignore[union-attr]
    assert logged.choice("abc") == plain.choice("abc")


def test_every_die_is_logged_once_with_its_label_until_an_event_takes_it() -> None:
    dice = LoggedStream(0, "t", faces=[3, 4, 6, 2])
    dice.die(20, "to hit")
    dice.dice(2, 6)
    dice.sum_of("damage", "1d8+2")
    dice.shuffled([1, 2, 3])  # not dice: not logged
    assert dice.take() == (Rolled("to hit", "d20", (3,), 3, True),
                           Rolled("2d6", "2d6", (4, 6), 10, True),
                           Rolled("damage", "1d8+2", (2,), 4, True))
    assert dice.take() == () and dice.log.made == 3
    dice.die(6)
    (unforced,) = dice.take()
    assert unforced.label == "d6" and not unforced.forced and unforced.dice == (unforced.result,)


def test_a_labelled_roll_can_be_forced_and_says_so() -> None:
    dice = LoggedStream(1, "t")
    dice.log.force("damage", 7)
    dice.log.force("backlash", 2)
    assert dice.sum_of("damage", "1d4") == 7
    assert dice.die(4, "backlash") == 2
    assert dice.take() == (Rolled("damage", "1d4", (), 7, True),
                           Rolled("backlash", "d4", (), 2, True))
    dice.log.force("never", 1)
    assert dice.log.unused() == ["never=1"]


def test_a_scripted_face_must_fit_its_die() -> None:
    with pytest.raises(ValueError, match="does not fit a d6"):
        LoggedStream(faces=[7]).die(6)


def test_every_roll_has_one_shape() -> None:
    assert Rolled("flank", "d20+3 vs d20+4", (13, 15), False, against="Elf's speed"
                  ).to_dict() == {
        "label": "flank", "what": "d20+3 vs d20+4", "dice": [13, 15], "result": False,
        "forced": False, "against": "Elf's speed"}


@pytest.mark.parametrize("way", [copy.deepcopy, lambda s: pickle.loads(pickle.dumps(s))])
def test_a_copied_stream_keeps_its_place_its_faces_and_its_log(way: object) -> None:
    dice = LoggedStream(3, "t", faces=[6, 1, 4])
    dice.die(6, "first")
    dice.log.force("later", 2)
    back = way(dice)  # type: ignore[operator]
    assert type(back) is LoggedStream and back.faces == [1, 4]
    assert back.log.unused() == ["later=2"] and back.take() == dice.take()
    assert back.dice(5, 6) == dice.dice(5, 6)


def test_a_log_copies_without_sharing_its_queues() -> None:
    log = RollLog()
    log.force("x", 1)
    twin = copy.deepcopy(log)
    assert twin.next_forced("x") == 1 and log.next_forced("x") == 1


@pytest.mark.parametrize("system", ["amulet", "cardcrawl", "labyrinth", "squad"])
def test_every_systems_events_carry_their_rolls_in_one_shape(system: str) -> None:
    from undercroft.engine import registry
    from undercroft.engine.registry import default_agent
    from undercroft.engine.runner import play_out

    ruleset = registry.get(system)
    state = ruleset.new(ruleset.config_model()(), 1)
    make = ruleset.agents()[default_agent(system)]
    rolls: list[dict[str, object]] = []

    def keep(events: object) -> None:
        for event in events:  # type: ignore[attr-defined]
            rolls.extend(event.to_dict()["rolls"])

    play_out(ruleset, state, {seat: make() for seat in ruleset.seats(state)}, 1,
             max_steps=300, after_step=keep)
    assert rolls and all(set(r) == {"label", "what", "dice", "result", "forced", "against"}
                         for r in rolls)
    assert any(r["dice"] and not r["forced"] for r in rolls)


def test_a_roll_says_what_it_was_against_and_a_rule_may_say_it_after_the_roll() -> None:
    dice = LoggedStream(0, "t", faces=[12, 3, 4])
    dice.die(20, "to hit", "AC 15")
    dice.total("damage", 2, 6, 1)
    dice.log.facing([7], "Elf's armour 3")  # the armour is known once the blow lands
    hit, damage = dice.take()
    assert hit == Rolled("to hit", "d20", (12,), 12, True, "AC 15")
    assert damage == Rolled("damage", "2d6+1", (3, 4), 8, True)  # 8, not 7: left alone
    assert hit.to_dict()["against"] == "AC 15" and damage.to_dict()["against"] == ""
    dice.dice(2, 6)
    dice.log.facing([dice.log.rolls[-1].result], "difficulty 7")
    assert dice.take()[0].against == "difficulty 7"
    dice.log.facing([1], "nothing to say it of")  # no rolls: nothing happens
    assert dice.take() == ()
