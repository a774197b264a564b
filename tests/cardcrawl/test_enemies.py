"""The bestiary (house content): enemies' skills by the seed's great / competent / other rule,
and a broken bestiary named by file, enemy and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from undercroft.errors import BadInput
from undercroft.systems.cardcrawl.play.enemies import bestiary, kinds_for_room


def test_great_gets_the_bonus_competent_half_rounded_down_else_nothing() -> None:
    orc = bestiary()["orc"]  # attack +3
    assert (orc.skill("hack"), orc.skill("endure"), orc.skill("sing")) == (3, 1, 0)


def test_an_enemy_attacks_and_wards_off_blows_with_its_skill_at_them() -> None:
    """Goblins are great at stabbing (+2) and competent at dodging (+1); kobolds only
    competent at stabbing (+1 halved: +0); a troll great at claws and at enduring (+5);
    a guard captain great at slashing and parrying (+4)."""
    kinds = bestiary()
    skills = {name: (kinds[name].attack_skill, kinds[name].defence_skill)
              for name in ("goblin", "kobold", "troll", "guard captain", "giant rat")}
    assert skills == {"goblin": (2, 1), "kobold": (0, 0), "troll": (5, 5),
                      "guard captain": (4, 4), "giant rat": (1, 0)}


def test_beefy_enemies_have_several_hit_dice() -> None:
    kinds = bestiary()
    assert kinds["ogre"].hit_dice > 1 and kinds["goblin"].hit_dice == 1


def test_rooms_get_enemies_that_live_there() -> None:
    assert "cultist" in kinds_for_room("Chapel")
    assert "goblin" not in kinds_for_room("Chapel")
    assert kinds_for_room("Nowhere") == sorted(bestiary())


@pytest.mark.parametrize(("text", "fragment"), [
    ('[imp]\nhit_die = 7\nattack = 1\n', "enemy 'imp', field hit_die"),
    ('[imp]\nhit_die = 6\nattack = -1\n', "enemy 'imp', field attack"),
    ('[imp]\nhit_die = 6\nattack = 1\ngroup = [3, 1]\n', "enemy 'imp', field group"),
    ('[imp]\nhit_die = 6\nattack = 1\nwings = 2\n', "enemy 'imp', field wings"),
])
def test_a_broken_bestiary_names_file_enemy_and_field(tmp_path: Path, text: str,
                                                      fragment: str) -> None:
    path = tmp_path / "bestiary.toml"
    path.write_text(text)
    with pytest.raises(BadInput) as refused:
        bestiary(path)
    assert str(path) in str(refused.value) and fragment in str(refused.value)
