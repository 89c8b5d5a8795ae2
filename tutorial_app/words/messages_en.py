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
    # moves: one whole entry per kind of move and per grammar the sentence around it
    # needs (words.move's `form`): a clause, an instruction ("do"), a name ("noun")
    "move.capture": "{card} takes {groups}",
    "move.capture-14": "{card} (as 14) takes {groups}",
    "move.build": "{card} builds {value}",
    "move.build-with": "{card} builds {value} with {cards}",
    "move.raise": "{card} raises the {old}-build ({build}) to {value}",
    "move.raise-with": "{card} raises the {old}-build ({build}) to {value} with {cards}",
    "move.add": "{card} adds to the {value}-build ({build})",
    "move.add-with": "{card} and {cards} add to the {value}-build ({build})",
    "move.trail": "{card} trails",
    "move.do.capture": "take {groups} with {card}",
    "move.do.capture-14": "take {groups} with {card}, counting it 14",
    "move.do.build": "build {value} with {card}",
    "move.do.build-with": "build {value} with {card} and {cards}",
    "move.do.raise": "raise the {old}-build ({build}) to {value} with {card}",
    "move.do.raise-with": "raise the {old}-build ({build}) to {value} with {card} and {cards}",
    "move.do.add": "add {card} to the {value}-build ({build})",
    "move.do.add-with": "add {card} and {cards} to the {value}-build ({build})",
    "move.do.trail": "trail {card}",
    "move.noun.capture": "taking {groups} with {card}",
    "move.noun.capture-14": "taking {groups} with {card} counting 14",
    "move.noun.build": "building {value} with {card}",
    "move.noun.build-with": "building {value} with {card} and {cards}",
    "move.noun.raise": "raising the {old}-build ({build}) to {value} with {card}",
    "move.noun.raise-with": "raising the {old}-build ({build}) to {value} with {card} and "
                            "{cards}",
    "move.noun.add": "adding {card} to the {value}-build ({build})",
    "move.noun.add-with": "adding {card} and {cards} to the {value}-build ({build})",
    "move.noun.trail": "trailing {card}",
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
    "goal.not": "do not {goal}",
    # why a legal move misses a goal (clauses)
    "miss.any": "that is not the move asked for",
    "miss.takes-nothing": "it takes nothing",
    "miss.leaves": "it leaves {items} on the table",
    "miss.also-takes": "it also takes {items}",
    "miss.most-cards": "it takes {taken}, but {card} could take {best}",
    "miss.most-cards-none": "it takes no table card, but {card} could take {best}",
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
    "feedback.bad-notation": "That is not a move I can read. {error}",
    # choose steps
    "choose.correct": "Right!",
    "choose.legal": "That move is legal.",
    "choose.illegal": "Not legal: {why}",
    "choose.meets": "Legal, and it does what was asked: {goal}.",
    "choose.misses": "Legal, but not what was asked: {why}.",
    "count.choose-missed.one": "Not quite: you left out {n} correct option.",
    "count.choose-missed.other": "Not quite: you left out {n} correct options.",
    # mistake steps
    "mistake.prompt": "Someone tried this move. What is wrong with it?",
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
    "mistake.wrong-because": "Not that. {why} Look at the move again.",
    "mistake.not.first": "The rules find another problem with this move first ({move}).",
    "mistake.not.kind.capture.build": "The move is a capture, not a build.",
    "mistake.not.kind.capture.trail": "The move is a capture, not a trail.",
    "mistake.not.kind.build.capture": "The move is a build, not a capture.",
    "mistake.not.kind.build.trail": "The move is a build, not a trail.",
    "mistake.not.kind.trail.capture": "The move is a trail, not a capture.",
    "mistake.not.kind.trail.build": "The move is a trail, not a build.",
    "mistake.not.no-card": "A card is played from the hand: {card}.",
    "mistake.not.card-not-in-hand": "{card} is in the player's hand ({hand}).",
    "mistake.not.not-on-table": "Every card and build the move names is on the table.",
    "mistake.not.ambiguous": "The move says exactly which cards and builds it uses.",
    "mistake.not.part-of-build": "The move takes no card out of a build.",
    "mistake.not.card-used-twice": "No card appears twice in the move.",
    "mistake.not.capture-nothing": "The capture names what it takes: {items}.",
    "mistake.not.wrong-sum-trail": "A trail adds nothing up.",
    "mistake.not.wrong-sum": "Each group adds up to {value}, the value of {card}: the sums are "
                             "right.",
    "mistake.not.bad-capture-value": "The move does not ask the card to count a special value.",
    "mistake.not.played-court": "{card} is a court card itself.",
    "mistake.not.played-number": "{card} is a number card, not a court card.",
    "mistake.not.number-takes-court": "None of the cards it takes is a court card.",
    "mistake.not.no-build-taken": "The move takes no build.",
    "mistake.not.builds-off": "Building is allowed with these rules.",
    "mistake.not.court-cannot-build": "No court card is part of the build.",
    "mistake.not.build-no-table-cards": "The build uses cards from the table.",
    "mistake.not.build-without-played-card": "The played card is part of the build.",
    "mistake.not.build-too-high": "{value} is not over the highest build, {top}.",
    "mistake.not.build-not-held": "After playing {card} the player still holds {held}, a card "
                                  "of {value}, to take the build.",
    "mistake.not.raise-multiple": "No multiple build is raised here.",
    "mistake.not.loose-changes-build": "The move changes no existing build.",
    "mistake.not.two-builds": "The move touches at most one build.",
    "mistake.not.trail-with-table-cards": "The trail uses no table cards.",
    "mistake.not.trail-while-controlling": "The player controls no build.",
    "mistake.not.legal": "The move is not legal.",
    "mistake.hint.look": "Look at the move step by step ({move}): the card played, what it "
                         "takes or builds, and what it is worth.",
    "mistake.hint.not": "It is not \"{label}\". {why}",
    "mistake.hint.rule": "Read the rule at stake on the Rules page (rule {rule}).",
    "choose.hint.legal": "Check each move against the rules: is the card's value right for "
                         "what it takes or builds?",
    "choose.hint.illegal": "Look for the moves the rules forbid: a wrong sum, a court card "
                           "taken by a number, a build nobody can take.",
    "choose.hint.goal": "Check each move: is it legal, and does it do what was asked?",
    "count.choose-correct.one": "{n} of the options is correct.",
    "count.choose-correct.other": "{n} of the options are correct.",
    "choose.hint.one": "One correct option: {option}.",
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
for _key, (_one, _other) in advice_words.PLURALS.items():
    MESSAGES[f"count.advice-{_key}.one"] = _one
    MESSAGES[f"count.advice-{_key}.other"] = _other
MESSAGES.update({
    "advice.build-name": "the {value}-build ({cards})",
    "advice.percent": "{p}%",
})
MESSAGES.update({f"card.noun.{rank}": RANK_NAMES.get(rank, str(rank)) for rank in range(1, 14)})
# why a position cannot occur (engine Position.issues' codes) and why a text is not
# notation (engine NotationError's codes): the engine gives codes and facts, these words
MESSAGES.update({
    "position.players": "A game has 2, 3 or 4 players, not {players}.",
    "position.seat": "Seat {seat} does not exist with {players} players.",
    "position.hand-seat": "Hand {seat} is not another player's seat.",
    "position.uncovered": "Seat {seat} controls a build of {values} but holds no card to take "
                          "it (7.1).",
    "position.builds-off": "There are builds on the table, but these rules have no building.",
    "position.build-short": "The {value}-build ({cards}) has fewer than two cards: a build has "
                            "at least two.",
    "position.build-seat": "The {value}-build ({cards}) belongs to seat {seat}, which is not "
                           "at the table.",
    "position.build-court": "The {value}-build ({cards}) holds a court card: court cards have "
                            "no value in these rules and never build (1.3).",
    "position.build-too-high": "The {value}-build ({cards}) is worth too much: no build is "
                               "worth more than {top}.",
    "position.build-split": "The {value}-build ({cards}) cannot be made: its cards add up to "
                            "{total}, which does not split into groups of {value}.",
    "position.twice.table-table": "{card} is on the table twice.",
    "position.twice.table-hand": "{card} is both on the table and in the hand.",
    "position.twice.table-other": "{card} is both on the table and in hand {other}.",
    "position.twice.hand-hand": "{card} is in the hand twice.",
    "position.twice.hand-other": "{card} is both in the hand and in hand {other}.",
    "position.twice.other-other": "{card} is in hand {seat} and in hand {other}.",
    "notation.card": "“{text}” is not a card: write a rank (A, 2-10, J, Q, K) and a suit (s, h, "
                     "d, c), such as As, 10d, Kh.",
    "notation.move-open": "A “[” is never closed in “{text}”.",
    "notation.move-close": "A “]” closes nothing in “{text}”.",
    "notation.move-too-long": "That move is too long: notation is at most {limit} characters.",
    "notation.not-a-move": "“{text}” is not a move: write CARD x GROUPS, CARD bV CARDS or CARD "
                           "t (such as 8s x 6c+2d, 3d b8 5c, 5c t).",
    "notation.move-action": "In “{text}”, after the card write x (capture), bV (build V) or t "
                            "(trail), not “{token}”.",
    "notation.move-trail": "“{text}”: a trail is just the card and t, such as 5c t.",
    "notation.move-build-value": "“{text}”: a build says its value, such as b8.",
    "notation.move-number": "The number in “{text}” is not a whole number notation can hold.",
    "notation.move-card": "In “{text}”, “{token}” is not a card: write a rank and a suit, such "
                          "as As, 10d, Kh.",
    "notation.move-empty-build": "In “{text}”, the build “{token}” names no cards.",
    "notation.build": "“{text}” is not a build: write [VALUE: CARDS @SEAT], such as [8: 5h 3s "
                      "@1].",
    "notation.table-close": "A “]” closes nothing in the table “{text}”.",
    "notation.position-field": "“{text}” in the position: fields are written key: value.",
    "notation.position-twice": "The field “{field}” appears twice in the position.",
    "notation.position-unknown": "The position has an unknown field “{field}”; the fields are "
                                 "table, hand, seat, players, rules, last, hand N.",
    "notation.position-no-table": "The position has no table: field.",
    "notation.position-cards": "The position has {count} cards: a position holds at most "
                               "{limit}, one pack.",
    "notation.too-long": "The text is too long: notation is at most {limit} characters.",
    "notation.digits": "A number has too many digits: numbers in notation have at most "
                       "{limit}.",
    "notation.number": "“{text}” is not a whole number.",
    "notation.unknown": "That is not notation I can read.",
    "notation.rules-setting": "“{name}” is not a rules setting; the settings are {known}.",
    "notation.rules-value": "The setting {setting} cannot be “{value}”: choose {choices}.",
    "notation.rules-word": "“{word}” in the rules “{text}”: settings are written key=value.",
    "notation.rules-preset": "“{name}” is not a rules preset; the presets are {known}.",
    "notation.rules-ace-high": "“Aces high” needs the court card values J 11, Q 12, K 13: an "
                               "ace counts 14 only where a king counts 13 (rule 1.5).",
    "error.too-much-work": "This table has too many possible moves to work out here.",
    "error.refused": "The rules do not allow that in this position.",
})
# the rules in words: presets, settings and their values as a learner reads them (the
# notation `royal ace_high=true` stays in the Sandbox's notation box and the CLI)
MESSAGES.update({
    "rules.preset-name.classic": "Classic",
    "rules.preset-name.royal": "Royal Cassino",
    "rules.preset-name.royal-aces-high": "Royal Cassino, aces high",
    "rules.preset-name.no-builds": "No building",
    "rules.preset-name.spade": "Spade Casino",
    "rules.preset-name.draw": "Draw Casino",
    "rules.setting-name.face_values": "Court card values",
    "rules.setting-name.ace_high": "Aces high",
    "rules.setting-name.deal": "Dealing",
    "rules.setting-name.build_in_sums": "Builds in sums",
    "rules.setting-name.face_capture": "Court card captures",
    "rules.setting-name.aces_like_faces": "Aces like court cards",
    "rules.setting-name.controller_trail": "Trailing while controlling a build",
    "rules.setting-name.keep_capture_card": "The controller's duty",
    "rules.setting-name.sweeps": "Sweeps",
    "rules.setting-name.sweep_points": "Points for a sweep",
    "rules.setting-name.last_play_sweep": "Sweep with the last card",
    "rules.setting-name.scoring": "Scoring",
    "rules.setting-name.target": "Game to",
    "rules.setting-name.tie_break": "Tie break",
    "rules.setting-name.builds": "Building",
    "rules.setting-name.draw": "Drawing",
    "rules.value.face_values.classic": "no value (classic)",
    "rules.value.face_values.royal": "J 11, Q 12, K 13 (royal)",
    "rules.value.deal.twos": "in twos",
    "rules.value.deal.ones": "one at a time",
    "rules.value.face_capture.one": "one card of its rank",
    "rules.value.face_capture.all": "every card of its rank",
    "rules.value.controller_trail.never": "never",
    "rules.value.controller_trail.if_stuck": "only with no other move",
    "rules.value.controller_trail.always": "always",
    "rules.value.scoring.classic": "classic",
    "rules.value.scoring.spades": "every spade scores",
    "rules.value.target.hand": "one hand",
    "rules.value.tie_break.higher_total": "the higher total wins",
    "rules.value.tie_break.count_out": "count out",
    "rules.value.on": "on",
    "rules.value.off": "off",
    "rules.value.true": "yes",
    "rules.value.false": "no",
    "rules.words": "{preset}; {changes}",
    "rules.change": "{setting}: {value}",
    "rules.preset-choice": "{name} — {meaning}",
})
