"""Sheets (seed 004): legal arrangements, seam bonuses against brute force, combos."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from undercroft.errors import BadInput
from undercroft.rng import Stream
from undercroft.systems.cardcrawl.character.build import new_character
from undercroft.systems.cardcrawl.character.cards import (
    AttackCard,
    CharacterCard,
    SheetCard,
    starter_cards,
)
from undercroft.systems.cardcrawl.character.sheets import (
    CENTRE,
    Position,
    Sheet,
    arrangement_problem,
    best_bonuses,
    combo_bonuses,
    placement_order,
    random_sheet,
    seam_bonuses,
)

CELLS = [(row, column) for row in range(3) for column in range(3)]
SKILLS = ["melee", "stealth", "lore", "charm", "arcana"]


def buildable(cells: set[Position]) -> bool:
    """The seed's rule, literally: centre first, then each card next to one already down."""
    if CENTRE not in cells:
        return False
    down = {CENTRE}
    grew = True
    while grew:
        grew = False
        for row, column in cells - down:
            if {(row + 1, column), (row - 1, column), (row, column + 1), (row, column - 1)} & down:
                down.add((row, column))
                grew = True
    return down == cells


@st.composite
def shapes(draw: st.DrawFn) -> set[Position]:
    """A legal shape grown from the centre, one neighbouring cell at a time."""
    cells = {CENTRE}
    for _ in range(draw(st.integers(0, 8))):
        free = sorted({(r + dr, c + dc) for r, c in cells
                       for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                       if 0 <= r + dr < 3 and 0 <= c + dc < 3} - cells)
        cells.add(draw(st.sampled_from(free)))
    return cells


def a_card(index: int, left: str, top: str, right: int, bottom: int) -> CharacterCard:
    return CharacterCard(id=f"card-{index}", name=f"Card {index}", left=left, top=top,
                         right=right, bottom=bottom, ability="none")


@st.composite
def arranged_cards(draw: st.DrawFn) -> tuple[Sheet, dict[str, SheetCard]]:
    """A legal sheet of made-up cards with random skills and bonuses."""
    cells = sorted(draw(shapes()))
    cards: dict[str, SheetCard] = {}
    for index, _ in enumerate(cells):
        cards[f"card-{index}"] = a_card(index, draw(st.sampled_from(SKILLS)),
                                        draw(st.sampled_from(SKILLS)), draw(st.integers(1, 9)),
                                        draw(st.integers(1, 9)))
    return Sheet.of({cell: f"card-{index}" for index, cell in enumerate(cells)}), cards


def brute_force_seams(sheet: Sheet, cards: dict[str, SheetCard]) -> list[tuple[str, int]]:
    """Lay every card's four sides on the grid lines; where two sides share a segment,
    the skill side and the bonus side make one skill bonus."""
    segments: dict[tuple[str, int, int], list[tuple[str, str | int]]] = {}
    for (row, column), card_id in sheet.placed().items():
        card = cards[card_id]
        sides = [(("v", column, row), ("skill", card.left)),
                 (("v", column + 1, row), ("bonus", card.right)),
                 (("h", row, column), ("skill", card.top)),
                 (("h", row + 1, column), ("bonus", card.bottom))]
        for segment, side in sides:
            segments.setdefault(segment, []).append(side)
    found: list[tuple[str, int]] = []
    for touching in segments.values():
        if len(touching) == 2:
            kinds = {kind for kind, _ in touching}
            assert kinds == {"skill", "bonus"}, "a seam of two skills or two bonuses"
            skill = next(value for kind, value in touching if kind == "skill")
            bonus = next(value for kind, value in touching if kind == "bonus")
            assert isinstance(skill, str) and isinstance(bonus, int)
            found.append((skill, bonus))
    return sorted(found)


def test_every_shape_of_the_3x3_grid_is_legal_exactly_when_buildable_from_the_centre() -> None:
    for size in range(1, 10):
        for cells in itertools.combinations(CELLS, size):
            placed = {cell: f"c{i}" for i, cell in enumerate(cells)}
            legal = arrangement_problem(placed) is None
            assert legal == buildable(set(cells)), cells
            if not legal:
                with pytest.raises(BadInput):
                    Sheet.of(placed)


def test_a_sheet_refuses_cells_outside_3x3_a_card_twice_and_an_empty_centre() -> None:
    with pytest.raises(BadInput, match="outside the 3 x 3"):
        Sheet.of({CENTRE: "a", (1, 3): "b"})
    with pytest.raises(BadInput, match="placed twice"):
        Sheet.of({CENTRE: "a", (0, 1): "a"})
    with pytest.raises(BadInput, match="centre must hold a card"):
        Sheet.of({(0, 0): "a"})
    with pytest.raises(BadInput, match="not joined"):
        Sheet.of({CENTRE: "a", (0, 0): "b"})
    with pytest.raises(BadInput, match="3 rows of 3"):
        Sheet((("a",),))


@given(shapes())
def test_any_legal_sheet_is_reachable_from_the_centre_and_at_most_3x3(cells: set[Position]) -> None:
    sheet = Sheet.of({cell: f"c{i}" for i, cell in enumerate(sorted(cells))})
    assert len(sheet.cards()) <= 9 and len(sheet.rows) == 3
    assert all(0 <= r < 3 and 0 <= c < 3 for r, c in sheet.placed())
    order = placement_order(sheet)
    assert order[0] == CENTRE and sorted(order) == sorted(cells)
    for index, (row, column) in enumerate(order[1:], start=1):
        assert {(row + 1, column), (row - 1, column), (row, column + 1),
                (row, column - 1)} & set(order[:index])


@given(arranged_cards())
def test_seam_bonuses_equal_brute_force_over_touching_sides(
        arranged: tuple[Sheet, dict[str, SheetCard]]) -> None:
    sheet, cards = arranged
    computed = sorted((item.skill, item.bonus) for item in seam_bonuses(sheet, cards))
    assert computed == brute_force_seams(sheet, cards)
    best: dict[str, int] = {}
    for skill, bonus in computed:
        best[skill] = max(best.get(skill, 0), bonus)
    assert best_bonuses(seam_bonuses(sheet, cards)) == best


def test_a_seam_gives_the_takers_skill_the_givers_bonus() -> None:
    giver = a_card(0, "melee", "lore", 7, 1)
    taker = a_card(1, "stealth", "charm", 2, 6)
    cards: dict[str, SheetCard] = {"card-0": giver, "card-1": taker}
    beside = Sheet.of({CENTRE: "card-0", (1, 2): "card-1"})
    below = Sheet.of({CENTRE: "card-0", (2, 1): "card-1"})
    assert best_bonuses(seam_bonuses(beside, cards)) == {"stealth": 7}
    assert best_bonuses(seam_bonuses(below, cards)) == {"charm": 1}
    assert best_bonuses(seam_bonuses(Sheet.of({CENTRE: "card-0"}), cards)) == {}


def test_the_same_skill_from_several_seams_counts_its_best_bonus_not_the_sum() -> None:
    cards: dict[str, SheetCard] = {
        "card-0": a_card(0, "lore", "lore", 3, 3), "card-1": a_card(1, "melee", "melee", 5, 2),
        "card-2": a_card(2, "melee", "melee", 4, 4)}
    sheet = Sheet.of({CENTRE: "card-2", (1, 0): "card-0", (0, 1): "card-1"})
    bonuses = seam_bonuses(sheet, cards)
    assert sorted(item.bonus for item in bonuses) == [2, 3]
    assert best_bonuses(bonuses) == {"melee": 3}


def test_rearranging_the_same_cards_changes_the_skill_bonuses() -> None:
    character = new_character(Stream(4, "cardcrawl/character"))
    race, partner = character.character_sheet.cards()
    beside = character.rearranged(Sheet.of({CENTRE: race, (1, 2): partner}))
    below = character.rearranged(Sheet.of({CENTRE: race, (2, 1): partner}))
    swapped = character.rearranged(Sheet.of({CENTRE: partner, (1, 2): race}))
    results = {tuple(c.skill_bonuses().items()) for c in (beside, below, swapped)}
    assert len(results) == 3
    assert beside.owned == below.owned == swapped.owned


@given(st.sampled_from([card.id for card in starter_cards().of(CharacterCard)]),
       st.sampled_from([card.id for card in starter_cards().of(CharacterCard)]))
def test_any_two_cards_give_different_skills_beside_and_below(first: str, second: str) -> None:
    if first == second:
        return
    cards: dict[str, SheetCard] = {card.id: card for card in starter_cards().of(SheetCard)}
    beside = best_bonuses(seam_bonuses(Sheet.of({CENTRE: first, (1, 2): second}), cards))
    below = best_bonuses(seam_bonuses(Sheet.of({CENTRE: first, (2, 1): second}), cards))
    assert beside == {cards[second].left: cards[first].right}
    assert below == {cards[second].top: cards[first].bottom}
    assert beside != below


@settings(max_examples=60)
@given(st.integers(0, 2**32), st.integers(1, 9))
def test_random_sheets_are_legal_and_hold_every_card(seed: int, count: int) -> None:
    ids = [f"c{i}" for i in range(count)]
    sheet = random_sheet(ids, Stream(seed, "test"))
    assert sorted(sheet.cards()) == sorted(ids)
    assert random_sheet(ids, Stream(seed, "test")) == sheet
    with pytest.raises(BadInput, match="do not fit"):
        random_sheet([f"c{i}" for i in range(10)], Stream(seed, "test"))


def attack(card_id: str, right: int, bottom: int) -> AttackCard:
    return AttackCard(id=card_id, name=card_id, bonus=1, combo_right=right, combo_bottom=bottom,
                      effect="x")


@given(shapes(), st.data())
def test_combos_go_to_the_attack_right_and_below_the_last_success(
        cells: set[Position], data: st.DataObject) -> None:
    placed = {cell: f"a{i}" for i, cell in enumerate(sorted(cells))}
    attacks = {card_id: attack(card_id, data.draw(st.integers(0, 4)), data.draw(st.integers(0, 4)))
               for card_id in placed.values()}
    sheet = Sheet.of(placed)
    last_cell = data.draw(st.sampled_from(sorted(cells)))
    last = attacks[placed[last_cell]]
    expected = {}
    for (row, column), card_id in placed.items():
        if (row, column) == (last_cell[0], last_cell[1] + 1) and last.combo_right:
            expected[card_id] = last.combo_right
        if (row, column) == (last_cell[0] + 1, last_cell[1]) and last.combo_bottom:
            expected[card_id] = last.combo_bottom
    assert combo_bonuses(sheet, attacks, last.id) == expected


def test_a_combo_after_an_attack_not_on_the_sheet_is_refused() -> None:
    sheet = Sheet.of({CENTRE: "a"})
    with pytest.raises(BadInput, match="not on the attack sheet"):
        combo_bonuses(sheet, {"a": attack("a", 1, 1)}, "b")
    assert combo_bonuses(sheet, {"a": attack("a", 1, 1)}, "a") == {}
