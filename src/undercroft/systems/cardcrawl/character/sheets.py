"""Sheets: arranging cards on a 3 x 3 grid, and what the seams between them give.

Seed 004: "bonuses are on right and bottom, skills are on left and top. When
you place a card adjacent to another horizontally or vertically, the sides
combine to form a bonus (ignore any skills or numbers on sides that are not
adjacent)". So a seam always joins one card's right or bottom side (a bonus)
with its neighbour's left or top side (a skill):

- card B to the right of card A: B's left skill gets A's right bonus;
- card B below card A: B's top skill gets A's bottom bonus.

Cards are never rotated, so a seam of two bonuses or of two skills cannot
occur: every seam gives exactly one skill bonus. When several seams give the
same skill, the best one counts (house rule; summing would let a sheet stack
one skill on all twelve seams, far past the 6-18 difficulties of the seed).

Attack sheets use the same geometry: after an attack succeeds, the attack to
its right gets its ``combo_right`` bonus and the attack below its
``combo_bottom`` bonus.

"One card in the center and ... only build one card out from that card": a
sheet is legal when its centre holds a card and every card is reachable from
the centre through edge-adjacent cards (then some order of placing them, each
next to one already placed, builds it; :func:`placement_order` gives one).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from undercroft.engine.tally import fired
from undercroft.errors import BadInput
from undercroft.rng import Stream
from undercroft.systems.cardcrawl.character.cards import AttackCard, SheetCard, skill_key

SIZE: Final = 3
CENTRE: Final = (1, 1)
Position = tuple[int, int]
"""(row, column), both 0-2, row 0 at the top."""
Direction = Literal["right", "below"]
STEPS: Final[dict[Direction, Position]] = {"right": (0, 1), "below": (1, 0)}


def _near(position: Position) -> list[Position]:
    row, column = position
    return [(row + dr, column + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= row + dr < SIZE and 0 <= column + dc < SIZE]


def arrangement_problem(placed: Mapping[Position, str]) -> str | None:
    """Why ``placed`` is not a legal sheet, or None if it is."""
    outside = [p for p in placed if not (0 <= p[0] < SIZE and 0 <= p[1] < SIZE)]
    if outside:
        return f"position {outside[0]} is outside the 3 x 3 sheet"
    seen: set[str] = set()
    for card_id in placed.values():
        if card_id in seen:
            return f"card {card_id!r} is placed twice"
        seen.add(card_id)
    fired("cardcrawl.sheet.centre")
    if placed and CENTRE not in placed:
        return "the centre must hold a card"
    reached = set(_reachable(placed))
    stray = [p for p in sorted(placed) if p not in reached]
    if stray:
        row, column = stray[0]
        return (f"card {placed[stray[0]]!r} at row {row + 1}, column {column + 1} is not joined "
                f"to the centre card through cards next to each other")
    return None


def _reachable(placed: Mapping[Position, str]) -> list[Position]:
    """Positions reached from the centre, breadth first (the order they could be placed)."""
    if CENTRE not in placed:
        return []
    order, index = [CENTRE], 0
    while index < len(order):
        for step in _near(order[index]):
            if step in placed and step not in order:
                order.append(step)
        index += 1
    return order


@dataclass(frozen=True)
class Sheet:
    """A legal arrangement of up to nine cards (IDs), read as 3 rows of 3 cells."""

    rows: tuple[tuple[str | None, ...], ...] = ((None,) * SIZE,) * SIZE

    def __post_init__(self) -> None:
        if len(self.rows) != SIZE or any(len(row) != SIZE for row in self.rows):
            raise BadInput("a sheet is 3 rows of 3 cells")
        object.__setattr__(self, "rows", tuple(tuple(row) for row in self.rows))  # lists too
        problem = arrangement_problem(self.placed())
        if problem:
            raise BadInput(problem)

    @classmethod
    def of(cls, placed: Mapping[Position, str]) -> Sheet:
        """A sheet from positions; BadInput if they are not a legal arrangement."""
        problem = arrangement_problem(placed)
        if problem:
            raise BadInput(problem)
        return cls(tuple(tuple(placed.get((r, c)) for c in range(SIZE)) for r in range(SIZE)))

    def placed(self) -> dict[Position, str]:
        return {(r, c): card for r, row in enumerate(self.rows)
                for c, card in enumerate(row) if card is not None}

    def cards(self) -> list[str]:
        """The IDs on the sheet, in reading order."""
        return list(self.placed().values())

    def position_of(self, card_id: str) -> Position | None:
        for position, card in self.placed().items():
            if card == card_id:
                return position
        return None

    def neighbour(self, position: Position, direction: Direction) -> str | None:
        """The card to the right of or below ``position`` (None for an empty cell or edge)."""
        dr, dc = STEPS[direction]
        row, column = position[0] + dr, position[1] + dc
        if not (0 <= row < SIZE and 0 <= column < SIZE):
            return None
        return self.rows[row][column]

    def to_json(self) -> list[list[str | None]]:
        return [list(row) for row in self.rows]


def placement_order(sheet: Sheet) -> list[Position]:
    """An order to lay the cards down, centre first, each next to one already placed."""
    return _reachable(sheet.placed())


@dataclass(frozen=True)
class Seam:
    """Two cards touching: ``giver``'s right or bottom side on ``taker``'s left or top."""

    giver: Position
    taker: Position
    direction: Direction


def seams(sheet: Sheet) -> list[Seam]:
    """Every seam of the sheet, once each, in reading order of the giver."""
    found: list[Seam] = []
    for position in sorted(sheet.placed()):
        for direction, (dr, dc) in STEPS.items():
            if sheet.neighbour(position, direction) is not None:
                found.append(Seam(position, (position[0] + dr, position[1] + dc), direction))
    return found


@dataclass(frozen=True)
class SeamBonus:
    """What one seam gives: ``skill`` (the taker's left or top) at ``bonus`` (the giver's
    right or bottom)."""

    seam: Seam
    giver: str
    taker: str
    skill: str
    bonus: int


def seam_bonuses(sheet: Sheet, cards: Mapping[str, SheetCard]) -> list[SeamBonus]:
    """The skill bonus of every seam of a character sheet."""
    fired("cardcrawl.sheet.seams")
    found: list[SeamBonus] = []
    placed = sheet.placed()
    for seam in seams(sheet):
        giver, taker = cards[placed[seam.giver]], cards[placed[seam.taker]]
        if seam.direction == "right":
            skill, bonus = taker.left, giver.right
        else:
            skill, bonus = taker.top, giver.bottom
        found.append(SeamBonus(seam, giver.id, taker.id, skill, bonus))
    return found


def best_bonuses(bonuses: Iterable[SeamBonus]) -> dict[str, int]:
    """Each skill's best seam bonus, highest first (ties by name)."""
    best: dict[str, int] = {}
    for item in bonuses:
        if item.skill in best:
            fired("cardcrawl.sheet.best-seam")
        best[item.skill] = max(best.get(item.skill, 0), item.bonus)
    return dict(sorted(best.items(), key=lambda pair: (-pair[1], pair[0])))


def lookup(best: Mapping[str, int], skill: str) -> int:
    """A skill's bonus from :func:`best_bonuses`; 0 for a skill no seam gives."""
    return best.get(skill_key(skill), 0)


def combo_bonuses(sheet: Sheet, attacks: Mapping[str, AttackCard], last: str) -> dict[str, int]:
    """The attacks that get a combo bonus after ``last`` succeeded, with their bonus.

    Seed 004: "if your next action is the attack to the right or the bottom,
    you get the bonus". A combo bonus of 0 and an empty side give nothing.
    """
    position = sheet.position_of(last)
    if position is None:
        raise BadInput(f"attack {last!r}: not on the attack sheet")
    card = attacks[last]
    found: dict[str, int] = {}
    sides: tuple[tuple[Direction, int], ...] = (("right", card.combo_right),
                                                ("below", card.combo_bottom))
    for direction, bonus in sides:
        target = sheet.neighbour(position, direction)
        if target is not None and bonus > 0:
            found[target] = bonus
    return found


def random_sheet(card_ids: Sequence[str], stream: Stream) -> Sheet:
    """A random legal sheet: the cards in random order, the first in the centre, each
    next one on a random free cell next to a card already placed."""
    if len(card_ids) > SIZE * SIZE:
        raise BadInput(f"{len(card_ids)} cards do not fit on one 3 x 3 sheet")
    fired("cardcrawl.sheet.sessions")
    placed: dict[Position, str] = {}
    for card_id in stream.shuffled(card_ids):
        if not placed:
            placed[CENTRE] = card_id
            continue
        free = sorted({step for position in placed for step in _near(position)} - set(placed))
        placed[stream.choice(free)] = card_id
    return Sheet.of(placed)
