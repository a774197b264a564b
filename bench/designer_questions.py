"""Designer questions, one per system: paired games and seconds to a decision with
``--compare``'s confidence sequence, against a fixed run of paired games, and both answers.

    python bench/designer_questions.py [--fixed 10000] [--workers 2] [--only amulet]

Amulet: countdown every 2 rounds against every 3, on mean depth. Squad: per_guide 5
against 6, on the victory rate. Card Crawl: 10 rooms, mixed against cautious players,
on the cleared rate, within 3 points (the two ways of playing clear about as often, so
only a tolerance can answer "no difference that matters"; the command line asks it as
``simulate cardcrawl --compare agents=mixed,cautious --set rooms=10 --metric
result=cleared --tolerance 0.03``). Labyrinth: dm_targets random against weakest, on the
deepest floor.
The fixed run plays the same seeds (game ``i`` of each arm on ``game_seed(1, i)``) and
gives the paired difference with a fixed-sample 95% t interval.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, replace

from bench_args import positive
from undercroft.engine import registry
from undercroft.sim.compare import Question, compare, metric_value, paired_batches
from undercroft.sim.sequence import Running
from undercroft.sim.settings import Arm, Sweep, build_arms
from undercroft.sim.stats import t_interval
from undercroft.sim.workers import open_workers

SEED = 1


@dataclass(frozen=True)
class Designer:
    """A question: a system, the key and two values (or two sets of players), a metric."""

    system: str
    key: str
    values: tuple[str, str]
    metric: str
    fixed: tuple[str, ...] = ()
    """Plain settings both arms share (key=value)."""
    agents: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    """Players per arm when the arms differ by players (``key`` then only names them)."""
    tolerance: float | None = None
    """A difference too small to matter: where the arms hardly differ, only an interval
    within +-tolerance can answer the question."""


QUESTIONS = (
    Designer("amulet", "countdown_every", ("2", "3"), "depth_reached"),
    Designer("squad", "per_guide", ("5", "6"), "result=victory"),
    Designer("cardcrawl", "agents", ("mixed", "cautious"), "result=cleared",
             fixed=("rooms=10",), agents=(("mixed",), ("cautious",)), tolerance=0.03),
    Designer("labyrinth", "dm_targets", ("random", "weakest"), "deepest_floor"),
)


def _question(designer: Designer, max_games: int) -> Question:
    """The question as ``simulate --compare`` asks it (``agents=A,B``: ``players``)."""
    model = registry.get(designer.system).config_model()
    sweeps = [Sweep(text.partition("=")[0], (text.partition("=")[2],))
              for text in designer.fixed]
    if designer.agents is None:
        built = build_arms(model, {}, [*sweeps, Sweep(designer.key, designer.values)])
    else:
        one = build_arms(model, {}, sweeps)[0]
        built = [Arm(i, {designer.key: v}, one.config) for i, v in enumerate(designer.values)]
    return Question(designer.key, (built[0], built[1]), (designer.metric,),
                    tolerance=designer.tolerance, max_games=max_games,
                    players=designer.agents)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fixed", type=positive, default=10_000,
                        help="Paired games of the fixed run (default 10,000).")
    parser.add_argument("--workers", type=positive, default=2)
    parser.add_argument("--only", choices=[q.system for q in QUESTIONS])
    args = parser.parse_args()
    for designer in QUESTIONS:
        if args.only and designer.system != args.only:
            continue
        question = _question(designer, 10_000)
        agents = (registry.default_agent(designer.system),)
        with open_workers(args.workers, None) as workers:
            began = time.perf_counter()
            answer = compare(workers.play(paired_batches(designer.system, agents, SEED,
                                                         question)), question)
            sequential = time.perf_counter() - began
        with open_workers(args.workers, None) as workers:
            began = time.perf_counter()
            difference = Running()
            fixed_run = replace(question, max_games=args.fixed)
            stream = workers.play(paired_batches(designer.system, agents, SEED, fixed_run))
            for rows_a, rows_b in zip(stream, stream, strict=True):
                for row_a, row_b in zip(rows_a, rows_b, strict=True):
                    difference.add(metric_value(row_b, designer.metric)
                                   - metric_value(row_a, designer.metric))
            fixed = time.perf_counter() - began
        lo, hi = t_interval(difference.mean, difference.sd, difference.n)
        print(f"{designer.system}: {answer.sentences()[0]} [{sequential:.1f} s]", flush=True)
        print(f"  fixed {difference.n:,} paired games: difference {difference.mean:+.3g} "
              f"({lo:.3g} to {hi:.3g}, t 95%) [{fixed:.1f} s]")


if __name__ == "__main__":
    main()
