"""What a person at the terminal means by what they typed: an action from the legal list.

A number picks from the list; text picks the action it names, or the one action
whose text starts with it; a leading ``!`` also claims the last step's
announcements. Anything unclear is bad input, and the person is asked again.
"""

from __future__ import annotations

from collections.abc import Sequence

from undercroft.cli.play_turns import matching
from undercroft.errors import BadInput
from undercroft.systems.amulet.room.actions import Action, parse_action


def read_choice(typed: str, legal: Sequence[Action], can_claim: bool,
                words: Sequence[str] = ()) -> Action:
    """The action a person means by ``typed``; BadInput (asked again) if it is not clear.

    A number picks from the list; text picks the action it names, or the one action
    whose text, or words (``words``: one per action, as the menu says them), start with
    it. A leading ``!`` also claims the last step's announcements.
    """
    body = " ".join(typed.split())
    claim = body.startswith("!")
    if claim:
        body = body[1:].strip()
    action = _match(body, legal, words)
    if claim and not action.claim:
        action = action.claiming()
    if action.claim and not can_claim:
        raise BadInput("nothing to claim now: ! claims the last step's announcements, and "
                       "there are none that another hero caused")
    return action


def _match(body: str, legal: Sequence[Action], words: Sequence[str]) -> Action:
    if not body:
        raise BadInput("type the number of an action, its text, or ? for help")
    if body.isdigit():
        number = int(body)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        raise BadInput(f"no action {number}: choose 1 to {len(legal)}")
    lowered = body.lower()
    parsed = _parsed(lowered)
    if parsed is not None and parsed.plain() in {action.plain() for action in legal}:
        return parsed
    starting: list[Action] = matching(body, legal, words)
    if len(starting) == 1:
        return starting[0]
    if starting:
        shown = "; ".join(action.text for action in starting[:4])
        more = ", ..." if len(starting) > 4 else ""
        raise BadInput(f"{body!r} fits {len(starting)} actions ({shown}{more}): type more of it "
                       "or its number")
    raise BadInput(f"{body!r} is not one of the actions: type its number or text (? for help)")


def _parsed(text: str) -> Action | None:
    try:
        return parse_action(text)
    except BadInput:
        return None
