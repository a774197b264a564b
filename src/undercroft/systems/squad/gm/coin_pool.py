"""Coin-Op's coins: the GM's Pacing and Reward Pool, each Stage's Value, and where every
penny goes.

Seed 003, Coin-Op Rules Expansion: the Hero Guides "take a quarter (or a
quarter's worth) each" to make the Pool; the GM sets aside the Stage's Value
(">>Untested<< ... 5 cents per Hero Guide and 10 cents for the Boss"); a Monster
or Trap's cost is pushed forward when it attacks; whoever defeats it collects
it; a monster that flees unpursued gives its coins back to the Stage's Value;
coins a Guide spends on the hero who garnered them go back to the Stage's Value
and coins spent on another hero do not.

:class:`CoinPool` is that bookkeeping and nothing else: no dice, no heroes (a
hero's own purse is the heroes' rules'; here all heroes' coins are one total),
no denizens (it takes ids and costs). Every coin is in exactly one place, so

    pool + stage_value + pushed + carried + with_heroes + out_of_play

never changes. A move the table cannot make raises :class:`CoinError` and
changes nothing. The readings of the seed are in docs/rules/squad-gm.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, Final, Literal

from undercroft.engine.tally import fired
from undercroft.errors import BadInput

QUARTER: Final = 25
"""Pennies each Hero Guide puts in the Pool: "a quarter (or a quarter's worth) each"."""
PER_GUIDE: Final = 5
"""The Stage's Value per Hero Guide: "5 cents per Hero Guide" (>>Untested<< in the seed)."""
BOSS_SHARE: Final = 10
""""... and 10 cents for the Boss"."""

Gifts = Literal["out-of-play", "pool"]
"""Where coins spent on another hero go. The seed says only that they "do not go back
to the Stage's Value" and asks "What to do with Coins that are spent on other Heroes?";
``out-of-play`` (default) takes them off the table, ``pool`` gives them to the GM's Pool
for later stages."""


class CoinError(BadInput):
    """A coin move the table cannot make (the coins are not there, the denizen has none
    on the table...); the sentence says what, and nothing was changed."""


@dataclass
class CoinPool:
    """Every coin of a game of Coin-Op, by where it lies."""

    guides: int
    pool: int
    """The GM's Pacing and Reward Pool, outside any stage."""
    gifts: Gifts = "out-of-play"
    stage_open: bool = False
    boss: str | None = None
    """The id of the open stage's Boss: its push may take the boss's share."""
    stage_value: int = 0
    """Coins set aside for the open stage and not yet pushed forward."""
    boss_reserve: int = 0
    """The part of ``stage_value`` kept for the Boss; other denizens cannot take it."""
    boss_defeated: bool = False
    pushed: dict[str, int] = field(default_factory=dict)
    """Coins on the table by denizen id, "waiting for a Hero to defeat" it."""
    fled: dict[str, bool] = field(default_factory=dict)
    """Denizens that fled this scene, each with whether the heroes will pursue it."""
    carried: int = 0
    """Coins spent by a hero on itself between stages: they join the next Stage's Value."""
    with_heroes: int = 0
    out_of_play: int = 0

    @classmethod
    def for_guides(cls, guides: int, quarter: int = QUARTER,
                   gifts: Gifts = "out-of-play") -> CoinPool:
        """The Pool as play begins: ``quarter`` pennies from each of ``guides`` Hero Guides."""
        if guides < 1 or quarter < 1:
            raise BadInput(f"a Coin-Op pool needs at least one Hero Guide and a coin each, "
                           f"got {guides} guide(s) of {quarter}")
        if gifts not in ("out-of-play", "pool"):
            raise BadInput(f"gifts: expected 'out-of-play' or 'pool', got {gifts!r}")
        fired("squad.coins.pool")
        return cls(guides=guides, pool=guides * quarter, gifts=gifts)

    # --- queries the GM's agent asks -------------------------------------------------

    @property
    def total(self) -> int:
        """Every coin of the game, wherever it lies: constant from the first move."""
        return (self.pool + self.stage_value + sum(self.pushed.values()) + self.carried
                + self.with_heroes + self.out_of_play)

    @property
    def spare(self) -> int:
        """What the Stage's Value can still pay for Normal Denizens (the boss's share kept)."""
        return self.stage_value - self.boss_reserve

    @property
    def only_boss_coins_left(self) -> bool:
        """True when the stage is open and all its unpushed coins are the boss's share."""
        return self.stage_open and self.spare == 0

    def boss_due(self, cheapest: int) -> bool:
        """True when what is spare cannot buy the cheapest Normal Denizen of the stage
        (``stages.cheapest_cost``): the GM's next denizen is the Boss."""
        return self.stage_open and not self.boss_defeated and self.spare < cheapest

    @property
    def stage_over(self) -> bool:
        """A stage is over when its Boss, "the final encounter of a Stage", is defeated."""
        return self.stage_open and self.boss_defeated

    def affordable(self, prices: Mapping[str, int]) -> list[str]:
        """The kinds among ``prices`` (``stages.price_list``: Normal Denizens by id) whose
        cost the spare value can pay now, cheapest first; the boss's share is not spare."""
        if not self.stage_open:
            return []
        return [i for i, c in sorted(prices.items(), key=lambda p: (p[1], p[0]))
                if 1 <= c <= self.spare]

    def can_open_stage(self, boss_share: int = BOSS_SHARE) -> bool:
        """Whether a new stage can start: none open and coins enough for a Boss."""
        return not self.stage_open and self.pool + self.carried >= boss_share

    def can_push(self, denizen: str, cost: int) -> bool:
        """Whether ``push(denizen, cost)`` would succeed: a denizen whose coins are on the
        table always can (pushing nothing more), whatever ``cost`` says."""
        if not self.stage_open:
            return False
        if denizen in self.pushed:
            return True
        if cost < 1:
            return False
        if denizen == self.boss:
            return not self.boss_defeated and cost <= self.stage_value
        return cost <= self.spare

    # --- moves -----------------------------------------------------------------------

    def open_stage(self, boss: str, per_guide: int = PER_GUIDE,
                   boss_share: int = BOSS_SHARE) -> int:
        """Set aside the Stage's Value from the Pool; returns it.

        The value is ``per_guide`` a Guide plus ``boss_share``, taken from the Pool
        as far as it goes (the boss's share first), plus any coins heroes spent on
        themselves since the last stage. A stage that cannot pay its Boss does not
        open: the Pool is spent and so is the adventure.
        """
        if per_guide < 0 or boss_share < 1:
            raise CoinError(f"a stage needs per_guide >= 0 and boss_share >= 1, "
                            f"got {per_guide} and {boss_share}")
        if self.stage_open:
            raise CoinError("a stage is already open: close it first")
        if not self.can_open_stage(boss_share):
            raise CoinError(f"the Pool holds {self.pool + self.carried} coin(s), fewer than "
                            f"the Boss's share of {boss_share}: no stage can open")
        taken = min(self.pool, per_guide * self.guides + boss_share)
        if taken < per_guide * self.guides + boss_share:
            fired("squad.coins.small-pool")
        self.pool -= taken
        self.stage_value, self.carried = taken + self.carried, 0
        self.boss_reserve, self.boss = boss_share, boss
        self.stage_open, self.boss_defeated = True, False
        return self.stage_value

    def push(self, denizen: str, cost: int) -> int:
        """Push forward ``cost`` coins as ``denizen`` is brought into play to attack (or a
        trap is sprung, ``cost`` its per-target cost times its targets); returns the
        coins pushed now. Once per denizen: a denizen whose coins are on the table
        pushes nothing more (0) however often it attacks."""
        if not self.can_push(denizen, cost):
            where = "the Stage's Value" if denizen == self.boss else "the spare Stage's Value"
            have = self.stage_value if denizen == self.boss else self.spare
            state = "" if self.stage_open else " (no stage is open)"
            raise CoinError(f"cannot push {cost} coin(s) for {denizen!r}: {where} holds "
                            f"{have}{state}")
        if denizen in self.pushed:
            return 0
        fired("squad.coins.push")
        if denizen == self.boss:
            self.boss_reserve = 0  # the Boss is in play: its share is spent on it
        self.stage_value -= cost
        self.pushed[denizen] = cost
        return cost

    def _on_table(self, denizen: str, move: str, *, fled_too: bool = False) -> int:
        """The coins ``denizen`` has on the table; a fled one cannot be defeated."""
        if denizen not in self.pushed:
            raise CoinError(f"cannot {move} {denizen!r}: it has no coins on the table")
        if denizen in self.fled and not fled_too:
            raise CoinError(f"cannot {move} {denizen!r}: it fled this scene")
        return self.pushed[denizen]

    def collect(self, denizen: str) -> int:
        """A Hero defeated ``denizen``: its coins go to the heroes; returns how many (the
        loop puts them in the purse of the hero who struck the last blow)."""
        coins = self._on_table(denizen, "collect from")
        del self.pushed[denizen]
        self.with_heroes += coins
        self.boss_defeated = self.boss_defeated or denizen == self.boss
        return coins

    def settle_trap(self, trap: str, targets: int, avoided: int) -> int:
        """A sprung trap is over: each of the ``avoided`` heroes who passed the Explorer
        check defeated their share of it and collects it; the shares of the heroes it
        caught go back to the Stage's Value. Returns the share each avoider collects."""
        coins = self._on_table(trap, "settle")
        if targets < 1 or not 0 <= avoided <= targets or coins % targets:
            raise CoinError(f"cannot settle {trap!r}: {coins} coin(s) on {targets} target(s), "
                            f"{avoided} avoided it")
        share = coins // targets
        del self.pushed[trap]
        self.with_heroes += share * avoided
        self.stage_value += share * (targets - avoided)
        return share

    def release(self, denizen: str) -> int:
        """``denizen``'s coins go back to the Stage's Value (a fled monster the heroes did
        not pursue; a denizen the GM withdraws); the Boss's go back to its share."""
        coins = self._on_table(denizen, "release", fled_too=True)
        del self.pushed[denizen]
        self.fled.pop(denizen, None)
        self.stage_value += coins
        if denizen == self.boss:
            self.boss_reserve += coins
        return coins

    def flee(self, denizen: str) -> None:
        """``denizen`` exited the scene (``denizens.try_flee``); its coins wait on the table
        until the heroes say whether they pursue."""
        self._on_table(denizen, "flee with")
        self.fled[denizen] = False

    def pursue(self, denizen: str) -> None:
        """The Hero Guides say their heroes pursue ``denizen``: it comes back next scene,
        recovered fully, its coins still on the table."""
        if denizen not in self.fled:
            raise CoinError(f"cannot pursue {denizen!r}: it has not fled this scene")
        self.fled[denizen] = True

    def next_scene(self) -> dict[str, int]:
        """The next scene starts: a fled denizen nobody pursues gives its coins back to the
        Stage's Value ("they have lost the opportunity"); a pursued one is in play again.
        Returns the coins given back, by denizen."""
        returned = {d: self.release(d) for d, pursued in list(self.fled.items()) if not pursued}
        self.fled.clear()
        return returned

    def spend(self, amount: int, on_own_hero: bool) -> None:
        """Heroes spend ``amount`` coins. On the hero who garnered them they go back to the
        Stage's Value ("the Stage becomes that much tougher"; between stages, to the
        next stage's); on another hero they leave play (or, by ``gifts``, go to the Pool)."""
        if not 1 <= amount <= self.with_heroes:
            raise CoinError(f"cannot spend {amount} coin(s): the heroes hold {self.with_heroes}")
        self.with_heroes -= amount
        if on_own_hero:
            fired("squad.economy.help-myself")
        else:
            fired("squad.economy.help-you")
        if not on_own_hero:
            if self.gifts == "pool":
                self.pool += amount
            else:
                self.out_of_play += amount
        elif self.stage_open:
            self.stage_value += amount
        else:
            self.carried += amount

    def close_stage(self) -> int:
        """The stage ends: its unspent value and any coins still on the table (denizens
        never defeated) go back to the Pool; returns how many."""
        if not self.stage_open:
            raise CoinError("no stage is open")
        back = self.stage_value + sum(self.pushed.values())
        fired("squad.coins.up-for-grabs")
        self.pool += back
        self.stage_value = self.boss_reserve = 0
        self.pushed, self.fled = {}, {}
        self.stage_open, self.boss = False, None
        return back

    # --- records -----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (game states are JSON, never pickles)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CoinPool:
        """Back from :meth:`to_dict`; a form whose coins do not add up is refused."""
        try:
            made = cls(**{**data, "pushed": dict(data.get("pushed", {})),
                          "fled": dict(data.get("fled", {}))})
            amounts = [made.pool, made.stage_value, made.boss_reserve, made.carried,
                       made.with_heroes, made.out_of_play, *made.pushed.values()]
            broken = (min(amounts) < 0 or made.boss_reserve > made.stage_value
                      or not set(made.fled) <= set(made.pushed)
                      or made.gifts not in ("out-of-play", "pool"))
        except TypeError as error:
            raise BadInput(f"coin pool: {error}") from None
        if broken:
            raise BadInput(f"coin pool: inconsistent amounts {made.to_dict()!r}")
        return made
