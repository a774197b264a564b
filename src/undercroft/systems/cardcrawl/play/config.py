"""Settings of a game of Card Crawl: the party, the dungeon, and the house rules of play.

Seed 004 gives the character and combat rules and a way to make a dungeon, but
not how a game runs without a game master; each field here is our choice, its
reason beside it and in docs/rules/cardcrawl.md ("Play").
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator


class CardCrawlConfig(BaseModel):
    """How one game of Card Crawl is played."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int = Field(3, ge=1, le=4, title="Players")
    """Seats at the table, one starting character each."""
    defence_ratings: tuple[int, int, int] = Field((1, 2, 3), title="Defence card ratings")
    """Seed 004: "Take a 1 point, 2 point, and 3 point Defense card (or larger if the GM
    wants a lower-lethality game)": the ratings each starting character takes."""
    rooms: int = Field(10, ge=2, le=40, title="Rooms in the dungeon")
    """Rooms in the Random Dungeon (seed 004: "a relatively simple 6 room complex or a
    sprawling collection of 20 or more")."""
    vary: bool = Field(True, title="Smaller rooms at the front, larger at the back")
    """Seed 004's variation: smaller rooms at the front, larger at the back."""
    stocked_percent: int = Field(60, ge=0, le=100, title="Chance a room holds enemies (%)")
    """Chance a room other than the first holds enemies ("stock it with an appropriate
    threat"); a room of size 4 or more always does."""
    loot_percent: int = Field(40, ge=0, le=100, title="Chance a room holds gear (%)")
    """Chance a room holds a piece of gear (seed 004: gear is "acquired from adventuring")."""
    long_rests: int = Field(2, ge=0, le=20, title="Long rests allowed")
    """Long rests the party may take in the dungeon (each untaps every card). Unlimited
    rests would make every fight start fresh; two make tapping a real choice."""
    any_skill: bool = Field(False, title="Allow any skill that could remotely apply")
    """Seed 004: "the player should be allowed to use any skill that could remotely make
    sense for a situation, within the GM's tolerance". False (the seed, with the card's
    list as the GM's tolerance): an attack rolls with the best of the skills its card
    names, a defence with the best of melee, nimbleness, athletics and endurance. True:
    a lenient GM lets every roll use the character's best seam bonus, charm included."""
    attack_against: str = Field("opponent", pattern="^(opponent|card)$",
                                title="Attacks roll against (opponent or card)")
    """The difficulty of a character's attack. "opponent" (the seed: "Against Opponent:
    6 + Opponent skill"): 6 + the foe's best of dodge, parry and endure, moved by as much
    as the card's own difficulty is above or below the usual 9. "card": the card's own
    difficulty whatever the foe."""
    enemy_stance: str = Field("aggressive", pattern="^(aggressive|cautious)$",
                              title="Enemies play (aggressive or cautious)")
    """How the automated game master rolls for enemies."""
    max_rounds: int = Field(300, ge=1, le=100_000, title="Most rounds before time is up")
    """The game ends (time up) after this many rounds: a bound for automated play."""

    @field_validator("defence_ratings")
    @classmethod
    def _ratings(cls, ratings: tuple[int, int, int]) -> tuple[int, int, int]:
        if not all(1 <= rating <= 9 for rating in ratings):
            raise ValueError("defence cards are rated 1 to 9")
        return ratings
