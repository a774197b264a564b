"""A character's sheets as a printable SVG: grids of cards, and what each seam gives.

Each card shows its skills on its left and top sides and its bonuses on its
right and bottom sides, as the seed lays them out; a side that touches no card
is greyed out, since it counts for nothing. The bonus each seam makes is
written in the gap between the two cards, so a player can check the sheet
against the table at a glance. Attack cards show their combo bonuses on the
right and bottom, and the seams show which attack gets the combo.

This module only writes XML; every number comes from the character.
"""

from __future__ import annotations

import textwrap
from typing import Final
from xml.sax.saxutils import escape, quoteattr

from undercroft.systems.cardcrawl.character.build import Character
from undercroft.systems.cardcrawl.character.cards import CharacterCard, SheetCard
from undercroft.systems.cardcrawl.character.sheets import SIZE, Position, Sheet

CARD_W: Final = 170
CARD_H: Final = 126
GAP_X: Final = 92
GAP_Y: Final = 40
MARGIN: Final = 24
HEADER: Final = 30
LINE: Final = 18
TITLE_CHARS: Final = 56
NOTE_CHARS: Final = 100
"""Characters per line of the title and of the notes that fit the sheet's width."""
SHEET_W: Final = SIZE * CARD_W + (SIZE - 1) * GAP_X
SHEET_H: Final = SIZE * CARD_H + (SIZE - 1) * GAP_Y
FONT: Final = '"DejaVu Sans", "Helvetica", "Arial", sans-serif'
CSS: Final = f"""
text {{ font-family: {FONT}; fill: #222; white-space: pre; }}
.paper {{ fill: #fffdf6; }}
.card {{ fill: #ffffff; stroke: #333; stroke-width: 1.5; }}
.race {{ fill: #f1f6ee; }}
.attack {{ fill: #f7f0f6; }}
.empty {{ fill: none; stroke: #bbb; stroke-width: 1; stroke-dasharray: 5 4; }}
.title {{ font-size: 20px; font-weight: bold; }}
.heading {{ font-size: 15px; font-weight: bold; }}
.name {{ font-size: 14px; font-weight: bold; text-anchor: middle; }}
.kind {{ font-size: 10px; font-style: italic; text-anchor: middle; fill: #555; }}
.text {{ font-size: 9px; text-anchor: middle; fill: #333; }}
.side {{ font-size: 11px; text-anchor: middle; fill: #1c4f8a; font-weight: bold; }}
.idle {{ fill: #b5b5b5; font-weight: normal; }}
.seam {{ font-size: 12px; text-anchor: middle; fill: #a3330f; font-weight: bold; }}
.note {{ font-size: 12px; }}
"""


def render_character_svg(character: Character) -> str:
    """The character's two sheets and a summary, as standalone SVG text."""
    body: list[str] = []
    y = MARGIN
    for line in textwrap.wrap(character.title, TITLE_CHARS):
        y += HEADER - 4
        body.append(_text(MARGIN, y - 8, line, "title"))
    seed = "" if character.seed is None else f", seed {character.seed}"
    body.append(_text(MARGIN, y + 10, f"{character.points} points{seed}", "note"))
    y += HEADER
    for heading, sheet, drawer in (
            ("Character sheet (race and character cards)", character.character_sheet,
             _character_sheet),
            ("Attack sheet (combos go to the right and down)", character.attack_sheet,
             _attack_sheet)):
        body.append(_text(MARGIN, y + 18, heading, "heading"))
        y += HEADER
        body.extend(drawer(character, sheet, y))
        y += SHEET_H + MARGIN
    for paragraph in _summary(character):
        for line in textwrap.wrap(paragraph, NOTE_CHARS, subsequent_indent="    "):
            y += LINE
            body.append(_text(MARGIN, y, line, "note"))
    width, height = SHEET_W + 2 * MARGIN, y + MARGIN
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">',
        f"<title>{escape(character.title)}</title>",
        f"<style>{CSS}</style>",
        f'<rect class="paper" x="0" y="0" width="{width}" height="{height}"/>',
    ]
    return "\n".join([*head, *body, "</svg>"]) + "\n"


def _origin(position: Position, top: int) -> tuple[int, int]:
    row, column = position
    return MARGIN + column * (CARD_W + GAP_X), top + row * (CARD_H + GAP_Y)


def _text(x: float, y: float, text: str, css: str, rotate: int | None = None) -> str:
    turn = "" if rotate is None else f' transform="rotate({rotate} {x:.0f} {y:.0f})"'
    return f'<text class={quoteattr(css)} x="{x:.0f}" y="{y:.0f}"{turn}>{escape(text)}</text>'


def _empty_cells(sheet: Sheet, top: int) -> list[str]:
    placed = sheet.placed()
    out: list[str] = []
    for row in range(SIZE):
        for column in range(SIZE):
            if (row, column) not in placed:
                x, y = _origin((row, column), top)
                out.append(f'<rect class="empty" x="{x}" y="{y}" width="{CARD_W}" '
                           f'height="{CARD_H}" rx="8"/>')
    return out


def _face(x: int, y: int, name: str, kind: str, words: str, css: str) -> list[str]:
    """A card's outline, name, kind line and wrapped text (its ability or effect)."""
    middle = x + CARD_W / 2
    out = [f'<rect class={quoteattr(f"card {css}".strip())} x="{x}" y="{y}" '
           f'width="{CARD_W}" height="{CARD_H}" rx="8"/>',
           _text(middle, y + 38, name, "name"), _text(middle, y + 53, kind, "kind")]
    lines = textwrap.wrap(words, 25)
    if len(lines) > 4:
        lines = [*lines[:3], lines[3][:22] + "…"]
    for index, line in enumerate(lines):
        out.append(_text(middle, y + 66 + 10 * index, line, "text"))
    return out


def _sides(sheet: Sheet, position: Position) -> dict[str, bool]:
    """Which of a card's four sides touch another card."""
    placed = sheet.placed()
    row, column = position
    return {"left": (row, column - 1) in placed, "right": (row, column + 1) in placed,
            "top": (row - 1, column) in placed, "bottom": (row + 1, column) in placed}


def _character_sheet(character: Character, sheet: Sheet, top: int) -> list[str]:
    cards = {card.id: card for card in character.cards(SheetCard)}
    out = _empty_cells(sheet, top)
    for position, card_id in sheet.placed().items():
        card, (x, y) = cards[card_id], _origin(position, top)
        kind = card.aspect if isinstance(card, CharacterCard) else "race"
        out += _face(x, y, card.name, kind, card.ability, kind if kind == "race" else "")
        css = {side: "side" if touches else "side idle"
               for side, touches in _sides(sheet, position).items()}
        out += [_text(x + CARD_W / 2, y + 16, card.top, css["top"]),
                _text(x + 13, y + CARD_H / 2, card.left, css["left"], rotate=-90),
                _text(x + CARD_W - 14, y + CARD_H / 2 + 4, f"+{card.right}", css["right"]),
                _text(x + CARD_W / 2, y + CARD_H - 7, f"+{card.bottom}", css["bottom"])]
    for item in character.seam_bonuses():
        out += _seam_label(item.seam.giver, item.seam.direction == "right", top,
                           f"+{item.bonus}", item.skill)
    return out


def _attack_sheet(character: Character, sheet: Sheet, top: int) -> list[str]:
    out = _empty_cells(sheet, top)
    for slot in character.attacks():
        card, (x, y) = slot.card, _origin(slot.position, top)
        needs = f"Needs {card.requires}. " if card.requires else ""
        out += _face(x, y, card.name, f"+{card.bonus} attack, difficulty {card.difficulty}",
                     needs + card.effect, "attack")
        live = _sides(sheet, slot.position)
        right = "side" if live["right"] else "side idle"
        bottom = "side" if live["bottom"] else "side idle"
        out += [_text(x + CARD_W - 14, y + CARD_H / 2 + 4, f"+{card.combo_right}", right),
                _text(x + CARD_W / 2, y + CARD_H - 7, f"+{card.combo_bottom}", bottom)]
        for target, bonus, across in ((slot.right, card.combo_right, True),
                                      (slot.below, card.combo_bottom, False)):
            if target is not None:
                out += _seam_label(slot.position, across, top, f"+{bonus}", "combo")
    return out


def _seam_label(giver: Position, across: bool, top: int, bonus: str, word: str) -> list[str]:
    """The bonus a seam makes, written in the gap between its two cards."""
    x, y = _origin(giver, top)
    if across:
        middle_x, middle_y = x + CARD_W + GAP_X / 2, y + CARD_H / 2
        return [_text(middle_x, middle_y - 2, f"{bonus} →", "seam"),
                _text(middle_x, middle_y + 13, word, "seam")]
    return [_text(x + CARD_W / 2, y + CARD_H + GAP_Y / 2 + 5, f"↓ {word} {bonus}", "seam")]


def _summary(character: Character) -> list[str]:
    bonuses = ", ".join(f"{skill} +{bonus}" for skill, bonus in
                        character.skill_bonuses().items()) or "none (no seams)"
    defence = ", ".join(f"{card.name} ({card.rating})" for card in character.defence_cards())
    gear = ", ".join(card.name for card in character.equipment()) or "none"
    return [f"Skill bonuses (best seam for each skill): {bonuses}",
            f"Defence cards brought ({len(character.carried)} of {character.defence_limit} "
            f"usable): {defence or 'none'}",
            f"Gear and spells equipped ({len(character.equipped)} of "
            f"{character.equip_limit}): {gear}"]
