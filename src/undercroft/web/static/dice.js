// The dice behind an event, said the way a player checks them at the table.
// Every system's events carry `rolls`: {label, what, dice, result, forced, against}
// ("flank: d20+3 vs d20+4 (Elf's speed), rolled 13 and 15 (16 vs 19): lost";
// "to hit: d20, rolled 14 against AC 15"). `against` says what the roll was against in
// words (armour, a difficulty, the other side of a contest), empty when nothing. An
// event without rolls may still have a bare `dice` list.

/** One roll explained in words. */
export function explainRoll(roll) {
  const label = roll.label ? `${roll.label}: ` : "";
  const what = roll.what || "";
  const dice = Array.isArray(roll.dice) ? roll.dice : [];
  const totals = contestTotals(what, dice);
  const contest = String(what).includes(" vs ");
  // a contest's other side is named beside it; any other roll's target after the dice
  const side = roll.against && contest ? ` (${roll.against})` : "";
  const against = roll.against && !contest ? ` against ${roll.against}` : "";
  if (roll.forced) return `${label}${what}${side}${against}, set by the scenario: ${outcome(roll)}`;
  if (totals) {
    return `${label}${what}${side}, rolled ${dice.join(" and ")} (${totals[0]} vs ${totals[1]}): ` +
      outcome(roll);
  }
  const rolled = dice.length ? plainNumbers(dice, " + ") : "nothing";
  if (typeof roll.result === "boolean") {
    return `${label}${what}${side}, rolled ${rolled}${against}: ${outcome(roll)}`;
  }
  // One die that is its own result needs no sum ("shot: 1d8, rolled 3").
  if (dice.length === 1 && dice[0] === roll.result) return `${label}${what}, rolled ${rolled}${against}`;
  return `${label}${what}, rolled ${rolled} = ${roll.result}${against}`;
}

/** Numbers as a person writes them: "1, 2, 6, 4", never a list's brackets. */
export function plainNumbers(values, between = ", ") {
  return values.flat(Infinity).map(String).join(between);
}

/** A contest is won or lost by its first side; a chance is yes or no. */
function outcome(roll) {
  if (typeof roll.result !== "boolean") return String(roll.result);
  if (String(roll.what || "").includes(" vs ")) return roll.result ? "won" : "lost";
  return roll.result ? "yes" : "no";
}

/** "d20+3 vs d20+4" with dice [13, 15]: the two sides' totals, [16, 19]. */
function contestTotals(what, dice) {
  const sides = String(what).split(" vs ");
  if (sides.length !== 2 || dice.length !== 2) return null;
  const bonuses = sides.map(bonusOfOneDie);
  if (bonuses.includes(null)) return null;
  return [dice[0] + bonuses[0], dice[1] + bonuses[1]];
}

/** The bonus in "d20+3" / "1d20-1" / "d20"; null if it is not one die and a bonus. */
function bonusOfOneDie(side) {
  const match = /^\s*1?d\d+\s*(?:([+-])\s*(\d+))?\s*$/.exec(side);
  if (!match) return null;
  if (!match[1]) return 0;
  return match[1] === "-" ? -Number(match[2]) : Number(match[2]);
}

/** Every line of dice an event carries (none when its sentence says it all). */
export function diceLines(event) {
  if (Array.isArray(event.rolls) && event.rolls.length) return event.rolls.map(explainRoll);
  if (Array.isArray(event.dice) && event.dice.length) return [`dice: ${plainNumbers(event.dice)}`];
  return [];
}
