"""What a learner can do once a stage is finished: one sentence per concept.

A finished stage's recap (flows/lesson.py, `LessonController.recap`) says the sentences
of the concepts its tasks needed first (course/taught.py), so every stage gets one with
no author writing it. The keys are `recap.<concept>` for the concepts of
course/concepts.py and `recap.setting.<name>` for a setting a lesson teaches
(`target=11` and `target=hand` share `recap.setting.target`). Each sentence starts
"You can" or "You know" and uses the game's word for what it names, in bold, as the
Rules page's glossary does.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "learn.recap": "**What you can do now:** {sentences}",
    "recap.values": "You know what each card is worth: the ace 1, a number card its pips, "
                    "a court card nothing.",
    "recap.trail": "You can **trail**: lay a card from your hand on the table, taking "
                   "nothing with it.",
    "recap.pair": "You can take a table card of the same value as the card you play: "
                  "a **pair**.",
    "recap.sum": "You can take table cards that add up to the card you play: a **sum**.",
    "recap.several-groups": "You can take **several groups** at once with one card, "
                            "a pair and a sum together.",
    "recap.court-capture": "You can take a **court card** with one of the same rank: a jack "
                           "with a jack, a king with a king.",
    "recap.build": "You can **build**: put a card on table cards to make a value you hold, "
                   "and take it on a later turn.",
    "recap.take-build": "You can take a **build** with a card of its value.",
    "recap.raise": "You can **raise** a build: add a card to make it worth more.",
    "recap.multiple-build": "You can make a **multiple build**: several groups of one value "
                            "in one pile.",
    "recap.add-to-build": "You can add a group of the same value to a build, to make it "
                          "a multiple build.",
    "recap.controller": "You know the **controller**'s duty: while you control a build, "
                        "you may not trail.",
    "recap.sweep": "You can make a **sweep**: take every card on the table, for a point.",
    "recap.last-cards": "You know who takes the cards left on the table at the end of "
                        "the hand: the last to capture.",
    "recap.scoring": "You can count a hand's points: most cards, most spades, the two "
                     "casinos, the aces and the sweeps.",
    "recap.deal": "You can **deal**: which cards go to each player and to the table, "
                  "and when.",
    "recap.game-end": "You know when the game ends and who wins it.",
    "recap.strategy": "You can choose between good moves: keep the cards that score, and "
                      "leave your opponent little to take.",
    "recap.mistakes": "You can spot a move the rules do not allow, and say which rule it "
                      "breaks.",
    "recap.setting.face_values": "You can play Royal Cassino: the jack counts 11, the queen "
                                 "12 and the king 13.",
    "recap.setting.ace_high": "You can count an ace as 14 when it captures, where that house "
                              "rule is on.",
    "recap.setting.deal": "You can deal the cards one at a time instead of in twos.",
    "recap.setting.controller_trail": "You know when a player who controls a build may "
                                      "still trail.",
    "recap.setting.keep_capture_card": "You know the house rule where a controller need not "
                                       "keep a card to take each build.",
    "recap.setting.last_play_sweep": "You know the house rule where a capture with the last "
                                     "card of the hand is no sweep.",
    "recap.setting.scoring": "You can count the points of Spade Casino, where every spade "
                             "scores.",
    "recap.setting.target": "You can play to another target: 11, 21, 31 or 61 points, or "
                            "a single hand.",
    "recap.setting.tie_break": "You know how a tie at the target is settled by counting out "
                               "the points in order.",
    "recap.setting.build_in_sums": "You know the house rule where a single build counts as "
                                   "one card of its value in a sum.",
    "recap.setting.face_capture": "You know the house rule where a court card takes every "
                                  "loose card of its rank at once.",
    "recap.setting.aces_like_faces": "You know the house rule where an ace takes only a "
                                     "single ace, like a court card.",
    "recap.setting.sweeps": "You can play without points for sweeps.",
    "recap.setting.sweep_points": "You know the house rule where each sweep scores 2 points.",
    "recap.setting.builds": "You can play without builds: every turn is a capture or a trail.",
    "recap.setting.draw": "You can play Draw Casino: draw a card from the stock after every "
                          "play.",
}
