"""The English catalogue: every learner-facing string of the course layer.

Keys are stable; a translation (locales/<lang>.yaml) uses the same keys and
the same `{fields}`. Goal descriptions are instructions in lower case
("take 5♣ and 3♦") because they are also used inside sentences; miss texts
are clauses ("it leaves 3♦ on the table") for the same reason.
"""

from __future__ import annotations

from typing import Final

from engine import advice_words, judge_words
from engine.cards import RANK_NAMES

MESSAGES: Final[dict[str, str]] = {
    # lists and counts
    "list.and": " and ",
    "list.or": " or ",
    "list.comma": ", ",
    "count.card.one": "{n} card",
    "count.card.other": "{n} cards",
    "count.point.one": "{n} point",
    "count.point.other": "{n} points",
    "count.puzzle.one": "{n} puzzle",
    "count.puzzle.other": "{n} puzzles",
    # words for things on the table
    "words.build": "the {value}-build ({cards})",
    "words.build-cards": "the build ({cards})",
    "words.build-value": "the build of {value}",
    "words.sweep": "the sweep",
    "kind.capture": "capture",
    "kind.build": "build",
    "kind.trail": "trail",
    "rank.1": "an ace",
    "rank.2": "a 2",
    "rank.3": "a 3",
    "rank.4": "a 4",
    "rank.5": "a 5",
    "rank.6": "a 6",
    "rank.7": "a 7",
    "rank.8": "an 8",
    "rank.9": "a 9",
    "rank.10": "a 10",
    "rank.11": "a jack",
    "rank.12": "a queen",
    "rank.13": "a king",
    "rank.14": "an ace (counting 14)",
    # moves
    "move.capture": "{card} takes {groups}",
    "move.capture-14": "{card} (as 14) takes {groups}",
    "move.build": "{card} builds {value}{using}",
    "move.raise": "{card} raises {build} to {value}{using}",
    "move.add": "{card} adds to {build}, building {value}s{using}",
    "move.using": " with {cards}",
    "move.trail": "{card} trails",
    # goals, as instructions
    "goal.any": "make any legal move",
    "goal.capture": "take {items}",
    "goal.capture-at-least": "take {items} (more is fine)",
    "goal.most-cards": "take as many table cards as you can",
    "goal.sweep": "sweep the table (take every card on it)",
    "goal.build": "make a build worth {value}",
    "goal.take-build": "take a build",
    "goal.take-build-value": "take a build of {value}",
    "goal.no-sweep-left": "leave no sweep for the next player",
    "goal.points-at-least": "capture cards worth at least {points}",
    "goal.kind.capture": "capture something",
    "goal.kind.build": "build",
    "goal.kind.trail": "trail a card",
    "goal.play": "play {card}",
    "goal.move": "play {move}",
    "goal.not": "do not {goal}",
    # why a legal move misses a goal (clauses)
    "miss.any": "that is not the move asked for",
    "miss.takes-nothing": "it takes nothing",
    "miss.leaves": "it leaves {items} on the table",
    "miss.also-takes": "it also takes {items}",
    "miss.most-cards": "it takes {taken}, but {card} could take {best}",
    "miss.sweep-needs-capture": "only a capture can sweep the table",
    "miss.sweep-last-play": "with these rules, clearing the table with the last card of the "
                            "hand is not a sweep",
    "miss.not-a-build": "it is not a build",
    "miss.build-value": "it builds {value}, not {wanted}",
    "miss.no-build-taken": "it takes no build",
    "miss.no-build-taken-value": "it takes no build of {value}",
    "miss.sweep-threat": "afterwards {rank} could take the whole table",
    "miss.no-points": "it wins no points; the goal asks for {wanted}",
    "miss.points": "it wins {points} ({what}); the goal asks for {wanted}",
    "miss.points-item": "{what}: {points}",
    "miss.kind": "it is a {kind}",
    "miss.play": "it plays {card}",
    "miss.move": "that is not the move asked for",
    "miss.any-of": "it does none of these",
    "miss.not": "it does what the step asks you not to do ({goal})",
    # hints
    "hint.nudge": "The goal: {goal}.",
    "hint.capture": "Which card in your hand is worth as much as those table cards together?",
    "hint.most-cards": "Look for every group of table cards that adds up to one of your cards: "
                       "one card can take several groups at once.",
    "hint.sweep": "Can one of your cards take every card on the table, in groups of its value?",
    "hint.build": "A build of {value} needs {card} left in your hand to take it later.",
    "hint.take-build": "Which build is worth the same as a card in your hand?",
    "hint.no-sweep-left": "Before you play, add up what the table would hold afterwards.",
    "hint.points": "Aces, the 10♦ and the 2♠ score points, and so does a sweep.",
    "hint.card": "Play {card}.",
    "hint.cards": "Play {cards}.",
    "hint.move": "The move: {move}.",
    "hint.one-move": "One good move: {move}.",
    # feedback on a move
    "feedback.correct": "Well done: {move}.",
    "feedback.missed": "{move}: {why}. The goal: {goal}.",
    "feedback.bad-notation": "That is not a move I can read: {error}",
    # choose steps
    "choose.correct": "Right!",
    "choose.legal": "A legal move.",
    "choose.illegal": "Not legal: {why}",
    "choose.meets": "Legal, and it does what was asked: {goal}.",
    "choose.misses": "Legal, but not what was asked: {why}.",
    "choose.wrong-pick": "Not quite. {option}: {why}",
    "choose.missing": "Not quite: you missed {count} correct option(s).",
    # mistake steps
    "mistake.prompt": "Someone tried this move. What is wrong with it?",
    "mistake.correct": "Right. {explanation}",
    "mistake.wrong": "That is not the problem here. Look at the move again.",
    # puzzles
    "puzzle.title": "{set} #{number}",
    "puzzle.prompt": "Your goal: {goal}.",
    # the judge's reason codes, as short labels (mistake-step choices)
    "reason.legal": "Nothing: the move is legal",
    "reason.no-card": "No card is played from the hand",
    "reason.card-not-in-hand": "The card is not in the player's hand",
    "reason.not-on-table": "It uses a card that is not on the table",
    "reason.ambiguous": "It does not say which build",
    "reason.part-of-build": "It takes a card out of a build",
    "reason.card-used-twice": "A card is counted twice",
    "reason.capture-nothing": "It captures nothing",
    "reason.wrong-sum": "The cards do not add up",
    "reason.bad-capture-value": "The card cannot count that value",
    "reason.number-takes-court": "A number card cannot take a court card",
    "reason.court-by-sum": "A court card cannot take by adding up",
    "reason.court-takes-more-than-one": "A court card takes only one card of its rank",
    "reason.build-wrong-value": "The build is not worth the card's value",
    "reason.build-in-sum": "A build cannot be part of a sum",
    "reason.builds-off": "These rules have no building",
    "reason.court-cannot-build": "Court cards never build",
    "reason.build-no-table-cards": "A build needs cards from the table",
    "reason.build-without-played-card": "The played card is not part of the build",
    "reason.build-too-high": "No build can be worth that much",
    "reason.build-not-held": "No card is kept in hand to take the build",
    "reason.raise-multiple": "A multiple build cannot be raised",
    "reason.loose-changes-build": "Loose cards cannot change a build's value",
    "reason.two-builds": "Two builds cannot be merged",
    "reason.trail-with-table-cards": "A trail does not use table cards",
    "reason.trail-while-controlling": "A player who controls a build may not trail",
    "reason.leaves-build-uncovered": "It leaves a build with no card to take it",
    "reason.illegal": "It is against the rules",
}

# issue 12: the judge's explanations (their English comes from the engine's templates),
# card names, numbers
MESSAGES.update({f"judge.{key}": text for key, text in judge_words.TEMPLATES.items()})
MESSAGES.update({f"judge.word.{key}": text for key, text in judge_words.WORDS.items()})
MESSAGES.update({f"judge.value.{n}": text for n, text in judge_words.VALUE_WORDS.items()})
MESSAGES.update({
    "judge.build-name": "the {value}-build {build}",
    "number.decimal": ".",
    "suit.s": "spades",
    "suit.h": "hearts",
    "suit.d": "diamonds",
    "suit.c": "clubs",
})
MESSAGES.update({f"card.rank.{rank}": f"the {RANK_NAMES.get(rank, str(rank))}"
                 for rank in range(1, 14)})
MESSAGES["card.name"] = "{rank} of {suit}"
# the advice's phrases (their English comes from engine/advice_words.py)
MESSAGES.update({f"advice.{key}": text for key, text in advice_words.TEMPLATES.items()})
MESSAGES.update({
    "advice.semicolon": "; ",
    "advice.build-name": "the {value}-build ({cards})",
    "advice.percent": "{p}%",
})
MESSAGES.update({f"card.noun.{rank}": RANK_NAMES.get(rank, str(rank)) for rank in range(1, 14)})
