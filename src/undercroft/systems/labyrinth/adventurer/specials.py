"""Every race's and class's special in Labyrinth (seed 002, Appendices A and B), one rule each.

The data files hold the numbers; what a race or class *does* is here, each rule
a small function quoting the seed, so a reader checks one against the other.
They read only what a character is (race, class, affinity), through the
:class:`Traits` protocol, so they hold no state and cannot go stale; the
functions that change an adventurer (bracing, backlash damage) are in
:mod:`character` and :mod:`state`.
"""

from __future__ import annotations

from typing import Final, Literal, Protocol

from undercroft.dice.roll_log import LoggedStream
from undercroft.engine.tally import fired, used
from undercroft.systems.labyrinth.adventurer.elements import affinity, relation

Stat = Literal["strength", "intelligence", "luck"]
STATS: Final[tuple[Stat, ...]] = ("strength", "intelligence", "luck")
NO_BONUS: Final[dict[Stat, int]] = {"strength": 0, "intelligence": 0, "luck": 0}


class Traits(Protocol):
    """What a character is: its race, class and elemental affinity (IDs)."""

    @property
    def race(self) -> str: ...

    @property
    def klass(self) -> str: ...

    @property
    def elements(self) -> tuple[str, ...]: ...


# --- races (Appendix A) ------------------------------------------------------------------


def human_stat_bonus(elements: tuple[str, ...]) -> dict[Stat, int]:
    """Human: "When creating a human, each base stat is increased by 1. They also get another
    +1 in each stat if their elemental alignments are creative"."""
    fired("labyrinth.race.human-stats")
    each = 2 if relation(elements) == "creative" else 1
    return dict.fromkeys(STATS, each)


def human_attack_bonus(who: Traits) -> int:
    """Human: "... or +2 to attack when their alignments are destructive"."""
    return 2 if who.race == "human" and relation(who.elements) == "destructive" else 0


def oxkin_stat_bonus(elements: tuple[str, ...]) -> dict[Stat, int]:
    """Oxkin: "+2 to Strength and +1 to the two other stats when their elemental alignment
    includes metal or earth; these bonuses stack. If an oxkin's elemental alignment is
    destructive, then these bonuses are nullified"."""
    if relation(elements) == "destructive":
        fired("labyrinth.race.oxkin-renegade")
        return dict(NO_BONUS)
    times = sum(element in elements for element in ("metal", "earth"))
    if times:
        fired("labyrinth.race.oxkin-stats")
    return {"strength": 2 * times, "intelligence": times, "luck": times}


def renegade(who: Traits) -> bool:
    """Oxkin: "If an oxkin's elemental alignment is destructive ... they get the attribute
    "renegade", and can attack twice in one turn"."""
    return who.race == "oxkin" and relation(who.elements) == "destructive"


def attacks_per_turn(who: Traits) -> int:
    """Two for a renegade oxkin, one for everyone else."""
    return 2 if renegade(who) else 1


def race_stat_bonus(race_id: str, elements: tuple[str, ...]) -> dict[Stat, int]:
    """What a race adds to each rolled stat at creation ("then apply any race and class
    modifiers"): humans and oxkin; no other race of the seed changes a stat."""
    if race_id == "human":
        return human_stat_bonus(elements)
    if race_id == "oxkin":
        return oxkin_stat_bonus(elements)
    return dict(NO_BONUS)


def woodfolk_armour(who: Traits) -> int:
    """Woodfolk: "+2 to armour class when their elemental alignment includes either wood or
    earth; these bonuses don't stack"."""
    rooted = "wood" in who.elements or "earth" in who.elements
    return 2 if who.race == "woodfolk" and rooted else 0


def woodfolk_health(who: Traits) -> int:
    """Woodfolk: "They also gain +4 to their maximum health points when their elements are
    creative"."""
    return 4 if who.race == "woodfolk" and relation(who.elements) == "creative" else 0


def takes_double_fire(who: Traits) -> bool:
    """Woodfolk: "Unless the woodfolk's elemental alignment includes water or metal, they take
    double damage from fire based attacks".

    A fire-based attack is one whose element is fire; no monster, card or weapon of
    the seed is marked with an element, so in the seed's own content this never
    comes up (docs/rules/labyrinth-characters.md).
    """
    shielded = "water" in who.elements or "metal" in who.elements
    return who.race == "woodfolk" and not shielded


def damage_taken(who: Traits, amount: int, element: str | None = None) -> int:
    """The damage an attack of ``element`` (None: an ordinary attack) deals to ``who``:
    doubled for a woodfolk without water or metal when the attack is fire-based."""
    if element is not None:
        (element,) = affinity([element])  # a known element, or BadInput
    double = element == "fire" and takes_double_fire(who)
    if double:
        fired("labyrinth.race.woodfolk-fire")
        fired("labyrinth.combat.woodfolk-fire")
        used("labyrinth.special.woodfolk-fire")
    return max(0, amount) * (2 if double else 1)


def can_brace(who: Traits) -> bool:
    """Hollow: "When defending against an attack, if their elemental relation is nullified
    (one or zero elemental alignments), then they may add 2d6 to their armour class. If they
    do, then they skip their next attack"."""
    return who.race == "hollow" and relation(who.elements) == "nullified"


# --- classes (Appendix B) ----------------------------------------------------------------


def archer_armour(who: Traits) -> int:
    """Archer: "Archers receive +2 to their armour class"."""
    return 2 if who.klass == "archer" else 0


MEDIC_DIE: Final = 6


def medic_keeps_card(stream: LoggedStream, medics: int = 1) -> bool:
    """Medic: "When you or an ally uses a card to regain Health Points, roll 1d6. On a 6, that
    card is not expended".

    Call it when a living medic is in the party (:func:`adventurer.living_medics`);
    each medic has the ability, so each rolls, and one 6 keeps the card. No medic:
    no roll, and the stream is not touched.
    """
    return any(stream.die(MEDIC_DIE, "medic") == MEDIC_DIE for _ in range(medics))


WARRIOR_ATTACK: Final = 4


def warrior_attack(who: Traits, anything_worn: bool) -> int | None:
    """Warrior: "If you have no items equipped, your attack modifier becomes +4".

    None when the rule does not apply (not a warrior, or something worn: a cursed
    item counts, being "automatically equipped").
    """
    return WARRIOR_ATTACK if who.klass == "warrior" and not anything_worn else None


def may_attack_with_intelligence(who: Traits) -> bool:
    """Wizard: "Instead of adding your strength modifier to attacks, you may add your
    intelligence modifier"."""
    return who.klass == "wizard"


BACKLASH_DIE: Final = 4


def has_backlash(who: Traits) -> bool:
    """Wizard: "If your elemental affinity is destructive, take 1d4 damage after you
    attack"."""
    return who.klass == "wizard" and relation(who.elements) == "destructive"


# --- which specials a character has ------------------------------------------------------


def specials(who: Traits) -> list[str]:
    """The specials that act in play for this character (content ids ``labyrinth.special.X``
    for the audit: a special a character has, that never comes into play, shows there)."""
    found = [
        ("human-attack", who.race == "human" and relation(who.elements) == "destructive"),
        ("woodfolk-armour", bool(woodfolk_armour(who))),
        ("woodfolk-fire", takes_double_fire(who)),
        ("renegade", renegade(who)),
        ("brace", can_brace(who)),
        ("archer-armour", bool(archer_armour(who))),
        ("medic", who.klass == "medic"),
        ("warrior-unarmed", who.klass == "warrior"),
        ("wizard-intelligence", may_attack_with_intelligence(who)),
        ("backlash", has_backlash(who)),
    ]
    return [name for name, has in found if has]


SPECIALS: Final = ("human-attack", "woodfolk-armour", "woodfolk-fire", "renegade", "brace",
                   "archer-armour", "medic", "warrior-unarmed", "wizard-intelligence",
                   "backlash")
"""Every special :func:`specials` can name."""
