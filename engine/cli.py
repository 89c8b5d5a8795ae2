"""Command line: `python -m engine moves|check|advise|play|bench ...` (see README).

Errors in the input are one clear line on stderr and exit status 2, never a
traceback; `check` exits 0 for a legal move and 1 for an illegal one.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence

from engine.errors import CassinoError
from engine.game import GameState, LogKind
from engine.judge import check
from engine.limits import MAX_NUMBER_DIGITS, quoted
from engine.movegen import legal_moves
from engine.moves import Move, attempt_from_json, parse_attempt
from engine.position import Position, parse_table
from engine.rules import PRESETS, Rules, preset

EXAMPLES = """examples:
  python -m engine moves --table "Ac 2d 3h 5s 6c 8d" --hand "8s"
  python -m engine moves --table "5c 3d [8: 5h 3s @1]" --hand "8s 3h" --json
  python -m engine check --table "2d [7: 4h 3s @1]" --hand "9s" --move "9s x [7]+2d"
  python -m engine check --table "2d [7: 4h 3s @1]" --hand "9s" --set build_in_sums=true \\
      --move '{"card": "9s", "kind": "capture", "loose": ["2d"], "builds": [["3s", "4h"]]}'
  python -m engine advise --table "10d 4h" --hand "10s 3c 8h Kd"
  python -m engine play --seed 7 --players 3
  python -m engine bench
"""


def _position_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--position", help="a whole position in notation (overrides the rest)")
    parser.add_argument("--table", default="",
                        help='loose cards and builds, e.g. "5c [8: 5h 3s @1]"')
    parser.add_argument("--hand", default="", help='the hand of the player to move, e.g. "8s 3h"')
    parser.add_argument("--seat", type=whole(0, 9999), default=0,
                        help="seat of the player to move (0)")
    parser.add_argument("--players", type=whole(0, 9999), default=2, help="2, 3 or 4 (2)")
    _rules_args(parser)
    parser.add_argument("--last", action="store_true", help="this is the last play of the hand")


def _rules_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", default="classic", help=f"preset: {', '.join(PRESETS)}")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="one rules setting as named in docs/rules.md (repeatable)")


def _rules(args: argparse.Namespace) -> Rules:
    changes: dict[str, str] = {}
    for item in args.set:
        key, sep, value = item.partition("=")
        if not sep:
            raise CassinoError(f"--set {item!r}: write KEY=VALUE, e.g. build_in_sums=true")
        changes[key] = value
    return preset(args.rules).with_settings(changes)


def _position(args: argparse.Namespace) -> Position:
    if args.position:
        position = Position.parse(args.position)
    else:
        from engine.cards import parse_cards

        loose, builds = parse_table(args.table)
        position = Position(loose=loose, builds=builds, hand=parse_cards(args.hand),
                            seat=args.seat, players=args.players, rules=_rules(args),
                            last=args.last)
    return position.validated()


def cmd_moves(args: argparse.Namespace) -> int:
    moves = legal_moves(_position(args))
    if args.json:
        print(json.dumps([m.to_json() for m in moves], indent=2 if args.pretty else None,
                         ensure_ascii=False))
    else:
        for move in moves:
            print(move.text)
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    position = _position(args)
    text = args.move.strip()
    attempt = attempt_from_json(text) if text.startswith("{") else parse_attempt(text)
    verdict = check(position, attempt)
    if args.json:
        print(json.dumps(verdict.to_json(), ensure_ascii=False))
    else:
        status = "legal" if verdict.legal else f"illegal ({verdict.code})"
        print(f"{status}: {verdict.message}")
    return 0 if verdict.legal else 1


def cmd_advise(args: argparse.Namespace) -> int:
    from engine.advice import advise

    found = advise(_position(args))
    if args.json:
        print(json.dumps({"move": found.move.to_json(), "reason": found.reason},
                         ensure_ascii=False))
    else:
        print(found.move.text)
        print(found.reason)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from engine.game import new_game
    from engine.scoring import ITEM_LABELS

    state = new_game(args.players, _rules(args), args.seed)
    choose = _chooser(args.levels, args.players)
    rng = random.Random(args.seed)
    printed = 0
    while not state.over:
        if state.hand_over:
            state = state.next_hand()
            continue
        seat = state.to_move
        state = state.play(choose(state, seat, rng))
        for entry in state.log[printed:]:
            who = f"seat {entry.seat}" if entry.seat is not None else ""
            if entry.kind == LogKind.MOVE:
                sweep = "  SWEEP" if entry.sweep else ""
                move_text = entry.move.text if entry.move else ""
                print(f"h{entry.hand}d{entry.deal} {who}: {move_text:<24} {entry.text}{sweep}")
            elif entry.kind == LogKind.SCORE:
                result = state.results[entry.hand - 1]
                for score in result.scores:
                    items = ", ".join(f"{ITEM_LABELS[k]} {v}" for k, v in score.points if v)
                    print(f"  hand {entry.hand} side {score.side}: {score.total} ({items or '-'})"
                          f"; total {result.totals[score.side]}")
            else:
                print(f"-- {entry.text}" + (f" ({who})" if entry.kind == LogKind.RESIDUE else ""))
        printed = len(state.log)
    print(f"winner: side {state.winner} with totals {', '.join(map(str, state.totals))}")
    return 0


Chooser = Callable[[GameState, int, random.Random], Move]


def _chooser(levels_text: str, players: int) -> Chooser:
    """Computer players per seat, each seeing only its own view of the game."""
    from engine.players import choose_move, view_of

    try:
        levels = [whole(1, 4)(x) for x in levels_text.split(",")] if levels_text else [3]
    except argparse.ArgumentTypeError:
        raise CassinoError(f"--levels {quoted(levels_text)}: write levels 1 to 4 per seat, "
                           "e.g. 4,2") from None
    levels = (levels * players)[:players]

    def choose(state: GameState, seat: int, rng: random.Random) -> Move:
        return choose_move(levels[seat], view_of(state, seat), rng)

    return choose


def cmd_bench(args: argparse.Namespace) -> int:
    from engine.tools.bench import run_bench

    run_bench(repeats=args.repeats, games=args.games)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m engine", description="Cassino rules engine: legal moves, the judge, "
        "whole games.", epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    moves = sub.add_parser("moves", help="list the legal moves of a position")
    _position_args(moves)
    moves.add_argument("--json", action="store_true", help="print JSON objects")
    moves.add_argument("--pretty", action="store_true", help="indent the JSON")
    moves.set_defaults(run=cmd_moves)
    chk = sub.add_parser("check", help="judge one move: exit 0 legal, 1 illegal, 2 bad input")
    _position_args(chk)
    chk.add_argument("--move", required=True, help="move notation, or the JSON of moves --json")
    chk.add_argument("--json", action="store_true", help="print legal, code, message as JSON")
    chk.set_defaults(run=cmd_check)
    adv = sub.add_parser("advise", help="the computer's move for a position, and why")
    _position_args(adv)
    adv.add_argument("--json", action="store_true", help="print the move and the reason as JSON")
    adv.set_defaults(run=cmd_advise)
    play = sub.add_parser("play", help="play a whole game between computer players")
    play.add_argument("--seed", type=whole(0, 10 ** 9), default=0)
    play.add_argument("--players", type=whole(2, 4), default=2)
    play.add_argument("--levels", default="",
                      help="computer level per seat, 1 (random) to 4 (searching), e.g. 4,2 (3)")
    _rules_args(play)
    play.set_defaults(run=cmd_play)
    bench = sub.add_parser("bench", help="time the move generator and random games")
    bench.add_argument("--repeats", type=whole(1, 1000), default=7,
                       help="timings of each measure, 1 to 1000 (7)")
    bench.add_argument("--games", type=whole(2, 100_000), default=200,
                       help="random games to time, 2 to 100000 (200)")
    bench.set_defaults(run=cmd_bench)
    return parser


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high`, refused in one line
    (with the text quoted short) rather than read whatever its size."""

    def read(text: str) -> int:
        value = text.strip()
        digits = value.removeprefix("-")
        if not (digits.isascii() and digits.isdigit()) or len(digits) > MAX_NUMBER_DIGITS + 5:
            raise argparse.ArgumentTypeError(f"{quoted(text)} is not a whole number from "
                                             f"{low} to {high}")
        number = int(value)
        if not low <= number <= high:
            raise argparse.ArgumentTypeError(f"{number} is not from {low} to {high}")
        return number

    read.__name__ = "whole number"  # argparse names the type in its messages
    return read


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except CassinoError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `... | head`: the reader has gone, nothing more to say
        sys.stderr.close()
        return 1
    return code
