"""The English words of the Practice page and the teacher's class skill map
(flows/practice.py), part of the app's catalogue
(words/i18n.py finds every messages_*.py module).

A skill is named as a title in quotes inside a sentence ("This week you have made 3
wrong tries on “Sums”"), so the sentence never has to agree with the skill's word in
gender or number in any language.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "nav.practice": "Practice",
    "practice.title": "Practice",
    "practice.intro": "A short set for today, chosen from your own tries: reviews before you "
                      "forget, your weakest skill, then one step further.",
    "practice.empty": "Nothing to practise: the course has no tasks.",
    "practice.next_lesson": "Your first set comes with the first scored exercises. Go on "
                            "with your next lesson: “{title}”.",
    "practice.open_lesson": "Open the lesson",
    "count.practice-done.one": "Done for today: you solved {n} task. Come back tomorrow "
                               "for a new set.",
    "count.practice-done.other": "Done for today: you solved {n} tasks. Come back "
                                 "tomorrow for a new set.",
    "practice.more": "More practice",
    "practice.more_help": "Today's set is done; these are more tasks, if you want them.",
    "practice.set": "Today's set",
    "practice.open": "Open this task",
    "practice.task_puzzle": "Puzzle: {title}",
    "practice.task_step": "{title}, exercise {n}",
    "count.practice-review.one": "Due for review: you last did this {n} day ago, and a "
                                 "review now keeps “{skill}” fresh.",
    "count.practice-review.other": "Due for review: you last did this {n} days ago, and a "
                                   "review now keeps “{skill}” fresh.",
    "count.practice-missed.one": "This week you have made {n} wrong try on “{skill}”.",
    "count.practice-missed.other": "This week you have made {n} wrong tries on “{skill}”.",
    "practice.why.learning": "You are still learning “{skill}”: this task practises it.",
    "practice.why.new": "Something new: a first task on “{skill}”.",
    "practice.why.new_more": "More on “{skill}”, which is new to you.",
    "practice.why.harder": "One step further: a harder task with “{skill}”.",
    "practice.why.next": "Next in your course: a new task with “{skill}”.",
    "practice.map": "Your skills",
    "practice.map_intro": "Mastered: the tries say you know it. Learning: not sure yet. "
                          "Due: a task on it is due for review.",
    "practice.col.skill": "Skill",
    "practice.col.state": "State",
    "practice.col.known": "Chance you know it",
    "practice.col.learner": "Learner",
    "practice.state.mastered": "Mastered",
    "practice.state.learning": "Learning",
    "practice.state.unseen": "Not seen",
    "practice.state.due": "Due for review",
    "practice.skill.pairing": "Pairing",
    "practice.skill.sums": "Sums",
    "practice.skill.several-groups": "Several groups",
    "practice.skill.court-cards": "Court cards",
    "practice.skill.building": "Building",
    "practice.skill.raising": "Raising a build",
    "practice.skill.multiple-builds": "Multiple builds",
    "practice.skill.taking-builds": "Taking builds",
    "practice.skill.controller": "The controller's duty",
    "practice.skill.sweeps": "Sweeps",
    "practice.skill.last-cards": "The last cards",
    "practice.skill.scoring": "Scoring",
    "practice.skill.setting.face_values": "Rule: court cards' values",
    "practice.skill.setting.ace_high": "Rule: an ace counting 14",
    "practice.skill.setting.deal": "Rule: how the cards are dealt",
    "practice.skill.setting.build_in_sums": "Rule: builds inside sums",
    "practice.skill.setting.face_capture": "Rule: what a court card takes",
    "practice.skill.setting.aces_like_faces": "Rule: aces like court cards",
    "practice.skill.setting.controller_trail": "Rule: trailing while controlling a build",
    "practice.skill.setting.keep_capture_card": "Rule: keeping the capturing card",
    "practice.skill.setting.sweeps": "Rule: sweeps on or off",
    "practice.skill.setting.sweep_points": "Rule: points for a sweep",
    "practice.skill.setting.last_play_sweep": "Rule: a sweep on the last play",
    "practice.skill.setting.scoring": "Rule: how points are scored",
    "practice.skill.setting.target": "Rule: points to win",
    "practice.skill.setting.tie_break": "Rule: breaking a tie",
    "practice.skill.setting.builds": "Rule: playing without builds",
    "practice.skill.setting.draw": "Rule: drawing from the stock",
    "practice.class_map": "Skill map of the class",
    "practice.class_intro": "Each learner's skills as their tries show them: mastered, "
                            "learning, or not seen yet.",
    "practice.show_map": "Show the map (it names the learners: not on the projector)",
    "practice.common": "Why the class's tries went wrong this week",
    "practice.common_none": "No wrong tries this week.",
    "count.practice-reason.one": "“{reason}”: {n} wrong try this week",
    "count.practice-reason.other": "“{reason}”: {n} wrong tries this week",
    "practice.example_position": "The example's position",
    "practice.after_course": "The course is done. Practice brings back what you are about to "
                             "forget, and what you have not mastered yet.",
    "practice.example": "{name} played {move} in “{task}”",
    "practice.reason_missed": "A legal move that misses the goal",
    "practice.reason_wrong_pick": "A wrong answer to a question",
    "practice.weak": "Weakest skills of the class",
    "practice.weak_none": "No skill is being learned yet: the class has not tried enough.",
    "practice.assign": "Assign practice on “{skill}” as homework",
    "count.practice-assign-some.one": "Only to the {n} learner still learning “{skill}”",
    "count.practice-assign-some.other": "Only to the {n} learners still learning “{skill}”",
    "practice.assigned": "Homework set: “{title}”.",
    "practice.homework_title": "Practice: {skill}",
}
