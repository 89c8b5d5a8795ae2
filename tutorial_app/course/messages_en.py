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
    # feedback chosen by what was tried; quiz steps that teach
    "feedback.joined": "{judge} {advice}",
    "mistake.wrong-because": "Not that: {why} Look at the move again.",
    "mistake.not.first": "the rules find another problem with {move} before that one.",
    "mistake.kind.capture": "a capture",
    "mistake.kind.build": "a build",
    "mistake.kind.trail": "a trail",
    "mistake.not.kind": "the move is {move}, not {kind}.",
    "mistake.not.no-card": "a card is played from the hand: {card}.",
    "mistake.not.card-not-in-hand": "{card} is in the player's hand ({hand}).",
    "mistake.not.not-on-table": "every card and build the move names is on the table.",
    "mistake.not.ambiguous": "the move says exactly which cards and builds it uses.",
    "mistake.not.part-of-build": "the move takes no card out of a build.",
    "mistake.not.card-used-twice": "no card appears twice in the move.",
    "mistake.not.capture-nothing": "the capture names what it takes: {items}.",
    "mistake.not.wrong-sum-trail": "a trail adds nothing up.",
    "mistake.not.wrong-sum": "each group adds up to {value}, the value of {card}: the sums are "
                             "right.",
    "mistake.not.bad-capture-value": "the move does not ask the card to count a special value.",
    "mistake.not.played-court": "{card} is a court card itself.",
    "mistake.not.played-number": "{card} is a number card, not a court card.",
    "mistake.not.number-takes-court": "none of the cards it takes is a court card.",
    "mistake.not.no-build-taken": "the move takes no build.",
    "mistake.not.builds-off": "building is allowed with these rules.",
    "mistake.not.court-cannot-build": "no court card is part of the build.",
    "mistake.not.build-no-table-cards": "the build uses cards from the table.",
    "mistake.not.build-without-played-card": "the played card is part of the build.",
    "mistake.not.build-too-high": "{value} is not over the highest build, {top}.",
    "mistake.not.build-not-held": "after playing {card} the player still holds {held}, a card "
                                  "of {value}, to take the build.",
    "mistake.not.raise-multiple": "no multiple build is raised here.",
    "mistake.not.loose-changes-build": "the move changes no existing build.",
    "mistake.not.two-builds": "the move touches at most one build.",
    "mistake.not.trail-with-table-cards": "the trail uses no table cards.",
    "mistake.not.trail-while-controlling": "the player controls no build.",
    "mistake.not.legal": "the move is not legal.",
    "mistake.hint.look": "Look at {move} step by step: the card played, what it takes or "
                         "builds, and what it is worth.",
    "mistake.hint.not": "It is not \"{label}\": {why}",
    "mistake.hint.rule": "Read the rule at stake on the Rules page (rule {rule}).",
    "choose.hint.legal": "Check each move against the rules: is the card's value right for "
                         "what it takes or builds?",
    "choose.hint.illegal": "Look for the moves the rules forbid: a wrong sum, a court card "
                           "taken by a number, a build nobody can take.",
    "choose.hint.goal": "Check each move: is it legal, and does it do what was asked?",
    "choose.hint.count": "{count} of the options are correct.",
    "choose.hint.one": "One correct option: {option}.",
    "choose.wrong-picks": "Not quite. {wrong}",
    "choose.missed-one": "You left out {option}: {why}",
    "choose.picked-wrong": "{option}: {why}",
    # puzzle themes' readable names, descriptions and generated texts
    "theme.pairing.name": 'Pairs',
    "theme.pairing.description": 'A card takes a loose card of the same value.',
    "theme.pairing.nudge": 'Which table card has the same value as one of yours?',
    "theme.pairing.success": 'A clean pair.',
    "theme.sum.name": 'Sums',
    "theme.sum.description": 'Two or more loose cards that add up to your card are taken together.',
    "theme.sum.nudge": 'Look for table cards that add up to one of your cards.',
    "theme.sum.success": 'The sum adds up.',
    "theme.multiple-capture.name": 'Several groups',
    "theme.multiple-capture.description": 'One card takes every group of its value at once.',
    "theme.multiple-capture.nudge": ("Count every group of table cards that makes your card's "
        "value."),
    "theme.multiple-capture.success": 'Every group at once.',
    "theme.court-cards.name": 'Court cards',
    "theme.court-cards.description": 'Jacks, queens and kings take only a card of their own rank.',
    "theme.court-cards.nudge": 'A court card takes only a card of its own rank.',
    "theme.court-cards.success": 'The court card found its match.',
    "theme.build.name": 'Making a build',
    "theme.build.description": 'Put a card on table cards to take the pile on a later turn.',
    "theme.build.nudge": 'Which of your cards, with table cards, makes a value you still hold?',
    "theme.build.success": 'A build, with the card to take it kept in hand.',
    "theme.raise.name": 'Raising a build',
    "theme.raise.description": 'Add a card to a single build to make it worth more.',
    "theme.raise.nudge": 'Which card would raise a build to a value you hold?',
    "theme.raise.success": 'The build is raised, and it is yours now.',
    "theme.multiple-build.name": 'Multiple builds',
    "theme.multiple-build.description": 'A build of two or more groups of the same value.',
    "theme.multiple-build.nudge": 'Can you make a second group of the same value?',
    "theme.multiple-build.success": 'A multiple build: one card takes it all later.',
    "theme.take-build.name": 'Taking builds',
    "theme.take-build.description": "A card of a build's value takes the whole build.",
    "theme.take-build.nudge": 'Which build matches one of your cards, and what else goes with it?',
    "theme.take-build.success": 'The build is yours.',
    "theme.controller.name": "The controller's duty",
    "theme.controller.description": ('Who controls a build may not trail and must keep a card to '
        'take it.'),
    "theme.controller.nudge": 'You control a build: what may you do, and what must you keep?',
    "theme.controller.success": 'You kept your duty as the controller.',
    "theme.sweep.name": 'Sweeps',
    "theme.sweep.description": 'Clear the whole table in one capture for a point.',
    "theme.sweep.nudge": 'Can one card take everything on the table?',
    "theme.sweep.success": 'A sweep!',
    "theme.mistake.name": 'Spot the mistake',
    "theme.mistake.description": 'Say what is wrong with a move the rules forbid.',
    "theme.mistake.nudge": 'Which rule does the move break?',
    "theme.mistake.success": 'You spotted it.',
    "theme.endgame.name": 'The end of the hand',
    "theme.endgame.description": 'The last capture takes the cards left; the last play may sweep.',
    "theme.endgame.nudge": 'It is the last play of the hand: what happens to the cards left?',
    "theme.endgame.success": 'The last cards are yours.',
    "theme.scoring.name": 'Points',
    "theme.scoring.description": 'Aces, the casinos and sweeps score: take the points.',
    "theme.scoring.nudge": 'Which cards on the table score points?',
    "theme.scoring.success": 'Points in your pile.',
    "theme.strategy.name": 'Safe play',
    "theme.strategy.description": 'Leave no table that one card could sweep.',
    "theme.strategy.nudge": 'After your play, could one card take the whole table?',
    "theme.strategy.success": 'Nothing left to sweep.',
    "theme.royal.name": 'Royal values',
    "theme.royal.description": 'J 11, Q 12, K 13: court cards add up like numbers.',
    "theme.royal.nudge": 'Court cards count 11, 12 and 13 here.',
    "theme.royal.success": 'Royal arithmetic.',
    "theme.variant.name": 'Other rules',
    "theme.variant.description": 'The same table under another setting: the setting decides.',
    "theme.variant.nudge": ('Read the rules named with the position: which setting '
        'changes the answer?'),
    "theme.variant.success": 'The setting decided it.',
    "theme.add-to-build.name": 'Adding to a build',
    "theme.add-to-build.description": ("Put a new group of the build's value on a build, keeping "
        "its value."),
    "theme.add-to-build.nudge": ("Can you make a group of the build's value and add it to the "
        "build?"),
    "theme.add-to-build.success": 'One more group in the build, and its value is the same.',
    "theme.ace-high.name": 'Aces high',
    "theme.ace-high.description": 'With aces high, an ace you play may count 14.',
    "theme.ace-high.nudge": 'An ace from your hand may count 1 or 14.',
    "theme.ace-high.success": 'The ace counted 14.',
    # what the generator writes into a puzzle file: a points goal's prompt (the card
    # played and a sweep count), and replies to a miss that speak of the try itself
    "puzzle.prompt-points": "Your goal: win at least {points} with this play. The card you "
                            "play counts too, and so does a sweep.",
    "puzzle.missed-trail": "{played} is laid down alone and takes nothing. Which of your "
                           "cards takes the most table cards?",
    "puzzle.missed-capture": "{played} takes {chosen}, but another capture takes more table "
                             "cards.",
    "puzzle.missed-build": "A build with {played} takes no table cards now. Which of your "
                           "cards takes the most?",
    # the no-builds recipe's own words: building off only takes moves away, so the
    # theme's "the setting decided it" would not be true of its puzzles
    "recipe.no-builds.nudge": "No building in these rules: every play is a capture or a trail. "
                              "Which one leaves no sweep?",
    "recipe.no-builds.success": "A safe play, with captures and trails only.",
    # aces like faces and sweeps off change which moves solve a puzzle, but a move that
    # solves it may solve it under the classic rules too: no claim that the setting decided
    "recipe.aces-like-faces.nudge": "With these rules an ace takes a single ace, like a court "
                                    "card: what does each of your cards take?",
    "recipe.aces-like-faces.success": "Counted with an ace that takes a single ace.",
    "recipe.sweeps-off.nudge": "Sweeps score nothing with these rules: count only the cards "
                               "that score.",
    "recipe.sweeps-off.success": "Counted without sweep points.",
    "quiz.wrong": "Not that one. Count again and pick another.",
}

# the judge's explanations (their English comes from the engine's templates),
# card names, numbers
MESSAGES.update({f"judge.{key}": text for key, text in judge_words.TEMPLATES.items()})
MESSAGES.update({f"judge.word.{key}": text for key, text in judge_words.WORDS.items()})
MESSAGES.update({f"judge.value.{n}": text for n, text in judge_words.VALUE_WORDS.items()})
MESSAGES.update({
    "judge.build-name": "the {value}-build {build}",
    "judge.build-short": "the {value}-build",
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
